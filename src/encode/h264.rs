//! H.264 pictures of the palette canvas, for MP4 video: the canvas's colours as Y'CbCr 4:2:0 (the
//! pixel format every player and slide program decodes), padded to even sides in the background
//! colour, encoded by OpenH264 (Cisco's BSD-licensed encoder, compiled from its bundled source).
//!
//! The planes persist from picture to picture and only the rectangles that changed are converted
//! again, so the cost of a picture follows what changed (the encoder still visits every
//! macroblock, but its background detection codes the unchanged ones as skipped without a motion
//! search). OpenH264's x86 assembly is built where `nasm` is found when it compiles; without it the
//! encoder is about 2.5 times slower (same bytes).
//!
//! Colours: BT.601 matrix in limited range (16-235), the conversion every decoder applies when a
//! stream says nothing, and the stream says so in its VUI with BT.709 primaries and transfer, those
//! of sRGB screens. Each 2 x 2 block's chroma is the mean of its four pixels'. Checked against the
//! stills: converted and turned back to RGB by ffmpeg, without the encoder, the 8-queens pictures
//! are 44-46 dB from their stills (ffmpeg's own conversion of the same stills: 43-45 dB); what the
//! video loses beyond that is the quantiser's, mostly in the chroma.

use openh264::encoder::{
    ColorPrimaries, Complexity, Encoder, EncoderConfig, FrameType, MatrixCoefficients, QpRange,
    RateControlMode, SpsPpsStrategy, TransferCharacteristics, UsageType, VuiConfig,
};
use openh264::formats::YUVSource;
use openh264::OpenH264API;

use crate::display::palette::Palette;
use crate::encode::mp4::ColourInfo;
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;

/// The widest side and the other side's limit of a picture OpenH264 encodes (level 5.2).
pub const MAX_VIDEO_LONG_SIDE: u32 = 3840;
pub const MAX_VIDEO_SHORT_SIDE: u32 = 2160;

/// The shortest side OpenH264 encodes, in pixels (one macroblock): a smaller picture fails in
/// the encoder with a native error code (measured: 16 x 16 is encoded, 16 x 15 padded to 16 x
/// 16 too, 30 x 10 refused).
pub const MIN_VIDEO_SIDE: u32 = 16;

/// The quantiser of every picture (0 to 51, lower is finer): each decoded picture stays within
/// 4 grey levels (mean absolute difference) of its still down to 24 px cells with thin paths and
/// small text (`tests/it/mp4.rs` measures it), and the full 8-queens search stays smaller than its
/// GIF.
const QP: u8 = 26;

/// The colours as the stream and the container state them.
pub const COLOUR: ColourInfo = ColourInfo {
    primaries: ColorPrimaries::Bt709 as u16,
    transfer: TransferCharacteristics::Bt709 as u16,
    matrix: MatrixCoefficients::Smpte170M as u16,
    full_range: false,
};

/// The padded size of a `width` x `height` picture: even sides, as 4:2:0 needs.
pub fn video_size(width: u32, height: u32) -> (u32, u32) {
    (width + width % 2, height + height % 2)
}

/// Refuses a picture OpenH264 cannot encode, in words of the picture's size.
pub fn check_video_size(width: u32, height: u32) -> Result<()> {
    let (w, h) = video_size(width, height);
    if w.min(h) < MIN_VIDEO_SIDE {
        return Err(Error::TooLarge(format!(
            "an MP4 video is at least {MIN_VIDEO_SIDE} x {MIN_VIDEO_SIDE} pixels, and this one would be {w} x {h}"
        )));
    }
    if w.max(h) > MAX_VIDEO_LONG_SIDE || w.min(h) > MAX_VIDEO_SHORT_SIDE {
        return Err(Error::TooLarge(format!(
            "an MP4 video is at most {MAX_VIDEO_LONG_SIDE} x {MAX_VIDEO_SHORT_SIDE} pixels (or {MAX_VIDEO_SHORT_SIDE} x {MAX_VIDEO_LONG_SIDE}), and this one would be {w} x {h}"
        )));
    }
    Ok(())
}

/// Three planes of one picture.
struct Planes {
    width: usize,
    height: usize,
    y: Vec<u8>,
    u: Vec<u8>,
    v: Vec<u8>,
}

impl YUVSource for Planes {
    fn dimensions(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn strides(&self) -> (usize, usize, usize) {
        (self.width, self.width / 2, self.width / 2)
    }

    fn y(&self) -> &[u8] {
        &self.y
    }

    fn u(&self) -> &[u8] {
        &self.u
    }

    fn v(&self) -> &[u8] {
        &self.v
    }
}

/// Encodes pictures of the canvas as H.264.
pub struct H264Encoder {
    encoder: Encoder,
    planes: Planes,
    /// Y', and Cb and Cr times 4096, of each palette index.
    luma: Vec<u8>,
    chroma: Vec<(i32, i32)>,
    /// The NAL units of the last picture, one after the other, and where each ends.
    nals: Vec<u8>,
    ends: Vec<usize>,
}

/// One encoded picture.
pub struct Picture<'a> {
    encoder: &'a H264Encoder,
    /// Whether playback can start here (an IDR picture).
    pub key: bool,
}

