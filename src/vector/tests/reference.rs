//! An independent raster of a display list (an RGB painter from the library's coverage masks, no
//! palette ramps), and the colours of the hand-made figures.

use image::{Rgb, RgbImage};

use crate::display::list::{DisplayList, FillRule, Item, Painter, Shape, SymbolShape, Symbols};
use crate::display::palette::Palette;
use crate::geom::Rect;
use crate::raster::mask::{fill_mask, fill_mask_nonzero, ring_mask, stroke_mask, Mask};

/// The colours of the hand-made figures.
pub(super) fn test_palette() -> Palette {
    Palette::new(vec![
        [250, 248, 243], // 0 background
        [240, 217, 181], // 1 light
        [181, 136, 99],  // 2 dark
        [30, 30, 30],    // 3 ink
        [200, 40, 40],   // 4 red
        [40, 90, 200],   // 5 blue
        [160, 160, 160], // 6 grey
    ])
    .expect("palette")
}

/// An independent RGB painter: each item's coverage from the library's masks, blended in sRGB
/// in paint order, no palette ramps.
struct RgbPainter<'p> {
    img: RgbImage,
    palette: &'p Palette,
}

impl RgbPainter<'_> {
    fn blend(&mut self, mask: &Mask, ink: u8, alpha: u8, clip: Rect) {
        let fg = self.palette.rgb(ink);
        let (w, h) = self.img.dimensions();
        let clip = clip.intersect(&Rect::new(0, 0, w, h));
        for y in clip.y..clip.y + clip.height {
            for x in clip.x..clip.x + clip.width {
                let c = f32::from(mask.at(x as i32, y as i32)) / 255.0 * f32::from(alpha) / 255.0;
                if c > 0.0 {
                    let p = self.img.get_pixel_mut(x, y);
                    for i in 0..3 {
                        p[i] = (f32::from(p[i]) * (1.0 - c) + f32::from(fg[i]) * c).round() as u8;
                    }
                }
            }
        }
    }
}

/// `mask` grown by `grow` pixels: each pixel the largest coverage within that distance.
fn dilate(mask: &Mask, grow: f32) -> Mask {
    let g = grow.ceil() as i32;
    let mut out = Mask::zeroed(
        mask.x - g,
        mask.y - g,
        mask.width + 2 * g as u32,
        mask.height + 2 * g as u32,
    );
    for row in 0..out.height as i32 {
        for col in 0..out.width as i32 {
            let (x, y) = (out.x + col, out.y + row);
            let mut best = 0;
            for dy in -g..=g {
                for dx in -g..=g {
                    if ((dx * dx + dy * dy) as f32) <= grow * grow + 1.0 {
                        best = best.max(mask.at(x + dx, y + dy));
                    }
                }
            }
            out.coverage[(row as u32 * out.width + col as u32) as usize] = best;
        }
    }
    out
}

impl Painter for RgbPainter<'_> {
    fn paint(&mut self, item: &Item<'_>, symbols: &Symbols) {
        let mask = match item.shape {
            Shape::Rect(r) => {
                let mut m = Mask::zeroed(r.x as i32, r.y as i32, r.width, r.height);
                m.coverage.fill(255);
                m
            }
            Shape::Symbol { id, dx, dy } => {
                let m = match &symbols.get(id).shape {
                    SymbolShape::Fill {
                        path,
                        rule: FillRule::NonZero,
                    } => fill_mask_nonzero(path),
                    SymbolShape::Fill {
                        path,
                        rule: FillRule::Union,
                    } => fill_mask(path),
                    SymbolShape::Text(run) => fill_mask_nonzero(run.outline()),
                    SymbolShape::Ring { cx, cy, r, width } => ring_mask(*cx, *cy, *r, *width),
                    SymbolShape::Halo { path, grow, .. } => dilate(&fill_mask_nonzero(path), *grow),
                };
                m.translated(dx, dy)
            }
            Shape::Polyline { points, width } => {
                let pts: Vec<(f32, f32)> = points.iter().map(|p| (p[0], p[1])).collect();
                stroke_mask(&pts, width)
            }
        };
        self.blend(&mask, item.ink, item.alpha, item.clip);
    }
}

/// The independent raster of `list`, starting from palette colour 0.
pub(super) fn reference_raster(list: &DisplayList, palette: &Palette) -> RgbImage {
    let mut p = RgbPainter {
        img: RgbImage::from_pixel(list.width, list.height, Rgb(palette.rgb(0))),
        palette,
    };
    list.replay(&mut p);
    p.img
}
