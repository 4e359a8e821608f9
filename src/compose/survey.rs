//! The walk of the steps that draws nothing, made where something must be known before the first
//! picture: how many pictures the stream keeps (the frame limit, a choice among them, a poster),
//! the steps it has and those thinning must keep, how many events there are in all (a step
//! counter's total), the frames an APNG states in its header, the words a GIF's comment leads
//! with. It applies every event it walks, so it costs what the problem's steps cost, and describes
//! at most the last picture. Everything is found in one pass over the events: with the drawing, an
//! animation walks its steps twice.

use std::cell::Cell;

use crate::compose::animate::about::Ending;
use crate::compose::stream::{
    play, Both, FrameSink, Progress, SequencePacing, StepKind, StepPicture, FRAME_LIMIT,
};
use crate::compose::style::Style;
use crate::encode::apng::frames_for;
use crate::error::{Error, Result};
use crate::scene::adapter::Adapter;
use crate::scene::problem::StepCount;
use crate::scene::Description;

/// How far the walk that draws nothing goes, and what it counts besides the pictures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lookahead {
    /// Walk no further than this many events: past them the count is incomplete
    /// ([`StepCount::complete`]), as a frame limit refuses such a run anyway (`None`: walk to the
    /// end of the stream, or to the picture `max_frames` cuts it at). The pictures kept up to
    /// there are counted; past a `max_frames` cut, the steps and the steps kept go on being
    /// counted up to the bound, for a caller that checks them (a solution past the last).
    pub bound: Option<u64>,
    /// Count the events of the whole stream, past the cut of `max_frames`, up to one more than
    /// this (a step counter's total, "step 12/220"); `None`: not counted.
    pub count_events_to: Option<u64>,
}

/// What the walk that draws nothing found, before the first picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foreseen {
    /// The pictures the stream keeps (with `max_frames`: at most that many), or one more than
    /// [`FRAME_LIMIT`] when it would keep more.
    pictures: u64,
    /// Its steps (the opening picture and each event walked) and the steps thinning keeps (the
    /// opening picture and each milestone), as far as the walk went.
    steps: StepCount,
    /// The events of the whole stream, up to one past [`Lookahead::count_events_to`].
    events: Option<u64>,
    /// The frames an APNG makes of the pictures (a picture too long for one frame takes several).
    pub(crate) apng_frames: u64,
    /// The animation in words ([`Ending::description`]) when asked for (`None`: not asked).
    pub(crate) about: Option<Option<Description>>,
}

impl Foreseen {
    /// The pictures the stream keeps, at most [`FRAME_LIMIT`] + 1 (a stream that would keep more
    /// than the limit).
    pub fn pictures(&self) -> u64 {
        self.pictures
    }

    /// The steps of the stream, counted without drawing as far as the walk went
    /// ([`Lookahead::bound`]).
    pub fn steps(&self) -> StepCount {
        self.steps
    }

    /// The events of the whole stream, counted up to one past [`Lookahead::count_events_to`];
    /// `None` when not asked for, or when the pictures passed [`FRAME_LIMIT`] or the bound before
    /// any cut (the run is refused, and counting on would only delay it).
    pub fn events(&self) -> Option<u64> {
        self.events
    }
}

