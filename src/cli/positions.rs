//! Positions given on the command line: `queens --queens POS` (a placement drawn, its attacking
//! pairs marked) and `knight --path SQUARES` / `--path-file FILE` (a given tour or partial path drawn,
//! printed as a numbered matrix or laid out as a GIF); `knight --show` and `--piece`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::ValueEnum;

use chessviz::internals::text;
use chessviz::internals::{check_animation_size, check_figure_size, Format, Target};
use chessviz::knight::{self, KnightAdapter, KnightShow, KnightStyle, KnightTour, KNIGHT};
use chessviz::queens::{self, QueensStyle};
use chessviz::{scene_after, Adapter, Annotated, Error, Framing, Result, Square, Style};

use super::annotate::AnnotateArgs;
use super::args::{AnimArgs, LookArgs};
use super::limits::{self, Board, Job};
use super::sequence::{Problem, Request};
use super::sequence_args::SequenceArgs;
use super::summary;

/// The largest path file read (a 2000 x 2000 matrix of 7-digit numbers is about 32 MB).
const MAX_PATH_FILE_BYTES: u64 = 64 << 20;

/// The values of `knight --show` (their help is the option's: variant docs would switch clap to
/// the long help layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowArg {
    Both,
    Path,
    Numbers,
}

/// The values of `knight --piece`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KnightPieceArg {
    Glyph,
    None,
}

/// The knight figure's look from `--show` and `--piece`.
pub fn knight_style(show: ShowArg, piece: KnightPieceArg) -> KnightStyle {
    KnightStyle {
        show: match show {
            ShowArg::Both => KnightShow::Both,
            ShowArg::Path => KnightShow::Path,
            ShowArg::Numbers => KnightShow::Numbers,
        },
        piece: match piece {
            KnightPieceArg::Glyph => Some(KNIGHT),
            KnightPieceArg::None => None,
        },
    }
}

/// A found tour as a scene drawn as `look` says, with its render hints.
pub fn tour_scene(
    tour: &KnightTour,
    look: KnightStyle,
) -> Result<(chessviz::Scene, chessviz::RenderHints)> {
    let mut adapter = KnightAdapter::with_style(tour.rows(), tour.cols(), look);
    let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves(tour), None)?;
    Ok((scene, adapter.hints()))
}

/// `queens --queens POS -o FILE.png|svg|pdf`: the placement on the n x n board.
pub fn draw_queens(job: QueensPlacement<'_>) -> Result<()> {
    let QueensPlacement {
        text,
        n,
        look,
        target,
        style,
        annotate,
        look_args,
        quiet,
    } = job;
    let started = Instant::now();
    let position = text::parse_queens_position(text, n)
        .map_err(|e| Error::invalid(format!("--queens: {e}")))?;
    let annotations = annotate.annotations(n, n, look_args)?;
    let caption = annotate.caption_band(true);
    let Target::File(path, format @ (Format::Png | Format::Svg | Format::Pdf)) = target else {
        return Err(Error::invalid(
            "--queens draws a figure: give -o FILE.png, .svg or .pdf",
        ));
    };
    check_figure_size(n, n, style, caption)?;
    limits::check_memory(n, n, style, caption, Job::Still, Board::Queens)?;
    let (mut scene, mut hints) = queens::position_scene(&position, look)?;
    annotations.apply(&mut scene, &mut hints)?;
    let job = super::still::StillJob {
        path: &path,
        format,
        style,
        numbers_asked: false,
        started,
        quiet,
    };
    super::still::write(&job, scene, hints)
}

/// What `queens --queens POS` draws, and where.
pub struct QueensPlacement<'a> {
    /// The position as written.
    pub text: &'a str,
    pub n: u32,
    pub look: QueensStyle,
    pub target: Target,
    pub style: &'a Style,
    pub annotate: &'a AnnotateArgs,
    pub look_args: &'a LookArgs,
    pub quiet: bool,
}

/// Where a knight's path comes from.
pub enum PathSource<'a> {
    /// `--path SQUARES`.
    Text(&'a str),
    /// `--path-file FILE` (`-` for standard input).
    File(&'a Path),
}

impl PathSource<'_> {
    /// How the option is named in an error.
    fn name(&self) -> String {
        match self {
            PathSource::Text(_) => "--path".to_string(),
            PathSource::File(p) => format!("--path-file {}", p.display()),
        }
    }

    fn read(&self) -> Result<String> {
        let path = match self {
            PathSource::Text(t) => return Ok(t.to_string()),
            PathSource::File(path) => path,
        };
        let mut bytes = Vec::new();
        let read = if path.as_os_str() == "-" {
            std::io::stdin()
                .lock()
                .take(MAX_PATH_FILE_BYTES + 1)
                .read_to_end(&mut bytes)
        } else {
            std::fs::File::open(path)
                .and_then(|f| f.take(MAX_PATH_FILE_BYTES + 1).read_to_end(&mut bytes))
        };
        read.map_err(|e| Error::io(PathBuf::from(path), e))?;
        if bytes.len() as u64 > MAX_PATH_FILE_BYTES {
            return Err(Error::invalid(format!(
                "{} is over {} MB; a path file holds a list of squares or a numbered matrix",
                self.name(),
                MAX_PATH_FILE_BYTES >> 20
            )));
        }
        String::from_utf8(bytes)
            .map_err(|_| Error::invalid(format!("{} is not UTF-8 text", self.name())))
    }
}

