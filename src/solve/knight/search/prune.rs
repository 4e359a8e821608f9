//! When a branch is given up: the proofs that the free squares cannot all be visited from here (a
//! square that can only be last, two of them, a sealed start, crowded long edges, free squares cut
//! into pieces), and the strategy's heuristic for an end fixed too early.

use super::candidates::Candidates;
use super::cells::{DEGREE_SHIFT, MARK, STEP_MASK};
use super::Search;
use crate::solve::knight::MOVES;

impl Search {
    /// Whether the free squares provably cannot all be visited from the current square (`candidates`
    /// are its free targets), or the strategy's heuristic gives up on the branch.
    ///
    /// The proofs prune only subtrees without a tour, so the tour found is the same as without them;
    /// only the retreats into those subtrees are saved.
    pub(super) fn is_hopeless(&mut self, candidates: &Candidates) -> bool {
        let free_after_next = self.total - self.depth - 1;
        // A free square with no free neighbour can only be entered from here, and must then be last.
        let unreachable =
            self.zeros > candidates.zeros || (candidates.zeros > 0 && free_after_next > 0);
        // A free square with one free neighbour that is not a target from here can be entered but not
        // left, so it must be last: two such squares (or one and a stranded target) cannot both be.
        let forced_ends = self.ones - candidates.ones + candidates.zeros;
        // A closed tour must end next to the start: once all its neighbours are used, it cannot.
        let start_sealed = self.closed && self.cells[self.start_index()] >> DEGREE_SHIFT == 0;
        // A closed tour must also end next to the start, so every square that must be last has to be
        // a neighbour of the start. Open tours instead follow the strategy's heuristic.
        let early_end = if self.closed {
            let must_be_last = self.ones - candidates.ones;
            must_be_last > 0 && must_be_last > self.start_neighbours_that_must_be_last()
        } else {
            matches!(self.strategy.early_end_margin,
                Some(margin) if forced_ends > 0 && free_after_next > margin)
        };
        // The rest of the path (free squares after the current one) never takes two long-edge squares
        // in a row, nor one right after a long-edge current square.
        let free = self.total - self.depth;
        let edge_room = if self.on_long_edge(self.current) {
            free / 2
        } else {
            free.div_ceil(2)
        };
        let edges_crowded = self.free_edges > edge_room;
        if unreachable || forced_ends >= 2 || start_sealed || early_end || edges_crowded {
            return true;
        }
        match self.strategy.split_check {
            Some(limit) => self.free_squares_are_split(candidates, limit),
            None => false,
        }
    }

    /// Whether the free squares fall into more than one piece (the current square's free targets are
    /// `candidates`; only the current square's removal can have split a piece, and only between its
    /// targets).
    fn free_squares_are_split(&mut self, candidates: &Candidates, limit: usize) -> bool {
        if candidates.len < 2 {
            return false;
        }
        let mut targets = [0usize; 8];
        for (t, m) in targets.iter_mut().zip(candidates.moves()) {
            *t = self.current_index.wrapping_add_signed(self.offsets[m]);
        }
        let targets = &targets[..candidates.len];
        let all = u8::MAX >> (8 - targets.len());
        let (reached, exhausted) = self.flood(targets[0], targets, limit);
        if reached == all {
            return false;
        }
        if exhausted {
            return true;
        }
        // The first piece is large; a target it did not reach may still sit in a small sealed pocket.
        (1..targets.len()).any(|i| {
            reached & (1 << i) == 0 && {
                let (_, exhausted) = self.flood(targets[i], targets, limit);
                exhausted
            }
        })
    }

    /// Flood-fills free squares from `from` until every square of `targets` is reached, the piece is
    /// exhausted, or `limit` squares are filled. Returns which targets were reached (bit i for
    /// `targets[i]`) and whether the piece was exhausted.
    fn flood(&mut self, from: usize, targets: &[usize], limit: usize) -> (u8, bool) {
        let all = u8::MAX >> (8 - targets.len());
        let mut queue = std::mem::take(&mut self.flood_queue);
        queue.clear();
        queue.push(from);
        self.cells[from] |= MARK;
        let mut reached = 0u8;
        let mut head = 0;
        let mut exhausted = true;
        while head < queue.len() {
            let sq = queue[head];
            head += 1;
            if let Some(i) = targets.iter().position(|&t| t == sq) {
                reached |= 1 << i;
                if reached == all {
                    exhausted = false;
                    break;
                }
            }
            if queue.len() >= limit {
                exhausted = false;
                break;
            }
            for &off in &self.offsets {
                let n = sq.wrapping_add_signed(off);
                if self.cells[n] & (STEP_MASK | MARK) == 0 {
                    self.cells[n] |= MARK;
                    queue.push(n);
                }
            }
        }
        for &sq in &queue {
            self.cells[sq] &= !MARK;
        }
        self.flood_queue = queue;
        (reached, exhausted)
    }

    /// Free neighbours of the start with one free neighbour that are not targets of the current
    /// square: each can be entered but not left, so it must be last.
    fn start_neighbours_that_must_be_last(&self) -> u32 {
        let start = self.start_index();
        let (row, col) = (i64::from(self.current.row), i64::from(self.current.col));
        let mut count = 0;
        for (&off, &(dr, dc)) in self.offsets.iter().zip(&MOVES) {
            let cell = self.cells[start.wrapping_add_signed(off)];
            if cell & STEP_MASK == 0 && cell >> DEGREE_SHIFT == 1 {
                let (r, c) = (
                    i64::from(self.start.row) + i64::from(dr),
                    i64::from(self.start.col) + i64::from(dc),
                );
                let (ar, ac) = (r.abs_diff(row), c.abs_diff(col));
                if !((ar == 1 && ac == 2) || (ar == 2 && ac == 1)) {
                    count += 1;
                }
            }
        }
        count
    }
}
