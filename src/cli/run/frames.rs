//! `--frames DIR`: every step as a full picture, `frames.txt` with each picture's time, and
//! `animate.tex`, which plays them in LaTeX (PNG, PDF or TikZ pictures). The files are made in a
//! temporary folder and moved in at the end: a run that fails or is interrupted leaves the folder
//! as it was.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use chessviz::files::write_atomic_with;
use chessviz::frames::count_pictures as walk_pictures;
use chessviz::frames::{animate_tex, animate_tex_plays, AnimateTex, ANIMATE_TEX};
use chessviz::frames::{sample_indices, sample_picture_bytes, ANIMATE_TEX_HEAD};
use chessviz::limits::figure_size;
use chessviz::{described_frame_sequence, FrameTime, SequencePacing};
use chessviz::{Adapter, Error, Problem, RenderHints, Result, StepCaptions, Style};

use super::context::Ctx;
use super::disk;
use super::frames_dir::{check_folder, remove_stale_frames, FolderLock};
use super::limits;
use super::numbers::omitted_numbers;
use super::problem::{Board, Stream};
use super::staging::Staging;
use super::step_counts::{check_size, count_events};
use super::still::illegible_numbers;
use super::target::folder_display;
use super::Request;
use crate::cli::formats::fill_in;
use crate::cli::report::progress::FrameProgress;
use crate::cli::report::summary;

/// The most pixels all the pictures of one `--frames` run may hold together: each picture is whole
/// (unlike a GIF frame, which holds only what changed), so a long search on a large figure would
/// fill a disk.
const FRAMES_PIXEL_LIMIT: u64 = 10_000_000_000;

/// The file name of the picture of `step`: `frame-0037.png`, numbers padded to `width` digits.
fn frame_name(step: u64, width: usize, ext: &str) -> String {
    format!("frame-{step:0width$}.{ext}")
}

/// Refuses what `--frames` cannot write before anything is counted: `-o`, a GIF, a file in the way.
fn check_request(req: &Request<'_>, dir: &Path) -> Result<chessviz::StillFormat> {
    if req.output.is_some() {
        return Err(Error::usage(
            "--frames writes into the folder it names: drop -o",
        ));
    }
    let format = match req.seq.format {
        None => chessviz::StillFormat::Png,
        Some(f) if f.format() == chessviz::files::Format::Html => {
            return Err(Error::usage(
                "--frames writes pictures into a folder; for one web page that plays every step use -o FILE.html without --frames",
            ))
        }
        Some(f) => f.still().ok_or_else(|| {
            Error::usage(fill_in(
                "--frames writes {STILL_VALUES} pictures; for one animation use -o FILE.gif",
            ))
        })?,
    };
    check_folder(dir)?;
    Ok(format)
}

/// The stream's steps, counted before any picture is drawn, and the pictures they make; refuses a
/// run over the frame or pixel limits.
fn count_pictures<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    style: &Style,
    board: Board,
    stream: &Stream<'_, A>,
) -> Result<(u64, u64)> {
    let (every, max) = (req.anim.every, req.anim.max_frames);
    if req.seq.counter {
        // Every step is counted for "step 12/220", whatever --max-frames keeps: refused at once
        // where the problem knows its trace is longer than a run may count (16 queens and up),
        // else counted up to that budget.
        let steps = count_events(ctx, stream)?;
        let pictures = limits::kept_frames(steps + 1, 2, every, max);
        let what = format!("{} (one picture per step)", stream.problem.name());
        limits::check_frames(&what, pictures, steps, true)?;
        check_volume(board, style, pictures)?;
        return Ok((steps, pictures));
    }
    let bound = limits::counting_bound(every, max);
    let mut steps = 0u64;
    for event in stream.problem.events()? {
        ctx.cancel.check()?;
        event?;
        steps += 1;
        if steps > bound {
            break;
        }
    }
    let complete = steps <= bound;
    // The start and the last step are always drawn.
    let pictures = limits::kept_frames(steps + 1, 2, every, max);
    let what = format!("{} (one picture per step)", stream.problem.name());
    limits::check_frames(&what, pictures, steps, complete)?;
    check_volume(board, style, pictures)?;
    Ok((steps, pictures))
}

