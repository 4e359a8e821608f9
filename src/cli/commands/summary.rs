//! `-h` as a summary, `--help` as the whole text (as ripgrep gives them).
//!
//! Each option's doc comment opens with a short paragraph, which clap shows for `-h`; the whole
//! comment is its `--help` text and its manual page entry. The commands with many options show the
//! common ones under `-h`, so that it fits a terminal (the test keeps it under 45 lines); the
//! examples move to `--help`, where the manual pages find them too.

use clap::Command;

/// The options (clap ids) that `-h` shows for the commands with too many to list, in addition to
/// the ones every drawing command shares ([`SHARED`]). Options added later stay in `--help` only
/// until they are named here.
const SUMMARY: &[(&str, &[&str])] = &[
    (
        "tromino",
        &[
            "k",
            "size",
            "special",
            "batch",
            "trace",
            "color_by",
            "numbers",
            "show_splits",
            "shapes",
            "check",
        ],
    ),
    (
        "queens",
        &[
            "n",
            "board",
            "list",
            "count",
            "trace",
            "all",
            "sheet",
            "solution",
            "queens",
            "attacks",
            "until_solution",
            "solutions_only",
            "check",
        ],
    ),
    (
        "knight",
        &[
            "size", "board", "rows", "cols", "start", "closed", "method", "trace", "explain",
            "path", "show", "check",
        ],
    ),
];

/// What every drawing command shows under `-h`: where to write, the look, the animation's pace and
/// the steps.
const SHARED: &[&str] = &[
    "output",
    "cell",
    "theme",
    "preset",
    "lang",
    "standalone",
    "caption",
    "marks",
    "delay",
    "quiet",
    "step",
    "frames",
    "storyboard",
];

/// The last lines of `-h` when it leaves options out.
const MORE: &str = "-h shows the common options; --help shows all of them, in full, with examples.";
/// The last lines of `-h` when it lists every option.
const DETAILS: &str = "--help shows each option in full, with examples.";

/// `sub` with its `-h` made a summary: examples kept for `--help`, and the options outside its
/// summary list hidden from `-h` only.
pub fn summarised(sub: Command) -> Command {
    let name = sub.get_name().to_string();
    let listed = SUMMARY
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, ids)| *ids);
    let mut sub = match sub.get_after_help().cloned() {
        Some(examples) if sub.get_after_long_help().is_none() => sub.after_long_help(examples),
        _ => sub,
    };
    sub = sub
        .after_help(if listed.is_some() { MORE } else { DETAILS })
        .mut_args(without_summary);
    let Some(ids) = listed else { return sub };
    sub.mut_args(|arg| {
        let id = arg.get_id().as_str();
        let shown = ids.contains(&id) || SHARED.contains(&id) || arg.is_positional();
        arg.hide_short_help(!shown)
    })
}

/// `arg` with the summary paragraph taken out of its whole text: clap derive gives the whole doc
/// comment as `long_help`, and its second paragraph says the summary again, in full.
fn without_summary(arg: clap::Arg) -> clap::Arg {
    let (Some(short), Some(long)) = (arg.get_help(), arg.get_long_help()) else {
        return arg;
    };
    let (short, long) = (short.to_string(), long.to_string());
    match long.split_once("\n\n") {
        Some((first, rest)) if first.trim_end_matches('.') == short.trim_end_matches('.') => {
            let rest = rest.to_string();
            arg.long_help(rest)
        }
        _ => arg,
    }
}
