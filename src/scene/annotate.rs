//! What a reader adds to any figure: marks and arrows on squares, the caption replaced or removed,
//! and the margin's coordinate labels chosen.
//!
//! [`Annotations`] are applied to a finished [`Scene`] ([`Annotations::apply`]), or wrap a problem's
//! [`Adapter`] as [`Annotated`], so that every figure made from the adapter (the still after any
//! number of events, every frame of an animation) carries them without the problem knowing.

use crate::error::{Error, InvalidKind, Result};
use crate::geom::Square;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Arrow, Axes, Mark, Scene};
use crate::text::Lang;

/// What becomes of the caption below the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaptionChoice {
    /// The caption the problem draws (or none, where it draws none).
    #[default]
    AsDrawn,
    /// This text instead, on every figure; a figure without a caption band gets one.
    Text(String),
    /// No caption and no caption band.
    Removed,
}

/// Marks, arrows, a caption choice and a choice of coordinate labels for the figures of one
/// `rows` x `cols` board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotations {
    rows: u32,
    cols: u32,
    marks: Vec<Mark>,
    arrows: Vec<Arrow>,
    /// Colours of their own, in step with `marks` and `arrows` (`None`: the theme's).
    mark_colours: Vec<Option<[u8; 3]>>,
    arrow_colours: Vec<Option<[u8; 3]>>,
    caption: CaptionChoice,
    coords: Option<Axes>,
}

impl Annotations {
    /// No annotations yet, for figures of a `rows` x `cols` board.
    pub fn new(rows: u32, cols: u32) -> Annotations {
        Annotations {
            rows,
            cols,
            marks: Vec::new(),
            arrows: Vec::new(),
            mark_colours: Vec::new(),
            arrow_colours: Vec::new(),
            caption: CaptionChoice::AsDrawn,
            coords: None,
        }
    }

    /// Rows of the board these annotations are for.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board these annotations are for.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// An error when `sq` is off the board.
    pub(crate) fn check_square(&self, sq: Square) -> Result<()> {
        if sq.row < self.rows && sq.col < self.cols {
            return Ok(());
        }
        Err(Error::invalid(
            InvalidKind::Square,
            format!(
                "the square {},{} is off the {} x {} board",
                sq.row, sq.col, self.rows, self.cols
            ),
        ))
    }

    /// Adds a mark (drawn over the marks added before it); an error when its square is off the
    /// board.
    pub fn push_mark(&mut self, mark: Mark) -> Result<()> {
        self.push_mark_in(mark, None)
    }

    /// Adds a mark in a colour of its own (`None`: the theme's mark colour).
    ///
    /// ```
    /// use chessviz::colour::parse_colour;
    /// use chessviz::{Annotations, Mark, MarkKind, Square};
    ///
    /// let mut notes = Annotations::new(8, 8);
    /// let d4 = Mark { square: Square::parse("d4", 8, 8)?, kind: MarkKind::Ring };
    /// notes.push_mark_in(d4, Some(parse_colour("#06c")?))?;
    /// assert_eq!(notes.mark_colour(0), Some([0, 0x66, 0xcc]));
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn push_mark_in(&mut self, mark: Mark, colour: Option<[u8; 3]>) -> Result<()> {
        self.check_square(mark.square)?;
        self.marks.push(mark);
        self.mark_colours.push(colour);
        Ok(())
    }

    /// The colour of its own of mark `i` of [`Annotations::marks`], if any.
    pub fn mark_colour(&self, i: usize) -> Option<[u8; 3]> {
        self.mark_colours.get(i).copied().flatten()
    }

    /// The colour of its own of arrow `i` of [`Annotations::arrows`], if any.
    pub fn arrow_colour(&self, i: usize) -> Option<[u8; 3]> {
        self.arrow_colours.get(i).copied().flatten()
    }

    /// Adds an arrow; an error when either end is off the board, or both ends are one square.
    pub fn push_arrow(&mut self, arrow: Arrow) -> Result<()> {
        self.push_arrow_in(arrow, None)
    }

    /// Adds an arrow in a colour of its own (`None`: the theme's mark colour), as
    /// [`Annotations::push_mark_in`].
    pub fn push_arrow_in(&mut self, arrow: Arrow, colour: Option<[u8; 3]>) -> Result<()> {
        self.check_square(arrow.from)?;
        self.check_square(arrow.to)?;
        if arrow.from == arrow.to {
            return Err(Error::invalid(
                InvalidKind::Annotation,
                format!(
                    "an arrow needs two different squares, not {},{} twice",
                    arrow.from.row, arrow.from.col
                ),
            ));
        }
        self.arrows.push(arrow);
        self.arrow_colours.push(colour);
        Ok(())
    }

    /// The marks, in the order they were added.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The arrows, in the order they were added.
    pub fn arrows(&self) -> &[Arrow] {
        &self.arrows
    }

    /// Replaces, removes or keeps the caption.
    pub fn set_caption(&mut self, caption: CaptionChoice) {
        self.caption = caption;
    }

    /// What becomes of the caption.
    pub fn caption(&self) -> &CaptionChoice {
        &self.caption
    }

    /// Chooses the coordinate labels in the margin (`None`: as the problem draws them).
    pub fn set_coords(&mut self, coords: Option<Axes>) {
        self.coords = coords;
    }

    /// The coordinate labels chosen, if any.
    pub fn coords(&self) -> Option<Axes> {
        self.coords
    }

