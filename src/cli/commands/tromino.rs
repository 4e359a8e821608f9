//! `chessviz tromino`.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};

use chessviz::files::{Format, Target};
use chessviz::panel::{PanelSource, Paneled};
use chessviz::text;
use chessviz::tromino::TrominoPanel;
use chessviz::tromino::{self, ColorBy, TrominoAdapter, TrominoProblem, TrominoStyle, MAX_SCENE_K};
use chessviz::{Annotated, Annotations, Error, Result};

use crate::cli::args::{parse_square_arg, AnimArgs, AnnotateArgs, LookArgs};
use crate::cli::args::{ColumnsArgs, DrawnRoles, PanelArgs, SequenceArgs, SquareArg};
use crate::cli::commands::check::options::CheckArgs;
use crate::cli::commands::check::{Answer, CheckJob};
use crate::cli::options::{self, model::Column, Given};
use crate::cli::report::summary;
use crate::cli::run::context::Ctx;
use crate::cli::run::problem::Outputs;
use crate::cli::run::still::write_streamed;
use crate::cli::run::target::{is_tikz, target};
use crate::cli::run::text::{emit_lines, emit_text};
use crate::cli::run::{self, Request};
use chessviz::check::TrominoCheck;

mod figures;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz tromino -k 3 --special 2,2                    the tile matrix (text)
  printf '2\\n2\\n0 0\\n8\\n2 2\\n' | chessviz tromino --batch  the CASE batch format
  chessviz tromino -k 3 --special 2,2 --numbers -o t.png a textbook figure
  chessviz tromino -k 3 --special 2,2 --show-splits -o t.gif   the divide and conquer, animated
  chessviz tromino --shapes -o shapes.png                the four L shapes, a legend
  chessviz tromino -k 3 --special 2,2 --depth 1 -o d.png the first division and its central L")]
#[command(mut_arg("delay", |a| a.default_value(tromino::DEFAULT_DELAY_MS.to_string())), mut_arg("hold", |a| a.default_value(tromino::DEFAULT_HOLD_MS.to_string())))]
pub struct TrominoArgs {
    /// Board side as a power of two.
    ///
    /// Board side as a power of two: the side is 2^K (0 to 15; --k also works).
    #[arg(short = 'k', long = "exponent", alias = "k", value_name = "K", default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=MAX_K as i64))]
    k: u32,
    /// Board side.
    ///
    /// Board side, as for queens and knight: a power of two, 1 to 32768 (-n 8 is -k 3) [default: 8].
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = parse_side)]
    size: Option<u32>,
    /// The special square.
    ///
    /// The special square: ROW,COL (0-based, row 0 at the top) or chess notation (b2).
    #[arg(long, value_name = "SQ", default_value = "0,0", value_parser = parse_square_arg)]
    special: SquareArg,
    /// Read cases in the CASE batch format from standard input.
    ///
    /// Read cases from standard input in the CASE batch format (a count N, then per case the side m
    /// and the special square `x y`) and print `CASE:i` and the matrix of each.
    #[arg(long)]
    batch: bool,
    /// Print the event stream.
    ///
    /// Print the event stream (splits and tile placements), one event per line,
    /// numbered from 1 (the step numbers of --step).
    #[arg(long)]
    trace: bool,
    /// Colours.
    ///
    /// Tile colours: proper (neighbouring tiles differ, 3 colours), orientation (one colour per L
    /// shape), tile (a hue per tile, k <= 4).
    #[arg(long, value_enum, default_value_t = ColorArg::Proper)]
    color_by: ColorArg,
    /// Write each cell's tile number.
    ///
    /// Write each cell's tile number, as in the textbook's printed matrix.
    #[arg(long)]
    numbers: bool,
    /// Draw the quadrant divisions.
    #[arg(long)]
    show_splits: bool,
    /// Draw the four L-tromino shapes as a legend.
    ///
    /// Draw the four L-tromino shapes as a legend (-o {STILL_FILES}), each in the colour
    /// --color-by orientation gives it, labelled with the corner it leaves empty.
    #[arg(long)]
    shapes: bool,
    /// Draw the divide and conquer down to level D.
    ///
    /// Draw the divide and conquer down to level D (1 to k): the quadrant divisions of levels 1..D
    /// and the L-trominoes laid at their centres. --depth 1 is the textbook's first division
    /// [default: the whole tiling].
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    /// Check tile matrices another program printed.
    ///
    /// Check tile matrices students' programs printed (FILE..., - for standard input; a class's
    /// folder as class/*.txt): numbers separated by tabs or spaces, or in %3d columns (numbers
    /// wider than their column too), or a CASE batch; prompts and text before and after passed
    /// over; UTF-8, GBK or UTF-16. Prints each mistake as FILE:LINE:COLUMN: (at most 20 a file),
    /// a verdict per file and, for several, a summary. -k/-n and --special given are checked
    /// against the answer; --textbook requires the textbook numbering. Exit status 0 right, 1
    /// wrong, 2 unreadable. With -o {STILL_FILES}, draws the answer as printed, each bad tile
    /// ringed, captioned with the first mistake; with -o DIR/, one PNG per answer.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    check: Vec<PathBuf>,
    /// With --check: the textbook numbering is required.
    ///
    /// With --check: a valid tiling in another numbering is wrong (a CASE batch case by case): the
    /// tiles numbered from 1 by the textbook recursion, quadrants top-left, top-right, bottom-left,
    /// bottom-right.
    #[arg(long)]
    textbook: bool,
    #[command(flatten)]
    check_args: CheckArgs,
    /// Where to write: a file, its extension naming the format.
    ///
    /// Output: {STILL_FILES} (a figure), {ANIMATION_FILES} (an animation), FILE.txt or - (text;
    /// with --format, that picture on standard output) [default: text on standard output].
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    look: LookArgs,
    #[command(flatten)]
    annotate: AnnotateArgs,
    #[command(flatten)]
    anim: AnimArgs,
    #[command(flatten)]
    seq: SequenceArgs,
    #[command(flatten)]
    columns: ColumnsArgs,
    #[command(flatten)]
    panel: PanelArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorArg {
    Proper,
    Orientation,
    Tile,
}

