//! The streaming GIF encoder, checked by decoding its output with the `gif` crate and composing the frames
//! independently (rect offsets, transparency, disposal Keep).

use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;

use crate::display::palette::Palette;
use crate::encode::gif::{GifStats, GifWriter, Repeat};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
use crate::Error;

mod decode;
mod gif_regions;
mod gif_timing;
mod tables;

use decode::{colors_in, decode, Rgb};
use tables::check_tables;

const COLORS: usize = 6;

fn palette() -> Palette {
    palette_of(COLORS)
}

/// A palette of `n` distinct colours.
fn palette_of(n: usize) -> Palette {
    let colors = (0..n)
        .map(|i| [(i * 40 % 256) as u8, 255 - i as u8, (i / 6 * 7) as u8])
        .collect();
    Palette::new(colors).unwrap()
}

/// The colours of `canvas` drawn with the tests' [`palette`].
fn rgb(canvas: &Canvas) -> Vec<Rgb> {
    colors_in(canvas, &palette())
}

fn encode_with(frames: &[(Canvas, u32)], repeat: Repeat) -> (Vec<u8>, GifStats) {
    encode_in(frames, &palette(), repeat)
}

fn encode_in(frames: &[(Canvas, u32)], palette: &Palette, repeat: Repeat) -> (Vec<u8>, GifStats) {
    let (w, h) = (frames[0].0.width(), frames[0].0.height());
    let mut out = Vec::new();
    let mut writer = GifWriter::new(&mut out, w, h, palette, repeat).unwrap();
    for (canvas, delay) in frames {
        writer.push(canvas, *delay).unwrap();
    }
    let stats = writer.finish().unwrap();
    (out, stats)
}

fn encode(frames: &[(Canvas, u32)]) -> (Vec<u8>, GifStats) {
    encode_with(frames, Repeat::Forever)
}

/// A small deterministic generator, so sequences are varied but reproducible.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % u64::from(n)) as u32
    }
}

