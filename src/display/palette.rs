//! A fixed palette of at most 255 colours; index 255 stays free so a GIF can use it as transparent.
//!
//! Anti-aliasing works on palette indices, as in lichess's lila-gif: for every pair of colours that
//! meet at an edge (a fill and the ink drawn on it) the palette holds a *ramp* of
//! [`RAMP_LEVELS`] colours from the background to the foreground. Drawing a partly covered pixel then
//! means picking the ramp step for its coverage, which is a table look-up, never a colour search.
//! Pairs nobody registered still blend, through the nearest palette colour of the mix.

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use crate::error::{Error, InvalidKind, Result};

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Steps of an anti-aliasing ramp, both ends included: step 0 is the background, step
/// `RAMP_LEVELS - 1` the foreground, so a ramp adds `RAMP_LEVELS - 2` colours to the palette.
///
/// Eight steps are a compromise: edges look smooth at print resolution (the eye cannot separate
/// eighths of a step on a 1-pixel edge), and a theme can still afford about 35 ramps in 255 colours.
pub const RAMP_LEVELS: usize = 8;

/// The colour `coverage / 255` of the way from `bg` to `fg`, blended in sRGB space.
pub fn mix(bg: Rgb, fg: Rgb, coverage: u8) -> Rgb {
    let t = u32::from(coverage);
    let ch = |b: u8, f: u8| ((u32::from(b) * (255 - t) + u32::from(f) * t + 127) / 255) as u8;
    [ch(bg[0], fg[0]), ch(bg[1], fg[1]), ch(bg[2], fg[2])]
}

/// The ramp step for `coverage` (0..=255), rounded to the nearest of the [`RAMP_LEVELS`] steps.
pub(crate) fn ramp_step(coverage: u8) -> usize {
    (usize::from(coverage) * (RAMP_LEVELS - 1) + 127) / 255
}

/// The coverage that ramp step `step` stands for.
pub(crate) fn step_coverage(step: usize) -> u8 {
    ((step * 255 + (RAMP_LEVELS - 1) / 2) / (RAMP_LEVELS - 1)) as u8
}

/// Collects the colours and ramps of a palette, then fixes them with [`PaletteBuilder::build`].
#[derive(Clone, Debug, Default)]
pub struct PaletteBuilder {
    colors: Vec<Rgb>,
    index: HashMap<Rgb, u8>,
    ramps: Vec<(u8, u8)>,
    /// Set once more than [`Palette::MAX_COLORS`] distinct colours were asked for.
    overflow: usize,
    /// See [`PaletteBuilder::seal`].
    sealed: Option<usize>,
}

impl PaletteBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `rgb` unless it is already there and returns its index.
    ///
    /// Past [`Palette::MAX_COLORS`] colours this returns index 0 and remembers the overflow, so the
    /// caller can keep registering and get one clear error from [`PaletteBuilder::build`].
    pub fn color(&mut self, rgb: Rgb) -> u8 {
        if let Some(&i) = self.index.get(&rgb) {
            return i;
        }
        if self.colors.len() >= Palette::MAX_COLORS {
            self.overflow += 1;
            return 0;
        }
        let i = self.colors.len() as u8;
        self.colors.push(rgb);
        self.index.insert(rgb, i);
        i
    }

    /// Registers an anti-aliasing ramp from colour index `bg` to `fg`: `RAMP_LEVELS - 2` intermediate
    /// colours are added at once (deduplicated against the colours already there).
    ///
    /// Ramps are directional (`ramp(a, b)` serves ink `b` drawn on `a`); registering the same pair
    /// twice is harmless. Indices that were never returned by [`PaletteBuilder::color`] are reported
    /// by [`PaletteBuilder::build`].
    pub fn ramp(&mut self, bg: u8, fg: u8) {
        if self.ramps.contains(&(bg, fg)) {
            return;
        }
        self.ramps.push((bg, fg));
        let (len, b, f) = (self.colors.len(), usize::from(bg), usize::from(fg));
        if b >= len || f >= len || bg == fg {
            return;
        }
        let (bc, fc) = (self.colors[b], self.colors[f]);
        for step in 1..RAMP_LEVELS - 1 {
            self.color(mix(bc, fc, step_coverage(step)));
        }
    }

    /// Ends the colours every blend may use: colours added after this serve only blends that
    /// involve one of them. Unregistered pairs blend through the nearest palette colour, so without
    /// this, colours added for overlays (which most figures do not draw) would change the blends of
    /// figures that never show them.
    pub fn seal(&mut self) {
        self.sealed.get_or_insert(self.colors.len());
    }

    /// Number of distinct colours so far (ramp colours included).
    pub fn len(&self) -> usize {
        self.colors.len() + self.overflow
    }

    /// The palette: [`Error::TooLarge`] when more than [`Palette::MAX_COLORS`] colours were needed,
    /// [`Error::Invalid`] when it is empty or a ramp names an index that is not a colour.
    pub fn build(self) -> Result<Palette> {
        if self.overflow > 0 {
            return Err(Error::TooLarge(format!(
                "the palette needs {} colours but holds at most {}; use fewer tile colours or a simpler theme",
                self.colors.len() + self.overflow,
                Palette::MAX_COLORS
            )));
        }
        let shared = self.sealed.unwrap_or(self.colors.len());
        let mut palette = Palette::new(self.colors)?;
        palette.shared = shared;
        let n = palette.len();
        for &(bg, fg) in &self.ramps {
            if usize::from(bg) >= n || usize::from(fg) >= n {
                return Err(Error::invalid(InvalidKind::Theme, format!(
                    "a colour ramp from index {bg} to {fg} names a colour outside the palette of {n}"
                )));
            }
            let (bc, fc) = (
                palette.colors[usize::from(bg)],
                palette.colors[usize::from(fg)],
            );
            let mut steps = [0u8; RAMP_LEVELS];
            for (step, slot) in steps.iter_mut().enumerate() {
                *slot = match step {
                    0 => bg,
                    s if s == RAMP_LEVELS - 1 => fg,
                    s => palette
                        .index_of(mix(bc, fc, step_coverage(s)))
                        .unwrap_or_else(|| palette.nearest(mix(bc, fc, step_coverage(s)))),
                };
            }
            // A fresh palette has no other reader yet, so the cell is empty and the set cannot fail.
            let _ = palette.table[usize::from(bg) * n + usize::from(fg)].set(steps);
            palette.registered.push((bg, fg));
        }
        Ok(palette)
    }
}

