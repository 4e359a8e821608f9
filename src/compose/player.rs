//! A problem's steps as a web page that plays them ([`write_player`]): the pictures of a frame
//! sequence, each drawn as the vector figure of its step and stored as the changes to the one
//! before.

use std::io::Write;

use crate::compose::fit::Fit;
use crate::compose::page::finish_vector;
use crate::compose::stream::{
    play, told, FrameSink, Progress, SequencePacing, StepKind, StepPicture,
};
use crate::compose::style::Style;
use crate::display::figure::Figure;
use crate::display::palette::Palette;
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::scene::adapter::Adapter;
pub use crate::vector::html::PlayerSize;
use crate::vector::html::{
    PageText, Picture, PlayerPage, SliderMark, CAPTION_LINE_PX, CONTROLS_PX, PAGE_PADDING_PX,
};

/// The most pictures one page plays: a page of the whole 8-queens search (4207 pictures) is about
/// 1 MB, and a browser keeps every picture's changes in memory.
pub const PLAYER_FRAME_LIMIT: u64 = 20_000;

/// The most squares a board in a page may have: the first picture is stored whole, and every later
/// one as changes whose count grows with the board.
pub const PLAYER_CELL_LIMIT: u64 = 64 * 64;

/// The most squares a page draws in all (pictures times the board's squares): every picture is
/// laid out whole before its changes are found, so this bounds the time a page takes to write
/// (about 10 s at the limit) and, with the size of a square's elements, the page's size.
pub const PLAYER_WORK_LIMIT: u64 = 2_000_000;

/// The box to fit a page's figure in for the whole page to fit a window of `window` CSS pixels
/// (a slide, a screen) without scrolling: the window less the page's padding and controls, and
/// the caption line under them when `caption_line` (a page shows it for a figure without a
/// margin, which has no caption band). In a smaller window the figure shrinks to fit.
pub fn player_figure_box(window: Fit, caption_line: bool) -> Fit {
    let across = 2 * PAGE_PADDING_PX;
    let down = across + CONTROLS_PX + if caption_line { CAPTION_LINE_PX } else { 0 };
    Fit {
        width: window.width.map(|w| w.saturating_sub(across).max(1)),
        height: window.height.map(|h| h.saturating_sub(down).max(1)),
    }
}

/// What a page is called and how large it draws its figure.
#[derive(Clone, Copy, Debug)]
pub struct PlayerSetup<'a> {
    /// The document's title: what the page plays ("chessviz: the search for 8 queens").
    pub title: &'a str,
    /// [`PlayerSize::Window`]: the figure grows and shrinks with the window; [`PlayerSize::Own`]:
    /// at most its own size (for a figure drawn to fit a box).
    pub size: PlayerSize,
}

/// What a written page holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerStats {
    /// Pictures (steps kept).
    pub pictures: u64,
    /// The page's size in bytes.
    pub bytes: u64,
    /// The figure's size in pixels (its `viewBox`).
    pub width: u32,
    pub height: u32,
}

