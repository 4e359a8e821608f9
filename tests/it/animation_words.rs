//! Issue 41: a GIF, APNG or WebP animation says what the whole animation shows (its steps and the
//! picture it ends on) where readers of each format look: the GIF's comment (read by Pillow and
//! gifsicle), the APNG's `iTXt` `Title` and `Description` (our chunk reader and Pillow), the WebP's
//! XMP (`webpmux -get xmp`), the MP4's title and description (ffprobe). `--alt` replaces those
//! words in each.

use std::path::Path;
use std::process::Command;

use crate::accessibility::png_itxt;
use crate::common::{fails, have, ok, skipped, tempdir};

/// Runs `script` under python3 with `path` as its argument, or `None` (with a skip line) when
/// python3 with Pillow is not installed.
fn pillow(script: &str, path: &Path) -> Option<String> {
    let out = Command::new("python3")
        .args([
            "-c",
            &format!("import sys\nfrom PIL import Image\n{script}"),
        ])
        .arg(path)
        .output();
    match out {
        Ok(out) if out.status.success() => Some(String::from_utf8(out.stdout).unwrap()),
        _ => {
            skipped(&format!(
                "skipped: python3 with Pillow is not installed, so {} is not read by it",
                path.display()
            ));
            None
        }
    }
}

/// The GIF's comment as Pillow reads it.
fn gif_comment(path: &Path) -> Option<String> {
    pillow(
        "print(Image.open(sys.argv[1]).info['comment'].decode('utf-8'), end='')",
        path,
    )
}

/// The APNG's `(Title, Description)` from its `iTXt` chunks, read by hand.
fn apng_words(path: &Path) -> (String, String) {
    let chunks = png_itxt(&std::fs::read(path).unwrap());
    let find = |key: &str| {
        chunks
            .iter()
            .find(|(k, _, _)| k == key)
            .unwrap_or_else(|| panic!("no iTXt {key} in {}", path.display()))
            .2
            .clone()
    };
    (find("Title"), find("Description"))
}

/// The WebP's XMP packet as `webpmux` extracts it, or `None` when webpmux is not installed.
fn webp_xmp(path: &Path, dir: &Path) -> Option<String> {
    if !have("webpmux") {
        return None;
    }
    let xmp = dir.join("out.xmp");
    let out = Command::new("webpmux")
        .arg("-get")
        .arg("xmp")
        .arg(path)
        .arg("-o")
        .arg(&xmp)
        .output()
        .unwrap();
    assert!(out.status.success(), "webpmux: {out:?}");
    Some(std::fs::read_to_string(xmp).unwrap())
}

/// The MP4's `(title, description)` as ffprobe reads its metadata, or `None` when ffprobe is not
/// installed.
fn mp4_tags(path: &Path) -> Option<(String, String)> {
    if !have("ffprobe") {
        return None;
    }
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-of", "default=nw=1"])
        .args(["-show_entries", "format_tags=title,description"])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success(), "ffprobe: {out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8 tags");
    let tag = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("TAG:{key}=")))
            .unwrap_or_else(|| panic!("no {key} in {text}"))
            .to_string()
    };
    Some((tag("title"), tag("description")))
}

