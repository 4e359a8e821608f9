//! The display list and its builder: a [`Scene`](crate::scene::Scene) laid out as drawing items in
//! figure pixels (rectangles, filled paths, strokes, rings, text as glyph outlines), each with an ink of
//! the theme's palette. All geometry and proportions live here, once; every backend (raster, SVG, PDF)
//! draws the same list.

pub(crate) mod caption;
pub mod colour_check;
pub(crate) mod counter;
pub mod crown;
pub mod figure;
pub mod glyph;
pub(crate) mod items;
pub mod layout;
pub mod list;
pub mod look;
pub mod palette;
pub(crate) mod panel;
pub(crate) mod panel_tree;
pub(crate) mod pixel_line;
pub(crate) mod step_colours;
pub(crate) mod stroke_digits;
pub(crate) mod text_size;
pub mod theme;
pub mod theme_check;
pub mod theme_roles;
pub(crate) mod turbo_screen;

pub use glyph::Font;
pub use items::Omitted;
pub use palette::Rgb;
pub use theme::Theme;
pub use theme_roles::parse_colour;
