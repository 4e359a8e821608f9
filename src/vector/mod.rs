//! The vector backends: a [`DisplayList`](crate::display::list::DisplayList) written as SVG or PDF.

mod layers;
pub mod pdf;
pub mod svg;

pub use self::pdf::{write_pdf, write_pdf_with, PdfOptions};
pub use self::svg::{write_svg, write_svg_with, SvgOptions};
