//! Helpers shared by the integration tests: running the binary and decoding what it writes.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `chessviz` with `args` and `stdin`, returning its output.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn chessviz");
    {
        let mut input = child.stdin.take().expect("stdin");
        // The program may exit before reading everything; a broken pipe here is fine.
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("wait for chessviz")
}

/// Runs `chessviz` and returns its standard output, failing the test when it does not succeed.
pub fn ok(args: &[&str]) -> String {
    let out = run(args, b"");
    assert!(
        out.status.success(),
        "chessviz {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs `chessviz` expecting the one-line error contract: exit status 2, one `error: ` line on
/// standard error, nothing on standard output. Returns the message.
pub fn fails(args: &[&str], stdin: &[u8]) -> String {
    let out = run(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "chessviz {args:?}: {err}");
    assert!(err.starts_with("error: "), "chessviz {args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// An RGB image decoded from a PNG file (palette expanded).
pub fn decode_png(path: &Path) -> image::RgbImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
        .to_rgb8()
}

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The colour of pixel (`x`, `y`).
pub fn px(img: &image::RgbImage, x: u32, y: u32) -> Rgb {
    img.get_pixel(x, y).0
}

/// The distinct colours in the middle half of cell (`r`, `c`): x and y in
/// `[origin + cell/4, origin + 3*cell/4)` with the layout contract's cell origin.
pub fn middle_half_colors(
    img: &image::RgbImage,
    margin: u32,
    cell: u32,
    r: u32,
    c: u32,
) -> std::collections::BTreeSet<Rgb> {
    let (x0, y0) = (margin + c * cell, margin + r * cell);
    let (lo, hi) = (cell / 4, (3 * cell).div_ceil(4));
    let mut colors = std::collections::BTreeSet::new();
    for y in y0 + lo..y0 + hi {
        for x in x0 + lo..x0 + hi {
            colors.insert(px(img, x, y));
        }
    }
    colors
}

/// The single colour of a cell's middle half, or `None` when it shows more than one.
pub fn plain_cell_color(
    img: &image::RgbImage,
    margin: u32,
    cell: u32,
    r: u32,
    c: u32,
) -> Option<Rgb> {
    let colors = middle_half_colors(img, margin, cell, r, c);
    (colors.len() == 1).then(|| *colors.iter().next().expect("one colour"))
}

/// 64-bit FNV-1a: a stable checksum for golden files (no dependency, same on every platform).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// One image block of a decoded GIF and the screen after composing it.
pub struct GifFrame {
    /// Left, top, width, height of the block.
    pub rect: (u32, u32, u32, u32),
    /// Delay in centiseconds.
    pub delay_cs: u16,
    /// The block's transparent index.
    pub transparent: Option<u8>,
    /// How many pixels of the block are the transparent index.
    pub transparent_pixels: usize,
    /// The whole screen (palette indices) after this block, composed with disposal Keep.
    pub screen: Vec<u8>,
}

/// A GIF decoded independently of the encoder: global palette, blocks composed onto a screen.
pub struct DecodedGif {
    /// Screen width.
    pub width: u32,
    /// Screen height.
    pub height: u32,
    /// The global colour table.
    pub palette: Vec<Rgb>,
    /// The looping extension as the decoder reads it.
    pub repeat: gif::Repeat,
    /// Every block in order.
    pub frames: Vec<GifFrame>,
}

/// Decodes a GIF file with the `gif` crate (indexed output) and composes its frames: each block is
/// drawn at its offset over the previous screen, skipping its transparent pixels. Fails the test on
/// local palettes or any disposal other than Keep (the encoder's contract).
pub fn decode_gif(path: &Path) -> DecodedGif {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(bytes.as_slice())
        .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()));
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let palette: Vec<Rgb> = decoder
        .global_palette()
        .expect("a global palette")
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let mut screen = vec![0u8; (width * height) as usize];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert!(frame.palette.is_none(), "no local palettes");
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep, "disposal Keep");
        let (x0, y0) = (u32::from(frame.left), u32::from(frame.top));
        let (w, h) = (u32::from(frame.width), u32::from(frame.height));
        assert!(
            x0 + w <= width && y0 + h <= height,
            "block inside the screen"
        );
        let mut transparent_pixels = 0;
        for y in 0..h {
            for x in 0..w {
                let p = frame.buffer[(y * w + x) as usize];
                if Some(p) == frame.transparent {
                    transparent_pixels += 1;
                } else {
                    screen[((y0 + y) * width + x0 + x) as usize] = p;
                }
            }
        }
        frames.push(GifFrame {
            rect: (x0, y0, w, h),
            delay_cs: frame.delay,
            transparent: frame.transparent,
            transparent_pixels,
            screen: screen.clone(),
        });
    }
    DecodedGif {
        width,
        height,
        palette,
        repeat: decoder.repeat(),
        frames,
    }
}

