//! `--step N`, `--frames DIR`, `--storyboard` and `--counter`, written once over any problem's adapter;
//! and where `-o` sends a picture (`-o - --format png` is standard output).
//!
//! Step `i` is the state after the first `i` events of the stream `--trace` prints (its line `i`),
//! step 0 the start. A `--step i` still, the picture `frame-i` of `--frames` and, with `--counter`,
//! the GIF frame of step `i` are drawn by the same captioning adapter ([`StepCaptions`]), so they are
//! the same picture.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::Path;
use std::time::Instant;

use chessviz::internals::layout::Layout;
use chessviz::internals::{check_figure_size, ensure_dir, Format, Target};
use chessviz::{
    draw_sheet, frame_sequence, scene_at, vector_sheet, write_atomic_with, Adapter, AnimationStats,
    Error, Framing, Label, Pacing, Progress, RenderHints, Result, Scene, SequencePacing,
    SheetBoard, SheetOptions, Square, StepCaptions, Style,
};

use super::args::AnimArgs;
use super::limits::{self, Board, Job};
use super::sequence_args::{FormatArg, SequenceArgs, Steps};
use super::summary;

/// A problem's events, replayed from the start each time they are asked for.
pub type Events<'a, E> = Box<dyn Iterator<Item = Result<E>> + 'a>;

/// One problem as the step options see it.
pub struct Problem<'a, A: Adapter> {
    /// Draws the problem's states.
    pub adapter: A,
    /// The event stream of `--trace`, from the start.
    pub events: Box<dyn Fn() -> Result<Events<'a, A::Event>> + 'a>,
    /// What the stream is, for messages: "the search for 5 queens".
    pub what: String,
    /// The board's rows and columns, for the size checks.
    pub rows: u32,
    pub cols: u32,
    /// What is drawn, for the memory check.
    pub board: Board,
    /// The animation's pacing defaults (`--delay`, `--hold`).
    pub delay_ms: u32,
    pub hold_ms: u32,
    /// The animation opens on the start (before the first event) and holds its last frame.
    pub framing: Framing,
}

/// What the command line asks of the step options.
pub struct Request<'a> {
    pub seq: &'a SequenceArgs,
    /// Boards per row of a storyboard.
    pub columns: Option<u32>,
    pub anim: &'a AnimArgs,
    /// `-o`.
    pub output: Option<&'a Path>,
    /// Numbers were asked for (tromino `--numbers`): illegible ones are then an error.
    pub numbers_asked: bool,
}

/// Where `-o` (with `--format`) sends the output: a file named by its extension, or standard output
/// as text or, with `--format`, as a picture. `--format` with a file name is refused: the name says
/// the format.
pub fn target(output: Option<&Path>, format: Option<FormatArg>) -> Result<Target> {
    let to_stdout = output.is_none_or(|p| p.as_os_str() == "-");
    match (to_stdout, format) {
        (true, Some(f)) => {
            if f != FormatArg::Svg && std::io::stdout().is_terminal() {
                return Err(Error::invalid(
                    "standard output is a terminal, which cannot show a picture: redirect it (> FILE, | viewer) or write a file with -o FILE",
                ));
            }
            Target::standard_output(f.format())
        }
        (false, Some(_)) => Err(Error::invalid(format!(
            "--format names the format of -o - and of --frames DIR; '{}' says its own by its extension",
            output.map_or_else(String::new, |p| p.display().to_string())
        ))),
        (_, None) => Target::from_arg(output),
    }
}

/// Runs `--step`, `--frames` or `--storyboard` for `problem`.
pub fn run<A>(req: &Request<'_>, style: &Style, problem: Problem<'_, A>) -> Result<()>
where
    A: Adapter + Clone + Sync,
    A::Event: Clone + Sync,
{
    let started = Instant::now();
    if let Some(dir) = &req.seq.frames {
        return frames(req, style, problem, dir, started);
    }
    if let Some(n) = req.seq.step {
        let (path, format) = still_target(req, "--step")?;
        return step(req, style, problem, n, (&path, format), started);
    }
    if let Some(Steps(steps)) = &req.seq.storyboard {
        let (path, format) = still_target(req, "--storyboard")?;
        return storyboard(req, style, problem, steps, (&path, format), started);
    }
    Err(Error::invalid(
        "nothing to draw: give --step, --frames or --storyboard",
    ))
}

