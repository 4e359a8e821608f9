//! Knight's tour by Warnsdorff's rule with complete, non-recursive backtracking.
//!
//! The textbook exercise (`马踏棋盘程序设计`) asks for a non-recursive program that walks a knight over every square of
//! the board once and prints the step numbers 1, 2, ..., N in a matrix. Its moves are tried in the order
//! of [`MOVES`], and at each square the knight goes to the free target with the fewest onward moves
//! (Warnsdorff's rule), ties going to the earlier move. When the knight is stuck it retreats: the square
//! is cleared and the previous square tries its next candidate in the same sorted order, so the search is
//! complete — given enough retreats it finds a tour from any start that has one.
//!
//! The search also recognises positions that cannot be completed and retreats from them at once: a
//! free square no longer reachable, two free squares that could each only be the last, free squares
//! cut into two pieces (checked on boards up to [`SPLIT_CHECK_MAX_SQUARES`] squares), more long-edge
//! squares left on a 4 x n board than a path can alternate with, or, for a closed tour, a square that
//! must be last but is not next to the start. Each is a proof, so the pruning skips only subtrees
//! without a tour: the search finds the very tour the plain search would find, with far fewer retreats
//! (7 x 7 needs 57 retreats over all its starts instead of about 2.5 million).
//!
//! ```
//! use chessviz::knight::KnightProblem;
//! use chessviz::Square;
//!
//! let tour = KnightProblem::new(8, 8, Square::new(0, 0))?.solve()?;
//! assert_eq!(tour.step_at(Square::new(0, 0)), 1);
//! assert_eq!(tour.path().len(), 64);
//! # Ok::<(), chessviz::Error>(())
//! ```
//!
//! Boards with no tour are refused at once with the reason ([`KnightProblem::check_exists`]), and every
//! search has a retreat budget ([`KnightProblem::max_retreats`]), so nothing hangs.
//!
//! # Larger boards
//!
//! On boards up to [`SEED_ORDER_MAX_SIDE`] squares a side (the textbook's 8 x 8 and smaller) ties go by the
//! textbook's move order, exactly as the textbook prescribes. Beyond that, that rule walks into dead ends it
//! cannot back out of (from 2 of the 144 starts of 12 x 12 and 10 of the 900 of 30 x 30 it does not
//! finish within a million retreats), so:
//!
//! - open tours break ties towards the square farthest from the centre of the board (Arnd Roth's
//!   rule), which keeps the knight sweeping the rim and spiralling inwards;
//! - closed tours break ties towards the square farthest from the start, so the knight works its way
//!   back to where a closed tour has to end. From a few corners of large boards (600 x 600 and up)
//!   it still cannot get back; after 100 000 retreats the search is given up and a closed tour found
//!   from the centre is entered at the start instead (a cycle can be entered anywhere; see
//!   [`KnightTrace`]);
//! - open tours on boards over 1000 squares also give up on a branch as soon as it leaves behind a
//!   square that could only be the last one while more than 1000 squares are still free. This is a
//!   heuristic, not a proof (it abandons some tours), but without it a 10 000 x 10 000 tour can fix its
//!   end 90 million steps early and notice only 3 000 steps later, which no backtracking can repair;
//!   with it the repair is a few retreats away.
//!
//! # Constructed tours
//!
//! Warnsdorff's rule is the wrong tool on some boards (from many starts of 3 x n and 4 x n it runs
//! into dead ends no budget repairs) and slow on huge ones, so [`Method::Construct`] builds a tour
//! from small tours instead (see the `construct` module): a few small searches, then joins along
//! knight moves, in time and memory proportional to the board. [`Method::Auto`], the default, keeps
//! the search wherever it finishes quickly, so the textbook's tours stay as they are.
//!
//! Each square costs 5 bytes while searching (a `u32` holding its step number and free-neighbour
//! count, and a byte of backtracking state) and the tour keeps 4 bytes per square, so 10 000 x 10 000
//! fits in about 500 MB.

mod backtrack;
mod choice;
mod construct;
mod count;
mod degrees;
mod engine;
mod existence;
mod four;
mod layout;
mod pieces;
mod search;
mod tour;
mod trace;

use crate::{Error, InvalidKind, Result, Square};
pub use choice::{ChoiceRule, ExplainedEvent, ExplainedTrace, KnightCandidate, KnightChoice, Ties};
pub use degrees::KnightDegrees;
use search::{Search, Strategy, TieBreak};
pub use tour::{is_knight_path, KnightTour};
pub use trace::KnightTrace;

