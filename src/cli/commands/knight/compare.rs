//! `knight --compare A,B`: two search methods side by side, step by step (the library's
//! [`SideBySide`]), in every output a step stream feeds; as text, a line per method.

use chessviz::files::Target;
use chessviz::knight::{self, KnightAdapter, KnightExplainAdapter, KnightProblem, KnightStep};
use chessviz::knight::{KnightStyle, Method};
use chessviz::pair::{
    last_step_within, pair_steps, Ending, PairStep, SideBySide, Stride, StrideWords,
};
use chessviz::text::{self, Lang, Phrase};
use chessviz::{scene_after, Adapter, Annotated, Error, Result};
use chessviz::{BoardKind, Events, Problem, Timing};

use super::{explain, request, KnightArgs, MethodArg, ShowArg};
use crate::cli::run::context::Ctx;
use crate::cli::run::problem::Outputs;
use crate::cli::run::text::emit_lines;
use crate::cli::run::{self};

/// The two methods, refused when they are not two different ones or an option cannot apply to a
/// pair.
fn methods(a: &KnightArgs, given: &[MethodArg]) -> Result<[MethodArg; 2]> {
    let [first, second] = given else {
        return Err(Error::usage(format!(
            "--compare takes two methods, as A,B (for example warnsdorff,backtrack), not {}",
            given.len()
        )));
    };
    if first == second {
        return Err(Error::usage(format!(
            "--compare {0},{0} draws the same search twice: name two different methods",
            name_of(*first)
        )));
    }
    let refuse = |what: &str, why: &str| Err(Error::usage(format!("--compare and {what}: {why}")));
    if a.show == ShowArg::Degrees {
        return refuse(
            "--show degrees",
            "the degree figure shows the empty board, not a search",
        );
    }
    if a.max_retreats.is_some() && given.contains(&MethodArg::Construct) {
        return refuse(
            "--max-retreats",
            "the construction makes no retreats, so its budget would limit nothing",
        );
    }
    // A box to fit in is refused by its definition: the pair is sized by --cell.
    if a.look
        .background
        .is_some_and(|b| b == crate::cli::args::BackgroundArg::Transparent)
    {
        return refuse(
            "--background transparent",
            "only one board's surround can be made see-through",
        );
    }
    if !a.panel.panel.is_empty() {
        return refuse(
            "--panel",
            "the panels follow one search; each board of a comparison is titled with its counters",
        );
    }
    if a.annotate.caption.is_some() {
        return refuse(
            "--caption",
            "each board is titled with its method and the caption says which ended when",
        );
    }
    Ok([*first, *second])
}

/// The method as `--method` names it.
fn name_of(m: MethodArg) -> &'static str {
    match m {
        MethodArg::Warnsdorff => "warnsdorff",
        MethodArg::Construct => "construct",
        MethodArg::Auto => "auto",
        MethodArg::Backtrack => "backtrack",
    }
}

fn method_of(m: MethodArg) -> Method {
    match m {
        MethodArg::Warnsdorff => Method::Warnsdorff,
        MethodArg::Construct => Method::Construct,
        MethodArg::Auto => Method::Auto,
        MethodArg::Backtrack => Method::Backtrack,
    }
}

/// The method's name on its board's title.
fn title_of(m: MethodArg, lang: Lang) -> String {
    let phrase = match m {
        MethodArg::Warnsdorff => Phrase::MethodWarnsdorff,
        MethodArg::Construct => Phrase::MethodConstruct,
        MethodArg::Auto => Phrase::MethodAuto,
        MethodArg::Backtrack => Phrase::MethodBacktrack,
    };
    lang.say(phrase, &[])
}

/// A knight's step moves on or steps back.
fn stride(step: &KnightStep) -> Stride {
    match step.event {
        knight::KnightEvent::Move { .. } => Stride::Forward,
        knight::KnightEvent::Retreat { .. } => Stride::Back,
    }
}

/// One search's steps; a search refused before it starts (no tour from this square) ends at once.
fn side_events(search: &KnightProblem) -> Events<'_, KnightStep> {
    match search.trace() {
        Ok(trace) => Box::new(knight::explain_steps(trace.with_choices())),
        Err(err) => Box::new(std::iter::once(Err(err))),
    }
}

type Side = Annotated<KnightExplainAdapter>;

