//! `tromino --check FILE`, `knight --check FILE`, `queens --check FILE`: read what a student's
//! program printed, print each mistake (line and column first) and a verdict per file, and with
//! `-o FIGURE` draw the answer with its mistakes marked.
//!
//! Exit status: 0 when every answer is right, 1 when one was read and is wrong, 2 when one cannot
//! be read at all (the worst of the batch).

pub mod options;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

use chessviz::check::{self, CheckPhrase, CheckReport, Drawing, KnightCheck, QueensCheck, Said};
use chessviz::BoardKind;
use chessviz::{Error, Lang, Result};

use crate::cli::args::{AnnotateArgs, LookArgs};
use crate::cli::report::errors::{message, one_line};
use crate::cli::run::context::Ctx;
use crate::cli::run::limits::{check_board, Picture};
use crate::cli::run::problem::Board;
use crate::cli::run::still::{self, StillJob};
use crate::cli::run::target::{still_file, target};

/// How a run ended, for the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Done; every answer checked was right.
    Done,
    /// An answer was read and is wrong (exit 1).
    Wrong,
    /// An answer could not be read (exit 2; its `error:` line already printed).
    Unreadable,
}

/// Which problem's answers are checked, and against what.
pub enum Answer {
    Tromino,
    Knight(KnightCheck),
    Queens(QueensCheck),
}

/// A `--check` run, from a command's arguments.
pub struct CheckJob<'a> {
    pub answer: Answer,
    pub files: &'a [PathBuf],
    pub output: Option<&'a Path>,
    pub look: &'a LookArgs,
    pub annotate: &'a AnnotateArgs,
    pub quiet: bool,
}

/// Checks every file of the job in turn: its mistakes and verdict on standard output, then the
/// figure of a single answer.
pub fn run(ctx: &Ctx, job: &CheckJob<'_>) -> Result<Outcome> {
    let figure = match job.output {
        Some(path) if job.files.len() > 1 => {
            return Err(Error::usage(format!(
                "-o {} draws one answer; check {} files without -o, or one file with it",
                path.display(),
                job.files.len()
            )))
        }
        Some(path) => {
            let named = target(Some(path), None)?;
            let Some(file) = still_file(&named) else {
                return Err(Error::usage(options::OUTPUT_REFUSAL));
            };
            Some(file)
        }
        None => None,
    };
    let lang = job.look.lang();
    let started = Instant::now();
    let mut worst = Outcome::Done;
    for file in job.files {
        let name = shown_name(file, lang);
        let report = match read_answer(file).and_then(|bytes| check_answer(&job.answer, &bytes)) {
            Ok(report) => report,
            // One file: one `error:` line from main, exit 2. In a batch the others are still checked.
            Err(e) if job.files.len() == 1 => return Err(named(&name, e)),
            Err(e) => {
                eprintln!("error: {}", one_line(&message(&named(&name, e))));
                worst = Outcome::Unreadable;
                continue;
            }
        };
        if !job.quiet {
            for entry in &report.entries {
                ctx.print_line(&one_line(&entry.say(lang)))?;
            }
        }
        ctx.print_line(&one_line(&verdict_line(&name, &report, lang)))?;
        if !report.right {
            worst = worst.max(Outcome::Wrong);
        }
        if let Some((path, format)) = &figure {
            let job_still = StillJob {
                path,
                format: *format,
                style: &job.look.style()?,
                numbers_asked: false,
                started,
                quiet: job.quiet,
            };
            draw(ctx, job, &report, &job_still, lang)?;
        }
    }
    Ok(worst)
}

/// The file's name as the report shows it: standard input for `-`.
fn shown_name(file: &Path, lang: Lang) -> String {
    match (file.as_os_str() == "-", lang) {
        (true, Lang::Zh) => "标准输入".to_string(),
        (true, _) => "standard input".to_string(),
        (false, _) => file.display().to_string(),
    }
}

/// `error` about the file `name`.
fn named(name: &str, error: Error) -> Error {
    match error {
        Error::Invalid { kind, message } => Error::invalid(kind, format!("{name}: {message}")),
        other => other,
    }
}

/// `a.txt: wrong: not a valid tiling: 1 mistake`.
fn verdict_line(name: &str, report: &CheckReport, lang: Lang) -> String {
    let word = if report.right {
        CheckPhrase::Right
    } else {
        CheckPhrase::Wrong
    };
    let word = Said::new(word, vec![]).say(lang);
    let verdict = report.verdict.say(lang);
    Said::new(
        CheckPhrase::Verdict,
        vec![
            check::Part::Text(name.to_string()),
            check::Part::Text(word),
            check::Part::Text(verdict),
        ],
    )
    .say(lang)
}

fn check_answer(answer: &Answer, bytes: &[u8]) -> Result<CheckReport> {
    match answer {
        Answer::Tromino => check::check_tromino(bytes),
        Answer::Knight(how) => check::check_knight(bytes, how),
        Answer::Queens(how) => check::check_queens(bytes, how),
    }
}

/// The bytes of `file` (`-`: standard input): a regular file, its size checked before it is read.
fn read_answer(file: &Path) -> Result<Vec<u8>> {
    let limit = check::MAX_ANSWER_BYTES;
    let too_large = || {
        Error::TooLarge(format!(
            "{}: an answer is at most {} MiB of text",
            file.display(),
            limit >> 20
        ))
    };
    let mut bytes = Vec::new();
    if file.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("standard input", e))?;
    } else {
        let meta = std::fs::metadata(file).map_err(|e| Error::io(file, e))?;
        if !meta.is_file() {
            return Err(Error::usage(format!(
                "{}: not a regular file; --check reads a file or - (standard input)",
                file.display()
            )));
        }
        if meta.len() > limit {
            return Err(too_large());
        }
        std::fs::File::open(file)
            .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
            .map_err(|e| Error::io(file, e))?;
    }
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Writes the figure of the answer with its mistakes marked.
fn draw(
    ctx: &Ctx,
    job: &CheckJob<'_>,
    report: &CheckReport,
    still_job: &StillJob<'_>,
    lang: Lang,
) -> Result<()> {
    let Some(drawing) = &report.drawing else {
        if !job.quiet {
            eprintln!("note: no figure written: the rows of the answer differ in length, so it makes no board");
        }
        return Ok(());
    };
    let (rows, cols, kind) = match drawing {
        Drawing::Tiling { side, .. } => (*side, *side, BoardKind::Tiles),
        Drawing::Tour { rows, cols, .. } => (*rows, *cols, BoardKind::Tour),
        Drawing::Queens(p) => (p.n(), p.n(), BoardKind::Queens),
        _ => return Err(Error::usage("this answer has no figure")),
    };
    let annotations = job.annotate.annotations(rows, cols, job.look)?;
    let own_caption = matches!(drawing, Drawing::Queens(_));
    let caption = job.annotate.caption_band(own_caption);
    let style = job
        .look
        .fit_figure(still_job.style.clone(), rows, cols, caption)?;
    check_board(Board { rows, cols, kind }, &style, caption, Picture::Still)?;
    let (mut scene, mut hints) = check::check_scene(drawing, lang)?;
    annotations.apply(&mut scene, &mut hints)?;
    let fitted = StillJob {
        style: &style,
        ..*still_job
    };
    still::write(ctx, &fitted, scene, hints)
}
