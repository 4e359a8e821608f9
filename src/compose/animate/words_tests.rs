//! What an animation describes: only the pictures a sink reads in words. Describing a picture
//! costs the problem's phrases, so an encoder, which says only what the animation ends on, asks
//! for the last picture's words once, and a stream cut by `max_frames` ends on the picture it
//! stopped at. Counted, not timed.

use std::cell::Cell as Counter;
use std::rc::Rc;

use super::format::{animate, write_animation, AnimationFormat};
use crate::compose::stream::{Framing, NoProgress, Pacing, SequencePacing};
use crate::compose::style::Style;
use crate::compose::survey::count_pictures;
use crate::error::Result;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Cell, Description, Fill, Scene};
use crate::text::Lang;

/// Fills the squares of a 4 x 4 board one event at a time, counting the descriptions asked of it.
#[derive(Clone)]
struct Filling {
    filled: u64,
    described: Rc<Counter<u64>>,
}

impl Adapter for Filling {
    type Event = u32;

    fn first_scene(&mut self) -> Scene {
        self.filled = 0;
        Scene::new(4, 4, Cell::plain(Fill::Blank))
    }

    fn apply(&mut self, scene: &mut Scene, square: &u32) -> Beat {
        let at = crate::geom::Square::new(square / 4, square % 4);
        scene.update_cell(at, |c| c.shaded = true);
        self.filled += 1;
        Beat::Step
    }

    fn hints(&self) -> RenderHints {
        RenderHints::default()
    }

    fn description(&self, _: &Scene) -> Option<Description> {
        self.described.set(self.described.get() + 1);
        Some(Description::new(
            Lang::En,
            format!("{} squares filled", self.filled),
            "",
        ))
    }
}

fn filling() -> (Filling, Rc<Counter<u64>>) {
    let described = Rc::new(Counter::new(0));
    let adapter = Filling {
        filled: 0,
        described: Rc::clone(&described),
    };
    (adapter, described)
}

const FRAMING: Framing = Framing {
    opening: true,
    final_hold: true,
};

fn events() -> Result<impl Iterator<Item = Result<u32>>> {
    Ok((0..16).map(Ok))
}

/// The animation's words as its file carries them, the last picture's description made once.
fn written(format: AnimationFormat, pacing: Pacing, style: &Style) -> (Vec<u8>, u64) {
    let (adapter, described) = filling();
    let mut out = Vec::new();
    write_animation(
        format,
        &mut out,
        adapter,
        events,
        FRAMING,
        style,
        pacing,
        &mut NoProgress,
    )
    .unwrap();
    (out, described.get())
}

fn contains(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

#[test]
fn an_encoder_describes_only_the_picture_the_animation_ends_on() {
    let style = Style::new(20);
    let pacing = Pacing::new(100, 1000);
    // 17 pictures; the GIF finds its words ahead, by a walk that draws nothing: still one.
    for format in [
        AnimationFormat::Gif,
        AnimationFormat::Apng,
        AnimationFormat::Webp,
        AnimationFormat::Mp4,
    ] {
        let (file, described) = written(format, pacing, &style);
        assert_eq!(described, 1, "{format:?}");
        assert!(contains(&file, "16 squares filled"), "{format:?}");
    }
    // The library's GIF without the walk ahead says it after the frames, described once too.
    let (mut adapter, described) = filling();
    let mut gif = Vec::new();
    let stats = animate(
        &mut gif,
        &mut adapter,
        events().unwrap(),
        FRAMING,
        &style,
        pacing,
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!((stats.steps, described.get()), (16, 1));
    assert!(contains(&gif, "16 squares filled"));
}

#[test]
fn a_stream_cut_short_ends_on_the_picture_it_stopped_at() {
    let style = Style::new(20);
    let pacing = Pacing {
        max_frames: Some(5),
        ..Pacing::new(100, 1000)
    };
    for format in [AnimationFormat::Gif, AnimationFormat::Apng] {
        let (file, described) = written(format, pacing, &style);
        // The start and four steps: it ends on the fourth.
        assert_eq!(described, 1, "{format:?}");
        assert!(contains(&file, "4 squares filled"), "{format:?}");
        assert!(!contains(&file, "5 squares filled"), "{format:?}");
    }
}

#[test]
fn words_given_by_the_reader_describe_nothing_and_a_count_describes_nothing() {
    let mut style = Style::new(20);
    style.alt = Some("a board filling up".into());
    let (file, described) = written(AnimationFormat::Gif, Pacing::new(100, 1000), &style);
    assert_eq!(described, 0);
    assert!(contains(&file, "a board filling up"));
    let (mut adapter, described) = filling();
    let seq = SequencePacing {
        pacing: Pacing::new(100, 1000),
        framing: FRAMING,
    };
    let pictures = count_pictures(&mut adapter, events().unwrap(), seq, &mut NoProgress).unwrap();
    assert_eq!((pictures, described.get()), (17, 0));
}
