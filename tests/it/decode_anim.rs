//! Decoders for the full-colour animations, apart from chessviz's encoders: APNG composed by the
//! `image` crate's APNG decoder, WebP composed by libwebp's animation decoder (which reads the
//! container that chessviz assembles itself), and, where installed, ffmpeg and Pillow as outside
//! checks.

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

/// Decodes an animated WebP with libwebp's own animation decoder (`WebPAnimDecoder`, what
/// `anim_dump` and Pillow use): it composes the frames as the container says (offsets, blending,
/// disposal) and gives each picture with the time it ends at.
pub fn decode_webp(path: &Path) -> Decoded {
    use libwebp_sys as webp;
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    // "RIFF" size "WEBP" "VP8X" size, then the flags: bit 1 says the file is animated.
    assert!(
        bytes.starts_with(b"RIFF") && bytes.get(12..16) == Some(b"VP8X") && bytes[20] & 2 != 0,
        "{} is an animated WebP",
        path.display()
    );
    let data = webp::WebPData {
        bytes: bytes.as_ptr(),
        size: bytes.len(),
    };
    // SAFETY: the options are initialised by libwebp before use; `data` points into `bytes`,
    // which outlives the decoder; each picture is copied out before the next call.
    unsafe {
        let mut options = std::mem::MaybeUninit::<webp::WebPAnimDecoderOptions>::uninit();
        assert!(webp::WebPAnimDecoderOptionsInit(options.as_mut_ptr()) != 0);
        let mut options = options.assume_init();
        options.color_mode = webp::WEBP_CSP_MODE::MODE_RGBA;
        options.use_threads = 0;
        let decoder = webp::WebPAnimDecoderNew(&data, &options);
        assert!(!decoder.is_null(), "{} is an animated WebP", path.display());
        let mut info = webp::WebPAnimInfo::default();
        assert!(webp::WebPAnimDecoderGetInfo(decoder, &mut info) != 0);
        let (w, h) = (info.canvas_width, info.canvas_height);
        let mut frames = Vec::new();
        let mut ms = Vec::new();
        let mut ended = 0;
        while webp::WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            let mut buf = std::ptr::null_mut();
            let mut end = 0;
            assert!(
                webp::WebPAnimDecoderGetNext(decoder, &mut buf, &mut end) != 0,
                "a frame of {}",
                path.display()
            );
            let pixels = std::slice::from_raw_parts(buf, (w * h * 4) as usize).to_vec();
            frames.push(RgbaImage::from_raw(w, h, pixels).unwrap());
            ms.push(f64::from(end - ended));
            ended = end;
        }
        webp::WebPAnimDecoderDelete(decoder);
        assert_eq!(info.frame_count as usize, frames.len());
        Decoded {
            frames,
            ms,
            loops: info.loop_count,
        }
    }
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
        crate::common::skipped(&format!(
            "skipped: ffmpeg is not installed, so {} is not decoded by it",
            path.display()
        ));
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
            crate::common::skipped(&format!(
                "skipped: python3 with Pillow is not installed, so {} is not read by it",
                path.display()
            ));
            None
        }
    }
}
