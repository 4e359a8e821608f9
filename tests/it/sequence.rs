//! Steps and frames: `--step N`, `--frames DIR` (+ frames.txt), `--storyboard`, `--counter` and
//! pictures on standard output (`-o - --format`).
//!
//! The frames of a sequence are checked against `--step` stills drawn by separate runs, and against
//! the GIF decoded and composed by the `gif` crate; pictures are compared pixel for pixel (on a
//! mismatch the actual and a diff image are written next to the test's temporary files).

use std::path::{Path, PathBuf};

use chessviz::{Adapter, Beat, Framing, RenderHints, Scene, Square, StepCaptions, Style};
use image::RgbImage;

use crate::common::{decode_gif, decode_png, fails, frame_fields, ok, run};

/// The three sequences of the issue: a k = 2 tiling, the 5-queens search up to its first solution
/// and the 5 x 5 knight's search from the corner.
/// Each problem's animation, and each explaining one beside its plain form: the explaining ones
/// change several places a step (a square and the one emphasised before it, badges far apart, the
/// caption band), which is where an encoder that looks only at what was repainted could go wrong.
const CASES: [&[&str]; 6] = [
    &["tromino", "-k", "2", "--special", "1,2", "--cell", "32"],
    &[
        "tromino",
        "-k",
        "2",
        "--special",
        "1,2",
        "--cell",
        "32",
        "--show-splits",
    ],
    &["queens", "-n", "5", "--until-solution", "1", "--cell", "32"],
    &[
        "queens",
        "-n",
        "5",
        "--until-solution",
        "1",
        "--cell",
        "32",
        "--no-emphasis",
    ],
    &["knight", "-n", "5", "--start", "0,0", "--cell", "32"],
    &[
        "knight",
        "-n",
        "5",
        "--start",
        "0,0",
        "--cell",
        "32",
        "--explain",
    ],
];

fn args<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

/// The lines of frames.txt as (file, ms), checking the format `NAME MS`.
pub(crate) fn frame_list(dir: &Path) -> Vec<(String, u32)> {
    let text = std::fs::read_to_string(dir.join("frames.txt")).expect("frames.txt");
    text.lines()
        .map(|line| {
            let (name, ms) = frame_fields(line).expect("`file ms`");
            (name.to_string(), ms.parse().expect("milliseconds"))
        })
        .collect()
}

/// The step number of `frame-0037.png`.
fn step_of(name: &str) -> u64 {
    name.strip_prefix("frame-")
        .and_then(|n| n.split('.').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("not a frame name: {name}"))
}

/// `None` when `actual` equals `expected` pixel for pixel; else a description, after writing the
/// actual picture and a diff (differing pixels red) as `what`-actual.png and `what`-diff.png.
pub(crate) fn differs(
    what: &str,
    out: &Path,
    expected: &RgbImage,
    actual: &RgbImage,
) -> Option<String> {
    if expected.dimensions() != actual.dimensions() {
        return Some(format!(
            "{what}: {:?} against {:?}",
            actual.dimensions(),
            expected.dimensions()
        ));
    }
    if expected == actual {
        return None;
    }
    let diff = RgbImage::from_fn(actual.width(), actual.height(), |x, y| {
        if expected.get_pixel(x, y) == actual.get_pixel(x, y) {
            let p = actual.get_pixel(x, y).0;
            image::Rgb(p.map(|c| 128 + c / 2))
        } else {
            image::Rgb([230, 0, 0])
        }
    });
    let name = what.replace([' ', '/'], "_");
    let _ = actual.save(out.join(format!("{name}-actual.png")));
    let _ = diff.save(out.join(format!("{name}-diff.png")));
    Some(format!("{what}: pixels differ (see {})", out.display()))
}

fn merged(images: Vec<RgbImage>) -> Vec<RgbImage> {
    let mut out: Vec<RgbImage> = Vec::new();
    for img in images {
        if out.last() != Some(&img) {
            out.push(img);
        }
    }
    out
}

