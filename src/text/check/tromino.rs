//! Checking a tile matrix: the side a power of two, one special square (0), every other number
//! covering three squares in an L, (4^k - 1) / 3 tiles; and, apart from whether it is right,
//! whether it is the textbook numbering. A CASE batch (`CASE:i` before each matrix) is checked case
//! by case.

use std::collections::BTreeMap;

use super::read::{self, Row, Shape};
use super::words::{mistakes, said, some_of, text, CheckPhrase as P, Said};
use super::{answer_text, mistakes_in, CheckReport, Drawing, Entry, Finding};
use crate::error::Result;
use crate::geom::Square;
use crate::solve::tromino::{TrominoProblem, MAX_K};

/// Boards up to this exponent are compared with the textbook numbering (the solver answers a square
/// in O(k), so this is every board the input limit lets through).
const COMPARED_MAX_K: u32 = MAX_K;

/// Checks the tile matrix (or CASE batch) in `bytes`.
pub fn check_tromino(bytes: &[u8]) -> Result<CheckReport> {
    let input = answer_text(bytes)?;
    let lines = read::numbered_lines(input);
    let blocks = blocks(&lines)?;
    let batch = blocks.iter().any(|b| b.case.is_some());
    let mut entries = Vec::new();
    let mut wrong_cases = 0;
    let mut drawing = None;
    let mut first_drawing = None;
    let mut single = None;
    for (i, block) in blocks.iter().enumerate() {
        let mut found = Vec::new();
        if let Some((line, number)) = block.case {
            if number != i as u64 + 1 {
                found.push(Finding::at(
                    line,
                    None,
                    Said::new(P::CaseOrder, vec![text(number), text(i + 1)]),
                ));
            }
        }
        let (verdict, case_drawing) = match block.matrix.is_empty() {
            true => {
                let (line, number) = block.case.unwrap_or((1, 1));
                found.push(Finding::at(
                    line,
                    None,
                    Said::new(P::CaseEmpty, vec![text(number)]),
                ));
                (Said::new(P::TilingInvalid, vec![said(mistakes(1))]), None)
            }
            false => check_matrix(&read::read_matrix(&block.matrix, Shape::Square), &mut found),
        };
        let right = found.is_empty();
        if !right {
            wrong_cases += 1;
            if drawing.is_none() {
                drawing = case_drawing.clone();
            }
        }
        if first_drawing.is_none() {
            first_drawing = case_drawing;
        }
        entries.extend(found.into_iter().map(Entry::Mistake));
        match block.case {
            Some((_, number)) if batch => entries.push(Entry::Case {
                number,
                right,
                said: verdict,
            }),
            _ => single = Some(verdict),
        }
    }
    let verdict = match single {
        Some(v) if !batch => v,
        _ if wrong_cases == 0 => Said::new(
            P::Cases,
            vec![
                text(blocks.len()),
                said(Said::new(P::AllCasesRight, vec![])),
            ],
        ),
        _ => Said::new(
            P::Cases,
            vec![
                text(blocks.len()),
                said(Said::new(P::CasesWrong, vec![text(wrong_cases)])),
            ],
        ),
    };
    Ok(CheckReport {
        right: wrong_cases == 0,
        entries,
        verdict,
        drawing: drawing.or(first_drawing),
    })
}

/// One matrix of the input, with the `CASE:i` line before it in a batch.
struct Block<'a> {
    case: Option<(usize, u64)>,
    matrix: Vec<(usize, &'a str)>,
}

/// `CASE:i` (spaces around the colon and any letter case accepted): the case's number.
fn case_line(line: &str) -> Option<u64> {
    let rest = line.trim();
    let head = rest.get(..4)?;
    if !head.eq_ignore_ascii_case("case") {
        return None;
    }
    let number = rest[4..].trim_start().strip_prefix(':')?.trim();
    read::is_number(number).then(|| read::value(number))
}

