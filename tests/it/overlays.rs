//! Overlays drawn: marks, arrows, links with conflict rings, the placed frame and the ghost, the
//! dead-end cross, the closing move of a closed path and the dotted path.
//!
//! Figures are built as scenes through the library (the command's flags for them come on other
//! branches) and compared pixel for pixel with goldens under `tests/golden/overlays-*.png`
//! (`CHESSVIZ_BLESS=1` rewrites them; failures write actual and diff images under
//! `target/golden-failures/`). The same figures as SVG must agree with the PNG (rendered with resvg,
//! as `vector.rs` checks every figure), an animation that adds and removes overlays must compose to
//! full stills frame by frame, and every kind must leave ink in its own colour at 16-pixel cells.
//! The colour rules of the overlays' theme roles are in `overlay_colours.rs`.

use std::path::{Path, PathBuf};

use chessviz::display_list::{Layer, RecordedShape};
use chessviz::knight::{KnightAdapter, KnightProblem};
use chessviz::{
    animate, draw, draw_vector, scene_after, Adapter, Arrow, Beat, Emphasis, Fill, Framing, Link,
    Mark, MarkKind, Marker, NoProgress, Pacing, PathStyle, Piece, RenderHints, Scene, Square,
    Still, Style, Theme, VectorFigure,
};
use image::{Rgb, RgbImage};

use crate::common::{decode_gif, decode_png};
use crate::vector::{agreement, check_pdf, render_svg, save_failure};

fn sq(row: u32, col: u32) -> Square {
    Square::new(row, col)
}

/// Queens with every overlay of an explaining figure: two queens attacking each other (ringed,
/// linked), the queen just placed, a removed queen's ghost, attacked squares, the four marks (one
/// on a queen, one on an attacked square) and two arrows, one passing under a queen.
fn queens_figure() -> Scene {
    let mut s = Scene::checkerboard(8, 8);
    let queen = |s: &mut Scene, at: Square, emphasis: Emphasis| {
        s.update_cell(at, |c| {
            c.piece = Some(Piece::Crown);
            c.emphasis = emphasis;
        })
    };
    queen(&mut s, sq(7, 0), Emphasis::None);
    queen(&mut s, sq(1, 2), Emphasis::Conflict);
    queen(&mut s, sq(4, 5), Emphasis::Conflict);
    queen(&mut s, sq(6, 4), Emphasis::Placed);
    queen(&mut s, sq(2, 6), Emphasis::Ghost);
    queen(&mut s, sq(0, 4), Emphasis::None);
    for at in [sq(6, 1), sq(5, 2), sq(3, 2), sq(6, 6), sq(7, 4)] {
        s.update_cell(at, |c| c.shaded = true);
    }
    s.set_links(vec![Link {
        a: sq(1, 2),
        b: sq(4, 5),
    }]);
    for (at, kind) in [
        (sq(3, 2), MarkKind::Dot),
        (sq(3, 0), MarkKind::Cross),
        (sq(2, 4), MarkKind::Ring),
        (sq(0, 4), MarkKind::Fill),
        (sq(3, 7), MarkKind::Fill),
    ] {
        s.push_mark(Mark { square: at, kind });
    }
    s.push_arrow(Arrow {
        from: sq(7, 0),
        to: sq(4, 3),
    });
    s.push_arrow(Arrow {
        from: sq(0, 1),
        to: sq(0, 6),
    });
    s
}

/// A closed 6 x 6 tour drawn with its numbers and its closing move dashed, with a ring and an arrow
/// over the numbers.
fn closed_tour_figure() -> (Scene, RenderHints) {
    let tour = KnightProblem::new(6, 6, sq(0, 0))
        .expect("problem")
        .closed(true)
        .solve()
        .expect("a closed tour");
    let mut adapter = KnightAdapter::new(6, 6);
    let (mut s, _) = scene_after(&mut adapter, KnightAdapter::moves(&tour), None).expect("scene");
    s.set_path_closed(true);
    s.push_mark(Mark {
        square: sq(3, 3),
        kind: MarkKind::Ring,
    });
    s.push_arrow(Arrow {
        from: sq(5, 5),
        to: sq(3, 4),
    });
    (s, adapter.hints())
}

