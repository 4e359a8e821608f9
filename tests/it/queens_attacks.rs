//! Attacked squares read in greyscale: in every theme, converted to greys (L*) and under every
//! simulated colour deficiency, an attacked light, an attacked dark, a safe light and a safe dark
//! square are four different things. Each square is sampled where the attack mark sits (the
//! middle) and on its plain body (a quarter in from the corner); two classes differ when either
//! sample differs by at least 15 in L*.
//!
//! `--attacks-of`: one queen's lines of attack end at the board's edge or on the first queen in
//! the way, on a position and at every state of the search.

use std::collections::BTreeSet;

use chessviz::colour::{lightness, Vision};
use chessviz::queens::{
    self, position_scene, QueensAdapter, QueensEvent, QueensPosition, QueensStyle,
};
use chessviz::{draw, Adapter, Emphasis, Fill, Square, Style, Theme};

/// Queens on a1, b3 and c6 of 8 x 8: no two attack each other, and every class has squares.
const ROWS: [u32; 8] = [1, 3, 6, 0, 0, 0, 0, 0];

/// Attacked by a queen of `ROWS`, counted here from the rules of chess (columns and rows 1-based).
fn attacked(col: u32, row: u32) -> bool {
    ROWS.iter().enumerate().any(|(i, &qr)| {
        let qc = i as u32 + 1;
        qr != 0
            && (qc, qr) != (col, row)
            && (qc == col || qr == row || qc.abs_diff(col) == qr.abs_diff(row))
    })
}

const CLASSES: [&str; 4] = ["safe light", "safe dark", "attacked light", "attacked dark"];

