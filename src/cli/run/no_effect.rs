//! Options that would change nothing where another option's value, or the subcommand itself, leaves
//! them nothing to act on: refused before any work, naming the option and why. Found by the option
//! sweep (`tests/it/hardening/option_sweep`), which compares every option's output with the output
//! without it; the table of `applies.rs` decides by output kind, these by what the run draws.

use clap::ArgMatches;

/// Options a subcommand never uses: (subcommand, option id, why).
const NOT_FOR: &[(&str, &str, &str)] = &[(
    "tromino",
    "squares",
    "every square of a tiling is drawn as its tile or as the special square, never as a light or dark square",
)];

/// Options refused while another option has a value: (subcommand or `*`, option id, its value,
/// the refused option id, options that give the refused one something to act on, why).
type WhenValue = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
);

/// The reason of the bare board's text options.
const NO_MARGIN_TEXT: &str = "a bare board (--margin 0) has no caption or coordinate labels";

const WHEN_VALUE: &[WhenValue] = &[
    (
        "*",
        "margin",
        "0",
        "coords",
        &[],
        "a bare board (--margin 0) has no margin for coordinate labels",
    ),
    // A panel's text follows the size of the captions.
    ("*", "margin", "0", "font_size", &["panel"], NO_MARGIN_TEXT),
    // The tile numbers and a panel are set in the font; queens and pieces keep the bundled font.
    (
        "tromino",
        "margin",
        "0",
        "font",
        &["numbers", "panel"],
        "a bare board (--margin 0) without --numbers or --panel has no text",
    ),
    (
        "tromino",
        "margin",
        "0",
        "font_family",
        &["numbers", "panel"],
        "a bare board (--margin 0) without --numbers or --panel has no text",
    ),
    (
        "tromino",
        "margin",
        "0",
        "lang",
        &["numbers", "panel"],
        "a bare board (--margin 0) without --numbers or --panel has no text",
    ),
    (
        "queens",
        "margin",
        "0",
        "font",
        &["panel"],
        "a bare board (--margin 0) without --panel has no text (the queens keep the bundled font)",
    ),
    (
        "queens",
        "margin",
        "0",
        "font_family",
        &["panel"],
        "a bare board (--margin 0) without --panel has no text (the queens keep the bundled font)",
    ),
    (
        "queens",
        "margin",
        "0",
        "lang",
        &["panel"],
        "a bare board (--margin 0) without --panel has no text",
    ),
    (
        "board",
        "margin",
        "0",
        "font",
        &[],
        "a bare board (--margin 0) has no text (the pieces keep the bundled font)",
    ),
    (
        "board",
        "margin",
        "0",
        "font_family",
        &[],
        "a bare board (--margin 0) has no text (the pieces keep the bundled font)",
    ),
    (
        "board",
        "margin",
        "0",
        "lang",
        &[],
        "a bare board (--margin 0) has no text",
    ),
    // The degree figure and matrix are those of the empty board: no tour is searched.
    (
        "knight",
        "show",
        "degrees",
        "start",
        &[],
        "--show degrees counts the moves of the empty board; no tour starts",
    ),
    (
        "knight",
        "show",
        "degrees",
        "closed",
        &[],
        "--show degrees counts the moves of the empty board; no tour is searched",
    ),
    (
        "knight",
        "show",
        "degrees",
        "method",
        &[],
        "--show degrees counts the moves of the empty board; no tour is searched",
    ),
    (
        "knight",
        "show",
        "degrees",
        "max_retreats",
        &[],
        "--show degrees counts the moves of the empty board; no tour is searched",
    ),
    (
        "knight",
        "show",
        "degrees",
        "piece",
        &[],
        "--show degrees draws the empty board, without a knight",
    ),
    (
        "knight",
        "method",
        "construct",
        "retreat_delay",
        &[],
        "the construction joins small tours and never retreats",
    ),
];

/// Refuses the first option given that this run would leave with nothing to act on.
pub fn check(
    subcommand: &str,
    matches: &ArgMatches,
    given: &dyn Fn(&str) -> bool,
    name: &dyn Fn(&str) -> String,
) -> Result<(), String> {
    if let Some((_, id, why)) = NOT_FOR
        .iter()
        .find(|(sub, id, _)| *sub == subcommand && given(id))
    {
        return Err(format!(
            "{} does not apply to {subcommand}: {why}",
            name(id)
        ));
    }
    let value_is = |id: &str, value: &str| {
        given(id)
            && matches
                .get_raw(id)
                .and_then(|mut v| v.next())
                .is_some_and(|v| v.to_str().is_some_and(|v| v.trim() == value))
    };
    let refused = WHEN_VALUE
        .iter()
        .find(|(sub, id, value, refused, unless, _)| {
            (*sub == "*" || *sub == subcommand)
                && given(refused)
                && value_is(id, value)
                && !unless.iter().any(|u| given(u))
        });
    match refused {
        Some((_, id, value, refused, _, why)) => Err(format!(
            "{} does not apply with {} {value}: {why}",
            name(refused),
            name(id)
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids of `subcommand`'s arguments.
    fn ids(subcommand: &str) -> Vec<String> {
        let cli = crate::cli::commands::command();
        let sub = cli.find_subcommand(subcommand).expect(subcommand);
        sub.get_arguments()
            .map(|a| a.get_id().as_str().to_string())
            .collect()
    }

    /// The long names of `subcommand`'s options.
    fn longs(subcommand: &str) -> Vec<String> {
        let cli = crate::cli::commands::command();
        let sub = cli.find_subcommand(subcommand).expect(subcommand);
        sub.get_arguments()
            .filter_map(|a| a.get_long().map(str::to_string))
            .collect()
    }

    const DRAWING: [&str; 4] = ["tromino", "queens", "knight", "board"];

    #[test]
    fn every_row_names_options_of_its_subcommand() {
        for (sub, id, _) in NOT_FOR {
            assert!(ids(sub).iter().any(|i| i == id), "{sub}: no option '{id}'");
        }
        for (sub, id, _, refused, unless, _) in WHEN_VALUE {
            let subs: Vec<&str> = if *sub == "*" {
                DRAWING.to_vec()
            } else {
                vec![sub]
            };
            for sub in subs {
                let ids = ids(sub);
                for id in [id, refused].into_iter().chain(unless.iter()) {
                    // A `*` row's "unless" may name an option some subcommands lack.
                    if unless.contains(id) {
                        continue;
                    }
                    assert!(ids.iter().any(|i| i == id), "{sub}: no option '{id}'");
                }
            }
        }
    }

    #[test]
    fn every_reason_for_an_unchanged_output_names_an_option() {
        for (sub, _, option, why) in super::super::unchanged::UNCHANGED {
            assert!(!why.is_empty());
            let subs: Vec<&str> = if *sub == "*" {
                DRAWING.to_vec()
            } else {
                vec![sub]
            };
            assert!(
                subs.iter().any(|s| longs(s).iter().any(|l| l == option)),
                "{sub}: no option --{option}"
            );
        }
    }
}
