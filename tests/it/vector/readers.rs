//! Independent readers of the vector files: SVG rendered with resvg and compared with a raster
//! pixel by pixel, PDF parsed back with lopdf. Shared by the integration tests and the vector
//! writers' own tests.

use std::path::PathBuf;

use image::{Rgb, RgbImage};

/// Share of pixels that must agree, and how far a channel may be off.
pub const AGREE_SHARE: f64 = 0.98;
pub const AGREE_LEVELS: u8 = 24;

/// Supersampling of [`render_svg`] per axis.
const SUPERSAMPLE: u32 = 4;

/// Renders an SVG document with resvg onto white, at [`SUPERSAMPLE`] times the size and averaged
/// back down (in sRGB, as the palette raster blends).
///
/// tiny-skia anti-aliases with four sub-scanlines a pixel, so by itself a horizontal edge's pixel
/// is up to an eighth of full contrast (32 levels) off the exact coverage; that alone fails pixels
/// on every digit. Rendering larger and averaging measures the SVG's geometry, not that rounding.
pub fn render_svg(svg: &str) -> RgbImage {
    let opt = resvg::usvg::Options::default();
    let tree = resvg::usvg::Tree::from_str(svg, &opt).expect("resvg parses the SVG");
    let size = tree.size().to_int_size();
    let (w, h, s) = (size.width(), size.height(), SUPERSAMPLE);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w * s, h * s).expect("pixmap");
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(s as f32, s as f32),
        &mut pixmap.as_mut(),
    );
    let big = pixmap.pixels();
    RgbImage::from_fn(w, h, |x, y| {
        let mut sum = [0u32; 3];
        for sy in 0..s {
            for sx in 0..s {
                let c = big[((y * s + sy) * w * s + x * s + sx) as usize].demultiply();
                sum[0] += u32::from(c.red());
                sum[1] += u32::from(c.green());
                sum[2] += u32::from(c.blue());
            }
        }
        let n = s * s;
        Rgb(sum.map(|v| ((v + n / 2) / n) as u8))
    })
}

/// Share of pixels whose channels all lie within `AGREE_LEVELS`, and a diff image (red where they
/// do not).
pub fn agreement(actual: &RgbImage, expected: &RgbImage) -> (f64, RgbImage) {
    assert_eq!(actual.dimensions(), expected.dimensions(), "image sizes");
    let mut diff = RgbImage::new(actual.width(), actual.height());
    let mut good = 0u64;
    for (x, y, a) in actual.enumerate_pixels() {
        let e = expected.get_pixel(x, y);
        let off = (0..3).map(|i| a[i].abs_diff(e[i])).max().unwrap_or(0);
        if off <= AGREE_LEVELS {
            good += 1;
            let g = 128 + (e[0] as u16 + e[1] as u16 + e[2] as u16) as u8 / 6;
            diff.put_pixel(x, y, Rgb([g, g, g]));
        } else {
            diff.put_pixel(x, y, Rgb([255, 0, 0]));
        }
    }
    let total = u64::from(actual.width()) * u64::from(actual.height());
    (good as f64 / total as f64, diff)
}

/// Writes actual, expected and diff images under `target/tmp/vector/` and returns their paths.
pub fn save_failure(name: &str, actual: &RgbImage, expected: &RgbImage, diff: &RgbImage) -> String {
    let dir = scratch_dir("vector");
    let mut names = Vec::new();
    for (kind, img) in [("actual", actual), ("expected", expected), ("diff", diff)] {
        let p = dir.join(format!("{name}-{kind}.png"));
        img.save(&p).expect("save a failure image");
        names.push(p.display().to_string());
    }
    names.join(", ")
}

/// Checks that `svg` looks like `expected` (see [`AGREE_SHARE`]); returns the share.
pub fn assert_agrees(name: &str, svg: &str, expected: &RgbImage) -> f64 {
    let actual = render_svg(svg);
    let (share, diff) = agreement(&actual, expected);
    if share < AGREE_SHARE {
        let files = save_failure(name, &actual, expected, &diff);
        panic!(
            "{name}: only {:.2} % of pixels agree (need {:.0} %); see {files}",
            share * 100.0,
            AGREE_SHARE * 100.0
        );
    }
    share
}

/// Parses a PDF back and checks the page contract: one page, MediaBox of `w` x `h` pixels at
/// `pt_per_px`, no image XObject anywhere, content that decompresses, and a version of at most
/// 1.5 (what pdfTeX includes without a warning: LaTeX users put these pages in their documents).
pub fn check_pdf(bytes: &[u8], w: u32, h: u32, pt_per_px: f32) {
    assert!(bytes.starts_with(b"%PDF-1."), "not a PDF");
    let minor = bytes[7];
    assert!(
        (b'0'..=b'5').contains(&minor),
        "PDF version 1.{}",
        minor as char
    );
    let doc = lopdf::Document::load_mem(bytes).expect("lopdf parses the PDF");
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 1, "one page");
    let page = *pages.values().next().expect("a page");
    let dict = doc.get_dictionary(page).expect("page dictionary");
    let mb: Vec<f32> = dict
        .get(b"MediaBox")
        .and_then(|o| o.as_array())
        .expect("MediaBox")
        .iter()
        .map(|o| o.as_float().expect("a number"))
        .collect();
    let want = [0.0, 0.0, w as f32 * pt_per_px, h as f32 * pt_per_px];
    assert_eq!(mb.len(), 4, "MediaBox {mb:?}");
    for (a, b) in mb.iter().zip(want) {
        assert!((a - b).abs() < 1e-3, "MediaBox {mb:?}, want {want:?}");
    }
    for (id, obj) in &doc.objects {
        if let Ok(stream) = obj.as_stream() {
            let subtype = stream.dict.get(b"Subtype").and_then(|s| s.as_name()).ok();
            assert_ne!(subtype, Some(&b"Image"[..]), "object {id:?} is an image");
            stream
                .decompressed_content()
                .or_else(|_| Ok::<_, ()>(stream.content.clone()))
                .expect("stream content");
        }
    }
    let content = doc.get_page_content(page);
    assert!(!content.is_empty(), "empty page content");
}

/// A folder under `target/tmp/` for files the tests keep to be looked at (`CARGO_TARGET_TMPDIR`
/// where cargo sets it, for integration tests; the same place from the manifest otherwise).
pub fn scratch_dir(name: &str) -> PathBuf {
    let tmp = option_env!("CARGO_TARGET_TMPDIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp"),
        PathBuf::from,
    );
    let dir = tmp.join(name);
    std::fs::create_dir_all(&dir).expect("create a folder under target/tmp");
    dir
}
