//! The caption a state needs out of context ("step 37: queen removed from c5"), written on every
//! state by [`StepCaptions`], so that a still of step `i`, the `i`-th picture of a frame sequence
//! and the `i`-th frame of an animation are the same picture, and what decides whether a caption
//! fits its band ([`CaptionFit`]).

use crate::compose::style::Style;
use crate::display::caption::{caption_px, fit, fits_one_line};
use crate::display::glyph::Font;
use crate::display::layout::Layout;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::describe::describe_board;
use crate::scene::{Axes, Description, Scene};
use crate::text::{Lang, Phrase};

/// Separates the step's words from the problem's own caption ("step 12: ... · solutions found: 1").
pub(crate) const JOIN: &str = " \u{b7} ";

/// The most lines a step's caption wraps to before a word of it is left out: two keep a narrow
/// figure's caption whole ("tour complete" under a 6 x 6 tour) without a band taller than a
/// square or two.
pub(crate) const STEP_CAPTION_LINES: usize = 2;

/// The step number the band is sized for when the run's length is not counted: four digits, as
/// many as the searches drawn step by step reach (8 queens: 1,964 steps).
const WIDEST_STEP: u64 = 9999;

/// Wraps a problem's adapter so that every state is captioned with its step: "start", then
/// "step 37: queen removed from c5" (the words from [`Adapter::describe`] of the event, said of the
/// state before it), with the step count ("step 37/220") when a total is given, and with the problem's
/// own caption when it has one ("step 12: ... · solutions found: 1") and the step's words do not
/// already say it ("step 13: Solution 1 of 92", not "... · Solution 1 of 92" again). The longest of
/// these texts that fits the caption band is used, so that every frame of an animation keeps the
/// band its first frame set. The band is sized before the first picture for the widest caption the
/// run can show ([`Adapter::widest_step_words`], [`Adapter::widest_own_captions`]): one line, or
/// two where that caption needs them, so captions wrap before a word is left out. A caption that
/// still lost words (a figure too narrow even for two lines) is kept for the caller to say
/// ([`Adapter::words_dropped`]).
///
/// Every event is a step here: an event that changes nothing on the board still changes the caption.
#[derive(Clone)]
pub struct StepCaptions<A> {
    inner: A,
    step: u64,
    total: Option<u64>,
    /// The caption the problem itself last set (kept apart from the step's text).
    own: Option<String>,
    fit: CaptionFit,
    lang: Lang,
    /// The caption is a counter ([`Style::caption_box`]): it shows the problem's own caption
    /// alone, as the Turbo C screen shows only its counter.
    counter: bool,
    /// The reader chose the caption ([`Adapter::caption_chosen`]: a text of their own on every
    /// step, or none): it is left as chosen, no step words added.
    chosen: bool,
    /// What the last event did, in the problem's words, for the picture's description.
    what: Option<String>,
    /// The first caption of the run that lost words to the band's width, in full.
    dropped: Option<String>,
    /// The current caption in full, when it lost words.
    dropped_now: Option<String>,
}

/// What decides whether a caption fits: the font, its size and the width of the figure.
#[derive(Clone)]
pub(crate) struct CaptionFit {
    font: Font,
    cell: u32,
    margin: u32,
    text_px: Option<f32>,
    /// The figure's width, known once the first scene gives the board's size; `None` without a
    /// caption band.
    width: Option<u32>,
    /// The lines the band holds: one, or as many as a long caption of the problem's own needs.
    lines: usize,
}

impl<A: Adapter> StepCaptions<A> {
    /// Captions `inner`'s states as drawn with `style`; `total` (the number of events) adds the step
    /// count to each caption.
    pub fn new(mut inner: A, style: &Style, total: Option<u64>) -> StepCaptions<A> {
        inner.set_lang(style.lang);
        let chosen = inner.caption_chosen();
        StepCaptions {
            inner,
            step: 0,
            total,
            own: None,
            fit: CaptionFit::new(style),
            lang: style.lang,
            counter: style.caption_box,
            chosen,
            what: None,
            dropped: None,
            dropped_now: None,
        }
    }

    /// The current step's caption as it would have read, when the band could not hold it whole
    /// (the caption of a still of this step lost words). `None`: it is shown whole.
    pub fn caption_words_dropped(&self) -> Option<&str> {
        self.dropped_now.as_deref()
    }

