//! The streaming GIF encoder, checked by decoding its output with the `gif` crate and composing the frames
//! independently (rect offsets, transparency, disposal Keep).

use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;

use chessviz::internals::encode::{GifStats, GifWriter, Repeat};
use chessviz::internals::{Canvas, Palette, Rect};
use chessviz::Error;

mod decode;
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

#[test]
fn delays_round_on_running_totals() {
    let a = solid(8, 8, 0);
    let b = with_pixel(&a, 1, 1, 1);
    let c = with_pixel(&b, 2, 2, 2);
    let decoded = decode(&encode(&[(a.clone(), 333), (b.clone(), 333), (c.clone(), 333)]).0);
    let delays: Vec<u16> = decoded.blocks.iter().map(|b| b.delay).collect();
    // Ends at 333, 666, 999 ms -> 33, 67, 100 cs.
    assert_eq!(delays, vec![33, 34, 33]);

    // Ten frames of 15 ms: 150 ms in all, never 0 and never drifting.
    let mut frames = vec![(a.clone(), 15)];
    for i in 1..10 {
        frames.push((
            with_pixel(&frames[i - 1].0, i as u32 % 8, 5, 1 + i as u8 % 5),
            15,
        ));
    }
    let (bytes, stats) = encode(&frames);
    let decoded = decode(&bytes);
    let delays: Vec<u16> = decoded.blocks.iter().map(|b| b.delay).collect();
    assert_eq!(delays, vec![2, 1, 2, 1, 2, 1, 2, 1, 2, 1]);
    assert_eq!(stats.total_delay_cs, 15);
}

#[test]
fn identical_frames_are_merged_with_summed_delays() {
    let a = solid(10, 6, 0);
    let b = with_pixel(&a, 9, 5, 3);
    let frames = [
        (a.clone(), 100),
        (a.clone(), 200),
        (b.clone(), 50),
        (b.clone(), 50),
        (a.clone(), 10),
    ];
    let (bytes, stats) = encode(&frames);
    let decoded = decode(&bytes);
    let delays: Vec<u16> = decoded.blocks.iter().map(|b| b.delay).collect();
    assert_eq!(delays, vec![30, 10, 1]);
    assert_eq!(decoded.composed[0], rgb(&a));
    assert_eq!(decoded.composed[1], rgb(&b));
    assert_eq!(decoded.composed[2], rgb(&a));
    assert_eq!(decoded.blocks[1].rect, Rect::new(9, 5, 1, 1));
    assert_eq!(stats.frames, 3);
    assert_eq!(stats.total_delay_cs, 41);
}

#[test]
fn an_animation_of_identical_frames_is_one_frame() {
    let a = random_frames(3, 1, 20, 20).remove(0);
    let frames: Vec<_> = (0..25).map(|_| (a.clone(), 120)).collect();
    let (bytes, stats) = encode(&frames);
    let decoded = decode(&bytes);
    assert_eq!(decoded.blocks.len(), 1);
    assert_eq!(decoded.blocks[0].delay, 300);
    assert_eq!(decoded.composed[0], rgb(&a));
    assert_eq!(
        stats,
        GifStats {
            frames: 1,
            bytes: bytes.len() as u64,
            total_delay_cs: 300
        }
    );
}

