//! Open knight's tours of boards with a short side of 4, from every start that has one, built from
//! small pieces in time proportional to the board.
//!
//! The blocks-and-cycles construction of the `construct` module does not work here: no 4-row block
//! has a closed tour. Here rows are the short side, the start is on row 0 (the existence rules allow
//! only the two long edges) and in the left half. The tour is cut into three stretches of columns:
//!
//! - the start block, a few columns holding the start square, searched for each start;
//! - on each side of it a part (possibly empty): a cap block at that end of the board and lane
//!   blocks between the cap and the start block, all copies of pieces found once (see [`parts`]).
//!   The paths of a part join into fragments, each leaving the start block, running out through
//!   the lanes, turning in the cap and running back to end next to the start block; the tour enters
//!   each fragment from the start block and comes back into it (except perhaps after the last).
//!
//! Why two kinds of part: the edge squares (rows 0 and 3) are half the board and no two are a knight
//! move apart, so the tour puts a middle square between any two edge squares. That takes all the
//! middle squares but one, and the spare one cannot be at an end of the tour: then the tour would
//! alternate edge and middle squares and, as the knight alternates colours too, all edge squares
//! would have one colour, but every column has an edge square of each colour. So the tour starts and
//! ends on an edge and makes exactly one move between two middle squares (from row 1 to row 2 or
//! back); before that move its edge squares have the start's colour, after it the other colour.
//! Call a square's colour class its colour if it is an edge square, the other colour if not: every
//! move but that one keeps the class. A part holds as many edge squares of each colour, so a part
//! walked as one fragment must hold that move, and two such parts cannot both be. So the
//! [`parts::SINGLE`] part (one fragment, out on row 0 and back on row 1) is on one side only, and the
//! other side is a [`parts::DOUBLE`] part, two fragments each keeping to one colour class (out on
//! row 0 and back on row 3, and the other way). The same argument orders the fragments (the double
//! part's fragment of the start's class first, then the single part, then the other), fixes the
//! class of every square where the tour comes back into the start block, and tells how many more
//! edge than middle squares each leg of the start block has; orders, directions and squares that
//! these rule out are not searched.
//!
//! The start block's paths are found by [`cover::cover`] within [`BLOCK_BUDGET`] nodes for each
//! choice left. Its width is 3 columns for every start of 4 x n for 9 <= n <= 210 (4 or 5 on 4 x 5,
//! 4 x 7 and 4 x 8), measured when this was written; wider blocks, up to [`MAX_BLOCK_WIDTH`], are
//! tried if it is not. The tests build the tour from every long-edge start of every 4 x n and n x 4
//! up to n = 200 and check it.

mod block;
mod cover;
mod parts;
mod walks;

use super::construct::Built;
use crate::{Error, Result, Square};
use block::StartBlock;
use cover::At;
use parts::{Design, DOUBLE, SINGLE};
use walks::{edge_colour, walks, Fragment, Walk};

/// The widest start block tried.
const MAX_BLOCK_WIDTH: u32 = 12;

