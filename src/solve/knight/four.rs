//! Open knight's tours of boards with a short side of 4, built from small pieces, from starts near
//! an end of the board.
//!
//! The blocks-and-cycles construction of the `construct` module does not work here: no 4-row block
//! has a closed tour, and every tour of 4 x n alternates long-edge and middle squares. Pieces that
//! are paths do work (here rows are the short side, the start in the left half, on row 0):
//!
//! - the start block, the first few columns, holding the start square;
//! - right of it, lanes and a cap: the tour leaves the start block on one lane, crosses 4-column
//!   lane blocks one after another, turns in the cap block at the far end, and comes back through the
//!   same lane blocks on a second lane (ending there, or coming back into the start block to end).
//!   The part may be turned upside down and walked either way.
//!
//! Each lane block holds two paths covering its 16 squares: the outgoing one from row [`OUT_ROW`] of
//! its first column to a knight move from that row of the next block, the returning one from row
//! [`BACK_ROW`] of its last column to a knight move from that row of the block before; the cap (3 or
//! 5 to 9 columns) is one path turning from the one to the other. Because every block meets the same
//! entry squares, the pieces are found once per width by a small depth-first search
//! ([`cover::cover`]) and copied into place, so the work beyond the start block is proportional to
//! the board. The start block is searched for each start, a few widths within a node budget each.
//! Which entry rows and widths admit pieces was found by that same search (rows 0 and 1; lanes of 4,
//! 6 or 8 columns; caps of 3 and 5 to 9).
//!
//! The assembly also takes a part on the left of the start block (left, start block, right), but
//! with these pieces no start block fitted between two parts within the node budget, so starts more
//! than 4 squares from an end (on boards longer than 10) are not covered yet: [`build`] refuses them.

mod cover;

use super::construct::Built;
use super::MOVES;
use crate::{Error, Result, Square};
use cover::{cover, At, End, Leg};
use std::collections::HashMap;

/// The row on which the outgoing lane enters each block.
const OUT_ROW: i32 = 0;
/// The row on which the returning lane enters each block.
const BACK_ROW: i32 = 1;
/// The width of a lane block.
const LANE: u32 = 4;
/// Widths of a cap block that has pieces.
const CAPS: [u32; 6] = [3, 5, 6, 7, 8, 9];
/// The widest start block tried.
const MAX_START_WIDTH: u32 = 12;
/// Search nodes allowed for one piece (the pieces found take a few thousand at most).
const NODE_BUDGET: u64 = 2_000;

/// Builds an open tour of `rows` x `cols` (one side 4, the other at least 5) from `start`, which must
/// lie on a long edge (the caller has applied the existence rules).
pub(crate) fn build(rows: u32, cols: u32, start: Square) -> Result<Built> {
    let frame = Frame::new(rows, cols, start);
    let n = frame.len;
    let s = frame.local(start);
    let mut pieces = Pieces::default();
    // Start blocks with a part on their left were tried (the assembly allows them) and no start
    // block fitted, so the start block begins at the end nearer the start.
    for width in (s.1 + 1).max(3)..=MAX_START_WIDTH.min(n) {
        if !fits(n - width) {
            continue;
        }
        if let Some(path) = frame.assemble(&mut pieces, s, 0, width) {
            return frame.number(&path);
        }
    }
    Err(Error::NoSolution(format!(
        "the knight's tour construction for a side of 4 covers starts near an end of the board, \
         and none of its start blocks fits {start} on {rows} x {cols}"
    )))
}

/// Whether a part of this many columns can be laid out as a cap and lanes.
fn fits(width: u32) -> bool {
    width == 0 || cap_width(width).is_some()
}

