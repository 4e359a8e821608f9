//! The divide and conquer seen down to a level: the textbook's figure of the first division, and its
//! deeper versions.
//!
//! Level `d` (1-based) is the division made by the calls at recursion depth `d - 1`: level 1 divides
//! the whole board into its four quadrants, level 2 divides each quadrant, and so on down to level
//! `k`, which divides the 2 x 2 sub-boards into single cells. The view down to level `D` shows the
//! divisions of levels 1..=D and the central L-tromino of every call above level `D` (the calls at
//! depths 0..D, which make those divisions), with the special square. At `D = 1` that is the
//! textbook's figure: the board in four quadrants, and one L-tromino covering the junction of the
//! three quadrants that do not hold the special square. At `D = k` every tile is laid.

use crate::error::{Error, InvalidKind, Result};
use crate::problem::tromino::{TrominoAdapter, TrominoStyle};
use crate::scene::adapter::{Adapter, RenderHints};
use crate::scene::{Scene, Split};
use crate::solve::tromino::{TrominoEvent, TrominoProblem};
use crate::text::{Lang, Phrase};

/// What the view down to `depth` shows, as its caption.
pub fn depth_caption(depth: u32) -> String {
    depth_caption_in(Lang::En, depth)
}

/// [`depth_caption`] in `lang`.
pub fn depth_caption_in(lang: Lang, depth: u32) -> String {
    if depth == 1 {
        lang.say(Phrase::FirstDivision, &[])
    } else {
        lang.say(Phrase::Divisions, &[&depth])
    }
}

/// Refuses a level the recursion of `problem` does not reach: levels run from 1 to k.
pub fn check_depth(problem: &TrominoProblem, depth: u32) -> Result<()> {
    let k = problem.k();
    if k == 0 {
        return Err(Error::invalid(
            InvalidKind::Step,
            "a 1 x 1 board is never divided: its recursion has no levels (k = 0)",
        ));
    }
    if depth == 0 || depth > k {
        return Err(Error::invalid(InvalidKind::Step, format!(
            "level {depth} is outside the recursion of a {0} x {0} board: its levels run from 1 to k = {k}",
            problem.side()
        )));
    }
    Ok(())
}

/// The tiling seen down to level `depth` (1..=k) as a captioned scene, and how to prepare the
/// renderer for it. Tiles are coloured (and numbered, in the textbook numbering) as `look` says;
/// the divisions are drawn whatever `look.show_splits` says, every one of them down to `depth`,
/// except those of level k: they divide the 2 x 2 sub-boards into single cells, which the cell grid
/// already shows (as in the animation with its divisions).
pub fn depth_scene(
    problem: &TrominoProblem,
    look: TrominoStyle,
    depth: u32,
) -> Result<(Scene, RenderHints)> {
    check_depth(problem, depth)?;
    let mut adapter = TrominoAdapter::new(problem, look)?;
    let mut scene = adapter.first_scene();
    // A `Place` comes right after the `Split` of its call, so the last split's depth is its call's.
    let mut call_depth = 0;
    for event in problem.trace() {
        match event {
            TrominoEvent::Split {
                origin,
                size,
                depth: d,
            } => {
                call_depth = d;
                // Level k divides the 2 x 2 sub-boards into their cells: the cell grid shows it.
                if d < depth && size > 2 {
                    scene.push_split(Split { origin, size });
                }
            }
            TrominoEvent::Place(_) if call_depth < depth => {
                adapter.apply(&mut scene, &event);
            }
            TrominoEvent::Place(_) => {}
        }
    }
    scene.set_caption(Some(depth_caption_in(look.lang, depth)));
    let hints = RenderHints {
        caption: true,
        ..adapter.hints()
    };
    Ok((scene, hints))
}
