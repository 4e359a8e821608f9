//! SVG and PDF of the library's figures.
//!
//! Every figure's SVG is rendered with resvg and compared with its PNG: at least 98 % of the pixels
//! must be within 24 levels per channel. Every PDF is parsed back with lopdf: one page, a MediaBox
//! of the figure's size in points, no image XObjects. Failures write actual, expected and diff PNGs
//! under `target/tmp/`. The writers' own tests, on display lists made by hand and compared with an
//! independent raster, are beside them in the library.

use chessviz::knight::{self, KnightAdapter, KnightProblem};
use chessviz::queens::{self, QueensAdapter, QueensStyle};
use chessviz::tromino::{self, TrominoAdapter, TrominoProblem, TrominoStyle};
use chessviz::VectorFigure;
use chessviz::{draw, draw_vector, scene_after, Adapter, Scene, Square, Still, Style, Theme};
use image::{Rgb, RgbImage};

mod readers;
pub use readers::{
    agreement, assert_agrees, check_pdf, render_svg, save_failure, scratch_dir, AGREE_LEVELS,
    AGREE_SHARE,
};

/// A figure of the library drawn both ways: the PNG still and the vector figure of the same scene.
struct Drawn {
    name: String,
    still: Still,
    figure: VectorFigure,
}

/// The vector figure of `scene` with `hints`, after checking that the same scene drawn as a
/// raster is exactly `still` (so the vector figure is the still's figure).
fn vector_of<A: Adapter>(scene: &Scene, adapter: &A, style: &Style, still: &Still) -> VectorFigure {
    let raster = draw(scene, adapter.hints(), style).expect("raster");
    assert!(
        raster.to_rgba() == still.to_rgba(),
        "same raster as the library's still"
    );
    draw_vector(scene, adapter.hints(), style).expect("vector figure")
}

/// The figure as SVG text.
fn svg_of(figure: &VectorFigure) -> String {
    let mut svg = Vec::new();
    figure.write_svg(&mut svg).expect("svg");
    String::from_utf8(svg).expect("SVG is UTF-8")
}

/// The figure as PDF bytes, at the page its style asks for.
fn pdf_of(figure: &VectorFigure) -> Vec<u8> {
    let mut bytes = Vec::new();
    figure.write_pdf(&mut bytes, &figure.pdf).expect("pdf");
    bytes
}

/// The figures of the golden tests (tromino with numbers and splits, the 7th queens solution, a
/// 6 x 6 knight's tour) in `theme` at `cell` pixels.
fn library_figures(theme: &str, cell: u32) -> Vec<Drawn> {
    let mut style = Style::new(cell);
    style.theme = Theme::by_name(theme).expect("theme");
    let mut out = Vec::new();

    let problem = TrominoProblem::new(3, Square::new(2, 5)).expect("tromino");
    let look = TrominoStyle {
        numbers: true,
        show_splits: true,
        ..TrominoStyle::default()
    };
    let still = tromino::still(&problem, look, &style).expect("tromino still");
    let mut adapter = TrominoAdapter::new(&problem, look).expect("adapter");
    let (scene, _) = scene_after(&mut adapter, problem.trace().map(Ok), None).expect("scene");
    let figure = vector_of(&scene, &adapter, &style, &still);
    out.push(Drawn {
        name: format!("tromino-{theme}-{cell}"),
        still,
        figure,
    });

    let solution = queens::solutions(8).expect("queens").nth(6).expect("7th");
    let look = QueensStyle::default();
    let still = queens::still(&solution, look, &style).expect("queens still");
    let mut adapter = QueensAdapter::new(8, look);
    let show = [Ok(QueensAdapter::show(&solution, 7))];
    let (mut scene, _) = scene_after(&mut adapter, show, None).expect("scene");
    scene.set_caption(Some("Solution 7 of 92".to_string()));
    let figure = vector_of(&scene, &adapter, &style, &still);
    out.push(Drawn {
        name: format!("queens-{theme}-{cell}"),
        still,
        figure,
    });

    out.push(knight_figure(6, theme, cell));
    out
}

