//! The steps of a knight's tour as written, and the checks of their order: the start the
//! assignment asks for, a knight's move from each step to the next, a closed tour's ends.

use super::words::{text, CheckPhrase as P, Said};
use super::{Finding, Found};
use crate::geom::Square;
use crate::text::is_knight_move;

/// A step as written: its square and where in the input.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub(super) square: Square,
    line: u32,
    column: u32,
}

impl Step {
    pub(super) fn new(square: Square, line: usize, column: usize) -> Step {
        Step {
            square,
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }

    /// Where it was written: its line, and its column as a finding has it.
    fn place(&self) -> (usize, Option<usize>) {
        (self.line as usize, Some(self.column as usize))
    }
}

/// Names a first step that is not the assignment's start.
pub(super) fn check_start(first: Option<Step>, start: Option<Square>, found: &mut Found) {
    if let (Some(want), Some(first)) = (start, first) {
        if first.square != want {
            let (line, column) = first.place();
            found.push_assignment(Finding::at(
                line,
                column,
                Said::new(P::StartDiffers, vec![text(first.square), text(want)]),
            ));
        }
    }
}

/// Names each step (of the `count` steps, `step(i)` the one of step number i + 1 where it was
/// written) that is not a knight's move from the step before it, and a tour asked to be closed
/// whose ends are not a knight's move apart; the squares of bad steps.
pub(super) fn check_steps(
    count: usize,
    step: impl Fn(usize) -> Option<Step>,
    closed: bool,
    found: &mut Found,
) -> Vec<Square> {
    let mut crossed = Vec::new();
    let mut all = count > 0;
    let mut before = if count > 0 { step(0) } else { None };
    all &= before.is_some();
    for i in 1..count {
        let this = step(i);
        all &= this.is_some();
        if let (Some(from), Some(to)) = (before, this) {
            if !is_knight_move(from.square, to.square) {
                let (line, column) = to.place();
                found.push(Finding::at(
                    line,
                    column,
                    Said::new(
                        P::NotKnightMove,
                        vec![text(i + 1), text(to.square), text(i), text(from.square)],
                    ),
                ));
                crossed.push(to.square);
            }
        }
        before = this;
    }
    if closed && all {
        check_closed(count, step, found);
    }
    crossed
}

pub(super) fn check_closed(count: usize, step: impl Fn(usize) -> Option<Step>, found: &mut Found) {
    if count < 2 {
        return;
    }
    if let (Some(first), Some(last)) = (step(0), step(count - 1)) {
        if !is_knight_move(last.square, first.square) {
            let (line, column) = last.place();
            found.push(Finding::at(
                line,
                column,
                Said::new(
                    P::NotClosed,
                    vec![text(count), text(last.square), text(first.square)],
                ),
            ));
        }
    }
}
