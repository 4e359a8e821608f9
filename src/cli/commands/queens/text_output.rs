//! `queens` as text: the count, the trace, the fundamental solutions, one or every solution.

use chessviz::files::Target;
use chessviz::queens::{self, unique_solutions, Solution};
use chessviz::text;
use chessviz::{Error, Result};

use super::numbering::{nth_solution, nth_unique};
use super::QueensArgs;
use crate::cli::run::context::Ctx;
use crate::cli::run::text::{emit_lines, emit_text};

/// Text: the count, the trace, the fundamental solutions, one solution, or every solution.
pub(super) fn text_output(ctx: &Ctx, a: &QueensArgs, target: &Target) -> Result<()> {
    let out_err = |e| Error::io("output", e);
    if a.count {
        let n = if a.unique {
            queens::count_unique(a.n)?
        } else {
            queens::count(a.n)?
        };
        return emit_text(ctx, target, |w| writeln!(w, "{n}").map_err(out_err));
    }
    if a.trace {
        let lines = (1..)
            .zip(queens::search(a.n)?)
            .map(|(i, e)| Ok(text::numbered(i, &text::queens_event_line(&e))));
        return emit_lines(ctx, target, lines);
    }
    if a.unique {
        let list: Vec<(Solution, usize)> = match a.solution {
            Some(index) => vec![nth_unique(a.n, index)?],
            None => unique_solutions(a.n)?,
        };
        let lines = list.iter().map(|(s, size)| Ok(format!("{s} {size}")));
        return emit_lines(ctx, target, lines);
    }
    if let Some(index) = a.solution {
        let s = nth_solution(ctx, a.n, index)?;
        return emit_text(ctx, target, |w| writeln!(w, "{s}").map_err(out_err));
    }
    emit_lines(ctx, target, queens::solutions(a.n)?.map(Ok))
}
