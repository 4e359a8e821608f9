//! Knight's tours on every board where one exists: the construction (`Method::Construct`) checked by
//! a checker written here, the rule for which start squares admit a tour checked against an
//! exhaustive search written here, and `Method::Auto` checked to keep the search's tours.

use chessviz::knight::{KnightProblem, Method, MOVES};
use chessviz::{Error, Square};

pub(crate) fn problem(rows: u32, cols: u32, r: u32, c: u32) -> KnightProblem {
    KnightProblem::new(rows, cols, Square::new(r, c)).expect("valid board and start")
}

fn knight_move(a: (u32, u32), b: (u32, u32)) -> bool {
    let (dr, dc) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
}

/// Checks a step matrix without the solver: every number 1..=rows*cols once, 1 at `start`,
/// consecutive numbers a knight move apart, and, if `closed`, the last a knight move from the first.
pub(crate) fn check_tour(rows: u32, cols: u32, start: (u32, u32), steps: &[u32], closed: bool) {
    let total = rows as usize * cols as usize;
    assert_eq!(steps.len(), total, "{rows} x {cols}: matrix size");
    let mut at = vec![None; total];
    for (i, &s) in steps.iter().enumerate() {
        assert!((1..=total as u32).contains(&s), "{rows} x {cols}: step {s}");
        let slot = &mut at[s as usize - 1];
        assert!(slot.is_none(), "{rows} x {cols}: step {s} twice");
        *slot = Some(((i / cols as usize) as u32, (i % cols as usize) as u32));
    }
    let path: Vec<(u32, u32)> = at.into_iter().map(|s| s.expect("every step")).collect();
    assert_eq!(
        path[0], start,
        "{rows} x {cols}: the tour begins at the start"
    );
    for w in path.windows(2) {
        assert!(
            knight_move(w[0], w[1]),
            "{rows} x {cols}: {w:?} is not a knight move"
        );
    }
    if closed {
        assert!(
            knight_move(path[total - 1], path[0]),
            "{rows} x {cols} from {start:?}: not closed"
        );
    }
}

/// Whether an open tour of `rows` x `cols` starts at `start`, by exhaustive depth-first search. The
/// only pruning is sound: a free square with no free neighbour other than the current square must
/// be next and last, and at most one free square with one free neighbour can be last.
pub(crate) fn tour_exists(rows: u32, cols: u32, start: (u32, u32)) -> bool {
    let n = (rows * cols) as usize;
    let id = |r: u32, c: u32| (r * cols + c) as usize;
    let adj: Vec<Vec<usize>> = (0..n)
        .map(|v| {
            let (r, c) = ((v / cols as usize) as i64, (v % cols as usize) as i64);
            MOVES
                .iter()
                .map(|&(dr, dc)| (r + i64::from(dr), c + i64::from(dc)))
                .filter(|&(r, c)| r >= 0 && c >= 0 && r < i64::from(rows) && c < i64::from(cols))
                .map(|(r, c)| id(r as u32, c as u32))
                .collect()
        })
        .collect();
    fn go(
        adj: &[Vec<usize>],
        free: &mut Vec<bool>,
        degree: &mut Vec<u32>,
        v: usize,
        left: usize,
    ) -> bool {
        if left == 0 {
            return true;
        }
        let mut forced_last = 0;
        for u in (0..adj.len()).filter(|&u| free[u]) {
            let next_to_v = adj[v].contains(&u);
            if degree[u] == 0 && (!next_to_v || left > 1) {
                return false;
            }
            if degree[u] <= 1 && !next_to_v {
                forced_last += 1;
            }
        }
        if forced_last > 1 {
            return false;
        }
        for &u in &adj[v] {
            if !free[u] {
                continue;
            }
            free[u] = false;
            for &w in &adj[u] {
                degree[w] -= 1;
            }
            let found = go(adj, free, degree, u, left - 1);
            for &w in &adj[u] {
                degree[w] += 1;
            }
            free[u] = true;
            if found {
                return true;
            }
        }
        false
    }
    let mut free = vec![true; n];
    let mut degree: Vec<u32> = adj.iter().map(|a| a.len() as u32).collect();
    let s = id(start.0, start.1);
    free[s] = false;
    for &w in &adj[s] {
        degree[w] -= 1;
    }
    go(&adj, &mut free, &mut degree, s, n - 1)
}

