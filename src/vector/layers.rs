//! What the SVG and PDF writers share: which items of a [`DisplayList`] to write, in which order,
//! with which clip, and the extent of every shape.
//!
//! Both writers group items by [`Layer`] (the display list guarantees that this keeps what covers
//! what), write each symbol that is placed at least once, and turn an item's clip rectangle into a
//! real clip only where the shape can reach outside it: the figure builder clips items to their own
//! cell, and nearly every shape lies inside it anyway.

use crate::display::list::{
    DisplayList, FillRule, Ink, Layer, RecordedItem, RecordedShape, Shape, SymbolShape,
};
use crate::geom::{Path, Rect, Segment};

/// An axis-aligned box in figure pixels: `(min_x, min_y, max_x, max_y)`.
pub(crate) type Bounds = (f32, f32, f32, f32);

/// A [`Shape`] to write, with its paint (rectangles already cut to their clip).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Draw<'a> {
    /// What to draw.
    pub op: Shape<'a>,
    /// Palette colour.
    pub ink: Ink,
    /// Opacity, 255 = opaque.
    pub alpha: u8,
    /// A clip the writer must apply, `None` where the shape stays inside its clip (or the clip is
    /// the whole figure, which the page or viewport clips anyway).
    pub clip: Option<Rect>,
}

/// The items of `list` to write in `layer`, lazily: the writers stream them to their output, so
/// nothing per item is held besides the display list itself.
///
/// Items entirely outside their clip are dropped; rectangles are cut to their clip, and runs of
/// rectangles of one paint that touch along a whole side become one rectangle (a row of squares
/// of one colour, a tile of three cells), which keeps the files small.
pub(crate) fn draws(list: &DisplayList, layer: Layer) -> Draws<'_> {
    Draws {
        list,
        layer,
        figure: Rect::new(0, 0, list.width, list.height),
        items: list.items.iter(),
        pending: None,
    }
}

/// The layers that have something to write, in [`Layer::ALL`] order.
pub(crate) fn present(list: &DisplayList) -> Vec<Layer> {
    Layer::ALL
        .into_iter()
        .filter(|&l| draws(list, l).next().is_some())
        .collect()
}

/// Every draw of `list`, layer after layer in [`Layer::ALL`] order.
pub(crate) fn all_draws(list: &DisplayList) -> impl Iterator<Item = Draw<'_>> {
    Layer::ALL.into_iter().flat_map(move |l| draws(list, l))
}

/// The iterator of [`draws`]: one draw held back, to merge the next rectangle into it.
pub(crate) struct Draws<'a> {
    list: &'a DisplayList,
    layer: Layer,
    figure: Rect,
    items: std::slice::Iter<'a, RecordedItem>,
    pending: Option<Draw<'a>>,
}

impl<'a> Iterator for Draws<'a> {
    type Item = Draw<'a>;

    fn next(&mut self) -> Option<Draw<'a>> {
        for item in self.items.by_ref() {
            if item.layer != self.layer {
                continue;
            }
            let Some(draw) = draw_of(self.list, item, self.figure) else {
                continue;
            };
            match self.pending.take() {
                Some(last) => match merge(&last, &draw) {
                    Some(merged) => self.pending = Some(merged),
                    None => {
                        self.pending = Some(draw);
                        return Some(last);
                    }
                },
                None => self.pending = Some(draw),
            }
        }
        self.pending.take()
    }
}

