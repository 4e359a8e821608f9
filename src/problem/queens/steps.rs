//! The queens' backtracking as a sequence of steps ([`QueensProblem`]), like the Turbo C program:
//! every placement and removal, a hold on each solution; or a slideshow of the solutions. Their
//! count without drawing, and where the search puts a queen on a square.

use crate::cancel::Cancel;
use crate::error::Result;
use crate::geom::Square;
use crate::scene::problem::{BoardKind, Events, Framing, KnownEvents, Problem, StepCount, Timing};
use crate::solve::queens::{self, QueensEvent};

/// Default milliseconds per placement or removal (the Turbo C program's `delay(500)`).
pub const DEFAULT_DELAY_MS: u32 = 500;
/// Default hold on each solution (the Turbo C program's `delay(3000)`).
pub const DEFAULT_HOLD_MS: u32 = 3000;

/// What to animate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueensMovie {
    /// The search: every placement and removal; stops after solution `until` when given.
    Search {
        /// Stop after this solution (1-based).
        until: Option<u64>,
    },
    /// One frame per solution.
    Solutions,
}

impl QueensMovie {
    /// How the movie opens and ends: the search on the empty board, as the Turbo C program draws it
    /// before the search, and held at the end as the program waits once more after the whole
    /// search (a cut ends on a held solution instead); the slideshow on its first solution, unheld.
    pub const fn framing(self) -> Framing {
        match self {
            QueensMovie::Search { until } => Framing {
                opening: true,
                final_hold: until.is_none(),
            },
            QueensMovie::Solutions => Framing {
                opening: false,
                final_hold: false,
            },
        }
    }

    /// The events the movie shows for `n` queens: the search's up to solution `until` (all of them
    /// without), or one solution event per solution.
    pub fn events(self, n: u32) -> Result<Events<'static, QueensEvent>> {
        Ok(match self {
            QueensMovie::Search { until } => {
                let mut done = false;
                Box::new(
                    queens::search(n)?
                        .take_while(move |event| {
                            let go = !done;
                            if let QueensEvent::Solution { index, .. } = event {
                                done = until == Some(*index);
                            }
                            go
                        })
                        .map(Ok),
                )
            }
            QueensMovie::Solutions => Box::new(
                queens::solutions(n)?
                    .zip(1..)
                    .map(|(solution, index)| Ok(QueensEvent::Solution { index, solution })),
            ),
        })
    }
}

/// Counting all solutions is quick up to this n; beyond it the slideshow counts them one by one.
const QUICK_COUNT_MAX_N: u32 = 14;

/// The queens on an n x n board as a sequence of steps: the search or the slideshow of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueensProblem {
    /// The board side and number of queens.
    pub n: u32,
    /// What is shown.
    pub movie: QueensMovie,
    /// Whether the search opens on the empty board ([`QueensMovie::framing`]); off on the Turbo C
    /// screen ([`QueensProblem::with_opening`]).
    opening: bool,
}

impl QueensProblem {
    /// The movie of `n` queens.
    pub fn new(n: u32, movie: QueensMovie) -> QueensProblem {
        QueensProblem {
            n,
            movie,
            opening: movie.framing().opening,
        }
    }

    /// The same movie opening on the empty board or, with `opening` false, on its first step: the
    /// Turbo C screen, where the program draws its first queen before its first `delay(500)`, so
    /// the empty board is never seen (the slideshow never opens on it).
    pub fn with_opening(self, opening: bool) -> QueensProblem {
        QueensProblem {
            opening: opening && self.movie.framing().opening,
            ..self
        }
    }
}

impl QueensProblem {
    /// The count of a movie's steps: a search without its opening picture (the Turbo C screen)
    /// has the empty board neither as a step nor kept.
    fn without_unseen_opening(&self, steps: u64, kept: u64, complete: bool) -> StepCount {
        let dropped = u64::from(self.movie.framing().opening && !self.opening);
        StepCount {
            steps: steps.saturating_sub(dropped),
            kept: kept.saturating_sub(dropped),
            complete,
        }
    }
}

impl Problem for QueensProblem {
    type Event = QueensEvent;

