//! The search engine: Warnsdorff's rule with backtracking, one move or retreat per call.
//!
//! The textbook asks for a non-recursive program with an explicit stack. Here the stack lives in the board
//! itself, so that a 10 000 x 10 000 board fits in half a gigabyte: stack frame k is the square
//! numbered k, its `tried` byte is the frame's "next direction" (an index into the square's
//! Warnsdorff-sorted candidates), and popping a frame finds the square numbered k - 1 among the eight
//! knight neighbours. The sorted candidate order is recomputed on a retreat instead of being stored:
//! when the search returns to square k, every square numbered after k has been cleared again, so the
//! board, the onward-move counts and therefore the order are exactly what they were when k was left.
//!
//! Each square is one `u32` cell holding its step number and its count of free neighbours, so a move
//! touches one array; the board carries a border two squares wide so neighbour tests need no bounds
//! checks.

use super::choice::{ChoiceRule, KnightCandidate, KnightChoice, Ties};
use super::engine::{Engine, Failure, Phase};
use super::{KnightEvent, MOVES};
use crate::{Result, Square};

/// Low bits of a cell: the step number, 0 while the square is free.
const STEP_MASK: u32 = (1 << 27) - 1;
/// Position of the free-neighbour count (0..=8) above the step number.
const DEGREE_SHIFT: u32 = 27;
/// One free neighbour, in cell units.
const DEGREE_ONE: u32 = 1 << DEGREE_SHIFT;
/// The step field of a border cell: never 0 (free) and above any real step number (at most 10^8).
/// Its degree bits may wrap as neighbours are visited; that never reaches the step field and is never
/// read.
const OFF_BOARD: u32 = STEP_MASK;
/// Top bit of a free cell: reached by the flood fill in progress (always clear between calls).
const MARK: u32 = 1 << 31;
/// Width of the off-board border: a knight jumps at most two squares.
const BORDER: usize = 2;

/// How Warnsdorff's ties (equal onward-move counts) are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TieBreak {
    /// The textbook's move order: the first of the tied moves in [`MOVES`] wins.
    SeedOrder,
    /// The tied square farthest from the centre of the board wins (Arnd Roth's rule), then move order.
    FarFromCentre,
    /// The tied square farthest from the start square wins, then move order. The knight works its
    /// way back towards the start, which is where a closed tour has to end.
    FarFromStart,
}

/// How the search chooses and when it gives up on a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Strategy {
    /// The tie-break among candidates with equal onward-move counts.
    pub(crate) tie: TieBreak,
    /// If set, a branch is abandoned as soon as it leaves behind a square that could only be the last
    /// one while more than this many squares are still free. That is a heuristic, not a proof: it
    /// gives up some tours, but on a huge board the plain rule otherwise fixes the end of the tour tens
    /// of millions of steps early and notices only when a second such square appears, far too late
    /// for backtracking to repair; with the margin, the repair is a few retreats away.
    pub(crate) early_end_margin: Option<u32>,
    /// If set, after each move the search checks (flooding at most this many squares per piece)
    /// whether the move cut the free squares into pieces; a knight cannot visit two pieces, so such a
    /// branch is abandoned. A proof, never a guess: a piece is reported only once it is fully explored.
    pub(crate) split_check: Option<usize>,
}

/// The at most eight free targets of a square, ranked.
struct Candidates {
    /// Per move of [`MOVES`]: `u64::MAX` if its target is taken or off the board, else the sort key
    /// shifted left by 3 with the move index below, so that keys are distinct and ties go by move
    /// order.
    keys: [u64; 8],
    len: usize,
    /// How many of them have no free neighbour.
    zeros: u32,
    /// How many of them have exactly one free neighbour.
    ones: u32,
}

impl Candidates {
    /// The move of the `k`-th best candidate (`k < len`).
    fn nth(&self, k: usize) -> usize {
        let key = if k == 0 {
            // The forward path only ever needs the best: skip the sort.
            self.keys.iter().copied().min().unwrap_or(u64::MAX)
        } else {
            let mut sorted = self.keys;
            sorted.sort_unstable();
            sorted[k]
        };
        (key & 7) as usize
    }

    /// The moves to free targets, in move order.
    fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        (0..8).filter(|&m| self.keys[m] != u64::MAX)
    }
}

