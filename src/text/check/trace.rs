//! Checking a trace of the queens' search as `queens --trace` prints it (`1: place col 1 row 1`,
//! `remove col 3 row 2`, `solution 1 15863724`): each event legal in the column-by-column order,
//! rows tried from 1 up in each column, a full board reported as the next solution.
//!
//! The check stops at the first illegal event: every event after it follows from a board that is
//! already wrong.

use super::read;
use super::words::{text, CheckPhrase as P, Said};
use super::{CheckReport, Drawing, Entry, Finding};
use crate::error::Result;
use crate::solve::queens::position::QueensPosition;
use crate::solve::queens::MAX_N;
use crate::text::{chess_file, shorten};

/// One event as written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Event {
    Place { col: u64, row: u64 },
    Remove { col: u64, row: u64 },
    Solution { index: u64, rows: Vec<u64> },
}

/// Whether `line` is an event of a trace (its number before it or not).
pub(super) fn is_event_line(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let mut first = words.next();
    if first.is_some_and(|w| w.strip_suffix(':').is_some_and(read::is_number)) {
        first = words.next();
    }
    matches!(first, Some("place" | "remove" | "solution"))
}

/// The event of `line` and the number written before it, or `None` for a line that is no event.
fn parse(line: &str) -> Option<(Option<u64>, Event)> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    let mut number = None;
    if let Some(n) = words.first().and_then(|w| w.strip_suffix(':')) {
        if read::is_number(n) {
            number = Some(read::value(n));
            words.remove(0);
        }
    }
    let num = |w: &str| read::is_number(w).then(|| read::value(w));
    let event = match words.as_slice() {
        ["place", "col", c, "row", r] => Event::Place {
            col: num(c)?,
            row: num(r)?,
        },
        ["remove", "col", c, "row", r] => Event::Remove {
            col: num(c)?,
            row: num(r)?,
        },
        ["solution", i, rest @ ..] if !rest.is_empty() => Event::Solution {
            index: num(i)?,
            rows: if rest.len() == 1 {
                rest[0]
                    .bytes()
                    .map(|b| b.is_ascii_digit().then(|| u64::from(b - b'0')))
                    .collect::<Option<_>>()?
            } else {
                rest.iter().map(|w| num(w)).collect::<Option<_>>()?
            },
        },
        _ => return None,
    };
    Some((number, event))
}

/// The search's board as the trace has built it.
struct Board {
    n: u64,
    /// The row of the queen of each filled column, from column 1.
    rows: Vec<u64>,
    /// Per column (index = column), the lowest row not tried yet since the column before changed.
    next_row: Vec<u64>,
    solutions: u64,
    /// The last event filled the board and no solution was reported yet.
    pending: bool,
}

impl Board {
    fn attacker(&self, col: u64, row: u64) -> Option<(u64, u64)> {
        (1..)
            .zip(&self.rows)
            .find_map(|(c, &r)| (r == row || r.abs_diff(row) == col.abs_diff(c)).then_some((c, r)))
    }

    /// The first row of column `col` from the untried ones below `below` that no queen attacks.
    fn free_row(&self, col: u64, below: u64) -> Option<u64> {
        (self.next_row[col as usize]..below).find(|&r| self.attacker(col, r).is_none())
    }

