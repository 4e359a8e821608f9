//! The painter's own tests: primitives and the PNG encoder decoded back, text, themes and the
//! crown measured, what a frame repaints counted against what it changes, and streamed boards.

mod pair_repaint;
mod panel_repaint;
mod render_core;
mod repaint_cost;
mod text_and_themes;
mod tromino_stream;
