//! Text, themes and the crown, checked by measuring their masks and pictures.
//!
//! Set `CHESSVIZ_DEMO_DIR` to also keep one demo PNG per theme there.

use crate::display::crown::crown_path;
use crate::display::palette::{Palette, PaletteBuilder};
use crate::display::theme::contrast;
use crate::display::{Font, Rgb, Theme};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
use crate::raster::mask::{blit, fill_mask, ring_mask, stroke_mask, Mask};
use crate::Error;

use super::{decode, png_bytes};

#[test]
fn broken_fonts_are_errors() {
    let good = include_bytes!("../../../fonts/DejaVuSans.ttf").to_vec();
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
pub(super) fn demo(theme: &Theme, font: &Font) -> (Canvas, Palette) {
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
