//! How figures look: `--cell`, `--margin`, `--theme`, `--font`, `--background`, `--dpi`,
//! `--standalone`.

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
    /// Write TikZ source (-o FILE.tex) as a complete `standalone` LaTeX document, made into a PDF
    /// by `pdflatex FILE.tex` [default: a tikzpicture to \input, needing only \usepackage{tikz}].
    #[arg(long)]
    pub standalone: bool,
    /// Width of TikZ source's figure (-o FILE.tex) in centimetres: every size follows from it
    /// [default: from --cell and --dpi].
    #[arg(long, value_name = "CM", value_parser = parse_width_cm, conflicts_with = "dpi")]
    pub width_cm: Option<u32>,
}

/// `--width-cm 8.5`: the width in micrometres, from 0.1 to 1000 cm.
fn parse_width_cm(text: &str) -> Result<u32, String> {
    let cm: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a width in centimetres (such as 8.5)"))?;
    if !(0.1..=1000.0).contains(&cm) {
        return Err(format!("{text} cm: give a width from 0.1 to 1000 cm"));
    }
    Ok((cm * 10_000.0).round() as u32)
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
        use chessviz::internals::Font;
        use chessviz::Theme;
        let mut style = chessviz::Style::new(self.cell);
        style.margin = self.margin;
        style.theme = Theme::by_name(&self.theme)?;
        if let Some(path) = &self.font {
            style.font = Font::from_file(path)?;
        }
        if self.margin == Some(0) && self.background != BackgroundArg::Theme {
            return Err(chessviz::Error::usage(
                "--background colours the margin, and --margin 0 draws the bare board: give a margin or leave --background out",
            ));
        }
        style.background = match self.background {
            BackgroundArg::Theme => chessviz::Background::Theme,
            BackgroundArg::White => chessviz::Background::White,
            BackgroundArg::Transparent => chessviz::Background::Transparent,
        };
        style.dpi = self.dpi;
        style.standalone = self.standalone;
        style.tikz_width_um = self.width_cm;
        Ok(style)
    }

    /// Refuses, before any work, what an animated GIF cannot hold.
    pub fn check_gif(&self) -> chessviz::Result<()> {
        if self.background == BackgroundArg::Transparent {
            return Err(chessviz::Error::usage(
                "--background transparent is for stills (-o FILE.png, .svg or .pdf): a GIF's one transparent colour marks the pixels a frame leaves unchanged",
            ));
        }
        if self.dpi.is_some() {
            return Err(chessviz::Error::usage(
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
        Err(chessviz::Error::usage(format!(
            "{flag} applies to a single figure, not to {what}"
        )))
    }
}
