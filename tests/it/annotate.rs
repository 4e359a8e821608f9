//! Annotations on the scene (`Annotations`, `Annotated`): marks, arrows, caption choice and labels
//! land where asked, survive every event of a wrapped adapter, and squares off the board are
//! refused by the library in its own words. The command's side is in `annotate_cli.rs`; the page
//! controls (`--background`, `--dpi`) in `page_controls.rs`.

use chessviz::queens::{QueensAdapter, QueensEvent, QueensStyle};
use chessviz::{
    scene_after, Adapter, Annotated, Annotations, Arrow, Axes, Beat, CaptionChoice, Mark, MarkKind,
    RenderHints, Scene, Square,
};

/// The square at `row`, `col`.
pub(crate) fn sq(row: u32, col: u32) -> Square {
    Square::new(row, col)
}

#[test]
fn annotations_land_on_the_scene_and_its_hints() {
    let solution = chessviz::queens::solutions(8).unwrap().next().unwrap();
    let (mut scene, mut hints) =
        chessviz::queens::scene(&solution, QueensStyle::default()).unwrap();
    let mut ann = Annotations::new(8, 8);
    let c5 = Mark {
        square: sq(3, 2),
        kind: MarkKind::Dot,
    };
    let h1 = Mark {
        square: sq(7, 7),
        kind: MarkKind::Fill,
    };
    let arrow = Arrow {
        from: sq(7, 0),
        to: sq(6, 2),
    };
    ann.push_mark(c5).unwrap();
    ann.push_mark(h1).unwrap();
    ann.push_arrow(arrow).unwrap();
    ann.set_caption(CaptionChoice::Removed);
    ann.set_coords(Some(Axes::Indices));
    assert!(!ann.is_empty());
    ann.apply(&mut scene, &mut hints).unwrap();
    assert_eq!(scene.marks(), &[c5, h1]);
    assert_eq!(scene.arrows(), &[arrow]);
    assert_eq!(scene.caption(), None);
    assert_eq!(scene.axes(), Axes::Indices);
    assert!(!hints.caption, "a removed caption takes its band with it");

    // A figure without a caption band gets one for a caption of its own.
    let tour = chessviz::knight::KnightProblem::new(5, 5, sq(0, 0))
        .unwrap()
        .solve()
        .unwrap();
    let (mut scene, mut hints) =
        chessviz::knight::scene(&tour, chessviz::knight::KnightStyle::default()).unwrap();
    assert!(!hints.caption);
    let mut ann = Annotations::new(5, 5);
    ann.set_caption(CaptionChoice::Text("A tour".into()));
    ann.apply(&mut scene, &mut hints).unwrap();
    assert_eq!(scene.caption(), Some("A tour"));
    assert!(hints.caption);
    assert_eq!(scene.axes(), Axes::Indices, "labels as drawn unless chosen");

    // Annotations for another board refuse the scene.
    let e = Annotations::new(8, 8)
        .apply(&mut scene, &mut hints)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("8 x 8") && e.contains("5 x 5") && !e.contains("--"),
        "{e}"
    );
}

#[test]
fn squares_off_the_board_are_refused_by_the_library_without_flags() {
    let mut ann = Annotations::new(8, 6);
    let e = ann
        .push_mark(Mark {
            square: sq(2, 6),
            kind: MarkKind::Ring,
        })
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("2,6 is off the 8 x 6 board") && !e.contains("--"),
        "{e}"
    );
    let e = ann
        .push_arrow(Arrow {
            from: sq(0, 0),
            to: sq(8, 0),
        })
        .unwrap_err()
        .to_string();
    assert!(e.contains("8,0"), "{e}");
    let e = ann
        .push_arrow(Arrow {
            from: sq(1, 1),
            to: sq(1, 1),
        })
        .unwrap_err()
        .to_string();
    assert!(e.contains("two different squares"), "{e}");
    assert!(ann.is_empty(), "nothing refused was kept");
}

/// An adapter that describes its events, to see `describe` pass through the wrapper.
#[derive(Clone)]
struct Counting;

