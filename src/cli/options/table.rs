//! Every option of every subcommand, defined once: where it applies (against the format table's
//! kinds), which modes take or refuse it, what it conflicts with and needs, how it goes with
//! `--check`, whether `-h` shows it, and the runs the option sweep may find unchanged. Its flag,
//! help and value parser are the clap field of the same id (`src/cli/args/`, the command files);
//! a test keeps the two in step. A new option is its field and one entry in the group it belongs to
//! (`table/`: a subcommand's own options, or the look or the steps the drawing subcommands share).
//!
//! Order matters where several options are refused at once: the first refused is named. [`OPTIONS`]
//! is the groups one after the other.

// The groups are named by their paths from this file, so that they are found alike when this file
// is read as `mod table;` of the options and by a test that includes it by its own path.
#[path = "table/board.rs"]
mod board;
#[path = "table/knight.rs"]
mod knight;
#[path = "table/look.rs"]
mod look;
#[path = "table/queens.rs"]
mod queens;
#[path = "table/steps.rs"]
mod steps;
#[path = "table/tools.rs"]
mod tools;
#[path = "table/tromino.rs"]
mod tromino;

use chessviz::files::{Format, FORMATS};

use super::model::{
    Column, Def, Outputs, Sample, Scope, Streamed, Unchanged, When, WithCheck, DEF,
};

/// Shorthands for the groups' entries.
const TEXT: Outputs = Outputs::TEXT;
const PICTURES: Outputs = Outputs::PICTURES;
const STILLS: Outputs = Outputs::STILLS;
const ANIMATIONS: Outputs = Outputs::ANIMATIONS;
const STEPS: &[&str] = &["step", "storyboard"];
/// The animations that hold no loop count, each with why: the format table's `no_loop`.
const NO_LOOP: &[(Format, &str)] = &no_loop::<{ no_loop_count() }>();

/// Every option's definition, in the order refusals are judged: the groups one after the other.
pub const OPTIONS: &[Def] = &joined::<{ total(GROUPS) }>(GROUPS);

/// The groups of definitions, in the table's order.
const GROUPS: &[&[Def]] = &[
    tromino::OPTIONS,
    queens::OPTIONS,
    knight::OPTIONS,
    board::OPTIONS,
    tools::OPTIONS,
    look::OPTIONS,
    steps::OPTIONS,
];

/// How many definitions the groups hold.
const fn total(groups: &[&[Def]]) -> usize {
    let mut count = 0;
    let mut g = 0;
    while g < groups.len() {
        count += groups[g].len();
        g += 1;
    }
    count
}

/// The groups' definitions in one list (`N` is their [`total`]), built when compiling.
const fn joined<const N: usize>(groups: &[&[Def]]) -> [Def; N] {
    let mut out = [DEF; N];
    let mut at = 0;
    let mut g = 0;
    while g < groups.len() {
        let mut i = 0;
        while i < groups[g].len() {
            out[at] = groups[g][i];
            at += 1;
            i += 1;
        }
        g += 1;
    }
    out
}

/// How many formats hold no loop count.
const fn no_loop_count() -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < FORMATS.len() {
        if FORMATS[i].no_loop.is_some() {
            count += 1;
        }
        i += 1;
    }
    count
}

/// The formats that hold no loop count (`N` is their [`no_loop_count`]) with why, in the table's
/// order, built when compiling.
const fn no_loop<const N: usize>() -> [(Format, &'static str); N] {
    let mut out = [(Format::Text, ""); N];
    let mut at = 0;
    let mut i = 0;
    while i < FORMATS.len() {
        if let Some(why) = FORMATS[i].no_loop {
            out[at] = (FORMATS[i].format, why);
            at += 1;
        }
        i += 1;
    }
    out
}
