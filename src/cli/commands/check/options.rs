//! Which options go with `--check`: the answer's board and rules, the language of the messages, `-q`,
//! and the look of the figure `-o` draws, as each option's definition says
//! ([`crate::cli::options::WithCheck`]). Every other option (animations, steps, the problem's own
//! search) is refused before any file is read, with one line naming it.

use crate::cli::options::{Given, WithCheck};

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
    if let Some(path) = &given.output {
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
