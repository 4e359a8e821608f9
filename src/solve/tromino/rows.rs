//! A proper three-colouring of the textbook tromino tiling, computed from a cell's position alone.
//!
//! # The rule
//! Call a tile *small* when it is the tile of a 2 x 2 call of the recursion, and *large* otherwise.
//!
//! - A small tile lies in one aligned 2 x 2 block (rows `2a..2a+2`, columns `2b..2b+2`) and gets colour
//!   `(a + b) mod 2`.
//! - Every large tile gets colour 2.
//! - The special square is not a tile; it reports [`SPECIAL_COLOR`].
//!
//! # Why neighbours always differ
//! 1. Every aligned 2 x 2 block is exactly one 2 x 2 call: its small tile covers three cells and the
//!    fourth, the block's *hole*, is that call's defect (the special square or a large tile's cell).
//! 2. A large tile is laid by a call of side at least 4 around the call's centre point `P`, whose
//!    coordinates are even. Each of its cells is the corner cell of a different block, touching `P`
//!    with its one corner whose coordinates are both even.
//! 3. Two large tiles never share an edge. A large tile's cell `x` has two neighbours inside its own
//!    block (the block's small tile) and two outside it, which are the other cells around `P`: cells
//!    of the same tile, or the fourth cell around `P`. That fourth cell is not covered by any large
//!    tile, because a large tile covers only cells whose even corner is its own centre, and the tile
//!    centred at `P` leaves it out. So it is a small tile's cell or the special square.
//! 4. Small tiles of edge-adjacent blocks have `a + b` of opposite parity; small tiles of blocks that
//!    are not edge-adjacent cannot share an edge.
//!
//! So small tiles differ from each other where they touch, and large tiles (colour 2) touch only small
//! tiles (colours 0 and 1). Three colours are needed as soon as `k >= 2`: the centre tile of a 4 x 4
//! board and two small tiles it touches form a triangle.
//!
//! # Cost
//! [`tile_color_at`] and [`tile_color`] are `O(k)` (one root-to-leaf walk of the solver);
//! [`row_colors`], [`row_tiles`] and [`row_colors_and_tiles`] fill a whole row in `O(side)` by visiting
//! only the calls whose square the row crosses, and copying precomputed rows for the calls of side 4 to
//! 64 whose defect is a corner (all calls off the special square's path).

use std::sync::OnceLock;

use crate::geom::Square;
use crate::solve::tromino::TrominoProblem;

/// How many colours tiles use: `0` and `1` for small tiles, `2` for large ones.
pub const COLORS: usize = 3;

/// What the colour functions report for the special square (it is not a tile and is drawn apart).
pub const SPECIAL_COLOR: u8 = COLORS as u8;

/// The colour of large tiles (those of calls on sub-boards of side 4 or more).
const LARGE: u8 = 2;

/// The colour of the small tile filling most of the aligned 2 x 2 block that holds `sq`.
fn small_color(sq: Square) -> u8 {
    ((sq.row / 2 + sq.col / 2) % 2) as u8
}

#[cfg(test)]
/// Colour (`0..COLORS`) of the tile covering `sq`, or [`SPECIAL_COLOR`] for the special square;
/// `O(k)` without the board.
///
/// # Panics
/// If `sq` is outside the board.
pub fn tile_color_at(problem: &TrominoProblem, sq: Square) -> u8 {
    tile_color(problem, problem.tile_at(sq))
}

/// Colour of tile `number` (see the module documentation); [`SPECIAL_COLOR`] for 0, the special
/// square. `O(k)`.
///
/// # Panics
/// If `number` is past [`TrominoProblem::tile_count`].
pub fn tile_color(problem: &TrominoProblem, number: u32) -> u8 {
    if number == 0 {
        return SPECIAL_COLOR;
    }
    let Some(tile) = problem.tile(number) else {
        panic!(
            "tile {number} does not exist: the board has {} tiles",
            problem.tile_count()
        );
    };
    let block = |sq: Square| (sq.row / 2, sq.col / 2);
    let first = block(tile.cells[0]);
    if tile.cells.iter().all(|&sq| block(sq) == first) {
        small_color(tile.cells[0])
    } else {
        LARGE
    }
}

#[cfg(test)]
/// Fills `out[c]` with the colour of cell `(r, c)` for every column, as [`tile_color_at`] would.
///
/// # Panics
/// If `r` is not a row of the board or `out.len()` differs from the side.
pub fn row_colors(problem: &TrominoProblem, r: u32, out: &mut [u8]) {
    walk_row(problem, r, out.len(), &mut ColorSink(out));
}

/// Fills `out[c]` with the number of the tile covering cell `(r, c)` (0 for the special square), as
/// [`TrominoProblem::tile_at`] would.
///
/// # Panics
/// If `r` is not a row of the board or `out.len()` differs from the side.
pub fn row_tiles(problem: &TrominoProblem, r: u32, out: &mut [u32]) {
    walk_row(problem, r, out.len(), &mut TileSink(out));
}

