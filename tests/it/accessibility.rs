//! Figures everyone can read (issue 41): every still carries a description of what it shows, read
//! back here with readers of our own (the PNG's chunks parsed by hand, the SVG as text, the PDF with
//! lopdf and, where installed, poppler's `pdfinfo -struct`); `--describe` prints it; `--alt`
//! replaces it; `--captions` writes a WebVTT cue per step at the times of `frames.txt`.

use std::path::Path;

use crate::common::{fails, frame_fields, have, ok, run, status, tempdir};

/// The eight squares of the first solution of eight queens, 15863724.
const SOLUTION_ONE: &str = "a1 b5 c8 d6 e3 f7 g2 h4";

/// The `iTXt` chunks of a PNG file as (keyword, language, text), parsed from the bytes.
pub fn png_itxt(bytes: &[u8]) -> Vec<(String, String, String)> {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let mut chunks = Vec::new();
    let mut at = 8;
    while at + 8 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let kind = &bytes[at + 4..at + 8];
        let body = &bytes[at + 8..at + 8 + len];
        if kind == b"iTXt" {
            // keyword \0 compression-flag compression-method language \0 translated \0 text
            let mut parts = body.splitn(2, |&b| b == 0);
            let keyword = String::from_utf8(parts.next().unwrap().to_vec()).unwrap();
            let rest = parts.next().unwrap();
            assert_eq!(rest[0], 0, "{keyword} is stored uncompressed");
            let mut fields = rest[2..].splitn(3, |&b| b == 0);
            let lang = String::from_utf8(fields.next().unwrap().to_vec()).unwrap();
            let _translated = fields.next().unwrap();
            let text = String::from_utf8(fields.next().unwrap().to_vec()).expect("UTF-8 text");
            chunks.push((keyword, lang, text));
        }
        at += 12 + len;
    }
    chunks
}

fn png_text(path: &Path, keyword: &str) -> String {
    let bytes = std::fs::read(path).unwrap();
    png_itxt(&bytes)
        .into_iter()
        .find(|(k, _, _)| k == keyword)
        .unwrap_or_else(|| panic!("no iTXt {keyword} in {}", path.display()))
        .2
}

/// A PDF text string: UTF-16BE after its byte order mark, else PDFDocEncoding (ASCII here).
fn pdf_text(object: &lopdf::Object) -> String {
    let bytes = object.as_str().expect("a string");
    if bytes.starts_with(&[0xFE, 0xFF]) {
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16(&units).expect("UTF-16")
    } else {
        bytes.iter().map(|&b| char::from(b)).collect()
    }
}

/// What a tagged PDF says of its figure: the catalog's language and marking, the Figure element's
/// `/Alt` and whether the page's content marks the drawing as that figure.
struct Tagged {
    lang: String,
    marked: bool,
    alt: String,
    title: String,
    xmp: String,
    figure_content: bool,
}

fn read_tagged(path: &Path) -> Tagged {
    let doc = lopdf::Document::load(path).expect("a PDF lopdf reads");
    let catalog = doc.catalog().expect("a catalog");
    let lang = pdf_text(catalog.get(b"Lang").expect("/Lang"));
    let mark_info = doc
        .dereference(catalog.get(b"MarkInfo").expect("/MarkInfo"))
        .unwrap()
        .1
        .as_dict()
        .unwrap()
        .clone();
    let marked = mark_info.get(b"Marked").unwrap().as_bool().unwrap();
    let (_, root) = doc
        .dereference(catalog.get(b"StructTreeRoot").expect("/StructTreeRoot"))
        .unwrap();
    let root = root.as_dict().unwrap();
    assert_eq!(
        root.get(b"Type").unwrap().as_name().unwrap(),
        b"StructTreeRoot"
    );
    let (_, figure) = doc.dereference(root.get(b"K").unwrap()).unwrap();
    let figure = figure.as_dict().unwrap();
    assert_eq!(figure.get(b"S").unwrap().as_name().unwrap(), b"Figure");
    // Its one child: the marked content 0 of the page.
    let kid = figure.get(b"K").unwrap();
    let mcid = match kid {
        lopdf::Object::Integer(i) => *i,
        lopdf::Object::Dictionary(d) => d.get(b"MCID").unwrap().as_i64().unwrap(),
        other => panic!("a Figure's child {other:?}"),
    };
    assert_eq!(mcid, 0);
    let alt = pdf_text(figure.get(b"Alt").expect("the Figure's /Alt"));
    let info_ref = doc.trailer.get(b"Info").expect("/Info in the trailer");
    let (_, info) = doc.dereference(info_ref).unwrap();
    let title = pdf_text(info.as_dict().unwrap().get(b"Title").unwrap());
    let (_, metadata) = doc.dereference(catalog.get(b"Metadata").unwrap()).unwrap();
    let xmp = String::from_utf8(metadata.as_stream().unwrap().content.clone()).unwrap();
    let page = *doc.get_pages().values().next().expect("a page");
    let content = String::from_utf8_lossy(&doc.get_page_content(page)).to_string();
    let content = content.split_whitespace().collect::<Vec<_>>().join(" ");
    let figure_content = content.contains("/Figure << /MCID 0 >> BDC")
        && content.trim_end().ends_with("EMC")
        && content.contains("/Artifact BMC");
    Tagged {
        lang,
        marked,
        alt,
        title,
        xmp,
        figure_content,
    }
}

