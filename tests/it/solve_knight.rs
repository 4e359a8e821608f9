//! Knight's tour: tours are checked by an independent validator, traces are replayed onto a board and
//! compared with the tour, and impossible boards must be refused without any search.

use chessviz::knight::{is_knight_path, KnightEvent, KnightProblem, KnightTour, Method, MOVES};
use chessviz::{Error, Square};

fn problem(rows: u32, cols: u32, r: u32, c: u32) -> KnightProblem {
    KnightProblem::new(rows, cols, Square::new(r, c)).expect("valid board and start")
}

/// Checks a tour against its own board: a knight path through every square, numbered consistently.
fn assert_valid_tour(tour: &KnightTour, start: Square) {
    let (rows, cols) = (tour.rows(), tour.cols());
    let path = tour.path();
    assert!(
        is_knight_path(rows, cols, &path),
        "{rows} x {cols} from {start}: not a knight's tour"
    );
    assert_eq!(path[0], start, "tour must begin at the start square");
    for (i, sq) in path.iter().enumerate() {
        assert_eq!(
            tour.step_at(*sq) as usize,
            i + 1,
            "step_at disagrees with path at {sq}"
        );
    }
    assert!(
        tour.squares().eq(path.iter().copied()),
        "squares() disagrees with path()"
    );
    assert_eq!(tour.start(), start);
    assert_eq!(tour.end(), *path.last().expect("non-empty"));
}

fn is_knight_move(a: Square, b: Square) -> bool {
    let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
}

/// Replays a trace onto a board, checking every event is legal, and returns the final step matrix
/// with the number of retreats.
fn replay(problem: &KnightProblem) -> (Vec<u32>, u64) {
    let (rows, cols) = (problem.rows(), problem.cols());
    let mut board = vec![0u32; (rows * cols) as usize];
    let mut path: Vec<Square> = Vec::new();
    let mut retreats = 0;
    for event in problem.trace().expect("a tour exists") {
        match event.expect("search succeeds") {
            KnightEvent::Move { step, square } => {
                assert_eq!(
                    step as usize,
                    path.len() + 1,
                    "moves number squares consecutively"
                );
                if let Some(&prev) = path.last() {
                    assert!(
                        is_knight_move(prev, square),
                        "{prev} -> {square} is not a knight move"
                    );
                } else {
                    assert_eq!(square, problem.start());
                }
                let cell = &mut board[(square.row * cols + square.col) as usize];
                assert_eq!(*cell, 0, "{square} entered twice");
                *cell = step;
                path.push(square);
            }
            KnightEvent::Retreat { step, square } => {
                assert_eq!(
                    path.pop(),
                    Some(square),
                    "only the newest square can be left"
                );
                assert_eq!(step as usize, path.len() + 1);
                let cell = &mut board[(square.row * cols + square.col) as usize];
                assert_eq!(*cell, step);
                *cell = 0;
                retreats += 1;
            }
        }
    }
    (board, retreats)
}

#[test]
fn every_start_of_8x8_gives_a_tour_and_only_5_4_needs_retreats() {
    let mut needed = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let tour = problem(8, 8, r, c)
                .solve()
                .expect("8 x 8 always has a tour");
            assert_valid_tour(&tour, Square::new(r, c));
            if tour.retreats() > 0 {
                needed.push((r, c, tour.retreats()));
            }
        }
    }
    // Warnsdorff with the seed's tie order walks straight through from 63 of the 64 starts; from 5,4
    // it backs out of one bad choice (10 retreats with the pruning, 13 without).
    assert_eq!(needed, vec![(5, 4, 10)]);
}

