//! A problem as a sequence of steps: what every output of steps (a still after N events, an
//! animation, a folder of frames, a storyboard, the web page) asks of it, besides the
//! [`Adapter`](super::adapter::Adapter) that draws its states: its events from the start, their
//! number when known without playing them, its pace, its name and the kind of board it draws.
//!
//! Each problem implements it once, in `problem/<name>/`: the tiling
//! ([`TrominoProblem`](crate::tromino::TrominoProblem)), the queens' search or slideshow
//! ([`QueensProblem`](crate::queens::QueensProblem)) and the knight's search
//! ([`KnightProblem`](crate::knight::KnightProblem), or its moves with their candidates,
//! [`KnightExplained`](crate::knight::KnightExplained)). The drawing machinery and the command are
//! written once over it.

use crate::cancel::Cancel;
use crate::error::Result;
pub use crate::solve::KnownEvents;

/// A problem's events from the start, produced lazily.
pub type Events<'a, E> = Box<dyn Iterator<Item = Result<E>> + 'a>;

/// Where an animation starts and ends, beyond the frames its events make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Framing {
    /// Show the first scene (before any event) as the opening frame, for the step delay.
    pub opening: bool,
    /// Hold the last frame for the hold time (an animation that ends on a milestone was held
    /// already).
    pub final_hold: bool,
}

/// How a problem's steps are paced and framed unless the caller says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Milliseconds an ordinary step is shown.
    pub delay_ms: u32,
    /// Milliseconds a milestone (a solution, the finished board) is held.
    pub hold_ms: u32,
    /// A step back (a knight's retreat) is shown this many times as long as a step; `None` when
    /// the problem never steps back.
    pub retreat_factor: Option<u32>,
    /// Whether the steps open on the start and hold their last picture.
    pub framing: Framing,
}

impl Timing {
    /// How long a step back is shown at a step delay of `delay_ms`: the delay times the retreat
    /// factor (the delay itself for a problem without retreats).
    pub fn retreat_ms(self, delay_ms: u32) -> u32 {
        delay_ms.saturating_mul(self.retreat_factor.unwrap_or(1))
    }
}

/// What is drawn, for the memory that grows with the board's squares rather than its pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardKind {
    /// Tromino tiles.
    Tiles,
    /// Queens.
    Queens,
    /// A knight's tour or path.
    Tour,
}

/// The steps an animation of a problem has, counted without drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCount {
    /// Steps: pictures before any thinning (the opening picture included where it counts).
    pub steps: u64,
    /// Steps that thinning must keep (the opening picture, solutions).
    pub kept: u64,
    /// False when counting stopped past the bound it was given.
    pub complete: bool,
}

/// One problem as a sequence of steps.
pub trait Problem {
    /// One event of its trace, as its adapter applies them.
    type Event;

    /// The events from the start (each call starts over).
    fn events(&self) -> Result<Events<'_, Self::Event>>;

    /// How many events there are when known without playing them (exactly, or at least a number
    /// past every budget), so that a count can end at once instead of running through the trace.
    fn known_events(&self) -> Option<KnownEvents> {
        None
    }

    /// The fewest steps an animation of it has, known before any counting (a knight's search moves
    /// onto every square but the first).
    fn fewest_steps(&self) -> Option<u64> {
        None
    }

    /// The steps of its animation when they are known without walking its events (from the
    /// problem's size: a tiling's tiles, the length of a full search known from n), no further
    /// than past `bound`; `None` when only a walk through its events counts them. A caller that
    /// must walk the events anyway (to find an animation's words) then counts them on that walk.
    fn known_steps(&self, bound: u64) -> Result<Option<StepCount>> {
        let _ = bound;
        Ok(None)
    }

    /// The steps of its animation, counted without drawing and no further than past `bound`
    /// (`cancel` stops the count): the [`Problem::known_steps`], else, by default, every event
    /// is a step, and none is kept.
    fn count_steps(&self, bound: u64, cancel: &Cancel) -> Result<StepCount> {
        if let Some(known) = self.known_steps(bound)? {
            return Ok(known);
        }
        let steps = count_events(self.events()?, bound, cancel)?;
        Ok(StepCount {
            steps,
            kept: 0,
            complete: steps <= bound,
        })
    }

    /// Whether thinning must keep the step of `event` (a solution), for a count of the steps
    /// made from the events alone ([`count_steps_and_events`]). None by default.
    fn keeps(&self, event: &Self::Event) -> bool {
        let _ = event;
        false
    }

    /// Its default pace and framing.
    fn timing(&self) -> Timing;

    /// What it is, for messages: "the search for 5 queens".
    fn name(&self) -> String;

    /// Its board: rows and columns.
    fn board(&self) -> (u32, u32);

    /// What its board holds, for the memory estimate of a picture of it.
    fn board_kind(&self) -> BoardKind;
}

/// The steps of `problem`'s animation and the number of its events, in one walk through its
/// events that applies none of them: the steps (the opening picture and each event, those
/// [`Problem::keeps`] kept) no further than past `bound` events, the events up to one past
/// `events_to`. What a format that needs only the count before its first frame takes (a WebP, an
/// MP4) when a step counter also wants the total. `cancel` stops it.
pub fn count_steps_and_events<P: Problem + ?Sized>(
    problem: &P,
    bound: u64,
    events_to: u64,
    cancel: &Cancel,
) -> Result<(StepCount, u64)> {
    let opening = u64::from(problem.timing().framing.opening);
    let (mut events, mut kept) = (0u64, 0u64);
    for event in problem.events()? {
        cancel.check()?;
        let event = event?;
        events += 1;
        if events <= bound && problem.keeps(&event) {
            kept += 1;
        }
        if events > bound.max(events_to) {
            break;
        }
    }
    let count = StepCount {
        steps: opening + events.min(bound + 1),
        kept: opening + kept,
        complete: events <= bound,
    };
    Ok((count, events.min(events_to + 1)))
}

/// The events of `events` up to one past `bound` (`cancel` stops the count).
pub fn count_events<E>(
    events: impl IntoIterator<Item = Result<E>>,
    bound: u64,
    cancel: &Cancel,
) -> Result<u64> {
    let mut steps = 0u64;
    for event in events {
        cancel.check()?;
        event?;
        steps += 1;
        if steps > bound {
            break;
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::{QueensMovie, QueensProblem};

    #[test]
    fn the_count_and_the_events_in_one_walk_agree_with_the_problems_own_count() {
        let cancel = Cancel::new();
        for movie in [
            QueensMovie::Search { until: None },
            QueensMovie::Search { until: Some(3) },
            QueensMovie::Solutions,
        ] {
            let problem = QueensProblem::new(6, movie);
            let events = problem.events().unwrap().count() as u64;
            let own = problem.count_steps(1_000_000, &cancel).unwrap();
            let (count, total) =
                count_steps_and_events(&problem, 1_000_000, 1_000, &cancel).unwrap();
            assert_eq!((count, total), (own, events.min(1_001)), "{movie:?}");
            // Past a bound: incomplete, the events still counted to their own end.
            let (cut, total) = count_steps_and_events(&problem, 10, 1_000_000, &cancel).unwrap();
            assert!(!cut.complete || events <= 10, "{movie:?}");
            assert_eq!(total, events, "{movie:?}");
        }
    }
}
