//! Two searches of one problem compared step by step, drawn side by side ([`SideBySide`]).
//!
//! Step `i` of a comparison shows each search after `min(i, its length)` of its events: the two
//! advance together, and the one that ends first stays as it ended while the other goes on. The
//! comparison ends when both have ended. Its events ([`PairStep`], from [`pair_steps`]) are made
//! from the two searches' own event streams as they are asked for, so a search of millions of steps
//! is never held in memory, and a stream cut short (a frame limit) costs only the steps it shows.
//!
//! Each board is titled with the name of its search and its counters (moves and retreats, say),
//! and whether it has finished or given up; the caption under both tells which ended at which step.

use crate::compose::step_captions::CaptionFit;
use crate::compose::style::Style;
use crate::error::{Error, Result};
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Axes, Cell, Fill, Scene};
use crate::text::{Lang, Phrase};

/// What an event does to a search's counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stride {
    /// A step forward (a knight's move, a queen placed).
    Forward,
    /// A step back (a retreat, a queen removed).
    Back,
    /// Neither.
    Other,
}

/// How one search of a comparison ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// Its stream ended: it found what it looked for.
    Finished,
    /// It ran out of its budget ([`Error::Budget`]).
    GaveUp,
    /// It proved there is nothing to find ([`Error::NoSolution`]).
    NoSolution,
}

impl Ending {
    fn phrase(self) -> Phrase {
        match self {
            Ending::Finished => Phrase::PairFinished,
            Ending::GaveUp => Phrase::PairGaveUp,
            Ending::NoSolution => Phrase::PairNoSolution,
        }
    }
}

/// One search's part of a step: its next event (none once it has ended), and how it ended if this
/// step is its last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideStep<E> {
    /// The event, `None` for a search that ended before its first event.
    pub event: Option<E>,
    /// `Some` when the search ends with this step.
    pub ends: Option<Ending>,
}

/// One step of a comparison: each search's next event, `None` for a search that ended before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairStep<E> {
    /// The left search's step.
    pub left: Option<SideStep<E>>,
    /// The right search's step.
    pub right: Option<SideStep<E>>,
}

/// One search's events with one of look-ahead, so that its last event knows it is the last.
struct SideEvents<I: Iterator> {
    events: std::iter::Peekable<I>,
    ended: bool,
}

/// A budget that ran out or a proof that nothing exists ends a search; other errors stop the run.
fn ending_of(err: &Error) -> Option<Ending> {
    match err {
        Error::Budget(_) => Some(Ending::GaveUp),
        Error::NoSolution(_) => Some(Ending::NoSolution),
        _ => None,
    }
}

impl<E, I: Iterator<Item = Result<E>>> SideEvents<I> {
    fn next(&mut self) -> Result<Option<SideStep<E>>> {
        if self.ended {
            return Ok(None);
        }
        let event = match self.events.next() {
            None => {
                // An empty stream: ended before its first event (found at once).
                self.ended = true;
                return Ok(Some(SideStep {
                    event: None,
                    ends: Some(Ending::Finished),
                }));
            }
            Some(Err(err)) => {
                self.ended = true;
                let ends = ending_of(&err).ok_or(err)?;
                return Ok(Some(SideStep {
                    event: None,
                    ends: Some(ends),
                }));
            }
            Some(Ok(event)) => event,
        };
        let ends = match self.events.peek() {
            None => Some(Ending::Finished),
            Some(Ok(_)) => None,
            Some(Err(err)) => ending_of(err),
        };
        if ends.is_some() {
            self.ended = true;
            // The error that ends it is told by `ends`; any other stops the run at the next step.
            if let Some(Err(_)) = self.events.peek() {
                self.events.next();
            }
        }
        Ok(Some(SideStep {
            event: Some(event),
            ends,
        }))
    }
}

