//! Panels: what the program was doing at a step, shown beside the board. A [`Panel`] is titled
//! blocks of text lines (the pseudo-code with its current line highlighted, the call stack, the
//! counters) and, for a recursion, a small call tree. It is part of the [`Scene`], so every backend
//! draws it and every picture of a step carries it; the problem's own code fills it from the events
//! so far ([`PanelSource`]), and [`Paneled`] wraps any adapter with one.

use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Axes, Scene};
use crate::text::Lang;

/// Which panels to show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PanelKinds {
    /// The algorithm as pseudo-code, the line that made the step highlighted.
    pub code: bool,
    /// The call chain or the explicit stack, and the search's arrays.
    pub stack: bool,
    /// The counters the events so far imply.
    pub counts: bool,
    /// The recursion's call tree (the tiling only).
    pub tree: bool,
}

impl PanelKinds {
    /// True when no panel is asked for.
    pub fn is_empty(&self) -> bool {
        !(self.code || self.stack || self.counts || self.tree)
    }
}

/// One line of a block.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PanelLine {
    /// What it says.
    pub text: String,
    /// Drawn on a highlight (the current line of the code).
    pub highlight: bool,
}

impl PanelLine {
    /// A plain line.
    pub fn plain(text: impl Into<String>) -> PanelLine {
        PanelLine {
            text: text.into(),
            highlight: false,
        }
    }
}

/// How far a node of a call tree has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeState {
    /// Not called yet.
    Pending,
    /// Called, its sub-calls not all finished.
    Open,
    /// The call running now.
    Current,
    /// Finished, with every call below it.
    Done,
}

/// One node of a call tree, in breadth-first order (the root first, each level left to right).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TreeNode {
    /// The number written in it (a tromino call's tile), `None` before it is known.
    pub label: Option<u32>,
    /// Its state.
    pub state: NodeState,
}

/// A complete tree of `arity` children per node, level by level: the nodes of its first levels,
/// and a line for every level of it saying what that level holds so far. The layout draws the
/// levels whose nodes fit side by side and sums up the others by their lines.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PanelTree {
    /// Children per node.
    pub arity: u32,
    /// Levels given node by node (the root is level 0).
    pub levels: u32,
    /// The largest number a node may show, for the nodes' size.
    pub max_label: u32,
    /// The nodes of the levels given, breadth first: `(arity^levels - 1) / (arity - 1)` of them.
    pub nodes: Vec<TreeNode>,
    /// One line per level of the whole tree, the root's first ("level 5: 120 of 256 calls done"),
    /// as many at every step: shown for the levels too wide to draw.
    pub summary: Vec<String>,
}

/// A titled block of the panel.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PanelBlock {
    /// Its title ("code", "stack").
    pub title: String,
    /// Its lines, first to last.
    pub lines: Vec<PanelLine>,
    /// The lines it keeps room for at every step (a stack grows and shrinks; the figure does not).
    pub rows: usize,
    /// The widest lines it may have at any step (every line of a fixed text), for the panel's
    /// width: a picture of any step has the size of the first.
    pub widest: Vec<String>,
    /// A call tree drawn under its lines.
    pub tree: Option<PanelTree>,
}

/// What the panel shows at one step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Panel {
    /// The blocks, in the order they are laid out.
    pub blocks: Vec<PanelBlock>,
    /// Below the board rather than beside it (a portrait page).
    pub below: bool,
}

impl Panel {
    /// Every text of the panel (titles, lines, summaries), for the font's check.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.blocks.iter().flat_map(|b| {
            std::iter::once(b.title.as_str())
                .chain(b.lines.iter().map(|l| l.text.as_str()))
                .chain(b.widest.iter().map(String::as_str))
                .chain(
                    b.tree
                        .iter()
                        .flat_map(|t| t.summary.iter().map(String::as_str)),
                )
        })
    }
}

/// A problem's panel, kept up to date from its events.
pub trait PanelSource {
    /// The events it follows.
    type Event;

    /// Starts over (before the first event).
    fn reset(&mut self);

    /// Follows one event.
    fn observe(&mut self, event: &Self::Event);

    /// The panel as the events so far leave it.
    fn panel(&self) -> Panel;

