//! The web page that plays a sequence of figures (`-o FILE.html`): one self-contained HTML file with
//! the first figure as inline SVG and every later one as the changes to the one before.
//!
//! Each figure is written by the SVG writer's own code (the same elements, symbols and glyphs as
//! an SVG file), and split into elements: one `<rect>`, `<use>`, `<polyline>` or clipped group per
//! drawn item. Elements, symbol definitions, glyphs and clips are each stored once for the whole
//! page, by content; a picture is the list of its elements, stored as the splices that turn the
//! list before it into it, layer by layer (a queen placed is one element added to the pieces and
//! the caption's element replaced). The page's script rebuilds any picture's list from the nearest
//! list it keeps (one in 64) and changes only the elements that differ from the one shown, so the
//! slider reaches the last of thousands of steps at once.

mod encode;
mod key;
mod page;

use std::collections::HashMap;
use std::fmt::Write as _;

use super::layers;
use super::svg::{fill_data, halo_data, push_color, write_draw, Defs, Ids};
use crate::display::list::{DisplayList, FillRule, Layer, Shape, SymbolId, SymbolShape};
use crate::display::palette::Palette;
use crate::error::{Error, Result};
use crate::geom::Rect;
use key::{draw_key, symbol_key, tokens_key, Key};

pub use page::{PageText, PlayerSize};
pub(crate) use page::{CAPTION_LINE_PX, CONTROLS_PX, PAGE_PADDING_PX};

/// How a `<use>` names what it places in inline SVG (SVG 2: no namespace declaration needed).
const HREF: &str = "href";

/// Stands for a symbol's id while its definition is compared with those already stored.
const PLACEHOLDER: char = '\u{1}';

/// A symbol's definition: SVG markup (its id a placeholder), or the glyphs of a number or caption.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Sym {
    Markup(String),
    /// (variant, distance from the glyph before) per glyph: see [`PlayerPage::tokens`].
    Run(Vec<(u32, i64)>),
}

/// What a mark along the player's slider says of its picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SliderMark {
    /// The picture's step completed something (a solution).
    Completes,
    /// A step since the picture before was held (a knight's retreat).
    Held,
}

/// One picture to add to a page.
pub(crate) struct Picture<'a> {
    /// Its drawing, in the colours of `palette`.
    pub list: &'a DisplayList,
    pub palette: &'a Palette,
    /// True when the list's symbol ids mean the same symbols as in the list before (one renderer
    /// drew both): symbols already stored are then found by id, not keyed again.
    pub stable_ids: bool,
    /// The step it shows, and its caption (for the page's text).
    pub step: u64,
    pub caption: &'a str,
    /// Its mark along the slider, if any.
    pub mark: Option<SliderMark>,
}

/// A player page being built, picture by picture.
pub(crate) struct PlayerPage {
    width: u32,
    height: u32,
    defs: Defs,
    /// Glyph and clip definitions, in first-use order (all in the page's `<defs>`).
    static_defs: String,
    clips: HashMap<Rect, String>,
    /// Symbol definitions by number (`s0`, `s1`, ...), and the numbers by content.
    symbols: Vec<Sym>,
    symbol_ids: HashMap<Sym, u32>,
    /// The glyphs of runs with their heights (hundredths), and their numbers.
    variants: Vec<(String, i64)>,
    variant_ids: HashMap<(String, i64), u32>,
    /// Fill outlines (keys of their path data) -> the symbol that draws them, for halos.
    fills: HashMap<Key, String>,
    /// The page-wide number of each symbol of the last list by its id (while ids are stable).
    names: Vec<Option<u32>>,
    /// The revision of each symbol when it was named: a line's id given to another line is
    /// named anew.
    name_revisions: Vec<u32>,
    /// The same as ids (`s12`), for the elements written.
    name_text: Vec<String>,
    /// Whether the figure's background is painted, as an SVG file would.
    paint_background: bool,
    /// How many symbols the first picture placed: defined in the page itself.
    first_symbols: usize,
    /// Symbols and elements seen before, by content ([`key`]).
    symbol_keys: HashMap<Key, u32>,
    element_keys: HashMap<Key, u32>,
    /// Elements by number, and the numbers by markup.
    elements: Vec<String>,
    element_ids: HashMap<String, u32>,
    /// The last picture's elements, layer by layer (the background first).
    last: Vec<Vec<u32>>,
    /// The first picture's elements.
    first: Vec<u32>,
    /// One line per picture after the first: the splices from the picture before.
    deltas: String,
    steps: Vec<u64>,
    captions: Vec<String>,
    /// Pictures marked along the slider.
    marks: Vec<(usize, SliderMark)>,
    /// The page's colours: the figure's background and a text colour that reads on it.
    background: Option<[u8; 3]>,
}

