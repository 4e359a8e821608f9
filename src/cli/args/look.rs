//! How figures look: `--cell`, `--margin`, `--theme`, `--font`, `--background`, `--dpi`,
//! `--standalone`, `--fit`, `--width`, `--height`, `--squares`.

/// How figures look: shared by every subcommand that draws.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Figure options (-o {PICTURE_FILES})")]
pub struct LookArgs {
    /// Side of a board square in pixels.
    ///
    /// Side of a board square in pixels (1 to 1024) [default: 48].
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub cell: Option<u32>,
    /// Border around the board, in pixels.
    ///
    /// Border around the board for coordinates and the caption, in pixels (0 = the bare board)
    /// [default: half a cell, at least 16].
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(0..=1024))]
    pub margin: Option<u32>,
    /// Colour theme.
    ///
    /// Colour theme: default (calm textbook colours), print (greyscale, survives photocopying),
    /// classic (wooden chessboard), slate (dark, for slides) [default: default].
    #[arg(long, value_name = "NAME",
          value_parser = clap::builder::PossibleValuesParser::new(chessviz::Theme::NAMES))]
    pub theme: Option<String>,
    /// Options for a destination.
    ///
    /// A shorthand for the options a destination needs (options given beside it win): print =
    /// --theme print --background white and no built-in caption (the document has its own);
    /// slides = --theme slate --fit 1920x1080 (large type on a full-HD slide); turbo-c (queens) =
    /// the Turbo C program's whole 640 x 480 screen: white one-pixel lines on black, cells 50 x 35
    /// (--cell sets the width and scales the screen), its outline crown, the solution number in
    /// its red bar, the first queen in the first frame [default: none].
    #[arg(long, value_name = "NAME",
          value_parser = clap::builder::PossibleValuesParser::new(chessviz::Preset::NAMES))]
    pub preset: Option<String>,
    /// A font file for numbers, labels and captions.
    ///
    /// TrueType/OpenType font for numbers, labels and captions [default: the bundled DejaVu Sans].
    #[arg(long, value_name = "FILE.ttf")]
    pub font: Option<std::path::PathBuf>,
    /// An installed font, by family name.
    ///
    /// An installed font for numbers, labels and captions, by family name (for example
    /// "DejaVu Serif", or "Noto Sans CJK SC" for a Chinese caption). Chess pieces keep the bundled
    /// font [default: the bundled DejaVu Sans, or --font].
    #[arg(long, value_name = "NAME")]
    pub font_family: Option<String>,
    /// Language of the captions.
    ///
    /// Language of the built-in captions and legends: en or zh (Chinese, set in a bundled subset
    /// of Noto Sans CJK SC unless --font or --font-family names another font).
    #[arg(long, value_name = "LANG", default_value = "en",
          value_parser = clap::builder::PossibleValuesParser::new(chessviz::text::Lang::NAMES))]
    pub lang: String,
    /// Size of captions and coordinate labels in points.
    ///
    /// Size of captions and coordinate labels in points (at --dpi, 96 pixels per inch without
    /// it), so that figures of different boards share their type size [default: by the margin].
    #[arg(long, value_name = "PT", value_parser = parse_points)]
    pub font_size: Option<f32>,
    /// Behind the board.
    ///
    /// Behind the board: theme (the theme's margin colour), white, or transparent (a PNG with a
    /// transparent margin, SVG and PDF without a background, as stills and as the pictures of
    /// --frames; not for GIF) [default: theme].
    #[arg(long, value_enum, value_name = "BG")]
    pub background: Option<BackgroundArg>,
    /// Resolution of a still in pixels per inch.
    ///
    /// Resolution of a still in pixels per inch: recorded in a PNG, the page size of a PDF, the
    /// width and height of an SVG in millimetres [default: none recorded in a PNG, an SVG sized in
    /// pixels, a PDF page at 96 pixels per inch].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub dpi: Option<u32>,
    /// Write TikZ source as a complete LaTeX document.
    ///
    /// Write TikZ source (-o FILE.tex) as a complete `standalone` LaTeX document, made into a PDF
    /// by `pdflatex FILE.tex` [default: a tikzpicture to \input, needing only \usepackage{tikz}].
    #[arg(long)]
    pub standalone: bool,
    /// Colours of your own over the theme's.
    ///
    /// Colours of your own over the theme's, as ROLE=#rrggbb pairs (#rgb too) separated by commas:
    /// light=#f0d9b5,dark=#b58863. Roles: background, light, dark, grid, ink, piece, piece-edge,
    /// special, special-mark, path, start, end, attack, split, outline, tile1 to tile4, mark,
    /// conflict, placed, overlay-edge. A colour that breaks a contrast rule of the themes is
    /// warned about [default: the theme's].
    #[arg(long, value_name = "ROLE=#RGB,...", value_parser = parse_colours)]
    pub colours: Option<String>,
    /// Colours from a theme file (a house style).
    ///
    /// A theme file (a house style): lines of role = "#rrggbb" naming every role of --colours, or
    /// base = "NAME" (a built-in theme) and the roles that differ; # starts a comment [default:
    /// none: --theme].
    #[arg(long, value_name = "FILE.toml")]
    pub theme_file: Option<std::path::PathBuf>,
    /// Fit the whole picture in a box of WxH pixels.
    ///
    /// Fit the whole picture (figure, GIF, frames, storyboard, sheet) in a box of WIDTHxHEIGHT
    /// pixels, such as 1280x720 for a slide: the largest cell that fits is chosen, the margin,
    /// labels and caption scaling with it [default: the size --cell gives].
    #[arg(long, value_name = "WxH", value_parser = parse_fit)]
    pub fit: Option<chessviz::Fit>,
    /// Fit the whole picture to this width.
    ///
    /// Fit the whole picture to this many pixels wide (as --fit, any height) [default: the width
    /// --cell gives].
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..=65_535))]
    pub width: Option<u32>,
    /// Fit the whole picture to this height.
    ///
    /// Fit the whole picture to this many pixels high (as --fit, any width) [default: the height
    /// --cell gives].
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..=65_535))]
    pub height: Option<u32>,
    /// Width of a TikZ figure in centimetres.
    ///
    /// Width of TikZ source's figure (-o FILE.tex) in centimetres: every size follows from it
    /// [default: from --cell and --dpi].
    #[arg(long, value_name = "CM", value_parser = parse_width_cm)]
    pub width_cm: Option<u32>,
    /// Squares.
    ///
    /// The board's squares: checkered (light and dark) or plain (one light tone with thin grid
    /// lines, so that what is drawn over a big board reads).
    #[arg(long, value_enum, value_name = "LOOK", default_value_t = SquaresArg::Checkered)]
    pub squares: SquaresArg,
    /// Your own words for the picture, written as its description.
    ///
    /// Your own description of the picture, written in place of the one chessviz makes from the
    /// picture's state, in {ITS_OUTPUTS}: a still's PNG Description, SVG <desc>, PDF alternative
    /// text or TikZ comment; an animation's GIF comment, APNG Description, WebP XMP or MP4
    /// description [default: the picture's state in words, in --lang; for an animation, its steps
    /// and its last picture].
    #[arg(long, value_name = "TEXT", value_parser = parse_alt)]
    pub alt: Option<String>,
    /// Print what the picture shows, in words.
    ///
    /// Print the description of the picture this command would draw (a solution, a --step, a
    /// board) to standard output, and write no file: the words every format carries for readers
    /// who cannot see it, for a screen reader at a terminal or an author's alt text (--lang zh
    /// in Chinese).
    #[arg(long)]
    pub describe: bool,
    /// How the path is coloured.
    ///
    /// How the path is coloured (set by the commands that draw one, such as `knight
    /// --path-colour`).
    #[arg(skip)]
    pub path_colour: chessviz::PathColour,
    /// Whether the subcommand draws the Turbo C screen of `--preset turbo-c` (queens only; set by
    /// the command).
    #[arg(skip)]
    pub turbo_c: bool,
}