/// The number of lines `--trace` prints for the sequence of `base` (the queens' up to the first
/// solution, numbered from 1).
fn trace_steps(base: &[&str]) -> u64 {
    let problem: Vec<&str> = base
        .iter()
        .take_while(|a| !["--cell", "--until-solution"].contains(a))
        .copied()
        .collect();
    let trace = ok(&args(&problem, &["--trace"]));
    let mut steps = 0;
    for (line, i) in trace.lines().zip(1..) {
        assert!(line.starts_with(&format!("{i}: ")), "{line}");
        steps = i;
        if base.contains(&"--until-solution") && line.contains(": solution ") {
            break;
        }
    }
    steps
}

#[test]
fn every_frame_is_its_step_still_and_the_counted_gif_shows_the_same_pictures() {
    for base in CASES {
        let tmp = tempfile::tempdir().unwrap();
        let t = tmp.path();
        let dir = t.join("frames");
        let dir_s = dir.display().to_string();
        ok(&args(base, &["--frames", &dir_s, "-q"]));
        let list = frame_list(&dir);
        let steps = trace_steps(base);
        // The start, then one picture per event of --trace, in order.
        let numbers: Vec<u64> = list.iter().map(|(n, _)| step_of(n)).collect();
        assert_eq!(numbers, (0..=steps).collect::<Vec<_>>(), "{base:?}");
        assert!(list.iter().all(|(n, _)| n.len() == "frame-0000.png".len()));
        let mut failures = Vec::new();
        for (name, _) in &list {
            let step = step_of(name).to_string();
            let still = t.join(format!("step-{step}.png"));
            let still_s = still.display().to_string();
            ok(&args(base, &["--step", &step, "-o", &still_s, "-q"]));
            if let Some(d) = differs(
                &format!("{} step {step}", base[0]),
                t,
                &decode_png(&still),
                &decode_png(&dir.join(name)),
            ) {
                failures.push(d);
            }
        }
        assert!(failures.is_empty(), "{base:?}: {failures:#?}");

        // With --counter, the GIF's composed frames are the pictures of --frames --counter, with
        // consecutive duplicates merged.
        let counted = t.join("counted");
        let counted_s = counted.display().to_string();
        let gif = t.join("search.gif");
        let gif_s = gif.display().to_string();
        ok(&args(base, &["--frames", &counted_s, "--counter", "-q"]));
        ok(&args(base, &["--counter", "-o", &gif_s, "-q"]));
        let counted_list = frame_list(&counted);
        let files: Vec<RgbImage> = counted_list
            .iter()
            .map(|(n, _)| decode_png(&counted.join(n)))
            .collect();
        let decoded = decode_gif(&gif);
        let composed: Vec<RgbImage> = (0..decoded.frames.len()).map(|i| decoded.rgb(i)).collect();
        let (files, composed) = (merged(files), merged(composed));
        // Every output opens on the start.
        let skip = files.len() - composed.len();
        assert!(
            skip == 0,
            "{base:?}: {} pictures, {} GIF frames",
            files.len(),
            composed.len()
        );
        for (i, (file, frame)) in files[skip..].iter().zip(&composed).enumerate() {
            if let Some(d) = differs(&format!("{} gif frame {i}", base[0]), t, file, frame) {
                panic!("{base:?}: {d}");
            }
        }
        // Their times agree: the GIF shows each picture as long as frames.txt says.
        let listed: u32 = counted_list[skip..].iter().map(|(_, ms)| ms).sum();
        let shown: u32 = decoded.delays().iter().map(|&cs| u32::from(cs) * 10).sum();
        assert_eq!(listed, shown, "{base:?}");
        // Without --counter the pictures keep the step captions, so they differ from the counted.
        let plain = decode_png(&dir.join(&list[1].0));
        assert_ne!(plain, decode_png(&counted.join(&counted_list[1].0)));
    }
}