/// What `item` draws within `figure`, `None` when it draws nothing there.
fn draw_of<'a>(list: &'a DisplayList, item: &'a RecordedItem, figure: Rect) -> Option<Draw<'a>> {
    if item.alpha == 0 {
        return None;
    }
    let clip = item.clip.intersect(&figure);
    if clip.is_empty() {
        return None;
    }
    let (op, bounds) = match &item.shape {
        RecordedShape::Rect(r) => {
            let r = r.intersect(&clip);
            if r.is_empty() {
                return None;
            }
            return Some(Draw {
                op: Shape::Rect(r),
                ink: item.ink,
                alpha: item.alpha,
                clip: None,
            });
        }
        RecordedShape::Symbol { id, dx, dy } => {
            if id.0 as usize >= list.symbols.len() {
                return None;
            }
            let b = symbol_bounds(&list.symbols.get(*id).shape);
            let (fx, fy) = (*dx as f32, *dy as f32);
            (
                Shape::Symbol {
                    id: *id,
                    dx: *dx,
                    dy: *dy,
                },
                b.map(|b| (b.0 + fx, b.1 + fy, b.2 + fx, b.3 + fy)),
            )
        }
        RecordedShape::Polyline { points, width } => {
            if points.is_empty() || !(width.is_finite() && *width > 0.0) {
                return None;
            }
            (
                Shape::Polyline {
                    points,
                    width: *width,
                },
                polyline_bounds(points, *width),
            )
        }
    };
    let bounds = bounds?;
    if outside(bounds, clip) {
        return None;
    }
    let clip = (clip != figure && !inside(bounds, clip)).then_some(clip);
    Some(Draw {
        op,
        ink: item.ink,
        alpha: item.alpha,
        clip,
    })
}

/// `a` and `b` as one rectangle, when they have one paint and share a whole side.
fn merge(a: &Draw<'_>, b: &Draw<'_>) -> Option<Draw<'static>> {
    let (Shape::Rect(p), Shape::Rect(q)) = (a.op, b.op) else {
        return None;
    };
    if a.ink != b.ink || a.alpha != b.alpha {
        return None;
    }
    let r = if p.y == q.y && p.height == q.height && p.x + p.width == q.x {
        Rect::new(p.x, p.y, p.width + q.width, p.height)
    } else if p.x == q.x && p.width == q.width && p.y + p.height == q.y {
        Rect::new(p.x, p.y, p.width, p.height + q.height)
    } else {
        return None;
    };
    Some(Draw {
        op: Shape::Rect(r),
        ink: a.ink,
        alpha: a.alpha,
        clip: None,
    })
}

/// True when `b` lies within `clip` (to a hundredth of a pixel, the precision files are written at).
fn inside(b: Bounds, clip: Rect) -> bool {
    const SLACK: f32 = 0.01;
    b.0 >= clip.x as f32 - SLACK
        && b.1 >= clip.y as f32 - SLACK
        && b.2 <= (clip.x + clip.width) as f32 + SLACK
        && b.3 <= (clip.y + clip.height) as f32 + SLACK
}

/// True when `b` and `clip` share no area.
fn outside(b: Bounds, clip: Rect) -> bool {
    b.2 <= clip.x as f32
        || b.3 <= clip.y as f32
        || b.0 >= (clip.x + clip.width) as f32
        || b.1 >= (clip.y + clip.height) as f32
}

/// The extent of a symbol's ink in its own coordinates, `None` when it draws nothing.
pub(crate) fn symbol_bounds(shape: &SymbolShape) -> Option<Bounds> {
    match shape {
        SymbolShape::Fill { path, .. } => path_bounds(path, 0.0),
        // From the glyphs' boxes, a hundredth of a pixel wider for their rounding: making the
        // outline to measure it would keep it in the run (a page of thousands of captions).
        SymbolShape::Text(run) => run
            .ink_box()
            .map(|b| (b.0 - 0.01, b.1 - 0.01, b.2 + 0.01, b.3 + 0.01)),
        SymbolShape::Ring { cx, cy, r, width } => {
            let e = r + width / 2.0;
            (width.is_finite() && *width > 0.0 && e.is_finite()).then_some((
                cx - e,
                cy - e,
                cx + e,
                cy + e,
            ))
        }
        SymbolShape::Halo { path, grow, .. } => path_bounds(path, grow.max(0.0)),
    }
}

