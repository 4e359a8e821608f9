//! The vector backends: a [`DisplayList`](crate::display::list::DisplayList) written as SVG, PDF or TikZ.

pub mod html;
mod layers;
pub mod pdf;
mod pdf_tags;
mod sink;
pub mod svg;
pub mod tikz;

pub use self::pdf::PdfOptions;

#[cfg(test)]
mod tests;
