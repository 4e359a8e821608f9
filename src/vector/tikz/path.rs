//! Points, rectangles and outlines as TikZ path syntax, to two decimals.

use std::fmt::Write as _;

use crate::geom::{Rect, Segment};
use crate::vector::layers::{self, push_num};

/// True when both points print the same.
pub(super) fn same(a: [f32; 2], b: [f32; 2]) -> bool {
    layers::hundredths(a[0]) == layers::hundredths(b[0])
        && layers::hundredths(a[1]) == layers::hundredths(b[1])
}

pub(super) fn push_point(s: &mut String, p: [f32; 2]) {
    push_num(s, p[0]);
    s.push(',');
    push_num(s, p[1]);
}

/// ` (x,y) rectangle +(w,h)`.
pub(super) fn push_rect(s: &mut String, r: Rect) {
    let _ = write!(
        s,
        " ({},{}) rectangle +({},{})",
        r.x, r.y, r.width, r.height
    );
}

/// Closed contours as TikZ path operations (quadratic curves written as the equal cubic ones).
pub(super) fn push_contours(s: &mut String, contours: &[Vec<Segment>]) {
    let at = |s: &mut String, p: [f32; 2]| {
        s.push('(');
        push_point(s, p);
        s.push(')');
    };
    for c in contours {
        let Some(first) = c.first() else { continue };
        let start = match *first {
            Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _) => a,
        };
        s.push(' ');
        at(s, start);
        for (k, seg) in c.iter().enumerate() {
            match *seg {
                Segment::Line(_, b) => {
                    // The closing line is what `cycle` draws.
                    if k + 1 == c.len() && same(b, start) {
                        continue;
                    }
                    s.push_str(" -- ");
                    at(s, b);
                }
                Segment::Quad(a, q, b) => {
                    let lerp = |p: [f32; 2]| {
                        [
                            p[0] + 2.0 / 3.0 * (q[0] - p[0]),
                            p[1] + 2.0 / 3.0 * (q[1] - p[1]),
                        ]
                    };
                    curve(s, lerp(a), lerp(b), b);
                }
                Segment::Cubic(_, q, r, b) => curve(s, q, r, b),
            }
        }
        s.push_str(" -- cycle");
    }
}

/// ` .. controls (q) and (r) .. (b)`.
fn curve(s: &mut String, q: [f32; 2], r: [f32; 2], b: [f32; 2]) {
    s.push_str(" .. controls (");
    push_point(s, q);
    s.push_str(") and (");
    push_point(s, r);
    s.push_str(") .. (");
    push_point(s, b);
    s.push(')');
}
