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

use crate::vector::sink::Sink;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;

use super::layers::{self, push_fixed, push_num, Draw};
use crate::display::list::{
    DisplayList, FillRule, Ink, Layer, Shape, SymbolId, SymbolShape, SymbolText,
};
use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::{Path, Rect, Segment};
use crate::scene::Description;

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

/// The standard LaTeX sizes and their points in a 10 pt document: text is set at one of these, so it
/// grows and shrinks with the document's `\normalsize`.
const SIZES: [(&str, f32); 10] = [
    ("\\tiny", 5.0),
    ("\\scriptsize", 7.0),
    ("\\footnotesize", 8.0),
    ("\\small", 9.0),
    ("\\normalsize", 10.0),
    ("\\large", 12.0),
    ("\\Large", 14.4),
    ("\\LARGE", 17.28),
    ("\\huge", 20.74),
    ("\\Huge", 24.88),
];

/// How much larger than the figure's own size a standard size may be and still be taken (5 %): a
/// size a hair under `\small` is set in `\small`, not `\footnotesize`.
const SIZE_SLACK: f32 = 1.05;

/// Writes `list` as [`write_tikz_with`] does, with `description` as the source's first comment
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

/// What every part of the source needs.
struct Writer<'a> {
    list: &'a DisplayList,
    palette: &'a Palette,
    cm_per_px: f64,
    dpi: f64,
    /// The size comes from `--width-cm`, not from the resolution.
    by_width: bool,
    /// Whether the background is painted, and its colour.
    background: bool,
    bg: Ink,
}