/// The steps of two searches compared, made from their event streams as they are asked for; ends
/// when both have ended. A budget that runs out ([`Error::Budget`]) or a proof that nothing exists
/// ([`Error::NoSolution`]) ends that search ([`Ending`]); any other error is yielded and ends the
/// comparison.
pub fn pair_steps<E, L, R>(left: L, right: R) -> impl Iterator<Item = Result<PairStep<E>>>
where
    L: IntoIterator<Item = Result<E>>,
    R: IntoIterator<Item = Result<E>>,
{
    let mut left = SideEvents {
        events: left.into_iter().peekable(),
        ended: false,
    };
    let mut right = SideEvents {
        events: right.into_iter().peekable(),
        ended: false,
    };
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let step = (|| {
            let l = left.next()?;
            let r = right.next()?;
            Ok((l.is_some() || r.is_some()).then_some(PairStep { left: l, right: r }))
        })();
        match step {
            Ok(step) => step.map(Ok),
            Err(err) => {
                failed = true;
                Some(Err(err))
            }
        }
    })
}

/// The words of a search's counters, in the language of the captions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrideWords {
    /// "{0} moves".
    pub forward: Phrase,
    /// "1 move".
    pub one_forward: Phrase,
    /// "{0} retreats".
    pub back: Phrase,
    /// "1 retreat".
    pub one_back: Phrase,
}

impl StrideWords {
    /// A knight's: moves and retreats.
    pub const KNIGHT: StrideWords = StrideWords {
        forward: Phrase::PairMoves,
        one_forward: Phrase::PairOneMove,
        back: Phrase::Retreats,
        one_back: Phrase::OneRetreat,
    };
}

/// One search of a comparison and its counters so far.
#[derive(Clone)]
struct Side<A: Adapter> {
    adapter: A,
    name: String,
    forward: u64,
    back: u64,
    /// How it ended, and at which step.
    ended: Option<(Ending, u64)>,
}

/// Draws two searches of one problem side by side ([`Scene::side_by_side`]), each board titled
/// with its search's name and counters; its events are [`pair_steps`]'.
#[derive(Clone)]
pub struct SideBySide<A: Adapter> {
    sides: [Side<A>; 2],
    stride: fn(&A::Event) -> Stride,
    words: StrideWords,
    fit: CaptionFit,
    lang: Lang,
    step: u64,
    /// The step the comparison is cut at (a frame limit), if any.
    cut_at: Option<u64>,
}

impl<A: Adapter> SideBySide<A> {
    /// `left` and `right` (each drawing one search, named `names`), counted by `stride` in `words`,
    /// drawn with `style`.
    pub fn new(
        [left, right]: [A; 2],
        names: [String; 2],
        stride: fn(&A::Event) -> Stride,
        words: StrideWords,
        style: &Style,
    ) -> SideBySide<A> {
        let [ln, rn] = names;
        let side = |adapter, name| Side {
            adapter,
            name,
            forward: 0,
            back: 0,
            ended: None,
        };
        SideBySide {
            sides: [side(left, ln), side(right, rn)],
            stride,
            words,
            fit: CaptionFit::new(style),
            lang: style.lang,
            step: 0,
            cut_at: None,
        }
    }

    /// Says in the caption of step `step` that the comparison stops there, when a search has not
    /// ended by then (the events are cut at `step` to keep to a frame limit).
    pub fn cut_at(mut self, step: u64) -> Self {
        self.cut_at = Some(step);
        self
    }

    /// The moves and retreats (steps forward and back) each search has made so far.
    pub fn counts(&self) -> [(u64, u64); 2] {
        self.sides.each_ref().map(|s| (s.forward, s.back))
    }

    /// How each search ended, and at which step; `None` while it goes on.
    pub fn endings(&self) -> [Option<(Ending, u64)>; 2] {
        self.sides.each_ref().map(|s| s.ended)
    }

    fn say(&self, p: Phrase, args: &[&dyn std::fmt::Display]) -> String {
        self.lang.say(p, args)
    }

