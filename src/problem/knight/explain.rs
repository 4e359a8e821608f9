//! The knight's search explained: each state shows the choice the knight is about to make, the free
//! squares it can reach with their onward-move counts as badges ([`Badge`]), the one Warnsdorff's
//! rule (or plain backtracking) takes filled, and a caption that says why.
//!
//! The picture of a state shows the *next* decision, made from the square the knight stands on:
//! every badge is then on a free square, where it is legible, and the next picture shows the knight
//! on the filled one. So the picture of step `k` shows the candidates that line `k + 1` of the
//! explained trace lists ([`knight_explained_line`](crate::text::knight_explained_line)).

use super::KnightAdapter;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Badge, Scene};
use crate::solve::knight::{ExplainedEvent, ExplainedTrace, KnightEvent};
use crate::text::knight_choice_caption;
use crate::Result;

/// One event of the search with the event that follows it (and its choice), so a picture can show
/// the decision about to be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightStep {
    /// The event this step applies.
    pub event: KnightEvent,
    /// The next event of the trace, `None` after the last.
    pub next: Option<ExplainedEvent>,
}

/// The events of an explained trace, each with the one after it: the same number of steps, one
/// event of look-ahead.
pub fn explain_steps(trace: ExplainedTrace) -> impl Iterator<Item = Result<KnightStep>> {
    let mut trace = trace.peekable();
    std::iter::from_fn(move || {
        let event = match trace.next()? {
            Ok(e) => e.event,
            Err(err) => return Some(Err(err)),
        };
        let next = match trace.peek() {
            Some(Ok(next)) => Some(*next),
            // The error is yielded as the next step.
            Some(Err(_)) | None => None,
        };
        Some(Ok(KnightStep { event, next }))
    })
}

/// Draws an explained search: the knight's own adapter ([`KnightAdapter`], narrated), with the
/// next choice's candidates as badges and its reason as the caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightExplainAdapter {
    inner: KnightAdapter,
}

impl KnightExplainAdapter {
    /// Explains the states `inner` draws (give it [`KnightAdapter::narrated`] for the final
    /// caption and the held retreats).
    pub fn new(inner: KnightAdapter) -> KnightExplainAdapter {
        KnightExplainAdapter { inner }
    }

    /// The adapter explained.
    pub fn inner(&self) -> &KnightAdapter {
        &self.inner
    }
}

impl Adapter for KnightExplainAdapter {
    type Event = KnightStep;

    fn first_scene(&mut self) -> Scene {
        self.inner.first_scene()
    }

    fn apply(&mut self, scene: &mut Scene, step: &KnightStep) -> Beat {
        let beat = self.inner.apply(scene, &step.event);
        let choice = step.next.and_then(|next| next.choice);
        let badges = choice.map_or_else(Vec::new, |choice| {
            let chosen = choice.chosen_index();
            (choice.candidates().iter().enumerate())
                .map(|(i, c)| Badge {
                    square: c.square,
                    value: c.onward,
                    chosen: i == chosen,
                })
                .collect()
        });
        scene.set_badges(badges);
        let caption = match (step.next, choice) {
            (_, Some(choice)) => Some(format!("next: {}", knight_choice_caption(&choice))),
            (Some(next), None) if matches!(next.event, KnightEvent::Retreat { .. }) => {
                Some("no free square to go on: the knight steps back".to_string())
            }
            // The inner adapter's own caption (the finished tour), or none.
            _ => scene.caption().map(str::to_string),
        };
        scene.set_caption(caption);
        beat
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            caption: true,
            ..self.inner.hints()
        }
    }

    fn describe(&self, step: &KnightStep) -> Option<String> {
        self.inner.describe(&step.event)
    }
}
