//! What stands on a cell: start and end rings, the nodes that hold numbers, pieces, corner tags and
//! badges, and the numbers themselves.
//!
//! A number on a path sits on a disc drawn over the path (a node with a ring in cells of 28 px and
//! more, a disc in the cell's own colour below), so the path stops short of every number; the font
//! size is chosen so that the widest number fits inside the node's ring. A cell with both a piece and
//! a number shows the piece as every other piece and its number in a tag in the corner
//! ([`number_tag`](super::number_tag)).

use super::number_tag::{tag_number_px, TAGGED_PIECE_SHIFT};
use super::overlay::{MarkIndex, GHOST_ALPHA};
use super::{ItemBuilder, Place, Placed, SymbolKey};
use crate::display::glyph::Font;
use crate::display::list::{FillRule, Ink, Layer, Painter, SymbolShape};
use crate::display::text_size::{number_px, NumberRoom};
use crate::geom::Rect;
use crate::geom::Square;
use crate::geom::{fill_box, Path};
use crate::scene::{Emphasis, LabelStyle, MarkKind, Marker, Scene};

/// Smallest cell (px) whose numbers sit in ringed nodes.
const NODE_MIN_CELL: u32 = 28;
/// Node radius as a share of the cell; ring weights of plain and marked (start, end) nodes.
const NODE_RADIUS: f32 = 0.36;
const NODE_RING: f32 = 0.04;
const NODE_RING_MARKED: f32 = 0.075;
/// Below [`NODE_MIN_CELL`]: the radius of the disc that clears the path around a number, and the
/// weight of the start and end rings drawn on its edge (at least [`MIN_RING_PX`]).
const CLEAR_RADIUS: f32 = super::NODE_EDGE;
const CLEAR_RING: f32 = 0.07;
const MIN_RING_PX: f32 = 1.5;
/// Room kept between a number's ink box and its node's ring, as a share of the cell.
const NUMBER_PAD: f32 = 0.025;
/// The start's second ring ([`ItemBuilder::start_ring`]): its middle's radius and its weight as
/// shares of the cell; outside every first ring (a node's reaches 0.36, a marker's 0.415) with a
/// light gap, inside the cell.
const START_RING_RADIUS: f32 = 0.465;
const START_RING: f32 = 0.035;
/// Start and end rings of cells without numbers: radius and weight as shares of the cell.
const MARKER_RADIUS: f32 = 0.38;
const MARKER_RING: f32 = 0.07;
/// The halo that keeps a number clear of a mark or an arrow over its cell: how far it reaches beyond
/// the digits, as a share of the font size, and at least (whole pixels, as the raster dilates).
const NUMBER_HALO: f32 = 0.12;
const MIN_HALO_PX: f32 = 2.0;
/// The size of numbers on a path in `cell`-pixel cells and whether they sit in ringed nodes, or
/// `None` where they cannot be legible. Ringed nodes are used from [`NODE_MIN_CELL`] up where the
/// widest number fits inside the ring; otherwise a larger disc in the cell's colour clears the path.
pub(crate) fn path_numbers(font: &Font, cell: u32, max_label: u32) -> Option<(f32, bool)> {
    let c = cell as f32;
    let room = |radius: f32| NumberRoom::Disc {
        radius: radius / c,
        pad: NUMBER_PAD,
    };
    if cell >= NODE_MIN_CELL {
        let ringed = room(c * (NODE_RADIUS - NODE_RING_MARKED));
        if let Some(px) = number_px(font, cell, max_label, ringed) {
            return Some((px, true));
        }
    }
    let clear = room(c * CLEAR_RADIUS - (c * CLEAR_RING).max(MIN_RING_PX));
    number_px(font, cell, max_label, clear).map(|px| (px, false))
}