/// The largest accepted side of a board.
pub const MAX_SIDE: u32 = 10_000;

/// The textbook's move order as (row change, column change), row 0 at the top (`Htry1`, `Htry2`).
pub const MOVES: [(i32, i32); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// The default retreat budget: enough for every small board, small enough to give up in seconds.
pub const DEFAULT_MAX_RETREATS: u64 = 10_000_000;

/// Boards whose sides are both at most this break Warnsdorff ties by the textbook's move order.
pub const SEED_ORDER_MAX_SIDE: u32 = 8;

/// On boards larger than the textbook's, an open-tour search gives up on a branch that leaves behind a
/// square that could only be the last one while more than this many squares are still free (see the
/// module docs).
const EARLY_END_MARGIN: u32 = 1000;

/// Boards with at most this many squares check after every move whether the free squares were cut in
/// two. The check costs several times the rest of a move, so larger boards, where Warnsdorff's rule
/// rarely cuts the board, skip it.
pub const SPLIT_CHECK_MAX_SQUARES: u64 = 1 << 18;

/// On boards of at most this many squares, [`Method::Auto`] first tries Warnsdorff's rule.
pub const AUTO_MAX_SQUARES: u64 = 1024;

/// The retreats [`Method::Auto`] allows Warnsdorff's rule before it builds the tour instead.
pub const AUTO_RETREATS: u64 = 20_000;

/// How a tour is found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// Warnsdorff's rule with backtracking, the textbook's method, within the retreat budget.
    Warnsdorff,
    /// Built from small tours joined by knight moves (see the `construct` module; boards with a
    /// side of 4 by the `four` module, from small paths): no search beyond the small pieces, so it
    /// never runs out of a budget. Covers every board and start with a tour.
    Construct,
    /// Warnsdorff's rule where it finishes within [`AUTO_RETREATS`] retreats on a board of at most
    /// [`AUTO_MAX_SQUARES`] squares (so the textbook's tours stay as they are), the construction
    /// otherwise.
    #[default]
    Auto,
    /// Plain backtracking, the textbook report's first program: moves tried in the fixed order of
    /// [`MOVES`], no heuristic, no pruning, within the retreat budget. Its cost explodes with the
    /// board (see the `backtrack` module's measured counts); check it first with
    /// [`KnightProblem::count_steps`].
    Backtrack,
}

/// What a problem will do: run the search, or lay out a tour built beforehand.
enum Plan {
    /// The search of this problem (its method is Warnsdorff), with its tour if it has already run.
    Search(KnightProblem, Option<KnightTour>),
    /// A constructed tour.
    Built(KnightTour),
    /// Plain backtracking.
    Backtrack,
}

/// One step of the search, in the order the search makes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnightEvent {
    /// The knight entered `square`, which is numbered `step` (1-based).
    Move {
        /// The step number the square receives.
        step: u32,
        /// The square entered.
        square: Square,
    },
    /// The knight was stuck and left `square`, whose number `step` is cleared.
    Retreat {
        /// The step number the square had.
        step: u32,
        /// The square cleared.
        square: Square,
    },
}

/// A knight's-tour problem: a board, a start square and the kind of tour wanted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightProblem {
    rows: u32,
    cols: u32,
    start: Square,
    closed: bool,
    max_retreats: u64,
    method: Method,
}

/// Refuses a board side outside `1..=MAX_SIDE`.
fn check_sides(rows: u32, cols: u32) -> Result<()> {
    for (name, side) in [("rows", rows), ("columns", cols)] {
        if !(1..=MAX_SIDE).contains(&side) {
            return Err(Error::invalid(
                InvalidKind::BoardSize,
                format!("knight's tour board {name} must be 1..={MAX_SIDE}, got {side}"),
            ));
        }
    }
    Ok(())
}

impl KnightProblem {
    /// An open tour of `rows` x `cols` from `start`; each side must be in `1..=MAX_SIDE` and `start` on
    /// the board.
    pub fn new(rows: u32, cols: u32, start: Square) -> Result<Self> {
        check_sides(rows, cols)?;
        if start.row >= rows || start.col >= cols {
            return Err(Error::invalid(InvalidKind::Square, format!(
                "start square {start} is outside the {rows} x {cols} board (rows 0..{}, columns 0..{})",
                rows - 1,
                cols - 1
            )));
        }
        Ok(KnightProblem {
            rows,
            cols,
            start,
            closed: false,
            max_retreats: DEFAULT_MAX_RETREATS,
            method: Method::default(),
        })
    }

