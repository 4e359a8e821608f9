//! The library on its own: cancellation passed in (and a render afterwards), the generic still after
//! N events, and `Still` as an `image::RgbaImage`. Its errors are checked in `library_errors`.

use std::fs;

use crate::common::entries;
use chessviz::files::write_atomic_with;
use chessviz::knight::{self, KnightAdapter, KnightProblem};
use chessviz::queens::{QueensBatch, QueensStyle, Selection};
use chessviz::tromino::{self, TrominoAdapter, TrominoEvent, TrominoProblem, TrominoStyle};
use chessviz::{still_after, Cancel, Error, NoProgress, Pacing, Progress, Square, Style};

/// Stops the animation at frame `at`.
struct StopAt(u64);

impl Progress for StopAt {
    fn frame(&mut self, frames: u64) -> bool {
        frames < self.0
    }
}

fn knight_gif(progress: &mut dyn Progress) -> chessviz::Result<(Vec<u8>, u32)> {
    let problem = KnightProblem::new(5, 5, Square::new(0, 0))?;
    let mut gif = Vec::new();
    let stats = knight::animate(
        &mut gif,
        &problem,
        &Style::new(12),
        Pacing::new(10, 50),
        progress,
    )?;
    Ok((gif, stats.frames))
}

#[test]
fn a_render_stopped_by_its_progress_or_token_can_be_made_again() {
    let (reference, frames) = knight_gif(&mut NoProgress).unwrap();
    assert!(frames > 3, "{frames} frames");

    assert!(matches!(
        knight_gif(&mut StopAt(3)),
        Err(Error::Interrupted)
    ));
    let token = Cancel::new();
    token.cancel();
    assert!(matches!(
        knight_gif(&mut token.clone()),
        Err(Error::Interrupted)
    ));

    // Nothing process-wide was left behind: the same render succeeds, byte for byte as before.
    let (again, _) = knight_gif(&mut NoProgress).unwrap();
    assert_eq!(again, reference);
    let (with_fresh_token, _) = knight_gif(&mut Cancel::new()).unwrap();
    assert_eq!(with_fresh_token, reference);
}

/// Frames are all allowed; the run is stopped after `steps` steps, kept or not.
struct StopAfterSteps(u64);

impl Progress for StopAfterSteps {
    fn frame(&mut self, _: u64) -> bool {
        true
    }

    fn keep_going(&mut self) -> bool {
        self.0 = self.0.saturating_sub(1);
        self.0 > 0
    }
}

#[test]
fn a_render_thinned_to_few_frames_still_stops_between_them() {
    let problem = KnightProblem::new(5, 5, Square::new(0, 0)).unwrap();
    let mut pacing = Pacing::new(10, 50);
    // One frame kept in a million: only the first and the last would ever be made.
    pacing.every = 1_000_000;
    let run = |progress: &mut dyn Progress| {
        knight::animate(Vec::new(), &problem, &Style::new(12), pacing, progress)
    };
    assert_eq!(run(&mut NoProgress).unwrap().frames, 2);
    assert!(matches!(
        run(&mut StopAfterSteps(10)),
        Err(Error::Interrupted)
    ));
}

#[test]
fn a_cancelled_batch_writes_nothing_and_a_new_one_writes_everything() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("six");
    let look = QueensStyle::default();
    let style = Style::new(10);
    let cancelled = Cancel::new();
    cancelled.cancel();
    let batch = QueensBatch::new(6, Selection::All)
        .unwrap()
        .cancel_with(cancelled.clone());
    assert!(matches!(
        batch.write_stills(&out, look, &style),
        Err(Error::Interrupted)
    ));
    assert!(entries(&out).is_empty(), "{:?}", entries(&out));
    assert!(matches!(
        batch.sheet(look, &style, None),
        Err(Error::Interrupted)
    ));

    let batch = QueensBatch::new(6, Selection::All).unwrap();
    let written = batch.write_stills(&out, look, &style).unwrap();
    assert_eq!(written.len(), 4);
    assert_eq!(
        entries(&out),
        [
            "solution-1.png",
            "solution-2.png",
            "solution-3.png",
            "solution-4.png"
        ]
    );
    assert!(batch.sheet(look, &style, None).is_ok());
}