/// [`row_colors`] and [`row_tiles`] in one pass, for renderers that need both.
///
/// # Panics
/// If `r` is not a row of the board or either slice's length differs from the side.
pub fn row_colors_and_tiles(
    problem: &TrominoProblem,
    r: u32,
    colors: &mut [u8],
    tiles: &mut [u32],
) {
    assert_eq!(
        colors.len(),
        tiles.len(),
        "the colour and tile rows must have the same length"
    );
    walk_row(problem, r, tiles.len(), &mut BothSink { colors, tiles });
}

/// Sets every cell of row `r` exactly once.
fn walk_row(problem: &TrominoProblem, r: u32, len: usize, sink: &mut impl RowSink) {
    let side = problem.side();
    assert!(r < side, "row {r} is outside the {side} x {side} board");
    assert_eq!(
        len, side as usize,
        "a row of the {side} x {side} board has {side} cells"
    );
    let special = problem.special();
    if special.row == r {
        sink.cell(special.col as usize, 0, SPECIAL_COLOR);
    }
    if problem.k() > 0 {
        let mut walk = RowWalk {
            r,
            sink,
            templates: Some(templates()),
        };
        walk.visit(Square::new(0, 0), side, special, 1);
    }
}

/// Where a row walk puts what it finds.
trait RowSink {
    /// Cell `col` is covered by tile `number` of colour `color`.
    fn cell(&mut self, col: usize, number: u32, color: u8);

    /// Cells `col..col + colors.len()` are a template row: tile numbers `number + rel[i]`, colours
    /// `colors[i]`, except index `skip` (none when out of range), which another call sets.
    fn span(&mut self, col: usize, rel: &[u32], colors: &[u8], number: u32, skip: usize);
}

#[cfg(test)]
struct ColorSink<'a>(&'a mut [u8]);

struct TileSink<'a>(&'a mut [u32]);

struct BothSink<'a> {
    colors: &'a mut [u8],
    tiles: &'a mut [u32],
}

/// The two ranges of `0..len` around `skip`.
fn around(len: usize, skip: usize) -> [std::ops::Range<usize>; 2] {
    if skip < len {
        [0..skip, skip + 1..len]
    } else {
        [0..len, len..len]
    }
}

fn copy_colors(out: &mut [u8], colors: &[u8], skip: usize) {
    for part in around(colors.len(), skip) {
        out[part.clone()].copy_from_slice(&colors[part]);
    }
}

fn copy_numbers(out: &mut [u32], rel: &[u32], number: u32, skip: usize) {
    for part in around(rel.len(), skip) {
        for (o, &d) in out[part.clone()].iter_mut().zip(&rel[part]) {
            *o = number + d;
        }
    }
}

#[cfg(test)]
impl RowSink for ColorSink<'_> {
    fn cell(&mut self, col: usize, _: u32, color: u8) {
        self.0[col] = color;
    }

    fn span(&mut self, col: usize, _: &[u32], colors: &[u8], _: u32, skip: usize) {
        copy_colors(&mut self.0[col..col + colors.len()], colors, skip);
    }
}

impl RowSink for TileSink<'_> {
    fn cell(&mut self, col: usize, number: u32, _: u8) {
        self.0[col] = number;
    }

    fn span(&mut self, col: usize, rel: &[u32], _: &[u8], number: u32, skip: usize) {
        copy_numbers(&mut self.0[col..col + rel.len()], rel, number, skip);
    }
}

impl RowSink for BothSink<'_> {
    fn cell(&mut self, col: usize, number: u32, color: u8) {
        self.colors[col] = color;
        self.tiles[col] = number;
    }

    fn span(&mut self, col: usize, rel: &[u32], colors: &[u8], number: u32, skip: usize) {
        copy_colors(&mut self.colors[col..col + colors.len()], colors, skip);
        copy_numbers(&mut self.tiles[col..col + rel.len()], rel, number, skip);
    }
}

/// Side of the largest call served from [`Templates`]: 64 cells (about 110 KB of tables).
const TEMPLATE_LEVEL: u32 = 6;

/// Every row of every call of side 4..=64 whose defect is a corner of its square, numbered from 0.
///
/// Such a call's tiling depends only on its side and which corner is the defect (every call off the
/// special square's path is one), and its colours do not depend on where it lies: its origin is a
/// multiple of 4, so its small tiles' block parities are those of a call at the origin. A row walk
/// copies these rows instead of descending into the call, which makes it several times faster.
struct Templates {
    /// Tile numbers relative to the call's own tile, level by level, then corner, row, column.
    rel: Vec<u32>,
    colors: Vec<u8>,
    /// Where each level starts in `rel` and `colors` (index = level).
    starts: [usize; TEMPLATE_LEVEL as usize + 1],
}

