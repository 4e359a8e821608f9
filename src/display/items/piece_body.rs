//! The solid body under a white chess piece's outline. The font's solid symbol is not always
//! closed: the queen's five spikes stand apart, so whatever lies under the piece (an arrow, the
//! square) shows between them. Here the symbol's outer contour gets its deep, narrow notches filled
//! up to a V that dips between the spikes (as the crowns of printed diagrams do), and the V's arms
//! are given as dark strokes of the glyph's own line width, so the filled part has an edge like the
//! rest of the piece. A piece with no such notch (king, rook, bishop, knight, pawn) is unchanged.

use crate::geom::{Path, Segment};

/// A notch is filled when it is this many times deeper than its mouth is wide: the gaps between
/// the queen's spikes (about four times) are, the shallow bays beside a crown or under a knight's
/// chin are not.
const DEEP: f32 = 2.0;

/// Where the V's arms start below the notch's mouth, as a share of its depth: under the balls on
/// the spikes' tips.
const ARM_START: f32 = 0.18;

/// How deep the V dips in the notch's middle, as a share of its depth.
const DIP: f32 = 0.42;

/// Pieces a curve is cut into when outlines are turned into polygons.
const CURVE_STEPS: usize = 8;

/// The filled notches of `solid`'s outer contour (polygons to fill with the body) and the V edges
/// to draw over them in the dark tone (quadrilaterals `line` wide, wound as the outer contour is, so
/// that they add to a non-zero outline instead of cancelling it).
pub(super) struct Notches {
    pub fills: Vec<Vec<[f32; 2]>>,
    pub edges: Vec<Vec<[f32; 2]>>,
}

/// The notches of `solid` closed, with edges `line` wide.
pub(super) fn close_notches(solid: &Path, line: f32) -> Notches {
    let mut notches = Notches {
        fills: Vec::new(),
        edges: Vec::new(),
    };
    let Some(outer) = solid
        .contours()
        .iter()
        .map(|c| flatten(c))
        .max_by(|a, b| box_area(a).total_cmp(&box_area(b)))
    else {
        return notches;
    };
    if outer.len() < 3 {
        return notches;
    }
    let winding = signed_area(&outer).signum();
    let hull = hull_indices(&outer);
    for k in 0..hull.len() {
        let (i, j) = (hull[k], hull[(k + 1) % hull.len()]);
        let chain: Vec<[f32; 2]> = if i <= j {
            outer[i..=j].to_vec()
        } else {
            outer[i..].iter().chain(&outer[..=j]).copied().collect()
        };
        if chain.len() < 3 {
            continue;
        }
        let (a, b) = (chain[0], chain[chain.len() - 1]);
        let mouth = dist(a, b);
        if mouth <= f32::EPSILON {
            continue;
        }
        // The inward normal of the mouth: towards the chain (the hull lies on one side of it).
        let u = [(b[0] - a[0]) / mouth, (b[1] - a[1]) / mouth];
        let n = [-u[1], u[0]];
        let depth_of = |p: [f32; 2]| (p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1];
        let depth = chain
            .iter()
            .map(|&p| depth_of(p).abs())
            .fold(0.0f32, f32::max);
        // The floor: the middle of the deepest points (a wedge's tip, or a flat floor's middle).
        let floor: Vec<[f32; 2]> = chain
            .iter()
            .copied()
            .filter(|&p| depth_of(p).abs() >= 0.99 * depth)
            .collect();
        let count = floor.len().max(1) as f32;
        let bottom = [
            floor.iter().map(|p| p[0]).sum::<f32>() / count,
            floor.iter().map(|p| p[1]).sum::<f32>() / count,
        ];
        if depth < DEEP * mouth {
            continue;
        }
        // The notch's axis runs from the middle of its mouth to its floor; the V is laid along it.
        let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        let axis = [bottom[0] - mid[0], bottom[1] - mid[1]];
        let at = |p: [f32; 2], share: f32| [p[0] + axis[0] * share, p[1] + axis[1] * share];
        let dip = at(mid, DIP);
        // Below a V is below either arm: the notch is cut along its axis at the dip, and each
        // side is kept below its own arm. The sides overlap by half a line, so that no seam of
        // two soft edges shows along the axis (what one side holds beyond the axis is below the
        // other side's arm too).
        for (end, arm) in [(a, (at(a, ARM_START), dip)), (b, (dip, at(b, ARM_START)))] {
            let side = [end[0] - dip[0], end[1] - dip[1]];
            let len = side[0].hypot(side[1]).max(f32::EPSILON);
            let over = [-side[0] / len * line / 2.0, -side[1] / len * line / 2.0];
            let cut = [dip[0] + over[0], dip[1] + over[1]];
            let deeper = [cut[0] + axis[0], cut[1] + axis[1]];
            let half = clip_beyond(&chain, cut, deeper, side);
            let fill = clip_beyond(&half, arm.0, arm.1, axis);
            if fill.len() < 3 {
                continue;
            }
            for (p, q) in edges_on_arms(&fill, &[arm]) {
                notches.edges.push(stroke(p, q, line, winding, dip));
            }
            notches.fills.push(fill);
        }
        // The arms meet in a round join.
        notches.edges.push(dot(dip, line / 2.0, winding));
    }
    notches
}

