//! How often an animation walks its steps, counted, not timed: the run layer walks a problem's
//! events at most twice for any animation format (a walk that draws nothing for what must be
//! known before the first frame, then the drawing), with `--counter` and with `--captions` beside
//! it too; once when the problem knows its count and the format needs nothing ahead.

use std::cell::Cell;
use std::path::Path;
use std::rc::Rc;
use std::time::Instant;

use chessviz::queens::{QueensAdapter, QueensMovie, QueensProblem, QueensStyle};
use chessviz::{
    Adapter, AnimationFormat, Beat, BoardKind, Error, Events, Problem, RenderHints, Result, Scene,
    StepCount, Style, Timing,
};
use clap::Parser;

use super::context::Ctx;
use super::problem::Outputs;
use super::Request;
use crate::cli::args::{AnimArgs, LookArgs, SequenceArgs};

/// The options an animation reads, parsed as the command parses them.
#[derive(Parser)]
struct Options {
    #[command(flatten)]
    look: LookArgs,
    #[command(flatten)]
    anim: AnimArgs,
    #[command(flatten)]
    seq: SequenceArgs,
}

/// What was done to the steps: walks begun, events taken from the solver, events applied.
#[derive(Default)]
struct Work {
    walks: Cell<u64>,
    taken: Cell<u64>,
    applied: Cell<u64>,
}

/// The 5-queens search, counting its walks and the events they take; `known`: the count it says
/// without walking, as a tiling does (counted before the run).
struct Counted {
    search: QueensProblem,
    work: Rc<Work>,
    known: Option<StepCount>,
}

impl Problem for Counted {
    type Event = <QueensProblem as Problem>::Event;

    fn events(&self) -> Result<Events<'_, Self::Event>> {
        self.work.walks.set(self.work.walks.get() + 1);
        let work = Rc::clone(&self.work);
        Ok(Box::new(self.search.events()?.inspect(move |_| {
            work.taken.set(work.taken.get() + 1);
        })))
    }

    fn known_steps(&self, _bound: u64) -> Result<Option<StepCount>> {
        Ok(self.known)
    }

    fn keeps(&self, event: &Self::Event) -> bool {
        self.search.keeps(event)
    }

    fn timing(&self) -> Timing {
        self.search.timing()
    }

    fn name(&self) -> String {
        self.search.name()
    }

    fn board(&self) -> (u32, u32) {
        self.search.board()
    }

    fn board_kind(&self) -> BoardKind {
        self.search.board_kind()
    }
}

/// The queens' adapter, counting the events it applies.
#[derive(Clone)]
struct Applying {
    inner: QueensAdapter,
    work: Rc<Work>,
}

impl Adapter for Applying {
    type Event = <QueensAdapter as Adapter>::Event;

    fn first_scene(&mut self) -> Scene {
        self.inner.first_scene()
    }

    fn apply(&mut self, scene: &mut Scene, event: &Self::Event) -> Beat {
        self.work.applied.set(self.work.applied.get() + 1);
        self.inner.apply(scene, event)
    }

    fn hints(&self) -> RenderHints {
        self.inner.hints()
    }

    fn describe(&self, event: &Self::Event) -> Option<String> {
        self.inner.describe(event)
    }

    fn description(&self, scene: &Scene) -> Option<chessviz::Description> {
        self.inner.description(scene)
    }
}

