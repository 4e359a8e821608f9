//! Positions as people write them: queens as the row of each column's queen (`15863724`, `1.8`,
//! `1 - 8 10`), knight paths as a list of squares (`0,0 1,2 c5`) or as the numbered matrix the
//! knight's tour prints, read back.

use std::io::Write;

use super::{shorten, SquareSpec};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Square;
use crate::solve::knight::MOVES;
use crate::solve::queens::position::QueensPosition;

/// Parses queens on an n x n board: the row (1 = the bottom) of the queen in each column from the
/// left, as one digit per column (`15863724`, `.` or `-` for an empty column) or as rows separated by
/// spaces or commas (`1 - 8 10`, `1,5,8,6,3,7,2,4`; needed once n > 9). Fewer columns than n leave
/// the rest empty. Errors name the token and its column.
pub fn parse_queens_position(text: &str, n: u32) -> Result<QueensPosition> {
    let text = text.trim();
    let separator = |c: char| c.is_whitespace() || c == ',';
    let spaced = text.contains(separator);
    let tokens: Vec<&str> = if spaced {
        text.split(separator).filter(|t| !t.is_empty()).collect()
    } else {
        text.char_indices()
            .map(|(i, c)| &text[i..i + c.len_utf8()])
            .collect()
    };
    if tokens.len() > n as usize {
        return Err(Error::invalid(
            InvalidKind::Position,
            format!(
                "'{}' places queens in {} columns, more than the {n} of an {n} x {n} board",
                shorten(text),
                tokens.len()
            ),
        ));
    }
    let mut rows = vec![0u32; n as usize];
    for (col, (token, row)) in tokens.iter().zip(rows.iter_mut()).enumerate() {
        let col = col + 1;
        if *token == "." || *token == "-" {
            continue;
        }
        let value = token
            .parse::<u32>()
            .ok()
            .filter(|_| token.bytes().all(|b| b.is_ascii_digit()));
        *row = match value {
            Some(r) if (1..=n).contains(&r) => r,
            Some(r) if r > n => {
                return Err(Error::invalid(InvalidKind::Position, format!(
                    "'{}' in column {col}: row {r} is off the {n} x {n} board (rows 1 to {n}, 1 = the bottom)",
                    shorten(token)
                )))
            }
            _ => {
                let hint = if !spaced && n > 9 && token.bytes().all(|b| b.is_ascii_digit()) {
                    "; with more than 9 rows, separate the rows by spaces or commas"
                } else {
                    ""
                };
                return Err(Error::invalid(InvalidKind::Position, format!(
                    "'{}' in column {col} is not a row: expected 1 to {n} (1 = the bottom) or '.' or '-' for an empty column{hint}",
                    shorten(token)
                )));
            }
        };
    }
    QueensPosition::new(rows)
}

/// A square as written in a list, and the text it was written as.
type WrittenSquare = (SquareSpec, String);

/// A knight's path as written, before the board is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnightPathText {
    /// A list of squares in order, each with the token it was written as.
    Squares(Vec<WrittenSquare>),
    /// A numbered matrix: its size and its squares in step order.
    Matrix {
        /// Rows of the matrix.
        rows: u32,
        /// Columns of the matrix.
        cols: u32,
        /// The squares numbered 1, 2, ... in order.
        path: Vec<Square>,
    },
}

/// Parses a knight's path: squares separated by white space (`0,0 1,2 c5`, as `ROW,COL` or in chess
/// notation), or a matrix of step numbers as the knight's tour prints it (rows of numbers separated by
/// spaces; `0` or `.` for a square not visited; the numbers 1..k each once). A text whose every token
/// is a number or `.` is a matrix. Errors name the token and, for squares, the step.
pub fn parse_knight_path(text: &str) -> Result<KnightPathText> {
    let is_matrix_token = |t: &str| t == "." || t.bytes().all(|b| b.is_ascii_digit());
    let mut tokens = text.split_whitespace().peekable();
    if tokens.peek().is_none() {
        return Err(Error::invalid(
            InvalidKind::Position,
            "the knight's path is empty",
        ));
    }
    if text.split_whitespace().all(is_matrix_token) {
        return parse_matrix(text);
    }
    let mut squares = Vec::new();
    for (step, token) in tokens.enumerate() {
        let spec = super::parse_square_spec(token).map_err(|e| {
            Error::invalid(
                InvalidKind::Position,
                format!("step {} '{}': {e}", step + 1, shorten(token)),
            )
        })?;
        squares.push((spec, token.to_string()));
    }
    Ok(KnightPathText::Squares(squares))
}

