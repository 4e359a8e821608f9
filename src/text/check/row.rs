//! One printed row of a matrix and its numbers, with where each stands: what the spaced, fixed-width
//! and overflowing readers (`read.rs`, `overflow.rs`) make of a line.

/// One number of a matrix, or `.` (a square left empty). Sixteen bytes: a matrix is held whole,
/// and a 16 MiB answer of one-digit numbers has eight million of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Number {
    line: u32,
    column: u32,
    /// The value, or [`EMPTY`] for `.`.
    raw: u64,
}

/// The raw value of `.`: above every number read.
const EMPTY: u64 = u64::MAX;

/// The largest value a number holds: one below [`EMPTY`] (a longer number saturates to it).
pub(super) const LARGEST: u64 = EMPTY - 1;

impl Number {
    /// A number at `line` and `column` (from 1; at most `u32::MAX`, which no answer of at most
    /// 16 MiB reaches), `None` for `.`.
    pub(super) fn new(line: usize, column: usize, value: Option<u64>) -> Number {
        Number {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
            raw: value.map_or(EMPTY, |v| v.min(LARGEST)),
        }
    }

    /// The line of the input (from 1).
    pub(super) fn line(&self) -> usize {
        self.line as usize
    }

    /// The column of the line, in characters from 1.
    pub(super) fn column(&self) -> usize {
        self.column as usize
    }

    /// The value; `None` for `.`.
    pub(super) fn value(&self) -> Option<u64> {
        (self.raw != EMPTY).then_some(self.raw)
    }

    /// The number moved `by` characters to the right (a prompt before it on its line).
    pub(super) fn shifted(self, by: usize) -> Number {
        Number::new(self.line(), self.column() + by, self.value())
    }
}

/// One printed row of a matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Row {
    pub line: usize,
    pub numbers: Vec<Number>,
}

/// Digits of `n` in decimal.
pub(super) fn decimal_width(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}
