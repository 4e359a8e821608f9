//! One lossless WebP picture (a VP8L bitstream) by libwebp, Google's reference encoder, compiled
//! from the source bundled in the `libwebp-sys` crate (nothing is needed at run time). Its lossless
//! coder finds what a chessboard's pictures are made of: a handful of colours (coded as palette
//! indices packed several to a byte), repeated squares (LZ77 back-references) and a colour cache.
//!
//! Settings are those of `cwebp -lossless` and `img2webp -lossless` (quality 75, method 4), with
//! every pixel's colour kept as given (`exact`, so that fully transparent pixels keep theirs, as
//! the stills do) and no worker thread, so that the bytes never depend on the machine's cores.

use std::ffi::c_int;

use libwebp_sys::{
    WebPConfig, WebPConfigInitInternal, WebPEncode, WebPEncodingError, WebPPicture,
    WebPPictureFree, WebPPictureImportRGB, WebPPictureImportRGBA, WebPPictureInitInternal,
    WebPPreset, WebPValidateConfig, WEBP_ENCODER_ABI_VERSION,
};

use crate::error::{Error, Result};

/// libwebp's effort (0 to 6): 4 is its default, which `img2webp` uses.
const METHOD: c_int = 4;
/// With `METHOD`, how hard the lossless coder searches (0 to 100): libwebp's default.
const QUALITY: f32 = 75.0;

/// Encodes lossless WebP stills with fixed settings.
pub struct LosslessEncoder {
    config: WebPConfig,
}

impl LosslessEncoder {
    pub fn new() -> Result<Self> {
        let mut config = std::mem::MaybeUninit::<WebPConfig>::uninit();
        // SAFETY: the init function fills the whole struct when it returns non-zero (the version
        // is the one of the headers the bindings were made from).
        let config = unsafe {
            if WebPConfigInitInternal(
                config.as_mut_ptr(),
                WebPPreset::WEBP_PRESET_DEFAULT,
                QUALITY,
                WEBP_ENCODER_ABI_VERSION as c_int,
            ) == 0
            {
                return Err(Error::Encode(
                    "the WebP encoder's version does not match".into(),
                ));
            }
            config.assume_init()
        };
        let config = WebPConfig {
            lossless: 1,
            method: METHOD,
            exact: 1,
            thread_level: 0,
            ..config
        };
        // SAFETY: a valid, initialised config.
        if unsafe { WebPValidateConfig(&config) } == 0 {
            return Err(Error::Encode(
                "the WebP encoder refused its settings".into(),
            ));
        }
        Ok(LosslessEncoder { config })
    }

    /// Appends to `out` the WebP still ("RIFF" size "WEBP" then one VP8L chunk) of `pixels`:
    /// `width` x `height` pixels row by row, four bytes each (RGBA) when `alpha`, else three.
    pub fn encode(
        &self,
        pixels: &[u8],
        width: u32,
        height: u32,
        alpha: bool,
        out: &mut Vec<u8>,
    ) -> Result<()> {
        let bytes = if alpha { 4 } else { 3 };
        let (w, h) = (width as usize, height as usize);
        if w == 0 || h == 0 || pixels.len() != w * h * bytes {
            return Err(Error::Encode(format!(
                "a WebP picture of {width} x {height} pixels needs {} bytes, not {}",
                w * h * bytes,
                pixels.len()
            )));
        }
        let mut picture = Picture::new()?;
        let pic = &mut picture.0;
        pic.use_argb = 1;
        pic.width = width as c_int;
        pic.height = height as c_int;
        pic.writer = Some(append);
        pic.custom_ptr = (out as *mut Vec<u8>).cast();
        let stride = (w * bytes) as c_int;
        // SAFETY: `pixels` holds `height` rows of `stride` bytes (checked above); the picture
        // copies them into its own ARGB buffer, which `Picture`'s drop frees.
        let imported = unsafe {
            if alpha {
                WebPPictureImportRGBA(pic, pixels.as_ptr(), stride)
            } else {
                WebPPictureImportRGB(pic, pixels.as_ptr(), stride)
            }
        };
        if imported == 0 {
            return Err(Error::Encode(format!(
                "the WebP encoder could not take a {width} x {height} picture"
            )));
        }
        // SAFETY: a validated config and an imported picture whose writer appends to `out`,
        // which outlives the call.
        let encoded = unsafe { WebPEncode(&self.config, pic) };
        if encoded == 0 {
            return Err(Error::Encode(format!(
                "encoding a WebP frame failed ({})",
                reason(pic.error_code)
            )));
        }
        Ok(())
    }
}