fn parse_matrix(text: &str) -> Result<KnightPathText> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let width = lines[0].split_whitespace().count();
    let rows = u32::try_from(lines.len())
        .map_err(|_| Error::invalid(InvalidKind::Position, "the matrix is too large"))?;
    let cols = u32::try_from(width)
        .map_err(|_| Error::invalid(InvalidKind::Position, "the matrix is too large"))?;
    let squares = u64::from(rows) * u64::from(cols);
    let mut at: Vec<Option<Square>> = vec![None; squares as usize];
    let mut highest = 0u64;
    for (r, line) in lines.iter().enumerate() {
        let count = line.split_whitespace().count();
        if count != width {
            return Err(Error::invalid(
                InvalidKind::Position,
                format!(
                    "row {} of the matrix has {count} numbers, row 1 has {width}",
                    r + 1
                ),
            ));
        }
        for (c, token) in line.split_whitespace().enumerate() {
            let sq = Square::new(r as u32, c as u32);
            if token == "." {
                continue;
            }
            let step = token.parse::<u64>().ok().filter(|&s| s <= squares);
            let Some(step) = step else {
                return Err(Error::invalid(InvalidKind::Position, format!(
                    "'{}' at {sq} is not a step number of a {rows} x {cols} board (0 or . for a square not visited, else 1 to {squares})",
                    shorten(token)
                )));
            };
            if step == 0 {
                continue;
            }
            let slot = &mut at[step as usize - 1];
            if let Some(other) = slot {
                return Err(Error::invalid(
                    InvalidKind::Position,
                    format!("step {step} appears twice in the matrix, at {other} and at {sq}"),
                ));
            }
            *slot = Some(sq);
            highest = highest.max(step);
        }
    }
    let mut path = Vec::with_capacity(highest as usize);
    for (i, sq) in at.iter().take(highest as usize).enumerate() {
        match sq {
            Some(sq) => path.push(*sq),
            None => {
                return Err(Error::invalid(
                    InvalidKind::Position,
                    format!(
                        "step {} is missing from the matrix, which goes up to {highest}",
                        i + 1
                    ),
                ))
            }
        }
    }
    if path.is_empty() {
        return Err(Error::invalid(
            InvalidKind::Position,
            "the matrix numbers no square",
        ));
    }
    Ok(KnightPathText::Matrix { rows, cols, path })
}

impl KnightPathText {
    /// The board size the text implies (a matrix's), if any.
    pub fn size(&self) -> Option<(u32, u32)> {
        match self {
            KnightPathText::Squares(_) => None,
            KnightPathText::Matrix { rows, cols, .. } => Some((*rows, *cols)),
        }
    }

    /// The path on a `rows` x `cols` board, checked: every square on the board, none twice, every step
    /// a knight move from the one before. Errors name the step and the square as written.
    pub fn resolve(&self, rows: u32, cols: u32) -> Result<Vec<Square>> {
        let (squares, tokens): (Vec<Square>, Option<&[WrittenSquare]>) = match self {
            KnightPathText::Squares(list) => {
                let squares = list
                    .iter()
                    .enumerate()
                    .map(|(i, (spec, token))| {
                        spec.resolve(rows, cols).map_err(|e| {
                            Error::invalid(
                                InvalidKind::Position,
                                format!("step {} '{}': {e}", i + 1, shorten(token)),
                            )
                        })
                    })
                    .collect::<Result<_>>()?;
                (squares, Some(list))
            }
            KnightPathText::Matrix {
                rows: r,
                cols: c,
                path,
            } => {
                if (*r, *c) != (rows, cols) {
                    return Err(Error::invalid(
                        InvalidKind::Position,
                        format!("the matrix is a {r} x {c} board, not {rows} x {cols}"),
                    ));
                }
                (path.clone(), None)
            }
        };
        // A square as written (a matrix's as ROW,COL), made only for an error.
        let token = |i: usize| match tokens {
            Some(list) => shorten(&list[i].1),
            None => squares[i].to_string(),
        };
        let mut seen = std::collections::HashMap::with_capacity(squares.len());
        for (i, sq) in squares.iter().enumerate() {
            let step = i + 1;
            if let Some(first) = seen.insert(*sq, step) {
                return Err(Error::invalid(
                    InvalidKind::Position,
                    format!(
                        "step {step} '{}' returns to the square of step {first}",
                        token(i)
                    ),
                ));
            }
            if i > 0 && !is_knight_move(squares[i - 1], *sq) {
                return Err(Error::invalid(
                    InvalidKind::Position,
                    format!(
                        "step {step} '{}' is not a knight move from step {} '{}'",
                        token(i),
                        step - 1,
                        token(i - 1)
                    ),
                ));
            }
        }
        Ok(squares)
    }
}