#[test]
fn frames_txt_holds_milestones_and_the_end() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("q");
    let dir_s = dir.display().to_string();
    ok(&[
        "queens",
        "-n",
        "5",
        "--until-solution",
        "1",
        "--frames",
        &dir_s,
        "--delay",
        "40",
        "--hold",
        "900",
        "-q",
    ]);
    let list = frame_list(&dir);
    // 5 placements and the solution; the solution is held, and a cut search ends on it.
    assert_eq!(list.len(), 7);
    assert!(list[..6].iter().all(|(_, ms)| *ms == 40), "{list:?}");
    assert_eq!(list[6].1, 900);
    // A tiling holds its last picture for the hold after its delay.
    let dir = tmp.path().join("t");
    let dir_s = dir.display().to_string();
    ok(&["tromino", "-k", "2", "--frames", &dir_s, "-q"]);
    let list = frame_list(&dir);
    assert_eq!(list.last().unwrap().1, 300 + 3000);
    // frames.txt lists exactly the pictures in the folder.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n != "frames.txt" && n != "animate.tex")
        .collect();
    names.sort();
    let listed: Vec<String> = list.into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, listed);
}

#[test]
fn every_and_max_frames_thin_the_pictures() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("k");
    let dir_s = dir.display().to_string();
    ok(&[
        "knight", "-n", "5", "--frames", &dir_s, "--every", "4", "-q",
    ]);
    let steps: Vec<u64> = frame_list(&dir).iter().map(|(n, _)| step_of(n)).collect();
    let total = ok(&["knight", "-n", "5", "--trace"]).lines().count() as u64;
    let mut expected: Vec<u64> = (0..=total).filter(|s| s % 4 == 0).collect();
    if expected.last() != Some(&total) {
        expected.push(total);
    }
    assert_eq!(steps, expected);
    let dir = tmp.path().join("m");
    let dir_s = dir.display().to_string();
    ok(&[
        "knight",
        "-n",
        "5",
        "--frames",
        &dir_s,
        "--max-frames",
        "3",
        "-q",
    ]);
    let steps: Vec<u64> = frame_list(&dir).iter().map(|(n, _)| step_of(n)).collect();
    assert_eq!(steps, [0, 1, 2]);
}

#[test]
fn vector_frames_are_the_step_stills() {
    let tmp = tempfile::tempdir().unwrap();
    for format in ["svg", "pdf"] {
        let dir = tmp.path().join(format);
        let dir_s = dir.display().to_string();
        ok(&[
            "queens", "-n", "4", "--frames", &dir_s, "--format", format, "-q",
        ]);
        let list = frame_list(&dir);
        assert!(list.iter().all(|(n, _)| n.ends_with(format)));
        for step in [0, 3, list.len() - 1] {
            let still = tmp.path().join(format!("s{step}.{format}"));
            let still_s = still.display().to_string();
            ok(&[
                "queens",
                "-n",
                "4",
                "--step",
                &step.to_string(),
                "-o",
                &still_s,
            ]);
            let from_frames = std::fs::read(dir.join(&list[step].0)).unwrap();
            assert_eq!(
                std::fs::read(&still).unwrap(),
                from_frames,
                "{format} step {step}"
            );
        }
    }
}

#[test]
fn step_captions_say_what_the_step_did_and_fit_the_board() {
    let base = ["queens", "-n", "5", "--cell", "48"];
    let tmp = tempfile::tempdir().unwrap();
    let path = |name: &str| tmp.path().join(name).display().to_string();
    ok(&[&base[..], &["--step", "0", "-o", &path("s0.png")]].concat());
    ok(&[&base[..], &["--step", "3", "-o", &path("s3.png")]].concat());
    let plain = tmp.path().join("plain.png");
    ok(&[
        &base[..],
        &["--solution", "1", "-o", &plain.display().to_string()],
    ]
    .concat());
    let (s0, s3) = (
        decode_png(&tmp.path().join("s0.png")),
        decode_png(&tmp.path().join("s3.png")),
    );
    // A caption band below the board, as the queens' figures have, one size on every step; the
    // captions differ. The band holds a second line where the run's longest caption needs one
    // ("step 53: queen removed from e5 · solutions found: 5" is wider than the 288-pixel figure).
    let plain = decode_png(&plain);
    assert_eq!(s0.dimensions(), s3.dimensions());
    assert_eq!(s0.width(), plain.width());
    assert!(
        s0.height() >= plain.height(),
        "{} {}",
        s0.height(),
        plain.height()
    );
    let band = |img: &RgbImage| -> Vec<u8> {
        let top = img.height() - 24;
        (top..img.height())
            .flat_map(|y| (0..img.width()).flat_map(move |x| img.get_pixel(x, y).0))
            .collect()
    };
    assert_ne!(band(&s0), band(&s3));
}

