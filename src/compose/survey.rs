//! The walk of the steps that draws nothing, made where something must be known before the first
//! picture: how many pictures the stream keeps (for a choice among them, a poster), the frames an
//! APNG states in its header, the words a GIF's comment leads with. It applies every event, so it
//! costs what the problem's steps cost, and describes at most the last picture.

use crate::compose::animate::about::Ending;
use crate::compose::stream::{play, Both, FrameSink, Progress, SequencePacing, StepPicture};
use crate::compose::style::Style;
use crate::encode::apng::frames_for;
use crate::error::Result;
use crate::scene::adapter::Adapter;
use crate::scene::Description;

/// What a survey found.
pub(crate) struct Surveyed {
    /// The pictures the stream keeps.
    pub(crate) pictures: u64,
    /// The frames an APNG makes of them (a picture too long for one frame takes several).
    pub(crate) apng_frames: u64,
    /// The animation in words ([`Ending::description`]), when asked for.
    pub(crate) about: Option<Description>,
}

/// Walks the stream of `events` on `adapter` (from its next first scene) without drawing;
/// `words`: the style whose words the animation's ending is said in, `None` for none.
pub(crate) fn survey<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    pacing: SequencePacing,
    words: Option<&Style>,
    progress: &mut dyn Progress,
) -> Result<Surveyed> {
    let first = adapter.first_scene();
    let mut count = Count::default();
    let mut ending = words.map(Ending::new);
    let walked = play(
        adapter,
        first,
        events,
        pacing,
        progress,
        &mut Both(&mut count, &mut ending),
    )?;
    let apng_frames = if count.pictures == 0 {
        0
    } else {
        // The last picture also holds the final hold.
        let last = count.last_ms.saturating_add(walked.final_hold_ms);
        count.frames - u64::from(frames_for(count.last_ms)) + u64::from(frames_for(last))
    };
    Ok(Surveyed {
        pictures: count.pictures,
        apng_frames,
        about: ending.and_then(|e| e.description(walked.truncated)),
    })
}

/// How many pictures the stream of `events` keeps with `pacing`, counted by walking it without
/// drawing anything (each event is applied to the adapter's scene): the number a sink fed the same
/// stream is handed, for a choice among them (a poster) that must be checked before the first
/// picture is drawn. The adapter starts over at its next [`Adapter::first_scene`].
pub fn count_pictures<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    pacing: SequencePacing,
    progress: &mut dyn Progress,
) -> Result<u64> {
    Ok(survey(adapter, events, pacing, None, progress)?.pictures)
}

/// Counts the pictures and their APNG frames.
#[derive(Default)]
struct Count {
    pictures: u64,
    /// APNG frames of the pictures seen, each with its own time.
    frames: u64,
    /// The last picture's time.
    last_ms: u32,
}

impl FrameSink for Count {
    fn wants_words(&self, _: bool) -> bool {
        false
    }

    fn picture(&mut self, picture: &mut StepPicture<'_>, _: &mut dyn Progress) -> Result<()> {
        self.pictures += 1;
        self.frames += u64::from(frames_for(picture.time.ms));
        self.last_ms = picture.time.ms;
        Ok(())
    }
}
