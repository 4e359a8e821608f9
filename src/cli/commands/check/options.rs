//! Which options go with `--check`: the answer's board and rules, the language of the messages, `-q`,
//! and the look of the figure `-o` draws, as each option's definition says
//! ([`crate::cli::options::WithCheck`]). Every other option (animations, steps, the problem's own
//! search) is refused before any file is read, with one line naming it.

use crate::cli::options::{Given, WithCheck};
use std::path::Path;

use clap::{Args, ValueEnum};

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

/// What `-o` must name with `--check`.
pub const OUTPUT_REFUSAL: &str = "with --check, -o names the figure of the answer: FILE.png, .svg, .pdf or .tex (the report itself goes to standard output)";

/// Refuses an option of a check given without `--check`.
pub fn refuse_check_only(given: &Given) -> Result<(), String> {
    let only = given.options.iter().find_map(|(d, _)| match d.with_check {
        WithCheck::Only(refusal) => Some(refusal),
        _ => None,
    });
    match only {
        Some(refusal) => Err(refusal.to_string()),
        None => Ok(()),
    }
}

/// Refuses the first option given with `--check` that does not apply to it.
pub fn refuse_others(given: &Given) -> Result<(), String> {
    // `-o DIR/` draws one picture per answer into the folder.
    if let Some(path) = given.output.as_ref().filter(|p| !is_folder(p)) {
        let still = path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(crate::cli::formats::FormatArg::by_extension)
            .is_some_and(|f| f.is_still());
        if !still || path.as_os_str() == "-" {
            return Err(OUTPUT_REFUSAL.to_string());
        }
    }
    for (def, _) in &given.options {
        let spelled = given.spelled(def.id);
        match def.with_check {
            WithCheck::Figure if given.output.is_none() => {
                return Err(format!(
                    "{spelled} changes the figure of the answer: give -o FILE.png (or .svg, .pdf, .tex) with --check"
                ));
            }
            WithCheck::Yes | WithCheck::Figure | WithCheck::Only(_) => {}
            WithCheck::In(subs) if subs.contains(&given.sub.as_str()) => {}
            WithCheck::In(_) | WithCheck::No => {
                return Err(format!(
                    "{spelled} does not apply to --check, which reads an answer, reports its mistakes and, with -o, draws it as one figure"
                ));
            }
        }
    }
    Ok(())
}
