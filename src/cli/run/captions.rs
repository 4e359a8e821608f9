//! `--captions FILE.vtt` beside the web page: WebVTT captions, one cue per picture at the times
//! `frames.txt` would list, from the same stream and pacing as the pictures, in a walk of their
//! own. (Beside an animation they are written by its drawing walk: `animation.rs`.)

use std::path::Path;

use chessviz::files::write_atomic_with;
use chessviz::{write_webvtt, Adapter, Problem, Result, SequencePacing, StepCaptions, Style};

use super::context::Ctx;
use super::problem::Outputs;
use super::step_counts::count_events;
use super::Request;
use crate::cli::report::summary;

/// Writes the captions of the animation `problem` makes, drawn with `style`, to `path` (atomically).
pub fn write_captions<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
    style: &Style,
    path: &Path,
) -> Result<u64> {
    let stream = super::step_stream(req, problem, outputs)?;
    // The step count in each cue's words as in each picture's caption (--counter).
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
    let mut adapter = StepCaptions::new(stream.adapter, style, total);
    let events = stream.problem.events()?;
    let mut cancel = ctx.cancel.clone();
    let started = std::time::Instant::now();
    let cues = write_atomic_with(path, &ctx.cancel, |w| {
        write_webvtt(w, &mut adapter, events, pacing, style, &mut cancel)
    })?;
    summary::wrote(
        ctx,
        path,
        &summary::count(cues, "caption"),
        started,
        req.anim.quiet,
    )?;
    Ok(cues)
}
