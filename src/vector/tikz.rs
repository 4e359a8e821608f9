//! TikZ source of a [`DisplayList`]: a `tikzpicture` to `\input` into a LaTeX document (or, with
//! [`TikzOptions::standalone`], a complete `standalone` document).
//!
//! The picture's x and y units are one figure pixel (y runs down, as in the PNG), so the source keeps
//! the display list's numbers, and a pixel is `2.54 / dpi` cm: `--dpi` or, as for the PDF page, 96
//! pixels per inch. Every colour is defined once by `\definecolor`; shapes placed more than once (the
//! crown, a node's disc and ring) are `pic`s defined once; items are written one per line, grouped by
//! layer under a comment. Numbers, labels and captions are `\node`s in the document's font, at the
//! standard size nearest below the figure's own (`\small`, `\Large`, ...), so they follow the
//! document's size; pieces are paths from the same outlines every other backend draws, never a font
//! glyph. Numbers are written with at most two decimals, so the bytes are deterministic.

mod path;
mod picture;
mod tex;
mod writer;

use crate::vector::sink::Sink;
use std::fmt::Write as _;
use std::io::Write;

use super::layers;
use crate::display::list::DisplayList;
use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};
use crate::scene::Description;
use tex::has_cjk;
use writer::Writer;

/// The resolution without `dpi`: the PDF page's (0.75 pt a pixel).
pub const DEFAULT_DPI: u32 = 96;

/// How TikZ source is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TikzOptions {
    /// Pixels per inch: the size of a figure pixel (`None`: [`DEFAULT_DPI`]).
    pub dpi: Option<u32>,
    /// A complete `standalone` document (`pdflatex FILE.tex` makes a PDF the size of the figure),
    /// not only the `tikzpicture`.
    pub standalone: bool,
    /// The figure's width in micrometres: a pixel is this over the figure's width in pixels
    /// (`None`: `2.54 / dpi` cm).
    pub width_um: Option<u32>,
    /// Paint the figure's background colour behind it (`false`: the page shows through, as a
    /// figure placed in a document's text usually wants).
    pub background: bool,
}

/// Writes `list` as a `tikzpicture` with the colours of `palette`, as `options` say. The source is
/// written as it is made, a few kilobytes at a time: a figure of millions of items never exists
/// whole in memory as text, only as its display list. `description` becomes the source's first comment
/// lines (`% Title: ...`, `% Description: ...`), for an author to give the picture as its
/// alternative text. TeX Live's tagging support does not yet tag a TikZ picture of a `standalone`
/// document, so the description stays a comment there too, and says so.
pub fn write_tikz_described<W: Write>(
    mut out: W,
    list: &DisplayList,
    palette: &Palette,
    options: &TikzOptions,
    description: Option<&Description>,
) -> Result<()> {
    let writer = Writer::new(list, palette, options)?;
    let mut sink = Sink::new(&mut out);
    if let Some(about) = description {
        let line = |text: &str| text.replace(|c: char| c.is_control(), " ");
        let _ = writeln!(
            sink.s,
            "% Title: {}\n% Description: {}",
            line(&about.short),
            line(&about.text())
        );
        if options.standalone {
            sink.s.push_str(
                "% (LaTeX's tagging support cannot tag a TikZ picture yet: give the description as the\n\
                 % figure's alternative text where this page is used.)\n",
            );
        }
    }
    writer
        .document(&mut sink, options.standalone)
        .and_then(|()| out.flush())
        .map_err(|e| Error::Encode(format!("writing the TikZ source failed: {e}")))
}

