//! Geometry shared by every stage: squares of a board, rectangles of pixels, vector outlines.
//!
//! It sits below the solvers, so that the display list, its builder and every backend (raster, SVG,
//! PDF) can name a rectangle or a path without importing one another.

/// A square of a board: 0-based, row 0 at the top (the textbook's printed matrices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Row, 0 at the top.
    pub row: u32,
    /// Column, 0 at the left.
    pub col: u32,
}

impl Square {
    /// The square at `row`, `col`.
    pub const fn new(row: u32, col: u32) -> Self {
        Square { row, col }
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// The largest canvas chessviz allocates, in pixels (a 16384 x 16384 picture); larger work streams.
pub const MAX_CANVAS_PIXELS: u64 = 1 << 28;

/// A rectangle of pixels: `x..x + width`, `y..y + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl Rect {
    /// The rectangle at `x`, `y` of `width` x `height`.
    pub const fn new(x: u32, y: u32, width: u32, height: u32) -> Self {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// True when it covers no pixel.
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// The smallest rectangle holding both (an empty one contributes nothing).
    pub fn union(&self, other: &Rect) -> Rect {
        if self.is_empty() {
            return *other;
        }
        if other.is_empty() {
            return *self;
        }
        let x0 = self.x.min(other.x);
        let y0 = self.y.min(other.y);
        let x1 = (self.x + self.width).max(other.x + other.width);
        let y1 = (self.y + self.height).max(other.y + other.height);
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }

    /// The overlap of both, empty when they do not meet.
    pub fn intersect(&self, other: &Rect) -> Rect {
        let x0 = self.x.max(other.x);
        let y0 = self.y.max(other.y);
        let x1 = (self.x + self.width).min(other.x + other.width);
        let y1 = (self.y + self.height).min(other.y + other.height);
        if x1 <= x0 || y1 <= y0 {
            Rect::default()
        } else {
            Rect::new(x0, y0, x1 - x0, y1 - y0)
        }
    }
}

/// Quadratic segments used for a full circle; the radial error is below 2e-5 of the radius.
const CIRCLE_SEGMENTS: usize = 16;

/// One piece of a [`Path`] outline, in pixel coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    /// A straight line from the first point to the second.
    Line([f32; 2], [f32; 2]),
    /// A quadratic Bézier curve: start, control, end.
    Quad([f32; 2], [f32; 2], [f32; 2]),
    /// A cubic Bézier curve: start, two controls, end.
    Cubic([f32; 2], [f32; 2], [f32; 2], [f32; 2]),
}

/// A vector outline in pixel coordinates (x right, y down), made of closed sub-paths of lines and
/// quadratic curves. Every [`Path::move_to`] starts a new sub-path; sub-paths close themselves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    /// Finished sub-paths, each closed.
    subpaths: Vec<Vec<Segment>>,
    /// The sub-path being built: its segments, its start and the pen.
    current: Vec<Segment>,
    start: [f32; 2],
    pen: [f32; 2],
}

impl Path {
    /// An empty path.
    pub fn new() -> Self {
        Self::default()
    }

    /// Ends the current sub-path (closing it) and starts a new one at `x`, `y`.
    pub fn move_to(&mut self, x: f32, y: f32) {
        self.close();
        self.start = [x, y];
        self.pen = [x, y];
    }

    /// A straight line from the pen to `x`, `y`.
    pub fn line_to(&mut self, x: f32, y: f32) {
        self.current.push(Segment::Line(self.pen, [x, y]));
        self.pen = [x, y];
    }

