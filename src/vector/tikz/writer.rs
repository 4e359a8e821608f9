//! What every part of the TikZ source reads: the display list, its palette, the size of a pixel,
//! and which draws are written.

use crate::display::list::{DisplayList, Ink, Layer, Shape};
use crate::display::palette::Palette;
use crate::vector::layers::{self, push_fixed, Draw};

/// What every part of the source needs.
pub(super) struct Writer<'a> {
    pub(super) list: &'a DisplayList,
    pub(super) palette: &'a Palette,
    pub(super) cm_per_px: f64,
    pub(super) dpi: f64,
    /// The size comes from `--width-cm`, not from the resolution.
    pub(super) by_width: bool,
    /// Whether the background is painted, and its colour.
    pub(super) background: bool,
    pub(super) bg: Ink,
}

impl Writer<'_> {
    /// The draws of `layer` that are written: all but the background's where it is left out.
    pub(super) fn draws(&self, layer: Layer) -> impl Iterator<Item = Draw<'_>> + '_ {
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

    /// `px` pixels in centimetres, to a micrometre, as text.
    pub(super) fn cm(&self, px: f32) -> String {
        let mut s = String::new();
        push_fixed(
            &mut s,
            (f64::from(px) * self.cm_per_px * 10_000.0).round() as i64,
            10_000,
        );
        s
    }
}