impl Writer<'_> {
    /// The draws of `layer` that are written: all but the background's where it is left out.
    fn draws(&self, layer: Layer) -> impl Iterator<Item = Draw<'_>> + '_ {
        layers::draws(self.list, layer).filter(move |d| self.background || !self.behind(layer, d))
    }

    /// Whether `d` only paints the figure's background: an opaque rectangle of the background
    /// colour over the whole figure, or across it under the caption.
    fn behind(&self, layer: Layer, d: &Draw<'_>) -> bool {
        let Shape::Rect(r) = d.op else {
            return false;
        };
        let across = r.x == 0 && r.width == self.list.width;
        let whole = across && r.y == 0 && r.height == self.list.height;
        let band = layer == Layer::Caption && across;
        (whole && layer == Layer::Frame || band)
            && d.alpha == 255
            && d.clip.is_none()
            && self.palette.rgb(d.ink) == self.palette.rgb(self.bg)
    }

    /// The size of the picture's source in bytes, counted as it is made and not kept.
    fn picture_bytes(&self) -> std::io::Result<usize> {
        let mut count = Count(0);
        let mut sink = Sink::new(&mut count);
        self.picture(&mut sink)?;
        sink.drain()?;
        Ok(count.0)
    }

    /// `px` pixels in centimetres, to a micrometre, as text.
    fn cm(&self, px: f32) -> String {
        let mut s = String::new();
        push_fixed(
            &mut s,
            (f64::from(px) * self.cm_per_px * 10_000.0).round() as i64,
            10_000,
        );
        s
    }

    /// The colours, the boxes and the `tikzpicture`, read from the display list layer by layer as
    /// they are written (three passes: colours, boxes, draws), never gathered.
    fn picture<W: Write>(&self, sink: &mut Sink<'_, W>) -> std::io::Result<()> {
        let present = layers::present(self.list);
        let s = &mut sink.s;
        let used = layers::used_symbols(self.list);
        let mut unit = String::new();
        push_fixed(&mut unit, (self.cm_per_px * 1e6).round() as i64, 1_000_000);
        let pixel = if self.by_width {
            format!(
                "{unit} cm, the figure's width over its {} pixels",
                self.list.width
            )
        } else {
            let dpi = self.dpi.round();
            // The resolution's option, named as the command names it (not a library text).
            let option = ["-", "-dpi"].concat();
            format!(
                "2.54/{dpi} cm at {dpi} pixels per inch ({option}, else 96 as for the PDF page)"
            )
        };
        let _ = writeln!(
            s,
            "% Text is set in the document's font, sized relative to \\normalsize. One unit is one\n\
             % figure pixel, {pixel};\n\
             % y runs down, as in the PNG."
        );
        if !self.background {
            s.push_str("% No background box: the page shows through the figure.\n");
        }
        s.push_str("% colours\n");
        let mut colours: Vec<Ink> = Vec::new();
        for &layer in &present {
            for d in self.draws(layer) {
                if !colours.contains(&d.ink) {
                    colours.push(d.ink);
                }
            }
        }
        let mut names: HashMap<[u8; 3], String> = HashMap::new();
        for ink in colours {
            let rgb = self.palette.rgb(ink);
            if names.contains_key(&rgb) {
                continue;
            }
            let hex = format!("{:02X}{:02X}{:02X}", rgb[0], rgb[1], rgb[2]);
            let name = format!("cv{}", hex.to_ascii_lowercase());
            // Outside the picture an end of line is a space in the text: `%` ends each line.
            let _ = writeln!(s, "\\definecolor{{{name}}}{{HTML}}{{{hex}}}%");
            names.insert(rgb, name);
        }
        let style = format!("x={unit}cm, y=-{unit}cm, line cap=round, line join=round");
        let pics = self.boxes(sink, &present, &used, &names, &style)?;
        let s = &mut sink.s;
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[{style},\n  \
             cv text/.style={{inner sep=0pt, text height=0.7em, text depth=0pt}},\n  \
             cv box/.style={{inner sep=0pt, outer sep=0pt}}]"
        );
        let (w, h) = (self.list.width, self.list.height);
        // Text in the document's font may reach beyond where the outlines did: the picture keeps
        // the figure's size.
        let _ = writeln!(s, "\\useasboundingbox (0,0) rectangle ({w},{h});");
        let mut run = Vec::with_capacity(RUN);
        for layer in present {
            let _ = writeln!(sink.s, "% {}", layer.name());
            let mut draws = self.draws(layer).peekable();
            while let Some(d) = draws.next() {
                let colour = &names[&self.palette.rgb(d.ink)];
                // Unclipped rectangles of one paint in a row, up to RUN, are one path.
                run.clear();
                run.push(d);
                if plain(&d) {
                    while run.len() < RUN {
                        match draws.next_if(|n| plain(n) && n.ink == d.ink && n.alpha == d.alpha) {
                            Some(n) => run.push(n),
                            None => break,
                        }
                    }
                }
                if run.len() > 1 {
                    self.rects(&mut sink.s, &run, &paint(colour, d.alpha));
                } else {
                    self.draw(&mut sink.s, layer, &d, colour, &pics);
                }
                sink.spill()?;
            }
        }
        sink.s.push_str("\\end{tikzpicture}\n");
        Ok(())
    }

    /// Draws every placed symbol that is not text once into a box, one box per symbol and paint,
    /// and returns the boxes' names by (symbol index, paint). A placing copies the box, and a
    /// copy shares the drawing with the box, where a `\\pic` draws its paths anew: the 92-board
    /// sheet's 736 crowns as pics exhaust pdflatex's main memory (5,000,000 words).
    fn boxes<W: Write>(
        &self,
        sink: &mut Sink<'_, W>,
        present: &[Layer],
        used: &[bool],
        names: &HashMap<[u8; 3], String>,
        style: &str,
    ) -> std::io::Result<HashMap<(u32, String), String>> {
        let symbols = &self.list.symbols;
        let mut boxes = HashMap::new();
        for &layer in present {
            for d in self.draws(layer) {
                let Shape::Symbol { id, .. } = d.op else {
                    continue;
                };
                if !used[id.0 as usize] || symbols.text(id).is_some() {
                    continue;
                }
                let paint = paint(&names[&self.palette.rgb(d.ink)], d.alpha);
                if boxes.contains_key(&(id.0, paint.clone())) {
                    continue;
                }
                let s = &mut sink.s;
                if boxes.is_empty() {
                    s.push_str(
                        "% shapes placed more than once, each drawn once into a box in the colour \
                         of its placing\n",
                    );
                }
                let stem: String = symbols
                    .get(id)
                    .name
                    .chars()
                    .filter(char::is_ascii_alphabetic)
                    .collect();
                // Control sequence names are letters only: the box's number in letters.
                let name = format!("\\chessviz{stem}{}", letters(boxes.len()));
                // The box is of no size, its point at the shape's origin: a node of it sits
                // there whatever its anchor.
                let _ = write!(
                    s,
                    "\\ifdefined{name}\\else\\newsavebox{name}\\fi%\n\\savebox{name}{{\\begin{{tikzpicture}}[{style}, {paint}]\\useasboundingbox (0,0) rectangle (0,0);"
                );
                self.shape(s, &symbols.get(id).shape);
                s.push_str("\\end{tikzpicture}}%\n");
                boxes.insert((id.0, paint), name);
                sink.spill()?;
            }
        }
        Ok(boxes)
    }

    /// A symbol's geometry as TikZ paths in the current colour.
    fn shape(&self, s: &mut String, shape: &SymbolShape) {
        let fill = |s: &mut String, path: &Path, rule: FillRule| {
            // A union fill is each contour filled on its own, so overlapping parts never cancel.
            for group in layers::fill_groups(path, rule) {
                s.push_str("\\fill");
                push_contours(s, &group);
                s.push(';');
            }
        };
        match shape {
            SymbolShape::Fill { path, rule } => fill(s, path, *rule),
            SymbolShape::Text(run) => fill(s, run.outline(), FillRule::NonZero),
            SymbolShape::Ring { cx, cy, r, width } => {
                let _ = write!(s, "\\draw[line width={}cm] (", self.cm(*width));
                push_point(s, [*cx, *cy]);
                s.push_str(") circle[radius=");
                push_num(s, *r);
                s.push_str("];");
            }
            SymbolShape::Halo { path, grow, .. } => {
                // The outline grown by whole pixels, as the raster dilates it: filled and stroked
                // twice as wide as it grows.
                let k = layers::halo_steps(*grow) as f32;
                let _ = write!(s, "\\filldraw[line width={}cm]", self.cm(2.0 * k));
                push_contours(s, &path.contours());
                s.push(';');
            }
        }
    }

    /// One item on one line: a fill, a line, a placed pic or a text node.
    fn draw(
        &self,
        s: &mut String,
        layer: Layer,
        d: &Draw<'_>,
        colour: &str,
        boxes: &HashMap<(u32, String), String>,
    ) {
        let paint = paint(colour, d.alpha);
        if let Shape::Symbol { id, dx, dy } = d.op {
            if let Some(text) = self.list.symbols.text(id) {
                self.node(s, layer, text, (id, dx, dy), colour);
                return;
            }
        }
        if let Some(c) = d.clip {
            s.push_str("\\begin{scope}\\clip");
            push_rect(s, c);
            s.push(';');
        }
        match d.op {
            Shape::Rect(r) => {
                let _ = write!(s, "\\fill[{paint}]");
                push_rect(s, r);
                s.push(';');
            }
            Shape::Symbol { id, dx, dy } => {
                let name = &boxes[&(id.0, paint)];
                let _ = write!(s, "\\node[cv box] at ({dx},{dy}) {{\\usebox{name}}};");
            }
            Shape::Polyline { points, width } => {
                if points.iter().all(|p| same(*p, points[0])) {
                    // A line of no length is a round dot.
                    let _ = write!(s, "\\fill[{paint}] (");
                    push_point(s, points[0]);
                    s.push_str(") circle[radius=");
                    push_num(s, width / 2.0);
                    s.push_str("];");
                } else {
                    let _ = write!(s, "\\draw[{paint}, line width={}cm] ", self.cm(width));
                    for (k, p) in points.iter().enumerate() {
                        if k > 0 {
                            s.push_str(" -- ");
                        }
                        s.push('(');
                        push_point(s, *p);
                        s.push(')');
                    }
                    s.push(';');
                }
            }
        }
        if d.clip.is_some() {
            s.push_str("\\end{scope}");
        }
        s.push('\n');
    }

    /// Rectangles of one paint in a row as one path: a `\\fill` of its own each costs pdflatex a
    /// scope and a colour, which the outlines and grid of a 64 x 64 tromino board (13,000
    /// rectangles) exhaust its main memory with.
    fn rects(&self, s: &mut String, run: &[Draw<'_>], paint: &str) {
        let _ = write!(s, "\\fill[{paint}]");
        for d in run {
            if let Shape::Rect(r) = d.op {
                push_rect(s, r);
            }
        }
        s.push_str(";\n");
    }

    /// A text node centred where the outline's ink was centred, in the document's font.
    fn node(
        &self,
        s: &mut String,
        layer: Layer,
        text: &SymbolText,
        (id, dx, dy): (SymbolId, i32, i32),
        colour: &str,
    ) {
        let bounds = layers::symbol_bounds(&self.list.symbols.get(id).shape);
        let Some((x0, y0, x1, y1)) = bounds else {
            return;
        };
        let centre = [(x0 + x1) / 2.0 + dx as f32, (y0 + y1) / 2.0 + dy as f32];
        let points = f64::from(text.em) * 72.0 / self.dpi;
        let (size, scale) = latex_size(points as f32);
        // A panel's code in the document's typewriter face, as the figure sets it in a monospace
        // one.
        let face = if layer == Layer::Panel {
            "\\ttfamily"
        } else {
            ""
        };
        let _ = write!(s, "\\node[cv text, text={colour}, font={size}{face}");
        if let Some(scale) = scale {
            s.push_str(", scale=");
            push_num(s, scale);
        }
        if layer == Layer::Caption {
            // A caption set wider than the outlines were wraps within the figure.
            let width = self.cm(self.list.width.saturating_sub(8) as f32);
            let _ = write!(s, ", align=center, text width={width}cm");
        }
        // A panel's lines are set from their left edge, so that code keeps its indents in the
        // document's font too.
        let centre = if layer == Layer::Panel {
            s.push_str(", anchor=west");
            [x0 + dx as f32, centre[1]]
        } else {
            centre
        };
        s.push_str("] at (");
        push_point(s, centre);
        let _ = writeln!(s, ") {{{}}};", escape(&text.text));
    }
}