pub fn run(ctx: &Ctx, a: &KnightArgs, given: &[MethodArg], look: KnightStyle) -> Result<()> {
    let pair = methods(a, given)?;
    // Checked before a search that may take minutes.
    crate::cli::run::target::target(a.output.as_deref(), a.seq.format)?;
    let (rows, cols) = match (a.size, a.rows, a.cols) {
        (Some(n), _, _) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        _ => (8, 8),
    };
    let start = a.start.resolve_for_problem("--start", rows, cols)?;
    let annotations = a.annotate.annotations(rows, cols, &a.look)?;
    let search = |m: MethodArg| -> Result<KnightProblem> {
        let p = KnightProblem::new(rows, cols, start)?
            .closed(a.closed)
            .method(method_of(m));
        Ok(match a.max_retreats {
            Some(budget) => p.max_retreats(budget),
            None => p,
        })
    };
    let searches = [search(pair[0])?, search(pair[1])?];
    a.annotate.refuse_removing_no_caption()?;
    let drawn = a.look.fit_figure(a.look.style()?, rows, cols, true)?;
    let side = || -> Side {
        let narrated =
            KnightAdapter::with_style(rows, cols, look).narrated(explain::retreat_ms(a), a.closed);
        Annotated::new(
            KnightExplainAdapter::plain(narrated, &drawn),
            annotations.clone(),
        )
    };
    let lang = look.lang;
    let names = pair.map(|m| title_of(m, lang));
    // A frame limit is a step limit (every step of a comparison is kept alike): the events stop
    // at the last step kept, whose caption says the comparison was cut there.
    let cut = a
        .anim
        .max_frames
        .map(|m| last_step_within(m, a.anim.every, knight::FRAMING.opening));
    let mut adapter = SideBySide::new([side(), side()], names, stride, StrideWords::KNIGHT, &drawn);
    if let Some(step) = cut {
        adapter = adapter.cut_at(step);
    }
    let take = cut.map_or(usize::MAX, |s| usize::try_from(s).unwrap_or(usize::MAX));
    let what = format!(
        "the comparison of {} and {} on a {rows} x {cols} board",
        name_of(pair[0]),
        name_of(pair[1])
    );
    // Every method keeps a knight's search's pace.
    let timing = searches[0].timing();
    let comparison = Comparison {
        searches,
        take,
        what,
        rows,
        cols,
        timing,
    };
    let comparison = &comparison;
    let figure_adapter = adapter.clone();
    let outputs = Outputs {
        caption: true,
        // The state after the last step: every step played, Ctrl-C heard between them.
        figure: Box::new(move |ctx: &Ctx| {
            let mut adapter = figure_adapter.clone();
            let steps = comparison.events()?.map(|e| ctx.cancel.check().and(e));
            let (scene, _) = scene_after(&mut adapter, steps, None)?;
            Ok((scene, adapter.hints()))
        }),
        text: Box::new(move |ctx, target| {
            summary(ctx, target, &pair, &comparison.searches, comparison.take)
        }),
        adapter: Box::new(move |_| Ok(adapter.clone())),
        counted_as: None,
        check_count: None,
    };
    let style = || a.look.style();
    run::run(ctx, &request(a, &style), comparison, &outputs)
}

/// Two searches advancing together, as one problem of steps: step i holds each search after i of
/// its own events (a search that ended stays as it ended), cut at `take` steps.
struct Comparison {
    searches: [KnightProblem; 2],
    take: usize,
    what: String,
    rows: u32,
    cols: u32,
    timing: Timing,
}

impl Problem for Comparison {
    type Event = PairStep<KnightStep>;

    fn events(&self) -> Result<Events<'_, PairStep<KnightStep>>> {
        let steps = pair_steps(
            side_events(&self.searches[0]),
            side_events(&self.searches[1]),
        );
        Ok(Box::new(steps.take(self.take)))
    }

    fn timing(&self) -> Timing {
        self.timing
    }

    fn name(&self) -> String {
        self.what.clone()
    }

    fn board(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Tour
    }
}

/// A line per method: its moves, retreats and how it ended at which step.
fn summary(
    ctx: &Ctx,
    target: &Target,
    pair: &[MethodArg; 2],
    searches: &[KnightProblem; 2],
    take: usize,
) -> Result<()> {
    let mut counts = [(0u64, 0u64); 2];
    let mut ended: [Option<(Ending, u64)>; 2] = [None, None];
    let steps = pair_steps(side_events(&searches[0]), side_events(&searches[1])).take(take);
    let mut at = 0u64;
    for step in steps {
        ctx.cancel.check()?;
        let step = step?;
        at += 1;
        for (i, part) in [step.left, step.right].into_iter().enumerate() {
            let Some(part) = part else { continue };
            match part.event.as_ref().map(stride) {
                Some(Stride::Forward) => counts[i].0 += 1,
                Some(Stride::Back) => counts[i].1 += 1,
                _ => {}
            }
            if let Some(e) = part.ends {
                ended[i] = Some((e, at));
            }
        }
    }
    let lines = (0..2).map(|i| {
        let (moves, retreats) = counts[i];
        let how = match ended[i] {
            Some((Ending::Finished, s)) => format!("finished at step {s}"),
            Some((Ending::GaveUp, s)) => format!("gave up at step {s} (retreat budget)"),
            Some((Ending::NoSolution, s)) => format!("found no tour by step {s}"),
            Some(_) => "ended".to_string(),
            None => format!("not finished by step {at}"),
        };
        Ok(text::numbered(
            i as u64 + 1,
            &format!(
                "{}: {moves} moves, {retreats} retreats, {how}",
                name_of(pair[i])
            ),
        ))
    });
    emit_lines(ctx, target, lines)
}