/// A tiny problem for the caption rules: each event puts a number on the next cell of a 1 x N board
/// and says so; the event `0` sets the problem's own caption.
#[derive(Clone)]
struct Counter {
    cols: u32,
    next: u32,
}

impl Adapter for Counter {
    type Event = u32;

    fn first_scene(&mut self) -> Scene {
        self.next = 0;
        Scene::checkerboard(1, self.cols)
    }

    fn apply(&mut self, scene: &mut Scene, event: &u32) -> Beat {
        if *event == 0 {
            scene.set_caption(Some("own words".to_string()));
            return Beat::Unseen;
        }
        scene.update_cell(Square::new(0, self.next), |c| c.label = Some(*event));
        self.next += 1;
        Beat::Step
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            max_label: 99,
            ..RenderHints::default()
        }
    }

    fn describe(&self, event: &u32) -> Option<String> {
        (*event != 0).then(|| format!("{event} written on cell {}", self.next))
    }
}

fn captions(cols: u32, cell: u32, total: Option<u64>, events: &[u32]) -> Vec<String> {
    let mut adapter = StepCaptions::new(Counter { cols, next: 0 }, &Style::new(cell), total);
    assert!(
        adapter.hints().caption,
        "step captions need the caption band"
    );
    let mut scene = adapter.first_scene();
    let mut out = vec![scene.caption().unwrap_or_default().to_string()];
    for e in events {
        // Events that change nothing on the board are still steps: the caption changes.
        assert_ne!(adapter.apply(&mut scene, e), Beat::Unseen);
        out.push(scene.caption().unwrap_or_default().to_string());
    }
    out
}

#[test]
fn step_captions_combine_the_step_its_words_and_the_problems_caption() {
    assert_eq!(
        captions(12, 48, None, &[7, 0, 8]),
        [
            "start",
            "step 1: 7 written on cell 0",
            "step 2 \u{b7} own words",
            "step 3: 8 written on cell 1 \u{b7} own words",
        ]
    );
    assert_eq!(
        captions(12, 48, Some(3), &[7]),
        ["step 0/3: start", "step 1/3: 7 written on cell 0"]
    );
    // On a narrow board the words give way (before the problem's own caption) rather than shrink.
    assert_eq!(
        captions(2, 48, None, &[7, 0, 8]),
        [
            "start",
            "step 1",
            "step 2 \u{b7} own words",
            "step 3 \u{b7} own words"
        ]
    );
}

#[test]
fn pictures_on_standard_output_decode_as_their_format() {
    let base = ["queens", "-n", "5", "--cell", "24", "-o", "-"];
    let bytes = |format: &str, more: &[&str]| -> Vec<u8> {
        let out = run(&[&base[..], &["--format", format], more].concat(), b"");
        assert!(
            out.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{format}: no summary line: {:?}",
            out.stderr
        );
        out.stdout
    };
    let png = bytes("png", &[]);
    let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
    assert_eq!(img.width(), 24 * 5 + 2 * 16);
    let step = bytes("png", &["--step", "2"]);
    image::load_from_memory_with_format(&step, image::ImageFormat::Png).unwrap();
    assert_ne!(png, step);
    let gif = bytes("gif", &["--until-solution", "1"]);
    let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert!(frames >= 7, "{frames}");
    let svg = bytes("svg", &[]);
    resvg::usvg::Tree::from_data(&svg, &resvg::usvg::Options::default()).expect("an SVG");
    let pdf = bytes("pdf", &["--step", "4"]);
    let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
    assert_eq!(doc.get_pages().len(), 1);
    // The other subcommands too, and -o - without --format stays text.
    let out = run(&["tromino", "-k", "2", "-o", "-", "--format", "png"], b"");
    image::load_from_memory_with_format(&out.stdout, image::ImageFormat::Png).unwrap();
    let out = run(&["knight", "-n", "5", "-o", "-", "--format", "gif"], b"");
    assert!(out.stdout.starts_with(b"GIF89a"));
    assert_eq!(ok(&["tromino", "-k", "1", "-o", "-"]), "0 1\n1 1\n");
}

