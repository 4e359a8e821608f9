//! The page controls: `--background theme|white|transparent` and `--dpi N`, checked in the decoded
//! files: PNG alpha and chunks (tRNS, pHYs), the SVG rendered by resvg onto a transparent canvas, the
//! PDF's page box and page content; and the library's refusal of both for a GIF.

use std::path::Path;

use chessviz::knight::KnightAdapter;
use chessviz::{Annotated, Annotations, CaptionChoice, Square, Style};

use crate::annotate_cli::{make, rgba, still};

#[test]
fn a_transparent_png_has_a_clear_margin_and_an_opaque_board() {
    let dir = tempfile::tempdir().unwrap();
    // The print theme's light squares are its margin colour: they must stay opaque too.
    for theme in ["default", "print", "slate"] {
        for (sub, args, rows, cols) in [
            ("queens", vec!["queens", "--cell", "24"], 8u32, 8u32),
            (
                "knight",
                vec!["knight", "--rows", "5", "--cols", "6", "--cell", "24"],
                5,
                6,
            ),
            ("tromino", vec!["tromino", "-k", "3", "--cell", "24"], 8, 8),
        ] {
            let name = format!("{sub}-{theme}.png");
            let img = still(
                dir.path(),
                &name,
                &[
                    &args[..],
                    &["--theme", theme, "--background", "transparent"],
                ]
                .concat(),
            );
            let margin = 16;
            let (w, h) = img.dimensions();
            assert_eq!(w, cols * 24 + 2 * margin, "{name}");
            let on_board = |x: u32, y: u32| {
                (margin..margin + cols * 24).contains(&x)
                    && (margin..margin + rows * 24).contains(&y)
            };
            let mut clear = 0;
            for (x, y, p) in img.enumerate_pixels() {
                if on_board(x, y) {
                    assert_eq!(p.0[3], 255, "{name}: board pixel {x},{y} is not opaque");
                } else if p.0[3] == 0 {
                    clear += 1;
                }
            }
            assert_eq!(img.get_pixel(0, 0).0[3], 0, "{name}: corner");
            assert_eq!(img.get_pixel(w - 1, h - 1).0[3], 0, "{name}: corner");
            // Most of the margin is clear; labels and the board frame are not.
            let margin_pixels = w * h - rows * cols * 24 * 24;
            assert!(
                clear * 2 > margin_pixels,
                "{name}: {clear} of {margin_pixels}"
            );
        }
    }
    // The chunk itself: one clear palette entry (the edges of text are partly opaque, see
    // `transparency`).
    let path = dir.path().join("queens-default.png");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let reader = decoder.read_info().unwrap();
    let trns = reader
        .info()
        .trns
        .as_deref()
        .expect("a tRNS chunk")
        .to_vec();
    assert_eq!(trns.iter().filter(|&&a| a == 0).count(), 1, "{trns:?}");
}

#[test]
fn a_white_background_is_white_behind_any_theme() {
    let dir = tempfile::tempdir().unwrap();
    for theme in ["default", "slate", "classic"] {
        let img = still(
            dir.path(),
            &format!("{theme}.png"),
            &[
                "queens",
                "--cell",
                "24",
                "--theme",
                theme,
                "--background",
                "white",
            ],
        );
        assert_eq!(img.get_pixel(0, 0).0, [255, 255, 255, 255], "{theme}");
        let themed = still(
            dir.path(),
            &format!("{theme}-t.png"),
            &["queens", "--cell", "24", "--theme", theme],
        );
        assert_ne!(themed.get_pixel(0, 0).0, [255, 255, 255, 255], "{theme}");
        // Same board.
        assert_eq!(
            img.get_pixel(100, 100),
            themed.get_pixel(100, 100),
            "{theme}"
        );
    }
}

/// The page content of a one-page PDF, decompressed.
fn pdf_page(bytes: &[u8]) -> (Vec<f32>, String) {
    let doc = lopdf::Document::load_mem(bytes).expect("lopdf parses the PDF");
    let page = *doc.get_pages().values().next().expect("a page");
    let mb: Vec<f32> = doc
        .get_dictionary(page)
        .unwrap()
        .get(b"MediaBox")
        .and_then(|o| o.as_array())
        .expect("MediaBox")
        .iter()
        .map(|o| o.as_float().expect("a number"))
        .collect();
    let content = String::from_utf8_lossy(&doc.get_page_content(page)).to_string();
    (mb, content)
}

/// An SVG rendered by resvg onto a transparent pixmap at its pixel size.
fn render_svg_rgba(svg: &str) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