impl Templates {
    fn build() -> Templates {
        let mut starts = [0; TEMPLATE_LEVEL as usize + 1];
        let mut len = 0;
        for level in 2..=TEMPLATE_LEVEL {
            starts[level as usize] = len;
            len += 4 << (2 * level);
        }
        let mut t = Templates {
            rel: vec![0; len],
            colors: vec![0; len],
            starts,
        };
        for level in 2..=TEMPLATE_LEVEL {
            let size = 1u32 << level;
            for corner in 0..4 {
                let defect = corner_square(Square::new(0, 0), size, corner);
                for y in 0..size {
                    let at = t.offset(level, corner, y);
                    let span = at..at + size as usize;
                    let mut sink = BothSink {
                        colors: &mut t.colors[span.clone()],
                        tiles: &mut t.rel[span],
                    };
                    let mut walk = RowWalk {
                        r: y,
                        sink: &mut sink,
                        templates: None,
                    };
                    walk.visit(Square::new(0, 0), size, defect, 0);
                }
            }
        }
        t
    }

    fn offset(&self, level: u32, corner: usize, y: u32) -> usize {
        let size = 1usize << level;
        self.starts[level as usize] + (corner * size + y as usize) * size
    }

    /// Row `y` of the call of side `2^level` with its defect at `corner`: relative numbers, colours.
    fn row(&self, level: u32, corner: usize, y: u32) -> (&[u32], &[u8]) {
        let at = self.offset(level, corner, y);
        let span = at..at + (1 << level);
        (&self.rel[span.clone()], &self.colors[span])
    }
}

fn templates() -> &'static Templates {
    static TEMPLATES: OnceLock<Templates> = OnceLock::new();
    TEMPLATES.get_or_init(Templates::build)
}

/// The cell at corner `corner` (quadrant order) of the `size` square at `origin`.
fn corner_square(origin: Square, size: u32, corner: usize) -> Square {
    Square::new(
        origin.row + (size - 1) * (corner / 2) as u32,
        origin.col + (size - 1) * (corner % 2) as u32,
    )
}

/// The calls whose square crosses one row, visited depth first.
struct RowWalk<'a, S> {
    r: u32,
    sink: &'a mut S,
    /// Rows of corner-defect calls to copy; `None` while building them.
    templates: Option<&'a Templates>,
}

impl<S: RowSink> RowWalk<'_, S> {
    /// The call on the `size` x `size` square at `origin` (size >= 2) whose defect is `defect` and
    /// whose tile is number `number`. Each cell of the row is set by the one call whose tile covers
    /// it; the defect is set by the ancestor that covers it (or is the special square).
    fn visit(&mut self, origin: Square, size: u32, defect: Square, number: u32) {
        let half = size / 2;
        let mid_row = origin.row + half;
        let mid_col = origin.col + half;
        let skip = if defect.row == self.r {
            (defect.col - origin.col) as usize
        } else {
            usize::MAX
        };
        if size == 2 {
            let color = small_color(origin);
            for dx in 0..2 {
                if dx != skip {
                    self.sink.cell(origin.col as usize + dx, number, color);
                }
            }
            return;
        }
        if let Some(templates) = self.templates {
            let level = size.trailing_zeros();
            if level <= TEMPLATE_LEVEL {
                if let Some(corner) = (0..4).find(|&c| corner_square(origin, size, c) == defect) {
                    let (rel, colors) = templates.row(level, corner, self.r - origin.row);
                    self.sink
                        .span(origin.col as usize, rel, colors, number, skip);
                    return;
                }
            }
        }
        let down = u32::from(self.r >= mid_row);
        let defect_q = quadrant(defect, mid_row, mid_col);
        // The centre tromino occupies the two middle rows only, and not the defect's quadrant.
        if self.r + 1 == mid_row || self.r == mid_row {
            for right in 0..2 {
                if (down * 2 + right) as usize != defect_q {
                    self.sink
                        .cell((mid_col - 1 + right) as usize, number, LARGE);
                }
            }
        }
        let per_quadrant = subtree_tiles(half);
        let child_row = origin.row + half * down;
        // The two quadrants the row crosses, left then right.
        for right in 0..2 {
            let q = (down * 2 + right) as usize;
            let child_defect = if q == defect_q {
                defect
            } else {
                Square::new(mid_row - 1 + down, mid_col - 1 + right)
            };
            let child_number = number + 1 + q as u32 * per_quadrant;
            let child_origin = Square::new(child_row, origin.col + half * right);
            self.visit(child_origin, half, child_defect, child_number);
        }
    }
}

/// Quadrant 0..4 (top-left, top-right, bottom-left, bottom-right) of `sq` around a call's centre.
fn quadrant(sq: Square, mid_row: u32, mid_col: u32) -> usize {
    usize::from(sq.row >= mid_row) * 2 + usize::from(sq.col >= mid_col)
}

/// Tiles of a sub-board of side `size` (a power of two): `(size^2 - 1) / 3`.
fn subtree_tiles(size: u32) -> u32 {
    ((u64::from(size) * u64::from(size) - 1) / 3) as u32
}

#[cfg(test)]
#[path = "rows_tests.rs"]
mod tests;
