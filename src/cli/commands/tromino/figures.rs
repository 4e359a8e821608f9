//! `tromino --shapes` (the legend of the four L shapes) and `tromino --depth D` (the divide and
//! conquer seen down to level D): figures of the tiling's parts, written as PNG, SVG or PDF.

use std::path::PathBuf;
use std::time::Instant;

use chessviz::files::Target;
use chessviz::tromino::{self, TrominoProblem, TrominoStyle, MAX_SCENE_K};
use chessviz::BoardKind;
use chessviz::{Error, Result};

use super::TrominoArgs;
use crate::cli::args::BackgroundArg;
use crate::cli::formats::FormatArg;
use crate::cli::report::summary;
use crate::cli::run::context::Ctx;
use crate::cli::run::limits::{check_board, Picture};
use crate::cli::run::problem::Board;
use crate::cli::run::still::{self, draw_as, write_drawn, StillJob};
use crate::cli::run::target::still_file;

/// The still file `-o` names, or a refusal saying what `what` writes.
fn still_target(target: &Target, what: &str) -> Result<(PathBuf, FormatArg)> {
    still_file(target).ok_or_else(|| {
        Error::usage(format!(
            "{what} draws a figure: give -o FILE.png, FILE.svg or FILE.pdf"
        ))
    })
}

/// `--shapes`: the four L shapes, each on a 2 x 2 board in its orientation colour, labelled with
/// the corner it leaves empty.
pub fn shapes(ctx: &Ctx, a: &TrominoArgs, target: &Target, started: Instant) -> Result<()> {
    let (path, format) = still_target(target, "--shapes")?;
    // The legend is four small boards on a sheet: squares, a caption or labels of the user's have
    // no board to go on (refused by their definitions).
    if a.look.background() == BackgroundArg::Transparent {
        return Err(Error::usage(
            "--background transparent applies to single boards, not to --shapes",
        ));
    }
    let style = a.look.style()?;
    if let Some(min) = tromino::shapes_min_cell(&style)?.filter(|&min| style.cell < min) {
        return Err(Error::usage(format!(
            "--shapes at --cell {} would set the shape names too small to read; use --cell {min} or more",
            style.cell
        )));
    }
    let cancel = &ctx.cancel;
    let drawn = draw_as(
        format,
        || tromino::shapes(&style, cancel),
        || tromino::shapes_vector(&style, cancel),
    )?;
    let (width, height) = write_drawn(ctx, &path, format, &drawn)?;
    summary::wrote(
        ctx,
        &path,
        &still::size_words(format, &drawn, (width, height)),
        started,
        a.anim.quiet,
    )
}

/// `--depth D`: the quadrant divisions of levels 1..D and the L-trominoes their calls laid at the
/// centres, captioned.
pub fn depth(
    ctx: &Ctx,
    a: &TrominoArgs,
    target: &Target,
    depth: u32,
    started: Instant,
) -> Result<()> {
    let (path, format) = still_target(target, "--depth")?;
    let k = a.k;
    if k == 0 {
        return Err(Error::usage(
            "--depth needs k >= 1: a 1 x 1 board (-k 0) is never divided",
        ));
    }
    if depth == 0 || depth > k {
        return Err(Error::usage(format!(
            "--depth {depth} is not a level of -k {k}: the divide and conquer has levels 1 to {k}"
        )));
    }
    if k > MAX_SCENE_K {
        return Err(Error::usage(format!(
            "--depth draws boards up to k = {MAX_SCENE_K} (larger boards are drawn bare, streamed row by row)"
        )));
    }
    let side = 1u32 << k;
    let special = a.special.resolve_for_problem("--special", side, side)?;
    let problem = TrominoProblem::new(k, special)?;
    let annotations = a.annotate.annotations(side, side, &a.look)?;
    let caption = a.annotate.caption_band(true);
    let style = a.look.fit_figure(a.look.style()?, side, side, caption)?;
    let board = Board {
        rows: side,
        cols: side,
        kind: BoardKind::Tiles,
    };
    check_board(board, &style, caption, Picture::Still)?;
    let look = TrominoStyle {
        color_by: a.color_by.color_by(),
        numbers: a.numbers,
        show_splits: true,
        lang: a.look.lang(),
    };
    let (mut scene, mut hints) = tromino::depth_scene(&problem, look, depth)?;
    annotations.apply(&mut scene, &mut hints)?;
    let job = StillJob {
        path: &path,
        format,
        style: &style,
        numbers_asked: a.numbers,
        started,
        quiet: a.anim.quiet,
    };
    still::write(ctx, &job, scene, hints)
}
