//! The raster backend: a [`Scene`](crate::scene::Scene) laid out by the display list, painted into a
//! [`Canvas`] of palette indices; and the streamed raster of boards too large for a canvas.
//!
//! It knows boards, cells, pieces, numbers and lines, never queens or knights.

pub mod board;
pub mod canvas;
mod glyph_masks;
pub mod mask;
mod paint;
mod scene_colours;
pub mod stream;
mod text;

#[cfg(test)]
mod tests;
