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

/// Codes are at most 12 bits wide; a full dictionary is cleared.
const MAX_WIDTH: u8 = 12;
const MAX_ENTRIES: u32 = 1 << MAX_WIDTH;
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

/// The bit writer: codes least significant bit first, as GIF packs them.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    len: u8,
    width: u8,
}

impl Bits<'_> {
    fn put(&mut self, code: u16) {
        self.acc |= u64::from(code) << self.len;
        self.len += self.width;
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

    /// Appends to `out` the image data of a GIF image block holding `pixels`: the minimum code size
    /// (from the largest index, as the `gif` crate chooses it) and the LZW stream, not yet cut into
    /// sub-blocks.
    pub(crate) fn encode(&mut self, pixels: &[u8], out: &mut Vec<u8>) {
        let max = pixels.iter().fold(0u8, |m, &p| m.max(p));
        let min_size = (u32::from(max) + 1)
            .max(4)
            .next_power_of_two()
            .trailing_zeros() as u8;
        out.push(min_size);
        let clear = 1u16 << min_size;
        let end = clear + 1;
        let mut bits = Bits {
            out,
            acc: 0,
            len: 0,
            width: min_size + 1,
        };
        bits.put(clear);
        self.reset(end);
        let Some(&first) = pixels.first() else {
            bits.put(end);
            bits.finish();
            return;
        };
        // The next code to assign (codes up to `end` are the literals, clear and end).
        let mut next = u32::from(end) + 1;
        let mut prefix = u16::from(first);
        let mut i = 1;
        while i < pixels.len() {
            if let Some((code, taken)) = self.extend(prefix, &pixels[i..]) {
                prefix = code;
                i += taken;
                continue;
            }
            // The string ends before `p`: emit it, and the dictionary learns it followed by `p`.
            let p = pixels[i];
            self.learn(prefix, p, next as u16);
            next += 1;
            bits.put(prefix);
            // The decoder learns each entry one code later, so widths grow one entry late.
            if next > 1 << bits.width && bits.width < MAX_WIDTH {
                bits.width += 1;
            }
            if next > MAX_ENTRIES {
                bits.put(clear);
                self.reset(end);
                next = u32::from(end) + 1;
                bits.width = min_size + 1;
            }
            prefix = u16::from(p);
            i += 1;
        }
        bits.put(prefix);
        // Reading that last code, the decoder adds an entry and may widen before the end code.
        if next > (1 << bits.width) - 1 && bits.width < MAX_WIDTH {
            bits.width += 1;
        }
        bits.put(end);
        bits.finish();
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

    /// Forgets every string but the literals (codes up to `end`).
    fn reset(&mut self, end: u16) {
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
        for code in 0..=usize::from(end) {
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
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::borrow::Cow;
    use std::collections::HashMap;

    /// Greedy LZW as the textbook writes it, one pixel at a time: the stream [`LzwEncoder`] must
    /// write, jumps or not.
    fn reference(pixels: &[u8]) -> Vec<u8> {
        let max = pixels.iter().copied().max().unwrap_or(0);
        let min_size = (u32::from(max) + 1)
            .max(4)
            .next_power_of_two()
            .trailing_zeros() as u8;
        let (clear, end) = (1u32 << min_size, (1u32 << min_size) + 1);
        let mut out = vec![min_size];
        let mut bits = Bits {
            out: &mut out,
            acc: 0,
            len: 0,
            width: min_size + 1,
        };
        bits.put(clear as u16);
        let mut dict: HashMap<(u32, u8), u32> = HashMap::new();
        let mut next = end + 1;
        let mut prefix: Option<u32> = None;
        for &p in pixels {
            let Some(q) = prefix else {
                prefix = Some(u32::from(p));
                continue;
            };
            if let Some(&code) = dict.get(&(q, p)) {
                prefix = Some(code);
                continue;
            }
            dict.insert((q, p), next);
            next += 1;
            bits.put(q as u16);
            if next > 1 << bits.width && bits.width < MAX_WIDTH {
                bits.width += 1;
            }
            if next > MAX_ENTRIES {
                bits.put(clear as u16);
                dict.clear();
                next = end + 1;
                bits.width = min_size + 1;
            }
            prefix = Some(u32::from(p));
        }
        if let Some(q) = prefix {
            bits.put(q as u16);
            if next > (1 << bits.width) - 1 && bits.width < MAX_WIDTH {
                bits.width += 1;
            }
        }
        bits.put(end as u16);
        bits.finish();
        out
    }

    fn ours(pixels: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        LzwEncoder::new().encode(pixels, &mut out);
        out
    }

    /// `data` written as one `width`-pixel-wide GIF frame, decoded again by the `gif` crate.
    fn decoded(data: Vec<u8>, width: u16, height: u16) -> Vec<u8> {
        let palette = vec![0u8; 256 * 3];
        let mut file = Vec::new();
        let mut e = gif::Encoder::new(&mut file, width, height, &palette).unwrap();
        let frame = gif::Frame {
            width,
            height,
            buffer: Cow::Owned(data),
            ..gif::Frame::default()
        };
        e.write_lzw_pre_encoded_frame(&frame).unwrap();
        drop(e);
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut d = options.read_info(file.as_slice()).unwrap();
        d.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    /// Checks `pixels` (a whole number of `width`-pixel rows): the reference stream, and decoded
    /// back to the same pixels.
    fn check(pixels: &[u8], width: u16) {
        let data = ours(pixels);
        assert!(data == reference(pixels), "not the greedy stream");
        let height = (pixels.len() / usize::from(width)) as u16;
        assert!(
            decoded(data, width, height) == pixels,
            "decodes differently"
        );
    }

    #[test]
    fn runs_long_enough_to_clear_the_dictionary_round_trip() {
        // Runs of growing length, then noise that fills the dictionary several times over.
        let mut pixels = Vec::new();
        for n in 1..400usize {
            pixels.extend(std::iter::repeat_n((n % 3) as u8 * 100, n));
        }
        let mut x = 12345u32;
        for _ in 0..200_000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            pixels.push((x >> 16) as u8);
        }
        pixels.extend(std::iter::repeat_n(255, 100_000));
        pixels.truncate(pixels.len() / 100 * 100);
        check(&pixels, 100);
    }

    #[test]
    fn a_reused_encoder_starts_each_frame_afresh() {
        let mut enc = LzwEncoder::new();
        let frames: [&[u8]; 3] = [&[7; 5000], &[1, 2, 3, 7, 7, 7, 7, 7], &[7; 5000]];
        let mut outs = Vec::new();
        for f in frames {
            let mut out = Vec::new();
            enc.encode(f, &mut out);
            outs.push(out);
        }
        assert_eq!(outs[0], outs[2]);
        assert_eq!(outs[1], ours(frames[1]));
        assert_eq!(outs[1], reference(frames[1]));
    }

    #[test]
    fn a_long_run_costs_codes_not_pixels() {
        // 10^6 equal pixels: a string one longer per code, so about sqrt(2 * 10^6) codes.
        let data = ours(&[9; 1_000_000]);
        assert!(data.len() < 2_000, "{} bytes", data.len());
        check(&[9; 1_000_000], 1000);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Runs of a few indices, as delta frames have them, at every code size.
        #[test]
        fn any_frame_is_the_greedy_stream_and_round_trips(
            runs in prop::collection::vec((0u8..=255, 1usize..300), 1..200),
            mask in prop::sample::select(vec![3u8, 7, 15, 31, 63, 127, 255]),
            width in 1u16..40,
        ) {
            let mut pixels: Vec<u8> = runs
                .iter()
                .flat_map(|&(p, n)| std::iter::repeat_n(p & mask, n))
                .collect();
            let w = usize::from(width);
            pixels.resize(pixels.len().div_ceil(w) * w, mask);
            check(&pixels, width);
        }
    }
}
