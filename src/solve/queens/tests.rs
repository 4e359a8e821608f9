//! Unit tests of the queens solver: notation, attacks and the counts against Burnside's lemma.

use super::*;

// Independent of Takaken's search: solutions fixed by a rotation, built orbit by orbit, for
// checking count_unique against Burnside's lemma.
/// A rotation whose fixed solutions `count_rotation_fixed` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    Quarter,
    Half,
}

/// Occupied rows, columns and diagonals while placing whole orbits.
#[derive(Clone, Copy, Debug, Default)]
struct OrbitBoard {
    cols: u64,
    rows: u64,
    sum: u64,
    diff: u64,
}

/// Solutions invariant under `turn`, found by choosing the queen of the first empty column and adding its
/// whole orbit, so each invariant solution is built exactly once.
fn count_rotation_fixed(n: u32, turn: Turn) -> u64 {
    fn orbit(n: u32, turn: Turn, x: u32, y: u32) -> ([(u32, u32); 4], usize) {
        let m = n - 1;
        let mut pts = [(x, y); 4];
        let len = match turn {
            Turn::Half => {
                pts[1] = (m - x, m - y);
                2
            }
            Turn::Quarter => {
                pts[1] = (m - y, x);
                pts[2] = (m - x, m - y);
                pts[3] = (y, m - x);
                4
            }
        };
        (pts, len)
    }

    fn place(n: u32, board: &mut OrbitBoard, x: u32, y: u32) -> bool {
        let (c, r, s, d) = (
            1u64 << x,
            1u64 << y,
            1u64 << (x + y),
            1u64 << (x + n - 1 - y),
        );
        if (board.cols & c) | (board.rows & r) | (board.sum & s) | (board.diff & d) != 0 {
            return false;
        }
        board.cols |= c;
        board.rows |= r;
        board.sum |= s;
        board.diff |= d;
        true
    }

    fn go(n: u32, turn: Turn, board: OrbitBoard) -> u64 {
        let full = (1u64 << n) - 1;
        if board.cols == full {
            return 1;
        }
        let x = (!board.cols).trailing_zeros();
        let mut total = 0;
        for y in 0..n {
            let (pts, len) = orbit(n, turn, x, y);
            let mut next = board;
            let mut ok = true;
            for (i, &(px, py)) in pts[..len].iter().enumerate() {
                // The centre of an odd board is its own orbit; place it once.
                if pts[..i].contains(&(px, py)) {
                    continue;
                }
                if !place(n, &mut next, px, py) {
                    ok = false;
                    break;
                }
            }
            if ok {
                total += go(n, turn, next);
            }
        }
        total
    }

    go(n, turn, OrbitBoard::default())
}

#[test]
fn first_attack_finds_rows_and_diagonals() {
    assert_eq!(first_attack(&[1, 1]), Some((0, 1)));
    assert_eq!(first_attack(&[1, 3, 2]), Some((1, 2)));
    assert_eq!(first_attack(&[2, 4, 1, 3]), None);
}

#[test]
fn rotation_fixed_counts_for_n8() {
    // 92 = 11 classes of 8 + 1 class of 4; the 4-class is fixed by the half turn: 4 solutions.
    assert_eq!(count_rotation_fixed(8, Turn::Half), 4);
    assert_eq!(count_rotation_fixed(8, Turn::Quarter), 0);
    // n = 4: both solutions are fixed by the quarter turn.
    assert_eq!(count_rotation_fixed(4, Turn::Quarter), 2);
    assert_eq!(count_rotation_fixed(5, Turn::Quarter), 2);
}

#[test]
fn unique_counts_satisfy_burnside() {
    for n in 2..=13u32 {
        let classes = count_classes(n).unwrap();
        let burnside = classes.total()
            + 2 * count_rotation_fixed(n, Turn::Quarter)
            + count_rotation_fixed(n, Turn::Half);
        assert_eq!(burnside % 8, 0, "n = {n}");
        assert_eq!(classes.unique(), burnside / 8, "n = {n}");
        // Class sizes agree with the fixed-point counts: each class of 2 holds 2 quarter-turn-fixed
        // solutions, and half-turn-fixed solutions fill the classes of 2 and 4.
        assert_eq!(
            2 * classes.of_two,
            count_rotation_fixed(n, Turn::Quarter),
            "n = {n}"
        );
        assert_eq!(
            2 * classes.of_two + 4 * classes.of_four,
            count_rotation_fixed(n, Turn::Half),
            "n = {n}"
        );
    }
}
