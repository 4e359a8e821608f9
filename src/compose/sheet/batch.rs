//! Many N-queens solutions at once: a PNG per solution written in parallel, or all of them on one
//! contact sheet ([`crate::compose::sheet`]).
//!
//! A [`QueensBatch`] holds the solutions to draw, enumerated once: every solution in lexicographic
//! order ([`Selection::All`]), or only the fundamental ones ([`Selection::Unique`]): the
//! lexicographically first member of each symmetry class, numbered 1, 2, ... in lexicographic order,
//! with the size of its class.
//!
//! Rendering runs on all cores with rayon, one [`BoardRenderer`] per worker so that cell stamps and the
//! crown are rasterized once per worker, not once per picture. Output is deterministic: a picture
//! depends only on its solution and the options, never on the thread that drew it.

use crate::cancel::Cancel;
use crate::compose::figure::{Still, StillFormat};
use crate::compose::fit::Fit;
use crate::compose::page::finish_raster;
use crate::compose::sheet::render::draw_sheet;
use crate::compose::sheet::sizing::{sheet_layout, SheetBoard};
use crate::compose::sheet::vector::vector_sheet;
use crate::compose::sheet::{Label, SheetLayout, SheetOptions};
use crate::compose::style::Style;
use crate::compose::vector_still::VectorFigure;
use crate::display::figure::Figure;
use crate::error::{Error, Result};
use crate::problem::queens::{counter_caption, QueensAdapter, QueensStyle};
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::{scene_after, Adapter, RenderHints};
use crate::scene::Scene;
use crate::solve::queens::symmetry::unique_solutions;
use crate::solve::queens::{self, QueensEvent, Solution, MAX_COUNT_N};
use crate::text::{Lang, Phrase};

/// The most solutions a batch holds: n = 13 has 73 712, n = 14 already 365 596, more files than a
/// folder of figures is good for.
pub const MAX_BATCH: u64 = 100_000;

/// Which solutions a batch holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every solution, in lexicographic (search) order.
    All,
    /// One per symmetry class: its lexicographically first member.
    Unique,
}

/// One solution of a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Position in the batch, 1-based: among all solutions, or among the fundamental ones.
    pub number: u64,
    /// The queens.
    pub solution: Solution,
    /// How many solutions its symmetry class holds (fundamental solutions only).
    pub class_size: Option<usize>,
}

/// The solutions of one board size to draw, with their file names, captions and labels.
#[derive(Clone, Debug)]
pub struct QueensBatch {
    n: u32,
    selection: Selection,
    entries: Vec<Entry>,
    /// Number of all solutions (the class sizes add up to it for a unique batch).
    total: u64,
    /// Stops drawing between pictures once cancelled.
    pub(crate) cancel: Cancel,
    /// The width the contact sheet is fitted to ([`SheetOptions::width`]).
    sheet_width: Option<u32>,
    /// The box the contact sheet is fitted to ([`SheetOptions::fit`]).
    sheet_fit: Option<Fit>,
}

impl QueensBatch {
    /// The solutions of the n x n board that `selection` asks for. Refuses boards with more than
    /// [`MAX_BATCH`] of them (counted first, so no time is spent enumerating a hopeless case).
    pub fn new(n: u32, selection: Selection) -> Result<QueensBatch> {
        match selection {
            Selection::All => {
                if n > MAX_COUNT_N {
                    return Err(too_many(n, None));
                }
                let total = queens::count(n)?;
                if total > MAX_BATCH {
                    return Err(too_many(n, Some(total)));
                }
                let entries: Vec<Entry> = queens::solutions(n)?
                    .zip(1..)
                    .map(|(solution, number)| Entry {
                        number,
                        solution,
                        class_size: None,
                    })
                    .collect();
                Ok(QueensBatch {
                    n,
                    selection,
                    total: entries.len() as u64,
                    entries,
                    cancel: Cancel::new(),
                    sheet_width: None,
                    sheet_fit: None,
                })
            }
            Selection::Unique => {
                let list = unique_solutions(n)?;
                if list.len() as u64 > MAX_BATCH {
                    return Err(too_many(n, Some(list.len() as u64)));
                }
                let total = list.iter().map(|&(_, size)| size as u64).sum();
                let entries = list
                    .into_iter()
                    .zip(1..)
                    .map(|((solution, size), number)| Entry {
                        number,
                        solution,
                        class_size: Some(size),
                    })
                    .collect();
                Ok(QueensBatch {
                    n,
                    selection,
                    entries,
                    total,
                    cancel: Cancel::new(),
                    sheet_width: None,
                    sheet_fit: None,
                })
            }
        }
    }