#[test]
fn the_four_square_classes_differ_by_15_in_lightness_in_every_theme_and_vision() {
    let position = QueensPosition::new(ROWS.to_vec()).unwrap();
    let look = QueensStyle {
        attacks: true,
        ..QueensStyle::default()
    };
    let (scene, hints) = position_scene(&position, look).unwrap();
    let mut failures = Vec::new();
    for cell in [24, 48] {
        for theme in Theme::NAMES {
            let mut style = Style::new(cell);
            style.theme = Theme::by_name(theme).unwrap();
            let image = draw(&scene, hints, &style).unwrap().to_rgba();
            // The board's squares start at the margin; a caption band, if any, is below them.
            let margin = style.margin_px();
            assert_eq!(image.width(), 8 * cell + 2 * margin);
            assert_eq!(image.height() > image.width(), hints.caption);
            for vision in Vision::ALL {
                let l = |x: u32, y: u32| {
                    let p = image.get_pixel(x, y).0;
                    lightness(vision.simulate([p[0], p[1], p[2]]))
                };
                // (middle, body) of each class; every square of a class must look the same.
                let mut seen: [Option<(f64, f64)>; 4] = [None; 4];
                for col in 1..=8 {
                    for row in 1..=8 {
                        if ROWS[col as usize - 1] == row {
                            continue;
                        }
                        let sq = Square::new(8 - row, col - 1);
                        let light = match scene.cell(sq).fill {
                            Fill::Light => true,
                            Fill::Dark => false,
                            other => panic!("{sq:?} is {other:?}"),
                        };
                        let class = usize::from(!light) + 2 * usize::from(attacked(col, row));
                        let (x, y) = (margin + sq.col * cell, margin + sq.row * cell);
                        let sample = (l(x + cell / 2, y + cell / 2), l(x + cell / 4, y + cell / 4));
                        match seen[class] {
                            None => seen[class] = Some(sample),
                            Some(s)
                                if (s.0 - sample.0).abs() > 1.0 || (s.1 - sample.1).abs() > 1.0 =>
                            {
                                failures.push(format!(
                                    "{theme} {cell}px {}: {sq:?} ({}) looks {sample:?}, not {s:?}",
                                    vision.name(),
                                    CLASSES[class]
                                ));
                            }
                            Some(_) => {}
                        }
                    }
                }
                let seen = seen.map(|s| s.expect("every class has a square"));
                for a in 0..4 {
                    for b in a + 1..4 {
                        let (x, y) = (seen[a], seen[b]);
                        let d = (x.0 - y.0).abs().max((x.1 - y.1).abs());
                        if d < 15.0 {
                            failures.push(format!(
                                "{theme} {cell}px {}: {} and {} differ by {d:.1} in L*",
                                vision.name(),
                                CLASSES[a],
                                CLASSES[b]
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The lines of attack of the queen on `from` in `rows` (row from the bottom per column, 0 =
/// empty), walked here square by square: (end, a queen stands on the end) per direction.
fn rays(rows: &[u32], from: Square) -> BTreeSet<(Square, bool)> {
    let n = rows.len() as i64;
    let queen = |r: i64, c: i64| rows[c as usize] as i64 == n - r;
    let mut out = BTreeSet::new();
    for dr in -1i64..=1 {
        for dc in -1i64..=1 {
            if (dr, dc) == (0, 0) {
                continue;
            }
            let (mut r, mut c) = (i64::from(from.row), i64::from(from.col));
            let mut end = None;
            while (0..n).contains(&(r + dr)) && (0..n).contains(&(c + dc)) {
                r += dr;
                c += dc;
                end = Some((Square::new(r as u32, c as u32), queen(r, c)));
                if queen(r, c) {
                    break;
                }
            }
            out.extend(end);
        }
    }
    out
}

#[test]
fn attacks_of_draws_a_line_to_the_edge_or_the_first_queen_in_each_direction() {
    // Deterministic positions with clashes: queens behind queens on every kind of line.
    let mut seed = 7u64;
    let mut next = |below: u32| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        ((seed >> 33) % u64::from(below)) as u32
    };
    let mut blocked = 0;
    for trial in 0..200 {
        let n = 4 + next(7);
        let rows: Vec<u32> = (0..n)
            .map(|_| if next(3) == 0 { 0 } else { 1 + next(n) })
            .collect();
        let position = QueensPosition::new(rows.clone()).unwrap();
        for (col, &row) in rows.iter().enumerate() {
            if row == 0 {
                continue;
            }
            let from = Square::new(n - row, col as u32);
            let look = QueensStyle {
                attacks_of: Some(from),
                ..QueensStyle::default()
            };
            let (scene, _) = position_scene(&position, look).unwrap();
            let expected = rays(&rows, from);
            let lines: BTreeSet<Square> = scene
                .links()
                .iter()
                .map(|l| {
                    assert_eq!(l.a, from, "trial {trial}: every line starts on the queen");
                    l.b
                })
                .collect();
            let ends: BTreeSet<Square> = expected.iter().map(|&(sq, _)| sq).collect();
            assert_eq!(lines, ends, "trial {trial}: {rows:?} from {from:?}");
            assert_eq!(scene.links().len(), ends.len(), "one line per direction");
            // The queen and each queen a line reaches are ringed; no other square is.
            let reached: BTreeSet<Square> = expected
                .iter()
                .filter(|&&(_, queen)| queen)
                .map(|&(sq, _)| sq)
                .collect();
            blocked += reached.len();
            for r in 0..n {
                for c in 0..n {
                    let sq = Square::new(r, c);
                    let ringed = scene.cell(sq).emphasis == Emphasis::Conflict;
                    let expect = reached.contains(&sq) || (sq == from && !reached.is_empty());
                    assert_eq!(ringed, expect, "trial {trial}: {rows:?} ring on {sq:?}");
                    assert!(!scene.cell(sq).shaded, "no attack marks without --attacks");
                }
            }
        }
    }
    assert!(blocked > 200, "the trials block lines: {blocked}");
}

#[test]
fn attacks_of_follows_the_search_state_by_state() {
    let n = 6;
    let from = Square::new(n - 2, 0); // a2: the first solution's queen in column a.
    let look = QueensStyle {
        attacks_of: Some(from),
        ..QueensStyle::default()
    };
    let mut adapter = QueensAdapter::new(n, look);
    let mut scene = adapter.first_scene();
    let mut rows = vec![0u32; n as usize];
    let mut shown = 0;
    for event in queens::search(n).unwrap() {
        match &event {
            QueensEvent::Place { col, row } => rows[*col as usize - 1] = *row,
            QueensEvent::Remove { col, .. } => rows[*col as usize - 1] = 0,
            QueensEvent::Solution { .. } => {}
        }
        adapter.apply(&mut scene, &event);
        let lines: BTreeSet<(Square, bool)> = scene
            .links()
            .iter()
            .map(|l| (l.b, rows[l.b.col as usize] == n - l.b.row))
            .collect();
        if rows[0] == 2 {
            shown += 1;
            assert_eq!(lines, rays(&rows, from), "{rows:?}");
        } else {
            assert!(lines.is_empty(), "{rows:?}: no queen on a2, no lines");
        }
    }
    assert!(shown > 10, "a queen stands on a2 in {shown} states");
}
