//! GIF's variable-length LZW compression, made for delta frames.
//!
//! A delta frame is mostly one index repeated: the transparent pixels around what changed, often
//! tens of thousands of them between two changed squares. A plain LZW encoder walks its dictionary
//! once per pixel, so those runs cost time in proportion to their length (two thirds of the time of
//! the 8-queens search GIF went there). This one jumps over a run at once: the strings of one index
//! repeated that the dictionary holds (`s`, `ss`, `sss`, ...) are kept as a chain per index, and a
//! string that starts with a run takes its longest link that the run covers, in one step. The output
//! is exactly the greedy LZW stream a per-pixel encoder writes (the tests compare it with one, byte
//! for byte, and decode it with the `gif` crate), so only the time changes. (The `gif` crate's own
//! encoder forgets the 17th string that continues a given string, so its streams are a little
//! longer.)

/// Codes are at most 12 bits wide; a full dictionary is cleared.
const MAX_WIDTH: u8 = 12;
const MAX_ENTRIES: u32 = 1 << MAX_WIDTH;
/// Slots of the dictionary's hash table: a power of two comfortably above [`MAX_ENTRIES`].
const SLOTS: usize = 1 << 13;

/// A reusable encoder: its tables are allocated once and cleared by a generation count, so a frame
/// of a few pixels costs a few pixels' work.
pub(crate) struct LzwEncoder {
    /// Dictionary: (prefix code << 8 | index) -> code, open addressing; a slot is live when its
    /// stamp equals `generation`.
    keys: Vec<u32>,
    codes: Vec<u16>,
    stamps: Vec<u32>,
    generation: u32,
    /// For each index `s`, the codes of `ss`, `sss`, ... in the dictionary (`s` itself is its literal).
    chains: Vec<Vec<u16>>,
    /// Indices whose chain is not empty, to clear only those.
    chained: Vec<u8>,
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
        LzwEncoder {
            keys: vec![0; SLOTS],
            codes: vec![0; SLOTS],
            stamps: vec![0; SLOTS],
            generation: 0,
            chains: vec![Vec::new(); 256],
            chained: Vec::new(),
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
        self.reset();
        // The next code to assign (codes up to `end` are the literals, clear and end).
        let mut next = u32::from(end) + 1;
        let mut i = 0;
        let Some(mut prefix) = self.start(pixels, &mut i) else {
            bits.put(end);
            bits.finish();
            return;
        };
        while i < pixels.len() {
            let p = pixels[i];
            if let Some(code) = self.find(prefix, p) {
                prefix = code;
                i += 1;
                continue;
            }
            // The string ends before `p`: emit it, and the dictionary learns it followed by `p`.
            self.insert(prefix, p, next as u16);
            if self.chain_end(p) == prefix {
                self.chains[usize::from(p)].push(next as u16);
                if self.chains[usize::from(p)].len() == 1 {
                    self.chained.push(p);
                }
            }
            next += 1;
            bits.put(prefix);
            // The decoder learns each entry one code later, so widths grow one entry late.
            if next > 1 << bits.width && bits.width < MAX_WIDTH {
                bits.width += 1;
            }
            if next > MAX_ENTRIES {
                bits.put(clear);
                self.reset();
                next = u32::from(end) + 1;
                bits.width = min_size + 1;
            }
            prefix = self
                .start(pixels, &mut i)
                .expect("a pixel is left to start from");
        }
        bits.put(prefix);
        // Reading that last code, the decoder adds an entry and may widen before the end code.
        if next > (1 << bits.width) - 1 && bits.width < MAX_WIDTH {
            bits.width += 1;
        }
        bits.put(end);
        bits.finish();
    }

    /// Starts a string at `pixels[*i]`: the longest run of that index the dictionary holds as one
    /// code, taken at once; `None` at the end of the pixels.
    fn start(&self, pixels: &[u8], i: &mut usize) -> Option<u16> {
        let s = *pixels.get(*i)?;
        let chain = &self.chains[usize::from(s)];
        let rest = &pixels[*i..];
        let limit = rest.len().min(chain.len() + 1);
        let run = run_length(&rest[..limit], s);
        *i += run;
        Some(if run == 1 {
            u16::from(s)
        } else {
            chain[run - 2]
        })
    }

    /// The code of the longest run of `s` in the dictionary.
    fn chain_end(&self, s: u8) -> u16 {
        self.chains[usize::from(s)]
            .last()
            .copied()
            .unwrap_or(u16::from(s))
    }

    fn reset(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 resets a stale stamp could look live: start the stamps over.
            self.stamps.fill(0);
            self.generation = 1;
        }
        for s in self.chained.drain(..) {
            self.chains[usize::from(s)].clear();
        }
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
    }

    fn find(&self, prefix: u16, p: u8) -> Option<u16> {
        let key = u32::from(prefix) << 8 | u32::from(p);
        let mut slot = Self::slot(key);
        while self.stamps[slot] == self.generation {
            if self.keys[slot] == key {
                return Some(self.codes[slot]);
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        None
    }

    fn insert(&mut self, prefix: u16, p: u8, code: u16) {
        let key = u32::from(prefix) << 8 | u32::from(p);
        let mut slot = Self::slot(key);
        while self.stamps[slot] == self.generation {
            slot = (slot + 1) & (SLOTS - 1);
        }
        self.stamps[slot] = self.generation;
        self.keys[slot] = key;
        self.codes[slot] = code;
    }
}

/// How many bytes at the start of `bytes` equal `s` (compared 16 at a time).
fn run_length(bytes: &[u8], s: u8) -> usize {
    let (chunks, _) = bytes.as_chunks::<16>();
    let whole = chunks.iter().take_while(|c| **c == [s; 16]).count() * 16;
    whole + bytes[whole..].iter().take_while(|&&b| b == s).count()
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