/// Which theme roles a subcommand's figures draw, so that colour warnings name only what the reader
/// sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawnRoles {
    /// Tiles, their outlines, the special square and the divisions.
    Tiling,
    /// Queens (pieces) on squares.
    Queens,
    /// The knight's path with its start and end.
    Tour,
    /// Pieces, marks and arrows on squares.
    Board,
}

impl DrawnRoles {
    /// The roles these figures never draw.
    fn undrawn(self) -> Vec<&'static str> {
        const TOUR: &[&str] = &["path", "start", "end"];
        const PIECES: &[&str] = &["piece", "piece-edge"];
        const TILING: &[&str] = &[
            "tile1",
            "tile2",
            "tile3",
            "tile4",
            "special",
            "special-mark",
            "split",
            "outline",
        ];
        match self {
            DrawnRoles::Tiling => [TOUR, PIECES].concat(),
            DrawnRoles::Tour => TILING.to_vec(),
            DrawnRoles::Queens | DrawnRoles::Board => [TOUR, TILING].concat(),
        }
    }
}

/// The values of `--squares`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquaresArg {
    #[value(alias = "chequered")]
    Checkered,
    Plain,
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

/// `--colours`: checked when parsed (every role known, every colour well formed), applied by
/// [`LookArgs::style`].
fn parse_colours(text: &str) -> std::result::Result<String, String> {
    chessviz::Theme::default()
        .with_colours(text)
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

/// `WIDTHxHEIGHT` in pixels: `1280x720` (`X` and `*` too).
fn parse_fit(text: &str) -> std::result::Result<chessviz::Fit, String> {
    let bad = || format!("expected WIDTHxHEIGHT in pixels such as 1280x720, found '{text}'");
    let (w, h) = text.trim().split_once(['x', 'X', '*']).ok_or_else(bad)?;
    let px = |v: &str| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|p| (1..=65_535).contains(p))
            .ok_or_else(bad)
    };
    Ok(chessviz::Fit::new(px(w)?, px(h)?))
}

