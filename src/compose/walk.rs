//! Which states of a problem's trace a sequence of pictures shows, and for how long: the walk that
//! `--frames` pictures and the web page's player share, so both keep the same steps.

use crate::compose::animate::{Progress, FRAME_LIMIT};
use crate::compose::frames::{FrameTime, SequencePacing};
use crate::error::{Error, Result};
use crate::scene::adapter::{Adapter, Beat};
use crate::scene::Scene;

/// Plays `events` into `scene` (the adapter's first scene) and hands each state kept to `keep` with its step
/// (0: the start) and its time on screen: the start, every `every`-th step, milestones and the
/// last step, at most `max_frames` of them and never more than [`FRAME_LIMIT`]. States skipped are
/// left marked in the scene for the next one kept. Returns the time of every state kept, the last
/// one held when the pacing asks for it.
pub(crate) fn walk_steps<A: Adapter>(
    adapter: &mut A,
    mut scene: Scene,
    events: impl IntoIterator<Item = Result<A::Event>>,
    pacing: SequencePacing,
    progress: &mut dyn Progress,
    keep: &mut dyn FnMut(&mut Scene, u64, &mut dyn Progress) -> Result<()>,
) -> Result<Vec<FrameTime>> {
    let p = pacing.pacing;
    if p.every == 0 {
        return Err(Error::ZeroEvery);
    }
    let mut times: Vec<FrameTime> = Vec::new();
    let mut take = |scene: &mut Scene, step: u64, ms: u32, progress: &mut dyn Progress| {
        if !progress.keep_going() {
            return Err(Error::Interrupted);
        }
        if p.max_frames.is_some_and(|m| times.len() as u64 >= m) {
            return Ok(false);
        }
        if times.len() as u64 >= FRAME_LIMIT {
            return Err(Error::TooManyFrames { limit: FRAME_LIMIT });
        }
        times.push(FrameTime { step, ms });
        keep(scene, step, progress)?;
        Ok(true)
    };
    take(&mut scene, 0, p.delay_ms, progress)?;
    let mut events = events.into_iter().peekable();
    let mut step = 0u64;
    while let Some(event) = events.next() {
        let beat = adapter.apply(&mut scene, &event?);
        step += 1;
        let last = events.peek().is_none();
        let milestone = beat == Beat::Milestone;
        if !(milestone || last || step.is_multiple_of(u64::from(p.every))) {
            continue;
        }
        let ms = match beat {
            Beat::Milestone => p.hold_ms,
            Beat::Held(ms) => ms,
            _ => p.delay_ms,
        };
        if !take(&mut scene, step, ms, progress)? {
            break;
        }
    }
    if pacing.final_hold {
        if let Some(last) = times.last_mut() {
            last.ms = last.ms.saturating_add(p.hold_ms);
        }
    }
    Ok(times)
}