impl ColorArg {
    fn color_by(self) -> ColorBy {
        match self {
            ColorArg::Proper => ColorBy::Proper,
            ColorArg::Orientation => ColorBy::Orientation,
            ColorArg::Tile => ColorBy::Tile,
        }
    }
}

/// Boards above k = 10 are drawn bare and streamed: refuses an animation (a frame per tile), and
/// the options whose definitions say a streamed board cannot honour them, instead of silently
/// dropping them.
fn check_streamable(ctx: &Ctx, k: u32, format: Format) -> Result<()> {
    if Column::of(format) == Column::Animation {
        return Err(Error::usage(format!(
            "an animation of k = {k} would have one frame per tile; animations go up to k = {MAX_SCENE_K}"
        )));
    }
    let why = format!("boards above k = {MAX_SCENE_K} are drawn bare, streamed row by row");
    options::refuse::on_streamed(&ctx.given, &why, &format!("k = {MAX_SCENE_K}"))
        .map_err(Error::usage)
}

/// Parses `-n/--size`: the side of a tromino board is a power of two.
fn parse_side(text: &str) -> std::result::Result<u32, String> {
    let max = 1u32 << MAX_K;
    match text.trim().parse::<u32>() {
        Ok(n) if n.is_power_of_two() && n <= max => Ok(n),
        Ok(n) if n > max => Err(format!("the largest board is {max} x {max}")),
        Ok(n) => Err(format!(
            "a tromino board's side is a power of two (1, 2, 4, 8, ... {max}); {n} is not: use {} or {}",
            (n.max(1).next_power_of_two() / 2).max(1),
            n.max(1).next_power_of_two()
        )),
        Err(_) => Err("expected the board's side, a power of two such as 8".to_string()),
    }
}

/// The largest -k.
const MAX_K: u32 = 15;

impl TrominoArgs {
    /// Warns about colours of one's own that break a contrast rule of the themes (unless `-q`),
    /// and lets `--preset print` remove built-in captions (not a step's, which tells the step).
    pub fn prepare_look(&mut self, ctx: &Ctx) {
        // A TikZ picture to \input leaves the caption to its document.
        let tikz = is_tikz(self.output.as_deref(), self.seq.format);
        self.annotate.drop_caption = self.look.drops_caption(tikz) && !self.seq.draws_steps();
        let items = self.annotate.item_colours();
        self.look
            .warn_colours(ctx, &items, DrawnRoles::Tiling, self.anim.quiet);
    }
}

impl TrominoArgs {
    /// The `--check` run these arguments ask for, if any.
    pub fn check_job(&self, given: &Given) -> Result<Option<CheckJob<'_>>> {
        if self.check.is_empty() {
            return Ok(None);
        }
        let side = match (self.size, given.has("k")) {
            (Some(n), _) => Some(n),
            (None, true) => Some(1 << self.k),
            (None, false) => None,
        };
        let special = match given.has("special") {
            true => {
                let n = side.unwrap_or(8);
                Some(self.special.resolve("--special", n, n)?)
            }
            false => None,
        };
        Ok(Some(CheckJob {
            answer: Answer::Tromino(TrominoCheck {
                side,
                special,
                textbook: self.textbook,
            }),
            files: &self.check,
            output: self.output.as_deref(),
            look: &self.look,
            annotate: &self.annotate,
            quiet: self.anim.quiet,
            report: self.check_args.report,
        }))
    }
}

