//! Command-line definitions (clap derive) and dispatch.

mod args;
mod gallery;
mod knight;
mod progress;
mod queens;
mod tromino;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use chessviz::output::{self, Target};
use chessviz::{Error, Result};

/// Solves classic chessboard problems and draws them as textbook figures and animated GIFs.
#[derive(Parser, Debug)]
#[command(name = "chessviz", version, about, long_about = None, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "\
Examples:
  chessviz tromino -k 3 --special 2,2          tile matrix of an 8 x 8 board
  chessviz tromino --batch < input.txt         seed batch format: CASE:i and a matrix per case
  chessviz queens -n 8 --list                  all 92 solutions, one per line
  chessviz knight --size 8 --start 0,0         step-number matrix of a knight's tour
  chessviz tromino -k 3 --special 2,2 -o t.png a textbook figure (also queens, knight)
  chessviz queens -n 8 -o q.gif                the backtracking search as an animated GIF";

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
}

/// Parses the command line, runs it, and turns any failure into one `error: ...` line and exit 2.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_clap_error(e),
    };
    // Ctrl-C only raises a flag: long loops notice it and unwind, so temporary files are removed.
    let _ = ctrlc::set_handler(output::request_interrupt);
    let result = match cli.command {
        Command::Tromino(a) => tromino::run(a),
        Command::Queens(a) => queens::run(a),
        Command::Knight(a) => knight::run(a),
        Command::Gallery(a) => gallery::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`chessviz ... | head`) is not a failure of ours.
        Err(Error::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            ExitCode::from(2)
        }
    }
}

/// clap's own errors span several lines; keep its first line, which names the problem, and point to
/// `--help` on the same line.
fn report_clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        _ => {
            let rendered = e.render().to_string();
            let first = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments")
                .trim();
            let first = first.strip_prefix("error: ").unwrap_or(first);
            let _ = writeln!(io::stderr(), "error: {first} (see --help)");
            ExitCode::from(2)
        }
    }
}

/// Writes one line per item (a trace or a list), stopping cleanly on Ctrl-C.
fn emit_lines<T: std::fmt::Display>(
    target: &Target,
    items: impl IntoIterator<Item = Result<T>>,
) -> Result<()> {
    emit_text(target, |w| {
        for item in items {
            output::check_interrupted()?;
            writeln!(w, "{}", item?).map_err(|e| Error::io("output", e))?;
        }
        Ok(())
    })
}

/// Runs `write` against standard output or an atomically written file.
fn emit_text(target: &Target, write: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    match target {
        Target::Stdout => {
            let stdout = io::stdout();
            let mut lock = io::BufWriter::new(stdout.lock());
            write(&mut lock)?;
            lock.flush().map_err(|e| Error::io("standard output", e))
        }
        Target::File(path, _) => output::write_atomic(path, |w| write(w)),
    }
}
