//! The cost of an animation's frame follows what the frame changes, at every cell size, counted
//! without a clock: the renderer counts the pixels it paints ([`BoardRenderer::paint_stats`]) and
//! each frame's count is bounded by the pixels that differ from the frame before.

use crate::display::figure::RenderOptions;
use crate::knight::{KnightAdapter, KnightProblem};
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::raster::paint::PaintStats;
use crate::{Adapter, Beat, Scene, Square, Style};

/// A frame may paint this many times the pixels it changes: a repainted pixel is painted by a few
/// items in turn (its square, the path, a marker's halo and ring), and a repainted area holds
/// unchanged pixels between changed ones (inside a ring, the halo over squares of its own colour).
const PER_CHANGED: u64 = 4;

/// And this many pixels more in every frame, whatever changed: four layers over two 20 x 20
/// boxes. The large start and end rings of a 100 x 100 board are 10 to 13 pixels across at cells
/// of 1 to 8 (16 with their halo, 20 with anti-aliasing and rounding), and a move takes the end ring
/// from one square to the next: both places are shown again.
const PER_FRAME: u64 = 4 * 2 * 20 * 20;

/// At most this many regions and items a frame, at any cell size: a move changes one neighbourhood
/// (the squares it crosses, the end ring's old and new places), and each region and item costs a
/// pass over what lies near it (the path's segments, the markers) however few pixels it covers.
/// Repainting every square a ring reaches as a region of its own made 808 regions of one pixel at
/// `--cell 1` (and some 2,400 items), although the pixels painted were only 11 times those changed.
const MAX_REGIONS: usize = 4;
const MAX_ITEMS: u64 = 64;

/// What a frame of the animation cost and changed.
struct Frame {
    painted: u64,
    items: u64,
    changed: u64,
    regions: usize,
}

/// The renderer's options for `style`, as an animation of `hints` takes them.
pub(super) fn options(style: &Style, hints: crate::RenderHints) -> RenderOptions {
    RenderOptions {
        cell: style.cell,
        margin: style.margin_px(),
        theme: style.theme,
        font: style.font.clone(),
        caption: hints.caption,
        tile_colors: hints.tile_colors,
        max_label: hints.max_label,
        ..RenderOptions::default()
    }
}

/// Counts the pixels of `canvas` that differ from `seen`, and brings `seen` up to date (row by
/// row: most rows of a frame are equal, and comparing them is a memcmp).
fn changed_pixels(canvas: &Canvas, seen: &mut [u8]) -> u64 {
    let w = canvas.width() as usize;
    let mut changed = 0;
    for (now, then) in canvas.pixels().chunks(w).zip(seen.chunks_mut(w)) {
        if now != then {
            changed += now.iter().zip(then.iter()).filter(|(a, b)| a != b).count() as u64;
            then.copy_from_slice(now);
        }
    }
    changed
}

/// Renders the `rows` x `cols` tour from `start` frame by frame, as an animation sink does (the
/// first scene in full, then [`BoardRenderer::update_regions`] after every step seen), checking
/// every `check_every`-th frame and the last against a full render of the same scene.
fn tour_frames(rows: u32, cols: u32, start: Square, cell: u32, check_every: usize) -> Vec<Frame> {
    let problem = KnightProblem::new(rows, cols, start).expect("problem");
    let mut adapter = KnightAdapter::new(rows, cols);
    let mut style = Style::new(cell);
    style.margin = Some(0);
    let mut scene = adapter.first_scene();
    let opts = options(&style, adapter.hints());
    let mut renderer = BoardRenderer::for_scene(&scene, opts.clone()).expect("renderer");
    let mut stills = BoardRenderer::for_scene(&scene, opts).expect("renderer");
    let mut canvas = renderer.render(&mut scene).expect("first frame");
    // The first update also makes the layer kept under the large markers: a full render, once.
    let mut making: Option<PaintStats> = Some(renderer.paint_stats());
    let mut seen = canvas.pixels().to_vec();
    let mut regions = Vec::new();
    let mut frames = Vec::new();
    let check = |stills: &mut BoardRenderer, scene: &Scene, canvas: &Canvas, i: usize| {
        let still = stills.render_once(scene).expect("still");
        assert!(
            still.pixels() == canvas.pixels(),
            "cell {cell}: frame {i} differs from the still of its scene"
        );
    };
    for event in problem.trace().expect("trace") {
        if matches!(
            adapter.apply(&mut scene, &event.expect("event")),
            Beat::Unseen
        ) {
            continue;
        }
        let before = renderer.paint_stats();
        renderer
            .update_regions(&mut scene, &mut canvas, &mut regions)
            .expect("update");
        let after = renderer.paint_stats();
        let layer = making.take().unwrap_or_default();
        let painted = (after.pixels - before.pixels).saturating_sub(layer.pixels);
        let items = (after.items - before.items).saturating_sub(layer.items);
        let changed = changed_pixels(&canvas, &mut seen);
        frames.push(Frame {
            painted,
            items,
            changed,
            regions: regions.len(),
        });
        if frames.len() % check_every == 0 {
            check(&mut stills, &scene, &canvas, frames.len());
        }
    }
    check(&mut stills, &scene, &canvas, frames.len());
    frames
}

/// A 100 x 100 tour at cells 1, 2 and 8: every frame paints at most [`PER_CHANGED`] times the
/// pixels it changes plus [`PER_FRAME`], in at most [`MAX_REGIONS`] regions and [`MAX_ITEMS`]
/// items (besides making the layer under the markers once, at the first update).
#[test]
fn a_frame_paints_what_it_changes_at_every_cell_size() {
    for cell in [1, 2, 8] {
        let frames = tour_frames(100, 100, Square::new(0, 0), cell, 2500);
        assert!(frames.len() >= 100 * 100 - 1, "cell {cell}: a frame a move");
        for (i, f) in frames.iter().enumerate() {
            let frame = i + 1;
            assert!(
                f.regions <= MAX_REGIONS && f.items <= MAX_ITEMS,
                "cell {cell}: frame {frame} shown as {} regions of {} items",
                f.regions,
                f.items
            );
            assert!(
                f.painted <= PER_CHANGED * f.changed + PER_FRAME,
                "cell {cell}: frame {frame} painted {} pixels to change {}",
                f.painted,
                f.changed
            );
        }
    }
}