/// True when something the reader adds lies over `sq`: a mark other than a tint, or an arrow or a
/// link whose box of cells holds it (a box, so that the halo never depends on how the line is
/// drawn; where the line misses the number the halo only repeats the colour under it).
fn overlaid(scene: &Scene, sq: Square, marks: &MarkIndex) -> bool {
    let in_box = |a: Square, b: Square| {
        (a.row.min(b.row)..=a.row.max(b.row)).contains(&sq.row)
            && (a.col.min(b.col)..=a.col.max(b.col)).contains(&sq.col)
    };
    marks.at(sq).iter().any(|&(k, _)| k != MarkKind::Fill)
        || scene.arrows().iter().any(|a| in_box(a.from, a.to))
        || scene.links().iter().any(|l| in_box(l.a, l.b))
}

/// Centre (on both axes) and radius of the node that holds a number on a path.
fn node_geometry(cell: f32) -> (f32, f32) {
    (cell / 2.0, cell * NODE_RADIUS)
}

/// Centre and radius of the disc that clears the path around a number in a small cell.
fn clear_geometry(cell: f32) -> (f32, f32) {
    (cell / 2.0, cell * CLEAR_RADIUS)
}

impl ItemBuilder {
    /// A ring `w` (share of the cell, at least `min_px`) wide whose outer edge is the circle
    /// `geometry` gives for the cell size: (centre, radius).
    fn ring_symbol(
        &mut self,
        key: SymbolKey,
        name: &str,
        geometry: fn(f32) -> (f32, f32),
        w: f32,
        min_px: f32,
    ) -> Option<Placed> {
        let name = name.to_string();
        self.symbol(key, move |_, size| {
            let (c, r) = geometry(size);
            let w = (size * w).max(min_px);
            let shape = SymbolShape::Ring {
                cx: c,
                cy: c,
                r: r - w / 2.0,
                width: w,
            };
            (name, shape, Place::AsIs)
        })
    }

    /// The disc `geometry` gives for the cell size: (centre, radius).
    pub(super) fn disc_symbol(
        &mut self,
        key: SymbolKey,
        name: &str,
        geometry: fn(f32) -> (f32, f32),
    ) -> Option<Placed> {
        let name = name.to_string();
        self.symbol(key, move |_, size| {
            let (c, r) = geometry(size);
            let shape = SymbolShape::Fill {
                path: Path::circle(c, c, r),
                rule: FillRule::Union,
            };
            (name, shape, Place::AsIs)
        })
    }

