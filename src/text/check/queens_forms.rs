//! The forms a list of queens solutions is printed in: `15863724`, `1 5 8 6 3 7 2 4`,
//! `1,5,8,6,3,7,2,4`, `[1, 5, 8, ...]`, a label before it (`01: 1 5 8 6 3 7 2 4`, the Turbo C
//! program's counter; `No.1:`, `第1组:`), chess squares (`a1 b5 c8 ...`), and boards drawn as grids
//! of `Q` and `.` (or `1` and `0`, `*` and `-`), the top line the top rank. Titles before the list
//! and totals after it are passed over.

use super::read;
use super::words::{text, CheckPhrase as P, Said};
use crate::text::{parse_square_spec, SquareSpec};

/// One solution as written: its first line, its text, and its rows (the row of the queen in each
/// column, from 1 at the bottom) or what makes it no solution.
#[derive(Clone, Debug)]
pub(super) struct Written<'a> {
    pub line: usize,
    pub text: &'a str,
    pub rows: Result<Vec<u64>, Said>,
}

/// The rows of a line, or `None` for a line that is not a list of rows.
pub(super) fn rows_of(line: &str) -> Option<Vec<u64>> {
    let line = line.trim();
    let body = match line.rfind([':', '：']) {
        Some(i) => &line[i + line[i..].chars().next().map_or(1, char::len_utf8)..],
        None => line,
    };
    let body = body
        .trim()
        .trim_start_matches(['[', '(', '{'])
        .trim_end_matches([']', ')', '}']);
    let words: Vec<&str> = body
        .split(|c: char| c.is_whitespace() || c == ',' || c == '，')
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        [] => None,
        [one] if read::is_number(one) => Some(one.bytes().map(|b| u64::from(b - b'0')).collect()),
        _ if words.iter().all(|w| read::is_number(w)) => {
            Some(words.iter().map(|w| read::value(w)).collect())
        }
        _ => chess_rows(&words),
    }
}

/// `a1 b5 c8 ...`: each word a chess square, one per column; the rows in column order.
fn chess_rows(words: &[&str]) -> Option<Vec<u64>> {
    let mut rows = vec![0u64; words.len()];
    for word in words {
        if !word.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let Ok(SquareSpec::Chess { file, rank }) = parse_square_spec(word) else {
            return None;
        };
        let slot = rows.get_mut(file as usize)?;
        if *slot != 0 {
            return None;
        }
        *slot = u64::from(rank);
    }
    Some(rows)
}

/// The solutions among `lines`: every line from the first to the last with at least `least` rows
/// (a line between them that is none is a mistake), the lines of text before and after passed over.
pub(super) fn solution_lines<'a>(
    lines: &[(usize, &'a str)],
    least: usize,
) -> (Vec<usize>, Vec<Written<'a>>) {
    let answer = |l: &str| rows_of(l).filter(|r| r.len() >= least);
    let first = lines.iter().position(|(_, l)| answer(l).is_some());
    let last = lines.iter().rposition(|(_, l)| answer(l).is_some());
    let (Some(first), Some(last)) = (first, last) else {
        return (Vec::new(), Vec::new());
    };
    let mut skipped: Vec<usize> = lines[..first].iter().map(|l| l.0).collect();
    skipped.extend(lines[last + 1..].iter().map(|l| l.0));
    let written = lines[first..=last]
        .iter()
        .map(|&(line, text_of)| Written {
            line,
            text: text_of,
            rows: answer(text_of).ok_or_else(|| {
                Said::new(
                    P::NotASolution,
                    vec![text(crate::text::shorten(text_of.trim()))],
                )
            }),
        })
        .collect();
    (skipped, written)
}

/// A cell of a grid: `Some(true)` for a queen, `Some(false)` for an empty square.
fn cell(c: char) -> Option<bool> {
    match c {
        'Q' | 'q' | '1' | 'X' | 'x' | '*' | '#' | '●' | '■' | '♛' | '♕' => Some(true),
        '.' | '0' | '-' | '_' | '+' | 'o' | 'O' | '□' | '○' | '·' => Some(false),
        _ => None,
    }
}

/// The cells of a line of a grid, or `None` for a line that is not one.
fn grid_line(line: &str) -> Option<Vec<bool>> {
    let cells: Vec<bool> = line
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .map(cell)
        .collect::<Option<_>>()?;
    (cells.len() >= 4).then_some(cells)
}

/// Boards drawn as grids, when the answer is made of them: runs of n lines of n cells; the lines
/// between boards (labels) and around them passed over. `None` when no line is a grid's.
pub(super) fn grids<'a>(lines: &[(usize, &'a str)]) -> Option<(Vec<usize>, Vec<Written<'a>>)> {
    // Read line by line, never all at once: most answers are no grids, some are long.
    let n = lines.iter().find_map(|(_, l)| grid_line(l))?.len();
    let mut skipped = Vec::new();
    let mut boards = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let board: Vec<Vec<bool>> = lines[i..]
            .iter()
            .map_while(|(_, l)| grid_line(l))
            .take(n)
            .collect();
        let run = board.len();
        if run == 0 {
            skipped.push(lines[i].0);
            i += 1;
            continue;
        }
        let board: Vec<&Vec<bool>> = board.iter().collect();
        let (first, last) = (lines[i].0, lines[i + run - 1].0);
        let place = format!("{first}-{last}");
        boards.push(Written {
            line: first,
            text: lines[i].1,
            rows: board_rows(&board, n, &place),
        });
        i += run;
    }
    // Skipped lines after the last board and before the first are passed over; those between
    // boards are their labels.
    Some((skipped, boards))
}

/// The row of the queen in each column of a board drawn top rank first.
fn board_rows(board: &[&Vec<bool>], n: usize, place: &str) -> Result<Vec<u64>, Said> {
    if board.len() != n || board.iter().any(|r| r.len() != n) {
        return Err(Said::new(
            P::GridShape,
            vec![text(place), text(board.len()), text(n)],
        ));
    }
    (0..n)
        .map(|c| {
            let queens: Vec<usize> = (0..n).filter(|&r| board[r][c]).collect();
            match queens.as_slice() {
                [r] => Ok((n - r) as u64),
                _ => Err(Said::new(
                    P::GridColumn,
                    vec![text(place), text(c + 1), text(queens.len())],
                )),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_of_a_solution() {
        let want = Some(vec![1, 5, 8, 6, 3, 7, 2, 4]);
        for form in [
            "15863724",
            "1 5 8 6 3 7 2 4",
            "01: 1 5 8 6 3 7 2 4",
            "1,5,8,6,3,7,2,4",
            "[1, 5, 8, 6, 3, 7, 2, 4]",
            "第1组解: 1 5 8 6 3 7 2 4",
            "a1 b5 c8 d6 e3 f7 g2 h4",
        ] {
            assert_eq!(rows_of(form), want, "{form}");
        }
        assert_eq!(rows_of("Total: 92"), Some(vec![9, 2]));
        assert_eq!(rows_of("共有92种解法"), None);
    }

    #[test]
    fn a_grid_is_read_top_rank_first() {
        let grid = "Q . . . . . . .\n. . . . . . Q .\n. . . . Q . . .\n. . . . . . . Q\n. Q . . . . . .\n. . . Q . . . .\n. . . . . Q . .\n. . Q . . . . .\n";
        let lines: Vec<(usize, &str)> = (1..).zip(grid.lines()).collect();
        let (_, boards) = grids(&lines).unwrap();
        assert_eq!(boards.len(), 1);
        assert_eq!(boards[0].rows, Ok(vec![8, 4, 1, 3, 6, 2, 7, 5]));
    }
}
