//! The event stream of a knight's-tour problem, including the closed-tour fallback.
//!
//! A closed tour is a cycle, so a closed tour found from any square can be entered at any other. On
//! boards larger than the textbook's, Warnsdorff's rule sometimes cannot bring the knight back next to its
//! start (from some corners of boards of 600 x 600 and more). When the search from the requested start
//! runs out of its share of the retreat budget, its squares are cleared (shown as retreats), a closed
//! tour is searched from the centre of the board, and that cycle is laid out again from the requested
//! start, one move per square.

use super::backtrack::Backtrack;
use super::choice::KnightChoice;
use super::engine::{Engine, Failure};
use super::search::Search;
use super::{KnightEvent, KnightProblem, KnightTour};
use crate::{Error, InvalidKind, Result, Square};

/// How many retreats the search from the requested start may make, on a board where the closed-tour
/// fallback is available, before the fallback takes over.
pub(crate) const FIRST_ATTEMPT_RETREATS: u64 = 100_000;

/// Where a trace stands.
enum Stage {
    /// The search from the requested start.
    Direct(Search),
    /// Plain backtracking ([`super::Method::Backtrack`]).
    Backtrack(Backtrack),
    /// The search from the requested start was given up: its squares are being cleared.
    Unwind(Search),
    /// A closed tour re-entered at the requested start: `at` is the square numbered `step`, the next
    /// move to show.
    Replay {
        tour: KnightTour,
        at: Square,
        step: u32,
    },
    /// The tour is complete.
    Done(KnightTour),
    /// The search failed; the error has been reported.
    Failed(Failure),
    /// Transient, while a stage is being replaced.
    Empty,
}

/// The events of a knight's-tour search, produced on demand (see [`KnightProblem::trace`]).
///
/// Replaying the moves and retreats onto an empty board gives exactly the tour's numbering.
pub struct KnightTrace {
    problem: KnightProblem,
    stage: Stage,
    /// Retreats of the search from the requested start, once it has been given up.
    first_retreats: u64,
}

impl KnightTrace {
    /// A trace of `problem`, which has passed [`KnightProblem::check_exists`].
    pub(crate) fn new(problem: &KnightProblem) -> Self {
        let mut search = problem.search();
        if problem.has_closed_fallback() {
            search.limit_budget(problem.max_retreats.min(FIRST_ATTEMPT_RETREATS));
        }
        KnightTrace {
            problem: problem.clone(),
            stage: Stage::Direct(search),
            first_retreats: 0,
        }
    }

    /// A trace of plain backtracking (the method of `problem` is [`super::Method::Backtrack`]).
    pub(crate) fn backtrack(problem: &KnightProblem) -> Self {
        let p = problem;
        KnightTrace {
            problem: p.clone(),
            stage: Stage::Backtrack(Backtrack::new(
                p.rows,
                p.cols,
                p.start,
                p.closed,
                p.max_retreats,
            )),
            first_retreats: 0,
        }
    }

    /// The choice the next event makes if it is a move chosen among candidates (see
    /// [`KnightTrace::with_choices`]).
    pub(crate) fn next_choice(&self) -> Option<KnightChoice> {
        match &self.stage {
            Stage::Direct(search) => search.next_choice(),
            Stage::Backtrack(search) => search.next_choice(),
            _ => None,
        }
    }

    /// A trace that lays out a tour found without a search, move by move.
    pub(crate) fn replay(problem: &KnightProblem, tour: KnightTour) -> Self {
        KnightTrace {
            problem: problem.clone(),
            stage: Stage::Replay {
                at: tour.start(),
                step: 1,
                tour,
            },
            first_retreats: 0,
        }
    }

    /// Retreats the searches have made so far (clearing a given-up search is not counted).
    pub fn retreats(&self) -> u64 {
        self.first_retreats
            + match &self.stage {
                Stage::Direct(search) | Stage::Unwind(search) => search.retreats(),
                Stage::Backtrack(search) => search.retreats(),
                Stage::Replay { tour, .. } | Stage::Done(tour) => {
                    tour.retreats() - self.first_retreats
                }
                Stage::Failed(_) | Stage::Empty => 0,
            }
    }

    /// Finishes the search without producing events and returns the tour, or the error that stopped
    /// the search.
    pub fn into_tour(mut self) -> Result<KnightTour> {
        match std::mem::replace(&mut self.stage, Stage::Empty) {
            Stage::Direct(mut search) => match search.run() {
                Ok(()) => Ok(self.problem.tour_from(search, 0)),
                Err(Error::Budget(_)) if self.problem.has_closed_fallback() => {
                    self.first_retreats = search.retreats();
                    // Free the first board before the second is allocated.
                    drop(search);
                    self.fallback_tour()
                }
                Err(err) => Err(err),
            },
            Stage::Unwind(search) => {
                self.first_retreats = search.retreats();
                drop(search);
                self.fallback_tour()
            }
            Stage::Backtrack(mut search) => {
                search.run()?;
                Ok(self.backtracked_tour(search))
            }
            Stage::Replay { tour, .. } | Stage::Done(tour) => Ok(tour),
            Stage::Failed(failure) => Err(failure.to_error()),
            Stage::Empty => Err(Error::invalid(
                InvalidKind::Step,
                "knight's tour trace used after it failed",
            )),
        }
    }