#[test]
fn transparent_svg_and_pdf_paint_no_background() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let base = ["tromino", "-k", "2", "--cell", "32", "--caption", "Four"];
    let file = |name: &str, extra: &[&str]| {
        let path = d.join(name);
        make(&[&base[..], extra, &["-o", path.to_str().unwrap()]].concat());
        std::fs::read(path).unwrap()
    };
    // 4 x 4 cells of 32, margin 16, caption band 16: 160 x 176.
    let svg = String::from_utf8(file("t.svg", &[])).unwrap();
    let clear_svg = String::from_utf8(file("c.svg", &["--background", "transparent"])).unwrap();
    assert!(svg.contains("id=\"background\""));
    assert!(!clear_svg.contains("id=\"background\""));
    let opaque = render_svg_rgba(&svg);
    let clear = render_svg_rgba(&clear_svg);
    assert_eq!((clear.width(), clear.height()), (160, 176));
    let alpha = |p: &resvg::tiny_skia::Pixmap, x: u32, y: u32| p.pixel(x, y).unwrap().alpha();
    // (150, 170): the caption band beside the caption and its halo.
    for (x, y) in [(0, 0), (159, 0), (0, 175), (159, 175), (2, 80), (150, 170)] {
        assert_eq!(alpha(&opaque, x, y), 255, "{x},{y}");
        assert_eq!(alpha(&clear, x, y), 0, "{x},{y}");
    }
    for (x, y) in [(20, 20), (80, 80), (140, 140)] {
        assert_eq!(alpha(&clear, x, y), 255, "board {x},{y}");
    }
    // The caption is still there.
    let band_ink = (0..160).any(|x| (160..176).any(|y| alpha(&clear, x, y) > 0));
    assert!(band_ink, "the caption text is drawn");

    let (mb, content) = pdf_page(&file("t.pdf", &[]));
    let (clear_mb, clear_content) = pdf_page(&file("c.pdf", &["--background", "transparent"]));
    assert_eq!(mb, clear_mb);
    let whole = "0 0 160 176 re";
    assert!(
        content.contains(whole),
        "the default page paints its background"
    );
    assert!(
        !clear_content.contains(whole),
        "a transparent page paints none"
    );
    assert!(
        !clear_content.contains("0 160 160 16 re"),
        "nor behind the caption"
    );
}

#[test]
fn dpi_sets_the_png_resolution_and_the_pdf_and_svg_page_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let base = ["queens", "-n", "5", "--cell", "40"];
    // 5 cells of 40, margin 20: 240 x 260 with the caption band.
    let file = |name: &str, extra: &[&str]| {
        let path = d.join(name);
        make(&[&base[..], extra, &["-o", path.to_str().unwrap()]].concat());
        path
    };
    let png_dims = |path: &Path| {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        decoder.read_info().unwrap().info().pixel_dims
    };
    let dims = png_dims(&file("q300.png", &["--dpi", "300"])).expect("a pHYs chunk");
    assert_eq!((dims.xppu, dims.yppu), (11811, 11811));
    assert_eq!(dims.unit, png::Unit::Meter);
    assert!(
        png_dims(&file("q.png", &[])).is_none(),
        "no resolution unless asked"
    );
    let dims = png_dims(&file("q96.png", &["--dpi", "96"])).unwrap();
    assert_eq!(dims.xppu, 3780);
    // The pixels are the same.
    assert_eq!(rgba(&d.join("q300.png")), rgba(&d.join("q.png")));

    let (mb, _) = pdf_page(&std::fs::read(file("q300.pdf", &["--dpi", "300"])).unwrap());
    let want = [0.0, 0.0, 240.0 * 72.0 / 300.0, 260.0 * 72.0 / 300.0];
    for (a, b) in mb.iter().zip(want) {
        assert!((a - b).abs() < 1e-3, "MediaBox {mb:?}, want {want:?}");
    }
    let (mb, _) = pdf_page(&std::fs::read(file("q.pdf", &[])).unwrap());
    assert_eq!(
        mb,
        [0.0, 0.0, 180.0, 195.0],
        "96 pixels per inch by default"
    );

    let svg = std::fs::read_to_string(file("q300.svg", &["--dpi", "300"])).unwrap();
    // 240 px at 300 dpi = 20.32 mm, 260 px = 22.01 mm.
    assert!(
        svg.contains("width=\"20.32mm\" height=\"22.01mm\" viewBox=\"0 0 240 260\""),
        "{}",
        &svg[..300.min(svg.len())]
    );
    let svg = std::fs::read_to_string(file("q.svg", &[])).unwrap();
    assert!(svg.contains("width=\"240\" height=\"260\" viewBox=\"0 0 240 260\""));
}

