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
    #[arg(long, value_name = "FILE.ttf", conflicts_with = "font_family")]
    pub font: Option<std::path::PathBuf>,
    /// An installed font for numbers, labels and captions, by family name (for example
    /// "DejaVu Serif", or "Noto Sans CJK SC" for a Chinese caption). Chess pieces keep the bundled
    /// font.
    #[arg(long, value_name = "NAME")]
    pub font_family: Option<String>,
    /// Language of the built-in captions and legends: en or zh (Chinese, set in a bundled subset
    /// of Noto Sans CJK SC unless --font or --font-family names another font).
    #[arg(long, value_name = "LANG", default_value = "en",
          value_parser = clap::builder::PossibleValuesParser::new(chessviz::Lang::NAMES))]
    pub lang: String,
    /// Size of captions and coordinate labels in points (at --dpi, 96 pixels per inch without
    /// it), so that figures of different boards share their type size [default: by the margin].
    #[arg(long, value_name = "PT", value_parser = parse_points)]
    pub font_size: Option<f32>,
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
}

/// The values of `--background`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackgroundArg {
    Theme,
    White,
    Transparent,
}

impl LookArgs {
    /// The language of built-in captions.
    pub fn lang(&self) -> chessviz::Lang {
        chessviz::Lang::by_name(&self.lang).unwrap_or_default()
    }

    /// The library style these arguments ask for, refusing a font that cannot draw the built-in
    /// captions of the language.
    pub fn style(&self) -> chessviz::Result<chessviz::Style> {
        use chessviz::internals::Font;
        use chessviz::Theme;
        let mut style = chessviz::Style::new(self.cell);
        style.margin = self.margin;
        style.theme = Theme::by_name(&self.theme)?;
        style.set_lang(self.lang());
        if let Some(path) = &self.font {
            style.font = Font::from_file(path)?;
        }
        if let Some(family) = &self.font_family {
            style.font = Font::by_family(family)?;
        }
        style.font_size = self.font_size;
        style.check_text(None)?;
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

/// A type size in points: positive, at most 1000.
fn parse_points(text: &str) -> std::result::Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(p) if p.is_finite() && p > 0.0 && p <= 1000.0 => Ok(p),
        _ => Err(format!(
            "{text} is not a size in points (a number above 0, at most 1000)"
        )),
    }
}
