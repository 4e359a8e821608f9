//! Encoders: a [`Canvas`](crate::render::Canvas) and its [`Palette`](crate::render::Palette) to
//! PNG or GIF bytes.

pub mod png;

pub use self::png::{write_png, PngRowWriter};
