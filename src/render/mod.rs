//! From a [`Scene`](crate::scene::Scene) to a [`Canvas`] of palette indices.
//!
//! The renderer knows boards, cells, pieces, numbers and lines, never queens or knights.

pub mod board;
pub mod canvas;
pub mod layout;
pub mod palette;

pub use canvas::{Canvas, Rect};
pub use palette::{Palette, Rgb};