/// Rectangles one path holds at most: pgf gathers a path's text by copying it whole for each
/// part, so a path's cost grows as the square of its length.
const RUN: usize = 100;

/// Whether `d` is an unclipped rectangle, which a run of its paint may join.
fn plain(d: &Draw<'_>) -> bool {
    matches!(d.op, Shape::Rect(_)) && d.clip.is_none()
}

/// Whether any text of `list` is Chinese (or other CJK script), which only xelatex with xeCJK sets.
fn has_cjk(list: &DisplayList) -> bool {
    (0..list.symbols.len()).any(|i| {
        list.symbols.text(SymbolId(i as u32)).is_some_and(|t| {
            t.text
                .chars()
                .any(|c| matches!(c, '\u{2e80}'..='\u{9fff}' | '\u{f900}'..='\u{faff}' | '\u{ff00}'..='\u{ffef}'))
        })
    })
}

/// A colour and, when the item is see-through, its opacity, as TikZ options.
fn paint(colour: &str, alpha: u8) -> String {
    let mut paint = colour.to_string();
    if alpha < 255 {
        paint.push_str(", opacity=");
        push_fixed(&mut paint, (i64::from(alpha) * 1000 + 127) / 255, 1000);
    }
    paint
}

/// `n` in letters, as a control sequence may hold them: 0 = a, 25 = z, 26 = ba, ...
fn letters(mut n: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (n % 26) as u8);
        n /= 26;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The standard size for text of `points` points (the largest not above it, with [`SIZE_SLACK`]),