/// The seed's algorithm written plainly: recursive, no pruning. Candidates are the free targets
/// sorted by onward-move count, ties in move order; a dead end backs up to the next candidate.
fn reference_tour(rows: u32, cols: u32, start: Square) -> Option<Vec<u32>> {
    fn free_targets(rows: i32, cols: i32, board: &[u32], r: i32, c: i32) -> Vec<(i32, i32)> {
        MOVES
            .iter()
            .map(|&(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| {
                (0..rows).contains(&r)
                    && (0..cols).contains(&c)
                    && board[(r * cols + c) as usize] == 0
            })
            .collect()
    }
    fn go(rows: i32, cols: i32, board: &mut Vec<u32>, r: i32, c: i32, step: u32) -> bool {
        board[(r * cols + c) as usize] = step;
        if step as i32 == rows * cols {
            return true;
        }
        let mut next = free_targets(rows, cols, board, r, c);
        // A stable sort keeps move order among equal counts.
        next.sort_by_key(|&(nr, nc)| free_targets(rows, cols, board, nr, nc).len());
        for (nr, nc) in next {
            if go(rows, cols, board, nr, nc, step + 1) {
                return true;
            }
        }
        board[(r * cols + c) as usize] = 0;
        false
    }
    let (rows, cols) = (rows as i32, cols as i32);
    let mut board = vec![0; (rows * cols) as usize];
    go(
        rows,
        cols,
        &mut board,
        start.row as i32,
        start.col as i32,
        1,
    )
    .then_some(board)
}

#[test]
fn pruning_finds_the_same_tour_as_the_plain_seed_algorithm() {
    for (rows, cols) in [(8u32, 8u32), (5, 5), (6, 6), (5, 6), (3, 7)] {
        for r in 0..rows {
            for c in 0..cols {
                let p = problem(rows, cols, r, c);
                let ours = p.solve().ok().map(|t| t.steps().to_vec());
                let plain = if p.check_exists().is_ok() {
                    reference_tour(rows, cols, Square::new(r, c))
                } else {
                    None
                };
                assert_eq!(ours, plain, "{rows} x {cols} from {r},{c}");
            }
        }
    }
}

#[test]
fn small_square_boards_have_tours_exactly_where_theory_says() {
    for n in [5u32, 6, 7] {
        for r in 0..n {
            for c in 0..n {
                let p = problem(n, n, r, c);
                let possible = n % 2 == 0 || (r + c) % 2 == 0;
                match p.solve() {
                    Ok(tour) => {
                        assert!(possible, "{n} x {n} from {r},{c} should be impossible");
                        assert_valid_tour(&tour, Square::new(r, c));
                    }
                    Err(Error::NoSolution(msg)) => {
                        assert!(!possible, "{n} x {n} from {r},{c}: {msg}");
                        assert!(msg.contains("row + col even"), "{msg}");
                    }
                    Err(e) => panic!("{n} x {n} from {r},{c}: {e}"),
                }
            }
        }
    }
}

#[test]
fn trace_replays_onto_the_final_tour() {
    // 5,4 on 8 x 8 retreats, 1,3 on 5 x 6 retreats thousands of times, 6 x 6 closed retreats too.
    for (rows, cols, r, c, closed) in [
        (8, 8, 5, 4, false),
        (8, 8, 0, 0, false),
        (5, 6, 1, 3, false),
        (3, 8, 0, 4, false),
        (6, 6, 5, 3, true),
    ] {
        let p = problem(rows, cols, r, c).closed(closed);
        let tour = p.solve().expect("tour exists");
        let (board, retreats) = replay(&p);
        assert_eq!(board, tour.steps(), "{rows} x {cols} from {r},{c}");
        assert_eq!(retreats, tour.retreats());
        assert!(
            retreats > 0 || (r, c) == (0, 0),
            "{rows} x {cols} from {r},{c} should retreat"
        );
    }
}

#[test]
fn trace_into_tour_finishes_the_same_search() {
    let p = problem(8, 8, 5, 4);
    let mut trace = p.trace().expect("tour exists");
    let first: Vec<_> = trace
        .by_ref()
        .take(10)
        .collect::<Result<_, _>>()
        .expect("events");
    assert_eq!(first.len(), 10);
    let tour = trace.into_tour().expect("finishes");
    assert_eq!(tour, p.solve().expect("tour"));
}

#[test]
fn impossible_boards_are_refused_without_searching() {
    // A zero retreat budget makes any search fail with Error::Budget at its first dead end, so a
    // NoSolution here proves that no search ran.
    let cases: [(u32, u32, u32, u32, bool, &str); 11] = [
        (3, 3, 0, 0, false, "centre"),
        (4, 4, 0, 0, false, "at least 5"),
        (5, 5, 0, 1, false, "row + col even"),
        (2, 9, 0, 0, false, "side of 2"),
        (9, 2, 0, 0, false, "side of 2"),
        (1, 5, 0, 0, false, "side of 1"),
        (3, 6, 0, 0, false, "4 or at least 7"),
        (4, 7, 1, 3, false, "long edge"),
        (5, 5, 0, 0, true, "even number of squares"),
        (4, 6, 0, 0, true, "1, 2 or 4"),
        (3, 8, 0, 0, true, "3 x 8"),
    ];
    for (rows, cols, r, c, closed, why) in cases {
        let p = problem(rows, cols, r, c).closed(closed).max_retreats(0);
        for err in [
            p.check_exists().expect_err("no tour"),
            p.solve().expect_err("no tour"),
            p.trace().expect_err("no tour"),
        ] {
            match err {
                Error::NoSolution(msg) => {
                    assert!(msg.contains(why), "{rows} x {cols}: {msg}");
                    assert!(msg.contains(&format!("{rows} x {cols}")), "{msg}");
                }
                other => panic!("{rows} x {cols}: expected NoSolution, got {other}"),
            }
        }
    }
}

#[test]
fn invalid_boards_and_starts_are_input_errors() {
    for (rows, cols, r, c) in [
        (0, 8, 0, 0),
        (8, 0, 0, 0),
        (10_001, 5, 0, 0),
        (8, 8, 8, 0),
        (8, 8, 0, 8),
    ] {
        assert!(
            matches!(
                KnightProblem::new(rows, cols, Square::new(r, c)),
                Err(Error::Invalid { .. })
            ),
            "{rows} x {cols} from {r},{c}"
        );
    }
}

#[test]
fn running_out_of_retreats_is_a_budget_error_suggesting_another_start() {
    let p = problem(8, 8, 5, 4)
        .method(Method::Warnsdorff)
        .max_retreats(5);
    match p.solve() {
        Err(Error::Budget(msg)) => {
            assert!(msg.contains("another start") && msg.contains("5"), "{msg}")
        }
        other => panic!("expected Budget, got {other:?}"),
    }
    let mut trace = p.trace().expect("tour exists");
    let events: Vec<_> = trace.by_ref().collect();
    let retreats = events
        .iter()
        .filter(|e| matches!(e, Ok(KnightEvent::Retreat { .. })))
        .count();
    assert_eq!(retreats, 5);
    assert!(matches!(events.last(), Some(Err(Error::Budget(_)))));
    assert_eq!(events.iter().filter(|e| e.is_err()).count(), 1);
    assert!(trace.next().is_none());
    assert!(matches!(trace.into_tour(), Err(Error::Budget(_))));
}

#[test]
fn starts_that_exhaustive_search_rules_out_are_refused_with_that_reason() {
    // 3 x 4 has tours, but none from its middle columns: the search would try every route (it did,
    // before the rule knew; the unit tests still run that search). Now the rule refuses at once.
    for (rows, cols, r, c) in [(3, 4, 0, 1), (4, 3, 2, 1), (3, 7, 1, 3), (3, 8, 1, 5)] {
        let p = problem(rows, cols, r, c).method(Method::Warnsdorff);
        match p.solve() {
            Err(Error::NoSolution(msg)) => assert!(msg.contains("exhaustive search"), "{msg}"),
            other => panic!("expected NoSolution, got {other:?}"),
        }
    }
}

#[test]
fn rectangular_boards() {
    let tour = problem(3, 4, 0, 0).solve().expect("3 x 4 from a corner");
    assert_valid_tour(&tour, Square::new(0, 0));
    for (rows, cols) in [(4, 5), (5, 4), (5, 6), (6, 7), (7, 6), (3, 7), (3, 8)] {
        let mut found = 0;
        for r in 0..rows {
            for c in 0..cols {
                let p = problem(rows, cols, r, c);
                if p.check_exists().is_err() {
                    continue;
                }
                match p.solve() {
                    Ok(tour) => {
                        assert_valid_tour(&tour, Square::new(r, c));
                        found += 1;
                    }
                    Err(Error::NoSolution(_)) if rows == 3 || cols == 3 => {}
                    Err(e) => panic!("{rows} x {cols} from {r},{c}: {e}"),
                }
            }
        }
        assert!(found > 0, "{rows} x {cols}");
    }
}

#[test]
fn closed_tours_are_closed() {
    for n in [6u32, 8] {
        for r in 0..n {
            for c in 0..n {
                let tour = problem(n, n, r, c)
                    .closed(true)
                    .solve()
                    .expect("closed tour exists");
                assert_valid_tour(&tour, Square::new(r, c));
                assert!(tour.is_closed(), "{n} x {n} from {r},{c}");
            }
        }
    }
    for (rows, cols) in [(10, 10), (12, 12), (5, 6), (3, 10)] {
        let tour = problem(rows, cols, 0, 0)
            .closed(true)
            .solve()
            .expect("closed tour exists");
        assert_valid_tour(&tour, Square::new(0, 0));
        assert!(tour.is_closed(), "{rows} x {cols}");
    }
}

#[test]
fn one_square_board_is_a_trivial_open_tour() {
    let p = problem(1, 1, 0, 0);
    let tour = p.solve().expect("1 x 1");
    assert_eq!(tour.path(), vec![Square::new(0, 0)]);
    assert_eq!(tour.step_at(Square::new(0, 0)), 1);
    assert!(!tour.is_closed());
    let events: Vec<_> = p
        .trace()
        .expect("1 x 1")
        .collect::<Result<_, _>>()
        .expect("events");
    assert_eq!(
        events,
        vec![KnightEvent::Move {
            step: 1,
            square: Square::new(0, 0)
        }]
    );
    assert!(matches!(p.closed(true).solve(), Err(Error::NoSolution(_))));
}

#[test]
fn searches_are_deterministic() {
    let a = problem(7, 7, 4, 4).solve().expect("tour");
    let b = problem(7, 7, 4, 4).solve().expect("tour");
    assert_eq!(a, b);
}

#[test]
fn first_moves_follow_warnsdorff_with_seed_order_ties() {
    // From the corner 0,0 the free targets are 1,2 (move 2) and 2,1 (move 3); both have 5 onward
    // moves after the corner is used, so the earlier move in the seed's order wins.
    let tour = problem(8, 8, 0, 0).solve().expect("tour");
    assert_eq!(MOVES[2], (1, 2));
    assert_eq!(tour.step_at(Square::new(1, 2)), 2);
}

#[test]
fn closed_tour_falls_back_to_a_cycle_from_the_centre_entered_at_the_start() {
    // From 0,0 the closed search on 10 x 10 needs 5 retreats and from the centre none: with a budget
    // of 3 the first attempt is given up, wiped, and the centre's cycle is laid out from 0,0.
    let p = problem(10, 10, 0, 0).closed(true).max_retreats(3);
    let tour = p.solve().expect("fallback finds a closed tour");
    assert_valid_tour(&tour, Square::new(0, 0));
    assert!(tour.is_closed());
    assert_eq!(tour.retreats(), 3);
    let direct = problem(10, 10, 0, 0)
        .closed(true)
        .solve()
        .expect("direct search");
    assert_ne!(tour, direct, "the fallback tour comes from another search");

    let events: Vec<KnightEvent> = p
        .trace()
        .expect("tour exists")
        .collect::<Result<_, _>>()
        .expect("no error");
    let mut board = vec![0u32; 100];
    let mut numbered = 0u32;
    for event in &events {
        match *event {
            KnightEvent::Move { step, square } => {
                assert_eq!(step, numbered + 1);
                board[(square.row * 10 + square.col) as usize] = step;
                numbered += 1;
            }
            KnightEvent::Retreat { step, square } => {
                assert_eq!(step, numbered, "only the newest square is cleared");
                assert_eq!(board[(square.row * 10 + square.col) as usize], step);
                board[(square.row * 10 + square.col) as usize] = 0;
                numbered -= 1;
            }
        }
    }
    assert_eq!(board, tour.steps());
    // The tour is laid out by its 100 moves after the last retreat has wiped the first attempt.
    let last_retreat = events
        .iter()
        .rposition(|e| matches!(e, KnightEvent::Retreat { .. }))
        .expect("the first attempt retreated");
    assert_eq!(events.len() - last_retreat - 1, 100);
    assert!(matches!(
        events[last_retreat],
        KnightEvent::Retreat { step: 1, .. }
    ));
}

#[test]
fn closed_tour_budget_error_when_the_fallback_also_runs_out() {
    // On 10 x 12 the closed search from 0,0 needs 4 retreats and from the centre 1.
    let p = problem(10, 12, 0, 0)
        .closed(true)
        .method(Method::Warnsdorff)
        .max_retreats(0);
    match p.solve() {
        Err(Error::Budget(msg)) => assert!(msg.contains("centre"), "{msg}"),
        other => panic!("expected Budget, got {other:?}"),
    }
    let events: Vec<_> = p.trace().expect("tour exists").collect();
    assert!(matches!(events.last(), Some(Err(Error::Budget(_)))));
    assert_eq!(events.iter().filter(|e| e.is_err()).count(), 1);
    // Seed-sized boards never fall back (closed 8 x 8 from 0,1 needs 19 retreats).
    match problem(8, 8, 0, 1)
        .method(Method::Warnsdorff)
        .max_retreats(1)
        .closed(true)
        .solve()
    {
        Err(Error::Budget(msg)) => assert!(!msg.contains("centre"), "{msg}"),
        other => panic!("expected Budget, got {other:?}"),
    }
}

/// Checks a tour of any size without materialising its path: the step matrix is a permutation of
/// 1..=rows*cols and consecutive steps are knight moves apart.
fn assert_valid_large_tour(tour: &KnightTour, start: Square) {
    let total = tour.steps().len();
    assert_eq!(
        total as u64,
        u64::from(tour.rows()) * u64::from(tour.cols())
    );
    let mut seen = vec![0u64; total.div_ceil(64)];
    for &step in tour.steps() {
        assert!(
            (1..=total as u32).contains(&step),
            "step {step} out of range"
        );
        let i = step as usize - 1;
        assert_eq!(seen[i / 64] & 1 << (i % 64), 0, "step {step} used twice");
        seen[i / 64] |= 1 << (i % 64);
    }
    let mut count = 0usize;
    let mut prev: Option<Square> = None;
    for sq in tour.squares() {
        count += 1;
        assert_eq!(tour.step_at(sq) as usize, count);
        match prev {
            None => assert_eq!(sq, start),
            Some(p) => assert!(is_knight_move(p, sq), "{p} -> {sq}"),
        }
        prev = Some(sq);
    }
    assert_eq!(count, total, "the walk along the numbers stopped early");
}

#[test]
fn medium_boards_open_and_closed() {
    for (rows, cols, r, c, closed) in [
        (30, 30, 0, 0, false),
        (30, 30, 13, 17, true),
        (40, 25, 39, 0, false),
        (20, 34, 7, 30, true),
    ] {
        let tour = problem(rows, cols, r, c)
            .closed(closed)
            .solve()
            .expect("tour");
        assert_valid_large_tour(&tour, Square::new(r, c));
        if closed {
            assert!(tour.is_closed(), "{rows} x {cols} from {r},{c}");
        }
    }
}

/// Scale check (the tours are valid up to 10000 x 10000), run in release mode:
/// `cargo test --release --test it solve_knight::scale -- --ignored`. Its time and memory are
/// measured by the benchmark (tests/bench/chessviz.rs).
#[test]
#[ignore = "release-mode scale check; takes about a minute"]
fn scale_up_to_10000_x_10000() {
    for (n, r, c, closed) in [
        (100, 0, 0, false),
        (100, 50, 50, true),
        (1000, 0, 0, false),
        (1000, 500, 500, false),
        (1000, 0, 0, true),
        (10_000, 0, 0, false),
        (10_000, 3333, 7777, true),
    ] {
        let tour = problem(n, n, r, c).closed(closed).solve().expect("tour");
        assert_valid_large_tour(&tour, Square::new(r, c));
        assert!(!closed || tour.is_closed(), "{n} x {n} from {r},{c}");
    }
}