    /// A quadratic Bézier curve from the pen to `x`, `y` bending towards `cx`, `cy`.
    pub fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        self.current.push(Segment::Quad(self.pen, [cx, cy], [x, y]));
        self.pen = [x, y];
    }

    /// A cubic Bézier curve from the pen to `x`, `y` with controls `c1` and `c2` (fonts with CFF
    /// outlines need it).
    pub fn cubic_to(&mut self, c1: (f32, f32), c2: (f32, f32), x: f32, y: f32) {
        self.current
            .push(Segment::Cubic(self.pen, [c1.0, c1.1], [c2.0, c2.1], [x, y]));
        self.pen = [x, y];
    }

    /// Closes the current sub-path with a line back to its start.
    pub fn close(&mut self) {
        if self.current.is_empty() {
            return;
        }
        if self.pen != self.start {
            self.current.push(Segment::Line(self.pen, self.start));
        }
        self.subpaths.push(std::mem::take(&mut self.current));
        self.pen = self.start;
    }

    /// The circle of radius `r` around `cx`, `cy` (clockwise on screen).
    pub fn circle(cx: f32, cy: f32, r: f32) -> Path {
        let mut p = Path::new();
        let step = std::f32::consts::TAU / CIRCLE_SEGMENTS as f32;
        // The control point of a quadratic arc lies on the bisector, 1 / cos(half angle) out.
        let rc = r / (step / 2.0).cos();
        p.move_to(cx + r, cy);
        for i in 0..CIRCLE_SEGMENTS {
            let a0 = i as f32 * step;
            let (am, a1) = (a0 + step / 2.0, a0 + step);
            p.quad_to(
                cx + rc * am.cos(),
                cy + rc * am.sin(),
                cx + r * a1.cos(),
                cy + r * a1.sin(),
            );
        }
        p.close();
        p
    }

    /// The rectangle with top-left corner `x`, `y`, `w` wide and `h` high.
    pub fn rect(x: f32, y: f32, w: f32, h: f32) -> Path {
        Path::polygon(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    }

    /// A closed polygon through `points`.
    pub fn polygon(points: &[(f32, f32)]) -> Path {
        let mut p = Path::new();
        if let Some((&(x, y), rest)) = points.split_first() {
            p.move_to(x, y);
            for &(x, y) in rest {
                p.line_to(x, y);
            }
            p.close();
        }
        p
    }

    fn segments(&self) -> impl Iterator<Item = &Segment> {
        self.subpaths.iter().flatten().chain(self.current.iter())
    }

    /// True when the path has no segment.
    pub fn is_empty(&self) -> bool {
        self.segments().next().is_none()
    }

    /// The bounding box as `(min_x, min_y, max_x, max_y)`: exact for lines and quadratic curves (their
    /// extremes, not their control points), the control box for cubic curves; all zero for an empty
    /// path. Text is centred on this box, so it must be the ink, not the construction.
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        let mut b = (
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        );
        let mut add = |p: &[f32; 2]| {
            b = (b.0.min(p[0]), b.1.min(p[1]), b.2.max(p[0]), b.3.max(p[1]));
        };
        for s in self.segments() {
            match s {
                Segment::Line(a, c) => {
                    add(a);
                    add(c);
                }
                Segment::Quad(a, q, c) => {
                    add(a);
                    add(c);
                    add(&quad_extreme(a, q, c));
                }
                Segment::Cubic(a, q, r, c) => {
                    add(a);
                    add(q);
                    add(r);
                    add(c);
                }
            }
        }
        if b.0 > b.2 {
            (0.0, 0.0, 0.0, 0.0)
        } else {
            b
        }
    }

    /// This path scaled by `scale` about the origin, then moved by `dx`, `dy`.
    pub fn transformed(&self, scale: f32, dx: f32, dy: f32) -> Path {
        let t = |p: [f32; 2]| [p[0] * scale + dx, p[1] * scale + dy];
        let ts = |s: &Segment| match *s {
            Segment::Line(a, b) => Segment::Line(t(a), t(b)),
            Segment::Quad(a, q, b) => Segment::Quad(t(a), t(q), t(b)),
            Segment::Cubic(a, q, r, b) => Segment::Cubic(t(a), t(q), t(r), t(b)),
        };
        Path {
            subpaths: self
                .subpaths
                .iter()
                .map(|sp| sp.iter().map(ts).collect())
                .collect(),
            current: self.current.iter().map(ts).collect(),
            start: t(self.start),
            pen: t(self.pen),
        }
    }

    /// Adds the sub-paths of `other` (closing both open ones).
    pub fn append(&mut self, other: &Path) {
        self.close();
        let mut o = other.clone();
        o.close();
        self.subpaths.extend(o.subpaths);
    }

    /// The contours of the path, each closed (the open one included): what vector backends write.
    pub fn contours(&self) -> Vec<Vec<Segment>> {
        self.closed_subpaths()
    }

    /// A path of one closed contour.
    pub(crate) fn from_contour(contour: Vec<Segment>) -> Path {
        Path {
            subpaths: vec![contour],
            ..Path::default()
        }
    }

    /// Closed sub-paths, the open one included.
    fn closed_subpaths(&self) -> Vec<Vec<Segment>> {
        let mut p = self.clone();
        p.close();
        p.subpaths
    }
}

/// The point of a quadratic curve farthest along x and y from its ends, per axis: where the derivative
/// is zero if that lies inside the curve, else an end point (which adds nothing to the bounds).
pub(crate) fn quad_extreme(a: &[f32; 2], q: &[f32; 2], c: &[f32; 2]) -> [f32; 2] {
    let axis = |i: usize| {
        let den = a[i] - 2.0 * q[i] + c[i];
        let t = if den.abs() > f32::EPSILON {
            ((a[i] - q[i]) / den).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let u = 1.0 - t;
        u * u * a[i] + 2.0 * u * t * q[i] + t * t * c[i]
    };
    [axis(0), axis(1)]
}

/// The integer pixel box `(x0, y0, w, h)` that holds `min..max` with `pad` spare pixels around, or
/// `None` when it is not finite, empty or larger than a canvas may be.
pub(crate) fn pixel_box(
    min_x: f32,
    min_y: f32,
    max_x: f32,
    max_y: f32,
    pad: f32,
) -> Option<(i32, i32, u32, u32)> {
    let v = [min_x, min_y, max_x, max_y];
    if v.iter().any(|c| !c.is_finite() || c.abs() > 1.0e7) || max_x < min_x || max_y < min_y {
        return None;
    }
    let x0 = (min_x - pad).floor();
    let y0 = (min_y - pad).floor();
    let w = ((max_x + pad).ceil() - x0).max(1.0) as u64;
    let h = ((max_y + pad).ceil() - y0).max(1.0) as u64;
    if w * h > MAX_CANVAS_PIXELS {
        return None;
    }
    Some((x0 as i32, y0 as i32, w as u32, h as u32))
}

/// The pixel box `(x, y, width, height)` of the mask the raster backend (`fill_mask`, `fill_mask_nonzero`) makes of
/// `path`, without rasterizing; `None` where they give an empty mask.
pub fn fill_box(path: &Path) -> Option<(i32, i32, u32, u32)> {
    if path.is_empty() {
        return None;
    }
    let (bx0, by0, bx1, by1) = path.bounds();
    pixel_box(bx0, by0, bx1, by1, 1.0)
}
