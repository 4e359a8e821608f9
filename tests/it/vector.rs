//! SVG and PDF output of display lists.
//!
//! The SVG is rendered with resvg and compared with an independent raster of the same list: an RGB
//! painter written here from the library's coverage masks (so it shares no code with the SVG writer
//! and none of the palette's colour ramps): at least 98 % of the pixels must be within 24 levels per
//! channel. Every PDF is parsed back with lopdf: one page, a MediaBox of the figure's size in
//! points, no image XObjects. Failures write actual, expected and diff PNGs under `target/tmp/`.

use std::path::PathBuf;

use chessviz::internals::draw::{
    DisplayList, FillRule, Item, Layer, Painter, Recorder, Shape, Symbol, SymbolId, SymbolShape,
    Symbols,
};
use chessviz::internals::encode::{pdf, svg, PdfOptions};
use chessviz::internals::raster::{fill_mask, fill_mask_nonzero, ring_mask, stroke_mask};
use chessviz::internals::{BoardRenderer, Mask, Palette, Path, Rect, RenderOptions};
use chessviz::knight::{self, KnightAdapter, KnightProblem};
use chessviz::queens::{self, QueensAdapter, QueensStyle};
use chessviz::tromino::{self, TrominoAdapter, TrominoProblem, TrominoStyle};
use chessviz::{scene_after, Adapter, RenderHints, Scene, Square, Still, Style, Theme};
use image::{Rgb, RgbImage};

/// Share of pixels that must agree, and how far a channel may be off.
const AGREE_SHARE: f64 = 0.98;
const AGREE_LEVELS: u8 = 24;

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
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("vector");
    std::fs::create_dir_all(&dir).expect("create target/tmp/vector");
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

/// The colours of the hand-made figures.
fn test_palette() -> Palette {
    Palette::new(vec![
        [250, 248, 243], // 0 background
        [240, 217, 181], // 1 light
        [181, 136, 99],  // 2 dark
        [30, 30, 30],    // 3 ink
        [200, 40, 40],   // 4 red
        [40, 90, 200],   // 5 blue
        [160, 160, 160], // 6 grey
    ])
    .expect("palette")
}

/// An independent RGB painter: each item's coverage from the library's masks, blended in sRGB
/// in paint order, no palette ramps.
struct RgbPainter<'p> {
    img: RgbImage,
    palette: &'p Palette,
}

impl RgbPainter<'_> {
    fn blend(&mut self, mask: &Mask, ink: u8, alpha: u8, clip: Rect) {
        let fg = self.palette.rgb(ink);
        let (w, h) = self.img.dimensions();
        let clip = clip.intersect(&Rect::new(0, 0, w, h));
        for y in clip.y..clip.y + clip.height {
            for x in clip.x..clip.x + clip.width {
                let c = f32::from(mask.at(x as i32, y as i32)) / 255.0 * f32::from(alpha) / 255.0;
                if c > 0.0 {
                    let p = self.img.get_pixel_mut(x, y);
                    for i in 0..3 {
                        p[i] = (f32::from(p[i]) * (1.0 - c) + f32::from(fg[i]) * c).round() as u8;
                    }
                }
            }
        }
    }
}

/// `mask` grown by `grow` pixels: each pixel the largest coverage within that distance.
fn dilate(mask: &Mask, grow: f32) -> Mask {
    let g = grow.ceil() as i32;
    let mut out = Mask::zeroed(
        mask.x - g,
        mask.y - g,
        mask.width + 2 * g as u32,
        mask.height + 2 * g as u32,
    );
    for row in 0..out.height as i32 {
        for col in 0..out.width as i32 {
            let (x, y) = (out.x + col, out.y + row);
            let mut best = 0;
            for dy in -g..=g {
                for dx in -g..=g {
                    if ((dx * dx + dy * dy) as f32) <= grow * grow + 1.0 {
                        best = best.max(mask.at(x + dx, y + dy));
                    }
                }
            }
            out.coverage[(row as u32 * out.width + col as u32) as usize] = best;
        }
    }
    out
}