    /// True when the annotations change nothing.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
            && self.arrows.is_empty()
            && self.caption == CaptionChoice::AsDrawn
            && self.coords.is_none()
    }

    /// Annotates `scene` (marks, arrows, caption, labels) and prepares `hints` for it (a caption
    /// band where a caption is given, none where it is removed). An error when the scene is not of
    /// the board the annotations are for.
    pub fn apply(&self, scene: &mut Scene, hints: &mut RenderHints) -> Result<()> {
        if (scene.rows(), scene.cols()) != (self.rows, self.cols) {
            return Err(Error::invalid(
                InvalidKind::Annotation,
                format!(
                    "annotations for a {} x {} board given a scene of {} x {}",
                    self.rows,
                    self.cols,
                    scene.rows(),
                    scene.cols()
                ),
            ));
        }
        self.decorate(scene);
        *hints = self.hints(*hints);
        Ok(())
    }

    /// `hints` with the caption band this caption choice needs.
    pub fn hints(&self, hints: RenderHints) -> RenderHints {
        let caption = match self.caption {
            CaptionChoice::AsDrawn => hints.caption,
            CaptionChoice::Text(_) => true,
            CaptionChoice::Removed => false,
        };
        RenderHints { caption, ..hints }
    }

    /// Adds the marks and arrows that fit `scene` and restates the caption and labels.
    fn decorate(&self, scene: &mut Scene) {
        let fits = |sq: Square| sq.row < scene.rows() && sq.col < scene.cols();
        let marks: Vec<(Mark, Option<[u8; 3]>)> = self
            .marks
            .iter()
            .copied()
            .zip(self.mark_colours.iter().copied())
            .filter(|(m, _)| fits(m.square))
            .collect();
        let arrows: Vec<(Arrow, Option<[u8; 3]>)> = self
            .arrows
            .iter()
            .copied()
            .zip(self.arrow_colours.iter().copied())
            .filter(|(a, _)| fits(a.from) && fits(a.to))
            .collect();
        for (mark, colour) in marks {
            scene.push_mark_in(mark, colour);
        }
        for (arrow, colour) in arrows {
            scene.push_arrow_in(arrow, colour);
        }
        self.restate(scene);
    }

    /// Puts the caption and labels back as chosen after an event may have changed them. Setting
    /// what is already there marks nothing changed, so an animation repaints its margin only when
    /// it must.
    fn restate(&self, scene: &mut Scene) {
        match &self.caption {
            CaptionChoice::AsDrawn => {}
            CaptionChoice::Text(text) => {
                if scene.caption() != Some(text.as_str()) {
                    scene.set_caption(Some(text.clone()));
                }
            }
            CaptionChoice::Removed => {
                if scene.caption().is_some() {
                    scene.set_caption(None);
                }
            }
        }
        if let Some(axes) = self.coords {
            if scene.axes() != axes {
                scene.set_axes(axes);
            }
        }
    }
}

/// A problem's adapter with [`Annotations`]: its first scene carries the marks and arrows, the
/// caption and labels are restated after every event, and its hints make room for the caption.
/// Everything drawn from it (a still after any number of events, frames, an animation) is
/// annotated alike.
///
/// The 8-queens search after its first ten steps, with a dot on c5 and a caption of its own:
///
/// ```
/// use chessviz::queens::{QueensAdapter, QueensStyle};
/// use chessviz::{still_after, Annotated, Annotations, CaptionChoice, Mark, MarkKind, Square, Style};
///
/// let mut notes = Annotations::new(8, 8);
/// notes.push_mark(Mark { square: Square::new(3, 2), kind: MarkKind::Dot })?;
/// notes.set_caption(CaptionChoice::Text("The first ten steps".into()));
/// let mut adapter = Annotated::new(QueensAdapter::new(8, QueensStyle::default()), notes);
/// let events = chessviz::queens::search(8)?.map(Ok);
/// let still = still_after(&mut adapter, events, Some(10), &Style::new(24))?;
/// // 8 cells of 24 pixels, margins of 16 and a caption band of 16.
/// assert_eq!((still.width(), still.height()), (224, 240));
/// # Ok::<(), chessviz::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Annotated<A> {
    inner: A,
    annotations: Annotations,
}

impl<A: Adapter> Annotated<A> {
    /// `inner` annotated with `annotations` (which are for the board `inner` draws; marks and arrows
    /// off a scene of another size are left out of it).
    pub fn new(mut inner: A, annotations: Annotations) -> Annotated<A> {
        if let Some(axes) = annotations.coords() {
            inner.name_squares(axes);
        }
        Annotated { inner, annotations }
    }

    /// The adapter wrapped.
    pub fn inner(&self) -> &A {
        &self.inner
    }

    /// The annotations.
    pub fn annotations(&self) -> &Annotations {
        &self.annotations
    }

    /// The adapter wrapped, unwrapped.
    pub fn into_inner(self) -> A {
        self.inner
    }
}

impl<A: Adapter> Adapter for Annotated<A> {
    type Event = A::Event;

    fn first_scene(&mut self) -> Scene {
        let mut scene = self.inner.first_scene();
        self.annotations.decorate(&mut scene);
        scene
    }

    fn apply(&mut self, scene: &mut Scene, event: &Self::Event) -> Beat {
        let beat = self.inner.apply(scene, event);
        self.annotations.restate(scene);
        beat
    }

    fn hints(&self) -> RenderHints {
        self.annotations.hints(self.inner.hints())
    }

    fn caption_chosen(&self) -> bool {
        self.annotations.caption != CaptionChoice::AsDrawn || self.inner.caption_chosen()
    }

    fn describe(&self, event: &Self::Event) -> Option<String> {
        self.inner.describe(event)
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

    fn description(&self, scene: &Scene) -> Option<crate::scene::Description> {
        self.inner.description(scene)
    }

    fn set_lang(&mut self, lang: Lang) {
        self.inner.set_lang(lang);
    }

    fn name_squares(&mut self, axes: Axes) {
        self.inner.name_squares(axes);
    }
}
