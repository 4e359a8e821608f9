//! The geometry of overlays, in a cell's own coordinates (its top-left corner at the origin): marks,
//! rings, the dead-end cross, arrows, links and the closing move's dashes, and the edges drawn behind
//! them. Shapes that cross cells start at the centre of the cell they are placed in.

use crate::display::list::{FillRule, SymbolShape};
use crate::geom::Path;

/// The edge around an overlay, as a share of the cell and at least this many pixels.
const EDGE: f32 = 0.03;
const MIN_EDGE_PX: f32 = 1.0;
/// Thinnest line of any overlay, in pixels (thinner lines vanish in a 16-pixel cell).
const MIN_LINE_PX: f32 = 1.5;
/// Dot mark: radius as a share of the cell.
pub(super) const DOT_RADIUS: f32 = 0.18;
/// Ring mark: outer radius (edge excluded) and line width as shares of the cell.
pub(super) const RING_OUTER: f32 = 0.42;
pub(super) const RING_WIDTH: f32 = 0.08;
/// Cross mark: how far each stroke reaches from the centre along the diagonal, and its width.
pub(super) const CROSS_REACH: f32 = 0.3;
pub(super) const CROSS_WIDTH: f32 = 0.09;
/// Dead-end cross (in the end ring's colour): smaller and heavier than the cross mark.
pub(super) const DEAD_END_REACH: f32 = 0.24;
pub(super) const DEAD_END_WIDTH: f32 = 0.12;
/// Conflict ring around an attacked piece: outer radius (edge excluded) and width.
pub(super) const CONFLICT_OUTER: f32 = 0.46;
pub(super) const CONFLICT_WIDTH: f32 = 0.09;
/// Arrow: shaft width, head length and half-width, and how far the tip stops short of the target's
/// centre, as shares of the cell.
const ARROW_WIDTH: f32 = 0.13;
const MIN_ARROW_PX: f32 = 2.0;
const HEAD_LENGTH: f32 = 0.38;
const HEAD_HALF: f32 = 0.21;
const ARROW_STOP: f32 = 0.12;
/// Link between attacking pieces: width as a share of the cell.
const LINK_WIDTH: f32 = 0.065;
/// The closing move's dashes and gaps as shares of the cell; below this cell size it is solid.
const DASH: f32 = 0.22;
const GAP: f32 = 0.14;
const DASH_MIN_CELL: u32 = 8;
/// The closing move's head: length and half-width as shares of the cell.
const CLOSING_HEAD: f32 = 0.2;
const CLOSING_WING: f32 = 0.1;
/// The dots of a dotted path: radius as a share of the cell.
pub(super) const PATH_DOT_RADIUS: f32 = 0.12;

/// The edge width in pixels for a cell size.
pub(super) fn edge_px(cell: f32) -> f32 {
    (cell * EDGE).max(MIN_EDGE_PX)
}

/// A line `w` share of the cell wide, at least [`MIN_LINE_PX`].
pub(super) fn line_px(cell: f32, w: f32) -> f32 {
    (cell * w).max(MIN_LINE_PX)
}

/// The polygon with its points turned clockwise on screen (y down), so that overlapping polygons
/// add under the non-zero rule (a cross's two strokes, a halo around them) instead of cancelling.
fn clockwise(mut points: Vec<(f32, f32)>) -> Vec<(f32, f32)> {
    let area: f32 = points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        .sum();
    if area < 0.0 {
        points.reverse();
    }
    points
}

/// A straight bar from `a` to `b`, `w` wide, with flat ends.
fn bar(a: (f32, f32), b: (f32, f32), w: f32) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
    let (nx, ny) = (-dy / len * w / 2.0, dx / len * w / 2.0);
    clockwise(vec![
        (a.0 + nx, a.1 + ny),
        (b.0 + nx, b.1 + ny),
        (b.0 - nx, b.1 - ny),
        (a.0 - nx, a.1 - ny),
    ])
}