impl Painter for RgbPainter<'_> {
    fn paint(&mut self, item: &Item<'_>, symbols: &Symbols) {
        let mask = match item.shape {
            Shape::Rect(r) => {
                let mut m = Mask::zeroed(r.x as i32, r.y as i32, r.width, r.height);
                m.coverage.fill(255);
                m
            }
            Shape::Symbol { id, dx, dy } => {
                let m = match &symbols.get(id).shape {
                    SymbolShape::Fill {
                        path,
                        rule: FillRule::NonZero,
                    } => fill_mask_nonzero(path),
                    SymbolShape::Fill {
                        path,
                        rule: FillRule::Union,
                    } => fill_mask(path),
                    SymbolShape::Text(run) => fill_mask_nonzero(run.outline()),
                    SymbolShape::Ring { cx, cy, r, width } => ring_mask(*cx, *cy, *r, *width),
                    SymbolShape::Halo { path, grow, .. } => dilate(&fill_mask_nonzero(path), *grow),
                };
                m.translated(dx, dy)
            }
            Shape::Polyline { points, width } => {
                let pts: Vec<(f32, f32)> = points.iter().map(|p| (p[0], p[1])).collect();
                stroke_mask(&pts, width)
            }
        };
        self.blend(&mask, item.ink, item.alpha, item.clip);
    }
}

/// The independent raster of `list`, starting from palette colour 0.
fn reference_raster(list: &DisplayList, palette: &Palette) -> RgbImage {
    let mut p = RgbPainter {
        img: RgbImage::from_pixel(list.width, list.height, Rgb(palette.rgb(0))),
        palette,
    };
    list.replay(&mut p);
    p.img
}

