//! A fixed palette of at most 255 colours; index 255 stays free so a GIF can use it as transparent.

use crate::error::{Error, Result};

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// The colours a canvas's indices refer to. Fixed before the first pixel is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    colors: Vec<Rgb>,
}

impl Palette {
    /// The most colours a palette holds; one index of 256 is left for GIF transparency.
    pub const MAX_COLORS: usize = 255;

    /// A palette of `colors`; an error when empty or longer than [`Palette::MAX_COLORS`].
    pub fn new(colors: Vec<Rgb>) -> Result<Self> {
        if colors.is_empty() || colors.len() > Self::MAX_COLORS {
            return Err(Error::invalid(format!(
                "a palette needs 1 to {} colours, not {}",
                Self::MAX_COLORS,
                colors.len()
            )));
        }
        Ok(Palette { colors })
    }

    /// The colours, by index.
    pub fn colors(&self) -> &[Rgb] {
        &self.colors
    }

    /// Number of colours.
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// Never true: a palette has at least one colour.
    pub fn is_empty(&self) -> bool {
        self.colors.is_empty()
    }
}