    /// The batch drawn under `cancel`: once it is cancelled, stills, files and sheets stop between
    /// pictures with [`Error::Interrupted`], and no file of the batch is left half-written.
    pub fn cancel_with(mut self, cancel: Cancel) -> QueensBatch {
        self.cancel = cancel;
        self
    }

    /// The batch with its contact sheet fitted to `width` pixels (the boards' cell chosen to fit, see
    /// [`SheetOptions::width`]); `None` draws the sheet's boards at the style's cell.
    pub fn sheet_width(mut self, width: Option<u32>) -> QueensBatch {
        self.sheet_width = width;
        self
    }

    /// The batch with its contact sheet fitted in `fit` (the boards' cell the largest that fits, see
    /// [`SheetOptions::fit`]); `None` leaves it to [`QueensBatch::sheet_width`].
    pub fn sheet_fit(mut self, fit: Option<Fit>) -> QueensBatch {
        self.sheet_fit = fit;
        self
    }

    /// Board size.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// What the batch holds.
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// The solutions, in lexicographic order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Number of solutions in the batch.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the board has no solution (n = 2, 3).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Number of all solutions of the board, whatever the selection.
    pub fn total_solutions(&self) -> u64 {
        self.total
    }

    /// The file of `entry` in a folder: `solution-07.png` for all solutions, `unique-03.png` for
    /// fundamental ones, numbers zero-padded to the width of the batch's size so names sort in order.
    pub fn file_name(&self, entry: &Entry) -> String {
        self.file_name_as(entry, StillFormat::Png)
    }

    /// The file name of `entry` in `format`: `solution-07.svg`.
    pub fn file_name_as(&self, entry: &Entry, format: StillFormat) -> String {
        let width = self.entries.len().max(1).to_string().len();
        let stem = match self.selection {
            Selection::All => "solution",
            Selection::Unique => "unique",
        };
        format!("{stem}-{:0width$}.{}", entry.number, format.extension())
    }

    /// The caption of `entry`'s still: "Solution 7 of 92", "Fundamental solution 3 of 12".
    pub fn caption(&self, entry: &Entry) -> String {
        self.caption_in(Lang::En, entry)
    }

    /// [`QueensBatch::caption`] in `lang`.
    pub fn caption_in(&self, lang: Lang, entry: &Entry) -> String {
        let phrase = match self.selection {
            Selection::All => Phrase::SolutionOf,
            Selection::Unique => Phrase::FundamentalOf,
        };
        lang.say(phrase, &[&entry.number, &self.len()])
    }

    /// The caption `look` gives `entry`: in its language, or the Turbo C counter.
    fn caption_for(&self, look: QueensStyle, entry: &Entry) -> Option<String> {
        if look.counter {
            return counter_caption(entry.number);
        }
        Some(self.caption_in(look.lang, entry))
    }

    /// The label of `entry` on a sheet: its number, then its notation (and `×8`, the size of its class,
    /// for fundamental solutions); for n > 9 the notation's numbers are two spaces apart.
    pub fn label(&self, entry: &Entry) -> Label {
        // Above 9 the rows are numbers of one or two digits; a single space between them is lost at
        // label size ("10 5" reads as "105"), so they get two.
        let rows = entry.solution.to_string().replace(' ', "  ");
        let body = match entry.class_size {
            Some(size) => format!("{rows}   \u{d7}{size}"),
            None => rows,
        };
        Label {
            head: entry.number.to_string(),
            body,
        }
    }