/// The path's bounds grown by `pad`; cubic curves count their control points, which is never
/// smaller than the curve.
fn path_bounds(path: &Path, pad: f32) -> Option<Bounds> {
    if path.is_empty() {
        return None;
    }
    let b = path.bounds();
    let ok = [b.0, b.1, b.2, b.3].iter().all(|v| v.is_finite());
    ok.then_some((b.0 - pad, b.1 - pad, b.2 + pad, b.3 + pad))
}

/// The extent of a polyline stroked `width` wide.
fn polyline_bounds(points: &[[f32; 2]], width: f32) -> Option<Bounds> {
    let hw = width / 2.0;
    let mut b = (
        f32::INFINITY,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NEG_INFINITY,
    );
    for p in points {
        b = (b.0.min(p[0]), b.1.min(p[1]), b.2.max(p[0]), b.3.max(p[1]));
    }
    let ok = [b.0, b.1, b.2, b.3].iter().all(|v| v.is_finite());
    ok.then_some((b.0 - hw, b.1 - hw, b.2 + hw, b.3 + hw))
}

/// Which symbols the written items place, by index.
pub(crate) fn used_symbols(list: &DisplayList) -> Vec<bool> {
    let mut used = vec![false; list.symbols.len()];
    for d in all_draws(list) {
        if let Shape::Symbol { id, .. } = d.op {
            used[id.0 as usize] = true;
        }
    }
    used
}

/// The contours of a [`FillRule::Union`] fill, each to be filled on its own (so overlapping parts
/// never cancel), or of a [`FillRule::NonZero`] fill as one group.
pub(crate) fn fill_groups(path: &Path, rule: FillRule) -> Vec<Vec<Vec<Segment>>> {
    let contours = path.contours();
    match rule {
        FillRule::NonZero => vec![contours],
        FillRule::Union => contours.into_iter().map(|c| vec![c]).collect(),
    }
}

/// A non-zero outline split into pieces that can be filled apart (the glyphs of a number): each
/// contour whose box lies in no other's, with the contours inside its box (a digit's counters).
/// `None` when there is a single piece, or when the boxes of two pieces meet (filling them apart
/// could then differ from filling them together).
pub(crate) fn pieces(contours: &[Vec<Segment>]) -> Option<Vec<Vec<Vec<Segment>>>> {
    let boxes: Vec<Bounds> = contours.iter().map(|c| contour_box(c)).collect();
    let within = |a: Bounds, b: Bounds| a.0 >= b.0 && a.1 >= b.1 && a.2 <= b.2 && a.3 <= b.3;
    let roots: Vec<usize> = (0..contours.len())
        .filter(|&i| {
            !(0..contours.len())
                .any(|j| j != i && boxes[i] != boxes[j] && within(boxes[i], boxes[j]))
        })
        .collect();
    if roots.len() < 2 {
        return None;
    }
    for (k, &a) in roots.iter().enumerate() {
        for &b in &roots[k + 1..] {
            let (p, q) = (boxes[a], boxes[b]);
            if p.0 <= q.2 && q.0 <= p.2 && p.1 <= q.3 && q.1 <= p.3 {
                return None;
            }
        }
    }
    let mut out: Vec<Vec<Vec<Segment>>> = vec![Vec::new(); roots.len()];
    for (i, c) in contours.iter().enumerate() {
        let home = roots
            .iter()
            .position(|&r| r == i)
            .or_else(|| roots.iter().position(|&r| within(boxes[i], boxes[r])))?;
        out[home].push(c.clone());
    }
    Some(out)
}

/// The box of a contour's points, control points included.
pub(crate) fn contour_box(c: &[Segment]) -> Bounds {
    let mut b = (
        f32::INFINITY,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NEG_INFINITY,
    );
    let mut add = |p: [f32; 2]| b = (b.0.min(p[0]), b.1.min(p[1]), b.2.max(p[0]), b.3.max(p[1]));
    for s in c {
        match *s {
            Segment::Line(a, e) => {
                add(a);
                add(e);
            }
            Segment::Quad(a, q, e) => {
                add(a);
                add(q);
                add(e);
            }
            Segment::Cubic(a, q, r, e) => {
                add(a);
                add(q);
                add(r);
                add(e);
            }
        }
    }
    b
}

