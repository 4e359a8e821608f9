//! Numbers asked for (tromino `--numbers`) are decided before the work: legible at the cell asked
//! for, and, when no cell both shows them and fits the picture limit, refused as impossible on that
//! board rather than with advice (a larger cell, a smaller one) that cannot be followed.

use chessviz::Omitted;
use chessviz::{Error, RenderHints, Result, Scene, Square, Style};

use super::limits::{check_board, Picture};
use super::problem::Board;
use super::still::illegible_numbers;

/// What leaves numbers out at `style`'s cell, drawing one cell with the widest number (the size
/// depends on the cell and the widest number alone).
pub fn omitted_numbers(hints: RenderHints, style: &Style) -> Result<Option<Omitted>> {
    let mut probe = Scene::checkerboard(1, 1);
    probe.update_cell(Square::new(0, 0), |c| {
        c.label = Some(hints.max_label.max(1))
    });
    let hints = RenderHints {
        caption: false,
        ..hints
    };
    let omitted = chessviz::draw(&probe, hints, style)?.omitted();
    Ok(omitted.numbers.then_some(omitted))
}

/// Refuses numbers that no cell can show on `board` (too small to read at every cell under the
/// size limit), and numbers illegible at the cell asked for; passes the size check's own error
/// otherwise.
pub fn check_numbers(
    board: Board,
    style: &Style,
    caption: bool,
    picture: Picture,
    hints: RenderHints,
) -> Result<()> {
    let fits = check_board(board, style, caption, picture);
    let largest = match &fits {
        Ok(()) => None,
        Err(Error::ImageTooLarge { max_cell, .. } | Error::GifTooLarge { max_cell, .. }) => {
            Some(max_cell.unwrap_or(0))
        }
        Err(_) => return fits,
    };
    // The smallest legible cell: the one asked for, or the one the probe names.
    let need = match omitted_numbers(hints, style)? {
        None => style.cell,
        Some(Omitted {
            numbers_from_cell: Some(c),
            ..
        }) => c,
        Some(omitted) => return Err(illegible_numbers(style.cell, omitted)),
    };
    let largest = match largest {
        Some(m) => Some(m),
        None if need > style.cell => {
            let bigger = Style {
                cell: need,
                ..style.clone()
            };
            match check_board(board, &bigger, caption, picture) {
                Err(
                    Error::ImageTooLarge { max_cell, .. } | Error::GifTooLarge { max_cell, .. },
                ) => Some(max_cell.unwrap_or(0)),
                _ => None,
            }
        }
        None => None,
    };
    if let Some(largest) = largest.filter(|&m| m < need) {
        return Err(Error::usage(format!(
            "--numbers cannot be shown on a {} x {} board: they need --cell {need} or more to be read, and the largest picture allows --cell {largest} at most; drop --numbers or use a smaller board",
            board.rows, board.cols
        )));
    }
    fits?;
    if need > style.cell {
        let omitted = omitted_numbers(hints, style)?.unwrap_or_default();
        return Err(illegible_numbers(style.cell, omitted));
    }
    Ok(())
}