fn knight_figure(n: u32, theme: &str, cell: u32) -> Drawn {
    let mut style = Style::new(cell);
    style.theme = Theme::by_name(theme).expect("theme");
    let tour = KnightProblem::new(n, n, Square::new(0, 0))
        .and_then(|p| p.solve())
        .expect("tour");
    let still = knight::still(&tour, knight::KnightStyle::default(), &style).expect("knight still");
    let mut adapter = KnightAdapter::new(n, n);
    let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves(&tour), None).expect("scene");
    let figure = vector_of(&scene, &adapter, &style, &still);
    Drawn {
        name: format!("knight{n}-{theme}-{cell}"),
        still,
        figure,
    }
}

/// Where the tests leave the files they wrote, for looking at with other viewers.
fn keep_dir() -> std::path::PathBuf {
    scratch_dir("vector")
}

/// The still as RGB.
fn still_rgb(still: &Still) -> RgbImage {
    let (w, h) = (still.width(), still.height());
    RgbImage::from_fn(w, h, |x, y| {
        Rgb(still.palette().rgb(still.canvas().get(x, y)))
    })
}

#[test]
fn every_figure_as_svg_agrees_with_its_png() {
    let mut worst = (f64::INFINITY, String::new());
    let mut failures = Vec::new();
    for theme in Theme::NAMES {
        for cell in [16, 40] {
            for d in library_figures(theme, cell) {
                let svg = svg_of(&d.figure);
                std::fs::write(keep_dir().join(format!("{}.svg", d.name)), &svg).expect("svg");
                assert_eq!(svg, svg_of(&d.figure), "{}", d.name);
                let expected = still_rgb(&d.still);
                let actual = render_svg(&svg);
                let (share, diff) = agreement(&actual, &expected);
                if share < worst.0 {
                    worst = (share, d.name.clone());
                }
                if share < AGREE_SHARE {
                    let files = save_failure(&d.name, &actual, &expected, &diff);
                    failures.push(format!("{}: {:.2} % ({files})", d.name, share * 100.0));
                }
            }
        }
    }
    println!(
        "worst SVG figure: {} with {:.2} % of pixels within {AGREE_LEVELS} levels",
        worst.1,
        worst.0 * 100.0
    );
    assert!(
        failures.is_empty(),
        "figures below {AGREE_SHARE}: {failures:#?}"
    );
}

#[test]
fn every_figure_as_pdf_is_one_vector_page() {
    for theme in Theme::NAMES {
        for cell in [16, 40] {
            for d in library_figures(theme, cell) {
                let bytes = pdf_of(&d.figure);
                check_pdf(&bytes, d.figure.width(), d.figure.height(), 0.75);
                std::fs::write(keep_dir().join(format!("{}.pdf", d.name)), &bytes).expect("pdf");
                assert!(bytes == pdf_of(&d.figure), "{}: deterministic", d.name);
            }
        }
    }
}

#[test]
fn the_8x8_knight_figure_is_compact() {
    let d = knight_figure(8, "default", 48);
    let svg = svg_of(&d.figure);
    let dir = keep_dir();
    std::fs::write(dir.join("knight8.svg"), &svg).expect("write the SVG");
    assert!(svg.len() <= 60 * 1024, "{} bytes", svg.len());
    let share = assert_agrees(&d.name, &svg, &still_rgb(&d.still));
    println!(
        "8 x 8 knight: {} bytes of SVG, {:.2} % agree",
        svg.len(),
        share * 100.0
    );
    // Layers an author can restyle.
    for layer in ["board", "path", "marks", "numbers"] {
        assert!(
            svg.contains(&format!("<g id=\"{layer}\">")),
            "layer {layer}"
        );
    }
    std::fs::write(dir.join("knight8.pdf"), pdf_of(&d.figure)).expect("write the PDF");
    d.still
        .write_png(std::fs::File::create(dir.join("knight8.png")).expect("png file"))
        .expect("png");
}
