//! The options of single steps, frame sequences, storyboards and pictures on standard output, shared
//! by the three subcommands.

use std::path::PathBuf;

use crate::cli::formats::FormatArg;

/// The most steps one storyboard shows.
pub const MAX_STORYBOARD: usize = 400;

/// Steps, frames, storyboards; the format of standard output and of a folder of frames.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Steps and frames (the event stream of --trace, step 0 = the start)")]
pub struct SequenceArgs {
    /// Draw the board after N events of --trace.
    ///
    /// Draw the board after the first N events of --trace (0: the start) as a still (-o
    /// {STILL_FILES}), captioned with what step N did ("step 37: queen removed from c5").
    #[arg(long, value_name = "N", value_parser = parse_step)]
    pub step: Option<u64>,
    /// Write every step as a picture into DIR.
    ///
    /// Write every step as a full picture into the folder DIR: frame-0000.png (the start), then one
    /// file per event, each the --step still of its number; then frames.txt, one `file ms` line per
    /// picture (the --delay, the --hold for solutions and the last one) ending in a tab and the
    /// picture's description, and animate.tex, which
    /// plays PNG, PDF or TikZ pictures in LaTeX (Beamer). --every K keeps one step in K (solutions
    /// and the last step always), --max-frames M stops after M pictures.
    #[arg(long, value_name = "DIR")]
    pub frames: Option<PathBuf>,
    /// The picture DIR/animate.tex shows where it cannot play.
    ///
    /// The picture of --frames that DIR/animate.tex shows where the animation does not play (viewers
    /// without PDF JavaScript: evince, macOS Preview, Chrome's) and in print: N counts the pictures from 0, as
    /// frames.txt lists them [default: the last].
    #[arg(long, value_name = "N")]
    pub poster: Option<u64>,
    /// Draw these steps side by side as one figure.
    ///
    /// Draw these steps side by side as one figure (-o {STILL_FILES}), each labelled with
    /// its step, e.g. 0,2,5,21 (--columns C sets the boards per row).
    #[arg(long, value_name = "STEPS", value_parser = parse_steps, group = "sheets")]
    pub storyboard: Option<Steps>,
    /// Add the step count to every step caption.
    ///
    /// Add the step count to every step caption ("step 37/220: ..."): of --step stills, --frames
    /// pictures, storyboard labels, GIF frames and the web page, which show the same pictures.
    #[arg(long)]
    pub counter: bool,
    /// Format on standard output.
    ///
    /// The format where no file name gives one: of pictures on standard output (-o - or no -o:
    /// {FORMAT_VALUES}), of the pictures of --frames DIR ({STILL_VALUES}) and of the files of queens
    /// --all [default: text on standard output, png for --frames and --all].
    #[arg(long, value_name = "FORMAT", value_enum, hide_possible_values = true)]
    pub format: Option<FormatArg>,
}

/// Boards per row of a storyboard (tromino and knight; queens has one --columns for its sheet and
/// its storyboard).
#[derive(clap::Args, Debug, Clone)]
pub struct ColumnsArgs {
    /// Boards per row on the storyboard.
    ///
    /// Boards per row on the storyboard [default: a near-square arrangement].
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub columns: Option<u32>,
}

/// The step numbers of `--storyboard`, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steps(pub Vec<u64>);

/// Parses one step number, saying what a step number is when `text` is not one.
pub fn parse_step(text: &str) -> Result<u64, String> {
    let part = text.trim();
    part.parse::<u64>().map_err(|_| {
        let shown: String = part
            .chars()
            .take(20)
            .flat_map(char::escape_default)
            .collect();
        if part.starts_with('-') && part[1..].bytes().all(|b| b.is_ascii_digit()) && part.len() > 1
        {
            format!("steps are counted from 0 (the start), so '{shown}' is not a step")
        } else if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
            format!("{shown} is larger than any step can be ({})", u64::MAX)
        } else {
            format!("'{shown}' is not a step number (0, 1, 2, ...)")
        }
    })
}

/// Parses a solution number (`--solution`, `--until-solution`): solutions are numbered from 1.
pub fn parse_solution(text: &str) -> Result<u64, String> {
    let part = text.trim();
    match part.parse::<u64>() {
        Ok(0) => Err("solutions are numbered from 1 (the first found)".to_string()),
        Ok(n) => Ok(n),
        Err(_) => {
            let shown: String = part
                .chars()
                .take(20)
                .flat_map(char::escape_default)
                .collect();
            Err(format!("'{shown}' is not a solution number (1, 2, 3, ...)"))
        }
    }
}

/// Parses `0,2,5,21`: step numbers separated by commas, at most [`MAX_STORYBOARD`].
pub fn parse_steps(text: &str) -> Result<Steps, String> {
    let mut steps = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        if part.is_empty() {
            return Err("expected step numbers separated by commas, such as 0,2,5,21".to_string());
        }
        let n = parse_step(part)?;
        steps.push(n);
    }
    if steps.len() > MAX_STORYBOARD {
        return Err(format!(
            "{} steps: a storyboard shows at most {MAX_STORYBOARD}",
            steps.len()
        ));
    }
    Ok(Steps(steps))
}

impl SequenceArgs {
    /// True when the run draws steps (a still, frames or a storyboard) rather than the problem's usual
    /// output.
    pub fn draws_steps(&self) -> bool {
        self.step.is_some() || self.frames.is_some() || self.storyboard.is_some()
    }

    /// The first step option given (`--step`, `--frames`, `--storyboard`, `--counter`), for a
    /// refusal.
    pub fn first_given(&self) -> Option<&'static str> {
        if self.step.is_some() {
            Some("--step")
        } else if self.frames.is_some() {
            Some("--frames")
        } else if self.storyboard.is_some() {
            Some("--storyboard")
        } else if self.counter {
            Some("--counter")
        } else {
            None
        }
    }

    /// Refuses a caption of the user's (`--caption`) where the step options caption every state
    /// with its step: one of the two would be lost.
    pub fn refuse_caption(&self, caption: Option<&str>) -> chessviz::Result<()> {
        match (caption, self.first_given()) {
            (Some(_), Some(flag)) => Err(chessviz::Error::usage(format!(
                "--caption and {flag} both write the caption ({flag} captions each state with its step); leave one out"
            ))),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storyboard_steps_parse_and_errors_name_the_token() {
        assert_eq!(parse_steps("0,2, 5,21"), Ok(Steps(vec![0, 2, 5, 21])));
        assert!(parse_steps("0,,2").unwrap_err().contains("commas"));
        assert!(parse_steps("0,x7").unwrap_err().contains("'x7'"));
        assert!(parse_steps("-1").unwrap_err().contains("'-1'"));
        let many = vec!["1"; MAX_STORYBOARD + 1].join(",");
        assert!(parse_steps(&many).unwrap_err().contains("at most"));
    }
}
