//! `queens` as text: the count, the trace, the fundamental solutions, one or every solution.

use chessviz::files::Target;
use chessviz::queens::{self, unique_solutions, Solution};
use chessviz::text;
use chessviz::{Error, Result};

use super::numbering::{check_list_reach, nth_solution, nth_unique};
use super::QueensArgs;
use crate::cli::report::progress::WorkBar;
use crate::cli::run::context::Ctx;
use crate::cli::run::text::{emit_lines, emit_text};

/// Text: the count, the trace, the fundamental solutions, one solution, or every solution.
pub(super) fn text_output(ctx: &Ctx, a: &QueensArgs, target: &Target) -> Result<()> {
    let out_err = |e| Error::io("output", e);
    if a.count {
        // Counting 20 queens takes an hour: a bar of the search's subtrees, with the time left.
        let mut bar = WorkBar::new(&ctx.cancel, a.anim.quiet, "subtrees of the search");
        let classes = queens::count_classes_with(a.n, &mut bar)?;
        bar.finish();
        let n = if a.unique {
            classes.unique()
        } else {
            classes.total()
        };
        return emit_text(ctx, target, |w| writeln!(w, "{n}").map_err(out_err));
    }
    if a.trace {
        let kinds = a.panel.kinds("queens", false)?;
        let (counts, stack) = a.panel.in_trace(kinds);
        // Text is in English, whatever the figures' language.
        let lang = chessviz::text::Lang::En;
        let mut source = kinds.map(|k| chessviz::queens::QueensPanel::new(a.n, k, lang));
        let lines = (1..).zip(queens::search(a.n)?).map(move |(i, e)| {
            let line = text::numbered(i, &text::queens_event_line(&e));
            let Some(source) = source.as_mut() else {
                return Ok(line);
            };
            chessviz::panel::PanelSource::observe(source, &e);
            let c = counts.then(|| chessviz::panel::PanelSource::counts_text(source));
            let s = stack.then(|| chessviz::panel::PanelSource::stack_text(source));
            Ok(crate::cli::args::trace_line(line, c, s))
        });
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
    check_list_reach(a.n)?;
    emit_lines(ctx, target, queens::solutions(a.n)?.map(Ok))
}