/// `piece` moved so that its first point is the origin, and that point: equal pieces at different
/// places become equal. Moved by the exact first point, so two copies of a glyph at different
/// fractions of a pixel still print alike; writers place it at that point rounded (off by at most
/// a hundredth of a pixel).
pub(crate) fn normalized(piece: &[Vec<Segment>]) -> (Vec<Vec<Segment>>, [f32; 2]) {
    let at = match piece.first().and_then(|c| c.first()) {
        Some(Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _)) => *a,
        None => [0.0, 0.0],
    };
    let t = |p: [f32; 2]| [p[0] - at[0], p[1] - at[1]];
    let moved = piece
        .iter()
        .map(|c| {
            c.iter()
                .map(|s| match *s {
                    Segment::Line(a, b) => Segment::Line(t(a), t(b)),
                    Segment::Quad(a, q, b) => Segment::Quad(t(a), t(q), t(b)),
                    Segment::Cubic(a, q, r, b) => Segment::Cubic(t(a), t(q), t(r), t(b)),
                })
                .collect()
        })
        .collect();
    (moved, at)
}

/// How many whole pixels a halo reaches out on every side: `grow` rounded, at least 1 (as the
/// raster dilates) and at most 8 (a halo is a thin rim, not a shape of its own).
pub(crate) fn halo_steps(grow: f32) -> i32 {
    if grow.is_finite() {
        grow.round().clamp(1.0, 8.0) as i32
    } else {
        1
    }
}

/// The figure's background colour: the ink of a first item that covers the whole figure opaquely,
/// else palette colour 0, which every renderer registers first as its background.
pub(crate) fn background(list: &DisplayList) -> Ink {
    match list.items.first() {
        Some(item)
            if item.alpha == 255
                && matches!(item.shape, RecordedShape::Rect(r)
                    if r.intersect(&Rect::new(0, 0, list.width, list.height))
                        == Rect::new(0, 0, list.width, list.height)) =>
        {
            item.ink
        }
        _ => 0,
    }
}

/// `v` rounded to hundredths (files are written at that precision; a hundredth of a pixel is
/// below anything a renderer shows).
pub(crate) fn hundredths(v: f32) -> i64 {
    if v.is_finite() {
        (f64::from(v) * 100.0).round() as i64
    } else {
        0
    }
}

/// Appends `v` with at most two decimals, trailing zeros and a negative zero dropped.
pub(crate) fn push_num(out: &mut String, v: f32) {
    push_fixed(out, hundredths(v), 100);
}

/// Appends `n / scale` (scale a power of ten) with no trailing zeros.
pub(crate) fn push_fixed(out: &mut String, n: i64, scale: i64) {
    use std::fmt::Write;
    if n < 0 {
        out.push('-');
    }
    let a = n.unsigned_abs();
    let s = scale as u64;
    let _ = write!(out, "{}", a / s);
    let mut frac = a % s;
    if frac != 0 {
        out.push('.');
        let mut digits = s / 10;
        while frac != 0 {
            let d = frac / digits;
            out.push(char::from(b'0' + d as u8));
            frac %= digits;
            digits /= 10;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(v: f32) -> String {
        let mut s = String::new();
        push_num(&mut s, v);
        s
    }

    #[test]
    fn numbers_are_short_and_exact_to_hundredths() {
        assert_eq!(num(0.0), "0");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(num(-3.04), "-3.04");
        assert_eq!(num(0.07), "0.07");
        assert_eq!(num(f32::NAN), "0");
        let mut s = String::new();
        push_fixed(&mut s, 275, 1000);
        assert_eq!(s, "0.275");
    }
}