#[test]
fn frames_shorter_than_a_centisecond_carry_their_time_forward() {
    // A, B, C change different places; C is dropped (0 cs), so D's block must also repaint C's change.
    let a = solid(12, 12, 0);
    let b = {
        let mut c = a.clone();
        c.fill_rect(Rect::new(0, 0, 3, 3), 1);
        c
    };
    let c = {
        let mut c = b.clone();
        c.fill_rect(Rect::new(8, 8, 4, 4), 2);
        c
    };
    let d = with_pixel(&c, 5, 5, 3);
    let (bytes, stats) = encode(&[(a, 3), (b.clone(), 3), (c, 3), (d.clone(), 100)]);
    let decoded = decode(&bytes);
    // A ends at 3 ms (0 cs): carried into B, which spans 0..6 ms = 1 cs and is written full.
    // C spans 6..9 ms (1 -> 1 cs = 0): carried into D, which spans 6..109 ms = 11 - 1 = 10 cs.
    let delays: Vec<u16> = decoded.blocks.iter().map(|b| b.delay).collect();
    assert_eq!(delays, vec![1, 10]);
    assert_eq!(decoded.blocks[0].rect, Rect::new(0, 0, 12, 12));
    assert_eq!(decoded.composed[0], rgb(&b));
    assert_eq!(decoded.composed[1], rgb(&d));
    assert_eq!(decoded.blocks[1].rect, Rect::new(5, 5, 7, 7));
    assert_eq!(stats.total_delay_cs, 11);

    // A last frame cannot carry forward: it gets the minimum of 1 cs.
    let a = solid(4, 4, 0);
    let b = with_pixel(&a, 0, 0, 1);
    let decoded = decode(&encode(&[(a, 100), (b, 2)]).0);
    let delays: Vec<u16> = decoded.blocks.iter().map(|b| b.delay).collect();
    assert_eq!(delays, vec![10, 1]);
}

#[test]
fn min_delay_can_be_raised() {
    let mut frames = vec![(solid(6, 6, 0), 10)];
    for i in 1..6u32 {
        frames.push((with_pixel(&frames[i as usize - 1].0, i, 0, 1), 10));
    }
    let mut out = Vec::new();
    let mut writer = GifWriter::new(&mut out, 6, 6, &palette(), Repeat::Forever)
        .unwrap()
        .with_min_delay_cs(2);
    for (c, ms) in &frames {
        writer.push(c, *ms).unwrap();
    }
    let stats = writer.finish().unwrap();
    let decoded = decode(&out);
    let delays: Vec<u16> = decoded.blocks.iter().map(|b| b.delay).collect();
    assert_eq!(delays, vec![2, 2, 2]);
    assert_eq!(stats.total_delay_cs, 6);
    // Frames 1, 3 and 5 of six are shown; the others were shorter than 2 cs and dropped.
    assert_eq!(decoded.composed[0], rgb(&frames[1].0));
    assert_eq!(decoded.composed[1], rgb(&frames[3].0));
    assert_eq!(decoded.composed[2], rgb(&frames[5].0));
}

