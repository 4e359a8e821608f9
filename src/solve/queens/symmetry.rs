//! The eight symmetries of the square acting on N-queens solutions, and the fundamental solutions.
//!
//! A board is seen as drawn: column 1 at the left, row 1 at the bottom. Every symmetry maps a solution to
//! a solution (lines of attack are preserved), so the 92 solutions of n = 8 fall into 12 classes.

use crate::solve::queens::{self, Solution};
use crate::{Error, InvalidKind, Result};

/// The largest n for [`unique_solutions`]: it enumerates every solution (365 596 for n = 14, about 2 s of
/// CPU in release); n = 16 would hold 14.7 million and take far longer. Count larger boards with
/// [`queens::count_unique`].
pub const MAX_UNIQUE_N: u32 = 14;

/// A symmetry of the square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn counter-clockwise.
    Rot90,
    /// A half turn.
    Rot180,
    /// Three quarter turns counter-clockwise (a quarter turn clockwise).
    Rot270,
    /// Mirror left <-> right: column c goes to column n + 1 - c.
    FlipH,
    /// Mirror top <-> bottom: row r goes to row n + 1 - r.
    FlipV,
    /// Mirror in the diagonal from the bottom-left to the top-right corner: (column, row) -> (row, column).
    FlipDiag,
    /// Mirror in the diagonal from the top-left to the bottom-right corner.
    FlipAntiDiag,
}

impl Symmetry {
    /// All eight, identity first, rotations, then reflections.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rot90,
        Symmetry::Rot180,
        Symmetry::Rot270,
        Symmetry::FlipH,
        Symmetry::FlipV,
        Symmetry::FlipDiag,
        Symmetry::FlipAntiDiag,
    ];

    /// Where 0-based (x = column, y = row from the bottom) goes on a board whose last index is `m`.
    fn map(self, m: u32, x: u32, y: u32) -> (u32, u32) {
        match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rot90 => (m - y, x),
            Symmetry::Rot180 => (m - x, m - y),
            Symmetry::Rot270 => (y, m - x),
            Symmetry::FlipH => (m - x, y),
            Symmetry::FlipV => (x, m - y),
            Symmetry::FlipDiag => (y, x),
            Symmetry::FlipAntiDiag => (m - y, m - x),
        }
    }

    /// The image of `sol` under this symmetry (again a valid solution of the same n).
    pub fn apply(self, sol: &Solution) -> Solution {
        let n = sol.n();
        let m = n - 1;
        let mut rows = vec![0u8; n as usize];
        for (x, &row) in sol.rows().iter().enumerate() {
            let (nx, ny) = self.map(m, x as u32, u32::from(row) - 1);
            rows[nx as usize] = (ny + 1) as u8;
        }
        Solution::from_valid_rows(rows)
    }
}

/// The lexicographically smallest of the eight images of `sol`: the representative of its class.
pub fn canonical(sol: &Solution) -> Solution {
    Symmetry::ALL
        .iter()
        .map(|s| s.apply(sol))
        .min()
        .unwrap_or_else(|| sol.clone())
}

/// How many distinct solutions the class of `sol` holds: 8, 4 (fixed by the half turn) or 2 (fixed by
/// the quarter turn); 1 for n = 1.
pub fn class_size(sol: &Solution) -> usize {
    let mut images: Vec<Solution> = Symmetry::ALL.iter().map(|s| s.apply(sol)).collect();
    images.sort();
    images.dedup();
    images.len()
}

/// The fundamental solutions of an n x n board (1 <= n <= [`MAX_UNIQUE_N`]): each is the
/// lexicographically first member of its class, listed in lexicographic order with its class size.
/// The class sizes add up to the number of solutions.
pub fn unique_solutions(n: u32) -> Result<Vec<(Solution, usize)>> {
    if n == 0 || n > MAX_UNIQUE_N {
        return Err(Error::invalid(InvalidKind::BoardSize, format!(
            "n must be from 1 to {MAX_UNIQUE_N} to list fundamental solutions (larger boards have millions; use the count), got {n}"
        )));
    }
    // A solution is its class's first member exactly when no image is smaller; enumeration order then
    // gives the list in lexicographic order for free.
    Ok(queens::solutions(n)?
        .filter(|sol| Symmetry::ALL.iter().all(|s| s.apply(sol) >= *sol))
        .map(|sol| {
            let size = class_size(&sol);
            (sol, size)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sol(s: &str) -> Solution {
        s.parse().unwrap()
    }

    #[test]
    fn rotations_compose() {
        let s = sol("15863724");
        let r90 = Symmetry::Rot90.apply(&s);
        assert_eq!(Symmetry::Rot90.apply(&r90), Symmetry::Rot180.apply(&s));
        assert_eq!(
            Symmetry::Rot90.apply(&Symmetry::Rot180.apply(&s)),
            Symmetry::Rot270.apply(&s)
        );
        assert_eq!(Symmetry::Rot270.apply(&r90), s);
    }

    #[test]
    fn reflections_are_involutions_and_known_images() {
        let s = sol("15863724");
        for sym in &Symmetry::ALL[4..] {
            assert_eq!(sym.apply(&sym.apply(&s)), s, "{sym:?}");
        }
        // Left-right reverses the row list; top-bottom replaces r by 9 - r.
        assert_eq!(Symmetry::FlipH.apply(&s), sol("42736851"));
        assert_eq!(Symmetry::FlipV.apply(&s), sol("84136275"));
        // The main-diagonal mirror is the inverse permutation.
        assert_eq!(Symmetry::FlipDiag.apply(&s), sol("17582463"));
    }
}
