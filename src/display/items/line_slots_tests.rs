//! Lines of text kept as symbols stay bounded however many pictures are drawn: a caption new at
//! every step gives its symbol id back, and the pictures stay the ones drawn whole.

use crate::display::figure::RenderOptions;
use crate::raster::board::BoardRenderer;
use crate::scene::Scene;

/// A captioned 8 x 8 board at 16 px cells, its margin text haloed when `halo`.
fn captioned(halo: bool) -> RenderOptions {
    RenderOptions {
        cell: 16,
        margin: 24,
        caption: true,
        text_halo: halo,
        ..RenderOptions::default()
    }
}

/// (lines kept, symbols defined, raster masks kept) after each of `checkpoints` pictures, each
/// with a caption of its own; every 97th picture's caption is one shown before, and the last
/// picture is compared with the same scene drawn whole.
fn caches_over(halo: bool, checkpoints: &[u64]) -> Vec<(usize, usize, usize)> {
    let mut renderer = BoardRenderer::new(8, 8, captioned(halo)).unwrap();
    let mut scene = Scene::checkerboard(8, 8);
    scene.set_caption(Some("start".into()));
    let mut canvas = renderer.render(&mut scene).unwrap();
    let mut seen = Vec::new();
    let last = *checkpoints.last().unwrap();
    for step in 1..=last {
        let caption = if step % 97 == 0 {
            "start".to_string()
        } else {
            format!("step {step}: queen placed on c{}", step % 8 + 1)
        };
        scene.set_caption(Some(caption));
        renderer.update(&mut scene, &mut canvas).unwrap();
        if checkpoints.contains(&step) {
            let items = renderer.items();
            seen.push((
                items.lines_kept(),
                items.symbols().len(),
                renderer.masks_kept(),
            ));
        }
    }
    // Drawn by a fresh renderer: one whose caches hold nothing stale.
    let whole = BoardRenderer::new(8, 8, captioned(halo))
        .unwrap()
        .render_once(&scene)
        .unwrap();
    assert!(
        canvas.pixels() == whole.pixels(),
        "the picture after {last} captions differs from the one drawn whole"
    );
    seen
}

#[test]
fn caption_symbols_stay_as_many_over_ten_thousand_pictures_as_over_a_thousand() {
    for halo in [false, true] {
        let seen = caches_over(halo, &[1_000, 10_000]);
        assert_eq!(seen[0], seen[1], "halo {halo}: {seen:?}");
        let (lines, symbols, masks) = seen[1];
        // 256 slots beside the labels, and a label and its halo for each of 16 rows and columns.
        assert!(lines <= 256 + 32, "halo {halo}: {lines} lines");
        assert!(symbols <= lines + 64, "halo {halo}: {symbols} symbols");
        assert!(masks <= symbols, "halo {halo}: {masks} masks");
    }
}

#[test]
fn a_reused_id_is_drawn_as_its_new_line() {
    // Past the slots, ids are given to new captions: each picture still shows its own caption.
    for step in [300, 700] {
        caches_over(false, &[step]);
    }
}
