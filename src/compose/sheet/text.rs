//! Where a contact sheet's text goes: the label under each board and the title above the grid, as
//! runs of text placed at whole pixels. The raster sheet ([`crate::compose::sheet::compose`]) fills them as
//! masks and the vector sheet ([`crate::compose::sheet::vector`]) places them as outlines, from this one
//! placement, so both set every label and the title in the same spot, in the inks of one palette
//! ([`sheet_palette`]).

use crate::compose::sheet::layout::{title_px, SheetLayout, SheetOptions};
use crate::compose::style::Style;
use crate::display::glyph::Font;
use crate::display::list::Layer;
use crate::display::palette::{mix, Palette, PaletteBuilder, Rgb};
use crate::display::text_size::MIN_TEXT_PX;
use crate::geom::Rect;

/// One board's label: `head` in full ink (the number), then `body` in a softer ink (what it shows).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Label {
    /// Drawn first, in the label ink.
    pub head: String,
    /// Drawn after a gap, in the muted ink.
    pub body: String,
}

/// Which of the sheet's inks a run of text is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextInk {
    /// The full ink: numbers and the title.
    Full,
    /// The softer ink: what a board shows.
    Muted,
}

/// Palette indices of what the sheet draws itself.
pub(crate) struct Inks {
    pub background: u8,
    pub frame: u8,
    pub ink: u8,
    pub muted: u8,
}

impl Inks {
    /// The index a run of text is drawn in.
    pub fn of(&self, ink: TextInk) -> u8 {
        match ink {
            TextInk::Full => self.ink,
            TextInk::Muted => self.muted,
        }
    }
}

/// The boards' palette with the sheet's inks added, ramps registered for anti-aliased labels. Board
/// indices stay valid: the colours are re-added in order, and a palette has no duplicates.
pub(crate) fn sheet_palette(boards: &Palette, style: &Style) -> (Palette, Inks) {
    let t = &style.drawn_theme();
    let ink_rgb = t.ink_on(t.background);
    let muted_rgb: Rgb = mix(t.background, ink_rgb, 170);
    let mut b = PaletteBuilder::new();
    for &c in boards.colors() {
        b.color(c);
    }
    let inks = Inks {
        background: b.color(t.background),
        frame: b.color(t.grid),
        ink: b.color(ink_rgb),
        muted: b.color(muted_rgb),
    };
    b.ramp(inks.background, inks.ink);
    b.ramp(inks.background, inks.muted);
    match b.build() {
        Ok(p) => (p, inks),
        // A full board palette: draw with what is there (blends fall back to the nearest colours).
        Err(_) => {
            let near = |rgb| boards.nearest(rgb);
            let inks = Inks {
                background: near(t.background),
                frame: near(t.grid),
                ink: near(ink_rgb),
                muted: near(muted_rgb),
            };
            (boards.clone(), inks)
        }
    }
}

/// A run of text on the sheet: the top-left corner of its ink box (the tight box around its
/// outlines, as [`Font::text_path`] and [`Font::text_mask`] place it) at `x`, `y`, nothing drawn
/// outside `clip`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TextRun {
    pub text: String,
    pub px: f32,
    pub x: i32,
    pub y: i32,
    pub ink: TextInk,
    pub clip: Rect,
    /// [`Layer::Labels`] or [`Layer::Caption`] (the title), for vector output's grouping.
    pub layer: Layer,
}

/// Every run of text on the sheet: the labels in board order, then the title. Empty texts have no
/// run.
pub(crate) fn sheet_texts(
    layout: &SheetLayout,
    labels: &[Label],
    font: &Font,
    options: &SheetOptions,
) -> Vec<TextRun> {
    let set = label_set(font, labels, layout);
    let mut runs = Vec::with_capacity(labels.len() * 2 + 1);
    for (i, label) in labels.iter().enumerate() {
        place_label(&mut runs, font, set, label, layout.label_rect(i));
    }
    if let Some(title) = options.title.as_deref().filter(|t| !t.is_empty()) {
        let band = layout.title_rect();
        let px = title_px(font, layout.title_h());
        let (w, h) = font.measure(title, px);
        // Centred in the band, nudged down by half a gutter towards the grid it names.
        let x = ((band.width as f32 - w) / 2.0).round() as i32;
        let y = ((band.height as f32 + layout.gutter() as f32 * 0.5 - h) / 2.0).round() as i32;
        runs.push(TextRun {
            text: title.to_string(),
            px,
            x,
            y,
            ink: TextInk::Full,
            clip: band,
            layer: Layer::Caption,
        });
    }
    runs
}

/// How the labels are set: one font size for all of them, and how much of each is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
enum LabelSet {
    /// Number and notation on one line.
    OneLine(f32),
    /// The number above the notation.
    TwoLines(f32),
    /// The number alone: the notation cannot be legible under the board.
    HeadOnly(f32),
    /// Nothing: not even the number can be legible.
    Hidden,
}

