//! The output formats as the command names them: the library's table (one row per format: its
//! extension and value of `--format`, its kind, which decides the options that apply, and its
//! writer), and the help texts' lists filled in from it.

use std::ops::Deref;
use std::sync::LazyLock;

use chessviz::files::{Format, FormatRow};
pub use chessviz::files::{Kind, FORMATS as ROWS};

/// One output format: a row of the library's table ([`chessviz::files::FORMATS`]), as a value of
/// `--format`.
#[derive(Clone, Copy, Debug)]
pub struct FormatArg(FormatRow);

impl Deref for FormatArg {
    type Target = FormatRow;

    fn deref(&self) -> &FormatRow {
        &self.0
    }
}

/// Every format a picture can be written in, in the order `--help` lists them: the library's rows.
pub static FORMATS: LazyLock<Vec<FormatArg>> =
    LazyLock::new(|| ROWS.iter().copied().map(FormatArg).collect());

impl FormatArg {
    /// The row of a library format (`None` for text).
    pub fn of(format: Format) -> Option<FormatArg> {
        FormatRow::of(format).map(FormatArg)
    }

    /// The row named by a file name's extension (any case).
    pub fn by_extension(ext: &str) -> Option<FormatArg> {
        FormatRow::by_extension(ext).map(FormatArg)
    }

    /// Whether `format` is an animation (GIF, APNG, WebP, MP4).
    pub fn is_animation(format: Format) -> bool {
        FormatRow::is_animation(format)
    }

    /// Whether it is a still (raster or vector).
    pub fn is_still(self) -> bool {
        self.0.is_still()
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
        &FORMATS
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
            "FILE.gif, .apng, .webp, .mp4 or .html"
        );
        assert_eq!(
            fill_in("as {ALL_FORMATS}."),
            "as PNG, SVG, PDF, TeX (TikZ), GIF, APNG, WebP, MP4, HTML and text."
        );
        assert_eq!(fill_in("{STILL_VALUES}"), "png, svg, pdf or tex");
        assert_eq!(fill_in("no placeholder"), "no placeholder");
        // Every row is named by every list that should hold it.
        for f in FORMATS.iter() {
            assert!(fill_in("{ALL_FORMATS}").contains(f.label), "{}", f.name);
            assert!(fill_in("{PICTURE_FILES}").contains(&format!(".{}", f.name)));
            assert!(fill_in("{FORMAT_VALUES}").contains(f.name));
        }
    }
}
