//! Checking a knight's tour: a numbered matrix (spaced, or glued at the width the board's numbers
//! take) or a list of squares. Every square visited once, every step a knight's move, and the tour
//! closed when a closed one is asked for.

use std::collections::HashMap;

use super::knight_steps::{check_closed, check_start, check_steps, Step};
use super::overflow::Rule;
use super::read::{self, Expected, Shape};
use super::words::{said, some_of, text, CheckPhrase as P, Said};
use super::{answer_text, list, notes, region, CheckReport, Drawing, Finding, Found};
use crate::error::Result;
use crate::geom::Square;
use crate::solve::knight::MAX_SIDE;

/// What the answer is checked against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnightCheck {
    /// The board the assignment asks for; a list of squares is read on it [default: 8 x 8], a
    /// matrix of another size is a mistake.
    pub board: Option<(u32, u32)>,
    /// The square the assignment starts on.
    pub start: Option<Square>,
    /// The tour must be closed: its last square a knight's move from its first.
    pub closed: bool,
}

/// The largest board whose answer is kept as a figure (its numbers, marks and path): a figure of
/// more squares has no room for them, and a matrix of millions of squares would hold as much
/// again for it. A list of squares on a larger board (given by `--rows` and `--cols`) is drawn
/// numbered by the path.
const FIGURE_MAX_SQUARES: u64 = 1 << 20;

/// A step no square of the matrix holds.
const NOT_WRITTEN: u32 = u32::MAX;

/// Checks the tour in `bytes`.
pub fn check_knight(bytes: &[u8], how: &KnightCheck) -> Result<CheckReport> {
    let (input, encoding) = answer_text(bytes)?;
    let region = region::find(
        (1..).zip(input.lines()),
        |l| read::is_matrix_line(l, true) || list::squares_in(l).is_some(),
        P::WhatStep,
        MAX_SIDE as usize,
    )?;
    if region.lines.is_empty() {
        return Err(read::no_answer(P::WhatTour));
    }
    let notes = notes(&region.skipped, encoding);
    if region.more > 0 {
        let mut found = Found::default();
        found.push(Finding::at(
            region.lines[0].0,
            None,
            Said::new(
                P::TooManyRows,
                vec![text(region.lines.len() + region.more), text(MAX_SIDE)],
            ),
        ));
        let verdict = verdict(&found, 0, how.closed);
        let mut report = report(found, verdict, None);
        report.notes = notes;
        return Ok(report);
    }
    // One `r c` per line is a list of squares, not a matrix two wide (no board two wide has a tour).
    let pairs = region.lines.len() > 2
        && how.board.is_none_or(|(_, c)| c != 2)
        && region
            .lines
            .iter()
            .all(|(_, l)| l.split_whitespace().count() == 2);
    let matrix = !pairs
        && region
            .lines
            .iter()
            .all(|(_, l)| read::is_matrix_line(l, true));
    let mut report = if matrix {
        check_matrix(&region.lines, region.first_offset, how)?
    } else {
        check_list(&region.lines, region.first_offset, how)?
    };
    report.notes = notes;
    Ok(report)
}

