//! Why each move was made: the candidates a search weighed before a move, with their onward-move
//! counts (the textbook report's "weights"), and the trace that yields them beside its events.
//!
//! The report computes, for every free square the knight can reach, "the number of directions it can
//! still go" and moves to the smallest. [`KnightTrace::with_choices`] yields each event of the trace
//! (the very same events, in the same order and numbering) together with that choice, computed only
//! when asked: a fixed-size value per move, nothing kept between moves.

use super::KnightEvent;
use super::KnightTrace;
use crate::{Result, Square};

/// A free square the knight could move to, with its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightCandidate {
    /// The square.
    pub square: Square,
    /// Its free knight targets once the knight stands on the square it moves from (that square is
    /// already numbered, so it is not counted).
    pub onward: u8,
    /// The count the rule compares: `onward`, plus one for a neighbour of the start when a closed
    /// tour is wanted (the start is then its last exit, so it is kept for late).
    pub weight: u8,
}

/// How a search ranks its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChoiceRule {
    /// Warnsdorff's rule: the smallest weight first, ties broken as given.
    Warnsdorff(Ties),
    /// Plain backtracking: free targets in the textbook's move order, no weights.
    MoveOrder,
}

/// How Warnsdorff's rule breaks ties between equal weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ties {
    /// The first in the textbook's move order (boards up to 8 x 8).
    MoveOrder,
    /// The square farthest from the centre of the board, then move order (larger open tours).
    FarFromCentre,
    /// The square farthest from the start, then move order (larger closed tours).
    FarFromStart,
}

/// The candidates of one move, in the order the search tries them, and which one it took.
///
/// The candidates before the chosen one were tried earlier and led to dead ends (the search
/// retreated and came back); on the first try the chosen one is the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightChoice {
    from: Square,
    rule: ChoiceRule,
    list: [KnightCandidate; 8],
    len: u8,
    chosen: u8,
}

impl KnightChoice {
    /// An empty choice from `from`.
    pub(crate) fn new(from: Square, rule: ChoiceRule) -> Self {
        KnightChoice {
            from,
            rule,
            list: [KnightCandidate {
                square: from,
                onward: 0,
                weight: 0,
            }; 8],
            len: 0,
            chosen: 0,
        }
    }

    /// Appends the next candidate in try order (at most eight: a knight has eight moves).
    pub(crate) fn push(&mut self, candidate: KnightCandidate) {
        self.list[usize::from(self.len)] = candidate;
        self.len += 1;
    }

    /// How many candidates there are so far.
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Marks the candidate at `index` (in try order) as the one taken.
    pub(crate) fn choose(&mut self, index: usize) {
        self.chosen = index as u8;
    }

    /// The square the knight moves from.
    pub fn from(&self) -> Square {
        self.from
    }

    /// How the candidates are ranked.
    pub fn rule(&self) -> ChoiceRule {
        self.rule
    }

    /// Every free square reachable from [`KnightChoice::from`], in the order the search tries them.
    pub fn candidates(&self) -> &[KnightCandidate] {
        &self.list[..usize::from(self.len)]
    }

    /// The candidate taken.
    pub fn chosen(&self) -> KnightCandidate {
        self.list[usize::from(self.chosen)]
    }

    /// The position of the chosen candidate in try order: how many were tried before and led to dead
    /// ends (0 on the first try).
    pub fn chosen_index(&self) -> usize {
        usize::from(self.chosen)
    }

    /// The smallest weight among the candidates.
    pub fn fewest(&self) -> u8 {
        self.candidates()
            .iter()
            .map(|c| c.weight)
            .min()
            .unwrap_or(0)
    }
}

/// An event of a trace with the choice that made it: `choice` is set on every move the search chose
/// among candidates, that is every move after the first of Warnsdorff's search and of plain
/// backtracking (a tour laid out without a search, or the closed-tour fallback, has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplainedEvent {
    /// The event, exactly as [`KnightTrace`] yields it.
    pub event: KnightEvent,
    /// The candidates weighed before a move, if the search chose it among them.
    pub choice: Option<KnightChoice>,
}

/// A [`KnightTrace`] that also says why each move was made (see [`KnightTrace::with_choices`]).
#[derive(Debug)]
pub struct ExplainedTrace {
    trace: KnightTrace,
}

impl KnightTrace {
    /// The same events with the candidates each move was chosen among. Events, their order and their
    /// numbering are unchanged; the candidates of a move are computed just before it, only here.
    pub fn with_choices(self) -> ExplainedTrace {
        ExplainedTrace { trace: self }
    }
}

impl ExplainedTrace {
    /// Retreats the searches have made so far.
    pub fn retreats(&self) -> u64 {
        self.trace.retreats()
    }

    /// Finishes the search without producing events (see [`KnightTrace::into_tour`]).
    pub fn into_tour(self) -> Result<super::KnightTour> {
        self.trace.into_tour()
    }
}

impl Iterator for ExplainedTrace {
    type Item = Result<ExplainedEvent>;

    fn next(&mut self) -> Option<Self::Item> {
        let choice = self.trace.next_choice();
        let event = self.trace.next()?;
        Some(event.map(|event| {
            // The choice describes the next move only if the search does move (not retreat) and
            // takes the candidate it ranked next.
            let choice = match event {
                KnightEvent::Move { square, .. } => {
                    choice.filter(|choice| choice.chosen().square == square)
                }
                KnightEvent::Retreat { .. } => None,
            };
            ExplainedEvent { event, choice }
        }))
    }
}
