//! How many steps a problem's stream has, counted before any picture is drawn, and the size check
//! of a step's picture: what every output of steps (a still, frames, storyboards, the GIF, the page)
//! asks before its work.

use chessviz::{Adapter, Error, KnownEvents, Problem, Result, Style, WorkProgress};

use super::context::Ctx;
use super::limits::{check_board, over_step_budget, Picture, STEP_BUDGET};
use super::problem::{Board, Stream};

/// "--step 40 is past the end: the search for 5 queens has 38 steps (0 to 38)".
pub fn past_end(option: &str, n: u64, steps: u64, what: &str) -> Error {
    Error::usage(format!(
        "{option} {n} is past the end: {what} has {steps} step{} (0 to {steps})",
        if steps == 1 { "" } else { "s" }
    ))
}

/// The number of events of the stream (Ctrl-C stops the count), for `--counter`; refused past
/// [`STEP_BUDGET`].
pub fn count_events<A: Adapter>(ctx: &Ctx, stream: &Stream<'_, A>) -> Result<u64> {
    let steps = count_up_to(ctx, stream, STEP_BUDGET + 1)?;
    if steps > STEP_BUDGET {
        return Err(over_step_budget(
            &stream.problem.name(),
            "--counter cannot count them",
        ));
    }
    Ok(steps)
}

/// The number of events of the stream, counting no further than `limit`. The trace alone is
/// cheap; playing each event into a scene is not, so a step past the end is found by this first.
pub fn count_up_to<A: Adapter>(ctx: &Ctx, stream: &Stream<'_, A>, limit: u64) -> Result<u64> {
    count_up_to_with(ctx, stream, limit, &mut ctx.cancel.clone())
}

/// Steps between two reports of a walk through the steps: often enough for a bar, rare enough to
/// cost nothing beside the step.
pub const TICK: u64 = 1 << 12;

/// [`count_up_to`], telling `progress` the steps counted of `limit` every [`TICK`] steps; it may
/// stop the count ([`Error::Interrupted`]).
pub fn count_up_to_with<A: Adapter>(
    ctx: &Ctx,
    stream: &Stream<'_, A>,
    limit: u64,
    progress: &mut dyn WorkProgress,
) -> Result<u64> {
    if let Some(known) = known_up_to(stream.problem, limit) {
        return Ok(known);
    }
    let mut steps = 0u64;
    for event in stream.problem.events()? {
        if steps >= limit {
            break;
        }
        ctx.cancel.check()?;
        event?;
        steps += 1;
        if steps.is_multiple_of(TICK) && !progress.increase(steps, limit) {
            return Err(Error::Interrupted);
        }
    }
    Ok(steps)
}

/// The number of events of `problem`, counting no further than `limit`, where the problem knows it
/// without walking them.
pub fn known_up_to<E>(problem: &dyn Problem<Event = E>, limit: u64) -> Option<u64> {
    match problem.known_events() {
        Some(KnownEvents::Exactly(k)) => Some(k.min(limit)),
        Some(KnownEvents::AtLeast(k)) if k >= limit => Some(limit),
        _ => None,
    }
}

/// The size and memory check of a step's picture (captioned with its step).
pub fn check_size(board: Board, style: &Style) -> Result<()> {
    check_board(board, style, true, Picture::Still)
}
