//! Text in any script: a character the font lacks is refused before any work, Chinese captions
//! are drawn with the bundled subset or an installed CJK font, and pieces keep their own font.

use super::ink;
use crate::common::{decode_png, fails, ok, tempdir};

/// A 8 x 8 queens figure at the default 48-pixel cells: the caption band starts here.
const QUEENS_BAND_TOP: u32 = 8 * 48 + 2 * 24;

#[test]
fn a_character_the_font_lacks_is_refused_naming_it_and_the_font() {
    let dir = tempdir();
    let p = dir.path().join("q.png");
    let e = fails(
        &[
            "queens",
            "--caption",
            "八皇后问题 第1组解",
            "-o",
            p.to_str().unwrap(),
        ],
        b"",
    );
    assert!(e.contains("'八'") && e.contains("U+516B"), "{e}");
    assert!(
        e.contains("DejaVu Sans") && e.contains("--font-family"),
        "{e}"
    );
    assert!(!p.exists(), "nothing is written");
}

#[test]
fn chinese_built_in_captions_are_drawn_with_the_bundled_subset() {
    let dir = tempdir();
    let (zh, en) = (dir.path().join("zh.png"), dir.path().join("en.png"));
    ok(&["queens", "--lang", "zh", "-o", zh.to_str().unwrap()]);
    ok(&["queens", "-o", en.to_str().unwrap()]);
    let (zh, en) = (decode_png(&zh), decode_png(&en));
    let zh_ink = ink(&zh, QUEENS_BAND_TOP, zh.height());
    let en_ink = ink(&en, QUEENS_BAND_TOP, en.height());
    assert!(zh_ink.len() > 150, "{} ink pixels", zh_ink.len());
    assert_ne!(zh_ink, en_ink, "the Chinese caption is not the English one");
    // Ideographs are about as tall as they are wide: the caption's ink is taller than a digit's.
    let rows: std::collections::BTreeSet<u32> = zh_ink.iter().map(|p| p.1).collect();
    assert!(rows.len() >= 10, "{rows:?}");
}

#[test]
fn chinese_step_captions_follow_the_language() {
    let dir = tempdir();
    let p = dir.path().join("k.tex");
    ok(&[
        "knight",
        "-n",
        "5",
        "--lang",
        "zh",
        "--step",
        "3",
        "-o",
        p.to_str().unwrap(),
    ]);
    let tex = std::fs::read_to_string(&p).unwrap();
    assert!(tex.contains("第 3 步"), "{tex}");
}

#[test]
fn a_chinese_caption_of_ones_own_works_with_an_installed_cjk_font() {
    if chessviz::Font::by_family("Noto Sans CJK SC").is_err() {
        crate::common::skipped("skipped: no installed font of the family Noto Sans CJK SC (apt-get install fonts-noto-cjk)");
        return;
    }
    let dir = tempdir();
    let p = dir.path().join("q.png");
    let args = [
        "queens",
        "--caption",
        "八皇后问题 第1组解",
        "--font-family",
        "Noto Sans CJK SC",
    ];
    ok(&[&args[..], &["-o", p.to_str().unwrap()]].concat());
    let img = decode_png(&p);
    assert!(ink(&img, QUEENS_BAND_TOP, img.height()).len() > 150);
}

#[test]
fn a_font_without_chess_symbols_keeps_the_pieces() {
    // The bundled CJK subset has no chess symbols: the glyph queens come from the piece font.
    let dir = tempdir();
    let (zh, en) = (dir.path().join("zh.png"), dir.path().join("en.png"));
    // With a margin, where the caption and labels are set in the language's font (a bare board
    // has no text, and refuses --lang).
    let base = [
        "queens", "--piece", "glyph", "--margin", "16", "--cell", "48",
    ];
    ok(&[&base[..], &["--lang", "zh", "-o", zh.to_str().unwrap()]].concat());
    ok(&[&base[..], &["-o", en.to_str().unwrap()]].concat());
    // The boards are the same pixel for pixel.
    let board = |p: &std::path::Path| {
        image::imageops::crop_imm(&decode_png(p), 16, 16, 8 * 48, 8 * 48).to_image()
    };
    assert_eq!(board(&zh), board(&en));
    assert_ne!(
        decode_png(&zh),
        decode_png(&en),
        "the caption is in Chinese"
    );
}
