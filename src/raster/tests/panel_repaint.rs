//! A step of an animation with panels repaints what the step changed in the panel (the rows of a
//! block whose text changed, the tree when a node changed), not the whole panel: counted without
//! a clock by the pixels the renderer paints, against the pixels that really change. Every few
//! frames the picture is checked against a full render of its scene.

use super::repaint_cost::options;
use crate::panel::{PanelKinds, Paneled};
use crate::queens::{self, QueensAdapter, QueensPanel, QueensStyle};
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::text::Lang;
use crate::tromino::{TrominoPanel, TrominoProblem};
use crate::{Adapter, Annotated, Annotations, Square, Style};

/// A frame may paint this many times the pixels it changes (a highlight bar under its text, a
/// row's background before its glyphs, a tree node's ring over its fill).
const PER_CHANGED: u64 = 6;

/// And this many more, whatever changed: a panel row is repainted whole when one of its
/// characters changes (a counter going from 9 to 10), about 400 x 20 pixels at cell 24.
const PER_FRAME: u64 = 2 * 400 * 20;

fn changed_pixels(canvas: &Canvas, seen: &mut [u8]) -> u64 {
    let changed = canvas
        .pixels()
        .iter()
        .zip(seen.iter())
        .filter(|(a, b)| a != b)
        .count() as u64;
    seen.copy_from_slice(canvas.pixels());
    changed
}

/// Renders `events` through `adapter` frame by frame as an animation sink does, checking every
/// frame's cost and every 20th frame against a full render.
fn walk<A: Adapter>(name: &str, mut adapter: A, events: impl Iterator<Item = A::Event>) {
    let style = Style::new(24);
    let mut scene = adapter.first_scene();
    let opts = options(&style, adapter.hints());
    let mut renderer = BoardRenderer::for_scene(&scene, opts.clone()).expect("renderer");
    let mut stills = BoardRenderer::for_scene(&scene, opts).expect("renderer");
    let mut canvas = renderer.render(&mut scene).expect("first frame");
    let mut seen = canvas.pixels().to_vec();
    let mut regions = Vec::new();
    let mut frames = 0;
    for event in events {
        adapter.apply(&mut scene, &event);
        let before = renderer.paint_stats();
        renderer
            .update_regions(&mut scene, &mut canvas, &mut regions)
            .expect("update");
        let painted = renderer.paint_stats().pixels - before.pixels;
        let changed = changed_pixels(&canvas, &mut seen);
        frames += 1;
        // The first update also makes the layer kept under the large markers: a full render.
        assert!(
            frames == 1 || painted <= PER_CHANGED * changed + PER_FRAME,
            "{name}: frame {frames} painted {painted} pixels for {changed} changed"
        );
        if frames % 20 == 0 {
            let still = stills.render_once(&scene).expect("still");
            assert!(
                still.pixels() == canvas.pixels(),
                "{name}: frame {frames} differs from the still of its scene"
            );
        }
    }
    assert!(frames > 100, "{name}: only {frames} frames");
}

#[test]
fn a_step_repaints_the_panel_rows_it_changed() {
    let all = PanelKinds {
        code: true,
        stack: true,
        counts: true,
        tree: true,
    };
    let n = 6;
    let look = QueensStyle::default();
    let adapter = Annotated::new(
        QueensAdapter::for_animation(n, look).expect("adapter"),
        Annotations::new(n, n),
    );
    let panel = QueensPanel::new(n, all, Lang::En);
    let events = queens::search(n).expect("search").take(300);
    walk("queens", Paneled::new(adapter, Some(panel)), events);

    // k = 4 draws every level of the tree; k = 5 sums its deepest level up in a line under it.
    for k in [4, 5] {
        let problem = TrominoProblem::new(k, Square::new(1, 2)).expect("problem");
        let adapter =
            crate::tromino::TrominoAdapter::new(&problem, Default::default()).expect("adapter");
        let panel = TrominoPanel::new(&problem, all, Lang::En);
        let events = problem.trace().take(400);
        walk(
            &format!("tromino k = {k}"),
            Paneled::new(adapter, Some(panel)),
            events,
        );
    }
}
