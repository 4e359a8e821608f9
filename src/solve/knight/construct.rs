//! Knight's tours built from small pieces instead of searched for whole (divide and conquer in the
//! manner of Parberry 1997 and Lin and Wei 2005).
//!
//! The board is cut into blocks of a few squares a side ([`layout`]). One block, the root, gets
//! either a closed tour (a cycle) or, when the tour must start at a square no cycle can serve, an open
//! tour of the block from that square (a path); every other block gets a small tour of its own (a
//! cycle, or on 3 x n boards a path). The small tours are found once per block shape by the
//! Warnsdorff search and copied into every block of that shape.
//!
//! The blocks are then joined one at a time, each to a neighbour joined before it. A new cycle
//! joins by an exchange: an edge a–b of the joined part and an edge c–d of the new cycle, with a–c
//! and b–d knight moves, are replaced by a–c and b–d. The new cycle opened at c–d is a path from c to
//! d, so the result is again one cycle (or one path with the same ends). A new path c..v joins by
//! insertion into an edge a–b with a–c and b–v knight moves (and, failing both, a new piece may be
//! appended at the far end of the joined path). Because the two pieces are disjoint
//! before the join, the result is always a single cycle or path through all their squares, and the
//! start stays first; the only thing that can fail is finding such edges, and then the construction
//! tries the next small tour of that block shape (other starts, mirror images) and finally reports
//! an error rather than a wrong tour. Near the shared side of two blocks of 5 or more a side there
//! are dozens of exchanges; two 3 x 10 cycles have none (checked exhaustively over all 16), which is
//! why 3 x n boards insert 3 x 4 paths instead. The tests build every board from 5 x 5 to 30 x 30
//! and 3 x 4 to 3 x 200 and check the tours with a checker of their own.
//!
//! While it is being built the tour lives in the step matrix itself: each square's cell holds its at
//! most two links (as indices into [`MOVES`]), and the final walk from the start overwrites the links
//! with step numbers, so memory is the output matrix and little more.

