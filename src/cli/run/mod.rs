//! The run layer: every output written once over any problem. A command gives its problem (a
//! [`chessviz::Problem`]), what it adds to it ([`Outputs`]) and its request ([`Request`]); [`run`] chooses the output (`--step`, `--frames`,
//! `--storyboard`, a still, a GIF or text), checks its limits and writes it.

pub mod animation;
mod animation_ahead;
mod animation_work;
pub mod batch;
pub mod captions;
pub mod context;
pub mod disk;
pub mod fit_panel;
pub mod frames;
pub mod frames_dir;
pub mod limits;
pub mod numbers;
pub mod player;
pub mod problem;
pub mod staging;
pub mod step_counts;
pub mod steps;
pub mod still;
pub mod storyboard;
pub mod target;
pub mod text;
#[cfg(test)]
mod walk_counts_tests;

use std::path::Path;
use std::time::Instant;

use chessviz::files::Target;
use chessviz::{Adapter, Problem, Result, Style};

use crate::cli::args::{AnimArgs, LookArgs, SequenceArgs};
use crate::cli::formats::{FormatArg, Kind};
use crate::cli::report::summary;
use context::Ctx;
use limits::{check_board, Picture};
pub use problem::Outputs;
use problem::{Board, Stream};
use still::StillJob;

/// What the command line asks of the run, beyond the problem.
pub struct Request<'a> {
    pub seq: &'a SequenceArgs,
    /// Boards per row of a storyboard.
    pub columns: Option<u32>,
    pub anim: &'a AnimArgs,
    pub look: &'a LookArgs,
    /// `-o`.
    pub output: Option<&'a Path>,
    /// Numbers were asked for (tromino `--numbers`): illegible ones are then an error.
    pub numbers_asked: bool,
    /// The style of the look flags, with the problem's own checks (a glyph the font lacks).
    pub style: &'a dyn Fn() -> Result<Style>,
}

/// The stream of step pictures that every picture of a step is drawn from: `--step`, `--frames`,
/// storyboards, the GIF and the player. With `--counter`, the problem's counted stream where it has
/// one.
pub fn step_stream<'a, A: Adapter>(
    req: &Request<'_>,
    problem: &'a dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
) -> Result<Stream<'a, A>> {
    Ok(Stream {
        adapter: (outputs.adapter)(req.seq.counter)?,
        problem,
    })
}

/// Writes the output the request asks for.
pub fn run<P, A>(ctx: &Ctx, req: &Request<'_>, problem: &P, outputs: &Outputs<'_, A>) -> Result<()>
where
    P: Problem<Event = A::Event>,
    A: Adapter + Clone + Sync,
    A::Event: Clone + Sync,
{
    let board = Board::of(problem);
    if req.look.describe && req.seq.step.is_none() {
        // The figure the command would draw, in words; its size and limits do not matter.
        let style = (req.style)()?;
        let (scene, _) = (outputs.figure)(ctx)?;
        return still::print_description(ctx, &style, &scene);
    }
    if req.seq.draws_steps() {
        let style = (req.style)()?;
        let stream = step_stream(req, problem, outputs)?;
        return steps::run(ctx, req, &style, board, stream);
    }
    let target = target::target(req.output, req.seq.format)?;
    let started = Instant::now();
    let quiet = req.anim.quiet;
    if let Some((path, format)) = target::still_file(&target) {
        let style = req
            .look
            .fit_figure((req.style)()?, board.rows, board.cols, outputs.caption)?;
        // Before the search: the first solution of 32 queens alone takes a while.
        if req.numbers_asked {
            let hints = (outputs.adapter)(false)?.hints();
            numbers::check_numbers(board, &style, outputs.caption, Picture::Still, hints)?;
        } else {
            check_board(board, &style, outputs.caption, Picture::Still)?;
        }
        let (scene, hints) = (outputs.figure)(ctx)?;
        let job = StillJob {
            path: &path,
            format,
            style: &style,
            numbers_asked: req.numbers_asked,
            started,
            quiet,
        };
        return still::write(ctx, &job, scene, hints);
    }
    if let Target::File(path, format) = &target {
        match FormatArg::of(*format).map(|f| f.kind) {
            Some(Kind::Animation(format)) => {
                return animation::animation(ctx, req, problem, outputs, path, format, started)
            }
            Some(Kind::Player) => return player::player(ctx, req, problem, outputs, path, started),
            _ => {}
        }
    }
    (outputs.text)(ctx, &target)?;
    summary::wrote_text(ctx, &target, started, quiet)
}
