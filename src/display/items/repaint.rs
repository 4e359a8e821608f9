//! What an animation's frame shows anew where large markers are drawn: each changed cell, and where
//! a large marker came, went or changed kind, the marker's box as one area together with the
//! changed cells it meets. The renderer fills these regions from the layer under the markers and
//! draws the markers over them ([`crate::raster::board`]).
//!
//! A marker's box taken as the cells it covers, each a region of its own, made a move at
//! `--cell 1` (a 10 pixel ring over 13 cells on each side) cost about 800 regions of one pixel,
//! each with the fixed cost of a region; as one area it is one region of the same pixels.

use super::ItemBuilder;
use crate::geom::{Rect, Square};
use crate::scene::Scene;

/// The regions a frame shows anew, which do not overlap.
pub(crate) struct RepaintPlan {
    /// Rectangles of the board: large markers' boxes and the changed cells they meet.
    pub(crate) areas: Vec<Rect>,
    /// Changed cells outside every area.
    pub(crate) cells: Vec<Square>,
}

impl ItemBuilder {
    /// Takes note of the cells that `changed` and plans the regions of the frame: the boxes of
    /// large markers that came, went or changed kind among them ([`ItemBuilder::note_big_marks`]),
    /// overlapping boxes merged, each grown by the changed cells it meets; the other cells alone.
    /// The cost is that of the changed cells and the few boxes, not of the cells under them.
    pub(crate) fn repaint_plan(&mut self, scene: &Scene, changed: &[Square]) -> RepaintPlan {
        let mut areas = self.note_big_marks(scene, changed);
        if areas.is_empty() {
            return RepaintPlan {
                areas,
                cells: changed.to_vec(),
            };
        }
        let mut cells: Vec<(Square, Rect)> = changed
            .iter()
            .map(|&sq| (sq, self.layout.cell_rect(sq)))
            .collect();
        // An area that takes in a cell grows, and may then meet another area or cell.
        loop {
            let mut grew = merge_overlapping(&mut areas);
            cells.retain(
                |(_, rect)| match areas.iter_mut().find(|a| meets(a, rect)) {
                    Some(area) => {
                        *area = area.union(rect);
                        grew = true;
                        false
                    }
                    None => true,
                },
            );
            if !grew {
                break;
            }
        }
        RepaintPlan {
            areas,
            cells: cells.into_iter().map(|(sq, _)| sq).collect(),
        }
    }
}

fn meets(a: &Rect, b: &Rect) -> bool {
    !a.intersect(b).is_empty()
}

/// Replaces overlapping rectangles of `areas` by the rectangle spanning them until none overlap;
/// true when any were merged. There are a few (a marker's old and new squares).
fn merge_overlapping(areas: &mut Vec<Rect>) -> bool {
    let mut merged = false;
    'again: loop {
        for i in 0..areas.len() {
            for j in i + 1..areas.len() {
                if meets(&areas[i], &areas[j]) {
                    let other = areas.swap_remove(j);
                    areas[i] = areas[i].union(&other);
                    merged = true;
                    continue 'again;
                }
            }
        }
        return merged;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_areas_merge_into_the_rectangle_spanning_them() {
        let mut areas = vec![
            Rect::new(0, 0, 10, 10),
            Rect::new(30, 30, 5, 5),
            Rect::new(8, 8, 10, 10),
            // Meets only the merged first pair.
            Rect::new(16, 0, 4, 4),
        ];
        assert!(merge_overlapping(&mut areas));
        areas.sort_by_key(|r| (r.x, r.y));
        assert_eq!(
            areas,
            vec![Rect::new(0, 0, 20, 18), Rect::new(30, 30, 5, 5)]
        );
        // Touching edges are not an overlap: nothing is painted twice either way.
        let mut apart = vec![Rect::new(0, 0, 4, 4), Rect::new(4, 0, 4, 4)];
        assert!(!merge_overlapping(&mut apart));
        assert_eq!(apart.len(), 2);
    }
}
