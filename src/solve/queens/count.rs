//! Counting solutions and symmetry classes without enumerating them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::{check_n, MAX_COUNT_N};
use crate::{Error, Result, WorkProgress};

/// The number of solutions on an n x n board, 1 <= n <= [`MAX_COUNT_N`] (OEIS A000170).
///
/// Counted without enumerating, by the symmetry-pruned bitboard search described at [`ClassCounts`].
pub fn count(n: u32) -> Result<u64> {
    Ok(count_classes(n)?.total())
}

/// The number of solutions up to rotation and reflection, 1 <= n <= [`MAX_COUNT_N`] (OEIS A002562).
///
/// Burnside's lemma over the 8 symmetries of the square says the number of classes is
/// `(T + 2 F90 + F180) / 8` (reflections fix no solution for n > 1: a queen would share a line with its
/// own image). The search behind [`count`] already sorts each class representative by its symmetry, so
/// this costs the same single pass; the unit tests check it against Burnside with separately counted
/// rotation-fixed solutions.
pub fn count_unique(n: u32) -> Result<u64> {
    Ok(count_classes(n)?.unique())
}

/// Symmetry classes of N-queens solutions, counted by the size of the class.
///
/// Found by Takaken's algorithm: a bitboard backtracking search (rows as bits, one recursion level per
/// column) that only enters placements which can be the lexicographically first member of their class,
/// then checks the three rotations at the leaves. A class has 2 members when the solution is fixed by a
/// quarter turn, 4 when fixed only by a half turn, 8 otherwise. Measured against searching half of the
/// first column and doubling (plain mirror symmetry) it visits about half as many nodes, and it yields the
/// class counts for free. The subtrees below the first two or three placements run in parallel on rayon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    /// Classes of 2 (fixed by the quarter turn).
    pub of_two: u64,
    /// Classes of 4 (fixed by the half turn but not the quarter turn).
    pub of_four: u64,
    /// Classes of 8 (no symmetry); n = 1's single solution is counted here with a class of 1, see
    /// [`ClassCounts::total`].
    pub of_eight: u64,
    /// Board size, needed to special-case n = 1.
    n: u32,
}

impl ClassCounts {
    /// Number of solutions.
    pub fn total(&self) -> u64 {
        if self.n == 1 {
            return self.of_eight;
        }
        2 * self.of_two + 4 * self.of_four + 8 * self.of_eight
    }

    /// Number of classes (fundamental solutions).
    pub fn unique(&self) -> u64 {
        self.of_two + self.of_four + self.of_eight
    }

    fn add(self, other: ClassCounts) -> ClassCounts {
        ClassCounts {
            of_two: self.of_two + other.of_two,
            of_four: self.of_four + other.of_four,
            of_eight: self.of_eight + other.of_eight,
            n: self.n,
        }
    }
}

/// Solutions and symmetry classes of an n x n board, 1 <= n <= [`MAX_COUNT_N`]; see [`ClassCounts`].
pub fn count_classes(n: u32) -> Result<ClassCounts> {
    count_classes_with(n, &mut crate::Cancel::new())
}

/// [`count_classes`], telling `progress` how many of the search's subtrees are finished (of a
/// total known before the first) as each one finishes, on whichever thread searched it. A count
/// of 20 queens takes about an hour of two cores' time: its 48,444 subtrees are each a fraction of a
/// second of it, so the subtrees done make a fair estimate of the time left, and they are searched
/// in an order spread over the whole search (not the corner cases first) so that the share done
/// is the share of the work. `progress` returning `false` stops the count after the subtrees being
/// searched: [`Error::Interrupted`].
pub fn count_classes_with(n: u32, progress: &mut (dyn WorkProgress + Send)) -> Result<ClassCounts> {
    check_n(n, MAX_COUNT_N, "counting (larger boards take hours)")?;
    let empty = ClassCounts {
        n,
        ..ClassCounts::default()
    };
    let answer = match n {
        1 => Some(ClassCounts {
            of_eight: 1,
            ..empty
        }),
        // The pruning below assumes a board with room for its corner and side cases.
        2 | 3 => Some(empty),
        _ => None,
    };
    if let Some(counts) = answer {
        return if progress.increase(1, 1) {
            Ok(counts)
        } else {
            Err(Error::Interrupted)
        };
    }
    let tasks = spread(takaken::tasks(n));
    let total = tasks.len() as u64;
    if !progress.increase(0, total) {
        return Err(Error::Interrupted);
    }
    // The subtrees finished so far, counted under the same lock the progress is told under, so
    // that it hears them in order.
    let told = Mutex::new((0u64, progress));
    let stop = AtomicBool::new(false);
    let counts = tasks
        .into_par_iter()
        .map(|mut task| {
            if stop.load(Ordering::Relaxed) {
                return empty;
            }
            let counts = task.run(empty);
            let mut told = told.lock().unwrap_or_else(|e| e.into_inner());
            told.0 += 1;
            let done = told.0;
            if !told.1.increase(done, total) {
                stop.store(true, Ordering::Relaxed);
            }
            counts
        })
        .reduce(|| empty, ClassCounts::add);
    if stop.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    Ok(counts)
}

