//! The output formats: one row each. The value of `--format`, the kind of output a file name's
//! extension asks for (which decides the options that apply), and how a drawn figure is written all
//! come from this table, so a new format is one backend in the library and one row here.

use std::io::Write;

use chessviz::files::Format;
use chessviz::{AnimationFormat, PdfOptions, Result, StillFormat, VectorFigure};

/// What a format holds.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A still painted on the palette canvas (PNG).
    Raster,
    /// A still as vector shapes, written by the function given (SVG, PDF).
    Vector(WriteVector),
    /// An animation (GIF, APNG, WebP), written by the library's writer of that format.
    Animation(AnimationFormat),
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
    /// Its name in help texts ("TeX (TikZ)").
    pub label: &'static str,
    pub format: Format,
    pub kind: Kind,
    /// The format of the library's frame writer, for a still.
    pub still: Option<StillFormat>,
}

/// Every format a picture can be written in, in the order `--help` lists them.
pub const FORMATS: &[FormatArg] = &[
    FormatArg {
        name: "png",
        label: "PNG",
        format: Format::Png,
        kind: Kind::Raster,
        still: Some(StillFormat::Png),
    },
    FormatArg {
        name: "gif",
        label: "GIF",
        format: Format::Gif,
        kind: Kind::Animation(AnimationFormat::Gif),
        still: None,
    },
    FormatArg {
        name: "apng",
        label: "APNG",
        format: Format::Apng,
        kind: Kind::Animation(AnimationFormat::Apng),
        still: None,
    },
    FormatArg {
        name: "webp",
        label: "WebP",
        format: Format::Webp,
        kind: Kind::Animation(AnimationFormat::Webp),
        still: None,
    },
    FormatArg {
        name: "svg",
        label: "SVG",
        format: Format::Svg,
        kind: Kind::Vector(|figure, _, w| figure.write_svg(w)),
        still: Some(StillFormat::Svg),
    },
    FormatArg {
        name: "pdf",
        label: "PDF",
        format: Format::Pdf,
        kind: Kind::Vector(|figure, pdf, w| figure.write_pdf(w, pdf)),
        still: Some(StillFormat::Pdf),
    },
    FormatArg {
        name: "tex",
        label: "TeX (TikZ)",
        format: Format::Tex,
        kind: Kind::Vector(|figure, _, w| figure.write_tikz(w)),
        still: Some(StillFormat::Tex),
    },
    FormatArg {
        name: "html",
        label: "HTML",
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

    /// Whether `format` is an animation (GIF, APNG, WebP).
    pub fn is_animation(format: Format) -> bool {
        FormatArg::of(format).is_some_and(|f| matches!(f.kind, Kind::Animation(_)))
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

/// Makes the words a placeholder stands for.
type Words = fn() -> String;

/// The words of help texts that list formats, each filled in from [`FORMATS`] by [`fill_in`], so
/// that a new format appears in every help text, heading and manual page without editing them.
const PLACEHOLDERS: &[(&str, Words)] = &[
    // "PNG, SVG, PDF, TeX (TikZ), GIF and text": every output.
    ("{ALL_FORMATS}", || {
        let mut labels = labels(|_| true);
        labels.push("text");
        or_list(&labels, "and")
    }),
    // "FILE.png, .svg, .pdf or .tex": the file names of a still.
    ("{STILL_FILES}", || files(FormatArg::is_still)),
    // "FILE.gif or .html": the file names of an animation (a GIF, or a page that plays it).
    ("{ANIMATION_FILES}", || files(|f| !f.is_still())),
    // "FILE.png, .svg, .pdf, .tex or .gif": any picture.
    ("{PICTURE_FILES}", || files(|_| true)),
    // "png, svg, pdf or tex": the values of --format for a still.
    ("{STILL_VALUES}", || {
        or_list(&names(FormatArg::is_still), "or")
    }),
    // "png, gif, svg, pdf or tex": every value of --format.
    ("{FORMAT_VALUES}", || or_list(&names(|_| true), "or")),
    // "PNG, SVG, PDF or TeX (TikZ)": the formats of a still.
    ("{STILL_FORMATS}", || {
        or_list(&labels(FormatArg::is_still), "or")
    }),
];

/// `text` with the placeholders of [`PLACEHOLDERS`] replaced by the lists of the format table.
pub fn fill_in(text: &str) -> String {
    let mut text = text.to_string();
    for (placeholder, words) in PLACEHOLDERS {
        if text.contains(placeholder) {
            text = text.replace(placeholder, &words());
        }
    }
    text
}

/// The formats in the order of help texts: stills first, then animations.
fn ordered(keep: impl Fn(FormatArg) -> bool) -> Vec<FormatArg> {
    let (stills, others): (Vec<FormatArg>, Vec<FormatArg>) = FORMATS
        .iter()
        .copied()
        .filter(|&f| keep(f))
        .partition(|f| f.is_still());
    stills.into_iter().chain(others).collect()
}

fn labels(keep: impl Fn(FormatArg) -> bool) -> Vec<&'static str> {
    ordered(keep).iter().map(|f| f.label).collect()
}

fn names(keep: impl Fn(FormatArg) -> bool) -> Vec<&'static str> {
    ordered(keep).iter().map(|f| f.name).collect()
}

/// "FILE.png, .svg or .pdf".
fn files(keep: impl Fn(FormatArg) -> bool) -> String {
    let exts: Vec<String> = ordered(keep)
        .iter()
        .map(|f| format!(".{}", f.name))
        .collect();
    let exts: Vec<&str> = exts.iter().map(String::as_str).collect();
    format!("FILE{}", or_list(&exts, "or"))
}

/// "a, b or c" ("a and b" with `and`).
fn or_list(words: &[&str], last: &str) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_list_the_table() {
        assert_eq!(
            fill_in("-o {STILL_FILES}"),
            "-o FILE.png, .svg, .pdf or .tex"
        );
        assert_eq!(
            fill_in("{ANIMATION_FILES}"),
            "FILE.gif, .apng, .webp or .html"
        );
        assert_eq!(
            fill_in("as {ALL_FORMATS}."),
            "as PNG, SVG, PDF, TeX (TikZ), GIF, APNG, WebP, HTML and text."
        );
        assert_eq!(fill_in("{STILL_VALUES}"), "png, svg, pdf or tex");
        assert_eq!(fill_in("no placeholder"), "no placeholder");
        // Every row is named by every list that should hold it.
        for f in FORMATS {
            assert!(fill_in("{ALL_FORMATS}").contains(f.label), "{}", f.name);
            assert!(fill_in("{PICTURE_FILES}").contains(&format!(".{}", f.name)));
            assert!(fill_in("{FORMAT_VALUES}").contains(f.name));
        }
    }
}