/// A closed tour as dots joined by lines (no numbers), as Wikipedia draws one.
fn dotted_tour_figure() -> Scene {
    let tour = KnightProblem::new(6, 6, sq(0, 0))
        .expect("problem")
        .closed(true)
        .solve()
        .expect("a closed tour");
    let mut s = Scene::checkerboard(6, 6);
    for at in tour.path() {
        s.push_path(at);
    }
    s.set_path_style(PathStyle::Dots);
    s.set_path_closed(true);
    s
}

/// A knight's search that retreated: a partial path with numbers and two squares left as dead ends.
fn dead_end_figure() -> (Scene, RenderHints) {
    let mut adapter = KnightAdapter::new(5, 5);
    let moves = [sq(0, 0), sq(1, 2), sq(0, 4), sq(2, 3), sq(4, 4)]
        .into_iter()
        .zip(1..)
        .map(|(square, step)| Ok(chessviz::knight::KnightEvent::Move { step, square }));
    let (mut s, _) = scene_after(&mut adapter, moves, None).expect("scene");
    for at in [sq(3, 1), sq(4, 2)] {
        s.update_cell(at, |c| c.marker = Some(Marker::DeadEnd));
    }
    (s, adapter.hints())
}

/// The figures, by name, with their hints.
fn figures() -> Vec<(&'static str, Scene, RenderHints)> {
    let plain = RenderHints::default();
    let (closed, closed_hints) = closed_tour_figure();
    let (dead, dead_hints) = dead_end_figure();
    vec![
        ("queens", queens_figure(), plain),
        ("closed", closed, closed_hints),
        ("dotted", dotted_tour_figure(), plain),
        ("dead-end", dead, dead_hints),
    ]
}

fn style(theme: &str, cell: u32) -> Style {
    let mut style = Style::new(cell);
    style.theme = Theme::by_name(theme).expect("theme");
    style
}

fn still_rgb(still: &Still) -> RgbImage {
    let (w, h) = (still.width(), still.height());
    RgbImage::from_fn(w, h, |x, y| {
        Rgb(still.palette().rgb(still.canvas().get(x, y)))
    })
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn failure_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/golden-failures")
}

/// Compares `actual` with golden `name`, writing actual and diff images on a difference.
fn check_golden(name: &str, actual: &RgbImage) -> Option<String> {
    let golden = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("CHESSVIZ_BLESS").is_some() {
        actual.save(&golden).expect("write the golden");
        return None;
    }
    if !golden.exists() {
        return Some(format!("{name}: no golden (run with CHESSVIZ_BLESS=1)"));
    }
    let expected = decode_png(&golden);
    std::fs::create_dir_all(failure_dir()).expect("failure dir");
    let actual_path = failure_dir().join(format!("{name}.actual.png"));
    if expected.dimensions() != actual.dimensions() {
        actual.save(&actual_path).expect("save");
        return Some(format!(
            "{name}: size {:?}, expected {:?}",
            actual.dimensions(),
            expected.dimensions()
        ));
    }
    let mut diff = RgbImage::new(expected.width(), expected.height());
    let mut n = 0;
    for (x, y, p) in expected.enumerate_pixels() {
        if actual.get_pixel(x, y) == p {
            diff.put_pixel(x, y, Rgb(p.0.map(|c| 255 - (255 - c) / 4)));
        } else {
            n += 1;
            diff.put_pixel(x, y, Rgb([230, 0, 0]));
        }
    }
    if n == 0 {
        return None;
    }
    actual.save(&actual_path).expect("save");
    let diff_path = failure_dir().join(format!("{name}.diff.png"));
    diff.save(&diff_path).expect("save");
    Some(format!(
        "{name}: {n} pixels differ ({}, {})",
        actual_path.display(),
        diff_path.display()
    ))
}