    /// Words of the panel in `lang` from now on.
    fn set_lang(&mut self, lang: Lang);

    /// The counters as text, for a trace line ("placements 3, removals 1, solutions 0").
    fn counts_text(&self) -> String;

    /// The stack as text, for a trace line.
    fn stack_text(&self) -> String;
}

/// An event as a panel source sees it: the adapter's event itself, or one that carries it with
/// more (a knight's move with the candidates it was chosen among).
pub trait Carries<E> {
    /// The adapter's event.
    fn carried(&self) -> &E;
}

impl<E> Carries<E> for E {
    fn carried(&self) -> &E {
        self
    }
}

/// An adapter whose scenes carry a panel: its first scene and every event's leave the panel as
/// `source` says, so every picture drawn from it (a still of a step, a frame, a page) shows it.
#[derive(Clone, Debug)]
pub struct Paneled<A, S> {
    inner: A,
    source: Option<S>,
    below: bool,
}

impl<A, S> Paneled<A, S> {
    /// `inner` with the panel of `source` (`None`: no panel, `inner` as it is).
    pub fn new(inner: A, source: Option<S>) -> Paneled<A, S> {
        Paneled {
            inner,
            source,
            below: false,
        }
    }

    /// Puts the panel below the board rather than beside it (a portrait page).
    pub fn below(mut self, below: bool) -> Paneled<A, S> {
        self.below = below;
        self
    }

    fn panel(&self, source: &S) -> Panel
    where
        S: PanelSource,
    {
        Panel {
            below: self.below,
            ..source.panel()
        }
    }

    /// The adapter wrapped.
    pub fn inner(&self) -> &A {
        &self.inner
    }

    /// The panel's source, if any.
    pub fn source(&self) -> Option<&S> {
        self.source.as_ref()
    }
}

impl<A, S> Adapter for Paneled<A, S>
where
    A: Adapter,
    S: PanelSource,
    S::Event: Carries<A::Event>,
{
    type Event = S::Event;

    fn first_scene(&mut self) -> Scene {
        let mut scene = self.inner.first_scene();
        if let Some(source) = self.source.as_mut() {
            source.reset();
        }
        if let Some(source) = self.source.as_ref() {
            scene.set_panel(Some(self.panel(source)));
        }
        scene
    }

    fn apply(&mut self, scene: &mut Scene, event: &Self::Event) -> Beat {
        let beat = self.inner.apply(scene, event.carried());
        if let Some(source) = self.source.as_mut() {
            source.observe(event);
        }
        match self.source.as_ref() {
            Some(source) => {
                scene.set_panel(Some(self.panel(source)));
                // The board may not have changed, the panel did: the step is seen.
                if beat == Beat::Unseen {
                    Beat::Step
                } else {
                    beat
                }
            }
            None => beat,
        }
    }

    fn hints(&self) -> RenderHints {
        self.inner.hints()
    }

    fn describe(&self, event: &Self::Event) -> Option<String> {
        self.inner.describe(event.carried())
    }

    fn widest_step_words(&self) -> Vec<String> {
        self.inner.widest_step_words()
    }

    fn widest_own_captions(&self) -> Vec<String> {
        self.inner.widest_own_captions()
    }

    fn hold_caption_lines(&mut self, lines: usize) {
        self.inner.hold_caption_lines(lines);
    }

    /// The problem's words, then what the panel shows (the code line at work, the counters).
    fn description(&self, scene: &Scene) -> Option<crate::scene::Description> {
        let mut about = self.inner.description(scene)?;
        if let Some(panel) = scene.panel() {
            let words = crate::scene::describe::describe_panel(panel, about.lang);
            if !words.is_empty() {
                about.detail =
                    crate::scene::describe::join_parts(about.lang, &[about.detail, words]);
            }
        }
        Some(about)
    }

    fn set_lang(&mut self, lang: Lang) {
        self.inner.set_lang(lang);
        if let Some(source) = self.source.as_mut() {
            source.set_lang(lang);
        }
    }

    fn name_squares(&mut self, axes: Axes) {
        self.inner.name_squares(axes);
    }

    fn caption_chosen(&self) -> bool {
        self.inner.caption_chosen()
    }
}