/// A counter-clockwise circle (opposite to [`Path::circle`]) as a fine polygon.
fn circle_ccw(cx: f32, cy: f32, r: f32) -> Path {
    let pts: Vec<(f32, f32)> = (0..48)
        .map(|i| {
            let a = -(i as f32) * std::f32::consts::TAU / 48.0;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect();
    Path::polygon(&pts)
}

/// An "8": an outer outline with two counters of opposite winding (holes under non-zero).
fn eight(cx: f32, cy: f32) -> Path {
    let mut p = Path::circle(cx, cy - 6.0, 7.0);
    p.append(&Path::circle(cx, cy + 6.0, 8.0));
    p.append(&circle_ccw(cx, cy - 6.0, 3.0));
    p.append(&circle_ccw(cx, cy + 6.0, 4.0));
    p
}

struct Hand {
    list: DisplayList,
    union: SymbolId,
}

/// A hand-made figure with every kind of item: rectangles (some to merge, one sticking out of its
/// clip), a union of two overlapping circles of opposite winding (opaque and translucent), a
/// non-zero "8" with holes and its halo, a ring, a translucent self-crossing polyline, a dot and a
/// clipped symbol.
fn hand_made() -> Hand {
    let (w, h) = (120u32, 80u32);
    let all = Rect::new(0, 0, w, h);
    let mut symbols = Symbols::new();
    let mut union_path = Path::circle(12.0, 12.0, 9.0);
    union_path.append(&circle_ccw(20.0, 12.0, 7.0));
    let union = symbols.add(Symbol {
        name: "blob".into(),
        shape: SymbolShape::Fill {
            path: union_path,
            rule: FillRule::Union,
        },
    });
    let digit = symbols.add(Symbol {
        name: "n8".into(),
        shape: SymbolShape::Fill {
            path: eight(0.0, 0.0),
            rule: FillRule::NonZero,
        },
    });
    let halo = symbols.add(Symbol {
        name: "n8-halo".into(),
        shape: SymbolShape::Halo {
            path: eight(0.0, 0.0),
            grow: 1.0,
            solid: false,
        },
    });
    let ring = symbols.add(Symbol {
        name: "ring".into(),
        shape: SymbolShape::Ring {
            cx: 10.0,
            cy: 10.0,
            r: 7.0,
            width: 2.5,
        },
    });
    let (crown, _) = chessviz::internals::crown::crown_path(0.0, 0.0, 24.0);
    let crown = symbols.add(Symbol {
        name: "crown".into(),
        shape: SymbolShape::Fill {
            path: crown,
            rule: FillRule::Union,
        },
    });
    let zigzag = [
        [40.0, 50.0],
        [90.0, 75.0],
        [90.0, 50.0],
        [40.0, 75.0],
        [60.0, 45.0],
    ];
    let dot = [[110.0, 10.0]];
    let mut rec = Recorder {
        list: DisplayList::new(w, h),
    };
    let mut put = |layer: Layer, shape: Shape<'_>, ink: u8, alpha: u8, clip: Rect| {
        rec.paint(
            &Item {
                layer,
                shape,
                ink,
                alpha,
                clip,
            },
            &symbols,
        );
    };
    // Squares: a row of light ones that merge, dark ones between.
    for i in 0..5u32 {
        let ink = if i == 2 { 2 } else { 1 };
        put(
            Layer::Board,
            Shape::Rect(Rect::new(i * 16, 0, 16, 16)),
            ink,
            255,
            all,
        );
    }
    // A rectangle larger than its clip: only the clip shows.
    put(
        Layer::Tiles,
        Shape::Rect(Rect::new(0, 20, 60, 30)),
        5,
        255,
        Rect::new(0, 24, 30, 20),
    );
    put(
        Layer::Grid,
        Shape::Rect(Rect::new(0, 30, 120, 1)),
        3,
        70,
        all,
    );
    put(
        Layer::Pieces,
        Shape::Symbol {
            id: union,
            dx: 0,
            dy: 0,
        },
        4,
        255,
        all,
    );
    put(
        Layer::Pieces,
        Shape::Symbol {
            id: union,
            dx: 30,
            dy: 30,
        },
        4,
        128,
        all,
    );
    put(
        Layer::Pieces,
        Shape::Symbol {
            id: crown,
            dx: 92,
            dy: 20,
        },
        3,
        255,
        all,
    );
    put(
        Layer::Numbers,
        Shape::Symbol {
            id: halo,
            dx: 70,
            dy: 20,
        },
        0,
        255,
        all,
    );
    put(
        Layer::Numbers,
        Shape::Symbol {
            id: digit,
            dx: 70,
            dy: 20,
        },
        3,
        255,
        all,
    );
    put(
        Layer::Marks,
        Shape::Symbol {
            id: ring,
            dx: 50,
            dy: 2,
        },
        5,
        255,
        all,
    );
    // A ring sticking out of its cell is cut at the cell.
    put(
        Layer::Marks,
        Shape::Symbol {
            id: ring,
            dx: 100,
            dy: 58,
        },
        4,
        255,
        Rect::new(96, 56, 24, 14),
    );
    put(
        Layer::Path,
        Shape::Polyline {
            points: &zigzag,
            width: 5.0,
        },
        5,
        160,
        all,
    );
    put(
        Layer::Path,
        Shape::Polyline {
            points: &dot,
            width: 6.0,
        },
        3,
        255,
        all,
    );
    let mut list = rec.list;
    list.symbols = symbols;
    Hand { list, union }
}

#[test]
fn hand_made_svg_agrees_with_the_raster() {
    let palette = test_palette();
    let hand = hand_made();
    let svg = svg::svg_string(&hand.list, &palette);
    let expected = reference_raster(&hand.list, &palette);
    let share = assert_agrees("hand-made", &svg, &expected);
    // Kept for looking at with other viewers (rsvg-convert, pdftoppm).
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("vector");
    std::fs::create_dir_all(&dir).expect("create target/tmp/vector");
    std::fs::write(dir.join("hand-made.svg"), &svg).expect("write the SVG");
    let mut bytes = Vec::new();
    pdf::write_pdf(&mut bytes, &hand.list, &palette).expect("pdf");
    std::fs::write(dir.join("hand-made.pdf"), &bytes).expect("write the PDF");
    render_svg(&svg)
        .save(dir.join("hand-made-resvg.png"))
        .expect("png");
    expected
        .save(dir.join("hand-made-expected.png"))
        .expect("png");
    println!("hand-made figure: {:.2} % of pixels agree", share * 100.0);

    let actual = render_svg(&svg);
    let near = |x: u32, y: u32, want: [u8; 3], what: &str| {
        let p = actual.get_pixel(x, y).0;
        let off = (0..3).map(|i| p[i].abs_diff(want[i])).max().unwrap_or(0);
        assert!(off <= 6, "{what}: pixel ({x}, {y}) is {p:?}, want {want:?}");
    };
    // The translucent union: where its circles overlap it is no darker (and no lighter) than
    // where only one covers.
    let overlap = actual.get_pixel(30 + 16, 30 + 12).0;
    let single = actual.get_pixel(30 + 6, 30 + 12).0;
    near(30 + 16, 30 + 12, single, "overlap of a translucent union");
    assert_ne!(overlap, palette.rgb(0), "the union is drawn");
    // The opaque union's overlap is filled, not cancelled.
    near(16, 12, palette.rgb(4), "overlap of an opaque union");
    // The counters of the "8" are holes (the halo leaves them open too): the upper one shows the
    // light square beneath, the lower one the background; the strokes are ink.
    near(70, 20 - 6, palette.rgb(1), "upper counter of the 8");
    near(70, 20 + 6, palette.rgb(0), "lower counter of the 8");
    near(70 + 6, 20 + 6, palette.rgb(3), "stroke of the 8");
    // Clips: the tile stops at its clip, the ring at its cell.
    near(40, 26, palette.rgb(0), "tile outside its clip");
    near(20, 26, palette.rgb(5), "tile inside its clip");
    near(110, 74, palette.rgb(0), "ring outside its cell");
    // The translucent zigzag crosses itself at (65, 62.5): the crossing is as light as the rest.
    let cross = actual.get_pixel(65, 62).0;
    let leg = actual.get_pixel(48, 54).0;
    near(65, 62, leg, "crossing of a translucent polyline");
    assert_ne!(cross, palette.rgb(0));
    let _ = hand.union;
}

#[test]
fn svg_structure_defs_layers_and_bytes() {
    let palette = test_palette();
    let hand = hand_made();
    let svg = svg::svg_string(&hand.list, &palette);
    assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    assert!(svg.contains(" version=\"1.1\" width=\"120\" height=\"80\" viewBox=\"0 0 120 80\""));
    assert!(svg.contains("<rect id=\"background\" width=\"120\" height=\"80\" fill=\"#faf8f3\"/>"));
    // Each placed symbol once in <defs>, placed by <use>.
    for name in ["blob", "n8", "n8-halo", "ring", "crown"] {
        let def = format!(" id=\"{name}\"");
        assert_eq!(svg.matches(&def).count(), 1, "{name} defined once:\n{svg}");
    }
    assert_eq!(svg.matches("xlink:href=\"#blob\"").count(), 2);
    assert_eq!(svg.matches("xlink:href=\"#ring\"").count(), 2);
    // The halo reuses the digit's outline instead of repeating it: a row of three copies, a
    // column of three rows (the raster's 3 x 3 dilation).
    assert!(svg.contains(
        "<g id=\"n8-halo-row\"><use xlink:href=\"#n8\" x=\"-1\"/><use xlink:href=\"#n8\" x=\"0\"/>\
         <use xlink:href=\"#n8\" x=\"1\"/></g>"
    ), "{svg}");
    assert!(svg.contains("<g id=\"n8-halo\"><use xlink:href=\"#n8-halo-row\" y=\"-1\"/>"));
    // Layers in order, empty ones left out.
    let order: Vec<usize> = [
        "board", "tiles", "grid", "path", "marks", "pieces", "numbers",
    ]
    .iter()
    .map(|l| {
        svg.find(&format!("<g id=\"{l}\">"))
            .unwrap_or_else(|| panic!("layer {l}"))
    })
    .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "layer order {order:?}"
    );
    for empty in ["frame", "outlines", "splits", "badges", "labels", "caption"] {
        assert!(
            !svg.contains(&format!("<g id=\"{empty}\">")),
            "empty layer {empty} written"
        );
    }
    // Five squares become three rectangles (light run, dark, light run).
    let board = &svg[svg.find("<g id=\"board\">").unwrap()..];
    let board = &board[..board.find("</g>").unwrap()];
    assert_eq!(board.matches("<rect").count(), 3, "{board}");
    assert!(board.contains("<rect x=\"0\" y=\"0\" width=\"32\" height=\"16\""));
    // The rectangle is cut to its clip; the ring that sticks out gets a clip path.
    assert!(svg.contains("<rect x=\"0\" y=\"24\" width=\"30\" height=\"20\" fill=\"#285ac8\"/>"));
    assert_eq!(svg.matches("<clipPath ").count(), 1);
    assert!(svg.contains("opacity=\"0.275\""), "grid line at 70 / 255");
    // Deterministic, and numbers have at most two decimals.
    assert_eq!(svg, svg::svg_string(&hand.list, &palette));
    let body = &svg[svg.find("?>").unwrap()..];
    for num in body.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
        if let Some((_, frac)) = num.split_once('.') {
            assert!(frac.len() <= 3 && !frac.ends_with('0'), "number {num}");
        }
    }
    // Valid XML that resvg accepts (render_svg panics otherwise).
    let _ = render_svg(&svg);
}