/// The input split at its `CASE:i` lines. Lines before a matrix that are not numbers (a program's
/// prompts, "please enter k") are passed over; once a matrix has begun, every line up to the next
/// case is a row of it or blank.
fn blocks<'a>(lines: &[(usize, &'a str)]) -> Result<Vec<Block<'a>>> {
    let mut blocks = vec![Block {
        case: None,
        matrix: Vec::new(),
    }];
    for &(line, text) in lines {
        if let Some(number) = case_line(text) {
            if blocks.len() == 1 && blocks[0].case.is_none() && blocks[0].matrix.is_empty() {
                blocks.clear();
            }
            blocks.push(Block {
                case: Some((line, number)),
                matrix: Vec::new(),
            });
            continue;
        }
        if text.trim().is_empty() {
            continue;
        }
        let block = blocks.last_mut().expect("one block at least");
        if read::is_matrix_line(text, false) {
            block.matrix.push((line, text));
        } else if !block.matrix.is_empty() {
            let word = read::tokens(line, text)
                .into_iter()
                .find(|t| !read::is_number(t.text))
                .expect("a line that is not all numbers has a word that is not one");
            return Err(read::unreadable_word(&word, "a tile number"));
        }
    }
    if blocks
        .iter()
        .all(|b| b.matrix.is_empty() && b.case.is_none())
    {
        return Err(read::no_answer("tile matrix (rows of numbers)"));
    }
    Ok(blocks)
}

/// A tile's squares with the line and column each is written at.
type Written = Vec<(Square, usize, usize)>;

/// Checks one matrix, adding its mistakes to `found`; its verdict and its drawing.
fn check_matrix(rows: &[Row], found: &mut Vec<Finding>) -> (Said, Option<Drawing>) {
    let side = rows.len();
    for row in rows.iter().filter(|r| r.numbers.len() != side) {
        found.push(Finding::at(
            row.line,
            None,
            Said::new(P::TileRowLength, vec![text(row.numbers.len()), text(side)]),
        ));
    }
    if !found.is_empty() {
        return (
            Said::new(P::TilingInvalid, vec![said(mistakes_of(found))]),
            None,
        );
    }
    let mut positioned: Vec<(usize, usize, Said, Vec<Square>)> = Vec::new();
    let first_line = rows[0].line;
    let power = side.is_power_of_two();
    if !power {
        positioned.push((
            first_line,
            0,
            Said::new(P::SideNotPowerOfTwo, vec![text(side)]),
            vec![],
        ));
    }
    let mut tiles: BTreeMap<u64, Written> = BTreeMap::new();
    let mut numbers = Vec::with_capacity(side * side);
    for (r, row) in rows.iter().enumerate() {
        for (c, n) in row.numbers.iter().enumerate() {
            let value = n.value.unwrap_or(u64::MAX);
            numbers.push(value);
            let sq = Square::new(r as u32, c as u32);
            tiles.entry(value).or_default().push((sq, n.line, n.column));
        }
    }
    let zeros = tiles.remove(&0).unwrap_or_default();
    match zeros.split_first() {
        None => positioned.push((first_line, 0, Said::new(P::NoSpecial, vec![]), vec![])),
        Some((&(special, line, _), rest)) => {
            for &(sq, l, c) in rest {
                positioned.push((
                    l,
                    c,
                    Said::new(P::SecondSpecial, vec![text(sq), text(special), text(line)]),
                    vec![sq],
                ));
            }
        }
    }
    for (&number, squares) in &tiles {
        if let Some(said) = tile_mistake(number, squares) {
            let (_, l, c) = squares[0];
            positioned.push((l, c, said, squares.iter().map(|s| s.0).collect()));
        }
    }
    let cells = (side * side) as u64;
    if power && positioned.is_empty() && tiles.len() as u64 != (cells - 1) / 3 {
        positioned.push((
            first_line,
            0,
            Said::new(
                P::TileCount,
                vec![
                    text(tiles.len()),
                    text(side),
                    text(side.trailing_zeros()),
                    text((cells - 1) / 3),
                ],
            ),
            vec![],
        ));
    }
    // The first mistake first: in the order of the input.
    positioned.sort_by_key(|p| (p.0, p.1));
    let mut ringed = Vec::new();
    for (line, column, said, squares) in positioned {
        found.push(Finding::at(line, (column > 0).then_some(column), said));
        ringed.extend(squares);
    }
    let k = side.trailing_zeros();
    let textbook = match (
        power && zeros.len() == 1 && k <= COMPARED_MAX_K,
        zeros.first(),
    ) {
        (true, Some(&(special, ..))) => TrominoProblem::new(k, special).ok(),
        _ => None,
    };
    let differs = textbook.as_ref().and_then(|p| first_difference(p, rows));
    let verdict = match (found.is_empty(), &differs) {
        (true, None) if textbook.is_some() => Said::new(P::TilingTextbook, vec![]),
        (true, None) => Said::new(P::TilingRenumberedUnknown, vec![text(COMPARED_MAX_K)]),
        (true, Some(d)) => Said::new(P::TilingRenumbered, d.clone()),
        (false, None) => Said::new(P::TilingInvalid, vec![said(mistakes_of(found))]),
        (false, Some(d)) => {
            let invalid = Said::new(P::TilingInvalid, vec![said(mistakes_of(found))]);
            let mut args = vec![said(invalid)];
            args.extend(d.iter().cloned());
            Said::new(P::DiffersAt, args)
        }
    };
    let drawing = Drawing::Tiling {
        side: side as u32,
        numbers,
        ringed,
        textbook: match (&textbook, found.is_empty() && differs.is_none()) {
            (Some(p), true) => Some((p.k(), p.special())),
            _ => None,
        },
    };
    (verdict, Some(drawing))
}

