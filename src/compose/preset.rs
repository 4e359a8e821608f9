//! Presets: shorthands for the options a common destination needs ([`Preset`]), applied to a
//! [`Style`] by [`Style::preset`]. Each sets only what it names; anything set after it wins.

use crate::compose::fit::Fit;
use crate::compose::style::{Background, Squares, Style};
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
    /// The eight-queens animation as the Turbo C program drew it: its whole 640 x 480 screen (at
    /// 50 x 35 cells, [`Preset::cell_aspect`]; scaled with the cell), white one-pixel lines on
    /// black, no square shading, the program's outline crown pixel for pixel, the number of the
    /// last solution found on its red bar in a stroked face, and the program's timing (the first
    /// queen from the start, 500 ms a placement or removal, 3000 ms on each solution and at the
    /// end).
    /// The queens' own: the crown and the counter are the queens adapter's
    /// ([`QueensStyle::counter`](crate::queens::QueensStyle::counter)).
    TurboC,
}

impl Preset {
    /// The names on the command line, as [`Preset::by_name`] reads them.
    pub const NAMES: [&'static str; 3] = ["print", "slides", "turbo-c"];

    /// The cell width [`Preset::TurboC`] draws without one given: the program's 50 pixels.
    pub const TURBO_C_CELL: u32 = 50;

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
            "turbo-c" => Some(Preset::TurboC),
            _ => None,
        }
    }

    /// The theme it sets.
    pub fn theme(self) -> Theme {
        let name = match self {
            Preset::Print => "print",
            Preset::Slides => "slate",
            Preset::TurboC => return turbo_c_theme(),
        };
        Theme::by_name(name).unwrap_or_default()
    }

    /// The proportions of its cells, width and height, where they are not square: the Turbo C
    /// screen's 50 x 35 ([`Style::cell_aspect`]).
    pub fn cell_aspect(self) -> Option<(u32, u32)> {
        match self {
            Preset::TurboC => Some((50, 35)),
            Preset::Print | Preset::Slides => None,
        }
    }

    /// The margin it sets for cells `cell` pixels wide, if any: the Turbo C screen's 15 pixels
    /// between the board and the counter, in proportion. On the screen it sizes only the text a
    /// margin sizes (a panel's); the board lies where the program drew it.
    pub fn margin(self, cell: u32) -> Option<u32> {
        match self {
            Preset::TurboC => Some(((cell as f32 * 0.3).round() as u32).max(1)),
            Preset::Print | Preset::Slides => None,
        }
    }

    /// The background it sets, if any.
    pub fn background(self) -> Option<Background> {
        match self {
            Preset::Print => Some(Background::White),
            Preset::Slides | Preset::TurboC => None,
        }
    }

    /// The box it fits pictures in, if any.
    pub fn fit(self) -> Option<Fit> {
        match self {
            Preset::Print | Preset::TurboC => None,
            Preset::Slides => Some(Preset::SLIDE),
        }
    }

    /// What becomes of a figure's built-in caption ([`Annotations::set_caption`](crate::Annotations::set_caption)):
    /// removed for print (the document has its own), kept for slides.
    pub fn caption(self) -> CaptionChoice {
        match self {
            Preset::Print => CaptionChoice::Removed,
            Preset::Slides | Preset::TurboC => CaptionChoice::AsDrawn,
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
        if preset == Preset::TurboC {
            self.cell_aspect = preset.cell_aspect();
            self.squares = Squares::Ruled;
            self.caption_box = true;
        }
        self
    }
}

/// The Turbo C screen's colours: the EGA palette's black, white (lines, crowns, the counter's
/// digits) and red (`setfillstyle(1, 4)`, the counter's box).
fn turbo_c_theme() -> Theme {
    const BLACK: [u8; 3] = [0, 0, 0];
    const WHITE: [u8; 3] = [255, 255, 255];
    const RED: [u8; 3] = [170, 0, 0];
    Theme {
        name: "turbo-c",
        background: BLACK,
        light: BLACK,
        dark: BLACK,
        grid: WHITE,
        ink: WHITE,
        piece: WHITE,
        piece_edge: BLACK,
        mark: RED,
        ..Theme::by_name("slate").unwrap_or_default()
    }
}
