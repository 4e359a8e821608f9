//! TikZ source (`-o FILE.tex`): its structure (colours defined once, pieces as paths not font
//! glyphs, one item a line, small, deterministic, TeX specials escaped), and, compiled by `pdflatex`
//! and rendered by `pdftoppm`, the same board, tiles, paths and marks as the PNG of the same command.
//!
//! The compiling tests need `pdflatex` (TeX Live: texlive-latex-base, texlive-latex-extra for the
//! standalone class, texlive-pictures for TikZ) and `pdftoppm` (poppler-utils). `.ci/run` installs
//! them; where they are missing (a developer's machine) those tests print why on standard error and
//! return without checking anything.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{decode_png, fails, ok, tempdir};
use crate::vector::{agreement, save_failure};

/// Figures without text (no margin, no numbers): the document font differs from the PNG's on
/// purpose, so only shapes are compared.
const SHAPES: [(&str, &[&str]); 4] = [
    (
        "tromino",
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "2,5",
            "--show-splits",
            "--margin",
            "0",
        ],
    ),
    (
        "queens",
        &["queens", "-n", "8", "--solution", "1", "--margin", "0"],
    ),
    (
        "knight-path",
        &["knight", "-n", "8", "--show", "path", "--margin", "0"],
    ),
    (
        "knight-marks",
        &[
            "knight", "-n", "6", "--mark", "a1:cross", "--mark", "d4:fill", "--mark", "e2",
            "--arrow", "a1-c2", "--margin", "0", "--show", "path",
        ],
    ),
];

/// Share of pixels of the compiled figure that must match the PNG (channels within 24 levels):
/// edges are anti-aliased differently by poppler and by chessviz's raster. The figures agree on
/// 97.3 to 99.97 %: the 8 crowns of a queens solution alone cover over 2 % of its board, and the
/// tiling's cased divisions (a core inside the outline's two edges, 2300 px of lines) put an edge
/// poppler shades a pixel off along each line (2.7 %: the diff shows nothing else).
const AGREE_SHARE: f64 = 0.97;

fn write(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let mut full = args.to_vec();
    full.extend(["-q", "-o", path.to_str().unwrap()]);
    ok(&full);
    path
}

fn tex(dir: &Path, name: &str, args: &[&str]) -> String {
    std::fs::read_to_string(write(dir, name, args)).expect("read the .tex")
}

