//! The colour tables and code sizes of the written blocks, and the form of their unchanged pixels.

use crate::display::palette::Palette;
use crate::encode::Repeat;
use crate::geom::Rect;

use super::decode::{colors_in, decode, Decoded, Rgb};
use super::{encode, encode_in, palette, palette_of, rgb, solid, with_pixel};

/// The smallest LZW minimum code size for indices up to `max` (GIF allows 2 and up).
fn smallest_code_size(max: u8) -> u8 {
    (u32::from(max) + 1)
        .max(4)
        .next_power_of_two()
        .trailing_zeros() as u8
}

/// Every block is written at the smallest code size its table allows, and a block has a local
/// table only when that lowers the code size below what the global table needs for its colours:
/// a table of just its colours (the transparent entry first), padded to a power of two.
pub(super) fn check_tables(decoded: &Decoded, palette: &Palette) {
    let global_index =
        |rgb: Rgb| 1 + palette.colors().iter().position(|&c| c == rgb).unwrap() as u8;
    for (i, block) in decoded.blocks.iter().enumerate() {
        let mut used: Vec<u8> = block.pixels.clone();
        used.extend(block.transparent);
        used.sort_unstable();
        used.dedup();
        let max = *used.last().unwrap();
        assert_eq!(block.min_code_size, smallest_code_size(max), "block {i}");
        let Some(local) = &block.local else {
            continue;
        };
        let entries = local.len() / 3;
        assert_eq!(entries, used.len().next_power_of_two().max(2), "block {i}");
        assert_eq!(used, (0..used.len() as u8).collect::<Vec<_>>(), "block {i}");
        if block.transparent.is_some() {
            assert_eq!(block.transparent, Some(0), "block {i}");
        }
        let colours = used.iter().filter(|&&p| Some(p) != block.transparent);
        let global_max = colours
            .map(|&p| global_index(block.color(p, &decoded.global_palette)))
            .max()
            .unwrap_or(0);
        assert!(
            block.min_code_size < smallest_code_size(global_max),
            "block {i}: a local table that does not lower the code size"
        );
    }
}

/// The global table is the transparent entry and the palette in the smallest power of two of
/// entries that holds them (a 5-colour palette: 8), and each block has the smallest code size for
/// the indices it uses: the first, which uses every colour, log2 of the table; a later change to
/// palette colour 0 alone (the colour most used, so GIF index 1), code size 2.
#[test]
fn the_global_table_is_the_smallest_that_holds_the_palette() {
    let cases = [
        (1, 2, 2),
        (2, 4, 2),
        (3, 4, 2),
        (4, 8, 3),
        (5, 8, 3),
        (7, 8, 3),
        (8, 16, 4),
        (15, 16, 4),
        (16, 32, 5),
        (31, 32, 5),
        (32, 64, 6),
        (100, 128, 7),
        (127, 128, 7),
        (128, 256, 8),
        (255, 256, 8),
    ];
    for (colors, entries, code_size) in cases {
        let palette = palette_of(colors);
        let w = colors as u32 + 1;
        let mut first = solid(w, 3, 0);
        for x in 0..colors as u32 {
            first.set(x + 1, 1, x as u8);
        }
        let second = with_pixel(&first, w - 1, 1, 0);
        let third = with_pixel(&second, 0, 2, (colors - 1) as u8);
        let frames = [(first, 100), (second.clone(), 100), (third.clone(), 100)];
        let (bytes, _) = encode_in(&frames, &palette, Repeat::Forever);
        let d = decode(&bytes);
        let what = format!("{colors} colours");
        assert_eq!(d.global_palette.len(), 3 * entries, "{what}");
        // After the transparent entry, every palette colour once (in the order of use).
        let mut table: Vec<&[u8]> = d.global_palette[3..3 * (colors + 1)].chunks(3).collect();
        table.sort_unstable();
        let mut colours: Vec<&[u8]> = palette.colors().iter().map(|c| &c[..]).collect();
        colours.sort_unstable();
        assert_eq!(table, colours, "{what}");
        let sizes: Vec<u8> = d.blocks.iter().map(|b| b.min_code_size).collect();
        assert_eq!(sizes[0], code_size, "{what}: the first block");
        if colors == 1 {
            // One colour: every picture is the same.
            assert_eq!(sizes.len(), 1);
            continue;
        }
        assert_eq!(sizes[1], 2, "{what}: a change to colour 0 alone");
        assert!(d.blocks.iter().all(|b| b.local.is_none()), "{what}");
        assert!(d.composed[2] == colors_in(&third, &palette), "{what}");
        check_tables(&d, &palette);
    }
}