#[test]
fn holds_longer_than_65535_cs_are_split() {
    let a = solid(5, 5, 1);
    let b = with_pixel(&a, 2, 2, 4);
    let (bytes, stats) = encode(&[(a.clone(), 700_010), (b.clone(), 100)]);
    let decoded = decode(&bytes);
    let delays: Vec<u16> = decoded.blocks.iter().map(|b| b.delay).collect();
    assert_eq!(delays, vec![35_000, 35_001, 10]);
    assert_eq!(decoded.composed[0], rgb(&a));
    assert_eq!(decoded.composed[1], rgb(&a));
    assert_eq!(decoded.composed[2], rgb(&b));
    assert_eq!(stats.total_delay_cs, 70_011);
    assert_eq!(stats.frames, 3);
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn loop_extension_follows_repeat() {
    let a = solid(3, 3, 0);
    let b = with_pixel(&a, 1, 1, 2);
    let frames = [(a, 100), (b, 100)];

    let (forever, _) = encode_with(&frames, Repeat::Forever);
    assert!(contains(&forever, b"NETSCAPE2.0"));
    assert_eq!(decode(&forever).repeat, gif::Repeat::Infinite);

    let (once, _) = encode_with(&frames, Repeat::Times(1));
    assert!(!contains(&once, b"NETSCAPE2.0"));
    assert_eq!(decode(&once).blocks.len(), 2);

    let (thrice, _) = encode_with(&frames, Repeat::Times(3));
    assert!(contains(&thrice, b"NETSCAPE2.0"));
    assert_eq!(decode(&thrice).repeat, gif::Repeat::Finite(2));

    let refused = GifWriter::new(Vec::new(), 3, 3, &palette(), Repeat::Times(0));
    assert!(matches!(refused, Err(Error::Invalid { .. })));
}

#[test]
fn sides_over_65535_are_refused() {
    for (w, h) in [(65_536, 1), (1, 65_536), (100_000, 100_000)] {
        match GifWriter::new(Vec::new(), w, h, &palette(), Repeat::Forever) {
            Err(Error::TooLarge(msg)) => {
                assert!(msg.contains("65535") && !msg.contains("--"), "{msg}")
            }
            other => panic!("{w} x {h}: {:?}", other.err()),
        }
    }
    assert!(GifWriter::new(Vec::new(), 65_535, 1, &palette(), Repeat::Forever).is_ok());
    assert!(matches!(
        GifWriter::new(Vec::new(), 0, 5, &palette(), Repeat::Forever),
        Err(Error::Invalid { .. })
    ));
}

#[test]
fn bad_frames_are_errors_and_leave_the_writer_usable() {
    let a = solid(8, 8, 0);
    let b = with_pixel(&a, 3, 3, 2);
    let mut out = Vec::new();
    let mut writer = GifWriter::new(&mut out, 8, 8, &palette(), Repeat::Forever).unwrap();
    assert!(matches!(
        writer.push(&solid(8, 9, 0), 10),
        Err(Error::Invalid { .. })
    ));
    assert!(matches!(
        writer.push(&solid(9, 8, 0), 10),
        Err(Error::Invalid { .. })
    ));
    writer.push(&a, 100).unwrap();
    // The transparent index and anything beyond the palette are refused.
    assert!(matches!(
        writer.push(&with_pixel(&a, 1, 1, COLORS as u8), 10),
        Err(Error::Invalid { .. })
    ));
    assert!(matches!(
        writer.push(&with_pixel(&a, 1, 1, 200), 10),
        Err(Error::Invalid { .. })
    ));
    writer.push(&b, 100).unwrap();
    writer.finish().unwrap();
    let decoded = decode(&out);
    assert_eq!(decoded.blocks.len(), 2);
    assert_eq!(decoded.composed[1], rgb(&b));

    let empty = GifWriter::new(Vec::new(), 8, 8, &palette(), Repeat::Forever).unwrap();
    assert!(matches!(empty.finish(), Err(Error::Invalid { .. })));
}

#[test]
fn same_frames_give_identical_bytes() {
    let canvases = random_frames(11, 50, 31, 17);
    let frames: Vec<_> = canvases.into_iter().map(|c| (c, 70)).collect();
    assert_eq!(encode(&frames).0, encode(&frames).0);
}

#[test]
fn push_changed_matches_push_when_the_promise_holds() {
    let canvases = random_frames(5, 30, 33, 29);
    let frames: Vec<_> = canvases.iter().map(|c| (c.clone(), 50)).collect();
    let (full, _) = encode(&frames);

    let mut out = Vec::new();
    let mut writer = GifWriter::new(&mut out, 33, 29, &palette(), Repeat::Forever).unwrap();
    writer.push(&canvases[0], 50).unwrap();
    for pair in canvases.windows(2) {
        // A dirty rect generously larger than the change (or an empty one when nothing changed).
        let dirty = match bbox(&pair[0], &pair[1]) {
            Some(r) => Rect::new(
                r.x.saturating_sub(2),
                r.y.saturating_sub(1),
                r.width + 4,
                r.height + 3,
            ),
            None => Rect::default(),
        };
        writer.push_changed(&pair[1], dirty, 50).unwrap();
    }
    writer.finish().unwrap();
    assert_eq!(out, full);
}

/// Steps that change two small places far apart, as an explaining animation's do (the square
/// just changed and the one emphasised before it), each pushed with the two places as regions:
/// the file is the one whole-frame comparisons make, delays under a centisecond (frames dropped
/// and carried into the next) included, and composes to every frame.
#[test]
fn push_changed_regions_matches_push_when_the_promise_holds() {
    let (w, h) = (64, 48);
    let mut rng = Lcg(7);
    let mut canvases = vec![Canvas::new(w, h, 0).unwrap()];
    let mut regions = Vec::new();
    for _ in 0..40 {
        let mut next = canvases.last().unwrap().clone();
        let mut places = Vec::new();
        for _ in 0..2 {
            let (x, y) = (rng.next(w - 6), rng.next(h - 5));
            let place = Rect::new(x, y, 6, 5);
            for _ in 0..rng.next(12) {
                next.set(
                    x + rng.next(6),
                    y + rng.next(5),
                    rng.next(COLORS as u32) as u8,
                );
            }
            places.push(place);
        }
        canvases.push(next);
        regions.push(places);
    }
    let delays: Vec<u32> = (0..canvases.len())
        .map(|i| if i % 3 == 1 { 4 } else { 50 })
        .collect();
    let frames: Vec<_> = canvases
        .iter()
        .zip(&delays)
        .map(|(c, &d)| (c.clone(), d))
        .collect();
    let (full, _) = encode(&frames);

    let mut out = Vec::new();
    let mut writer = GifWriter::new(&mut out, w, h, &palette(), Repeat::Forever).unwrap();
    writer.push(&canvases[0], delays[0]).unwrap();
    for (i, places) in regions.iter().enumerate() {
        writer
            .push_changed_regions(&canvases[i + 1], places, delays[i + 1])
            .unwrap();
    }
    writer.finish().unwrap();
    // One block per picture, however far apart its changes: the same rectangles, delays and
    // pictures (the bytes may differ: which changed rectangles are written whole depends on how
    // the changes were found).
    let (decoded, expected) = (decode(&out), decode(&full));
    assert_eq!(decoded.blocks.len(), expected.blocks.len());
    for (i, (a, b)) in decoded.blocks.iter().zip(&expected.blocks).enumerate() {
        assert_eq!((a.rect, a.delay), (b.rect, b.delay), "block {i}");
        assert!(decoded.composed[i] == expected.composed[i], "block {i}");
    }
    let last = decoded.composed.last().unwrap();
    assert!(*last == rgb(canvases.last().unwrap()));
}

/// Two small changes in opposite corners of a large frame, pushed as two regions, between two
/// pushes of the first picture; and the same pictures pushed whole.
fn far_apart_step(delay_ms: u32) -> (Vec<u8>, Vec<u8>, Canvas) {
    let (w, h) = (200, 120);
    let first = solid(w, h, 0);
    let mut next = first.clone();
    for (x0, y0) in [(2, 3), (190, 110)] {
        for y in y0..y0 + 6 {
            for x in x0..x0 + 6 {
                next.set(x, y, ((x + y) % 5 + 1) as u8);
            }
        }
    }
    let regions = [Rect::new(0, 0, 10, 10), Rect::new(188, 108, 12, 12)];
    let mut by_regions = Vec::new();
    let mut writer = GifWriter::new(&mut by_regions, w, h, &palette(), Repeat::Forever).unwrap();
    writer.push(&first, 500).unwrap();
    writer
        .push_changed_regions(&next, &regions, delay_ms)
        .unwrap();
    writer.push(&first, 500).unwrap();
    writer.finish().unwrap();
    let (whole, _) = encode(&[(first.clone(), 500), (next.clone(), delay_ms), (first, 500)]);
    (by_regions, whole, next)
}

/// A step changing two places far apart is ONE block, the rectangle spanning both, shown for the
/// whole step, the pixels between them transparent: never a block per place, each shown part of
/// the step (which would show a picture no step has), whatever the step's length.
#[test]
fn far_apart_changes_are_one_block_of_the_step() {
    for delay_ms in [30, 300, 5000] {
        let (by_regions, whole, next) = far_apart_step(delay_ms);
        let d = decode(&by_regions);
        let w = decode(&whole);
        assert_eq!(w.blocks.len(), 3, "{delay_ms} ms");
        assert_eq!(w.blocks[1].rect, d.blocks[1].rect, "{delay_ms} ms");
        assert_eq!(d.blocks.len(), 3, "{delay_ms} ms: one block per picture");
        let step = &d.blocks[1];
        assert_eq!(step.rect, Rect::new(2, 3, 194, 113), "{delay_ms} ms");
        assert_eq!(step.delay as u32, delay_ms / 10);
        assert!(d.composed[1] == rgb(&next), "{delay_ms} ms");
        assert!(d.composed[2] == rgb(&solid(200, 120, 0)), "{delay_ms} ms");
        let opaque = step.pixels.iter().filter(|&&p| Some(p) != step.transparent);
        assert_eq!(
            opaque.count(),
            2 * 36,
            "{delay_ms} ms: only the changes are opaque"
        );
    }
}

#[test]
fn push_changed_only_looks_inside_dirty() {
    let a = solid(10, 10, 0);
    let b = with_pixel(&with_pixel(&a, 1, 1, 1), 8, 8, 2);
    let mut out = Vec::new();
    let mut writer = GifWriter::new(&mut out, 10, 10, &palette(), Repeat::Forever).unwrap();
    writer.push(&a, 100).unwrap();
    writer.push_changed(&b, Rect::new(0, 0, 4, 4), 100).unwrap();
    // A later full comparison catches the pixel the promise left out.
    writer.push(&b, 100).unwrap();
    writer.finish().unwrap();
    let decoded = decode(&out);
    assert_eq!(decoded.blocks[1].rect, Rect::new(1, 1, 1, 1));
    assert_eq!(decoded.blocks[2].rect, Rect::new(8, 8, 1, 1));
    assert_eq!(decoded.composed[2], rgb(&b));
}

/// A writer that shares how many bytes reached it.
struct Counting(Rc<Cell<u64>>);

impl Write for Counting {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + buf.len() as u64);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn frames_stream_out_before_finish() {
    let seen = Rc::new(Cell::new(0));
    let canvases = random_frames(13, 300, 64, 64);
    let mut writer =
        GifWriter::new(Counting(seen.clone()), 64, 64, &palette(), Repeat::Forever).unwrap();
    let mut at_half = 0;
    for (i, c) in canvases.iter().enumerate() {
        writer.push(c, 30).unwrap();
        if i == canvases.len() / 2 {
            at_half = seen.get();
        }
    }
    let before_finish = seen.get();
    assert!(at_half > 4096, "only {at_half} bytes out after 150 frames");
    assert!(before_finish > at_half);
    let stats = writer.finish().unwrap();
    assert!(stats.bytes > before_finish);
    assert_eq!(stats.bytes, seen.get());
}

/// A writer that accepts `room` bytes, then fails.
struct Full {
    room: usize,
}

impl Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::other("disk full"));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn write_failures_are_reported_not_panicked() {
    let canvases = random_frames(17, 200, 64, 64);
    let run = |path: Option<&str>| -> Error {
        let mut writer =
            GifWriter::new(Full { room: 2000 }, 64, 64, &palette(), Repeat::Forever).unwrap();
        if let Some(p) = path {
            writer = writer.with_path(p);
        }
        for c in &canvases {
            if let Err(e) = writer.push(c, 30) {
                // Once failed, the writer refuses everything after.
                assert!(writer.push(c, 30).is_err());
                assert!(writer.finish().is_err());
                return e;
            }
        }
        writer.finish().unwrap_err()
    };
    match run(None) {
        Error::Encode(msg) => assert!(msg.contains("disk full"), "{msg}"),
        other => panic!("{other:?}"),
    }
    match run(Some("out.gif")) {
        e @ Error::Io { .. } => assert_eq!(e.to_string(), "out.gif: disk full"),
        other => panic!("{other:?}"),
    }
}
