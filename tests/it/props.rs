//! Property tests of the three solvers against checkers written here, independently of the solvers:
//! random tromino boards and special squares, random queens boards and permutations, random knight
//! boards and start squares (with the trace replayed onto a board of its own).
//!
//! Case counts are modest so the file runs in a few seconds in a debug build; each block states its
//! count (the total is reported by the hardening work: see `CASES_*`).

use std::collections::HashSet;

use proptest::prelude::*;

use chessviz::knight::{KnightEvent, KnightProblem};
use chessviz::queens;
use chessviz::tromino::TrominoProblem;
use chessviz::{Error, Square};

const CASES_TROMINO: u32 = 96;
const CASES_QUEENS: u32 = 128;
const CASES_KNIGHT: u32 = 64;
const CASES_KNIGHT_ANY_START: u32 = 48;

/// A retreat budget that every solvable board of 5..=12 a side needs far less than (the most measured
/// is in the hundreds), small enough that a failing search ends quickly in a debug build.
const KNIGHT_BUDGET: u64 = 200_000;

/// Checks a tile matrix without the solver: the special square is 0 and alone; every other number
/// 1..=count covers exactly three cells forming an L (three cells of one 2 x 2 block).
fn check_tiling(side: u32, special: Square, cell: impl Fn(u32, u32) -> u32) -> Result<(), String> {
    let count = (side * side - 1) / 3;
    let mut cells: Vec<Vec<(u32, u32)>> = vec![Vec::new(); count as usize + 1];
    for r in 0..side {
        for c in 0..side {
            let t = cell(r, c);
            if t > count {
                return Err(format!("tile {t} at {r},{c} is past the last tile {count}"));
            }
            cells[t as usize].push((r, c));
        }
    }
    if cells[0] != [(special.row, special.col)] {
        return Err(format!(
            "0 is at {:?}, not only the special square",
            cells[0]
        ));
    }
    for (t, sq) in cells.iter().enumerate().skip(1) {
        if sq.len() != 3 {
            return Err(format!("tile {t} covers {} cells", sq.len()));
        }
        let (r0, r1) = (sq.iter().map(|s| s.0).min(), sq.iter().map(|s| s.0).max());
        let (c0, c1) = (sq.iter().map(|s| s.1).min(), sq.iter().map(|s| s.1).max());
        let (r0, r1, c0, c1) = (r0.unwrap(), r1.unwrap(), c0.unwrap(), c1.unwrap());
        if r1 - r0 != 1 || c1 - c0 != 1 {
            return Err(format!("tile {t} is not an L: {sq:?}"));
        }
    }
    Ok(())
}

fn tromino_case() -> impl Strategy<Value = (u32, u32, u32)> {
    (1u32..=7).prop_flat_map(|k| {
        let side = 1u32 << k;
        (Just(k), 0..side, 0..side)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_TROMINO))]

    #[test]
    fn tromino_tiling_is_valid_and_tile_at_agrees((k, r, c) in tromino_case()) {
        let special = Square::new(r, c);
        let problem = TrominoProblem::new(k, special).unwrap();
        let side = problem.side();
        prop_assert_eq!(side, 1 << k);
        prop_assert_eq!(problem.tile_count(), (side * side - 1) / 3);
        let matrix = problem.solve().unwrap();
        let solved = |r, c| matrix.get(Square::new(r, c));
        check_tiling(side, special, solved).map_err(TestCaseError::fail)?;
        for r in 0..side {
            for c in 0..side {
                let sq = Square::new(r, c);
                prop_assert_eq!(problem.tile_at(sq), matrix.get(sq), "tile_at {}", sq);
            }
        }
        // Tiles are laid in number order by the trace, and `tile(n)` returns the same cells.
        for n in [1, problem.tile_count() / 2 + 1, problem.tile_count()] {
            let tile = problem.tile(n).unwrap();
            prop_assert_eq!(tile.number, n);
            for cell in tile.cells {
                prop_assert_eq!(matrix.get(cell), n);
            }
        }
        prop_assert!(problem.tile(problem.tile_count() + 1).is_none());
    }
}

/// Solution counts for n = 1..=9 (OEIS A000170), independent of the solver.
const QUEENS_COUNTS: [u64; 9] = [1, 0, 0, 2, 10, 4, 40, 92, 352];

/// Whether `rows` (1-based rows of columns 1..=n) places n queens that do not attack each other.
fn queens_ok(rows: &[u8]) -> bool {
    let n = rows.len();
    rows.iter().all(|&r| r >= 1 && usize::from(r) <= n)
        && (0..n).all(|a| {
            (a + 1..n).all(|b| {
                let dr = (i64::from(rows[a]) - i64::from(rows[b])).unsigned_abs();
                dr != 0 && dr != (b - a) as u64
            })
        })
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<u8>> {
    Just((1..=n as u8).collect::<Vec<u8>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_QUEENS))]

    #[test]
    fn queens_solutions_are_valid_complete_and_ordered(
        (n, perm) in (1usize..=9).prop_flat_map(|n| (Just(n), permutation(n)))
    ) {
        let all: Vec<Vec<u8>> = queens::solutions(n as u32)
            .unwrap()
            .map(|s| s.rows().to_vec())
            .collect();
        prop_assert_eq!(all.len() as u64, QUEENS_COUNTS[n - 1]);
        prop_assert_eq!(queens::count(n as u32).unwrap(), all.len() as u64);
        for s in &all {
            prop_assert_eq!(s.len(), n);
            prop_assert!(queens_ok(s), "invalid solution {:?}", s);
        }
        // Strictly increasing: lexicographic order, no repeats.
        for w in all.windows(2) {
            prop_assert!(w[0] < w[1], "{:?} before {:?}", w[0], w[1]);
        }
        // Complete: a random arrangement with one queen a row and a column is a solution exactly
        // when the independent check says so.
        prop_assert_eq!(all.contains(&perm), queens_ok(&perm), "{:?}", perm);
    }
}

