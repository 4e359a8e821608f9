//! An animation of a pair repaints what changed on each board, not the picture.

use super::repaint_cost::options;
use crate::raster::board::BoardRenderer;

/// An animation of a pair repaints what changed on each board, not the picture: counted without a
/// clock by the pixels the renderer paints, and every few frames the picture is checked against a
/// full render of its scene.
#[test]
fn a_frame_of_a_pair_paints_what_its_step_changes() {
    use crate::knight::{KnightAdapter, KnightEvent, KnightProblem, Method};
    use crate::pair::{pair_steps, SideBySide, Stride, StrideWords};
    use crate::{Adapter, Square, Style};
    let problem = |m| {
        KnightProblem::new(8, 8, Square::new(0, 0))
            .unwrap()
            .method(m)
    };
    let (w, b) = (problem(Method::Warnsdorff), problem(Method::Backtrack));
    let stride = |e: &KnightEvent| match e {
        KnightEvent::Move { .. } => Stride::Forward,
        KnightEvent::Retreat { .. } => Stride::Back,
    };
    let style = Style::new(16);
    let sides = [KnightAdapter::new(8, 8), KnightAdapter::new(8, 8)];
    let names = ["W".to_string(), "B".to_string()];
    let mut pair = SideBySide::new(sides, names, stride, StrideWords::KNIGHT, &style);
    let mut scene = pair.first_scene();
    let hints = pair.hints();
    let opts = options(&style, hints);
    let mut renderer = BoardRenderer::for_scene(&scene, opts.clone()).unwrap();
    let mut canvas = renderer.render(&mut scene).unwrap();
    let whole = u64::from(canvas.width()) * u64::from(canvas.height());
    let mut regions = Vec::new();
    let steps = pair_steps(w.trace().unwrap(), b.trace().unwrap()).take(400);
    for (i, step) in steps.enumerate() {
        pair.apply(&mut scene, &step.unwrap());
        let before = renderer.paint_stats();
        renderer
            .update_regions(&mut scene, &mut canvas, &mut regions)
            .unwrap();
        let painted = renderer.paint_stats().pixels - before.pixels;
        let area: u64 = regions
            .iter()
            .map(|r| u64::from(r.width) * u64::from(r.height))
            .sum();
        // The cells each search changed, their titles and the band under both: never the whole
        // picture (the finished tour redraws its board once, for its end marks), and mostly a
        // few cells and the captions (whose counters change at every step).
        assert!(
            area * 2 < whole,
            "step {i}: {area} of {whole} pixels repainted"
        );
        if i < 60 {
            assert!(
                area * 4 < whole,
                "step {i}: {area} of {whole} pixels repainted"
            );
        }
        assert!(painted < whole, "step {i}: painted {painted} of {whole}");
        if i % 50 == 0 || i == 399 {
            // A renderer of its own: one that drew an earlier state keeps that state's path.
            let mut stills = BoardRenderer::for_scene(&scene, opts.clone()).unwrap();
            let still = stills.render_once(&scene).unwrap();
            let w = canvas.width() as usize;
            let bad: Vec<(usize, usize)> = (still.pixels().iter().zip(canvas.pixels()))
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(k, _)| (k % w, k / w))
                .collect();
            assert!(
                bad.is_empty(),
                "{} pixels, first {:?} last {:?}, picture {w} x {}",
                bad.len(),
                bad.first(),
                bad.last(),
                canvas.height()
            );
            assert!(
                still.pixels() == canvas.pixels(),
                "frame {i} differs from the still of its scene"
            );
        }
    }
}
