//! What an animation must know before its first frame, found by at most one walk of its steps
//! that draws nothing: the frames, for the frame limit (refused before the first frame, and
//! before walking past the steps that limit allows); the events in all, for `--counter`
//! ("step 12/220"); a GIF's words and an APNG's frame count. A GIF or an APNG walks its pictures
//! ahead, applying every event to a scene. A WebP or an MP4 needs only the count: the solver's
//! events walked once, none applied (the problem's own count, or with `--counter` the count and
//! the total together), and no walk at all where the problem knows its count without one (a
//! tiling's tiles, the full search for 12 queens and more): the drawing is then the only walk.

use chessviz::walks::{
    count_steps_and_events, foresee_animation, needs_foreseeing, Foreseen, Lookahead,
};
use chessviz::{Adapter, AnimationFormat, Pacing, Problem, Result, StepCaptions, StepCount, Style};

use super::context::Ctx;
use super::limits::{self, over_step_budget, STEP_BUDGET};
use super::problem::{Count, Outputs};
use super::step_counts::known_up_to;
use super::Request;

/// What was found before the first frame.
pub struct Ahead {
    /// The frames the animation will have (exact where walked, else the problem's estimate).
    pub frames: u64,
    /// The events in all, for `--counter`.
    pub total: Option<u64>,
    /// What the format states before its first frame (a GIF, an APNG); `None` for the others.
    pub foreseen: Option<Foreseen>,
}

/// Counts `problem`'s animation in `format` drawn with `style` and `pacing` before its first
/// frame, refusing more frames than an animation may have, or more steps than `--counter` can
/// count, with the command's own words.
pub fn walk_ahead<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
    format: AnimationFormat,
    style: &Style,
    pacing: Pacing,
) -> Result<Ahead> {
    let what = outputs.counted_as.clone().unwrap_or_else(|| problem.name());
    let (every, max) = (req.anim.every, req.anim.max_frames);
    if let Some(steps) = problem.fewest_steps() {
        let fewest = limits::kept_frames(steps, 0, every, max);
        limits::check_frames(&what, fewest, steps, true)?;
    }
    let check_count = |count: Option<StepCount>| match &outputs.check_count {
        Some(check) => check(count),
        None => Ok(()),
    };
    check_count(None)?;
    // The frames of a count (the pictures themselves where walked), refused past the limit.
    let frames_of = |counted: StepCount, pictures: Option<u64>| -> Result<u64> {
        check_count(Some(counted))?;
        let count = Count::from(counted);
        let frames =
            pictures.unwrap_or_else(|| limits::kept_frames(count.steps, count.forced, every, max));
        limits::check_frames(&what, frames, count.steps, count.complete)?;
        Ok(frames)
    };
    let bound = limits::counting_bound(every, max);
    let known = problem.known_steps(bound)?;
    let mut frames = known.map(|count| frames_of(count, None)).transpose()?;
    let counter = req.seq.counter;
    let known_total = counter
        .then(|| known_up_to(problem, STEP_BUDGET + 1))
        .flatten();
    let count_total = counter && known_total.is_none();
    let mut counted_total = None;
    let mut foreseen = None;
    if needs_foreseeing(format) {
        let look = Lookahead {
            // Counted here only where the problem could not say: then no further than the frame
            // limit (or --max-frames) and --every allow.
            bound: known.is_none().then_some(bound),
            count_events_to: count_total.then_some(STEP_BUDGET),
        };
        let found = foresee(ctx, problem, outputs, format, style, pacing, look)?;
        if known.is_none() || found.pictures() > chessviz::limits::FRAME_LIMIT {
            frames = Some(frames_of(found.steps(), Some(found.pictures()))?);
        }
        counted_total = found.events();
        foreseen = Some(found);
    } else if count_total {
        // Only the count and the total: the events walked once, none applied.
        let (count, total) = count_steps_and_events(problem, bound, STEP_BUDGET, &ctx.cancel)?;
        if known.is_none() {
            frames = Some(frames_of(count, None)?);
        }
        counted_total = Some(total);
    } else if known.is_none() {
        // Only the count: the problem counts its steps, walking its events once.
        frames = Some(frames_of(problem.count_steps(bound, &ctx.cancel)?, None)?);
    }
    let total = counter_total(problem, counter, known_total.or(counted_total))?;
    Ok(Ahead {
        // Known from the problem, or walked: one of the two counted them.
        frames: frames.unwrap_or_default(),
        total,
        foreseen,
    })
}

/// The step total `--counter` shows (`None` without it), refused past the steps it can count.
fn counter_total<E>(
    problem: &dyn Problem<Event = E>,
    counter: bool,
    counted: Option<u64>,
) -> Result<Option<u64>> {
    if !counter {
        return Ok(None);
    }
    let total = counted.unwrap_or(STEP_BUDGET + 1);
    if total > STEP_BUDGET {
        return Err(over_step_budget(
            &problem.name(),
            "--counter cannot count them",
        ));
    }
    Ok(Some(total))
}

/// The walk ahead of a GIF or an APNG: its pictures drawn by nothing.
fn foresee<A: Adapter>(
    ctx: &Ctx,
    problem: &dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
    format: AnimationFormat,
    style: &Style,
    pacing: Pacing,
    look: Lookahead,
) -> Result<Foreseen> {
    // The step total is what this walk counts, so its captions go without it: what it finds (the
    // pictures, their times, the last picture's words) does not depend on it.
    let counter = look.count_events_to.is_some();
    let mut adapter = StepCaptions::new((outputs.adapter)(counter)?, style, None);
    let framing = problem.timing().framing;
    let events = problem.events()?;
    let mut cancel = ctx.cancel.clone();
    foresee_animation(
        format,
        &mut adapter,
        events,
        framing,
        style,
        pacing,
        look,
        &mut cancel,
    )
}
