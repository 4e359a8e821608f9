//! Sequences of a problem's states, for slides and single moments: every state as a full picture
//! ([`frame_sequence`]), each captioned with its step by [`StepCaptions`], and the state after
//! any number of steps ([`scene_at`]).
//!
//! Step `i` is the state after the first `i` events of the problem's trace (step 0: the start). The
//! same [`StepCaptions`] adapter captions a still of step `i`, the `i`-th picture of a frame
//! sequence and the `i`-th frame of an animation, so the three are the same picture.

use std::io::Write;

use crate::compose::figure::StillFormat;
use crate::compose::formats::{write_still, FormatRow, Kind};
use crate::compose::page::finish_raster;
use crate::compose::stream::{play, FrameSink, FrameTime, Progress, SequencePacing, StepPicture};
use crate::compose::style::Style;
use crate::compose::vector_still::{draw_vector, VectorFigure};
use crate::display::palette::Palette;
use crate::encode::png::{write_png_described, PngOptions};
use crate::error::{Error, Result};
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::{scene_after, Adapter, RenderHints};
use crate::scene::{Description, Scene};

pub use crate::compose::step_captions::StepCaptions;

/// Writes one picture of a sequence (as PNG, SVG or PDF) to the writer it is given.
pub type WritePicture<'a> = dyn Fn(&mut dyn Write) -> Result<()> + 'a;

/// Draws the start and then the state after each event, as `format`, and hands each picture to
/// `emit` with its step and a function that writes it; returns how long each written picture is
/// shown. Picture `i` is the still after `i` events drawn from the same adapter (pixel for pixel for
/// PNG: the raster is updated where the scene changed, as animations are). Pictures skipped by
/// `every` are not drawn; at most [`FRAME_LIMIT`](crate::limits::FRAME_LIMIT) pictures are made.
///
/// The pictures are drawn in order and encoded a batch at a time on all cores, so `emit` is called
/// from several threads, in no particular order within a batch; `progress` hears of each batch
/// written, and stops the sequence between pictures ([`Error::Interrupted`]).
///
/// The first ten steps of the 4-queens search as captioned PNG pictures in memory:
///
/// ```
/// use std::sync::Mutex;
/// use chessviz::queens::{self, QueensAdapter, QueensStyle};
/// use chessviz::{frame_sequence, SequencePacing, WritePicture};
/// use chessviz::{Cancel, Framing, Pacing, StepCaptions, StillFormat, Style};
///
/// let style = Style::new(24);
/// let queens = QueensAdapter::new(4, QueensStyle::default());
/// let mut adapter = StepCaptions::new(queens, &style, None);
/// let events = queens::search(4)?.take(10).map(Ok);
/// let framing = Framing { opening: true, final_hold: true };
/// let pacing = SequencePacing { pacing: Pacing::new(500, 3000), framing };
/// let pictures = Mutex::new(Vec::new());
/// let write = |step: u64, picture: &WritePicture<'_>| {
///     let mut png = Vec::new();
///     picture(&mut png)?;
///     pictures.lock().unwrap().push((step, png));
///     Ok(())
/// };
/// let times = frame_sequence(
///     &mut adapter, events, &style, StillFormat::Png, pacing, &mut Cancel::new(), &write,
/// )?;
/// // The start and ten steps; the last picture is held.
/// assert_eq!(times.len(), 11);
/// assert_eq!((times[10].step, times[10].ms), (10, 500 + 3000));
/// assert_eq!(pictures.lock().unwrap().len(), 11);
/// # Ok::<(), chessviz::Error>(())
/// ```
pub fn frame_sequence<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    style: &Style,
    format: StillFormat,
    pacing: SequencePacing,
    progress: &mut dyn Progress,
    emit: &(dyn Fn(u64, &WritePicture<'_>) -> Result<()> + Sync),
) -> Result<Vec<FrameTime>> {
    let listed = described_frame_sequence(adapter, events, style, format, pacing, progress, emit)?;
    Ok(listed.into_iter().map(|l| l.time).collect())
}

/// One picture of a [`described_frame_sequence`]: how long it is shown and what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedFrame {
    /// Its step and time on screen.
    pub time: FrameTime,
    /// The picture in words, as its file carries them ([`Style::description_of`]).
    pub description: Description,
}

