//! What an option's definition says, in terms of the library's format table: the outputs it applies
//! to are sets of formats by kind (stills, animations), so a new format joins every option of its
//! kind, and a refusal's words list the formats that take the option, generated from the table.
//!
//! Data and words only: this file and `table.rs` name no clap type, so that the option sweep
//! (`tests/it/hardening/option_sweep`) reads the same definitions as the command.

// Named by its path from this file, so that it is found alike when this file is read as `mod model;`
// of the options and by the option sweep, which includes it by its own path.
#[path = "model/outputs.rs"]
mod outputs;

pub use outputs::{label, Column, Outputs};

/// One option: its clap id (the field's name), its long name, where it applies, what goes with it.
// `request`, `unchanged` and `sample` are read by the tests (help texts, the option sweep).
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub struct Def {
    /// The clap id: the field's name (`max_frames`), or the id of a positional argument.
    pub id: &'static str,
    /// How it is typed, without `--` (`max-frames`); a positional argument's value name.
    pub long: &'static str,
    /// The subcommands whose option this is when another option has the same long name (empty:
    /// every subcommand that defines the id).
    pub only_in: &'static [&'static str],
    /// The outputs it applies to.
    pub applies: Outputs,
    /// Set when it chooses the output itself, whatever `-o` says (`--step`, `--frames`).
    pub makes: Option<Column>,
    /// Modes (ids) that take it although their column does not (`--counter` with `--step`).
    pub also_with: &'static [&'static str],
    /// Options (ids) that leave it nothing to act on: "--margin does not apply to --storyboard".
    pub not_with: &'static [&'static str],
    /// For a mode that other options' `not_with` name: why they have nothing to act on in it,
    /// said after their refusal ("--margin does not apply to --storyboard: it lays out ...").
    pub refuses_why: Option<&'static str>,
    /// Options (ids) it cannot be given with (clap's conflicts, declared on this option).
    pub conflicts: &'static [&'static str],
    /// Options (ids or groups) it needs.
    pub requires: &'static [&'static str],
    /// Values of other options that leave it nothing to act on.
    pub refused_when: &'static [When],
    /// Whether a board drawn bare and streamed row by row takes it (a tiling too big for a
    /// figure: no margin, no text, nothing but the tiles in their colours).
    pub streamed: Streamed,
    /// Subcommands that never use it, and why: (subcommand, why).
    pub refused_in: &'static [(&'static str, &'static str)],
    /// The runs of its outputs that take it, where that depends on what the run draws.
    pub scope: Option<Scope>,
    /// Where it goes with `--check`.
    pub with_check: WithCheck,
    /// Shown by `-h` (the summary) where the command hides some options.
    pub summary: bool,
    /// A request (a file to draw, a list of extras) rather than a setting: no default to state.
    pub request: bool,
    /// Runs it is accepted in and leaves byte for byte unchanged, and why (the option sweep's
    /// reasons).
    pub unchanged: &'static [Unchanged],
    /// The values the option sweep gives it, different from its default so that "the same output"
    /// means "ignored"; empty where the command line's definition gives one (a flag is given bare,
    /// an option with possible values takes the first that is not its default).
    pub sample: &'static [Sample],
    /// A hint after its refusal for an output: (output column, hint), `{}` standing for its value.
    pub instead: Option<(Column, &'static str)>,
    /// For a mode that draws nothing (`--describe`): the options of its column that change what it
    /// does, and why the others do not; an option that depends on the output and is not listed is
    /// refused with it.
    pub takes: Option<(&'static [&'static str], &'static str)>,
}

/// The start of every definition: applies everywhere, nothing else said.
pub const DEF: Def = Def {
    id: "",
    long: "",
    only_in: &[],
    applies: Outputs::EVERY,
    makes: None,
    also_with: &[],
    not_with: &[],
    refuses_why: None,
    conflicts: &[],
    requires: &[],
    refused_when: &[],
    streamed: Streamed::Takes,
    refused_in: &[],
    scope: None,
    with_check: WithCheck::No,
    summary: false,
    request: false,
    unchanged: &[],
    sample: &[],
    instead: None,
    takes: None,
};

/// Refused while another option has a value, unless one of `unless` is given.
#[derive(Clone, Copy, Debug)]
pub struct When {
    /// The subcommands this holds for (empty: all of them).
    pub subs: &'static [&'static str],
    /// The other option's id and the value that leaves nothing to act on.
    pub id: &'static str,
    pub value: &'static str,
    /// Options (ids) that give it something to act on after all.
    pub unless: &'static [&'static str],
    pub why: &'static str,
}

