//! Defective-chessboard tiling: validity, the seeds' sample output, and agreement between the trace,
//! the matrix and the O(k) queries.

use chessviz::tromino::{LShape, TrominoEvent, TrominoProblem, MAX_K};
use chessviz::{Error, Square};

/// A literal port of the seeds' recursive `ChessBoard`, as an independent reference.
fn reference_board(side: usize, special: (usize, usize)) -> Vec<Vec<u32>> {
    fn chess_board(
        board: &mut Vec<Vec<u32>>,
        tile: &mut u32,
        tr: usize,
        tc: usize,
        dr: usize,
        dc: usize,
        size: usize,
    ) {
        if size == 1 {
            return;
        }
        let t = *tile;
        *tile += 1;
        let s = size / 2;
        if dr < tr + s && dc < tc + s {
            chess_board(board, tile, tr, tc, dr, dc, s);
        } else {
            board[tr + s - 1][tc + s - 1] = t;
            chess_board(board, tile, tr, tc, tr + s - 1, tc + s - 1, s);
        }
        if dr < tr + s && dc >= tc + s {
            chess_board(board, tile, tr, tc + s, dr, dc, s);
        } else {
            board[tr + s - 1][tc + s] = t;
            chess_board(board, tile, tr, tc + s, tr + s - 1, tc + s, s);
        }
        if dr >= tr + s && dc < tc + s {
            chess_board(board, tile, tr + s, tc, dr, dc, s);
        } else {
            board[tr + s][tc + s - 1] = t;
            chess_board(board, tile, tr + s, tc, tr + s, tc + s - 1, s);
        }
        if dr >= tr + s && dc >= tc + s {
            chess_board(board, tile, tr + s, tc + s, dr, dc, s);
        } else {
            board[tr + s][tc + s] = t;
            chess_board(board, tile, tr + s, tc + s, tr + s, tc + s, s);
        }
    }
    let mut board = vec![vec![0u32; side]; side];
    let mut tile = 1;
    chess_board(&mut board, &mut tile, 0, 0, special.0, special.1, side);
    board
}

fn problem(k: u32, row: u32, col: u32) -> TrominoProblem {
    TrominoProblem::new(k, Square::new(row, col)).expect("valid problem")
}

fn matrix_rows(p: &TrominoProblem) -> Vec<Vec<u32>> {
    p.solve()
        .expect("small board solves")
        .rows()
        .map(|r| r.to_vec())
        .collect()
}

fn parse_matrix(text: &str) -> Vec<Vec<u32>> {
    text.lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect()
}

#[test]
fn seed_sample_side_8_special_2_2() {
    let expected = parse_matrix(
        "3 3 4 4 8 8 9 9
         3 2 2 4 8 7 7 9
         5 2 0 6 10 10 7 11
         5 5 6 6 1 10 11 11
         13 13 14 1 1 18 19 19
         13 12 14 14 18 18 17 19
         15 12 12 16 20 17 17 21
         15 15 16 16 20 20 21 21",
    );
    let p = TrominoProblem::from_side(8, Square::new(2, 2)).unwrap();
    assert_eq!(p.k(), 3);
    assert_eq!(matrix_rows(&p), expected);
}

#[test]
fn seed_sample_side_2_special_0_0() {
    let p = TrominoProblem::from_side(2, Square::new(0, 0)).unwrap();
    assert_eq!(matrix_rows(&p), vec![vec![0, 1], vec![1, 1]]);
}

#[test]
fn matrix_matches_the_seed_recursion_for_every_special_up_to_k4() {
    for k in 0..=4u32 {
        let side = 1usize << k;
        for r in 0..side {
            for c in 0..side {
                let p = problem(k, r as u32, c as u32);
                assert_eq!(
                    matrix_rows(&p),
                    reference_board(side, (r, c)),
                    "k={k} special=({r},{c})"
                );
            }
        }
    }
}

