//! Closed contours as SVG path data, and as the numbers that data prints (to compare outlines
//! without printing them).

use crate::geom::Segment;
use crate::vector::layers::{self, push_num};

/// SVG path data for closed contours.
pub(crate) fn path_data(contours: &[Vec<Segment>]) -> String {
    let mut d = String::new();
    for c in contours {
        let Some(first) = c.first() else { continue };
        let start = match *first {
            Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _) => a,
        };
        d.push('M');
        push_point(&mut d, start);
        for (k, seg) in c.iter().enumerate() {
            match *seg {
                Segment::Line(_, b) => {
                    // The closing line is what Z draws.
                    if k + 1 == c.len() && same(b, start) {
                        continue;
                    }
                    d.push('L');
                    push_point(&mut d, b);
                }
                Segment::Quad(_, q, b) => {
                    d.push('Q');
                    push_point(&mut d, q);
                    d.push(' ');
                    push_point(&mut d, b);
                }
                Segment::Cubic(_, q, r, b) => {
                    d.push('C');
                    push_point(&mut d, q);
                    d.push(' ');
                    push_point(&mut d, r);
                    d.push(' ');
                    push_point(&mut d, b);
                }
            }
        }
        d.push('Z');
    }
    d
}

/// What [`path_data`] prints of `contours`, as numbers: a command code (M 0, L 1, Q 2, C 3, Z 4)
/// before the hundredths of its points. Two paths print the same exactly when their tokens are
/// equal (every command has a fixed number of points, and hundredths print one way each).
pub(crate) fn path_tokens(contours: &[Vec<Segment>]) -> Vec<i64> {
    let mut t = Vec::new();
    let point = |t: &mut Vec<i64>, p: [f32; 2]| {
        t.push(layers::hundredths(p[0]));
        t.push(layers::hundredths(p[1]));
    };
    for c in contours {
        let Some(first) = c.first() else { continue };
        let start = match *first {
            Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _) => a,
        };
        t.push(0);
        point(&mut t, start);
        for (k, seg) in c.iter().enumerate() {
            match *seg {
                Segment::Line(_, b) => {
                    if k + 1 == c.len() && same(b, start) {
                        continue;
                    }
                    t.push(1);
                    point(&mut t, b);
                }
                Segment::Quad(_, q, b) => {
                    t.push(2);
                    point(&mut t, q);
                    point(&mut t, b);
                }
                Segment::Cubic(_, q, r, b) => {
                    t.push(3);
                    point(&mut t, q);
                    point(&mut t, r);
                    point(&mut t, b);
                }
            }
        }
        t.push(4);
    }
    t
}

/// True when both points print the same.
pub(super) fn same(a: [f32; 2], b: [f32; 2]) -> bool {
    layers::hundredths(a[0]) == layers::hundredths(b[0])
        && layers::hundredths(a[1]) == layers::hundredths(b[1])
}

fn push_point(s: &mut String, p: [f32; 2]) {
    push_num(s, p[0]);
    s.push(' ');
    push_num(s, p[1]);
}
