//! A picture as palette indices, one byte a pixel.

use crate::error::{Error, InvalidKind, Result};
use crate::geom::{Rect, MAX_CANVAS_PIXELS};

/// Pixels as indices into a [`Palette`](crate::display::palette::Palette), row-major, top row first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    /// A `width` x `height` canvas filled with index `fill`. Refuses empty sizes and anything over
    /// [`MAX_CANVAS_PIXELS`] before allocating.
    pub fn new(width: u32, height: u32, fill: u8) -> Result<Self> {
        let n = u64::from(width) * u64::from(height);
        if n == 0 {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!("an image of {width} x {height} pixels is empty"),
            ));
        }
        if n > MAX_CANVAS_PIXELS {
            return Err(Error::CanvasTooLarge {
                width,
                height,
                limit: MAX_CANVAS_PIXELS,
            });
        }
        Ok(Canvas {
            width,
            height,
            pixels: vec![fill; n as usize],
        })
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The whole canvas as a rectangle.
    pub fn bounds(&self) -> Rect {
        Rect::new(0, 0, self.width, self.height)
    }

    /// All pixels, row-major.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// All pixels, row-major, writable.
    pub fn pixels_mut(&mut self) -> &mut [u8] {
        &mut self.pixels
    }

    /// One row of pixels.
    pub fn row(&self, y: u32) -> &[u8] {
        let w = self.width as usize;
        &self.pixels[y as usize * w..(y as usize + 1) * w]
    }

    /// The index at `x`, `y` (panics outside; callers clip first).
    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.pixels[y as usize * self.width as usize + x as usize]
    }

    /// Sets the index at `x`, `y` (panics outside; callers clip first).
    pub fn set(&mut self, x: u32, y: u32, index: u8) {
        self.pixels[y as usize * self.width as usize + x as usize] = index;
    }

    /// Fills `rect` (clipped to the canvas) with `index`.
    pub fn fill_rect(&mut self, rect: Rect, index: u8) {
        let r = rect.intersect(&self.bounds());
        let w = self.width as usize;
        for y in r.y..r.y + r.height {
            let start = y as usize * w + r.x as usize;
            self.pixels[start..start + r.width as usize].fill(index);
        }
    }

    /// Copies `rect` (clipped to both canvases) from `from`, a canvas of the same size.
    pub fn copy_rect(&mut self, from: &Canvas, rect: Rect) {
        let r = rect.intersect(&self.bounds()).intersect(&from.bounds());
        let (to_w, from_w) = (self.width as usize, from.width as usize);
        for y in r.y as usize..(r.y + r.height) as usize {
            let (a, b) = (r.x as usize, (r.x + r.width) as usize);
            self.pixels[y * to_w + a..y * to_w + b]
                .copy_from_slice(&from.pixels[y * from_w + a..y * from_w + b]);
        }
    }
}
