//! The options of every subcommand, read from the command's own definition: the fish completion
//! script that `chessviz completions fish` generates from it lists each option with whether it takes
//! a value and its possible values, and `--help` gives the defaults. A new option is swept without
//! any change here.

use crate::common::ok;

/// One option of a subcommand as the command line defines it.
#[derive(Clone, Debug)]
pub struct Opt {
    /// The long name, without `--`.
    pub long: String,
    /// Whether it takes a value.
    pub takes_value: bool,
    /// Its possible values, when clap knows them.
    pub values: Vec<String>,
    /// Its default, as `--help` states it (the first word of `[default: ...]`).
    pub default: Option<String>,
}

/// The subcommands and their options, in the order the completion script lists them (`--help`
/// left out: it prints the help whatever else is given).
pub fn subcommands() -> Vec<(String, Vec<Opt>)> {
    let script = ok(&["completions", "fish"]);
    let mut subs: Vec<(String, Vec<Opt>)> = Vec::new();
    // One `complete` line per option; possible values continue on the lines below it.
    let mut entries: Vec<String> = Vec::new();
    for line in script.lines() {
        if line.starts_with("complete ") || entries.is_empty() {
            entries.push(line.to_string());
        } else if let Some(last) = entries.last_mut() {
            last.push('\n');
            last.push_str(line);
        }
    }
    for entry in entries {
        let Some(sub) = between(&entry, "__fish_chessviz_using_subcommand ", "\"") else {
            continue;
        };
        let Some(long) = word_after(&entry, " -l ") else {
            continue;
        };
        if long == "help" {
            continue;
        }
        let values = between(&entry, " -a \"", "\"")
            .map(|list| {
                list.lines()
                    .filter_map(|v| v.split("\\t").next())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let opt = Opt {
            long,
            takes_value: entry.contains(" -r"),
            values,
            default: None,
        };
        match subs.iter_mut().find(|(name, _)| name == sub) {
            Some((_, opts)) => opts.push(opt),
            None => subs.push((sub.to_string(), vec![opt])),
        }
    }
    for (sub, opts) in &mut subs {
        let help = ok(&[sub.as_str(), "--help"]);
        for opt in opts.iter_mut() {
            opt.default = default_in_help(&help, &opt.long);
        }
    }
    subs
}

/// The text between `start` and the next `end`.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let len = text[from..].find(end)?;
    Some(&text[from..from + len])
}

/// The word after `marker`.
fn word_after(text: &str, marker: &str) -> Option<String> {
    let from = text.find(marker)? + marker.len();
    text[from..].split_whitespace().next().map(str::to_string)
}

/// The default `--help` gives option `long`: the first word of `[default: ...]` in its paragraph.
fn default_in_help(help: &str, long: &str) -> Option<String> {
    let header = format!("--{long} ");
    let header_flag = format!("--{long}");
    let mut lines = help.lines().skip_while(|l| {
        let t = l.trim_start();
        !(t.starts_with('-')
            && t.split(", ")
                .any(|w| w.starts_with(&header) || w.trim_end() == header_flag))
    });
    lines.next()?;
    let paragraph: Vec<&str> = lines
        .take_while(|l| !l.trim_start().starts_with('-') && !l.ends_with(':'))
        .collect();
    let text = paragraph.join(" ");
    let value = between(&text, "[default: ", "]")?;
    value
        .split([',', ' '])
        .next()
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}
