//! GIF's variable-length LZW compression, made for delta frames.
//!
//! A delta frame is mostly one index repeated: the transparent pixels around what changed, often
//! tens of thousands of them between two changed squares. A plain LZW encoder walks its dictionary
//! once per pixel, so those runs cost time in proportion to their length (two thirds of the time of
//! the 8-queens search GIF went there). This one jumps over a run at once. Every string the
//! dictionary learns is some string `h` followed by a run `s^j` of one index (`h` not ending in `s`),
//! and `h s`, `h ss`, `h sss`, ... are learnt in that order: they are kept as a *chain*, so a string
//! followed by a run of `s` takes the longest link the run covers in one step. The output is exactly
//! the greedy LZW stream a per-pixel encoder writes (the tests compare it with one, byte for byte,
//! and decode it with the `gif` crate), so only the time changes. (The `gif` crate's own encoder
//! forgets the 17th string that continues a given string, so its streams are a little longer.)
//!
//! **One parse, any colour table.** Which strings greedy LZW takes depends only on which pixels are
//! equal, not on the index values, as long as the dictionary is cleared at the same places. So the
//! dictionary is cleared after [`LEARNS`] strings whatever the code size (where code size 8 must
//! clear anyway), [`LzwEncoder::parse`] runs once per block, and the block can then be written for
//! any one-to-one renumbering of its indices ([`Parsed::write`]) at any code size that holds
//! them, with its exact size known beforehand ([`Parsed::data_len`]). The GIF writer uses that to
//! choose between the global colour table and a small local one without compressing twice. The
//! parse also collects the indices the block uses ([`Parsed::used`]) at the places it learns a
//! string, which are far fewer than its pixels.

/// Codes are at most 12 bits wide; a full dictionary is cleared.
const MAX_WIDTH: u8 = 12;
const MAX_ENTRIES: u32 = 1 << MAX_WIDTH;
/// Strings learnt before the dictionary is cleared, at every code size: the most that code size 8
/// allows (codes 258..=4095, plus one learnt as the dictionary fills, which is never used). A
/// smaller code size could hold up to 251 strings more; clearing at the same place for all keeps
/// the parse independent of the colour table (see the module docs), at a cost only to blocks of
/// over 3839 codes.
const LEARNS: u32 = MAX_ENTRIES - 257;
/// Codes of the parse: literals are the pixel values, then the clear and end codes, then the
/// learnt strings, numbered as at code size 8.
const CLEAR: u16 = 256;
const FIRST_STRING: u16 = 258;
/// Slots of the dictionary's hash table: a power of two four times [`MAX_ENTRIES`], so that a
/// probe (most of them miss: each code written follows a string not in the dictionary) rarely
/// looks at more than one slot.
const SLOTS: usize = 1 << 14;
/// Bits of a code in a dictionary slot (codes are below [`MAX_ENTRIES`]; keys, a 12-bit prefix
/// and an 8-bit index, take the 20 above them).
const CODE_BITS: u32 = MAX_WIDTH as u32;
const CODE_MASK: u32 = (1 << CODE_BITS) - 1;
/// A code in no chain (a string that no run has followed yet; the clear and end codes).
const NO_CHAIN: u32 = u32::MAX;

/// The smallest LZW minimum code size (2..=8) whose literals hold indices up to `max`.
pub(crate) fn min_code_size(max: u8) -> u8 {
    (u32::from(max) + 1)
        .max(4)
        .next_power_of_two()
        .trailing_zeros() as u8
}

/// A reusable encoder: its tables are allocated once and cleared by a generation count, so a frame
/// of a few pixels costs a few pixels' work.
pub(crate) struct LzwEncoder {
    /// Dictionary: (prefix code << 8 | index) -> code, open addressing. A slot packs its
    /// generation (high 32 bits), key (20 bits) and code (12 bits) in one word, so a probe reads
    /// one place in memory; it is live when its generation equals `generation`.
    slots: Vec<u64>,
    generation: u32,
    /// Per code: the last index of its string, its chain and its place in it (1-based).
    last: Vec<u8>,
    chain_of: Vec<u32>,
    depth: Vec<u16>,
    /// The chains: the codes of `h s`, `h ss`, ... (for a literal `s`: `s`, `ss`, ...), each made
    /// when its second link is learnt; the first `chain_count` are in use, the rest keep their
    /// allocations for the next frame.
    chains: Vec<Vec<u16>>,
    chain_count: usize,
}

/// A parsed block: its codes, ready to be written through any renumbering of its indices.
#[derive(Default)]
pub(crate) struct Parsed {
    /// The codes in order, [`CLEAR`] where the dictionary was cleared (the first clear and the
    /// end code are not listed).
    codes: Vec<u16>,
    /// The indices the pixels use, as a 256-bit set.
    used: [u64; 4],
}

