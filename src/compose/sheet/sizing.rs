//! How large a contact sheet of a problem's boards is, without drawing a board: each board's bare
//! layout (no margin, no caption) from the problem's [`Figure`], the cell fitted to the sheet's
//! width or box, and the [`SheetLayout`] that places them. The raster sheet and the vector sheet
//! both start here, so they lay out the same sheet.

use crate::compose::sheet::{Label, SheetLayout, SheetOptions, MAX_FIT_CELL};
use crate::compose::style::Style;
use crate::display::figure::Figure;
use crate::display::layout::Layout;
use crate::error::Result;
use crate::scene::adapter::Adapter;

/// One board of a sheet: the events that make its scene from the adapter's first scene, and its
/// label.
#[derive(Clone, Debug)]
pub struct SheetBoard<E> {
    /// Applied in order to the first scene.
    pub events: Vec<E>,
    /// Written under the board.
    pub label: Label,
}

/// The layout of a contact sheet of `count` boards of `adapter`'s problem, without drawing it: an
/// error when the sheet would be too large (for checking a set of outputs before writing any).
pub fn sheet_layout<A: Adapter + Clone>(
    adapter: &A,
    count: usize,
    style: &Style,
    options: &SheetOptions,
) -> Result<SheetLayout> {
    let style = &fitted(adapter, count, style, options)?;
    bare_layout(adapter, count, style, options)
}

/// The layout of a contact sheet of `count` boards of `rows` x `cols` squares, from the sizes alone:
/// no scene is made, so a sheet too large for a board of a hundred million squares is refused
/// before anything of the board exists. The same layout as `sheet_layout` of a problem of that
/// board.
pub fn sheet_layout_of(
    rows: u32,
    cols: u32,
    count: usize,
    style: &Style,
    options: &SheetOptions,
) -> Result<SheetLayout> {
    let at = |s: &Style| sized_layout(rows, cols, count, s, options);
    let style = &fitted_by(at, count, style, options)?;
    at(style)
}

/// `style` with the cell that makes the sheet fit [`SheetOptions::fit`] (the largest cell that does),
/// else [`SheetOptions::width`]: the largest cell up to [`MAX_FIT_CELL`] whose sheet is no wider (the sheet's width grows with the cell), else a cell of one
/// pixel (whose size check then decides). Without a width, `style` as it is.
pub(crate) fn fitted<A: Adapter + Clone>(
    adapter: &A,
    count: usize,
    style: &Style,
    options: &SheetOptions,
) -> Result<Style> {
    fitted_by(
        |s: &Style| bare_layout(adapter, count, s, options),
        count,
        style,
        options,
    )
}

/// [`fitted`], the sheet at a style laid out by `layout_at`.
fn fitted_by(
    layout_at: impl Fn(&Style) -> Result<SheetLayout>,
    count: usize,
    style: &Style,
    options: &SheetOptions,
) -> Result<Style> {
    let size_at = |cell: u32| {
        let mut s = style.clone();
        s.cell = cell;
        layout_at(&s)
            .ok()
            .map(|l| (u64::from(l.width()), u64::from(l.height())))
    };
    if let Some(fit) = options.fit {
        let Some(cell) = fit.largest_cell(size_at) else {
            let what = format!("a sheet of {count} boards");
            return Err(fit.too_small(&what, size_at(1).unwrap_or((u64::MAX, u64::MAX))));
        };
        let mut s = style.clone();
        s.cell = cell;
        return Ok(s);
    }
    let Some(width) = options.width else {
        return Ok(style.clone());
    };
    let fits = |cell: u32| -> bool {
        let mut s = style.clone();
        s.cell = cell;
        layout_at(&s).is_ok_and(|l| l.width() <= width)
    };
    let (mut lo, mut hi) = (1u32, MAX_FIT_CELL);
    if !fits(lo) {
        hi = lo;
    }
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let mut s = style.clone();
    s.cell = lo;
    Ok(s)
}

/// The sheet of `count` of `adapter`'s boards drawn bare, at `style`'s cell.
fn bare_layout<A: Adapter + Clone>(
    adapter: &A,
    count: usize,
    style: &Style,
    options: &SheetOptions,
) -> Result<SheetLayout> {
    let mut bare = style.clone();
    bare.margin = Some(0);
    let hints = adapter.hints();
    let scene = adapter.clone().first_scene();
    let opts = bare.options(false, hints.tile_colors, hints.max_label);
    let figure = Figure::for_scene(&scene, opts)?;
    board_layout(figure.layout(), count, style, options)
}

/// The sheet of boards drawn bare (no margin, no caption): each is `cols` x `rows` cells.
fn sized_layout(
    rows: u32,
    cols: u32,
    count: usize,
    style: &Style,
    options: &SheetOptions,
) -> Result<SheetLayout> {
    let board =
        Layout::new(rows, cols, style.cell, 0, false)?.with_cell_height(style.cell_height())?;
    SheetLayout::new(count, board.width(), board.height(), options, &style.font)
}

/// The sheet of `count` boards each laid out as `board`.
pub(crate) fn board_layout(
    board: &Layout,
    count: usize,
    style: &Style,
    options: &SheetOptions,
) -> Result<SheetLayout> {
    SheetLayout::new(count, board.width(), board.height(), options, &style.font)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::queens::{QueensAdapter, QueensStyle};

    /// The layout from the board's size alone is the one the figure's board gives, with and
    /// without a box to fit.
    #[test]
    fn the_layout_of_a_size_is_the_layout_of_its_boards() {
        let adapter = QueensAdapter::new(6, QueensStyle::default());
        for (cell, fit) in [(20, None), (3, None), (40, Some((900, 600)))] {
            let options = SheetOptions {
                columns: None,
                title: None,
                width: None,
                fit: fit.map(|(w, h)| crate::compose::fit::Fit {
                    width: Some(w),
                    height: Some(h),
                }),
            };
            let style = Style::new(cell);
            for count in [1, 3, 7] {
                assert_eq!(
                    sheet_layout_of(6, 6, count, &style, &options).unwrap(),
                    sheet_layout(&adapter, count, &style, &options).unwrap(),
                    "cell {cell}, {count} boards"
                );
            }
        }
        let huge = sheet_layout_of(10_000, 10_000, 3, &Style::new(1), &SheetOptions::default());
        assert!(
            matches!(huge, Err(crate::Error::SheetTooLarge { .. })),
            "{huge:?}"
        );
    }
}