/// Builds an open tour of `rows` x `cols` (one side 4, the other at least 5) from `start`, which must
/// lie on a long edge (the caller has applied the existence rules).
pub(crate) fn build(rows: u32, cols: u32, start: Square) -> Result<Built> {
    let frame = Frame::new(rows, cols, start);
    let n = frame.len;
    let s = frame.local(start);
    for width in 3..=MAX_BLOCK_WIDTH.min(n) {
        // The start block's first column: at the start, then further left.
        for left in (0..=s.1).rev().take(width as usize) {
            if left + width > n {
                continue;
            }
            for (left_design, right_design) in [(&SINGLE, &DOUBLE), (&DOUBLE, &SINGLE)] {
                let sides = [(left_design, left), (right_design, n - left - width)];
                if let Some(path) = frame.assemble(s, left, width, sides) {
                    return frame.number(&path);
                }
            }
        }
    }
    Err(Error::NoSolution(format!(
        "the knight's tour construction for a side of 4 found no start block for {start} on \
         {rows} x {cols}; please report this board"
    )))
}
/// The board seen with 4 rows, the start on row 0 and in the left half: the real board is this one
/// transposed and mirrored as needed.
struct Frame {
    rows: u32,
    cols: u32,
    len: u32,
    transposed: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Frame {
    fn new(rows: u32, cols: u32, start: Square) -> Frame {
        let transposed = rows != 4;
        let (len, across, along) = if transposed {
            (rows, start.col, start.row)
        } else {
            (cols, start.row, start.col)
        };
        Frame {
            rows,
            cols,
            len,
            transposed,
            flip_rows: across == 3,
            flip_cols: along > len - 1 - along,
        }
    }

    fn local(&self, sq: Square) -> (u32, u32) {
        let (r, c) = if self.transposed {
            (sq.col, sq.row)
        } else {
            (sq.row, sq.col)
        };
        (
            if self.flip_rows { 3 - r } else { r },
            if self.flip_cols { self.len - 1 - c } else { c },
        )
    }

    fn real(&self, (r, c): (u32, u32)) -> Square {
        let r = if self.flip_rows { 3 - r } else { r };
        let c = if self.flip_cols { self.len - 1 - c } else { c };
        if self.transposed {
            Square::new(c, r)
        } else {
            Square::new(r, c)
        }
    }

    /// The tour with a start block of `width` columns after `left` columns and a part on each side,
    /// `sides` giving the left part's and the right part's design and width, in local squares, or
    /// `None` if no start block was found for them.
    fn assemble(
        &self,
        s: (u32, u32),
        left: u32,
        width: u32,
        sides: [(&'static Design, u32); 2],
    ) -> Option<Vec<(u32, u32)>> {
        let [(left_design, left_width), (right_design, right_width)] = sides;
        let lefts = side(left_design, left_width, |(r, c)| (r, c))?;
        let right_from = left + width;
        let rights = side(right_design, right_width, |(r, c)| {
            (r, right_from + right_width - 1 - c)
        })?;
        let block = StartBlock {
            left,
            width,
            start: s,
        };
        let start_colour = (s.0 + s.1) % 2;
        for ends_in_block in [false, true] {
            for left_fragments in &lefts {
                for right_fragments in &rights {
                    let fragments: Vec<&Fragment> =
                        left_fragments.iter().chain(right_fragments).collect();
                    if fragments.is_empty() && ends_in_block {
                        continue; // the same as without
                    }
                    for walks in walks(&fragments, start_colour) {
                        if let Some(legs) = block.legs(&walks, ends_in_block) {
                            return Some(self.join(&legs, &walks));
                        }
                    }
                }
            }
        }
        None
    }

    /// The tour: each of the start block's `legs`, then the walk of the same index.
    fn join(&self, legs: &[Vec<(u32, u32)>], walks: &[Walk]) -> Vec<(u32, u32)> {
        let mut path = Vec::with_capacity(4 * self.len as usize);
        for (i, leg) in legs.iter().enumerate() {
            path.extend_from_slice(leg);
            if let Some(walk) = walks.get(i) {
                walk.walk_onto(&mut path);
            }
        }
        path
    }

    /// The step matrix of a tour given as local squares in order, after checking that it is one.
    fn number(&self, path: &[(u32, u32)]) -> Result<Built> {
        let mut steps = vec![0u32; self.rows as usize * self.cols as usize];
        let mut prev: Option<Square> = None;
        for (i, &at) in path.iter().enumerate() {
            let sq = self.real(at);
            let cell = &mut steps[(sq.row * self.cols + sq.col) as usize];
            let joined = prev.is_none_or(|p| {
                let (dr, dc) = (p.row.abs_diff(sq.row), p.col.abs_diff(sq.col));
                (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
            });
            if *cell != 0 || !joined {
                return Err(Error::NoSolution(format!(
                    "the knight's tour construction for a side of 4 broke off at {sq} on {} x {}; \
                     please report this board",
                    self.rows, self.cols
                )));
            }
            *cell = i as u32 + 1;
            prev = Some(sq);
        }
        match prev {
            Some(end) if path.len() == steps.len() => Ok(Built { steps, end }),
            _ => Err(Error::NoSolution(format!(
                "the knight's tour construction for a side of 4 left squares of {} x {} out; \
                 please report this board",
                self.rows, self.cols
            ))),
        }
    }
}
/// The fragments of a part of `width` columns of `design`, for the part upright and upside down
/// (one way with no fragments if `width` is 0), `place` giving the local square of a square of the
/// part; `None` if no cap fits.
fn side(
    design: &'static Design,
    width: u32,
    place: impl Fn((u32, u32)) -> (u32, u32),
) -> Option<Vec<Vec<Fragment>>> {
    if width == 0 {
        return Some(vec![Vec::new()]);
    }
    let pieces = design.pieces()?;
    [false, true]
        .into_iter()
        .map(|flip| {
            let fragments = pieces.fragments(width, |(r, c): At| {
                let r = if flip { 3 - r } else { r };
                place((r as u32, c as u32))
            })?;
            Some(
                fragments
                    .into_iter()
                    .map(|squares| Fragment {
                        edge_colour: edge_colour(&squares),
                        squares,
                    })
                    .collect(),
            )
        })
        .collect()
}
