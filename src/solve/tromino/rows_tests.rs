//! The position-only tromino colouring: edge-adjacent tiles differ on every board tried, and the row
//! functions agree with the per-cell and per-tile ones and with the solver's matrix.

use crate::geom::Square;
use crate::solve::tromino::rows::{
    row_colors, row_colors_and_tiles, row_tiles, tile_color, tile_color_at, COLORS, SPECIAL_COLOR,
};
use crate::solve::tromino::TrominoProblem;

/// A board's colours and tile numbers, row-major, from the row functions.
struct Painted {
    side: usize,
    colors: Vec<u8>,
    tiles: Vec<u32>,
}

fn paint(p: &TrominoProblem) -> Painted {
    let side = p.side() as usize;
    let mut colors = vec![u8::MAX; side * side];
    let mut tiles = vec![u32::MAX; side * side];
    for r in 0..side {
        let span = r * side..(r + 1) * side;
        row_colors_and_tiles(p, r as u32, &mut colors[span.clone()], &mut tiles[span]);
    }
    Painted {
        side,
        colors,
        tiles,
    }
}

/// Checks that every pair of edge-adjacent cells of different tiles has different colours while
/// cells of one tile share a colour, and (with `against_solver`) the tile numbers against the
/// solver's matrix.
fn check_board(p: &TrominoProblem, against_solver: bool) {
    let b = paint(p);
    let side = b.side;
    if against_solver {
        let matrix = p.solve().unwrap();
        for (r, row) in matrix.rows().enumerate() {
            assert_eq!(&b.tiles[r * side..(r + 1) * side], row, "row {r} of {p:?}");
        }
    }
    let mut tile_colour = vec![u8::MAX; p.tile_count() as usize + 1];
    let mut used = [false; COLORS + 1];
    for i in 0..side * side {
        let (t, c) = (b.tiles[i], b.colors[i]);
        assert!((c as usize) <= COLORS);
        assert_eq!(c == SPECIAL_COLOR, t == 0, "cell {i} of {p:?}");
        if tile_colour[t as usize] == u8::MAX {
            tile_colour[t as usize] = c;
        }
        assert_eq!(
            tile_colour[t as usize], c,
            "tile {t} has two colours in {p:?}"
        );
        used[c as usize] = true;
    }
    // Each cell against its right and lower neighbour (plain loops: this runs on 4096 boards in debug).
    let n = side * side;
    let mut i = 0;
    while i < n {
        let right = i + 1;
        if right % side != 0 && b.tiles[i] != b.tiles[right] && b.colors[i] == b.colors[right] {
            panic!("cells {i} and {right} of {p:?}: different tiles, same colour");
        }
        let below = i + side;
        if below < n && b.tiles[i] != b.tiles[below] && b.colors[i] == b.colors[below] {
            panic!("cells {i} and {below} of {p:?}: different tiles, same colour");
        }
        i += 1;
    }
    if p.k() >= 2 {
        assert!(
            used[..COLORS].iter().all(|&u| u),
            "all three colours appear"
        );
    }
}

/// Checks the per-cell and per-tile functions against the row functions on every cell.
fn check_point_functions(p: &TrominoProblem) {
    let b = paint(p);
    for r in 0..b.side {
        for c in 0..b.side {
            let sq = Square::new(r as u32, c as u32);
            let i = r * b.side + c;
            assert_eq!(tile_color_at(p, sq), b.colors[i], "{sq} in {p:?}");
            assert_eq!(tile_color(p, b.tiles[i]), b.colors[i], "{sq} in {p:?}");
        }
    }
}

/// A small deterministic generator for the random specials.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % u64::from(n)) as u32
    }
}

/// Every special square of the `2^k` board, checked with [`check_board`].
fn check_every_special(k: u32, against_solver: bool) {
    let side = 1u32 << k;
    for r in 0..side {
        for c in 0..side {
            check_board(
                &TrominoProblem::new(k, Square::new(r, c)).unwrap(),
                against_solver,
            );
        }
    }
}

#[test]
fn adjacent_tiles_differ_for_every_special_up_to_k5() {
    for k in 1..=5 {
        check_every_special(k, true);
    }
}