/// The text of the XMP element `dc:NAME`'s (only) `rdf:li`, unescaped.
fn xmp_field(xmp: &str, name: &str) -> String {
    let open = format!("<dc:{name}>");
    let at = xmp
        .find(&open)
        .unwrap_or_else(|| panic!("no dc:{name} in {xmp}"));
    let rest = &xmp[at..];
    let li = rest.find("<rdf:li").unwrap();
    let start = li + rest[li..].find('>').unwrap() + 1;
    let end = start + rest[start..].find("</rdf:li>").unwrap();
    rest[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The six-queens search ends with the board empty and its four solutions found; every step is
/// one frame of the APNG (Pillow counts them), so the words' step count is the frames less the
/// opening picture.
#[test]
fn each_animation_says_its_steps_and_how_the_search_ends() {
    let dir = tempdir();
    let path = |ext: &str| dir.path().join(format!("q.{ext}"));
    for ext in ["gif", "apng", "webp", "mp4"] {
        ok(&["queens", "-n", "6", "-o", path(ext).to_str().unwrap()]);
    }
    let (title, text) = apng_words(&path("apng"));
    assert!(text.starts_with(&title), "{title} / {text}");
    assert!(text.contains("6-queens search"), "{text}");
    assert!(text.contains("solutions found: 4"), "{text}");
    assert!(text.contains("the board is empty"), "{text}");
    let steps: u64 = title
        .strip_prefix("animation of ")
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no step count in {title}"));
    assert!(
        title.contains(&format!("ending on step {steps}: ")),
        "{title}"
    );
    if let Some(frames) = pillow("print(Image.open(sys.argv[1]).n_frames)", &path("apng")) {
        assert_eq!(frames.trim().parse::<u64>().unwrap(), steps + 1, "{title}");
    }
    if let Some(text_by_pillow) = pillow(
        "print(Image.open(sys.argv[1]).text['Description'], end='')",
        &path("apng"),
    ) {
        assert_eq!(text_by_pillow, text);
    }
    // The same words in the GIF's comment (ahead of the frames, where Pillow reads it) and the
    // WebP's XMP.
    if let Some(comment) = gif_comment(&path("gif")) {
        assert_eq!(comment, text);
    }
    if let Some(tags) = mp4_tags(&path("mp4")) {
        assert_eq!(tags, (title.clone(), text.clone()));
    }
    if let Some(xmp) = webp_xmp(&path("webp"), dir.path()) {
        assert_eq!(xmp_field(&xmp, "title"), title);
        assert_eq!(xmp_field(&xmp, "description"), text);
        assert!(xmp.contains("<rdf:li>en</rdf:li>"), "{xmp}");
    }
}

/// A knight's tour's animation ends on the completed tour, in English and in Chinese.
#[test]
fn the_tours_animation_ends_complete_in_both_languages() {
    let dir = tempdir();
    let en = dir.path().join("k.apng");
    let zh = dir.path().join("k.webp");
    ok(&["knight", "--size", "5", "-o", en.to_str().unwrap()]);
    ok(&[
        "knight",
        "--size",
        "5",
        "--lang",
        "zh",
        "-o",
        zh.to_str().unwrap(),
    ]);
    let (_, text) = apng_words(&en);
    assert!(
        text.contains("knight's tour on a 5 x 5 board, complete"),
        "{text}"
    );
    assert!(text.contains("move 25 on"), "{text}");
    if let Some(xmp) = webp_xmp(&zh, dir.path()) {
        let words = xmp_field(&xmp, "description");
        assert!(words.starts_with("共 "), "{words}");
        assert!(words.contains("已完成"), "{words}");
        assert!(xmp.contains("<rdf:li>zh-Hans</rdf:li>"), "{xmp}");
    }
}

/// `--alt` replaces the animation's words in each of the four formats, and is refused where it
/// could only be ignored or say the same for every picture.
#[test]
fn alt_lands_in_gif_apng_webp_and_mp4_and_is_refused_elsewhere() {
    let dir = tempdir();
    let words = "Tiling a 4 x 4 board with L-shaped tiles, <one> & all";
    let path = |ext: &str| dir.path().join(format!("t.{ext}"));
    for ext in ["gif", "apng", "webp", "mp4"] {
        ok(&[
            "tromino",
            "-k",
            "2",
            "--alt",
            words,
            "-o",
            path(ext).to_str().unwrap(),
        ]);
    }
    assert_eq!(apng_words(&path("apng")), (words.into(), words.into()));
    if let Some(comment) = gif_comment(&path("gif")) {
        assert_eq!(comment, words);
    }
    if let Some(xmp) = webp_xmp(&path("webp"), dir.path()) {
        assert_eq!(xmp_field(&xmp, "description"), words);
        assert_eq!(xmp_field(&xmp, "title"), words);
    }
    if let Some(tags) = mp4_tags(&path("mp4")) {
        assert_eq!(tags, (words.into(), words.into()));
    }
    let out = |ext: &str| path(&format!("refused.{ext}")).display().to_string();
    let e = fails(
        &["tromino", "-k", "2", "--alt", "x", "-o", &out("html")],
        b"",
    );
    assert!(e.contains("not to HTML"), "{e}");
    let frames = dir.path().join("frames").display().to_string();
    let e = fails(
        &["tromino", "-k", "2", "--alt", "x", "--frames", &frames],
        b"",
    );
    assert!(e.contains("--alt does not apply to --frames"), "{e}");
    assert!(!dir.path().join("frames").exists());
}

/// `frames.txt` ends each `file ms` line with a tab and the picture's description, the very words
/// its PNG file carries; the first two white-space fields stay `file ms` for the readers of times.
#[test]
fn frames_txt_lists_each_pictures_words_after_a_tab() {
    let dir = tempdir();
    let frames = dir.path().join("frames");
    ok(&["queens", "-n", "4", "--frames", frames.to_str().unwrap()]);
    let list = std::fs::read_to_string(frames.join("frames.txt")).unwrap();
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(
        lines.len(),
        35,
        "the start and the 34 steps of the 4-queens search"
    );
    for (i, line) in lines.iter().enumerate() {
        let (head, words) = line.split_once('\t').expect("a tab before the description");
        assert!(!words.contains('\t'), "{line}");
        let (file, ms) = crate::common::frame_fields(line).unwrap();
        assert_eq!(head, format!("{file} {ms}"));
        assert_eq!(file, format!("frame-{i:04}.png"));
        ms.parse::<u32>().expect("milliseconds");
        let in_file = png_itxt(&std::fs::read(frames.join(file)).unwrap())
            .into_iter()
            .find(|(k, _, _)| k == "Description")
            .expect("the frame's Description")
            .2;
        assert_eq!(words, in_file, "{file}");
    }
    assert!(lines[0].ends_with("\tstart; 4-queens search; the board is empty; no solution yet"));
    assert!(
        lines[2].contains("\tstep 2: queen placed on b3; "),
        "{}",
        lines[2]
    );
    assert!(lines[34].ends_with("solutions found: 2"), "{}", lines[34]);
}
