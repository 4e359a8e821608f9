//! Solutions by number: the I-th solution or fundamental solution, and the errors that say how many
//! there are.

use chessviz::queens::{self, unique_solutions, Solution};
use chessviz::{Error, Result};

use crate::cli::run::context::Ctx;

/// Up to this size a far solution number is checked against a count first (about a second for 16
/// queens) instead of walking the solutions one by one to find it out of range (about a minute).
const RANGE_COUNT_MAX_N: u32 = 16;

/// From this solution number on, walking to it costs more than counting them all (up to
/// [`RANGE_COUNT_MAX_N`]).
const RANGE_COUNT_FROM: u64 = 10_000;

/// The `index`-th solution (1-based); an error naming the number of solutions when out of range.
pub(super) fn nth_solution(ctx: &Ctx, n: u32, index: u64) -> Result<Solution> {
    // A far number on a board whose solutions are quick to count: count first.
    if n <= RANGE_COUNT_MAX_N && index >= RANGE_COUNT_FROM {
        let total = queens::count(n)?;
        if index > total {
            return Err(out_of_range("--solution", index, n, total));
        }
    }
    let mut found = 0u64;
    for s in queens::solutions(n)? {
        found += 1;
        if found == index {
            return Ok(s);
        }
        ctx.cancel.check()?;
    }
    Err(out_of_range("--solution", index, n, found))
}

/// "3 queens have no solution", or "OPTION I is out of range: N queens have T solutions".
pub(super) fn out_of_range(option: &str, index: u64, n: u32, total: u64) -> Error {
    if total == 0 {
        return Error::NoSolution(format!("{n} queens have no solution"));
    }
    Error::usage(format!(
        "{option} {index} is out of range: {n} queens have {total} solution{}",
        plural(total)
    ))
}

pub(super) fn plural(k: u64) -> &'static str {
    if k == 1 {
        ""
    } else {
        "s"
    }
}

/// The `index`-th fundamental solution (1-based) with its class size.
pub(super) fn nth_unique(n: u32, index: u64) -> Result<(Solution, usize)> {
    let list = unique_solutions(n)?;
    let count = list.len() as u64;
    usize::try_from(index - 1)
        .ok()
        .and_then(|i| list.into_iter().nth(i))
        .ok_or_else(|| unique_out_of_range(index, n, count))
}

pub(super) fn unique_out_of_range(index: u64, n: u32, count: u64) -> Error {
    if count == 0 {
        return out_of_range("--solution", index, n, 0);
    }
    Error::usage(format!(
        "--solution {index} is out of range: {n} queens have {count} fundamental solution{}",
        plural(count)
    ))
}
