//! N-queens: the Turbo C search order, counts against OEIS, notation, and symmetry classes.

use std::collections::BTreeSet;

use chessviz::queens::{canonical, class_size, unique_solutions, Symmetry};
use chessviz::queens::{
    count, count_classes, count_unique, search, solutions, QueensEvent, Solution, MAX_COUNT_N,
    MAX_N,
};
use chessviz::Error;

/// OEIS A000170, n = 1..=12.
const TOTAL: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
/// OEIS A002562, n = 1..=12.
const UNIQUE: [u64; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

/// Every permutation of 1..=n, in lexicographic order (independent of the search).
fn permutations(n: u8) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut p: Vec<u8> = (1..=n).collect();
    loop {
        out.push(p.clone());
        // Next permutation in lexicographic order.
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return out;
        };
        let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
        p.swap(i - 1, j);
        p[i..].reverse();
    }
}

fn brute_force(n: u8) -> Vec<Vec<u8>> {
    permutations(n)
        .into_iter()
        .filter(|p| {
            (0..p.len()).all(|a| {
                (a + 1..p.len())
                    .all(|b| (p[a] as i32 - p[b] as i32).unsigned_abs() as usize != b - a)
            })
        })
        .collect()
}

#[test]
fn solutions_match_brute_force_up_to_8() {
    for n in 1..=8u8 {
        let found: Vec<Vec<u8>> = solutions(n as u32)
            .unwrap()
            .map(|s| s.rows().to_vec())
            .collect();
        assert_eq!(found, brute_force(n), "n = {n}");
    }
}

#[test]
fn eight_queens_event_counts_and_order() {
    let mut places = 0;
    let mut removes = 0;
    let mut sols: Vec<Solution> = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut last_was_full_place = false;
    let mut await_remove: Option<(u32, u32)> = None;
    for event in search(8).unwrap() {
        match event {
            QueensEvent::Place { col, row } => {
                assert!(
                    await_remove.is_none(),
                    "a solution is followed by its Remove"
                );
                assert_eq!(col as usize, stack.len() + 1, "columns fill left to right");
                assert!((1..=8).contains(&row));
                stack.push(row);
                places += 1;
                last_was_full_place = col == 8;
            }
            QueensEvent::Solution { index, solution } => {
                assert!(
                    last_was_full_place,
                    "a solution follows the Place in column 8"
                );
                assert_eq!(index as usize, sols.len() + 1);
                let rows: Vec<u32> = solution.rows().iter().map(|&r| r.into()).collect();
                assert_eq!(rows, stack);
                await_remove = Some((8, stack[7]));
                sols.push(solution);
                last_was_full_place = false;
            }
            QueensEvent::Remove { col, row } => {
                if let Some(expected) = await_remove.take() {
                    assert_eq!((col, row), expected);
                }
                assert_eq!(stack.pop(), Some(row));
                assert_eq!(col as usize, stack.len() + 1);
                removes += 1;
                last_was_full_place = false;
            }
        }
    }
    assert!(stack.is_empty());
    assert_eq!((places, removes, sols.len()), (2056, 2056, 92));
    assert_eq!(sols[0].to_string(), "15863724");
    assert_eq!(sols[91].to_string(), "84136275");
    assert!(sols.windows(2).all(|w| w[0] < w[1]), "lexicographic order");
    assert!(sols.iter().all(Solution::is_valid));
}

#[test]
fn counts_up_to_12() {
    for n in 1..=12u32 {
        assert_eq!(count(n).unwrap(), TOTAL[n as usize - 1], "count({n})");
        assert_eq!(
            count_unique(n).unwrap(),
            UNIQUE[n as usize - 1],
            "count_unique({n})"
        );
    }
}

#[test]
fn enumeration_agrees_with_counts_up_to_11() {
    for n in 1..=11u32 {
        let sols: Vec<Solution> = solutions(n).unwrap().collect();
        assert_eq!(sols.len() as u64, TOTAL[n as usize - 1], "n = {n}");
        assert!(sols.windows(2).all(|w| w[0] < w[1]), "n = {n} sorted");
        assert!(sols.iter().all(|s| s.is_valid() && s.n() == n));
    }
}

#[test]
fn larger_boards_search_lazily() {
    // n = 32 is accepted and starts at once (its first solution is millions of steps away, so only
    // the opening is checked: each column takes the lowest row not attacked).
    let opening: Vec<QueensEvent> = search(32).unwrap().take(4).collect();
    let expected: Vec<QueensEvent> = [(1, 1), (2, 3), (3, 5), (4, 2)]
        .into_iter()
        .map(|(col, row)| QueensEvent::Place { col, row })
        .collect();
    assert_eq!(opening, expected);
    let first = solutions(14).unwrap().next().unwrap();
    assert!(first.is_valid());
    assert_eq!(first.n(), 14);
    // The well-known first 10-queens solution in lexicographic order.
    let first10 = solutions(10).unwrap().next().unwrap();
    assert_eq!(first10.to_string(), "1 3 6 8 10 5 9 2 4 7");
}

