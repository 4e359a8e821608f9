//! Animated WebP read frame by frame, apart from libwebp: the ANMF chunks parsed here, each
//! frame's lossless picture decoded by the `image-webp` crate as a still and composed here by the
//! container specification's rules. The pictures must be those libwebp's animation decoder
//! composes, and each frame must be the smallest rectangle around what changed.

use std::io::Cursor;

use image::{Rgba, RgbaImage};

use crate::common::ok;
use crate::decode_anim::decode_webp;

/// One ANMF chunk.
struct Anmf {
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    ms: u32,
    blend: bool,
    dispose: bool,
    /// The frame's picture as a WebP still ("RIFF" size "WEBP" and its chunks).
    still: Vec<u8>,
}

fn u24(b: &[u8]) -> u32 {
    u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16
}

/// The canvas size and the frames of an animated WebP.
fn anmf_chunks(bytes: &[u8]) -> ((u32, u32), Vec<Anmf>) {
    assert_eq!(&bytes[..4], b"RIFF");
    assert_eq!(
        u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize + 8,
        bytes.len(),
        "the RIFF size"
    );
    assert_eq!(&bytes[8..16], b"WEBPVP8X");
    let canvas = (1 + u24(&bytes[24..27]), 1 + u24(&bytes[27..30]));
    let mut frames = Vec::new();
    let mut at = 12;
    while at < bytes.len() {
        let tag = &bytes[at..at + 4];
        let size = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
        let body = &bytes[at + 8..at + 8 + size];
        if tag == b"ANMF" {
            let data = &body[16..];
            let mut still = b"RIFF".to_vec();
            still.extend_from_slice(&(4 + data.len() as u32).to_le_bytes());
            still.extend_from_slice(b"WEBP");
            still.extend_from_slice(data);
            frames.push(Anmf {
                x: 2 * u24(&body[0..3]),
                y: 2 * u24(&body[3..6]),
                width: 1 + u24(&body[6..9]),
                height: 1 + u24(&body[9..12]),
                ms: u24(&body[12..15]),
                blend: body[15] & 2 == 0,
                dispose: body[15] & 1 != 0,
                still,
            });
        }
        at += 8 + size + size % 2;
    }
    (canvas, frames)
}

/// The pictures of `bytes` composed from its frames, each decoded by `image-webp`.
fn compose_apart(bytes: &[u8]) -> Vec<(RgbaImage, u32)> {
    let ((w, h), frames) = anmf_chunks(bytes);
    let mut canvas = RgbaImage::new(w, h);
    let mut pictures = Vec::new();
    for (i, f) in frames.iter().enumerate() {
        assert!(!f.dispose, "frame {i}: chessviz never disposes");
        let mut decoder = image_webp::WebPDecoder::new(Cursor::new(&f.still)).unwrap();
        assert_eq!(decoder.dimensions(), (f.width, f.height), "frame {i}");
        let bytes_per = if decoder.has_alpha() { 4 } else { 3 };
        let mut buf = vec![0; decoder.output_buffer_size().unwrap()];
        decoder.read_image(&mut buf).unwrap();
        for (k, px) in buf.chunks_exact(bytes_per).enumerate() {
            let (x, y) = (f.x + k as u32 % f.width, f.y + k as u32 / f.width);
            let a = if bytes_per == 4 { px[3] } else { 255 };
            if f.blend {
                // Over an opaque picture only clear (kept) and opaque (replacing) pixels.
                assert!(
                    a == 0 || a == 255,
                    "frame {i}: a blended pixel of alpha {a}"
                );
                if a == 0 {
                    continue;
                }
            }
            canvas.put_pixel(x, y, Rgba([px[0], px[1], px[2], a]));
        }
        pictures.push((canvas.clone(), f.ms));
    }
    pictures
}

/// The smallest rectangle around the pixels where `a` and `b` differ, grown left and up to even
/// coordinates (as ANMF offsets are); `None` where they are the same.
fn changed_box(a: &RgbaImage, b: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in a.enumerate_pixels() {
        if p != b.get_pixel(x, y) {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
        }
    }
    (x1 > 0).then(|| (x0 & !1, y0 & !1, x1 - (x0 & !1), y1 - (y0 & !1)))
}

/// Checks the animation of `args`; `blends`: some of its frames must blend (an opaque page).
fn check(args: &[&str], blends: bool) {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("a.webp");
    let mut all = args.to_vec();
    all.extend(["-q", "-o", file.to_str().unwrap()]);
    ok(&all);
    let bytes = std::fs::read(&file).unwrap();
    let apart = compose_apart(&bytes);
    let libwebp = decode_webp(&file);
    assert_eq!(apart.len(), libwebp.frames.len(), "{args:?}: frames");
    let (_, frames) = anmf_chunks(&bytes);
    let mut blended = 0;
    for (i, ((picture, ms), theirs)) in apart.iter().zip(&libwebp.frames).enumerate() {
        assert!(
            picture == theirs,
            "{args:?}: picture {i} as libwebp composes it"
        );
        assert_eq!(f64::from(*ms), libwebp.ms[i], "{args:?}: time {i}");
        if i == 0 {
            assert_eq!((frames[0].width, frames[0].height), picture.dimensions());
            continue;
        }
        let f = &frames[i];
        let rect = (f.x, f.y, f.width, f.height);
        // A picture that changes nothing is one pixel, rewritten as it is.
        let expected = changed_box(&apart[i - 1].0, picture).unwrap_or((0, 0, 1, 1));
        assert_eq!(rect, expected, "{args:?}: frame {i} is what changed");
        blended += usize::from(f.blend);
    }
    assert_eq!(blended > 0, blends, "{args:?}: frames blended: {blended}");
}

#[test]
fn frames_are_what_changed_and_decode_apart_from_libwebp() {
    check(
        &[
            "knight",
            "-n",
            "5",
            "--start",
            "0,0",
            "--cell",
            "20",
            "--explain",
        ],
        true,
    );
    check(
        &["queens", "-n", "5", "--until-solution", "1", "--cell", "24"],
        true,
    );
    // A see-through margin: every step's caption there has soft edges (neither clear nor opaque),
    // which blending would mix with the caption before, so each frame replaces its rectangle.
    check(
        &[
            "queens",
            "-n",
            "5",
            "--until-solution",
            "1",
            "--cell",
            "24",
            "--background",
            "transparent",
        ],
        false,
    );
}