/// [`frame_sequence`], also giving each picture's description: the words of a list of the frames
/// (the command's `frames.txt`) for readers who cannot see them.
pub fn described_frame_sequence<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    style: &Style,
    format: StillFormat,
    pacing: SequencePacing,
    progress: &mut dyn Progress,
    emit: &(dyn Fn(u64, &WritePicture<'_>) -> Result<()> + Sync),
) -> Result<Vec<ListedFrame>> {
    let first = adapter.first_scene();
    let hints = adapter.hints();
    let painter = Painter::new(&first, hints, style, format)?;
    let mut sink = FramesSink {
        batch: Batch::new(painter.batch_len()),
        painter,
        emit,
        style,
        kept: 0,
        listed: Vec::new(),
    };
    let walked = play(adapter, first, events, pacing, progress, &mut sink)?;
    let FramesSink {
        mut batch,
        painter,
        kept,
        mut listed,
        ..
    } = sink;
    batch.write(&painter, emit, kept, progress)?;
    if let Some(last) = listed.last_mut() {
        last.time.ms = last.time.ms.saturating_add(walked.final_hold_ms);
    }
    progress.finish();
    Ok(listed)
}

/// Draws every picture of the stream whole and writes them a batch at a time, listing each with
/// its time and words.
struct FramesSink<'e, 's> {
    painter: Painter,
    batch: Batch,
    emit: &'e (dyn Fn(u64, &WritePicture<'_>) -> Result<()> + Sync),
    style: &'s Style,
    kept: u64,
    listed: Vec<ListedFrame>,
}

impl FrameSink for FramesSink<'_, '_> {
    /// Every picture carries its words, in its file and in the list.
    fn wants_words(&self, _: bool) -> bool {
        true
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        self.listed.push(ListedFrame {
            time: picture.time,
            description: self.style.description_of(picture.scene),
        });
        let drawn = self.painter.paint(picture.scene)?;
        self.batch.pictures.push((picture.time.step, drawn));
        self.kept += 1;
        if self.batch.pictures.len() >= self.batch.len {
            self.batch
                .write(&self.painter, self.emit, self.kept, progress)?;
        }
        Ok(())
    }
}

/// A batch encoded in parallel holds at most this many bytes of pictures.
const BATCH_BYTES: usize = 64 << 20;

/// The most pictures in one batch.
const BATCH_LEN: usize = 32;

/// Pictures drawn and not yet written.
struct Batch {
    pictures: Vec<(u64, Picture)>,
    len: usize,
}

impl Batch {
    fn new(len: usize) -> Batch {
        Batch {
            pictures: Vec::with_capacity(len),
            len,
        }
    }