/// libwebp's writer callback: appends the bytes to the `Vec<u8>` the picture points to.
unsafe extern "C" fn append(data: *const u8, size: usize, picture: *const WebPPicture) -> c_int {
    if size == 0 {
        return 1;
    }
    // SAFETY: `custom_ptr` was set to a live `&mut Vec<u8>` by `encode`, and libwebp passes
    // `size` readable bytes at `data`.
    unsafe {
        let out = &mut *(*picture).custom_ptr.cast::<Vec<u8>>();
        out.extend_from_slice(std::slice::from_raw_parts(data, size));
    }
    1
}

/// A `WebPPicture` whose buffers are freed when it is dropped.
struct Picture(WebPPicture);

impl Picture {
    fn new() -> Result<Self> {
        let mut pic = std::mem::MaybeUninit::<WebPPicture>::uninit();
        // SAFETY: the init function fills the whole struct when it returns non-zero.
        unsafe {
            if WebPPictureInitInternal(pic.as_mut_ptr(), WEBP_ENCODER_ABI_VERSION as c_int) == 0 {
                return Err(Error::Encode(
                    "the WebP encoder's version does not match".into(),
                ));
            }
            Ok(Picture(pic.assume_init()))
        }
    }
}

impl Drop for Picture {
    fn drop(&mut self) {
        // SAFETY: an initialised picture; freeing one without buffers does nothing.
        unsafe { WebPPictureFree(&mut self.0) }
    }
}

/// Why libwebp failed, in words.
fn reason(code: WebPEncodingError) -> &'static str {
    match code {
        WebPEncodingError::VP8_ENC_ERROR_OUT_OF_MEMORY
        | WebPEncodingError::VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY => "out of memory",
        WebPEncodingError::VP8_ENC_ERROR_BAD_DIMENSION => "a side out of range",
        WebPEncodingError::VP8_ENC_ERROR_FILE_TOO_BIG => "a frame over 4 GB",
        _ => "an internal error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture of two colours, decoded by an independent decoder (`image-webp`), is the same.
    #[test]
    fn lossless_pictures_decode_to_their_pixels() {
        let encoder = LosslessEncoder::new().unwrap();
        for alpha in [false, true] {
            let bytes = if alpha { 4 } else { 3 };
            let (w, h) = (37u32, 11u32);
            let pixels: Vec<u8> = (0..w * h)
                .flat_map(|i| {
                    let on = (i % w + i / w) % 3 == 0;
                    let rgba = if on { [200, 10, 30, 0] } else { [1, 2, 3, 255] };
                    rgba.into_iter().take(bytes)
                })
                .collect();
            let mut out = b"kept".to_vec();
            encoder.encode(&pixels, w, h, alpha, &mut out).unwrap();
            assert_eq!(&out[..4], b"kept", "appended");
            assert_eq!(&out[4..8], b"RIFF");
            assert_eq!(&out[16..20], b"VP8L");
            let mut decoder =
                image_webp::WebPDecoder::new(std::io::Cursor::new(&out[4..])).unwrap();
            assert_eq!(decoder.dimensions(), (w, h));
            assert_eq!(decoder.has_alpha(), alpha);
            let mut back = vec![0; decoder.output_buffer_size().unwrap()];
            decoder.read_image(&mut back).unwrap();
            assert_eq!(back, pixels, "alpha {alpha}");
        }
    }

    #[test]
    fn a_wrong_buffer_is_refused() {
        let encoder = LosslessEncoder::new().unwrap();
        let e = encoder
            .encode(&[0; 11], 2, 2, false, &mut Vec::new())
            .unwrap_err();
        assert!(e.to_string().contains("12 bytes"), "{e}");
    }
}
