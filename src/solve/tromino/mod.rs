//! Defective-chessboard tiling with L-trominoes, numbered exactly as the textbook recursion does.
//!
//! The textbook's `ChessBoard(tr, tc, dr, dc, size)` takes `t = tile++` on entry to every call on a sub-board
//! larger than 1 x 1, lays tromino `t` on the three centre cells of the quadrants that do not hold the
//! defect, and recurses into the quadrants top-left, top-right, bottom-left, bottom-right. The numbering is
//! therefore a pre-order numbering of a complete 4-ary tree, which lets every question here be answered
//! without recursion and, except for [`TrominoProblem::solve`], without a board in memory:
//!
//! - [`TrominoProblem::trace`] replays the calls lazily with an explicit stack of `O(k)` frames;
//! - [`TrominoProblem::tile_at`] and [`TrominoProblem::tile`] walk one root-to-leaf path in `O(k)`,
//!   skipping whole quadrants by their sub-tree size `(4^j - 1) / 3`;
//! - [`TrominoProblem::solve`] materialises the matrix the textbook prints, for boards up to 4096 x 4096.

pub mod rows;

use crate::geom::Square;
use crate::{Error, InvalidKind, Result};

/// The largest supported `k`: a 32768 x 32768 board with 357 913 941 tiles (tile numbers fit in `u32`).
pub const MAX_K: u32 = 15;

/// The largest `k` that [`TrominoProblem::solve`] materialises: 4096 x 4096 cells, 64 MiB of `u32`.
const MAX_SOLVE_K: u32 = 12;

/// Which corner of its 2x2 bounding block the L leaves empty (the textbook's four shapes).
///
/// The empty corner always points at the quadrant that holds the call's defect, so the shape of a
/// centre tromino is decided by where the special (or inherited) square lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LShape {
    /// Cells top-right, bottom-left, bottom-right of the block.
    MissingTopLeft,
    /// Cells top-left, bottom-left, bottom-right of the block.
    MissingTopRight,
    /// Cells top-left, top-right, bottom-right of the block.
    MissingBottomLeft,
    /// Cells top-left, top-right, bottom-left of the block.
    MissingBottomRight,
}

impl LShape {
    /// The four shapes, in the order of [`LShape::index`] (the quadrant order of the recursion).
    pub const ALL: [LShape; 4] = [
        LShape::MissingTopLeft,
        LShape::MissingTopRight,
        LShape::MissingBottomLeft,
        LShape::MissingBottomRight,
    ];

    /// 0..4 in the order of [`LShape::ALL`]; handy for indexing a per-shape colour table.
    pub fn index(self) -> usize {
        match self {
            LShape::MissingTopLeft => 0,
            LShape::MissingTopRight => 1,
            LShape::MissingBottomLeft => 2,
            LShape::MissingBottomRight => 3,
        }
    }
}

/// One placed L-tromino.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tromino {
    /// Its number, 1-based, in the order the recursion lays tiles.
    pub number: u32,
    /// Its three cells, in row-major order.
    pub cells: [Square; 3],
    /// Which corner of its 2x2 block it leaves empty.
    pub shape: LShape,
}

/// One step of the recursion, as [`TrominoProblem::trace`] yields it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrominoEvent {
    /// A call on a sub-board larger than 1 x 1 begins: the sub-board is divided into four quadrants.
    Split {
        /// Top-left square of the sub-board.
        origin: Square,
        /// Its side length (a power of two, at least 2).
        size: u32,
        /// Recursion depth: 0 for the whole board.
        depth: u32,
    },
    /// The call's centre tromino is laid; always right after its `Split`, before the quadrants.
    Place(Tromino),
}

/// A `2^k x 2^k` board with one special square, to be tiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrominoProblem {
    k: u32,
    special: Square,
}

impl TrominoProblem {
    /// The board of side `2^k` (`k <= 15`) whose special square is `special`.
    pub fn new(k: u32, special: Square) -> Result<Self> {
        if k > MAX_K {
            return Err(Error::invalid(
                InvalidKind::BoardSize,
                format!("k must be at most {MAX_K} (a 32768 x 32768 board), got {k}"),
            ));
        }
        let side = 1u32 << k;
        if special.row >= side || special.col >= side {
            return Err(Error::invalid(InvalidKind::Square, format!(
                "special square ({},{}) is outside the {side} x {side} board (rows and columns are 0..{})",
                special.row,
                special.col,
                side - 1
            )));
        }
        Ok(TrominoProblem { k, special })
    }

    /// The board of side `side`, which must be a power of two from 1 to 32768 (the textbook gives the side).
    pub fn from_side(side: u64, special: Square) -> Result<Self> {
        if side == 0 || !side.is_power_of_two() || side > 1 << MAX_K {
            return Err(Error::invalid(
                InvalidKind::BoardSize,
                format!(
                    "board side must be a power of two from 1 to {}, got {side}",
                    1u32 << MAX_K
                ),
            ));
        }
        Self::new(side.trailing_zeros(), special)
    }