/// Writes a web page that plays the start and the state after each event, as the pictures of
/// [`frame_sequence`](crate::frame_sequence) with the same `pacing` (the same steps kept,
/// shown as long): picture `i` is the vector figure that an SVG still of the same state is.
/// Refuses more than [`PLAYER_FRAME_LIMIT`] pictures or [`PLAYER_WORK_LIMIT`] squares in all, and
/// a board of more than [`PLAYER_CELL_LIMIT`] squares before anything is drawn; `progress` hears of every picture and
/// may stop the run ([`Error::Interrupted`]).
///
/// The first ten steps of the 4-queens search, captioned:
///
/// ```
/// use chessviz::queens::{self, QueensAdapter, QueensStyle};
/// use chessviz::SequencePacing;
/// use chessviz::player::{write_player, PlayerSetup, PlayerSize};
/// use chessviz::{Cancel, Framing, Pacing, StepCaptions, Style};
///
/// let style = Style::new(24);
/// let queens = QueensAdapter::new(4, QueensStyle::default());
/// let mut adapter = StepCaptions::new(queens, &style, None);
/// let events = queens::search(4)?.take(10).map(Ok);
/// let framing = Framing { opening: true, final_hold: true };
/// let pacing = SequencePacing { pacing: Pacing::new(500, 3000), framing };
/// let mut page = Vec::new();
/// let setup = PlayerSetup { title: "4 queens", size: PlayerSize::Window };
/// let stats = write_player(
///     &mut adapter, events, &style, pacing, &mut Cancel::new(), setup, &mut page,
/// )?;
/// assert_eq!(stats.pictures, 11);
/// assert!(String::from_utf8(page).unwrap().starts_with("<!DOCTYPE html>"));
/// # Ok::<(), chessviz::Error>(())
/// ```
pub fn write_player<A: Adapter, W: Write>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    style: &Style,
    pacing: SequencePacing,
    progress: &mut dyn Progress,
    setup: PlayerSetup<'_>,
    mut out: W,
) -> Result<PlayerStats> {
    let first = adapter.first_scene();
    let cells = u64::from(first.rows()) * u64::from(first.cols());
    if cells > PLAYER_CELL_LIMIT {
        return Err(Error::TooLarge(format!(
            "a web page plays boards of at most {PLAYER_CELL_LIMIT} squares, not {} x {}",
            first.rows(),
            first.cols()
        )));
    }
    let hints = adapter.hints();
    // One renderer for every picture, as an animation has: its palette, fonts and symbols are
    // made once, and a picture costs its layout and what is new in it.
    let opts = style.options_for(&first, hints)?;
    let renderer = Figure::for_scene(&first, opts)?;
    let caption_band = renderer.layout().caption_rect();
    let size = (renderer.layout().width(), renderer.layout().height());
    // Fixed before the first picture.
    let palette = renderer.palette().clone();
    let mut sink = PlayerSink {
        page: PlayerPage::new(style.svg_options().background),
        ms: Vec::new(),
        // Without a margin the figure has no caption band: the page shows the caption instead.
        shows_caption: style.margin_px() == 0,
        renderer,
        palette,
        caption_band,
        cells,
        style,
    };
    let walked = play(adapter, first, events, pacing, progress, &mut sink)?;
    let PlayerSink {
        page,
        mut ms,
        shows_caption,
        ..
    } = sink;
    if let Some(last) = ms.last_mut() {
        *last = last.saturating_add(walked.final_hold_ms);
    }
    let text = PageText {
        title: setup.title.to_string(),
        show_caption: shows_caption,
        lang: style.lang,
        size: setup.size,
    };
    let bytes = page.write(&mut out, &ms, &text)?;
    progress.finish();
    Ok(PlayerStats {
        pictures: page.len() as u64,
        bytes,
        width: size.0,
        height: size.1,
    })
}

/// Lays out each picture as the vector figure of its step and adds it to the page as the changes
/// to the one before.
struct PlayerSink<'s> {
    page: PlayerPage,
    /// Each picture's time.
    ms: Vec<u32>,
    /// The page shows each picture's caption (a figure without a margin has no caption band).
    shows_caption: bool,
    /// One renderer for every picture, as an animation has: its palette, fonts and symbols are
    /// made once, and a picture costs its layout and what is new in it.
    renderer: Figure,
    /// Fixed before the first picture.
    palette: Palette,
    caption_band: Rect,
    /// The board's squares.
    cells: u64,
    style: &'s Style,
}

impl FrameSink for PlayerSink<'_> {
    /// The page reads a picture's words aloud where the figure shows its caption in a band.
    fn wants_words(&self, _: bool) -> bool {
        !self.shows_caption
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        let (scene, step) = (&mut *picture.scene, picture.time.step);
        self.ms.push(picture.time.ms);
        let pictures = self.page.len() as u64 + 1;
        if pictures > PLAYER_FRAME_LIMIT || pictures * self.cells > PLAYER_WORK_LIMIT {
            return Err(Error::TooLarge(format!(
                "a web page plays at most {PLAYER_FRAME_LIMIT} pictures and {PLAYER_WORK_LIMIT} squares in all"
            )));
        }
        let mark = match picture.kind {
            StepKind::Plain => None,
            StepKind::Completes => Some(SliderMark::Completes),
            StepKind::Held => Some(SliderMark::Held),
        };
        // The page's text of a picture is read aloud (its live region, the figure's label)
        // and shown only for a figure without a caption band: where the band shows the
        // caption, the reader hears the picture's whole description instead.
        let described;
        let caption = if self.shows_caption {
            scene.caption().unwrap_or_default()
        } else {
            described = self.style.description_of(scene).text().replace('\n', "; ");
            described.as_str()
        };
        let (page, palette, band, style) =
            (&mut self.page, &self.palette, self.caption_band, self.style);
        self.renderer
            .with_display_list(scene, |list, stable_ids| {
                finish_vector(list, band, style);
                page.add(Picture {
                    list,
                    palette,
                    stable_ids,
                    step,
                    caption,
                    mark,
                })
            })??;
        told(progress, self.page.len() as u64)
    }
}
