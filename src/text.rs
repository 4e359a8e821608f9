//! The text formats of the seeds: tile matrices, the tromino batch input, queen notation lists, knight
//! step matrices and one-line event traces. Built from solver results alone.

use std::io::{Read, Write};

use crate::error::{Error, Result};
use crate::scene::tromino_color::row_tiles;
use crate::solve::knight::{KnightEvent, KnightTour};
use crate::solve::queens::QueensEvent;
use crate::solve::tromino::{LShape, TrominoEvent, TrominoProblem};
use crate::solve::Square;

fn io(e: std::io::Error) -> Error {
    Error::io("output", e)
}

/// Writes the tile-number matrix: one row per line, numbers separated by single spaces (seed 001's
/// sample output format). Rows are computed one at a time, so memory stays proportional to one row
/// whatever the board's size.
pub fn write_tile_matrix(out: &mut dyn Write, problem: &TrominoProblem) -> Result<()> {
    let side = problem.side();
    let mut tiles = vec![0u32; side as usize];
    let mut line = String::new();
    for r in 0..side {
        crate::output::check_interrupted()?;
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
        Error::invalid(format!(
            "expected ROW,COL such as 2,3, found '{}'",
            shorten(text)
        ))
    })?;
    let num = |s: &str, what: &str| -> Result<u32> {
        let s = s.trim();
        s.parse::<u32>().map_err(|_| {
            let shown = shorten(s);
            let digits = s.strip_prefix('+').unwrap_or(s);
            Error::invalid(if s.starts_with('-') {
                format!("the {what} '{shown}' is negative; rows and columns count from 0")
            } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                format!("the {what} '{shown}' is too large")
            } else {
                format!("the {what} '{shown}' is not a number (expected ROW,COL such as 2,3)")
            })
        })
    };
    Ok(Square::new(num(r, "row")?, num(c, "column")?))
}

/// The most bytes of batch input read: 100000 cases of the largest board take about 2 MB, so this
/// leaves room for generous spacing while a stream without end (`< /dev/zero`) cannot exhaust memory.
pub const MAX_BATCH_INPUT_BYTES: u64 = 16 << 20;

/// Reads at most [`MAX_BATCH_INPUT_BYTES`] of batch input from `input` (standard input for the CLI) and
/// parses it with [`parse_tromino_batch`]; longer input is refused before it is held in memory.
pub fn read_tromino_batch(input: impl Read) -> Result<Vec<TrominoProblem>> {
    let mut bytes = Vec::new();
    input
        .take(MAX_BATCH_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("standard input", e))?;
    if bytes.len() as u64 > MAX_BATCH_INPUT_BYTES {
        return Err(Error::TooLarge(format!(
            "the batch input is longer than {} MiB; split it into several runs",
            MAX_BATCH_INPUT_BYTES >> 20
        )));
    }
    parse_tromino_batch(&bytes)
}

/// Parses seed 001's batch input: a case count N, then for each case a line with the board side m and
/// a line with the special square `x y`. Blank lines are skipped and Windows line endings accepted.
/// Errors name the case and the line number.
pub fn parse_tromino_batch(input: &[u8]) -> Result<Vec<TrominoProblem>> {
    let mut lines = input
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.strip_suffix(b"\r").unwrap_or(raw)))
        .filter(|(_, raw)| !raw.iter().all(u8::is_ascii_whitespace));
    let mut next_line = |what: &str| -> Result<(usize, String)> {
        match lines.next() {
            None => Err(Error::invalid(format!("batch input ends before {what}"))),
            Some((n, raw)) => match std::str::from_utf8(raw) {
                Ok(s) => Ok((n, s.trim().to_string())),
                Err(_) => Err(Error::invalid(format!(
                    "line {n}: {what} is not valid UTF-8 text"
                ))),
            },
        }
    };
    let (n, text) = next_line("the number of cases")?;
    let count: u32 = text.parse().map_err(|_| {
        Error::invalid(format!(
            "line {n}: expected the number of cases (0 to 100000), found '{}'",
            shorten(&text)
        ))
    })?;
    if count > 100_000 {
        return Err(Error::invalid(format!(
            "line {n}: {count} cases is more than the limit of 100000"
        )));
    }
    let mut cases = Vec::with_capacity(count as usize);
    for case in 1..=count {
        let (n, text) = next_line(&format!("the side of case {case}"))?;
        let side: u64 = text.parse().map_err(|_| {
            Error::invalid(format!(
                "case {case}, line {n}: expected the board side (a power of two from 1 to 32768), found '{}'",
                shorten(&text)
            ))
        })?;
        let (n2, text2) = next_line(&format!("the special square of case {case}"))?;
        let mut parts = text2.split_whitespace();
        let coords: Vec<Option<u32>> = parts.by_ref().take(3).map(|p| p.parse().ok()).collect();
        let special = match coords.as_slice() {
            [Some(x), Some(y)] => Square::new(*x, *y),
            _ => {
                return Err(Error::invalid(format!(
                    "case {case}, line {n2}: expected the special square as two numbers 'x y', found '{}'",
                    shorten(&text2)
                )))
            }
        };
        // A bad side is the side's line; a square off a good board is the square's line.
        TrominoProblem::from_side(side, Square::new(0, 0))
            .map_err(|e| Error::invalid(format!("case {case}, line {n}: {e}")))?;
        let problem = TrominoProblem::from_side(side, special)
            .map_err(|e| Error::invalid(format!("case {case}, line {n2}: {e}")))?;
        cases.push(problem);
    }
    if let Some((n, _)) = lines.next() {
        return Err(Error::invalid(format!(
            "line {n}: unexpected text after the {count} case{} the first line announced",
            if count == 1 { "" } else { "s" }
        )));
    }
    Ok(cases)
}

/// At most 40 characters of `text` for an error message, control characters written as escapes so
/// that hostile input cannot break the message over lines or send terminal escape sequences.
fn shorten(text: &str) -> String {
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

/// Writes every case of a batch as `CASE:i` followed by its matrix (seed 001's output).
pub fn write_tromino_batch(out: &mut dyn Write, cases: &[TrominoProblem]) -> Result<()> {
    for (i, case) in cases.iter().enumerate() {
        writeln!(out, "CASE:{}", i + 1).map_err(io)?;
        write_tile_matrix(out, case)?;
    }
    Ok(())
}

/// The name of an L shape in traces.
pub fn shape_name(shape: LShape) -> &'static str {
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
    let cols = tour.cols() as usize;
    // Each number fills `width` bytes and is followed by a space (a newline after the last one).
    // Digits are written by hand: a 10 000 x 10 000 tour has 10^8 of them, and formatting each
    // through `write!` took longer than building the tour.
    let mut line = vec![b' '; cols * (width + 1)];
    for row in tour.steps().chunks_exact(cols) {
        crate::output::check_interrupted()?;
        for (cell, &step) in line.chunks_exact_mut(width + 1).zip(row) {
            let (digits, sep) = cell.split_at_mut(width);
            sep[0] = b' ';
            let (mut n, mut i) = (step, width);
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
        out.write_all(&line).map_err(io)?;
    }
    Ok(())
}
