//! Encoders: a [`Canvas`](crate::render::Canvas) and its [`Palette`](crate::render::Palette) to
//! PNG or GIF bytes, and a [`DisplayList`](crate::draw::DisplayList) to SVG or PDF.

pub mod gif;
pub mod pdf;
pub mod png;
pub mod svg;
mod vector;

pub use self::gif::{GifStats, GifWriter, Repeat};
pub use self::pdf::{write_pdf, write_pdf_with, PdfOptions};
pub use self::png::{write_png, write_png_with, PngOptions, PngRowWriter};
pub use self::svg::{write_svg, write_svg_with, SvgOptions};