/// True when `pdflatex` and `pdftoppm` run; otherwise says so on standard error (the test then
/// checks nothing: `.ci/run` installs both, so CI never takes this way).
fn tex_tools() -> bool {
    let runs = |cmd: &str, arg: &str| {
        Command::new(cmd)
            .arg(arg)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let found = runs("pdflatex", "--version") && runs("pdftoppm", "-v");
    if !found {
        crate::common::skipped(
            "skipped: pdflatex or pdftoppm not found (apt-get install texlive-latex-base \
             texlive-latex-extra texlive-pictures poppler-utils; .ci/run installs them)",
        );
    }
    found
}

/// Compiles `file` (a complete document) in its folder; the PDF.
fn pdflatex(file: &Path) -> PathBuf {
    let dir = file.parent().unwrap();
    let out = Command::new("pdflatex")
        .args([
            "-interaction=nonstopmode",
            "-halt-on-error",
            "-output-directory",
        ])
        .arg(dir)
        .arg(file)
        .current_dir(dir)
        .output()
        .expect("run pdflatex");
    assert!(
        out.status.success(),
        "pdflatex {} failed:\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stdout)
    );
    file.with_extension("pdf")
}

/// The first page of `pdf` rendered at `w` x `h` pixels.
fn render(pdf: &Path, w: u32, h: u32) -> image::RgbImage {
    let stem = pdf.with_extension("");
    let out = Command::new("pdftoppm")
        .args(["-png", "-singlefile", "-scale-to-x"])
        .arg(w.to_string())
        .arg("-scale-to-y")
        .arg(h.to_string())
        .arg(pdf)
        .arg(&stem)
        .output()
        .expect("run pdftoppm");
    assert!(out.status.success(), "pdftoppm failed");
    decode_png(&stem.with_extension("png"))
}

#[test]
fn colours_are_defined_once_and_every_colour_used_is_defined() {
    let dir = tempdir();
    for (name, args) in SHAPES {
        let src = tex(dir.path(), &format!("{name}.tex"), args);
        let definitions: Vec<&str> = src
            .lines()
            .filter_map(|l| l.strip_prefix("\\definecolor{"))
            .collect();
        let defined: Vec<&str> = definitions
            .iter()
            .map(|l| l.split('}').next().unwrap())
            .collect();
        let values: Vec<&str> = definitions
            .iter()
            .map(|l| l.rsplit('{').next().unwrap())
            .collect();
        let distinct = |v: &[&str]| v.iter().collect::<std::collections::BTreeSet<_>>().len();
        assert_eq!(distinct(&defined), defined.len(), "{name}: {defined:?}");
        assert_eq!(
            distinct(&values),
            values.len(),
            "{name}: one name per colour"
        );
        for word in src.split(|c: char| !c.is_ascii_alphanumeric()) {
            if word.starts_with("cv") && word.len() == 8 {
                assert!(defined.contains(&word), "{name}: {word} used, not defined");
            }
        }
    }
}

#[test]
fn pieces_are_paths_and_text_is_nodes() {
    let dir = tempdir();
    let knight = tex(dir.path(), "k.tex", &["knight", "-n", "8"]);
    // The knight (U+265E, on the last square beside its number's tag) is a box of filled
    // outlines, drawn once; the 64 numbers and 16 coordinate labels are nodes holding digits only.
    let piece = knight
        .lines()
        .find(|l| l.starts_with("\\savebox\\chessvizue") && l.contains("\\fill"))
        .expect("the knight as a box");
    assert!(piece.matches(".. controls").count() > 20, "{piece}");
    let nodes: Vec<&str> = knight
        .lines()
        .filter(|l| l.starts_with("\\node") && !l.contains("\\usebox"))
        .collect();
    assert_eq!(nodes.len(), 64 + 16);
    for n in &nodes {
        let text = n.rsplit('{').next().unwrap().trim_end_matches("};");
        assert!(text.chars().all(|c| c.is_ascii_digit()), "{n}");
    }
    assert!(
        knight.is_ascii(),
        "no font glyph (a knight character) anywhere"
    );
    let queens = tex(
        dir.path(),
        "q.tex",
        &["queens", "-n", "8", "--solution", "1"],
    );
    // The crown is drawn once into a box, and each of the 8 placings copies the box.
    assert_eq!(queens.matches("\\savebox\\chessvizcrowna{").count(), 1);
    assert_eq!(queens.matches("{\\usebox\\chessvizcrowna};").count(), 8);
    // A picture to \input leaves its caption to the document; a whole document keeps it.
    assert!(!queens.contains("{Solution 1 of 92};"));
    let whole = tex(
        dir.path(),
        "w.tex",
        &["queens", "-n", "8", "--solution", "1", "--standalone"],
    );
    assert!(whole.contains("{Solution 1 of 92};"));
}

#[test]
fn one_item_a_line_grouped_by_layer() {
    let dir = tempdir();
    let src = tex(
        dir.path(),
        "t.tex",
        &["tromino", "-k", "3", "--special", "2,5", "--numbers"],
    );
    // The picture's description comes first, for an author to give as its alternative text.
    assert!(
        src.starts_with(
            "% Title: L-tromino tiling of a 8 x 8 board, special square at 2,5\n\
             % Description: L-tromino tiling of a 8 x 8 board, special square at 2,5; all 21 tiles placed\n\
             % chessviz figure"
        ),
        "{}",
        &src[..300]
    );
    assert!(src.contains("Needs only \\usepackage{tikz}"));
    // The picture's own bounding box is the last: each box of a shape has one too.
    let body = src
        .rsplit("\\useasboundingbox")
        .next()
        .expect("a bounding box")
        .split("\\end{tikzpicture}")
        .next()
        .unwrap();
    let layers: Vec<&str> = body.lines().filter(|l| l.starts_with("% ")).collect();
    assert_eq!(
        layers,
        [
            "% frame",
            "% board",
            "% tiles",
            "% grid",
            "% outlines",
            "% numbers",
            "% labels"
        ]
    );
    for line in body.lines().skip(1) {
        assert!(
            line.starts_with('%') || (line.starts_with('\\') && line.ends_with(';')),
            "not one item: {line}"
        );
    }
    // 21 tiles of 3 numbers each, the special square's 0 not drawn.
    assert_eq!(body.matches("\\node[cv text").count(), 63 + 16);
}

#[test]
fn small_and_deterministic() {
    let dir = tempdir();
    let a = std::fs::read(write(dir.path(), "a.tex", &["knight", "-n", "8"])).unwrap();
    let b = std::fs::read(write(dir.path(), "b.tex", &["knight", "-n", "8"])).unwrap();
    assert_eq!(a, b, "two runs, the same bytes");
    assert!(a.len() < 40_000, "8 x 8 knight's tour: {} bytes", a.len());
    let q = std::fs::read(write(
        dir.path(),
        "q.tex",
        &["queens", "-n", "8", "--solution", "1"],
    ));
    assert!(q.unwrap().len() < 40_000);
}

#[test]
fn sizes_follow_cell_and_dpi() {
    let dir = tempdir();
    let args = ["queens", "-n", "4", "--solution", "1", "--margin", "0"];
    let at96 = tex(dir.path(), "a.tex", &args);
    // 4 cells of 48 px at 96 px per inch: 2 inches.
    assert!(at96.contains("192 x 192 px = 5.08 x 5.08 cm"), "{at96}");
    assert!(at96.contains("[x=0.026458cm, y=-0.026458cm"));
    let mut more = args.to_vec();
    more.extend(["--cell", "30", "--dpi", "300"]);
    let at300 = tex(dir.path(), "b.tex", &more);
    assert!(at300.contains("120 x 120 px = 1.016 x 1.016 cm"), "{at300}");
    assert!(at300.contains("[x=0.008467cm, y=-0.008467cm"));
}

#[test]
#[cfg_attr(
    any(no_pdflatex, no_pdftoppm),
    ignore = "pdflatex or pdftoppm not found (apt-get install texlive-latex-base poppler-utils)"
)]
fn captions_escape_tex_specials() {
    let dir = tempdir();
    let caption = r"50% of #1 & {x}_~^\$";
    let src = tex(
        dir.path(),
        "c.tex",
        &["queens", "-n", "6", "--solution", "1", "--caption", caption],
    );
    let want = r"{50\% of \#1 \& \{x\}\_\textasciitilde{}\textasciicircum{}\textbackslash{}\$};";
    assert!(src.contains(want), "{src}");
    if tex_tools() {
        let doc = write(
            dir.path(),
            "doc.tex",
            &[
                "queens",
                "-n",
                "6",
                "--solution",
                "1",
                "--caption",
                caption,
                "--standalone",
            ],
        );
        pdflatex(&doc);
    }
}

