//! The raster backend: paints display-list items into a canvas of palette indices.
//!
//! Symbols are rasterized once (a coverage mask each) and blitted at their whole-pixel offsets. The
//! path is painted as the union (maximum) of its segments' coverages, blended once, so joints are not
//! darkened twice; its segments are indexed by blocks of the figure so that repainting one cell looks
//! only at the segments near it, however long the path is.

use std::collections::HashMap;
use std::sync::Arc;

use crate::display::list::{FillRule, Item, Painter, Shape, SymbolId, SymbolShape, Symbols};
use crate::display::palette::Palette;
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
use crate::raster::glyph_masks::GlyphMasks;
use crate::raster::mask::{
    blit_at, fill_mask, fill_mask_nonzero, mask_rect, ring_mask, stroke_mask, Mask,
};

/// Limits (px) of the side of the square blocks that index the path's segments; within them the side
/// follows the first segment's extent, so a block holds a few segments at any cell size (fixed 64 px
/// blocks held thousands of 1-pixel cells' segments, and each repaint sorted them all).
const BLOCK_PX: std::ops::RangeInclusive<f32> = 4.0..=256.0;

/// Segment masks kept for repaints, in bytes; past it the cache starts over (a still of a huge tour
/// never needs a segment twice).
const SEGMENT_CACHE_BYTES: usize = 64 << 20;

/// What a raster backend painted: the items drawn and the pixels they covered, a pixel covered by
/// three items counted three times. It counts the work a frame costs without a clock, so a test can
/// bound it by what the frame changed (`BoardRenderer::paint_stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaintStats {
    /// Items that reached the canvas (inside their clip).
    pub items: u64,
    /// Pixels those items covered: a rectangle's area, a symbol's mask box, the path's clip (its
    /// coverage is gathered over the whole clip), each within the item's clip.
    pub pixels: u64,
}

/// The raster state of one figure: its palette (the figure's, shared) and what was rasterized
/// already.
pub(crate) struct RasterBackend {
    palette: Arc<Palette>,
    stats: PaintStats,
    /// Each symbol's mask, with the symbol's revision it was made from (an id given to another
    /// line of text makes its mask anew).
    symbols: Vec<Option<(u32, Mask)>>,
    /// Symbols painted translucent (a ghost: a queen just removed), by symbol, its revision and
    /// the opacity: the explaining queens search fades a crown at every removal.
    faded: HashMap<(SymbolId, u32, u8), Mask>,
    glyphs: GlyphMasks,
    path: PathIndex,
}

impl RasterBackend {
    pub(crate) fn new(palette: Arc<Palette>) -> RasterBackend {
        RasterBackend {
            palette,
            stats: PaintStats::default(),
            symbols: Vec::new(),
            faded: HashMap::new(),
            glyphs: GlyphMasks::default(),
            path: PathIndex::default(),
        }
    }

    #[cfg(test)]
    pub(crate) fn stats(&self) -> PaintStats {
        self.stats
    }

    /// How many symbol masks are kept.
    #[cfg(test)]
    pub(crate) fn masks_kept(&self) -> usize {
        self.symbols.iter().flatten().count()
    }

    /// Copies `rect` of `from` (a layer kept under what is drawn over it) onto `to`, counted as
    /// one item painting its pixels.
    pub(crate) fn copy(&mut self, from: &Canvas, to: &mut Canvas, rect: Rect) {
        let rect = rect.intersect(&from.bounds()).intersect(&to.bounds());
        if rect.is_empty() {
            return;
        }
        self.stats.items += 1;
        self.stats.pixels += area(rect);
        to.copy_rect(from, rect);
    }

    /// A painter drawing onto `canvas`.
    pub(crate) fn on<'a>(&'a mut self, canvas: &'a mut Canvas) -> OnCanvas<'a> {
        OnCanvas {
            backend: self,
            canvas,
        }
    }