#[test]
fn every_start_on_boards_up_to_6_x_6_matches_exhaustive_search() {
    for rows in 1..=6u32 {
        for cols in rows..=6 {
            for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                let exists = tour_exists(rows, cols, (r, c));
                for method in [Method::Auto, Method::Construct, Method::Warnsdorff] {
                    let p = problem(rows, cols, r, c).method(method);
                    match p.solve() {
                        Ok(tour) => {
                            assert!(
                                exists,
                                "{rows} x {cols} from {r},{c}: found a tour where none exists"
                            );
                            check_tour(rows, cols, (r, c), tour.steps(), false);
                        }
                        Err(Error::NoSolution(msg)) if !exists => {
                            assert!(msg.contains(&format!("{rows} x {cols}")), "{msg}");
                        }
                        Err(e) => panic!("{rows} x {cols} from {r},{c} ({method:?}): {e}"),
                    }
                }
            }
        }
    }
}

/// Checks the start rule of 3 x `n3` and 4 x `n4` boards (both orientations) against exhaustive
/// search.
fn check_start_rule(n3: std::ops::RangeInclusive<u32>, n4: std::ops::RangeInclusive<u32>) {
    let boards = n3.map(|n| (3, n)).chain(n4.map(|n| (4, n)));
    for (rows, cols) in boards {
        for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
            let exists = tour_exists(rows, cols, (r, c));
            for (rr, cc, sr, sc) in [(rows, cols, r, c), (cols, rows, c, r)] {
                let verdict = problem(rr, cc, sr, sc).check_exists();
                assert_eq!(
                    verdict.is_ok(),
                    exists,
                    "{rr} x {cc} from {sr},{sc}: {verdict:?}"
                );
            }
        }
    }
}

#[test]
fn start_rule_of_3_x_n_and_4_x_n_matches_exhaustive_search() {
    // Every exception of the rule (3 x 4, 3 x 7, 3 x 8) and the regular pattern after it.
    check_start_rule(4..=10, 5..=7);
}

/// The same up to 3 x 14 and 4 x 9: about three minutes in a debug build.
#[test]
#[ignore = "exhaustive search on larger boards; takes minutes in a debug build"]
fn start_rule_of_3_x_n_and_4_x_n_matches_exhaustive_search_up_to_3_x_14() {
    check_start_rule(4..=14, 5..=9);
}

/// Builds an open tour from every start of every `rows` x `cols` (5 <= rows <= cols <= `max`) that
/// `wanted` selects (for boards with both sides odd, only squares with row + col even have one) and
/// checks it.
fn check_every_start(max: u32, wanted: impl Fn(u32, u32, u32, u32) -> bool) {
    for rows in 5..=max {
        for cols in rows..=max {
            let odd = rows % 2 == 1 && cols % 2 == 1;
            for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                if odd && (r + c) % 2 == 1 {
                    assert!(problem(rows, cols, r, c).check_exists().is_err());
                    continue;
                }
                if !wanted(rows, cols, r, c) {
                    continue;
                }
                let tour = problem(rows, cols, r, c)
                    .method(Method::Construct)
                    .solve()
                    .unwrap_or_else(|e| panic!("{rows} x {cols} from {r},{c}: {e}"));
                check_tour(rows, cols, (r, c), tour.steps(), false);
                assert_eq!(tour.retreats(), 0);
            }
        }
    }
}