#[test]
fn standalone_is_for_tex_only() {
    let dir = tempdir();
    let png = dir.path().join("q.png");
    let err = fails(
        &[
            "queens",
            "-n",
            "4",
            "--standalone",
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        err.contains("--standalone applies to TeX (TikZ) (-o FILE.tex)"),
        "{err}"
    );
    let src = tex(
        dir.path(),
        "s.tex",
        &["queens", "-n", "4", "--solution", "1", "--standalone"],
    );
    assert!(src.contains("\\documentclass[border=0pt]{standalone}\n\\usepackage{tikz}\n"));
    assert!(src.ends_with("\\end{tikzpicture}\n\\end{document}\n"));
}

#[test]
#[cfg_attr(
    any(no_pdflatex, no_pdftoppm),
    ignore = "pdflatex or pdftoppm not found (apt-get install texlive-latex-base poppler-utils)"
)]
fn compiled_figures_match_the_png() {
    if !tex_tools() {
        return;
    }
    let dir = tempdir();
    for (name, args) in SHAPES {
        let png = decode_png(&write(dir.path(), &format!("{name}.png"), args));
        let mut full = args.to_vec();
        full.push("--standalone");
        let pdf = pdflatex(&write(dir.path(), &format!("{name}.tex"), &full));
        let actual = render(&pdf, png.width(), png.height());
        let (share, diff) = agreement(&actual, &png);
        if share < AGREE_SHARE {
            let files = save_failure(&format!("tikz-{name}"), &actual, &png, &diff);
            panic!(
                "{name}: only {:.2} % of pixels agree; see {files}",
                share * 100.0
            );
        }
    }
}

#[test]
#[cfg_attr(
    any(no_pdflatex, no_pdftoppm),
    ignore = "pdflatex or pdftoppm not found (apt-get install texlive-latex-base poppler-utils)"
)]
fn the_picture_inputs_into_a_document() {
    if !tex_tools() {
        return;
    }
    let dir = tempdir();
    write(dir.path(), "fig.tex", &["knight", "-n", "5"]);
    let doc = dir.path().join("doc.tex");
    std::fs::write(
        &doc,
        "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n\\input{fig.tex}\n\\end{document}\n",
    )
    .unwrap();
    pdflatex(&doc);
}

