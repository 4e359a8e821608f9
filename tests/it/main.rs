//! The integration tests as one binary (one link instead of fourteen), as tiny-skia's tests/integration.

mod animations;
mod batch;
mod cli_text;
mod common;
mod encode_gif;
mod figures;
mod hardening;
mod interrupt;
mod knight_construct;
mod props;
mod render_core;
mod solve_knight;
mod solve_queens;
mod solve_tromino;
mod tromino_color;
mod tromino_stream;