    /// Asks for a closed (re-entrant) tour: the last square a knight move from the first.
    pub fn closed(mut self, closed: bool) -> Self {
        self.closed = closed;
        self
    }

    /// Sets how many retreats the search may make before it gives up with [`Error::Budget`] (in all:
    /// with the closed-tour fallback, the search from the start may use at most 100 000 of them and the
    /// search from the centre the rest). With [`Method::Auto`] it bounds the search's attempt (to at
    /// most [`AUTO_RETREATS`]) before the construction takes over; the construction needs none.
    /// [`Method::Backtrack`] stops after this many retreats too.
    pub fn max_retreats(mut self, budget: u64) -> Self {
        self.max_retreats = budget;
        self
    }

    /// Chooses how the tour is found (default [`Method::Auto`]).
    pub fn method(mut self, method: Method) -> Self {
        self.method = method;
        self
    }

    /// The method asked for.
    pub fn chosen_method(&self) -> Method {
        self.method
    }

    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The start square.
    pub fn start(&self) -> Square {
        self.start
    }

    /// Whether a closed tour is asked for.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Refuses, without searching, a board (or a start square) on which no tour of the requested kind
    /// exists, with [`Error::NoSolution`] naming the rule.
    pub fn check_exists(&self) -> Result<()> {
        if self.closed {
            if let Some(reason) = existence::closed_tour_obstacle(self.rows, self.cols) {
                return Err(Error::NoSolution(reason));
            }
        }
        match existence::open_tour_obstacle(self.rows, self.cols, self.start) {
            Some(reason) => Err(Error::NoSolution(reason)),
            None => Ok(()),
        }
    }

    /// The search as a lazy stream of events, ending after the move that completes the tour.
    ///
    /// If the retreat budget runs out the stream yields one `Err(Error::Budget)` and ends; if the search
    /// proves that no tour starts at this square it yields one `Err(Error::NoSolution)` and ends.
    ///
    /// For a closed tour on a board larger than the textbook's, if the search from the start runs out of
    /// its share of the budget, the stream clears its squares with retreats and then lays out, move by
    /// move, a closed tour found from the centre of the board and entered at the start (see
    /// [`KnightTrace`]). A constructed tour (see [`Method`]) is laid out move by move, without
    /// retreats.
    pub fn trace(&self) -> Result<KnightTrace> {
        self.check_exists()?;
        Ok(match self.plan()? {
            Plan::Search(search, _) => KnightTrace::new(&search),
            Plan::Built(tour) => KnightTrace::replay(self, tour),
            Plan::Backtrack => KnightTrace::backtrack(self),
        })
    }

    /// Finds the tour (the same tour [`KnightProblem::trace`] ends with).
    pub fn solve(&self) -> Result<KnightTour> {
        self.check_exists()?;
        match self.plan()? {
            Plan::Search(_, Some(tour)) | Plan::Built(tour) => Ok(tour),
            Plan::Search(search, None) => KnightTrace::new(&search).into_tour(),
            Plan::Backtrack => KnightTrace::backtrack(self).into_tour(),
        }
    }

    /// Decides between the search and the construction (see [`Method`]).
    fn plan(&self) -> Result<Plan> {
        let searched = KnightProblem {
            method: Method::Warnsdorff,
            ..self.clone()
        };
        match self.method {
            Method::Warnsdorff => Ok(Plan::Search(searched, None)),
            Method::Construct => Ok(Plan::Built(self.construct()?)),
            Method::Backtrack => Ok(Plan::Backtrack),
            Method::Auto => {
                let constructible = self.has_construction();
                let squares = u64::from(self.rows) * u64::from(self.cols);
                if squares <= AUTO_MAX_SQUARES || !constructible {
                    let attempt = if constructible {
                        searched.max_retreats(self.max_retreats.min(AUTO_RETREATS))
                    } else {
                        searched
                    };
                    match KnightTrace::new(&attempt).into_tour() {
                        Ok(tour) => return Ok(Plan::Search(attempt, Some(tour))),
                        Err(Error::Budget(_)) if constructible => {}
                        Err(err) => return Err(err),
                    }
                }
                Ok(Plan::Built(self.construct()?))
            }
        }
    }

    /// Whether the construction covers this board (a side of 4 by the `four` module, the rest by
    /// the `construct` module).
    fn has_construction(&self) -> bool {
        self.is_four_wide()
            || layout::Layout::new(self.rows, self.cols, self.start, self.closed).is_some()
    }