/// Two diagonal strokes through the cell's centre, each reaching `reach` of the cell from it.
pub(super) fn cross_path(cell: f32, reach: f32, width: f32) -> Path {
    let c = cell / 2.0;
    let r = cell * reach;
    let w = line_px(cell, width);
    let mut p = Path::polygon(&bar((c - r, c - r), (c + r, c + r), w));
    p.append(&Path::polygon(&bar((c + r, c - r), (c - r, c + r), w)));
    p
}

/// An arrow from the centre of a cell (at `cell / 2`, `cell / 2`) to the centre of the cell `dr` rows
/// and `dc` columns away: one outline of shaft and head, its tip short of the centre.
pub(super) fn arrow_path(cell: f32, dr: i32, dc: i32) -> Path {
    let a = (cell / 2.0, cell / 2.0);
    let b = (a.0 + dc as f32 * cell, a.1 + dr as f32 * cell);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= 0.0 {
        return Path::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let tip_at = len - cell * ARROW_STOP;
    // A head never takes more than half of a short arrow.
    let head = (cell * HEAD_LENGTH).min(tip_at / 2.0);
    let half = (cell * ARROW_WIDTH).max(MIN_ARROW_PX) / 2.0;
    let wing = (cell * HEAD_HALF).max(2.0 * half + 1.0);
    let at = |t: f32, s: f32| (a.0 + ux * t + nx * s, a.1 + uy * t + ny * s);
    let base = tip_at - head;
    Path::polygon(&clockwise(vec![
        at(0.0, half),
        at(base, half),
        at(base, wing),
        at(tip_at, 0.0),
        at(base, -wing),
        at(base, -half),
        at(0.0, -half),
    ]))
}

/// A link from a cell's centre to the centre of the cell `dr` rows and `dc` columns away.
pub(super) fn link_path(cell: f32, dr: i32, dc: i32) -> Path {
    let a = (cell / 2.0, cell / 2.0);
    let b = (a.0 + dc as f32 * cell, a.1 + dr as f32 * cell);
    Path::polygon(&bar(a, b, line_px(cell, LINK_WIDTH)))
}

/// The closing move from a cell's centre to the centre `dr` rows and `dc` columns away: dashes of
/// the path's `width` between points `skip` of the cell short of both centres (the edges of the
/// nodes that hold the numbers), ending in a head that points into the first square, so that it
/// reads as the move that returns to the start; the whole line in cells too small for gaps.
pub(super) fn closing_path(cell: f32, dr: i32, dc: i32, width: f32, skip: f32) -> Path {
    let a = (cell / 2.0, cell / 2.0);
    let b = (a.0 + dc as f32 * cell, a.1 + dr as f32 * cell);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= 0.0 {
        return Path::new();
    }
    if (cell as u32) < DASH_MIN_CELL {
        return Path::polygon(&bar(a, b, width));
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let at = |t: f32, s: f32| (a.0 + ux * t + nx * s, a.1 + uy * t + ny * s);
    let (from, tip) = (cell * skip, len - cell * skip);
    let head = (cell * CLOSING_HEAD).min((tip - from) / 3.0);
    let wing = (cell * CLOSING_WING).max(width + 1.0);
    let mut p = Path::polygon(&clockwise(vec![
        at(tip - head, wing),
        at(tip, 0.0),
        at(tip - head, -wing),
    ]));
    // Dashes from the first node's edge up to the head, the last one touching it.
    let (dash, gap) = (cell * DASH, cell * GAP);
    let room = tip - head - from;
    let n = ((room + gap) / (dash + gap)).floor().max(1.0);
    let dash = (room - (n - 1.0) * gap) / n;
    for i in 0..n as u32 {
        let t0 = from + i as f32 * (dash + gap);
        p.append(&Path::polygon(&bar(at(t0, 0.0), at(t0 + dash, 0.0), width)));
    }
    p
}

pub(super) fn filled(path: Path) -> SymbolShape {
    SymbolShape::Fill {
        path,
        rule: FillRule::Union,
    }
}

/// The edge behind a filled overlay: its outline grown by the edge width (whole pixels, as the
/// raster dilates).
pub(super) fn halo(path: Path, cell: f32) -> SymbolShape {
    SymbolShape::Halo {
        path,
        grow: edge_px(cell).round().max(1.0),
        solid: false,
    }
}

/// A ring whose outer edge is `outer` of the cell from the centre, `width` wide; with `edge` the
/// edge ring behind it (the ring widened by the edge on both sides).
pub(super) fn ring(cell: f32, outer: f32, width: f32, edge: bool) -> SymbolShape {
    let w = line_px(cell, width);
    let r = cell * outer - w / 2.0;
    let e = if edge { 2.0 * edge_px(cell) } else { 0.0 };
    SymbolShape::Ring {
        cx: cell / 2.0,
        cy: cell / 2.0,
        r,
        width: w + e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::mask::{fill_mask, fill_mask_nonzero};

    #[test]
    fn arrows_stay_inside_the_cells_between_their_ends() {
        for cell in [16.0f32, 24.0, 48.0, 96.0] {
            for (dr, dc) in [(0, 1), (1, 0), (1, 2), (-2, 1), (-1, -1), (3, -5), (0, -7)] {
                let m = fill_mask(&arrow_path(cell, dr, dc));
                let (r0, r1) = (dr.min(0) as f32 * cell, (dr.max(0) + 1) as f32 * cell);
                let (c0, c1) = (dc.min(0) as f32 * cell, (dc.max(0) + 1) as f32 * cell);
                for y in 0..m.height as i32 {
                    for x in 0..m.width as i32 {
                        let (px, py) = (m.x + x, m.y + y);
                        if m.at(px, py) > 0 {
                            // Edges grow the arrow by a few pixels: they must still fit.
                            let e = edge_px(cell).round() + 1.0;
                            assert!(
                                px as f32 >= c0 + e - 1.0
                                    && (px as f32) < c1 - e + 1.0
                                    && py as f32 >= r0 + e - 1.0
                                    && (py as f32) < r1 - e + 1.0,
                                "cell {cell}, step {dr},{dc}: pixel {px},{py} outside the box"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_two_strokes_of_a_cross_add_up() {
        // Under the non-zero rule (the edge's halo) the middle, where both strokes cross, is covered.
        let p = cross_path(48.0, CROSS_REACH, CROSS_WIDTH);
        assert_eq!(fill_mask_nonzero(&p).at(24, 24), 255);
        assert_eq!(fill_mask(&p).at(24, 24), 255);
    }

    #[test]
    fn a_closing_move_is_dashed_between_the_nodes_and_points_at_the_start() {
        let p = closing_path(40.0, 0, 3, 2.0, 0.4);
        let m = fill_mask(&p);
        let row: Vec<bool> = (0..160).map(|x| m.at(x, 20) > 128).collect();
        let runs = row.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(runs >= 4, "several dashes: {runs} edges");
        let first = row.iter().position(|&v| v).unwrap();
        let last = row.iter().rposition(|&v| v).unwrap();
        // From the edge of one node (16 px from its centre at 20) to the other's (at 140).
        assert!((35..=37).contains(&first), "{first}");
        // The head's tip is a point: its last pixels are only partly covered.
        assert!((120..=125).contains(&last), "{last}");
        // The head is wider than a dash: it marks the end that returns to the start.
        let column = |x: i32| (0..40).filter(|&y| m.at(x, y) > 128).count();
        let widest = (last - 10..=last)
            .map(|x| column(x as i32))
            .max()
            .unwrap_or(0);
        assert!(widest >= 3 * column(first as i32 + 2), "a head");
    }
}
