//! How many events a trace will have, found before any drawing by running it dry with a limit.
//!
//! Plain backtracking ([`Method::Backtrack`](super::Method::Backtrack)) takes from under a hundred steps to
//! billions depending on the board and the start (see the `backtrack` module), so no formula or
//! table can say in advance whether an animation of it fits a frame limit. Running the search without
//! drawing, and stopping as soon as it passes the limit, costs at most `limit` cheap steps (a few
//! milliseconds for 200 000), which is nothing beside drawing that many frames.

use super::KnightProblem;
use crate::Result;

impl KnightProblem {
    /// The number of events [`KnightProblem::trace`] yields (moves and retreats, up to and including
    /// the move that completes the tour), if it is at most `limit`; `Ok(None)` as soon as the trace
    /// passes `limit` events, without running the rest. Stops early for every method; an error that
    /// ends the trace within `limit` events (no tour from this start, the retreat budget spent) is
    /// returned as it is.
    ///
    /// ```
    /// use chessviz::knight::{KnightProblem, Method};
    /// use chessviz::Square;
    ///
    /// let plain = KnightProblem::new(5, 5, Square::new(0, 0))?.method(Method::Backtrack);
    /// let steps = plain.count_steps(1_000)?.expect("57 steps from the corner");
    /// // 25 moves that stay, and each retreat undoes one more move.
    /// assert_eq!(steps, 25 + 2 * plain.solve()?.retreats());
    /// // From the 6 x 6 corner it takes far more than 1000 steps: known after 1001.
    /// let corner = KnightProblem::new(6, 6, Square::new(0, 0))?.method(Method::Backtrack);
    /// assert_eq!(corner.count_steps(1_000)?, None);
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn count_steps(&self, limit: u64) -> Result<Option<u64>> {
        let mut steps = 0u64;
        for event in self.trace()? {
            event?;
            steps += 1;
            if steps > limit {
                return Ok(None);
            }
        }
        Ok(Some(steps))
    }
}
