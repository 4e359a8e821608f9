//! `-o FILE.gif`: an animation of any problem's movie, its size, memory and frames checked before
//! the first frame.

use std::fs::File;
use std::io;
use std::path::Path;
use std::time::Instant;

use chessviz::internals::write_atomic_with;
use chessviz::{animate, Adapter, AnimationStats, Pacing, Progress, Result, StepCaptions, Style};

use super::context::Ctx;
use super::limits::{self, check_board, Picture};
use super::problem::{Count, Problem, Stream};
use super::steps::count_events;
use super::Request;
use crate::cli::report::progress::FrameProgress;
use crate::cli::report::summary;

/// Writes the problem's animation to `path`.
pub fn gif<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &Problem<'_, A>,
    path: &Path,
    started: Instant,
) -> Result<()> {
    req.look.check_gif()?;
    let (rows, cols) = (problem.board.rows, problem.board.cols);
    let caption = problem.caption || req.seq.counter;
    let style = req.look.fit_figure((req.style)()?, rows, cols, caption)?;
    check_board(problem.board, &style, problem.caption, Picture::Animation)?;
    let frames = count_frames(ctx, req, problem)?;
    req.anim.warn_short_delay(ctx);
    let quiet = req.anim.quiet;
    let movie = &problem.movie;
    let stats = write_animation(ctx, path, quiet, Some(frames), |w, progress| {
        if req.seq.counter {
            let stream = match &movie.counted {
                Some(counted) => counted()?,
                None => (movie.stream)()?,
            };
            let pacing = pacing(req, &stream);
            return animate_counted(ctx, w, stream, &style, pacing, progress);
        }
        let stream = (movie.stream)()?;
        let pacing = pacing(req, &stream);
        let mut adapter = stream.adapter;
        let events = (stream.events)()?;
        let framing = stream.timing.framing;
        animate(w, &mut adapter, events, framing, &style, pacing, progress)
    })?;
    summary::wrote(
        ctx,
        path,
        &format!(
            "{}, {}",
            summary::count(stats.frames as u64, "frame"),
            summary::pixels(stats.width, stats.height)
        ),
        started,
        quiet,
    )
}

/// The pacing the command line asks for, with the problem's defaults.
fn pacing<A: Adapter>(req: &Request<'_>, stream: &Stream<'_, A>) -> Pacing {
    req.anim
        .pacing(stream.timing.delay_ms, stream.timing.hold_ms)
}

/// The frames of the animation, counted before the first frame; refuses more than the frame limit.
fn count_frames<A: Adapter>(ctx: &Ctx, req: &Request<'_>, problem: &Problem<'_, A>) -> Result<u64> {
    let movie = &problem.movie;
    let (every, max) = (req.anim.every, req.anim.max_frames);
    if let Some(Count { steps, forced, .. }) = movie.at_least {
        let fewest = limits::kept_frames(steps, forced, every, max);
        limits::check_frames(&movie.what, fewest, steps, true)?;
    }
    let bound = limits::counting_bound(every, max);
    let count = (movie.count)(ctx, bound)?;
    let frames = limits::kept_frames(count.steps, count.forced, every, max);
    limits::check_frames(&movie.what, frames, count.steps, count.complete)?;
    Ok(frames)
}

/// Writes the animation that `animate` makes to `path`, atomically, with a progress bar (of `total`
/// frames where known) unless `quiet`; Ctrl-C stops it at the next frame.
fn write_animation(
    ctx: &Ctx,
    path: &Path,
    quiet: bool,
    total: Option<u64>,
    animate: impl FnOnce(&mut io::BufWriter<&mut File>, &mut dyn Progress) -> Result<AnimationStats>,
) -> Result<AnimationStats> {
    let mut progress = FrameProgress::new(&ctx.cancel, quiet, total);
    write_atomic_with(path, &ctx.cancel, |w| animate(w, &mut progress))
}

/// The animation with every frame captioned with its step and the number of steps (`--counter`):
/// the same pictures as `--frames --counter`.
fn animate_counted<A: Adapter, W: std::io::Write>(
    ctx: &Ctx,
    out: W,
    stream: Stream<'_, A>,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let total = count_events(ctx, &stream)?;
    let events = (stream.events)()?;
    let framing = stream.timing.framing;
    let mut adapter = StepCaptions::new(stream.adapter, style, Some(total));
    animate(out, &mut adapter, events, framing, style, pacing, progress)
}

/// The events of `events` up to one past `bound` (Ctrl-C stops the count).
pub fn count_steps<E>(
    ctx: &Ctx,
    events: impl IntoIterator<Item = Result<E>>,
    bound: u64,
) -> Result<u64> {
    let mut steps = 0u64;
    for event in events {
        ctx.cancel.check()?;
        event?;
        steps += 1;
        if steps > bound {
            break;
        }
    }
    Ok(steps)
}
