//! How the construction cuts a board into blocks, and in which order it joins them.
//!
//! Every block except the root must have a closed tour of its own, so its area is even and its sides
//! allow one (Schwenk): on boards whose sides are both at least 5 one side of every block is even
//! (6 to 10) and the other 5 to 10. On 3 x n boards no two cycles of 3 x 10 can be joined (an
//! exhaustive check of its 16 cycles), so there the other blocks are 3 x 4 and get open tours that
//! are inserted into an edge of their neighbour, one after another. The root block
//! holds the start. Where the tour can be a cycle (closed tours, and open tours on boards with an even
//! number of squares, entered at the start) the root is a cycle too. Otherwise the root gets an open
//! tour from the start: on a board with both sides odd it is the one block with both sides odd, placed
//! at an even row and column so that it has the board's colouring and the start, on the majority
//! colour, is on its majority colour too.

use std::ops::Range;

/// A rectangle of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    pub(crate) row: u32,
    pub(crate) col: u32,
    pub(crate) rows: u32,
    pub(crate) cols: u32,
}

impl Rect {
    /// Whether the square at row `sq.0`, column `sq.1` lies in the rectangle.
    pub(crate) fn contains(&self, sq: (i64, i64)) -> bool {
        (i64::from(self.row)..i64::from(self.row + self.rows)).contains(&sq.0)
            && (i64::from(self.col)..i64::from(self.col + self.cols)).contains(&sq.1)
    }

    /// The rows and columns of this rectangle within two lines of the side it shares with the
    /// neighbouring rectangle `other` (the only squares a knight move from it).
    pub(crate) fn strip_facing(&self, other: Rect) -> (Range<u32>, Range<u32>) {
        let (rows, cols) = (
            self.row..self.row + self.rows,
            self.col..self.col + self.cols,
        );
        if other.col + other.cols == self.col {
            (rows, self.col..self.col + 2.min(self.cols))
        } else if self.col + self.cols == other.col {
            (rows, cols.end - 2.min(self.cols)..cols.end)
        } else if other.row + other.rows == self.row {
            (self.row..self.row + 2.min(self.rows), cols)
        } else {
            (rows.end - 2.min(self.rows)..rows.end, cols)
        }
    }
}

/// The blocks of a board and its root block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Heights of the bands of blocks, top to bottom.
    row_parts: Vec<u32>,
    /// Widths of the columns of blocks, left to right.
    col_parts: Vec<u32>,
    /// The root block (band, column of blocks).
    root: (usize, usize),
    /// Whether the root gets an open tour from the start (else a closed tour).
    pub(crate) path_root: bool,
}

impl Layout {
    /// The layout for a tour of `rows` x `cols` from `start`, or `None` if the construction has none
    /// for this board (boards with a side of 4 or less than 3, except 1 x 1).
    pub(crate) fn new(rows: u32, cols: u32, start: crate::Square, closed: bool) -> Option<Layout> {
        let short = rows.min(cols);
        let even_board = rows.is_multiple_of(2) || cols.is_multiple_of(2);
        if rows == 1 && cols == 1 {
            return Some(Layout::single(1, 1, true));
        }
        if short >= 5 {
            if closed || even_board {
                let (row_parts, col_parts) = if rows.is_multiple_of(2) {
                    (split(rows, 6, 10, true)?, split(cols, 5, 10, false)?)
                } else {
                    (split(rows, 5, 10, false)?, split(cols, 6, 10, true)?)
                };
                return Some(Layout {
                    row_parts,
                    col_parts,
                    root: (0, 0),
                    path_root: false,
                });
            }
            let (row_parts, bi) = split_around(rows, start.row, 5, 11, 6, 10)?;
            let (col_parts, bj) = split_around(cols, start.col, 5, 11, 6, 10)?;
            return Some(Layout {
                row_parts,
                col_parts,
                root: (bi, bj),
                path_root: true,
            });
        }
        if short != 3 {
            return None;
        }
        let (long, at) = if rows == 3 {
            (cols, start.col)
        } else {
            (rows, start.row)
        };
        let (parts, root, path_root) = if closed || (long % 2 == 0 && long >= 10) {
            // A closed tour exists (Schwenk) and serves every start: a 3 x 10 or 3 x 12 cycle with
            // 3 x 4 paths inserted one after another.
            let first = if long % 4 == 2 { 10 } else { 12 };
            let mut parts = vec![first];
            parts.extend(std::iter::repeat_n(4, ((long - first) / 4) as usize));
            (parts, 0, false)
        } else if long <= 16 {
            (vec![long], 0, true)
        } else {
            // The open tour from the start in a 3 x 9 or 3 x 11 block at a column that is a
            // multiple of 4, 3 x 4 paths inserted outwards on both sides.
            let width = if long % 4 == 1 { 9 } else { 11 };
            let before = (at / 4).min((long - width) / 4);
            let after = (long - width) / 4 - before;
            let mut parts = vec![4; before as usize];
            parts.push(width);
            parts.extend(std::iter::repeat_n(4, after as usize));
            (parts, before as usize, true)
        };
        Some(if rows == 3 {
            Layout {
                row_parts: vec![3],
                col_parts: parts,
                root: (0, root),
                path_root,
            }
        } else {
            Layout {
                row_parts: parts,
                col_parts: vec![3],
                root: (root, 0),
                path_root,
            }
        })
    }

