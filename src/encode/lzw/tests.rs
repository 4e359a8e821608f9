//! The LZW encoder against a per-pixel reference and the `gif` crate's decoder.

use super::*;
use proptest::prelude::*;
use std::borrow::Cow;
use std::collections::HashMap;

/// Greedy LZW as the textbook writes it, one pixel at a time, at code size `min_size`,
/// clearing the dictionary after [`LEARNS`] strings: the stream [`LzwEncoder`] must write,
/// jumps or not.
fn reference_at(pixels: &[u8], min_size: u8) -> Vec<u8> {
    let (clear, end) = (1u32 << min_size, (1u32 << min_size) + 1);
    let mut out = vec![min_size];
    let mut bits = Bits {
        out: &mut out,
        acc: 0,
        len: 0,
    };
    let mut width = min_size + 1;
    bits.put(clear as u16, width);
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
        bits.put(q as u16, width);
        if next > 1 << width && width < MAX_WIDTH {
            width += 1;
        }
        if dict.len() == LEARNS as usize {
            bits.put(clear as u16, width);
            dict.clear();
            next = end + 1;
            width = min_size + 1;
        }
        prefix = Some(u32::from(p));
    }
    if let Some(q) = prefix {
        bits.put(q as u16, width);
        if next > (1 << width) - 1 && width < MAX_WIDTH {
            width += 1;
        }
    }
    bits.put(end as u16, width);
    bits.finish();
    out
}

fn smallest_size(pixels: &[u8]) -> u8 {
    min_code_size(pixels.iter().copied().max().unwrap_or(0))
}

fn reference(pixels: &[u8]) -> Vec<u8> {
    reference_at(pixels, smallest_size(pixels))
}

fn ours(pixels: &[u8]) -> Vec<u8> {
    let mut parsed = Parsed::default();
    LzwEncoder::new().parse(pixels, &mut parsed);
    let mut out = Vec::new();
    parsed.write(&IDENTITY, smallest_size(pixels), &mut out);
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

/// Noise in four colours fills the dictionary many times: at code size 2 it is cleared
/// after the same number of strings as at code size 8, and still decodes.
#[test]
fn small_code_sizes_clear_where_size_8_does() {
    let mut x = 99u32;
    let pixels: Vec<u8> = (0..120_000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8 & 3
        })
        .collect();
    check(&pixels, 300);
    let mut parsed = Parsed::default();
    LzwEncoder::new().parse(&pixels, &mut parsed);
    let clears = parsed.codes.iter().filter(|&&c| c == CLEAR).count();
    assert!(clears >= 3, "{clears} clears");
}

#[test]
fn a_reused_encoder_starts_each_frame_afresh() {
    let mut enc = LzwEncoder::new();
    let mut parsed = Parsed::default();
    let frames: [&[u8]; 3] = [&[7; 5000], &[1, 2, 3, 7, 7, 7, 7, 7], &[7; 5000]];
    let mut outs = Vec::new();
    for f in frames {
        let mut out = Vec::new();
        enc.parse(f, &mut parsed);
        parsed.write(&IDENTITY, smallest_size(f), &mut out);
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

    /// One parse written through any renumbering, at any code size that holds it, is the
    /// greedy stream of the renumbered pixels at that size; its size is known before
    /// writing, and the parse saw exactly the indices the pixels use.
    #[test]
    fn a_renumbered_parse_is_the_stream_of_the_renumbered_pixels(
        (bits, order) in (1u32..=8).prop_flat_map(|bits| {
            (Just(bits), Just((0..1u32 << bits).map(|i| i as u8).collect::<Vec<u8>>()).prop_shuffle())
        }),
        runs in prop::collection::vec((0u8..=255, 1usize..300), 1..200),
        extra in 0u8..3,
    ) {
        let mask = ((1u32 << bits) - 1) as u8;
        let pixels: Vec<u8> = runs
            .iter()
            .flat_map(|&(p, n)| std::iter::repeat_n(p & mask, n))
            .collect();
        let mut map = IDENTITY;
        for (i, &to) in order.iter().enumerate() {
            map[i] = to;
        }
        let renumbered: Vec<u8> = pixels.iter().map(|&p| map[usize::from(p)]).collect();
        let size = (smallest_size(&renumbered) + extra).min(8);
        let mut parsed = Parsed::default();
        LzwEncoder::new().parse(&pixels, &mut parsed);
        let mut out = Vec::new();
        parsed.write(&map, size, &mut out);
        prop_assert!(out == reference_at(&renumbered, size));
        let stream = out.len() - 1;
        prop_assert_eq!(parsed.data_len(size), 1 + stream + stream.div_ceil(255) + 1);
        let mut used = [0u64; 4];
        for &p in &pixels {
            used[usize::from(p >> 6)] |= 1 << (p & 63);
        }
        prop_assert_eq!(parsed.used(), used);
        prop_assert!(decoded(out, renumbered.len() as u16, 1) == renumbered);
    }
}