#[test]
fn overlay_figures_match_their_goldens_in_every_theme() {
    let mut failures = Vec::new();
    // Every theme at 16 px; at 40 px a colour theme and the greyscale one.
    let sizes = |theme: &str| match theme {
        "default" | "print" => vec![16, 40],
        _ => vec![16],
    };
    for theme in Theme::NAMES {
        for cell in sizes(theme) {
            for (name, scene, hints) in figures() {
                let still = draw(&scene, hints, &style(theme, cell)).expect("still");
                let golden = format!("overlays-{name}-{theme}-{cell}");
                failures.extend(check_golden(&golden, &still_rgb(&still)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The vector figure of `scene` (its display list) and its raster.
fn list_and_still(scene: &Scene, hints: RenderHints, style: &Style) -> (VectorFigure, Still) {
    let figure = draw_vector(scene, hints, style).expect("vector figure");
    let still = draw(scene, hints, style).expect("still");
    (figure, still)
}

#[test]
fn overlay_figures_as_svg_and_pdf_agree_with_the_png() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("overlays");
    std::fs::create_dir_all(&dir).expect("dir");
    let mut failures = Vec::new();
    for theme in Theme::NAMES {
        for cell in [16, 40] {
            for (name, scene, hints) in figures() {
                let name = format!("overlays-{name}-{theme}-{cell}");
                let (figure, still) = list_and_still(&scene, hints, &style(theme, cell));
                let mut text = Vec::new();
                figure.write_svg(&mut text).expect("svg");
                let text = String::from_utf8(text).expect("UTF-8");
                std::fs::write(dir.join(format!("{name}.svg")), &text).expect("svg");
                let expected = still_rgb(&still);
                let actual = render_svg(&text);
                let (share, diff) = agreement(&actual, &expected);
                println!("{name}: {:.2} % agree", share * 100.0);
                if share < 0.98 {
                    let files = save_failure(&name, &actual, &expected, &diff);
                    failures.push(format!("{name}: {:.2} % ({files})", share * 100.0));
                }
                let mut bytes = Vec::new();
                figure.write_pdf(&mut bytes, &figure.pdf).expect("pdf");
                check_pdf(&bytes, figure.width(), figure.height(), 0.75);
                std::fs::write(dir.join(format!("{name}.pdf")), &bytes).expect("pdf");
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn arrows_and_links_lie_over_nodes_and_under_pieces_and_numbers() {
    let (scene, hints) = closed_tour_figure();
    let (figure, _) = list_and_still(&scene, hints, &style("default", 48));
    let list = figure.list();
    let layers: Vec<Layer> = list.items.iter().map(|i| i.layer).collect();
    let first = |l: Layer| layers.iter().position(|&x| x == l).expect("layer present");
    let last = |l: Layer| layers.iter().rposition(|&x| x == l).expect("layer present");
    // Where an item of a later layer comes before one of an earlier layer, they lie in different
    // cells: grouping items by layer (as SVG and PDF do) changes nothing.
    let board = |l: Layer| (Layer::Board..=Layer::Numbers).contains(&l);
    for (i, a) in list.items.iter().enumerate() {
        for b in &list.items[i + 1..] {
            if a.layer > b.layer && board(a.layer) && board(b.layer) {
                assert!(
                    a.clip.intersect(&b.clip).is_empty(),
                    "{:?} in {:?} before {:?} in {:?}",
                    a.layer,
                    a.clip,
                    b.layer,
                    b.clip
                );
            }
        }
    }
    // The arrow crosses cells: after every ring and node, before every piece and number.
    let arrow = list
        .items
        .iter()
        .position(|i| i.layer == Layer::Overlays && i.clip.width > 48)
        .expect("the arrow");
    assert!(last(Layer::Marks) < arrow);
    assert!(last(Layer::Overlays) < first(Layer::Numbers));
    assert!(arrow < first(Layer::Badges));
    // The closing move is part of the path, drawn once on its halo, from the last square.
    let path_items = list.items.iter().filter(|i| i.layer == Layer::Path).count();
    assert_eq!(path_items, 3, "the line, the closing move and its halo");
    let mut open = scene.clone();
    open.set_path_closed(false);
    let (figure, _) = list_and_still(&open, hints, &style("default", 48));
    let list = figure.list();
    let path_items = list.items.iter().filter(|i| i.layer == Layer::Path).count();
    assert_eq!(path_items, 1, "an open path has no closing move");
}

#[test]
fn a_ghost_is_faint_and_other_pieces_are_not() {
    let (figure, _) = list_and_still(
        &queens_figure(),
        RenderHints::default(),
        &style("default", 40),
    );
    let list = figure.list();
    let pieces: Vec<_> = list
        .items
        .iter()
        .filter(|i| i.layer == Layer::Pieces)
        .collect();
    let ghost = pieces
        .iter()
        .filter(|i| i.clip.x == 6 * 40 + 20 && i.clip.y == 2 * 40 + 20)
        .collect::<Vec<_>>();
    assert!(!ghost.is_empty());
    assert!(ghost.iter().all(|i| i.alpha < 128), "the ghost is faint");
    let solid = pieces.iter().filter(|i| i.alpha == 255).count();
    assert_eq!(solid, pieces.len() - ghost.len(), "the rest are opaque");
    assert!(list
        .items
        .iter()
        .any(|i| matches!(i.shape, RecordedShape::Rect(_))
            && i.layer == Layer::Highlights
            && i.alpha < 255));
}

/// An adapter whose events put overlays on and take them off a queens board, so that every frame
/// of its animation shows a different figure.
struct OverlaySteps;

#[derive(Clone, Copy)]
enum Step {
    Queen(Square, Emphasis),
    Remove(Square),
    Mark(Mark),
    Arrow(Arrow),
    Links(&'static [(u32, u32, u32, u32)]),
    DeadEnd(Square, bool),
    Path(Square),
    PopPath,
    Closed(bool),
    Style(PathStyle),
}

impl Adapter for OverlaySteps {
    type Event = Step;

    fn first_scene(&mut self) -> Scene {
        Scene::checkerboard(6, 6)
    }

    fn apply(&mut self, scene: &mut Scene, event: &Step) -> Beat {
        match *event {
            Step::Queen(at, emphasis) => scene.update_cell(at, |c| {
                c.piece = Some(Piece::Crown);
                c.emphasis = emphasis;
            }),
            Step::Remove(at) => scene.update_cell(at, |c| {
                c.piece = None;
                c.emphasis = Emphasis::None;
            }),
            Step::Mark(m) => scene.push_mark(m),
            Step::Arrow(a) => scene.push_arrow(a),
            Step::Links(pairs) => scene.set_links(
                pairs
                    .iter()
                    .map(|&(r0, c0, r1, c1)| Link {
                        a: sq(r0, c0),
                        b: sq(r1, c1),
                    })
                    .collect(),
            ),
            Step::DeadEnd(at, on) => {
                scene.update_cell(at, |c| c.marker = on.then_some(Marker::DeadEnd))
            }
            Step::Path(at) => {
                scene.push_path(at);
                if scene.path().len() == 1 {
                    return Beat::Unseen;
                }
            }
            Step::PopPath => {
                scene.pop_path();
            }
            Step::Closed(on) => scene.set_path_closed(on),
            Step::Style(st) => scene.set_path_style(st),
        }
        Beat::Step
    }

    fn hints(&self) -> RenderHints {
        RenderHints::default()
    }
}

fn overlay_steps() -> Vec<Step> {
    use Step::*;
    vec![
        Queen(sq(0, 1), Emphasis::Placed),
        Queen(sq(0, 1), Emphasis::None),
        Queen(sq(3, 4), Emphasis::Placed),
        Queen(sq(3, 4), Emphasis::Conflict),
        Queen(sq(0, 1), Emphasis::Conflict),
        Links(&[(0, 1, 3, 4)]),
        Arrow(chessviz::Arrow {
            from: sq(5, 0),
            to: sq(1, 4),
        }),
        Mark(chessviz::Mark {
            square: sq(2, 2),
            kind: MarkKind::Fill,
        }),
        Mark(chessviz::Mark {
            square: sq(4, 1),
            kind: MarkKind::Cross,
        }),
        Links(&[]),
        Remove(sq(3, 4)),
        Queen(sq(3, 4), Emphasis::Ghost),
        Remove(sq(3, 4)),
        Queen(sq(0, 1), Emphasis::None),
        Mark(chessviz::Mark {
            square: sq(5, 5),
            kind: MarkKind::Dot,
        }),
        Mark(chessviz::Mark {
            square: sq(1, 1),
            kind: MarkKind::Ring,
        }),
        // A path of one square shows nothing as a line: the first two squares come together.
        Path(sq(5, 3)),
        Path(sq(3, 4)),
        Style(PathStyle::Dots),
        Path(sq(1, 5)),
        DeadEnd(sq(2, 3), true),
        Path(sq(0, 3)),
        Closed(true),
        Style(PathStyle::Line),
        // The closing move follows the path's end.
        PopPath,
        DeadEnd(sq(0, 3), true),
        Path(sq(2, 4)),
        Closed(false),
        DeadEnd(sq(2, 3), false),
        Style(PathStyle::Dots),
    ]
}

#[test]
fn an_animation_of_overlays_composes_to_full_stills() {
    let steps = overlay_steps();
    for (theme, cell) in [("default", 24), ("slate", 16), ("print", 33)] {
        let style = style(theme, cell);
        let mut gif = Vec::new();
        let framing = Framing {
            opening: true,
            final_hold: false,
        };
        let stats = animate(
            &mut gif,
            &mut OverlaySteps,
            steps.iter().map(|&s| Ok(s)),
            framing,
            &style,
            Pacing::new(100, 100),
            &mut NoProgress,
        )
        .expect("animation");
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("overlays.gif");
        std::fs::write(&path, &gif).expect("write");
        let decoded = decode_gif(&path);
        // The states a frame shows: the opening, then after every event that shows.
        let mut scene = OverlaySteps.first_scene();
        let mut shown = vec![0u64];
        for (i, step) in steps.iter().enumerate() {
            if OverlaySteps.apply(&mut scene, step) != Beat::Unseen {
                shown.push(i as u64 + 1);
            }
        }
        let stills: Vec<RgbImage> = shown
            .iter()
            .map(|&n| {
                let events = steps.iter().map(|&s| Ok(s));
                let still = chessviz::still_after(&mut OverlaySteps, events, Some(n), &style);
                still_rgb(&still.expect("still"))
            })
            .collect();
        let unchanged: Vec<u64> = (1..stills.len())
            .filter(|&i| stills[i] == stills[i - 1])
            .map(|i| shown[i])
            .collect();
        assert!(
            unchanged.is_empty(),
            "{theme}: steps that show nothing: {unchanged:?}"
        );
        assert_eq!(
            decoded.frames.len(),
            shown.len(),
            "{theme}: one frame per event shown and the opening ({stats:?})"
        );
        for (i, expected) in stills.into_iter().enumerate() {
            let actual = decoded.rgb(i);
            if actual != expected {
                let name = format!("overlay-steps-{theme}-{i}");
                let (_, diff) = agreement(&actual, &expected);
                let files = save_failure(&name, &actual, &expected, &diff);
                panic!("{theme} {cell}: frame {i} differs from the full still ({files})");
            }
        }
    }
}

/// Pixels of exactly `rgb` inside cell `at` of a figure drawn with `margin` and `cell`.
fn ink_in_cell(img: &RgbImage, margin: u32, cell: u32, at: Square, rgb: [u8; 3]) -> usize {
    let (x0, y0) = (margin + at.col * cell, margin + at.row * cell);
    let mut n = 0;
    for y in y0..y0 + cell {
        for x in x0..x0 + cell {
            if img.get_pixel(x, y).0 == rgb {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn every_overlay_leaves_its_own_ink_at_16_pixel_cells() {
    for theme in Theme::NAMES {
        let t = Theme::by_name(theme).expect("theme");
        for cell in [12u32, 16] {
            let mut scene = Scene::checkerboard(4, 6);
            // Every mark on a light, a dark, an attacked and a tile square.
            let tile = sq(3, 5);
            scene.update_cell(tile, |c| c.fill = Fill::Tile(2));
            scene.update_cell(sq(1, 4), |c| c.shaded = true);
            for (i, kind) in [MarkKind::Dot, MarkKind::Cross, MarkKind::Ring]
                .into_iter()
                .enumerate()
            {
                for at in [sq(0, 2 * i as u32), sq(0, 2 * i as u32 + 1)] {
                    scene.push_mark(Mark { square: at, kind });
                }
            }
            scene.push_mark(Mark {
                square: sq(1, 4),
                kind: MarkKind::Dot,
            });
            scene.push_mark(Mark {
                square: tile,
                kind: MarkKind::Cross,
            });
            scene.push_arrow(Arrow {
                from: sq(2, 0),
                to: sq(2, 3),
            });
            scene.update_cell(sq(3, 0), |c| {
                c.piece = Some(Piece::Crown);
                c.emphasis = Emphasis::Conflict;
            });
            scene.update_cell(sq(3, 2), |c| {
                c.piece = Some(Piece::Crown);
                c.emphasis = Emphasis::Placed;
            });
            scene.update_cell(sq(1, 1), |c| c.marker = Some(Marker::DeadEnd));
            let hints = RenderHints {
                tile_colors: 3,
                ..RenderHints::default()
            };
            let still = draw(&scene, hints, &style(theme, cell)).expect("still");
            let img = still_rgb(&still);
            let margin = style(theme, cell).margin_px();
            let count = |at: Square, rgb| ink_in_cell(&img, margin, cell, at, rgb);
            let what = format!("{theme} at {cell} px");
            for c in 0..6 {
                assert!(count(sq(0, c), t.mark) >= 4, "{what}: mark in 0,{c}");
            }
            assert!(count(sq(1, 4), t.mark) >= 4, "{what}: dot on attacked");
            assert!(count(tile, t.mark) >= 4, "{what}: cross on a tile");
            for c in 0..4 {
                assert!(count(sq(2, c), t.mark) >= 3, "{what}: arrow in 2,{c}");
            }
            assert!(count(sq(3, 0), t.conflict) >= 4, "{what}: conflict ring");
            assert!(count(sq(3, 2), t.placed) >= 8, "{what}: placed frame");
            assert!(count(sq(1, 1), t.end) >= 4, "{what}: dead end");
        }
    }
}

#[test]
fn a_dead_end_is_a_cross_not_an_end_ring() {
    let (scene, hints) = dead_end_figure();
    let (figure, _) = list_and_still(&scene, hints, &style("default", 40));
    let list = figure.list();
    let margin = style("default", 40).margin_px();
    let in_cell = |at: Square| {
        let (x, y) = (margin + at.col * 40, margin + at.row * 40);
        list.items
            .iter()
            .filter(move |i| i.clip.x == x && i.clip.y == y)
    };
    for at in [sq(3, 1), sq(4, 2)] {
        let names: Vec<(Layer, String)> = in_cell(at)
            .filter_map(|i| match i.shape {
                RecordedShape::Symbol { id, .. } => {
                    Some((i.layer, list.symbols.get(id).name.clone()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            names,
            vec![(Layer::Overlays, "dead-end".to_string())],
            "{at:?}"
        );
    }
    // The path's real end keeps its ring.
    assert!(in_cell(sq(4, 4)).any(|i| i.layer == Layer::Marks));
}