use super::layout::{Layout, Rect};
use super::pieces::{fields, piece_links, Piece, Shapes, LINKED, NO_LINK, UNLINKED};
use super::search::TieBreak;
use super::MOVES;
use crate::{Error, Result, Square};

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
        start: (i64::from(start.row), i64::from(start.col)),
    };
    let mut shapes = Shapes::default();
    let root = layout.root_rect();
    let local = Square::new(start.row - root.row, start.col - root.col);
    // A path from the start cannot be mirrored, so other paths come from other tie-breaks.
    let ties = [
        TieBreak::FarFromCentre,
        TieBreak::SeedOrder,
        TieBreak::FarFromStart,
    ];
    let mut failed = None;
    for attempt in 0.. {
        let root_piece = if layout.path_root {
            match ties.get(attempt) {
                Some(&tie) => piece_links(root.rows, root.cols, local, false, tie),
                None => break,
            }
        } else {
            match shapes.get(root.rows, root.cols, attempt) {
                Some(piece) if piece.closed => Some(piece.clone()),
                _ => break,
            }
        };
        let Some(root_piece) = root_piece else {
            continue;
        };
        board.place(root, &root_piece.cells);
        failed = layout.joins().find(|&(child, parent)| {
            let mut i = 0;
            while let Some(piece) = shapes.get(child.rows, child.cols, i) {
                board.place(child, &piece.cells);
                if board.join(child, parent, piece) {
                    return false;
                }
                i += 1;
            }
            true
        });
        if failed.is_none() {
            return board.number_from(start);
        }
    }
    Err(match failed {
        Some((child, _)) => Error::NoSolution(format!(
            "the knight's tour construction found no way to join the {} x {} block at {},{} on \
             {rows} x {cols}; please report this board",
            child.rows, child.cols, child.row, child.col
        )),
        None => piece_failed(root, rows, cols),
    })
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
    /// The start of the tour: it stays the first square of a path, so nothing is appended there.
    start: (i64, i64),
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

    /// Replaces the link field `old` of `at` (a move index, or [`NO_LINK`]) by the move to `new`
    /// (or by [`NO_LINK`] if `new` is `None`).
    fn set_field(&mut self, at: (i64, i64), old: u32, new: Option<(i64, i64)>) {
        let i = self.index(at);
        let new = new.map_or(NO_LINK, |n| move_between(at, n));
        let [f0, f1] = fields(self.cells[i]);
        let (f0, f1) = if f0 == old { (new, f1) } else { (f0, new) };
        self.cells[i] = LINKED | f0 | f1 << 4;
    }

    /// Replaces the link of `at` to `old` (or its empty link, if `old` is `None`) by one to `new`.
    fn relink(&mut self, at: (i64, i64), old: Option<(i64, i64)>, new: Option<(i64, i64)>) {
        let field = old.map_or(NO_LINK, |o| move_between(at, o));
        self.set_field(at, field, new);
    }

    /// Whether `sq` is an end of a path (it has an empty link).
    fn is_end(&self, sq: (i64, i64)) -> bool {
        fields(self.cells[self.index(sq)]).contains(&NO_LINK)
    }

    /// Joins `piece`, just placed in block `child`, to the joined part through its neighbour block
    /// `parent` (see the module docs). Returns false if no join was found; the joined part is then
    /// unchanged.
    fn join(&mut self, child: Rect, parent: Rect, piece: &Piece) -> bool {
        // Only squares within two lines of the shared side can be a knight move from the parent.
        let (rows, cols) = child.strip_facing(parent);
        let origin = (i64::from(child.row), i64::from(child.col));
        let ends = piece.ends.map(|(r, c)| (r + origin.0, c + origin.1));
        for append in [false, true] {
            for r in rows.clone() {
                for c in cols.clone() {
                    let csq = (i64::from(r), i64::from(c));
                    if !piece.closed && !ends.contains(&csq) {
                        continue;
                    }
                    for &(dr, dc) in &MOVES {
                        let a = (csq.0 + i64::from(dr), csq.1 + i64::from(dc));
                        if parent.contains(a) && self.join_at(a, csq, piece, ends, append) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Tries to join the new piece at its square `c` to the joined part at its square `a` (a knight
    /// move apart): by exchanging edges, by inserting the new path into an edge, or, if `append`, by
    /// appending the new piece at the far end of the joined path.
    fn join_at(
        &mut self,
        a: (i64, i64),
        c: (i64, i64),
        piece: &Piece,
        ends: [(i64, i64); 2],
        append: bool,
    ) -> bool {
        if append {
            if a == self.start || !self.is_end(a) {
                return false;
            }
            // a is the far end of the joined path: continue it into the new piece at c.
            self.relink(a, None, Some(c));
            if piece.closed {
                let d = self.linked(c).next();
                if let Some(d) = d {
                    self.relink(c, Some(d), Some(a));
                    self.relink(d, Some(c), None);
                }
            } else {
                self.relink(c, None, Some(a));
            }
            return true;
        }
        let a_links: Vec<_> = self.linked(a).collect();
        for b in a_links {
            if piece.closed {
                // Exchange a-b and c-d for a-c and b-d.
                if let Some(d) = self.linked(c).find(|&d| is_knight_move(b, d)) {
                    self.relink(a, Some(b), Some(c));
                    self.relink(c, Some(d), Some(a));
                    self.relink(b, Some(a), Some(d));
                    self.relink(d, Some(c), Some(b));
                    return true;
                }
            } else {
                // Insert the new path c..v into the edge a-b.
                let v = if ends[0] == c { ends[1] } else { ends[0] };
                if is_knight_move(b, v) {
                    self.relink(a, Some(b), Some(c));
                    self.relink(c, None, Some(a));
                    self.relink(v, None, Some(b));
                    self.relink(b, Some(a), Some(v));
                    return true;
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