    fn solution_text(&self) -> String {
        let sep = if self.n > 9 { " " } else { "" };
        self.rows
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// What is illegal about `event`, or `None` after applying it.
    fn apply(&mut self, event: &Event, shown: &str) -> Option<Said> {
        let depth = self.rows.len() as u64;
        let t = || text(shown);
        let name = |col: u64, row: u64| text(format!("{}{row}", chess_file(col as u32 - 1)));
        if self.pending && !matches!(event, Event::Solution { .. }) {
            return Some(Said::new(
                P::SolutionUnsaid,
                vec![t(), text(self.solutions + 1)],
            ));
        }
        match *event {
            Event::Place { col, row } => {
                if col != depth + 1 || col > self.n {
                    return Some(Said::new(P::NextColumn, vec![t(), text(depth + 1)]));
                }
                if row == 0 || row > self.n {
                    return Some(Said::new(
                        P::RowOffTrace,
                        vec![t(), text(row), text(self.n)],
                    ));
                }
                if row < self.next_row[col as usize] {
                    let before = self.next_row[col as usize] - 1;
                    return Some(Said::new(
                        P::RowTried,
                        vec![t(), text(self.n), text(before)],
                    ));
                }
                if let Some((c, r)) = self.attacker(col, row) {
                    return Some(Said::new(
                        P::SquareAttacked,
                        vec![t(), name(col, row), name(c, r)],
                    ));
                }
                if let Some(free) = self.free_row(col, row) {
                    return Some(Said::new(P::RowSkipped, vec![t(), text(free)]));
                }
                self.rows.push(row);
                self.next_row[col as usize] = row + 1;
                if let Some(next) = self.next_row.get_mut(col as usize + 1) {
                    *next = 1;
                }
                self.pending = col == self.n;
            }
            Event::Remove { col, row } => {
                let Some(&top) = self.rows.last() else {
                    return Some(Said::new(P::RemoveNone, vec![t()]));
                };
                if (col, row) != (depth, top) {
                    return Some(Said::new(P::RemoveWrong, vec![t(), text(depth), text(top)]));
                }
                if depth < self.n {
                    if let Some(free) = self.free_row(depth + 1, self.n + 1) {
                        return Some(Said::new(
                            P::ColumnNotDone,
                            vec![t(), text(depth + 1), text(free)],
                        ));
                    }
                }
                self.rows.pop();
            }
            Event::Solution { index, ref rows } => {
                if depth < self.n {
                    return Some(Said::new(
                        P::SolutionNotFull,
                        vec![t(), text(depth), text(self.n)],
                    ));
                }
                if *rows != self.rows {
                    return Some(Said::new(
                        P::SolutionDiffers,
                        vec![t(), text(self.solution_text())],
                    ));
                }
                if index != self.solutions + 1 {
                    return Some(Said::new(
                        P::SolutionNumber,
                        vec![t(), text(index), text(self.solutions + 1)],
                    ));
                }
                self.solutions += 1;
                self.pending = false;
            }
        }
        None
    }
}

/// Checks the trace on `lines` (blank lines left out) on an n x n board.
pub(super) fn check_trace(lines: &[(usize, &str)], n: Option<u32>) -> Result<CheckReport> {
    let events: Vec<Option<(Option<u64>, Event)>> = lines.iter().map(|(_, l)| parse(l)).collect();
    let largest = events
        .iter()
        .flatten()
        .map(|(_, e)| match e {
            Event::Place { col, row } | Event::Remove { col, row } => (*col).max(*row),
            Event::Solution { rows, .. } => rows.len() as u64,
        })
        .max()
        .unwrap_or(1);
    let n = n.map_or(largest.clamp(1, u64::from(MAX_N)), u64::from);
    let mut board = Board {
        n,
        rows: Vec::new(),
        next_row: vec![1; n as usize + 2],
        solutions: 0,
        pending: false,
    };
    let mut found = Vec::new();
    let mut last_solution: Option<Vec<u64>> = None;
    let mut drawn: Option<Vec<u64>> = None;
    for (i, (&(line, written), event)) in lines.iter().zip(&events).enumerate() {
        let shown = shorten(written.trim());
        let Some((number, event)) = event else {
            found.push(Finding::at(
                line,
                None,
                Said::new(P::NotAnEvent, vec![text(&shown)]),
            ));
            break;
        };
        let expected = i as u64 + 1;
        if number.is_some_and(|k| k != expected) && found.is_empty() {
            let said = Said::new(
                P::EventNumber,
                vec![text(number.unwrap_or(0)), text(expected)],
            );
            found.push(Finding::at(line, Some(1), said));
        }
        if let Some(said) = board.apply(event, &shown) {
            let mut rows = board.rows.clone();
            if let Event::Place { col, row } = *event {
                if col == rows.len() as u64 + 1 && (1..=n).contains(&row) {
                    rows.push(row);
                }
            }
            drawn = Some(rows);
            found.push(Finding::at(line, None, said));
            break;
        }
        if matches!(event, Event::Solution { .. }) {
            last_solution = Some(board.rows.clone());
        }
    }
    if let (true, Some(&(line, written))) = (found.is_empty() && board.pending, lines.last()) {
        let said = Said::new(
            P::SolutionUnsaid,
            vec![text(shorten(written.trim())), text(board.solutions + 1)],
        );
        found.push(Finding::at(line, None, said));
    }
    let right = found.is_empty();
    let verdict = if right {
        Said::new(
            P::TraceRight,
            vec![text(lines.len()), text(board.solutions), text(n)],
        )
    } else {
        Said::new(P::TraceWrong, vec![text(n)])
    };
    let rows = drawn.or(last_solution).unwrap_or_default();
    let position = (0..n as usize)
        .map(|c| rows.get(c).map_or(0, |&r| r as u32))
        .collect();
    Ok(CheckReport {
        figure_mistake: None,
        right,
        unlisted: 0,
        entries: found.into_iter().map(Entry::Mistake).collect(),
        verdict,
        drawing: QueensPosition::new(position).ok().map(Drawing::Queens),
        notes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::{check_queens, QueensCheck};
    use crate::text::Lang;

    #[test]
    fn a_queen_placed_on_an_attacked_square_is_named() {
        let trace = "1: place col 1 row 1\n2: place col 2 row 2\n";
        let report = check_queens(
            trace.as_bytes(),
            &QueensCheck {
                n: Some(4),
                partial: false,
            },
        )
        .unwrap();
        let first = report.mistakes().next().unwrap().say(Lang::En);
        assert_eq!(
            first,
            "line 2: 2: place col 2 row 2: b2 is attacked by the queen on a1"
        );
    }
}