/// Walks the stream of `events` on `adapter` (from its next first scene) without drawing;
/// `words`: the style whose words the animation's ending is said in, `None` for none.
pub(crate) fn survey<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    pacing: SequencePacing,
    words: Option<&Style>,
    look: Lookahead,
    progress: &mut dyn Progress,
) -> Result<Foreseen> {
    let first = adapter.first_scene();
    let cap = pacing.pacing.max_frames;
    let cut = Cell::new(false);
    let mut walk = Walk {
        events: events.into_iter(),
        seen: 0,
        bound: look.bound,
        // Without a bound, nothing past the cut is counted: the walk ends there.
        cut: look.bound.is_none().then_some(&cut),
        over: false,
    };
    let mut count = Count::default();
    let mut ending = words.map(Ending::new);
    let mut kept = Cut {
        inner: Both(&mut count, &mut ending),
        cap,
        seen: 0,
        cut: &cut,
    };
    let mut tally = Tally::default();
    // The driver cuts nothing: the cut above keeps the sinks to the pictures kept, while the steps
    // past it are still tallied up to the bound. Only the frame limit stops the driver.
    let whole = SequencePacing {
        pacing: crate::compose::stream::Pacing {
            max_frames: None,
            ..pacing.pacing
        },
        ..pacing
    };
    let walked = play(
        adapter,
        first,
        &mut walk,
        whole,
        progress,
        &mut Both(&mut kept, &mut tally),
    );
    let past_limit = match walked {
        Ok(_) => false,
        Err(Error::TooManyFrames { .. }) => true,
        Err(e) => return Err(e),
    };
    let cut_short = kept.seen > kept.cap.unwrap_or(u64::MAX);
    // Past the frame limit, and not cut below it: more pictures than an animation may have.
    let too_many = past_limit && cap.is_none_or(|m| m > FRAME_LIMIT);
    let pictures = if too_many {
        FRAME_LIMIT + 1
    } else {
        count.pictures
    };
    let final_hold = if pacing.framing.final_hold {
        pacing.pacing.hold_ms
    } else {
        0
    };
    let apng_frames = if count.pictures == 0 {
        0
    } else {
        // The last picture also holds the final hold.
        let last = count.last_ms.saturating_add(final_hold);
        count.frames - u64::from(frames_for(count.last_ms)) + u64::from(frames_for(last))
    };
    let opening = u64::from(pacing.framing.opening);
    // Stopped before the stream's end: by the bound, the frame limit, or the cut (without a bound).
    let stopped = walk.over || past_limit || (cut.get() && look.bound.is_none());
    let complete = !stopped;
    let steps = StepCount {
        steps: opening + walk.seen,
        kept: opening + tally.milestones,
        complete,
    };
    let events = match look.count_events_to {
        Some(to) if !too_many && (complete || cut_short) => Some(walk.count_on(to, progress)?),
        _ => None,
    };
    Ok(Foreseen {
        pictures,
        steps,
        events,
        apng_frames,
        about: ending.map(|e| e.description(cut_short)),
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
    let look = Lookahead::default();
    Ok(survey(adapter, events, pacing, None, look, progress)?.pictures)
}

/// The events of one walk, counted as they pass; ended early past `bound` events, or at the cut
/// when `cut` is given.
struct Walk<'c, I> {
    events: I,
    /// Events taken from the stream (one past the bound when it stopped there).
    seen: u64,
    bound: Option<u64>,
    cut: Option<&'c Cell<bool>>,
    /// The bound stopped the walk with events left.
    over: bool,
}

impl<E, I: Iterator<Item = Result<E>>> Iterator for Walk<'_, I> {
    type Item = Result<E>;

    fn next(&mut self) -> Option<Result<E>> {
        if self.over || self.cut.is_some_and(Cell::get) {
            return None;
        }
        let event = self.events.next()?;
        self.seen += 1;
        if event.is_ok() && self.bound.is_some_and(|b| self.seen > b) {
            self.over = true;
            return None;
        }
        Some(event)
    }
}

impl<E, I: Iterator<Item = Result<E>>> Walk<'_, I> {
    /// Counts on, through the events the pictures did not need, up to one past `to` in all.
    fn count_on(&mut self, to: u64, progress: &mut dyn Progress) -> Result<u64> {
        while self.seen <= to {
            let Some(event) = self.events.next() else {
                break;
            };
            if !progress.keep_going() {
                return Err(Error::Interrupted);
            }
            event?;
            self.seen += 1;
        }
        Ok(self.seen)
    }
}

/// Hands `inner` only the first `cap` pictures, the last of them marked as the stream's last (as
/// the driver's own cut marks it), and says when a picture past them came.
struct Cut<'c, S> {
    inner: S,
    cap: Option<u64>,
    /// Pictures seen, the ones past the cap included.
    seen: u64,
    cut: &'c Cell<bool>,
}

impl<S: FrameSink> Cut<'_, S> {
    fn last_kept(&self) -> bool {
        self.cap == Some(self.seen + 1)
    }
}

impl<S: FrameSink> FrameSink for Cut<'_, S> {
    fn wants_words(&self, last: bool) -> bool {
        self.cap.is_none_or(|m| self.seen < m) && self.inner.wants_words(last || self.last_kept())
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        if self.cap.is_some_and(|m| self.seen >= m) {
            self.seen += 1;
            self.cut.set(true);
            return Ok(());
        }
        picture.last |= self.last_kept();
        self.seen += 1;
        self.inner.picture(picture, progress)
    }
}

/// Counts the steps that complete something: the steps thinning must keep.
#[derive(Default)]
struct Tally {
    milestones: u64,
}

impl FrameSink for Tally {
    fn wants_words(&self, _: bool) -> bool {
        false
    }

    fn picture(&mut self, picture: &mut StepPicture<'_>, _: &mut dyn Progress) -> Result<()> {
        self.milestones += u64::from(picture.kind == StepKind::Completes);
        Ok(())
    }
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
