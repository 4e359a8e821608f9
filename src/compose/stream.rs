//! The step stream: the one sequence of pictures every animation sink shows.
//!
//! Picture `i` of the stream is the state after the steps it has walked, the very state a `--step`
//! still draws, and it comes with its time on screen. The GIF, APNG, WebP and MP4 encoders, the
//! frames folder, the web page's player, the captions and every count read this stream through one
//! driver ([`play`]) and one trait ([`FrameSink`]): none walks the steps itself, none makes a
//! picture of its own (no part of a step, no frame between two steps), and none chooses which steps
//! to keep or how long they last. That is what makes frame `i` of a GIF the `i`-th picture of
//! `--frames`.

use crate::cancel::Cancel;
use crate::encode::gif::Repeat;
use crate::error::{Error, Result};
use crate::scene::adapter::{Adapter, Beat};
pub use crate::scene::problem::Framing;
use crate::scene::Scene;

/// The most frames an animation may have unless `max_frames` says otherwise; beyond it the run stops
/// with [`Error::TooManyFrames`].
pub const FRAME_LIMIT: u64 = 200_000;

/// Pacing and length of an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacing {
    /// Milliseconds each step is shown.
    pub delay_ms: u32,
    /// Milliseconds the finished figure (or each solution) is held.
    pub hold_ms: u32,
    /// Keep one frame in this many (frames that complete something are always kept).
    pub every: u32,
    /// Stop after this many frames (the animation then ends on the last one kept).
    pub max_frames: Option<u64>,
    /// How often the GIF plays.
    pub repeat: Repeat,
}

impl Pacing {
    /// `delay_ms` a step, `hold_ms` at the end, every frame kept, looping forever.
    pub fn new(delay_ms: u32, hold_ms: u32) -> Pacing {
        Pacing {
            delay_ms,
            hold_ms,
            every: 1,
            max_frames: None,
            repeat: Repeat::Forever,
        }
    }
}

impl Default for Pacing {
    /// 300 ms a step (the tromino's pace; each problem's own is its `DEFAULT_DELAY_MS`), the
    /// finished figure held 3 s, every frame kept, looping forever.
    fn default() -> Pacing {
        Pacing::new(300, 3000)
    }
}

/// Hears how a long render goes, and may stop it: a progress bar, a cancel button.
pub trait Progress {
    /// Called after each frame kept, with the number kept so far. Returning `false` stops the
    /// animation: it fails with [`Error::Interrupted`] and writes nothing more.
    fn frame(&mut self, frames: u64) -> bool;
    /// Called before each step, kept or not (thinning may skip thousands of them between frames);
    /// returning `false` stops the animation as [`Progress::frame`] does.
    fn keep_going(&mut self) -> bool {
        true
    }
    /// Called once at the end of a complete animation.
    fn finish(&mut self) {}
}

/// Progress that goes nowhere and never stops anything.
pub struct NoProgress;

impl Progress for NoProgress {
    fn frame(&mut self, _: u64) -> bool {
        true
    }
}

/// A token as progress: the animation stops once the token is cancelled.
impl Progress for Cancel {
    fn frame(&mut self, _: u64) -> bool {
        !self.is_cancelled()
    }

    fn keep_going(&mut self) -> bool {
        !self.is_cancelled()
    }
}

/// How long one picture of the stream is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameTime {
    /// The step it shows (0: the start).
    pub step: u64,
    /// Milliseconds on screen: the step delay, the hold for a milestone or a retreat's time, plus
    /// the final hold for the last picture.
    pub ms: u32,
}

/// How a stream is paced and framed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequencePacing {
    /// Delay, hold, thinning (`every`: the opening picture, milestones and the last step are
    /// always kept) and `max_frames`, as an animation has them (its `repeat` is not used here).
    pub pacing: Pacing,
    /// Whether the stream opens on the start (step 0) and holds its last picture.
    pub framing: Framing,
}

