//! Animations of the step stream (GIF, APNG, WebP, MP4): each format an encoder fed by the one
//! walk of the steps, streamed as it is made, so memory does not grow with the number of frames.

pub(crate) mod about;
mod encoder;
mod format;
mod gif;
pub mod problems;
mod rects;
mod video;

pub use self::format::{
    animate, animate_problem, foresee_animation, needs_foreseeing, write_animation,
    write_foreseen_animation, AnimationFormat, AnimationStats,
};
pub use self::gif::check_size;
pub use crate::compose::stream::{Framing, NoProgress, Pacing, Progress};

#[cfg(test)]
mod words_tests;