pub fn run(ctx: &Ctx, mut a: TrominoArgs) -> Result<()> {
    // `-n 8` is `-k 3`: everything below works with the exponent.
    if let Some(side) = a.size {
        a.k = side.trailing_zeros();
    }
    let target = target(a.output.as_deref(), a.seq.format)?;
    let started = Instant::now();
    if a.batch {
        let cases = text::read_tromino_batch(std::io::stdin().lock())?;
        emit_text(ctx, &target, |w| text::write_tromino_batch(w, &cases))?;
        return summary::wrote_text(ctx, &target, started, a.anim.quiet);
    }
    if a.shapes {
        return figures::shapes(ctx, &a, &target, started);
    }
    if let Some(depth) = a.depth {
        return figures::depth(ctx, &a, &target, depth, started);
    }
    // The side is 2^k for k up to 15 (clap's range): no overflow.
    let side = 1u32 << a.k;
    let special = a.special.resolve_for_problem("--special", side, side)?;
    let tiling = TrominoProblem::new(a.k, special)?;
    a.panel.kinds("tromino", true)?;
    // As queens and knight: the step options write their own captions.
    a.seq.refuse_caption(a.annotate.caption.as_deref())?;
    a.annotate.refuse_removing_no_caption()?;
    let annotations = a.annotate.annotations(side, side, &a.look)?;
    let look = TrominoStyle {
        color_by: a.color_by.color_by(),
        numbers: a.numbers,
        show_splits: a.show_splits,
        lang: a.look.lang(),
    };
    if !a.seq.draws_steps() && tiling.k() > MAX_SCENE_K && target.format() != Format::Text {
        check_streamable(ctx, a.k, target.format())?;
        if let Target::File(path, Format::Png) = &target {
            let mut style = a.look.style()?;
            style.margin = Some(0);
            let style = a.look.fit_figure(style, side, side, false)?;
            let (w, h) = write_streamed(ctx, path, |w, cancel| {
                tromino::still_streamed(w, &tiling, &style, cancel)
            })
            .map(|()| (side * style.cell, side * style.cell))?;
            return summary::wrote(ctx, path, &summary::pixels(w, h), started, a.anim.quiet);
        }
    }
    a.panel.check_output(&a.seq, a.output.as_deref(), a.trace)?;
    let outputs = describe(&a, &tiling, look, &annotations);
    // Divisions of the tiling are steps where they are drawn, or where a step's caption tells them.
    let steps = tiling.steps(a.show_splits || a.seq.counter);
    let style = || a.look.style();
    let req = Request {
        seq: &a.seq,
        columns: a.columns.columns,
        anim: &a.anim,
        look: &a.look,
        output: a.output.as_deref(),
        numbers_asked: a.numbers,
        style: &style,
    };
    run::run(ctx, &req, &steps, &outputs)
}

/// What the command adds to the tiling for every output.
fn describe<'a>(
    a: &'a TrominoArgs,
    tiling: &'a TrominoProblem,
    look: TrominoStyle,
    annotations: &'a Annotations,
) -> Outputs<'a, Paneled<Annotated<TrominoAdapter>, TrominoPanel>> {
    // Refused with its reason before any work (the run checks the arguments first).
    let kinds = a.panel.kinds("tromino", true).ok().flatten();
    let panel = move || kinds.map(|k| TrominoPanel::new(tiling, k, look.lang));
    let below = crate::cli::args::panel_below(&a.look);
    Outputs {
        caption: a.annotate.caption_band(false),
        figure: Box::new(move |_: &Ctx| {
            let (mut scene, mut hints) = tromino::scene(tiling, look)?;
            annotations.apply(&mut scene, &mut hints)?;
            Ok((scene, hints))
        }),
        text: Box::new(move |ctx: &Ctx, target: &Target| {
            if a.trace {
                let (counts, stack) = a.panel.in_trace(kinds);
                let mut source = panel();
                let lines = (1..).zip(tiling.trace()).map(move |(i, e)| {
                    let line = text::numbered(i, &text::tromino_event_line(&e));
                    let Some(source) = source.as_mut() else {
                        return Ok(line);
                    };
                    source.observe(&e);
                    let c = counts.then(|| source.counts_text());
                    let s = stack.then(|| source.stack_text());
                    Ok(crate::cli::args::trace_line(line, c, s))
                });
                return emit_lines(ctx, target, lines);
            }
            emit_text(ctx, target, |w| text::write_tile_matrix(w, tiling))
        }),
        adapter: Box::new(move |_| {
            let adapter = Annotated::new(TrominoAdapter::new(tiling, look)?, annotations.clone());
            Ok(Paneled::new(adapter, panel()).below(below))
        }),
        counted_as: None,
        check_count: None,
    }
}
