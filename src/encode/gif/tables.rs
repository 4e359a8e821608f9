//! Which colour table each image block is written with: the global one, or a local table of just
//! the colours the block uses, whichever makes the block smaller.
//!
//! The compressed size of a block depends on its pixels only through which of them are equal and
//! through the LZW minimum code size, which must hold the largest index written: a block whose
//! indices all lie below 8 is written with 3-bit literals and 4-bit first codes, one using index
//! 150 with 8 and 9. The global table holds the whole palette (an animation's palette holds the
//! anti-aliasing ramps of every pair of colours that might meet, 189 colours for the queens, most
//! of which a given block never uses), so a block that uses a handful of colours, one of them high
//! in the palette, is cheaper with a local table of those colours and a small code size, if the
//! table (3 bytes per entry, a power of two of entries) costs less than the codes save.
//!
//! A block is parsed once ([`crate::encode::lzw::LzwEncoder::parse`]); its exact size at either
//! code size is known before anything is written ([`Parsed::data_len`]), so the choice is exact and
//! costs no second compression.

use crate::display::palette::Rgb;
use crate::encode::lzw::{min_code_size, Parsed};

use super::delta::TRANSPARENT;

/// How a parsed block is best written.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// The LZW minimum code size.
    pub(super) min_size: u8,
    /// Whether the block carries a local table of the colours it uses.
    pub(super) local: bool,
    /// The bytes of its image data and local table.
    pub(super) bytes: usize,
}

/// The global table and the local table of the block being written.
pub(super) struct Tables {
    /// The colour of each GIF index of the global table: [`TRANSPARENT`] first, then the palette
    /// in the order chosen (see [`super::order`]).
    global: Vec<Rgb>,
    /// The GIF index of each pixel value of a block (palette index `i` is held as `i + 1`,
    /// transparency as [`TRANSPARENT`]): how a block with the global table is renumbered.
    to_global: [u8; 256],
    /// The block's local table as written (RGB triples), when [`Plan::local`].
    local_table: Vec<u8>,
    /// The local index of each pixel value the block uses.
    local_map: [u8; 256],
}

impl Tables {
    /// The tables for a palette of these colours (at most 255), the global one in the order
    /// `to_global` gives (the GIF index of palette index `i` is `to_global[i + 1]`).
    pub(super) fn new(palette: &[Rgb], to_global: [u8; 256]) -> Tables {
        let mut global = vec![[0, 0, 0]; palette.len() + 1];
        // The transparent entry's colour is never shown.
        for (i, &rgb) in palette.iter().enumerate() {
            global[usize::from(to_global[i + 1])] = rgb;
        }
        Tables {
            global,
            to_global,
            local_table: Vec::new(),
            local_map: [0; 256],
        }
    }

    /// The global colour table as written (the `gif` crate pads it to a power of two entries, the
    /// smallest that holds the palette and the transparent entry).
    pub(super) fn global_table(&self) -> Vec<u8> {
        self.global.iter().flatten().copied().collect()
    }

    /// The GIF indices of the global table a block with these pixel values uses.
    fn in_global(&self, used: &[u64; 4]) -> [u64; 4] {
        let mut out = [0u64; 4];
        for value in members(used) {
            let g = self.to_global[usize::from(value)];
            out[usize::from(g >> 6)] |= 1 << (g & 63);
        }
        out
    }

    /// The smaller way to write `parsed`: with the global table at the code size its highest
    /// index needs, or with a local table of its colours at the code size their count needs.
    /// With `transparent`, [`TRANSPARENT`] counts as used, so a local table keeps it at index 0
    /// and every delta block declares the same transparent index.
    pub(super) fn plan(&self, parsed: &Parsed, transparent: bool) -> Plan {
        let used = self.in_global(&with_transparent(parsed.used(), transparent));
        let min_size = min_code_size(highest(&used));
        let global = Plan {
            min_size,
            local: false,
            bytes: parsed.data_len(min_size),
        };
        let count: u32 = used.iter().map(|w| w.count_ones()).sum();
        // `count` >= 1: a block has at least one pixel.
        let local_size = min_code_size((count - 1) as u8);
        if local_size >= global.min_size {
            return global;
        }
        let entries = (count as usize).next_power_of_two().max(2);
        let local = Plan {
            min_size: local_size,
            local: true,
            bytes: parsed.data_len(local_size) + 3 * entries,
        };
        if local.bytes < global.bytes {
            local
        } else {
            global
        }
    }

    /// The renumbering `plan` writes `parsed` with: into the global table, or into a local table
    /// of its colours in the order of the global one (so transparency stays 0), made ready for
    /// [`Tables::take_local_table`].
    pub(super) fn map_for(&mut self, parsed: &Parsed, transparent: bool, plan: Plan) -> &[u8; 256] {
        if !plan.local {
            return &self.to_global;
        }
        let used = with_transparent(parsed.used(), transparent);
        // The local index of each global index the block uses.
        let mut rank = [0u8; 256];
        self.local_table.clear();
        for (next, g) in members(&self.in_global(&used)).enumerate() {
            rank[usize::from(g)] = next as u8;
            self.local_table
                .extend_from_slice(&self.global[usize::from(g)]);
        }
        for value in members(&used) {
            self.local_map[usize::from(value)] =
                rank[usize::from(self.to_global[usize::from(value)])];
        }
        &self.local_map
    }

    /// Takes the local table out to hand it to the encoder; [`Tables::give_back`] returns it so
    /// its allocation serves the next block.
    pub(super) fn take_local_table(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.local_table)
    }

    pub(super) fn give_back(&mut self, table: Vec<u8>) {
        self.local_table = table;
    }
}

fn with_transparent(mut used: [u64; 4], transparent: bool) -> [u64; 4] {
    if transparent {
        used[0] |= 1 << TRANSPARENT;
    }
    used
}

/// The members of a 256-bit set, in increasing order.
fn members(set: &[u64; 4]) -> impl Iterator<Item = u8> + '_ {
    (0..=255u8).filter(move |&i| set[usize::from(i >> 6)] >> (i & 63) & 1 == 1)
}

/// The largest index in a 256-bit set (0 for an empty one).
fn highest(set: &[u64; 4]) -> u8 {
    (0..4)
        .rev()
        .find(|&w| set[w] != 0)
        .map_or(0, |w| (w * 64 + 63 - set[w].leading_zeros() as usize) as u8)
}