/// The still file (or standard output) `-o` names for `option`, refusing text and GIF.
fn still_target(req: &Request<'_>, option: &str) -> Result<(std::path::PathBuf, Format)> {
    let refuse = || {
        Error::invalid(format!(
            "{option} draws a still: use -o FILE.png, .svg or .pdf (or -o - --format png, svg or pdf)"
        ))
    };
    match target(req.output, req.seq.format)? {
        Target::File(path, f @ (Format::Png | Format::Svg | Format::Pdf)) => Ok((path, f)),
        _ => Err(refuse()),
    }
}

/// "--step 40 is past the end: the search for 5 queens has 38 steps (0 to 38)".
fn past_end(option: &str, n: u64, steps: u64, what: &str) -> Error {
    Error::invalid(format!(
        "{option} {n} is past the end: {what} has {steps} step{} (0 to {steps})",
        if steps == 1 { "" } else { "s" }
    ))
}

/// The number of events of the stream (Ctrl-C stops the count).
fn count_events<A: Adapter>(problem: &Problem<'_, A>) -> Result<u64> {
    let mut steps = 0u64;
    for event in (problem.events)()? {
        super::cancel().check()?;
        event?;
        steps += 1;
    }
    Ok(steps)
}

fn check_size<A: Adapter>(problem: &Problem<'_, A>, style: &Style) -> Result<()> {
    check_figure_size(problem.rows, problem.cols, style, true)?;
    let job = match problem.board {
        Board::Tour => Job::NumberedStill,
        _ => Job::Still,
    };
    limits::check_memory(problem.rows, problem.cols, style, true, job, problem.board)
}

fn step<A: Adapter>(
    req: &Request<'_>,
    style: &Style,
    problem: Problem<'_, A>,
    n: u64,
    (path, format): (&Path, Format),
    started: Instant,
) -> Result<()> {
    check_size(&problem, style)?;
    let total = if req.seq.counter {
        let total = count_events(&problem)?;
        if n > total {
            return Err(past_end("--step", n, total, &problem.what));
        }
        Some(total)
    } else {
        None
    };
    let events = (problem.events)()?;
    let mut adapter = StepCaptions::new(problem.adapter, style, total);
    let scene = match scene_at(&mut adapter, events, n)? {
        Ok(scene) => scene,
        Err(steps) => return Err(past_end("--step", n, steps, &problem.what)),
    };
    let job = super::still::StillJob {
        path,
        format,
        style,
        numbers_asked: req.numbers_asked,
        started,
        quiet: req.anim.quiet,
    };
    super::still::write(&job, scene, adapter.hints())
}

/// The file name of the picture of `step`: `frame-0037.png`, numbers padded to `width` digits.
fn frame_name(step: u64, width: usize, ext: &str) -> String {
    format!("frame-{step:0width$}.{ext}")
}