/// One knight's-tour search, advanced one event at a time by [`Search::advance`].
pub(crate) struct Search {
    rows: u32,
    cols: u32,
    /// Row stride of the bordered board.
    width: usize,
    /// Index offsets of [`MOVES`] on the bordered board.
    offsets: [isize; 8],
    /// Step number and free-neighbour count of each square (see [`STEP_MASK`], [`DEGREE_SHIFT`]).
    cells: Vec<u32>,
    /// For each numbered square, how many of its sorted candidates have been tried.
    tried: Vec<u8>,
    /// Work queue of the flood fill (kept to reuse its allocation).
    flood_queue: Vec<usize>,
    /// Free squares with exactly one free neighbour: each must be entered last, unless entered next.
    ones: u32,
    /// Free squares with no free neighbour.
    zeros: u32,
    /// On a board whose short side is 4, the free squares on its two long edges (see [`Search::on_long_edge`]).
    free_edges: u32,
    start: Square,
    /// The square numbered `depth` (meaningless while `depth` is 0), as a board square and an index.
    current: Square,
    current_index: usize,
    depth: u32,
    total: u32,
    closed: bool,
    strategy: Strategy,
    retreats: u64,
    budget: u64,
    phase: Phase,
}

impl Search {
    /// A search on a board the caller has already validated (sides 1..=MAX_SIDE, start inside).
    pub(crate) fn new(
        rows: u32,
        cols: u32,
        start: Square,
        closed: bool,
        strategy: Strategy,
        budget: u64,
    ) -> Self {
        let width = cols as usize + 2 * BORDER;
        let height = rows as usize + 2 * BORDER;
        let offsets = MOVES.map(|(dr, dc)| dr as isize * width as isize + dc as isize);
        // Bit i of a row's (column's) mask: move i stays on the board vertically (horizontally).
        let fits = |at: u32, len: u32, delta: fn(&(i32, i32)) -> i32| -> u8 {
            MOVES.iter().enumerate().fold(0, |mask, (i, m)| {
                let to = i64::from(at) + i64::from(delta(m));
                if (0..i64::from(len)).contains(&to) {
                    mask | 1 << i
                } else {
                    mask
                }
            })
        };
        let col_masks: Vec<u8> = (0..cols).map(|c| fits(c, cols, |m| m.1)).collect();
        let mut cells = vec![OFF_BOARD; width * height];
        let (mut ones, mut zeros) = (0, 0);
        for r in 0..rows {
            let row_mask = fits(r, rows, |m| m.0);
            let base = (r as usize + BORDER) * width + BORDER;
            for (cell, &col_mask) in cells[base..base + cols as usize].iter_mut().zip(&col_masks) {
                let degree = (row_mask & col_mask).count_ones();
                ones += u32::from(degree == 1);
                zeros += u32::from(degree == 0);
                *cell = degree << DEGREE_SHIFT;
            }
        }
        let start_index = (start.row as usize + BORDER) * width + start.col as usize + BORDER;
        Search {
            rows,
            cols,
            width,
            offsets,
            cells,
            tried: vec![0u8; width * height],
            flood_queue: Vec::new(),
            ones,
            zeros,
            free_edges: if rows.min(cols) == 4 {
                2 * rows.max(cols)
            } else {
                0
            },
            start,
            current: start,
            current_index: start_index,
            depth: 0,
            total: rows * cols,
            closed,
            strategy,
            retreats: 0,
            budget,
            phase: Phase::Running,
        }
    }

    /// Lowers the retreat budget to `budget` if that is smaller.
    pub(crate) fn limit_budget(&mut self, budget: u64) {
        self.budget = self.budget.min(budget);
    }

    /// Retreats made so far.
    pub(crate) fn retreats(&self) -> u64 {
        self.retreats
    }

    /// The square numbered last so far (the end of a finished tour).
    pub(crate) fn current(&self) -> Square {
        self.current
    }

    /// One move or retreat of the running search (see [`Engine::step`]).
    fn search_step(&mut self) -> Option<Result<KnightEvent>> {
        if self.depth == 0 {
            self.visit(self.current_index, self.start);
            return Some(Ok(self.move_event()));
        }
        if self.depth == self.total && self.end_is_acceptable() {
            self.phase = Phase::Complete;
            return None;
        }
        if self.depth < self.total {
            let tried = self.tried[self.current_index];
            let candidates = self.candidates();
            if usize::from(tried) < candidates.len && !self.is_hopeless(&candidates) {
                self.tried[self.current_index] = tried + 1;
                let m = candidates.nth(usize::from(tried));
                let (dr, dc) = MOVES[m];
                let to = Square::new(
                    self.current.row.wrapping_add_signed(dr),
                    self.current.col.wrapping_add_signed(dc),
                );
                self.visit(self.current_index.wrapping_add_signed(self.offsets[m]), to);
                return Some(Ok(self.move_event()));
            }
        }
        Some(self.retreat())
    }