/// In a 200-colour palette, a block drawn in six colours at the top of it carries a local table
/// of those six and the transparent entry (8 entries, code size 3, against 8 with the global
/// table); a one-pixel change to one such colour does not, as the table would cost more than the
/// narrower codes save.
#[test]
fn a_local_table_is_written_where_it_is_smaller() {
    let palette = palette_of(200);
    let first = solid(64, 64, 0);
    let mut square = first.clone();
    for y in 10..50 {
        for x in 10..50 {
            if (x + y) % 7 != 0 {
                square.set(x, y, 190 + ((x / 3 + y / 5) % 6) as u8);
            }
        }
    }
    let dot = with_pixel(&square, 60, 60, 199);
    // A whole screen of change first: the global table's order is chosen then (see
    // `the_global_table_starts_with_the_colours_in_use`), before colours 190 and up are used, so
    // they stay high in it.
    let frames = [
        (solid(64, 64, 1), 100),
        (first, 100),
        (square.clone(), 100),
        (dot.clone(), 100),
    ];
    let (bytes, _) = encode_in(&frames, &palette, Repeat::Forever);
    let d = decode(&bytes);
    let (d_blocks, d_composed) = (&d.blocks[1..], &d.composed[1..]);
    let drawn = &d_blocks[1];
    assert_eq!(drawn.local.as_ref().map(|t| t.len()), Some(8 * 3));
    assert_eq!(drawn.min_code_size, 3);
    assert_eq!(drawn.transparent, Some(0));
    let one = &d_blocks[2];
    assert_eq!(one.rect, Rect::new(60, 60, 1, 1));
    assert!(one.local.is_none());
    assert_eq!(one.min_code_size, 8);
    assert!(d_composed[1] == colors_in(&square, &palette));
    assert!(d_composed[2] == colors_in(&dot, &palette));
    check_tables(&d, &palette);
}

/// A ring drawn on a plain square is written as the ring on transparency; the square restored
/// to its plain fill is written as that fill alone, its unchanged pixels opaque, which compresses
/// to a fraction of the ring's outline on transparency. Either way the picture is the pushed one.
#[test]
fn a_restored_square_is_written_as_its_fill() {
    let plain = solid(40, 40, 2);
    let mut ring = plain.clone();
    for y in 5..35u32 {
        for x in 5..35u32 {
            let d = (x as i32 - 20).pow(2) + (y as i32 - 20).pow(2);
            if (100..=196).contains(&d) {
                ring.set(x, y, 4);
            }
        }
    }
    let frames = [
        (plain.clone(), 100),
        (ring.clone(), 100),
        (plain.clone(), 100),
    ];
    let (bytes, _) = encode(&frames);
    let d = decode(&bytes);
    assert_eq!(d.blocks.len(), 3);
    let (drawn, restored) = (&d.blocks[1], &d.blocks[2]);
    assert_eq!(drawn.rect, restored.rect);
    assert!(
        drawn.pixels.contains(&0),
        "the ring keeps its surroundings transparent"
    );
    let fill = restored.pixels[0];
    assert!(
        restored.pixels.iter().all(|&p| p == fill),
        "the restored square is its fill alone"
    );
    assert_eq!(restored.color(fill, &d.global_palette), palette().rgb(2));
    assert!(d.composed[1] == rgb(&ring));
    assert!(d.composed[2] == rgb(&plain));
}

/// The global table lists the colours the first blocks use first: in a 200-colour palette, an
/// animation drawn in colours 0 and 150 to 155 has them at GIF indices 1 to 7, so its blocks need
/// code size 3 and no local table; the other colours follow in palette order.
#[test]
fn the_global_table_starts_with_the_colours_in_use() {
    let palette = palette_of(200);
    let mut frames = vec![(solid(30, 30, 0), 100)];
    for k in 0..6u32 {
        let mut next = frames.last().unwrap().0.clone();
        next.fill_rect(Rect::new(k * 5, k * 4, 5, 6), 150 + k as u8);
        frames.push((next, 100));
    }
    let (bytes, _) = encode_in(&frames, &palette, Repeat::Forever);
    let d = decode(&bytes);
    let colour = |i: usize| &d.global_palette[3 * i..3 * i + 3];
    assert_eq!(colour(1), &palette.rgb(0)[..]);
    let mut used: Vec<&[u8]> = (2..8).map(colour).collect();
    used.sort_unstable();
    let mut expected: Vec<[u8; 3]> = (150..156).map(|c| palette.rgb(c)).collect();
    expected.sort_unstable();
    assert_eq!(used, expected.iter().map(|c| &c[..]).collect::<Vec<_>>());
    // Then the unused colours in palette order.
    assert_eq!(colour(8), &palette.rgb(1)[..]);
    assert_eq!(colour(200), &palette.rgb(199)[..]);
    for (i, block) in d.blocks.iter().enumerate() {
        assert!(block.local.is_none(), "block {i}");
        assert!(block.min_code_size <= 3, "block {i}");
        assert!(
            d.composed[i] == colors_in(&frames[i].0, &palette),
            "block {i}"
        );
    }
    check_tables(&d, &palette);
}