/// The colours a canvas's indices refer to. Fixed before the first pixel is drawn.
///
/// Shared by reference between threads (`&Palette` is `Sync`): blends of unregistered pairs are
/// computed on first use and cached per pair in a [`OnceLock`].
#[derive(Clone)]
pub struct Palette {
    colors: Vec<Rgb>,
    /// Opacity of each colour, 255 = opaque: a transparent page's margin holds translucent inks
    /// (an anti-aliased edge of text against nothing), written as a PNG's tRNS chunk.
    alpha: Vec<u8>,
    /// `table[bg * len + fg]`: the ramp from `bg` to `fg`, filled at build time for registered pairs
    /// and lazily for the rest.
    table: Vec<OnceLock<[u8; RAMP_LEVELS]>>,
    registered: Vec<(u8, u8)>,
    /// Colours `0..shared` serve every blend; the rest only blends that involve one of them (see
    /// [`PaletteBuilder::seal`]).
    shared: usize,
}

impl PartialEq for Palette {
    fn eq(&self, other: &Self) -> bool {
        self.colors == other.colors
            && self.alpha == other.alpha
            && self.registered == other.registered
    }
}

impl Eq for Palette {}

impl fmt::Debug for Palette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Palette")
            .field("colors", &self.colors)
            .field("alpha", &self.alpha)
            .field("ramps", &self.registered)
            .finish()
    }
}

impl Palette {
    /// The most colours a palette holds; one index of 256 is left for GIF transparency.
    pub const MAX_COLORS: usize = 255;

    /// A palette of `colors` without registered ramps; an error when empty or longer than
    /// [`Palette::MAX_COLORS`].
    pub fn new(colors: Vec<Rgb>) -> Result<Self> {
        if colors.is_empty() || colors.len() > Self::MAX_COLORS {
            return Err(Error::invalid(
                InvalidKind::Theme,
                format!(
                    "a palette needs 1 to {} colours, not {}",
                    Self::MAX_COLORS,
                    colors.len()
                ),
            ));
        }
        let n = colors.len();
        Ok(Palette {
            alpha: vec![255; n],
            colors,
            table: (0..n * n).map(|_| OnceLock::new()).collect(),
            registered: Vec::new(),
            shared: n,
        })
    }

    /// The colours, by index.
    pub fn colors(&self) -> &[Rgb] {
        &self.colors
    }

    /// A palette of colours with their opacities (255 = opaque), without ramps: the colours a page
    /// with a transparent margin is written with. An error as for [`Palette::new`].
    pub fn with_alpha(colors: Vec<(Rgb, u8)>) -> Result<Self> {
        let alpha = colors.iter().map(|&(_, a)| a).collect();
        let mut palette = Palette::new(colors.into_iter().map(|(c, _)| c).collect())?;
        palette.alpha = alpha;
        Ok(palette)
    }