impl PlayerPage {
    /// An empty page; `background` paints the figure's background as an SVG file would.
    pub(crate) fn new(background: bool) -> PlayerPage {
        PlayerPage {
            width: 0,
            height: 0,
            defs: Defs::new(Ids::default(), HREF, false),
            static_defs: String::new(),
            clips: HashMap::new(),
            symbols: Vec::new(),
            symbol_ids: HashMap::new(),
            variants: Vec::new(),
            variant_ids: HashMap::new(),
            fills: HashMap::new(),
            names: Vec::new(),
            name_revisions: Vec::new(),
            name_text: Vec::new(),
            paint_background: background,
            first_symbols: 0,
            symbol_keys: HashMap::new(),
            element_keys: HashMap::new(),
            elements: Vec::new(),
            element_ids: HashMap::new(),
            last: Vec::new(),
            first: Vec::new(),
            deltas: String::new(),
            steps: Vec::new(),
            captions: Vec::new(),
            marks: Vec::new(),
            background: None,
        }
    }

    /// How many pictures the page holds.
    pub(crate) fn len(&self) -> usize {
        self.steps.len()
    }

    /// Adds a picture. Every picture must have the first one's size.
    pub(crate) fn add(&mut self, picture: Picture<'_>) -> Result<()> {
        let Picture {
            list,
            palette,
            stable_ids,
            step,
            caption,
            mark,
        } = picture;
        if self.steps.is_empty() {
            self.width = list.width;
            self.height = list.height;
            self.background = self
                .paint_background
                .then(|| palette.rgb(layers::background(list)));
        } else if (list.width, list.height) != (self.width, self.height) {
            return Err(Error::Encode(format!(
                "the pictures of a player must have one size: {} x {} after {} x {}",
                list.width, list.height, self.width, self.height
            )));
        }
        if !stable_ids {
            self.names.clear();
            self.name_text.clear();
            self.name_revisions.clear();
        }
        self.symbol_names(list);
        let mut layers_now: Vec<Vec<u32>> = Vec::with_capacity(Layer::ALL.len() + 1);
        let mut back = Vec::new();
        if self.paint_background {
            let mut s = format!(
                "<rect width=\"{}\" height=\"{}\" fill=\"",
                list.width, list.height
            );
            push_color(&mut s, palette, layers::background(list));
            s.push_str("\"/>");
            back.push(self.element(s));
        }
        layers_now.push(back);
        for layer in Layer::ALL {
            let mut ids = Vec::new();
            for d in layers::draws(list, layer) {
                let symbol = match d.op {
                    Shape::Symbol { id, .. } => self.names[id.0 as usize],
                    _ => None,
                };
                let key = draw_key(&d, symbol, palette.rgb(d.ink));
                if let Some(&n) = self.element_keys.get(&key) {
                    ids.push(n);
                    continue;
                }
                if let Some(c) = d.clip {
                    self.clip(c);
                }
                let mut s = String::new();
                write_draw(&mut s, HREF, &d, palette, &self.name_text, &self.clips);
                let n = self.element(s.trim_end().to_string());
                self.element_keys.insert(key, n);
                ids.push(n);
            }
            layers_now.push(ids);
        }
        if self.steps.is_empty() {
            self.first = layers_now.iter().flatten().copied().collect();
            self.first_symbols = self.symbols.len();
        } else {
            self.push_delta(&layers_now);
        }
        self.last = layers_now;
        if let Some(mark) = mark {
            self.marks.push((self.steps.len(), mark));
        }
        self.steps.push(step);
        self.captions.push(caption.replace(['\n', '\r'], " "));
        Ok(())
    }