    /// The palette and the mask of symbol `id` (rasterized on first use).
    fn symbol_mask(&mut self, id: SymbolId, symbols: &Symbols) -> (&Palette, &Mask) {
        let i = id.0 as usize;
        if self.symbols.len() <= i {
            self.symbols.resize(i + 1, None);
        }
        let glyphs = &mut self.glyphs;
        let shape = &symbols.get(id).shape;
        let revision = symbols.revision(id);
        if self.symbols[i]
            .as_ref()
            .is_some_and(|(r, _)| *r != revision)
        {
            self.symbols[i] = None;
            self.faded.retain(|(faded, _, _), _| *faded != id);
        }
        let (_, mask) = self.symbols[i].get_or_insert_with(|| {
            let mask = match shape {
                // A line of text: its glyphs from the glyph cache, not its outline filled anew.
                SymbolShape::Text(run) => glyphs.line_mask(run),
                _ => shape_mask(shape),
            };
            (revision, mask)
        });
        (&self.palette, mask)
    }
}

/// The coverage of a symbol's shape.
fn shape_mask(shape: &SymbolShape) -> Mask {
    match shape {
        SymbolShape::Fill {
            path,
            rule: FillRule::Union,
        } => fill_mask(path),
        SymbolShape::Fill {
            path,
            rule: FillRule::NonZero,
        } => fill_mask_nonzero(path),
        SymbolShape::Text(run) => fill_mask_nonzero(run.outline()),
        SymbolShape::Ring { cx, cy, r, width } => ring_mask(*cx, *cy, *r, *width),
        SymbolShape::Halo { path, grow, solid } => {
            let outline = fill_mask_nonzero(path);
            let mut mask = outline.clone();
            for _ in 0..grow.round().max(1.0) as u32 {
                mask = dilate(&mask);
            }
            if *solid {
                // Full wherever the outline reaches within one pixel less than the halo, so
                // only the halo's outer rim is soft.
                let mut core = outline;
                core.coverage
                    .iter_mut()
                    .for_each(|c| *c = if *c > 0 { 255 } else { 0 });
                for _ in 1..grow.round().max(1.0) as u32 {
                    core = dilate(&core);
                }
                let d = ((core.x - mask.x) as u32, (core.y - mask.y) as u32);
                for y in 0..core.height {
                    for x in 0..core.width {
                        let c = core.coverage[(y * core.width + x) as usize];
                        let m = &mut mask.coverage[((y + d.1) * mask.width + x + d.0) as usize];
                        *m = (*m).max(c);
                    }
                }
            }
            mask
        }
    }
}

/// [`RasterBackend`] with the canvas it paints on.
pub(crate) struct OnCanvas<'a> {
    backend: &'a mut RasterBackend,
    canvas: &'a mut Canvas,
}

impl Painter for OnCanvas<'_> {
    fn paint(&mut self, item: &Item<'_>, symbols: &Symbols) {
        let clip = item.clip.intersect(&self.canvas.bounds());
        if clip.is_empty() {
            return;
        }
        self.backend.stats.items += 1;
        match item.shape {
            Shape::Rect(rect) => {
                let rect = rect.intersect(&clip);
                self.backend.stats.pixels += area(rect);
                if item.alpha == 255 {
                    self.canvas.fill_rect(rect, item.ink);
                } else {
                    let whole = Mask {
                        x: rect.x as i32,
                        y: rect.y as i32,
                        width: rect.width,
                        height: rect.height,
                        coverage: vec![item.alpha; (rect.width * rect.height) as usize],
                    };
                    blit_at(
                        self.canvas,
                        &self.backend.palette,
                        &whole,
                        0,
                        0,
                        item.ink,
                        rect,
                    );
                }
            }
            Shape::Symbol { id, dx, dy } => {
                let covered = area(
                    mask_rect(self.backend.symbol_mask(id, symbols).1, dx, dy).intersect(&clip),
                );
                self.backend.stats.pixels += covered;
                if item.alpha == 255 {
                    let (palette, mask) = self.backend.symbol_mask(id, symbols);
                    blit_at(self.canvas, palette, mask, dx, dy, item.ink, clip);
                } else {
                    let key = (id, symbols.revision(id), item.alpha);
                    if !self.backend.faded.contains_key(&key) {
                        let faded = scaled(self.backend.symbol_mask(id, symbols).1, item.alpha);
                        self.backend.faded.insert(key, faded);
                    }
                    let mask = &self.backend.faded[&key];
                    blit_at(
                        self.canvas,
                        &self.backend.palette,
                        mask,
                        dx,
                        dy,
                        item.ink,
                        clip,
                    );
                }
            }
            Shape::Polyline { points, width } => {
                let backend = &mut *self.backend;
                backend.path.sync(points, width);
                backend.stats.pixels +=
                    backend
                        .path
                        .paint(self.canvas, &backend.palette, clip, item.ink, item.alpha);
            }
        }
    }
}

