//! Each problem's animation with its own adapter and look: thin entry points over
//! [`animate_problem`], the one animation of any [`Problem`].

use std::io::Write;

use super::format::{animate_problem, AnimationStats};
use crate::compose::knight_story::KnightExplainAdapter;
use crate::compose::stream::{Pacing, Progress};
use crate::compose::style::Style;
use crate::error::Result;
use crate::problem::knight::steps::KnightExplained;
use crate::problem::knight::{KnightAdapter, KnightStyle};
use crate::problem::queens::steps::{QueensMovie, QueensProblem};
use crate::problem::queens::{QueensAdapter, QueensStyle};
use crate::problem::tromino::{TrominoAdapter, TrominoStyle};
use crate::scene::problem::Problem;
use crate::solve::knight::KnightProblem;
use crate::solve::tromino::TrominoProblem;

/// Writes the tiling animation to `out`. The first frame is the empty board with its special square;
/// each tile (and, with `show_splits`, each division) is one frame; the finished tiling is held.
pub fn tromino<W: Write>(
    out: W,
    problem: &TrominoProblem,
    look: TrominoStyle,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let mut adapter = TrominoAdapter::new(problem, look)?;
    animate_problem(out, &mut adapter, problem, style, pacing, progress)
}

/// Writes the animation of the n-queens search (or slideshow) to `out`.
pub fn queens<W: Write>(
    out: W,
    n: u32,
    movie: QueensMovie,
    look: QueensStyle,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let mut adapter = QueensAdapter::for_animation(n, look)?;
    let problem = QueensProblem::new(n, movie).with_opening(!look.counter);
    animate_problem(out, &mut adapter, &problem, style, pacing, progress)
}

/// Writes the search animation to `out`: one frame per move or retreat (the first shows the knight
/// on its start square; retreats shown
/// [`RETREAT_DELAY_FACTOR`](crate::knight::RETREAT_DELAY_FACTOR) times the step delay), the
/// finished tour held under the caption "tour complete: N squares, R retreats".
pub fn knight<W: Write>(
    out: W,
    problem: &KnightProblem,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let retreat_ms = problem.timing().retreat_ms(pacing.delay_ms);
    let inner = KnightAdapter::with_style(problem.rows(), problem.cols(), KnightStyle::default())
        .narrated(retreat_ms, problem.is_closed());
    let mut adapter = KnightExplainAdapter::plain(inner, style);
    let steps = KnightExplained(problem);
    animate_problem(out, &mut adapter, &steps, style, pacing, progress)
}