impl Picture<'_> {
    /// Its NAL units, each with its start code.
    pub fn nals(&self) -> impl Iterator<Item = &[u8]> {
        let ends = &self.encoder.ends;
        let data = &self.encoder.nals;
        (0..ends.len()).map(move |i| {
            let from = if i == 0 { 0 } else { ends[i - 1] };
            &data[from..ends[i]]
        })
    }
}

impl H264Encoder {
    /// An encoder of `width` x `height` canvases coloured by `palette` (its index 0 the background,
    /// which pads an odd side).
    pub fn new(width: u32, height: u32, palette: &Palette) -> Result<Self> {
        check_video_size(width, height)?;
        let (w, h) = video_size(width, height);
        let vui = VuiConfig::bt601()
            .color_primaries(ColorPrimaries::Bt709)
            .transfer_characteristics(TransferCharacteristics::Bt709)
            .full_range(COLOUR.full_range);
        // A fixed quantiser (a range of one value), no skipped pictures, one thread and one slice:
        // the same pictures give the same bytes. The camera usage type with background
        // detection, chosen by measurement (the full 8-queens search at --cell 60, with the
        // assembly): the screen-content type hashes every picture for its block search and
        // scroll detection, 8.4 s against 1.7 s here, for 3.6 % fewer bytes and 0.2 dB more.
        // Background detection finds the macroblocks a step left as they were and codes them as
        // skipped without a motion search, so a picture costs what changed (2.0 s without it).
        // Scene-change detection changes no byte of a board's video: off, for its analysis.
        let config = EncoderConfig::new()
            .usage_type(UsageType::CameraVideoRealTime)
            .rate_control_mode(RateControlMode::Quality)
            .qp(QpRange::new(QP, QP))
            .skip_frames(false)
            .adaptive_quantization(false)
            .background_detection(true)
            .scene_change_detect(false)
            .num_threads(1)
            .complexity(Complexity::Medium)
            .sps_pps_strategy(SpsPpsStrategy::ConstantId)
            .vui(vui);
        let mut encoder = Encoder::with_api_config(OpenH264API::from_source(), config)
            .map_err(|e| Error::Encode(format!("starting the H.264 encoder failed: {e}")))?;
        quiet(&mut encoder);
        let chroma = palette.colors().iter().map(|&rgb| to_chroma(rgb)).collect();
        let luma = palette.colors().iter().map(|&rgb| to_luma(rgb)).collect();
        let (wu, hu) = (w as usize, h as usize);
        let mut enc = H264Encoder {
            encoder,
            planes: Planes {
                width: wu,
                height: hu,
                y: vec![0; wu * hu],
                u: vec![0; wu * hu / 4],
                v: vec![0; wu * hu / 4],
            },
            luma,
            chroma,
            nals: Vec::new(),
            ends: Vec::new(),
        };
        // The padding stays the background colour: fill everything with it once.
        let (luma, cb, cr) = enc.block([0; 4]);
        enc.planes.y.fill(luma[0]);
        enc.planes.u.fill(cb);
        enc.planes.v.fill(cr);
        Ok(enc)
    }

    /// Converts `rect` of `canvas` (grown to even corners) into the planes.
    pub fn paint(&mut self, canvas: &Canvas, rect: Rect) {
        let rect = rect.intersect(&canvas.bounds());
        if rect.is_empty() {
            return;
        }
        let (cw, ch) = (canvas.width() as usize, canvas.height() as usize);
        let x0 = rect.x as usize & !1;
        let y0 = rect.y as usize & !1;
        let x1 = ((rect.x + rect.width) as usize + 1) & !1;
        let y1 = ((rect.y + rect.height) as usize + 1) & !1;
        let (luma, chroma) = (&self.luma, &self.chroma);
        let p = &mut self.planes;
        let half = p.width / 2;
        let px = |x: usize, y: usize| {
            if x < cw && y < ch {
                canvas.row(y as u32)[x]
            } else {
                0
            }
        };
        for y in (y0..y1).step_by(2) {
            for x in (x0..x1).step_by(2) {
                let quad = [px(x, y), px(x + 1, y), px(x, y + 1), px(x + 1, y + 1)];
                let (ys, cb, cr) = block(luma, chroma, quad);
                for (i, &l) in ys.iter().enumerate() {
                    p.y[(y + i / 2) * p.width + x + i % 2] = l;
                }
                p.u[y / 2 * half + x / 2] = cb;
                p.v[y / 2 * half + x / 2] = cr;
            }
        }
    }

    /// The Y' of four pixels (left to right, top to bottom) and the Cb and Cr they share.
    fn block(&self, quad: [u8; 4]) -> ([u8; 4], u8, u8) {
        block(&self.luma, &self.chroma, quad)
    }