#[test]
fn hand_made_pdf_page_and_determinism() {
    let palette = test_palette();
    let hand = hand_made();
    let mut bytes = Vec::new();
    pdf::write_pdf(&mut bytes, &hand.list, &palette).expect("pdf");
    check_pdf(&bytes, 120, 80, 0.75);
    let mut again = Vec::new();
    pdf::write_pdf(&mut again, &hand.list, &palette).expect("pdf");
    assert_eq!(bytes, again, "deterministic bytes");
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        !text.contains("CreationDate") && !text.contains("/ID"),
        "no dates or ids"
    );
    // Symbols are Form XObjects: one per placed symbol.
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let forms = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").and_then(|s| s.as_name()).ok() == Some(&b"Form"[..]))
        .count();
    assert_eq!(forms, 5);
    // Another scale for a later DPI option: 300 px per inch.
    let opts = PdfOptions {
        points_per_px: 72.0 / 300.0,
        ..PdfOptions::default()
    };
    let bytes = pdf::pdf_bytes(&hand.list, &palette, &opts).expect("pdf");
    check_pdf(&bytes, 120, 80, 72.0 / 300.0);
}

#[test]
fn pdf_refuses_bad_scales_and_empty_figures() {
    let palette = test_palette();
    let hand = hand_made();
    for bad in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        let err = pdf::pdf_bytes(
            &hand.list,
            &palette,
            &PdfOptions {
                points_per_px: bad,
                ..PdfOptions::default()
            },
        )
        .expect_err("bad scale refused");
        let msg = err.to_string();
        assert!(
            msg.contains("points per pixel") && !msg.contains("--"),
            "{msg}"
        );
        assert_eq!(msg.lines().count(), 1);
    }
    let empty = DisplayList::new(0, 10);
    assert!(pdf::write_pdf(Vec::new(), &empty, &palette).is_err());
}