    /// `k`, where the board is `2^k x 2^k`.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// The board's side length, `2^k`.
    pub fn side(&self) -> u32 {
        1 << self.k
    }

    /// The special square (tile number 0).
    pub fn special(&self) -> Square {
        self.special
    }

    /// How many trominoes tile the board: `(4^k - 1) / 3`.
    pub fn tile_count(&self) -> u32 {
        subtree_tiles(self.k)
    }

    /// The recursion's steps, produced lazily with `O(k)` memory; see [`TrominoTrace`].
    pub fn trace(&self) -> TrominoTrace {
        TrominoTrace::new(self)
    }

    /// The number of the tile covering `sq` (0 for the special square), in `O(k)` without a board.
    ///
    /// # Panics
    /// If `sq` is outside the board; callers validate user-given squares with [`TrominoProblem::side`].
    pub fn tile_at(&self, sq: Square) -> u32 {
        let side = self.side();
        assert!(
            sq.row < side && sq.col < side,
            "square {sq} is outside the {side} x {side} board"
        );
        let mut call = Call::root(self);
        let mut number = 1u32;
        while call.size > 1 {
            let half = call.size / 2;
            let q = call.quadrant_of(sq);
            let dq = call.quadrant_of(call.defect);
            if q != dq && sq == call.centre_cell(q) {
                return number;
            }
            // Quadrant q's sub-tree starts after this call's tile and the q earlier sub-trees.
            number += 1 + q as u32 * subtree_tiles(call_k(half));
            call = call.child(q);
        }
        // Only the special square survives to a 1 x 1 call: every inherited defect is a centre cell.
        0
    }

    /// Tile `number` (1..=[`TrominoProblem::tile_count`]) with its cells and shape, in `O(k)`;
    /// `None` for 0 or a number past the last tile.
    pub fn tile(&self, number: u32) -> Option<Tromino> {
        if number == 0 || number > self.tile_count() {
            return None;
        }
        let mut call = Call::root(self);
        let mut first = 1u32;
        // Every loop turn either returns or descends; `number <= tile_count` keeps the call above 1 x 1.
        while call.size > 1 {
            if number == first {
                return Some(call.centre_tromino(number));
            }
            let per_quadrant = subtree_tiles(call_k(call.size / 2));
            let q = ((number - first - 1) / per_quadrant) as usize;
            first += 1 + q as u32 * per_quadrant;
            call = call.child(q);
        }
        None
    }

    /// The full tile matrix the textbook prints (special square 0), for boards up to 4096 x 4096.
    ///
    /// Larger boards are refused with [`Error::TooLarge`]: their matrix would not fit comfortably in
    /// memory, and [`TrominoProblem::trace`] / [`TrominoProblem::tile_at`] answer the same questions
    /// without one.
    pub fn solve(&self) -> Result<TileMatrix> {
        if self.k > MAX_SOLVE_K {
            let side = self.side();
            return Err(Error::TooLarge(format!(
                "a {side} x {side} board is too large to hold as a matrix (limit 4096 x 4096); stream it with trace() or tile_at() instead"
            )));
        }
        let side = self.side() as usize;
        let mut cells = vec![0u32; side * side];
        for event in self.trace() {
            if let TrominoEvent::Place(tile) = event {
                for cell in tile.cells {
                    cells[cell.row as usize * side + cell.col as usize] = tile.number;
                }
            }
        }
        Ok(TileMatrix {
            side: side as u32,
            cells,
        })
    }
}

/// `(4^k - 1) / 3`: the tiles of a `2^k` board, i.e. the size of a call's sub-tree.
fn subtree_tiles(k: u32) -> u32 {
    (((1u64 << (2 * k)) - 1) / 3) as u32
}

/// `k` of a power-of-two side.
fn call_k(size: u32) -> u32 {
    size.trailing_zeros()
}

/// One call of the recursion: a sub-board and the square it treats as defective.
#[derive(Clone, Copy, Debug)]
struct Call {
    origin: Square,
    size: u32,
    depth: u32,
    defect: Square,
}

impl Call {
    fn root(problem: &TrominoProblem) -> Self {
        Call {
            origin: Square::new(0, 0),
            size: problem.side(),
            depth: 0,
            defect: problem.special,
        }
    }

    /// Quadrant index 0..4 (top-left, top-right, bottom-left, bottom-right) of a square in this call.
    fn quadrant_of(&self, sq: Square) -> usize {
        let half = self.size / 2;
        let down = (sq.row >= self.origin.row + half) as usize;
        let right = (sq.col >= self.origin.col + half) as usize;
        down * 2 + right
    }

    /// The cell of quadrant `q` that touches the centre of this call.
    fn centre_cell(&self, q: usize) -> Square {
        let half = self.size / 2;
        let row = self.origin.row + half - 1 + (q / 2) as u32;
        let col = self.origin.col + half - 1 + (q % 2) as u32;
        Square::new(row, col)
    }

