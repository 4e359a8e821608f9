//! The knight's search told as it goes: the caption of the finished tour ("tour complete: 25
//! squares, 16 retreats") on every animation, and with `--explain` the choice about to be made on
//! every state: the free squares the knight can reach with their onward-move counts as badges
//! ([`Badge`]), the one the search takes filled, and a caption that says why.
//!
//! The picture of a state shows the *next* decision, made from the square the knight stands on:
//! every badge is then on a free square, where it is legible, and the next picture shows the knight
//! on the filled one. So the picture of step `k` shows the candidates that line `k + 1` of the
//! explained trace lists ([`knight_explained_line`](crate::text::knight_explained_line)).
//!
//! Captions are fitted to the caption band: the longest of a few wordings that the band shows at
//! its full size is used ("next: 3 candidates; 5,2 has the fewest onward moves (2)", then without
//! "next:", then "next 5,2: fewest onward moves (2)", then "next 5,2").

use super::step_captions::{CaptionFit, JOIN};
use crate::compose::style::Style;
use crate::problem::knight::{KnightAdapter, KnightStep};
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Axes, Badge, Scene};
use crate::solve::knight::{ChoiceRule, KnightChoice, KnightEvent};
use crate::text::{
    knight_choice_caption, knight_weight, tie_rule, tied_with_chosen, Lang, Phrase, SquareNames,
};

/// The widest step caption written before an explained story's caption in a still of one step.
const STEP_ROOM: &str = "step 000/000 \u{b7} ";

/// The widest step number written before a plain story's caption (with the move's words).
const WIDEST_STEP: u64 = 999;

/// Draws the knight's search with its story: [`KnightAdapter`] (give it
/// [`KnightAdapter::narrated`] for held retreats), the finished tour's caption, and, when
/// explaining, each next choice.
#[derive(Clone)]
pub struct KnightExplainAdapter {
    inner: KnightAdapter,
    explain: bool,
    fit: CaptionFit,
    /// Room kept for the step caption written before the story's ("step 12: knight to 1,2 · ").
    room: String,
}

impl KnightExplainAdapter {
    /// Explains every choice of the states `inner` draws with `style`.
    pub fn new(inner: KnightAdapter, style: &Style) -> KnightExplainAdapter {
        KnightExplainAdapter {
            inner,
            explain: true,
            fit: CaptionFit::new(style),
            room: String::new(),
        }
    }

    /// Only the caption of the finished tour, no badges (a plain animation).
    pub fn plain(inner: KnightAdapter, style: &Style) -> KnightExplainAdapter {
        KnightExplainAdapter {
            explain: false,
            ..KnightExplainAdapter::new(inner, style)
        }
    }

    /// The adapter explained.
    pub fn inner(&self) -> &KnightAdapter {
        &self.inner
    }

    /// The wordings of the caption after a step, longest first, in the inner adapter's language
    /// with squares named as its step words name them.
    fn captions(&self, scene: &Scene, step: &KnightStep) -> Vec<String> {
        let lang = self.inner.lang();
        if self.inner.is_complete(scene) {
            let squares = u64::from(scene.rows()) * u64::from(scene.cols());
            let retreats = match self.inner.retreats() {
                1 => lang.say(Phrase::OneRetreat, &[]),
                r => lang.say(Phrase::Retreats, &[&r]),
            };
            return vec![
                tour_complete(lang, squares, &retreats),
                lang.say(Phrase::TourCompleteShort, &[&retreats]),
                lang.say(Phrase::TourCompleteBare, &[]),
            ];
        }
        if !self.explain {
            return Vec::new();
        }
        match (step.next, step.next.and_then(|n| n.choice)) {
            (_, Some(choice)) => choice_captions(&choice, lang, self.inner.square_names()),
            (Some(next), None) if matches!(next.event, KnightEvent::Retreat { .. }) => vec![
                lang.say(Phrase::StepBack, &[]),
                lang.say(Phrase::StepBackShort, &[]),
            ],
            _ => Vec::new(),
        }
    }
}

/// "tour complete: 36 squares, 2 retreats".
fn tour_complete(lang: Lang, squares: u64, retreats: &str) -> String {
    lang.say(Phrase::TourComplete, &[&squares, &retreats])
}