#[test]
fn construction_gives_a_tour_from_every_start_on_boards_5_to_30() {
    // Boards with an even number of squares enter one cycle at every start, so a sample of starts
    // shows the entering; boards with both sides odd build a different tour per start, so up to
    // 11 x 11 every start is checked, and beyond that a sample (all of them: the ignored test below).
    check_every_start(30, |rows, cols, r, c| {
        let odd = rows % 2 == 1 && cols % 2 == 1;
        let sample = [
            (0, 0),
            (rows / 2, cols / 2),
            (rows / 2, cols / 2 + 1),
            (rows - 1, cols - 1),
            (1, cols - 3),
            (rows - 2, 2),
        ];
        sample.contains(&(r, c)) || (odd && cols <= 11)
    });
}

/// Every start of every board from 5 x 5 to 30 x 30: about a minute and a half in a debug build.
#[test]
#[ignore = "every start of every board up to 30 x 30; takes minutes in a debug build"]
fn construction_gives_a_tour_from_literally_every_start_on_boards_5_to_30() {
    check_every_start(30, |_, _, _, _| true);
}

#[test]
fn construction_gives_closed_tours_wherever_they_exist() {
    let boards = (5..=30u32)
        .flat_map(|rows| (rows..=30).map(move |cols| (rows, cols)))
        .filter(|&(rows, cols)| rows * cols % 2 == 0)
        .chain((10..=200).step_by(2).map(|n| (3, n)))
        .chain([(200, 3), (12, 3)]);
    for (rows, cols) in boards {
        for (r, c) in [
            (0, 0),
            (rows / 2, cols / 2),
            (rows - 1, cols - 1),
            (1, cols - 2),
        ] {
            let tour = problem(rows, cols, r, c)
                .closed(true)
                .method(Method::Construct)
                .solve()
                .unwrap_or_else(|e| panic!("{rows} x {cols} from {r},{c}: {e}"));
            check_tour(rows, cols, (r, c), tour.steps(), true);
            assert!(tour.is_closed());
        }
    }
}

/// Builds an open tour of 3 x n and n x 3 (4 <= n <= 200) from every start the rule allows that
/// `wanted` selects, and checks it.
fn check_3_x_n(wanted: impl Fn(u32, u32) -> bool) {
    for n in 4..=200u32 {
        for (rows, cols) in [(3, n), (n, 3)] {
            for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                let p = problem(rows, cols, r, c).method(Method::Construct);
                let along = if rows == 3 { c } else { r };
                if p.check_exists().is_err() || !wanted(n, along) {
                    continue;
                }
                let tour = p
                    .solve()
                    .unwrap_or_else(|e| panic!("{rows} x {cols} from {r},{c}: {e}"));
                check_tour(rows, cols, (r, c), tour.steps(), false);
            }
        }
    }
}

#[test]
fn construction_covers_3_x_n_from_every_start_the_rule_allows() {
    // Every start up to 3 x 24 (every layout of the root block and its first neighbours); beyond,
    // the ends and the middle (all of them: the ignored test below).
    check_3_x_n(|n, at| n <= 24 || at == 0 || at == n / 2 || at + 1 == n);
}

/// Every allowed start of every 3 x n up to 3 x 200: about six minutes in a debug build.
#[test]
#[ignore = "every start of every 3 x n up to 3 x 200; takes minutes in a debug build"]
fn construction_covers_3_x_n_from_literally_every_start() {
    check_3_x_n(|_, _| true);
}

#[test]
fn auto_keeps_the_searched_tours_of_8_x_8_and_small_boards() {
    for (rows, cols) in [(8, 8), (5, 6), (7, 7), (3, 7), (6, 6)] {
        for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
            let auto = problem(rows, cols, r, c);
            if auto.check_exists().is_err() {
                continue;
            }
            let searched = auto.clone().method(Method::Warnsdorff);
            assert_eq!(
                auto.solve().expect("tour"),
                searched.solve().expect("tour"),
                "{rows} x {cols} from {r},{c}"
            );
            let a: Vec<_> = auto
                .trace()
                .expect("trace")
                .collect::<Result<_, _>>()
                .expect("events");
            let s: Vec<_> = searched
                .trace()
                .expect("trace")
                .collect::<Result<_, _>>()
                .expect("events");
            assert_eq!(a, s, "{rows} x {cols} from {r},{c}: trace");
        }
    }
}

