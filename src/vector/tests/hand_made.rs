//! Hand-made display lists with every kind of item, written as SVG and PDF: the SVG agrees with
//! an independent raster, its structure and bytes are as promised, the PDF is one vector page.

use super::readers::{assert_agrees, check_pdf, render_svg, scratch_dir};
use crate::display::crown::crown_path;
use crate::display::list::{
    DisplayList, FillRule, Item, Layer, Painter, Recorder, Shape, Symbol, SymbolId, SymbolShape,
    Symbols,
};
use crate::geom::{Path, Rect};
use crate::vector::pdf::{self, PdfOptions};
use crate::vector::svg;

use super::reference::{reference_raster, test_palette};

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
    let (crown, _) = crown_path(0.0, 0.0, 24.0);
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
    let dir = scratch_dir("vector");
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