/// Checks one board's tiling from its `Place` events alone, independently of `solve()`.
fn assert_valid_tiling(p: &TrominoProblem) {
    let side = p.side() as usize;
    let count = p.tile_count();
    let mut cover = vec![0u32; side * side];
    let mut next = 1u32;
    for event in p.trace() {
        let TrominoEvent::Place(t) = event else {
            continue;
        };
        assert_eq!(t.number, next, "tiles come in numbering order");
        next += 1;
        let min_r = t.cells.iter().map(|s| s.row).min().unwrap();
        let min_c = t.cells.iter().map(|s| s.col).min().unwrap();
        let mut block = [false; 4];
        for s in t.cells {
            assert!(
                s.row - min_r <= 1 && s.col - min_c <= 1,
                "tile {} spans a 2x2 block",
                t.number
            );
            block[((s.row - min_r) * 2 + (s.col - min_c)) as usize] = true;
            cover[s.row as usize * side + s.col as usize] += 1;
        }
        let mut sorted = t.cells;
        sorted.sort();
        assert_eq!(sorted, t.cells, "cells in row-major order");
        let missing: Vec<usize> = (0..4).filter(|&i| !block[i]).collect();
        assert_eq!(missing.len(), 1, "three distinct cells in the block");
        assert_eq!(
            t.shape,
            LShape::ALL[missing[0]],
            "shape names the empty corner"
        );
        assert_eq!(t.shape.index(), missing[0]);
    }
    assert_eq!(next - 1, count, "tile numbers are 1..=count");
    for r in 0..side {
        for c in 0..side {
            let expected = if Square::new(r as u32, c as u32) == p.special() {
                0
            } else {
                1
            };
            assert_eq!(cover[r * side + c], expected, "cover of ({r},{c})");
        }
    }
}

#[test]
fn every_special_square_tiles_validly_up_to_k5() {
    for k in 1..=5u32 {
        let side = 1u32 << k;
        for r in 0..side {
            for c in 0..side {
                assert_valid_tiling(&problem(k, r, c));
            }
        }
    }
}

#[test]
fn tile_count_formula() {
    for k in 0..=MAX_K {
        let p = problem(k, 0, 0);
        assert_eq!(u64::from(p.tile_count()), ((1u64 << (2 * k)) - 1) / 3);
        assert_eq!(p.side(), 1 << k);
    }
}

/// A small deterministic generator so the "random" specials are reproducible.
fn lcg(state: &mut u64) -> u32 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as u32
}

#[test]
fn tile_at_and_tile_agree_with_the_matrix() {
    let mut seed = 0x5eed_u64;
    let mut boards = vec![problem(3, 2, 2), problem(4, 0, 15), problem(5, 17, 9)];
    for _ in 0..4 {
        let r = lcg(&mut seed) % 64;
        let c = lcg(&mut seed) % 64;
        boards.push(problem(6, r, c));
    }
    for p in boards {
        let m = p.solve().unwrap();
        for r in 0..p.side() {
            for c in 0..p.side() {
                let sq = Square::new(r, c);
                let n = m.get(sq);
                assert_eq!(p.tile_at(sq), n, "tile_at {sq} special {}", p.special());
                if n > 0 {
                    let t = p.tile(n).expect("tile exists");
                    assert_eq!(t.number, n);
                    assert!(t.cells.contains(&sq), "tile({n}) holds {sq}");
                }
            }
        }
        assert_eq!(p.tile(0), None);
        assert_eq!(p.tile(p.tile_count() + 1), None);
    }
}

#[test]
fn tile_matches_the_trace_for_every_number() {
    let p = problem(5, 30, 3);
    let placed: Vec<_> = p
        .trace()
        .filter_map(|e| match e {
            TrominoEvent::Place(t) => Some(t),
            TrominoEvent::Split { .. } => None,
        })
        .collect();
    for t in placed {
        assert_eq!(p.tile(t.number), Some(t));
    }
}

