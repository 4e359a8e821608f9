//! Drawing primitives, palette, font and PNG encoder, checked by decoding what they write.
//!
//! Set `CHESSVIZ_DEMO_DIR` to also keep one demo PNG per theme there.

use chessviz::internals::crown::crown_path;
use chessviz::internals::encode::{write_png, PngRowWriter};
use chessviz::internals::raster::fill_mask_nonzero;
use chessviz::internals::theme::contrast;
use chessviz::internals::{
    blit, fill_mask, ring_mask, stroke_mask, Canvas, Font, Mask, Palette, PaletteBuilder, Path,
    Rect, Rgb, Theme, RAMP_LEVELS,
};
use chessviz::Error;

/// Decodes a PNG to (width, height, RGB pixels) with the `image` crate, independently of our encoder.
fn decode(png: &[u8]) -> (u32, u32, Vec<Rgb>) {
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("our PNG decodes")
        .to_rgb8();
    let (w, h) = img.dimensions();
    (w, h, img.pixels().map(|p| p.0).collect())
}

fn png_bytes(canvas: &Canvas, palette: &Palette) -> Vec<u8> {
    let mut out = Vec::new();
    write_png(&mut out, canvas, palette).expect("encodes");
    out
}

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
    chessviz::internals::theme::luminance(c)
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

