//! Command-line definitions (clap derive) and dispatch.

mod annotate;
mod applies;
mod args;
mod completions;
mod errors;
mod gallery;
mod knight;
mod limits;
mod positions;
mod process;
mod progress;
mod queens;
mod sequence;
mod sequence_args;
mod still;
mod summary;
mod tromino;

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use chessviz::internals::Target;
use chessviz::{write_atomic_with, AnimationStats, Cancel, Error, Progress, Result, Still};

/// Solves classic chessboard problems and draws them as textbook figures and animated GIFs.
#[derive(Parser, Debug)]
#[command(name = "chessviz", version, about, long_about = None, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "\
Examples:
  chessviz tromino -k 3 --special 2,2              tile matrix of an 8 x 8 board
  chessviz tromino --batch < input.txt             the CASE batch format: CASE:i and a matrix per case
  chessviz queens -n 8 --list                      all 92 solutions, one per line
  chessviz knight -n 8 --start 0,0                 step-number matrix of a knight's tour
  chessviz tromino -k 3 --special 2,2 -o t.png     a textbook figure (also queens, knight)
  chessviz queens -n 8 --until-solution 1 -o q.gif the search up to its first solution (220 frames)
  chessviz queens -n 8 --solutions-only -o s.gif   a slideshow of the 92 solutions
  chessviz tromino -k 3 --cell 40 -o t.gif         the tiling tile by tile (22 frames)
  chessviz completions bash                        shell completions (also zsh, fish, powershell, elvish)";

#[derive(Subcommand, Debug)]
enum Command {
    /// Cover a 2^k x 2^k board with one special square by L-trominoes (divide and conquer).
    Tromino(tromino::TrominoArgs),
    /// Place N queens so that none attacks another (backtracking, column by column).
    Queens(queens::QueensArgs),
    /// Visit every square once with a knight (Warnsdorff's rule with backtracking).
    Knight(knight::KnightArgs),
    /// Write one of everything chessviz draws into a folder: figures, animations, a contact sheet.
    Gallery(gallery::GalleryArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to standard output.
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff) to standard output.
    Man,
}

/// How long Ctrl-C waits for the work to notice the interruption and unwind before the process is
/// ended from the handler (a solve or a count does not look at the flag).
const INTERRUPT_GRACE: Duration = Duration::from_millis(1000);

/// The run's cancellation token, owned by the command: the Ctrl-C handler cancels it, and every long
/// loop and file write of the run is given it.
fn cancel() -> &'static Cancel {
    static CANCEL: OnceLock<Cancel> = OnceLock::new();
    CANCEL.get_or_init(Cancel::new)
}

/// Taken (and never released) by whichever of the main thread and the Ctrl-C handler ends the run
/// first, so that exactly one of them reports.
static LAST_WORD: Mutex<()> = Mutex::new(());

/// Parses the command line, runs it, and turns any failure into one `error: ...` line and exit 2.
pub fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(e) => return report_clap_error(e),
    };
    // Ctrl-C, SIGTERM and SIGHUP cancel the run's token: frame loops and writers notice it and
    // unwind, removing their temporary files. Work that never looks (a long solve) is ended after a
    // grace period, its temporary files removed by the handler.
    process::ignore_file_size_signal();
    let ignored = process::ignored_ending_signals();
    let token = cancel().clone();
    let _ = ctrlc::set_handler(move || {
        token.cancel();
        std::thread::sleep(INTERRUPT_GRACE);
        std::mem::forget(LAST_WORD.lock());
        token.abandon_pending_writes();
        let _ = writeln!(io::stderr(), "error: {}", Error::Interrupted);
        std::process::exit(2);
    });
    process::ignore_again(&ignored);
    let result = match cli.command {
        Command::Tromino(a) => tromino::run(a),
        Command::Queens(a) => queens::run(a),
        Command::Knight(a) => knight::run(a),
        Command::Gallery(a) => gallery::run(a),
        Command::Completions(a) => completions::run(&a),
        Command::Man => completions::man(),
    };
    std::mem::forget(LAST_WORD.lock());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`chessviz ... | head`) is not a failure of ours.
        Err(Error::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {}", one_line(&errors::message(&e)));
            ExitCode::from(2)
        }
    }
}

/// Whether `--cell` was given on the command line (a contact sheet then keeps it instead of fitting a
/// page).
static CELL_GIVEN: OnceLock<bool> = OnceLock::new();

fn cell_given() -> bool {
    CELL_GIVEN.get().copied().unwrap_or(false)
}

/// Parses the command line. Numeric options also take values that start with '-' (so `--size -3` is
/// an out-of-range size, not an unknown option `-3`), and so do squares (`--start -1,2`).
fn parse() -> Result<Cli, clap::Error> {
    let command = Cli::command().mut_subcommands(|sub| {
        sub.mut_args(|arg| {
            if !arg.get_action().takes_values() {
                return arg;
            }
            let is_square = arg.get_value_names().is_some_and(|names| {
                names
                    .iter()
                    .any(|n| ["ROW,COL", "SQ", "SQ[:KIND]", "FROM-TO"].contains(&n.as_str()))
            });
            arg.allow_negative_numbers(true)
                .allow_hyphen_values(is_square)
        })
    });
    let matches = command.clone().try_get_matches()?;
    if let Some((name, sub)) = matches.subcommand() {
        let cell = sub.try_contains_id("cell").unwrap_or(false)
            && sub.value_source("cell") == Some(clap::parser::ValueSource::CommandLine);
        let _ = CELL_GIVEN.set(cell);
        applies::check(&command, name, sub).map_err(|msg| {
            command
                .clone()
                .error(clap::error::ErrorKind::ArgumentConflict, msg)
        })?;
    }
    Cli::from_arg_matches(&matches)
}