impl Adapter for Counting {
    type Event = u32;

    fn first_scene(&mut self) -> Scene {
        Scene::checkerboard(3, 3)
    }

    fn apply(&mut self, scene: &mut Scene, event: &u32) -> Beat {
        scene.set_caption(Some(format!("event {event}")));
        scene.set_axes(Axes::Chess);
        Beat::Step
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            tile_colors: 2,
            max_label: 9,
            caption: false,
        }
    }

    fn describe(&self, event: &u32) -> Option<String> {
        Some(format!("did {event}"))
    }
}

#[test]
fn the_wrapped_adapter_keeps_its_annotations_through_every_event() {
    // The 5-queens search up to its first solution, whose adapter captions the solution.
    let events: Vec<QueensEvent> = {
        let mut v = Vec::new();
        for e in chessviz::queens::search(5).unwrap() {
            let done = matches!(e, QueensEvent::Solution { .. });
            v.push(e);
            if done {
                break;
            }
        }
        v
    };
    let mut ann = Annotations::new(5, 5);
    let mark = Mark {
        square: sq(2, 2),
        kind: MarkKind::Cross,
    };
    ann.push_mark(mark).unwrap();
    ann.set_caption(CaptionChoice::Text("Backtracking".into()));
    ann.set_coords(Some(Axes::None));
    let mut adapter = Annotated::new(QueensAdapter::new(5, QueensStyle::default()), ann.clone());
    let mut scene = adapter.first_scene();
    assert_eq!(scene.marks(), &[mark]);
    for (i, e) in events.iter().enumerate() {
        adapter.apply(&mut scene, e);
        assert_eq!(scene.caption(), Some("Backtracking"), "after event {i}");
        assert_eq!(scene.axes(), Axes::None, "after event {i}");
        assert_eq!(scene.marks(), &[mark], "after event {i}");
    }
    // The same scene as the plain adapter's, annotated at the end (queens and caption alike).
    let (mut plain, _) = scene_after(
        &mut QueensAdapter::new(5, QueensStyle::default()),
        events.iter().cloned().map(Ok),
        None,
    )
    .unwrap();
    let mut hints = RenderHints::default();
    ann.apply(&mut plain, &mut hints).unwrap();
    for r in 0..5 {
        for c in 0..5 {
            assert_eq!(scene.cell(sq(r, c)), plain.cell(sq(r, c)), "{r},{c}");
        }
    }

    // Removed: no caption on any frame, no band; as drawn: the problem's own caption comes through.
    let mut removed = Annotations::new(5, 5);
    removed.set_caption(CaptionChoice::Removed);
    let mut adapter = Annotated::new(QueensAdapter::new(5, QueensStyle::default()), removed);
    assert!(!adapter.hints().caption);
    let (scene, n) = scene_after(&mut adapter, events.iter().cloned().map(Ok), None).unwrap();
    assert_eq!(n as usize, events.len());
    assert_eq!(scene.caption(), None);
    let mut adapter = Annotated::new(
        QueensAdapter::new(5, QueensStyle::default()),
        Annotations::new(5, 5),
    );
    assert!(adapter.hints().caption);
    let (scene, _) = scene_after(&mut adapter, events.iter().cloned().map(Ok), None).unwrap();
    assert_eq!(scene.caption(), Some("Solution 1"));

    // Hints and descriptions pass through; a chosen caption adds a band.
    let mut ann = Annotations::new(3, 3);
    ann.set_caption(CaptionChoice::Text("T".into()));
    ann.set_coords(Some(Axes::Indices));
    let mut wrapped = Annotated::new(Counting, ann);
    assert_eq!(
        wrapped.hints(),
        RenderHints {
            caption: true,
            ..Counting.hints()
        }
    );
    assert_eq!(wrapped.describe(&7).as_deref(), Some("did 7"));
    let (scene, _) = scene_after(&mut wrapped, [Ok(1), Ok(2)], None).unwrap();
    assert_eq!(scene.caption(), Some("T"));
    assert_eq!(scene.axes(), Axes::Indices);
}
