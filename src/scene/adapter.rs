//! What a problem tells the drawing machinery, once: its first scene, how one event of its trace
//! changes the scene, and how the renderer must be prepared for it.
//!
//! Stills ([`crate::compose::figure`]), stills after the first N events, animations ([`crate::compose::animate`]) and
//! contact sheets are written once, generic over an [`Adapter`]; the three problems each implement it
//! once ([`TrominoAdapter`](crate::problem::tromino::TrominoAdapter),
//! [`QueensAdapter`](crate::problem::queens::QueensAdapter),
//! [`KnightAdapter`](crate::problem::knight::KnightAdapter)).

use crate::error::Result;
use crate::scene::{Axes, Description, Scene};
use crate::text::Lang;

/// How one event shows in an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Beat {
    /// Nothing on the board changed: no frame.
    Unseen,
    /// An ordinary step, shown for the step delay; thinning (`every`) may skip its frame.
    Step,
    /// Something was completed (a solution): shown for the hold time and never skipped.
    Milestone,
    /// An ordinary step shown for this many milliseconds instead of the step delay (a knight's
    /// retreat, held longer so the eye catches the step back); thinning may skip it.
    Held(u32),
}

/// What the renderer must know before the first picture, so that its palette and font size serve
/// every state of the scene.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderHints {
    /// How many tile colours the scene uses.
    pub tile_colors: usize,
    /// The widest number a cell will show (one font size serves all numbers).
    pub max_label: u32,
    /// Whether a caption band is reserved below the board.
    pub caption: bool,
}

/// One problem as the drawing machinery sees it.
pub trait Adapter {
    /// One event of the problem's trace.
    type Event;

    /// Starts over: the board before the first event (and any bookkeeping reset).
    fn first_scene(&mut self) -> Scene;

    /// Changes `scene` as `event` says. The scene records which cells changed, so an animation
    /// repaints only those; the returned [`Beat`] says how the change is shown.
    fn apply(&mut self, scene: &mut Scene, event: &Self::Event) -> Beat;

    /// How the renderer is prepared for this problem's scenes.
    fn hints(&self) -> RenderHints;

    /// What `event` did, in a few words for a caption ("queen removed from c5"), said of the state
    /// before it is applied. `None`: the problem does not describe its events.
    fn describe(&self, event: &Self::Event) -> Option<String> {
        let _ = event;
        None
    }

    /// The widest wordings [`Adapter::describe`] may give over a run, each with its widest values
    /// ("queen removed from h8"): the caption band is sized from them before the first picture, so
    /// that it holds the longest caption any step shows. Empty: the problem describes no events.
    fn widest_step_words(&self) -> Vec<String> {
        Vec::new()
    }

    /// The widest captions of the problem's own it may set over a run ("solutions found: 92"),
    /// for the same sizing. Empty: it sets none.
    fn widest_own_captions(&self) -> Vec<String> {
        Vec::new()
    }

    /// The first caption since the first scene that lost words to the figure's width, as it would
    /// have read ([`crate::StepCaptions`] keeps it); `None` for problems that never leave words
    /// out.
    fn words_dropped(&self) -> Option<String> {
        None
    }

    /// The caption band holds `lines` lines: a problem that chooses among wordings of its own
    /// caption may use them all. Problems that do not choose ignore it.
    fn hold_caption_lines(&mut self, lines: usize) {
        let _ = lines;
    }

    /// The picture of `scene` (this adapter's first scene with the events applied so far) in words,
    /// from the problem's state, in the adapter's language: what a reader who cannot see the
    /// figure needs (the queens' squares, the knight's last square and move number, the tiles
    /// placed). `None`: the scene is described from what it holds
    /// ([`describe_board`](crate::board::describe_board)).
    fn description(&self, scene: &Scene) -> Option<Description> {
        let _ = scene;
        None
    }

    /// Writes the problem's own captions and [`Adapter::describe`] in `lang` from now on (English
    /// until told otherwise). Problems without words of their own ignore it.
    fn set_lang(&mut self, lang: Lang) {
        let _ = lang;
    }

    /// Names squares in [`Adapter::describe`] as the margin labels them (`Axes::Chess`: "h5";
    /// otherwise ROW,COL), so a step's caption and the figure agree. Problems that name no squares
    /// ignore it.
    fn name_squares(&mut self, axes: Axes) {
        let _ = axes;
    }

    /// Whether the caption was chosen by the reader (a text given in its place, or removed): a
    /// wrapper that captions every step ([`crate::StepCaptions`]) then leaves it as chosen.
    fn caption_chosen(&self) -> bool {
        false
    }
}

/// The first scene with `events` applied in order; `steps` stops after that many events (`None`: all
/// of them). Returns the scene and the number of events applied.
pub fn scene_after<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    steps: Option<u64>,
) -> Result<(Scene, u64)> {
    let mut scene = adapter.first_scene();
    let mut applied = 0u64;
    for event in events {
        if steps.is_some_and(|n| applied >= n) {
            break;
        }
        adapter.apply(&mut scene, &event?);
        applied += 1;
    }
    scene.set_description(adapter.description(&scene));
    Ok((scene, applied))
}
