//! Encoders: a [`Canvas`](crate::render::Canvas) and its [`Palette`](crate::render::Palette) to
//! PNG or GIF bytes.

pub mod gif;

pub use self::gif::{GifStats, GifWriter, Repeat};
