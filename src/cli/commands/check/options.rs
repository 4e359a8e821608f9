//! Which options go with `--check`: the answer's board and rules, the language of the messages, `-q`,
//! and the look of the figure `-o` draws. Every other option (animations, steps, the problem's own
//! search) is refused before any file is read, with one line naming it.

use std::path::Path;

use clap::{ArgMatches, Args, ValueEnum};

/// The options of `--check` every problem shares, flattened into each command.
#[derive(Args, Debug, Clone, Default)]
pub struct CheckArgs {
    /// With --check: one record per file, for a gradebook.
    ///
    /// With --check: instead of the report, one record per file for a gradebook: json (an array
    /// of objects) or csv (a header line, then a line per file): the file, its verdict (right,
    /// wrong, unreadable), its first mistake with line and column, the counts of mistakes and of
    /// cases, and the verdict in words [default: the report, a line per mistake and verdict].
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub report: Option<ReportArg>,
}

/// `--report`'s formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportArg {
    Json,
    Csv,
}

/// Whether `-o` names a folder (one figure per answer): a trailing slash, or a folder that exists.
pub fn is_folder(path: &Path) -> bool {
    path.as_os_str()
        .to_string_lossy()
        .ends_with(std::path::MAIN_SEPARATOR)
        || path.is_dir()
}

/// Options of every subcommand that apply with `--check`, with or without `-o`.
const WITH_CHECK: &[&str] = &["check", "output", "quiet", "lang", "report"];

/// Options that change the figure: they need `-o FIGURE`.
const FIGURE_ONLY: &[&str] = &[
    "cell",
    "margin",
    "theme",
    "colours",
    "theme_file",
    "preset",
    "font",
    "font_family",
    "font_size",
    "background",
    "dpi",
    "standalone",
    "fit",
    "width",
    "height",
    "width_cm",
    "squares",
    "marks",
    "arrows",
    "coords",
    "caption",
];

/// The subcommands whose `--check` reads an answer, and their own options that apply to it: the
/// assignment (the tiling's board and special square, the tour's board and start, the queens'
/// board) checked against the answer; the textbook numbering required; a closed tour; a list of
/// solutions that may be partial (or, as by default, complete).
const BOARD_OPTIONS: &[(&str, &[&str])] = &[
    ("tromino", &["k", "size", "special", "textbook"]),
    (
        "knight",
        &["size", "board", "rows", "cols", "start", "closed"],
    ),
    ("queens", &["n", "board", "complete", "partial"]),
];

/// What `-o` must name with `--check`.
pub const OUTPUT_REFUSAL: &str = "with --check, -o names the figure of the answer: FILE.png, .svg, .pdf or .tex (the report itself goes to standard output)";

/// Whether `--check` was given to this subcommand.
pub fn given(matches: &ArgMatches) -> bool {
    matches.try_contains_id("check").unwrap_or(false)
        && matches.value_source("check") == Some(clap::parser::ValueSource::CommandLine)
}

/// Options that mean something with `--check` only.
const CHECK_ONLY: &[(&str, &str)] = &[
    (
        "complete",
        "--complete applies to --check FILE: a list of solutions that must hold every one (the default)",
    ),
    (
        "partial",
        "--partial applies to --check FILE: a list that may hold some of the solutions",
    ),
    (
        "textbook",
        "--textbook applies to --check FILE: a tile matrix must be the textbook numbering",
    ),
    (
        "report",
        "--report applies to --check FILE...: one record per file for a gradebook",
    ),
];

/// Refuses an option of a check given without `--check`.
pub fn refuse_check_only(matches: &ArgMatches) -> Result<(), String> {
    let given = |id: &str| {
        matches.try_contains_id(id).unwrap_or(false)
            && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
    };
    match CHECK_ONLY.iter().find(|(id, _)| given(id)) {
        Some((_, refusal)) => Err(refusal.to_string()),
        None => Ok(()),
    }
}

/// Refuses the first option given with `--check` that does not apply to it.
pub fn refuse_others(
    command: &clap::Command,
    subcommand: &str,
    matches: &ArgMatches,
) -> Result<(), String> {
    let Some(sub) = command.find_subcommand(subcommand) else {
        return Ok(());
    };
    let own = BOARD_OPTIONS
        .iter()
        .find(|(name, _)| *name == subcommand)
        .map_or(&[][..], |(_, own)| own);
    let given = |id: &str| {
        matches.try_contains_id(id).unwrap_or(false)
            && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
    };
    let output = matches
        .try_get_one::<std::path::PathBuf>("output")
        .ok()
        .flatten();
    if let Some(path) = output.filter(|p| !is_folder(p)) {
        let still = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(crate::cli::formats::FormatArg::by_extension)
            .is_some_and(|f| f.is_still());
        if !still || path.as_os_str() == "-" {
            return Err(OUTPUT_REFUSAL.to_string());
        }
    }
    for arg in sub.get_arguments() {
        let id = arg.get_id().as_str();
        if !given(id) {
            continue;
        }
        let spelled = arg
            .get_long()
            .map_or_else(|| id.to_string(), |long| format!("--{long}"));
        if FIGURE_ONLY.contains(&id) {
            if output.is_none() {
                return Err(format!(
                    "{spelled} changes the figure of the answer: give -o FILE.png (or .svg, .pdf, .tex) with --check"
                ));
            }
            continue;
        }
        if !WITH_CHECK.contains(&id) && !own.contains(&id) {
            return Err(format!(
                "{spelled} does not apply to --check, which reads an answer, reports its mistakes and, with -o, draws it as one figure"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_with_check_is_one_of_a_subcommand() {
        let cli = crate::cli::commands::command();
        for (name, own) in BOARD_OPTIONS {
            let sub = cli.find_subcommand(name).expect(name);
            let ids: Vec<&str> = sub.get_arguments().map(|a| a.get_id().as_str()).collect();
            assert!(ids.contains(&"check"), "{name} has no --check");
            for id in own.iter().chain(FIGURE_ONLY) {
                assert!(ids.contains(id), "{name}: no option '{id}'");
            }
        }
    }
}
