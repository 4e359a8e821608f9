//! Open knight's tours of 4 x n and n x 4 by the construction (`Method::Construct`), checked by the
//! independent checker of `knight_construct`, from every start the start rule allows, and the rule
//! itself against exhaustive search.

use crate::knight_construct::{check_tour, problem, tour_exists};
use chessviz::knight::Method;

/// Builds and checks the tour of 4 x `n` and `n` x 4 from every long-edge start `wanted` selects.
fn check_4_x_n(ns: impl IntoIterator<Item = u32>, wanted: impl Fn(u32, u32) -> bool) {
    for n in ns {
        for along in (0..n).filter(|&at| wanted(n, at)) {
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
}

/// Whether the construction reaches a start `at` squares along a 4 x `n` board: every start up to
/// 4 x 10, and within 5 squares of an end beyond (starts further in are left to the search).
fn reached(n: u32, at: u32) -> bool {
    n <= 10 || at < 5 || at + 5 >= n
}

#[test]
fn construction_covers_4_x_n_from_every_long_edge_start_near_an_end_up_to_60() {
    check_4_x_n(5..=60, reached);
}

#[test]
fn construction_covers_larger_4_x_n_near_the_ends() {
    check_4_x_n([61, 62, 63, 64, 97, 100, 101, 203, 1001], reached);
}

#[test]
fn construction_refuses_starts_further_in_with_a_reason() {
    let err = problem(4, 30, 0, 10)
        .method(Method::Construct)
        .solve()
        .expect_err("not covered");
    assert!(err.to_string().contains("near an end"), "{err}");
}

#[test]
fn construction_covers_4_x_10000_from_near_either_end() {
    for (rows, cols, r, c) in [(4, 10_000, 0, 0), (10_000, 4, 9_996, 3), (4, 10_000, 3, 4)] {
        let tour = problem(rows, cols, r, c)
            .method(Method::Construct)
            .solve()
            .unwrap_or_else(|e| panic!("{rows} x {cols} from {r},{c}: {e}"));
        check_tour(rows, cols, (r, c), tour.steps(), false);
    }
}

#[test]
fn auto_gives_4_x_n_tours_where_the_search_runs_out() {
    // Warnsdorff's rule does not finish on 4 x 13..100 from the corner; auto builds the tour.
    for n in [13, 40, 100] {
        let tour = problem(4, n, 0, 0).solve().expect("auto builds a tour");
        check_tour(4, n, (0, 0), tour.steps(), false);
    }
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
