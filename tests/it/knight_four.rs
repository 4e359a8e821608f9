//! Open knight's tours of 4 x n and n x 4 by the construction (`Method::Construct`), checked by the
//! independent checker of `knight_construct`, from every start the start rule allows, and the rule
//! itself against exhaustive search.

use crate::knight_construct::{check_tour, problem, tour_exists};
use chessviz::knight::Method;
use rayon::prelude::*;

/// Builds and checks the tours of 4 x `n` and `n` x 4 from every long-edge start.
fn check_every_start(n: u32) {
    check_starts(n, |_| true);
}

/// Builds and checks the tours of 4 x `n` and `n` x 4 from the long-edge starts `along` squares
/// from an end that `wanted` selects.
fn check_starts(n: u32, wanted: impl Fn(u32) -> bool) {
    for along in (0..n).filter(|&at| wanted(at)) {
        for across in [0, 3] {
            for (rows, cols, r, c) in [(4, n, across, along), (n, 4, along, across)] {
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
fn construction_covers_4_x_n_from_every_long_edge_start_up_to_200() {
    (5..=200u32).into_par_iter().for_each(check_every_start);
}

#[test]
fn construction_covers_longer_4_x_n_from_every_long_edge_start() {
    [201, 202, 203, 204, 257]
        .into_par_iter()
        .for_each(check_every_start);
}

#[test]
fn construction_covers_4_x_1001_near_the_ends_and_every_seventh_start() {
    check_starts(1001, |at| !(20..=980).contains(&at) || at % 7 == 0);
}

#[test]
fn construction_covers_4_x_10000_from_the_ends_and_the_middle() {
    let starts = [
        (4, 10_000, 0, 0),
        (10_000, 4, 9_996, 3),
        (4, 10_000, 3, 4),
        (4, 10_000, 0, 5_000),
        (4, 10_000, 3, 5_001),
        (10_000, 4, 4_999, 0),
        (10_000, 4, 7_777, 3),
        (4, 10_000, 0, 9_990),
    ];
    starts.into_par_iter().for_each(|(rows, cols, r, c)| {
        let tour = problem(rows, cols, r, c)
            .method(Method::Construct)
            .solve()
            .unwrap_or_else(|e| panic!("{rows} x {cols} from {r},{c}: {e}"));
        check_tour(rows, cols, (r, c), tour.steps(), false);
    });
}

#[test]
fn auto_gives_4_x_n_tours_where_the_search_runs_out() {
    // Warnsdorff's rule does not finish on 4 x 13..100 from the corner, nor on 4 x 40 from the
    // middle of a long edge; auto builds the tour.
    for (n, c) in [(13, 0), (40, 0), (100, 0), (40, 20), (77, 38)] {
        let tour = problem(4, n, 0, c).solve().expect("auto builds a tour");
        check_tour(4, n, (0, c), tour.steps(), false);
        let tour = problem(n, 4, c, 3).solve().expect("auto builds a tour");
        check_tour(n, 4, (c, 3), tour.steps(), false);
    }
}

#[test]
fn the_middle_lines_are_refused_with_the_reason() {
    let err = problem(4, 30, 1, 10)
        .method(Method::Construct)
        .solve()
        .expect_err("no tour starts on a middle line");
    assert!(err.to_string().contains("long edges"), "{err}");
}

#[test]
fn exhaustive_search_agrees_that_4_x_n_tours_start_exactly_on_long_edges() {
    for n in 5..=7u32 {
        for (r, c) in (0..4).flat_map(|r| (0..n).map(move |c| (r, c))) {
            let exists = tour_exists(4, n, (r, c));
            assert_eq!(exists, r == 0 || r == 3, "4 x {n} from {r},{c}");
            assert_eq!(problem(4, n, r, c).check_exists().is_ok(), exists);
        }
    }
}

#[test]
fn tours_of_4_x_n_cross_between_the_middle_lines_once_and_end_on_an_edge() {
    // The argument the construction rests on (see the `four` module): a tour of 4 x n never takes
    // two edge squares in a row, makes exactly one move between the two middle lines, and so
    // starts and ends on an edge.
    for n in 5..=40u32 {
        for (r, c) in (0..n).flat_map(|c| [(0, c), (3, c)]) {
            let tour = problem(4, n, r, c)
                .method(Method::Construct)
                .solve()
                .unwrap_or_else(|e| panic!("4 x {n} from {r},{c}: {e}"));
            let steps = tour.steps();
            check_tour(4, n, (r, c), steps, false);
            let mut rows = vec![0u32; steps.len()];
            for (i, &step) in steps.iter().enumerate() {
                rows[step as usize - 1] = i as u32 / n;
            }
            let edge = |row: u32| row == 0 || row == 3;
            assert!(edge(rows[0]) && edge(rows[rows.len() - 1]), "4 x {n}");
            assert!(rows.windows(2).all(|w| !(edge(w[0]) && edge(w[1]))));
            let crossings = rows
                .windows(2)
                .filter(|w| !edge(w[0]) && !edge(w[1]))
                .count();
            assert_eq!(crossings, 1, "4 x {n} from {r},{c}");
        }
    }
}