#[test]
fn storyboards_lay_out_their_steps_in_columns() {
    let tmp = tempfile::tempdir().unwrap();
    let path = |name: &str| tmp.path().join(name);
    let sheet = |columns: &str, name: &str| -> RgbImage {
        let p = path(name);
        ok(&[
            "tromino",
            "-k",
            "2",
            "--cell",
            "24",
            "--storyboard",
            "0,2,5,10",
            "--columns",
            columns,
            "-o",
            &p.display().to_string(),
            "-q",
        ]);
        decode_png(&p)
    };
    let row = sheet("4", "row.png");
    let column = sheet("1", "column.png");
    assert!(row.width() > 3 * row.height(), "{:?}", row.dimensions());
    assert!(
        column.height() > 3 * column.width(),
        "{:?}",
        column.dimensions()
    );
    for format in ["svg", "pdf"] {
        let p = path(&format!("board.{format}"));
        ok(&[
            "knight",
            "-n",
            "5",
            "--storyboard",
            "1,24",
            "-o",
            &p.display().to_string(),
        ]);
        assert!(std::fs::metadata(&p).unwrap().len() > 0);
    }
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|r| r.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

#[test]
fn bad_steps_get_one_line_errors_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out.png");
    let out_s = out.display().to_string();
    let frames = tmp.path().join("frames");
    let frames_s = frames.display().to_string();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "queens",
                "-n",
                "5",
                "--until-solution",
                "1",
                "--step",
                "7",
                "-o",
                &out_s,
            ],
            "6 steps",
        ),
        (
            &["tromino", "-k", "2", "--step", "11", "-o", &out_s],
            "10 steps",
        ),
        (
            &[
                "knight",
                "-n",
                "5",
                "--step",
                "99",
                "--counter",
                "-o",
                &out_s,
            ],
            "25 steps",
        ),
        (
            &["knight", "-n", "5", "--step", "-1", "-o", &out_s],
            "--step",
        ),
        (
            &["knight", "-n", "5", "--step", "x", "-o", &out_s],
            "--step",
        ),
        (&["tromino", "--step", "2"], "--step"),
        (&["tromino", "--step", "2", "-o", "x.gif"], "--step"),
        (&["tromino", "--storyboard", "0,,3", "-o", &out_s], "commas"),
        (&["tromino", "--storyboard", "0,a", "-o", &out_s], "'a'"),
        (
            &["tromino", "-k", "2", "--storyboard", "0,40", "-o", &out_s],
            "--storyboard 40",
        ),
        (
            &[
                "queens",
                "--storyboard",
                "1",
                "--solution",
                "2",
                "-o",
                &out_s,
            ],
            "--solution",
        ),
        (
            &["queens", "--frames", &frames_s, "--format", "gif"],
            "--frames",
        ),
        (&["queens", "--frames", &frames_s, "-o", &out_s], "--frames"),
        (&["queens", "--frames", &frames_s, "--loop", "2"], "--loop"),
        (
            &["tromino", "--numbers", "--cell", "6", "--frames", &frames_s],
            "--cell 15",
        ),
        (
            &["queens", "--step", "1", "-o", &out_s, "--delay", "30"],
            "--delay",
        ),
        (&["queens", "--counter", "-o", &out_s], "--counter"),
        (&["queens", "-o", &out_s, "--format", "pdf"], "--format"),
        (
            &[
                "queens", "-n", "32", "--step", "1", "--cell", "1024", "-o", &out_s,
            ],
            "pixels",
        ),
    ];
    for (args, needle) in cases {
        let e = fails(args, b"");
        assert!(e.contains(needle), "{args:?}: {e}");
        assert!(
            files_in(tmp.path()).is_empty(),
            "{args:?} wrote {:?}",
            files_in(tmp.path())
        );
    }
}