fn check_matrix(
    lines: &[(usize, &str)],
    first_offset: usize,
    how: &KnightCheck,
) -> Result<CheckReport> {
    let count = how.board.map_or(lines.len(), |(_, c)| c as usize);
    let expected = Expected {
        count,
        max: (lines.len() * count) as u64,
        rule: Rule::Steps,
    };
    let rows = read::read_matrix(lines, Shape::Rectangle, first_offset, Some(expected))?;
    let cols = rows[0].numbers.len();
    let mut found = Found::default();
    for row in rows.iter().filter(|r| r.numbers.len() != cols) {
        found.push(Finding::at(
            row.line,
            None,
            Said::new(P::StepRowLength, vec![text(row.numbers.len()), text(cols)]),
        ));
    }
    if !found.is_empty() {
        let verdict = Said::new(P::TourWrong, vec![said(found.said())]);
        return Ok(report(found, verdict, None));
    }
    if let Some((r, c)) = how
        .board
        .filter(|&(r, c)| (r as usize, c as usize) != (rows.len(), cols))
    {
        found.push_assignment(Finding::at(
            rows[0].line,
            None,
            Said::new(
                P::BoardDiffers,
                vec![text(rows.len()), text(cols), text(r), text(c)],
            ),
        ));
    }
    let (r_count, c_count) = (rows.len() as u32, cols as u32);
    let squares = u64::from(r_count) * u64::from(c_count);
    // The square of each step, as its index in the matrix (row by row): four bytes a square, where
    // a map of steps held forty and a list of them thirty-two.
    let mut at: Vec<u32> = vec![NOT_WRITTEN; squares as usize];
    let step_at = |index: u32| {
        let n = rows[index as usize / cols].numbers[index as usize % cols];
        Step::new(
            Square::new(index / c_count, index % c_count),
            n.line(),
            n.column(),
        )
    };
    let drawn = squares <= FIGURE_MAX_SQUARES;
    let mut ringed = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, n) in row.numbers.iter().enumerate() {
            let sq = Square::new(r as u32, c as u32);
            let (line, here) = (n.line(), Some(n.column()));
            match n.value() {
                None | Some(0) => {
                    found.push(Finding::at(
                        line,
                        here,
                        Said::new(P::NotVisited, vec![text(sq)]),
                    ));
                    ringed.extend(drawn.then_some(sq));
                }
                Some(v) if v > squares => found.push(Finding::at(
                    line,
                    here,
                    Said::new(
                        P::StepOutOfRange,
                        vec![text(v), text(r_count), text(c_count), text(squares)],
                    ),
                )),
                Some(v) => {
                    let first = &mut at[v as usize - 1];
                    if *first == NOT_WRITTEN {
                        *first = (r * cols + c) as u32;
                        continue;
                    }
                    let first = step_at(*first);
                    found.push(Finding::at(
                        line,
                        here,
                        Said::new(
                            P::StepTwice,
                            vec![text(v), text(first.square), text(sq), text(line)],
                        ),
                    ));
                    ringed.extend(drawn.then_some(sq));
                }
            }
        }
    }
    let step = |i: usize| (at[i] != NOT_WRITTEN).then(|| step_at(at[i]));
    let mut path = Vec::new();
    for (i, &index) in at.iter().enumerate() {
        if index == NOT_WRITTEN {
            found.push(Finding::whole(Said::new(P::StepMissing, vec![text(i + 1)])));
        } else if drawn {
            path.push(step_at(index).square);
        }
    }
    check_start(step(0), how.start, &mut found);
    let crossed = check_steps(at.len(), step, how.closed, &mut found);
    let verdict = verdict(&found, squares, how.closed);
    // A board of more squares has no room for a figure: none is made.
    let drawing = drawn.then(|| {
        // What was printed on each square, where it was printed (a step written twice shows
        // twice).
        let printed = rows
            .iter()
            .flat_map(|r| &r.numbers)
            .map(|n| {
                n.value()
                    .map_or(0, |v| u32::try_from(v).unwrap_or(u32::MAX))
            })
            .collect();
        Drawing::Tour {
            rows: r_count,
            cols: c_count,
            printed,
            path,
            crossed,
            ringed,
        }
    });
    Ok(report(found, verdict, drawing))
}