/// Whether `b` is one knight move from `a`.
pub fn is_knight_move(a: Square, b: Square) -> bool {
    MOVES.iter().any(|&(dr, dc)| {
        a.row.checked_add_signed(dr) == Some(b.row) && a.col.checked_add_signed(dc) == Some(b.col)
    })
}

/// Writes the step numbers of `path` on a `rows` x `cols` board as the knight's tour prints its
/// matrix (right-aligned columns as wide as the largest possible number), `.` on squares not visited.
pub fn write_path_matrix(out: &mut dyn Write, rows: u32, cols: u32, path: &[Square]) -> Result<()> {
    let width = (u64::from(rows) * u64::from(cols)).to_string().len();
    let mut steps = vec![0u32; rows as usize * cols as usize];
    for (step, sq) in (1..).zip(path) {
        steps[sq.row as usize * cols as usize + sq.col as usize] = step;
    }
    let mut line = String::new();
    for row in steps.chunks_exact(cols as usize) {
        line.clear();
        for (i, &step) in row.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            if step == 0 {
                line.push_str(&format!("{:>width$}", "."));
            } else {
                line.push_str(&format!("{step:>width$}"));
            }
        }
        line.push('\n');
        out.write_all(line.as_bytes())
            .map_err(|e| Error::io("output", e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_positions_in_every_notation() {
        let p = parse_queens_position("15863724", 8).unwrap();
        assert_eq!(p.rows(), &[1, 5, 8, 6, 3, 7, 2, 4]);
        let p = parse_queens_position("1.8", 8).unwrap();
        assert_eq!(p.rows(), &[1, 0, 8, 0, 0, 0, 0, 0]);
        let p = parse_queens_position("1 - 8 10", 10).unwrap();
        assert_eq!(p.rows(), &[1, 0, 8, 10, 0, 0, 0, 0, 0, 0]);
        let e = parse_queens_position("159", 8).unwrap_err().to_string();
        assert!(
            e.contains("'9' in column 3") && e.contains("off the 8 x 8"),
            "{e}"
        );
        let e = parse_queens_position("1x", 8).unwrap_err().to_string();
        assert!(e.contains("'x' in column 2"), "{e}");
        let e = parse_queens_position("123456789", 8)
            .unwrap_err()
            .to_string();
        assert!(e.contains("9 columns") && e.contains("the 8 of"), "{e}");
        let e = parse_queens_position("10", 10).unwrap_err().to_string();
        assert!(e.contains("'0' in column 2") && e.contains("spaces"), "{e}");
    }

    #[test]
    fn knight_paths_as_lists_and_matrices() {
        let list = parse_knight_path("0,0 1,2 e3").unwrap();
        let want = vec![Square::new(0, 0), Square::new(1, 2), Square::new(2, 4)];
        assert_eq!(list.resolve(5, 5).unwrap(), want);
        let e = parse_knight_path("0,0 1,1")
            .unwrap()
            .resolve(8, 8)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("step 2 '1,1' is not a knight move from step 1 '0,0'"),
            "{e}"
        );
        let e = parse_knight_path("0,0 1,2 0,0")
            .unwrap()
            .resolve(8, 8)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("step 3 '0,0' returns to the square of step 1"),
            "{e}"
        );
        let e = parse_knight_path("0,0 9,9")
            .unwrap()
            .resolve(8, 8)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("step 2 '9,9'") && e.contains("off the 8 x 8"),
            "{e}"
        );
        let e = parse_knight_path("0,0 x").unwrap_err().to_string();
        assert!(e.starts_with("step 2 'x'"), "{e}");
        let m = parse_knight_path(" 1 .\n . .\n 2 .\n").unwrap();
        assert_eq!(m.size(), Some((3, 2)));
        let e = parse_knight_path("1 2\n3").unwrap_err().to_string();
        assert!(e.contains("row 2"), "{e}");
        let e = parse_knight_path("1 3\n0 0").unwrap_err().to_string();
        assert!(e.contains("step 2 is missing"), "{e}");
        let mut text = Vec::new();
        let path = [Square::new(0, 0), Square::new(2, 1)];
        write_path_matrix(&mut text, 3, 2, &path).unwrap();
        assert_eq!(String::from_utf8(text.clone()).unwrap(), "1 .\n. .\n. 2\n");
        let back = parse_knight_path(std::str::from_utf8(&text).unwrap()).unwrap();
        assert_eq!(back.resolve(3, 2).unwrap(), path);
    }
}
