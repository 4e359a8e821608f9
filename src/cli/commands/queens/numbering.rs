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
