//! The textbook's `ChessBoard` recursion, transcribed from its C code independently of the library,
//! and the helpers the tromino figure tests share.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::ok;

pub type Cell = (u32, u32);

/// One call of the textbook's `ChessBoard(tr, tc, dr, dc, size)` on a board larger than 1 x 1.
#[derive(Clone, Debug)]
pub struct Call {
    pub origin: Cell,
    pub size: u32,
    pub depth: u32,
    pub tile: u32,
}

/// The textbook's recursion, transcribed from its C code: fills `board` with tile numbers and
/// records every call (in call order, which is the tile order).
#[allow(clippy::too_many_arguments)]
fn chess_board(
    board: &mut Vec<Vec<u32>>,
    calls: &mut Vec<Call>,
    next: &mut u32,
    (tr, tc): Cell,
    (dr, dc): Cell,
    size: u32,
    depth: u32,
) {
    if size == 1 {
        return;
    }
    let t = *next;
    *next += 1;
    let s = size / 2;
    calls.push(Call {
        origin: (tr, tc),
        size,
        depth,
        tile: t,
    });
    // Top-left quadrant: the tile covers its bottom-right cell unless the special square is there.
    if dr < tr + s && dc < tc + s {
        chess_board(board, calls, next, (tr, tc), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s - 1) as usize][(tc + s - 1) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr, tc),
            (tr + s - 1, tc + s - 1),
            s,
            depth + 1,
        );
    }
    // Top-right: its bottom-left cell.
    if dr < tr + s && dc >= tc + s {
        chess_board(board, calls, next, (tr, tc + s), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s - 1) as usize][(tc + s) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr, tc + s),
            (tr + s - 1, tc + s),
            s,
            depth + 1,
        );
    }
    // Bottom-left: its top-right cell.
    if dr >= tr + s && dc < tc + s {
        chess_board(board, calls, next, (tr + s, tc), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s) as usize][(tc + s - 1) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr + s, tc),
            (tr + s, tc + s - 1),
            s,
            depth + 1,
        );
    }
    // Bottom-right: its top-left cell.
    if dr >= tr + s && dc >= tc + s {
        chess_board(board, calls, next, (tr + s, tc + s), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s) as usize][(tc + s) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr + s, tc + s),
            (tr + s, tc + s),
            s,
            depth + 1,
        );
    }
}

/// The textbook's board (tile numbers, special square 0) and its calls, for a `2^k` board.
pub fn textbook(k: u32, special: Cell) -> (Vec<Vec<u32>>, Vec<Call>) {
    let side = 1u32 << k;
    let mut board = vec![vec![0u32; side as usize]; side as usize];
    let mut calls = Vec::new();
    let mut next = 1;
    chess_board(&mut board, &mut calls, &mut next, (0, 0), special, side, 0);
    (board, calls)
}

/// The cells of each tile, by number.
pub fn tile_cells(board: &[Vec<u32>]) -> BTreeMap<u32, BTreeSet<Cell>> {
    let mut tiles: BTreeMap<u32, BTreeSet<Cell>> = BTreeMap::new();
    for (r, row) in board.iter().enumerate() {
        for (c, &t) in row.iter().enumerate() {
            if t != 0 {
                tiles.entry(t).or_default().insert((r as u32, c as u32));
            }
        }
    }
    tiles
}

/// The corner of its 2 x 2 bounding block that a tile leaves empty: (row, col) within the block.
pub fn empty_corner(cells: &BTreeSet<Cell>) -> Cell {
    let r0 = cells.iter().map(|c| c.0).min().unwrap();
    let c0 = cells.iter().map(|c| c.1).min().unwrap();
    let block: Vec<Cell> = (0..2)
        .flat_map(|r| (0..2).map(move |c| (r, c)))
        .filter(|&(r, c)| !cells.contains(&(r0 + r, c0 + c)))
        .collect();
    assert_eq!(
        block.len(),
        1,
        "an L covers three cells of a 2 x 2 block: {cells:?}"
    );
    block[0]
}

/// Runs `chessviz` with `args` plus `-o <dir>/<name>` and returns the file's path.
pub fn write(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", path.to_str().expect("utf-8 temp path")]);
    ok(&all);
    path
}