/// The ink's line width of an outlined glyph: twice its inked area over the length of all its
/// contours (a band `w` wide has two edges for every length of band).
pub(super) fn line_width(outline: &Path) -> f32 {
    let contours: Vec<_> = outline.contours().iter().map(|c| flatten(c)).collect();
    let area: f32 = contours.iter().map(|c| signed_area(c)).sum::<f32>().abs();
    let length: f32 = contours
        .iter()
        .map(|c| {
            (0..c.len())
                .map(|k| dist(c[k], c[(k + 1) % c.len()]))
                .sum::<f32>()
        })
        .sum();
    if length > 0.0 {
        2.0 * area / length
    } else {
        0.0
    }
}

/// Adds `polygons` to `path` as closed contours.
pub(super) fn append_polygons(path: &mut Path, polygons: &[Vec<[f32; 2]>]) {
    for poly in polygons {
        let points: Vec<(f32, f32)> = poly.iter().map(|p| (p[0], p[1])).collect();
        path.append(&Path::polygon(&points));
    }
}

/// A contour as a polygon: curves cut into [`CURVE_STEPS`] lines, the closing point not repeated.
fn flatten(contour: &[Segment]) -> Vec<[f32; 2]> {
    let mut points = Vec::new();
    for seg in contour {
        match *seg {
            Segment::Line(a, _) => points.push(a),
            Segment::Quad(a, q, b) => {
                for s in 0..CURVE_STEPS {
                    let t = s as f32 / CURVE_STEPS as f32;
                    let u = 1.0 - t;
                    points.push([
                        u * u * a[0] + 2.0 * u * t * q[0] + t * t * b[0],
                        u * u * a[1] + 2.0 * u * t * q[1] + t * t * b[1],
                    ]);
                }
            }
            Segment::Cubic(a, q, r, b) => {
                for s in 0..CURVE_STEPS {
                    let t = s as f32 / CURVE_STEPS as f32;
                    let u = 1.0 - t;
                    let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                    points.push([
                        w0 * a[0] + w1 * q[0] + w2 * r[0] + w3 * b[0],
                        w0 * a[1] + w1 * q[1] + w2 * r[1] + w3 * b[1],
                    ]);
                }
            }
        }
    }
    points.dedup();
    if points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    points
}

