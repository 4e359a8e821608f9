//! The option sweep's values, from the same definitions: every option that takes a value and has
//! no possible value of clap's to take has a sample, and every sample is an option's.

use super::command;
use crate::cli::options::{def, table};

/// The values of `arg` the option sweep could take without a sample: its possible values other
/// than its default.
fn other_possible_values(arg: &clap::Arg) -> Vec<String> {
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    arg.get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .filter(|v| !defaults.contains(v))
        .collect()
}

#[test]
fn every_option_that_takes_a_value_has_a_sample_for_the_option_sweep() {
    let command = command();
    let mut missing = Vec::new();
    let mut sampled = 0;
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        for arg in sub.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            // -o chooses the output kind the sweep runs every option against.
            if long == "output" {
                continue;
            }
            let Some(d) = def(name, arg.get_id().as_str()) else {
                continue;
            };
            let own = d.sample.iter().find(|s| s.sub == name || s.sub == "*");
            if let Some(s) = own {
                assert_eq!(
                    s.args.first().copied(),
                    Some(format!("--{long}").as_str()),
                    "{name} --{long}: its sample gives another option first"
                );
                sampled += 1;
                continue;
            }
            // A flag is given bare; clap's possible values give one that is not the default.
            let needs_none =
                !arg.get_action().takes_values() || !other_possible_values(arg).is_empty();
            if !needs_none {
                missing.push(format!("{name} --{long}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no sample value for the option sweep: {}; give each definition a `sample` (not the \
         option's default) in src/cli/options/table/",
        missing.join(", ")
    );
    assert!(sampled > 50, "{sampled} options sampled");
}

#[test]
fn every_sample_is_for_a_subcommand_that_has_the_option_and_replaces_its_options() {
    let command = command();
    for d in table::OPTIONS {
        for s in d.sample {
            let has = |sub: &&clap::Command| {
                def(sub.get_name(), d.id)
                    .is_some_and(|found| found.long == d.long && found.only_in == d.only_in)
                    && sub.get_arguments().any(|a| a.get_id() == d.id)
            };
            let subs: Vec<&clap::Command> = command
                .get_subcommands()
                .filter(|sub| s.sub == "*" || sub.get_name() == s.sub)
                .filter(has)
                .collect();
            assert!(
                !subs.is_empty(),
                "{}: a sample for '{}', which has no --{}",
                d.id,
                s.sub,
                d.long
            );
            for replaced in s.replaces {
                let long = replaced.strip_prefix("--").unwrap_or(replaced);
                assert!(
                    subs.iter()
                        .all(|sub| sub.get_arguments().any(|a| a.get_long() == Some(long))),
                    "{}: its sample replaces {replaced}, which '{}' lacks",
                    d.id,
                    s.sub
                );
            }
        }
    }
}