    /// The sheet's title: "92 solutions of the 8-queens problem", "12 fundamental solutions of the
    /// 8-queens problem (92 in all)".
    pub fn title(&self) -> String {
        self.title_in(Lang::En)
    }

    /// [`QueensBatch::title`] in `lang`.
    pub fn title_in(&self, lang: Lang) -> String {
        let (k, n, total) = (self.len(), self.n, self.total);
        match (self.selection, k) {
            (Selection::All, 1) => lang.say(Phrase::SheetAllOne, &[&n]),
            (Selection::All, _) => lang.say(Phrase::SheetAll, &[&k, &n]),
            (Selection::Unique, 1) => lang.say(Phrase::SheetUniqueOne, &[&n, &total]),
            (Selection::Unique, _) => lang.say(Phrase::SheetUnique, &[&k, &n, &total]),
        }
    }

    /// The figure of this batch's boards (captioned when the style has a margin).
    pub(crate) fn figure(&self, style: &Style, caption: bool) -> Result<Figure> {
        Figure::new(self.n, self.n, style.options(caption, 0, 0))
    }

    /// A renderer that paints [`QueensBatch::figure`].
    pub(crate) fn renderer(&self, style: &Style, caption: bool) -> Result<BoardRenderer> {
        Ok(BoardRenderer::of(self.figure(style, caption)?))
    }

    /// Renders `entry` captioned, on `renderer`.
    pub(crate) fn draw(
        &self,
        renderer: &mut BoardRenderer,
        entry: &Entry,
        look: QueensStyle,
        caption: bool,
    ) -> Result<Canvas> {
        self.cancel.check()?;
        let mut adapter = QueensAdapter::new(self.n, look);
        let show = [Ok(QueensAdapter::show(&entry.solution, entry.number))];
        let (mut scene, _) = scene_after(&mut adapter, show, None)?;
        scene.set_caption(caption.then(|| self.caption_for(look, entry)).flatten());
        renderer.render(&mut scene)
    }

    /// The scene of one entry, captioned as [`QueensBatch::still`] draws it, and its render hints.
    pub fn scene(&self, entry: &Entry, look: QueensStyle) -> Result<(Scene, RenderHints)> {
        // Described as the still of --solution is: "Solution 17 of 92".
        let total = crate::solve::queens::known_count(self.n).ok();
        let mut adapter = QueensAdapter::new(self.n, look).with_total(total);
        let show = [Ok(QueensAdapter::show(&entry.solution, entry.number))];
        let (mut scene, _) = scene_after(&mut adapter, show, None)?;
        scene.set_caption(self.caption_for(look, entry));
        Ok((scene, adapter.hints()))
    }

    /// The still of one entry, captioned, exactly as [`QueensBatch::write_stills`] writes it.
    pub fn still(&self, entry: &Entry, look: QueensStyle, style: &Style) -> Result<Still> {
        let mut renderer = self.renderer(style, true)?;
        let mut canvas = self.draw(&mut renderer, entry, look, true)?;
        let board = renderer.layout().board_rect();
        let (png, extended) = finish_raster(&mut canvas, renderer.palette(), board, style)?;
        let (scene, _) = self.scene(entry, look)?;
        Ok(Still {
            canvas,
            palette: extended.unwrap_or_else(|| renderer.palette().clone()),
            omitted: renderer.omitted(),
            png,
            description: style.description_of(&scene),
        })
    }

