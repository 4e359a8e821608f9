//! The vector backends: a [`DisplayList`](crate::display::list::DisplayList) written as SVG, PDF or TikZ.

pub mod html;
mod layers;
pub mod pdf;
mod pdf_tags;
mod sink;
pub mod svg;
pub mod tikz;

pub use self::pdf::{write_pdf, write_pdf_with, PdfOptions};
pub use self::svg::{write_svg, write_svg_with, SvgOptions};
pub use self::tikz::{write_tikz, write_tikz_with, TikzOptions};