    /// The whole board as one block.
    fn single(rows: u32, cols: u32, path_root: bool) -> Layout {
        Layout {
            row_parts: vec![rows],
            col_parts: vec![cols],
            root: (0, 0),
            path_root,
        }
    }

    /// The rectangle of block (`i`, `j`).
    fn rect(&self, i: usize, j: usize) -> Rect {
        Rect {
            row: self.row_parts[..i].iter().sum(),
            col: self.col_parts[..j].iter().sum(),
            rows: self.row_parts[i],
            cols: self.col_parts[j],
        }
    }

    /// The root block.
    pub(crate) fn root_rect(&self) -> Rect {
        self.rect(self.root.0, self.root.1)
    }

    /// Every block but the root with the neighbour it is joined to, in an order where the neighbour is
    /// always the root or joined before: along the root's column of blocks outwards, then each band
    /// outwards from that column, each block to the block towards it.
    ///
    /// Joining splices a block's tour into its neighbour's, so the finished tour runs through each
    /// band from the root's column out and back. Bands are contiguous in memory (the matrix is
    /// row-major), which keeps the final walk through 10^8 squares in the cache; joining along
    /// columns instead made it jump a whole band's rows at every block.
    pub(crate) fn joins(&self) -> impl Iterator<Item = (Rect, Rect)> + '_ {
        let (bi, bj) = self.root;
        let (nr, nc) = (self.row_parts.len(), self.col_parts.len());
        let row_tops = offsets(&self.row_parts);
        let col_lefts = offsets(&self.col_parts);
        let rect = move |i: usize, j: usize| Rect {
            row: row_tops[i],
            col: col_lefts[j],
            rows: self.row_parts[i],
            cols: self.col_parts[j],
        };
        let spine = (0..bi)
            .rev()
            .map(move |i| ((i, bj), (i + 1, bj)))
            .chain((bi + 1..nr).map(move |i| ((i, bj), (i - 1, bj))));
        let bands = (0..nr).flat_map(move |i| {
            (0..bj)
                .rev()
                .map(move |j| ((i, j), (i, j + 1)))
                .chain((bj + 1..nc).map(move |j| ((i, j), (i, j - 1))))
        });
        spine
            .chain(bands)
            .map(move |((i, j), (pi, pj))| (rect(i, j), rect(pi, pj)))
    }
}

/// Start offsets of consecutive parts.
fn offsets(parts: &[u32]) -> Vec<u32> {
    parts
        .iter()
        .scan(0, |at, &p| {
            let start = *at;
            *at += p;
            Some(start)
        })
        .collect()
}

/// Splits `len` into as few parts in `lo..=hi` as possible, as equal as possible, all even if `even`
/// (`None` if that cannot be done). A length of 0 has no parts.
pub(crate) fn split(len: u32, lo: u32, hi: u32, even: bool) -> Option<Vec<u32>> {
    if len == 0 {
        return Some(Vec::new());
    }
    if even {
        if len % 2 == 1 {
            return None;
        }
        let halves = split(len / 2, lo.div_ceil(2), hi / 2, false)?;
        return Some(halves.into_iter().map(|h| 2 * h).collect());
    }
    let k = len.div_ceil(hi);
    let (base, extra) = (len / k, len % k);
    if base < lo {
        return None;
    }
    Some((0..k).map(|i| base + u32::from(i < extra)).collect())
}

/// Splits `len` into even parts in `even_lo..=even_hi` and one odd part in `odd_lo..=odd_hi` that
/// starts at an even position and holds position `at`. Returns the parts and the odd part's index.
pub(crate) fn split_around(
    len: u32,
    at: u32,
    odd_lo: u32,
    odd_hi: u32,
    even_lo: u32,
    even_hi: u32,
) -> Option<(Vec<u32>, usize)> {
    for odd in (odd_lo..=odd_hi).step_by(2) {
        let first = at.saturating_sub(odd - 1).next_multiple_of(2);
        for before in (first..at + 1).step_by(2).rev() {
            let Some(after) = len.checked_sub(before + odd) else {
                continue;
            };
            if let (Some(mut parts), Some(tail)) = (
                split(before, even_lo, even_hi, true),
                split(after, even_lo, even_hi, true),
            ) {
                let root = parts.len();
                parts.push(odd);
                parts.extend(tail);
                return Some((parts, root));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover_the_length_within_bounds() {
        for len in 5..=400 {
            let parts = split(len, 5, 10, false).expect("any length from 5");
            assert_eq!(parts.iter().sum::<u32>(), len);
            assert!(
                parts.iter().all(|p| (5..=10).contains(p)),
                "{len}: {parts:?}"
            );
            if len % 2 == 0 && len >= 6 {
                let parts = split(len, 6, 10, true).expect("even lengths from 6");
                assert_eq!(parts.iter().sum::<u32>(), len);
                assert!(parts.iter().all(|p| p % 2 == 0 && (6..=10).contains(p)));
            }
        }
    }

    #[test]
    fn odd_lengths_split_around_every_position() {
        for len in (5..=301).step_by(2) {
            for at in 0..len {
                let (parts, root) = split_around(len, at, 5, 11, 6, 10).expect("split");
                assert_eq!(parts.iter().sum::<u32>(), len);
                let before: u32 = parts[..root].iter().sum();
                assert!(before.is_multiple_of(2) && before <= at && at < before + parts[root]);
                assert!(parts[root] % 2 == 1);
            }
        }
    }
}