/// A board of 5..=12 a side and a start square; when both sides are odd only squares with r + c even
/// can start an open tour (the knight alternates colours and the board has one more of those).
fn knight_case(any_start: bool) -> impl Strategy<Value = (u32, u32, Square)> {
    (5u32..=12, 5u32..=12)
        .prop_flat_map(|(rows, cols)| (Just(rows), Just(cols), 0..rows, 0..cols))
        .prop_map(move |(rows, cols, r, c)| {
            let odd = rows % 2 == 1 && cols % 2 == 1;
            let c = if !any_start && odd && (r + c) % 2 == 1 {
                // The neighbouring column has the other colour; stay on the board.
                if c + 1 < cols {
                    c + 1
                } else {
                    c - 1
                }
            } else {
                c
            };
            (rows, cols, Square::new(r, c))
        })
}

/// Checks an open knight's tour given as a step matrix (row-major, steps 1..=rows*cols), without the
/// solver: every number once, consecutive numbers a knight move apart, step 1 at `start`.
fn check_tour(rows: u32, cols: u32, start: Square, steps: &[u32]) -> Result<(), String> {
    let total = (rows * cols) as usize;
    if steps.len() != total {
        return Err(format!("{} numbers for {total} squares", steps.len()));
    }
    let mut at = vec![None; total + 1];
    for (i, &s) in steps.iter().enumerate() {
        let s = s as usize;
        if s == 0 || s > total {
            return Err(format!("step {s} out of range"));
        }
        if at[s].replace((i as u32 / cols, i as u32 % cols)).is_some() {
            return Err(format!("step {s} twice"));
        }
    }
    if at[1] != Some((start.row, start.col)) {
        return Err(format!("step 1 at {:?}, not at the start {start}", at[1]));
    }
    for s in 1..total {
        let (a, b) = (at[s].unwrap(), at[s + 1].unwrap());
        let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        if !((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) {
            return Err(format!(
                "steps {s} and {} are not a knight move apart",
                s + 1
            ));
        }
    }
    Ok(())
}

/// Replays a trace onto a board of its own: moves fill the next step number on a free square a knight
/// move from the last one, retreats clear the last one. Returns the final board.
fn replay(
    rows: u32,
    cols: u32,
    events: impl Iterator<Item = chessviz::Result<KnightEvent>>,
) -> Result<Vec<u32>, String> {
    let mut board = vec![0u32; (rows * cols) as usize];
    let mut path: Vec<Square> = Vec::new();
    for event in events {
        match event.map_err(|e| format!("trace error: {e}"))? {
            KnightEvent::Move { step, square } => {
                if step as usize != path.len() + 1 {
                    return Err(format!("move {step} after {} steps", path.len()));
                }
                let cell = &mut board[(square.row * cols + square.col) as usize];
                if *cell != 0 {
                    return Err(format!("move onto occupied {square}"));
                }
                if let Some(last) = path.last() {
                    let (dr, dc) = (last.row.abs_diff(square.row), last.col.abs_diff(square.col));
                    if !((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) {
                        return Err(format!("{last} to {square} is not a knight move"));
                    }
                }
                *cell = step;
                path.push(square);
            }
            KnightEvent::Retreat { step, square } => {
                if path.last() != Some(&square) || step as usize != path.len() {
                    return Err(format!("retreat {step} {square} is not the last step"));
                }
                board[(square.row * cols + square.col) as usize] = 0;
                path.pop();
            }
        }
    }
    Ok(board)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_KNIGHT))]

    #[test]
    fn knight_tour_is_valid_and_trace_replays_to_it((rows, cols, start) in knight_case(false)) {
        let problem = KnightProblem::new(rows, cols, start).unwrap().max_retreats(KNIGHT_BUDGET);
        match problem.solve() {
            Ok(tour) => {
                check_tour(rows, cols, start, tour.steps()).map_err(TestCaseError::fail)?;
                let board = replay(rows, cols, problem.trace().unwrap())
                    .map_err(TestCaseError::fail)?;
                prop_assert_eq!(&board[..], tour.steps());
                let path: HashSet<Square> = tour.path().into_iter().collect();
                prop_assert_eq!(path.len() as u32, rows * cols);
            }
            // Every board here has an open tour from these squares (min side >= 5); only running out
            // of the budget is an acceptable failure, and it must say so.
            Err(Error::Budget(msg)) => prop_assert!(msg.contains("retreat"), "{}", msg),
            Err(e) => prop_assert!(false, "{rows} x {cols} from {start}: {e}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_KNIGHT_ANY_START))]

    #[test]
    fn knight_any_start_is_a_tour_or_a_clear_refusal((rows, cols, start) in knight_case(true)) {
        let problem = KnightProblem::new(rows, cols, start).unwrap().max_retreats(KNIGHT_BUDGET);
        let odd_board = rows % 2 == 1 && cols % 2 == 1;
        let minority = odd_board && (start.row + start.col) % 2 == 1;
        match problem.solve() {
            Ok(tour) => {
                prop_assert!(!minority, "a tour from a minority square of {rows} x {cols}?");
                check_tour(rows, cols, start, tour.steps()).map_err(TestCaseError::fail)?;
            }
            Err(Error::NoSolution(msg)) => {
                prop_assert!(minority, "{rows} x {cols} from {start}: {msg}");
                prop_assert_eq!(msg.lines().count(), 1);
            }
            Err(Error::Budget(msg)) => prop_assert_eq!(msg.lines().count(), 1),
            Err(e) => prop_assert!(false, "unexpected error kind: {e}"),
        }
    }
}
