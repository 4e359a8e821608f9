//! Decoders for the full-colour animations, apart from chessviz's encoders: APNG composed by the
//! `image` crate's APNG decoder, WebP by the `image-webp` decoder (which reads the container that
//! chessviz assembles itself), and, where installed, ffmpeg and Pillow as outside checks.

use std::io::{BufReader, Cursor};
use std::path::Path;
use std::process::Command;

use image::{AnimationDecoder, RgbaImage};

/// The composed frames of an animation and their times in milliseconds.
pub struct Decoded {
    pub frames: Vec<RgbaImage>,
    pub ms: Vec<f64>,
    /// Plays (0: forever).
    pub loops: u32,
}

/// A decoder of an animation file.
pub type Decode = fn(&Path) -> Decoded;

/// The full-colour animations and their decoders.
pub const FULL_COLOUR: [(&str, Decode); 2] = [("apng", decode_apng), ("webp", decode_webp)];

/// Decodes an APNG.
pub fn decode_apng(path: &Path) -> Decoded {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let loops = apng_plays(&bytes);
    let decoder =
        image::codecs::png::PngDecoder::new(BufReader::new(Cursor::new(bytes))).expect("a PNG");
    assert!(decoder.is_apng().unwrap(), "{} is animated", path.display());
    let mut frames = Vec::new();
    let mut ms = Vec::new();
    for frame in decoder.apng().unwrap().into_frames() {
        let frame = frame.expect("a frame");
        let (num, den) = frame.delay().numer_denom_ms();
        ms.push(f64::from(num) / f64::from(den));
        frames.push(frame.into_buffer());
    }
    Decoded { frames, ms, loops }
}

/// The play count of the acTL chunk.
fn apng_plays(bytes: &[u8]) -> u32 {
    let at = bytes
        .windows(4)
        .position(|w| w == b"acTL")
        .expect("an acTL chunk");
    u32::from_be_bytes(bytes[at + 8..at + 12].try_into().unwrap())
}

/// Decodes an animated WebP.
pub fn decode_webp(path: &Path) -> Decoded {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let mut decoder = image_webp::WebPDecoder::new(Cursor::new(bytes)).expect("a WebP");
    assert!(decoder.is_animated(), "{} is animated", path.display());
    let loops = match decoder.loop_count() {
        image_webp::LoopCount::Forever => 0,
        image_webp::LoopCount::Times(n) => u32::from(n.get()),
    };
    let (w, h) = decoder.dimensions();
    let bytes_per = if decoder.has_alpha() { 4 } else { 3 };
    let mut buf = vec![0u8; decoder.output_buffer_size().unwrap()];
    let mut frames = Vec::new();
    let mut ms = Vec::new();
    for _ in 0..decoder.num_frames() {
        let t = decoder.read_frame(&mut buf).expect("a frame");
        ms.push(f64::from(t));
        let img = RgbaImage::from_fn(w, h, |x, y| {
            let i = ((y * w + x) * bytes_per) as usize;
            let a = if bytes_per == 4 { buf[i + 3] } else { 255 };
            image::Rgba([buf[i], buf[i + 1], buf[i + 2], a])
        });
        frames.push(img);
    }
    Decoded { frames, ms, loops }
}

/// The frames ffmpeg decodes from `path` as RGBA, or `None` (with a line saying the check is
/// skipped) when ffmpeg is not installed.
pub fn ffmpeg_frames(path: &Path, width: u32, height: u32) -> Option<Vec<RgbaImage>> {
    let out = Command::new("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(path)
        .args([
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgba",
            "-vsync",
            "passthrough",
            "-",
        ])
        .output();
    let Ok(out) = out else {
        println!(
            "skipped: ffmpeg is not installed, so {} is not decoded by it",
            path.display()
        );
        return None;
    };
    assert!(
        out.status.success(),
        "ffmpeg: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let size = (width * height * 4) as usize;
    assert_eq!(out.stdout.len() % size, 0, "whole frames");
    Some(
        out.stdout
            .chunks_exact(size)
            .map(|c| RgbaImage::from_raw(width, height, c.to_vec()).unwrap())
            .collect(),
    )
}

/// Frame count and times of an animation as Pillow reads it, or `None` (with a skip line) when
/// python3 with Pillow is not installed.
pub fn pillow_times(path: &Path) -> Option<Vec<f64>> {
    let script = "import sys\nfrom PIL import Image\nim=Image.open(sys.argv[1])\nfor i in range(im.n_frames):\n    im.seek(i); im.load(); print(im.info.get('duration'))\n";
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(path)
        .output();
    match out {
        Ok(out) if out.status.success() => Some(
            String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .map(|l| l.parse().expect("a duration"))
                .collect(),
        ),
        _ => {
            println!(
                "skipped: python3 with Pillow is not installed, so {} is not read by it",
                path.display()
            );
            None
        }
    }
}
