//! `animate.tex` in a Beamer deck as a teacher writes one: two animations in one frame, a wide
//! one with panels, folders named with a space and a `~`, a height given in a later frame and kept
//! in the next. The deck compiles with no box over 1 pt too large, each animation is as high as
//! it was asked (read from the PDF's widgets), and a viewer that cannot play animations
//! (`pdftoppm`) shows the poster, not the empty board. Skipped with a line without pdflatex, Beamer,
//! animate or pdftoppm (.ci/run installs them).

use std::path::Path;
use std::process::Command;

use crate::animate_tex::latex_ready;

/// Runs chessviz in `dir`; panics with its message when it fails.
fn chessviz(dir: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run chessviz");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Compiles `name.tex` in `dir` with pdflatex; its log.
pub fn pdflatex(dir: &Path, name: &str) -> String {
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(format!("{name}.tex"))
        .current_dir(dir)
        .output()
        .expect("run pdflatex");
    assert!(
        out.status.success(),
        "pdflatex failed:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    std::fs::read_to_string(dir.join(format!("{name}.log"))).expect("a log")
}

/// How far each overfull box of a LaTeX log overflows, in points ("Overfull \hbox (12.3pt too
/// wide)", "Overfull \vbox (4.5pt too high)").
pub fn overfull(log: &str) -> Vec<(f64, String)> {
    log.lines()
        .filter(|l| l.starts_with("Overfull \\"))
        .map(|l| {
            let pt = l
                .split_once('(')
                .and_then(|(_, r)| r.split_once("pt"))
                .and_then(|(n, _)| n.parse::<f64>().ok())
                .unwrap_or(f64::INFINITY);
            (pt, l.to_string())
        })
        .collect()
}

/// The rectangles (x0, y0, x1, y1 in points) of the widgets on page `page` (from 1), each once: an
/// animation's pictures share one rectangle, its controls are small ones below.
pub fn widget_rects(doc: &lopdf::Document, page: u32) -> Vec<[f64; 4]> {
    let id = doc.get_pages()[&page];
    let annots = doc.get_page_annotations(id).unwrap_or_default();
    let mut rects: Vec<[f64; 4]> = Vec::new();
    for a in annots {
        let widget = a
            .get(b"Subtype")
            .is_ok_and(|t| t.as_name().is_ok_and(|n| n == b"Widget"));
        let Ok(rect) = a.get(b"Rect").and_then(|r| r.as_array()) else {
            continue;
        };
        let r: Vec<f64> = rect
            .iter()
            .filter_map(|v| v.as_float().ok().map(f64::from))
            .collect();
        if !widget || r.len() != 4 {
            continue;
        }
        let r = [
            r[0].min(r[2]),
            r[1].min(r[3]),
            r[0].max(r[2]),
            r[1].max(r[3]),
        ];
        if !rects
            .iter()
            .any(|q| q.iter().zip(&r).all(|(a, b)| (a - b).abs() < 0.01))
        {
            rects.push(r);
        }
    }
    rects
}

/// The animations of page `page`, left to right: widget rectangles over 30 pt high (controls are
/// smaller).
pub fn animations(doc: &lopdf::Document, page: u32) -> Vec<[f64; 4]> {
    let mut found: Vec<[f64; 4]> = widget_rects(doc, page)
        .into_iter()
        .filter(|r| r[3] - r[1] > 30.0)
        .collect();
    found.sort_by(|a, b| a[0].total_cmp(&b[0]));
    found
}

/// Pixels per point of the rendered pages.
const SCALE: f64 = 2.0;

/// Page `page` of `pdf` as `pdftoppm` shows it, at [`SCALE`] pixels per point.
pub fn render_page(pdf: &Path, page: u32) -> image::RgbImage {
    let stem = pdf.with_extension("").display().to_string();
    let out = Command::new("pdftoppm")
        .args(["-png", "-singlefile", "-r"])
        .arg((72.0 * SCALE).to_string())
        .args(["-f", &page.to_string(), "-l", &page.to_string()])
        .arg(pdf)
        .arg(format!("{stem}-{page}"))
        .output()
        .expect("run pdftoppm");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    crate::common::decode_png(Path::new(&format!("{stem}-{page}.png")))
}

/// The part of `page` (rendered at [`SCALE`], `height_pt` high) under `rect`, in points from the
/// page's bottom left.
fn region(page: &image::RgbImage, rect: [f64; 4], height_pt: f64) -> image::RgbImage {
    let x = (rect[0] * SCALE).round() as u32;
    let y = ((height_pt - rect[3]) * SCALE).round() as u32;
    let w = ((rect[2] - rect[0]) * SCALE).round() as u32;
    let h = ((rect[3] - rect[1]) * SCALE).round() as u32;
    image::imageops::crop_imm(page, x, y, w, h).to_image()
}

/// `png` scaled to the size of `shown`.
fn scaled_to(shown: &image::RgbImage, png: &Path) -> image::RgbImage {
    image::imageops::resize(
        &crate::common::decode_png(png),
        shown.width(),
        shown.height(),
        image::imageops::FilterType::Triangle,
    )
}

/// Asserts that `shown` is the picture `poster` of the folder `dir`, not `other` (its first, an
/// empty board): of the pixels where the two pictures differ (queens, captions), three in four of
/// `shown` are nearer the poster (the rest are edges, which the viewer's scaling moves; the page
/// showing `other` has about one in eight).
pub fn shows_poster(shown: &image::RgbImage, dir: &Path, poster: &str, other: &str, what: &str) {
    let poster_px = scaled_to(shown, &dir.join(poster));
    let other_px = scaled_to(shown, &dir.join(other));
    let distance = |a: &image::Rgb<u8>, b: &image::Rgb<u8>| -> u32 {
        a.0.iter()
            .zip(b.0)
            .map(|(x, y)| u32::from(x.abs_diff(y)))
            .sum()
    };
    let (mut telling, mut nearer) = (0u32, 0u32);
    for ((s, p), o) in shown
        .pixels()
        .zip(poster_px.pixels())
        .zip(other_px.pixels())
    {
        if distance(p, o) < 120 {
            continue;
        }
        telling += 1;
        nearer += u32::from(distance(s, p) < distance(s, o));
    }
    assert!(
        telling > 100,
        "{what}: {poster} and {other} hardly differ ({telling} pixels)"
    );
    assert!(
        nearer * 4 >= telling * 3,
        "{what}: the page shows {other} rather than the poster {poster} ({nearer} of {telling} pixels where they differ are nearer the poster)"
    );
}

/// The last picture of a frames folder, and its first.
pub fn first_and_last(dir: &Path) -> (String, String) {
    let list = std::fs::read_to_string(dir.join("frames.txt")).unwrap();
    let names: Vec<&str> = list.lines().filter_map(|l| l.split(' ').next()).collect();
    (names[0].to_string(), names[names.len() - 1].to_string())
}

const DECK: &str = r"\documentclass{beamer}
\usepackage{animate}
\begin{document}
\begin{frame}{Two searches}
\centering
\def\chessvizheight{0.35\textheight}
\input{q4/animate.tex}\hfill\input{my frames/animate.tex}
\end{frame}
\begin{frame}{The search with its program}
\centering
\input{panels/animate.tex}
\end{frame}
\begin{frame}{A height given here}
\centering
\def\chessvizheight{0.3\textheight}
\input{a~b/animate.tex}
\end{frame}
\begin{frame}{Heights kept}
\centering
\input{a~b/animate.tex}\hfill\input{q4/animate.tex}
\end{frame}
\begin{frame}{A poster of one's own}
\centering
\input{middle/animate.tex}
\end{frame}
{\setbeamercolor{background canvas}{bg=blue!25}
\begin{frame}{On a coloured slide}
\centering
\input{clear/animate.tex}
\end{frame}}
\end{document}
";

#[test]
#[cfg_attr(
    any(no_pdflatex, no_kpsewhich, no_pdftoppm),
    ignore = "pdflatex or pdftoppm not found (apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra poppler-utils)"
)]
fn a_beamer_deck_of_animations_fits_its_frames_and_shows_the_posters() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let queens = ["queens", "--until-solution", "1", "--cell", "20", "-q"];
    let with = |more: &[&str]| -> Vec<String> {
        queens.iter().chain(more).map(|s| s.to_string()).collect()
    };
    for args in [
        with(&["-n", "4", "--frames", "q4"]),
        with(&["-n", "5", "--frames", "my frames", "--format", "pdf"]),
        with(&["-n", "5", "--frames", "a~b"]),
        with(&["-n", "5", "--panel", "all", "--frames", "panels"]),
        with(&["-n", "4", "--frames", "middle", "--poster", "5"]),
        with(&[
            "-n",
            "4",
            "--frames",
            "clear",
            "--background",
            "transparent",
        ]),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        chessviz(t, &args);
    }
    if !latex_ready() || !crate::common::have("pdftoppm") {
        return;
    }
    std::fs::write(t.join("deck.tex"), DECK).unwrap();
    let log = pdflatex(t, "deck");
    let over: Vec<_> = overfull(&log)
        .into_iter()
        .filter(|(pt, _)| *pt > 1.0)
        .collect();
    assert!(over.is_empty(), "boxes too large: {over:?}");
    let pdf = t.join("deck.pdf");
    let doc = lopdf::Document::load(&pdf).unwrap();
    // Beamer adds an empty page at the end of a first run (its pages are counted in the next).
    assert!(doc.get_pages().len() >= 6, "a page a frame");
    let height = |r: &[f64; 4]| r[3] - r[1];
    let [q4, five] = animations(&doc, 1)[..] else {
        panic!("two animations on page 1: {:?}", widget_rects(&doc, 1));
    };
    assert!(
        (height(&q4) - height(&five)).abs() < 0.5,
        "one \\chessvizheight for both: {q4:?} {five:?}"
    );
    assert!(q4[2] < five[0], "side by side: {q4:?} {five:?}");
    let [panels] = animations(&doc, 2)[..] else {
        panic!("one animation on page 2: {:?}", widget_rects(&doc, 2));
    };
    let [given] = animations(&doc, 3)[..] else {
        panic!("one animation on page 3: {:?}", widget_rects(&doc, 3));
    };
    let [kept, q4_kept] = animations(&doc, 4)[..] else {
        panic!("two animations on page 4: {:?}", widget_rects(&doc, 4));
    };
    let [middle] = animations(&doc, 5)[..] else {
        panic!("one animation on page 5: {:?}", widget_rects(&doc, 5));
    };
    let [clear] = animations(&doc, 6)[..] else {
        panic!("one animation on page 6: {:?}", widget_rects(&doc, 6));
    };
    assert!(
        (height(&given) / height(&q4) - 0.3 / 0.35).abs() < 0.01,
        "0.3 against 0.35 \\textheight: {given:?} {q4:?}"
    );
    assert!(
        (height(&kept) - height(&given)).abs() < 0.5,
        "the height given on page 3 is kept on page 4: {given:?} {kept:?}"
    );
    assert!(
        (height(&q4_kept) - height(&q4)).abs() < 0.5,
        "the height given on page 1 is kept on page 4: {q4:?} {q4_kept:?}"
    );
    // The panels' picture is wider than high: the line's width limits it, not the height.
    let (w, h) = (panels[2] - panels[0], height(&panels));
    assert!(w > 1.5 * h, "{panels:?}");
    // The controls (widgets 4 to 30 pt high; animate's hidden helpers are smaller) sit under
    // their animation, no wider than it.
    for page in 1..=6 {
        let shows = animations(&doc, page);
        let controls = widget_rects(&doc, page)
            .into_iter()
            .filter(|r| (4.0..=30.0).contains(&(r[3] - r[1])));
        for r in controls {
            let under = shows
                .iter()
                .any(|a| r[0] >= a[0] - 0.5 && r[2] <= a[2] + 0.5);
            assert!(
                under,
                "page {page}: a control {r:?} outside the animations {shows:?}"
            );
        }
    }
    let page_height = {
        let id = doc.get_pages()[&1];
        let media = doc
            .get_dictionary(id)
            .and_then(|p| p.get(b"MediaBox"))
            .and_then(|m| m.as_array())
            .map(|m| {
                m.iter()
                    .filter_map(|v| v.as_float().ok())
                    .collect::<Vec<_>>()
            })
            .unwrap();
        f64::from(media[3])
    };
    for (page, rect, folder) in [(1, q4, "q4"), (2, panels, "panels"), (4, kept, "a~b")] {
        let shown = region(&render_page(&pdf, page), rect, page_height);
        let dir = t.join(folder);
        let (first, last) = first_and_last(&dir);
        shows_poster(
            &shown,
            &dir,
            &last,
            &first,
            &format!("page {page}, {folder}"),
        );
    }
    // --poster 5: picture 5 of frames.txt, not the last.
    let shown = region(&render_page(&pdf, 5), middle, page_height);
    let dir = t.join("middle");
    let (_, last) = first_and_last(&dir);
    shows_poster(&shown, &dir, "frame-0005.png", &last, "page 5, --poster 5");
    // Transparent pictures: the slide's colour shows through their margin.
    let page = render_page(&pdf, 6);
    let slide = *page.get_pixel(4, page.height() / 2);
    let shown = region(&page, clear, page_height);
    let margin = *shown.get_pixel(3, 3);
    let near =
        |a: image::Rgb<u8>, b: image::Rgb<u8>| a.0.iter().zip(b.0).all(|(x, y)| x.abs_diff(y) <= 6);
    assert!(slide.0[2] > slide.0[0] + 20, "a blue slide: {slide:?}");
    assert!(
        near(margin, slide),
        "the margin {margin:?} is the slide's {slide:?}"
    );
}