/// The bit writer: codes least significant bit first, as GIF packs them.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    len: u8,
}

impl Bits<'_> {
    fn put(&mut self, code: u16, width: u8) {
        self.acc |= u64::from(code) << self.len;
        self.len += width;
        while self.len >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len -= 8;
        }
    }

    fn finish(self) {
        if self.len > 0 {
            self.out.push(self.acc as u8);
        }
    }
}

impl LzwEncoder {
    pub(crate) fn new() -> LzwEncoder {
        let entries = MAX_ENTRIES as usize + 1;
        LzwEncoder {
            slots: vec![0; SLOTS],
            generation: 0,
            last: (0..entries).map(|c| c as u8).collect(),
            chain_of: vec![NO_CHAIN; entries],
            depth: vec![0; entries],
            chains: Vec::new(),
            chain_count: 0,
        }
    }

    /// Compresses `pixels` (greedy LZW) into `out` (whose allocation is reused).
    pub(crate) fn parse(&mut self, pixels: &[u8], out: &mut Parsed) {
        out.codes.clear();
        out.used = [0; 4];
        self.reset();
        let Some(&first) = pixels.first() else {
            return;
        };
        out.mark(first);
        // Strings learnt since the last clear.
        let mut learnt = 0;
        let mut prefix = u16::from(first);
        let mut i = 1;
        while i < pixels.len() {
            if let Some((code, taken)) = self.extend(prefix, &pixels[i..]) {
                prefix = code;
                i += taken;
                continue;
            }
            // The string ends before `p`: emit it, and the dictionary learns it followed by `p`.
            // Every pixel is the first one or such a `p`, or inside a string made of them.
            let p = pixels[i];
            out.mark(p);
            self.learn(prefix, p, FIRST_STRING + learnt as u16);
            learnt += 1;
            out.codes.push(prefix);
            if learnt == LEARNS {
                out.codes.push(CLEAR);
                self.reset();
                learnt = 0;
            }
            prefix = u16::from(p);
            i += 1;
        }
        out.codes.push(prefix);
    }

    /// The longest string in the dictionary that is `prefix` followed by a run of `rest[0]` within
    /// `rest` (one step however long the run), with the number of pixels it takes; `None` when
    /// `prefix` followed by `rest[0]` is not in the dictionary.
    fn extend(&self, prefix: u16, rest: &[u8]) -> Option<(u16, usize)> {
        let s = rest[0];
        let (chain, from) = if self.last[usize::from(prefix)] == s {
            // `prefix` ends in a run of `s`: its longer runs follow it in its chain.
            let chain = self.chain_of[usize::from(prefix)];
            if chain == NO_CHAIN {
                return None;
            }
            (chain, usize::from(self.depth[usize::from(prefix)]))
        } else {
            let code = self.find(prefix, s)?;
            let chain = self.chain_of[usize::from(code)];
            if rest.get(1) != Some(&s) || chain == NO_CHAIN {
                // No run follows, or none was learnt after it: the string is `code` itself, the
                // first link of its chain.
                return Some((code, 1));
            }
            (chain, 0)
        };
        let links = &self.chains[chain as usize][from..];
        if links.is_empty() {
            return None;
        }
        let run = if links.len() > 1 && rest.get(1) == Some(&s) {
            run_length(&rest[..rest.len().min(links.len())], s)
        } else {
            1
        };
        Some((links[run - 1], run))
    }

    /// Adds `code` for `prefix` followed by `p`, to the dictionary and to its chain.
    fn learn(&mut self, prefix: u16, p: u8, code: u16) {
        self.insert(prefix, p, code);
        let (q, c) = (usize::from(prefix), usize::from(code));
        self.last[c] = p;
        let chain = if self.last[q] != p {
            // `code` starts a chain of its own; most strings never get a run after them, so the
            // chain is made when one does (below), not now.
            self.chain_of[c] = NO_CHAIN;
            return;
        } else if self.chain_of[q] == NO_CHAIN {
            // A string followed by the index it ends in, for the first time: its chain starts
            // with the string (a literal, or a code whose chain was not made yet).
            let chain = self.new_chain();
            self.chains[chain as usize].push(prefix);
            self.chain_of[q] = chain;
            self.depth[q] = 1;
            chain
        } else {
            self.chain_of[q]
        };
        let links = &mut self.chains[chain as usize];
        links.push(code);
        self.chain_of[c] = chain;
        self.depth[c] = links.len() as u16;
    }

    fn new_chain(&mut self) -> u32 {
        if self.chain_count == self.chains.len() {
            self.chains.push(Vec::new());
        }
        self.chain_count += 1;
        (self.chain_count - 1) as u32
    }

