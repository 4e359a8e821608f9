//! `tromino --check FILE...`, `knight --check FILE...`, `queens --check FILE...`: read what
//! students' programs printed, print each file's mistakes and verdict (or one record per file with
//! `--report json|csv`) and, for several files, a summary; with `-o FIGURE` draw an answer with its
//! mistakes marked, with `-o DIR/` one figure per answer.
//!
//! Exit status: 0 when every answer is right, 1 when one was read and is wrong, 2 when one cannot
//! be read at all (the worst of the class). A closed standard output (`... | head`) stops the
//! printing, not the checking: the status is still the verdicts'.

pub mod options;
mod report;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use chessviz::check::TrominoCheck;
use chessviz::check::{
    self, CheckPhrase, CheckReport, Drawing, KnightCheck, Part, QueensCheck, Said,
};
use chessviz::text::Lang;
use chessviz::BoardKind;
use chessviz::{Error, Result};

use crate::cli::args::{AnnotateArgs, LookArgs};
use crate::cli::formats::FormatArg;
use crate::cli::report::errors::{message, one_line};
use crate::cli::run::context::Ctx;
use crate::cli::run::limits::{check_board, Picture};
use crate::cli::run::problem::Board;
use crate::cli::run::still::{self, StillJob};
use crate::cli::run::target::{still_file, target};
pub use options::ReportArg;
use report::Judged;

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
    Tromino(TrominoCheck),
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
    pub report: Option<ReportArg>,
}

/// Where figures go: none, one file, or a folder with one per answer.
enum Figures {
    None,
    One(PathBuf, FormatArg),
    Folder(PathBuf),
}

impl Figures {
    fn of(output: Option<&Path>, files: usize) -> Result<Figures> {
        let Some(path) = output else {
            return Ok(Figures::None);
        };
        if options::is_folder(path) {
            std::fs::create_dir_all(path).map_err(|e| Error::io(path, e))?;
            return Ok(Figures::Folder(path.to_path_buf()));
        }
        if files > 1 {
            return Err(Error::usage(format!(
                "-o {} draws one answer; give a folder (-o DIR/) for one figure per answer of the {files} files",
                path.display()
            )));
        }
        let named = target(Some(path), None)?;
        match still_file(&named) {
            Some((file, format)) => Ok(Figures::One(file, format)),
            None => Err(Error::usage(options::OUTPUT_REFUSAL)),
        }
    }
}

/// Standard output that stops printing, silently, once its reader is gone.
struct Out<'c> {
    ctx: &'c Ctx,
    closed: bool,
}

impl Out<'_> {
    fn line(&mut self, text: &str) -> Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.ctx.print_line(&one_line(text)) {
            Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// Checks every file of the job in turn, printing as it goes (or the records at the end).
pub fn run(ctx: &Ctx, job: &CheckJob<'_>) -> Result<Outcome> {
    let figures = Figures::of(job.output, job.files.len())?;
    let lang = job.look.lang();
    let started = Instant::now();
    let mut out = Out { ctx, closed: false };
    let mut worst = Outcome::Done;
    let mut judged: Vec<(String, Judged)> = Vec::with_capacity(job.files.len());
    let mut stems: Vec<String> = Vec::new();
    for file in job.files {
        let name = shown_name(file, lang);
        let this = match read_answer(file).and_then(|bytes| check_answer(&job.answer, &bytes)) {
            Ok(report) => Judged::Read(report),
            Err(e) => Judged::Unreadable(one_line(&reason(&e, lang))),
        };
        worst = worst.max(match &this {
            Judged::Read(r) if r.right => Outcome::Done,
            Judged::Read(_) => Outcome::Wrong,
            Judged::Unreadable(why) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "{}",
                    report::error_line(&format!("{name}: {why}"), lang)
                );
                Outcome::Unreadable
            }
        });
        if job.report.is_none() {
            for line in report::text_lines(&name, &this, job.quiet, lang) {
                out.line(&line)?;
            }
        }
        if let Judged::Read(report) = &this {
            let path = match &figures {
                Figures::None => None,
                Figures::One(path, format) => Some((path.clone(), *format)),
                Figures::Folder(dir) => Some(folder_figure(dir, file, &mut stems)),
            };
            if let Some((path, format)) = path {
                let style = job.look.style()?;
                let still_job = StillJob {
                    path: &path,
                    format,
                    style: &style,
                    numbers_asked: false,
                    started,
                    quiet: job.quiet,
                };
                draw(ctx, job, report, &still_job, lang)?;
            }
        }
        // Records keep only what they print: a class of large answers is not held in memory.
        if job.report.is_some() {
            judged.push((name, this));
        } else if job.files.len() > 1 {
            judged.push((name, summary_only(this)));
        }
    }
    let records = match job.report {
        Some(ReportArg::Json) => report::json(&judged, lang),
        Some(ReportArg::Csv) => report::csv(&judged, lang),
        None if job.files.len() > 1 => {
            let all: Vec<Judged> = judged.into_iter().map(|(_, j)| j).collect();
            vec![report::summary(&all, lang)]
        }
        None => Vec::new(),
    };
    for line in records {
        out.line(&line)?;
    }
    Ok(worst)
}

