//! One `u32` a square: its step number in the low bits, its count of free neighbours above them,
//! and a bit for the flood fill in progress; the board has an off-board border two squares wide.

/// Low bits of a cell: the step number, 0 while the square is free.
pub(super) const STEP_MASK: u32 = (1 << 27) - 1;
/// Position of the free-neighbour count (0..=8) above the step number.
pub(super) const DEGREE_SHIFT: u32 = 27;
/// One free neighbour, in cell units.
pub(super) const DEGREE_ONE: u32 = 1 << DEGREE_SHIFT;
/// The step field of a border cell: never 0 (free) and above any real step number (at most 10^8).
/// Its degree bits may wrap as neighbours are visited; that never reaches the step field and is never
/// read.
pub(super) const OFF_BOARD: u32 = STEP_MASK;
/// Top bit of a free cell: reached by the flood fill in progress (always clear between calls).
pub(super) const MARK: u32 = 1 << 31;
/// Width of the off-board border: a knight jumps at most two squares.
pub(super) const BORDER: usize = 2;
