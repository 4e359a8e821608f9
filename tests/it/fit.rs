//! Sizes for slides and pages: `--fit WxH`, `--width`, `--height` choose the largest cell whose whole
//! picture fits the box, in every format; summary lines give a GIF's pixels and a PDF's page.

use std::path::Path;

use chessviz::queens::{QueensBatch, Selection};
use chessviz::{Fit, Style};

use crate::common::{decode_gif, decode_png, fails, ok, status, tempdir};

/// The figure's size in pixels: decoded for PNG and GIF, the viewBox of an SVG, the MediaBox of a
/// PDF at 96 pixels an inch.
fn size_of(path: &Path) -> (u32, u32) {
    match path.extension().and_then(|e| e.to_str()) {
        Some("png") => decode_png(path).dimensions(),
        Some("gif") => {
            let g = decode_gif(path);
            g.rgb(g.frames.len() - 1).dimensions()
        }
        Some("svg") => {
            let svg = std::fs::read_to_string(path).unwrap();
            let view = svg.split("viewBox=\"0 0 ").nth(1).expect("a viewBox");
            let mut it = view.split(['"', ' ']).map(|v| v.parse::<f64>().unwrap());
            (it.next().unwrap() as u32, it.next().unwrap() as u32)
        }
        Some("pdf") => {
            let pdf = String::from_utf8_lossy(&std::fs::read(path).unwrap()).to_string();
            let media = pdf.split("/MediaBox [0 0 ").nth(1).expect("a MediaBox");
            let mut it = media
                .split([' ', ']'])
                .map(|v| v.parse::<f64>().unwrap() / 0.75);
            let (w, h) = (it.next().unwrap(), it.next().unwrap());
            (w.round() as u32, h.round() as u32)
        }
        other => panic!("no size for {other:?}"),
    }
}

#[test]
fn figures_fit_the_box_in_every_format_and_one_more_pixel_of_cell_would_not() {
    let dir = tempdir();
    // The queens' figure has a caption band; the tromino's none.
    for (base, rows, caption) in [
        (&["queens", "-n", "8"][..], 8, true),
        (&["tromino", "-k", "3"][..], 8, false),
    ] {
        for (fit_args, fit) in [
            (&["--fit", "1280x720"][..], Fit::new(1280, 720)),
            (&["--width", "500"][..], Fit::width(500)),
            (&["--height", "333"][..], Fit::height(333)),
        ] {
            let cell = Style::new(48).fit(fit, rows, rows, caption).unwrap().cell;
            for ext in ["png", "gif", "svg", "pdf"] {
                let path = dir.path().join(format!("f.{ext}"));
                let p = path.to_str().unwrap();
                let mut args = [base, fit_args, &["-o", p, "-q"][..]].concat();
                if ext == "gif" {
                    args.extend(["--max-frames", "2"]);
                }
                ok(&args);
                let (w, h) = size_of(&path);
                assert!(
                    fit.holds(w.into(), h.into()),
                    "{base:?} {fit} .{ext}: {w} x {h}"
                );
                // The same figure at one more pixel of cell leaves the box.
                if ext == "png" {
                    let bigger = (cell + 1).to_string();
                    ok(&[base, &["--cell", &bigger, "-o", p, "-q"][..]].concat());
                    let (w2, h2) = size_of(&path);
                    assert!(
                        !fit.holds(w2.into(), h2.into()),
                        "{base:?} {fit}: cell {cell} is wastefully small"
                    );
                }
            }
        }
    }
}