    /// Gives every symbol `list` places its page-wide number in `self.names` (indexed by the
    /// list's symbol ids); symbols not seen before are stored.
    fn symbol_names(&mut self, list: &DisplayList) {
        let used = layers::used_symbols(list);
        self.names.resize(list.symbols.len(), None);
        self.name_text.resize(list.symbols.len(), String::new());
        self.name_revisions.resize(list.symbols.len(), 0);
        for (i, &u) in used.iter().enumerate() {
            let revision = list.symbols.revision(SymbolId(i as u32));
            if u && self.name_revisions[i] != revision {
                self.names[i] = None;
                self.name_revisions[i] = revision;
            }
        }
        // Fills before halos, so a halo finds the fill whose outline it grows.
        for halos in [false, true] {
            for (i, &u) in used.iter().enumerate() {
                if !u || self.names[i].is_some() {
                    continue;
                }
                let shape = &list.symbols.get(SymbolId(i as u32)).shape;
                if matches!(shape, SymbolShape::Halo { .. }) != halos {
                    continue;
                }
                // A line of text as the fill of its outline, made here and dropped: kept in the
                // renderer's run, a page's thousands of captions would hold their outlines.
                let original = shape;
                let detached;
                let shape = match shape {
                    SymbolShape::Text(run) => {
                        detached = SymbolShape::Fill {
                            path: run.outline_once(),
                            rule: FillRule::NonZero,
                        };
                        &detached
                    }
                    other => other,
                };
                let key = symbol_key(shape);
                if let Some(&n) = self.symbol_keys.get(&key) {
                    self.names[i] = Some(n);
                    self.name_text[i] = format!("s{n}");
                    continue;
                }
                let mut glyphs = String::new();
                // Text split by geometry where its glyphs stand apart (an SVG file's way, so the
                // pages of Latin text are as before), else glyph by glyph: each Chinese character
                // defined once in the page, not a caption's whole outline at every step. A single
                // glyph (a label, a piece) stays a symbol of its own, defined once as it is.
                let mut run = self.defs.glyph_run(&mut glyphs, shape);
                if let (None, SymbolShape::Text(text)) = (&run, original) {
                    if text.glyphs().len() > 1 {
                        run = self.defs.text_run(&mut glyphs, text);
                    }
                }
                let sym = match run {
                    Some(run) => Sym::Run(self.tokens(&run)),
                    None => {
                        let base =
                            halo_data(shape).and_then(|d| self.fills.get(&tokens_key(&d)).cloned());
                        let mut def = String::new();
                        let placeholder = PLACEHOLDER.to_string();
                        self.defs.symbol(
                            &mut glyphs,
                            &mut def,
                            shape,
                            &placeholder,
                            base.as_deref(),
                        );
                        Sym::Markup(def.replace('\n', ""))
                    }
                };
                self.static_defs.push_str(&glyphs);
                let n = match self.symbol_ids.get(&sym) {
                    Some(&n) => n,
                    None => {
                        let n = self.symbols.len() as u32;
                        self.symbol_ids.insert(sym.clone(), n);
                        self.symbols.push(sym);
                        n
                    }
                };
                self.symbol_keys.insert(key, n);
                // Kept as a key: a page's thousands of captions are outlines of many KB each.
                if let Some(d) = fill_data(shape) {
                    self.fills
                        .entry(tokens_key(&d))
                        .or_insert_with(|| format!("s{n}"));
                }
                self.names[i] = Some(n);
                self.name_text[i] = format!("s{n}");
            }
        }
    }