/// The cell without `--cell`, a box or a preset: the library's default style's.
const DEFAULT_CELL: u32 = chessviz::Style::DEFAULT_CELL;

/// The values of `--background`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackgroundArg {
    Theme,
    White,
    Transparent,
}

impl LookArgs {
    /// The language of built-in captions.
    pub fn lang(&self) -> chessviz::text::Lang {
        chessviz::text::Lang::by_name(&self.lang).unwrap_or_default()
    }

    /// The library style these arguments ask for, refusing a font that cannot draw the built-in
    /// captions of the language.
    pub fn style(&self) -> chessviz::Result<chessviz::Style> {
        use chessviz::Font;
        let turbo = self.preset() == Some(chessviz::Preset::TurboC);
        if turbo {
            self.check_turbo_c()?;
        }
        let default_cell = if turbo {
            chessviz::Preset::TURBO_C_CELL
        } else {
            DEFAULT_CELL
        };
        let mut style = chessviz::Style::new(self.cell.unwrap_or(default_cell));
        style.margin = self.margin.or_else(|| self.preset()?.margin(style.cell));
        style.theme = self.theme()?;
        style.set_lang(self.lang());
        if let Some(path) = &self.font {
            style.font = Font::from_file(path)?;
        }
        if let Some(family) = &self.font_family {
            style.font = Font::by_family(family)?;
        }
        style.font_size = self.font_size;
        style.check_text(None)?;
        if self.margin == Some(0) && self.background() != BackgroundArg::Theme {
            return Err(chessviz::Error::usage(
                "--background colours the margin, and --margin 0 draws the bare board: give a margin or leave --background out",
            ));
        }
        style.background = match (self.background, self.preset()) {
            (Some(BackgroundArg::Theme), _) => chessviz::Background::Theme,
            (Some(BackgroundArg::White), _) => chessviz::Background::White,
            (Some(BackgroundArg::Transparent), _) => chessviz::Background::Transparent,
            // A bare board has no margin to colour.
            (None, Some(p)) if self.margin != Some(0) => p.background().unwrap_or_default(),
            (None, _) => chessviz::Background::Theme,
        };
        style.squares = match self.squares {
            SquaresArg::Checkered => chessviz::Squares::Checkered,
            SquaresArg::Plain => chessviz::Squares::Plain,
        };
        if turbo {
            // The cells' height, the ruled squares and the counter's box; the theme is applied
            // above, where a --theme given wins.
            let theme = style.theme;
            style = style.preset(chessviz::Preset::TurboC);
            style.theme = theme;
        }
        style.path_colour = self.path_colour;
        style.dpi = self.dpi;
        style.standalone = self.standalone;
        style.tikz_width_um = self.width_cm;
        style.alt = self.alt.clone();
        Ok(style)
    }

