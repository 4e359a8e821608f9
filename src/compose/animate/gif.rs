//! The GIF encoder's side of the step stream: each picture rendered as only what changed and
//! pushed as a frame, the last one held; the file's comment says what the whole animation shows.

use std::io::Write;

use crate::compose::stream::{told, FrameSink, Progress, StepPicture, Walked};
use crate::compose::style::Style;
use crate::display::layout::Layout;
use crate::encode::gif::{GifWriter, Repeat, MAX_GIF_SIDE};
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::{Description, Scene};

use super::encoder::{Ahead, Encoded, Encoder};

/// Refuses, before anything is solved or rendered, an animation of a `rows` x `cols` board that `style`
/// would draw over the canvas limit ([`MAX_CANVAS_PIXELS`](crate::limits::MAX_CANVAS_PIXELS)) or
/// wider or taller than a GIF can be.
/// `caption` as for the figure (queens reserve a caption band).
pub fn check_size(rows: u32, cols: u32, style: &Style, caption: bool) -> Result<()> {
    check_gif_side(&style.layout(rows, cols, caption)?)
}

fn check_gif_side(layout: &Layout) -> Result<()> {
    let max_side = u64::from(MAX_GIF_SIDE);
    if layout.fits(max_side, u64::MAX) {
        return Ok(());
    }
    Err(Error::GifTooLarge {
        rows: layout.rows(),
        cols: layout.cols(),
        cell: layout.cell(),
        width: u64::from(layout.width()),
        height: u64::from(layout.height()),
        limit: MAX_GIF_SIDE,
        max_cell: layout.largest_fitting_cell(max_side, u64::MAX),
        margin: layout.margin(),
    })
}

/// Turns the stream's pictures into GIF frames: renders only what changed and holds the last frame.
pub(super) struct GifSink<W: Write> {
    renderer: BoardRenderer,
    canvas: Option<Canvas>,
    /// The rectangles the last update repainted (reused from frame to frame).
    regions: Vec<Rect>,
    gif: Option<GifWriter<W>>,
    out: Option<W>,
    repeat: Repeat,
    /// Pictures pushed so far.
    kept: u64,
    /// The GIF's comment when known before the first frame (then written after the header).
    comment: Option<String>,
}

impl<W: Write> GifSink<W> {
    pub(super) fn new(renderer: BoardRenderer, out: W, repeat: Repeat) -> Result<Self> {
        // Refused here, before the first frame is rendered (which may take seconds for a wide board).
        check_gif_side(renderer.layout())?;
        Ok(GifSink {
            renderer,
            canvas: None,
            regions: Vec::new(),
            gif: None,
            out: Some(out),
            repeat,
            kept: 0,
            comment: None,
        })
    }

    /// Shows the scene's current state for `delay_ms` as the next picture.
    fn push(&mut self, scene: &mut Scene, delay_ms: u32) -> Result<()> {
        match self.canvas.as_mut() {
            None => {
                let canvas = self.renderer.render(scene)?;
                let out = self
                    .out
                    .take()
                    .ok_or_else(|| Error::Encode("output taken".into()))?;
                let mut gif = GifWriter::new(
                    out,
                    canvas.width(),
                    canvas.height(),
                    self.renderer.palette(),
                    self.repeat,
                )?;
                if let Some(text) = self.comment.as_deref() {
                    gif.set_comment(text);
                }
                gif.push(&canvas, delay_ms)?;
                self.gif = Some(gif);
                self.canvas = Some(canvas);
            }
            Some(canvas) => {
                self.renderer
                    .update_regions(scene, canvas, &mut self.regions)?;
                if let Some(gif) = self.gif.as_mut() {
                    gif.push_changed_regions(canvas, &self.regions, delay_ms)?;
                }
            }
        }
        self.kept += 1;
        Ok(())
    }
}

impl<W: Write> FrameSink for GifSink<W> {
    fn wants_words(&self, _: bool) -> bool {
        false
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        self.push(picture.scene, picture.time.ms)?;
        told(progress, self.kept)
    }
}

impl<W: Write> Encoder for GifSink<W> {
    /// The animation's words, found ahead, lead the file.
    fn surveyed(&mut self, surveyed: &Ahead<'_>) -> Result<()> {
        self.comment = surveyed.about.map(Description::text);
        Ok(())
    }

    /// Holds the last frame, writes `about` as the GIF's comment (unless it leads the file),
    /// then the trailer.
    fn finish(
        mut self: Box<Self>,
        walked: &Walked,
        about: Option<&Description>,
    ) -> Result<Encoded> {
        let mut gif = self
            .gif
            .take()
            .ok_or_else(|| Error::Encode("no frame".into()))?;
        if let Some(canvas) = self.canvas.as_ref() {
            if walked.final_hold_ms > 0 {
                gif.push(canvas, walked.final_hold_ms)?;
            }
        }
        if let (None, Some(about)) = (&self.comment, about) {
            gif.set_comment(&about.text());
        }
        let stats = gif.finish()?;
        Ok(Encoded {
            frames: stats.frames,
            bytes: stats.bytes,
            width: self.renderer.layout().width(),
            height: self.renderer.layout().height(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails the test if anything reaches it: proves a refusal came before any output.
    struct MustNotWrite;

    impl Write for MustNotWrite {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            panic!("nothing may be written before the size check");
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn renderer(rows: u32, cols: u32, cell: u32, margin: u32) -> BoardRenderer {
        let mut style = Style::new(cell);
        style.margin = Some(margin);
        BoardRenderer::new(rows, cols, style.options(false, 0, 0)).unwrap()
    }

    #[test]
    fn too_wide_for_gif_is_refused_before_rendering() {
        // 7000 x 10 px cells = 70000 px wide: within the canvas limit, over the GIF limit.
        let err = GifSink::new(renderer(5, 7000, 10, 0), MustNotWrite, Repeat::Forever)
            .err()
            .expect("refused");
        assert!(
            matches!(
                err,
                Error::GifTooLarge {
                    width: 70000,
                    height: 50,
                    limit: 65535,
                    max_cell: Some(9),
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn check_size_refuses_gif_sides_and_canvas_before_solving() {
        let style = Style::new(10);
        assert!(check_size(5, 6000, &style, false).is_ok());
        let e = check_size(5, 7000, &style, false).unwrap_err().to_string();
        assert!(e.contains("65535"), "{e}");
        let e = check_size(10_000, 10_000, &Style::new(48), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("268435456"), "{e}");
    }
}
