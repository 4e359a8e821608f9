//! Checking a list of queens solutions as `--list` prints them (the row of the queen in each column,
//! one digit each, separated by spaces when N > 9): every line a solution, none twice, and, for a
//! list that claims to be complete, none missing. A trace (`place`, `remove`, `solution` lines) is
//! checked by [`super::trace`].

use std::collections::HashMap;

use super::read;
use super::words::{said, some_of, text, CheckPhrase as P, Said};
use super::{answer_text, notes, queens_forms as forms, trace};
use super::{CheckReport, Drawing, Finding, Found};
use crate::error::Result;
use crate::solve::queens::position::QueensPosition;
use crate::solve::queens::{self, MAX_N};
use crate::text::{chess_file, shorten};

/// Boards whose solutions are all enumerated to name the missing ones (73712 solutions of 13
/// queens take a moment; 14 queens' 365596 many more).
pub const COMPLETE_MAX_N: u32 = 13;

/// What the answer is checked against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueensCheck {
    /// The board's size [default: the length of the first line of a list; the largest row or
    /// column of a trace].
    pub n: Option<u32>,
    /// The list may hold some of the solutions; by default it must hold every one (up to
    /// 13 queens, whose solutions are quick to count).
    pub partial: bool,
}

/// Checks the list of solutions or the trace in `bytes`.
pub fn check_queens(bytes: &[u8], how: &QueensCheck) -> Result<CheckReport> {
    let (input, encoding) = answer_text(bytes)?;
    let lines: Vec<(usize, &str)> = (1..)
        .zip(input.lines())
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.iter().any(|(_, l)| trace::is_event_line(l)) {
        let mut report = trace::check_trace(&lines, how.n)?;
        report.notes = notes(&[], encoding);
        return Ok(report);
    }
    let least = how.n.map_or(4, |n| n.min(4)) as usize;
    let solutions = match forms::grids(&lines) {
        Some(boards) => boards,
        None => forms::solution_lines(&lines, least),
    };
    let (skipped, solutions) = solutions;
    let mut report = check_list(&solutions, how)?;
    report.notes = notes(&skipped, encoding);
    Ok(report)
}

fn check_list(lines: &[forms::Written], how: &QueensCheck) -> Result<CheckReport> {
    let Some(first) = lines.iter().find_map(|w| w.rows.as_ref().ok()) else {
        return Err(read::no_answer(P::WhatSolutions));
    };
    let n = how.n.unwrap_or(first.len().clamp(1, MAX_N as usize) as u32);
    let mut found = Found::default();
    let mut valid: HashMap<Vec<u64>, usize> = HashMap::new();
    let mut drawing = None;
    let mut first_drawing = None;
    for written in lines {
        let line = written.line;
        let shown = shorten(written.text.trim());
        let rows = match &written.rows {
            Ok(rows) => rows,
            Err(said) => {
                found.push(Finding::at(line, None, said.clone()));
                continue;
            }
        };
        let position = position(rows, n);
        if first_drawing.is_none() {
            first_drawing = position.clone();
        }
        let mistake = match line_mistake(&shown, rows, n) {
            Some(said) => Some(said),
            None => match valid.get(rows) {
                Some(&before) => Some(Said::new(P::Repeats, vec![text(&shown), text(before)])),
                None => {
                    valid.insert(rows.clone(), line);
                    None
                }
            },
        };
        if let Some(said) = mistake {
            let finding = Finding::at(line, None, said);
            // The figure is the board of the first line that is wrong and has one.
            if drawing.is_none() && position.is_some() {
                drawing = position.map(|p| (p, finding.clone()));
            }
            found.push(finding);
        }
    }
    let total = (n <= COMPLETE_MAX_N)
        .then(|| queens::count(n).ok())
        .flatten();
    if let (false, Some(total)) = (how.partial, total) {
        if (valid.len() as u64) < total {
            let missing: Vec<String> = queens::solutions(n)?
                .filter(|s| {
                    !valid.contains_key(&s.rows().iter().map(|&r| u64::from(r)).collect::<Vec<_>>())
                })
                .map(|s| s.to_string())
                .collect();
            found.push(Finding::whole(Said::new(
                P::MissingSolutions,
                vec![text(valid.len()), text(total), some_of(&missing, 5)],
            )));
        }
    }
    let verdict = match (found.is_empty(), total) {
        (true, Some(t)) if valid.len() as u64 == t => {
            Said::new(P::ListComplete, vec![text(t), text(n)])
        }
        (true, _) => Said::new(P::ListRight, vec![text(valid.len()), text(n)]),
        (false, _) => Said::new(P::ListWrong, vec![said(found.said()), text(lines.len())]),
    };
    Ok(CheckReport {
        figure_mistake: drawing.as_ref().map(|(_, f)| Box::new(f.clone())),
        right: found.is_empty(),
        unlisted: found.unlisted(),
        entries: found.entries().collect(),
        verdict,
        drawing: drawing
            .map(|(p, _)| p)
            .or(first_drawing)
            .map(Drawing::Queens),
        notes: Vec::new(),
    })
}

