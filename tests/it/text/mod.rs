//! Text: captions that wrap and are never dropped, text in any script, sizes in points, labels on
//! one baseline.

mod script;
mod sizes;
mod wrap;

use image::RgbImage;

/// The pixels of rows `y0..y1` that differ from the background (the colour at the image's
/// top-left corner): text ink.
pub fn ink(img: &RgbImage, y0: u32, y1: u32) -> Vec<(u32, u32)> {
    let bg = *img.get_pixel(0, 0);
    let mut out = Vec::new();
    for y in y0..y1.min(img.height()) {
        for x in 0..img.width() {
            if *img.get_pixel(x, y) != bg {
                out.push((x, y));
            }
        }
    }
    out
}

/// The rows of `y0..y1` that hold text ink.
pub fn inked_rows(img: &RgbImage, y0: u32, y1: u32) -> Vec<u32> {
    let mut rows: Vec<u32> = ink(img, y0, y1).into_iter().map(|(_, y)| y).collect();
    rows.dedup();
    rows
}

/// The SVG file at `path` drawn by resvg on a `w` x `h` transparent canvas (black where it has no
/// background), as RGB.
pub fn svg_pixels(path: &std::path::Path, w: u32, h: u32) -> RgbImage {
    let data = std::fs::read(path).unwrap();
    let tree = resvg::usvg::Tree::from_data(&data, &resvg::usvg::Options::default()).unwrap();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(&tree, Default::default(), &mut pixmap.as_mut());
    RgbImage::from_fn(w, h, |x, y| {
        let p = pixmap.pixel(x, y).unwrap();
        image::Rgb([p.red(), p.green(), p.blue()])
    })
}