/// `items` reordered so that every stretch of the list samples the whole of it: item `i * STRIDE
/// mod len` comes `i`-th, a stride near the golden section of the length and prime to it. Rayon
/// hands each thread a contiguous stretch; without this, the first minutes would search the
/// corner cases alone, and the subtrees done would say little of the time left.
fn spread<T>(items: Vec<T>) -> Vec<T> {
    let len = items.len();
    if len < 3 {
        return items;
    }
    let mut stride = (len as f64 * 0.618) as usize;
    while gcd(stride, len) != 1 {
        stride += 1;
    }
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    (0..len)
        .filter_map(|i| slots[i * stride % len].take())
        .collect()
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Takaken's symmetry-pruned N-queens counter (see [`ClassCounts`]).
///
/// The board is searched row by row here (bit i of `board[y]` is the queen's column in row y); counting
/// is independent of that orientation. Two cases:
/// - the row-0 queen in a corner: such a solution has no rotational symmetry (its rotated corner queens
///   would attack each other along the diagonal), so it counts in the classes of 8; forbidding column 1
///   above row `bound1` keeps only the diagonal mirror image that is first;
/// - otherwise the row-0 queen stays in the left half (`bound1 < bound2`), queens near the edges are kept
///   off the corner-side columns (`sidemask`, `lastmask`) so no rotation of the board could be smaller, and
///   the leaf checks the rotations by 90, 180 and 270 degrees explicitly.
mod takaken {
    use super::ClassCounts;

    /// The state of one search subtree.
    #[derive(Clone, Debug)]
    pub(super) struct Task {
        last_row: usize,
        mask: u32,
        top_bit: u32,
        end_bit: u32,
        side_mask: u32,
        last_mask: u32,
        bound1: usize,
        bound2: usize,
        corner: bool,
        board: [u32; 32],
        // Where the subtree starts: the row and the columns/diagonals attacking it.
        row: usize,
        left: u32,
        down: u32,
        right: u32,
    }

    /// Rows below the first one or two placements at which the search is cut into subtrees: three
    /// make 48,444 subtrees of 20 queens, each a fraction of a second, so that the cores share
    /// the work evenly, a bar of them moves, and a stop is heard soon.
    const SPLIT_ROWS: u32 = 3;

    /// The subtrees to search, split [`SPLIT_ROWS`] rows deep.
    pub(super) fn tasks(n: u32) -> Vec<Task> {
        let n = n as usize;
        let last_row = n - 1;
        let top_bit = 1u32 << last_row;
        let base = Task {
            last_row,
            mask: (1u32 << n) - 1,
            top_bit,
            end_bit: top_bit >> 1,
            side_mask: top_bit | 1,
            last_mask: top_bit | 1,
            bound1: 0,
            bound2: 0,
            corner: true,
            board: [0; 32],
            row: 0,
            left: 0,
            down: 0,
            right: 0,
        };
        let mut roots = Vec::new();
        // Row-0 queen in the corner; the row-1 queen (column bound1) fixes the branch.
        for bound1 in 2..last_row {
            let bit = 1u32 << bound1;
            let mut t = base.clone();
            t.bound1 = bound1;
            t.board[0] = 1;
            t.board[1] = bit;
            t.row = 2;
            t.left = (2 | bit) << 1;
            t.down = 1 | bit;
            t.right = bit >> 1;
            roots.push(t);
        }
        // Row-0 queen at column bound1 < bound2 = n - 1 - bound1; the edge masks widen with bound1.
        let (mut bound1, mut bound2) = (1, n - 2);
        let (mut last_mask, mut end_bit) = (top_bit | 1, top_bit >> 1);
        while bound1 < bound2 {
            let bit = 1u32 << bound1;
            let mut t = base.clone();
            t.corner = false;
            t.bound1 = bound1;
            t.bound2 = bound2;
            t.last_mask = last_mask;
            t.end_bit = end_bit;
            t.board[0] = bit;
            t.row = 1;
            t.left = bit << 1;
            t.down = bit;
            t.right = bit >> 1;
            roots.push(t);
            last_mask |= last_mask >> 1 | last_mask << 1;
            end_bit >>= 1;
            bound1 += 1;
            bound2 -= 1;
        }
        let mut out = Vec::new();
        for root in roots {
            root.split(SPLIT_ROWS, &mut out);
        }
        out
    }

    impl Task {
        /// Columns the queen of `self.row` may take, after the symmetry pruning; `None` at the last row.
        fn allowed(&self) -> Option<u32> {
            if self.row == self.last_row {
                return None;
            }
            let free = self.mask & !(self.left | self.down | self.right);
            Some(self.prune(self.row, self.down, free))
        }

        /// Removes the columns of row `y` (not the last) that no class-first solution can use.
        #[inline(always)]
        fn prune(&self, y: usize, down: u32, mut bitmap: u32) -> u32 {
            if self.corner {
                // Column 1 above row bound1 would make the diagonal mirror image smaller.
                if y < self.bound1 {
                    bitmap &= !2;
                }
            } else if y < self.bound1 {
                bitmap &= !self.side_mask;
            } else if y == self.bound2 {
                // Row bound2 must leave exactly the edge columns not yet taken to the rotations' images.
                if down & self.side_mask == 0 {
                    return 0;
                }
                if down & self.side_mask != self.side_mask {
                    bitmap &= self.side_mask;
                }
            }
            bitmap
        }

        /// The task for the subtree below placing a queen at `bit` in the current row.
        fn child(&self, bit: u32) -> Task {
            let mut t = self.clone();
            t.board[self.row] = bit;
            t.row += 1;
            t.left = (self.left | bit) << 1;
            t.down = self.down | bit;
            t.right = (self.right | bit) >> 1;
            t
        }

        /// Pushes the subtrees `levels` rows further down (or this one, at the last row).
        fn split(self, levels: u32, out: &mut Vec<Task>) {
            match self.allowed() {
                Some(mut bitmap) if levels > 0 => {
                    while bitmap != 0 {
                        let bit = bitmap & bitmap.wrapping_neg();
                        bitmap ^= bit;
                        self.child(bit).split(levels - 1, out);
                    }
                }
                _ => out.push(self),
            }
        }

        /// Counts the classes in this subtree.
        pub(super) fn run(&mut self, counts: ClassCounts) -> ClassCounts {
            let mut counts = counts;
            let (row, left, down, right) = (self.row, self.left, self.down, self.right);
            self.search(row, left, down, right, &mut counts);
            counts
        }

        fn search(&mut self, y: usize, left: u32, down: u32, right: u32, counts: &mut ClassCounts) {
            let mut bitmap = self.mask & !(left | down | right);
            if y == self.last_row {
                if bitmap == 0 {
                    return;
                }
                self.board[y] = bitmap;
                if self.corner {
                    counts.of_eight += 1;
                } else if bitmap & self.last_mask == 0 {
                    self.classify(counts);
                }
                return;
            }
            bitmap = self.prune(y, down, bitmap);
            while bitmap != 0 {
                let bit = bitmap & bitmap.wrapping_neg();
                bitmap ^= bit;
                self.board[y] = bit;
                self.search(
                    y + 1,
                    (left | bit) << 1,
                    down | bit,
                    (right | bit) >> 1,
                    counts,
                );
            }
        }

        /// At a leaf: compares the board with its rotations (row by row, as numbers) and either rejects it
        /// (a rotation is smaller, so another leaf represents the class) or counts its class by size.
        fn classify(&self, counts: &mut ClassCounts) {
            let b = &self.board;
            let last = self.last_row;
            // Quarter turn: only possible when the bound2 row's queen sits in column 0.
            if b[self.bound2] == 1 {
                let (mut own, mut ptn) = (1, 2u32);
                while own <= last {
                    let (mut bit, mut you) = (1u32, last);
                    while b[you] != ptn && b[own] >= bit {
                        bit <<= 1;
                        you -= 1;
                    }
                    if b[own] > bit {
                        return;
                    }
                    if b[own] < bit {
                        break;
                    }
                    own += 1;
                    ptn <<= 1;
                }
                if own > last {
                    counts.of_two += 1;
                    return;
                }
            }
            // Half turn: only possible when the last row mirrors row 0.
            if b[last] == self.end_bit {
                let (mut own, mut you) = (1, last - 1);
                while own <= last {
                    let (mut bit, mut ptn) = (1u32, self.top_bit);
                    while ptn != b[you] && b[own] >= bit {
                        bit <<= 1;
                        ptn >>= 1;
                    }
                    if b[own] > bit {
                        return;
                    }
                    if b[own] < bit {
                        break;
                    }
                    own += 1;
                    you = you.wrapping_sub(1);
                }
                if own > last {
                    counts.of_four += 1;
                    return;
                }
            }
            // Three quarter turns.
            if b[self.bound1] == self.top_bit {
                let (mut own, mut ptn) = (1, self.top_bit >> 1);
                while own <= last {
                    let (mut bit, mut you) = (1u32, 0);
                    while b[you] != ptn && b[own] >= bit {
                        bit <<= 1;
                        you += 1;
                    }
                    if b[own] > bit {
                        return;
                    }
                    if b[own] < bit {
                        break;
                    }
                    own += 1;
                    ptn >>= 1;
                }
            }
            counts.of_eight += 1;
        }
    }
}

#[cfg(test)]
mod progress_tests {
    use super::*;

    #[test]
    fn spread_is_a_permutation_that_samples_the_whole_list() {
        for len in [0usize, 1, 2, 3, 10, 97, 4613] {
            let order = spread((0..len).collect::<Vec<_>>());
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..len).collect::<Vec<_>>());
            if len >= 20 {
                // The first tenth of the order reaches into every half of the list.
                let head = &order[..len / 10];
                assert!(head.iter().any(|&i| i < len / 2) && head.iter().any(|&i| i >= len / 2));
            }
        }
    }

    #[test]
    fn twenty_queens_are_cut_into_many_short_subtrees() {
        let total = takaken::tasks(20).len();
        assert!((20_000..200_000).contains(&total), "{total}");
    }
}
