//! TikZ that compiles as the file says, at the sizes that once exhausted pdflatex's main memory
//! (5,000,000 words): the 92-board sheet (736 crowns, each drawn anew as a `\pic`) and a 64 x 64
//! tromino board (13,000 rectangles, each a `\fill` of its own). Needs pdflatex, as `tikz` does.

use std::path::Path;
use std::process::Command;

use crate::common::{ok, tempdir};

/// True when pdflatex runs; otherwise says so (`.ci/run` installs it, so CI never skips).
fn have_pdflatex() -> bool {
    let found = Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        crate::common::skipped("skipped: pdflatex not found (apt-get install texlive-latex-base texlive-latex-extra texlive-pictures)");
    }
    found
}

/// Compiles `doc` in its folder and returns how many words of main memory it took, from the log.
fn compile(doc: &Path) -> u64 {
    let dir = doc.parent().unwrap();
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(doc.file_name().unwrap())
        .current_dir(dir)
        .output()
        .expect("run pdflatex");
    let log = std::fs::read_to_string(doc.with_extension("log")).unwrap_or_default();
    assert!(
        out.status.success() && doc.with_extension("pdf").exists(),
        "pdflatex {} failed:\n{}",
        doc.display(),
        log.lines()
            .filter(|l| l.starts_with('!'))
            .collect::<Vec<_>>()
            .join("\n")
    );
    log.lines()
        .find(|l| l.contains("words of memory out of"))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("the log's memory line")
}

/// A document that `\input`s `fig`, as a user's would.
fn document_of(dir: &Path, fig: &str) -> std::path::PathBuf {
    let doc = dir.join(format!("doc-{fig}"));
    std::fs::write(
        &doc,
        format!("\\documentclass{{article}}\n\\usepackage{{tikz}}\n\\begin{{document}}\n\\input{{{fig}}}\n\\end{{document}}\n"),
    )
    .unwrap();
    doc
}

#[test]
#[cfg_attr(
    no_pdflatex,
    ignore = "pdflatex not found (apt-get install texlive-latex-base texlive-latex-extra texlive-pictures)"
)]
fn the_92_board_sheet_compiles_in_pdflatex_as_input_and_standalone() {
    let dir = tempdir();
    let sheet = dir.path().join("s.tex");
    ok(&[
        "queens",
        "-n",
        "8",
        "--sheet",
        sheet.to_str().unwrap(),
        "-q",
    ]);
    let src = std::fs::read_to_string(&sheet).unwrap();
    // Each crown is drawn once and copied 92 x 8 times.
    assert_eq!(src.matches("\\savebox\\chessvizcrowna{").count(), 1);
    assert_eq!(src.matches("{\\usebox\\chessvizcrowna};").count(), 92 * 8);
    let alone = dir.path().join("alone.tex");
    ok(&[
        "queens",
        "-n",
        "8",
        "--sheet",
        alone.to_str().unwrap(),
        "--standalone",
        "-q",
    ]);
    let alone_src = std::fs::read_to_string(&alone).unwrap();
    assert!(alone_src.contains("\\documentclass[border=0pt]{standalone}"));
    assert!(alone_src.ends_with("\\end{document}\n"));
    if !have_pdflatex() {
        return;
    }
    let words = compile(&document_of(dir.path(), "s.tex"));
    assert!(words < 5_000_000, "{words} words of main memory");
    compile(&alone);
}

#[test]
#[cfg_attr(
    no_pdflatex,
    ignore = "pdflatex not found (apt-get install texlive-latex-base texlive-latex-extra texlive-pictures)"
)]
fn a_64_by_64_tromino_board_compiles_in_pdflatex() {
    let dir = tempdir();
    let fig = dir.path().join("t.tex");
    ok(&["tromino", "-k", "6", "-o", fig.to_str().unwrap(), "-q"]);
    let src = std::fs::read_to_string(&fig).unwrap();
    // Rectangles of one colour in a row are one path, up to 100 of them.
    let widest = src
        .lines()
        .map(|l| l.matches(" rectangle ").count())
        .max()
        .unwrap_or(0);
    assert_eq!(widest, 100, "the longest run of rectangles in one path");
    assert!(src.lines().count() < 4_000, "{} lines", src.lines().count());
    if !have_pdflatex() {
        return;
    }
    assert!(
        !src.lines().next().unwrap().contains("lualatex"),
        "pdflatex takes it"
    );
    compile(&document_of(dir.path(), "t.tex"));
}