    /// Refuses `--preset turbo-c` where it cannot be drawn: on a subcommand other than queens, and
    /// with a box to fit (its cells keep the program's 50 x 35 proportions; --cell sizes them).
    fn check_turbo_c(&self) -> chessviz::Result<()> {
        if !self.turbo_c {
            return Err(chessviz::Error::usage(
                "--preset turbo-c draws the eight-queens screen of the Turbo C program: it applies to `chessviz queens` only",
            ));
        }
        if self.fit.is_some() || self.width.is_some() || self.height.is_some() {
            return Err(chessviz::Error::usage(
                "--preset turbo-c keeps the Turbo C screen's 50 x 35 cells: size it with --cell (the width of a cell) instead of --fit, --width or --height",
            ));
        }
        if self.margin.is_some() {
            return Err(chessviz::Error::usage(
                "--preset turbo-c draws the Turbo C program's whole screen, its margins the program's: leave --margin out (--cell scales the screen)",
            ));
        }
        Ok(())
    }

    /// The theme of `--theme` or `--theme-file`, with the colours of `--colours` over it.
    pub fn theme(&self) -> chessviz::Result<chessviz::Theme> {
        use chessviz::Theme;
        let theme = match &self.theme_file {
            Some(path) => {
                let text = read_theme_file(path)?;
                Theme::from_file_text(&text).map_err(|e| {
                    chessviz::Error::usage(format!("--theme-file {}: {e}", path.display()))
                })?
            }
            None => match (&self.theme, self.preset()) {
                (Some(name), _) => Theme::by_name(name)?,
                (None, Some(preset)) => preset.theme(),
                (None, None) => Theme::default(),
            },
        };
        match &self.colours {
            Some(pairs) => theme.with_colours(pairs),
            None => Ok(theme),
        }
    }

    /// The theme the colours of one's own were changed from, for the contrast warnings: the
    /// built-in theme, or the base of a theme file (`None`: a file that names every role).
    fn base_theme(&self) -> Option<chessviz::Theme> {
        let Some(path) = &self.theme_file else {
            return match (&self.theme, self.preset()) {
                (Some(name), _) => chessviz::Theme::by_name(name).ok(),
                (None, Some(preset)) => Some(preset.theme()),
                (None, None) => Some(chessviz::Theme::default()),
            };
        };
        let text = read_theme_file(path).ok()?;
        let base = text
            .lines()
            .filter_map(|l| l.split_once('='))
            .find(|(k, _)| k.trim() == "base")?
            .1;
        let name = base.split('#').next()?.trim().trim_matches('"');
        chessviz::Theme::by_name(name).ok()
    }

    /// Warns (held in `ctx` until the run goes on; nothing when `quiet`) about colours of one's own (`--colours`,
    /// `--theme-file`, and the `items` of marks and arrows, each named as given) that break a
    /// contrast rule of the built-in themes (on squares, and on tiles for a figure `on_tiles`). A theme that cannot be made is left to the run to
    /// refuse.
    pub fn warn_colours(
        &self,
        ctx: &crate::cli::run::context::Ctx,
        items: &[(String, chessviz::colour::Rgb)],
        drawn: DrawnRoles,
        quiet: bool,
    ) {
        let on_tiles = drawn == DrawnRoles::Tiling;
        let custom = self.colours.is_some() || self.theme_file.is_some();
        if quiet || (!custom && items.is_empty()) {
            return;
        }
        let Ok(theme) = self.theme() else {
            return;
        };
        let mut warnings = Vec::new();
        if custom {
            warnings = theme.contrast_warnings_of(self.base_theme().as_ref(), &drawn.undrawn());
        }
        for (what, colour) in items {
            warnings.extend(theme.item_colour_warnings(what, *colour, on_tiles));
        }
        for w in warnings {
            ctx.warn(format!("warning: {w}"));
        }
    }

    /// The box `--fit`, `--width` or `--height` asks the picture to fit in, if any.
    pub fn fit(&self) -> Option<chessviz::Fit> {
        let given = self.fit.or(match (self.width, self.height) {
            (None, None) => None,
            (width, height) => Some(chessviz::Fit { width, height }),
        });
        // A preset's box gives way to a cell given.
        given.or_else(|| self.preset().filter(|_| self.cell.is_none())?.fit())
    }

    /// `style` with the cell that fits a `rows` x `cols` figure (with a caption band when
    /// `caption`) in the box asked for; `style` itself when none was.
    pub fn fit_figure(
        &self,
        style: chessviz::Style,
        rows: u32,
        cols: u32,
        caption: bool,
    ) -> chessviz::Result<chessviz::Style> {
        match self.fit() {
            Some(fit) => style.fit(fit, rows, cols, caption),
            None => Ok(style),
        }
    }

