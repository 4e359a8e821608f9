//! Checking a tile matrix: the side a power of two, one special square (0), every other number
//! covering three squares in an L, (4^k - 1) / 3 tiles; and, apart from whether it is right,
//! whether it is the textbook numbering. A CASE batch (`CASE:i` before each matrix) is checked case
//! by case.

use super::overflow::Rule;
use super::read::{self, Expected, Shape};
use super::region;
use super::row::Row;
use super::words::{mistakes, said, some_of, text, CheckPhrase as P, Said};
use super::{answer_text, notes, CheckReport, Drawing, Entry, Finding, Found};
use crate::error::Result;
use crate::geom::Square;
use crate::solve::tromino::{TrominoProblem, MAX_K};

/// Boards up to this exponent are compared with the textbook numbering (the solver answers a square
/// in O(k), so this is every board the input limit lets through).
const COMPARED_MAX_K: u32 = MAX_K;

/// The most rows of a tile matrix: the side of the largest board (2^15).
const MAX_ROWS: usize = 1 << MAX_K;

/// What a tile matrix is checked against: the assignment, and whether the textbook numbering is
/// required.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrominoCheck {
    /// The board's side the assignment asks for (each matrix of a batch).
    pub side: Option<u32>,
    /// The special square the assignment asks for (each matrix of a batch).
    pub special: Option<Square>,
    /// A valid tiling in another numbering is a mistake (in a CASE batch, case by case).
    pub textbook: bool,
}