#[test]
fn a_cancelled_write_leaves_the_old_file_and_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.txt");
    fs::write(&path, b"old").unwrap();
    let token = Cancel::new();
    let result = write_atomic_with(&path, &token, |w| {
        use std::io::Write;
        w.write_all(b"new").map_err(|e| Error::io("out.txt", e))?;
        // Cancelled after the bytes are written, before the rename.
        token.cancel();
        Ok(())
    });
    assert!(matches!(result, Err(Error::Interrupted)));
    assert_eq!(fs::read(&path).unwrap(), b"old");
    assert_eq!(entries(dir.path()), ["out.txt"]);

    write_atomic_with(&path, &Cancel::new(), |w| {
        use std::io::Write;
        w.write_all(b"new").map_err(|e| Error::io("out.txt", e))
    })
    .unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"new");
}

#[test]
fn the_still_after_n_events_shows_the_tiles_of_those_events() {
    let problem = TrominoProblem::new(3, Square::new(5, 2)).unwrap();
    let look = TrominoStyle {
        show_splits: true,
        ..TrominoStyle::default()
    };
    let mut style = Style::new(16);
    style.margin = Some(0);
    let still = |n: Option<u64>| {
        let mut adapter = TrominoAdapter::new(&problem, look).unwrap();
        still_after(&mut adapter, problem.trace().map(Ok), n, &style)
            .unwrap()
            .to_rgba()
    };
    let centre = |img: &image::RgbaImage, r: u32, c: u32| img.get_pixel(c * 16 + 8, r * 16 + 8).0;
    let empty = still(Some(0));
    let blank = centre(&empty, 0, 0);
    // Cells not tiled yet in the sub-board at work are shaded, not blank.
    let [r, g, b] = style.theme.focus();
    let focus = [r, g, b, 255];
    let events: Vec<TrominoEvent> = problem.trace().collect();
    for n in [0usize, 1, 2, 5, 9, events.len()] {
        let img = still(Some(n as u64));
        let placed = events[..n]
            .iter()
            .filter(|e| matches!(e, TrominoEvent::Place(_)))
            .count();
        let covered = (0..8)
            .flat_map(|r| (0..8).map(move |c| (r, c)))
            .filter(|&(r, c)| ![blank, focus].contains(&centre(&img, r, c)))
            .count();
        // Three cells a tile, plus the special square.
        assert_eq!(covered, 3 * placed + 1, "after {n} events");
    }
    // All events, and no limit, are the finished figure.
    let finished = tromino::still(&problem, look, &style).unwrap().to_rgba();
    assert_eq!(still(None), finished);
    assert_eq!(still(Some(events.len() as u64 + 10)), finished);
}

#[test]
fn a_still_converts_to_the_pixels_its_png_decodes_to() {
    let tour = KnightProblem::new(6, 6, Square::new(0, 0))
        .unwrap()
        .solve()
        .unwrap();
    let still = knight::still(&tour, knight::KnightStyle::default(), &Style::new(20)).unwrap();
    let mut png = Vec::new();
    still.write_png(&mut png).unwrap();
    let decoded = image::load_from_memory(&png).unwrap().to_rgba8();
    let rgba: image::RgbaImage = still.into();
    assert_eq!(rgba.dimensions(), decoded.dimensions());
    assert!(rgba == decoded, "to_rgba differs from the decoded PNG");

    // The same tour drawn through the generic function.
    let mut adapter = KnightAdapter::new(6, 6);
    let generic = still_after(
        &mut adapter,
        KnightAdapter::moves(&tour),
        None,
        &Style::new(20),
    )
    .unwrap()
    .to_rgba();
    assert!(generic == decoded);
}
