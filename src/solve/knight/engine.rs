//! What Warnsdorff's search and plain backtracking share: where a search stands, why it stopped, and
//! how its end is reported, so that both yield the same event stream and errors.

use super::KnightEvent;
use crate::{Error, Result};

/// Where a search stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Still moving or retreating.
    Running,
    /// Every square is numbered (and, for a closed tour, the last is a knight move from the first).
    Complete,
    /// The start square itself was retreated from: no tour starts there. The error is still to report.
    Exhausted,
    /// The search stopped with this failure, already reported once.
    Failed(Failure),
}

/// Why a search stopped without a tour; kept so the error can be reproduced on request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The retreat budget ran out.
    Budget(String),
    /// The whole search tree was explored.
    Exhausted(String),
}

impl Failure {
    /// The library error for this failure.
    pub(crate) fn to_error(&self) -> Error {
        match self {
            Failure::Budget(msg) => Error::Budget(msg.clone()),
            Failure::Exhausted(msg) => Error::NoSolution(msg.clone()),
        }
    }
}

/// A knight's-tour search advanced one event at a time.
pub(crate) trait Engine {
    /// Where the search stands.
    fn phase(&self) -> &Phase;

    /// Moves the search to `phase`.
    fn set_phase(&mut self, phase: Phase);

    /// The failure of a search that retreated from its start square.
    fn exhausted(&self) -> Failure;

    /// One move or retreat of a running search (`None` once the tour is complete).
    fn step(&mut self) -> Option<Result<KnightEvent>>;

    /// The next event: `Some(Ok(..))` for a move or a retreat, `Some(Err(..))` once if the search
    /// fails, then `None` for ever (also after a completed tour).
    fn advance(&mut self) -> Option<Result<KnightEvent>> {
        match self.phase() {
            Phase::Running => self.step(),
            Phase::Complete | Phase::Failed(_) => None,
            Phase::Exhausted => {
                let failure = self.exhausted();
                let err = failure.to_error();
                self.set_phase(Phase::Failed(failure));
                Some(Err(err))
            }
        }
    }

    /// Stops the search because its retreat budget is spent; returns the error to report.
    fn give_up(&mut self, message: String) -> Error {
        let failure = Failure::Budget(message);
        let err = failure.to_error();
        self.set_phase(Phase::Failed(failure));
        err
    }

    /// The failure that stopped the search, if it stopped without a tour.
    fn failure(&self) -> Option<Failure> {
        match self.phase() {
            Phase::Failed(f) => Some(f.clone()),
            Phase::Exhausted => Some(self.exhausted()),
            _ => None,
        }
    }

    /// Runs to the end without producing events; `Ok` means the tour is complete.
    fn run(&mut self) -> Result<()> {
        while let Some(event) = self.advance() {
            event?;
        }
        match self.failure() {
            Some(failure) => Err(failure.to_error()),
            None => Ok(()),
        }
    }
}
