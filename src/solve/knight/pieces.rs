//! The small tours the construction copies into its blocks, as link cells.

use std::collections::HashMap;

use super::engine::Engine;
use super::existence::closed_tour_obstacle;
use super::search::{Search, Strategy, TieBreak};
use super::MOVES;
use crate::Square;

/// A link field with no neighbour: the end of a path.
pub(super) const NO_LINK: u32 = 8;
/// Set in every cell that holds links (and not yet a step number; steps stay below 2^27).
pub(super) const LINKED: u32 = 1 << 31;
/// A cell whose two links are both empty.
pub(super) const UNLINKED: u32 = LINKED | NO_LINK | NO_LINK << 4;
/// Retreats allowed to the search for one small piece.
const PIECE_RETREATS: u64 = 2_000_000;

/// A small tour of one block shape, as link cells (row-major).
#[derive(Clone)]
pub(super) struct Piece {
    pub(super) cells: Vec<u32>,
    /// Whether it is a cycle (else a path).
    pub(super) closed: bool,
    /// The two ends of a path (unused for a cycle), as (row, column) within the block.
    pub(super) ends: [(i64, i64); 2],
}

/// The small tours each block shape may get, found when first needed.
#[derive(Default)]
pub(super) struct Shapes {
    /// Per shape, the pieces found so far and how many of its searches have run.
    found: HashMap<(u32, u32), (Vec<Piece>, usize)>,
}

impl Shapes {
    /// The `i`-th piece a block of `rows` x `cols` may get, in the order they are tried: closed tours
    /// found from a few starts, then open tours from the corners and edges, each with its mirror
    /// images. Several are kept because a join needs suitable edges near the shared side, and on
    /// narrow blocks not every tour has them; they are searched for only when the earlier ones fail.
    pub(super) fn get(&mut self, rows: u32, cols: u32, i: usize) -> Option<&Piece> {
        let starts = [
            Square::new(0, 0),
            Square::new(rows / 2, cols / 2),
            Square::new(0, 1),
            Square::new(1, 0),
            Square::new(rows - 1, cols / 2),
            Square::new(0, cols / 2),
        ];
        let cycles = closed_tour_obstacle(rows, cols).is_none();
        let (pieces, searched) = self.found.entry((rows, cols)).or_default();
        while pieces.len() <= i && *searched < 2 * starts.len() {
            let closed = *searched < starts.len();
            let start = starts[*searched % starts.len()];
            *searched += 1;
            if (closed && !cycles) || start.row >= rows || start.col >= cols {
                continue;
            }
            let tie = if closed {
                TieBreak::FarFromStart
            } else {
                TieBreak::FarFromCentre
            };
            let Some(piece) = piece_links(rows, cols, start, closed, tie) else {
                continue;
            };
            for mirror in 0..4 {
                let image = mirrored(rows, cols, &piece, mirror);
                if !pieces.iter().any(|p| p.cells == image.cells) {
                    pieces.push(image);
                }
            }
        }
        pieces.get(i)
    }
}

/// `piece` reflected: bit 0 of `mirror` flips the rows, bit 1 the columns.
fn mirrored(rows: u32, cols: u32, piece: &Piece, mirror: u8) -> Piece {
    let (flip_r, flip_c) = (mirror & 1 != 0, mirror & 2 != 0);
    let map = |(r, c): (i64, i64)| {
        (
            if flip_r { i64::from(rows) - 1 - r } else { r },
            if flip_c { i64::from(cols) - 1 - c } else { c },
        )
    };
    let flip_move = |f: u32| -> u32 {
        if f >= NO_LINK {
            return f;
        }
        let (dr, dc) = MOVES[f as usize];
        let m = (if flip_r { -dr } else { dr }, if flip_c { -dc } else { dc });
        MOVES
            .iter()
            .position(|&x| x == m)
            .unwrap_or(NO_LINK as usize) as u32
    };
    let mut cells = vec![UNLINKED; piece.cells.len()];
    for (i, &cell) in piece.cells.iter().enumerate() {
        let (r, c) = map(((i / cols as usize) as i64, (i % cols as usize) as i64));
        let [f0, f1] = fields(cell);
        cells[r as usize * cols as usize + c as usize] =
            LINKED | flip_move(f0) | flip_move(f1) << 4;
    }
    Piece {
        cells,
        closed: piece.closed,
        ends: piece.ends.map(map),
    }
}

/// A tour of `rows` x `cols` from `start` found by the search with tie-break `tie`, if it finds one
/// within the piece budget.
pub(super) fn piece_links(
    rows: u32,
    cols: u32,
    start: Square,
    closed: bool,
    tie: TieBreak,
) -> Option<Piece> {
    let squares = rows as usize * cols as usize;
    let strategy = Strategy {
        tie,
        early_end_margin: None,
        split_check: Some(squares),
    };
    let mut search = Search::new(rows, cols, start, closed, strategy, PIECE_RETREATS);
    search.run().ok()?;
    let end = search.current();
    let cells = links_of(rows, cols, &search.into_steps(), closed);
    Some(Piece {
        cells,
        closed,
        ends: [
            (i64::from(start.row), i64::from(start.col)),
            (i64::from(end.row), i64::from(end.col)),
        ],
    })
}

/// Link cells of a tour given by its step matrix.
fn links_of(rows: u32, cols: u32, steps: &[u32], closed: bool) -> Vec<u32> {
    let total = steps.len() as u32;
    let mut cells = vec![UNLINKED; steps.len()];
    for (i, &step) in steps.iter().enumerate() {
        let (r, c) = ((i / cols as usize) as u32, (i % cols as usize) as u32);
        let next = if step == total { 1 } else { step + 1 };
        let prev = if step == 1 { total } else { step - 1 };
        let mut fields = [NO_LINK; 2];
        for (m, &(dr, dc)) in MOVES.iter().enumerate() {
            let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            if nr >= rows || nc >= cols {
                continue;
            }
            let s = steps[(nr * cols + nc) as usize];
            let linked =
                (s == next && (closed || step < total)) || (s == prev && (closed || step > 1));
            if linked {
                let slot = usize::from(fields[0] != NO_LINK);
                fields[slot] = m as u32;
            }
        }
        cells[i] = LINKED | fields[0] | fields[1] << 4;
    }
    cells
}

/// The two link fields of a cell.
pub(super) fn fields(cell: u32) -> [u32; 2] {
    [cell & 15, (cell >> 4) & 15]
}
