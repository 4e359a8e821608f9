//! `--frames DIR` writes `DIR/animate.tex`: the pictures as one `animateinline`, each with its
//! own rate, compiled here in a Beamer frame by pdflatex (skipped with a line when pdflatex, the
//! Beamer class or the animate package is missing; .ci/run installs them).

use std::path::Path;
use std::process::Command;

use crate::common::{frame_fields, ok};

/// `(file, ms)` of frames.txt.
fn frame_list(dir: &Path) -> Vec<(String, u32)> {
    std::fs::read_to_string(dir.join("frames.txt"))
        .unwrap()
        .lines()
        .map(|l| {
            let (n, ms) = frame_fields(l).unwrap();
            (n.to_string(), ms.parse().unwrap())
        })
        .collect()
}

/// The pictures `animate.tex` shows, in order, and the rate (frames per second) each is shown at.
fn played(tex: &str) -> Vec<(String, f64)> {
    let mut rate = None;
    let mut out = Vec::new();
    for line in tex.lines() {
        if let Some(r) = line
            .strip_prefix("\\begin{animateinline}[")
            .and_then(|r| r.split_once("]{"))
            .map(|(_, r)| r)
        {
            rate = Some(r.trim_end_matches('}').parse::<f64>().unwrap());
        } else if let Some(r) = line.strip_prefix("\\newframe[") {
            rate = Some(r.trim_end_matches(']').parse::<f64>().unwrap());
        } else if let Some(at) = line
            .find("\\chessvizfolder ")
            .filter(|_| !line.starts_with('%'))
        {
            let name = line[at + 16..].trim_end_matches('}').trim_end_matches("}}");
            out.push((
                name.to_string(),
                rate.expect("a rate before the first picture"),
            ));
        }
    }
    out
}

pub fn latex_ready() -> bool {
    let found = Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
        && ["animate.sty", "beamer.cls"].iter().all(|f| {
            Command::new("kpsewhich")
                .arg(f)
                .output()
                .is_ok_and(|o| o.status.success())
        });
    if !found {
        crate::common::skipped(
            "skipped: pdflatex, beamer.cls or animate.sty not found (apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra; .ci/run installs them)"
        );
    }
    found
}

/// Compiles a Beamer deck that `\input`s `frames/animate.tex` in `dir`; its PDF as lopdf reads it.
fn beamer(dir: &Path) -> lopdf::Document {
    let deck = "\\documentclass{beamer}\n\\usepackage{animate}\n\\usepackage{tikz}\n\\begin{document}\n\\begin{frame}{Steps}\n\\centering\n\\input{frames/animate.tex}\n\\end{frame}\n\\end{document}\n";
    std::fs::write(dir.join("deck.tex"), deck).unwrap();
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "deck.tex"])
        .current_dir(dir)
        .output()
        .expect("run pdflatex");
    assert!(
        out.status.success(),
        "pdflatex failed:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    lopdf::Document::load(dir.join("deck.pdf")).expect("a PDF")
}

/// XObjects of the PDF by subtype: (images, forms).
fn xobjects(doc: &lopdf::Document) -> (usize, usize) {
    let subtype = |name: &[u8]| {
        doc.objects
            .values()
            .filter(|o| match o {
                lopdf::Object::Stream(s) => s
                    .dict
                    .get(b"Subtype")
                    .is_ok_and(|t| t.as_name().is_ok_and(|n| n == name)),
                _ => false,
            })
            .count()
    };
    (subtype(b"Image"), subtype(b"Form"))
}

