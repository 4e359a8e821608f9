//! A board seen from the other side: the scene turned half a turn, as a chess diagram is printed
//! from Black's side.

use super::{Arrow, Badge, Link, Mark, Scene, Split};
use crate::geom::Square;

impl Scene {
    /// The scene turned half a turn: the square at (r, c) moves to (rows - 1 - r, cols - 1 - c) with
    /// everything on it, and marks, arrows, the path and the other overlays move with their squares.
    /// The margin's coordinate labels keep naming the squares they named, so they count from the far
    /// corner (files h..a along the bottom of an 8 x 8 board, rank 1 at the top). Turning twice gives
    /// the scene back.
    ///
    /// ```
    /// use chessviz::{Piece, Scene, Square};
    ///
    /// let mut scene = Scene::checkerboard(8, 8);
    /// scene.update_cell(Square::new(7, 0), |c| c.piece = Some(Piece::Crown));
    /// let turned = scene.turned();
    /// assert_eq!(turned.cell(Square::new(0, 7)).piece, Some(Piece::Crown));
    /// assert!(turned.is_turned());
    /// assert_eq!(turned.turned().cell(Square::new(7, 0)).piece, Some(Piece::Crown));
    /// ```
    pub fn turned(&self) -> Scene {
        let (rows, cols) = (self.rows, self.cols);
        let t = |sq: Square| Square::new(rows - 1 - sq.row, cols - 1 - sq.col);
        let mut out = self.clone();
        // Row-major order reversed is the half turn.
        out.cells.reverse();
        if let Some(regions) = out.regions.as_mut() {
            regions.reverse();
        }
        out.path = self.path.iter().map(|&sq| t(sq)).collect();
        out.splits = self
            .splits
            .iter()
            .map(|s| {
                let last = s.size.saturating_sub(1);
                let far = Square::new(s.origin.row + last, s.origin.col + last);
                Split {
                    origin: t(far),
                    size: s.size,
                }
            })
            .collect();
        out.marks = self
            .marks
            .iter()
            .map(|m| Mark {
                square: t(m.square),
                ..*m
            })
            .collect();
        // Copied whole, then moved: whatever else an arrow carries stays with it.
        out.arrows = self
            .arrows
            .iter()
            .map(|a| {
                let mut moved: Arrow = *a;
                moved.from = t(a.from);
                moved.to = t(a.to);
                moved
            })
            .collect();
        out.links = self
            .links
            .iter()
            .map(|l| Link {
                a: t(l.a),
                b: t(l.b),
            })
            .collect();
        out.badges = self
            .badges
            .iter()
            .map(|b| Badge {
                square: t(b.square),
                ..*b
            })
            .collect();
        out.turned = !self.turned;
        out.mark_all();
        out
    }

    /// Whether the scene is seen from the other side ([`Scene::turned`] an odd number of times).
    pub fn is_turned(&self) -> bool {
        self.turned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{MarkKind, Piece};

    #[test]
    fn turning_moves_everything_with_its_squares_and_twice_gives_the_scene_back() {
        let mut scene = Scene::checkerboard(4, 6);
        scene.update_cell(Square::new(0, 1), |c| c.piece = Some(Piece::Crown));
        scene.set_regions((0..24).collect());
        for sq in [Square::new(0, 0), Square::new(1, 2), Square::new(3, 5)] {
            scene.push_path(sq);
        }
        scene.push_split(Split {
            origin: Square::new(0, 0),
            size: 2,
        });
        scene.push_mark(Mark {
            square: Square::new(2, 3),
            kind: MarkKind::Dot,
        });
        scene.push_arrow(Arrow {
            from: Square::new(0, 0),
            to: Square::new(3, 1),
        });
        let turned = scene.turned();
        assert_eq!(turned.cell(Square::new(3, 4)).piece, Some(Piece::Crown));
        assert_eq!(turned.regions().unwrap()[0], 23);
        assert_eq!(
            turned.path(),
            [Square::new(3, 5), Square::new(2, 3), Square::new(0, 0)]
        );
        // The 2 x 2 block at the top-left is the one at the bottom-right.
        assert_eq!(turned.splits()[0].origin, Square::new(2, 4));
        assert_eq!(turned.marks()[0].square, Square::new(1, 2));
        assert_eq!(
            (turned.arrows()[0].from, turned.arrows()[0].to),
            (Square::new(3, 5), Square::new(0, 4))
        );
        assert!(turned.is_turned() && !scene.is_turned());
        let (mut back, mut original) = (turned.turned(), scene.clone());
        back.clear_changes();
        original.clear_changes();
        assert_eq!(back, original);
    }
}
