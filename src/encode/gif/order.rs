//! The order of the global colour table, chosen from the animation's first blocks.
//!
//! A block written with the global table needs the code size of the highest index it uses, so the
//! colours that blocks use should come first. The palette's own order says little about that (its
//! anti-aliasing ramps for every pair of colours that may meet come in the order they were
//! registered), and the GIF header, which holds the table, comes before the first block. So the
//! writer holds back the first blocks ([`WarmUp`]), up to [`HELD_BLOCKS`] of them or one screen of
//! pixels besides the first, counts which colours they use, and only then writes the header: the
//! transparent entry, then the colours by the number of held blocks that use them (then by pixels,
//! then by palette index, so the order is a function of the pictures alone), then the colours no
//! held block uses, in palette order. Memory stays bounded by those limits, whatever the number of
//! frames.

use crate::geom::Rect;

use super::delta::TRANSPARENT;

/// The most blocks held back before the header is written.
pub(super) const HELD_BLOCKS: usize = 64;

/// A block ready to write but for its colour table.
pub(super) struct Held {
    pub(super) rect: Rect,
    pub(super) pixels: Vec<u8>,
    pub(super) delta: bool,
    pub(super) cs: u64,
}

/// The blocks held back so far and the pixels they hold beyond the first block.
#[derive(Default)]
pub(super) struct WarmUp {
    pub(super) held: Vec<Held>,
    pixels: usize,
}

impl WarmUp {
    /// Holds a block; true once enough are held to choose the order (`screen` pixels beyond the
    /// first block, or [`HELD_BLOCKS`] blocks).
    pub(super) fn hold(&mut self, block: Held, screen: usize) -> bool {
        if !self.held.is_empty() {
            self.pixels += block.pixels.len();
        }
        self.held.push(block);
        self.pixels >= screen || self.held.len() >= HELD_BLOCKS
    }

    /// The global table's order by the rule in the module docs: the GIF index of each pixel
    /// value of the blocks (palette index `i` held as `i + 1`, [`TRANSPARENT`] as itself), for a
    /// palette of `colors` colours.
    pub(super) fn choose(&self, colors: usize) -> [u8; 256] {
        let mut blocks = [0u32; 256];
        let mut pixels = [0u64; 256];
        for held in &self.held {
            let mut count = [0u64; 256];
            for &p in &held.pixels {
                count[usize::from(p)] += 1;
            }
            for (value, &n) in count.iter().enumerate() {
                if n > 0 {
                    blocks[value] += 1;
                    pixels[value] += n;
                }
            }
        }
        let mut order: Vec<usize> = (1..=colors).collect();
        // Keyed by the value last: deterministic.
        order.sort_by_key(|&v| {
            (
                std::cmp::Reverse(blocks[v]),
                std::cmp::Reverse(pixels[v]),
                v,
            )
        });
        let mut index = [TRANSPARENT; 256];
        for (rank, &v) in order.iter().enumerate() {
            index[v] = rank as u8 + 1;
        }
        index
    }
}
