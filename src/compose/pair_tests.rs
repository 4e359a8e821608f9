//! Tests of the comparison's step stream and its frame limit.

use super::*;
use crate::compose::stream::SequencePacing;
use crate::compose::stream::{Framing, NoProgress, Pacing};
use crate::compose::survey::count_pictures;
use crate::scene::adapter::Adapter;

/// An adapter whose every event is a step.
struct Steps;
impl Adapter for Steps {
    type Event = ();
    fn first_scene(&mut self) -> Scene {
        Scene::new(1, 1, Cell::plain(Fill::Blank))
    }
    fn apply(&mut self, _: &mut Scene, _: &()) -> Beat {
        Beat::Step
    }
    fn hints(&self) -> RenderHints {
        RenderHints::default()
    }
}

/// The step found is the longest stream the walk keeps whole within the limit: one more step
/// would make a frame too many.
#[test]
fn the_last_step_within_a_frame_limit_is_what_the_walk_keeps() {
    for opening in [true, false] {
        for every in [1u32, 2, 3, 7] {
            for max in [1u64, 2, 5, 13] {
                let s = last_step_within(max, every, opening);
                let kept = |steps: u64| {
                    let pacing = SequencePacing {
                        pacing: Pacing {
                            every,
                            ..Pacing::new(10, 10)
                        },
                        framing: Framing {
                            opening,
                            final_hold: false,
                        },
                    };
                    let events = (0..steps).map(|_| Ok(()));
                    count_pictures(&mut Steps, events, pacing, &mut NoProgress).unwrap()
                };
                assert!(kept(s) <= max, "{opening} every {every} max {max}: {s}");
                assert!(kept(s + 1) > max, "{opening} every {every} max {max}: {s}");
            }
        }
    }
}

#[test]
fn a_search_that_fails_at_once_ends_without_an_event() {
    let left = vec![Ok(1), Ok(2)];
    let right: Vec<Result<i32>> = vec![Err(Error::NoSolution("none".into()))];
    let steps: Vec<PairStep<i32>> = pair_steps(left, right).map(|s| s.unwrap()).collect();
    assert_eq!(steps.len(), 2);
    assert_eq!(
        steps[0].right,
        Some(SideStep {
            event: None,
            ends: Some(Ending::NoSolution)
        })
    );
    assert_eq!(steps[1].right, None);
    assert_eq!(steps[1].left.unwrap().ends, Some(Ending::Finished));
    // Any other error stops the comparison.
    let bad: Vec<Result<i32>> = vec![Ok(1), Err(Error::Interrupted)];
    let out: Vec<Result<PairStep<i32>>> = pair_steps(bad, vec![Ok(5)]).collect();
    assert!(out.iter().any(|s| matches!(s, Err(Error::Interrupted))));
}
