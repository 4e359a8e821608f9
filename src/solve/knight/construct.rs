//! Knight's tours built from small pieces instead of searched for whole (divide and conquer in the
//! manner of Parberry 1997 and Lin and Wei 2005).
//!
//! The board is cut into blocks of a few squares a side ([`layout`]). One block, the root, gets
//! either a closed tour (a cycle) or, when the tour must start at a square no cycle can serve, an open
//! tour of the block from that square (a path); every other block gets a closed tour of its own. The
//! small tours are found once per block shape by the Warnsdorff search and copied into every block of
//! that shape.
//!
//! The blocks are then joined one at a time, each to a neighbour joined before it. Two pieces join by
//! an exchange: an edge a–b of the joined part and an edge c–d of the new cycle, with a–c and b–d
//! knight moves, are replaced by a–c and b–d. The new cycle opened at c–d is a path from c to d, so
//! the result is again one cycle (or one path with the same ends). Because the two pieces are disjoint
//! before the exchange, the result is always a single cycle or path through all their squares; the
//! only thing that can fail is finding such a pair of edges, and near a shared side of two blocks
//! there are dozens (the tests build every board from 5 x 5 to 30 x 30 and 3 x 9 to 3 x 200).
//!
//! While it is being built the tour lives in the step matrix itself: each square's cell holds its at
//! most two links (as indices into [`MOVES`]), and the final walk from the start overwrites the links
//! with step numbers, so memory is the output matrix and little more.

use std::collections::HashMap;

use super::layout::{Layout, Rect};
use super::search::{Search, Strategy, TieBreak};
use super::MOVES;
use crate::{Error, Result, Square};

/// A link field with no neighbour: the end of a path.
const NO_LINK: u32 = 8;
/// Set in every cell that holds links (and not yet a step number; steps stay below 2^27).
const LINKED: u32 = 1 << 31;
/// A cell whose two links are both empty.
const UNLINKED: u32 = LINKED | NO_LINK | NO_LINK << 4;
/// Retreats allowed to the search for one small piece.
const PIECE_RETREATS: u64 = 2_000_000;

/// A constructed tour: its step matrix (row-major) and its last square.
pub(crate) struct Built {
    pub(crate) steps: Vec<u32>,
    pub(crate) end: Square,
}

/// Builds a tour of `rows` x `cols` from `start` (closed if `closed`), on a board where one exists
/// (the caller has applied the existence rules).
pub(crate) fn build(rows: u32, cols: u32, start: Square, closed: bool) -> Result<Built> {
    let layout = Layout::new(rows, cols, start, closed).ok_or_else(|| unsupported(rows, cols))?;
    let mut board = Board {
        rows,
        cols,
        cells: vec![UNLINKED; rows as usize * cols as usize],
    };
    let mut cycles: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
    let root = layout.root_rect();
    for rect in layout.blocks() {
        if layout.path_root && rect == root {
            let local = Square::new(start.row - rect.row, start.col - rect.col);
            let piece = piece_links(rect.rows, rect.cols, &[local], false)
                .ok_or_else(|| piece_failed(rect, rows, cols))?;
            board.place(rect, &piece);
            continue;
        }
        let shape = (rect.rows, rect.cols);
        if !cycles.contains_key(&shape) {
            let links =
                cycle_links(rect.rows, rect.cols).ok_or_else(|| piece_failed(rect, rows, cols))?;
            cycles.insert(shape, links);
        }
        board.place(rect, &cycles[&shape]);
    }
    for (child, parent) in layout.joins() {
        if !board.join(child, parent) {
            return Err(Error::NoSolution(format!(
                "the knight's tour construction found no exchange joining the {} x {} block at {},{} \
                 on {rows} x {cols}; please report this board",
                child.rows, child.cols, child.row, child.col
            )));
        }
    }
    board.number_from(start)
}

fn unsupported(rows: u32, cols: u32) -> Error {
    Error::NoSolution(format!(
        "the knight's tour construction has no block layout for {rows} x {cols}"
    ))
}

fn piece_failed(rect: Rect, rows: u32, cols: u32) -> Error {
    Error::NoSolution(format!(
        "the knight's tour construction found no tour of its {} x {} block on {rows} x {cols}",
        rect.rows, rect.cols
    ))
}

/// The links of a closed tour of `rows` x `cols` (row-major cells), found by the search from the first
/// start that succeeds within the piece budget.
fn cycle_links(rows: u32, cols: u32) -> Option<Vec<u32>> {
    let starts = [
        Square::new(0, 0),
        Square::new(rows / 2, cols / 2),
        Square::new(0, 1),
        Square::new(1, 0),
    ];
    piece_links(rows, cols, &starts, true)
}

