//! Drawing primitives, palette, font and PNG encoder, checked by decoding what they write.
//!
//! Set `CHESSVIZ_DEMO_DIR` to also keep one demo PNG per theme there.

use crate::display::palette::{Palette, PaletteBuilder, RAMP_LEVELS};
use crate::display::{Font, Rgb, Theme};
use crate::encode::png::{write_png, PngRowWriter};
use crate::geom::{Path, Rect};
use crate::raster::canvas::Canvas;
use crate::raster::mask::{blit, fill_mask, fill_mask_nonzero, ring_mask, stroke_mask};
use crate::Error;

use super::text_and_themes::demo;
use super::{decode, png_bytes};

const BG: Rgb = [240, 230, 210];
const FG: Rgb = [20, 30, 60];

/// A two-colour palette with the ramp from BG to FG: (palette, bg index, fg index).
fn two_tone() -> (Palette, u8, u8) {
    let mut b = PaletteBuilder::new();
    let bg = b.color(BG);
    let fg = b.color(FG);
    b.ramp(bg, fg);
    (b.build().expect("fits"), bg, fg)
}

fn is_between(c: Rgb, a: Rgb, b: Rgb) -> bool {
    (0..3).all(|i| c[i] >= a[i].min(b[i]) && c[i] <= a[i].max(b[i])) && c != a && c != b
}

#[test]
fn blend_endpoints_and_ramp_are_ordered() {
    let (p, bg, fg) = two_tone();
    assert_eq!(p.len(), RAMP_LEVELS);
    assert_eq!(p.blend(bg, fg, 0), bg);
    assert_eq!(p.blend(bg, fg, 255), fg);
    // Ramp steps move monotonically from bg to fg, every step strictly between them.
    let mut last = luminance_of(p.rgb(bg));
    let mut seen = Vec::new();
    for cov in 1..255u8 {
        let i = p.blend(bg, fg, cov);
        if i != bg && i != fg {
            assert!(is_between(p.rgb(i), BG, FG), "{:?}", p.rgb(i));
        }
        let l = luminance_of(p.rgb(i));
        assert!(l <= last + 1e-9, "coverage {cov} went back towards bg");
        last = l;
        if !seen.contains(&i) {
            seen.push(i);
        }
    }
    assert_eq!(seen.len(), RAMP_LEVELS, "every ramp step is used");
    assert!(p.has_ramp(bg, fg));
    assert!(!p.has_ramp(fg, bg));
}

fn luminance_of(c: Rgb) -> f64 {
    crate::display::theme::luminance(c)
}

#[test]
fn unregistered_pair_falls_back_to_nearest_colour() {
    let p = Palette::new(vec![
        [0, 0, 0],
        [255, 255, 255],
        [128, 128, 128],
        [200, 0, 0],
    ])
    .unwrap();
    assert_eq!(p.blend(0, 1, 0), 0);
    assert_eq!(p.blend(0, 1, 255), 1);
    assert_eq!(p.blend(0, 1, 128), 2, "half black on white is the grey");
    assert_eq!(p.blend(0, 1, 20), 0);
    // Thread-safe lazy caching: the same answer from many threads.
    let answers: Vec<u8> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4).map(|_| s.spawn(|| p.blend(1, 0, 130))).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(answers.iter().all(|&a| a == 2));
}

