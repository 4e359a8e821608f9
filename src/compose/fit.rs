//! Sizes for slides and pages: a box in pixels ([`Fit`]) that a whole picture must fit in, and the
//! largest cell that keeps it inside.
//!
//! Every picture's size grows with its cell (the default margin, the labels, the caption band and
//! a sheet's gutters all grow with it), so the largest cell that fits is found by bisection over
//! [`CELL_RANGE`]: one more pixel of cell would leave the box.

use std::fmt;

use crate::compose::step_captions::STEP_CAPTION_LINES;
use crate::compose::style::Style;
use crate::display::figure::Figure;
use crate::display::layout::CELL_RANGE;
use crate::error::{Error, InvalidKind, Result};
use crate::scene::adapter::RenderHints;
use crate::scene::Scene;

/// A box a picture must fit in: a width, a height or both, in pixels.
///
/// ```
/// use chessviz::Fit;
///
/// let slide = Fit::new(1280, 720);
/// assert!(slide.holds(1280, 700) && !slide.holds(1281, 10));
/// assert_eq!(Fit::width(800).to_string(), "800 pixels wide");
/// // The largest cell whose picture (here 8 cells and nothing else) is no wider than 800 pixels.
/// assert_eq!(Fit::width(800).largest_cell(|cell| Some((8 * u64::from(cell), 0))), Some(100));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fit {
    /// The widest the picture may be; `None`: any width.
    pub width: Option<u32>,
    /// The tallest the picture may be; `None`: any height.
    pub height: Option<u32>,
}

impl Fit {
    /// A box `width` x `height` pixels.
    pub fn new(width: u32, height: u32) -> Fit {
        Fit {
            width: Some(width),
            height: Some(height),
        }
    }

    /// Any height, at most `width` pixels wide.
    pub fn width(width: u32) -> Fit {
        Fit {
            width: Some(width),
            height: None,
        }
    }

    /// Any width, at most `height` pixels high.
    pub fn height(height: u32) -> Fit {
        Fit {
            width: None,
            height: Some(height),
        }
    }

    /// True when a `w` x `h` picture fits the box.
    pub fn holds(&self, w: u64, h: u64) -> bool {
        self.width.is_none_or(|max| w <= u64::from(max))
            && self.height.is_none_or(|max| h <= u64::from(max))
    }

    /// The largest cell in [`CELL_RANGE`] whose picture fits, `size_at(cell)` giving the picture's
    /// width and height (`None`: no picture at that cell, as too large). `None` when not even a
    /// 1-pixel cell fits.
    pub fn largest_cell(&self, size_at: impl Fn(u32) -> Option<(u64, u64)>) -> Option<u32> {
        let fits = |cell: u32| size_at(cell).is_some_and(|(w, h)| self.holds(w, h));
        let (mut lo, mut hi) = (*CELL_RANGE.start(), *CELL_RANGE.end());
        if !fits(lo) {
            return None;
        }
        // Invariant: `lo` fits; every cell above `hi` does not.
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Some(lo)
    }

    /// The refusal of a picture that does not fit even at a 1-pixel cell (`w` x `h` pixels then).
    pub(crate) fn too_small(&self, what: &str, (w, h): (u64, u64)) -> Error {
        Error::invalid(
            InvalidKind::Options,
            format!("{what} needs {w} x {h} pixels even at a cell of 1 pixel, more than {self}"),
        )
    }
}

impl Style {
    /// This style with the largest cell at which `scene` drawn as `hints` asks (its panel beside
    /// or below the board included) fits `fit`: for a figure whose size is more than its board's
    /// layout. An error when not even a 1-pixel cell fits.
    pub fn fit_scene(self, fit: Fit, scene: &Scene, hints: RenderHints) -> Result<Style> {
        let size_at = |cell: u32| {
            let style = Style {
                cell,
                ..self.clone()
            };
            let opts = style.options_for(scene, hints).ok()?;
            let l = Figure::layout_for_scene(scene, &opts).ok()?;
            Some((u64::from(l.width()), u64::from(l.height())))
        };
        // Down from this style's cell (the board's own fit, which the panel only makes larger):
        // a small cell may not hold a caption at all, so the sizes are not a bisection's.
        let found = (1..=self.cell)
            .rev()
            .find(|&cell| size_at(cell).is_some_and(|(w, h)| fit.holds(w, h)));
        match found {
            Some(cell) => Ok(Style { cell, ..self }),
            None => Err(fit.too_small(
                "the figure with its panel",
                (1..=self.cell)
                    .find_map(size_at)
                    .unwrap_or((u64::MAX, u64::MAX)),
            )),
        }
    }
}

impl fmt::Display for Fit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.width, self.height) {
            (Some(w), Some(h)) => write!(f, "{w} x {h} pixels"),
            (Some(w), None) => write!(f, "{w} pixels wide"),
            (None, Some(h)) => write!(f, "{h} pixels high"),
            (None, None) => write!(f, "any size"),
        }
    }
}

