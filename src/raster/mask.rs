//! Anti-aliased coverage masks and the blit that turns them into palette indices.
//!
//! Shapes become a [`Mask`] (coverage 0..=255 per pixel) first and touch a canvas only through
//! [`blit`], which blends each pixel with [`Palette::blend`]. Filled outlines use the exact-area
//! rasterizer of `ab_glyph_rasterizer` (the one that draws the glyphs, so text and shapes have the same
//! edge quality); strokes and rings use the distance to the centre line, which gives round joins and caps
//! without overlap artefacts.

use ab_glyph_rasterizer::{point, Rasterizer};

use super::canvas::Canvas;
use crate::display::palette::{ramp_step, Palette, RAMP_LEVELS};
use crate::geom::{pixel_box, Path, Rect, Segment};

/// Coverage of a shape: `coverage[row * width + col]` (0 = untouched, 255 = fully covered) for the
/// pixel at canvas position `(x + col, y + row)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mask {
    /// Canvas column of the mask's left edge (may be negative: blit clips).
    pub x: i32,
    /// Canvas row of the mask's top edge (may be negative: blit clips).
    pub y: i32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Coverage per pixel, row-major.
    pub coverage: Vec<u8>,
}

impl Mask {
    /// A mask covering nothing.
    pub fn empty() -> Mask {
        Mask::default()
    }

    /// An all-zero mask of `width` x `height` at `x`, `y`.
    pub fn zeroed(x: i32, y: i32, width: u32, height: u32) -> Mask {
        Mask {
            x,
            y,
            width,
            height,
            coverage: vec![0; width as usize * height as usize],
        }
    }

    /// True when no pixel has coverage.
    pub fn is_empty(&self) -> bool {
        self.coverage.iter().all(|&c| c == 0)
    }

    /// Coverage at canvas position `x`, `y` (0 outside the mask).
    pub fn at(&self, x: i32, y: i32) -> u8 {
        let (c, r) = (
            i64::from(x) - i64::from(self.x),
            i64::from(y) - i64::from(self.y),
        );
        if c < 0 || r < 0 || c >= i64::from(self.width) || r >= i64::from(self.height) {
            return 0;
        }
        self.coverage[r as usize * self.width as usize + c as usize]
    }

    /// The same mask moved by `dx`, `dy` pixels.
    pub fn translated(&self, dx: i32, dy: i32) -> Mask {
        Mask {
            x: self.x.saturating_add(dx),
            y: self.y.saturating_add(dy),
            ..self.clone()
        }
    }

    /// Sum of coverage / 255: the covered area in pixels.
    pub fn area(&self) -> f64 {
        self.coverage.iter().map(|&c| f64::from(c)).sum::<f64>() / 255.0
    }
}