    /// The widest caption the run can show: the widest step number, step words and own caption.
    fn widest_caption(&self) -> String {
        let say = |p: Phrase, args: &[&dyn std::fmt::Display]| self.lang.say(p, args);
        let head = match self.total {
            Some(t) => say(Phrase::StepOf, &[&t, &t]),
            None => say(Phrase::Step, &[&WIDEST_STEP]),
        };
        let said = match self.fit.widest(self.inner.widest_step_words()) {
            Some(what) => say(Phrase::StepSays, &[&head, &what]),
            None => head,
        };
        match self.fit.widest(self.inner.widest_own_captions()) {
            Some(own) => format!("{said}{JOIN}{own}"),
            None => said,
        }
    }

    /// The number of events applied since the first scene.
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The wrapped adapter.
    pub fn inner(&self) -> &A {
        &self.inner
    }

    fn caption(&mut self, what: Option<&str>) -> String {
        let say = |p: Phrase, args: &[&dyn std::fmt::Display]| self.lang.say(p, args);
        let start = say(Phrase::Start, &[]);
        let head = match (self.step, self.total) {
            (0, None) => start.clone(),
            (s, None) => say(Phrase::Step, &[&s]),
            (s, Some(t)) => say(Phrase::StepOf, &[&s, &t]),
        };
        let what = what.or((self.step == 0 && self.total.is_some()).then_some(start.as_str()));
        // A caption says each fact once: the problem's own caption is left out where the step's
        // words already are it (a solution: "step 13: Solution 1 of 92").
        let own = self
            .own
            .as_deref()
            .filter(|o| what.is_none_or(|w| !w.eq_ignore_ascii_case(o)));
        let mut candidates = Vec::with_capacity(4);
        if let (Some(w), Some(o)) = (what, own) {
            let said = say(Phrase::StepSays, &[&head, &w]);
            candidates.push(format!("{said}{JOIN}{o}"));
        }
        if let Some(w) = what {
            candidates.push(say(Phrase::StepSays, &[&head, &w]));
        }
        if let Some(o) = own {
            candidates.push(format!("{head}{JOIN}{o}"));
        }
        candidates.push(head);
        let whole = candidates[0].clone();
        let chosen = self.fit.choose(candidates);
        self.dropped_now = (chosen != whole).then_some(whole);
        if self.dropped.is_none() {
            self.dropped.clone_from(&self.dropped_now);
        }
        chosen
    }
}

impl CaptionFit {
    /// The fit of figures drawn with `style`; the band is measured by [`CaptionFit::measure`].
    pub(crate) fn new(style: &Style) -> CaptionFit {
        CaptionFit {
            font: style.font.clone(),
            cell: style.cell,
            margin: style.margin_px(),
            text_px: style.text_px(),
            width: None,
            lines: 1,
        }
    }

    /// Makes the band hold as many lines as `text` needs (at least one): a caption of the
    /// problem's own (a figure title given by the reader) then shows in full on every step.
    pub(crate) fn hold_lines_for(&mut self, text: &str) {
        let px = caption_px(&self.font, self.margin, self.text_px);
        self.lines = self
            .width
            .and_then(|width| fit(&self.font, text, px, width).ok())
            .map_or(1, |set| set.lines.len().max(1));
    }

    /// The lines the band holds.
    pub(crate) fn lines(&self) -> usize {
        self.lines
    }

    /// Makes the band hold `lines` lines (at least one).
    pub(crate) fn set_lines(&mut self, lines: usize) {
        self.lines = lines.max(1);
    }

    /// Makes the band hold the lines the narrowest fit of `widest` needs (the widest caption of a
    /// run), up to [`STEP_CAPTION_LINES`]; never fewer than it holds. A word wider than the figure
    /// takes the most lines: the rest of its caption then keeps its words.
    pub(crate) fn reserve_for(&mut self, widest: &str) {
        let Some(width) = self.width else {
            return;
        };
        let px = caption_px(&self.font, self.margin, self.text_px);
        let needs =
            fit(&self.font, widest, px, width).map_or(STEP_CAPTION_LINES, |set| set.lines.len());
        self.lines = self.lines.max(needs.min(STEP_CAPTION_LINES));
    }

