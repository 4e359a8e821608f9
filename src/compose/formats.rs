//! The picture formats: one row each. A file name's extension, the value of `--format`, the kind of
//! output (a still, an animation, a web page), the writer of a still and the lists that help texts
//! give all come from [`FORMATS`]; a still is written by its row's writer ([`write_still`]), the one
//! place that tells the stills apart. A new format is its writer and one row.

use std::io::Write;

use crate::compose::animate::AnimationFormat;
use crate::compose::budget::Job;
use crate::compose::figure::StillFormat;
use crate::compose::vector_still::VectorFigure;
use crate::encode::PdfOptions;
use crate::error::{Error, Result};

/// What an output path asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Plain text (`.txt`, `-` or no `-o`).
    Text,
    /// A PNG still.
    Png,
    /// An animated GIF.
    Gif,
    /// An animated PNG.
    Apng,
    /// An animated WebP (lossless).
    Webp,
    /// An MP4 video (H.264).
    Mp4,
    /// A still as SVG (vector shapes, text as outlines).
    Svg,
    /// A still as a one-page PDF (vector shapes, text as outlines).
    Pdf,
    /// A still as TikZ source for LaTeX (vector shapes, text in the document's font).
    Tex,
    /// A web page that plays the steps of a search (inline SVG and a script, nothing loaded).
    Html,
}

/// Writes a vector figure with the PDF page options given (other formats ignore them).
pub type WriteVector = fn(&VectorFigure, &PdfOptions, &mut dyn Write) -> Result<()>;

/// What a format holds, and how it is written.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A still painted on the palette canvas (PNG).
    Raster,
    /// A still as vector shapes, written by the function given (SVG, PDF, TikZ).
    Vector(WriteVector),
    /// An animation (GIF, APNG, WebP, MP4), written by the library's writer of that format.
    Animation(AnimationFormat),
    /// A web page that plays the steps (HTML).
    Player,
}

/// One picture format.
#[derive(Clone, Copy, Debug)]
pub struct FormatRow {
    /// Its value of `--format` and its file name extension.
    pub name: &'static str,
    /// Its name in help texts ("TeX (TikZ)").
    pub label: &'static str,
    pub format: Format,
    pub kind: Kind,
    /// The format of the frame writer, for a still.
    pub still: Option<StillFormat>,
    /// Its name with its article, as refusals say it ("an APNG").
    pub article: &'static str,
    /// The pixels a second its encoder works through, for an animation whose work is bounded by
    /// it (release build, one core: the 10-queens search at the default cell, 71,801 frames of
    /// 528 x 552, as GIF in 17.9 s; the 9-queens search, 17,139 frames of 480 x 504, as APNG in
    /// 51 s and as WebP in 117 s); `None`: a still, or an animation with limits of its own (MP4,
    /// the player page).
    pub pixels_per_second: Option<u64>,
    /// The memory its encoder's peak is judged by, per pixel of a frame, for an animation checked
    /// before the first frame; `None`: not judged so (a still, MP4, the player page).
    pub memory: Option<Job>,
    /// Why it holds no loop count (a player or slide program decides how often it plays), for an
    /// animation; `None`: it says how often it plays, or is no animation.
    pub no_loop: Option<&'static str>,
    /// Why it cannot keep a transparent page, for an animation; `None`: it keeps one.
    pub opaque: Option<&'static str>,
}

/// Every picture format, in the order help texts and error messages list them (text, which is no
/// picture, is `.txt` or standard output).
pub const FORMATS: &[FormatRow] = &[
    FormatRow {
        name: "png",
        label: "PNG",
        format: Format::Png,
        kind: Kind::Raster,
        article: "a PNG",
        pixels_per_second: None,
        memory: None,
        no_loop: None,
        opaque: None,
        still: Some(StillFormat::Png),
    },
    FormatRow {
        name: "gif",
        label: "GIF",
        format: Format::Gif,
        kind: Kind::Animation(AnimationFormat::Gif),
        article: "a GIF",
        pixels_per_second: Some(1_000_000_000),
        memory: Some(Job::GifAnimation),
        no_loop: None,
        opaque: Some("its one transparent colour marks the pixels a frame leaves unchanged"),
        still: None,
    },
    FormatRow {
        name: "apng",
        label: "APNG",
        format: Format::Apng,
        kind: Kind::Animation(AnimationFormat::Apng),
        article: "an APNG",
        pixels_per_second: Some(80_000_000),
        memory: Some(Job::ApngAnimation),
        no_loop: None,
        opaque: None,
        still: None,
    },
    FormatRow {
        name: "webp",
        label: "WebP",
        format: Format::Webp,
        kind: Kind::Animation(AnimationFormat::Webp),
        article: "a WebP",
        pixels_per_second: Some(35_000_000),
        memory: Some(Job::WebpAnimation),
        no_loop: None,
        opaque: None,
        still: None,
    },
    FormatRow {
        name: "mp4",
        label: "MP4",
        format: Format::Mp4,
        kind: Kind::Animation(AnimationFormat::Mp4),
        article: "an MP4 video",
        pixels_per_second: None,
        memory: None,
        no_loop: Some(
            "a video has no loop count; the player or slide program loops it (PowerPoint: Loop until Stopped)",
        ),
        opaque: Some("H.264 has no transparency"),
        still: None,
    },
    FormatRow {
        name: "svg",
        label: "SVG",
        format: Format::Svg,
        kind: Kind::Vector(|figure, _, w| figure.write_svg(w)),
        article: "an SVG",
        pixels_per_second: None,
        memory: None,
        no_loop: None,
        opaque: None,
        still: Some(StillFormat::Svg),
    },
    FormatRow {
        name: "pdf",
        label: "PDF",
        format: Format::Pdf,
        kind: Kind::Vector(|figure, pdf, w| figure.write_pdf(w, pdf)),
        article: "a PDF",
        pixels_per_second: None,
        memory: None,
        no_loop: None,
        opaque: None,
        still: Some(StillFormat::Pdf),
    },
    FormatRow {
        name: "tex",
        label: "TeX (TikZ)",
        format: Format::Tex,
        kind: Kind::Vector(|figure, _, w| figure.write_tikz(w)),
        article: "TikZ source",
        pixels_per_second: None,
        memory: None,
        no_loop: None,
        opaque: None,
        still: Some(StillFormat::Tex),
    },
    FormatRow {
        name: "html",
        label: "HTML",
        format: Format::Html,
        kind: Kind::Player,
        article: "a web page",
        pixels_per_second: None,
        memory: None,
        no_loop: Some("a web page plays when asked, from any step"),
        opaque: None,
        still: None,
    },
];