impl DecodedGif {
    /// The screen after block `i` as an RGB image.
    pub fn rgb(&self, i: usize) -> image::RgbImage {
        let screen = &self.frames[i].screen;
        image::RgbImage::from_fn(self.width, self.height, |x, y| {
            image::Rgb(self.palette[screen[(y * self.width + x) as usize] as usize])
        })
    }

    /// The delays of all blocks in centiseconds.
    pub fn delays(&self) -> Vec<u16> {
        self.frames.iter().map(|f| f.delay_cs).collect()
    }
}

/// Runs `chessviz` with `args`, killing it after `limit`: `None` when it was still running then.
/// For checks that something fails (or finishes) quickly, without hanging the test run when it
/// does not.
pub fn run_within(args: &[&str], limit: std::time::Duration) -> Option<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn chessviz");
    let start = std::time::Instant::now();
    loop {
        if child.try_wait().expect("wait for chessviz").is_some() {
            return Some(child.wait_with_output().expect("output of chessviz"));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// An RGBA image decoded from PNG bytes (palette and transparency expanded), so that a transparent
/// margin compares differently from an opaque one.
pub fn decode_png_rgba(bytes: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("decode PNG: {e}"))
        .to_rgba8()
}

/// The resolution a PNG records (its pHYs chunk) as pixels per unit in x and y and whether the
/// unit is the metre, if it records one.
pub fn png_pixel_dims(bytes: &[u8]) -> Option<(u32, u32, bool)> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder.read_info().expect("a PNG");
    let dims = info.info().pixel_dims?;
    Some((dims.xppu, dims.yppu, dims.unit == png::Unit::Meter))
}

/// Where two images of the same size differ: the number of differing pixels, the first one in
/// reading order, and a picture of the difference (differing pixels red over a faded copy of
/// `expected`). `None` when they agree pixel for pixel.
pub fn pixel_diff<P>(
    expected: &image::ImageBuffer<P, Vec<u8>>,
    actual: &image::ImageBuffer<P, Vec<u8>>,
) -> Option<(usize, (u32, u32), image::RgbImage)>
where
    P: image::Pixel<Subpixel = u8> + PartialEq,
{
    assert_eq!(expected.dimensions(), actual.dimensions(), "same size");
    let mut count = 0usize;
    let mut first = None;
    let mut diff = image::RgbImage::new(expected.width(), expected.height());
    for (x, y, p) in expected.enumerate_pixels() {
        if actual.get_pixel(x, y) == p {
            let c = p.to_rgb();
            let fade = |v: u8| 255 - (255 - v) / 4;
            diff.put_pixel(x, y, image::Rgb([fade(c[0]), fade(c[1]), fade(c[2])]));
        } else {
            count += 1;
            first.get_or_insert((x, y));
            diff.put_pixel(x, y, image::Rgb([230, 0, 0]));
        }
    }
    first.map(|f| (count, f, diff))
}
