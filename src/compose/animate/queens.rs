//! The queens' backtracking animated like the Turbo C program: every placement and removal, a hold on
//! each solution; or a slideshow of the solutions. Every frame's caption is true of it: "Solution i
//! of T" on a solution, "solutions found: k" on every other state of the search.

use std::io::Write;

use super::{AnimationStats, Framing, Pacing, Progress};
use crate::compose::style::Style;
use crate::error::Result;
use crate::problem::queens::{QueensAdapter, QueensStyle};
use crate::scene::adapter::Adapter;
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
    pub fn events(self, n: u32) -> Result<Box<dyn Iterator<Item = Result<QueensEvent>>>> {
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

/// Writes the animation of the n-queens search to `out`.
pub fn animate<W: Write>(
    out: W,
    n: u32,
    movie: QueensMovie,
    look: QueensStyle,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let mut adapter = QueensAdapter::for_animation(n, look)?;
    animate_with(out, &mut adapter, n, movie, style, pacing, progress)
}

/// Writes the animation as [`animate`] does, drawn by `adapter` (the queens' own adapter for `n`,
/// perhaps wrapped, as [`Annotated`](crate::Annotated) does).
pub fn animate_with<A: Adapter<Event = QueensEvent>, W: Write>(
    out: W,
    adapter: &mut A,
    n: u32,
    movie: QueensMovie,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let events = movie.events(n)?;
    super::animate(
        out,
        adapter,
        events,
        movie.framing(),
        style,
        pacing,
        progress,
    )
}