    /// Encodes the planes as they are; `key` asks for an IDR picture.
    pub fn encode(&mut self, key: bool) -> Result<Picture<'_>> {
        if key {
            self.encoder.force_intra_frame();
        }
        let stream = self
            .encoder
            .encode(&self.planes)
            .map_err(|e| Error::Encode(format!("H.264 encoding failed: {e}")))?;
        let kind = stream.frame_type();
        self.nals.clear();
        self.ends.clear();
        for l in 0..stream.num_layers() {
            let Some(layer) = stream.layer(l) else {
                continue;
            };
            for n in 0..layer.nal_count() {
                if let Some(nal) = layer.nal_unit(n) {
                    self.nals.extend_from_slice(nal);
                    self.ends.push(self.nals.len());
                }
            }
        }
        if matches!(kind, FrameType::Skip | FrameType::Invalid) || self.ends.is_empty() {
            return Err(Error::Encode(format!(
                "the H.264 encoder gave no picture ({kind:?})"
            )));
        }
        Ok(Picture {
            encoder: self,
            key: kind == FrameType::IDR,
        })
    }
}

/// Keeps OpenH264 from printing to standard error: it warns about its parameters as it starts,
/// before the log level of the crate's configuration is set, and a command's errors are one line.
fn quiet(encoder: &mut Encoder) {
    let mut level = openh264_sys2::WELS_LOG_QUIET;
    // SAFETY: the encoder was created (not yet initialised, which the trace level does not need);
    // the option reads one 32-bit level from the pointer, which outlives the call.
    unsafe {
        encoder.raw_api().set_option(
            openh264_sys2::ENCODER_OPTION_TRACE_LEVEL,
            std::ptr::addr_of_mut!(level).cast(),
        );
    }
}

/// The Y' of four pixels of palette indices `quad` and the Cb and Cr they share, their mean.
fn block(luma: &[u8], chroma: &[(i32, i32)], quad: [u8; 4]) -> ([u8; 4], u8, u8) {
    let (mut cb, mut cr) = (0, 0);
    for &q in &quad {
        let (b, r) = chroma[usize::from(q)];
        cb += b;
        cr += r;
    }
    (
        quad.map(|q| luma[usize::from(q)]),
        round_chroma(cb),
        round_chroma(cr),
    )
}

/// Y' of an sRGB colour, by the BT.601 matrix in limited range.
fn to_luma([r, g, b]: [u8; 3]) -> u8 {
    let (r, g, b) = (f64::from(r), f64::from(g), f64::from(b));
    (16.0 + (65.481 * r + 128.553 * g + 24.966 * b) / 255.0).round() as u8
}

/// Cb and Cr times 4096 (centred on 128 * 4096) of an sRGB colour, by the BT.601 matrix in
/// limited range.
fn to_chroma([r, g, b]: [u8; 3]) -> (i32, i32) {
    let (r, g, b) = (f64::from(r), f64::from(g), f64::from(b));
    let cb = 128.0 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255.0;
    let cr = 128.0 + (112.0 * r - 93.786 * g - 18.214 * b) / 255.0;
    let fixed = |v: f64| (v * 4096.0).round() as i32;
    (fixed(cb), fixed(cr))
}

/// The mean of four chroma values (each times 4096), rounded to a level.
fn round_chroma(sum4: i32) -> u8 {
    ((sum4 + 8192) >> 14).clamp(0, 255) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(rgb: [u8; 3]) -> (u8, u8, u8) {
        let palette = Palette::new(vec![rgb]).unwrap();
        let enc = H264Encoder::new(16, 16, &palette).unwrap();
        let (luma, cb, cr) = enc.block([0; 4]);
        assert!(luma.iter().all(|&l| l == luma[0]));
        (luma[0], cb, cr)
    }

    #[test]
    fn colours_convert_as_bt601_limited_range() {
        assert_eq!(flat([0, 0, 0]), (16, 128, 128));
        assert_eq!(flat([255, 255, 255]), (235, 128, 128));
        // Pure red: Y' 81, Cb 90, Cr 240 (the textbook values).
        assert_eq!(flat([255, 0, 0]), (81, 90, 240));
    }

    #[test]
    fn four_pixels_share_the_mean_of_their_chroma() {
        let palette = Palette::new(vec![[255, 0, 0], [0, 0, 255]]).unwrap();
        let enc = H264Encoder::new(16, 16, &palette).unwrap();
        let (luma, cb, cr) = enc.block([0, 1, 1, 1]);
        assert_eq!(luma, [81, 41, 41, 41]);
        // Cb: (90.2 + 3 x 240) / 4, Cr: (240 + 3 x 109.8) / 4, each rounded once.
        assert_eq!((cb, cr), (203, 142));
    }

    #[test]
    fn odd_sides_are_padded_and_sizes_checked() {
        assert_eq!(video_size(433, 509), (434, 510));
        assert_eq!(video_size(432, 432), (432, 432));
        assert!(check_video_size(3840, 2160).is_ok());
        assert!(check_video_size(2160, 3840).is_ok());
        assert!(check_video_size(3841, 100).is_err());
        assert!(check_video_size(2200, 2200).is_err());
    }
}
