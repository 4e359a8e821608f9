//! The colour rules of the overlays' theme roles, in all four themes, computed as
//! `palette_rules.rs` computes the rest: marks, conflicts and the placed frame read on every square
//! and tile fill (their colour or their edge at 3:1), a filled mark's tint is visible and keeps
//! numbers and queens legible, and arrows (marks) and links (conflicts) stay apart for every reader.
//! `cargo test --test it overlay_colours -- --nocapture` prints the worst cases.

use chessviz::colour::contrast;
use chessviz::colour::mix;
use chessviz::colour::{lightness, Vision};
use chessviz::Theme;

/// Every fill an overlay can be drawn on.
fn fills(t: &Theme) -> Vec<(String, [u8; 3])> {
    let mut v = vec![
        ("light".to_string(), t.light),
        ("dark".to_string(), t.dark),
        ("attacked light".to_string(), t.attacked(t.light)),
        ("attacked dark".to_string(), t.attacked(t.dark)),
        ("blank".to_string(), t.blank()),
    ];
    for (i, c) in t.tile_fills(4).into_iter().enumerate() {
        v.push((format!("tile {i}"), c));
    }
    v
}

/// The opacity of a filled mark's tint and of a ghost (see the renderer).
const TINT: u8 = 73;

#[test]
fn overlay_colours_read_on_every_fill_for_every_reader() {
    let mut failures = Vec::new();
    for theme in Theme::NAMES {
        let t = Theme::by_name(theme).expect("theme");
        for (role, colour) in [
            ("mark", t.mark),
            ("conflict", t.conflict),
            ("placed", t.placed),
        ] {
            let on_edge = contrast(colour, t.overlay_edge);
            if on_edge < 3.0 {
                failures.push(format!("{theme}: {role} on its edge {on_edge:.2}"));
            }
            // Drawn inside its edge: the colour or the edge stands out from every fill.
            let (worst, on) = fills(&t)
                .into_iter()
                .map(|(n, f)| (contrast(colour, f).max(contrast(t.overlay_edge, f)), n))
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .expect("fills");
            println!("{theme:8} {role:9} on edge {on_edge:5.2}, worst {worst:5.2} on {on}");
            if worst < 3.0 {
                failures.push(format!("{theme}: {role} on {on}: {worst:.2}"));
            }
        }
        // Numbers and pieces stay legible on a tinted square (3:1, large text), and the tint shows.
        for (name, f) in fills(&t) {
            let tinted = mix(f, t.mark, TINT);
            let ink = contrast(t.ink_on(f), tinted);
            let piece = contrast(t.piece, tinted);
            let seen = Vision::ALL
                .iter()
                .map(|v| v.delta_e(f, tinted))
                .fold(f64::MAX, f64::min);
            println!(
                "{theme:8} tint on {name:14} numbers {ink:5.2}, dE00 {seen:5.1}, dL* {:5.1}",
                lightness(f) - lightness(tinted)
            );
            if ink < 3.0 || seen < 3.0 {
                failures.push(format!(
                    "{theme}: tint on {name}: numbers {ink:.2}, dE00 {seen:.1}"
                ));
            }
            if name == "light" || name == "dark" {
                // A queen stands on chessboard squares; with its details drawn in a contrasting
                // colour, 2.5:1 keeps its outline legible tinted too.
                if piece < 2.5 {
                    failures.push(format!("{theme}: queen on tinted {name}: {piece:.2}"));
                }
            }
        }
        // Arrows and links are told apart by colour for every reader in colour themes (their shapes
        // tell them apart in print).
        let grey = |c: [u8; 3]| c[0] == c[1] && c[1] == c[2];
        if !(grey(t.mark) && grey(t.conflict)) {
            let de = Vision::ALL
                .iter()
                .map(|v| v.delta_e(t.mark, t.conflict))
                .fold(f64::MAX, f64::min);
            println!("{theme:8} mark vs conflict worst dE00 {de:5.1}");
            if de < 15.0 {
                failures.push(format!("{theme}: mark vs conflict {de:.1}"));
            }
        }
    }
    let print = Theme::by_name("print").expect("print");
    for c in [print.mark, print.conflict, print.placed, print.overlay_edge] {
        assert!(c[0] == c[1] && c[1] == c[2], "print is greyscale: {c:?}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