/// Where an option stands on a board drawn bare and streamed row by row, which only paints each
/// square's colour: refused when it needs what the figure's renderer draws (text, a margin, marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Streamed {
    /// Drawn alike (the cell, the colours), or not about the picture.
    Takes,
    /// Refused whatever its value.
    Refused,
    /// Refused unless it has this value, which is what a bare board draws anyway.
    RefusedUnless(&'static str),
}

impl Streamed {
    /// Whether option value `given` (as typed) is refused; numbers are compared as numbers
    /// (`--margin 00` is `--margin 0`).
    pub fn refuses(self, given: Option<&str>) -> bool {
        match self {
            Streamed::Takes => false,
            Streamed::Refused => true,
            Streamed::RefusedUnless(kept) => {
                let given = given.unwrap_or_default();
                let as_number = |v: &str| v.parse::<f64>().ok();
                given != kept && (as_number(given).is_none() || as_number(given) != as_number(kept))
            }
        }
    }
}

/// Where an option goes with `--check`, which reads an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WithCheck {
    /// Refused with `--check`.
    No,
    /// Accepted, with or without `-o`.
    Yes,
    /// Accepted by these subcommands' checks (the board of the answer).
    In(&'static [&'static str]),
    /// It changes the figure of the answer: it needs `-o FIGURE`.
    Figure,
    /// It means something with `--check` only, and is refused without it, with this reason.
    Only(&'static str),
}

/// A run the option sweep finds unchanged by the option, and why that is right.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub struct Unchanged {
    /// The subcommand, or `*` for every one.
    pub sub: &'static str,
    /// The outputs as the sweep names them (stdout, txt, png, ..., frames, step, sheet), separated
    /// by commas, or `*`.
    pub outputs: &'static str,
    pub why: &'static str,
}

/// A value the option sweep gives an option: the arguments that give it (the option first, then
/// any it needs beside it) and the options of the sweep's base command line it replaces. `{dir}`
/// stands for the run's folder, `{data}` for the tests' data folder, `{root}` for the repository.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The subcommand, or `*` for every one that has the option.
    pub sub: &'static str,
    pub args: &'static [&'static str],
    pub replaces: &'static [&'static str],
}

#[cfg_attr(not(test), allow(dead_code))]
impl Sample {
    /// `args`, in every subcommand that has the option.
    pub const fn any(args: &'static [&'static str]) -> Sample {
        Sample {
            sub: "*",
            args,
            replaces: &[],
        }
    }

    /// `args`, in subcommand `sub`.
    pub const fn of(sub: &'static str, args: &'static [&'static str]) -> Sample {
        Sample {
            sub,
            args,
            replaces: &[],
        }
    }

    /// This sample in place of the base's options `replaces`.
    pub const fn replacing(self, replaces: &'static [&'static str]) -> Sample {
        Sample { replaces, ..self }
    }
}

/// Which runs take an option that applies to some runs of its outputs only (queens: a placement
/// `--queens POS`, or the search, shown by an animation or the step options).
#[derive(Clone, Copy, Debug)]
pub struct Scope {
    /// A placement takes it.
    pub placement: bool,
    /// The search takes it.
    pub search: bool,
    /// The search takes it beside the slideshow of solutions and the batches too.
    pub search_in_every_mode: bool,
    /// Why the other runs do not.
    pub why: &'static str,
}

impl Scope {
    /// Whether a run takes it: a placement, or a run in another mode (the slideshow, a batch), or
    /// one whose output shows the search (asked last: it reads `-o`, whose errors come later).
    pub fn takes<E>(
        &self,
        placement: bool,
        other_mode: bool,
        shows_search: impl FnOnce() -> Result<bool, E>,
    ) -> Result<bool, E> {
        if placement {
            return Ok(self.placement);
        }
        if !self.search || (other_mode && !self.search_in_every_mode) {
            return Ok(false);
        }
        shows_search()
    }

    /// Its refusal: "--attacks applies to a placement (--queens POS) or to the search (GIF, ...,
    /// --step, --frames, --storyboard): why".
    pub fn refusal(&self, long: &str) -> String {
        let mut runs = Vec::new();
        if self.placement {
            runs.push("a placement (--queens POS)".to_string());
        }
        if self.search {
            let labels: Vec<&str> = Outputs::ANIMATIONS
                .formats()
                .into_iter()
                .map(label)
                .collect();
            runs.push(format!(
                "the search ({}, --step, --frames, --storyboard)",
                labels.join(", ")
            ));
        }
        format!("--{long} applies to {}: {}", runs.join(" or to "), self.why)
    }
}
