//! Attacked squares read in greyscale: in every theme, converted to greys (L*) and under every
//! simulated colour deficiency, an attacked light, an attacked dark, a safe light and a safe dark
//! square are four different things. Each square is sampled where the attack mark sits (the
//! middle) and on its plain body (a quarter in from the corner); two classes differ when either
//! sample differs by at least 15 in L*.

use chessviz::internals::colour_check::{lightness, Vision};
use chessviz::internals::layout::Layout;
use chessviz::queens::{position_scene, QueensPosition, QueensStyle};
use chessviz::{draw, Fill, Square, Style, Theme};

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
            let layout = Layout::new(8, 8, cell, style.margin_px(), hints.caption).unwrap();
            assert_eq!(image.dimensions(), (layout.width(), layout.height()));
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
                        let r = layout.cell_rect(sq);
                        let sample = (
                            l(r.x + r.width / 2, r.y + r.height / 2),
                            l(r.x + r.width / 4, r.y + r.height / 4),
                        );
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