/// What `knight --path`/`--path-file` needs from the command line.
pub struct PathJob<'a> {
    pub source: PathSource<'a>,
    /// The board asked for with -n or --rows/--cols, if any.
    pub board: Option<(u32, u32)>,
    pub look: KnightStyle,
    /// Where the output goes (`-o`, with `--format`).
    pub target: Target,
    pub anim: &'a AnimArgs,
    pub look_args: &'a LookArgs,
    pub annotate: &'a AnnotateArgs,
    /// The step options, and `-o` as given (for them).
    pub seq: &'a SequenceArgs,
    pub columns: Option<u32>,
    pub output: Option<&'a Path>,
}

/// The checked path and its board.
fn read_path(job: &PathJob<'_>) -> Result<(u32, u32, Vec<Square>)> {
    let name = job.source.name();
    let wrap = |e: Error| match e {
        Error::Invalid(m) => Error::invalid(format!("{name}: {m}")),
        other => other,
    };
    let parsed = text::parse_knight_path(&job.source.read()?).map_err(wrap)?;
    let (rows, cols) = match (parsed.size(), job.board) {
        (Some(m), Some(b)) if m != b => {
            return Err(Error::invalid(format!(
                "{name} holds a {} x {} matrix, but the board asked for is {} x {}; drop -n/--rows/--cols or make them agree",
                m.0, m.1, b.0, b.1
            )));
        }
        (Some(m), _) => m,
        (None, Some(b)) => b,
        (None, None) => (8, 8),
    };
    for (what, side) in [("rows", rows), ("columns", cols)] {
        if side > knight::MAX_SIDE {
            return Err(Error::invalid(format!(
                "{name}: a board of {side} {what} is larger than {}",
                knight::MAX_SIDE
            )));
        }
    }
    let path = parsed.resolve(rows, cols).map_err(wrap)?;
    Ok((rows, cols, path))
}

/// A path's GIF opens on its first square and holds the whole path at the end.
const PATH_FRAMING: Framing = Framing {
    opening: false,
    final_hold: true,
};

/// `knight --path ...` or `--path-file ...`: the path as a numbered matrix (text), a figure, or laid
/// out square by square as a GIF.
pub fn run_knight_path(job: &PathJob<'_>) -> Result<()> {
    let started = Instant::now();
    let target = &job.target;
    let (rows, cols, path) = read_path(job)?;
    let quiet = job.anim.quiet;
    let annotations = job.annotate.annotations(rows, cols, job.look_args)?;
    let caption = job.annotate.caption_band(false);
    // The path move by move, as the step options see it (--step, --frames, --storyboard, and a GIF
    // with --counter).
    let stepwise = || Problem {
        adapter: Annotated::new(
            KnightAdapter::with_style(rows, cols, job.look),
            annotations.clone(),
        ),
        events: Box::new(|| Ok(Box::new(KnightAdapter::moves_along(path.clone())))),
        what: format!("the path on a {rows} x {cols} board"),
        rows,
        cols,
        board: Board::Tour,
        delay_ms: knight::DEFAULT_DELAY_MS,
        hold_ms: knight::DEFAULT_HOLD_MS,
        // As the GIF of a path: it opens on the first square and holds the whole path.
        framing: PATH_FRAMING,
    };
    if job.seq.draws_steps() {
        let req = Request {
            seq: job.seq,
            columns: job.columns,
            anim: job.anim,
            output: job.output,
            numbers_asked: false,
        };
        return super::sequence::run(&req, &job.look_args.style()?, stepwise());
    }
    match target {
        Target::File(file, format @ (Format::Png | Format::Svg | Format::Pdf)) => {
            let style = job.look_args.style()?;
            check_figure_size(rows, cols, &style, caption)?;
            limits::check_memory(rows, cols, &style, caption, Job::NumberedStill, Board::Tour)?;
            let mut adapter =
                Annotated::new(KnightAdapter::with_style(rows, cols, job.look), annotations);
            let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves_along(path), None)?;
            let still = super::still::StillJob {
                path: file,
                format: *format,
                style: &style,
                numbers_asked: false,
                started,
                quiet,
            };
            super::still::write(&still, scene, adapter.hints())
        }
        Target::File(file, Format::Gif) => {
            job.look_args.check_gif()?;
            let style = job.look_args.style()?;
            check_animation_size(rows, cols, &style, caption)?;
            limits::check_memory(rows, cols, &style, caption, Job::Animation, Board::Tour)?;
            let steps = path.len() as u64;
            let (every, max) = (job.anim.every, job.anim.max_frames);
            let frames = limits::kept_frames(steps, 0, every, max);
            let what = format!("the path on a {rows} x {cols} board");
            limits::check_frames(&what, frames, steps, true)?;
            job.anim.warn_short_delay();
            let pacing = job
                .anim
                .pacing(knight::DEFAULT_DELAY_MS, knight::DEFAULT_HOLD_MS);
            let stats = super::write_animation(file, quiet, Some(frames), |w, progress| {
                if job.seq.counter {
                    return super::sequence::animate_counted(
                        w,
                        stepwise(),
                        &style,
                        pacing,
                        progress,
                    );
                }
                let mut adapter = Annotated::new(
                    KnightAdapter::with_style(rows, cols, job.look),
                    annotations.clone(),
                );
                let events = KnightAdapter::moves_along(path.clone());
                chessviz::animate(
                    w,
                    &mut adapter,
                    events,
                    PATH_FRAMING,
                    &style,
                    pacing,
                    progress,
                )
            })?;
            summary::wrote(file, &format!("{} frames", stats.frames), started, quiet)
        }
        _ => {
            super::emit_text(target, |w| text::write_path_matrix(w, rows, cols, &path))?;
            summary::wrote_text(target, started, quiet)
        }
    }
}
