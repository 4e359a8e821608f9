//! Solutions by number: the I-th solution or fundamental solution, and the errors that say how many
//! there are.

use chessviz::queens::{self, unique_solutions, Solution};
use chessviz::{Error, Result};

use crate::cli::run::context::Ctx;

/// The `index`-th solution (1-based); an error naming the number of solutions when out of range.
/// Up to n = 27 the number is known (OEIS A000170), so a number past it is refused at once instead
/// of after walking every solution (a minute for 17 queens).
pub(super) fn nth_solution(ctx: &Ctx, n: u32, index: u64) -> Result<Solution> {
    if n <= queens::MAX_KNOWN_N {
        let total = queens::known_count(n)?;
        if index > total {
            return Err(out_of_range("--solution", index, n, total));
        }
    }
    check_reach(&format!("--solution {index}"), n, index, false)?;
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

/// The search's time for one solution of n queens, in seconds (release build, one core): 3 µs at
/// n = 14 (365,596 solutions listed in 1.1 s) and 41 µs at n = 18 (the first 100,000 in 4.1 s),
/// about 1.9 times as long for each queen more; the first solutions of a large board come no
/// faster (22 queens: 100,000 not found in 20 s, 51 s by this model).
fn seconds_per_solution(n: u32) -> f64 {
    3e-6 * 1.9f64.powi(n as i32 - 14)
}

/// The longest search `--list` or `--solution` starts: an hour.
const REACH_SECONDS: f64 = 3600.0;

/// Refuses, before the search, a walk through `solutions` solutions of n queens (`more`: at least
/// that many, the count of a board past the known table) that would take more than
/// [`REACH_SECONDS`], with the count and the time.
pub(super) fn check_reach(what: &str, n: u32, solutions: u64, more: bool) -> Result<()> {
    let seconds = solutions as f64 * seconds_per_solution(n);
    if seconds <= REACH_SECONDS {
        return Ok(());
    }
    Err(Error::TooLarge(format!(
        "{what} on {n} queens walks through {}{} solution{}, about {} of search (more than the hour a listing may take): choose a smaller -n{}",
        if more { "more than " } else { "" },
        grouped(solutions),
        plural(solutions),
        duration_words(seconds),
        if what.starts_with("--solution") {
            " or an earlier --solution"
        } else {
            ""
        }
    )))
}

/// `7 hours`, `3 days`, `5.2 billion years`.
fn duration_words(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86400.0;
    let (value, unit) = if seconds < 2.0 * 3600.0 {
        (seconds / 60.0, "minutes")
    } else if seconds < 3.0 * 86400.0 {
        (seconds / 3600.0, "hours")
    } else if seconds < 2.0 * YEAR {
        (seconds / 86400.0, "days")
    } else if seconds < 1e9 * YEAR {
        (seconds / YEAR, "years")
    } else {
        return format!("{:.1} billion years", seconds / YEAR / 1e9);
    };
    format!("{} {unit}", value.round())
}

/// Refuses `--list` where walking every solution would take more than an hour (`--list --unique`
/// has its own bound, n <= 14).
pub(super) fn check_list_reach(n: u32) -> Result<()> {
    let (solutions, more) = if n <= queens::MAX_KNOWN_N {
        (queens::known_count(n)?, false)
    } else {
        (queens::known_count(queens::MAX_KNOWN_N)?, true)
    };
    check_reach("--list", n, solutions, more)
}

/// "3 queens have no solution", or "OPTION I is out of range: n = N has T solutions".
pub(super) fn out_of_range(option: &str, index: u64, n: u32, total: u64) -> Error {
    if total == 0 {
        return Error::NoSolution(format!("{n} queens have no solution"));
    }
    Error::usage(format!(
        "{option} {index} is out of range: n = {n} has {} solution{}",
        grouped(total),
        plural(total)
    ))
}

/// `95815104` as `95,815,104`: a count as a reader takes it in.
pub(super) fn grouped(k: u64) -> String {
    let digits = k.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

pub(super) fn plural(k: u64) -> &'static str {
    if k == 1 {
        ""
    } else {
        "s"
    }
}

/// The `index`-th fundamental solution (1-based) with its class size; a number past the known count
/// (OEIS A002562, up to n = 27) is refused before the solutions are enumerated.
pub(super) fn nth_unique(n: u32, index: u64) -> Result<(Solution, usize)> {
    check_unique_index(n, index)?;
    let list = unique_solutions(n)?;
    let count = list.len() as u64;
    usize::try_from(index - 1)
        .ok()
        .and_then(|i| list.into_iter().nth(i))
        .ok_or_else(|| unique_out_of_range(index, n, count))
}

/// Refuses a fundamental solution number past the known count (up to n = 27).
pub(super) fn check_unique_index(n: u32, index: u64) -> Result<()> {
    if n <= queens::MAX_KNOWN_N {
        let count = queens::known_unique_count(n)?;
        if index > count {
            return Err(unique_out_of_range(index, n, count));
        }
    }
    Ok(())
}

pub(super) fn unique_out_of_range(index: u64, n: u32, count: u64) -> Error {
    if count == 0 {
        return out_of_range("--solution", index, n, 0);
    }
    Error::usage(format!(
        "--solution {index} is out of range: n = {n} has {} fundamental solution{}",
        grouped(count),
        plural(count)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(92), "92");
        assert_eq!(grouped(2680), "2,680");
        assert_eq!(grouped(95_815_104), "95,815,104");
        assert_eq!(grouped(234_907_967_154_122_528), "234,907,967,154,122,528");
    }
}