/// and a scale where it lies beyond the smallest or the largest.
pub(crate) fn latex_size(points: f32) -> (&'static str, Option<f32>) {
    let (tiny, huge) = (SIZES[0], SIZES[SIZES.len() - 1]);
    if !(points.is_finite() && points > 0.0) {
        return (SIZES[4].0, None);
    }
    if points > huge.1 * SIZE_SLACK {
        return (huge.0, Some(points / huge.1));
    }
    match SIZES
        .iter()
        .rev()
        .find(|(_, pt)| *pt <= points * SIZE_SLACK)
    {
        Some((name, _)) => (name, None),
        None => (tiny.0, Some(points / tiny.1)),
    }
}

/// `text` as TeX source: the special characters (`\ { } $ & # ^ _ % ~`, and `< > |`, which the
/// default font encoding prints as other characters) written as commands.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '\u{d7}' => out.push_str("\\ensuremath{\\times}"),
            // A line break or tab in a caption is a space to TeX anyway; a stray control character
            // would stop pdflatex.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// True when both points print the same.
fn same(a: [f32; 2], b: [f32; 2]) -> bool {
    layers::hundredths(a[0]) == layers::hundredths(b[0])
        && layers::hundredths(a[1]) == layers::hundredths(b[1])
}

fn push_point(s: &mut String, p: [f32; 2]) {
    push_num(s, p[0]);
    s.push(',');
    push_num(s, p[1]);
}