#[test]
fn trace_order_and_splits() {
    let p = problem(4, 9, 6);
    let events: Vec<_> = p.trace().collect();
    assert_eq!(events.len() as u32, 2 * p.tile_count());
    // Splits form a pre-order walk: each split's depth is at most one deeper than the previous one's,
    // its size is side >> depth, and it lies inside the board on a multiple of its size.
    let mut prev_depth: Option<u32> = None;
    for (expected_number, pair) in (1u32..).zip(events.chunks(2)) {
        let TrominoEvent::Split {
            origin,
            size,
            depth,
        } = pair[0]
        else {
            panic!("events alternate Split, Place: {pair:?}");
        };
        let TrominoEvent::Place(t) = pair[1] else {
            panic!("Place follows Split: {pair:?}");
        };
        assert_eq!(size, p.side() >> depth);
        assert!(size >= 2);
        assert_eq!(origin.row % size, 0);
        assert_eq!(origin.col % size, 0);
        if let Some(d) = prev_depth {
            assert!(depth <= d + 1);
        } else {
            assert_eq!((origin, depth), (Square::new(0, 0), 0));
        }
        prev_depth = Some(depth);
        assert_eq!(t.number, expected_number);
        // The centre tromino sits on the split's centre.
        let half = size / 2;
        for c in t.cells {
            assert!(c.row + 1 >= origin.row + half && c.row <= origin.row + half);
            assert!(c.col + 1 >= origin.col + half && c.col <= origin.col + half);
        }
    }
    // One split per call of size > 1: 1 + 4 + 16 + 64 for k = 4.
    let splits = events
        .iter()
        .filter(|e| matches!(e, TrominoEvent::Split { .. }))
        .count();
    assert_eq!(splits, 1 + 4 + 16 + 64);
    let per_depth: Vec<usize> = (0..4)
        .map(|d| {
            events
                .iter()
                .filter(|e| matches!(e, TrominoEvent::Split { depth, .. } if *depth == d))
                .count()
        })
        .collect();
    assert_eq!(per_depth, vec![1, 4, 16, 64]);
}

#[test]
fn k0_is_the_special_square_alone() {
    let p = problem(0, 0, 0);
    assert_eq!(p.side(), 1);
    assert_eq!(p.tile_count(), 0);
    assert_eq!(p.trace().count(), 0);
    assert_eq!(p.tile_at(Square::new(0, 0)), 0);
    assert_eq!(matrix_rows(&p), vec![vec![0]]);
}

#[test]
fn k15_streams_without_a_board() {
    let p = problem(15, 12345, 30000);
    let events: Vec<_> = p.trace().take(5000).collect();
    assert_eq!(events.len(), 5000);
    // The first 15 splits descend straight to a 2 x 2 block in the top-left corner.
    for (d, e) in events.iter().step_by(2).take(15).enumerate() {
        assert_eq!(
            *e,
            TrominoEvent::Split {
                origin: Square::new(0, 0),
                size: 32768 >> d,
                depth: d as u32
            }
        );
    }
    let last = p.side() - 1;
    // Each corner's tile holds that corner.
    for sq in [
        Square::new(0, 0),
        Square::new(0, last),
        Square::new(last, 0),
        Square::new(last, last),
        Square::new(16383, 16384),
    ] {
        let n = p.tile_at(sq);
        assert!(n >= 1 && n <= p.tile_count());
        let t = p.tile(n).unwrap();
        assert!(t.cells.contains(&sq));
    }
    assert_eq!(p.tile_at(p.special()), 0);
    // The whole board's centre tromino is tile 1; the special is in the top-right quadrant.
    assert_eq!(p.tile_at(Square::new(16383, 16383)), 1);
    assert_eq!(p.tile(1).unwrap().shape, LShape::MissingTopRight);
    // The bottom-right corner lies in the last quadrant at every level, so its tile is the last one.
    assert_eq!(p.tile_at(Square::new(last, last)), p.tile_count());
    assert!(matches!(p.solve(), Err(Error::TooLarge(_))));
}

#[test]
fn invalid_problems_are_errors() {
    assert!(matches!(
        TrominoProblem::new(16, Square::new(0, 0)),
        Err(Error::Invalid { .. })
    ));
    assert!(matches!(
        TrominoProblem::new(3, Square::new(8, 0)),
        Err(Error::Invalid { .. })
    ));
    assert!(matches!(
        TrominoProblem::new(3, Square::new(0, 8)),
        Err(Error::Invalid { .. })
    ));
    for side in [0u64, 3, 12, 65536, u64::MAX] {
        assert!(
            TrominoProblem::from_side(side, Square::new(0, 0)).is_err(),
            "side {side}"
        );
    }
    assert_eq!(
        TrominoProblem::from_side(32768, Square::new(0, 0))
            .unwrap()
            .k(),
        15
    );
    let msg = TrominoProblem::new(2, Square::new(4, 1))
        .unwrap_err()
        .to_string();
    assert!(!msg.contains('\n') && msg.contains("outside"), "{msg}");
}

#[test]
fn solve_limit_is_4096() {
    assert!(matches!(problem(13, 0, 0).solve(), Err(Error::TooLarge(_))));
}