    /// The tromino this call lays: the centre cells of the three quadrants without the defect.
    fn centre_tromino(&self, number: u32) -> Tromino {
        let dq = self.quadrant_of(self.defect);
        let mut cells = [Square::new(0, 0); 3];
        // Quadrants in index order are already row-major around the centre.
        for (slot, q) in (0..4).filter(|&q| q != dq).enumerate() {
            cells[slot] = self.centre_cell(q);
        }
        Tromino {
            number,
            cells,
            shape: LShape::ALL[dq],
        }
    }

    /// The call on quadrant `q`: it inherits the defect if the defect lies there, else the centre cell
    /// that this call's tromino covers.
    fn child(&self, q: usize) -> Call {
        let half = self.size / 2;
        let defect = if self.quadrant_of(self.defect) == q {
            self.defect
        } else {
            self.centre_cell(q)
        };
        Call {
            origin: Square::new(
                self.origin.row + half * (q / 2) as u32,
                self.origin.col + half * (q % 2) as u32,
            ),
            size: half,
            depth: self.depth + 1,
            defect,
        }
    }
}

/// The recursion's events in the textbook's order, produced lazily.
///
/// Per call on a sub-board larger than 1 x 1: `Split`, then `Place` of the call's tromino, then the four
/// quadrants' events (top-left, top-right, bottom-left, bottom-right). `Place` numbers therefore run
/// 1, 2, 3, ... The explicit stack holds at most `3k + 1` pending calls, so `k = 15` is safe.
#[derive(Clone, Debug)]
pub struct TrominoTrace {
    stack: Vec<Call>,
    pending: Option<Tromino>,
    next_number: u32,
    remaining: u64,
}

impl TrominoTrace {
    fn new(problem: &TrominoProblem) -> Self {
        let mut stack = Vec::with_capacity(3 * problem.k as usize + 1);
        if problem.k > 0 {
            stack.push(Call::root(problem));
        }
        TrominoTrace {
            stack,
            pending: None,
            next_number: 1,
            remaining: 2 * u64::from(problem.tile_count()),
        }
    }
}

impl Iterator for TrominoTrace {
    type Item = TrominoEvent;

    fn next(&mut self) -> Option<TrominoEvent> {
        let event = if let Some(tile) = self.pending.take() {
            TrominoEvent::Place(tile)
        } else {
            let call = self.stack.pop()?;
            self.pending = Some(call.centre_tromino(self.next_number));
            self.next_number += 1;
            if call.size > 2 {
                // Reverse push so the top-left quadrant is popped first.
                for q in (0..4).rev() {
                    self.stack.push(call.child(q));
                }
            }
            TrominoEvent::Split {
                origin: call.origin,
                size: call.size,
                depth: call.depth,
            }
        };
        self.remaining -= 1;
        Some(event)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

/// The tile number of every square, row-major, as the textbook prints it (special square 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileMatrix {
    side: u32,
    cells: Vec<u32>,
}

impl TileMatrix {
    /// Side length of the board.
    pub fn side(&self) -> u32 {
        self.side
    }

    /// The tile number at `sq`.
    ///
    /// # Panics
    /// If `sq` is outside the board.
    pub fn get(&self, sq: Square) -> u32 {
        assert!(
            sq.row < self.side && sq.col < self.side,
            "square {sq} is outside the {0} x {0} matrix",
            self.side
        );
        self.cells[sq.row as usize * self.side as usize + sq.col as usize]
    }

    /// Row `r` (0 at the top), left to right.
    ///
    /// # Panics
    /// If `r >= side`.
    pub fn row(&self, r: u32) -> &[u32] {
        let side = self.side as usize;
        let start = r as usize * side;
        &self.cells[start..start + side]
    }

    /// All rows, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.cells.chunks_exact(self.side as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtree_sizes() {
        assert_eq!(subtree_tiles(0), 0);
        assert_eq!(subtree_tiles(1), 1);
        assert_eq!(subtree_tiles(2), 5);
        assert_eq!(subtree_tiles(15), 357_913_941);
    }

    #[test]
    fn centre_tromino_leaves_the_defect_quadrant_empty() {
        let call = Call {
            origin: Square::new(4, 0),
            size: 4,
            depth: 1,
            defect: Square::new(7, 3),
        };
        let t = call.centre_tromino(9);
        assert_eq!(t.shape, LShape::MissingBottomRight);
        assert_eq!(
            t.cells,
            [Square::new(5, 1), Square::new(5, 2), Square::new(6, 1)]
        );
    }

    #[test]
    fn size_hint_is_exact() {
        let p = TrominoProblem::new(3, Square::new(1, 6)).unwrap();
        let mut trace = p.trace();
        assert_eq!(trace.size_hint(), (42, Some(42)));
        trace.next();
        assert_eq!(trace.size_hint(), (41, Some(41)));
        assert_eq!(trace.count(), 41);
    }
}
