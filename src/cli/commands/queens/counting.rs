//! How many frames a queens animation has, counted from the search before the first frame.

use chessviz::queens::{self, KnownEvents, QueensEvent, QueensMovie};
use chessviz::Result;

use super::numbering::out_of_range;
use super::{QueensArgs, CAPTION_COUNT_MAX_N};
use crate::cli::run::context::Ctx;
use crate::cli::run::problem::Count;

/// The frames of the animation, counted from the search without drawing, before the first frame;
/// refuses one over the frame limit or a solution number past the last.
pub(super) fn count_frames(
    ctx: &Ctx,
    a: &QueensArgs,
    movie: QueensMovie,
    bound: u64,
) -> Result<Count> {
    // A solution the search never reaches is refused from the known count, before the search.
    if let Some(until) = a.until_solution.filter(|_| a.n <= queens::MAX_KNOWN_N) {
        let solutions = queens::known_count(a.n)?;
        if until > solutions {
            return Err(out_of_range("--until-solution", until, a.n, solutions));
        }
    }
    let (steps, forced, solutions, complete) = match movie {
        QueensMovie::Solutions => {
            let found = if a.n <= CAPTION_COUNT_MAX_N {
                queens::count(a.n)?
            } else {
                let mut found = 0;
                for _ in queens::solutions(a.n)? {
                    ctx.cancel.check()?;
                    found += 1;
                    if found > bound {
                        break;
                    }
                }
                found
            };
            (found, found, found, found <= bound)
        }
        // The full search's length is known from n (and past every budget from n = 15 on).
        QueensMovie::Search { until: None } if a.n >= 12 => match queens::search_events(a.n)? {
            KnownEvents::Exactly(events) if events < bound => {
                let solutions = queens::count(a.n)?;
                (1 + events, 1 + solutions, solutions, true)
            }
            _ => (bound + 1, 1, 0, false),
        },
        QueensMovie::Search { until } => {
            // The empty board, then one step per placement or removal; solutions are kept.
            let (mut steps, mut solutions) = (1u64, 0u64);
            let mut complete = true;
            for event in queens::search(a.n)? {
                ctx.cancel.check()?;
                steps += 1;
                if let QueensEvent::Solution { .. } = event {
                    solutions += 1;
                    if until == Some(solutions) {
                        break;
                    }
                }
                if steps > bound {
                    complete = false;
                    break;
                }
            }
            (steps, 1 + solutions, solutions, complete)
        }
    };
    if complete && solutions == 0 {
        return Err(out_of_range("", 0, a.n, 0));
    }
    if let (Some(until), true) = (a.until_solution, complete) {
        if until > solutions {
            return Err(out_of_range("--until-solution", until, a.n, solutions));
        }
    }
    Ok(Count {
        steps,
        forced,
        complete,
    })
}
