//! The `tikzpicture` itself: its colours, the boxes of shapes placed more than once, and every
//! item of the display list, layer by layer, one per line.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;

use super::path::{push_contours, push_point, push_rect, same};
use super::tex::{escape, latex_size};
use super::writer::Writer;
use crate::display::list::{FillRule, Ink, Layer, Shape, SymbolId, SymbolShape, SymbolText};
use crate::geom::Path;
use crate::vector::layers::{self, push_fixed, push_num, Draw};
use crate::vector::sink::Sink;

impl Writer<'_> {
    /// The colours, the boxes and the `tikzpicture`, read from the display list layer by layer as
    /// they are written (three passes: colours, boxes, draws), never gathered.
    pub(super) fn picture<W: Write>(&self, sink: &mut Sink<'_, W>) -> std::io::Result<()> {
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
