//! `tromino --shapes` (the legend of the four L shapes) and `tromino --depth D` (the divide and
//! conquer seen down to level D): figures of the tiling's parts, written as PNG, SVG or PDF.

use std::path::Path;
use std::time::Instant;

use chessviz::internals::{check_figure_size, Format, Target};
use chessviz::tromino::{self, ColorBy, TrominoProblem, TrominoStyle, MAX_SCENE_K};
use chessviz::{Error, Result};

use super::super::args::BackgroundArg;
use super::super::limits::{self, Board, Job};
use super::super::still::StillJob;
use super::super::summary;
use super::{ColorArg, TrominoArgs};

/// The still file `-o` names, or a refusal saying what `what` writes.
fn still_file<'a>(target: &'a Target, what: &str) -> Result<(&'a Path, Format)> {
    match target {
        Target::File(path, format @ (Format::Png | Format::Svg | Format::Pdf)) => {
            Ok((path, *format))
        }
        _ => Err(Error::invalid(format!(
            "{what} draws a figure: give -o FILE.png, FILE.svg or FILE.pdf"
        ))),
    }
}

/// `--shapes`: the four L shapes, each on a 2 x 2 board in its orientation colour, labelled with
/// the corner it leaves empty.
pub fn shapes(a: &TrominoArgs, target: &Target, started: Instant) -> Result<()> {
    let (path, format) = still_file(target, "--shapes")?;
    // The legend is four small boards on a sheet: squares, a caption or labels of the user's have
    // no board to go on.
    if let Some(flag) = a.annotate.first_given() {
        return Err(Error::invalid(format!(
            "{flag} applies to a board, not to --shapes, which draws four"
        )));
    }
    if a.look.background == BackgroundArg::Transparent {
        return Err(Error::invalid(
            "--background transparent applies to single boards, not to --shapes",
        ));
    }
    let style = a.look.style()?;
    if let Some(min) = tromino::shapes_min_cell(&style)?.filter(|&min| style.cell < min) {
        return Err(Error::invalid(format!(
            "--shapes at --cell {} would set the shape names too small to read; use --cell {min} or more",
            style.cell
        )));
    }
    let cancel = super::super::cancel();
    let (width, height) = if format == Format::Png {
        let still = tromino::shapes(&style, cancel)?;
        super::super::write_still(path, &still)?;
        (still.canvas.width(), still.canvas.height())
    } else {
        let figure = tromino::shapes_vector(&style, cancel)?;
        chessviz::write_atomic_with(path, cancel, |w| match format {
            Format::Svg => figure.write_svg(w),
            _ => figure.write_pdf(w, &figure.pdf),
        })?;
        (figure.list.width, figure.list.height)
    };
    summary::wrote(path, &summary::pixels(width, height), started, a.anim.quiet)
}

/// `--depth D`: the quadrant divisions of levels 1..D and the L-trominoes their calls laid at the
/// centres, captioned.
pub fn depth(a: &TrominoArgs, target: &Target, depth: u32, started: Instant) -> Result<()> {
    let (path, format) = still_file(target, "--depth")?;
    let k = a.k;
    if k == 0 {
        return Err(Error::invalid(
            "--depth needs k >= 1: a 1 x 1 board (-k 0) is never divided",
        ));
    }
    if depth == 0 || depth > k {
        return Err(Error::invalid(format!(
            "--depth {depth} is not a level of -k {k}: the divide and conquer has levels 1 to {k}"
        )));
    }
    if k > MAX_SCENE_K {
        return Err(Error::invalid(format!(
            "--depth draws boards up to k = {MAX_SCENE_K} (larger boards are drawn bare, streamed row by row)"
        )));
    }
    let side = 1u32 << k;
    let special = a.special.resolve_for_problem("--special", side, side)?;
    let problem = TrominoProblem::new(k, special)?;
    let annotations = a.annotate.annotations(side, side, &a.look)?;
    let caption = a.annotate.caption_band(true);
    let style = a.look.style()?;
    check_figure_size(side, side, &style, caption)?;
    limits::check_memory(side, side, &style, caption, Job::Still, Board::Tiles)?;
    let look = TrominoStyle {
        color_by: color_by(a.color_by),
        numbers: a.numbers,
        show_splits: true,
    };
    let (mut scene, mut hints) = tromino::depth_scene(&problem, look, depth)?;
    annotations.apply(&mut scene, &mut hints)?;
    let job = StillJob {
        path,
        format,
        style: &style,
        numbers_asked: a.numbers,
        started,
        quiet: a.anim.quiet,
    };
    super::super::still::write(&job, scene, hints)
}

fn color_by(arg: ColorArg) -> ColorBy {
    match arg {
        ColorArg::Proper => ColorBy::Proper,
        ColorArg::Orientation => ColorBy::Orientation,
        ColorArg::Tile => ColorBy::Tile,
    }
}