/// The wordings of a choice's caption, longest first.
fn choice_captions(choice: &KnightChoice, lang: Lang, names: SquareNames) -> Vec<String> {
    let chosen = choice.chosen();
    let sq = names.name(chosen.square);
    let why = match (choice.rule(), choice.chosen_index()) {
        (ChoiceRule::Warnsdorff(ties), 0) => {
            let weight = knight_weight(&chosen, lang);
            if tied_with_chosen(choice).is_empty() {
                lang.say(Phrase::FewestShort, &[&weight])
            } else {
                let rule = lang.say(tie_rule(ties).1, &[]);
                lang.say(Phrase::TiedShort, &[&weight, &rule])
            }
        }
        (ChoiceRule::MoveOrder, 0) => lang.say(Phrase::FirstShort, &[]),
        (_, k) => lang.say(Phrase::LaterShort, &[&(k + 1)]),
    };
    let full = knight_choice_caption(choice, lang, names);
    let mut captions = vec![
        lang.say(Phrase::Next, &[&full]),
        full,
        lang.say(Phrase::NextBecause, &[&sq, &why]),
    ];
    if !tied_with_chosen(choice).is_empty() {
        // Narrow boards: still say that the square was one of a tie.
        let tied = lang.say(Phrase::TiedShorter, &[&knight_weight(&chosen, lang)]);
        captions.push(lang.say(Phrase::NextBecause, &[&sq, &tied]));
    }
    captions.push(lang.say(Phrase::NextSquare, &[&sq]));
    captions
}

impl Adapter for KnightExplainAdapter {
    type Event = KnightStep;

    fn first_scene(&mut self) -> Scene {
        let scene = self.inner.first_scene();
        self.fit.measure(&scene);
        let lang = self.inner.lang();
        self.room = match self.fit.widest(self.widest_step_words()) {
            Some(what) => {
                let head = lang.say(Phrase::StepOf, &[&WIDEST_STEP, &WIDEST_STEP]);
                format!("{}{JOIN}", lang.say(Phrase::StepSays, &[&head, &what]))
            }
            None => STEP_ROOM.to_string(),
        };
        scene
    }

    fn apply(&mut self, scene: &mut Scene, step: &KnightStep) -> Beat {
        let beat = self.inner.apply(scene, &step.event);
        if self.explain {
            let choice = step.next.and_then(|next| next.choice);
            scene.set_badges(choice.map_or_else(Vec::new, |choice| badges(&choice)));
        }
        let captions = self.captions(scene, step);
        // Room for the step caption a still of this step writes before it ("step 12 · ...").
        let caption = (!captions.is_empty()).then(|| self.fit.choose_after(&self.room, captions));
        scene.set_caption(caption);
        beat
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            caption: true,
            ..self.inner.hints()
        }
    }

    /// The event's words ("knight to 1,2") in a plain story; none when explaining, so a step's
    /// caption keeps room for the reason ("step 12 · next 5,2: fewest onward moves (2)") while the
    /// picture shows where the knight went.
    fn describe(&self, step: &KnightStep) -> Option<String> {
        if self.explain {
            return None;
        }
        self.inner.describe(&step.event)
    }

    fn description(&self, scene: &Scene) -> Option<crate::scene::Description> {
        self.inner.description(scene)
    }

    fn widest_step_words(&self) -> Vec<String> {
        if self.explain {
            return Vec::new();
        }
        self.inner.widest_step_words()
    }

    /// The finished tour's caption (the search's reasons are wordings chosen to fit any band).
    fn widest_own_captions(&self) -> Vec<String> {
        let lang = self.inner.lang();
        let squares = u64::from(self.inner.rows()) * u64::from(self.inner.cols());
        vec![tour_complete(
            lang,
            squares,
            &lang.say(Phrase::Retreats, &[&0]),
        )]
    }

    fn hold_caption_lines(&mut self, lines: usize) {
        self.fit.set_lines(lines);
    }

    fn set_lang(&mut self, lang: Lang) {
        self.inner.set_lang(lang);
    }

    fn name_squares(&mut self, axes: Axes) {
        self.inner.name_squares(axes);
    }
}

/// A badge on every candidate with its onward moves (the count the trace line prints), the chosen
/// one filled.
fn badges(choice: &KnightChoice) -> Vec<Badge> {
    let chosen = choice.chosen_index();
    (choice.candidates().iter().enumerate())
        .map(|(i, c)| Badge {
            square: c.square,
            value: c.onward,
            chosen: i == chosen,
        })
        .collect()
}