/// `text` with control characters (newlines, escape sequences from a hostile file name or input)
/// written as escapes, so an error stays one harmless line on a terminal.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// clap's own errors span several lines; keep its first paragraph, which names the problem, on one
/// line and point to `--help` on the same line.
fn report_clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Help and version go to standard output, the help for a bare subcommand to standard error.
            let to_stdout = e.kind() != ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
            let open = if to_stdout {
                process::check_stdout_open()
            } else {
                Ok(())
            };
            let printed = open.and_then(|()| {
                e.print()
                    .and_then(|()| io::stdout().flush())
                    .map_err(|e| Error::io("standard output", e))
            });
            if let Err(e) = printed {
                let _ = writeln!(io::stderr(), "error: {e}");
                return ExitCode::from(2);
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        _ => {
            // The first paragraph names the problem; a list in it (the required arguments that
            // are missing) goes on the same line.
            let rendered = e.render().to_string();
            let first = rendered
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            let first = if first.is_empty() {
                "invalid arguments"
            } else {
                first.as_str()
            };
            let first = first.strip_prefix("error: ").unwrap_or(first);
            // clap's suggestions ("a similar argument exists: '--size'") follow as `tip:` lines.
            let tips: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .filter_map(|l| l.strip_prefix("tip: "))
                .collect();
            let mut line = without_placeholders(first);
            for tip in tips {
                line.push_str("; ");
                line.push_str(tip);
            }
            let _ = writeln!(io::stderr(), "error: {} (see --help)", one_line(&line));
            ExitCode::from(2)
        }
    }
}

/// Writes `still` as a PNG file at `path`, atomically, under the run's token.
fn write_still(path: &Path, still: &Still) -> Result<()> {
    write_atomic_with(path, cancel(), |w| still.write_png(w))
}

/// Writes the animation that `animate` makes to `path`, atomically, with a progress bar (of `total`
/// frames where known) unless `quiet`; Ctrl-C stops it at the next frame.
fn write_animation(
    path: &Path,
    quiet: bool,
    total: Option<u64>,
    animate: impl FnOnce(&mut io::BufWriter<&mut File>, &mut dyn Progress) -> Result<AnimationStats>,
) -> Result<AnimationStats> {
    let mut progress = progress::FrameProgress::new(quiet, total);
    write_atomic_with(path, cancel(), |w| animate(w, &mut progress))
}

/// `'--size <N>'` as `--size`, and `--cols <C>` as `--cols` (other text as it was): an option is
/// named as typed, without clap's value placeholder.
fn without_placeholders(text: &str) -> String {
    let unquoted = without_quoted_placeholders(text);
    let mut out: Vec<String> = Vec::new();
    for word in unquoted.split(' ') {
        let after_option = out.last().is_some_and(|w| w.starts_with('-'));
        match word.strip_prefix('<').and_then(|w| w.split_once('>')) {
            // Keep what followed the placeholder (`--cols <C>, --rows <R>`).
            Some((_, tail)) if after_option => {
                if let Some(last) = out.last_mut() {
                    last.push_str(tail);
                }
            }
            _ => out.push(word.to_string()),
        }
    }
    out.join(" ")
}

fn without_quoted_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("'-") {
        out.push_str(&rest[..start]);
        let quoted = &rest[start + 1..];
        match quoted.find('\'') {
            Some(end) => {
                let inner = &quoted[..end];
                match inner.split_once(" <") {
                    Some((name, _)) => out.push_str(name),
                    None => {
                        out.push('\'');
                        out.push_str(inner);
                        out.push('\'');
                    }
                }
                rest = &quoted[end + 1..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Writes one line per item (a trace or a list), stopping cleanly on Ctrl-C.
fn emit_lines<T: std::fmt::Display>(
    target: &Target,
    items: impl IntoIterator<Item = Result<T>>,
) -> Result<()> {
    emit_text(target, |w| {
        for item in items {
            cancel().check()?;
            writeln!(w, "{}", item?).map_err(|e| Error::io("output", e))?;
        }
        Ok(())
    })
}

/// Runs `write` against standard output or an atomically written file; a cancelled run stops at the
/// next write.
fn emit_text(target: &Target, write: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let result = match target {
        Target::Stdout => {
            process::check_stdout_open()?;
            let stdout = io::stdout();
            let mut lock = io::BufWriter::new(Cancellable(stdout.lock()));
            write(&mut lock)
                .and_then(|()| lock.flush().map_err(|e| Error::io("standard output", e)))
        }
        Target::File(path, _) => write_atomic_with(path, cancel(), |w| write(&mut Cancellable(w))),
    };
    // A write refused by `Cancellable` reads as an I/O error; it is the interruption.
    match result {
        Err(_) if cancel().is_cancelled() => Err(Error::Interrupted),
        other => other,
    }
}

/// A writer that refuses to write once the run is cancelled, so that text written row by row (a
/// matrix of 32768 rows) stops at the next row.
struct Cancellable<W>(W);

impl<W: Write> Write for Cancellable<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if cancel().is_cancelled() {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "cancelled"));
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
