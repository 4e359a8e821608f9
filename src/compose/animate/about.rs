//! The words of a whole animation, for the file's own description (a GIF's comment, an APNG's
//! `iTXt` `Title` and `Description`, a WebP's XMP, an MP4's `desc`): what the animation is, how
//! many steps it plays, and the picture it ends on in the problem's words, since that is what a
//! reader who cannot watch it most needs (the solution found, the tour completed, the board
//! tiled). The reader's own words (`Style::alt`) replace all of it.

use crate::compose::stream::{FrameSink, Progress, StepPicture};
use crate::compose::style::Style;
use crate::error::Result;
use crate::scene::Description;
use crate::text::DescriptionPhrase as D;

/// Keeps the last picture of the stream in words, and its step: what the animation ends on. Only
/// that picture is described.
pub(crate) struct Ending {
    /// The words every format gives a still ([`Style::description_of`]): the reader's `--alt`,
    /// or the picture's own.
    style: Style,
    words: Option<Description>,
    step: u64,
}

impl Ending {
    /// The ending of an animation drawn with `style`.
    pub(crate) fn new(style: &Style) -> Ending {
        Ending {
            style: style.clone(),
            words: None,
            step: 0,
        }
    }

    /// The animation's description: "animation of N steps, ending on <the last picture's title>"
    /// (such as "step 116: queen removed from a5"), then the last picture's detail; `truncated`
    /// (a frame limit cut it short) says "the first N steps". The reader's `--alt` words as they
    /// are. `None` before the last picture was seen.
    pub(crate) fn description(self, truncated: bool) -> Option<Description> {
        let style = self.style;
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

impl FrameSink for Ending {
    fn wants_words(&self, last: bool) -> bool {
        last && self.style.alt.is_none()
    }

    fn picture(&mut self, picture: &mut StepPicture<'_>, _: &mut dyn Progress) -> Result<()> {
        if picture.last {
            self.words = Some(self.style.description_of(picture.scene));
            self.step = picture.time.step;
        }
        Ok(())
    }
}