/// A picture to `\input` has no background box and no built-in caption: set in a page of a
/// colour of its own, its margin shows the page, and it is as tall as the PNG without a caption.
/// `--caption` adds a caption; `--standalone` keeps both, as the PDF page has them.
#[test]
#[cfg_attr(
    any(no_pdflatex, no_pdftoppm),
    ignore = "pdflatex or pdftoppm not found (apt-get install texlive-latex-base poppler-utils)"
)]
fn a_picture_to_input_shows_the_page_and_leaves_the_caption_to_the_document() {
    if !tex_tools() {
        return;
    }
    let dir = tempdir();
    let solution = ["queens", "-n", "8", "--solution", "1", "--cell", "24"];
    let png = |name: &str, extra: &[&str]| {
        let args: Vec<&str> = solution.iter().chain(extra).copied().collect();
        decode_png(&write(dir.path(), name, &args))
    };
    let bare = png("bare.png", &["--caption", "none"]);
    let captioned = png("captioned.png", &[]);
    assert!(
        captioned.height() > bare.height(),
        "the PNG has its caption"
    );
    let page = [0u8, 0, 255];
    let cases: [(&str, &[&str], u32, bool); 3] = [
        ("input", &[], bare.height(), false),
        (
            "caption",
            &["--caption", "Eight queens"],
            captioned.height(),
            false,
        ),
        ("whole", &["--standalone"], captioned.height(), true),
    ];
    for (name, extra, height, boxed) in cases {
        let args: Vec<&str> = solution.iter().chain(extra).copied().collect();
        let fig = write(dir.path(), &format!("{name}.tex"), &args);
        let source = std::fs::read_to_string(&fig).unwrap();
        assert_eq!(
            source.contains("{Eight queens};"),
            name == "caption",
            "{name}"
        );
        assert_eq!(source.contains("{Solution 1 of 92};"), boxed, "{name}");
        let doc = dir.path().join(format!("doc-{name}.tex"));
        let body = if boxed {
            // A whole document: its own page, the figure's size.
            fig.file_name().unwrap().to_str().unwrap().to_string()
        } else {
            let wrapper = format!(
                "\\documentclass[border=0pt]{{standalone}}\n\\usepackage{{tikz}}\n\
                 \\pagecolor[RGB]{{0,0,255}}\n\\begin{{document}}\n\\input{{{name}.tex}}\\unskip\n\\end{{document}}\n"
            );
            std::fs::write(&doc, wrapper).unwrap();
            doc.file_name().unwrap().to_str().unwrap().to_string()
        };
        let pdf = pdflatex(&dir.path().join(body));
        // At 96 pixels per inch the page is the figure's size in pixels.
        let out = Command::new("pdftoppm")
            .args(["-png", "-singlefile", "-r", "96"])
            .arg(&pdf)
            .arg(dir.path().join(format!("page-{name}")))
            .output()
            .expect("run pdftoppm");
        assert!(out.status.success(), "pdftoppm failed");
        let img = decode_png(&dir.path().join(format!("page-{name}.png")));
        assert!(
            img.height().abs_diff(height) <= 1 && img.width().abs_diff(bare.width()) <= 1,
            "{name}: {} x {} pixels, the PNG {} x {height}",
            img.width(),
            img.height(),
            bare.width()
        );
        let corner = img.get_pixel(2, 2).0;
        if boxed {
            assert_eq!(
                corner,
                captioned.get_pixel(2, 2).0,
                "{name}: the theme's background"
            );
        } else {
            assert_eq!(corner, page, "{name}: the page shows through the margin");
        }
    }
}

/// `--width-cm` sets the figure's width: the unit is the width over the figure's pixels, whatever
/// `--cell`; other formats and `--dpi` refuse it.
#[test]
fn width_cm_sizes_the_figure() {
    let dir = tempdir();
    for cell in ["24", "48"] {
        let tex = tex(
            dir.path(),
            &format!("w{cell}.tex"),
            &["queens", "--cell", cell, "--width-cm", "8.5"],
        );
        // The number between `before` and the next `end` in the source.
        let number = |before: &str, end: char| -> f64 {
            tex.split(before)
                .nth(1)
                .and_then(|s| s.split(end).next())
                .and_then(|s| s.trim_end_matches("cm").parse().ok())
                .unwrap_or_else(|| panic!("no number after {before:?}"))
        };
        let (unit, width, pixels) = (
            number("[x=", ','),
            number(" px = ", ' '),
            number("figure, ", ' '),
        );
        assert_eq!(width, 8.5, "{cell}");
        assert!(
            (unit * pixels - 8.5).abs() < 0.001,
            "{cell}: {unit} x {pixels}"
        );
    }
    let png = dir.path().join("w.png");
    let err = fails(
        &["queens", "--width-cm", "8", "-o", png.to_str().unwrap()],
        b"",
    );
    assert!(
        err.contains("--width-cm applies to TeX (TikZ) (-o FILE.tex)"),
        "{err}"
    );
    let err = fails(
        &["queens", "--width-cm", "8", "--dpi", "300", "-o", "w.tex"],
        b"",
    );
    assert!(err.contains("--dpi"), "{err}");
}