    fn events(&self) -> Result<Events<'_, QueensEvent>> {
        self.movie.events(self.n)
    }

    /// The full search's length is known from n: a step past its end, or a count over a budget
    /// (n >= 15), is refused at once rather than after running through the trace.
    fn known_events(&self) -> Option<KnownEvents> {
        match self.movie {
            QueensMovie::Search { until: None } => queens::search_events(self.n).ok(),
            _ => None,
        }
    }

    /// Known from n: the slideshow's solutions up to n = 14 (counted quickly, not walked), the full
    /// search's length (and past every budget from n = 15 on).
    fn known_steps(&self, bound: u64) -> Result<Option<StepCount>> {
        let n = self.n;
        let (steps, kept, complete) = match self.movie {
            QueensMovie::Solutions if n <= QUICK_COUNT_MAX_N => {
                let found = queens::count(n)?;
                (found, found, found <= bound)
            }
            QueensMovie::Search { until: None } if n >= 12 => match queens::search_events(n)? {
                KnownEvents::Exactly(events) if events < bound => {
                    (1 + events, 1 + queens::count(n)?, true)
                }
                _ => (bound + 1, 1, false),
            },
            _ => return Ok(None),
        };
        Ok(Some(self.without_unseen_opening(steps, kept, complete)))
    }

    /// The search: the empty board, then one step per placement or removal, solutions kept. The
    /// slideshow: one step per solution, each kept.
    fn count_steps(&self, bound: u64, cancel: &Cancel) -> Result<StepCount> {
        if let Some(known) = self.known_steps(bound)? {
            return Ok(known);
        }
        let n = self.n;
        let (steps, kept, complete) = match self.movie {
            QueensMovie::Solutions => {
                let mut found = 0;
                for _ in queens::solutions(n)? {
                    cancel.check()?;
                    found += 1;
                    if found > bound {
                        break;
                    }
                }
                (found, found, found <= bound)
            }
            QueensMovie::Search { until } => {
                let (mut steps, mut solutions) = (1u64, 0u64);
                let mut complete = true;
                for event in queens::search(n)? {
                    cancel.check()?;
                    steps += 1;
                    if let QueensEvent::Solution { .. } = event {
                        solutions += 1;
                        if until == Some(solutions) {
                            break;
                        }
                    }
                    if steps > bound {
                        complete = false;
                        break;
                    }
                }
                (steps, 1 + solutions, complete)
            }
        };
        Ok(self.without_unseen_opening(steps, kept, complete))
    }

    /// Each solution is held, whatever the thinning.
    fn keeps(&self, event: &QueensEvent) -> bool {
        matches!(event, QueensEvent::Solution { .. })
    }

    fn timing(&self) -> Timing {
        Timing {
            delay_ms: DEFAULT_DELAY_MS,
            hold_ms: DEFAULT_HOLD_MS,
            retreat_factor: None,
            framing: Framing {
                opening: self.opening,
                ..self.movie.framing()
            },
        }
    }

    fn name(&self) -> String {
        let n = self.n;
        match self.movie {
            QueensMovie::Search { until: Some(i) } => {
                format!("the search for {n} queens up to solution {i}")
            }
            QueensMovie::Search { until: None } => format!("the search for {n} queens"),
            QueensMovie::Solutions => format!("the solutions of {n} queens"),
        }
    }

    fn board(&self) -> (u32, u32) {
        (self.n, self.n)
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Queens
    }
}

/// Whether a queen stands on `sq` (scene square, row 0 at the top) of an n x n board, given the
/// row (1 = bottom, 0 = none) of the queen in each column.
pub fn queen_on(rows: &[u32], sq: Square, n: u32) -> bool {
    rows.get(sq.col as usize) == Some(&(n - sq.row))
}

/// Where the search meets a queen on a square: [`first_queen_on`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueenOn {
    /// At this step (0 is the empty board).
    At(u64),
    /// At none of the steps looked at; `ended` when the search ended before the last of them.
    Never {
        /// The search ended before the last step looked at.
        ended: bool,
    },
}

/// The first step, of those `wanted` picks up to step `last`, at which the search of `n` queens
/// (up to solution `until`) has a queen on `sq`. The search is walked without drawing (its events
/// are cheap); `cancel` stops it.
pub fn first_queen_on(
    n: u32,
    until: Option<u64>,
    sq: Square,
    last: u64,
    wanted: &dyn Fn(u64) -> bool,
    cancel: &Cancel,
) -> Result<QueenOn> {
    let mut rows = vec![0u32; n as usize];
    let mut step = 0u64;
    let mut events = QueensMovie::Search { until }.events(n)?;
    loop {
        if wanted(step) && queen_on(&rows, sq, n) {
            return Ok(QueenOn::At(step));
        }
        if step >= last {
            return Ok(QueenOn::Never { ended: false });
        }
        cancel.check()?;
        let Some(event) = events.next() else {
            return Ok(QueenOn::Never { ended: true });
        };
        match event? {
            QueensEvent::Place { col, row } => rows[col as usize - 1] = row,
            QueensEvent::Remove { col, .. } => rows[col as usize - 1] = 0,
            QueensEvent::Solution { .. } => {}
        }
        step += 1;
    }
}
