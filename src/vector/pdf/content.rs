//! Content stream operators: a draw of the display list on the page, a symbol's Form XObject
//! (numbers split into glyphs, each a form of its own), contours and circles in figure pixels
//! rounded to hundredths, and the names of the resources they use.

use std::collections::HashMap;

use pdf_writer::{Content, Name};

use crate::display::list::{Ink, Shape, SymbolShape};
use crate::display::palette::Palette;
use crate::geom::Segment;
use crate::vector::layers::{self, Draw};
use crate::vector::svg::path_data;

/// Circle control-point distance for four cubic arcs, as a share of the radius.
const KAPPA: f32 = 0.552_284_8;

/// The glyph outlines of the numbers, each once, by their path data.
#[derive(Default)]
pub(super) struct Glyphs {
    index: HashMap<String, usize>,
    pub(super) outlines: Vec<Vec<Vec<Segment>>>,
}

impl Glyphs {
    /// The index of `outline` (at the origin), added if new.
    fn add(&mut self, outline: Vec<Vec<Segment>>) -> usize {
        let key = path_data(&outline);
        let next = self.outlines.len();
        let g = *self.index.entry(key).or_insert(next);
        if g == next {
            self.outlines.push(outline);
        }
        g
    }
}

pub(super) fn glyph_name(g: usize) -> String {
    format!("G{g}")
}

pub(super) fn form_name(i: usize) -> String {
    format!("S{i}")
}

pub(super) fn alpha_name(a: u8) -> String {
    format!("A{a}")
}

/// A coordinate rounded to hundredths of a pixel.
fn n(v: f32) -> f32 {
    layers::hundredths(v) as f32 / 100.0
}

/// The colour, opacity and line width last set on the page (outside any `q` ... `Q`).
#[derive(Default)]
pub(super) struct State {
    ink: Option<Ink>,
    alpha: Option<u8>,
    line_width: Option<f32>,
}

impl State {
    /// Sets the fill and stroke colour to `ink` and the opacity to `alpha`, where they differ.
    pub(super) fn paint(&mut self, c: &mut Content, palette: &Palette, ink: Ink, alpha: u8) {
        if self.ink != Some(ink) {
            let [r, g, b] = palette.rgb(ink).map(|v| f32::from(v) / 255.0);
            c.set_fill_rgb(r, g, b);
            c.set_stroke_rgb(r, g, b);
            self.ink = Some(ink);
        }
        if self.alpha.unwrap_or(255) != alpha {
            c.set_parameters(Name(alpha_name(alpha).as_bytes()));
            self.alpha = Some(alpha);
        }
    }

    fn line_width(&mut self, c: &mut Content, width: f32) {
        let width = n(width);
        if self.line_width != Some(width) {
            c.set_line_width(width);
            self.line_width = Some(width);
        }
    }
}

pub(super) fn write_draw(c: &mut Content, state: &mut State, d: &Draw<'_>, palette: &Palette) {
    state.paint(c, palette, d.ink, d.alpha);
    if let Shape::Polyline { width, .. } = d.op {
        state.line_width(c, width);
    }
    if let Some(clip) = d.clip {
        c.save_state();
        c.rect(
            clip.x as f32,
            clip.y as f32,
            clip.width as f32,
            clip.height as f32,
        );
        c.clip_nonzero();
        c.end_path();
    }
    match d.op {
        Shape::Rect(r) => {
            c.rect(r.x as f32, r.y as f32, r.width as f32, r.height as f32);
            c.fill_nonzero();
        }
        Shape::Symbol { id, dx, dy } => {
            c.save_state();
            c.transform([1.0, 0.0, 0.0, 1.0, dx as f32, dy as f32]);
            c.x_object(Name(form_name(id.0 as usize).as_bytes()));
            c.restore_state();
        }
        Shape::Polyline { points, width } => {
            if points.iter().all(|p| p == &points[0]) {
                // A line of no length: a round dot, drawn as a disc (viewers differ on zero-length caps).
                circle(c, points[0][0], points[0][1], width / 2.0);
                c.fill_nonzero();
            } else {
                c.move_to(n(points[0][0]), n(points[0][1]));
                for p in &points[1..] {
                    c.line_to(n(p[0]), n(p[1]));
                }
                c.stroke();
            }
        }
    }
    if d.clip.is_some() {
        c.restore_state();
    }
}

/// A symbol's Form XObject before it is written.
pub(super) struct SymbolBody {
    /// The content stream, drawn in the current colour.
    pub(super) content: Vec<u8>,
    /// It fills contours one by one or copies, so it must be a transparency group to be
    /// translucent evenly.
    pub(super) group: bool,
    /// The glyph forms it places.
    pub(super) glyphs: Vec<usize>,
}