impl<'a> Writer<'a> {
    /// The writer of `list` as `options` say; refuses a resolution of 0 pixels per inch and a
    /// width of 0.
    fn new(
        list: &'a DisplayList,
        palette: &'a Palette,
        options: &TikzOptions,
    ) -> Result<Writer<'a>> {
        let dpi = options.dpi.unwrap_or(DEFAULT_DPI);
        if dpi == 0 {
            return Err(Error::invalid(
                InvalidKind::Image,
                "a resolution must be at least 1 pixel per inch",
            ));
        }
        let cm_per_px = match options.width_um {
            Some(0) => {
                return Err(Error::invalid(
                    InvalidKind::Image,
                    "a figure must be wider than 0 cm",
                ))
            }
            Some(um) => f64::from(um) / 10_000.0 / f64::from(list.width.max(1)),
            None => 2.54 / f64::from(dpi),
        };
        Ok(Writer {
            list,
            palette,
            cm_per_px,
            // Pixels per inch: the text's point sizes follow from it.
            dpi: 2.54 / cm_per_px,
            by_width: options.width_um.is_some(),
            background: options.background,
            bg: layers::background(list),
        })
    }

    /// The size of the picture's source in bytes, counted as it is made and not kept.
    fn picture_bytes(&self) -> std::io::Result<usize> {
        let mut count = Count(0);
        let mut sink = Sink::new(&mut count);
        self.picture(&mut sink)?;
        sink.drain()?;
        Ok(count.0)
    }

    /// The whole source: the header comment (and the document's preamble when `standalone`), the
    /// picture, and the document's end.
    fn document<W: Write>(&self, sink: &mut Sink<'_, W>, standalone: bool) -> std::io::Result<()> {
        let (w, h) = (self.list.width, self.list.height);
        let (wcm, hcm) = (self.cm(w as f32), self.cm(h as f32));
        let cjk = has_cjk(self.list);
        // pdflatex stops with "TeX capacity exceeded" on a larger picture; lualatex grows its
        // memory as it needs. The picture is measured by writing it once uncounted.
        if !cjk && self.picture_bytes()? > PDFLATEX_BYTES {
            let made = if standalone {
                "a complete document, made by\n% `lualatex FILE.tex` into a PDF page the size of the figure"
            } else {
                "\\input this file where the figure goes,\n% in a document made by lualatex"
            };
            let _ = writeln!(
                sink.s,
                "% chessviz figure for lualatex, {w} x {h} px = {wcm} x {hcm} cm: {made}. It holds more shapes\n\
                 % than pdflatex's fixed main memory (5,000,000 words) can (\"TeX capacity exceeded\").{}",
                if standalone { "" } else { " Needs only\n% \\usepackage{tikz}." }
            );
            if standalone {
                sink.s.push_str(
                    "\\documentclass[border=0pt]{standalone}\n\\usepackage{tikz}\n\\begin{document}\n",
                );
            }
        } else if standalone && cjk {
            // pdflatex rejects these characters, and xelatex without xeCJK drops them silently.
            let _ = writeln!(
            sink.s,
            "% chessviz figure for xelatex, {w} x {h} px = {wcm} x {hcm} cm: a complete document, made by\n\
             % `xelatex FILE.tex` into a PDF page the size of the figure (its Chinese text is set in\n\
             % Noto Sans CJK SC, by xeCJK where installed, else by fontspec; pdflatex cannot set it).\n\
             \\documentclass[border=0pt]{{standalone}}\n\\usepackage{{tikz}}\n\\usepackage{{fontspec}}\n\
             % xeCJK is used only with the ctex bundle's ctexhook.sty, which xeCJK 3.9 and later load.\n\
             \\newif\\ifcvxecjk\n\
             \\IfFileExists{{xeCJK.sty}}{{\\IfFileExists{{ctexhook.sty}}{{\\cvxecjktrue}}{{}}}}{{}}\n\
             \\ifcvxecjk\\usepackage{{xeCJK}}\\setCJKmainfont{{Noto Sans CJK SC}}%\n\
             \\setCJKsansfont{{Noto Sans CJK SC}}\\else\\setmainfont{{Noto Sans CJK SC}}%\n\
             \\setsansfont{{Noto Sans CJK SC}}\\XeTeXlinebreaklocale \"zh\"\\fi\n\\begin{{document}}"
        );
        } else if standalone {
            let _ = writeln!(
            sink.s,
            "% chessviz figure, {w} x {h} px = {wcm} x {hcm} cm: a complete document, made by\n\
             % `pdflatex FILE.tex` into a PDF page the size of the figure.\n\
             \\documentclass[border=0pt]{{standalone}}\n\\usepackage{{tikz}}\n\\begin{{document}}"
        );
        } else if cjk {
            let _ = writeln!(
            sink.s,
            "% chessviz figure for xelatex, {w} x {h} px = {wcm} x {hcm} cm. Needs \\usepackage{{tikz}} and,\n\
             % for its Chinese text, \\usepackage{{xeCJK}} with a CJK font (\\setCJKmainfont{{Noto Sans CJK SC}}):\n\
             % \\input this file where the figure goes."
        );
        } else {
            let _ = writeln!(
            sink.s,
            "% chessviz figure, {w} x {h} px = {wcm} x {hcm} cm. Needs only \\usepackage{{tikz}}:\n\
             % \\input this file where the figure goes."
        );
        }
        self.picture(sink)?;
        if standalone {
            sink.s.push_str("\\end{document}\n");
        }
        sink.drain()
    }
}

/// The most picture source pdflatex is taken to compile: its main memory (5,000,000 words) holds
/// about 7 to 10 words per byte of drawing (a 64 x 64 tromino board, 530 kB, takes 3.9 million
/// words; the 92-board sheet, 370 kB, 3.5 million; a 128 x 128 board, 2.1 MB, does not fit). A
/// larger picture is written for lualatex, which grows its memory as it needs.
const PDFLATEX_BYTES: usize = 600_000;

/// Counts the bytes written to it, and keeps none.
struct Count(usize);

impl Write for Count {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