    /// A closed tour found from the centre and re-entered at the requested start, searched with what
    /// is left of the retreat budget.
    fn fallback_tour(&self) -> Result<KnightTour> {
        let p = &self.problem;
        let centre = Square::new(p.rows / 2, p.cols / 2);
        let budget = p.max_retreats.saturating_sub(self.first_retreats);
        let from_centre = KnightProblem {
            start: centre,
            max_retreats: budget,
            ..p.clone()
        };
        let mut search = from_centre.search();
        match search.run() {
            Ok(()) => {
                let tour = from_centre.tour_from(search, self.first_retreats);
                Ok(tour.reentered_at(p.start))
            }
            Err(Error::Budget(_)) => Err(Error::Budget(format!(
                "no closed knight's tour found on {} x {} within {} retreats, neither from {} nor from \
                 the centre {centre}; try a larger retreat budget",
                p.rows, p.cols, p.max_retreats, p.start
            ))),
            Err(err) => Err(err),
        }
    }

    /// The tour of completed plain backtracking.
    fn backtracked_tour(&self, search: Backtrack) -> KnightTour {
        KnightTour {
            rows: self.problem.rows,
            cols: self.problem.cols,
            start: self.problem.start,
            end: search.current(),
            retreats: search.retreats(),
            steps: search.into_steps(),
        }
    }

    /// Moves on to the next stage after `stage` ended, returning the event to show, if any.
    fn next_from(&mut self, stage: Stage) -> Option<Result<KnightEvent>> {
        match stage {
            Stage::Direct(mut search) => match search.advance() {
                Some(Err(Error::Budget(_))) if self.problem.has_closed_fallback() => {
                    self.first_retreats = search.retreats();
                    self.next_from(Stage::Unwind(search))
                }
                Some(Err(err)) => {
                    self.stage =
                        Stage::Failed(search.failure().unwrap_or(Failure::Budget(err.to_string())));
                    Some(Err(err))
                }
                Some(Ok(event)) => {
                    self.stage = Stage::Direct(search);
                    Some(Ok(event))
                }
                None => {
                    self.stage = Stage::Done(self.problem.tour_from(search, 0));
                    None
                }
            },
            Stage::Backtrack(mut search) => match search.advance() {
                Some(Err(err)) => {
                    self.stage =
                        Stage::Failed(search.failure().unwrap_or(Failure::Budget(err.to_string())));
                    Some(Err(err))
                }
                Some(Ok(event)) => {
                    self.stage = Stage::Backtrack(search);
                    Some(Ok(event))
                }
                None => {
                    self.stage = Stage::Done(self.backtracked_tour(search));
                    None
                }
            },
            Stage::Unwind(mut search) => match search.unwind() {
                Some(event) => {
                    self.stage = Stage::Unwind(search);
                    Some(Ok(event))
                }
                None => {
                    // Free the first board before the second is allocated.
                    drop(search);
                    match self.fallback_tour() {
                        Ok(tour) => {
                            let at = tour.start();
                            self.next_from(Stage::Replay { tour, at, step: 1 })
                        }
                        Err(err) => {
                            self.stage = Stage::Failed(Failure::Budget(err.to_string()));
                            Some(Err(err))
                        }
                    }
                }
            },
            Stage::Replay { tour, at, step } => {
                let event = KnightEvent::Move { step, square: at };
                self.stage = match tour.next_square(at) {
                    Some(next) => Stage::Replay {
                        tour,
                        at: next,
                        step: step + 1,
                    },
                    None => Stage::Done(tour),
                };
                Some(Ok(event))
            }
            done @ (Stage::Done(_) | Stage::Failed(_) | Stage::Empty) => {
                self.stage = done;
                None
            }
        }
    }
}

impl Iterator for KnightTrace {
    type Item = Result<KnightEvent>;

    fn next(&mut self) -> Option<Self::Item> {
        let stage = std::mem::replace(&mut self.stage, Stage::Empty);
        self.next_from(stage)
    }
}

impl std::fmt::Debug for KnightTrace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let stage = match &self.stage {
            Stage::Direct(_) => "searching",
            Stage::Backtrack(_) => "backtracking",
            Stage::Unwind(_) => "clearing a given-up search",
            Stage::Replay { .. } => "laying out a tour found beforehand",
            Stage::Done(_) => "complete",
            Stage::Failed(_) => "failed",
            Stage::Empty => "empty",
        };
        f.debug_struct("KnightTrace")
            .field("problem", &self.problem)
            .field("stage", &stage)
            .field("retreats", &self.retreats())
            .finish()
    }
}