/// ` (x,y) rectangle +(w,h)`.
fn push_rect(s: &mut String, r: Rect) {
    let _ = write!(
        s,
        " ({},{}) rectangle +({},{})",
        r.x, r.y, r.width, r.height
    );
}

/// Closed contours as TikZ path operations (quadratic curves written as the equal cubic ones).
fn push_contours(s: &mut String, contours: &[Vec<Segment>]) {
    let at = |s: &mut String, p: [f32; 2]| {
        s.push('(');
        push_point(s, p);
        s.push(')');
    };
    for c in contours {
        let Some(first) = c.first() else { continue };
        let start = match *first {
            Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _) => a,
        };
        s.push(' ');
        at(s, start);
        for (k, seg) in c.iter().enumerate() {
            match *seg {
                Segment::Line(_, b) => {
                    // The closing line is what `cycle` draws.
                    if k + 1 == c.len() && same(b, start) {
                        continue;
                    }
                    s.push_str(" -- ");
                    at(s, b);
                }
                Segment::Quad(a, q, b) => {
                    let lerp = |p: [f32; 2]| {
                        [
                            p[0] + 2.0 / 3.0 * (q[0] - p[0]),
                            p[1] + 2.0 / 3.0 * (q[1] - p[1]),
                        ]
                    };
                    curve(s, lerp(a), lerp(b), b);
                }
                Segment::Cubic(_, q, r, b) => curve(s, q, r, b),
            }
        }
        s.push_str(" -- cycle");
    }
}

/// ` .. controls (q) and (r) .. (b)`.
fn curve(s: &mut String, q: [f32; 2], r: [f32; 2], b: [f32; 2]) {
    s.push_str(" .. controls (");
    push_point(s, q);
    s.push_str(") and (");
    push_point(s, r);
    s.push_str(") .. (");
    push_point(s, b);
    s.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_sizes_follow_the_standard_sizes() {
        assert_eq!(latex_size(10.0), ("\\normalsize", None));
        assert_eq!(latex_size(9.6), ("\\normalsize", None));
        assert_eq!(latex_size(11.4), ("\\normalsize", None));
        assert_eq!(latex_size(11.9), ("\\large", None));
        assert_eq!(latex_size(14.0), ("\\Large", None));
        assert_eq!(latex_size(5.0), ("\\tiny", None));
        let (name, scale) = latex_size(2.5);
        assert_eq!((name, scale), ("\\tiny", Some(0.5)));
        let (name, scale) = latex_size(49.76);
        assert_eq!((name, scale), ("\\Huge", Some(2.0)));
    }

    #[test]
    fn tex_specials_are_escaped() {
        assert_eq!(
            escape(r"a\b{c}$&#^_%~<>|"),
            r"a\textbackslash{}b\{c\}\$\&\#\textasciicircum{}\_\%\textasciitilde{}\textless{}\textgreater{}\textbar{}"
        );
        assert_eq!(escape("3 \u{d7} 3"), "3 \\ensuremath{\\times} 3");
        assert_eq!(escape("Solution 1 of 92"), "Solution 1 of 92");
    }
}
