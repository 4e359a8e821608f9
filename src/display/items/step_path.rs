//! A path coloured by step number ([`PathColour::Step`](crate::PathColour::Step)): the polyline cut
//! into one part per stop of the gradient, each drawn in its stop's ink, and a legend below the
//! board (a bar of the stops between the first and the last step number).
//!
//! The parts are fixed by the number of squares of the board, not by how far the path has got, so
//! a move adds to the last part and never recolours the earlier ones (an animation repaints only
//! the cells that changed). A repainted cell draws only the parts whose box meets it.

use super::ItemBuilder;
use crate::display::caption::caption_px;
use crate::display::list::{Item, Layer, Painter, Shape};
use crate::display::step_colours::{stop_of, STEP_STOPS};
use crate::geom::Rect;
use crate::scene::{Axes, Scene};

/// The legend's bar: its length as a share of the board's width (within the bounds, px), its
/// height as a share of the margin, and the gap to its numbers as a share of their size.
const BAR_SHARE: f32 = 0.35;
const BAR_PX: (f32, f32) = (72.0, 480.0);
const BAR_HEIGHT: f32 = 0.32;
const BAR_GAP: f32 = 0.45;
/// The legend's numbers as a share of the caption's size.
const LEGEND_TEXT: f32 = 0.85;

/// The boxes (x0, y0, x1, y1 in figure pixels, before the line's width) of the parts of the path
/// that are complete, by stop.
#[derive(Default)]
pub(super) struct StepBoxes {
    boxes: Vec<Option<(usize, [f32; 4])>>,
}

impl StepBoxes {
    /// Forgets the boxes of parts that reach point `keep` or beyond (the path was cut back there).
    pub(super) fn forget_from(&mut self, keep: usize) {
        for b in &mut self.boxes {
            if b.is_some_and(|(last, _)| last >= keep) {
                *b = None;
            }
        }
    }
}

/// The points `first..=last` of the part of stop `s` on a path through `squares` squares.
fn part(s: usize, squares: usize) -> (usize, usize) {
    let moves = squares.saturating_sub(1).max(1);
    // Move m (0-based, from point m to point m + 1) has stop m * STOPS / moves.
    let first = (s * moves).div_ceil(STEP_STOPS);
    let end = ((s + 1) * moves).div_ceil(STEP_STOPS);
    (first, end)
}

fn bounds(points: &[[f32; 2]]) -> [f32; 4] {
    points.iter().fold(
        [f32::MAX, f32::MAX, f32::MIN, f32::MIN],
        |[x0, y0, x1, y1], p| [x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1])],
    )
}

impl ItemBuilder {
    /// The path through the centres so far, each part in its stop's ink, inside `clip`.
    pub(super) fn step_path(
        &mut self,
        out: &mut dyn Painter,
        clip: Rect,
        width: f32,
        squares: usize,
    ) {
        let n = self.centres.len();
        if self.step_boxes.boxes.len() != STEP_STOPS {
            self.step_boxes.boxes = vec![None; STEP_STOPS];
        }
        let pad = width / 2.0 + 1.0;
        let (cx0, cy0) = (clip.x as f32, clip.y as f32);
        let (cx1, cy1) = (cx0 + clip.width as f32, cy0 + clip.height as f32);
        for s in 0..STEP_STOPS {
            let (first, end) = part(s, squares);
            if first + 1 >= n || first >= end {
                continue;
            }
            let last = end.min(n - 1);
            let complete = last == end;
            let [x0, y0, x1, y1] = match self.step_boxes.boxes[s] {
                Some((_, b)) => b,
                None => {
                    let b = bounds(&self.centres[first..=last]);
                    if complete {
                        self.step_boxes.boxes[s] = Some((last, b));
                    }
                    b
                }
            };
            if x1 + pad < cx0 || x0 - pad > cx1 || y1 + pad < cy0 || y0 - pad > cy1 {
                continue;
            }
            let item = Item {
                layer: Layer::Path,
                shape: Shape::Polyline {
                    points: &self.centres[first..=last],
                    width,
                },
                ink: self.colors.steps[s],
                alpha: 255,
                clip,
            };
            out.paint(&item, &self.symbols);
        }
    }

    /// The ink of the move that ends on point `square` of the path (1 = the first move), for what
    /// is drawn beside the line (the closing move, the dots of a dotted path); the theme's path
    /// ink when the path is not coloured by step.
    pub(super) fn step_ink(&self, square: usize, squares: usize) -> crate::display::list::Ink {
        if self.colors.steps.is_empty() {
            return self.colors.path;
        }
        self.colors.steps[stop_of(square, squares)]
    }
}

impl ItemBuilder {
    /// The legend of the step colours: "1", a bar of the stops, and the number of squares of the
    /// board, right-aligned under the board in the margin (over it when the margin below holds the
    /// chess files). Nothing without a margin: `--margin 0` is the bare board.
    pub(super) fn step_legend(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let m = self.layout.margin();
        if m < 8 {
            return;
        }
        let board = self.layout.board_rect();
        let squares = u64::from(scene.rows()) * u64::from(scene.cols());
        let px = caption_px(&self.font, m, self.text_px) * LEGEND_TEXT;
        let (first, last) = ("1".to_string(), squares.to_string());
        let w_first = self.font.measure(&first, px).0;
        let w_last = self.font.measure(&last, px).0;
        let gap = (px * BAR_GAP).round();
        let bar_w = (board.width as f32 * BAR_SHARE).clamp(BAR_PX.0, BAR_PX.1);
        let bar_w = bar_w.min(board.width as f32 - w_first - w_last - 2.0 * gap);
        let stop_w = (bar_w / STEP_STOPS as f32).floor() as u32;
        if stop_w == 0 {
            return;
        }
        let bar_h = ((m as f32 * BAR_HEIGHT).round() as u32).clamp(3, m / 2);
        // Half a margin off the board's edge, above it or below it, as the labels.
        let middle = if scene.axes() == Axes::Chess {
            board.y as f32 - m as f32 / 2.0
        } else {
            (board.y + board.height) as f32 + m as f32 / 2.0
        };
        let right = (board.x + board.width) as f32;
        let bar_x = (right - w_last - gap).round() as u32 - stop_w * STEP_STOPS as u32;
        let bar_y = (middle - bar_h as f32 / 2.0).round() as u32;
        let bounds = self.layout.bounds();
        for s in 0..STEP_STOPS {
            let rect = Rect::new(bar_x + s as u32 * stop_w, bar_y, stop_w, bar_h);
            self.rect(out, Layer::Labels, rect, self.colors.steps[s], bounds);
        }
        let half_digit = self.font.measure("8", px).1 / 2.0;
        let ink = self.colors.ink_margin;
        let baseline = middle + half_digit;
        let x_first = bar_x as f32 - gap - w_first / 2.0;
        let x_last = right - w_last / 2.0;
        self.line(out, Layer::Labels, &first, px, (x_first, baseline), ink);
        self.line(out, Layer::Labels, &last, px, (x_last, baseline), ink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_every_move_once_in_order() {
        for squares in [2, 3, 25, 64, 10_000] {
            let mut next = 0;
            for s in 0..STEP_STOPS {
                let (first, end) = part(s, squares);
                if first >= end {
                    continue;
                }
                assert_eq!(first, next, "{squares} squares, stop {s}");
                for m in first..end {
                    assert_eq!(stop_of(m + 1, squares), s);
                }
                next = end;
            }
            assert_eq!(next, squares - 1);
        }
    }
}