/// What is wrong with one line of rows on an n x n board: its length, a row off the board, or the
/// first pair of queens that attack each other (and how many pairs do).
fn line_mistake(shown: &str, rows: &[u64], n: u32) -> Option<Said> {
    if rows.len() != n as usize {
        return Some(Said::new(
            P::Columns,
            vec![text(shown), text(rows.len()), text(n)],
        ));
    }
    if let Some((c, &r)) = rows
        .iter()
        .enumerate()
        .find(|&(_, &r)| r == 0 || r > u64::from(n))
    {
        return Some(Said::new(
            P::RowOff,
            vec![text(shown), text(r), text(c + 1), text(n)],
        ));
    }
    let position = position(rows, n)?;
    let pairs = position.attacking_pairs();
    let &(a, b) = pairs.first()?;
    let (ra, rb) = (rows[a as usize - 1], rows[b as usize - 1]);
    let phrase = if ra == rb {
        P::AttackRow
    } else {
        P::AttackDiagonal
    };
    let name = |col: u32, row: u64| format!("{}{row}", chess_file(col - 1));
    let said = Said::new(
        phrase,
        vec![text(shown), text(name(a, ra)), text(name(b, rb))],
    );
    Some(match pairs.len() {
        1 => said,
        count => Said::new(P::MorePairs, vec![super::words::said(said), text(count)]),
    })
}

/// The queens of a line as a position on the n x n board: rows off the board and columns past the
/// board left out.
fn position(rows: &[u64], n: u32) -> Option<QueensPosition> {
    let rows: Vec<u32> = (0..n as usize)
        .map(|c| match rows.get(c) {
            Some(&r) if r <= u64::from(n) => r as u32,
            _ => 0,
        })
        .collect();
    QueensPosition::new(rows).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn an_attacking_pair_is_named_in_chess_squares() {
        let report = check_queens(
            b"15863724\n12345678\n",
            &QueensCheck {
                partial: true,
                ..QueensCheck::default()
            },
        )
        .unwrap();
        let said: Vec<String> = report.mistakes().map(|f| f.say(Lang::En)).collect();
        assert_eq!(
            said,
            vec!["line 2: 12345678: queens a1 and b2 attack each other on a diagonal (28 attacking pairs in all)"]
        );
        assert_eq!(report.verdict.say(Lang::En), "1 mistake in 2 lines");
    }

    #[test]
    fn spaced_rows_for_boards_over_nine() {
        let report = check_queens(
            b"1 3 6 8 10 5 9 2 4 7\n",
            &QueensCheck {
                partial: true,
                ..QueensCheck::default()
            },
        )
        .unwrap();
        assert!(report.right, "{:?}", report.entries);
        assert_eq!(
            report.verdict.say(Lang::En),
            "1 solutions of 10 queens, each valid"
        );
    }
}