    /// The opacity of each colour, by index (255 = opaque).
    pub fn alphas(&self) -> &[u8] {
        &self.alpha
    }

    /// The opacity of `index` (opaque past the end, as [`Palette::rgb`] is black there).
    pub fn alpha(&self, index: u8) -> u8 {
        self.alpha.get(usize::from(index)).copied().unwrap_or(255)
    }

    /// The steps of the ramp from `bg` to `fg` when one was registered ([`PaletteBuilder::ramp`]):
    /// step `s` is where `fg` covers [`step_coverage`]`(s)` of `bg`.
    pub(crate) fn registered_ramp(&self, bg: u8, fg: u8) -> Option<[u8; RAMP_LEVELS]> {
        if !self.has_ramp(bg, fg) {
            return None;
        }
        let n = self.colors.len();
        self.table[usize::from(bg) * n + usize::from(fg)]
            .get()
            .copied()
    }

    /// Number of colours.
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// Never true: a palette has at least one colour.
    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }

    /// The colour of `index`; black for an index past the end (canvases only hold indices of their
    /// palette, so this is a programming error, not worth a panic in a renderer).
    pub fn rgb(&self, index: u8) -> Rgb {
        self.colors
            .get(usize::from(index))
            .copied()
            .unwrap_or([0, 0, 0])
    }

    /// The index of exactly `rgb`, if the palette has it.
    pub fn index_of(&self, rgb: Rgb) -> Option<u8> {
        self.colors.iter().position(|&c| c == rgb).map(|i| i as u8)
    }

    /// True when a ramp from `bg` to `fg` was registered with [`PaletteBuilder::ramp`].
    pub fn has_ramp(&self, bg: u8, fg: u8) -> bool {
        self.registered.contains(&(bg, fg))
    }

    /// The index whose colour is closest to `rgb` (weighted RGB distance; the lowest index on ties).
    pub fn nearest(&self, rgb: Rgb) -> u8 {
        self.nearest_of(rgb, self.colors.len())
    }

    /// [`Palette::nearest`] among the first `limit` colours.
    fn nearest_of(&self, rgb: Rgb, limit: usize) -> u8 {
        let dist = |c: &Rgb| {
            let d = |i: usize| i32::from(c[i]) - i32::from(rgb[i]);
            // Weights approximate the eye's sensitivity (green > red > blue) without a colour space.
            3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
        };
        let mut best = (i32::MAX, 0usize);
        for (i, c) in self.colors[..limit.min(self.colors.len())]
            .iter()
            .enumerate()
        {
            let dc = dist(c);
            if dc < best.0 {
                best = (dc, i);
            }
        }
        best.1 as u8
    }

    /// The index to paint where `fg` covers `coverage / 255` of a pixel of colour `bg`.
    ///
    /// Coverage 0 gives `bg`, 255 gives `fg`, anything between a step of the registered ramp; an
    /// unregistered pair uses the nearest palette colour of each step's mix (computed once per pair).
    /// Indices outside the palette are returned unchanged (`fg` when coverage is at least half).
    pub fn blend(&self, bg: u8, fg: u8, coverage: u8) -> u8 {
        match coverage {
            0 => return bg,
            255 => return fg,
            _ => {}
        }
        match self.ramp(bg, fg) {
            Some(ramp) => ramp[ramp_step(coverage)],
            None if coverage >= 128 => fg,
            None => bg,
        }
    }

    /// The indices [`Palette::blend`] gives from `bg` (step 0) to `fg` (the last step), by ramp
    /// step of the coverage (computed once per pair); `None` when either is outside the palette.
    pub(crate) fn ramp(&self, bg: u8, fg: u8) -> Option<&[u8; RAMP_LEVELS]> {
        let n = self.colors.len();
        let (b, f) = (usize::from(bg), usize::from(fg));
        if b >= n || f >= n {
            return None;
        }
        Some(self.table[b * n + f].get_or_init(|| {
            let (bc, fc) = (self.colors[b], self.colors[f]);
            let limit = if b < self.shared && f < self.shared {
                self.shared
            } else {
                n
            };
            let mut steps = [bg; RAMP_LEVELS];
            steps[RAMP_LEVELS - 1] = fg;
            for (s, slot) in steps.iter_mut().enumerate().take(RAMP_LEVELS - 1).skip(1) {
                *slot = self.nearest_of(mix(bc, fc, step_coverage(s)), limit);
            }
            steps
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_round_trip() {
        for s in 0..RAMP_LEVELS {
            assert_eq!(ramp_step(step_coverage(s)), s);
        }
        assert_eq!(ramp_step(0), 0);
        assert_eq!(ramp_step(255), RAMP_LEVELS - 1);
    }
}