#[test]
fn the_first_solution_names_its_eight_squares_in_png_svg_and_pdf() {
    let dir = tempdir();
    let file = |name: &str| dir.path().join(name).display().to_string();
    for name in ["q.png", "q.svg", "q.pdf"] {
        status(&["queens", "-n", "8", "--solution", "1", "-o", &file(name)]);
    }
    let expected = format!(
        "8-queens board, Solution 1 of 92; queens on {SOLUTION_ONE}, no two attack each other"
    );

    // PNG: iTXt Description (the whole text) and Title (its short part), in English.
    let png = std::fs::read(dir.path().join("q.png")).unwrap();
    let chunks = png_itxt(&png);
    assert!(
        chunks.contains(&("Description".into(), "en".into(), expected.clone())),
        "{chunks:?}"
    );
    assert!(chunks.contains(&(
        "Title".into(),
        "en".into(),
        "8-queens board, Solution 1 of 92".into()
    )));
    // The pixels are those of a PNG without the chunks: the image crate decodes it as before.
    assert_eq!(image::load_from_memory(&png).unwrap().width(), 432);

    // SVG: an image whose title and description come first and label it.
    let svg = std::fs::read_to_string(dir.path().join("q.svg")).unwrap();
    let root = svg.lines().nth(1).unwrap();
    for attribute in [
        "role=\"img\"",
        "aria-labelledby=\"title desc\"",
        "lang=\"en\"",
    ] {
        assert!(root.contains(attribute), "{root}");
    }
    assert_eq!(
        svg.lines().nth(2).unwrap(),
        "<title id=\"title\">8-queens board, Solution 1 of 92</title>"
    );
    assert_eq!(
        svg.lines().nth(3).unwrap(),
        format!("<desc id=\"desc\">{expected}</desc>")
    );
    if have("rsvg-convert") {
        let out = std::process::Command::new("rsvg-convert")
            .arg(dir.path().join("q.svg"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    // PDF: tagged as PDF/UA-1 asks.
    let pdf = read_tagged(&dir.path().join("q.pdf"));
    assert_eq!(pdf.alt, expected);
    assert_eq!(pdf.lang, "en");
    assert!(pdf.marked, "/MarkInfo /Marked true");
    assert!(
        pdf.figure_content,
        "the drawing is the figure's marked content"
    );
    assert_eq!(pdf.title, "8-queens board, Solution 1 of 92");
    assert!(
        pdf.xmp.contains("<pdfuaid:part>1</pdfuaid:part>"),
        "{}",
        pdf.xmp
    );
    assert!(pdf.xmp.contains(SOLUTION_ONE));
    if have("pdfinfo") {
        let out = std::process::Command::new("pdfinfo")
            .arg("-struct")
            .arg(dir.path().join("q.pdf"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Figure"), "{text}");
        let info = std::process::Command::new("pdfinfo")
            .arg(dir.path().join("q.pdf"))
            .output()
            .unwrap();
        let info = String::from_utf8_lossy(&info.stdout);
        assert!(info.contains("Tagged:          yes"), "{info}");
        assert!(info.contains("Title:           8-queens board, Solution 1 of 92"));
    }
}

#[test]
fn chinese_descriptions_are_utf8_in_png_and_utf16_in_pdf() {
    let dir = tempdir();
    let file = |name: &str| dir.path().join(name).display().to_string();
    for name in ["q.png", "q.pdf"] {
        status(&[
            "queens",
            "-n",
            "8",
            "--solution",
            "1",
            "--lang",
            "zh",
            "-o",
            &file(name),
        ]);
    }
    let expected = format!("8 皇后棋盘，第 1 组解，共 92 组；皇后在 {SOLUTION_ONE}，互不攻击");
    assert_eq!(png_text(&dir.path().join("q.png"), "Description"), expected);
    let pdf = read_tagged(&dir.path().join("q.pdf"));
    assert_eq!(pdf.alt, expected);
    assert_eq!(pdf.lang, "zh-Hans");
}

#[test]
fn describe_prints_what_a_step_shows_and_writes_nothing() {
    let dir = tempdir();
    let out = run(&["queens", "-n", "8", "--step", "40", "--describe"], b"");
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "step 40: queen placed on f4; 8-queens search; columns a to f hold a1 b3 c6 d8 e2 f4; \
         no solution yet\n"
    );
    assert_eq!(
        ok(&["queens", "-n", "8", "--step", "40", "--describe", "--lang", "zh"]),
        "第 40 步：皇后放在 f4；8 皇后问题的搜索；第 a 至 f 列的皇后在 a1 b3 c6 d8 e2 f4；尚未找到解\n"
    );
    assert!(crate::common::entries(dir.path()).is_empty());
    // The figure without a step: the solution.
    assert_eq!(
        ok(&["queens", "-n", "8", "--solution", "1", "--describe"]),
        format!(
            "8-queens board, Solution 1 of 92; queens on {SOLUTION_ONE}, no two attack each other\n"
        )
    );
}

#[test]
fn describe_names_the_tours_square_as_the_trace_gives_it() {
    let trace = ok(&["knight", "--size", "6", "--trace"]);
    let line = trace.lines().nth(19).expect("a 20th event");
    // "20: move 20 3,0": the square of step 20 as the trace names it.
    let square = line.strip_prefix("20: move 20 ").expect(line);
    let said = ok(&["knight", "--size", "6", "--step", "20", "--describe"]);
    assert_eq!(
        said,
        format!(
            "step 20: knight to {square}; knight's tour on a 6 x 6 board, move 20 on {square}; \
             started on 0,0; 16 squares to go; no retreats\n"
        )
    );
    let zh = ok(&[
        "knight",
        "--size",
        "6",
        "--step",
        "20",
        "--describe",
        "--lang",
        "zh",
    ]);
    assert_eq!(
        zh,
        format!(
            "第 20 步：马跳到 {square}；6 x 6 棋盘上的马的周游，第 20 步在 {square}；从 0,0 出发；\
             还剩 16 格；没有退回\n"
        )
    );
}

#[test]
fn describe_tells_the_tiling_and_a_board_of_ones_own() {
    assert_eq!(
        ok(&[
            "tromino",
            "-k",
            "3",
            "--special",
            "1,2",
            "--step",
            "9",
            "--describe"
        ]),
        "step 9: 2 x 2 sub-board at 2,0 split; L-tromino tiling of a 8 x 8 board, special square \
         at 1,2; 4 of 21 tiles placed; working on the 2 x 2 sub-board at 2,0\n"
    );
    // The tile just laid, with its squares as the trace lists them.
    let trace = ok(&["tromino", "-k", "3", "--special", "1,2", "--trace"]);
    let line = trace.lines().nth(9).expect("a 10th event");
    let cells = line
        .strip_prefix("10: place tile 5 cells ")
        .and_then(|rest| rest.split(" shape").next())
        .expect(line);
    assert_eq!(
        ok(&["tromino", "-k", "3", "--special", "1,2", "--step", "10", "--describe"]),
        format!(
            "step 10: tile 5 placed; L-tromino tiling of a 8 x 8 board, special square at 1,2; 5 \
             of 21 tiles placed; working on the 2 x 2 sub-board at 2,0; tile 5 just laid on {cells}\n"
        )
    );
    assert_eq!(
        ok(&[
            "board",
            "--piece",
            "e1=K",
            "--piece",
            "d8=q",
            "--mark",
            "d5:ring",
            "--arrow",
            "e2-e4",
            "--describe"
        ]),
        "8 x 8 board; black queen d8, white king e1; marks: ring on d5; arrows: e2 to e4\n"
    );
    // Seen from Black's side the squares keep their names, read from the drawn top-left.
    assert_eq!(
        ok(&[
            "board",
            "--piece",
            "e1=K",
            "--piece",
            "d8=q",
            "--flip",
            "--describe"
        ]),
        "8 x 8 board; white king e1, black queen d8\n"
    );
}

#[test]
fn alt_replaces_the_description_in_every_still() {
    let dir = tempdir();
    let file = |name: &str| dir.path().join(name).display().to_string();
    let words = "Eight queens, none attacking: a1 b5 c8 d6 e3 f7 g2 h4 & more";
    for name in ["q.png", "q.svg", "q.pdf"] {
        status(&[
            "queens",
            "-n",
            "8",
            "--solution",
            "1",
            "--alt",
            words,
            "-o",
            &file(name),
        ]);
    }
    assert_eq!(png_text(&dir.path().join("q.png"), "Description"), words);
    assert_eq!(png_text(&dir.path().join("q.png"), "Title"), words);
    let svg = std::fs::read_to_string(dir.path().join("q.svg")).unwrap();
    assert!(svg.contains(
        "<desc id=\"desc\">Eight queens, none attacking: a1 b5 c8 d6 e3 f7 g2 h4 &amp; more</desc>"
    ));
    assert_eq!(read_tagged(&dir.path().join("q.pdf")).alt, words);
    assert_eq!(
        ok(&["queens", "-n", "8", "--describe", "--alt", words]),
        format!("{words}\n")
    );
    // Blank words are no description; nothing is written.
    let err = fails(
        &["queens", "-n", "8", "--alt", "  ", "-o", &file("blank.png")],
        b"",
    );
    assert!(err.contains("--alt"), "{err}");
    assert!(!dir.path().join("blank.png").exists());
    // --describe draws nothing: a look option is refused, as is a file.
    let err = fails(&["queens", "--describe", "--theme", "print"], b"");
    assert!(
        err.contains("--theme does not apply to --describe"),
        "{err}"
    );
    let err = fails(&["queens", "--describe", "-o", &file("x.png")], b"");
    assert!(err.contains("--describe"), "{err}");
}

#[test]
fn same_arguments_give_the_same_tagged_bytes() {
    let dir = tempdir();
    let file = |name: &str| dir.path().join(name).display().to_string();
    for name in ["a.pdf", "b.pdf", "a.png", "b.png", "a.svg", "b.svg"] {
        status(&["knight", "--size", "5", "--step", "7", "-o", &file(name)]);
    }
    for ext in ["pdf", "png", "svg"] {
        assert_eq!(
            std::fs::read(dir.path().join(format!("a.{ext}"))).unwrap(),
            std::fs::read(dir.path().join(format!("b.{ext}"))).unwrap(),
            "{ext}"
        );
    }
}

/// `frames.txt`'s lines as (file, ms).
fn frame_times(dir: &Path) -> Vec<(String, u64)> {
    std::fs::read_to_string(dir.join("frames.txt"))
        .unwrap()
        .lines()
        .map(|l| {
            let (file, ms) = frame_fields(l).expect(l);
            (file.to_string(), ms.parse().expect(l))
        })
        .collect()
}

/// A WebVTT file's cues as (start ms, end ms, text), parsed by hand.
fn vtt_cues(text: &str) -> Vec<(u64, u64, String)> {
    let ms = |t: &str| {
        let (hms, frac) = t.split_once('.').expect(t);
        let parts: Vec<u64> = hms.split(':').map(|p| p.parse().unwrap()).collect();
        ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + frac.parse::<u64>().unwrap()
    };
    assert!(text.starts_with("WEBVTT\n\n"), "{text}");
    text.split("\n\n")
        .skip(1)
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let mut lines = block.lines();
            let _number = lines.next().unwrap();
            let (start, end) = lines.next().unwrap().split_once(" --> ").unwrap();
            (ms(start), ms(end), lines.collect::<Vec<_>>().join("\n"))
        })
        .collect()
}

#[test]
fn captions_are_one_cue_per_step_at_the_frames_times() {
    let dir = tempdir();
    let path = |name: &str| dir.path().join(name).display().to_string();
    // A search with retreats held longer than a step, thinned, ending on a final hold.
    for (name, args) in [
        (
            "queens",
            &["queens", "-n", "5", "--until-solution", "2"][..],
        ),
        ("knight", &["knight", "--size", "5", "--every", "3"][..]),
        ("tromino", &["tromino", "-k", "2", "--special", "1,1"][..]),
    ] {
        let vtt = path(&format!("{name}.vtt"));
        let gif = path(&format!("{name}.gif"));
        let frames = path(&format!("{name}-frames"));
        let mut with_captions = args.to_vec();
        with_captions.extend(["-o", &gif, "--captions", &vtt, "-q"]);
        status(&with_captions);
        let mut with_frames = args.to_vec();
        with_frames.extend(["--frames", &frames, "-q"]);
        status(&with_frames);
        let times = frame_times(Path::new(&frames));
        let cues = vtt_cues(&std::fs::read_to_string(&vtt).unwrap());
        assert_eq!(cues.len(), times.len(), "{name}: one cue per picture");
        let mut clock = 0;
        for ((start, end, text), (file, ms)) in cues.iter().zip(&times) {
            assert_eq!((*start, *end), (clock, clock + ms), "{name} {file}");
            assert!(!text.is_empty());
            clock += ms;
        }
        // The GIF shows as many pictures (duplicates merged never apply: every caption differs).
        assert_eq!(
            crate::common::decode_gif(Path::new(&gif)).frames.len(),
            times.len(),
            "{name}"
        );
    }
    let queens = std::fs::read_to_string(path("queens.vtt")).unwrap();
    assert!(queens.contains("\nstart\n5-queens search; the board is empty; no solution yet\n"));
    assert!(queens.contains("step 1: queen placed on a1\n5-queens search; column a holds a1"));
    // Chinese captions, and a file that is not .vtt refused before any work.
    status(&[
        "queens",
        "-n",
        "4",
        "--until-solution",
        "1",
        "--lang",
        "zh",
        "-o",
        &path("zh.gif"),
        "--captions",
        &path("zh.vtt"),
        "-q",
    ]);
    let zh = std::fs::read_to_string(path("zh.vtt")).unwrap();
    assert!(
        zh.contains("第 1 步：皇后放在 a1\n4 皇后问题的搜索；第 a 列的皇后在 a1；尚未找到解"),
        "{zh}"
    );
    let err = fails(
        &[
            "queens",
            "-n",
            "4",
            "-o",
            &path("x.gif"),
            "--captions",
            &path("x.srt"),
        ],
        b"",
    );
    assert!(err.contains("FILE.vtt"), "{err}");
    assert!(!dir.path().join("x.gif").exists());
    let err = fails(
        &[
            "queens",
            "-n",
            "4",
            "-o",
            &path("y.png"),
            "--captions",
            &path("y.vtt"),
        ],
        b"",
    );
    assert!(err.contains("--captions applies to animations"), "{err}");
}

#[test]
fn frames_and_the_web_page_carry_each_pictures_words() {
    let dir = tempdir();
    let frames = dir.path().join("frames");
    status(&[
        "queens",
        "-n",
        "8",
        "--max-frames",
        "41",
        "--frames",
        &frames.display().to_string(),
        "-q",
    ]);
    // Picture 40 of the folder is the --step 40 still, and says so in its PNG.
    let said = ok(&["queens", "-n", "8", "--step", "40", "--describe"]);
    assert_eq!(
        png_text(&frames.join("frame-0040.png"), "Description"),
        said.trim_end()
    );
    assert_eq!(png_text(&frames.join("frame-0000.png"), "Title"), "start");
    // The web page reads the picture's words aloud: its live region and the figure's label.
    let page = dir.path().join("q.html");
    status(&[
        "queens",
        "-n",
        "4",
        "--until-solution",
        "1",
        "-o",
        &page.display().to_string(),
        "-q",
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    let first = "start; 4-queens search; the board is empty; no solution yet";
    assert!(
        html.contains(&format!("role=\"img\" aria-label=\"{first}\"")),
        "{}",
        &html[..600]
    );
    assert!(html.contains("aria-live=\"polite\" data-calm=\""));
    assert!(html.contains(&format!("\">{first}</p>")));
}