#[test]
fn broken_fonts_are_errors() {
    let good = include_bytes!("../../fonts/DejaVuSans.ttf").to_vec();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = vec![0u8; 4096];
    for b in random.iter_mut() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        *b = seed as u8;
    }
    let mut corrupted = good.clone();
    for i in (1000..corrupted.len()).step_by(7) {
        corrupted[i] ^= 0x5a;
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", vec![]),
        ("random", random),
        ("truncated", good[..good.len() / 3].to_vec()),
        ("header only", good[..64].to_vec()),
        ("corrupted", corrupted),
    ];
    for (name, bytes) in cases {
        match Font::from_bytes(bytes) {
            Err(Error::Invalid { message: msg, .. }) => {
                assert!(msg.contains("not a usable"), "{name}: {msg}")
            }
            Ok(f) => {
                // A corruption the parser survives must still draw without panicking.
                let _ = f.text_mask("0123456789", 40.0);
            }
            Err(e) => panic!("{name}: wrong error kind {e:?}"),
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ttf");
    std::fs::write(&path, b"not a font").unwrap();
    let msg = Font::from_file(&path).unwrap_err().to_string();
    assert!(
        msg.contains("bad.ttf") && msg.contains("not a usable"),
        "{msg}"
    );
    assert!(Font::from_file(&dir.path().join("missing.ttf")).is_err());
    assert!(Font::from_bytes(good).is_ok());
}

#[test]
fn text_is_tight_kerned_and_centred() {
    let font = Font::bundled();
    assert!(font.has_glyph('7') && !font.has_glyph('\u{10FFFF}'));
    let m = font.text_mask("37", 40.0);
    assert!(!m.is_empty());
    let (w, h) = font.measure("37", 40.0);
    // The mask's ink starts at the origin: its coverage spans exactly the measured box.
    let ink = ink_box(&m);
    assert!(
        (ink.0 - 0.0).abs() < 0.6 && (ink.1 - 0.0).abs() < 0.6,
        "{ink:?}"
    );
    assert!(
        (ink.2 - w).abs() < 0.6 && (ink.3 - h).abs() < 0.6,
        "{ink:?} vs {w} x {h}"
    );
    // Digits of DejaVu Sans have one height, so every number's ink box has the same height.
    let h1 = font.measure("1", 40.0).1;
    let h7 = font.measure("74", 40.0).1;
    assert!((h1 - h7).abs() < 0.05, "{h1} vs {h7}");
    // Centred: the coverage-weighted box around (cx, cy) is symmetric to a tenth of a pixel.
    for text in ["1", "37", "64", "8"] {
        let m = font.text_mask_centered(text, 33.3, 50.25, 40.5);
        let (x0, y0, x1, y1) = ink_box(&m);
        assert!(((x0 + x1) / 2.0 - 50.25).abs() < 0.15, "{text}: {x0}..{x1}");
        assert!(((y0 + y1) / 2.0 - 40.5).abs() < 0.15, "{text}: {y0}..{y1}");
    }
    // Kerning: "AV" is narrower than "A" and "V" apart.
    let sep = font.measure("A", 50.0).0 + font.measure("V", 50.0).0;
    assert!(font.measure("AV", 50.0).0 < sep);
    // fit_px makes the text just fit.
    let px = font.fit_px("64", 30.0, 20.0);
    let (fw, fh) = font.measure("64", px);
    assert!(
        fw <= 30.0 && fh <= 20.0 && (fw > 29.9 || fh > 19.9),
        "{fw} x {fh}"
    );
    assert!(font.text_mask(" ", 30.0).coverage.is_empty());
    assert!(font.text_mask("1", f32::NAN).coverage.is_empty());
    assert_eq!(font.fit_px("1", 0.0, 10.0), 0.0);
}

/// The ink box of a mask measured from its coverage: for each side, where the covered area starts,
/// in sub-pixel precision (the partial coverage of the boundary pixels).
fn ink_box(m: &Mask) -> (f32, f32, f32, f32) {
    let (w, h) = (m.width as usize, m.height as usize);
    let col = |x: usize| (0..h).map(|y| m.coverage[y * w + x]).max().unwrap_or(0);
    let row = |y: usize| (0..w).map(|x| m.coverage[y * w + x]).max().unwrap_or(0);
    let first = |n: usize, f: &dyn Fn(usize) -> u8| {
        let i = (0..n).find(|&i| f(i) > 0).unwrap();
        i as f32 + 1.0 - f32::from(f(i)) / 255.0
    };
    let last = |n: usize, f: &dyn Fn(usize) -> u8| {
        let i = (0..n).rev().find(|&i| f(i) > 0).unwrap();
        i as f32 + f32::from(f(i)) / 255.0
    };
    (
        m.x as f32 + first(w, &col),
        m.y as f32 + first(h, &row),
        m.x as f32 + last(w, &col),
        m.y as f32 + last(h, &row),
    )
}

#[test]
fn themes_keep_numbers_readable() {
    assert_eq!(Theme::NAMES[0], "default");
    assert!(Theme::by_name("neon").is_err());
    for name in Theme::NAMES {
        let t = Theme::by_name(name).unwrap();
        assert_eq!(t.name, name);
        let mut fills = vec![t.light, t.dark, t.special, t.attack, t.background];
        fills.extend(t.tiles);
        for n in [1, 3, 4, 7, 16, 40] {
            let hues: Vec<Rgb> = (0..n).map(|i| t.tile_hue(i, n)).collect();
            // A greyscale theme has only the three lightness levels.
            if t.tile_hues.chroma > 0.0 {
                for (i, a) in hues.iter().enumerate() {
                    assert!(!hues[..i].contains(a), "{name}: tile_hue({i}, {n}) repeats");
                }
            }
            fills.extend(hues);
        }
        for f in fills {
            let ink = t.ink_on(f);
            assert!(contrast(ink, f) >= 4.5, "{name}: ink {ink:?} on {f:?}");
        }
        // The theme's own ink is not required on every fill: tile colours span 60 L* so that a
        // greyscale copy keeps them apart, and slate's light squares are light enough for pale lines
        // at 3:1; numbers there use `ink_on`'s other ink (checked above).
        // The piece stands out on both square colours.
        assert!(contrast(t.piece, t.light) >= 3.0 && contrast(t.piece, t.dark) >= 3.0);
        // Tiles are distinguishable from each other (greys in print differ by luminance).
        for i in 0..4 {
            for j in 0..i {
                assert!(t.tiles[i] != t.tiles[j]);
            }
        }
    }
    let print = Theme::by_name("print").unwrap();
    let greys = [
        print.light,
        print.dark,
        print.special,
        print.ink,
        print.tiles[0],
        print.tiles[1],
        print.tiles[2],
        print.tiles[3],
        print.tile_hue(3, 7),
    ];
    assert!(
        greys.iter().all(|c| c[0] == c[1] && c[1] == c[2]),
        "print is greyscale"
    );
    // The three greys of every tiling 40 apart; the fourth (the colouring by shape only, whose
    // shapes differ in form too) sits between the darker two, 24 from each (about 10 in CIEDE2000;
    // `palette_rules` and `tile_contrast` keep the perceptual rules).
    for i in 0..4 {
        for j in 0..i {
            let (a, b) = (print.tiles[i][0], print.tiles[j][0]);
            let least = if i == 3 { 24 } else { 40 };
            assert!(a.abs_diff(b) >= least, "print tiles {i} and {j} too close");
        }
    }
}

#[test]
fn crown_is_symmetric_centred_and_sized() {
    for cell in [16.0f32, 48.0, 120.0, 200.0] {
        let (body, detail) = crown_path(0.0, 0.0, cell);
        let m = fill_mask(&body);
        let (x0, y0, x1, y1) = ink_box(&m);
        assert!(
            ((x0 + x1) / 2.0 - cell / 2.0).abs() < 0.3,
            "{cell}: {x0}..{x1}"
        );
        assert!(
            ((y0 + y1) / 2.0 - cell / 2.0).abs() < 1.0,
            "{cell}: {y0}..{y1}"
        );
        // It stays inside the middle of the cell, clear of the outer eighth where grid lines live.
        assert!(
            x0 >= cell / 8.0 - 0.5 && x1 <= cell * 7.0 / 8.0 + 0.5,
            "{cell}: {x0}..{x1}"
        );
        assert!(
            y0 >= cell / 8.0 && y1 <= cell * 7.0 / 8.0,
            "{cell}: {y0}..{y1}"
        );
        // Mirror symmetry about the vertical axis (to rounding of coverage).
        for y in 0..m.height as i32 {
            for x in 0..m.width as i32 {
                let (px, py) = (m.x + x, m.y + y);
                let mirror = cell as i32 - 1 - px;
                let d = i32::from(m.at(px, py)) - i32::from(m.at(mirror, py));
                assert!(d.abs() <= 2, "{cell}: ({px},{py}) vs ({mirror},{py})");
            }
        }
        // Four spikes: a row through the spikes, above the valleys, crosses four runs of ink.
        let yrow = (y0 + (y1 - y0) * 0.35) as i32;
        let mut runs = 0;
        let mut inside = false;
        for x in 0..cell as i32 {
            let on = m.at(x, yrow) >= 128;
            if on && !inside {
                runs += 1;
            }
            inside = on;
        }
        // At 16 px a spike is narrower than a pixel; from 48 px on each must stand apart.
        if cell >= 48.0 {
            assert_eq!(runs, 4, "{cell}: spikes at row {yrow}");
        } else {
            assert!(
                runs >= 1 && m.area() > f64::from(cell * cell) * 0.1,
                "{cell}: too little ink"
            );
        }
        assert_eq!(detail.is_empty(), cell < 26.0);
        if !detail.is_empty() {
            // Details lie within the body.
            let dm = fill_mask(&detail);
            for (i, &c) in dm.coverage.iter().enumerate() {
                let (x, y) = (
                    dm.x + (i as u32 % dm.width) as i32,
                    dm.y + (i as u32 / dm.width) as i32,
                );
                if c > 0 {
                    assert!(
                        m.at(x, y) > 0,
                        "{cell}: detail pixel ({x},{y}) outside the body"
                    );
                }
            }
        }
    }
}

/// A sample sheet: crowns on light and dark squares at several sizes, a thick path and ring, and the
/// numbers 1..64 on tile colours. Registers the ramps the drawing needs.
fn demo(theme: &Theme, font: &Font) -> (Canvas, Palette) {
    let mut b = PaletteBuilder::new();
    let bgc = b.color(theme.background);
    let light = b.color(theme.light);
    let dark = b.color(theme.dark);
    let piece = b.color(theme.piece);
    let edge = b.color(theme.piece_edge);
    let path = b.color(theme.path);
    let start = b.color(theme.start);
    let grid = b.color(theme.grid);
    let ink = b.color(theme.ink);
    let tiles: Vec<u8> = theme.tiles.iter().map(|&t| b.color(t)).collect();
    let special = b.color(theme.special);
    let inks: Vec<u8> = tiles
        .iter()
        .map(|&t| b.color(theme.ink_on(b_rgb(theme, t, &tiles))))
        .collect();
    for &f in [light, dark].iter() {
        b.ramp(f, piece);
        b.ramp(f, path);
        b.ramp(f, start);
        b.ramp(f, grid);
    }
    b.ramp(piece, edge);
    b.ramp(bgc, ink);
    for (t, i) in tiles.iter().zip(&inks) {
        b.ramp(*t, *i);
    }
    let sink = b.color(theme.ink_on(theme.special));
    b.ramp(special, sink);
    let palette = b.build().expect("demo palette fits");

    let sizes = [16u32, 24, 32, 48, 80, 120, 200];
    let row_w: u32 = sizes.iter().sum::<u32>();
    let width = row_w + 20;
    let board = 8 * 40;
    let height = 10 + 200 * 2 + 10 + board + 10;
    let mut c = Canvas::new(width, height, bgc).unwrap();
    let mut x = 10u32;
    for &s in &sizes {
        for (row, fill) in [(0u32, light), (1, dark)] {
            let y = 10 + row * 200 + (200 - s) / 2;
            c.fill_rect(Rect::new(x, y, s, s), fill);
            let (body, detail) = crown_path(x as f32, y as f32, s as f32);
            let clip = Rect::new(x, y, s, s);
            blit(&mut c, &palette, &fill_mask(&body), piece, clip);
            blit(&mut c, &palette, &fill_mask(&detail), edge, clip);
        }
        x += s;
    }
    // An 8 x 8 board of tile colours with numbers 1..64 and a knight-like path with a ring.
    let (ox, oy, cs) = (10u32, 10 + 400 + 10, 40u32);
    let px = font.fit_px("64", cs as f32 * 0.62, cs as f32 * 0.42);
    for r in 0..8u32 {
        for col in 0..8u32 {
            let i = (r * 8 + col) as usize;
            let (fill, fg) = if i == 27 {
                (special, sink)
            } else {
                let k = (r as usize / 2 * 4 + col as usize / 2 + r as usize) % 3;
                (tiles[k], inks[k])
            };
            let cell = Rect::new(ox + col * cs, oy + r * cs, cs, cs);
            c.fill_rect(cell, fill);
            let m = font.text_mask_centered(
                &(i + 1).to_string(),
                px,
                cell.x as f32 + cs as f32 / 2.0,
                cell.y as f32 + cs as f32 / 2.0,
            );
            blit(&mut c, &palette, &m, fg, cell);
        }
    }
    // A thick path on a light/dark board beside it.
    let (bx, by) = (ox + board + 20, oy);
    for r in 0..8u32 {
        for col in 0..8u32 {
            let f = if (r + col) % 2 == 0 { light } else { dark };
            c.fill_rect(Rect::new(bx + col * cs, by + r * cs, cs, cs), f);
        }
    }
    let centre = |col: u32, r: u32| {
        (
            (bx + col * cs) as f32 + cs as f32 / 2.0,
            (by + r * cs) as f32 + cs as f32 / 2.0,
        )
    };
    let tour = [
        (0, 0),
        (1, 2),
        (0, 4),
        (1, 6),
        (3, 7),
        (5, 6),
        (7, 7),
        (6, 5),
        (7, 3),
        (5, 2),
    ];
    let pts: Vec<(f32, f32)> = tour.iter().map(|&(cc, rr)| centre(cc, rr)).collect();
    let all = Rect::new(bx, by, 8 * cs, 8 * cs);
    blit(
        &mut c,
        &palette,
        &stroke_mask(&pts, cs as f32 * 0.1),
        path,
        all,
    );
    let (sx, sy) = pts[0];
    blit(
        &mut c,
        &palette,
        &ring_mask(sx, sy, cs as f32 * 0.3, cs as f32 * 0.08),
        start,
        all,
    );
    (c, palette)
}

fn b_rgb(theme: &Theme, idx: u8, tiles: &[u8]) -> Rgb {
    let k = tiles.iter().position(|&t| t == idx).unwrap_or(0);
    theme.tiles[k]
}

#[test]
fn demo_sheet_per_theme() {
    let font = Font::bundled();
    let dir = std::env::var_os("CHESSVIZ_DEMO_DIR");
    for name in Theme::NAMES {
        let theme = Theme::by_name(name).unwrap();
        let (canvas, palette) = demo(&theme, &font);
        assert!(palette.len() <= Palette::MAX_COLORS);
        let bytes = png_bytes(&canvas, &palette);
        let (w, h, px) = decode(&bytes);
        assert_eq!((w, h), (canvas.width(), canvas.height()));
        // Only palette colours appear.
        assert!(px.iter().all(|c| palette.colors().contains(c)));
        if let Some(d) = &dir {
            std::fs::create_dir_all(d).unwrap();
            std::fs::write(std::path::Path::new(d).join(format!("{name}.png")), &bytes).unwrap();
        }
    }
}
