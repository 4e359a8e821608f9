//! `--step N` (and the dispatch of the step options), written once over any problem's stream.
//!
//! Step `i` is the state after the first `i` events of the stream `--trace` prints (its line `i`),
//! step 0 the start. A `--step i` still, the picture `frame-i` of `--frames` and, with `--counter`,
//! the GIF frame of step `i` are drawn by the same captioning adapter ([`StepCaptions`]), so they are
//! the same picture.

use std::path::PathBuf;
use std::time::Instant;

use chessviz::{scene_at, Adapter, Error, Result, StepCaptions, Style, WorkProgress};

use super::context::Ctx;

use super::limits::check_step_budget;
use super::problem::{Board, Stream};
use super::step_counts::{check_size, count_events, count_up_to_with, past_end, TICK};
use super::still::{self, StillJob};
use super::target::{still_file, target};
use super::Request;
use crate::cli::args::Steps;
use crate::cli::formats::{fill_in, FormatArg};
use crate::cli::report::progress::WorkBar;

/// Runs `--step`, `--frames` or `--storyboard` over `stream`.
pub fn run<A>(
    ctx: &Ctx,
    req: &Request<'_>,
    style: &Style,
    board: Board,
    stream: Stream<'_, A>,
) -> Result<()>
where
    A: Adapter + Clone + Sync,
    A::Event: Clone + Sync,
{
    let started = Instant::now();
    // A step and each frame are one captioned board; a storyboard fits as a whole (its sheet).
    let fitted = || {
        let style = req
            .look
            .fit_step_figure(style.clone(), board.rows, board.cols)?;
        super::fit_panel::fit_with_panel(req.look, style, stream.adapter.clone())
    };
    if let Some(dir) = &req.seq.frames {
        let style = &fitted()?;
        return super::frames::frames(ctx, req, style, board, stream, dir, started);
    }
    if let Some(n) = req.seq.step {
        // --describe prints the step's words: no file is named, none is written.
        let (path, format) = if req.look.describe {
            (
                PathBuf::from("-"),
                FormatArg::of(chessviz::files::Format::Png)
                    .ok_or_else(|| Error::usage("PNG is a still"))?,
            )
        } else {
            still_target(req, "--step")?
        };
        let style = &fitted()?;
        return step(ctx, req, style, board, stream, n, (path, format), started);
    }
    if let Some(Steps(steps)) = &req.seq.storyboard {
        let (path, format) = still_target(req, "--storyboard")?;
        let at = (path.as_path(), format);
        return super::storyboard::storyboard(ctx, req, style, board, stream, steps, at, started);
    }
    Err(Error::usage(
        "nothing to draw: give --step, --frames or --storyboard",
    ))
}

/// The still file (or standard output) `-o` names for `option`, refusing text and GIF.
fn still_target(req: &Request<'_>, option: &str) -> Result<(PathBuf, FormatArg)> {
    let target = target(req.output, req.seq.format)?;
    if target.format() == chessviz::files::Format::Html {
        return Err(Error::usage(format!(
            "{option} draws a still; a web page (-o FILE.html) plays every step, and FILE.html#step=N opens step N"
        )));
    }
    still_file(&target).ok_or_else(|| {
        Error::usage(format!(
            "{option} draws a still: use -o {} (or -o - --format {})",
            fill_in("{STILL_FILES}"),
            fill_in("{STILL_VALUES}")
        ))
    })
}

#[allow(clippy::too_many_arguments)]
fn step<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    style: &Style,
    board: Board,
    stream: Stream<'_, A>,
    n: u64,
    (path, format): (PathBuf, FormatArg),
    started: Instant,
) -> Result<()> {
    check_step_budget("--step", n)?;
    check_size(board, style)?;
    // A step far into a long search (100,000,000 steps of 32 queens) is a walk of minutes, twice:
    // a bar of its steps with the time left.
    let mut bar = WorkBar::new(&ctx.cancel, req.anim.quiet, "steps");
    let total = if req.seq.counter {
        let total = count_events(ctx, &stream)?;
        if n > total {
            return Err(past_end("--step", n, total, &stream.problem.name()));
        }
        Some(total)
    } else {
        bar.stage("finding the step: ");
        let seen = count_up_to_with(ctx, &stream, n, &mut bar)?;
        if seen < n {
            return Err(past_end("--step", n, seen, &stream.problem.name()));
        }
        None
    };
    bar.stage("playing the steps: ");
    let mut played = 0u64;
    let events = stream.problem.events()?.map(|event| {
        played += 1;
        ctx.cancel.check()?;
        if played.is_multiple_of(TICK) && !bar.increase(played, n) {
            return Err(Error::Interrupted);
        }
        event
    });
    let mut adapter = StepCaptions::new(stream.adapter, style, total);
    let scene = scene_at(&mut adapter, events, n)?;
    bar.finish();
    let scene = match scene {
        Ok(scene) => scene,
        Err(steps) => return Err(past_end("--step", n, steps, &stream.problem.name())),
    };
    super::frames::note_words_dropped(ctx, req.anim.quiet, adapter.caption_words_dropped());
    if req.look.describe {
        return still::print_description(ctx, style, &scene);
    }
    let job = StillJob {
        path: &path,
        format,
        style,
        numbers_asked: req.numbers_asked,
        started,
        quiet: req.anim.quiet,
    };
    still::write(ctx, &job, scene, adapter.hints())
}