    pub(super) fn foreground(
        &mut self,
        scene: &Scene,
        out: &mut dyn Painter,
        sq: Square,
        marks: &MarkIndex,
    ) {
        let cell = *scene.cell(sq);
        let rect = self.layout.cell_rect(sq);
        let fill = self.fill_ink(&cell);
        let on_path = scene.label_style() == LabelStyle::Node;
        let px = if on_path {
            self.path_px.map(|(px, _)| px)
        } else {
            self.plain_px
        };
        if cell.label.is_some() && px.is_none() {
            self.omitted.numbers = true;
            self.numbers_on_path = on_path;
        }
        let label = cell.label.filter(|_| px.is_some());
        // A dead end is a cross of its own (see `cell_overlays`), not a ring.
        let marker = cell.marker.and_then(|m| match m {
            Marker::Start => Some(self.colors.start),
            Marker::End => Some(self.colors.end),
            Marker::DeadEnd => None,
        });
        if self.on_dotted_path(sq) {
            self.path_dot(out, sq, rect);
        }
        // A piece keeps its size and its square's number moves to a tag in the corner; in cells too
        // small for a legible tag beside the piece (numbers straight on their fills can be legible
        // in smaller cells than a tag) the number stays in the middle and the piece is left out.
        let tag_px = match (cell.piece, label) {
            (Some(_), Some(_)) => tag_number_px(&self.font, self.layout.cell(), self.max_label),
            _ => None,
        };
        let piece_shown = cell.piece.is_some() && (label.is_none() || tag_px.is_some());
        let big = self.path_px.is_some_and(|(_, ringed)| ringed);
        let mut number_bg = fill;
        // Down and to the left, out of the tag's corner; clipped to its own square.
        let shift = if tag_px.is_some() {
            let c = self.layout.cell() as f32;
            let (left, down) = TAGGED_PIECE_SHIFT;
            (-(c * left).round() as i32, (c * down).round() as i32)
        } else {
            (0, 0)
        };
        if on_path && label.is_some() && tag_px.is_some() {
            // The path stops short of the piece, as it does at a number's node.
            self.clear_under_piece(out, rect, shift, fill);
        } else if on_path && label.is_some() {
            if big {
                let ring = marker.unwrap_or(self.colors.path);
                let disc = self.disc_symbol(SymbolKey::NodeDisc, "node", node_geometry);
                let ring_shape = if marker.is_some() {
                    let key = SymbolKey::MarkedRing;
                    self.ring_symbol(
                        key,
                        "node-ring-marked",
                        node_geometry,
                        NODE_RING_MARKED,
                        1.0,
                    )
                } else {
                    self.ring_symbol(
                        SymbolKey::NodeRing,
                        "node-ring",
                        node_geometry,
                        NODE_RING,
                        1.0,
                    )
                };
                self.put(out, Layer::Marks, disc, rect, self.colors.node);
                self.put(out, Layer::Marks, ring_shape, rect, ring);
                number_bg = self.colors.node;
            } else if let (None, Some(n), Some(px)) = (marker, label, px) {
                // A box just around the digits clears the path, so the lines reach the number
                // instead of stopping at the edge of a disc nobody sees.
                let clear = self.number_box(n, px);
                self.put(out, Layer::Marks, clear, rect, fill);
            } else {
                let disc = self.disc_symbol(SymbolKey::ClearDisc, "clear", clear_geometry);
                self.put(out, Layer::Marks, disc, rect, fill);
                if let Some(color) = marker {
                    let key = SymbolKey::ClearRing;
                    let ring = self.ring_symbol(
                        key,
                        "clear-ring",
                        clear_geometry,
                        CLEAR_RING,
                        MIN_RING_PX,
                    );
                    self.put(out, Layer::Marks, ring, rect, color);
                }
            }
        } else if marker.is_some() && piece_shown {
            // The piece marks its square (as large as every piece: a ring around it would run
            // through it); the path stops short of it.
            self.clear_under_piece(out, rect, shift, fill);
        } else if let Some(color) = marker {
            let ring = self.symbol(SymbolKey::MarkerRing, |_, size| {
                let shape = SymbolShape::Ring {
                    cx: size / 2.0,
                    cy: size / 2.0,
                    r: size * MARKER_RADIUS,
                    width: (size * MARKER_RING).max(1.0),
                };
                ("marker".into(), shape, Place::AsIs)
            });
            self.put(out, Layer::Marks, ring, rect, color);
        }
        if cell.marker == Some(Marker::Start) && marker.is_some() && !piece_shown {
            self.start_ring(out, rect);
        }
        self.cell_overlays(out, &cell, rect, marks.at(sq));
        let alpha = if cell.emphasis == Emphasis::Ghost {
            GHOST_ALPHA
        } else {
            255
        };
        match (cell.piece, label, tag_px) {
            (Some(piece), None, _) => self.piece(out, piece, rect, alpha),
            (Some(piece), Some(_), Some(_)) => self.piece_at(out, piece, (rect, shift), alpha),
            // No room for both: the number alone.
            _ => {}
        }
        if cell.piece.is_some() {
            self.reader_marks(out, rect, marks.at(sq), Layer::Badges);
        }
        if let Some(&badge) = scene.badges().iter().find(|b| b.square == sq) {
            self.count_badge(out, &badge, rect);
        }
        match (label, px, tag_px) {
            (Some(n), _, Some(tag_px)) => {
                let ring = marker.unwrap_or(self.colors.path);
                self.number_tag(out, rect, (n, tag_px), (fill, ring), marker.is_some());
            }
            (Some(n), Some(px), None) => {
                self.number(scene, out, sq, marks, (n, px, on_path, number_bg))
            }
            _ => {}
        }
        self.mistakes(out, rect, marks.mistakes_at(sq));
    }