    /// The choice the next event makes, if it is a move from a numbered square: the free targets
    /// in the order the search tries them, the chosen one being the first not yet tried. The search
    /// may still retreat instead (a pruned position); only the caller, seeing the event, knows.
    pub(crate) fn next_choice(&self) -> Option<KnightChoice> {
        if self.phase != Phase::Running || self.depth == 0 || self.depth >= self.total {
            return None;
        }
        let tried = usize::from(self.tried[self.current_index]);
        let candidates = self.candidates();
        if tried >= candidates.len {
            return None;
        }
        let ties = match self.strategy.tie {
            TieBreak::SeedOrder => Ties::MoveOrder,
            TieBreak::FarFromCentre => Ties::FarFromCentre,
            TieBreak::FarFromStart => Ties::FarFromStart,
        };
        let mut choice = KnightChoice::new(self.current, ChoiceRule::Warnsdorff(ties));
        let mut ranked = candidates.keys;
        ranked.sort_unstable();
        for key in &ranked[..candidates.len] {
            let m = (key & 7) as usize;
            let (dr, dc) = MOVES[m];
            let (r, c) = (
                self.current.row.wrapping_add_signed(dr),
                self.current.col.wrapping_add_signed(dc),
            );
            let onward = (self.cells[self.current_index.wrapping_add_signed(self.offsets[m])]
                >> DEGREE_SHIFT) as u8;
            let counts_start = self.closed && self.attacks_start(i64::from(r), i64::from(c));
            choice.push(KnightCandidate {
                square: Square::new(r, c),
                onward,
                weight: onward + u8::from(counts_start),
            });
        }
        choice.choose(tried);
        Some(choice)
    }

    /// Consumes a completed search and returns its step matrix, row-major without the border
    /// (compacted in place, so no second copy of a large board is ever allocated).
    pub(crate) fn into_steps(self) -> Vec<u32> {
        let (rows, cols, width) = (self.rows as usize, self.cols as usize, self.width);
        let mut steps = self.cells;
        drop(self.tried);
        for r in 0..rows {
            let from = (r + BORDER) * width + BORDER;
            // Destinations precede sources, so rows moved in order never overwrite unread data.
            steps.copy_within(from..from + cols, r * cols);
        }
        steps.truncate(rows * cols);
        for cell in &mut steps {
            *cell &= STEP_MASK;
        }
        steps.shrink_to_fit();
        steps
    }

    /// Numbers the free square `to` (at bordered index `index`) and makes it the current square.
    fn visit(&mut self, index: usize, to: Square) {
        self.depth += 1;
        let cell = self.cells[index];
        self.cells[index] = cell | self.depth;
        self.tried[index] = 0;
        self.current = to;
        self.current_index = index;
        if self.on_long_edge(to) {
            self.free_edges -= 1;
        }
        match cell >> DEGREE_SHIFT {
            0 => self.zeros -= 1,
            1 => self.ones -= 1,
            _ => {}
        }
        for &off in &self.offsets {
            let n = index.wrapping_add_signed(off);
            let old = self.cells[n];
            self.cells[n] = old.wrapping_sub(DEGREE_ONE);
            if old & STEP_MASK == 0 {
                match old >> DEGREE_SHIFT {
                    1 => {
                        self.ones -= 1;
                        self.zeros += 1;
                    }
                    2 => self.ones += 1,
                    _ => {}
                }
            }
        }
    }

    /// Clears the current square and steps back to its predecessor.
    fn retreat(&mut self) -> Result<KnightEvent> {
        if self.retreats >= self.budget {
            return Err(self.give_up(format!(
                "no knight's tour found on {} x {} from {} within {} retreats; try another start \
                 square or a larger retreat budget",
                self.rows, self.cols, self.start, self.budget
            )));
        }
        self.retreats += 1;
        let event = self.pop();
        if self.depth == 0 {
            self.phase = Phase::Exhausted;
        }
        Ok(event)
    }

    /// Clears the newest numbered square without searching on (it is not a retreat of the search
    /// and is not counted), or `None` once the board is empty. Used to wipe a search that is given
    /// up.
    pub(crate) fn unwind(&mut self) -> Option<KnightEvent> {
        (self.depth > 0).then(|| self.pop())
    }

    /// Clears the current square and makes its predecessor current.
    fn pop(&mut self) -> KnightEvent {
        let index = self.current_index;
        let event = KnightEvent::Retreat {
            step: self.depth,
            square: self.current,
        };
        let cell = self.cells[index] & !STEP_MASK;
        self.cells[index] = cell;
        if self.on_long_edge(self.current) {
            self.free_edges += 1;
        }
        for &off in &self.offsets {
            let n = index.wrapping_add_signed(off);
            let old = self.cells[n];
            self.cells[n] = old.wrapping_add(DEGREE_ONE);
            if old & STEP_MASK == 0 {
                match old >> DEGREE_SHIFT {
                    0 => {
                        self.zeros -= 1;
                        self.ones += 1;
                    }
                    1 => self.ones -= 1,
                    _ => {}
                }
            }
        }
        match cell >> DEGREE_SHIFT {
            0 => self.zeros += 1,
            1 => self.ones += 1,
            _ => {}
        }
        self.depth -= 1;
        if self.depth == 0 {
            return event;
        }
        let want = self.depth;
        if let Some(m) = (0..8)
            .find(|&m| self.cells[index.wrapping_add_signed(self.offsets[m])] & STEP_MASK == want)
        {
            let (dr, dc) = MOVES[m];
            self.current_index = index.wrapping_add_signed(self.offsets[m]);
            self.current = Square::new(
                self.current.row.wrapping_add_signed(dr),
                self.current.col.wrapping_add_signed(dc),
            );
        }
        event
    }

