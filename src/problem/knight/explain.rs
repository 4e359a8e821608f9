//! The knight's search with one event of look-ahead, so a picture of a state can show the decision
//! about to be made from the square the knight stands on (see
//! [`KnightExplainAdapter`](crate::knight::KnightExplainAdapter)).

use crate::solve::knight::{ExplainedEvent, ExplainedTrace, KnightEvent};
use crate::Result;

/// One event of the search with the event that follows it (and its choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightStep {
    /// The event this step applies.
    pub event: KnightEvent,
    /// The next event of the trace, `None` after the last.
    pub next: Option<ExplainedEvent>,
}

/// The events of an explained trace, each with the one after it: the same number of steps, one
/// event of look-ahead. An error ends the stream as it ends the trace.
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