/// Walks, events taken and events applied by `queens -n 5 -o FILE` with `args`, and the events of
/// the search.
fn walked(file: &str, format: AnimationFormat, args: &[&str], known: bool) -> (u64, u64, u64, u64) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(file);
    let vtt = dir.path().join("a.vtt");
    let mut argv = vec!["walk", "-q"];
    argv.extend_from_slice(args);
    let with_captions = args.contains(&"--captions");
    if with_captions {
        argv.push(vtt.to_str().unwrap());
    }
    let options = Options::try_parse_from(argv).unwrap();
    let work = Rc::new(Work::default());
    let search = QueensProblem::new(5, QueensMovie::Search { until: None });
    let known = known.then(|| {
        let bound = super::limits::counting_bound(1, None);
        search.count_steps(bound, &chessviz::Cancel::new()).unwrap()
    });
    let problem = Counted {
        search,
        work: Rc::clone(&work),
        known,
    };
    let adapter_work = Rc::clone(&work);
    let outputs = Outputs {
        caption: true,
        figure: Box::new(|_| Err(Error::usage("no figure here"))),
        text: Box::new(|_, _| Err(Error::usage("no text here"))),
        adapter: Box::new(move |_| {
            Ok(Applying {
                inner: QueensAdapter::new(5, QueensStyle::default()),
                work: Rc::clone(&adapter_work),
            })
        }),
        counted_as: None,
        check_count: None,
    };
    let style = || Ok(Style::new(16));
    let req = Request {
        seq: &options.seq,
        columns: None,
        anim: &options.anim,
        look: &options.look,
        output: Some(&path),
        numbers_asked: false,
        style: &style,
    };
    let ctx = Ctx::new(Default::default(), false);
    super::animation::animation(
        &ctx,
        &req,
        &problem,
        &outputs,
        &path,
        format,
        Instant::now(),
    )
    .unwrap();
    assert!(file_has_bytes(&path), "{file}");
    if with_captions {
        let cues = std::fs::read_to_string(&vtt).unwrap();
        assert!(cues.starts_with("WEBVTT"), "{cues}");
    }
    let events = search.events().unwrap().count() as u64;
    (
        work.walks.get(),
        work.taken.get(),
        work.applied.get(),
        events,
    )
}

fn file_has_bytes(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() > 0)
}

#[test]
fn every_animation_format_walks_the_steps_twice() {
    // Formerly: a count of the solver's events, a count for --counter, a walk ahead for the GIF's
    // words or the APNG's frames, the drawing, and the captions' own walk (and count).
    let runs: [(&str, AnimationFormat, &[&str]); 8] = [
        ("a.gif", AnimationFormat::Gif, &[]),
        ("a.apng", AnimationFormat::Apng, &[]),
        ("a.webp", AnimationFormat::Webp, &[]),
        ("a.mp4", AnimationFormat::Mp4, &[]),
        ("a.gif", AnimationFormat::Gif, &["--counter", "--captions"]),
        ("a.apng", AnimationFormat::Apng, &["--counter"]),
        ("a.webp", AnimationFormat::Webp, &["--captions"]),
        ("a.mp4", AnimationFormat::Mp4, &["--counter", "--captions"]),
    ];
    for (file, format, args) in runs {
        let (walks, taken, applied, events) = walked(file, format, args, false);
        assert!(events > 100, "{events}");
        assert_eq!(walks, 2, "{format:?} {args:?}");
        // Each walk takes every event once. A GIF's or an APNG's walk ahead applies them to a
        // scene (for its words, its frames); a WebP's or an MP4's only counts them.
        let ahead_applies = matches!(format, AnimationFormat::Gif | AnimationFormat::Apng);
        let applied_ahead = if ahead_applies { events } else { 0 };
        assert_eq!(
            (taken, applied),
            (2 * events, events + applied_ahead),
            "{format:?} {args:?}"
        );
    }
}

#[test]
fn a_count_known_without_walking_leaves_one_walk_where_nothing_else_is_needed_ahead() {
    // A WebP or an MP4 needs only the count: the drawing is the only walk.
    for (file, format) in [
        ("a.webp", AnimationFormat::Webp),
        ("a.mp4", AnimationFormat::Mp4),
    ] {
        let (walks, taken, applied, events) = walked(file, format, &[], true);
        assert_eq!((walks, taken, applied), (1, events, events), "{format:?}");
    }
    // A GIF still walks ahead for the words its file leads with; --counter for the total.
    let (walks, ..) = walked("a.gif", AnimationFormat::Gif, &[], true);
    assert_eq!(walks, 2);
    let (walks, ..) = walked("a.webp", AnimationFormat::Webp, &["--counter"], true);
    assert_eq!(walks, 2);
}

#[test]
fn a_cut_stream_is_walked_no_further_than_its_frames_need() {
    // --max-frames 10: the walk ahead goes no further than the bound of the frame count (the
    // frames kept and one more, times --every), and the drawing stops at the cut.
    let (walks, taken, applied, events) = walked(
        "a.gif",
        AnimationFormat::Gif,
        &["--max-frames", "10"],
        false,
    );
    assert_eq!(walks, 2);
    assert!(
        taken <= 2 * 12 && applied <= taken && events > 100,
        "{taken} {applied}"
    );
}