/// A 128 x 128 tromino board (2 MB of drawing, some 15 million words) is beyond pdflatex's main
/// memory: the file says so in its first line and names lualatex, which compiles it.
#[test]
#[cfg_attr(
    no_lualatex,
    ignore = "lualatex not found (apt-get install texlive-luatex)"
)]
fn a_128_by_128_tromino_board_says_lualatex_and_lualatex_compiles_it() {
    let dir = tempdir();
    let fig = dir.path().join("t.tex");
    ok(&[
        "tromino",
        "-k",
        "7",
        "--standalone",
        "-o",
        fig.to_str().unwrap(),
        "-q",
    ]);
    let src = std::fs::read_to_string(&fig).unwrap();
    // The engine line follows the title and description comments.
    let first = src
        .lines()
        .find(|l| l.starts_with("% chessviz figure"))
        .unwrap_or("");
    assert!(
        first.starts_with("% chessviz figure for lualatex"),
        "{first}"
    );
    assert!(src.contains("`lualatex FILE.tex`") && src.contains("TeX capacity exceeded"));
    // lualatex itself is in texlive-latex-base; the standalone class needs luatex85.sty under
    // it, and LaTeX's fonts luaotfload, both in texlive-luatex.
    let runs = |cmd: &str, args: &[&str]| {
        Command::new(cmd)
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let found = runs("lualatex", &["--version"])
        && runs("kpsewhich", &["-must-exist", "luatex85.sty"])
        && runs("kpsewhich", &["-must-exist", "luaotfload-main.lua"]);
    if !found {
        crate::common::skipped("skipped: lualatex, luatex85.sty or luaotfload not found (apt-get install texlive-latex-base texlive-luatex)");
        return;
    }
    let out = Command::new("lualatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "t.tex"])
        .current_dir(dir.path())
        .output()
        .expect("run lualatex");
    assert!(
        out.status.success() && dir.path().join("t.pdf").exists(),
        "lualatex failed:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
#[cfg_attr(
    any(no_xelatex, no_pdftotext),
    ignore = "xelatex or pdftotext not found (apt-get install texlive-xetex poppler-utils)"
)]
fn a_chinese_standalone_figure_is_for_xelatex_and_keeps_its_chinese() {
    let dir = tempdir();
    let fig = dir.path().join("z.tex");
    let args = [
        "queens",
        "-n",
        "4",
        "--solution",
        "1",
        "--lang",
        "zh",
        "--standalone",
    ];
    let mut full = args.to_vec();
    full.extend(["-q", "-o", fig.to_str().unwrap()]);
    ok(&full);
    let src = std::fs::read_to_string(&fig).unwrap();
    let first = src
        .lines()
        .find(|l| l.starts_with("% chessviz figure"))
        .unwrap_or("");
    assert!(first.contains("for xelatex"), "{first}");
    assert!(src.contains("Noto Sans CJK SC") && src.contains("第 1 组解"));
    // An English figure stays a pdflatex document.
    let en = dir.path().join("en.tex");
    ok(&[
        "queens",
        "-n",
        "4",
        "--standalone",
        "-q",
        "-o",
        en.to_str().unwrap(),
    ]);
    assert!(!std::fs::read_to_string(&en).unwrap().contains("xelatex"));
    let runs = |cmd: &str, arg: &str| {
        Command::new(cmd)
            .arg(arg)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !runs("xelatex", "--version") || !runs("pdftotext", "-v") {
        crate::common::skipped("skipped: xelatex or pdftotext not found (apt-get install texlive-xetex poppler-utils fonts-noto-cjk)");
        return;
    }
    let out = Command::new("xelatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "z.tex"])
        .current_dir(dir.path())
        .output()
        .expect("run xelatex");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = Command::new("pdftotext")
        .args(["z.pdf", "-"])
        .current_dir(dir.path())
        .output()
        .expect("run pdftotext");
    let text = String::from_utf8_lossy(&text.stdout);
    // pdftotext puts spaces where xeCJK's glue between characters is wide, so the words are
    // compared without white space.
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(
        squeezed.contains("第1组解，共2组"),
        "the PDF's text: {text}"
    );
}
