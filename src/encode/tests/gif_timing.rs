//! The GIF writer's timing: delays on running totals, merged and split frames, the loop
//! extension, refused frames, determinism and the changed-frame promise.

use super::*;

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
