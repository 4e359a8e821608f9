//! `--lang zh` everywhere a figure speaks: the captions of `--queens`, every file of `--all` and
//! `--unique` (each the still of `--solution i`), the sheet's title, the degrees legend, the web
//! page's controls and `lang`; and Chinese captions never smaller than 12 pixels of ink.

use crate::common::{decode_png, ok, tempdir};

/// The text nodes of TikZ source (text is set as text there, unlike the outlines of SVG).
fn tikz_text(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn captions_titles_and_legends_are_chinese() {
    let dir = tempdir();
    let at = |name: &str| dir.path().join(name);
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let cases: Vec<(Vec<String>, std::path::PathBuf, &str, &str)> = vec![
        (
            vec!["queens".into(), "--queens".into(), "1.3.5".into()],
            at("q.tex"),
            "3 个皇后，3 对互相攻击",
            "attacking",
        ),
        (
            vec!["queens".into(), "--queens".into(), "15863724".into()],
            at("q1.tex"),
            "第 1 组解，共 92 组",
            "Solution",
        ),
        (
            vec![
                "queens".into(),
                "--sheet".into(),
                s(&at("sheet.tex")),
                "--unique".into(),
            ],
            at("sheet.tex"),
            "8 皇后问题的 12 组基本解（共 92 组）",
            "fundamental",
        ),
        (
            vec!["knight".into(), "--show".into(), "degrees".into()],
            at("deg.tex"),
            "每格可走的马步数",
            "knight moves",
        ),
    ];
    for (args, file, chinese, english) in cases {
        let mut all: Vec<String> = args.clone();
        all.extend(["--lang".into(), "zh".into()]);
        if !args.iter().any(|a| a == "--sheet") {
            // A whole document keeps the built-in caption that a picture to \input leaves out.
            all.extend(["--standalone".into(), "-o".into(), s(&file)]);
        }
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        ok(&refs);
        let text = tikz_text(&file);
        assert!(text.contains(chinese), "{args:?}: no \"{chinese}\"");
        assert!(
            !text.contains(english),
            "{args:?}: \"{english}\" left in English"
        );
    }
}

#[test]
fn every_file_of_all_and_unique_is_the_chinese_still_of_its_solution() {
    let dir = tempdir();
    for (unique, count) in [(false, 92), (true, 12)] {
        let folder = dir.path().join(if unique { "unique" } else { "all" });
        let mut args = vec!["queens", "--all", "--lang", "zh", "--cell", "24", "-o"];
        args.push(folder.to_str().unwrap());
        if unique {
            args.push("--unique");
        }
        ok(&args);
        let stem = if unique { "unique" } else { "solution" };
        for i in (1..=count).step_by(if unique { 1 } else { 13 }) {
            let file = folder.join(format!("{stem}-{i:02}.png"));
            let one = dir.path().join(format!("{stem}-{i}.png"));
            let n = i.to_string();
            let mut single = vec!["queens", "--solution", &n, "--lang", "zh", "--cell", "24"];
            if unique {
                single.push("--unique");
            }
            single.extend(["-o", one.to_str().unwrap()]);
            ok(&single);
            assert!(
                decode_png(&file) == decode_png(&one),
                "{} differs from --solution {i}",
                file.display()
            );
        }
        // And the file's caption is the Chinese one: its TikZ twin says it in words.
        let tex = dir.path().join(format!("{stem}-tex"));
        let mut args = vec!["queens", "--all", "--lang", "zh", "--format", "tex"];
        // Whole documents, which keep the built-in caption.
        args.extend(["--standalone", "-o"]);
        args.push(tex.to_str().unwrap());
        if unique {
            args.push("--unique");
        }
        ok(&args);
        let text = tikz_text(&tex.join(format!("{stem}-03.tex")));
        let words = if unique {
            "第 3 组基本解，共 12 组"
        } else {
            "第 3 组解，共 92 组"
        };
        assert!(text.contains(words), "{stem}-03.tex: no \"{words}\"");
    }
}

/// The rows of the caption band (below the board and its labels) that hold ink: the caption's
/// height in pixels.
fn caption_ink_rows(img: &image::RgbImage, from_y: u32) -> u32 {
    let bg = img.get_pixel(0, img.height() - 1).0;
    let inked = |y: u32| {
        (0..img.width()).any(|x| {
            let p = img.get_pixel(x, y).0;
            p.iter()
                .zip(bg)
                .map(|(a, b)| a.abs_diff(b) as u32)
                .sum::<u32>()
                > 120
        })
    };
    let rows: Vec<u32> = (from_y..img.height()).filter(|&y| inked(y)).collect();
    match (rows.first(), rows.last()) {
        (Some(a), Some(b)) => b - a + 1,
        _ => 0,
    }
}

#[test]
fn chinese_captions_stay_legible_at_small_cells() {
    let dir = tempdir();
    for cell in [16u32, 24] {
        let zh = dir.path().join(format!("zh{cell}.png"));
        let en = dir.path().join(format!("en{cell}.png"));
        let c = cell.to_string();
        let base = ["queens", "--solution", "3", "--cell", &c];
        ok(&[&base[..], &["--lang", "zh", "-o", zh.to_str().unwrap()]].concat());
        ok(&[&base[..], &["-o", en.to_str().unwrap()]].concat());
        let (zh, en) = (decode_png(&zh), decode_png(&en));
        // The band grew for the larger Chinese caption...
        assert!(zh.height() >= en.height(), "cell {cell}");
        // ...whose characters are at least 12 pixels of ink (the board, margin and labels end at
        // 2 margins + 8 cells).
        let margin = (cell / 2).max(16);
        let band = 2 * margin + 8 * cell;
        let h = caption_ink_rows(&zh, band);
        assert!(h >= 12, "cell {cell}: a Chinese caption {h} px high");
        assert!(
            h < zh.height() - band,
            "cell {cell}: the caption fits its band"
        );
    }
}

#[test]
fn the_players_controls_speak_chinese() {
    let dir = tempdir();
    let page = dir.path().join("p.html");
    ok(&[
        "queens",
        "-n",
        "4",
        "--lang",
        "zh",
        "-o",
        page.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<html lang=\"zh-Hans\">"));
    for words in [
        "播放或暂停",
        "上一步",
        "下一步",
        "速度",
        "data-step=\"第 {0}/{1} 步\" id",
    ] {
        assert!(html.contains(words), "no {words}");
    }
    assert!(!html.contains("Play or pause"));
    let en = dir.path().join("e.html");
    ok(&["queens", "-n", "4", "-o", en.to_str().unwrap()]);
    let html = std::fs::read_to_string(&en).unwrap();
    assert!(html.contains("<html lang=\"en\">") && html.contains("Play or pause"));
}

/// The characters of the string literals of one Rust source, `\u{..}` escapes read; comments, the
/// file's test module (from `#[cfg(test)]` on) and the table of description words (spoken and
/// written into files, never drawn) passed over.
fn literal_chars(source: &str) -> Vec<char> {
    let mut chars = Vec::new();
    let mut description_words = false;
    for raw in source.lines() {
        let line = raw.trim_start();
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        if line == "DescriptionPhrase {" {
            description_words = true;
        }
        if description_words {
            // The table ends where its `phrases!` block closes.
            description_words = raw != "}";
            continue;
        }
        if line.starts_with("//") {
            continue;
        }
        let mut inside = false;
        let mut it = line.chars().peekable();
        while let Some(c) = it.next() {
            match (inside, c) {
                (false, '"') => inside = true,
                (false, '/') if it.peek() == Some(&'/') => break,
                (true, '"') => inside = false,
                (true, '\\') => match it.next() {
                    Some('u') => {
                        let hex: String = it.by_ref().skip(1).take_while(|&h| h != '}').collect();
                        let code = u32::from_str_radix(&hex, 16).expect("a \\u{..} escape");
                        chars.push(char::from_u32(code).expect("a char"));
                    }
                    _ => continue,
                },
                (true, c) => chars.push(c),
                _ => {}
            }
        }
    }
    chars
}

#[test]
fn every_character_drawn_in_chinese_is_in_the_bundled_font() {
    use chessviz::Font;
    let font = Font::bundled_cjk();
    let notdef = font.text_path("\u{E000}", 40.0);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // Not drawn with the bundled font: the command's terminal messages, the web page's text (the
    // browser's fonts), the words the answer checker reads, a PDF's tags and the files' metadata
    // (the encoders draw no text).
    let not_drawn = [
        "cli",
        "vector/html",
        "text/check",
        "vector/pdf_tags.rs",
        "encode",
    ]
    .map(|d| root.join(d));
    let mut stack = vec![root.clone()];
    let (mut files, mut missing, mut symbols) = (0, Vec::new(), std::collections::BTreeSet::new());
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src") {
            let path = entry.expect("an entry").path();
            if not_drawn.iter().any(|d| path.starts_with(d)) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files += 1;
                let source = std::fs::read_to_string(&path).expect("utf-8 source");
                for c in literal_chars(&source) {
                    if c.is_ascii() || c.is_whitespace() {
                        continue;
                    }
                    symbols.insert(c);
                    if !font.has_glyph(c) || font.text_path(&c.to_string(), 40.0) == notdef {
                        missing.push(format!("{c:?} (U+{:04X}) in {}", c as u32, path.display()));
                    }
                }
            }
        }
    }
    assert!(files > 100, "{files} sources read");
    // The scan sees the knight panel's words and the sheet's x.
    assert!(
        symbols.contains(&'栈') && symbols.contains(&'\u{d7}'),
        "{symbols:?}"
    );
    assert!(
        missing.is_empty(),
        "not in the bundled subset:\n{}",
        missing.join("\n")
    );
    // What the textbook's pages write beside the words.
    font.check_text("4×4 棋盘 ÷ ＋ － ＝ ： （ ） ≥ ≤ ∈ ． …", "the symbols")
        .expect("the symbols the documents use");
}

#[test]
fn a_caption_with_a_times_sign_is_drawn_in_chinese() {
    let dir = tempdir();
    let out = dir.path().join("c.png");
    let path = out.to_str().expect("utf-8 path");
    let caption = |text: &str| {
        ok(&[
            "tromino",
            "-k",
            "2",
            "--lang",
            "zh",
            "--caption",
            text,
            "-o",
            path,
        ]);
        decode_png(&out)
    };
    // The × has ink of its own: the caption with it differs from the same with a space there,
    // in the middle of the caption (where the x stands), not only in width.
    let with = caption("4×4 棋盘");
    let without = caption("4 4 棋盘");
    assert_eq!(with.dimensions(), without.dimensions());
    let (w, h) = with.dimensions();
    let differ = (h * 3 / 4..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| with.get_pixel(x, y) != without.get_pixel(x, y))
        .count();
    assert!(differ > 10, "{differ} pixels differ: the x has no ink");
}