#[test]
#[cfg_attr(
    any(no_pdflatex, no_kpsewhich),
    ignore = "pdflatex not found (apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra)"
)]
fn animate_tex_plays_every_picture_for_its_time_in_beamer() {
    let base = [
        "queens",
        "-n",
        "5",
        "--until-solution",
        "1",
        "--cell",
        "20",
        "-q",
    ];
    for format in ["pdf", "png", "tex"] {
        let tmp = tempfile::tempdir().unwrap();
        let t = tmp.path();
        let args: Vec<&str> = base
            .iter()
            .copied()
            .chain(["--frames", "frames", "--format", format])
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_chessviz"))
            .args(&args)
            .current_dir(t)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let dir = t.join("frames");
        let list = frame_list(&dir);
        let tex = std::fs::read_to_string(dir.join("animate.tex")).unwrap();
        assert!(tex.starts_with("% chessviz"), "a comment at the top");
        assert!(tex.contains("Needs \\usepackage{animate}"), "{tex}");
        let newframes = tex.lines().filter(|l| l.starts_with("\\newframe")).count();
        assert_eq!(
            newframes,
            list.len() - 1,
            "{format}: one \\newframe between two pictures"
        );
        let shown = played(&tex);
        assert_eq!(shown.len(), list.len());
        for ((name, ms), (shown_name, rate)) in list.iter().zip(&shown) {
            assert_eq!(name, shown_name);
            let ms_shown = 1000.0 / rate;
            assert!(
                (ms_shown - f64::from(*ms)).abs() < 0.01,
                "{name}: {ms_shown} for {ms}"
            );
        }
        if !latex_ready() {
            return;
        }
        let doc = beamer(t);
        let (images, forms) = xobjects(&doc);
        match format {
            // Vector pictures stay vector: no image in the deck, a form per page included.
            "pdf" | "tex" => assert_eq!(images, 0, "{format}: vector"),
            _ => assert!(images >= list.len(), "{format}: {images} images"),
        }
        assert!(
            forms >= list.len(),
            "{format}: {forms} forms for {} pictures",
            list.len()
        );
    }
}

#[test]
fn svg_pictures_get_no_animate_tex_and_an_old_one_goes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("f");
    let d = dir.to_str().unwrap();
    ok(&["tromino", "-k", "1", "--frames", d, "-q"]);
    assert!(dir.join("animate.tex").exists());
    ok(&["tromino", "-k", "1", "--frames", d, "--format", "svg", "-q"]);
    assert!(
        !dir.join("animate.tex").exists(),
        "LaTeX cannot include SVG"
    );
    // A file of the user's own by that name stays.
    std::fs::write(dir.join("animate.tex"), "mine").unwrap();
    ok(&["tromino", "-k", "1", "--frames", d, "--format", "svg", "-q"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("animate.tex")).unwrap(),
        "mine"
    );
}

#[test]
fn a_poster_is_a_picture_of_an_animate_tex_and_refused_elsewhere() {
    use crate::common::fails;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("f");
    let d = dir.to_str().unwrap();
    let search = ["queens", "-n", "4", "--until-solution", "1", "-q"];
    let with = |more: &[&str]| -> Vec<String> {
        search.iter().chain(more).map(|s| s.to_string()).collect()
    };
    let refused = |more: &[&str]| {
        let args = with(more);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = fails(&args, b"");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(!dir.exists(), "{more:?}: refused before the folder is made");
        err
    };
    // 13 steps: pictures 0 to 13; with --every 4 the start, 4, 8, 12 and the solution.
    assert!(refused(&["--frames", d, "--poster", "14"]).contains("0 to 13"));
    assert!(refused(&["--frames", d, "--every", "4", "--poster", "5"]).contains("0 to 4"));
    assert!(refused(&["--frames", d, "--max-frames", "3", "--poster", "3"]).contains("0 to 2"));
    assert!(refused(&["--frames", d, "--format", "svg", "--poster", "1"]).contains("SVG"));
    let standalone = [
        "--frames",
        d,
        "--format",
        "tex",
        "--standalone",
        "--poster",
        "1",
    ];
    assert!(refused(&standalone).contains("--standalone"));
    assert!(refused(&["-o", "q.gif", "--poster", "1"]).contains("--frames"));
    let poster = |more: &[&str]| {
        let args = with(more);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&args);
        let tex = std::fs::read_to_string(dir.join("animate.tex")).unwrap();
        let line = tex
            .lines()
            .find(|l| l.starts_with("\\begin{animateinline}"))
            .unwrap()
            .to_string();
        line
    };
    assert!(poster(&["--frames", d]).contains("poster=last"));
    assert!(poster(&["--frames", d, "--poster", "13"]).contains("poster=last"));
    assert!(poster(&["--frames", d, "--poster", "0"]).contains("poster=0]"));
    assert!(poster(&["--frames", d, "--every", "4", "--poster", "3"]).contains("poster=3]"));
}