/// The pictures being made in the run's temporary folder beside `dir` (none before it exists).
fn pictures_beside(dir: &Path) -> usize {
    files_in(dir.parent().unwrap())
        .iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(".chessviz-"))
        })
        .map(|p| files_in(p).len())
        .sum()
}

#[test]
fn ctrl_c_stops_the_frames_between_pictures_and_leaves_no_folder() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("frames");
    let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
    command
        .args(["queens", "-n", "8", "-q", "--frames"])
        .arg(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    crate::common::default_signals(&mut command, false);
    let mut child = command.spawn().expect("spawn chessviz");
    let start = Instant::now();
    // The pictures are made in a temporary folder beside the one named, moved in at the end.
    while pictures_beside(&dir) < 5 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "ended before 5 pictures"
        );
        // A guard against a hang, not a measurement.
        assert!(start.elapsed() < crate::common::HANG_GUARD, "no pictures");
        std::thread::sleep(Duration::from_millis(5));
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // That the picture loop itself looks at the interruption is checked in-process
    // (`a_cancelled_token_stops_the_pictures_between_two`); here, what the user is left with.
    let output = crate::common::wait_guarded(child, "--frames after Ctrl-C");
    let err = String::from_utf8_lossy(&output.stderr);
    // 128 + SIGINT, as a shell reports a program Ctrl-C ended.
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert!(err.starts_with("error: interrupted"), "{err}");
    // All or nothing: no folder, and no temporary folder left beside it.
    assert!(
        files_in(tmp.path()).is_empty(),
        "{:?}",
        files_in(tmp.path())
    );
}

#[test]
fn frames_of_a_huge_search_are_refused_before_any_picture() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("frames");
    let e = fails(
        &[
            "knight",
            "-n",
            "300",
            "--frames",
            &dir.display().to_string(),
        ],
        b"",
    );
    assert!(e.contains("gigapixels") && e.contains("--every"), "{e}");
    assert!(!dir.exists());
}

/// The picture loop looks at its token between pictures: cancelled from the third picture on, the
/// sequence ends as interrupted instead of drawing the rest (what Ctrl-C on `--frames` relies on to
/// stop without waiting for the handler's grace period).
#[test]
fn a_cancelled_token_stops_the_pictures_between_two() {
    use chessviz::queens::{self, QueensAdapter, QueensStyle};
    use chessviz::{frame_sequence, SequencePacing};
    use chessviz::{Cancel, Error, Pacing, StillFormat};
    use std::sync::atomic::{AtomicU64, Ordering};

    const STEPS: usize = 200;
    let style = Style::new(16);
    let token = Cancel::new();
    let written = AtomicU64::new(0);
    let write = |_: u64, picture: &chessviz::WritePicture<'_>| {
        picture(&mut Vec::new())?;
        if written.fetch_add(1, Ordering::SeqCst) + 1 == 3 {
            token.cancel();
        }
        Ok(())
    };
    let run = |token: &mut Cancel| {
        let queens = QueensAdapter::new(6, QueensStyle::default());
        let mut adapter = StepCaptions::new(queens, &style, None);
        let events = queens::search(6).unwrap().take(STEPS).map(Ok);
        let pacing = SequencePacing {
            pacing: Pacing::new(500, 3000),
            framing: Framing {
                opening: true,
                final_hold: true,
            },
        };
        frame_sequence(
            &mut adapter,
            events,
            &style,
            StillFormat::Png,
            pacing,
            token,
            &write,
        )
    };
    let stopped = run(&mut token.clone());
    assert!(matches!(stopped, Err(Error::Interrupted)), "{stopped:?}");
    let made = written.load(Ordering::SeqCst);
    assert!((3..=STEPS as u64).contains(&made), "{made} pictures");
    // The same run with a fresh token makes every picture.
    written.store(0, Ordering::SeqCst);
    let times = run(&mut Cancel::new()).map(|t| t.len());
    assert_eq!(times.ok(), Some(STEPS + 1));
}