    /// The free knight targets of the current square, ranked: fewest onward moves, then the
    /// tie-break, then the textbook's move order.
    fn candidates(&self) -> Candidates {
        let mut out = Candidates {
            keys: [u64::MAX; 8],
            len: 0,
            zeros: 0,
            ones: 0,
        };
        let (row, col) = (i64::from(self.current.row), i64::from(self.current.col));
        for (m, (&off, &(dr, dc))) in self.offsets.iter().zip(&MOVES).enumerate() {
            let cell = self.cells[self.current_index.wrapping_add_signed(off)];
            if cell & STEP_MASK != 0 {
                continue;
            }
            let degree = cell >> DEGREE_SHIFT;
            out.zeros += u32::from(degree == 0);
            out.ones += u32::from(degree == 1);
            out.len += 1;
            let key = self.key(degree, row + i64::from(dr), col + i64::from(dc));
            out.keys[m] = key << 3 | m as u64;
        }
        out
    }

    /// Sort key of a free candidate with `degree` free neighbours at row `r`, column `c`: smaller is
    /// tried first.
    fn key(&self, degree: u32, r: i64, c: i64) -> u64 {
        let mut degree = u64::from(degree);
        if self.closed && self.attacks_start(r, c) {
            // For a closed tour the start is the final exit of its neighbours; counting it keeps them
            // from being used up early.
            degree += 1;
        }
        match self.strategy.tie {
            TieBreak::SeedOrder => degree,
            TieBreak::FarFromCentre => {
                // Doubled coordinates keep the centre of an even board on the integer grid.
                let dr = 2 * r - (i64::from(self.rows) - 1);
                let dc = 2 * c - (i64::from(self.cols) - 1);
                let far = (dr * dr + dc * dc) as u64;
                (degree << 40) | ((1u64 << 40) - 1 - far)
            }
            TieBreak::FarFromStart => {
                let dr = r - i64::from(self.start.row);
                let dc = c - i64::from(self.start.col);
                let far = (dr * dr + dc * dc) as u64;
                (degree << 40) | ((1u64 << 40) - 1 - far)
            }
        }
    }

    /// Whether the square at row `r`, column `c` is a knight move from the start square.
    fn attacks_start(&self, r: i64, c: i64) -> bool {
        let dr = r.abs_diff(i64::from(self.start.row));
        let dc = c.abs_diff(i64::from(self.start.col));
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// Whether the finished numbering is a tour of the requested kind.
    fn end_is_acceptable(&self) -> bool {
        !self.closed || self.attacks_start(i64::from(self.current.row), i64::from(self.current.col))
    }

    /// Whether the free squares provably cannot all be visited from the current square (`candidates`
    /// are its free targets), or the strategy's heuristic gives up on the branch.
    ///
    /// The proofs prune only subtrees without a tour, so the tour found is the same as without them;
    /// only the retreats into those subtrees are saved.
    fn is_hopeless(&mut self, candidates: &Candidates) -> bool {
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

    /// Whether `sq` is on a long edge of a board whose short side is 4 (false on other boards). On such a
    /// board no long-edge square is a knight move from another, which bounds how many of them a path
    /// can still take.
    fn on_long_edge(&self, sq: Square) -> bool {
        match (self.rows.min(self.cols) == 4, self.rows == 4) {
            (false, _) => false,
            (true, true) => sq.row == 0 || sq.row == 3,
            (true, false) => sq.col == 0 || sq.col == 3,
        }
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

    fn start_index(&self) -> usize {
        (self.start.row as usize + BORDER) * self.width + self.start.col as usize + BORDER
    }

    fn move_event(&self) -> KnightEvent {
        KnightEvent::Move {
            step: self.depth,
            square: self.current,
        }
    }
}

impl Engine for Search {
    fn phase(&self) -> &Phase {
        &self.phase
    }

    fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }

    fn exhausted(&self) -> Failure {
        let kind = if self.closed { "closed " } else { "" };
        Failure::Exhausted(format!(
            "no {kind}knight's tour on {} x {} starts at {} (the search tried every route); try another \
             start square",
            self.rows, self.cols, self.start
        ))
    }

    fn step(&mut self) -> Option<Result<KnightEvent>> {
        self.search_step()
    }
}
