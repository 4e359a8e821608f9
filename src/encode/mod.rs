//! Encoders: a [`Canvas`](crate::render::Canvas) and its [`Palette`](crate::render::Palette) to
//! PNG or GIF bytes.

pub mod gif;
pub mod png;

pub use self::gif::{GifStats, GifWriter, Repeat};
pub use self::png::{write_png, PngRowWriter};