    /// The widest of `texts` at the caption's size.
    pub(crate) fn widest(&self, texts: Vec<String>) -> Option<String> {
        let px = caption_px(&self.font, self.margin, self.text_px);
        texts
            .into_iter()
            .map(|t| (self.font.measure(&t, px).0, t))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, t)| t)
    }

    /// Measures the caption band of `scene`'s board.
    pub(crate) fn measure(&mut self, scene: &Scene) {
        let band = |s: &Scene| {
            Layout::new(s.rows(), s.cols(), self.cell, self.margin, true)
                .ok()
                .map(|l| l.caption_rect())
                .filter(|band| !band.is_empty())
                .map(|band| band.width)
        };
        self.width = match scene.pair() {
            // Two boards side by side: the band runs under both and the space between them.
            Some((left, right)) => band(left)
                .zip(band(right))
                .map(|(l, r)| l + crate::display::layout::pair_gap(self.cell, self.margin) + r),
            None => band(scene),
        };
    }

    /// The first of `candidates` (longest first) that fits one line after `prefix` (room kept for a
    /// step caption written before it), else the last.
    pub(crate) fn choose_after(&self, prefix: &str, candidates: Vec<String>) -> String {
        let mut prefixed: Vec<String> = candidates.iter().map(|c| format!("{prefix}{c}")).collect();
        let chosen = self.choose(std::mem::take(&mut prefixed));
        let chosen = chosen.strip_prefix(prefix).unwrap_or(&chosen);
        candidates
            .into_iter()
            .find(|c| c == chosen)
            .unwrap_or_default()
    }

    /// The first of `candidates` (longest first) that fits the band's lines, else the last.
    pub(crate) fn choose(&self, mut candidates: Vec<String>) -> String {
        let shortest = candidates.pop().unwrap_or_default();
        let Some(width) = self.width else {
            return shortest;
        };
        let px = caption_px(&self.font, self.margin, self.text_px);
        let fits = |text: &str| {
            if self.lines == 1 {
                fits_one_line(&self.font, text, px, width)
            } else {
                fit(&self.font, text, px, width).is_ok_and(|set| set.lines.len() <= self.lines)
            }
        };
        candidates.into_iter().find(|c| fits(c)).unwrap_or(shortest)
    }
}

impl<A: Adapter> Adapter for StepCaptions<A> {
    type Event = A::Event;

    fn first_scene(&mut self) -> Scene {
        let mut scene = self.inner.first_scene();
        self.step = 0;
        self.what = None;
        self.dropped = None;
        self.dropped_now = None;
        if self.counter || self.chosen {
            return scene;
        }
        self.own = scene.caption().map(str::to_string);
        self.fit.measure(&scene);
        if let Some(own) = &self.own {
            let start = self.lang.say(Phrase::Start, &[]);
            self.fit.hold_lines_for(&format!("{start}{JOIN}{own}"));
        }
        self.fit.reserve_for(&self.widest_caption());
        self.inner.hold_caption_lines(self.fit.lines);
        scene.set_caption(Some(self.caption(None)));
        // Every caption is chosen to fit the band's lines: a step's still and its picture in any
        // sequence then have one size, whatever the step says.
        scene.keep_caption_lines(self.fit.lines);
        scene
    }

    fn apply(&mut self, scene: &mut Scene, event: &A::Event) -> Beat {
        self.what = self.inner.describe(event);
        if self.counter || self.chosen {
            self.step += 1;
            return match self.inner.apply(scene, event) {
                Beat::Unseen => Beat::Step,
                seen => seen,
            };
        }
        let what = self.what.clone();
        // The problem sees its own caption, as if no step caption had been written over it.
        scene.set_caption(self.own.take());
        let beat = self.inner.apply(scene, event);
        self.own = scene.caption().map(str::to_string);
        self.step += 1;
        scene.set_caption(Some(self.caption(what.as_deref())));
        match beat {
            Beat::Unseen => Beat::Step,
            seen => seen,
        }
    }

    fn hints(&self) -> RenderHints {
        let inner = self.inner.hints();
        RenderHints {
            // A caption chosen keeps the band it asks for (none when removed).
            caption: inner.caption || !self.chosen,
            ..inner
        }
    }

    fn caption_chosen(&self) -> bool {
        self.chosen
    }

    /// The first caption since the first scene that the band could not hold whole (the figure
    /// too narrow even for two lines).
    fn words_dropped(&self) -> Option<String> {
        self.dropped.clone()
    }

    fn describe(&self, event: &A::Event) -> Option<String> {
        self.inner.describe(event)
    }

    /// The step and what it did first ("step 40: queen placed on f4"; "start"), then the
    /// problem's description of the state (the scene's own words when it has none).
    fn description(&self, scene: &Scene) -> Option<Description> {
        let lang = self.lang;
        let head = match self.step {
            0 => lang.say(Phrase::Start, &[]),
            s => lang.say(Phrase::Step, &[&s]),
        };
        let head = match &self.what {
            Some(what) if self.step > 0 => lang.say(Phrase::StepSays, &[&head, what]),
            _ => head,
        };
        let state = self
            .inner
            .description(scene)
            .unwrap_or_else(|| describe_board(scene, lang));
        Some(state.after(head))
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        self.inner.set_lang(lang);
    }

    fn name_squares(&mut self, axes: Axes) {
        self.inner.name_squares(axes);
    }
}
