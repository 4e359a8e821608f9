//! `--panel LIST`: the program beside the board (code, stack, counts, tree), shared by the three
//! problems' searches.

use std::path::Path;

use clap::ValueEnum;

use chessviz::files::Format;
use chessviz::panel::PanelKinds;
use chessviz::{Error, Result};

use crate::cli::args::SequenceArgs;
use crate::cli::formats::{FormatArg, Kind};

/// One panel, or all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PanelArg {
    /// The algorithm as pseudo-code, the line that made the step highlighted.
    Code,
    /// The call chain, the Turbo C arrays or the explicit stack.
    Stack,
    /// The counters so far.
    Counts,
    /// The tiling's call tree.
    Tree,
    /// Every panel the problem has.
    All,
}

/// The panel options.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PanelArgs {
    /// Show the program beside the board: code, stack, counts, tree, all.
    ///
    /// Show what the program was doing beside the board of every step picture (--step, --frames,
    /// animations, the web page), comma-separated: code (pseudo-code, the line of the step
    /// highlighted), stack (tromino: the chain of calls; queens: each placed column's row and the
    /// Turbo C arrays a, b, c; knight: the top of the explicit stack), counts (tiles and calls;
    /// placements, removals and solutions; moves and retreats), tree (tromino: the call tree), all.
    /// With --trace, counts and stack are appended to each event line [default: no panel].
    #[arg(
        long,
        value_name = "LIST",
        value_enum,
        value_delimiter = ',',
        hide_possible_values = true
    )]
    pub panel: Vec<PanelArg>,
}

impl PanelArgs {
    /// The panels asked for (`None`: none); `tree` is refused where the problem has no call tree.
    pub fn kinds(&self, problem: &str, has_tree: bool) -> Result<Option<PanelKinds>> {
        if self.panel.is_empty() {
            return Ok(None);
        }
        let mut kinds = PanelKinds::default();
        for p in &self.panel {
            match p {
                PanelArg::Code => kinds.code = true,
                PanelArg::Stack => kinds.stack = true,
                PanelArg::Counts => kinds.counts = true,
                PanelArg::Tree if !has_tree => {
                    return Err(Error::usage(format!(
                        "--panel tree draws the tiling's recursion; {problem} searches without one: use code, stack or counts"
                    )))
                }
                PanelArg::Tree => kinds.tree = true,
                PanelArg::All => {
                    kinds.code = true;
                    kinds.stack = true;
                    kinds.counts = true;
                    kinds.tree = has_tree;
                }
            }
        }
        Ok(Some(kinds))
    }

    /// Refuses `--panel` on an output that has no step to show it on: a finished figure, a
    /// storyboard, or text other than `--trace` (which takes counts and stack as text).
    pub fn check_output(
        &self,
        seq: &SequenceArgs,
        output: Option<&Path>,
        trace: bool,
    ) -> Result<()> {
        if self.panel.is_empty() || seq.step.is_some() || seq.frames.is_some() {
            return Ok(());
        }
        if seq.storyboard.is_some() {
            return Err(Error::usage(
                "--panel does not apply to --storyboard, whose boards are laid out small without one: draw the steps with --step N or --frames DIR",
            ));
        }
        let format = crate::cli::run::target::target(output, seq.format)?.format();
        if format == Format::Text {
            if !trace {
                return Err(Error::usage(
                    "--panel shows the program at each step: give --trace (counts and stack as text), --step N, --frames DIR or an animation",
                ));
            }
            if let Some(p) = self
                .panel
                .iter()
                .find(|p| matches!(p, PanelArg::Code | PanelArg::Tree))
            {
                let name = if *p == PanelArg::Code { "code" } else { "tree" };
                return Err(Error::usage(format!(
                    "--trace prints --panel counts and stack as text; the {name} panel is drawn: give --step N -o FILE.png"
                )));
            }
            return Ok(());
        }
        match FormatArg::of(format).map(|f| f.kind) {
            Some(Kind::Animation(_)) | Some(Kind::Player) => Ok(()),
            _ => Err(Error::usage(
                "--panel shows the program at a step, and a finished figure has none: give --step N (the last step shows the end), --frames DIR or an animation",
            )),
        }
    }

    /// Whether the counts (`counts`) and the stack (`stack`) go into trace lines.
    pub fn in_trace(&self, kinds: Option<PanelKinds>) -> (bool, bool) {
        kinds.map_or((false, false), |k| (k.counts, k.stack))
    }
}

/// Whether the panel goes below the board: for a portrait box (`--fit WxH` taller than wide).
pub fn below(look: &crate::cli::args::LookArgs) -> bool {
    look.fit()
        .is_some_and(|f| matches!((f.width, f.height), (Some(w), Some(h)) if h > w))
}

/// An event line of `--trace` with the panel's counts and stack appended as asked.
pub fn trace_line(line: String, counts: Option<String>, stack: Option<String>) -> String {
    let mut line = line;
    if let Some(c) = counts {
        line.push_str(" | ");
        line.push_str(&c);
    }
    if let Some(s) = stack {
        line.push_str(" | ");
        line.push_str(&s);
    }
    line
}
