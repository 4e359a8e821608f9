//! A problem's steps as a web page that plays them ([`write_player`]): the pictures of a frame
//! sequence, each drawn as the vector figure of its step and stored as the changes to the one
//! before.

use std::io::Write;

use crate::compose::figure::draw_vector;
use crate::compose::stream::Progress;
use crate::compose::stream::{walk_steps, SequencePacing, StepPicture};
use crate::compose::style::Style;
use crate::error::{Error, Result};
use crate::scene::adapter::Adapter;
use crate::vector::html::{PageText, PlayerPage};

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
/// use chessviz::{write_player, Cancel, Framing, Pacing, StepCaptions, Style};
///
/// let style = Style::new(24);
/// let queens = QueensAdapter::new(4, QueensStyle::default());
/// let mut adapter = StepCaptions::new(queens, &style, None);
/// let events = queens::search(4)?.take(10).map(Ok);
/// let framing = Framing { opening: true, final_hold: true };
/// let pacing = SequencePacing { pacing: Pacing::new(500, 3000), framing };
/// let mut page = Vec::new();
/// let stats = write_player(
///     &mut adapter, events, &style, pacing, &mut Cancel::new(), "4 queens", &mut page,
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
    title: &str,
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
    let background = style.svg_options().background;
    let mut page = PlayerPage::new();
    let mut size = (0, 0);
    let mut ms: Vec<u32> = Vec::new();
    let walked = {
        let mut keep = |picture: StepPicture<'_>, progress: &mut dyn Progress| {
            let (scene, step) = (picture.scene, picture.time.step);
            ms.push(picture.time.ms);
            let pictures = page.len() as u64 + 1;
            if pictures > PLAYER_FRAME_LIMIT || pictures * cells > PLAYER_WORK_LIMIT {
                return Err(Error::TooLarge(format!(
                    "a web page plays at most {PLAYER_FRAME_LIMIT} pictures and {PLAYER_WORK_LIMIT} squares in all"
                )));
            }
            let figure = draw_vector(scene, hints, style)?;
            scene.clear_changes();
            size = (figure.width(), figure.height());
            let caption = scene.caption().unwrap_or_default().to_string();
            page.add(figure.list(), figure.palette(), background, step, &caption)?;
            if progress.frame(page.len() as u64) {
                Ok(())
            } else {
                Err(Error::Interrupted)
            }
        };
        walk_steps(adapter, first, events, pacing, progress, &mut keep)?
    };
    if let Some(last) = ms.last_mut() {
        *last = last.saturating_add(walked.final_hold_ms);
    }
    let text = PageText {
        title: title.to_string(),
        // Without a margin the figure has no caption band: the page shows the caption instead.
        show_caption: style.margin_px() == 0,
        lang: style.lang,
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