#[test]
fn an_empty_list_is_a_background() {
    let palette = test_palette();
    let list = DisplayList::new(7, 5);
    let svg = svg::svg_string(&list, &palette);
    assert!(!svg.contains("<defs>") && !svg.contains("<g "), "{svg}");
    let img = render_svg(&svg);
    assert!(img.pixels().all(|p| p.0 == palette.rgb(0)));
    let bytes = pdf::pdf_bytes(&list, &palette, &PdfOptions::default()).unwrap();
    check_pdf(&bytes, 7, 5, 0.75);
}

/// A figure of the library drawn both ways: the PNG still and the display list of the same scene.
struct Drawn {
    name: String,
    still: Still,
    list: DisplayList,
}

/// Renders `scene` with `hints` as the library's stills do, checks that its raster is exactly
/// `still` (so the list is the same figure) and returns the display list.
fn list_of(mut scene: Scene, hints: RenderHints, style: &Style, still: &Still) -> DisplayList {
    let opts = RenderOptions {
        cell: style.cell,
        margin: style.margin_px(),
        theme: style.theme,
        font: style.font.clone(),
        caption: hints.caption,
        caption_lines: 1,
        text_px: None,
        tile_colors: hints.tile_colors,
        max_label: hints.max_label,
        squares: chessviz::Squares::Checkered,
        path_colour: chessviz::PathColour::Theme,
        text_halo: false,
        cell_height: None,
        caption_box: false,
    };
    let mut r = BoardRenderer::new(scene.rows(), scene.cols(), opts).expect("renderer");
    let list = r.display_list(&scene).expect("display list");
    let canvas = r.render(&mut scene).expect("raster");
    assert_eq!(
        r.palette().colors(),
        still.palette().colors(),
        "same palette"
    );
    assert!(
        &canvas == still.canvas(),
        "same raster as the library's still"
    );
    list
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
    let list = list_of(scene, adapter.hints(), &style, &still);
    out.push(Drawn {
        name: format!("tromino-{theme}-{cell}"),
        still,
        list,
    });

    let solution = queens::solutions(8).expect("queens").nth(6).expect("7th");
    let look = QueensStyle::default();
    let still = queens::still(&solution, look, &style).expect("queens still");
    let mut adapter = QueensAdapter::new(8, look);
    let show = [Ok(QueensAdapter::show(&solution, 7))];
    let (mut scene, _) = scene_after(&mut adapter, show, None).expect("scene");
    scene.set_caption(Some("Solution 7 of 92".to_string()));
    let list = list_of(scene, adapter.hints(), &style, &still);
    out.push(Drawn {
        name: format!("queens-{theme}-{cell}"),
        still,
        list,
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
    let list = list_of(scene, adapter.hints(), &style, &still);
    Drawn {
        name: format!("knight{n}-{theme}-{cell}"),
        still,
        list,
    }
}

/// Where the tests leave the files they wrote, for looking at with other viewers.
fn keep_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("vector");
    std::fs::create_dir_all(&dir).expect("create target/tmp/vector");
    dir
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
                let svg = svg::svg_string(&d.list, d.still.palette());
                std::fs::write(keep_dir().join(format!("{}.svg", d.name)), &svg).expect("svg");
                assert_eq!(
                    svg,
                    svg::svg_string(&d.list, d.still.palette()),
                    "{}",
                    d.name
                );
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
                let mut bytes = Vec::new();
                pdf::write_pdf(&mut bytes, &d.list, d.still.palette()).expect("pdf");
                check_pdf(&bytes, d.list.width, d.list.height, 0.75);
                std::fs::write(keep_dir().join(format!("{}.pdf", d.name)), &bytes).expect("pdf");
                let mut again = Vec::new();
                pdf::write_pdf(&mut again, &d.list, d.still.palette()).expect("pdf");
                assert!(bytes == again, "{}: deterministic", d.name);
            }
        }
    }
}

