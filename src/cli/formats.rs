//! The output formats: one row each. The value of `--format`, the kind of output a file name's
//! extension asks for (which decides the options that apply), and how a drawn figure is written all
//! come from this table, so a new format is one backend in the library and one row here.

use std::io::Write;

use chessviz::internals::Format;
use chessviz::{PdfOptions, Result, StillFormat, VectorFigure};

/// What a format holds.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A still painted on the palette canvas (PNG).
    Raster,
    /// A still as vector shapes, written by the function given (SVG, PDF).
    Vector(WriteVector),
    /// An animation (GIF).
    Animation,
    /// A web page that plays the steps (HTML).
    Player,
}

/// Writes a vector figure with the PDF page options given (other formats ignore them).
pub type WriteVector = fn(&VectorFigure, &PdfOptions, &mut dyn Write) -> Result<()>;

/// One output format.
#[derive(Clone, Copy, Debug)]
pub struct FormatArg {
    /// Its value of `--format` and its file name extension.
    pub name: &'static str,
    pub format: Format,
    pub kind: Kind,
    /// The format of the library's frame writer, for a still.
    pub still: Option<StillFormat>,
}

/// Every format a picture can be written in, in the order `--help` lists them.
pub const FORMATS: &[FormatArg] = &[
    FormatArg {
        name: "png",
        format: Format::Png,
        kind: Kind::Raster,
        still: Some(StillFormat::Png),
    },
    FormatArg {
        name: "gif",
        format: Format::Gif,
        kind: Kind::Animation,
        still: None,
    },
    FormatArg {
        name: "svg",
        format: Format::Svg,
        kind: Kind::Vector(|figure, _, w| figure.write_svg(w)),
        still: Some(StillFormat::Svg),
    },
    FormatArg {
        name: "pdf",
        format: Format::Pdf,
        kind: Kind::Vector(|figure, pdf, w| figure.write_pdf(w, pdf)),
        still: Some(StillFormat::Pdf),
    },
    FormatArg {
        name: "tex",
        format: Format::Tex,
        kind: Kind::Vector(|figure, _, w| figure.write_tikz(w)),
        still: Some(StillFormat::Tex),
    },
    FormatArg {
        name: "html",
        format: Format::Html,
        kind: Kind::Player,
        still: None,
    },
];

impl FormatArg {
    /// The row of a library format (`None` for text).
    pub fn of(format: Format) -> Option<FormatArg> {
        FORMATS.iter().copied().find(|f| f.format == format)
    }

    /// The row named by a file name's extension (any case).
    pub fn by_extension(ext: &str) -> Option<FormatArg> {
        FORMATS
            .iter()
            .copied()
            .find(|f| f.name.eq_ignore_ascii_case(ext))
    }

    /// The output format.
    pub fn format(self) -> Format {
        self.format
    }

    /// Whether it is a still (raster or vector).
    pub fn is_still(self) -> bool {
        self.still.is_some()
    }

    /// The still format of the library's frame writer, or `None` for an animation.
    pub fn still(self) -> Option<StillFormat> {
        self.still
    }
}

impl PartialEq for FormatArg {
    fn eq(&self, other: &FormatArg) -> bool {
        self.format == other.format
    }
}

impl Eq for FormatArg {}

impl clap::ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [FormatArg] {
        FORMATS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name))
    }
}