    /// The layout of the contact sheet [`QueensBatch::sheet`] would draw, without drawing it: an error
    /// when the sheet would be too large (for checking a whole set of outputs before writing any).
    pub fn sheet_layout(&self, style: &Style, columns: Option<u32>) -> Result<SheetLayout> {
        let options = SheetOptions {
            columns,
            title: Some(self.title_in(style.lang)),
            width: self.sheet_width,
            fit: self.sheet_fit,
        };
        let adapter = QueensAdapter::new(self.n, QueensStyle::default());
        sheet_layout(&adapter, self.len(), style, &options)
    }

    /// All solutions of the batch on one contact sheet, titled, each board labelled with its number
    /// and notation. Boards are drawn at the style's cell size without a margin.
    pub fn sheet(&self, look: QueensStyle, style: &Style, columns: Option<u32>) -> Result<Still> {
        let (adapter, boards, options) = self.sheet_parts(look, columns)?;
        draw_sheet(&adapter, &boards, style, &options, &self.cancel)
    }

    /// The contact sheet [`QueensBatch::sheet`] draws, as vector shapes (for SVG or PDF): the same
    /// layout, colours and text.
    pub fn sheet_vector(
        &self,
        look: QueensStyle,
        style: &Style,
        columns: Option<u32>,
    ) -> Result<VectorFigure> {
        let (adapter, boards, options) = self.sheet_parts(look, columns)?;
        vector_sheet(&adapter, &boards, style, &options, &self.cancel)
    }

    /// What a sheet of the batch is made of: the adapter, each board's events and label, and the
    /// options with the title and width.
    fn sheet_parts(
        &self,
        look: QueensStyle,
        columns: Option<u32>,
    ) -> Result<(QueensAdapter, Vec<SheetBoard<QueensEvent>>, SheetOptions)> {
        if self.is_empty() {
            return Err(Error::NoSolution(format!(
                "{} queens have no solution, so there is no sheet to draw",
                self.n
            )));
        }
        let options = SheetOptions {
            columns,
            title: Some(self.title_in(look.lang)),
            width: self.sheet_width,
            fit: self.sheet_fit,
        };
        let boards: Vec<SheetBoard<QueensEvent>> = self
            .entries
            .iter()
            .map(|e| SheetBoard {
                events: vec![QueensAdapter::show(&e.solution, e.number)],
                label: self.label(e),
            })
            .collect();
        Ok((QueensAdapter::new(self.n, look), boards, options))
    }
}

fn too_many(n: u32, count: Option<u64>) -> Error {
    Error::BatchTooLarge {
        n,
        solutions: count,
        limit: MAX_BATCH,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_captions_and_labels() {
        let all = QueensBatch::new(8, Selection::All).unwrap();
        assert_eq!(all.len(), 92);
        let first = &all.entries()[0];
        assert_eq!(first.solution.to_string(), "15863724");
        assert_eq!(all.file_name(first), "solution-01.png");
        assert_eq!(all.file_name(&all.entries()[91]), "solution-92.png");
        assert_eq!(all.caption(first), "Solution 1 of 92");
        assert_eq!(all.title(), "92 solutions of the 8-queens problem");
        assert_eq!(all.label(first).body, "15863724");

        let unique = QueensBatch::new(8, Selection::Unique).unwrap();
        assert_eq!(unique.len(), 12);
        assert_eq!(unique.total_solutions(), 92);
        assert_eq!(unique.file_name(&unique.entries()[2]), "unique-03.png");
        let sizes: u64 = unique
            .entries()
            .iter()
            .map(|e| e.class_size.unwrap() as u64)
            .sum();
        assert_eq!(sizes, 92);
        assert!(unique.title().ends_with("(92 in all)"));

        let six = QueensBatch::new(6, Selection::All).unwrap();
        assert_eq!(six.file_name(&six.entries()[3]), "solution-4.png");
    }

    #[test]
    fn refuses_boards_with_too_many_solutions() {
        assert!(matches!(
            QueensBatch::new(21, Selection::All),
            Err(Error::BatchTooLarge { .. })
        ));
        assert!(QueensBatch::new(3, Selection::All).unwrap().is_empty());
    }
}
