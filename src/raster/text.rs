//! Text as anti-aliased coverage masks: the display list's glyph outlines filled by the same
//! rasterizer as every other shape ([`fill_mask_nonzero`]), so a hostile font cannot make the renderer
//! allocate more than a canvas.

use crate::display::glyph::Font;
use crate::raster::mask::{fill_mask_nonzero, Mask};

impl Font {
    /// The coverage of `text` at `px`, kerned, placed so that the top-left corner of its ink box (the
    /// tight box around the drawn outlines, not the line box) is exactly at (0, 0): the mask's `x`, `y`
    /// are where its first pixel lies relative to that corner (normally -1, -1, a pixel of padding).
    /// Blitted at an integer offset, the ink box starts exactly at that offset.
    /// Text without ink (empty, spaces) gives an empty mask.
    pub fn text_mask(&self, text: &str, px: f32) -> Mask {
        fill_mask_nonzero(&self.text_path(text, px))
    }

    /// The coverage of `text` at `px` with the centre of its ink box exactly at `cx`, `cy` (canvas
    /// pixels; sub-pixel positions are honoured, so a number sits in the true middle of its cell).
    pub fn text_mask_centered(&self, text: &str, px: f32, cx: f32, cy: f32) -> Mask {
        match self.text_path_centered(text, px, cx, cy) {
            Some(path) => fill_mask_nonzero(&path),
            None => Mask::empty(),
        }
    }
}