    fn count_words(&self, forward: u64, back: u64) -> String {
        let w = self.words;
        let f = match forward {
            1 => self.say(w.one_forward, &[]),
            n => self.say(w.forward, &[&n]),
        };
        let b = match back {
            1 => self.say(w.one_back, &[]),
            n => self.say(w.back, &[&n]),
        };
        self.say(Phrase::PairCounts, &[&f, &b])
    }

    /// A board's title, longest first: name, counters and ending; name and counters; counters.
    fn titles(&self, name: &str, forward: u64, back: u64, ended: Option<Ending>) -> Vec<String> {
        let counts = self.count_words(forward, back);
        let titled = self.say(Phrase::PairTitle, &[&name, &counts]);
        let mut titles = Vec::with_capacity(4);
        if let Some(e) = ended {
            let ending = self.say(e.phrase(), &[]);
            titles.push(format!("{titled} \u{b7} {ending}"));
        }
        titles.push(titled);
        titles.push(counts);
        titles
    }

    /// Fixes the title band of `scene` at the lines the longest title can need.
    fn hold_title_lines(&mut self, scene: &Scene) -> usize {
        self.fit.measure(scene);
        let widest = (self.sides.iter())
            .map(|s| {
                let many = 888_888_888;
                self.titles(&s.name, many, many, Some(Ending::GaveUp))[0].clone()
            })
            .max_by_key(|t| t.chars().count())
            .unwrap_or_default();
        self.fit.hold_lines_for(&widest);
        // The longest title's lines, at most three: a narrow board shortens its title instead.
        self.fit.lines().min(3)
    }

    fn title(&self, i: usize) -> String {
        let s = &self.sides[i];
        let candidates = self.titles(&s.name, s.forward, s.back, s.ended.map(|e| e.0));
        self.fit.choose(candidates)
    }

    /// The caption under both: which search ended at which step, and the cut.
    fn band(&self) -> Option<String> {
        let mut said: Vec<String> = (self.sides.iter())
            .filter_map(|s| {
                let (ending, step) = s.ended?;
                let how = self.say(ending.phrase(), &[]);
                Some(self.say(Phrase::PairEndedAt, &[&s.name, &how, &step]))
            })
            .collect();
        if self.cut_at == Some(self.step) {
            let going: Vec<&str> = (self.sides.iter())
                .filter(|s| s.ended.is_none())
                .map(|s| s.name.as_str())
                .collect();
            if !going.is_empty() {
                let join = self.say(Phrase::ListJoin, &[]);
                said.push(self.say(Phrase::PairCutOff, &[&going.join(&join)]));
            }
        }
        let join = self.say(Phrase::CountAndReason, &[&"", &""]);
        (!said.is_empty()).then(|| said.join(&join))
    }
}

impl<A: Adapter> Adapter for SideBySide<A> {
    type Event = PairStep<A::Event>;

    fn first_scene(&mut self) -> Scene {
        self.step = 0;
        let mut boards = Vec::with_capacity(2);
        for i in 0..2 {
            let side = &mut self.sides[i];
            side.forward = 0;
            side.back = 0;
            side.ended = None;
            let scene = side.adapter.first_scene();
            boards.push(scene);
        }
        let lines = self.hold_title_lines(&boards[0]);
        for (i, scene) in boards.iter_mut().enumerate() {
            scene.set_caption(Some(self.title(i)));
            scene.keep_caption_lines(lines);
        }
        let right = boards
            .pop()
            .unwrap_or_else(|| Scene::new(1, 1, Cell::plain(Fill::Blank)));
        let left = boards.pop().unwrap_or_else(|| right.clone());
        let mut pair = Scene::side_by_side(left, right);
        pair.set_caption(self.band());
        pair
    }

