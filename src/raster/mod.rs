//! The raster backend: a figure's display items (made in `display::figure`) painted into a
//! [`Canvas`] of palette indices; and the streamed raster of boards too large for a canvas.
//!
//! It paints rectangles, masks, symbols and lines; what they are (boards, pieces, numbers) and in
//! which colours is the figure's business, never this module's.

pub mod board;
pub mod canvas;
mod glyph_masks;
pub mod mask;
mod paint;
pub mod stream;
mod text;

#[cfg(test)]
mod tests;
