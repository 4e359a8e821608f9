//! N-queens positions as scenes: queens on a chessboard, attacked squares shaded, a caption.

use crate::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Axes, Piece, Scene};
use crate::solve::queens::{QueensEvent, Solution};
use crate::solve::Square;

/// Options of a queens figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueensStyle {
    /// How a queen is drawn.
    pub piece: Piece,
    /// Shade the squares attacked by the queens on the board.
    pub attacks: bool,
}

impl Default for QueensStyle {
    fn default() -> Self {
        QueensStyle {
            piece: Piece::Crown,
            attacks: false,
        }
    }
}

/// The n-queens search drawn on an n x n board. Columns and rows are the Turbo C program's: column i
/// (1-based) left to right, row j (1-based) from the bottom. A `Solution` event shows its board
/// whatever stood before, so a stream of solutions alone is a slideshow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueensAdapter {
    style: QueensStyle,
    /// Row (1-based, from the bottom) of the queen in each column, 0 when empty.
    rows: Vec<u32>,
}

impl QueensAdapter {
    /// The adapter of the n x n board.
    pub fn new(n: u32, style: QueensStyle) -> QueensAdapter {
        QueensAdapter {
            style,
            rows: vec![0; n as usize],
        }
    }

    /// The event that shows `solution` as the `index`-th.
    pub fn show(solution: &Solution, index: u64) -> QueensEvent {
        QueensEvent::Solution {
            index,
            solution: solution.clone(),
        }
    }

    fn square(&self, col: u32, row: u32) -> Square {
        let n = self.rows.len() as u32;
        Square::new(n - row, col - 1)
    }

    /// Puts pieces and shading on the scene from `rows`.
    fn refresh(&self, scene: &mut Scene) {
        let n = self.rows.len() as u32;
        for c in 1..=n {
            for r in 1..=n {
                let has_queen = self.rows[c as usize - 1] == r;
                let shaded = self.style.attacks && !has_queen && self.attacked(c, r);
                let piece = has_queen.then_some(self.style.piece);
                scene.update_cell(self.square(c, r), |cell| {
                    cell.piece = piece;
                    cell.shaded = shaded;
                });
            }
        }
    }

    fn attacked(&self, col: u32, row: u32) -> bool {
        self.rows.iter().enumerate().any(|(i, &qr)| {
            let qc = i as u32 + 1;
            qr != 0 && (qc == col || qr == row || qc.abs_diff(col) == qr.abs_diff(row))
        })
    }
}

impl Adapter for QueensAdapter {
    type Event = QueensEvent;

    /// An empty board with chess coordinates.
    fn first_scene(&mut self) -> Scene {
        self.rows.fill(0);
        let n = self.rows.len() as u32;
        let mut scene = Scene::checkerboard(n, n);
        scene.set_axes(Axes::Chess);
        scene
    }

    /// A placement or removal is a step; a solution is held, captioned "Solution i".
    fn apply(&mut self, scene: &mut Scene, event: &QueensEvent) -> Beat {
        let beat = match event {
            QueensEvent::Place { col, row } => {
                self.rows[*col as usize - 1] = *row;
                Beat::Step
            }
            QueensEvent::Remove { col, .. } => {
                self.rows[*col as usize - 1] = 0;
                Beat::Step
            }
            QueensEvent::Solution { index, solution } => {
                for (c, &r) in solution.rows().iter().enumerate() {
                    self.rows[c] = u32::from(r);
                }
                scene.set_caption(Some(format!("Solution {index}")));
                Beat::Milestone
            }
        };
        self.refresh(scene);
        beat
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            tile_colors: 0,
            max_label: 0,
            caption: true,
        }
    }
}