fn area(r: Rect) -> u64 {
    u64::from(r.width) * u64::from(r.height)
}

fn scaled(mask: &Mask, alpha: u8) -> Mask {
    let mut m = mask.clone();
    for c in &mut m.coverage {
        *c = ((u16::from(*c) * u16::from(alpha) + 127) / 255) as u8;
    }
    m
}

/// The segments of the polyline last painted, indexed by the blocks their ink may touch.
#[derive(Default)]
struct PathIndex {
    points: Vec<[f32; 2]>,
    width: f32,
    /// Block -> segments (index i joins points i and i + 1), in increasing order.
    blocks: HashMap<(i32, i32), Vec<u32>>,
    /// Side of the blocks in px, chosen when the first segment is added.
    block: f32,
    masks: HashMap<u32, Mask>,
    mask_bytes: usize,
}

impl PathIndex {
    /// Brings the index in line with `points`: a path changes at its end (a move, a retreat), so only
    /// the differing tail is dropped and re-added.
    fn sync(&mut self, points: &[[f32; 2]], width: f32) {
        if width != self.width {
            self.clear();
            self.width = width;
        }
        let mut keep = self.points.len().min(points.len());
        while keep > 0 && self.points[keep - 1] != points[keep - 1] {
            keep -= 1;
        }
        if keep > 0 && self.points[0] != points[0] {
            keep = 0;
        }
        while self.points.len() > keep {
            let n = self.points.len();
            if n >= 2 {
                self.remove_segment(n as u32 - 2);
            }
            self.points.pop();
        }
        for &p in &points[keep..] {
            self.points.push(p);
            let n = self.points.len();
            if n >= 2 {
                self.add_segment(n as u32 - 2);
            }
        }
    }

    fn clear(&mut self) {
        self.points.clear();
        self.blocks.clear();
        self.masks.clear();
        self.mask_bytes = 0;
    }

    /// The pixel box a segment's coverage can reach (as `stroke_mask` computes it).
    fn segment_box(&self, i: u32) -> (f32, f32, f32, f32) {
        let (a, b) = (self.points[i as usize], self.points[i as usize + 1]);
        let pad = self.width / 2.0 + 1.0;
        (
            a[0].min(b[0]) - pad,
            a[1].min(b[1]) - pad,
            a[0].max(b[0]) + pad,
            a[1].max(b[1]) + pad,
        )
    }