#[test]
fn notation_round_trips() {
    for n in [1u32, 4, 8, 10, 12] {
        for s in solutions(n).unwrap().take(50) {
            let text = s.to_string();
            if n <= 9 {
                assert_eq!(text.len(), n as usize);
            } else {
                assert_eq!(text.split(' ').count(), n as usize);
            }
            assert_eq!(text.parse::<Solution>().unwrap(), s);
        }
    }
    let s: Solution = "1 3 6 8 10 5 9 2 4 7".parse().unwrap();
    assert_eq!(s.rows(), &[1, 3, 6, 8, 10, 5, 9, 2, 4, 7]);
    // Spaced notation is also accepted for small n.
    assert_eq!(
        "1 5 8 6 3 7 2 4".parse::<Solution>().unwrap().to_string(),
        "15863724"
    );
}

#[test]
fn invalid_input_is_an_error() {
    for bad in [
        "",
        "11",
        "12",
        "1586372",
        "15863742",
        "x",
        "1386 10 5 9 2 4 7",
        "13681059247",
        "0",
    ] {
        assert!(bad.parse::<Solution>().is_err(), "{bad:?}");
    }
    assert!(Solution::new(vec![]).is_err());
    assert!(Solution::new(vec![2, 4, 1, 5]).is_err());
    assert!(Solution::new(vec![2, 4, 1, 3]).is_ok());
    assert!(Solution::new(vec![1; 33]).is_err());
    assert!(matches!(search(0), Err(Error::Invalid { .. })));
    assert!(search(MAX_N + 1).is_err());
    assert!(search(MAX_N).is_ok());
    assert!(count(0).is_err());
    let msg = count(MAX_COUNT_N + 1).unwrap_err().to_string();
    assert!(msg.contains("hours") && !msg.contains('\n'), "{msg}");
    assert!(count_unique(MAX_COUNT_N + 1).is_err());
    assert!(unique_solutions(0).is_err());
    assert!(unique_solutions(15).is_err());
}

#[test]
fn symmetries_map_solutions_to_solutions() {
    for n in [4u32, 5, 6, 7, 8] {
        let all: BTreeSet<Solution> = solutions(n).unwrap().collect();
        for s in &all {
            let images: Vec<Solution> = Symmetry::ALL.iter().map(|sym| sym.apply(s)).collect();
            assert_eq!(images[0], *s);
            for img in &images {
                assert!(img.is_valid() && all.contains(img));
            }
            // Reflections never fix a solution for n > 1.
            for img in &images[4..] {
                assert_ne!(img, s);
            }
            assert!(canonical(s) <= *s);
            assert_eq!(canonical(&canonical(s)), canonical(s));
        }
    }
}

#[test]
fn eight_queens_classes() {
    let classes = unique_solutions(8).unwrap();
    assert_eq!(classes.len(), 12);
    let eights = classes.iter().filter(|(_, size)| *size == 8).count();
    let fours = classes.iter().filter(|(_, size)| *size == 4).count();
    assert_eq!((eights, fours), (11, 1));
    // The counter sorts the classes the same way without listing them.
    let counted = count_classes(8).unwrap();
    assert_eq!(
        (counted.of_two, counted.of_four, counted.of_eight),
        (0, 1, 11)
    );
    assert_eq!(count_classes(4).unwrap().of_two, 1);
    // The first class is the first solution; the half-turn-symmetric class is 35281746.
    assert_eq!(classes[0].0.to_string(), "15863724");
    let four = &classes.iter().find(|(_, s)| *s == 4).unwrap().0;
    assert_eq!(four.to_string(), "35281746");
    assert_eq!(Symmetry::Rot180.apply(four), *four);
}

#[test]
fn fundamental_solutions_agree_with_canonical_forms_and_counts() {
    for n in 1..=10u32 {
        let sols: Vec<Solution> = solutions(n).unwrap().collect();
        let canon: BTreeSet<Solution> = sols.iter().map(canonical).collect();
        let classes = unique_solutions(n).unwrap();
        let listed: Vec<Solution> = classes.iter().map(|(s, _)| s.clone()).collect();
        assert_eq!(listed, canon.into_iter().collect::<Vec<_>>(), "n = {n}");
        assert_eq!(classes.len() as u64, UNIQUE[n as usize - 1], "n = {n}");
        let total: usize = classes.iter().map(|(_, size)| size).sum();
        assert_eq!(
            total as u64,
            TOTAL[n as usize - 1],
            "class sizes add up, n = {n}"
        );
        for (s, size) in &classes {
            // Class size by orbit counting.
            let members = sols.iter().filter(|t| canonical(t) == *s).count();
            assert_eq!(members, *size);
            assert_eq!(class_size(s), *size);
        }
    }
    // n = 1: the single queen is its own class; n = 4: one class of two.
    assert_eq!(unique_solutions(1).unwrap()[0].1, 1);
    assert_eq!(unique_solutions(4).unwrap()[0].1, 2);
}

#[test]
fn unique_enumeration_matches_counts_for_11_and_12() {
    for n in [11u32, 12] {
        assert_eq!(
            unique_solutions(n).unwrap().len() as u64,
            UNIQUE[n as usize - 1]
        );
    }
}

#[test]
#[ignore = "slow; run with cargo test --release --test it solve_queens:: -- --ignored"]
fn count_16_matches_oeis() {
    assert_eq!(count(16).unwrap(), 14_772_512);
    assert_eq!(count_unique(16).unwrap(), 1_846_955);
}