#[test]
fn steps_frames_storyboards_and_sheets_fit_too() {
    let dir = tempdir();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let fit = Fit::new(640, 480);
    let (step, story, sheet) = (p("step.png"), p("story.svg"), p("sheet.png"));
    ok(&[
        "knight", "-n", "6", "--fit", "640x480", "--step", "5", "-o", &step, "-q",
    ]);
    ok(&[
        "queens",
        "-n",
        "6",
        "--fit",
        "640x480",
        "--storyboard",
        "0,5,10",
        "-o",
        &story,
        "-q",
    ]);
    ok(&[
        "queens", "-n", "6", "--fit", "640x480", "--sheet", &sheet, "-q",
    ]);
    ok(&[
        "queens",
        "-n",
        "5",
        "--fit",
        "640x480",
        "--frames",
        &p("frames"),
        "--max-frames",
        "2",
        "-q",
    ]);
    for path in [step, story, sheet, p("frames/frame-0001.png")] {
        let (w, h) = size_of(Path::new(&path));
        assert!(fit.holds(w.into(), h.into()), "{path}: {w} x {h}");
        // Not wastefully small: one side reaches within a tenth of the box.
        assert!(w * 10 >= 640 * 9 || h * 10 >= 480 * 9, "{path}: {w} x {h}");
    }
}

#[test]
fn a_fitted_sheet_takes_the_largest_cell_that_fits() {
    let style = Style::new(48);
    let fit = Fit::new(900, 700);
    let fitted = QueensBatch::new(6, Selection::All)
        .unwrap()
        .sheet_fit(Some(fit));
    let layout = fitted.sheet_layout(&style, None).unwrap();
    assert!(fit.holds(layout.width().into(), layout.height().into()));
    // The boards are bare, 6 cells a side: their cell, and the same sheet one pixel of cell larger.
    let cell = layout.board_rect(0).width / 6;
    let plain = QueensBatch::new(6, Selection::All).unwrap();
    let mut bigger = style.clone();
    bigger.cell = cell + 1;
    let l2 = plain.sheet_layout(&bigger, None).unwrap();
    assert!(
        !fit.holds(l2.width().into(), l2.height().into()),
        "cell {cell}"
    );
}

#[test]
fn summaries_give_a_gifs_pixels_and_a_pdfs_page() {
    let dir = tempdir();
    let gif = dir.path().join("a.gif");
    let out = status(&[
        "queens",
        "-n",
        "5",
        "--fit",
        "400x300",
        "-o",
        gif.to_str().unwrap(),
    ]);
    let (w, h) = size_of(&gif);
    assert!(out.contains(&format!("{w} x {h} pixels")), "{out}");
    let pdf = dir.path().join("a.pdf");
    let out = status(&[
        "queens",
        "-n",
        "5",
        "--cell",
        "30",
        "--dpi",
        "300",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    // 5 cells of 30, margins of 16 and a caption band of 16: 182 x 198 pixels at 300 dpi.
    let mm = |px: f64| px * 25.4 / 300.0;
    let page = format!("page {:.1} x {:.1} mm at 300 dpi", mm(182.0), mm(198.0));
    assert!(out.contains(&page), "{out} lacks {page}");
}

#[test]
fn a_box_with_a_cell_or_too_small_is_refused() {
    let e = fails(
        &["queens", "--fit", "1280x720", "--cell", "30", "-o", "x.png"],
        b"",
    );
    assert!(e.contains("--fit") && e.contains("--cell"), "{e}");
    let e = fails(
        &["queens", "--width", "300", "--cell", "30", "-o", "x.png"],
        b"",
    );
    assert!(e.contains("--width") && e.contains("--cell"), "{e}");
    let e = fails(&["queens", "--fit", "10x10", "-o", "x.png"], b"");
    assert!(e.contains("10 x 10 pixels"), "{e}");
    let e = fails(&["queens", "--fit", "1280", "-o", "x.png"], b"");
    assert!(e.contains("WIDTHxHEIGHT"), "{e}");
    let e = fails(
        &["tromino", "--shapes", "--fit", "800x600", "-o", "x.png"],
        b"",
    );
    assert!(e.contains("--fit") && e.contains("--shapes"), "{e}");
    let e = fails(&["queens", "--fit", "800x600"], b"");
    assert!(e.contains("--fit"), "{e}");
}
