//! Presets: shorthands for the options a common destination needs ([`Preset`]), applied to a
//! [`Style`] by [`Style::preset`]. Each sets only what it names; anything set after it wins.

use crate::compose::fit::Fit;
use crate::compose::style::{Background, Style};
use crate::display::theme::Theme;
use crate::scene::annotate::CaptionChoice;

/// A shorthand for the look a destination needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Preset {
    /// For a printed document that has its own caption: the greyscale `print` theme (safe on any
    /// printer and photocopier), a white background, and no built-in caption
    /// ([`Preset::caption`]).
    Print,
    /// For a slide: the dark `slate` theme, and the whole picture fitted to a full-HD slide of
    /// 1920 x 1080 pixels ([`Preset::SLIDE`]), so that labels and captions are as large as the
    /// slide allows.
    Slides,
}

impl Preset {
    /// The names on the command line, as [`Preset::by_name`] reads them.
    pub const NAMES: [&'static str; 2] = ["print", "slides"];

    /// The box [`Preset::Slides`] fits a picture in.
    pub const SLIDE: Fit = Fit {
        width: Some(1920),
        height: Some(1080),
    };

    /// The preset called `name`, if any.
    pub fn by_name(name: &str) -> Option<Preset> {
        match name {
            "print" => Some(Preset::Print),
            "slides" => Some(Preset::Slides),
            _ => None,
        }
    }

    /// The theme it sets.
    pub fn theme(self) -> Theme {
        let name = match self {
            Preset::Print => "print",
            Preset::Slides => "slate",
        };
        Theme::by_name(name).unwrap_or_default()
    }

    /// The background it sets, if any.
    pub fn background(self) -> Option<Background> {
        match self {
            Preset::Print => Some(Background::White),
            Preset::Slides => None,
        }
    }

    /// The box it fits pictures in, if any.
    pub fn fit(self) -> Option<Fit> {
        match self {
            Preset::Print => None,
            Preset::Slides => Some(Preset::SLIDE),
        }
    }

    /// What becomes of a figure's built-in caption ([`Annotations::set_caption`](crate::Annotations::set_caption)):
    /// removed for print (the document has its own), kept for slides.
    pub fn caption(self) -> CaptionChoice {
        match self {
            Preset::Print => CaptionChoice::Removed,
            Preset::Slides => CaptionChoice::AsDrawn,
        }
    }
}

impl Style {
    /// This style with colours of one's own over its theme's roles ([`Theme::with_colours`]):
    /// `light=#f0d9b5,dark=#b58863`; an unknown role or a malformed colour is an error.
    ///
    /// ```
    /// use chessviz::Style;
    ///
    /// let style = Style::new(40).colours("light=#f0d9b5,dark=#b58863,mark=#c00")?;
    /// assert_eq!(style.theme.dark, [0xb5, 0x88, 0x63]);
    /// assert!(Style::new(40).colours("floor=#fff").is_err());
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn colours(mut self, pairs: &str) -> crate::error::Result<Style> {
        self.theme = self.theme.with_colours(pairs)?;
        Ok(self)
    }

    /// This style with the theme and background `preset` sets ([`Preset::theme`],
    /// [`Preset::background`]); its box and caption are the caller's to apply ([`Style::fit`],
    /// [`Preset::caption`]), since they depend on the board. Settings made after this win.
    ///
    /// ```
    /// use chessviz::{Background, Preset, Style, Theme};
    ///
    /// let print = Style::new(32).preset(Preset::Print);
    /// assert_eq!(print.theme, Theme::by_name("print")?);
    /// assert_eq!(print.background, Background::White);
    /// // An explicit choice after the preset wins.
    /// let mut mine = Style::new(32).preset(Preset::Print);
    /// mine.background = Background::Theme;
    /// assert_eq!(mine.background, Background::Theme);
    /// // Slides: slate, and a picture fitted to 1920 x 1080.
    /// let slides = Style::new(48).preset(Preset::Slides).fit(Preset::SLIDE, 8, 8, true)?;
    /// assert_eq!(slides.theme.name, "slate");
    /// assert!(slides.cell > 100);
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn preset(mut self, preset: Preset) -> Style {
        self.theme = preset.theme();
        if let Some(bg) = preset.background() {
            self.background = bg;
        }
        self
    }
}