/// The cap's width in a part of `width` columns (the rest are lanes).
fn cap_width(width: u32) -> Option<u32> {
    CAPS.iter()
        .copied()
        .find(|&cap| cap <= width && (width - cap).is_multiple_of(LANE))
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

    /// The tour with the start block of `width` columns after `left` columns, in local squares, or
    /// `None` if no fitting start block was found. The tour leaves the start block into one part,
    /// comes back, leaves into the other (and may come back again to end in the start block). Each
    /// part may be turned upside down and walked either way; the start block is searched to fit the
    /// ends so chosen.
    fn assemble(
        &self,
        pieces: &mut Pieces,
        s: (u32, u32),
        left: u32,
        width: u32,
    ) -> Option<Vec<(u32, u32)>> {
        let right = self.len - left - width;
        let lefts = part_paths(pieces, left, 0, false);
        let rights = part_paths(pieces, right, left + width, true);
        let local = |(r, c): (u32, u32)| (r as i32, c as i32 - left as i32);
        let w = width as i32;
        let inside = |&(r, c): &At| (0..4).contains(&r) && (0..w).contains(&c);
        let next_to = |at: (u32, u32)| -> Vec<At> {
            let (r, c) = local(at);
            MOVES
                .iter()
                .map(|&(dr, dc)| (r + dr, c + dc))
                .filter(inside)
                .collect()
        };
        for ends_in_block in [false, true] {
            for (first_left, a, b) in [(true, &lefts, &rights), (false, &rights, &lefts)] {
                for p1 in a {
                    for p2 in b {
                        let parts: Vec<&Vec<(u32, u32)>> =
                            [p1, p2].into_iter().filter(|p| !p.is_empty()).collect();
                        if parts.is_empty() && (ends_in_block || !first_left) {
                            continue;
                        }
                        if parts.len() < 2 && !first_left {
                            continue; // the same as with the parts in the other order
                        }
                        let entries: Vec<At> = parts.iter().map(|p| local(p[0])).collect();
                        let backs: Vec<Vec<At>> =
                            parts.iter().map(|p| next_to(p[p.len() - 1])).collect();
                        if backs
                            .iter()
                            .take((entries.len() + usize::from(ends_in_block)).saturating_sub(1))
                            .any(Vec::is_empty)
                        {
                            continue;
                        }
                        let found =
                            Frame::start_block(&entries, &backs, ends_in_block, local(s), w);
                        if let Some(block) = found {
                            let mut path = Vec::with_capacity(4 * self.len as usize);
                            for (i, leg) in block.iter().enumerate() {
                                path.extend(
                                    leg.iter()
                                        .map(|&(r, c)| (r as u32, (c + left as i32) as u32)),
                                );
                                if let Some(part) = parts.get(i) {
                                    path.extend_from_slice(part);
                                }
                            }
                            return Some(path);
                        }
                    }
                }
            }
        }
        None
    }

    /// The legs of a `width`-column start block from `s`: one toward each part's `entries` square
    /// and, from one of its `backs` squares (next to the part's last square), the next; the last
    /// leg ends anywhere if `ends_in_block`, else the last part ends the tour.
    fn start_block(
        entries: &[At],
        backs: &[Vec<At>],
        ends_in_block: bool,
        s: At,
        width: i32,
    ) -> Option<Vec<Vec<At>>> {
        let leg_count = (entries.len() + usize::from(ends_in_block)).max(1);
        let end_of = |i: usize| entries.get(i).map_or(End::Any, |&e| End::Toward(e));
        // Every choice of the squares where the tour comes back, the first choices first.
        let mut choice = vec![0usize; leg_count - 1];
        loop {
            let mut legs = vec![Leg {
                from: s,
                end: end_of(0),
            }];
            for (i, &k) in choice.iter().enumerate() {
                legs.push(Leg {
                    from: backs[i][k],
                    end: end_of(i + 1),
                });
            }
            if let Some(found) = cover(width, &legs, NODE_BUDGET) {
                return Some(found);
            }
            // The next choice, as an odometer.
            let mut i = 0;
            loop {
                if i == choice.len() {
                    return None;
                }
                choice[i] += 1;
                if choice[i] < backs[i].len() {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
        }
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

/// The ways to walk a part of `width` columns from `offset` (none if it is empty: one empty way):
/// upright and upside down, each both ways. The part is a cap at the far end (the left end, or the
/// right end if `mirrored`) and lanes between; the forward walk goes out on one lane, turns in the
/// cap and comes back on the other.
fn part_paths(
    pieces: &mut Pieces,
    width: u32,
    offset: u32,
    mirrored: bool,
) -> Vec<Vec<(u32, u32)>> {
    if width == 0 {
        return vec![Vec::new()];
    }
    let Some((cap, lanes)) = pieces.part(width) else {
        return Vec::new();
    };
    let lane_count = (width - cap.width) / LANE;
    let mut ways = Vec::new();
    for flip in [false, true] {
        let mut path = Vec::with_capacity(4 * width as usize);
        // A piece whose first column is `at` columns into the part.
        let mut push = |piece: &[At], at: u32| {
            for &(r, c) in piece {
                let r = if flip { 3 - r } else { r } as u32;
                let c = at + c as u32;
                let c = if mirrored { width - 1 - c } else { c };
                path.push((r, offset + c));
            }
        };
        for k in (0..lane_count).rev() {
            push(&lanes[0], cap.width + k * LANE);
        }
        push(&cap.legs[0], 0);
        for k in 0..lane_count {
            push(&lanes[1], cap.width + k * LANE);
        }
        let reversed: Vec<_> = path.iter().rev().copied().collect();
        ways.push(path);
        ways.push(reversed);
    }
    ways
}

/// A cap block's path and its width.
#[derive(Clone)]
struct Cap {
    width: u32,
    legs: Vec<Vec<At>>,
}

/// The lane and cap pieces, each searched for once.
#[derive(Default)]
struct Pieces {
    lanes: Option<Option<Vec<Vec<At>>>>,
    caps: HashMap<u32, Option<Cap>>,
}

impl Pieces {
    /// The cap and the lane pieces of a part `width` columns wide.
    fn part(&mut self, width: u32) -> Option<(Cap, Vec<Vec<At>>)> {
        let cap_width = cap_width(width)?;
        let lanes = self
            .lanes
            .get_or_insert_with(|| {
                let w = LANE as i32;
                cover(
                    w,
                    &[
                        Leg {
                            from: (OUT_ROW, w - 1),
                            end: End::Toward((OUT_ROW, -1)),
                        },
                        Leg {
                            from: (BACK_ROW, 0),
                            end: End::Toward((BACK_ROW, w)),
                        },
                    ],
                    NODE_BUDGET,
                )
            })
            .clone()?;
        let cap = self
            .caps
            .entry(cap_width)
            .or_insert_with(|| {
                let w = cap_width as i32;
                let legs = cover(
                    w,
                    &[Leg {
                        from: (OUT_ROW, w - 1),
                        end: End::Toward((BACK_ROW, w)),
                    }],
                    NODE_BUDGET,
                )?;
                Some(Cap {
                    width: cap_width,
                    legs,
                })
            })
            .clone()?;
        Some((cap, lanes))
    }
}
