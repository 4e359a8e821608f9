//! The total work of a GIF, APNG or WebP animation, refused before the first frame when it would
//! take more than about ten minutes (as `--frames`, the player page and MP4 bound theirs): a
//! large figure over a long search (`queens -n 8 --cell 1024 -o a.webp`, 21 minutes) is judged by
//! its frames times their pixels, at the rate each encoder was measured to keep (its format row's
//! [`pixels_per_second`](chessviz::files::FormatRow::pixels_per_second)).

use chessviz::files::FormatRow;
use chessviz::{AnimationFormat, Error, Result};

/// The longest encoding an animation may take, in seconds.
const WORK_SECONDS: u64 = 600;

/// Refuses `frames` frames of `width` x `height` pixels in `format` past [`WORK_SECONDS`] of its
/// encoder's measured rate, with the frames that fit.
pub fn check_work(format: AnimationFormat, frames: u64, width: u32, height: u32) -> Result<()> {
    let row = FormatRow::of_animation(format);
    let Some(rate) = row.pixels_per_second else {
        return Ok(());
    };
    let each = u64::from(width) * u64::from(height);
    let limit = rate * WORK_SECONDS;
    let total = frames.saturating_mul(each);
    if total <= limit {
        return Ok(());
    }
    let fitting = (limit / each.max(1)).max(1);
    Err(Error::TooLarge(format!(
        "{frames} frames of {width} x {height} pixels are {} gigapixels to encode, about {} minutes as {} (at most {} gigapixels, 10 minutes): keep one step in K with --every K, stop after {fitting} frames with --max-frames {fitting}, or draw smaller cells with --cell",
        total / 1_000_000_000,
        total / rate / 60,
        row.article,
        limit / 1_000_000_000
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_is_frames_times_pixels_against_the_encoders_rate() {
        // The 9-queens search at the default cell passes in every format.
        for f in [
            AnimationFormat::Gif,
            AnimationFormat::Apng,
            AnimationFormat::Webp,
        ] {
            assert!(check_work(f, 17_139, 480, 504).is_ok());
        }
        // The 8-queens search at --cell 1024 (about 4,200 frames of 8,400 pixels a side).
        let e = check_work(AnimationFormat::Webp, 4_200, 8_400, 8_400)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("296 gigapixels") && e.contains("--max-frames 297"),
            "{e}"
        );
        assert!(check_work(AnimationFormat::Mp4, u64::MAX, 8_400, 8_400).is_ok());
    }
}