    /// Writes the pictures on all cores, then tells `progress` how many are done (`done`).
    fn write(
        &mut self,
        painter: &Painter,
        emit: &(dyn Fn(u64, &WritePicture<'_>) -> Result<()> + Sync),
        done: u64,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        use rayon::prelude::*;
        self.pictures
            .par_iter()
            .try_for_each(|(step, picture)| emit(*step, &|w| painter.write(picture, w)))?;
        self.pictures.clear();
        if progress.frame(done) {
            Ok(())
        } else {
            Err(Error::Interrupted)
        }
    }
}

/// One drawn picture, waiting to be encoded.
pub(crate) enum Picture {
    /// The pixels, their palette where finishing changed it (a see-through margin), and what
    /// they show in words.
    Raster(Canvas, Option<Palette>, Box<Description>),
    Vector(Box<VectorFigure>),
}

/// Draws the pictures of a sequence: one raster updated where the scene changed (PNG), or the
/// figure laid out afresh as vector shapes (SVG, PDF).
pub(crate) enum Painter {
    Raster {
        renderer: Box<BoardRenderer>,
        canvas: Option<Canvas>,
        /// For a transparent background, made in each picture as a still makes it.
        style: Box<Style>,
    },
    Vector {
        hints: RenderHints,
        style: Box<Style>,
        format: StillFormat,
    },
}

impl Painter {
    pub(crate) fn new(
        scene: &Scene,
        hints: RenderHints,
        style: &Style,
        format: StillFormat,
    ) -> Result<Painter> {
        let row = FormatRow::of_still(format);
        Ok(match row.kind {
            Kind::Raster => {
                let opts = style.options_for(scene, hints)?;
                Painter::Raster {
                    renderer: Box::new(BoardRenderer::for_scene(scene, opts)?),
                    canvas: None,
                    style: Box::new(style.clone()),
                }
            }
            Kind::Vector(_) => Painter::Vector {
                hints,
                style: Box::new(style.clone()),
                format,
            },
            Kind::Animation(_) | Kind::Player => {
                return Err(Error::Encode(format!("{} is not a still", row.label)))
            }
        })
    }

    /// How many pictures are encoded together: as many as fit [`BATCH_BYTES`] (rasters are copied
    /// out of the one being updated), at most [`BATCH_LEN`].
    fn batch_len(&self) -> usize {
        match self {
            Painter::Raster { renderer, .. } => {
                let layout = renderer.layout();
                let bytes = layout.width() as usize * layout.height() as usize;
                (BATCH_BYTES / bytes.max(1)).clamp(1, BATCH_LEN)
            }
            Painter::Vector { .. } => BATCH_LEN,
        }
    }

    pub(crate) fn paint(&mut self, scene: &mut Scene) -> Result<Picture> {
        match self {
            Painter::Raster {
                renderer,
                canvas,
                style,
            } => {
                let c = match canvas {
                    Some(c) => {
                        renderer.update(scene, c)?;
                        c
                    }
                    None => canvas.insert(renderer.render(scene)?),
                };
                // The raster kept for the next step stays opaque; the copy written is finished
                // as a still is (its margin see-through for a transparent background).
                let mut picture = c.clone();
                let board = renderer.layout().board_rect();
                let (_, palette) = finish_raster(&mut picture, renderer.palette(), board, style)?;
                let about = Box::new(style.description_of(scene));
                Ok(Picture::Raster(picture, palette, about))
            }
            Painter::Vector { hints, style, .. } => {
                let figure = draw_vector(scene, *hints, style)?;
                scene.clear_changes();
                Ok(Picture::Vector(Box::new(figure)))
            }
        }
    }

    pub(crate) fn write(&self, picture: &Picture, w: &mut dyn Write) -> Result<()> {
        match (self, picture) {
            (Painter::Raster { renderer, .. }, Picture::Raster(c, palette, about)) => {
                write_png_described(
                    w,
                    c,
                    palette.as_ref().unwrap_or(renderer.palette()),
                    &PngOptions::default(),
                    Some(about),
                )
            }
            (Painter::Vector { format, .. }, Picture::Vector(figure)) => {
                write_still(*format, figure, &figure.pdf, w)
            }
            (Painter::Raster { .. }, Picture::Vector(_))
            | (Painter::Vector { .. }, Picture::Raster(..)) => {
                Err(Error::Encode("a picture of another format".into()))
            }
        }
    }
}

/// The scene after the first `steps` events and how many there were: `Err` with the number of
/// events when the trace ends before `steps`.
pub fn scene_at<A: Adapter>(
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    steps: u64,
) -> Result<std::result::Result<Scene, u64>> {
    let (scene, applied) = scene_after(adapter, events, Some(steps))?;
    Ok(if applied == steps {
        Ok(scene)
    } else {
        Err(applied)
    })
}
