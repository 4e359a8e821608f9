//! N-queens positions as scenes: queens on a chessboard, attacked squares shaded, a caption.

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

/// Applies queens events to a scene. Columns and rows are the Turbo C program's: column i (1-based)
/// left to right, row j (1-based) from the bottom.
pub struct QueensScene {
    scene: Scene,
    style: QueensStyle,
    /// Row (1-based, from the bottom) of the queen in each column, 0 when empty.
    rows: Vec<u32>,
    solutions: u64,
}

impl QueensScene {
    /// An empty n x n board with chess coordinates.
    pub fn new(n: u32, style: QueensStyle) -> QueensScene {
        let mut scene = Scene::checkerboard(n, n);
        scene.set_axes(Axes::Chess);
        QueensScene {
            scene,
            style,
            rows: vec![0; n as usize],
            solutions: 0,
        }
    }

    /// The board showing `solution`, captioned "Solution index of total" when `total` is known.
    pub fn solution(
        solution: &Solution,
        index: u64,
        total: Option<u64>,
        style: QueensStyle,
    ) -> Scene {
        let mut s = QueensScene::new(solution.n(), style);
        s.show(solution, index);
        s.scene.set_caption(Some(match total {
            Some(t) => format!("Solution {index} of {t}"),
            None => format!("Solution {index}"),
        }));
        s.scene
    }

    /// Shows `solution` (the `index`-th) in place of whatever the board holds.
    pub fn show(&mut self, solution: &Solution, index: u64) {
        for (c, &r) in solution.rows().iter().enumerate() {
            self.rows[c] = u32::from(r);
        }
        self.solutions = index;
        self.scene.set_caption(Some(format!("Solution {index}")));
        self.refresh();
    }

    fn square(&self, col: u32, row: u32) -> Square {
        let n = self.rows.len() as u32;
        Square::new(n - row, col - 1)
    }

    /// Applies one event; the caption counts the solutions found so far.
    pub fn apply(&mut self, event: &QueensEvent) {
        match event {
            QueensEvent::Place { col, row } => self.rows[*col as usize - 1] = *row,
            QueensEvent::Remove { col, .. } => self.rows[*col as usize - 1] = 0,
            QueensEvent::Solution { index, .. } => {
                self.solutions = *index;
                self.scene.set_caption(Some(format!("Solution {index}")));
            }
        }
        self.refresh();
    }

    /// Puts pieces and shading on the scene from `rows`.
    fn refresh(&mut self) {
        let n = self.rows.len() as u32;
        for c in 1..=n {
            for r in 1..=n {
                let has_queen = self.rows[c as usize - 1] == r;
                let shaded = self.style.attacks && !has_queen && self.attacked(c, r);
                let piece = has_queen.then_some(self.style.piece);
                let sq = self.square(c, r);
                self.scene.update_cell(sq, |cell| {
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

    /// Solutions seen so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The scene as it stands.
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene, writable (the renderer clears its change marks).
    pub fn scene_mut(&mut self) -> &mut Scene {
        &mut self.scene
    }
}
