//! The text formats of the textbook: tile matrices, the tromino batch input, queen notation lists, knight
//! step matrices and one-line event traces. Built from solver results alone.

use std::io::Write;

use crate::error::{Error, InvalidKind, Result};
use crate::geom::Square;
use crate::solve::knight::{KnightEvent, KnightTour};
use crate::solve::queens::QueensEvent;
use crate::solve::tromino::rows::row_tiles;
use crate::solve::tromino::{LShape, TrominoEvent, TrominoProblem};

mod case_batch;
pub(crate) mod check;
mod knight_explain;
mod lang;
mod positions;
mod square;

// The formats: tile matrices and the CASE batch, step and degree matrices of the knight, one-line
// traces, square and position notation, and the languages captions are written in.
pub use case_batch::{
    parse_tromino_batch, read_tromino_batch, tromino_batch_output_bytes, MAX_BATCH_CASES,
    MAX_BATCH_INPUT_BYTES, MAX_BATCH_OUTPUT_BYTES,
};
pub use knight_explain::{knight_explained_line, write_degree_matrix};
pub use lang::{DescriptionPhrase, Lang, Phrase};
pub use positions::{parse_knight_path, parse_queens_position, write_path_matrix, KnightPathText};
pub use square::{chess_name, parse_square_spec, SquareSpec};

// The helpers the figures share with the formats: how a choice is captioned, how a square is named.
pub(crate) use knight_explain::{knight_choice_caption, knight_weight, tie_rule, tied_with_chosen};
pub(crate) use positions::is_knight_move;
pub(crate) use square::{chess_file, SquareNames, MAX_CHESS_FILES};

fn io(e: std::io::Error) -> Error {
    Error::io("output", e)
}

/// Writes the tile-number matrix: one row per line, numbers separated by single spaces (the textbook's
/// sample output format). Rows are computed one at a time, so memory stays proportional to one row
/// whatever the board's size.
pub fn write_tile_matrix(out: &mut dyn Write, problem: &TrominoProblem) -> Result<()> {
    let side = problem.side();
    let mut tiles = vec![0u32; side as usize];
    let mut line = String::new();
    for r in 0..side {
        row_tiles(problem, r, &mut tiles);
        line.clear();
        join_numbers(&mut line, tiles.iter().copied());
        out.write_all(line.as_bytes()).map_err(io)?;
    }
    Ok(())
}

fn join_numbers(line: &mut String, numbers: impl Iterator<Item = u32>) {
    use std::fmt::Write as _;
    for (i, n) in numbers.enumerate() {
        if i > 0 {
            line.push(' ');
        }
        let _ = write!(line, "{n}");
    }
    line.push('\n');
}

/// Parses a square written `R,C` (0-based row and column, as `--special` and `--start` take it; spaces
/// around the numbers and a leading '+' are accepted). Errors say what is wrong: a missing comma, a
/// negative number, a number too large, or something that is not a number.
pub fn parse_square(text: &str) -> Result<Square> {
    let (r, c) = text.split_once(',').ok_or_else(|| {
        Error::invalid(
            InvalidKind::Square,
            format!("expected ROW,COL such as 2,3, found '{}'", shorten(text)),
        )
    })?;
    let num = |s: &str, what: &str| -> Result<u32> {
        let s = s.trim();
        s.parse::<u32>().map_err(|_| {
            let shown = shorten(s);
            let digits = s.strip_prefix('+').unwrap_or(s);
            Error::invalid(
                InvalidKind::Square,
                if s.starts_with('-') {
                    format!("the {what} '{shown}' is negative; rows and columns count from 0")
                } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    format!("the {what} '{shown}' is too large")
                } else {
                    format!("the {what} '{shown}' is not a number (expected ROW,COL such as 2,3)")
                },
            )
        })
    };
    Ok(Square::new(num(r, "row")?, num(c, "column")?))
}

