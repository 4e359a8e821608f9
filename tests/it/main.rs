//! The integration tests as one binary (one link instead of fourteen), as tiny-skia's tests/integration.

mod animations;
mod batch;
mod case_batch;
mod cli_options;
mod cli_text;
mod common;
mod encode_gif;
mod figures;
mod golden;
mod hardening;
mod interrupt;
mod knight_construct;
mod knight_four;
mod library;
mod library_errors;
mod palette_rules;
mod props;
mod render_core;
mod sheets;
mod solve_knight;
mod solve_queens;
mod solve_tromino;
mod tromino_color;
mod tromino_stream;
mod vector;
