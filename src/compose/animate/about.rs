//! The words of a whole animation, for the file's own description (a GIF's comment, an APNG's
//! `iTXt` `Title` and `Description`, a WebP's XMP): what the animation is, how many steps it plays,
//! and the picture it ends on in the problem's words, since that is what a reader who cannot watch
//! it most needs (the solution found, the tour completed, the board tiled). The reader's own words
//! (`Style::alt`) replace all of it.

use crate::compose::stream::{walk_steps, Progress, SequencePacing, StepPicture};
use crate::compose::style::Style;
use crate::error::Result;
use crate::scene::adapter::Adapter;
use crate::scene::Description;
use crate::text::DescriptionPhrase as D;

/// The last picture a sink was handed, in words, and its step: what the animation ends on.
#[derive(Default)]
pub(crate) struct Ending {
    words: Option<Description>,
    step: u64,
}

impl Ending {
    /// Notes `picture` as the latest shown (described as every format describes a still).
    pub(crate) fn see(&mut self, picture: &StepPicture<'_>, style: &Style) {
        self.words = Some(style.description_of(picture.scene));
        self.step = picture.time.step;
    }

    /// The animation's description: "animation of N steps, ending on <the last picture's title>"
    /// (such as "step 116: queen removed from a5"), then the
    /// last picture's detail; `truncated` (a frame limit cut it short) says "the first N steps".
    /// The reader's `--alt` words as they are. `None` before any picture was seen.
    pub(crate) fn description(self, style: &Style, truncated: bool) -> Option<Description> {
        if let Some(alt) = &style.alt {
            return Some(Description::given(style.lang, alt));
        }
        let lang = style.lang;
        let last = self.words?;
        let phrase = match (truncated, self.step) {
            (true, _) => D::AnimationFirstSteps,
            (false, 1) => D::AnimationOfOneStep,
            (false, _) => D::AnimationOf,
        };
        let short = lang.describe(phrase, &[&self.step, &last.short]);
        Some(Description::new(lang, short, last.detail))
    }
}

/// The animation's description ([`Ending::description`]) found before anything is drawn, by a walk
/// of the stream that applies the events and draws nothing (as the APNG's frame count is found), for
/// a format that says it before its first frame.
pub(crate) fn ending_of<A, I>(
    mut adapter: A,
    events: I,
    seq: SequencePacing,
    style: &Style,
    progress: &mut dyn Progress,
) -> Result<Option<Description>>
where
    A: Adapter,
    I: IntoIterator<Item = Result<A::Event>>,
{
    let scene = adapter.first_scene();
    let mut ending = Ending::default();
    let mut sink = |picture: StepPicture<'_>, _: &mut dyn Progress| {
        ending.see(&picture, style);
        // Nothing is drawn, so the changes are dropped here lest they pile up.
        picture.scene.clear_changes();
        Ok(())
    };
    let walked = walk_steps(&mut adapter, scene, events, seq, progress, &mut sink)?;
    Ok(ending.description(style, walked.truncated))
}