pub fn frames<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    style: &Style,
    board: Board,
    stream: Stream<'_, A>,
    dir: &Path,
    started: Instant,
) -> Result<()> {
    let format = check_request(req, dir)?;
    check_size(board, style)?;
    let (steps, pictures) = count_pictures(ctx, req, style, board, &stream)?;
    if req.numbers_asked {
        check_numbers_legible(stream.adapter.hints(), style)?;
    }
    let total = req.seq.counter.then_some(steps);
    let timing = stream.problem.timing();
    let pacing = SequencePacing {
        pacing: req.anim.pacing(timing.delay_ms, timing.hold_ms),
        framing: timing.framing,
    };
    let problem = stream.problem;
    let mut adapter = StepCaptions::new(stream.adapter, style, total);
    let poster = check_poster(req, || {
        if req.anim.every == 1 {
            let all = if pacing.framing.opening {
                steps + 1
            } else {
                steps.max(1)
            };
            return Ok(req.anim.max_frames.map_or(all, |m| all.min(m)));
        }
        // Solutions are kept too: walk the stream without drawing.
        let events = problem.events()?;
        walk_pictures(&mut adapter, events, pacing, &mut ctx.cancel.clone())
    })?;
    let need = sampled_disk_bytes(ctx, &mut adapter, problem, style, format, pacing, pictures)?;
    disk::check_disk_total("--frames", pictures, need, dir)?;
    // An earlier run's folder is locked against another run replacing it at the same time.
    let _lock = match dir.is_dir() {
        true => Some(FolderLock::take(dir)?),
        false => None,
    };
    // All or nothing: the pictures, frames.txt and animate.tex are made in a temporary folder and
    // moved in at the end, so that a run that fails or is interrupted leaves the folder as it was.
    let staging = Staging::new(dir)?;
    let run = Run {
        format,
        pacing,
        poster,
        pictures,
        width: steps.to_string().len().max(4),
    };
    let made = write_pictures(ctx, req, style, &mut adapter, problem, &run, staging.path())
        .map_err(|e| staging.failed(e))?;
    staging.finish()?;
    remove_stale_frames(dir, &made.names)?;
    if !made.animate_tex {
        remove_our_animate_tex(dir)?;
    }
    note_words_dropped(ctx, req.anim.quiet, made.words_dropped.as_deref());
    let times = made.times;
    if !req.anim.quiet {
        ctx.status_line(&format!(
            "wrote {}{} to {} in {:.2} s",
            summary::count(
                times.len() as u64,
                &format!("{} picture", format.extension())
            ),
            if made.animate_tex {
                ", frames.txt and animate.tex"
            } else {
                " and frames.txt"
            },
            folder_display(dir),
            started.elapsed().as_secs_f64()
        ));
    }
    Ok(())
}

/// How many pictures of a run are drawn ahead of it to judge its disk space.
const DISK_SAMPLES: u64 = 16;

/// The space the run's pictures take on disk, blocks counted: [`DISK_SAMPLES`] of them, spread over
/// the run, drawn and measured.
fn sampled_disk_bytes<A: Adapter>(
    ctx: &Ctx,
    adapter: &mut StepCaptions<A>,
    problem: &dyn Problem<Event = A::Event>,
    style: &Style,
    format: chessviz::StillFormat,
    pacing: SequencePacing,
    pictures: u64,
) -> Result<u64> {
    let picks = sample_indices(pictures, DISK_SAMPLES);
    let sizes = sample_picture_bytes(
        adapter,
        problem.events()?,
        style,
        format,
        pacing,
        &picks,
        &mut ctx.cancel.clone(),
    )?;
    Ok(disk::sampled_need(pictures, &sizes))
}

/// What a run made in its temporary folder.
struct Made {
    times: Vec<FrameTime>,
    /// The pictures' file names.
    names: HashSet<String>,
    /// Whether `animate.tex` is among the files.
    animate_tex: bool,
    /// The first step caption that lost words to the figure's width, as it would have read.
    words_dropped: Option<String>,
}

/// What the pictures of a run are, decided before the first is drawn.
#[derive(Clone, Copy)]
struct Run {
    format: chessviz::StillFormat,
    pacing: SequencePacing,
    poster: Option<usize>,
    /// How many pictures there are.
    pictures: u64,
    /// The digits of the pictures' numbers.
    width: usize,
}

/// `text` as the last column of a `frames.txt` line: its line breaks become "; " and its tabs
/// spaces.
fn one_field(text: &str) -> String {
    text.replace("\r\n", "; ")
        .replace(['\n', '\r'], "; ")
        .replace('\t', " ")
}

/// Writes every picture, `frames.txt` and `animate.tex` into `into` (the run's temporary folder).
fn write_pictures<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    style: &Style,
    adapter: &mut StepCaptions<A>,
    problem: &dyn Problem<Event = A::Event>,
    run: &Run,
    into: &Path,
) -> Result<Made> {
    let Run {
        format,
        pacing,
        poster,
        pictures,
        width,
    } = *run;
    let ext = format.extension();
    let events = problem.events()?;
    let mut progress = FrameProgress::new(&ctx.cancel, req.anim.quiet, Some(pictures));
    let listed = described_frame_sequence(
        adapter,
        events,
        style,
        format,
        pacing,
        &mut progress,
        &|step, write| {
            let path = into.join(frame_name(step, width, ext));
            write_atomic_with(&path, &ctx.cancel, |w| write(w))
        },
    )?;
    let times: Vec<FrameTime> = listed.iter().map(|l| l.time).collect();
    // Taken before the first scene is drawn again below (which starts the captions over).
    let words_dropped = adapter.words_dropped();
    let names: HashSet<String> = times
        .iter()
        .map(|t| frame_name(t.step, width, ext))
        .collect();
    // `file ms`, then a tab and the picture's words: readers that split on white space and take
    // two fields read it as before, and the words (one line, no tab) are the last column.
    let mut list = String::new();
    for l in &listed {
        let words = one_field(&l.description.text());
        let _ = writeln!(
            list,
            "{} {}\t{words}",
            frame_name(l.time.step, width, ext),
            l.time.ms
        );
    }
    write_atomic_with(&into.join("frames.txt"), &ctx.cancel, |w| {
        std::io::Write::write_all(w, list.as_bytes()).map_err(|e| Error::io("frames.txt", e))
    })?;
    let named: Vec<(String, u32)> = times
        .iter()
        .map(|t| (frame_name(t.step, width, ext), t.ms))
        .collect();
    // Every picture has the first one's size: the board and its panels, captioned.
    let first = chessviz::draw_vector(&adapter.first_scene(), adapter.hints(), style)?;
    let tex = AnimateTex {
        pictures: &named,
        format,
        size: (first.width(), first.height()),
        poster,
    };
    let animate_tex = writes_animate_tex(format, style.standalone);
    if animate_tex {
        write_animate_tex(ctx, into, &tex)?;
    }
    Ok(Made {
        times,
        names,
        animate_tex,
        words_dropped,
    })
}

