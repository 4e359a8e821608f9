//! `-o FILE.html`: a web page that plays every step of the problem's search, the steps of
//! `--frames` (the same `--every`, `--max-frames`, `--counter` and captions), its limits checked
//! before the first picture.

use std::path::Path;
use std::time::Instant;

use chessviz::files::write_atomic_with;
use chessviz::limits::{PLAYER_CELL_LIMIT, PLAYER_FRAME_LIMIT, PLAYER_WORK_LIMIT};
use chessviz::player::{player_figure_box, write_player, PlayerSetup, PlayerSize};
use chessviz::SequencePacing;
use chessviz::{Adapter, Error, Problem, Result, StepCaptions};

use super::context::Ctx;
use super::frames::check_numbers_legible;
use super::limits::{self, STEP_BUDGET};
use super::problem::{Board, Count, Outputs, Stream};
use super::step_counts::{check_size, count_events};
use super::Request;
use crate::cli::report::progress::FrameProgress;
use crate::cli::report::summary;

/// Writes the problem's steps as a web page to `path`.
pub fn player<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
    path: &Path,
    started: Instant,
) -> Result<()> {
    let board = Board::of(problem);
    // The page's figure is the captioned step of `--step`; with a box asked for (--fit, --width,
    // --height, a preset's), the whole page fits it: the figure with the controls below it.
    let style = (req.style)()?;
    let window = req.look.fit();
    let fit = window.map(|w| player_figure_box(w, style.margin_px() == 0));
    let style = match fit {
        Some(fit) => style.fit(fit, board.rows, board.cols, true)?,
        None => style,
    };
    let style = super::fit_panel::fit_scene_with_panel(fit, style, (outputs.adapter)(false)?)?;
    let cells = u64::from(board.rows) * u64::from(board.cols);
    if cells > PLAYER_CELL_LIMIT {
        return Err(Error::TooLarge(format!(
            "a web page plays boards of at most {PLAYER_CELL_LIMIT} squares, not {} x {}; draw it as a GIF (-o FILE.gif) or as pictures (--frames DIR)",
            board.rows, board.cols
        )));
    }
    check_size(board, &style)?;
    let stream = super::step_stream(req, problem, outputs)?;
    let pictures = count_pictures(ctx, req, &stream, cells)?;
    if req.numbers_asked {
        check_numbers_legible(stream.adapter.hints(), &style)?;
    }
    let total = if req.seq.counter {
        Some(count_events(ctx, &stream)?)
    } else {
        None
    };
    let timing = stream.problem.timing();
    let pacing = SequencePacing {
        pacing: req.anim.pacing(timing.delay_ms, timing.hold_ms),
        framing: timing.framing,
    };
    let title = format!("chessviz: {}", stream.problem.name());
    // A size asked for (a box, a preset's, a cell) is kept; else the figure fills the window.
    let setup = PlayerSetup {
        title: &title,
        size: if window.is_some() || req.look.cell.is_some() {
            PlayerSize::Own
        } else {
            PlayerSize::Window
        },
    };
    let mut progress = FrameProgress::new(&ctx.cancel, req.anim.quiet, Some(pictures));
    let events = stream.problem.events()?;
    let mut adapter = StepCaptions::new(stream.adapter, &style, total);
    let stats = write_atomic_with(path, &ctx.cancel, |w| {
        write_player(
            &mut adapter,
            events,
            &style,
            pacing,
            &mut progress,
            setup,
            w,
        )
    })?;
    super::frames::note_words_dropped(ctx, req.anim.quiet, adapter.words_dropped().as_deref());
    if let Some(vtt) = &req.anim.captions {
        super::captions::write_captions(ctx, req, problem, outputs, &style, vtt)?;
    }
    summary::wrote(
        ctx,
        path,
        &format!("{} pictures", stats.pictures),
        started,
        req.anim.quiet,
    )
}

/// The pictures the page will hold, counted before the first is drawn; refuses more than
/// [`PLAYER_FRAME_LIMIT`], or more than [`PLAYER_WORK_LIMIT`] squares drawn in all on a board of
/// `cells` squares, with the `--every` that brings the search under them.
fn count_pictures<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    stream: &Stream<'_, A>,
    cells: u64,
) -> Result<u64> {
    let (every, max) = (req.anim.every.max(1), req.anim.max_frames);
    let most = PLAYER_FRAME_LIMIT
        .min(PLAYER_WORK_LIMIT / cells.max(1))
        .max(1);
    let frames = max.unwrap_or(most).min(most) + 1;
    let bound = frames.saturating_mul(u64::from(every)).min(STEP_BUDGET + 1);
    // Counted as the animation counts them: the start and each solution are kept whatever
    // --every says, and so is the last step.
    let count = Count::from(stream.problem.count_steps(bound, &ctx.cancel)?);
    let pictures = limits::kept_frames(count.steps, count.forced + 1, every, max);
    if pictures <= most {
        return Ok(pictures);
    }
    // Counting the trace alone is quick: count on, to name the --every that fits.
    let further = bound.saturating_mul(1000).min(STEP_BUDGET + 1);
    let total = if count.complete {
        count
    } else {
        Count::from(stream.problem.count_steps(further, &ctx.cancel)?)
    };
    let hint = match total.complete.then(|| every_that_fits(total, most)) {
        Some(Some(k)) => format!("keep one step in {k} with --every {k}"),
        Some(None) => format!(
            "no --every brings it under, since the start, the last step and each solution are always kept ({} pictures)",
            total.forced + 1
        ),
        None => "keep one step in K with --every K".to_string(),
    };
    Err(Error::TooLarge(format!(
        "{} has too many steps for a web page, which plays at most {most} pictures of this board ({PLAYER_FRAME_LIMIT} in all, and {PLAYER_WORK_LIMIT} squares drawn in all): {hint}, or stop early with --max-frames {most}",
        stream.problem.name()
    )))
}

/// The smallest `--every` that keeps at most `most` pictures of `count`'s steps, its forced steps
/// and the last one always kept; `None` when those alone are more.
fn every_that_fits(count: Count, most: u64) -> Option<u64> {
    let forced = count.forced + 1;
    if forced >= most {
        return None;
    }
    let k = (count.steps.saturating_sub(forced))
        .div_ceil(most - forced)
        .max(2);
    let every = u32::try_from(k).ok()?;
    (limits::kept_frames(count.steps, forced, every, None) <= most).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_every_named_fits_with_the_solutions_kept() {
        // The 11-queens search: 2680 solutions always kept; a page of 121 squares holds 16528.
        let most = PLAYER_WORK_LIMIT / 121;
        let count = Count {
            steps: 333_000,
            forced: 2681,
            complete: true,
        };
        let k = every_that_fits(count, most).expect("an --every fits");
        assert!(limits::kept_frames(count.steps, count.forced + 1, k as u32, None) <= most);
        assert!(limits::kept_frames(count.steps, count.forced + 1, k as u32 - 1, None) > most);
        // Taking only the steps into account (as before) names one that does not fit.
        let naive = count.steps.div_ceil(most - 1);
        assert!(limits::kept_frames(count.steps, count.forced + 1, naive as u32, None) > most);
        // 12 queens: 14200 solutions, more than the 13888 pictures of 144 squares.
        let count = Count {
            steps: 1_712_000,
            forced: 14_201,
            complete: true,
        };
        assert_eq!(every_that_fits(count, PLAYER_WORK_LIMIT / 144), None);
    }
}