#[test]
fn a_library_gif_refuses_what_it_cannot_hold() {
    let problem = chessviz::knight::KnightProblem::new(5, 5, Square::new(0, 0)).unwrap();
    let pacing = chessviz::Pacing::new(100, 100);
    for (background, dpi) in [
        (chessviz::Background::Transparent, None),
        (chessviz::Background::Theme, Some(300)),
    ] {
        let mut style = Style::new(16);
        style.background = background;
        style.dpi = dpi;
        let mut out = Vec::new();
        let mut adapter = KnightAdapter::new(5, 5);
        let e = chessviz::animate_problem(
            &mut out,
            &mut adapter,
            &problem,
            &style,
            pacing,
            &mut chessviz::NoProgress,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("GIF") && !e.contains("--"), "{e}");
        assert!(out.is_empty(), "nothing written");
    }
    // White is fine for a GIF, and annotated like any figure.
    let mut style = Style::new(16);
    style.background = chessviz::Background::White;
    let mut ann = Annotations::new(5, 5);
    ann.set_caption(CaptionChoice::Text("Knight".into()));
    let mut adapter = Annotated::new(KnightAdapter::new(5, 5), ann);
    let mut out = Vec::new();
    chessviz::animate_problem(
        &mut out,
        &mut adapter,
        &problem,
        &style,
        pacing,
        &mut chessviz::NoProgress,
    )
    .unwrap();
    let gif = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(out)).unwrap();
    use image::ImageDecoder;
    let (w, h) = gif.dimensions();
    assert_eq!((w, h), (5 * 16 + 32, 5 * 16 + 48), "a caption band");
}

#[test]
fn the_files_of_all_and_the_sheet_follow_the_page_controls() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let all = d.join("all");
    make(&[
        "queens",
        "-n",
        "5",
        "--cell",
        "24",
        "--theme",
        "print",
        "--all",
        "--background",
        "transparent",
        "--dpi",
        "300",
        "-o",
        all.to_str().unwrap(),
        "-q",
    ]);
    let files: Vec<_> = std::fs::read_dir(&all)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 10, "the 10 solutions of 5 queens");
    for path in &files {
        let img = rgba(path);
        assert_eq!(img.get_pixel(0, 0).0[3], 0, "{}", path.display());
        // 5 cells of 24 in a margin of 16: the board from 16 to 136.
        for (x, y) in [(17, 17), (70, 70), (135, 135)] {
            assert_eq!(img.get_pixel(x, y).0[3], 255, "{}: {x},{y}", path.display());
        }
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let dims = decoder
            .read_info()
            .unwrap()
            .info()
            .pixel_dims
            .expect("pHYs");
        assert_eq!(dims.xppu, 11811);
    }
    let vectors = d.join("vectors");
    make(&[
        "queens",
        "-n",
        "5",
        "--cell",
        "24",
        "--all",
        "--format",
        "pdf",
        "--background",
        "transparent",
        "--dpi",
        "300",
        "-o",
        vectors.to_str().unwrap(),
        "-q",
    ]);
    for entry in std::fs::read_dir(&vectors).unwrap() {
        let (mb, content) = pdf_page(&std::fs::read(entry.unwrap().path()).unwrap());
        // 152 x 168 pixels (caption band included) at 300 pixels per inch.
        assert!((mb[2] - 152.0 * 0.24).abs() < 1e-3, "{mb:?}");
        assert!((mb[3] - 168.0 * 0.24).abs() < 1e-3, "{mb:?}");
        assert!(!content.contains("0 0 152 168 re"), "no background");
    }
    // A sheet records the resolution too (its PNG and its PDF page).
    let sheet = d.join("sheet.png");
    make(&[
        "queens",
        "-n",
        "5",
        "--sheet",
        sheet.to_str().unwrap(),
        "--dpi",
        "150",
        "-q",
    ]);
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&sheet).unwrap(),
    ));
    let dims = decoder
        .read_info()
        .unwrap()
        .info()
        .pixel_dims
        .expect("pHYs");
    assert_eq!(dims.xppu, 5906);
    let width = rgba(&sheet).width() as f32;
    let pdf = d.join("sheet.pdf");
    make(&[
        "queens",
        "-n",
        "5",
        "--sheet",
        pdf.to_str().unwrap(),
        "--dpi",
        "150",
        "-q",
    ]);
    let (mb, _) = pdf_page(&std::fs::read(&pdf).unwrap());
    assert!(
        (mb[2] - width * 72.0 / 150.0).abs() < 1e-3,
        "{mb:?} for {width} px"
    );
}