#[test]
fn auto_builds_where_the_search_runs_out() {
    // Warnsdorff's rule does not finish on 3 x 25 from the corner within the auto budget; the
    // construction does, and its trace is its moves in order.
    let p = problem(3, 25, 0, 0);
    assert!(matches!(
        p.clone()
            .method(Method::Warnsdorff)
            .max_retreats(20_000)
            .solve(),
        Err(Error::Budget(_))
    ));
    let tour = p.solve().expect("auto builds a tour");
    check_tour(3, 25, (0, 0), tour.steps(), false);
    let events: Vec<_> = p
        .trace()
        .expect("trace")
        .collect::<Result<_, _>>()
        .expect("events");
    assert_eq!(events.len(), 75);
    let replayed: Vec<Square> = events
        .iter()
        .map(|e| match *e {
            chessviz::knight::KnightEvent::Move { square, .. } => square,
            other => panic!("a constructed tour has only moves: {other:?}"),
        })
        .collect();
    assert_eq!(replayed, tour.path());
}

/// Release-mode scale check of the construction (valid tours up to 10000 x 10000):
/// `cargo test --release --test it knight_construct::construction_scales -- --ignored`. Its time is
/// measured by the benchmark (tests/bench/chessviz.rs).
#[test]
#[ignore = "release-mode scale check"]
fn construction_scales_to_10000_x_10000() {
    for (rows, cols, r, c, closed) in [
        (1000, 1000, 0, 0, false),
        (3, 10_000, 1, 5000, false),
        (3, 9999, 1, 5001, false),
        (999, 1001, 500, 500, false),
        (10_000, 10_000, 3333, 7777, true),
    ] {
        let tour = problem(rows, cols, r, c)
            .closed(closed)
            .method(Method::Construct)
            .solve()
            .expect("tour");
        check_tour(rows, cols, (r, c), tour.steps(), closed);
    }
}

#[test]
fn cli_method_flag() {
    use crate::common::{fails, ok};
    // The boards of the report: from the corner of 3 x 25 the search ran out; auto builds a tour.
    let text = ok(&["knight", "--rows", "3", "--cols", "25", "--start", "0,0"]);
    let steps: Vec<u32> = text
        .split_whitespace()
        .map(|n| n.parse().expect("numbers"))
        .collect();
    check_tour(3, 25, (0, 0), &steps, false);
    // On 8 x 8 every method but the construction prints the textbook's tour.
    let textbook = ok(&["knight", "--start", "0,0"]);
    assert_eq!(
        ok(&["knight", "--start", "0,0", "--method", "warnsdorff"]),
        textbook
    );
    assert_eq!(
        ok(&["knight", "--start", "0,0", "--method", "auto"]),
        textbook
    );
    let built = ok(&["knight", "--start", "0,0", "--method", "construct"]);
    let steps: Vec<u32> = built
        .split_whitespace()
        .map(|n| n.parse().expect("numbers"))
        .collect();
    check_tour(8, 8, (0, 0), &steps, false);
    // A constructed tour's trace is its moves, no retreats.
    let trace = ok(&["knight", "--size", "6", "--method", "construct", "--trace"]);
    assert_eq!(trace.lines().count(), 36);
    assert!(trace
        .lines()
        .zip(1..)
        .all(|(l, i)| l.starts_with(&format!("{i}: move "))));
    // A retreat budget belongs to the search.
    for method in ["construct", "auto"] {
        let e = fails(&["knight", "--method", method, "--max-retreats", "5"], b"");
        assert!(e.contains("--max-retreats") && e.contains(method), "{e}");
    }
    let e = fails(&["knight", "--method", "fastest"], b"");
    assert!(e.contains("--method"), "{e}");
    // Refusals state the proved reason, also for the construction.
    let e = fails(
        &[
            "knight",
            "--rows",
            "3",
            "--cols",
            "8",
            "--start",
            "1,2",
            "--method",
            "construct",
        ],
        b"",
    );
    assert!(e.contains("exhaustive search"), "{e}");
}
