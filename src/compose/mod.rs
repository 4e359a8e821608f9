//! Composition: whole pictures made of rendered boards: a still and its page (margin, background,
//! resolution), animations, frame sequences, contact sheets and batches, and what each costs in memory before it is drawn (`budget`).

pub mod animate;
pub mod animate_tex;
pub mod budget;
pub mod captions;
pub mod figure;
pub mod fit;
pub mod formats;
pub mod frame_sizes;
pub mod frames;
pub mod knight_story;
pub mod page;
pub mod pair;
pub mod player;
pub mod preset;
pub mod sheet;
pub mod step_captions;
pub mod stream;
pub mod streamed_png;
pub mod style;
pub mod survey;
#[cfg(test)]
mod survey_tests;
pub mod vector_still;
