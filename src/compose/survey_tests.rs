//! The walk that draws nothing: what it counts, and how far it goes (counted, not timed).

use std::cell::Cell as Counter;
use std::rc::Rc;

use super::survey::{survey, Lookahead};
use crate::compose::stream::{Framing, NoProgress, Pacing, SequencePacing};
use crate::compose::style::Style;
use crate::error::Result;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Cell, Description, Fill, Scene};
use crate::text::Lang;

/// Fills the squares of a 4 x 4 board one event at a time, every fourth a milestone, counting the
/// events it applies.
struct Filling {
    filled: u64,
    applied: Rc<Counter<u64>>,
}

impl Adapter for Filling {
    type Event = u32;

    fn first_scene(&mut self) -> Scene {
        self.filled = 0;
        Scene::new(4, 4, Cell::plain(Fill::Blank))
    }

    fn apply(&mut self, scene: &mut Scene, square: &u32) -> Beat {
        let at = crate::geom::Square::new(square / 4, square % 4);
        scene.update_cell(at, |c| c.shaded = true);
        self.filled += 1;
        self.applied.set(self.applied.get() + 1);
        if self.filled.is_multiple_of(4) {
            Beat::Milestone
        } else {
            Beat::Step
        }
    }

    fn hints(&self) -> RenderHints {
        RenderHints::default()
    }

    fn description(&self, _: &Scene) -> Option<Description> {
        Some(Description::new(
            Lang::En,
            format!("{} squares filled", self.filled),
            "",
        ))
    }
}

/// The 16 events, counting those taken from the stream.
fn events(taken: &Rc<Counter<u64>>) -> impl Iterator<Item = Result<u32>> {
    let taken = Rc::clone(taken);
    (0..16).map(move |e| {
        taken.set(taken.get() + 1);
        Ok(e)
    })
}

fn pacing(max_frames: Option<u64>) -> SequencePacing {
    SequencePacing {
        pacing: Pacing {
            max_frames,
            ..Pacing::new(100, 1000)
        },
        framing: Framing {
            opening: true,
            final_hold: true,
        },
    }
}

/// Events taken and applied by a survey of the 16 events with `max_frames` and `look`, and
/// what it found.
fn surveyed(max_frames: Option<u64>, look: Lookahead) -> (u64, u64, super::survey::Foreseen) {
    let (taken, applied) = (Rc::new(Counter::new(0)), Rc::new(Counter::new(0)));
    let mut adapter = Filling {
        filled: 0,
        applied: Rc::clone(&applied),
    };
    let style = Style::new(20);
    let found = survey(
        &mut adapter,
        events(&taken),
        pacing(max_frames),
        Some(&style),
        look,
        &mut NoProgress,
    )
    .unwrap();
    (taken.get(), applied.get(), found)
}

#[test]
fn a_whole_stream_is_counted_in_one_pass() {
    let look = Lookahead {
        bound: Some(100),
        count_events_to: Some(1000),
    };
    let (taken, applied, found) = surveyed(None, look);
    assert_eq!((taken, applied), (16, 16));
    assert_eq!(found.pictures(), 17);
    let steps = found.steps();
    // The opening picture and 16 steps; the opening and the 4 milestones are kept.
    assert_eq!((steps.steps, steps.kept, steps.complete), (17, 5, true));
    assert_eq!(found.events(), Some(16));
    let about = found.about.clone().flatten().unwrap();
    assert!(about.short.contains("16 squares filled"), "{}", about.short);
}

#[test]
fn the_bound_stops_the_walk_and_the_count_is_incomplete() {
    let look = Lookahead {
        bound: Some(5),
        count_events_to: Some(1000),
    };
    let (taken, applied, found) = surveyed(None, look);
    // Five events applied, the sixth taken to see that the stream goes on.
    assert_eq!((taken, applied), (6, 5));
    assert!(!found.steps().complete);
    assert_eq!(found.steps().steps, 7);
    // The run is refused on its frames: its events are not counted on.
    assert_eq!(found.events(), None);
}

#[test]
fn past_a_cut_the_steps_are_counted_up_to_the_bound_and_the_events_to_the_end() {
    // Five pictures kept: the start and four steps, the fourth said as the ending.
    let look = Lookahead {
        bound: Some(100),
        count_events_to: Some(1000),
    };
    let (taken, applied, found) = surveyed(Some(5), look);
    assert_eq!((taken, applied), (16, 16));
    assert_eq!(found.pictures(), 5);
    assert_eq!(
        (
            found.steps().steps,
            found.steps().kept,
            found.steps().complete
        ),
        (17, 5, true)
    );
    assert_eq!(found.events(), Some(16));
    let about = found.about.clone().flatten().unwrap();
    assert!(about.short.contains("4 squares filled"), "{}", about.short);
    // Without a bound the walk ends at the cut; the events are counted on without applying them.
    let look = Lookahead {
        bound: None,
        count_events_to: Some(1000),
    };
    let (taken, applied, found) = surveyed(Some(5), look);
    assert_eq!((taken, found.pictures(), found.events()), (16, 5, Some(16)));
    assert!(applied <= 6, "{applied}");
    assert!(!found.steps().complete);
    // Nor counted on when not asked.
    let (taken, ..) = surveyed(Some(5), Lookahead::default());
    assert!(taken <= 7, "{taken}");
}