    fn block_range(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> (i32, i32, i32, i32) {
        let f = |v: f32| (v / self.block).floor() as i32;
        (f(x0), f(y0), f(x1), f(y1))
    }

    fn add_segment(&mut self, i: u32) {
        let (x0, y0, x1, y1) = self.segment_box(i);
        if i == 0 {
            // The index is empty: no entry depends on the block size yet.
            self.block = (x1 - x0)
                .max(y1 - y0)
                .clamp(*BLOCK_PX.start(), *BLOCK_PX.end());
        }
        let (bx0, by0, bx1, by1) = self.block_range(x0, y0, x1, y1);
        for by in by0..=by1 {
            for bx in bx0..=bx1 {
                self.blocks.entry((bx, by)).or_default().push(i);
            }
        }
    }

    /// Removes segment `i`, the last one added (its points are still in `points`).
    fn remove_segment(&mut self, i: u32) {
        let (x0, y0, x1, y1) = self.segment_box(i);
        let (bx0, by0, bx1, by1) = self.block_range(x0, y0, x1, y1);
        for by in by0..=by1 {
            for bx in bx0..=bx1 {
                if let Some(list) = self.blocks.get_mut(&(bx, by)) {
                    if list.last() == Some(&i) {
                        list.pop();
                    }
                    if list.is_empty() {
                        self.blocks.remove(&(bx, by));
                    }
                }
            }
        }
        if let Some(m) = self.masks.remove(&i) {
            self.mask_bytes -= m.coverage.len();
        }
    }

    /// Paints the union of the segments' coverage inside `clip` in `ink`; returns the pixels it
    /// gathered coverage over (the clip, or none when no segment reaches it).
    fn paint(
        &mut self,
        canvas: &mut Canvas,
        palette: &Palette,
        clip: Rect,
        ink: u8,
        alpha: u8,
    ) -> u64 {
        if self.points.len() < 2 || clip.is_empty() {
            return 0;
        }
        let (bx0, by0, bx1, by1) = self.block_range(
            clip.x as f32,
            clip.y as f32,
            (clip.x + clip.width) as f32,
            (clip.y + clip.height) as f32,
        );
        let mut ids: Vec<u32> = Vec::new();
        let whole = self.blocks.len() as i64 <= i64::from(bx1 - bx0 + 1) * i64::from(by1 - by0 + 1);
        if whole {
            // The clip spans more blocks than hold segments: walk the segments instead.
            ids.extend(0..self.points.len() as u32 - 1);
        } else {
            for by in by0..=by1 {
                for bx in bx0..=bx1 {
                    if let Some(list) = self.blocks.get(&(bx, by)) {
                        ids.extend_from_slice(list);
                    }
                }
            }
            ids.sort_unstable();
            ids.dedup();
        }
        let mut coverage = vec![0u8; (clip.width * clip.height) as usize];
        let mut any = false;
        for i in ids {
            let (x0, y0, x1, y1) = self.segment_box(i);
            let reaches = x1 >= clip.x as f32
                && y1 >= clip.y as f32
                && x0 <= (clip.x + clip.width) as f32
                && y0 <= (clip.y + clip.height) as f32;
            if !reaches {
                continue;
            }
            let computed;
            let mask = match self.masks.get(&i) {
                Some(m) => m,
                None => {
                    let (a, b) = (self.points[i as usize], self.points[i as usize + 1]);
                    let m = stroke_mask(&[(a[0], a[1]), (b[0], b[1])], self.width);
                    if self.mask_bytes + m.coverage.len() > SEGMENT_CACHE_BYTES {
                        self.masks.clear();
                        self.mask_bytes = 0;
                    }
                    // A full render of a long path needs each segment once: cache only what a later
                    // repaint of a few cells is likely to need again.
                    if self.points.len() <= 1 << 16 {
                        self.mask_bytes += m.coverage.len();
                        self.masks.entry(i).or_insert(m)
                    } else {
                        computed = m;
                        &computed
                    }
                }
            };
            let m = mask_rect(mask, 0, 0).intersect(&clip);
            if m.is_empty() {
                continue;
            }
            any = true;
            for y in m.y..m.y + m.height {
                let my = (y as i64 - i64::from(mask.y)) as usize;
                let row = &mask.coverage[my * mask.width as usize..][..mask.width as usize];
                let out =
                    &mut coverage[((y - clip.y) * clip.width) as usize..][..clip.width as usize];
                for x in m.x..m.x + m.width {
                    let v = row[(x as i64 - i64::from(mask.x)) as usize];
                    let o = &mut out[(x - clip.x) as usize];
                    *o = (*o).max(v);
                }
            }
        }
        if !any {
            return 0;
        }
        let w = canvas.width() as usize;
        let pixels = canvas.pixels_mut();
        for y in 0..clip.height {
            let row = &coverage[(y * clip.width) as usize..][..clip.width as usize];
            let start = (clip.y + y) as usize * w + clip.x as usize;
            for (p, &a) in pixels[start..start + clip.width as usize]
                .iter_mut()
                .zip(row)
            {
                if a > 0 {
                    let a = if alpha == 255 {
                        a
                    } else {
                        ((u16::from(a) * u16::from(alpha) + 127) / 255) as u8
                    };
                    *p = palette.blend(*p, ink, a);
                }
            }
        }
        area(clip)
    }
}

/// Grows a coverage mask by one pixel in every direction: a grey-level dilation (3 x 3 maximum).
fn dilate(mask: &Mask) -> Mask {
    use imageproc::morphology::{grayscale_dilate, Mask as Element};
    let (width, height) = (mask.width + 2, mask.height + 2);
    let padded = image::GrayImage::from_fn(width, height, |x, y| {
        image::Luma([mask.at(mask.x - 1 + x as i32, mask.y - 1 + y as i32)])
    });
    let grown = grayscale_dilate(&padded, &Element::square(1));
    Mask {
        x: mask.x - 1,
        y: mask.y - 1,
        width,
        height,
        coverage: grown.into_raw(),
    }
}