/// One picture of the stream, handed to a sink.
pub struct StepPicture<'s> {
    /// The state to draw. It records what changed since the picture before, so a raster sink
    /// repaints only that (the driver clears the changes once every sink has seen them). Its words
    /// ([`Scene::description`]) are set only where a sink asked for them
    /// ([`FrameSink::wants_words`]).
    pub scene: &'s mut Scene,
    /// Its step and time on screen (without the final hold, which [`Walked::final_hold_ms`] adds
    /// to the last picture once the stream has ended).
    pub time: FrameTime,
    /// What its steps did, for a sink that marks them (the player's slider).
    pub kind: StepKind,
    /// The last picture of the stream: its last step, or the picture `max_frames` stops it at.
    pub last: bool,
}

/// What the steps a picture shows did (the steps since the picture before, which thinning may
/// have skipped), for a sink that marks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepKind {
    /// Ordinary steps (or the start).
    Plain,
    /// Its step completed something: a solution ([`Beat::Milestone`]).
    Completes,
    /// One of its steps was held longer than the step delay: a knight's retreat
    /// ([`Beat::Held`]).
    Held,
}

/// How a stream ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walked {
    /// Pictures handed to the sink.
    pub pictures: u64,
    /// Events applied (the last step's number).
    pub steps: u64,
    /// True when `max_frames` stopped the stream before its last step.
    pub truncated: bool,
    /// Milliseconds to add to the last picture's time (the final hold), 0 when none.
    pub final_hold_ms: u32,
}

/// What the stream's pictures are fed to: an encoder, the frames folder, the player page, the
/// captions, a count. The driver ([`play`]) walks the steps once and hands it each picture kept,
/// in order.
pub(crate) trait FrameSink {
    /// Whether the next picture must carry its words ([`Scene::description`]); `last`: it is the
    /// stream's last. Words cost the problem's phrases, so a sink that reads only the ending's
    /// asks for the last picture's.
    fn wants_words(&self, last: bool) -> bool;

    /// Takes the next picture; `progress` hears of the pictures it has done and may stop the
    /// stream ([`told`]).
    fn picture(&mut self, picture: &mut StepPicture<'_>, progress: &mut dyn Progress)
        -> Result<()>;

    /// Whether the changes of a picture stay marked for the next one: a sink that draws only some
    /// pictures (the disk estimate's samples) repaints at each what changed since the one before
    /// it drew. Otherwise the driver clears them once the sink has the picture.
    fn keeps_changes(&self) -> bool {
        false
    }
}

/// Two sinks fed by one walk, the first before the second (the first may draw; the second then
/// sees a picture whose changes are already painted).
pub(crate) struct Both<'a>(pub &'a mut dyn FrameSink, pub &'a mut dyn FrameSink);

impl FrameSink for Both<'_> {
    fn wants_words(&self, last: bool) -> bool {
        self.0.wants_words(last) || self.1.wants_words(last)
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        self.0.picture(picture, progress)?;
        self.1.picture(picture, progress)
    }

    fn keeps_changes(&self) -> bool {
        self.0.keeps_changes() || self.1.keeps_changes()
    }
}

/// A sink that may be left out: `None` takes nothing and asks for no words.
impl<S: FrameSink> FrameSink for Option<S> {
    fn wants_words(&self, last: bool) -> bool {
        self.as_ref().is_some_and(|s| s.wants_words(last))
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        match self {
            Some(sink) => sink.picture(picture, progress),
            None => Ok(()),
        }
    }

    fn keeps_changes(&self) -> bool {
        self.as_ref().is_some_and(|s| s.keeps_changes())
    }
}

/// Tells `progress` that `done` pictures are done: [`Error::Interrupted`] when it stops the run.
pub(crate) fn told(progress: &mut dyn Progress, done: u64) -> Result<()> {
    if progress.frame(done) {
        Ok(())
    } else {
        Err(Error::Interrupted)
    }
}