#[test]
fn palette_overflow_is_a_clear_error() {
    let mut b = PaletteBuilder::new();
    for i in 0..300u32 {
        b.color([i as u8, (i / 256) as u8, 7]);
    }
    match b.build() {
        Err(Error::TooLarge(msg)) => {
            assert!(msg.contains("300") && msg.contains("255"), "{msg}")
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
    // Ramps count too: 40 ramps of 6 new colours each cannot fit.
    let mut b = PaletteBuilder::new();
    let base: Vec<u8> = (0..41u8)
        .map(|i| b.color([i * 6, 255 - i * 6, i]))
        .collect();
    for w in base.windows(2) {
        b.ramp(w[0], w[1]);
    }
    assert!(matches!(b.build(), Err(Error::TooLarge(_))));
    // Deduplication: the same colour twice is one entry.
    let mut b = PaletteBuilder::new();
    assert_eq!(b.color([1, 2, 3]), b.color([1, 2, 3]));
    assert_eq!(b.build().unwrap().len(), 1);
    assert!(PaletteBuilder::new().build().is_err());
}

#[test]
fn filled_rect_covers_exactly_its_pixels() {
    let (p, bg, fg) = two_tone();
    let mut c = Canvas::new(20, 20, bg).unwrap();
    blit(
        &mut c,
        &p,
        &fill_mask(&Path::rect(3.0, 4.0, 10.0, 6.0)),
        fg,
        Rect::new(0, 0, 1000, 1000),
    );
    for y in 0..20 {
        for x in 0..20 {
            let inside = (3..13).contains(&x) && (4..10).contains(&y);
            assert_eq!(c.get(x, y), if inside { fg } else { bg }, "({x}, {y})");
        }
    }
    // Half-pixel edges give the middle ramp step, strictly between bg and fg.
    let m = fill_mask(&Path::rect(2.5, 2.0, 4.0, 3.0));
    assert_eq!(m.at(2, 3), 128);
    assert_eq!(m.at(6, 3), 128);
    assert_eq!(m.at(4, 3), 255);
    assert!((m.area() - 12.0).abs() < 0.05);
}

#[test]
fn circle_has_the_right_area_and_aa_edge() {
    let (p, bg, fg) = two_tone();
    let mut c = Canvas::new(64, 64, bg).unwrap();
    let m = fill_mask(&Path::circle(32.0, 32.0, 20.0));
    let exact = std::f64::consts::PI * 400.0;
    assert!((m.area() - exact).abs() < 1.0, "area {}", m.area());
    blit(&mut c, &p, &m, fg, Rect::new(0, 0, 1000, 1000));
    let mut ramp_px = 0;
    for y in 0..64u32 {
        for x in 0..64u32 {
            let d = ((x as f32 + 0.5 - 32.0).powi(2) + (y as f32 + 0.5 - 32.0).powi(2)).sqrt();
            let v = c.get(x, y);
            if d < 19.2 {
                assert_eq!(v, fg, "inside ({x}, {y})");
            } else if d > 20.8 {
                assert_eq!(v, bg, "outside ({x}, {y})");
            } else if v != fg && v != bg {
                assert!(is_between(p.rgb(v), BG, FG));
                ramp_px += 1;
            }
        }
    }
    assert!(
        ramp_px > 60,
        "the edge is anti-aliased ({ramp_px} ramp pixels)"
    );
}

#[test]
fn union_of_overlapping_subpaths_has_no_seam() {
    // Two overlapping squares: the overlap is fully covered, not twice, and the outline is exact.
    let mut p = Path::rect(0.0, 0.0, 10.0, 10.0);
    p.append(&Path::rect(5.0, 5.0, 10.0, 10.0));
    let m = fill_mask(&p);
    assert_eq!(m.at(7, 7), 255);
    assert!((m.area() - 175.0).abs() < 0.05, "{}", m.area());
    // The non-zero fill cuts holes with opposite winding.
    let mut ring = Path::rect(0.0, 0.0, 10.0, 10.0);
    ring.move_to(3.0, 3.0);
    ring.line_to(3.0, 7.0);
    ring.line_to(7.0, 7.0);
    ring.line_to(7.0, 3.0);
    ring.close();
    let m = fill_mask_nonzero(&ring);
    assert_eq!(m.at(5, 5), 0);
    assert_eq!(m.at(1, 1), 255);
    assert!((m.area() - 84.0).abs() < 0.05);
}

#[test]
fn stroke_has_round_joins_and_caps() {
    let w = 6.0;
    let pts = [(10.0, 10.0), (40.0, 10.0), (40.0, 40.0)];
    let m = stroke_mask(&pts, w);
    // Area of two 30 x 6 bands, minus the doubled corner square, plus the round join quarter and caps.
    let r = w / 2.0;
    let exact = 2.0 * 30.0 * w + std::f32::consts::PI * r * r; // caps (2 halves) + join (quarter+...)
                                                               // Union: band1 (30x6) + band2 (30x6) + cap circles + join fill; compute by sampling instead.
    let mut sampled = 0.0f64;
    for yi in 0..(60 * 8) {
        for xi in 0..(60 * 8) {
            let (x, y) = (xi as f32 / 8.0 + 1.0 / 16.0, yi as f32 / 8.0 + 1.0 / 16.0);
            let d1 = seg_dist((x, y), pts[0], pts[1]);
            let d2 = seg_dist((x, y), pts[1], pts[2]);
            if d1.min(d2) <= r {
                sampled += 1.0 / 64.0;
            }
        }
    }
    assert!(
        (m.area() - sampled).abs() < 0.01 * sampled,
        "{} vs {sampled}",
        m.area()
    );
    assert!(exact > 0.0);
    // Round cap: a pixel 2.5 px beyond the end on the axis is covered, one at the corner is not.
    assert!(m.at(7, 9) > 0 && m.at(6, 6) == 0);
    // Join: the outer corner of a miter (43, 7) is cut off by the round join.
    assert_eq!(m.at(43, 6), 0);
    assert_eq!(m.at(25, 10), 255);
    // Empty input or zero width draws nothing and does not panic.
    assert!(stroke_mask(&[], 3.0).coverage.is_empty());
    assert!(stroke_mask(&pts, 0.0).coverage.is_empty());
    assert!(stroke_mask(&[(f32::NAN, 1.0)], 3.0).coverage.is_empty());
    assert!(
        stroke_mask(&[(5.0, 5.0)], 4.0).area() > 10.0,
        "a single point is a dot"
    );
}

fn seg_dist(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (vx, vy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * vx + (p.1 - a.1) * vy) / (vx * vx + vy * vy)).clamp(0.0, 1.0);
    ((p.0 - a.0 - t * vx).powi(2) + (p.1 - a.1 - t * vy).powi(2)).sqrt()
}

#[test]
fn ring_is_an_annulus() {
    let m = ring_mask(50.0, 50.0, 30.0, 4.0);
    let exact = std::f64::consts::PI * (32.0f64.powi(2) - 28.0f64.powi(2));
    assert!(
        (m.area() - exact).abs() < 0.01 * exact,
        "{} vs {exact}",
        m.area()
    );
    assert_eq!(m.at(50, 50), 0);
    assert_eq!(m.at(80, 50), 255);
}

#[test]
fn blit_respects_the_clip_and_the_canvas() {
    let (p, bg, fg) = two_tone();
    let mut c = Canvas::new(10, 10, bg).unwrap();
    let m = fill_mask(&Path::rect(-5.0, -5.0, 30.0, 30.0));
    blit(&mut c, &p, &m, fg, Rect::new(2, 3, 4, 5));
    for y in 0..10 {
        for x in 0..10 {
            let inside = (2..6).contains(&x) && (3..8).contains(&y);
            assert_eq!(c.get(x, y), if inside { fg } else { bg });
        }
    }
    // A mask far outside does nothing.
    blit(
        &mut c,
        &p,
        &m.translated(1000, -1000),
        fg,
        Rect::new(0, 0, 1000, 1000),
    );
}

#[test]
fn png_round_trip_keeps_exact_colours_and_size() {
    // 20 colours force 8-bit depth; 3 colours 2-bit; 2 colours 1-bit; 9 colours 4-bit.
    for n in [2usize, 3, 9, 20] {
        let colors: Vec<Rgb> = (0..n)
            .map(|i| [i as u8 * 11, 255 - i as u8 * 7, 3])
            .collect();
        let p = Palette::new(colors.clone()).unwrap();
        let (w, h) = (13u32, 7u32);
        let mut c = Canvas::new(w, h, 0).unwrap();
        for y in 0..h {
            for x in 0..w {
                c.set(x, y, ((x * 3 + y * 5) % n as u32) as u8);
            }
        }
        let bytes = png_bytes(&c, &p);
        let (dw, dh, px) = decode(&bytes);
        assert_eq!((dw, dh), (w, h));
        for y in 0..h {
            for x in 0..w {
                assert_eq!(
                    px[(y * w + x) as usize],
                    colors[c.get(x, y) as usize],
                    "n={n} ({x},{y})"
                );
            }
        }
        // Indexed colour type (3) in IHDR, with the expected bit depth.
        assert_eq!(bytes[25], 3, "colour type indexed");
        let depth = match n {
            2 => 1,
            3 => 2,
            9 => 4,
            _ => 8,
        };
        assert_eq!(bytes[24], depth, "bit depth for {n} colours");
    }
}

#[test]
fn png_rejects_bad_input_without_panicking() {
    let p = Palette::new(vec![[0, 0, 0], [9, 9, 9]]).unwrap();
    let c = Canvas::new(4, 4, 5).unwrap();
    assert!(
        write_png(Vec::new(), &c, &p).is_err(),
        "index outside the palette"
    );
    let mut w = PngRowWriter::new(Vec::new(), 3, 2, &p).unwrap();
    assert!(w.write_row(&[0, 1]).is_err(), "short row");
    w.write_row(&[0, 1, 0]).unwrap();
    assert!(w.finish().is_err(), "missing row");
    assert!(PngRowWriter::new(Vec::new(), 0, 2, &p).is_err());
}

#[test]
fn row_writer_and_write_png_decode_to_the_canvas_deterministically() {
    let theme = Theme::by_name("default").unwrap();
    let (canvas, palette) = demo(&theme, &Font::bundled());
    let a = png_bytes(&canvas, &palette);
    let b = png_bytes(&canvas, &palette);
    assert_eq!(a, b, "same input, same bytes");
    let mut streamed = Vec::new();
    let mut w =
        PngRowWriter::new(&mut streamed, canvas.width(), canvas.height(), &palette).unwrap();
    for y in 0..canvas.height() {
        w.write_row(canvas.row(y)).unwrap();
    }
    w.finish().unwrap();
    // The two compress differently (one call against row by row), so compare what they decode to:
    // both are exactly the canvas.
    for bytes in [&a, &streamed] {
        let (_, _, px) = decode(bytes);
        for (i, &idx) in canvas.pixels().iter().enumerate() {
            assert_eq!(px[i], palette.rgb(idx));
        }
    }
    // Rendering twice gives the same canvas.
    assert_eq!(demo(&theme, &Font::bundled()).0, canvas);
}