/// Checks the tile matrix (or CASE batch) in `bytes`.
pub fn check_tromino(bytes: &[u8], how: &TrominoCheck) -> Result<CheckReport> {
    let (input, encoding) = answer_text(bytes)?;
    let (blocks, skipped) = blocks(&input)?;
    let batch = blocks.iter().any(|b| b.case.is_some());
    let mut entries = Vec::new();
    let mut wrong_cases = 0;
    let mut unlisted = 0;
    let mut drawing = None;
    let mut first_drawing = None;
    let mut single = None;
    for (i, block) in blocks.iter().enumerate() {
        let mut found = Found::default();
        if let Some((line, number)) = block.case {
            if number != i as u64 + 1 {
                found.push(Finding::at(
                    line,
                    None,
                    Said::new(P::CaseOrder, vec![text(number), text(i + 1)]),
                ));
            }
        }
        let (verdict, case_drawing) = match block.region.lines.is_empty() {
            true => {
                let (line, number) = block.case.unwrap_or((1, 1));
                found.push(Finding::at(
                    line,
                    None,
                    Said::new(P::CaseEmpty, vec![text(number)]),
                ));
                (Said::new(P::TilingInvalid, vec![said(mistakes(1))]), None)
            }
            false if block.region.more > 0 => {
                let rows = block.region.lines.len() + block.region.more;
                found.push(Finding::at(
                    block.region.lines[0].0,
                    None,
                    Said::new(P::TooManyRows, vec![text(rows), text(MAX_ROWS)]),
                ));
                (Said::new(P::TilingInvalid, vec![said(found.said())]), None)
            }
            false => {
                let lines = &block.region.lines;
                let side = lines.len();
                let expected = Expected {
                    count: side,
                    max: ((side as u64).saturating_mul(side as u64)).saturating_sub(1) / 3,
                    rule: Rule::Tiles,
                };
                let rows = read::read_matrix(
                    lines,
                    Shape::Square,
                    block.region.first_offset,
                    Some(expected),
                )?;
                check_matrix(&rows, how, &mut found)
            }
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
        unlisted += found.unlisted();
        entries.extend(found.entries());
        match block.case {
            Some((line, number)) if batch => entries.push(Entry::Case {
                line,
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
        figure_mistake: None,
        right: wrong_cases == 0,
        entries,
        verdict,
        drawing: drawing.or(first_drawing),
        notes: notes(&skipped, encoding),
        unlisted,
    })
}

/// A part of the input: its `CASE:i` (line, number), its first line, its text.
type Part<'a> = (Option<(usize, u64)>, usize, &'a str);

/// One matrix of the input, with the `CASE:i` line before it in a batch.
struct Block<'a> {
    case: Option<(usize, u64)>,
    region: region::Region<'a>,
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

/// The input split at its `CASE:i` lines, each part's matrix found among its lines (prompts and
/// text around it passed over, see [`region::find`]); the lines passed over.
fn blocks(input: &str) -> Result<(Vec<Block<'_>>, Vec<usize>)> {
    // Each part as a slice of the input from the line after its CASE line: (case, first line, text).
    let mut parts: Vec<Part<'_>> = Vec::new();
    let mut start = (None, 1, 0);
    let mut at = 0;
    for (line, text) in (1..).zip(input.split_inclusive('\n')) {
        if let Some(number) = case_line(text) {
            parts.push((start.0, start.1, &input[start.2..at]));
            start = (Some((line, number)), line + 1, at + text.len());
        }
        at += text.len();
    }
    parts.push((start.0, start.1, &input[start.2..]));
    let mut blocks = Vec::with_capacity(parts.len());
    let mut skipped = Vec::new();
    for (case, first, text) in parts {
        let region = region::find(
            (first..).zip(text.lines()),
            |l| read::is_matrix_line(l, false),
            P::WhatTile,
            MAX_ROWS,
        )?;
        skipped.extend_from_slice(&region.skipped);
        // Text before the first CASE line (a title, prompts) is no case of its own.
        if case.is_none() && region.lines.is_empty() {
            continue;
        }
        blocks.push(Block { case, region });
    }
    if blocks.is_empty() {
        return Err(read::no_answer(P::WhatTiles));
    }
    Ok((blocks, skipped))
}

/// A mistake found at a place of the matrix, worded once it is known to be among those shown.
enum Pending {
    Said(Said),
    /// A difference from the assignment.
    Assignment(Said),
    /// The tile of this number (its squares in the sorted list, from `at`, `len` of them).
    Tile {
        at: usize,
        len: usize,
    },
}

/// Checks one matrix, adding its mistakes to `found`; its verdict and its drawing.
fn check_matrix(rows: &[Row], how: &TrominoCheck, found: &mut Found) -> (Said, Option<Drawing>) {
    let side = rows.len();
    for row in rows.iter().filter(|r| r.numbers.len() != side) {
        found.push(Finding::at(
            row.line,
            None,
            Said::new(P::TileRowLength, vec![text(row.numbers.len()), text(side)]),
        ));
    }
    if !found.is_empty() {
        return (Said::new(P::TilingInvalid, vec![said(found.said())]), None);
    }
    let mut positioned: Vec<(usize, usize, Pending)> = Vec::new();
    let first_line = rows[0].line;
    let power = side.is_power_of_two();
    if let Some(want) = how.side.filter(|&w| w as usize != side) {
        positioned.push((
            first_line,
            0,
            Pending::Assignment(Said::new(P::SideDiffers, vec![text(side), text(want)])),
        ));
    } else if !power {
        positioned.push((
            first_line,
            0,
            Pending::Said(Said::new(P::SideNotPowerOfTwo, vec![text(side)])),
        ));
    }
    // Every square by its number (a square left empty as the largest), sorted: a tile's squares
    // side by side, in reading order. Eight bytes a square however large the board.
    let mut numbers = Vec::with_capacity(side * side);
    let mut by_number: Vec<(u64, u32)> = Vec::with_capacity(side * side);
    for (r, row) in rows.iter().enumerate() {
        for (c, n) in row.numbers.iter().enumerate() {
            let value = n.value().unwrap_or(u64::MAX);
            numbers.push(value);
            by_number.push((value, (r * side + c) as u32));
        }
    }
    by_number.sort_unstable();
    let square = |index: u32| Square::new(index / side as u32, index % side as u32);
    let place = |index: u32| {
        let n = &rows[index as usize / side].numbers[index as usize % side];
        (n.line(), n.column())
    };
    let zeros = by_number.iter().take_while(|(v, _)| *v == 0).count();
    let special = (zeros > 0).then(|| square(by_number[0].1));
    match special {
        None => positioned.push((
            first_line,
            0,
            Pending::Said(Said::new(P::NoSpecial, vec![])),
        )),
        Some(special) => {
            let (line, column) = place(by_number[0].1);
            if let Some(want) = how.special.filter(|&w| w != special) {
                positioned.push((
                    line,
                    column,
                    Pending::Assignment(Said::new(
                        P::SpecialDiffers,
                        vec![text(special), text(want)],
                    )),
                ));
            }
            for &(_, index) in &by_number[1..zeros] {
                let (l, c) = place(index);
                positioned.push((
                    l,
                    c,
                    Pending::Said(Said::new(
                        P::SecondSpecial,
                        vec![text(square(index)), text(special), text(line)],
                    )),
                ));
            }
        }
    }
    let mut tiles = 0u64;
    let mut ringed = Vec::new();
    let mut at = zeros;
    while at < by_number.len() {
        let number = by_number[at].0;
        let len = by_number[at..]
            .iter()
            .take_while(|(v, _)| *v == number)
            .count();
        tiles += 1;
        let squares: Vec<Square> = by_number[at..at + len]
            .iter()
            .map(|&(_, i)| square(i))
            .collect();
        if !is_tile(&squares) {
            let (l, c) = place(by_number[at].1);
            positioned.push((l, c, Pending::Tile { at, len }));
            ringed.extend(squares);
        }
        at += len;
    }
    let cells = (side * side) as u64;
    if power && positioned.is_empty() && tiles != (cells - 1) / 3 {
        positioned.push((
            first_line,
            0,
            Pending::Said(Said::new(
                P::TileCount,
                vec![
                    text(tiles),
                    text(side),
                    text(side.trailing_zeros()),
                    text((cells - 1) / 3),
                ],
            )),
        ));
    }
    // The first mistake first: in the order of the input.
    positioned.sort_by_key(|p| (p.0, p.1));
    for (line, column, pending) in positioned {
        let said = match pending {
            Pending::Said(said) => said,
            Pending::Assignment(said) => {
                found.push_assignment(Finding::at(line, (column > 0).then_some(column), said));
                continue;
            }
            Pending::Tile { at, len } => {
                let squares: Vec<String> = by_number[at..at + len]
                    .iter()
                    .map(|&(_, i)| square(i).to_string())
                    .collect();
                tile_mistake(by_number[at].0, &squares)
            }
        };
        found.push(Finding::at(line, (column > 0).then_some(column), said));
    }
    drop(by_number);
    let k = side.trailing_zeros();
    let textbook = match (power && zeros == 1 && k <= COMPARED_MAX_K, special) {
        (true, Some(special)) => TrominoProblem::new(k, special).ok(),
        _ => None,
    };
    let differs = textbook.as_ref().and_then(|p| first_difference(p, rows));
    if let (true, true, Some(d)) = (how.textbook, found.is_empty(), &differs) {
        found.push(Finding::at(
            d.1,
            Some(d.2),
            Said::new(P::NotTextbook, d.0.clone()),
        ));
    }
    let verdict = match (found.is_empty(), &differs) {
        (true, None) if textbook.is_some() => Said::new(P::TilingTextbook, vec![]),
        (true, None) => Said::new(P::TilingRenumberedUnknown, vec![text(COMPARED_MAX_K)]),
        (true, Some(d)) => Said::new(P::TilingRenumbered, d.0.clone()),
        (false, _) if found.only_assignment() => {
            Said::new(P::TilingOtherAssignment, vec![said(found.said())])
        }
        (false, Some(d)) if how.textbook && found.len() == 1 => {
            Said::new(P::TilingNotTextbook, d.0.clone())
        }
        (false, None) => Said::new(P::TilingInvalid, vec![said(found.said())]),
        (false, Some(d)) => {
            let invalid = Said::new(P::TilingInvalid, vec![said(found.said())]);
            let mut args = vec![said(invalid)];
            args.extend(d.0.iter().cloned());
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

/// Whether `squares` are a tile: three squares in one 2 x 2 block (three squares of a 2 x 2 block
/// always form an L).
fn is_tile(squares: &[Square]) -> bool {
    let span = |f: fn(&Square) -> u32| {
        let values = squares.iter().map(f);
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
    };
    squares.len() == 3 && span(|s| s.row) <= 1 && span(|s| s.col) <= 1
}

/// What is wrong with tile `number` on the squares named: not three squares, or three that do not
/// lie in one 2 x 2 block.
fn tile_mistake(number: u64, names: &[String]) -> Said {
    if names.len() != 3 {
        return Said::new(
            P::TileSize,
            vec![text(number), text(names.len()), some_of(names, 6)],
        );
    }
    Said::new(P::TileNotL, vec![text(number), text(names.join(" "))])
}

/// The first square (in reading order) whose number is not the textbook's: the wording's values
/// (the square, its line, the number written and the textbook's), its line and column.
fn first_difference(
    textbook: &TrominoProblem,
    rows: &[Row],
) -> Option<(Vec<super::Part>, usize, usize)> {
    for (r, row) in rows.iter().enumerate() {
        for (c, n) in row.numbers.iter().enumerate() {
            let sq = Square::new(r as u32, c as u32);
            let want = u64::from(textbook.tile_at(sq));
            let has = n.value().unwrap_or(u64::MAX);
            if has != want {
                return Some((
                    vec![text(sq), text(n.line()), text(has), text(want)],
                    n.line(),
                    n.column(),
                ));
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
        let report = check_tromino(sample.as_bytes(), &TrominoCheck::default()).unwrap();
        assert!(report.right, "{report:?}");
        assert_eq!(report.verdict.say(Lang::En), "2 cases: all right");
        assert_eq!(
            report.entries[1].say(Lang::En),
            "CASE:2: a valid tiling, the textbook numbering"
        );
    }

    #[test]
    fn tiles_of_the_wrong_size_are_named_where_they_are_written() {
        let report = check_tromino(b"0\t1\t\n2\t1\t\n", &TrominoCheck::default()).unwrap();
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