/// At most 40 characters of `text` for an error message, control characters written as escapes so
/// that hostile input cannot break the message over lines or send terminal escape sequences.
pub(crate) fn shorten(text: &str) -> String {
    let mut s = String::new();
    for c in text.chars().take(40) {
        if c.is_control() {
            s.extend(c.escape_default());
        } else {
            s.push(c);
        }
    }
    if text.chars().count() > 40 {
        s.push_str("...");
    }
    s
}

/// Writes every case of a batch as `CASE:i` followed by its matrix (the textbook's output).
pub fn write_tromino_batch(out: &mut dyn Write, cases: &[TrominoProblem]) -> Result<()> {
    for (i, case) in cases.iter().enumerate() {
        writeln!(out, "CASE:{}", i + 1).map_err(io)?;
        write_tile_matrix(out, case)?;
    }
    Ok(())
}

/// The name of an L shape in traces.
fn shape_name(shape: LShape) -> &'static str {
    match shape {
        LShape::MissingTopLeft => "missing-top-left",
        LShape::MissingTopRight => "missing-top-right",
        LShape::MissingBottomLeft => "missing-bottom-left",
        LShape::MissingBottomRight => "missing-bottom-right",
    }
}

/// One tromino event as a line of text (without the newline).
pub fn tromino_event_line(event: &TrominoEvent) -> String {
    match event {
        TrominoEvent::Split {
            origin,
            size,
            depth,
        } => format!("split origin {origin} size {size} depth {depth}"),
        TrominoEvent::Place(t) => format!(
            "place tile {} cells {} {} {} shape {}",
            t.number,
            t.cells[0],
            t.cells[1],
            t.cells[2],
            shape_name(t.shape)
        ),
    }
}

/// Line `index` of a trace: `37: ` before the event's text, so that `--step 37` is easy to find.
pub fn numbered(index: u64, line: &str) -> String {
    format!("{index}: {line}")
}

/// One queens event as a line of text: columns and rows 1-based, rows counted from the bottom.
pub fn queens_event_line(event: &QueensEvent) -> String {
    match event {
        QueensEvent::Place { col, row } => format!("place col {col} row {row}"),
        QueensEvent::Remove { col, row } => format!("remove col {col} row {row}"),
        QueensEvent::Solution { index, solution } => format!("solution {index} {solution}"),
    }
}

/// One knight event as a line of text.
pub fn knight_event_line(event: &KnightEvent) -> String {
    match event {
        KnightEvent::Move { step, square } => format!("move {step} {square}"),
        KnightEvent::Retreat { step, square } => format!("retreat {step} {square}"),
    }
}

/// Writes the step-number matrix of a tour with right-aligned columns.
pub fn write_knight_matrix(out: &mut dyn Write, tour: &KnightTour) -> Result<()> {
    let total = u64::from(tour.rows()) * u64::from(tour.cols());
    let width = total.to_string().len();
    let mut line = Vec::new();
    for row in tour.steps().chunks_exact(tour.cols() as usize) {
        write_aligned_row(out, &mut line, width, row.iter().copied())?;
    }
    Ok(())
}

/// Writes one matrix row: each number right-aligned in `width` columns, separated by single spaces,
/// then a newline (`line` is a buffer kept between rows).
fn write_aligned_row(
    out: &mut dyn Write,
    line: &mut Vec<u8>,
    width: usize,
    row: impl ExactSizeIterator<Item = u32>,
) -> Result<()> {
    // Each number fills `width` bytes and is followed by a space (a newline after the last one).
    // Digits are written by hand: a 10 000 x 10 000 tour has 10^8 of them, and formatting each
    // through `write!` took longer than building the tour.
    line.clear();
    line.resize(row.len() * (width + 1), b' ');
    for (cell, value) in line.chunks_exact_mut(width + 1).zip(row) {
        let (digits, sep) = cell.split_at_mut(width);
        sep[0] = b' ';
        let (mut n, mut i) = (value, width);
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 || i == 0 {
                break;
            }
        }
        digits[..i].fill(b' ');
    }
    if let Some(last) = line.last_mut() {
        *last = b'\n';
    }
    out.write_all(line).map_err(io)
}