fn check_list(
    lines: &[(usize, &str)],
    first_offset: usize,
    how: &KnightCheck,
) -> Result<CheckReport> {
    let (rows, cols) = how.board.unwrap_or((8, 8));
    let mut found = Found::default();
    let mut steps = Vec::new();
    let mut seen: HashMap<Square, usize> = HashMap::new();
    let mut ringed = Vec::new();
    for (i, &(line, text_of_line)) in lines.iter().enumerate() {
        let offset = if i == 0 { first_offset } else { 0 };
        let Some(squares) = list::squares_in(text_of_line) else {
            let token = read::tokens(line, text_of_line)
                .into_iter()
                .find(|t| list::squares_in(t.text).is_none())
                .unwrap_or(read::Token {
                    line,
                    column: 1,
                    text: text_of_line,
                });
            return Err(read::unreadable_word(&token, P::WhatSquare));
        };
        for written in squares {
            let step = steps.len() + 1;
            let column = written.column + offset;
            let here = Some(column);
            let Ok(square) = written.spec.resolve(rows, cols) else {
                found.push(Finding::at(
                    line,
                    here,
                    Said::new(
                        P::OffBoard,
                        vec![text(step), text(&written.text), text(rows), text(cols)],
                    ),
                ));
                steps.push(None);
                continue;
            };
            if let Some(&first) = seen.get(&square) {
                found.push(Finding::at(
                    line,
                    here,
                    Said::new(P::Revisit, vec![text(step), text(square), text(first)]),
                ));
                ringed.push(square);
            } else {
                seen.insert(square, step);
            }
            steps.push(Some(Step::new(square, line, column)));
        }
    }
    check_start(steps.first().copied().flatten(), how.start, &mut found);
    let crossed = check_steps(steps.len(), |i| steps[i], false, &mut found);
    let squares = u64::from(rows) * u64::from(cols);
    if (seen.len() as u64) < squares {
        let missing: Vec<Square> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| Square::new(r, c)))
            .filter(|sq| !seen.contains_key(sq))
            .collect();
        let names: Vec<String> = missing.iter().map(ToString::to_string).collect();
        found.push(Finding::whole(Said::new(
            P::PathShort,
            vec![text(seen.len()), text(squares), some_of(&names, 8)],
        )));
        ringed.extend(missing);
    } else if how.closed {
        check_closed(steps.len(), |i| steps[i], &mut found);
    }
    let verdict = verdict(&found, squares, how.closed);
    // Each square numbered by the step that first reached it: the order the list printed.
    let mut printed = match squares <= FIGURE_MAX_SQUARES {
        true => vec![0u32; squares as usize],
        false => Vec::new(),
    };
    let numbered = !printed.is_empty();
    for (&square, &step) in seen.iter().filter(|_| numbered) {
        printed[(square.row * cols + square.col) as usize] =
            u32::try_from(step).unwrap_or(u32::MAX);
    }
    let path = steps.iter().flatten().map(|s| s.square).collect();
    let drawing = Drawing::Tour {
        rows,
        cols,
        printed,
        path,
        crossed,
        ringed,
    };
    Ok(report(found, verdict, Some(drawing)))
}

fn verdict(found: &Found, squares: u64, closed: bool) -> Said {
    match (found.is_empty(), closed) {
        (true, false) => Said::new(P::TourRight, vec![text(squares)]),
        (true, true) => Said::new(P::ClosedTourRight, vec![text(squares)]),
        (false, _) if found.only_assignment() => Said::new(
            P::TourOtherAssignment,
            vec![text(squares), said(found.said())],
        ),
        (false, _) => Said::new(P::TourWrong, vec![said(found.said())]),
    }
}

fn report(found: Found, verdict: Said, drawing: Option<Drawing>) -> CheckReport {
    CheckReport {
        figure_mistake: None,
        right: found.is_empty(),
        unlisted: found.unlisted(),
        entries: found.entries().collect(),
        verdict,
        drawing,
        notes: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    /// A closed tour of the 3 x 4 board does not exist; this open one is from the solver's kind.
    const TOUR_3X4: &str = " 1 4 7 10\n12 9 2 5\n 3 6 11 8\n";

    #[test]
    fn a_tour_and_a_swapped_one() {
        let right = check_knight(TOUR_3X4.as_bytes(), &KnightCheck::default()).unwrap();
        assert!(right.right, "{:?}", right.entries);
        assert_eq!(right.verdict.say(Lang::En), "a knight's tour of 12 squares");
        let swapped = " 1 4 7 10\n12 9 2 5\n 3 6 8 11\n";
        let wrong = check_knight(swapped.as_bytes(), &KnightCheck::default()).unwrap();
        let first = wrong.mistakes().next().unwrap().say(Lang::En);
        assert_eq!(
            first,
            "line 3, column 6: step 8 at 2,2 is not a knight's move from step 7 at 0,2"
        );
        assert_eq!(
            wrong.mistakes().next().unwrap().say(Lang::Zh),
            "第 3 行第 6 列: 第 8 步 2,2 不是从第 7 步 0,2 走出的马步"
        );
    }

    #[test]
    fn a_list_of_squares_on_the_board_asked_for() {
        let how = KnightCheck {
            board: Some((3, 4)),
            ..KnightCheck::default()
        };
        let list = "0,0 2,1 0,2\n1,1 2,2 0,3";
        let report = check_knight(list.as_bytes(), &how).unwrap();
        let said: Vec<String> = report.mistakes().map(|f| f.say(Lang::En)).collect();
        assert_eq!(
            said[0],
            "line 2, column 1: step 4 at 1,1 is not a knight's move from step 3 at 0,2"
        );
        assert!(
            said.last()
                .unwrap()
                .starts_with("the path visits 6 of 12 squares"),
            "{said:?}"
        );
    }
}
