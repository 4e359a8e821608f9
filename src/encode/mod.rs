//! Encoders: a [`Canvas`](crate::raster::Canvas) and its [`Palette`](crate::display::Palette) to
//! PNG or GIF bytes. The SVG and PDF writers of a display list live in the vector backend and are
//! re-exported here, where callers have always found them.

pub mod apng;
pub mod gif;
pub mod h264;
mod lzw;
pub mod mp4;
pub mod png;
pub mod rgba;
mod vp8l;
pub mod webp;

pub use self::gif::{GifStats, GifWriter, Repeat};
pub use self::png::{write_png, write_png_with, PngOptions, PngRowWriter};
pub use crate::vector::{pdf, svg, tikz};
pub use crate::vector::{
    write_pdf, write_pdf_with, write_svg, write_svg_with, write_tikz, write_tikz_with, PdfOptions,
    SvgOptions, TikzOptions,
};
