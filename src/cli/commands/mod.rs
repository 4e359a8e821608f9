//! The subcommands, one file each: its arguments and the building of its problem.

pub mod board;
pub mod check;
pub mod completions;
pub mod gallery;
pub mod knight;
pub mod queens;
mod summary;
pub mod tromino;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use chessviz::Result;

use crate::cli::formats::{fill_in, taken_by, ITS_OUTPUTS};
use crate::cli::options::{self, Given};
use crate::cli::report::clap_errors::clearer;
use crate::cli::run::context::Ctx;
use check::Outcome;

/// Solves classic chessboard problems and draws them as textbook figures and animated GIFs.
#[derive(Parser, Debug)]
#[command(name = "chessviz", version, about = ABOUT, long_about = None, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The first line of `--help`: every format, from the format table (Cargo.toml's description,
/// for a reader of the registry, names a few of them and "more", each checked by a test to be a
/// format of the table).
const ABOUT: &str = "Solves the defective-chessboard tiling, N queens and the knight's tour, and draws them as figures and animations: {ALL_FORMATS}";

const EXAMPLES: &str = "\
Examples:
  chessviz tromino -k 3 --special 2,2              tile matrix of an 8 x 8 board
  chessviz tromino --batch < input.txt             the CASE batch format: CASE:i and a matrix per case
  chessviz queens -n 8 --list                      all 92 solutions, one per line
  chessviz knight -n 8 --start 0,0                 step-number matrix of a knight's tour
  chessviz tromino -k 3 --special 2,2 -o t.png     a textbook figure (also queens, knight)
  chessviz queens -n 8 --solution 1 -o q.svg       the same as vector shapes (also .pdf, .tex)
  chessviz queens -n 8 --until-solution 1 -o q.gif the search up to its first solution (220 frames)
  chessviz queens -n 8 --solutions-only -o s.gif   a slideshow of the 92 solutions
  chessviz tromino -k 3 --cell 40 -o t.gif         the tiling step by step (43 frames)
  chessviz tromino --check class/*.txt             grade a class: mistakes as FILE:LINE:, a verdict per file
  chessviz queens --check a.txt --report csv       one record per file for a gradebook (also json)
  chessviz completions bash                        shell completions (also zsh, fish, powershell, elvish)";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Cover a 2^k x 2^k board with one special square by L-trominoes (divide and conquer).
    Tromino(tromino::TrominoArgs),
    /// Place N queens so that none attacks another (backtracking, column by column).
    Queens(queens::QueensArgs),
    /// Visit every square once with a knight (Warnsdorff's rule with backtracking).
    Knight(knight::KnightArgs),
    /// Draw a board of your own: chess pieces, a FEN position, fills, marks and arrows.
    Board(board::BoardArgs),
    /// Write one of everything chessviz draws into a folder: figures, animations, a contact sheet.
    Gallery(gallery::GalleryArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to standard output.
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff) of chessviz or of one command, or write them all into a folder.
    Man(completions::ManArgs),
}

/// The command line's definition, as the parser, the manual pages and the completions see it.
/// Numeric options also take values that start with '-' (so `--size -3` is an out-of-range size,
/// not an unknown option `-3`), and so do squares (`--start -1,2`).
pub fn command() -> clap::Command {
    let command = Cli::command().mut_subcommands(|sub| {
        sub.mut_args(|arg| {
            if !arg.get_action().takes_values() {
                return arg;
            }
            let is_square = arg.get_value_names().is_some_and(|names| {
                names.iter().any(|n| {
                    ["ROW,COL", "SQ", "SQ[:KIND][:#RGB]", "FROM-TO[:#RGB]"].contains(&n.as_str())
                })
            });
            arg.allow_negative_numbers(true)
                .allow_hyphen_values(is_square)
        })
    });
    let command = command
        .mut_subcommands(options::clap_rules::apply)
        .mut_subcommands(summary::summarised);
    with_format_lists(command)
}

/// `cmd` with the lists of formats in its texts (about, help, headings, examples) filled in from
/// the format table ([`fill_in`]), and those of its subcommands; an option's help names the
/// outputs its definition takes ([`ITS_OUTPUTS`]).
fn with_format_lists(mut cmd: clap::Command) -> clap::Command {
    let fill = |text: Option<&clap::builder::StyledStr>| text.map(|t| fill_in(&t.to_string()));
    let name = cmd.get_name().to_string();
    let its_outputs = |arg: &clap::Arg, text: String| {
        if !text.contains(ITS_OUTPUTS) {
            return text;
        }
        let id = arg.get_id().as_str();
        let def = options::def(&name, id)
            .unwrap_or_else(|| panic!("{name} --{id}: {ITS_OUTPUTS} in a help with no definition"));
        text.replace(ITS_OUTPUTS, &taken_by(&def.applies.formats()))
    };
    if let Some(about) = fill(cmd.get_about()) {
        cmd = cmd.about(about);
    }
    if let Some(about) = fill(cmd.get_long_about()) {
        cmd = cmd.long_about(about);
    }
    if let Some(after) = fill(cmd.get_after_help()) {
        cmd = cmd.after_help(after);
    }
    if let Some(after) = fill(cmd.get_after_long_help()) {
        cmd = cmd.after_long_help(after);
    }
    cmd.mut_args(|mut arg| {
        if let Some(help) = fill(arg.get_help()) {
            let help = its_outputs(&arg, help);
            arg = arg.help(help);
        }
        if let Some(help) = fill(arg.get_long_help()) {
            let help = its_outputs(&arg, help);
            arg = arg.long_help(help);
        }
        if let Some(heading) = arg.get_help_heading().map(fill_in) {
            arg = arg.help_heading(heading);
        }
        arg
    })
    .mut_subcommands(with_format_lists)
}

/// Parses the command line: the commands, and what was given on it.
pub fn parse() -> Result<(Cli, Given), clap::Error> {
    let command = command();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() == 1 {
        // A bare `chessviz`: one line naming the commands, not the whole help.
        let names: Vec<&str> = command
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        let msg = format!(
            "name a command: {} (usage: chessviz COMMAND [OPTIONS]; chessviz COMMAND --help for its options)",
            names.join(", ")
        );
        return Err(command
            .clone()
            .error(clap::error::ErrorKind::MissingSubcommand, msg));
    }
    let matches = match command.clone().try_get_matches_from(&args) {
        // `-V` prints the version at once, whatever follows; anything beside it is a mistake.
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayVersion && args.len() > 2 => {
            return Err(command.clone().error(
                clap::error::ErrorKind::ArgumentConflict,
                "--version (-V) takes no other arguments",
            ))
        }
        other => other.map_err(|e| clearer(&command, &args, e))?,
    };
    let mut given = Given::default();
    if let Some((name, sub)) = matches.subcommand() {
        given = command
            .find_subcommand(name)
            .map(|definition| Given::read(definition, sub))
            .unwrap_or_default();
        board_given_twice(name, sub)
            .and_then(|()| side_after_queens(sub))
            .map_err(|msg| {
                command
                    .clone()
                    .error(clap::error::ErrorKind::ArgumentConflict, msg)
            })?;
        // `--check` reads an answer: the options that go with it are its own.
        let applicable = if given.has("check") {
            check::options::refuse_others(&given)
        } else {
            check::options::refuse_check_only(&given).and_then(|()| options::refuse::check(&given))
        };
        applicable.map_err(|msg| {
            command
                .clone()
                .error(clap::error::ErrorKind::ArgumentConflict, msg)
        })?;
    }
    Ok((Cli::from_arg_matches(&matches)?, given))
}

/// Refuses a board side given both after the command and with `-n` when the two differ
/// (`queens 8 -n 6`); the same side twice is no mistake.
fn board_given_twice(name: &str, sub: &clap::ArgMatches) -> std::result::Result<(), String> {
    let size_id = match name {
        "queens" => "n",
        "knight" => "size",
        _ => return Ok(()),
    };
    let given = sub.value_source(size_id) == Some(clap::parser::ValueSource::CommandLine);
    match (sub.get_one::<u32>("board"), sub.get_one::<u32>(size_id)) {
        (Some(board), Some(n)) if given && board != n => Err(format!(
            "the board's side is given twice, as {board} and as -n {n}: give it once"
        )),
        _ => Ok(()),
    }
}

/// Refuses a number right after `--queens POS` (`--queens 1 5 8 ...`): the parser would take it as
/// the board's side (`queens 8`) and draw the first row alone.
fn side_after_queens(sub: &clap::ArgMatches) -> std::result::Result<(), String> {
    let index = |id: &str| {
        sub.try_contains_id(id)
            .unwrap_or(false)
            .then(|| sub.index_of(id))
            .flatten()
    };
    match (index("queens"), index("board")) {
        (Some(queens), Some(board)) if board == queens + 1 => Err(format!(
            "--queens takes the rows as one word: '{}' after it would be read as the board's side; write --queens 15863724, --queens 1,5,8,6,3,7,2,4 or --queens \"1 5 8 6 3 7 2 4\"",
            sub.get_one::<u32>("board").map(u32::to_string).unwrap_or_default()
        )),
        _ => Ok(()),
    }
}

/// Runs the subcommand; how it ended (a `--check` can find an answer wrong).
pub fn dispatch(command: Command, ctx: &Ctx) -> Result<Outcome> {
    let done = |()| Outcome::Done;
    match command {
        Command::Tromino(mut a) => {
            a.prepare_look(ctx);
            if let Some(job) = a.check_job(&ctx.given)? {
                return check::run(ctx, &job);
            }
            tromino::run(ctx, a).map(done)
        }
        Command::Queens(mut a) => {
            a.prepare_look(ctx);
            if let Some(job) = a.check_job(&ctx.given)? {
                return check::run(ctx, &job);
            }
            queens::run(ctx, a).map(done)
        }
        Command::Knight(mut a) => {
            a.prepare_look(ctx);
            if let Some(job) = a.check_job(&ctx.given)? {
                return check::run(ctx, &job);
            }
            knight::run(ctx, a).map(done)
        }
        Command::Board(mut a) => {
            a.prepare_look(ctx);
            board::run(ctx, a).map(done)
        }
        Command::Gallery(a) => gallery::run(ctx, a).map(done),
        Command::Completions(a) => completions::run(ctx, &a).map(done),
        Command::Man(a) => completions::man(ctx, &a).map(done),
    }
}