/// The Form XObject content of a symbol (numbers place their glyphs from `glyphs`).
pub(super) fn symbol_content(shape: &SymbolShape, glyphs: &mut Glyphs) -> SymbolBody {
    let mut c = Content::new();
    let mut group = false;
    let mut placed = Vec::new();
    match shape {
        // A line of text draws as the fill of its outline.
        SymbolShape::Fill { .. } | SymbolShape::Text(_) => {
            let groups = shape
                .fill()
                .map_or_else(Vec::new, |(path, rule)| layers::fill_groups(path, rule));
            group = groups.len() > 1;
            let split = (groups.len() == 1)
                .then(|| layers::pieces(&groups[0]))
                .flatten();
            if let Some(pieces) = split {
                // A number: its glyphs, each defined once.
                for piece in &pieces {
                    let (outline, at) = layers::normalized(piece);
                    let g = glyphs.add(outline);
                    c.save_state();
                    c.transform([1.0, 0.0, 0.0, 1.0, n(at[0]), n(at[1])]);
                    c.x_object(Name(glyph_name(g).as_bytes()));
                    c.restore_state();
                    if !placed.contains(&g) {
                        placed.push(g);
                    }
                }
            } else {
                for g in &groups {
                    if contours(&mut c, g) {
                        c.fill_nonzero();
                    }
                }
            }
        }
        SymbolShape::Ring { cx, cy, r, width } => {
            c.set_line_width(n(*width));
            circle(&mut c, *cx, *cy, *r);
            c.stroke();
        }
        SymbolShape::Halo { path, grow, .. } => {
            // The outline moved by every whole-pixel offset up to `grow` and united, as the
            // raster's grey dilation with a 3 x 3 square; a transparency group, so a translucent
            // halo is not darker where copies overlap. The copies deflate to almost nothing.
            group = true;
            let k = layers::halo_steps(*grow);
            let outline = path.contours();
            for dy in -k..=k {
                for dx in -k..=k {
                    c.save_state();
                    c.transform([1.0, 0.0, 0.0, 1.0, dx as f32, dy as f32]);
                    if contours(&mut c, &outline) {
                        c.fill_nonzero();
                    }
                    c.restore_state();
                }
            }
        }
    }
    SymbolBody {
        content: c.finish().to_vec(),
        group,
        glyphs: placed,
    }
}

/// Adds closed contours to the current path (quadratic curves become cubic ones); false when
/// there was nothing to add, so no fill operator follows an empty path.
pub(super) fn contours(c: &mut Content, contours: &[Vec<Segment>]) -> bool {
    let mut any = false;
    for contour in contours {
        let Some(first) = contour.first() else {
            continue;
        };
        any = true;
        let start = match *first {
            Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _) => a,
        };
        c.move_to(n(start[0]), n(start[1]));
        for (k, seg) in contour.iter().enumerate() {
            match *seg {
                Segment::Line(_, b) => {
                    if k + 1 < contour.len() || b != start {
                        c.line_to(n(b[0]), n(b[1]));
                    }
                }
                Segment::Quad(a, q, b) => {
                    let c1 = [
                        a[0] + (q[0] - a[0]) * 2.0 / 3.0,
                        a[1] + (q[1] - a[1]) * 2.0 / 3.0,
                    ];
                    let c2 = [
                        b[0] + (q[0] - b[0]) * 2.0 / 3.0,
                        b[1] + (q[1] - b[1]) * 2.0 / 3.0,
                    ];
                    c.cubic_to(n(c1[0]), n(c1[1]), n(c2[0]), n(c2[1]), n(b[0]), n(b[1]));
                }
                Segment::Cubic(_, q, r, b) => {
                    c.cubic_to(n(q[0]), n(q[1]), n(r[0]), n(r[1]), n(b[0]), n(b[1]));
                }
            }
        }
        c.close_path();
    }
    any
}

/// Adds a circle of four cubic arcs to the current path.
fn circle(c: &mut Content, cx: f32, cy: f32, r: f32) {
    let k = r * KAPPA;
    c.move_to(n(cx + r), n(cy));
    c.cubic_to(n(cx + r), n(cy + k), n(cx + k), n(cy + r), n(cx), n(cy + r));
    c.cubic_to(n(cx - k), n(cy + r), n(cx - r), n(cy + k), n(cx - r), n(cy));
    c.cubic_to(n(cx - r), n(cy - k), n(cx - k), n(cy - r), n(cx), n(cy - r));
    c.cubic_to(n(cx + k), n(cy - r), n(cx + r), n(cy - k), n(cx + r), n(cy));
    c.close_path();
}
