//! Contact sheets: many rendered boards of one size on one picture, in a grid, each labelled below,
//! with an optional title at the top.
//!
//! The sheet is composed, not redrawn: the boards are rendered elsewhere (in parallel, see
//! [`batch`] and [`render`]) with one palette, copied into place ([`page`]), and only the frames,
//! labels and title are drawn. [`layout`] places everything, [`sizing`] fits the cell and lays
//! out a problem's boards without drawing them, [`text`] sets the labels and title,
//! [`vector`] makes the same sheet as vector shapes, [`legend`] is the tromino shapes' legend.

pub mod batch;
pub mod layout;
pub mod legend;
pub mod page;
pub mod render;
pub mod sizing;
pub mod text;
pub mod vector;

pub use layout::{SheetLayout, SheetOptions, MAX_FIT_CELL, PAGE_WIDTH};
pub use page::compose;
pub use text::Label;
