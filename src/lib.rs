//! chessviz solves three classic chessboard problems and draws them as PNG figures and animated GIFs.
//!
//! The pipeline runs one way: [`solve`] (pure solvers yielding step traces) -> [`scene`] (what each cell
//! shows) -> [`render`] (a canvas of palette indices) -> [`encode`] (PNG or GIF bytes) -> [`output`]
//! (atomic files). [`figure`] and [`animate`] wrap the pipeline for a PNG still or an animated GIF;
//! [`batch`] draws many queens solutions in parallel and [`sheet`] lays them out on a contact sheet.
//!
//! # Example
//!
//! Tile an 8 x 8 board whose special square is at row 2, column 2, and draw the tiling with its tile
//! numbers as a PNG:
//!
//! ```
//! use chessviz::figure::{self, Style};
//! use chessviz::scene::tromino::TrominoStyle;
//! use chessviz::solve::tromino::TrominoProblem;
//! use chessviz::Square;
//!
//! let problem = TrominoProblem::new(3, Square::new(2, 2))?;
//! assert_eq!(problem.tile_count(), 21);
//!
//! let look = TrominoStyle { numbers: true, ..TrominoStyle::default() };
//! let still = figure::tromino(&problem, look, &Style::new(32))?;
//! // 8 cells of 32 pixels and the default margin of 16 on both sides.
//! assert_eq!((still.canvas.width(), still.canvas.height()), (288, 288));
//!
//! let mut png = Vec::new();
//! still.write_png(&mut png)?;
//! assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
//! # Ok::<(), chessviz::Error>(())
//! ```

pub mod adapter;
pub mod animate;
pub mod batch;
pub mod cancel;
pub mod encode;
pub mod error;
pub mod figure;
pub mod output;
pub mod render;
pub mod scene;
pub mod sheet;
pub mod sheet_render;
pub mod solve;
pub mod text;

pub use error::{Error, Result};
pub use render::{Canvas, Palette, Rect};
pub use solve::Square;
