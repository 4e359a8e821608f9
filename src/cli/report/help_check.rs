//! Checks of `--help` against the parser's definitions: every option says its default, and the
//! lists of formats are filled in from the format table.

use clap::Command;

use crate::cli::commands::command;
use crate::cli::formats::FORMATS;

fn commands() -> Vec<Command> {
    let mut top = command();
    top.build();
    std::iter::once(top.clone())
        .chain(top.get_subcommands().cloned())
        .collect()
}

#[test]
fn every_setting_shows_its_default_in_help() {
    for mut cmd in commands() {
        let name = cmd.get_name().to_string();
        // The defaults are in the whole text (`--help`); `-h` keeps each option to one line.
        let help = cmd.render_long_help().to_string();
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            // A request (a file to draw, a list of extras) has no default to state.
            let request = crate::cli::options::def(&name, id).is_some_and(|d| d.request);
            if !arg.get_action().takes_values() || arg.is_hide_set() || request {
                continue;
            }
            let shown = match arg.get_default_values() {
                [] => {
                    let text = arg
                        .get_long_help()
                        .or(arg.get_help())
                        .map(ToString::to_string)
                        .unwrap_or_default();
                    let start = text.find("[default").unwrap_or_else(|| {
                        panic!("{name} --{id}: its help does not say its default: {text}")
                    });
                    text[start..].to_string()
                }
                values => format!("[default: {}]", values[0].to_string_lossy()),
            };
            assert!(
                help.contains(&shown),
                "{name} --{id}: {shown} not in --help"
            );
        }
    }
}

#[test]
fn help_lists_every_format_from_the_table() {
    for mut cmd in commands() {
        let name = cmd.get_name().to_string();
        let help = cmd.render_long_help().to_string() + &cmd.render_help().to_string();
        assert!(
            !help.contains("{ALL_")
                && !help.contains("_FILES}")
                && !help.contains("_VALUES}")
                && !help.contains("_FORMATS}")
                && !help.contains("{ITS_"),
            "{name}: a placeholder is left in --help"
        );
        if let Some(output) = cmd.get_arguments().find(|a| a.get_id() == "output") {
            let text = output
                .get_long_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            // `board` draws one picture: it has no steps to animate or play.
            let stills_only = name == "board";
            for f in FORMATS.iter() {
                if stills_only && !f.is_still() {
                    continue;
                }
                assert!(
                    text.contains(&format!(".{}", f.name)),
                    "{name} -o: .{} missing: {text}",
                    f.name
                );
            }
        }
    }
    let mut top = command();
    let top_line = top.render_help().to_string();
    for f in FORMATS.iter() {
        assert!(
            top_line.lines().next().unwrap_or("").contains(f.label),
            "top line: {}",
            f.label
        );
    }
}

/// Cargo.toml's description names a few formats and "more" (a registry's reader needs no closed
/// list): each one it names is a format of the table, and the table holds more.
#[test]
fn the_package_description_names_formats_of_the_table() {
    let description = env!("CARGO_PKG_DESCRIPTION");
    let named = description
        .rsplit_once(" (")
        .and_then(|(_, list)| list.strip_suffix(" and more)"))
        .unwrap_or_else(|| panic!("no '(A, B and more)' at the end of: {description}"));
    let named: Vec<&str> = named.split(", ").collect();
    for label in &named {
        assert!(
            FORMATS.iter().any(|f| f.label == *label),
            "Cargo.toml description names {label}, which is no format of the table"
        );
    }
    assert!(named.len() >= 3, "{named:?}");
    assert!(FORMATS.len() > named.len(), "'and more' with {named:?}");
}