/// The bounding box of differing pixels, by brute force.
fn bbox(a: &Canvas, b: &Canvas) -> Option<Rect> {
    let mut r: Option<(u32, u32, u32, u32)> = None;
    for y in 0..a.height() {
        for x in 0..a.width() {
            if a.get(x, y) != b.get(x, y) {
                r = Some(match r {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
    }
    r.map(|(x0, y0, x1, y1)| Rect::new(x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

/// A random sequence of frames, each a few random rectangles away from the one before, sometimes unchanged.
fn random_frames(seed: u64, count: usize, w: u32, h: u32) -> Vec<Canvas> {
    random_frames_in(seed, count, w, h, COLORS as u32)
}

/// [`random_frames`] in the first `colors` colours of a palette.
fn random_frames_in(seed: u64, count: usize, w: u32, h: u32, colors: u32) -> Vec<Canvas> {
    let mut rng = Lcg(seed);
    let mut canvas = Canvas::new(w, h, 0).unwrap();
    for y in 0..h {
        for x in 0..w {
            canvas.set(x, y, ((x / 3 + y / 2) % COLORS as u32) as u8);
        }
    }
    let mut frames = vec![canvas.clone()];
    for _ in 1..count {
        if rng.next(4) != 0 {
            for _ in 0..=rng.next(3) {
                let (x, y) = (rng.next(w), rng.next(h));
                let rect = Rect::new(x, y, 1 + rng.next(w / 2), 1 + rng.next(h / 2));
                canvas.fill_rect(rect, rng.next(colors) as u8);
            }
        }
        frames.push(canvas.clone());
    }
    frames
}

/// Random sequences in a small palette (every block in the global table) and in a large one
/// (blocks of a few colours high in the palette have local tables): each composed frame is its
/// distinct pushed picture, one block per picture, lasting its time.
#[test]
fn composed_frames_equal_the_pushed_frames_after_merging() {
    let mut locals = 0;
    for (seed, colors) in (1..6).flat_map(|seed| [(seed, 6), (seed, 200)]) {
        let palette = palette_of(colors);
        let canvases = random_frames_in(seed, 40, 37, 23, colors as u32);
        let frames: Vec<_> = canvases.iter().map(|c| (c.clone(), 40)).collect();
        let (bytes, stats) = encode_in(&frames, &palette, Repeat::Forever);
        let decoded = decode(&bytes);

        // Independent merge: runs of equal canvases, 40 ms each.
        let mut expected: Vec<(&Canvas, u32)> = Vec::new();
        for c in &canvases {
            match expected.last_mut() {
                Some((last, ms)) if *last == c => *ms += 40,
                _ => expected.push((c, 40)),
            }
        }
        assert!(expected.len() < canvases.len(), "the sequence has repeats");
        assert_eq!(decoded.blocks.len(), expected.len());
        assert_eq!(stats.frames as usize, expected.len());
        assert_eq!(stats.bytes, bytes.len() as u64);
        assert_eq!((decoded.width, decoded.height), (37, 23));
        for (i, (canvas, ms)) in expected.iter().enumerate() {
            let what = format!("{colors} colours, seed {seed}, frame {i}");
            assert!(decoded.composed[i] == colors_in(canvas, &palette), "{what}");
            // Multiples of 10 ms convert exactly.
            assert_eq!(u32::from(decoded.blocks[i].delay), ms / 10, "{what}");
        }
        assert_eq!(stats.total_delay_cs, 40 * canvases.len() as u64 / 10);
        check_tables(&decoded, &palette);
        locals += decoded.blocks.iter().filter(|b| b.local.is_some()).count();
    }
    assert!(locals > 10, "{locals} blocks with local tables");
}

/// Every later block is the bounding rectangle of what changed; a pixel in it is transparent only
/// where the picture did not change, and otherwise the new picture's colour.
#[test]
fn first_frame_is_full_and_later_frames_are_the_changed_bbox_with_transparency() {
    let canvases = random_frames(7, 30, 40, 30);
    let frames: Vec<_> = canvases.iter().map(|c| (c.clone(), 100)).collect();
    let decoded = decode(&encode(&frames).0);
    let transparent = 0;

    // The global table: the transparent entry, then the palette's colours, in 8 entries.
    assert_eq!(decoded.global_palette.len(), 8 * 3);
    let global = &decoded.global_palette;

    let first = &decoded.blocks[0];
    assert_eq!(first.rect, Rect::new(0, 0, 40, 30));
    assert_eq!(first.transparent, None);
    let shown: Vec<Rgb> = first
        .pixels
        .iter()
        .map(|&p| first.color(p, global))
        .collect();
    assert!(shown == rgb(&canvases[0]));

    let mut distinct = vec![&canvases[0]];
    for c in &canvases[1..] {
        if *distinct.last().unwrap() != c {
            distinct.push(c);
        }
    }
    assert!(distinct.len() > 10);
    let mut used_transparency = false;
    for (i, block) in decoded.blocks.iter().enumerate().skip(1) {
        let (before, after) = (distinct[i - 1], distinct[i]);
        let expected = bbox(before, after).unwrap();
        assert_eq!(block.rect, expected, "frame {i}");
        assert!(u64::from(block.rect.width) * u64::from(block.rect.height) < 40 * 30);
        assert_eq!(block.transparent, Some(transparent));
        assert_eq!(block.dispose, gif::DisposalMethod::Keep);
        for y in 0..expected.height {
            for x in 0..expected.width {
                let p = block.pixels[(y * expected.width + x) as usize];
                let (sx, sy) = (expected.x + x, expected.y + y);
                if p == transparent {
                    // Only a pixel that did not change may show through.
                    assert_eq!(before.get(sx, sy), after.get(sx, sy), "frame {i}");
                    used_transparency = true;
                } else {
                    // A changed pixel, or an unchanged one written in its own colour.
                    let want = palette().rgb(after.get(sx, sy));
                    assert_eq!(block.color(p, global), want, "frame {i}");
                }
            }
        }
    }
    assert!(used_transparency);
}

fn solid(w: u32, h: u32, index: u8) -> Canvas {
    Canvas::new(w, h, index).unwrap()
}

fn with_pixel(base: &Canvas, x: u32, y: u32, index: u8) -> Canvas {
    let mut c = base.clone();
    c.set(x, y, index);
    c
}