/// The largest legible way to set every label: digits `label_h` pixels high (or as high as the band
/// allows), shrunk so the widest label fits under its board with room on both sides, never below the
/// legible floor ([`MIN_TEXT_PX`]); past that on two lines, then the number alone.
fn label_set(font: &Font, labels: &[Label], layout: &SheetLayout) -> LabelSet {
    let room = layout.board_rect(0).width as f32 * 0.92;
    let label_h = layout.label_h() as f32;
    let digits = |h: f32| font.fit_px("0123456789", f32::MAX / 4.0, h);
    let legible = |px: f32| font.measure("0", px).1 >= MIN_TEXT_PX;
    let fit = |px: f32, text: &dyn Fn(&Label) -> String| {
        let widest = labels
            .iter()
            .map(|l| font.measure(&text(l), px).0)
            .fold(0.0f32, f32::max);
        if widest > room {
            px * room / widest
        } else {
            px
        }
    };
    let one = fit(digits(label_h), &label_text);
    if legible(one) {
        return LabelSet::OneLine(one);
    }
    let line_h = label_h.min(layout.label_band() as f32 * 0.36);
    let two = fit(digits(line_h), &|l: &Label| l.head.clone())
        .min(fit(digits(line_h), &|l: &Label| l.body.clone()));
    if legible(two) {
        return LabelSet::TwoLines(two);
    }
    let head = fit(digits(label_h), &|l: &Label| l.head.clone());
    if legible(head) {
        return LabelSet::HeadOnly(head);
    }
    LabelSet::Hidden
}

/// The label as one line (used for measuring): head, three spaces, body.
fn label_text(l: &Label) -> String {
    match (l.head.is_empty(), l.body.is_empty()) {
        (false, false) => format!("{}   {}", l.head, l.body),
        (true, _) => l.body.clone(),
        (_, true) => l.head.clone(),
    }
}

/// Sets the label in its band as `set` says: the head in ink, the body in the muted ink, digits of
/// one line sharing one baseline (their ink boxes are aligned at the top, and digits are all as tall).
fn place_label(runs: &mut Vec<TextRun>, font: &Font, set: LabelSet, label: &Label, band: Rect) {
    let mut put = |text: &str, px: f32, x: f32, top: f32, ink: TextInk| {
        if text.is_empty() {
            return;
        }
        runs.push(TextRun {
            text: text.to_string(),
            px,
            x: x.round() as i32,
            y: top.round() as i32,
            ink,
            clip: band,
            layer: Layer::Labels,
        });
    };
    let centred =
        |text: &str, px: f32| band.x as f32 + (band.width as f32 - font.measure(text, px).0) / 2.0;
    match set {
        LabelSet::OneLine(px) => {
            let full = label_text(label);
            let (total_w, _) = font.measure(&full, px);
            let (body_w, _) = font.measure(&label.body, px);
            let (_, digit_h) = font.measure("0", px);
            let x0 = band.x as f32 + (band.width as f32 - total_w) / 2.0;
            // A little closer to the board than to the next row.
            let top = band.y as f32 + (band.height as f32 - digit_h) * 0.45;
            put(&label.head, px, x0, top, TextInk::Full);
            put(&label.body, px, x0 + total_w - body_w, top, TextInk::Muted);
        }
        LabelSet::TwoLines(px) => {
            let (_, digit_h) = font.measure("0", px);
            let gap = digit_h * 0.45;
            let top = band.y as f32 + (band.height as f32 - 2.0 * digit_h - gap) * 0.45;
            put(
                &label.head,
                px,
                centred(&label.head, px),
                top,
                TextInk::Full,
            );
            let below = top + digit_h + gap;
            let body_x = centred(&label.body, px);
            put(&label.body, px, body_x, below, TextInk::Muted);
        }
        LabelSet::HeadOnly(px) => {
            let (_, digit_h) = font.measure("0", px);
            let top = band.y as f32 + (band.height as f32 - digit_h) * 0.45;
            put(
                &label.head,
                px,
                centred(&label.head, px),
                top,
                TextInk::Full,
            );
        }
        LabelSet::Hidden => {}
    }
}

/// A sheet in words: its title (or "12 boards"), then one line per board, its label first:
/// "board 3: 3 · step 40: queen placed on f4; 8-queens search; ...".
pub(crate) fn sheet_description(
    style: &Style,
    title: Option<&str>,
    labels: &[Label],
    boards: Vec<crate::scene::Description>,
) -> crate::scene::Description {
    use crate::scene::Description;
    use crate::text::DescriptionPhrase as D;
    let lang = style.lang;
    if let Some(alt) = &style.alt {
        return Description::given(lang, alt);
    }
    let short = title.filter(|t| !t.trim().is_empty()).map_or_else(
        || lang.describe(D::SheetOf, &[&boards.len()]),
        str::to_string,
    );
    let lines: Vec<String> = (boards.iter().zip(labels).enumerate())
        .map(|(i, (about, label))| {
            let said = [label.head.as_str(), label.body.as_str()]
                .iter()
                .flat_map(|t| t.split_whitespace())
                .collect::<Vec<_>>()
                .join(" ");
            let text = if said.is_empty() {
                about.text()
            } else {
                lang.describe(D::DescribeList, &[&said, &about.text()])
            };
            lang.describe(D::BoardNumber, &[&(i + 1), &text])
        })
        .collect();
    Description::new(lang, short, lines.join("\n"))
}