/// What the summary needs of a judged file.
fn summary_only(judged: Judged) -> Judged {
    match judged {
        Judged::Read(r) => Judged::Read(CheckReport {
            entries: Vec::new(),
            drawing: None,
            notes: Vec::new(),
            ..r
        }),
        other => other,
    }
}

/// `DIR/NAME.png` for the answer in `file` (its name without extension; `-2`, `-3` after a name
/// already used).
fn folder_figure(dir: &Path, file: &Path, used: &mut Vec<String>) -> (PathBuf, FormatArg) {
    let stem = match file.as_os_str() == "-" {
        true => "standard-input".to_string(),
        false => file.file_stem().map_or_else(
            || "answer".to_string(),
            |s| s.to_string_lossy().into_owned(),
        ),
    };
    let mut name = stem.clone();
    let mut i = 1;
    while used.contains(&name) {
        i += 1;
        name = format!("{stem}-{i}");
    }
    used.push(name.clone());
    let format = FormatArg::by_extension("png").expect("PNG is a format");
    (dir.join(format!("{name}.png")), format)
}

/// Why an answer cannot be read, in `lang`: a reason of the check in its words, a file the system
/// cannot read with the system's own message.
fn reason(e: &Error, lang: Lang) -> String {
    match (e, lang) {
        (Error::Unreadable { zh, .. }, Lang::Zh) => zh.clone(),
        (Error::Io { source, .. }, Lang::Zh) => Said::new(
            CheckPhrase::SystemSays,
            vec![Part::Text(source.to_string())],
        )
        .say(lang),
        _ => message(e),
    }
}

/// The file's name as the report shows it: standard input for `-`.
fn shown_name(file: &Path, lang: Lang) -> String {
    match (file.as_os_str() == "-", lang) {
        (true, Lang::Zh) => "标准输入".to_string(),
        (true, _) => "standard input".to_string(),
        (false, _) => file.display().to_string(),
    }
}

fn check_answer(answer: &Answer, bytes: &[u8]) -> Result<CheckReport> {
    match answer {
        Answer::Tromino(how) => check::check_tromino(bytes, how),
        Answer::Knight(how) => check::check_knight(bytes, how),
        Answer::Queens(how) => check::check_queens(bytes, how),
    }
}

/// The bytes of `file`: `-` is standard input; a regular file's size is checked before it is
/// read; a pipe (`/dev/stdin`, `<(...)`) or device is read up to the limit.
fn read_answer(file: &Path) -> Result<Vec<u8>> {
    let limit = check::MAX_ANSWER_BYTES;
    let too_large = || {
        check::unreadable(Said::new(
            CheckPhrase::AnswerTooLarge,
            vec![Part::Text((limit >> 20).to_string())],
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
        if meta.is_dir() {
            return Err(check::unreadable(Said::new(CheckPhrase::AFolder, vec![])));
        }
        if meta.is_file() && meta.len() > limit {
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
            eprintln!(
                "note: no figure written for {}: the answer makes no board to draw (its rows differ in length, or it has over a million squares)",
                still_job.path.display()
            );
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
    let (mut scene, mut hints) = check::check_scene(report, lang)?
        .ok_or_else(|| Error::usage("this answer has no figure"))?;
    let caption = job.annotate.caption_band(hints.caption);
    let mut style = job
        .look
        .fit_figure(still_job.style.clone(), rows, cols, caption)?;
    if kind == BoardKind::Tour {
        // The theme's path is close to its conflict colour (both red, both black in print): the
        // path in the start ring's colour leaves the conflict colour to the mistakes alone.
        style.theme.path = style.theme.start;
    }
    check_board(Board { rows, cols, kind }, &style, caption, Picture::Still)?;
    annotations.apply(&mut scene, &mut hints)?;
    let fitted = StillJob {
        style: &style,
        ..*still_job
    };
    still::write(ctx, &fitted, scene, hints)
}
