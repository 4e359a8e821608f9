//! `--attacks-of SQ`: the square must hold a queen where the lines are drawn, checked before any
//! picture is made. A placement is checked at once; the search is walked without drawing
//! ([`first_queen_on`]) to the step shown, the steps of a storyboard, or as far as an animation or a
//! folder of frames can reach.

use chessviz::limits::FRAME_LIMIT;
use chessviz::queens::{first_queen_on, queen_on, QueenOn, QueensPosition};
use chessviz::text::chess_name;
use chessviz::{Error, Result, Square};

use crate::cli::run::context::Ctx;

/// The refusal's start: the option and the square as chess notation (`--attacks-of d4`).
fn named(sq: Square, n: u32) -> String {
    format!("--attacks-of {}", chess_name(sq, n))
}

/// Refuses a placement without a queen on `sq`.
pub(super) fn check_position(position: &QueensPosition, sq: Square) -> Result<()> {
    let n = position.n();
    if queen_on(position.rows(), sq, n) {
        return Ok(());
    }
    Err(Error::usage(format!(
        "{}: no queen on {} in this placement; give the square of one of its queens",
        named(sq, n),
        chess_name(sq, n)
    )))
}

/// What the search run shows, for [`check_search`].
pub(super) enum Shown<'a> {
    /// One step (`--step N`).
    Step(u64),
    /// Some steps (`--storyboard`).
    Steps(&'a [u64]),
    /// Every step an animation or a folder of frames keeps, up to `last` events.
    Up(u64),
}

/// Refuses a search run that never shows a queen on `sq`: at the step of `--step`, at one of the
/// storyboard's steps, or within what an animation can show (`--every` x `--max-frames`, at most
/// the frame limit's worth of steps).
pub(super) fn check_search(
    ctx: &Ctx,
    n: u32,
    until: Option<u64>,
    sq: Square,
    shown: Shown<'_>,
) -> Result<()> {
    let last = match shown {
        Shown::Step(s) => s,
        Shown::Steps(steps) => steps.iter().copied().max().unwrap_or(0),
        Shown::Up(last) => last,
    };
    let wanted = |step: u64| match shown {
        Shown::Step(s) => step == s,
        Shown::Steps(steps) => steps.contains(&step),
        Shown::Up(_) => true,
    };
    let ended = match first_queen_on(n, until, sq, last, &wanted, &ctx.cancel)? {
        QueenOn::At(_) => return Ok(()),
        QueenOn::Never { ended } => ended,
    };
    let square = chess_name(sq, n);
    let why = match shown {
        // A step past the end is refused by the step's own check, with its count.
        Shown::Step(_) | Shown::Steps(_) if ended => return Ok(()),
        Shown::Step(s) => format!("no queen stands on {square} at step {s}"),
        Shown::Steps(_) => format!("no queen stands on {square} at any step of the storyboard"),
        Shown::Up(_) if ended => match until {
            Some(i) => format!("the search up to solution {i} never puts a queen on {square}"),
            None => format!("the search never puts a queen on {square}"),
        },
        Shown::Up(l) => format!("the search puts no queen on {square} in its first {l} steps"),
    };
    Err(Error::usage(format!(
        "{}: {why}; choose a square a queen stands on (see --trace)",
        named(sq, n)
    )))
}

/// The most events an animation or a folder of frames keeps: `--max-frames` (or the frame limit)
/// frames of one step in `every`.
pub(super) fn reach(every: u32, max_frames: Option<u64>) -> u64 {
    max_frames
        .unwrap_or(FRAME_LIMIT)
        .min(FRAME_LIMIT)
        .saturating_mul(u64::from(every))
}