/// The one walk of the steps: plays `events` into `scene` (the adapter's first scene) and hands
/// each picture kept to `sink`: the start (when the framing opens on it), every `every`-th step,
/// milestones and the last step, at most `max_frames` of them and never more than
/// [`FRAME_LIMIT`]. When the framing does not open on the start, the first step is the opening
/// picture and is always kept. States skipped are left marked in the scene for the next one kept;
/// a picture's changes are cleared once the sink has it (unless it keeps them:
/// [`FrameSink::keeps_changes`]). A picture is described
/// ([`Adapter::description`]) only when the sink asks for its words.
///
/// Every event is a step: one whose [`Beat`] is [`Beat::Unseen`] is shown for the step delay like
/// any other (a captioning adapter writes it in the caption; without one, a sink may merge the
/// identical pictures, adding their times).
pub(crate) fn play<A: Adapter>(
    adapter: &mut A,
    mut scene: Scene,
    events: impl IntoIterator<Item = Result<A::Event>>,
    pacing: SequencePacing,
    progress: &mut dyn Progress,
    sink: &mut dyn FrameSink,
) -> Result<Walked> {
    let p = pacing.pacing;
    if p.every == 0 {
        return Err(Error::ZeroEvery);
    }
    let mut walked = Walked {
        pictures: 0,
        steps: 0,
        truncated: false,
        final_hold_ms: if pacing.framing.final_hold {
            p.hold_ms
        } else {
            0
        },
    };
    // Hands one picture over; `false` once `max_frames` pictures were handed (the stream is cut).
    let mut take = |adapter: &A,
                    scene: &mut Scene,
                    time: FrameTime,
                    kind: StepKind,
                    last_step: bool,
                    walked: &mut Walked,
                    progress: &mut dyn Progress| {
        if p.max_frames.is_some_and(|m| walked.pictures >= m) {
            walked.truncated = true;
            return Ok(false);
        }
        if walked.pictures >= FRAME_LIMIT {
            return Err(Error::TooManyFrames { limit: FRAME_LIMIT });
        }
        walked.pictures += 1;
        let last = last_step || p.max_frames == Some(walked.pictures);
        if sink.wants_words(last) {
            scene.set_description(adapter.description(scene));
        }
        let mut picture = StepPicture {
            scene,
            time,
            kind,
            last,
        };
        sink.picture(&mut picture, progress)?;
        if !sink.keeps_changes() {
            // Drawn or not, the next picture's changes start from here.
            picture.scene.clear_changes();
        }
        Ok(true)
    };
    if !progress.keep_going() {
        return Err(Error::Interrupted);
    }
    let mut events = events.into_iter().peekable();
    let opening = pacing.framing.opening;
    if opening {
        let time = FrameTime {
            step: 0,
            ms: p.delay_ms,
        };
        let only = events.peek().is_none();
        take(
            adapter,
            &mut scene,
            time,
            StepKind::Plain,
            only,
            &mut walked,
            progress,
        )?;
    }
    // A held step since the last picture kept, for the next one's kind.
    let mut held = false;
    while let Some(event) = events.next() {
        if !progress.keep_going() {
            return Err(Error::Interrupted);
        }
        let beat = adapter.apply(&mut scene, &event?);
        held |= matches!(beat, Beat::Held(_));
        walked.steps += 1;
        let step = walked.steps;
        let last = events.peek().is_none();
        let milestone = beat == Beat::Milestone;
        let first_shown = !opening && walked.pictures == 0;
        if !(milestone || last || first_shown || step.is_multiple_of(u64::from(p.every))) {
            continue;
        }
        let ms = match beat {
            Beat::Milestone => p.hold_ms,
            Beat::Held(ms) => ms,
            _ => p.delay_ms,
        };
        let kind = if milestone {
            StepKind::Completes
        } else if held {
            StepKind::Held
        } else {
            StepKind::Plain
        };
        held = false;
        let time = FrameTime { step, ms };
        if !take(adapter, &mut scene, time, kind, last, &mut walked, progress)? {
            break;
        }
    }
    if walked.pictures == 0 {
        // No event and no opening picture: the stream is the start, as it stands.
        let time = FrameTime { step: 0, ms: 0 };
        take(
            adapter,
            &mut scene,
            time,
            StepKind::Plain,
            true,
            &mut walked,
            progress,
        )?;
    }
    Ok(walked)
}