impl Style {
    /// This style with the cell that makes a `rows` x `cols` figure (with a caption band when
    /// `caption`) fit `fit`: the largest that does, its default margin, labels and caption scaling
    /// with it (a margin given stays as it is). An error when not even a 1-pixel cell fits.
    ///
    /// An 8 x 8 board on a 1280 x 720 slide:
    ///
    /// ```
    /// use chessviz::{Fit, Style};
    ///
    /// let style = Style::new(48).fit(Fit::new(1280, 720), 8, 8, true)?;
    /// // 8 cells of 75, margins of 37 and a caption band of 37: 674 x 711 pixels (a cell of 76
    /// // would make it 722 high).
    /// assert_eq!((style.cell, style.margin_px()), (75, 37));
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn fit(self, fit: Fit, rows: u32, cols: u32, caption: bool) -> Result<Style> {
        self.fit_lines(fit, rows, cols, caption.then_some(1))
    }

    /// As [`Style::fit`], for a figure captioned step by step ([`crate::StepCaptions`]): room is
    /// kept for the second line a step's caption may wrap to, so that the figure fits whatever
    /// its run's captions need.
    pub fn fit_step_captions(self, fit: Fit, rows: u32, cols: u32) -> Result<Style> {
        self.fit_lines(fit, rows, cols, Some(STEP_CAPTION_LINES))
    }

    /// The fit with a caption band of `lines` lines (`None`: no band). Each candidate cell's size
    /// is the figure's own layout at that cell, so whatever the layout adds about the board (a
    /// caption band that grows with an asked size, a band of its own) is fitted too.
    fn fit_lines(mut self, fit: Fit, rows: u32, cols: u32, lines: Option<usize>) -> Result<Style> {
        let layout_at = |cell: u32| {
            Style {
                cell,
                ..self.clone()
            }
            .layout_lines(rows, cols, lines)
        };
        let size_at = |cell: u32| {
            let layout = layout_at(cell).ok()?;
            Some((u64::from(layout.width()), u64::from(layout.height())))
        };
        match fit.largest_cell(size_at) {
            Some(cell) => {
                self.cell = cell;
                Ok(self)
            }
            None => {
                // Even a 1-pixel cell leaves the box, or makes no picture at all (a board too
                // large for any image), which the layout's own refusal says.
                let smallest = layout_at(*CELL_RANGE.start())?;
                let size = (u64::from(smallest.width()), u64::from(smallest.height()));
                Err(fit.too_small(&format!("the {rows} x {cols} board"), size))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::layout::{default_margin, Layout};

    #[test]
    fn the_largest_cell_fits_and_one_more_does_not() {
        for (fit, rows, cols, caption) in [
            (Fit::new(1280, 720), 8, 8, true),
            (Fit::new(1280, 720), 4, 16, false),
            (Fit::width(300), 5, 7, false),
            (Fit::height(100), 3, 3, true),
        ] {
            let style = Style::new(48).fit(fit, rows, cols, caption).unwrap();
            let size = |cell: u32| {
                let l = Layout::new(rows, cols, cell, default_margin(cell), caption).unwrap();
                (u64::from(l.width()), u64::from(l.height()))
            };
            let (w, h) = size(style.cell);
            assert!(fit.holds(w, h), "{fit}: {w} x {h}");
            let (w, h) = size(style.cell + 1);
            assert!(!fit.holds(w, h), "{fit}: cell {} too small", style.cell);
        }
    }

    #[test]
    fn a_box_too_small_is_refused() {
        let Err(e) = Style::new(48).fit(Fit::new(20, 20), 8, 8, false) else {
            panic!("a 20 x 20 box holds no 8 x 8 figure with margins");
        };
        assert!(e.to_string().contains("20 x 20 pixels"), "{e}");
    }

    /// The fitted size is the figure's own: a caption band made taller by a size asked for
    /// (`--font-size`) is fitted too (fitted by the board's arithmetic alone, an 8 x 8 board in
    /// 400 x 300 came out 311 pixels high).
    #[test]
    fn the_fit_is_the_figures_layout() {
        let mut style = Style::new(48);
        style.font_size = Some(20.0);
        let fit = Fit::new(400, 300);
        let fitted = style.fit(fit, 8, 8, true).unwrap();
        let size = |cell: u32| {
            let at = Style {
                cell,
                ..fitted.clone()
            };
            let l = at.layout(8, 8, true).unwrap();
            (u64::from(l.width()), u64::from(l.height()))
        };
        let (w, h) = size(fitted.cell);
        assert!(fit.holds(w, h), "{w} x {h} in {fit}");
        let (w, h) = size(fitted.cell + 1);
        assert!(!fit.holds(w, h), "cell {} too small", fitted.cell);
    }

    /// A fit lays out a dozen candidate figures at most, whatever the box: the bisection over
    /// every cell size, not a walk through them.
    #[test]
    fn a_fit_tries_a_dozen_cells() {
        for fit in [
            Fit::new(1280, 720),
            Fit::width(30),
            Fit::new(20_000, 20_000),
        ] {
            let tried = std::cell::Cell::new(0);
            fit.largest_cell(|cell| {
                tried.set(tried.get() + 1);
                let l = Style::new(cell).layout(8, 8, true).ok()?;
                Some((u64::from(l.width()), u64::from(l.height())))
            });
            assert!(tried.get() <= 12, "{fit}: {} layouts", tried.get());
        }
    }
}