    /// Forgets every string but the literals.
    fn reset(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 resets a stale slot could look live: start the generations over.
            self.slots.fill(0);
            self.generation = 1;
        }
        for chain in &mut self.chains[..self.chain_count] {
            chain.clear();
        }
        self.chain_count = 0;
        for code in 0..usize::from(FIRST_STRING) {
            self.chain_of[code] = NO_CHAIN;
            self.last[code] = code as u8;
        }
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
    }

    fn find(&self, prefix: u16, p: u8) -> Option<u16> {
        let key = u32::from(prefix) << 8 | u32::from(p);
        let mut slot = Self::slot(key);
        loop {
            let entry = self.slots[slot];
            if (entry >> 32) as u32 != self.generation {
                return None;
            }
            if (entry as u32) >> CODE_BITS == key {
                return Some((entry as u32 & CODE_MASK) as u16);
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }

    fn insert(&mut self, prefix: u16, p: u8, code: u16) {
        if u32::from(code) > CODE_MASK {
            // The 4097th string: the dictionary is cleared right after it is learnt, so it is
            // never looked up (and its code would not fit the slot).
            return;
        }
        let key = u32::from(prefix) << 8 | u32::from(p);
        let mut slot = Self::slot(key);
        while (self.slots[slot] >> 32) as u32 == self.generation {
            slot = (slot + 1) & (SLOTS - 1);
        }
        self.slots[slot] =
            u64::from(self.generation) << 32 | u64::from(key << CODE_BITS | u32::from(code));
    }
}

impl Parsed {
    /// The indices the pixels use, as a 256-bit set (bit `i % 64` of word `i / 64`).
    pub(crate) fn used(&self) -> [u64; 4] {
        self.used
    }

    /// The bytes [`Parsed::write`] appends at `min_size`, plus the sub-block framing GIF adds
    /// to them: one length byte per 255 bytes and the terminating empty sub-block.
    pub(crate) fn data_len(&self, min_size: u8) -> usize {
        let mut bits = 0u64;
        self.emit(&IDENTITY, min_size, |_, width| bits += u64::from(width));
        let stream = bits.div_ceil(8) as usize;
        1 + stream + stream.div_ceil(255) + 1
    }

    /// Appends to `out` the image data of a GIF image block holding the parsed pixels, each
    /// index `i` written as `map[i]`: the minimum code size `min_size` (which must hold every
    /// mapped index) and the LZW stream, not yet cut into sub-blocks. `map` must be one-to-one on
    /// the indices used.
    pub(crate) fn write(&self, map: &[u8; 256], min_size: u8, out: &mut Vec<u8>) {
        out.push(min_size);
        let mut bits = Bits {
            out,
            acc: 0,
            len: 0,
        };
        self.emit(map, min_size, |code, width| bits.put(code, width));
        bits.finish();
    }

    /// Every code as written at `min_size` through `map`, with its width.
    fn emit(&self, map: &[u8; 256], min_size: u8, mut put: impl FnMut(u16, u8)) {
        let clear = 1u16 << min_size;
        let end = clear + 1;
        let first_string = u32::from(end) + 1;
        let mut width = min_size + 1;
        // The next code the decoder assigns.
        let mut next = first_string;
        put(clear, width);
        let count = self.codes.len();
        for (j, &code) in self.codes.iter().enumerate() {
            if code == CLEAR {
                put(clear, width);
                width = min_size + 1;
                next = first_string;
                continue;
            }
            let out = match code {
                literal @ 0..=255 => u16::from(map[usize::from(literal)]),
                string => string - FIRST_STRING + first_string as u16,
            };
            put(out, width);
            // Every code but the last is followed by a string learnt; the decoder learns each
            // entry one code late, so widths grow one entry late; reading the last code, the
            // decoder adds an entry and may widen before the end code.
            let limit = if j + 1 < count {
                next += 1;
                1 << width
            } else {
                (1 << width) - 1
            };
            if next > limit && width < MAX_WIDTH {
                width += 1;
            }
        }
        put(end, width);
    }

    fn mark(&mut self, p: u8) {
        self.used[usize::from(p >> 6)] |= 1 << (p & 63);
    }
}

/// The map that writes every index as itself.
pub(crate) const IDENTITY: [u8; 256] = {
    let mut map = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        map[i] = i as u8;
        i += 1;
    }
    map
};

/// How many bytes at the start of `bytes` equal `s`, compared eight at a time.
fn run_length(bytes: &[u8], s: u8) -> usize {
    let splat = u64::from_ne_bytes([s; 8]);
    let (words, tail) = bytes.as_chunks::<8>();
    for (k, w) in words.iter().enumerate() {
        let differ = u64::from_le_bytes(*w) ^ splat;
        if differ != 0 {
            return k * 8 + (differ.trailing_zeros() / 8) as usize;
        }
    }
    words.len() * 8 + tail.iter().take_while(|&&b| b == s).count()
}

#[cfg(test)]
mod tests;
