//! The command's refusals of a queens animation's count (the library counts its steps,
//! [`QueensProblem`](chessviz::queens::QueensProblem)): a solution number past the last, or a
//! board without solutions.

use chessviz::queens::{self, QueensMovie};
use chessviz::{Result, StepCount};

use super::numbering::out_of_range;

/// Refuses, before the count (`None`), a solution the search never reaches from the known count;
/// after it, one past the solutions counted, or a search without any.
pub(super) fn check_count(
    n: u32,
    until: Option<u64>,
    movie: QueensMovie,
    opening: bool,
    count: Option<StepCount>,
) -> Result<()> {
    let Some(count) = count else {
        if let Some(until) = until.filter(|_| n <= queens::MAX_KNOWN_N) {
            let solutions = queens::known_count(n)?;
            if until > solutions {
                return Err(out_of_range("--until-solution", until, n, solutions));
            }
        }
        return Ok(());
    };
    // Solutions are the steps kept: each of the slideshow's, the search's but its opening (none
    // on the Turbo C screen).
    let solutions = match movie {
        QueensMovie::Search { .. } if opening => count.kept.saturating_sub(1),
        _ => count.kept,
    };
    if count.complete && solutions == 0 {
        return Err(out_of_range("", 0, n, 0));
    }
    if let (Some(until), true) = (until, count.complete) {
        if until > solutions {
            return Err(out_of_range("--until-solution", until, n, solutions));
        }
    }
    Ok(())
}