    /// As [`LookArgs::fit_figure`] for a figure captioned step by step: room is kept for the second
    /// line a step's caption may wrap to.
    pub fn fit_step_figure(
        &self,
        style: chessviz::Style,
        rows: u32,
        cols: u32,
    ) -> chessviz::Result<chessviz::Style> {
        match self.fit() {
            Some(fit) => style.fit_step_captions(fit, rows, cols),
            None => Ok(style),
        }
    }

    /// The preset of `--preset`, if any.
    pub fn preset(&self) -> Option<chessviz::Preset> {
        self.preset.as_deref().and_then(chessviz::Preset::by_name)
    }

    /// The background given on the command line (`theme` when none was).
    pub fn background(&self) -> BackgroundArg {
        self.background.unwrap_or(BackgroundArg::Theme)
    }

    /// Whether built-in captions are removed: by `--preset print`, and in a TikZ picture to
    /// `\input` (`tikz` and no `--standalone`), whose document has captions of its own.
    pub fn drops_caption(&self, tikz: bool) -> bool {
        let preset = self
            .preset()
            .is_some_and(|p| p.caption() == chessviz::CaptionChoice::Removed);
        preset || (tikz && !self.standalone)
    }

    /// Refuses, before any work, a resolution for an animated GIF (the option table refuses
    /// `--dpi` for every animation; this is the GIF's own reason, kept for a run that reaches it).
    pub fn check_gif(&self) -> chessviz::Result<()> {
        if self.dpi.is_some() {
            return Err(chessviz::Error::usage(crate::cli::formats::fill_in(
                "--dpi applies to a still (-o {STILL_FILES}): a GIF records no resolution",
            )));
        }
        Ok(())
    }

    /// Refuses, before any work, a transparent page for an animation whose row says it cannot
    /// keep one, naming the animations that can.
    pub fn check_transparency(&self, row: &chessviz::files::FormatRow) -> chessviz::Result<()> {
        let Some(why) = row.opaque else {
            return Ok(());
        };
        if self.background() != BackgroundArg::Transparent {
            return Ok(());
        }
        Err(chessviz::Error::usage(crate::cli::formats::fill_in(&format!(
            "--background transparent cannot be kept in {} (-o FILE.{}): {why}; write a still or -o {{CLEAR_ANIMATION_FILES}} for a transparent page",
            row.article, row.name
        ))))
    }

    /// Refuses the look flags that only a single figure honours, for `what` (the files of a batch).
    pub fn check_single_figure(&self, what: &str) -> chessviz::Result<()> {
        let flag = if self.background() == BackgroundArg::Transparent {
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

/// The most a theme file may hold: a few dozen lines of `role = "#rrggbb"` are a few KiB.
const MAX_THEME_FILE_BYTES: u64 = 1 << 20;

/// The text of the theme file `path`: a regular file of at most [`MAX_THEME_FILE_BYTES`], UTF-8.
fn read_theme_file(path: &std::path::Path) -> chessviz::Result<String> {
    let bytes = super::read_input_file("--theme-file", path, "a theme file", MAX_THEME_FILE_BYTES)?;
    String::from_utf8(bytes).map_err(|_| {
        chessviz::Error::usage(format!("--theme-file {} is not UTF-8 text", path.display()))
    })
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

/// The most characters `--alt` takes: a figure's alternative text is a few sentences (EPUB and
/// WCAG advise a short one, with a longer description beside the figure).
const MAX_ALT_CHARS: usize = 2000;

/// `--alt`: words of one's own, not blank, without control characters but line breaks, and not
/// longer than [`MAX_ALT_CHARS`].
fn parse_alt(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(
            "the description is empty: give the words that say what the picture shows".into(),
        );
    }
    if let Some(c) = text.chars().find(|c| c.is_control() && *c != '\n') {
        return Err(format!(
            "the description holds the control character U+{:04X}",
            u32::from(c)
        ));
    }
    let count = text.chars().count();
    if count > MAX_ALT_CHARS {
        return Err(format!(
            "the description has {count} characters; at most {MAX_ALT_CHARS} are taken"
        ));
    }
    Ok(text.to_string())
}
