//! chessviz solves three classic chessboard problems and draws them as PNG figures and animated GIFs.
//!
//! The pipeline runs one way: [`solve`] (pure solvers yielding step traces) -> [`scene`] (what each cell
//! shows) -> [`render`] (a canvas of palette indices) -> [`encode`] (PNG or GIF bytes) -> [`output`]
//! (atomic files).

pub mod animate;
pub mod batch;
pub mod encode;
pub mod error;
pub mod figure;
pub mod output;
pub mod render;
pub mod scene;
pub mod sheet;
pub mod solve;
pub mod text;

pub use error::{Error, Result};
pub use render::{Canvas, Palette, Rect};
pub use solve::Square;
