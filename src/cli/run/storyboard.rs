//! `--storyboard STEPS`: chosen steps side by side as one figure, each labelled with its step.

use std::path::Path;
use std::time::Instant;

use chessviz::limits::sheet_layout_of;
use chessviz::sheet::{draw_sheet, vector_sheet, Label, SheetBoard, SheetOptions};
use chessviz::text::{Lang, Phrase};
use chessviz::{Adapter, PdfOptions, Result, Style};

use super::context::Ctx;
use super::problem::{Board, Stream};
use super::step_counts::{count_events, count_up_to, past_end};
use super::still::{draw_as, size_words, write_drawn, Drawn};
use super::Request;
use crate::cli::formats::FormatArg;
use crate::cli::report::summary;

/// "start", "step 5", with the count "step 5/38", in the figure's language.
fn step_label(step: u64, total: Option<u64>, lang: Lang) -> String {
    match (step, total) {
        (0, None) => lang.say(Phrase::Start, &[]),
        (s, None) => lang.say(Phrase::Step, &[&s]),
        (s, Some(t)) => lang.say(Phrase::StepOf, &[&s, &t]),
    }
}

/// Events, and what each did.
type EventsSaid<E> = (Vec<E>, Vec<Option<String>>);

/// The events up to the last step shown, with what each did (said before it is applied).
fn events_up_to<A: Adapter + Clone>(
    ctx: &Ctx,
    stream: &Stream<'_, A>,
    last: u64,
) -> Result<EventsSaid<A::Event>> {
    let mut describer = stream.adapter.clone();
    let mut scene = describer.first_scene();
    let mut events = Vec::new();
    let mut words = Vec::new();
    for event in stream
        .problem
        .events()?
        .take(usize::try_from(last).unwrap_or(usize::MAX))
    {
        ctx.cancel.check()?;
        let event = event?;
        let said = describer.describe(&event);
        describer.apply(&mut scene, &event);
        // An adapter that tells its story in the scene's caption rather than in words per event
        // (the knight explaining its next choice) is labelled with that caption.
        words.push(said.or_else(|| scene.caption().map(str::to_string)));
        events.push(event);
    }
    Ok((events, words))
}

#[allow(clippy::too_many_arguments)]
pub fn storyboard<A>(
    ctx: &Ctx,
    req: &Request<'_>,
    style: &Style,
    board: Board,
    stream: Stream<'_, A>,
    steps: &[u64],
    (path, format): (&Path, FormatArg),
    started: Instant,
) -> Result<()>
where
    A: Adapter + Clone + Sync,
    A::Event: Clone + Sync,
{
    let options = SheetOptions {
        columns: req.columns,
        title: None,
        width: None,
        fit: req.look.fit(),
    };
    let last = refuse_early(ctx, req, style, board, &stream, steps, &options)?;
    let (events, words) = events_up_to(ctx, &stream, last)?;
    refuse_past_end(&stream, last, events.len() as u64)?;
    let total = if req.seq.counter {
        Some(count_events(ctx, &stream)?)
    } else {
        None
    };
    let boards = boards_at(steps, &events, &words, total, style.lang);
    let adapter = &stream.adapter;
    let drawn = match draw_as(
        format,
        || draw_sheet(adapter, &boards, style, &options, &ctx.cancel),
        || vector_sheet(adapter, &boards, style, &options, &ctx.cancel),
    )? {
        // A storyboard's PDF page is the default one, whatever the style's resolution.
        Drawn::Vector(figure, _) => Drawn::Vector(figure, PdfOptions::default()),
        raster => raster,
    };
    let (w, h) = write_drawn(ctx, path, format, &drawn)?;
    summary::wrote(
        ctx,
        path,
        &format!(
            "{}, {}",
            summary::count(steps.len() as u64, "step"),
            size_words(format, &drawn, (w, h))
        ),
        started,
        req.anim.quiet,
    )
}

/// The refusals known before the events are collected (a transparent background, too many steps,
/// a sheet too large, a step past the end of a stream whose length is known); the last step shown.
fn refuse_early<A: Adapter + Clone>(
    ctx: &Ctx,
    req: &Request<'_>,
    style: &Style,
    board: Board,
    stream: &Stream<'_, A>,
    steps: &[u64],
    options: &SheetOptions,
) -> Result<u64> {
    if req.look.background() == crate::cli::args::BackgroundArg::Transparent {
        return Err(chessviz::Error::usage(
            "--background transparent does not apply to --storyboard: its boards are drawn on the theme's background",
        ));
    }
    let last = steps.iter().copied().max().unwrap_or(0);
    super::limits::check_step_budget("--storyboard", last)?;
    // The sheet's size follows from the board's and the number of steps: one too large is refused
    // before the problem is solved or any of its boards is made.
    sheet_layout_of(board.rows, board.cols, steps.len(), style, options)?;
    // A stream whose length is known is refused at once, before the events are collected.
    if stream.problem.known_events().is_some() {
        refuse_past_end(stream, last, count_up_to(ctx, stream, last)?)?;
    }
    Ok(last)
}

/// Refuses a last step past the `available` steps of the problem.
fn refuse_past_end<A: Adapter>(stream: &Stream<'_, A>, last: u64, available: u64) -> Result<()> {
    if available < last {
        return Err(past_end(
            "--storyboard",
            last,
            available,
            &stream.problem.name(),
        ));
    }
    Ok(())
}

/// The boards of `steps`: each with the events up to its step, labelled with the step (of `total`
/// when counted) and what its last event did.
fn boards_at<E: Clone>(
    steps: &[u64],
    events: &[E],
    words: &[Option<String>],
    total: Option<u64>,
    lang: Lang,
) -> Vec<SheetBoard<E>> {
    steps
        .iter()
        .map(|&s| {
            let s = s as usize;
            SheetBoard {
                events: events[..s].to_vec(),
                label: Label {
                    head: step_label(s as u64, total, lang),
                    body: s
                        .checked_sub(1)
                        .and_then(|i| words[i].clone())
                        .unwrap_or_default(),
                },
            }
        })
        .collect()
}