impl FormatRow {
    /// The row of a format (`None` for text).
    pub fn of(format: Format) -> Option<FormatRow> {
        FORMATS.iter().copied().find(|f| f.format == format)
    }

    /// The row of a still format.
    pub fn of_still(still: StillFormat) -> FormatRow {
        FORMATS
            .iter()
            .copied()
            .find(|f| f.still == Some(still))
            .expect("every still format has its row")
    }

    /// The row named by a file name's extension (any case).
    pub fn by_extension(ext: &str) -> Option<FormatRow> {
        FORMATS
            .iter()
            .copied()
            .find(|f| f.name.eq_ignore_ascii_case(ext))
    }

    /// The row of an animation format.
    pub fn of_animation(animation: AnimationFormat) -> FormatRow {
        FORMATS
            .iter()
            .copied()
            .find(|f| matches!(f.kind, Kind::Animation(a) if a == animation))
            .expect("every animation format has its row")
    }

    /// The output format.
    pub fn format(self) -> Format {
        self.format
    }

    /// Whether `format` is an animation (GIF, APNG, WebP, MP4).
    pub fn is_animation(format: Format) -> bool {
        FormatRow::of(format).is_some_and(|f| matches!(f.kind, Kind::Animation(_)))
    }

    /// Whether it is a still (raster or vector).
    pub fn is_still(self) -> bool {
        self.still.is_some()
    }

    /// The still format of the frame writer, or `None` for an animation.
    pub fn still(self) -> Option<StillFormat> {
        self.still
    }
}

/// The stills' labels as a refusal lists them: "PNG, SVG, PDF or TeX", from the rows.
pub(crate) fn still_labels() -> String {
    let labels: Vec<&str> = FORMATS
        .iter()
        .filter(|f| f.is_still())
        .map(|f| f.label)
        .collect();
    or_list(&labels)
}

/// Names as a sentence lists choices: "a, b or c".
pub(crate) fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => names.concat(),
    }
}

impl StillFormat {
    /// The file name extension, without the dot: its row's.
    pub fn extension(self) -> &'static str {
        FormatRow::of_still(self).name
    }
}

/// Writes a still drawn as vector shapes in its row's format; a raster format is painted, not
/// drawn as shapes, and is refused.
pub fn write_still(
    still: StillFormat,
    figure: &VectorFigure,
    pdf: &PdfOptions,
    w: &mut dyn Write,
) -> Result<()> {
    match FormatRow::of_still(still).kind {
        Kind::Vector(write) => write(figure, pdf, w),
        Kind::Raster => Err(Error::Encode(format!(
            "a {} is painted, not drawn as shapes",
            FormatRow::of_still(still).label
        ))),
        Kind::Animation(_) | Kind::Player => Err(Error::Encode(format!(
            "{} is not a still",
            FormatRow::of_still(still).label
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The formats, written out once: help texts, `--format`'s values, refusals, completions and
    /// the manual page list them from the rows, and their tests compare with the rows.
    #[test]
    fn the_formats_are_these() {
        let rows: Vec<(&str, &str, bool, bool)> = FORMATS
            .iter()
            .map(|f| {
                let animation = matches!(f.kind, Kind::Animation(_) | Kind::Player);
                (f.name, f.label, f.is_still(), animation)
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("png", "PNG", true, false),
                ("gif", "GIF", false, true),
                ("apng", "APNG", false, true),
                ("webp", "WebP", false, true),
                ("mp4", "MP4", false, true),
                ("svg", "SVG", true, false),
                ("pdf", "PDF", true, false),
                ("tex", "TeX (TikZ)", true, false),
                ("html", "HTML", false, true),
            ]
        );
        let names_where = |keep: fn(&FormatRow) -> bool| -> Vec<&str> {
            FORMATS.iter().filter(|f| keep(f)).map(|f| f.name).collect()
        };
        assert_eq!(names_where(|f| f.no_loop.is_some()), ["mp4", "html"]);
        assert_eq!(names_where(|f| f.opaque.is_some()), ["gif", "mp4"]);
    }

    #[test]
    fn every_row_is_found_by_its_name_and_its_format() {
        for row in FORMATS {
            let by_name = FormatRow::by_extension(&row.name.to_uppercase()).expect(row.name);
            assert_eq!(by_name.format, row.format);
            assert_eq!(FormatRow::of(row.format).map(|f| f.name), Some(row.name));
            if let Kind::Animation(a) = row.kind {
                assert_eq!(FormatRow::of_animation(a).name, row.name);
            }
            // A loop count and an opaque page are facts of an animation only.
            if row.no_loop.is_some() || row.opaque.is_some() {
                assert!(!row.is_still(), "{}", row.name);
            }
        }
    }
}
