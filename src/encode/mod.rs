//! Encoders: a [`Canvas`](crate::raster::canvas::Canvas) and its [`Palette`](crate::display::palette::Palette) to
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

pub use self::gif::Repeat;
pub use crate::vector::PdfOptions;

#[cfg(test)]
mod tests;
