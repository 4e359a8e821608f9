//! The painter's own tests: primitives and the PNG encoder decoded back, text, themes and the
//! crown measured, what a frame repaints counted against what it changes, and streamed boards.

mod pair_repaint;
mod panel_repaint;
mod render_core;
mod repaint_cost;
mod text_and_themes;
mod tromino_stream;

use crate::display::palette::Palette;
use crate::display::Rgb;
use crate::encode::png::write_png;
use crate::raster::canvas::Canvas;

/// Decodes a PNG to (width, height, RGB pixels) with the `image` crate, independently of our encoder.
fn decode(png: &[u8]) -> (u32, u32, Vec<Rgb>) {
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("our PNG decodes")
        .to_rgb8();
    let (w, h) = img.dimensions();
    (w, h, img.pixels().map(|p| p.0).collect())
}

fn png_bytes(canvas: &Canvas, palette: &Palette) -> Vec<u8> {
    let mut out = Vec::new();
    write_png(&mut out, canvas, palette).expect("encodes");
    out
}