fn frames<A: Adapter>(
    req: &Request<'_>,
    style: &Style,
    problem: Problem<'_, A>,
    dir: &Path,
    started: Instant,
) -> Result<()> {
    if req.output.is_some() {
        return Err(Error::invalid(
            "--frames writes into the folder it names: drop -o",
        ));
    }
    let format = match req.seq.format {
        None => chessviz::StillFormat::Png,
        Some(f) => f.still().ok_or_else(|| {
            Error::invalid(
                "--frames writes png, svg or pdf pictures; for one animation use -o FILE.gif",
            )
        })?,
    };
    if dir.exists() && !dir.is_dir() {
        return Err(Error::invalid(format!(
            "'{}' exists and is not a folder",
            dir.display()
        )));
    }
    check_size(&problem, style)?;
    // The pictures are counted from the stream before any is drawn.
    let (every, max) = (req.anim.every, req.anim.max_frames);
    let bound = if req.seq.counter {
        u64::MAX
    } else {
        limits::counting_bound(every, max)
    };
    let mut steps = 0u64;
    for event in (problem.events)()? {
        super::cancel().check()?;
        event?;
        steps += 1;
        if steps > bound {
            break;
        }
    }
    let complete = steps <= bound;
    // The start and the last step are always drawn.
    let pictures = limits::kept_frames(steps + 1, 2, every, max);
    limits::check_frames(
        &format!("{} (one picture per step)", problem.what),
        pictures,
        steps,
        complete,
    )?;
    check_volume(&problem, style, pictures)?;
    if req.numbers_asked {
        check_numbers_legible(problem.adapter.hints(), style)?;
    }
    ensure_dir(dir)?;
    let width = steps.to_string().len().max(4);
    let ext = format.extension();
    let total = req.seq.counter.then_some(steps);
    let pacing = SequencePacing {
        pacing: req.anim.pacing(problem.delay_ms, problem.hold_ms),
        final_hold: problem.framing.final_hold,
    };
    let events = (problem.events)()?;
    let mut adapter = StepCaptions::new(problem.adapter, style, total);
    let mut progress = super::progress::FrameProgress::new(req.anim.quiet, Some(pictures));
    let times = frame_sequence(
        &mut adapter,
        events,
        style,
        format,
        pacing,
        &mut progress,
        &|step, write| {
            let path = dir.join(frame_name(step, width, ext));
            write_atomic_with(&path, super::cancel(), |w| write(w))
        },
    )?;
    let mut list = String::new();
    for t in &times {
        let _ = writeln!(list, "{} {}", frame_name(t.step, width, ext), t.ms);
    }
    write_atomic_with(&dir.join("frames.txt"), super::cancel(), |w| {
        std::io::Write::write_all(w, list.as_bytes()).map_err(|e| Error::io("frames.txt", e))
    })?;
    if !req.anim.quiet {
        super::process::print_line(&format!(
            "wrote {} {} pictures and frames.txt to {} in {:.2} s",
            times.len(),
            ext,
            super::queens::folder_display(dir),
            started.elapsed().as_secs_f64()
        ))?;
    }
    Ok(())
}

/// The most pixels all the pictures of one `--frames` run may hold together: each picture is whole
/// (unlike a GIF frame, which holds only what changed), so a long search on a large figure would
/// fill a disk.
const FRAMES_PIXEL_LIMIT: u64 = 10_000_000_000;

/// Refuses `pictures` pictures of the problem's figure over [`FRAMES_PIXEL_LIMIT`] pixels in all.
fn check_volume<A: Adapter>(problem: &Problem<'_, A>, style: &Style, pictures: u64) -> Result<()> {
    let layout = Layout::new(
        problem.rows,
        problem.cols,
        style.cell,
        style.margin_px(),
        true,
    )?;
    let each = u64::from(layout.width()) * u64::from(layout.height());
    let total = each.saturating_mul(pictures);
    if total <= FRAMES_PIXEL_LIMIT {
        return Ok(());
    }
    let fitting = (FRAMES_PIXEL_LIMIT / each.max(1)).max(1);
    Err(Error::TooLarge(format!(
        "--frames would write {pictures} pictures of {} x {} pixels, {} gigapixels in all, more than the {} a run may write: keep one step in K with --every K, stop after {fitting} pictures with --max-frames {fitting}, or draw smaller cells with --cell",
        layout.width(),
        layout.height(),
        total / 1_000_000_000,
        FRAMES_PIXEL_LIMIT / 1_000_000_000
    )))
}

