//! From a [`Scene`](crate::scene::Scene) to a [`Canvas`] of palette indices.
//!
//! The renderer knows boards, cells, pieces, numbers and lines, never queens or knights.

pub mod board;
pub mod canvas;
pub mod colour_check;
pub mod crown;
pub mod glyph;
mod items;
pub mod layout;
mod paint;
pub mod palette;
pub mod raster;
pub mod stream;
mod text_size;
pub mod theme;

pub use canvas::{Canvas, Rect};
pub use glyph::Font;
pub use items::Omitted;
pub use palette::{Palette, PaletteBuilder, Rgb, RAMP_LEVELS};
pub use raster::{blit, fill_mask, ring_mask, stroke_mask, Mask, Path, Segment};
pub use theme::Theme;
