//! The bytes of a few pictures of a frame sequence, drawn before the sequence is written: a folder
//! of frames is judged against the free disk space by pictures of the run itself, since a picture's
//! size follows what it shows (a knight's tour's last picture, its path drawn, is five times its
//! first) more than its pixels.

use std::io::{self, Write};

use crate::compose::figure::StillFormat;
use crate::compose::frames::Painter;
use crate::compose::stream::{play, FrameSink, Progress, SequencePacing, StepPicture};
use crate::compose::style::Style;
use crate::error::Result;
use crate::scene::adapter::Adapter;

/// The indices of `samples` pictures spread evenly over `pictures`, the first and the last among
/// them (all of them when there are no more than `samples`).
pub fn sample_indices(pictures: u64, samples: u64) -> Vec<u64> {
    if pictures <= samples {
        return (0..pictures).collect();
    }
    let last = pictures - 1;
    let mut picks: Vec<u64> = (0..samples)
        .map(|i| {
            let wide = u128::from(i) * u128::from(last) / u128::from(samples - 1);
            u64::try_from(wide).unwrap_or(last)
        })
        .collect();
    picks.dedup();
    picks
}

/// The encoded size in bytes of the pictures at `picks` (indices of the pictures the sequence keeps,
/// ascending) of the sequence [`crate::frame_sequence`] writes with the same arguments. Only the
/// picked pictures are drawn: the steps between are applied to the scene and left marked for the
/// next picture drawn, as `--every` leaves them.
pub fn sample_picture_bytes<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    style: &Style,
    format: StillFormat,
    pacing: SequencePacing,
    picks: &[u64],
    progress: &mut dyn Progress,
) -> Result<Vec<u64>> {
    let first = adapter.first_scene();
    let painter = Painter::new(&first, adapter.hints(), style, format)?;
    let mut sink = Samples {
        painter,
        sizes: Vec::with_capacity(picks.len()),
        index: 0,
        picks,
    };
    play(adapter, first, events, pacing, progress, &mut sink)?;
    Ok(sink.sizes)
}

/// Draws the picked pictures and measures their files; the changes of the pictures between stay
/// marked for the next one drawn.
struct Samples<'p> {
    painter: Painter,
    sizes: Vec<u64>,
    /// The index of the next picture.
    index: u64,
    /// The indices still to draw, ascending.
    picks: &'p [u64],
}

impl FrameSink for Samples<'_> {
    /// A picked picture's file carries its words, as the frames folder's does.
    fn wants_words(&self, _: bool) -> bool {
        self.picks.first() == Some(&self.index)
    }

    fn picture(&mut self, picture: &mut StepPicture<'_>, _: &mut dyn Progress) -> Result<()> {
        if let Some((&pick, rest)) = self.picks.split_first() {
            if pick == self.index {
                self.picks = rest;
                let drawn = self.painter.paint(picture.scene)?;
                let mut counter = ByteCount(0);
                self.painter.write(&drawn, &mut counter)?;
                self.sizes.push(counter.0);
            }
        }
        self.index += 1;
        Ok(())
    }

    fn keeps_changes(&self) -> bool {
        true
    }
}

/// A writer that keeps only the number of bytes written to it.
struct ByteCount(u64);

impl Write for ByteCount {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::sample_indices;

    #[test]
    fn samples_spread_from_the_first_picture_to_the_last() {
        assert_eq!(sample_indices(3, 16), [0, 1, 2]);
        assert_eq!(sample_indices(100, 5), [0, 24, 49, 74, 99]);
        assert_eq!(sample_indices(u64::MAX, 2), [0, u64::MAX - 1]);
        assert!(sample_indices(0, 16).is_empty());
    }
}