/// The links of a tour of `rows` x `cols` from the first of `starts` from which the search finds one.
fn piece_links(rows: u32, cols: u32, starts: &[Square], closed: bool) -> Option<Vec<u32>> {
    let squares = rows as usize * cols as usize;
    for &start in starts {
        let strategy = Strategy {
            tie: if closed {
                TieBreak::FarFromStart
            } else {
                TieBreak::FarFromCentre
            },
            early_end_margin: None,
            split_check: Some(squares),
        };
        let mut search = Search::new(rows, cols, start, closed, strategy, PIECE_RETREATS);
        if search.run().is_ok() {
            return Some(links_of(rows, cols, &search.into_steps(), closed));
        }
    }
    None
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
fn fields(cell: u32) -> [u32; 2] {
    [cell & 15, (cell >> 4) & 15]
}

/// The index of the move from `a` to `b` (which must be a knight move apart).
fn move_between(a: (i64, i64), b: (i64, i64)) -> u32 {
    let d = ((b.0 - a.0) as i32, (b.1 - a.1) as i32);
    MOVES
        .iter()
        .position(|&m| m == d)
        .unwrap_or(NO_LINK as usize) as u32
}

fn is_knight_move(a: (i64, i64), b: (i64, i64)) -> bool {
    let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
}

/// The board while it is being built: link cells, then step numbers.
struct Board {
    rows: u32,
    cols: u32,
    cells: Vec<u32>,
}

impl Board {
    fn index(&self, sq: (i64, i64)) -> usize {
        sq.0 as usize * self.cols as usize + sq.1 as usize
    }

    /// The squares linked to `sq`.
    fn linked(&self, sq: (i64, i64)) -> impl Iterator<Item = (i64, i64)> {
        let cell = self.cells[self.index(sq)];
        fields(cell)
            .into_iter()
            .filter(|&f| f < NO_LINK)
            .map(move |f| {
                let (dr, dc) = MOVES[f as usize];
                (sq.0 + i64::from(dr), sq.1 + i64::from(dc))
            })
    }

    /// Copies a piece's link cells into `rect` (links are relative, so they move unchanged).
    fn place(&mut self, rect: Rect, piece: &[u32]) {
        let (w, cols) = (rect.cols as usize, self.cols as usize);
        for (r, row) in piece.chunks_exact(w).enumerate() {
            let from = (rect.row as usize + r) * cols + rect.col as usize;
            self.cells[from..from + w].copy_from_slice(row);
        }
    }

    /// Replaces the link of `at` that points to `old` by one to `new`.
    fn relink(&mut self, at: (i64, i64), old: (i64, i64), new: (i64, i64)) {
        let i = self.index(at);
        let cell = self.cells[i];
        let (old_m, new_m) = (move_between(at, old), move_between(at, new));
        let [f0, f1] = fields(cell);
        let (f0, f1) = if f0 == old_m {
            (new_m, f1)
        } else {
            (f0, new_m)
        };
        self.cells[i] = LINKED | f0 | f1 << 4;
    }

    /// Joins the cycle of block `child` to the joined part through its neighbour block `parent` by
    /// one exchange of edges (see the module docs). Returns false if no exchange was found.
    fn join(&mut self, child: Rect, parent: Rect) -> bool {
        // Only squares within two lines of the shared side can be a knight move from the parent.
        let (rows, cols) = child.strip_facing(parent);
        for r in rows.clone() {
            for c in cols.clone() {
                let csq = (i64::from(r), i64::from(c));
                for &(dr, dc) in &MOVES {
                    let a = (csq.0 + i64::from(dr), csq.1 + i64::from(dc));
                    if !parent.contains(a) {
                        continue;
                    }
                    for b in self.linked(a).collect::<Vec<_>>() {
                        if let Some(d) = self.linked(csq).find(|&d| is_knight_move(b, d)) {
                            self.relink(a, b, csq);
                            self.relink(csq, d, a);
                            self.relink(b, a, d);
                            self.relink(d, csq, b);
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Walks the joined cycle or path from `start`, overwriting each square's links with its step
    /// number.
    fn number_from(mut self, start: Square) -> Result<Built> {
        let total = self.cells.len() as u32;
        let mut at = (i64::from(start.row), i64::from(start.col));
        let mut prev: Option<(i64, i64)> = None;
        for step in 1..=total {
            let next = self
                .linked(at)
                .find(|&n| Some(n) != prev && self.cells[self.index(n)] & LINKED != 0);
            let i = self.index(at);
            self.cells[i] = step;
            match next {
                Some(n) if step < total => {
                    prev = Some(at);
                    at = n;
                }
                None if step < total => {
                    return Err(Error::NoSolution(format!(
                        "the knight's tour construction on {} x {} broke off after {step} squares; \
                         please report this board",
                        self.rows, self.cols
                    )))
                }
                _ => {}
            }
        }
        Ok(Built {
            steps: self.cells,
            end: Square::new(at.0 as u32, at.1 as u32),
        })
    }
}
