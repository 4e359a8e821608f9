//! Panels on any page: with `--background transparent` the panel's text stands on the halo the
//! board's labels have, so that it reads on a blue slide, a white page and a black one alike, in
//! every theme and in PNG, APNG, SVG and PDF. Each picture is composited on the three pages and
//! the panel's text measured against what surrounds it (the WCAG contrast ratio).

use std::path::Path;

use image::{Rgb, RgbImage, RgbaImage};

use crate::common::{decode_png_rgba, have, ok, tempdir};
use crate::decode_anim::decode_apng;

/// The pages a transparent figure is laid on: a slide's blue, paper, a dark slide.
const PAGES: [(&str, [u8; 3]); 3] = [
    ("blue", [40, 70, 160]),
    ("white", [255, 255, 255]),
    ("black", [0, 0, 0]),
];

/// WCAG's minimum contrast for body text (level AA).
const MIN_CONTRAST: f64 = 4.5;

/// `img` laid on a page of `page`'s colour.
fn on_page(img: &RgbaImage, page: [u8; 3]) -> RgbImage {
    RgbImage::from_fn(img.width(), img.height(), |x, y| {
        let p = img.get_pixel(x, y).0;
        let a = u32::from(p[3]);
        Rgb(std::array::from_fn(|i| {
            ((u32::from(p[i]) * a + u32::from(page[i]) * (255 - a) + 127) / 255) as u8
        }))
    })
}

fn luminance(c: [u8; 3]) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
}

fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The panel text's contrast with its surroundings right of `x0` on `page`: for every opaque
/// pixel of the text's ink, the strongest contrast within two pixels of it (what the eye
/// separates the stroke from), and of those the tenth percentile (the faintest tenth of the
/// text). With the number of ink pixels, so that a panel without text cannot pass.
fn text_contrast(picture: &RgbaImage, page: [u8; 3], ink: [u8; 3], x0: u32) -> (usize, f64) {
    let img = on_page(picture, page);
    let near =
        |p: [u8; 4]| p[3] >= 250 && (0..3).map(|i| p[i].abs_diff(ink[i]) as u32).sum::<u32>() <= 24;
    let mut found = Vec::new();
    for y in 2..img.height() - 2 {
        for x in x0.max(2)..img.width() - 2 {
            if !near(picture.get_pixel(x, y).0) {
                continue;
            }
            let best = (y - 2..=y + 2)
                .flat_map(|ny| (x - 2..=x + 2).map(move |nx| (nx, ny)))
                .map(|(nx, ny)| contrast(ink, img.get_pixel(nx, ny).0))
                .fold(1.0, f64::max);
            found.push(best);
        }
    }
    found.sort_by(f64::total_cmp);
    let faint = found.get(found.len() / 10).copied().unwrap_or(0.0);
    (found.len(), faint)
}

/// The panel text's ink of a theme: the ink that reads on its background.
fn panel_ink(theme: &str) -> [u8; 3] {
    let t = chessviz::Theme::by_name(theme).expect("a theme");
    t.ink_on(t.background)
}

/// Checks the panel right of half the picture on every page; on failure the composited picture
/// is kept beside the test's files.
fn assert_reads(what: &str, img: &RgbaImage, theme: &str, keep: &Path) {
    let ink = panel_ink(theme);
    for (name, page) in PAGES {
        let (pixels, faint) = text_contrast(img, page, ink, img.width() / 2);
        if pixels < 400 || faint < MIN_CONTRAST {
            let file = keep.join(format!("{what}-{theme}-on-{name}.png"));
            on_page(img, page).save(&file).unwrap();
            panic!(
                "{what}, --theme {theme} on a {name} page: {pixels} pixels of panel text, the \
                 faintest tenth at contrast {faint:.2} (at least {MIN_CONTRAST}); see {}",
                file.display()
            );
        }
    }
}

/// The 8-queens search at step 40 with every panel, on a see-through background.
fn queens_args<'a>(theme: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "queens",
        "--panel",
        "all",
        "--background",
        "transparent",
        "--theme",
        theme,
        "-q",
        "-o",
        out,
    ]
}

fn kept() -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("panel_pages");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn panel_text_reads_on_any_page_in_png_and_apng() {
    let t = tempdir();
    for theme in chessviz::Theme::NAMES {
        let png = t.path().join(format!("{theme}.png"));
        let png_s = png.display().to_string();
        let mut args = queens_args(theme, &png_s);
        args.extend(["--step", "40"]);
        ok(&args);
        let img = decode_png_rgba(&std::fs::read(&png).unwrap());
        assert_reads("png", &img, theme, &kept());
    }
    // The animation's frame of step 40 is drawn by updating the frames before it: its panel
    // rows are repainted one by one, each with its halo.
    for theme in ["default", "slate"] {
        let apng = t.path().join(format!("{theme}.apng"));
        let apng_s = apng.display().to_string();
        let mut args = queens_args(theme, &apng_s);
        args.extend(["--max-frames", "41"]);
        ok(&args);
        let frames = decode_apng(&apng).frames;
        assert_eq!(frames.len(), 41);
        assert_reads("apng", &frames[40], theme, &kept());
    }
}

#[test]
fn panel_text_reads_on_any_page_in_svg_and_pdf() {
    let t = tempdir();
    for theme in ["default", "slate"] {
        let svg = t.path().join(format!("{theme}.svg"));
        let svg_s = svg.display().to_string();
        let mut args = queens_args(theme, &svg_s);
        args.extend(["--step", "40"]);
        ok(&args);
        let text = std::fs::read_to_string(&svg).unwrap();
        let tree = resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default())
            .expect("resvg parses the SVG");
        let size = tree.size().to_int_size();
        let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
        // tiny-skia keeps premultiplied colours: undone for the compositing above.
        let img = RgbaImage::from_fn(size.width(), size.height(), |x, y| {
            let c = pixmap.pixel(x, y).unwrap().demultiply();
            image::Rgba([c.red(), c.green(), c.blue(), c.alpha()])
        });
        assert_reads("svg", &img, theme, &kept());

        if !have("pdftocairo") {
            continue;
        }
        let pdf = t.path().join(format!("{theme}.pdf"));
        let pdf_s = pdf.display().to_string();
        let mut args = queens_args(theme, &pdf_s);
        args.extend(["--step", "40"]);
        ok(&args);
        // Poppler's Cairo output keeps the page see-through (-transp); at 96 dpi a figure
        // pixel (3/4 pt) is a pixel again.
        let stem = t.path().join(format!("{theme}-pdf"));
        let status = std::process::Command::new("pdftocairo")
            .args(["-png", "-transp", "-singlefile", "-r", "96"])
            .arg(&pdf)
            .arg(&stem)
            .status()
            .expect("run pdftocairo");
        assert!(status.success());
        let img = image::open(stem.with_extension("png")).unwrap().to_rgba8();
        assert_reads("pdf", &img, theme, &kept());
    }
}