/// Refuses numbers that were asked for (tromino `--numbers`) and would be left out of every picture
/// as too small to read, as a still refuses them: one cell with the widest number is drawn to find
/// out (the size depends on the cell and the widest number alone).
fn check_numbers_legible(hints: RenderHints, style: &Style) -> Result<()> {
    let mut probe = Scene::checkerboard(1, 1);
    probe.update_cell(Square::new(0, 0), |c| {
        c.label = Some(hints.max_label.max(1))
    });
    let hints = RenderHints {
        caption: false,
        ..hints
    };
    let omitted = chessviz::draw(&mut probe, hints, style)?.omitted;
    if !omitted.numbers {
        return Ok(());
    }
    let hint = match omitted.numbers_from_cell {
        Some(c) => format!("use --cell {c} or more"),
        None => "no cell size makes them legible on this board".to_string(),
    };
    Err(Error::invalid(format!(
        "--numbers at --cell {} would be too small to read (under 7 pixels); {hint}",
        style.cell
    )))
}

/// "start", "step 5", with the count "step 5/38".
fn step_label(step: u64, total: Option<u64>) -> String {
    match (step, total) {
        (0, None) => "start".to_string(),
        (s, None) => format!("step {s}"),
        (s, Some(t)) => format!("step {s}/{t}"),
    }
}

fn storyboard<A>(
    req: &Request<'_>,
    style: &Style,
    problem: Problem<'_, A>,
    steps: &[u64],
    (path, format): (&Path, Format),
    started: Instant,
) -> Result<()>
where
    A: Adapter + Clone + Sync,
    A::Event: Clone + Sync,
{
    let last = steps.iter().copied().max().unwrap_or(0);
    // The events up to the last step shown, with what each did (said before it is applied).
    let mut describer = problem.adapter.clone();
    let mut scene = describer.first_scene();
    let mut events = Vec::new();
    let mut words = Vec::new();
    for event in (problem.events)()?.take(usize::try_from(last).unwrap_or(usize::MAX)) {
        super::cancel().check()?;
        let event = event?;
        words.push(describer.describe(&event));
        describer.apply(&mut scene, &event);
        events.push(event);
    }
    let available = events.len() as u64;
    if available < last {
        return Err(past_end("--storyboard", last, available, &problem.what));
    }
    let total = if req.seq.counter {
        Some(count_events(&problem)?)
    } else {
        None
    };
    let boards: Vec<SheetBoard<A::Event>> = steps
        .iter()
        .map(|&s| {
            let s = s as usize;
            SheetBoard {
                events: events[..s].to_vec(),
                label: Label {
                    head: step_label(s as u64, total),
                    body: s
                        .checked_sub(1)
                        .and_then(|i| words[i].clone())
                        .unwrap_or_default(),
                },
            }
        })
        .collect();
    let options = SheetOptions {
        columns: req.columns,
        title: None,
        width: None,
    };
    let (w, h) = if format == Format::Png {
        let still = draw_sheet(&problem.adapter, &boards, style, &options, super::cancel())?;
        super::write_still(path, &still)?;
        (still.canvas.width(), still.canvas.height())
    } else {
        let figure = vector_sheet(&problem.adapter, &boards, style, &options, super::cancel())?;
        write_atomic_with(path, super::cancel(), |w| match format {
            Format::Svg => figure.write_svg(w),
            _ => figure.write_pdf(w, &chessviz::encode::PdfOptions::default()),
        })?;
        (figure.list.width, figure.list.height)
    };
    summary::wrote(
        path,
        &format!("{} steps, {}", steps.len(), summary::pixels(w, h)),
        started,
        req.anim.quiet,
    )
}

/// The animation with every frame captioned with its step and the number of steps (`--counter`):
/// the same pictures as `--frames --counter`.
pub fn animate_counted<A: Adapter, W: std::io::Write>(
    out: W,
    problem: Problem<'_, A>,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let total = count_events(&problem)?;
    let events = (problem.events)()?;
    let mut adapter = StepCaptions::new(problem.adapter, style, Some(total));
    chessviz::animate(
        out,
        &mut adapter,
        events,
        problem.framing,
        style,
        pacing,
        progress,
    )
}
