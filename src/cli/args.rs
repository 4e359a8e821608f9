//! Argument parsers shared by the subcommands.

pub use super::annotate::{parse_square_arg, SquareArg};

#[cfg(test)]
mod tests {
    use super::*;
    use chessviz::internals::text::SquareSpec;
    use chessviz::Square;

    fn parse_square(text: &str) -> Result<Square, String> {
        match parse_square_arg(text)?.spec {
            SquareSpec::Index(sq) => Ok(sq),
            other => Err(format!("not ROW,COL: {other:?}")),
        }
    }

    #[test]
    fn squares_parse_and_errors_explain() {
        assert_eq!(parse_square("2,3"), Ok(Square::new(2, 3)));
        assert_eq!(parse_square(" 0 , 7 "), Ok(Square::new(0, 7)));
        assert!(parse_square("2").unwrap_err().contains("ROW,COL"));
        assert!(parse_square("-1,2").unwrap_err().contains("negative"));
        assert!(parse_square("1,99999999999")
            .unwrap_err()
            .contains("too large"));
        assert!(parse_square("a,b").unwrap_err().contains("not a number"));
        let c5 = parse_square_arg("c5").unwrap();
        assert_eq!(c5.spec.resolve(8, 8).unwrap(), Square::new(3, 2));
    }
}

/// How figures look: shared by every subcommand that draws.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Figure options (-o FILE.png or FILE.gif)")]
pub struct LookArgs {
    /// Side of a board square in pixels (1 to 1024).
    #[arg(long, value_name = "PX", default_value_t = 48, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub cell: u32,
    /// Border around the board for coordinates and the caption, in pixels (0 = the bare board)
    /// [default: half a cell, at least 16].
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(0..=1024))]
    pub margin: Option<u32>,
    /// Colour theme: default (calm textbook colours), print (greyscale, survives photocopying),
    /// classic (wooden chessboard), slate (dark, for slides).
    #[arg(long, value_name = "NAME", default_value = "default",
          value_parser = clap::builder::PossibleValuesParser::new(chessviz::Theme::NAMES))]
    pub theme: String,
    /// TrueType/OpenType font for numbers, labels and captions [default: the bundled DejaVu Sans].
    #[arg(long, value_name = "FILE.ttf")]
    pub font: Option<std::path::PathBuf>,
    /// Behind the board: theme (the theme's margin colour), white, or transparent (a PNG with a
    /// transparent margin, SVG and PDF without a background; not for GIF).
    #[arg(long, value_enum, value_name = "BG", default_value_t = BackgroundArg::Theme)]
    pub background: BackgroundArg,
    /// Resolution of a still in pixels per inch: recorded in a PNG, the page size of a PDF, the
    /// width and height of an SVG in millimetres.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub dpi: Option<u32>,
}

/// The values of `--background`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackgroundArg {
    Theme,
    White,
    Transparent,
}

impl LookArgs {
    /// The library style these arguments ask for.
    pub fn style(&self) -> chessviz::Result<chessviz::Style> {
        use chessviz::Font;
        use chessviz::Theme;
        let mut style = chessviz::Style::new(self.cell);
        style.margin = self.margin;
        style.theme = Theme::by_name(&self.theme)?;
        if let Some(path) = &self.font {
            style.font = Font::from_file(path)?;
        }
        if self.margin == Some(0) && self.background != BackgroundArg::Theme {
            return Err(chessviz::Error::invalid(
                "--background colours the margin, and --margin 0 draws the bare board: give a margin or leave --background out",
            ));
        }
        style.background = match self.background {
            BackgroundArg::Theme => chessviz::Background::Theme,
            BackgroundArg::White => chessviz::Background::White,
            BackgroundArg::Transparent => chessviz::Background::Transparent,
        };
        style.dpi = self.dpi;
        Ok(style)
    }

    /// Refuses, before any work, what an animated GIF cannot hold.
    pub fn check_gif(&self) -> chessviz::Result<()> {
        if self.background == BackgroundArg::Transparent {
            return Err(chessviz::Error::invalid(
                "--background transparent is for stills (-o FILE.png, .svg or .pdf): a GIF's one transparent colour marks the pixels a frame leaves unchanged",
            ));
        }
        if self.dpi.is_some() {
            return Err(chessviz::Error::invalid(
                "--dpi applies to a still (-o FILE.png, .svg or .pdf): a GIF records no resolution",
            ));
        }
        Ok(())
    }

    /// Refuses the look flags that only a single figure honours, for `what` (the files of a batch).
    pub fn check_single_figure(&self, what: &str) -> chessviz::Result<()> {
        let flag = if self.background == BackgroundArg::Transparent {
            "--background transparent"
        } else if self.dpi.is_some() {
            "--dpi"
        } else {
            return Ok(());
        };
        Err(chessviz::Error::invalid(format!(
            "{flag} applies to a single figure, not to {what}"
        )))
    }
}

/// GIF viewers and browsers show frames shorter than 2 centiseconds at 100 ms: a shorter `--delay`
/// plays slower, not faster.
pub const MIN_SHOWN_DELAY_MS: u32 = 20;

/// Pacing of animations (`-o FILE.gif`). Each subcommand sets its own defaults for `--delay` and
/// `--hold` (with `mut_arg`, so `--help` shows them).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Animation options (-o FILE.gif)")]
pub struct AnimArgs {
    /// Milliseconds each step is shown in a GIF (20 or more: viewers show shorter frames at 100 ms).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=600_000))]
    pub delay: Option<u32>,
    /// Milliseconds the finished figure (queens: each solution) is held in a GIF.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=3_600_000))]
    pub hold: Option<u32>,
    /// Keep one frame in K (frames that complete something are always kept).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub every: u32,
    /// Stop the animation after M frames [default: all of them, up to 200000].
    #[arg(long, value_name = "M", value_parser = at_least_one)]
    pub max_frames: Option<u64>,
    /// Play the GIF N times in all [default: loop forever].
    #[arg(long = "loop", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub loops: Option<u16>,
    /// No progress bar, no warnings, no summary line.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl AnimArgs {
    /// Warns (unless quiet) that a delay under [`MIN_SHOWN_DELAY_MS`] plays slower, not faster.
    pub fn warn_short_delay(&self) {
        if let Some(delay) = self.delay.filter(|&d| d < MIN_SHOWN_DELAY_MS) {
            if !self.quiet {
                eprintln!(
                    "warning: --delay {delay} is under {MIN_SHOWN_DELAY_MS} ms, and GIF viewers show such frames at 100 ms; for a faster animation keep --delay {MIN_SHOWN_DELAY_MS} and show fewer steps with --every K"
                );
            }
        }
    }

    /// Pacing with the subcommand's default delay and hold.
    pub fn pacing(&self, delay_ms: u32, hold_ms: u32) -> chessviz::Pacing {
        use chessviz::Repeat;
        let mut p =
            chessviz::Pacing::new(self.delay.unwrap_or(delay_ms), self.hold.unwrap_or(hold_ms));
        p.every = self.every;
        p.max_frames = self.max_frames;
        p.repeat = match self.loops {
            None => Repeat::Forever,
            Some(n) => Repeat::Times(n),
        };
        p
    }
}

/// A count from 1 up, said so when refused (clap's range check would print "1..18446744073709551615").
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("must be a whole number, at least 1".to_string()),
    }
}