#[test]
fn the_8x8_knight_figure_is_compact() {
    let d = knight_figure(8, "default", 48);
    let svg = svg::svg_string(&d.list, d.still.palette());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("vector");
    std::fs::create_dir_all(&dir).expect("create target/tmp/vector");
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
    let mut bytes = Vec::new();
    pdf::write_pdf(&mut bytes, &d.list, d.still.palette()).expect("pdf");
    std::fs::write(dir.join("knight8.pdf"), &bytes).expect("write the PDF");
    d.still
        .write_png(std::fs::File::create(dir.join("knight8.png")).expect("png file"))
        .expect("png");
}

#[test]
fn degenerate_items_give_valid_files() {
    let palette = test_palette();
    let mut symbols = Symbols::new();
    let empty = symbols.add(Symbol {
        name: "empty".into(),
        shape: SymbolShape::Fill {
            path: Path::new(),
            rule: FillRule::NonZero,
        },
    });
    let bad_ring = symbols.add(Symbol {
        name: "nan".into(),
        shape: SymbolShape::Ring {
            cx: 5.0,
            cy: 5.0,
            r: f32::NAN,
            width: 2.0,
        },
    });
    let odd_name = symbols.add(Symbol {
        name: "ring <&>".into(),
        shape: SymbolShape::Ring {
            cx: 5.0,
            cy: 5.0,
            r: 3.0,
            width: 1.0,
        },
    });
    let layer_name = symbols.add(Symbol {
        name: "board".into(),
        shape: SymbolShape::Ring {
            cx: 5.0,
            cy: 5.0,
            r: 2.0,
            width: 1.0,
        },
    });
    let halo = symbols.add(Symbol {
        name: "board".into(),
        shape: SymbolShape::Halo {
            path: Path::new(),
            grow: 1.0,
            solid: false,
        },
    });
    let all = Rect::new(0, 0, 20, 20);
    let mut rec = Recorder {
        list: DisplayList::new(20, 20),
    };
    for id in [empty, bad_ring, halo, odd_name, layer_name] {
        let shape = Shape::Symbol { id, dx: 2, dy: 2 };
        let item = Item {
            layer: Layer::Pieces,
            shape,
            ink: 3,
            alpha: 255,
            clip: all,
        };
        rec.paint(&item, &symbols);
    }
    let no_points: [[f32; 2]; 0] = [];
    let item = Item {
        layer: Layer::Path,
        shape: Shape::Polyline {
            points: &no_points,
            width: 3.0,
        },
        ink: 3,
        alpha: 255,
        clip: all,
    };
    rec.paint(&item, &symbols);
    let mut list = rec.list;
    list.symbols = symbols;
    let svg = svg::svg_string(&list, &palette);
    let _ = render_svg(&svg);
    // Names become valid, unique ids: never a layer's.
    assert!(svg.contains("<circle id=\"ring----\""), "{svg}");
    assert!(svg.contains("<circle id=\"board-2\""), "{svg}");
    assert!(!svg.contains("<&>"), "{svg}");
    // Nothing for items that draw nothing.
    assert!(!svg.contains("nan") && !svg.contains("empty") && !svg.contains("<g id=\"path\">"));
    let bytes = pdf::pdf_bytes(&list, &palette, &PdfOptions::default()).expect("pdf");
    check_pdf(&bytes, 20, 20, 0.75);
}
