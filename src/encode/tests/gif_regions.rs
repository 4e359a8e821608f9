//! Steps that change places far apart, pushed as regions: one block a step.

use super::*;

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