    /// An open tour on a board whose short side is 4 (the `four` module builds those).
    fn is_four_wide(&self) -> bool {
        !self.closed && self.rows.min(self.cols) == 4
    }

    /// The tour built from small pieces (see [`Method::Construct`]).
    fn construct(&self) -> Result<KnightTour> {
        let built = if self.is_four_wide() {
            four::build(self.rows, self.cols, self.start)?
        } else {
            if layout::Layout::new(self.rows, self.cols, self.start, self.closed).is_none() {
                return Err(Error::NoSolution(format!(
                    "the knight's tour construction has no block layout for {} x {}",
                    self.rows, self.cols
                )));
            }
            construct::build(self.rows, self.cols, self.start, self.closed)?
        };
        Ok(KnightTour {
            rows: self.rows,
            cols: self.cols,
            start: self.start,
            end: built.end,
            steps: built.steps,
            retreats: 0,
        })
    }

    /// Whether a closed tour that cannot be found from the start may be found from the centre and
    /// entered at the start instead (see [`KnightTrace`]).
    fn has_closed_fallback(&self) -> bool {
        self.closed
            && self.rows.max(self.cols) > SEED_ORDER_MAX_SIDE
            && self.start != Square::new(self.rows / 2, self.cols / 2)
    }

    fn search(&self) -> Search {
        Search::new(
            self.rows,
            self.cols,
            self.start,
            self.closed,
            self.strategy(),
            self.max_retreats,
        )
    }

    /// The rules for this board (see "Larger boards" in the module docs).
    fn strategy(&self) -> Strategy {
        let seed_board = self.rows.max(self.cols) <= SEED_ORDER_MAX_SIDE;
        let squares = u64::from(self.rows) * u64::from(self.cols);
        Strategy {
            tie: match (seed_board, self.closed) {
                (true, _) => TieBreak::SeedOrder,
                (false, false) => TieBreak::FarFromCentre,
                (false, true) => TieBreak::FarFromStart,
            },
            early_end_margin: (!seed_board && !self.closed).then_some(EARLY_END_MARGIN),
            split_check: (squares <= SPLIT_CHECK_MAX_SQUARES).then_some(squares as usize),
        }
    }

    /// The tour of a completed search, counting `earlier_retreats` made by searches given up before.
    fn tour_from(&self, search: Search, earlier_retreats: u64) -> KnightTour {
        let retreats = earlier_retreats + search.retreats();
        KnightTour {
            rows: self.rows,
            cols: self.cols,
            start: self.start,
            end: search.current(),
            steps: search.into_steps(),
            retreats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validator_rejects_repeats_gaps_and_non_moves() {
        let sq = Square::new;
        assert!(is_knight_path(1, 1, &[sq(0, 0)]));
        assert!(!is_knight_path(1, 1, &[]));
        assert!(!is_knight_path(1, 2, &[sq(0, 0), sq(0, 1)]));
        assert!(!is_knight_path(
            2,
            3,
            &[sq(0, 0), sq(1, 2), sq(0, 0), sq(1, 2), sq(0, 0), sq(1, 2)]
        ));
        assert!(!is_knight_path(1, 1, &[sq(1, 0)]));
    }

    #[test]
    fn an_exhausted_search_proves_there_is_no_tour_and_clears_its_squares() {
        // 3 x 4 has tours, but none from 0,1; the existence rule refuses it, so the trace is made
        // directly to run the search.
        let p = KnightProblem::new(3, 4, Square::new(0, 1))
            .expect("valid")
            .method(Method::Warnsdorff);
        let events: Vec<_> = KnightTrace::new(&p).collect();
        let balance: i64 = events
            .iter()
            .map(|e| match e {
                Ok(KnightEvent::Move { .. }) => 1,
                Ok(KnightEvent::Retreat { .. }) => -1,
                Err(_) => 0,
            })
            .sum();
        assert_eq!(balance, 0);
        match events.last() {
            Some(Err(Error::NoSolution(msg))) => assert!(msg.contains("another start"), "{msg}"),
            other => panic!("expected NoSolution, got {other:?}"),
        }
        assert!(matches!(
            KnightTrace::new(&p).into_tour(),
            Err(Error::NoSolution(_))
        ));
    }

    #[test]
    fn failure_kinds_map_to_their_errors() {
        use engine::Failure;
        assert!(matches!(
            Failure::Budget("x".into()).to_error(),
            Error::Budget(_)
        ));
        assert!(matches!(
            Failure::Exhausted("x".into()).to_error(),
            Error::NoSolution(_)
        ));
    }
}