/// Removes the `animate.tex` an earlier run wrote into `dir` (one a person wrote stays): this
/// run's pictures are ones LaTeX does not play.
fn remove_our_animate_tex(dir: &Path) -> Result<()> {
    let path = dir.join(ANIMATE_TEX);
    let ours = std::fs::read_to_string(&path).is_ok_and(|t| t.starts_with(ANIMATE_TEX_HEAD));
    if ours {
        std::fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}

/// Writes `DIR/animate.tex` for the pictures.
fn write_animate_tex(ctx: &Ctx, dir: &Path, tex: &AnimateTex<'_>) -> Result<()> {
    let path = dir.join(ANIMATE_TEX);
    let text = animate_tex(tex)?;
    write_atomic_with(&path, &ctx.cancel, |w| {
        std::io::Write::write_all(w, text.as_bytes()).map_err(|e| Error::io(ANIMATE_TEX, e))
    })
}

/// The picture `--poster N` asks `animate.tex` to show, refused before any picture is drawn where
/// the run has no picture N (`pictures` counts them). Its options' table refuses it where no
/// `animate.tex` is written (SVG pictures, `--standalone`).
fn check_poster(
    req: &Request<'_>,
    pictures: impl FnOnce() -> Result<u64>,
) -> Result<Option<usize>> {
    let Some(n) = req.seq.poster else {
        return Ok(None);
    };
    let pictures = pictures()?;
    if n >= pictures {
        return Err(Error::usage(format!(
            "--poster {n} is past the last picture: this run writes {pictures} (0 to {})",
            pictures - 1
        )));
    }
    Ok(usize::try_from(n).ok())
}

/// Whether `--frames` writes `animate.tex` for pictures of `format`: LaTeX plays PNG, PDF and
/// TikZ pictures that are not documents of their own.
fn writes_animate_tex(format: chessviz::StillFormat, standalone: bool) -> bool {
    animate_tex_plays(format) && !(format == chessviz::StillFormat::Tex && standalone)
}

/// Refuses `pictures` pictures of the problem's figure over [`FRAMES_PIXEL_LIMIT`] pixels in all.
fn check_volume(board: Board, style: &Style, pictures: u64) -> Result<()> {
    let (width, height) = figure_size(board.rows, board.cols, style, true)?;
    let each = u64::from(width) * u64::from(height);
    let total = each.saturating_mul(pictures);
    if total <= FRAMES_PIXEL_LIMIT {
        return Ok(());
    }
    let fitting = (FRAMES_PIXEL_LIMIT / each.max(1)).max(1);
    Err(Error::TooLarge(format!(
        "--frames would write {pictures} pictures of {width} x {height} pixels, {} gigapixels in all, more than the {} a run may write: keep one step in K with --every K, stop after {fitting} pictures with --max-frames {fitting}, or draw smaller cells with --cell",
        total / 1_000_000_000,
        FRAMES_PIXEL_LIMIT / 1_000_000_000
    )))
}

/// Refuses numbers that were asked for (tromino `--numbers`) and would be left out of every picture
/// as too small to read, as a still refuses them.
pub fn check_numbers_legible(hints: RenderHints, style: &Style) -> Result<()> {
    match omitted_numbers(hints, style)? {
        None => Ok(()),
        Some(omitted) => Err(illegible_numbers(style.cell, omitted)),
    }
}

/// One line on standard error (unless `-q`, and held until the run is known to succeed) for a
/// step caption that lost words to the figure's width even on two lines: said once a run.
pub(super) fn note_words_dropped(ctx: &Ctx, quiet: bool, whole: Option<&str>) {
    if quiet {
        return;
    }
    if let Some(whole) = whole {
        ctx.warn(format!(
            "note: the caption left out words to fit the figure: \"{whole}\" (use a larger --cell or --margin)"
        ));
    }
}