fn mistakes_of(found: &[Finding]) -> Said {
    mistakes_in(
        &found
            .iter()
            .cloned()
            .map(Entry::Mistake)
            .collect::<Vec<_>>(),
    )
}

/// What is wrong with tile `number` on `squares`, if anything: not three squares, or three that do
/// not lie in one 2 x 2 block (three squares of a 2 x 2 block always form an L).
fn tile_mistake(number: u64, squares: &Written) -> Option<Said> {
    let names: Vec<String> = squares.iter().map(|s| s.0.to_string()).collect();
    if squares.len() != 3 {
        return Some(Said::new(
            P::TileSize,
            vec![text(number), text(squares.len()), some_of(&names, 6)],
        ));
    }
    let span = |f: fn(&Square) -> u32| {
        let values = squares.iter().map(|s| f(&s.0));
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
    };
    if span(|s| s.row) > 1 || span(|s| s.col) > 1 {
        return Some(Said::new(
            P::TileNotL,
            vec![text(number), text(names.join(" "))],
        ));
    }
    None
}

/// The first square (in reading order) whose number is not the textbook's: the square, its line,
/// the number written and the textbook's.
fn first_difference(textbook: &TrominoProblem, rows: &[Row]) -> Option<Vec<super::Part>> {
    for (r, row) in rows.iter().enumerate() {
        for (c, n) in row.numbers.iter().enumerate() {
            let sq = Square::new(r as u32, c as u32);
            let want = u64::from(textbook.tile_at(sq));
            let has = n.value.unwrap_or(u64::MAX);
            if has != want {
                return Some(vec![text(sq), text(n.line), text(has), text(want)]);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn the_sample_batch_output_is_the_textbook_numbering() {
        let sample = "CASE:1\n0 1\n1 1\nCASE:2\n3 3 4 4 8 8 9 9\n3 2 2 4 8 7 7 9\n5 2 0 6 10 10 7 11\n5 5 6 6 1 10 11 11\n13 13 14 1 1 18 19 19\n13 12 14 14 18 18 17 19\n15 12 12 16 20 17 17 21\n15 15 16 16 20 20 21 21\n";
        let report = check_tromino(sample.as_bytes()).unwrap();
        assert!(report.right, "{report:?}");
        assert_eq!(report.verdict.say(Lang::En), "2 cases: all right");
        assert_eq!(
            report.entries[1].say(Lang::En),
            "CASE:2: a valid tiling, the textbook numbering"
        );
    }

    #[test]
    fn tiles_of_the_wrong_size_are_named_where_they_are_written() {
        let report = check_tromino(b"0\t1\t\n2\t1\t\n").unwrap();
        assert!(!report.right);
        let said: Vec<String> = report.mistakes().map(|f| f.say(Lang::En)).collect();
        assert_eq!(
            said,
            vec![
                "line 1, column 3: tile 1 covers 2 squares (0,1 1,1); a tile covers 3",
                "line 2, column 1: tile 2 covers 1 squares (1,0); a tile covers 3",
            ]
        );
        // The textbook tiling of the 2 x 2 board with special square 0,0 has a 1 at 1,0.
        assert_eq!(
            report.verdict.say(Lang::En),
            "not a valid tiling: 2 mistakes; the textbook numbering differs first at square 1,0 (line 2): 2, the textbook 1"
        );
    }
}