    /// A glyph run as tokens: each glyph's variant (its outline and height) and its distance in
    /// hundredths of a pixel from the glyph before, so equal words at other places are equal runs.
    fn tokens(&mut self, run: &[(String, [f32; 2])]) -> Vec<(u32, i64)> {
        let mut x = 0;
        run.iter()
            .map(|(glyph, at)| {
                let key = (glyph.clone(), layers::hundredths(at[1]));
                let next = self.variants.len() as u32;
                let v = *self.variant_ids.entry(key.clone()).or_insert(next);
                if v == next {
                    self.variants.push(key);
                }
                let hx = layers::hundredths(at[0]);
                let dx = hx - x;
                x = hx;
                (v, dx)
            })
            .collect()
    }

    /// The definition of symbol `n` in SVG.
    fn symbol_markup(&self, n: usize) -> String {
        let id = format!("s{n}");
        match &self.symbols[n] {
            Sym::Markup(m) => m.replace(PLACEHOLDER, &id),
            Sym::Run(tokens) => {
                let mut x = 0;
                let run: Vec<(String, [f32; 2])> = tokens
                    .iter()
                    .map(|&(v, dx)| {
                        x += dx;
                        let (glyph, y) = &self.variants[v as usize];
                        (glyph.clone(), [x as f32 / 100.0, *y as f32 / 100.0])
                    })
                    .collect();
                format!(
                    "<g id=\"{id}\" fill=\"currentColor\">{}</g>",
                    self.defs.uses(&run)
                )
            }
        }
    }

    /// Defines the clip of rectangle `r` once.
    fn clip(&mut self, r: Rect) {
        if self.clips.contains_key(&r) {
            return;
        }
        let id = format!("c{}", self.clips.len());
        let _ = write!(
            self.static_defs,
            "<clipPath id=\"{id}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>",
            r.x, r.y, r.width, r.height
        );
        self.clips.insert(r, id);
    }

    /// The number of an element's markup, stored once.
    fn element(&mut self, markup: String) -> u32 {
        if let Some(&n) = self.element_ids.get(&markup) {
            return n;
        }
        let n = self.elements.len() as u32;
        self.elements.push(markup.clone());
        self.element_ids.insert(markup, n);
        n
    }

    /// Appends the line of splices that turn the last picture into `now`: per layer, the run
    /// between what the two share at its start and at its end, replaced. Splices are written last
    /// layer first, so each one's position counts the earlier layers as they still are.
    fn push_delta(&mut self, now: &[Vec<u32>]) {
        let mut offsets = Vec::with_capacity(self.last.len());
        let mut at = 0usize;
        for l in &self.last {
            offsets.push(at);
            at += l.len();
        }
        let mut line = String::new();
        for (k, (old, new)) in self.last.iter().zip(now).enumerate().rev() {
            let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
            let rest = old.len().min(new.len()) - prefix;
            let suffix = old
                .iter()
                .rev()
                .zip(new.iter().rev())
                .take(rest)
                .take_while(|(a, b)| a == b)
                .count();
            let removed = old.len() - prefix - suffix;
            let added = &new[prefix..new.len() - suffix];
            if removed == 0 && added.is_empty() {
                continue;
            }
            if !line.is_empty() {
                line.push(' ');
            }
            let _ = write!(line, "{} {} {}", offsets[k] + prefix, removed, added.len());
            for e in added {
                let _ = write!(line, " {e}");
            }
        }
        self.deltas.push_str(&line);
        self.deltas.push('\n');
    }

    /// Writes the page: `ms` is how long each picture is shown (one per picture), `text` the
    /// page's title and words.
    pub(crate) fn write(
        &self,
        out: &mut dyn std::io::Write,
        ms: &[u32],
        text: &PageText,
    ) -> Result<u64> {
        if self.steps.is_empty() || ms.len() != self.steps.len() {
            return Err(Error::Encode(
                "a player needs one time per picture, and at least one picture".into(),
            ));
        }
        page::write(self, out, ms, text)
    }
}