    /// The number `n` of the cell at `sq`, at `px`, on a node (`on_path`) or on the fill `number_bg`.
    fn number(
        &mut self,
        scene: &Scene,
        out: &mut dyn Painter,
        sq: Square,
        marks: &MarkIndex,
        (n, px, on_path, number_bg): (u32, f32, bool, Ink),
    ) {
        let rect = self.layout.cell_rect(sq);
        let ink = self
            .colors
            .ink_on
            .get(&number_bg)
            .copied()
            .unwrap_or(self.colors.ink_margin);
        let key = SymbolKey::Label(n, on_path);
        let number = self.text_symbol(
            key,
            || n.to_string(),
            px,
            |font, size| {
                let path = font.text_path(&n.to_string(), px);
                let shape = SymbolShape::Fill {
                    path,
                    rule: FillRule::NonZero,
                };
                let centre = size / 2.0;
                (format!("n{n}"), shape, Place::Centred(centre, centre))
            },
        );
        if overlaid(scene, sq, marks) {
            // A halo of the colour the ink was chosen for, over the marks and arrows and under the
            // digits: each digit's pixels are what they are without the overlay.
            let halo = self.number_halo(n, on_path, px);
            self.put(out, Layer::Numbers, halo, rect, number_bg);
        }
        self.put(out, Layer::Numbers, number, rect, ink);
    }

    /// The start's second ring: a thin one near the cell's edge around its ring, so that the start
    /// and the end differ in shape (a double ring against a single one), not only in colour; print
    /// draws them in two greys a photocopy can merge.
    fn start_ring(&mut self, out: &mut dyn Painter, rect: Rect) {
        let ring = self.symbol(SymbolKey::StartRing, |_, size| {
            let width = (size * START_RING).max(1.0);
            let shape = SymbolShape::Ring {
                cx: size / 2.0,
                cy: size / 2.0,
                r: size * START_RING_RADIUS,
                width,
            };
            ("start-ring".into(), shape, Place::AsIs)
        });
        self.put(out, Layer::Marks, ring, rect, self.colors.start);
    }

    /// The halo of number `n` at `px`: its digits grown solid by a few pixels, centred as the number.
    fn number_halo(&mut self, n: u32, on_path: bool, px: f32) -> Option<Placed> {
        self.symbol(SymbolKey::NumberHalo(n, on_path), |font, size| {
            let shape = SymbolShape::Halo {
                path: font.text_path(&n.to_string(), px),
                grow: (px * NUMBER_HALO).round().max(MIN_HALO_PX),
                solid: true,
            };
            let centre = size / 2.0;
            (format!("h{n}"), shape, Place::Centred(centre, centre))
        })
    }

    /// The box of number `n`'s digits at `px` grown by a few pixels, centred as the number.
    fn number_box(&mut self, n: u32, px: f32) -> Option<Placed> {
        self.symbol(SymbolKey::NumberBox(n), |font, size| {
            let g = MIN_HALO_PX as i32;
            let (x, y, w, h) = fill_box(&font.text_path(&n.to_string(), px)).unwrap_or_default();
            let (x0, y0) = ((x - g) as f32, (y - g) as f32);
            let (x1, y1) = ((x + w as i32 + g) as f32, (y + h as i32 + g) as f32);
            let path = Path::polygon(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)]);
            let shape = SymbolShape::Fill {
                path,
                rule: FillRule::Union,
            };
            let centre = size / 2.0;
            (format!("b{n}"), shape, Place::Centred(centre, centre))
        })
    }
}