fn box_area(points: &[[f32; 2]]) -> f32 {
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for p in points {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    (x1 - x0).max(0.0) * (y1 - y0).max(0.0)
}

fn signed_area(points: &[[f32; 2]]) -> f32 {
    let n = points.len();
    (0..n)
        .map(|k| {
            let (p, q) = (points[k], points[(k + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum::<f32>()
        / 2.0
}

fn dist(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

fn cross(o: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// The indices of the convex hull's corners among `points`, in the order they come along the
/// contour (so that consecutive corners bound a stretch of contour: a bay of the outline).
fn hull_indices(points: &[[f32; 2]]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&i, &j| {
        let (p, q) = (points[i], points[j]);
        p[0].total_cmp(&q[0]).then(p[1].total_cmp(&q[1]))
    });
    let mut hull: Vec<usize> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &usize>> = if pass == 0 {
            Box::new(order.iter())
        } else {
            Box::new(order.iter().rev())
        };
        for &i in iter {
            while hull.len() >= start + 2
                && cross(
                    points[hull[hull.len() - 2]],
                    points[hull[hull.len() - 1]],
                    points[i],
                ) <= 0.0
            {
                hull.pop();
            }
            hull.push(i);
        }
        hull.pop();
    }
    hull.sort_unstable();
    hull.dedup();
    hull
}

/// The part of `poly` on the side of the line `p`-`q` that `n` points to (Sutherland-Hodgman).
fn clip_beyond(poly: &[[f32; 2]], p: [f32; 2], q: [f32; 2], n: [f32; 2]) -> Vec<[f32; 2]> {
    let mut normal = [-(q[1] - p[1]), q[0] - p[0]];
    if normal[0] * n[0] + normal[1] * n[1] < 0.0 {
        normal = [-normal[0], -normal[1]];
    }
    let side = |x: [f32; 2]| (x[0] - p[0]) * normal[0] + (x[1] - p[1]) * normal[1];
    let mut out = Vec::new();
    for k in 0..poly.len() {
        let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
        let (sa, sb) = (side(a), side(b));
        if sa >= 0.0 {
            out.push(a);
        }
        if (sa >= 0.0) != (sb >= 0.0) {
            let t = sa / (sa - sb);
            out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
        }
    }
    out
}

/// The edges of `poly` that lie along one of `arms` (where the clip cut it).
fn edges_on_arms(poly: &[[f32; 2]], arms: &[([f32; 2], [f32; 2])]) -> Vec<([f32; 2], [f32; 2])> {
    let on = |x: [f32; 2], (p, q): ([f32; 2], [f32; 2])| {
        cross(p, q, x).abs() <= 1e-3 * dist(p, q).max(1.0) * dist(p, q).max(1.0)
    };
    (0..poly.len())
        .map(|k| (poly[k], poly[(k + 1) % poly.len()]))
        .filter(|&(a, b)| dist(a, b) > 1e-4 && arms.iter().any(|&arm| on(a, arm) && on(b, arm)))
        .collect()
}

/// The line from `p` to `q`, `width` wide, as a quadrilateral wound as `winding` says. It reaches
/// `width / 2` past an end where it meets the piece's outline (so that no seam shows there), not
/// past the V's dip `dip`, whose round join ([`dot`]) covers it.
fn stroke(p: [f32; 2], q: [f32; 2], width: f32, winding: f32, dip: [f32; 2]) -> Vec<[f32; 2]> {
    let len = dist(p, q).max(f32::EPSILON);
    let h = width / 2.0;
    let past = |x: [f32; 2]| if dist(x, dip) < h { 0.0 } else { h };
    let u = [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
    let v = [-u[1] * h, u[0] * h];
    let (ep, eq) = (past(p), past(q));
    let (p, q) = (
        [p[0] - u[0] * ep, p[1] - u[1] * ep],
        [q[0] + u[0] * eq, q[1] + u[1] * eq],
    );
    wound(
        vec![
            [p[0] + v[0], p[1] + v[1]],
            [q[0] + v[0], q[1] + v[1]],
            [q[0] - v[0], q[1] - v[1]],
            [p[0] - v[0], p[1] - v[1]],
        ],
        winding,
    )
}

/// A disc of radius `r` around `c` as a polygon of 12 corners, wound as `winding` says.
fn dot(c: [f32; 2], r: f32, winding: f32) -> Vec<[f32; 2]> {
    let corners = (0..12)
        .map(|k| {
            let t = k as f32 * std::f32::consts::TAU / 12.0;
            [c[0] + r * t.cos(), c[1] + r * t.sin()]
        })
        .collect();
    wound(corners, winding)
}

/// `poly` turned to wind as `winding` (the sign of a signed area) says.
fn wound(mut poly: Vec<[f32; 2]>, winding: f32) -> Vec<[f32; 2]> {
    if signed_area(&poly).signum() != winding {
        poly.reverse();
    }
    poly
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::glyph::Font;

    fn glyph(c: char) -> Path {
        Font::pieces().outline(&c.to_string(), 100.0)
    }

    #[test]
    fn the_queen_has_four_notches_closed_and_no_other_piece_has_any() {
        let queen = glyph('\u{265B}');
        let line = line_width(&glyph('\u{2655}'));
        assert!(line > 1.0 && line < 10.0, "line width {line}");
        let notches = close_notches(&queen, line);
        assert_eq!(
            notches.fills.len(),
            8,
            "two halves of each gap between five spikes"
        );
        assert_eq!(
            notches.edges.len(),
            12,
            "two arms and a join for the V in each gap"
        );
        for solid in ['\u{265A}', '\u{265C}', '\u{265D}', '\u{265E}', '\u{265F}'] {
            let n = close_notches(&glyph(solid), line);
            assert!(n.fills.is_empty(), "{solid} has no deep notch");
        }
    }

    #[test]
    fn a_notch_is_filled_from_its_floor_up_to_the_v() {
        // A U: two 10-wide posts 100 high, a 20-wide gap between them, on a 10-high floor.
        let u = Path::polygon(&[
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 100.0),
            (30.0, 100.0),
            (30.0, 0.0),
            (40.0, 0.0),
            (40.0, 110.0),
            (0.0, 110.0),
        ]);
        let notches = close_notches(&u, 2.0);
        assert_eq!(notches.fills.len(), 2, "the two halves of the notch");
        let fill: Vec<[f32; 2]> = notches.fills.concat();
        let (top, bottom) = fill
            .iter()
            .fold((f32::MAX, f32::MIN), |(t, b), p| (t.min(p[1]), b.max(p[1])));
        // The mouth runs between the posts' outer corners, 40 wide, over a notch 100 deep: the V
        // runs from 18 down at the outer corners to 42 in the middle, so it meets the posts' inner
        // sides at 30; the floor is at 100.
        assert!((bottom - 100.0).abs() < 1e-3, "{fill:?}");
        assert!((top - 30.0).abs() < 1e-3, "{fill:?}");
        assert!(fill
            .iter()
            .all(|p| p[0] >= 10.0 - 1e-3 && p[0] <= 30.0 + 1e-3));
        assert_eq!(notches.edges.len(), 3);
    }
}