#[test]
fn adjacent_tiles_differ_for_every_special_at_k6() {
    // Colours only (the tile numbers are compared with the solver on the other boards), which keeps
    // the 4096 boards fast in debug builds; a test of its own so it runs beside the others.
    check_every_special(6, false);
}

#[test]
fn adjacent_tiles_differ_for_random_specials_k7_to_k9() {
    let mut rng = Lcg(0x7201);
    for k in 7..=9u32 {
        let side = 1u32 << k;
        let mut specials = vec![
            Square::new(0, 0),
            Square::new(side - 1, side - 1),
            Square::new(side / 2, side / 2 - 1),
        ];
        for _ in 0..4 {
            specials.push(Square::new(rng.below(side), rng.below(side)));
        }
        for sq in specials {
            check_board(&TrominoProblem::new(k, sq).unwrap(), true);
        }
    }
}

#[test]
fn point_functions_agree_with_the_rows() {
    for k in 0..=4u32 {
        let side = 1u32 << k;
        for r in 0..side {
            for c in 0..side {
                check_point_functions(&TrominoProblem::new(k, Square::new(r, c)).unwrap());
            }
        }
    }
    let mut rng = Lcg(0x5eed);
    for k in 5..=7u32 {
        let side = 1u32 << k;
        for _ in 0..3 {
            let sq = Square::new(rng.below(side), rng.below(side));
            check_point_functions(&TrominoProblem::new(k, sq).unwrap());
        }
    }
}

#[test]
fn rule_small_tiles_by_block_parity_large_tiles_colour_two() {
    let p = TrominoProblem::new(5, Square::new(9, 22)).unwrap();
    for number in 1..=p.tile_count() {
        let tile = p.tile(number).unwrap();
        let blocks: Vec<(u32, u32)> = tile
            .cells
            .iter()
            .map(|sq| (sq.row / 2, sq.col / 2))
            .collect();
        let expected = if blocks.iter().all(|&b| b == blocks[0]) {
            ((blocks[0].0 + blocks[0].1) % 2) as u8
        } else {
            2
        };
        assert_eq!(tile_color(&p, number), expected, "tile {number}");
    }
    assert_eq!(tile_color(&p, 0), SPECIAL_COLOR);
    assert_eq!(tile_color_at(&p, Square::new(9, 22)), SPECIAL_COLOR);
}

#[test]
fn combined_row_matches_separate_rows_on_the_largest_board() {
    let p = TrominoProblem::new(15, Square::new(12345, 30001)).unwrap();
    let side = p.side() as usize;
    let mut rng = Lcg(15);
    for r in [0, 12345, 16383, 16384, 32767] {
        let mut colors = vec![0u8; side];
        let mut tiles = vec![0u32; side];
        row_colors_and_tiles(&p, r, &mut colors, &mut tiles);
        let mut colors2 = vec![9u8; side];
        let mut tiles2 = vec![9u32; side];
        row_colors(&p, r, &mut colors2);
        row_tiles(&p, r, &mut tiles2);
        assert_eq!(colors, colors2);
        assert_eq!(tiles, tiles2);
        for _ in 0..200 {
            let c = rng.below(p.side());
            let sq = Square::new(r, c);
            assert_eq!(tiles[c as usize], p.tile_at(sq), "{sq}");
            assert_eq!(colors[c as usize], tile_color_at(&p, sq), "{sq}");
        }
    }
}

#[test]
fn single_cell_board_is_only_the_special_square() {
    let p = TrominoProblem::new(0, Square::new(0, 0)).unwrap();
    let mut colors = [7u8];
    let mut tiles = [7u32];
    row_colors_and_tiles(&p, 0, &mut colors, &mut tiles);
    assert_eq!((colors[0], tiles[0]), (SPECIAL_COLOR, 0));
}

#[test]
#[should_panic(expected = "has 8 cells")]
fn row_of_the_wrong_length_panics() {
    let p = TrominoProblem::new(3, Square::new(0, 0)).unwrap();
    row_colors(&p, 0, &mut [0u8; 7]);
}

#[test]
#[should_panic(expected = "outside")]
fn row_outside_the_board_panics() {
    let p = TrominoProblem::new(3, Square::new(0, 0)).unwrap();
    row_tiles(&p, 8, &mut [0u32; 8]);
}
