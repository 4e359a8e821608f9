//! The output formats as the command names them: the library's table (one row per format: its
//! extension and value of `--format`, its kind, which decides the options that apply, and its
//! writer), and the help texts' lists filled in from it.

use std::ops::Deref;
use std::sync::LazyLock;

use chessviz::files::{Format, FormatRow};
pub use chessviz::files::{Kind, FORMATS as ROWS};
use chessviz::AnimationFormat;

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
    // "FILE.apng or .webp": the file names of an animation that keeps a transparent page.
    ("{CLEAR_ANIMATION_FILES}", || {
        files(|f| matches!(f.kind, Kind::Animation(_)) && f.opaque.is_none())
    }),
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
    // "APNG, WebP or MP4": the animation formats but GIF, which keep delays under GIF's shortest.
    ("{SHORT_DELAY_FORMATS}", || {
        or_list(
            &labels(|f| matches!(f.kind, Kind::Animation(a) if a != AnimationFormat::Gif)),
            "or",
        )
    }),
];

/// The placeholder of an option's help for the outputs its definition takes ([`taken_by`]).
pub const ITS_OUTPUTS: &str = "{ITS_OUTPUTS}";

/// The picture formats `formats` in words, as an option's help names them: "stills and GIF, APNG,
/// WebP, MP4" (every still is "stills", every animation and the page "animations").
pub fn taken_by(formats: &[Format]) -> String {
    let taken = |f: &FormatArg| formats.contains(&f.format);
    let mut parts = Vec::new();
    for (group, of_group) in [
        ("stills", FormatArg::is_still as fn(FormatArg) -> bool),
        ("animations", |f: FormatArg| !f.is_still()),
    ] {
        let rows = ordered(of_group);
        if !rows.is_empty() && rows.iter().all(taken) {
            parts.push(group.to_string());
        } else {
            let labels: Vec<&str> = rows.iter().filter(|f| taken(f)).map(|f| f.label).collect();
            if !labels.is_empty() {
                parts.push(labels.join(", "));
            }
        }
    }
    or_list(&parts.iter().map(String::as_str).collect::<Vec<_>>(), "and")
}

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

    /// The items of "a, b or c" ("a and b" with `last`), its grammar checked.
    fn items<'a>(list: &'a str, last: &str) -> Vec<&'a str> {
        let (init, tail) = list
            .rsplit_once(&format!(" {last} "))
            .unwrap_or_else(|| panic!("no ' {last} ' in {list}"));
        let mut items: Vec<&str> = init.split(", ").collect();
        items.push(tail);
        assert!(
            items.iter().all(|i| !i.is_empty() && !i.contains(',')),
            "{list}"
        );
        items
    }

    /// The rows `keep` takes, stills first, each in the table's order.
    fn rows(keep: impl Fn(&FormatArg) -> bool) -> Vec<FormatArg> {
        let kept = || FORMATS.iter().copied().filter(|f| keep(f));
        kept()
            .filter(|f| f.is_still())
            .chain(kept().filter(|f| !f.is_still()))
            .collect()
    }

    fn labels_of(rows: &[FormatArg]) -> Vec<&'static str> {
        rows.iter().map(|f| f.label).collect()
    }

    fn exts_of(rows: &[FormatArg]) -> Vec<String> {
        rows.iter().map(|f| format!(".{}", f.name)).collect()
    }

    #[test]
    fn lists_are_joined_with_commas_and_the_last_word() {
        assert_eq!(or_list(&["a", "b", "c"], "or"), "a, b or c");
        assert_eq!(or_list(&["a", "b"], "and"), "a and b");
        assert_eq!(or_list(&["a"], "or"), "a");
        assert_eq!(fill_in("no placeholder"), "no placeholder");
    }

    /// Every placeholder lists the rows of its kind from the table (pinned in the library's
    /// `compose/formats.rs`), stills first.
    #[test]
    fn placeholders_list_the_table() {
        let stills = rows(|f| f.is_still());
        let animations = rows(|f| !f.is_still());
        let every = rows(|_| true);
        let files = |placeholder: &str| {
            let filled = fill_in(placeholder);
            let list = filled.strip_prefix("FILE").expect("FILE first").to_string();
            items(&list, "or")
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(files("{STILL_FILES}"), exts_of(&stills));
        assert_eq!(files("{ANIMATION_FILES}"), exts_of(&animations));
        assert_eq!(files("{PICTURE_FILES}"), exts_of(&every));
        let mut all = labels_of(&every);
        all.push("text");
        assert_eq!(items(&fill_in("{ALL_FORMATS}"), "and"), all);
        assert_eq!(items(&fill_in("{STILL_FORMATS}"), "or"), labels_of(&stills));
        let names = |rows: &[FormatArg]| rows.iter().map(|f| f.name).collect::<Vec<_>>();
        assert_eq!(items(&fill_in("{STILL_VALUES}"), "or"), names(&stills));
        assert_eq!(items(&fill_in("{FORMAT_VALUES}"), "or"), names(&every));
        let clear = rows(|f| matches!(f.kind, Kind::Animation(_)) && f.opaque.is_none());
        assert_eq!(files("{CLEAR_ANIMATION_FILES}"), exts_of(&clear));
        let short = rows(|f| matches!(f.kind, Kind::Animation(a) if a != AnimationFormat::Gif));
        assert_eq!(
            items(&fill_in("{SHORT_DELAY_FORMATS}"), "or"),
            labels_of(&short)
        );
        assert!(!labels_of(&short).contains(&"GIF") && !short.is_empty());
    }

    #[test]
    fn an_options_outputs_group_whole_kinds() {
        let formats = |keep: fn(&FormatArg) -> bool| -> Vec<Format> {
            rows(keep).iter().map(|f| f.format).collect()
        };
        assert_eq!(taken_by(&formats(|_| true)), "stills and animations");
        assert_eq!(taken_by(&formats(|f| f.is_still())), "stills");
        let some_animations = formats(|f| !f.is_still() && f.format != Format::Html);
        assert_eq!(
            taken_by(&[formats(|f| f.is_still()), some_animations.clone()].concat()),
            format!(
                "stills and {}",
                labels_of(&rows(|f| some_animations.contains(&f.format))).join(", ")
            )
        );
        assert_eq!(taken_by(&[Format::Tex]), "TeX (TikZ)");
        assert_eq!(taken_by(&[]), "");
    }
}