    fn apply(&mut self, scene: &mut Scene, step: &PairStep<A::Event>) -> Beat {
        self.step += 1;
        let mut held = None;
        let stride = self.stride;
        let at = self.step;
        let parts = [step.left.as_ref(), step.right.as_ref()];
        {
            let Some((left, right)) = scene.pair_mut() else {
                return Beat::Unseen;
            };
            for ((side, board), part) in self.sides.iter_mut().zip([left, right]).zip(parts) {
                let Some(part) = part else { continue };
                if let Some(event) = &part.event {
                    if let Beat::Held(ms) = side.adapter.apply(board, event) {
                        held = held.max(Some(ms));
                    }
                    match stride(event) {
                        Stride::Forward => side.forward += 1,
                        Stride::Back => side.back += 1,
                        Stride::Other => {}
                    }
                }
                if let Some(ending) = part.ends {
                    side.ended = Some((ending, at));
                }
            }
        }
        let titles = [self.title(0), self.title(1)];
        if let Some((left, right)) = scene.pair_mut() {
            let [l, r] = titles;
            left.set_caption(Some(l));
            right.set_caption(Some(r));
        }
        scene.set_caption(self.band());
        // Never a milestone: every step is kept alike, so a frame limit is a step limit.
        held.map_or(Beat::Step, Beat::Held)
    }

    fn hints(&self) -> RenderHints {
        let (a, b) = (self.sides[0].adapter.hints(), self.sides[1].adapter.hints());
        RenderHints {
            tile_colors: a.tile_colors.max(b.tile_colors),
            max_label: a.max_label.max(b.max_label),
            caption: true,
        }
    }

    /// One line per board: its title ("Warnsdorff's rule: 20 moves"), then its own description;
    /// the band under both first.
    fn description(&self, scene: &Scene) -> Option<crate::scene::Description> {
        use crate::scene::describe::describe_board;
        use crate::text::DescriptionPhrase as D;
        let (left, right) = scene.pair()?;
        let lines: Vec<String> = [left, right]
            .into_iter()
            .enumerate()
            .map(|(i, board)| {
                let about = self.sides[i]
                    .adapter
                    .description(board)
                    .unwrap_or_else(|| describe_board(board, self.lang));
                let title = self.title(i);
                let text = self
                    .lang
                    .describe(D::DescribeList, &[&title, &about.text()]);
                self.lang.describe(D::BoardNumber, &[&(i + 1), &text])
            })
            .collect();
        let short = self
            .band()
            .unwrap_or_else(|| self.lang.describe(D::SheetOf, &[&2]));
        Some(crate::scene::Description::new(
            self.lang,
            short,
            lines.join("\n"),
        ))
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        for side in &mut self.sides {
            side.adapter.set_lang(lang);
        }
    }

    fn name_squares(&mut self, axes: Axes) {
        for side in &mut self.sides {
            side.adapter.name_squares(axes);
        }
    }
}

/// The last step of a comparison whose animation keeps at most `max_frames` frames, one in
/// `every` (the opening picture when `opening`, the first and the last step always kept, no
/// milestones: [`SideBySide`] has none): the events are cut there, so the animation ends on a
/// step it shows and says so.
pub fn last_step_within(max_frames: u64, every: u32, opening: bool) -> u64 {
    let every = u64::from(every.max(1));
    // Frames kept by a stream of `s` steps: the opening picture (or step 1 in its place), the
    // multiples of `every` and the last step.
    let kept = |s: u64| -> u64 {
        if s == 0 {
            return 1;
        }
        let last = u64::from(!s.is_multiple_of(every));
        if opening {
            1 + s / every + last
        } else {
            let later = s / every - u64::from(every == 1);
            1 + later + u64::from(s > 1 && !s.is_multiple_of(every))
        }
    };
    let (mut lo, mut hi) = (0u64, max_frames.saturating_mul(every).saturating_add(every));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if kept(mid) <= max_frames {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

#[cfg(test)]
#[path = "pair_tests.rs"]
mod tests;