fn to_u8(c: f32) -> u8 {
    (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

/// The coverage of `path` filled: each sub-path by the non-zero rule, the sub-paths united as if
/// painted one over the other (coverage `a + b - a*b`), so overlapping parts (a ball on a spike) show
/// no seams. Sub-paths cannot cut holes; draw a hole as a second shape in the background colour.
/// An empty, non-finite or absurdly large path gives an empty mask.
pub fn fill_mask(path: &Path) -> Mask {
    let (bx0, by0, bx1, by1) = path.bounds();
    if path.is_empty() {
        return Mask::empty();
    }
    let Some((x0, y0, w, h)) = pixel_box(bx0, by0, bx1, by1, 1.0) else {
        return Mask::empty();
    };
    let mut acc = vec![0f32; w as usize * h as usize];
    let (ox, oy) = (x0 as f32, y0 as f32);
    for sub in path.contours() {
        let tmp = Path::from_contour(sub.clone());
        let (sx0, sy0, sx1, sy1) = tmp.bounds();
        let Some((px, py, pw, ph)) = pixel_box(sx0, sy0, sx1, sy1, 1.0) else {
            continue;
        };
        let (qx, qy) = (px as f32, py as f32);
        let r = rasterize(sub.iter(), qx, qy, pw, ph);
        let (dx, dy) = ((qx - ox) as usize, (qy - oy) as usize);
        r.for_each_pixel_2d(|cx, cy, a| {
            let a = a.min(1.0);
            if a > 0.0 {
                let i = (cy as usize + dy) * w as usize + cx as usize + dx;
                acc[i] = acc[i] + a - acc[i] * a;
            }
        });
    }
    Mask {
        x: x0,
        y: y0,
        width: w,
        height: h,
        coverage: acc.into_iter().map(to_u8).collect(),
    }
}

/// Largest distance, in pixels, between a curve and the chords that stand for it.
const FLATTEN_TOLERANCE: f32 = 0.005;

/// Chords needed to follow a curve within [`FLATTEN_TOLERANCE`]. `ab_glyph_rasterizer`'s own
/// flattening is tuned for small glyphs and cuts visibly into large circles (0.5% of the area of a
/// 20 px disc), so curves are flattened here.
/// `d` is the largest second difference of the control points, which bounds how far the curve strays
/// from a chord.
fn flatten_steps(d: f32) -> usize {
    let n = (d / (8.0 * FLATTEN_TOLERANCE)).sqrt().ceil();
    if n.is_finite() {
        (n as usize).clamp(1, 1000)
    } else {
        1
    }
}

/// Length of the second difference `p0 - 2 p1 + p2`.
fn second_difference(p0: [f32; 2], p1: [f32; 2], p2: [f32; 2]) -> f32 {
    let (x, y) = (p0[0] - 2.0 * p1[0] + p2[0], p0[1] - 2.0 * p1[1] + p2[1]);
    (x * x + y * y).sqrt()
}

/// Draws `segments`, moved by `-ox`, `-oy`, into a fresh `w` x `h` rasterizer.
fn rasterize<'a>(
    segments: impl Iterator<Item = &'a Segment>,
    ox: f32,
    oy: f32,
    w: u32,
    h: u32,
) -> Rasterizer {
    let mut r = Rasterizer::new(w as usize, h as usize);
    let pt = |p: [f32; 2]| point(p[0] - ox, p[1] - oy);
    for s in segments {
        match *s {
            Segment::Line(a, b) => r.draw_line(pt(a), pt(b)),
            Segment::Quad(a, q, b) => {
                let n = flatten_steps(second_difference(a, q, b));
                let mut prev = a;
                for i in 1..=n {
                    let t = i as f32 / n as f32;
                    let u = 1.0 - t;
                    let p = [
                        u * u * a[0] + 2.0 * u * t * q[0] + t * t * b[0],
                        u * u * a[1] + 2.0 * u * t * q[1] + t * t * b[1],
                    ];
                    r.draw_line(pt(prev), pt(p));
                    prev = p;
                }
            }
            Segment::Cubic(a, q, c, b) => {
                let n =
                    flatten_steps(1.5 * second_difference(a, q, c).max(second_difference(q, c, b)));
                let mut prev = a;
                for i in 1..=n {
                    let t = i as f32 / n as f32;
                    let u = 1.0 - t;
                    let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                    let p = [
                        w0 * a[0] + w1 * q[0] + w2 * c[0] + w3 * b[0],
                        w0 * a[1] + w1 * q[1] + w2 * c[1] + w3 * b[1],
                    ];
                    r.draw_line(pt(prev), pt(p));
                    prev = p;
                }
            }
        }
    }
    r
}

/// The coverage of `path` filled by the non-zero winding rule over all its sub-paths together, as
/// font outlines need: contours of opposite direction cut holes (the counter of an "8"), contours of
/// the same direction add up (clamped to full coverage).
pub fn fill_mask_nonzero(path: &Path) -> Mask {
    let (bx0, by0, bx1, by1) = path.bounds();
    if path.is_empty() {
        return Mask::empty();
    }
    let Some((x0, y0, w, h)) = pixel_box(bx0, by0, bx1, by1, 1.0) else {
        return Mask::empty();
    };
    let closed = path.contours();
    let r = rasterize(closed.iter().flatten(), x0 as f32, y0 as f32, w, h);
    let mut coverage = vec![0u8; w as usize * h as usize];
    r.for_each_pixel(|i, a| coverage[i] = to_u8(a));
    Mask {
        x: x0,
        y: y0,
        width: w,
        height: h,
        coverage,
    }
}

/// Coverage from the distance `d` of a pixel centre to a shape's edge line of half-width `hw`:
/// a one-pixel linear ramp centred on the edge, which matches the exact area for straight edges.
fn edge_coverage(hw: f32, d: f32) -> f32 {
    (hw - d + 0.5).clamp(0.0, 1.0)
}

/// Distance from `p` to the segment `a`-`b`.
fn segment_distance(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (vx, vy) = (b.0 - a.0, b.1 - a.1);
    let (wx, wy) = (p.0 - a.0, p.1 - a.1);
    let len2 = vx * vx + vy * vy;
    let t = if len2 > 0.0 {
        ((wx * vx + wy * vy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (dx, dy) = (wx - t * vx, wy - t * vy);
    (dx * dx + dy * dy).sqrt()
}

/// The coverage of a polyline through `points` drawn `width` pixels wide, with round joins and round
/// caps (a single point gives a dot). For a closed outline repeat the first point at the end.
pub fn stroke_mask(points: &[(f32, f32)], width: f32) -> Mask {
    if points.is_empty() || !(width.is_finite() && width > 0.0) {
        return Mask::empty();
    }
    let hw = width / 2.0;
    let min_x = points.iter().map(|p| p.0).fold(f32::INFINITY, f32::min);
    let min_y = points.iter().map(|p| p.1).fold(f32::INFINITY, f32::min);
    let max_x = points.iter().map(|p| p.0).fold(f32::NEG_INFINITY, f32::max);
    let max_y = points.iter().map(|p| p.1).fold(f32::NEG_INFINITY, f32::max);
    let Some((x0, y0, w, h)) = pixel_box(min_x, min_y, max_x, max_y, hw + 1.0) else {
        return Mask::empty();
    };
    let mut acc = vec![0f32; w as usize * h as usize];
    // A single point is a zero-length segment: a dot.
    let segments: Vec<((f32, f32), (f32, f32))> = if points.len() == 1 {
        vec![(points[0], points[0])]
    } else {
        points.windows(2).map(|w| (w[0], w[1])).collect()
    };
    for (a, b) in segments {
        let sx0 = ((a.0.min(b.0) - hw - 1.0).floor() as i32 - x0).max(0) as u32;
        let sy0 = ((a.1.min(b.1) - hw - 1.0).floor() as i32 - y0).max(0) as u32;
        let sx1 = (((a.0.max(b.0) + hw + 1.0).ceil() as i32 - x0).max(0) as u32).min(w);
        let sy1 = (((a.1.max(b.1) + hw + 1.0).ceil() as i32 - y0).max(0) as u32).min(h);
        for row in sy0..sy1 {
            let py = (y0 + row as i32) as f32 + 0.5;
            for col in sx0..sx1 {
                let px = (x0 + col as i32) as f32 + 0.5;
                let c = edge_coverage(hw, segment_distance((px, py), a, b));
                let i = row as usize * w as usize + col as usize;
                if c > acc[i] {
                    acc[i] = c;
                }
            }
        }
    }
    Mask {
        x: x0,
        y: y0,
        width: w,
        height: h,
        coverage: acc.into_iter().map(to_u8).collect(),
    }
}

/// The coverage of a circle of radius `r` around `cx`, `cy` drawn as a line `width` pixels wide
/// (centred on the radius).
pub fn ring_mask(cx: f32, cy: f32, r: f32, width: f32) -> Mask {
    if !(width.is_finite() && width > 0.0 && r.is_finite() && r >= 0.0) {
        return Mask::empty();
    }
    let hw = width / 2.0;
    let ext = r + hw + 1.0;
    let Some((x0, y0, w, h)) = pixel_box(cx - ext, cy - ext, cx + ext, cy + ext, 0.0) else {
        return Mask::empty();
    };
    let mut coverage = Vec::with_capacity(w as usize * h as usize);
    for row in 0..h {
        let dy = (y0 + row as i32) as f32 + 0.5 - cy;
        for col in 0..w {
            let dx = (x0 + col as i32) as f32 + 0.5 - cx;
            let d = ((dx * dx + dy * dy).sqrt() - r).abs();
            coverage.push(to_u8(edge_coverage(hw, d)));
        }
    }
    Mask {
        x: x0,
        y: y0,
        width: w,
        height: h,
        coverage,
    }
}

/// Paints `fg` through `mask` onto `canvas`, only inside `clip` (and the canvas): every covered pixel
/// becomes `palette.blend(its current index, fg, coverage)`.
pub fn blit(canvas: &mut Canvas, palette: &Palette, mask: &Mask, fg: u8, clip: Rect) {
    blit_at(canvas, palette, mask, 0, 0, fg, clip);
}

/// Blends `mask` shifted by (`dx`, `dy`) onto the canvas in colour `fg`, inside `clip`.
pub(crate) fn blit_at(
    canvas: &mut Canvas,
    palette: &Palette,
    mask: &Mask,
    dx: i32,
    dy: i32,
    fg: u8,
    clip: Rect,
) {
    let r = mask_rect(mask, dx, dy)
        .intersect(&clip)
        .intersect(&canvas.bounds());
    if r.is_empty() {
        return;
    }
    let ox = i64::from(mask.x) + i64::from(dx);
    let oy = i64::from(mask.y) + i64::from(dy);
    let w = canvas.width() as usize;
    let pixels = canvas.pixels_mut();
    // The ramp of the last background blended onto: a shape mostly lies on one colour, and
    // looking the pair's ramp up for every pixel cost most of a translucent piece's blit.
    let mut last: Option<(u8, &[u8; RAMP_LEVELS])> = None;
    for y in r.y..r.y + r.height {
        let my = (i64::from(y) - oy) as usize;
        let row = &mask.coverage[my * mask.width as usize..(my + 1) * mask.width as usize];
        for x in r.x..r.x + r.width {
            let a = row[(i64::from(x) - ox) as usize];
            if a > 0 {
                let p = &mut pixels[y as usize * w + x as usize];
                *p = match last {
                    _ if a == 255 => fg,
                    Some((bg, ramp)) if bg == *p => ramp[ramp_step(a)],
                    _ => match palette.ramp(*p, fg) {
                        Some(ramp) => {
                            last = Some((*p, ramp));
                            ramp[ramp_step(a)]
                        }
                        None => palette.blend(*p, fg, a),
                    },
                };
            }
        }
    }
}

/// The canvas rectangle (clipped at 0) a mask covers when shifted by `dx`, `dy`.
pub(crate) fn mask_rect(mask: &Mask, dx: i32, dy: i32) -> Rect {
    let x0 = i64::from(mask.x) + i64::from(dx);
    let y0 = i64::from(mask.y) + i64::from(dy);
    let x1 = x0 + i64::from(mask.width);
    let y1 = y0 + i64::from(mask.height);
    let (cx0, cy0) = (x0.max(0), y0.max(0));
    if x1 <= cx0 || y1 <= cy0 {
        return Rect::default();
    }
    Rect::new(cx0 as u32, cy0 as u32, (x1 - cx0) as u32, (y1 - cy0) as u32)
}
