//! MP4 video of the step stream: each picture one H.264 sample lasting the picture's own time, so
//! a three-second hold is one sample; only what the renderer repainted is converted again.
//!
//! A key picture (IDR) opens the video and then comes about every [`KEY_EVERY_MS`] of playing
//! time, so that a slide program or a browser can jump into a long video without decoding it from
//! the start; between them each picture is coded as the change from the one before.

use std::io::Write;

use crate::compose::stream::{told, FrameSink, Progress, StepPicture, Walked};
use crate::encode::h264::{check_video_size, video_size, H264Encoder, COLOUR};
use crate::encode::mp4::Mp4Writer;
use crate::error::Result;
use crate::geom::Rect;
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::Description;

use super::encoder::{Encoded, Encoder};

/// Playing time between key pictures, in milliseconds.
pub const KEY_EVERY_MS: u64 = 60_000;

/// Turns the stream's pictures into H.264 samples of an MP4 file.
pub(super) struct VideoSink<W: Write> {
    renderer: BoardRenderer,
    encoder: H264Encoder,
    video: Mp4Writer<W>,
    canvas: Option<Canvas>,
    regions: Vec<Rect>,
    kept: u64,
    /// Playing time since the last key picture; `None` before the first.
    since_key: Option<u64>,
}

impl<W: Write> VideoSink<W> {
    /// Refuses a picture H.264 cannot encode, and starts the file.
    pub(super) fn new(renderer: BoardRenderer, out: W) -> Result<Self> {
        let layout = *renderer.layout();
        let (width, height) = (layout.width(), layout.height());
        check_video_size(width, height)?;
        let (vw, vh) = video_size(width, height);
        let encoder = H264Encoder::new(width, height, renderer.palette())?;
        let video = Mp4Writer::new(out, vw, vh, COLOUR)?;
        Ok(VideoSink {
            renderer,
            encoder,
            video,
            canvas: None,
            regions: Vec::new(),
            kept: 0,
            since_key: None,
        })
    }
}

impl<W: Write> FrameSink for VideoSink<W> {
    fn wants_words(&self, _: bool) -> bool {
        false
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        match self.canvas.as_mut() {
            None => {
                let c = self.renderer.render(picture.scene)?;
                self.encoder.paint(&c, c.bounds());
                self.canvas = Some(c);
            }
            Some(c) => {
                self.renderer
                    .update_regions(picture.scene, c, &mut self.regions)?;
                for r in &self.regions {
                    self.encoder.paint(c, *r);
                }
            }
        }
        let key = self.since_key.is_none_or(|t| t >= KEY_EVERY_MS);
        let coded = self.encoder.encode(key)?;
        let ms = picture.time.ms;
        let since = if coded.key {
            0
        } else {
            self.since_key.unwrap_or(0)
        };
        self.since_key = Some(since + u64::from(ms));
        self.video.push(coded.nals(), coded.key, ms)?;
        self.kept += 1;
        told(progress, self.kept)
    }
}

impl<W: Write> Encoder for VideoSink<W> {
    fn finish(self: Box<Self>, walked: &Walked, about: Option<&Description>) -> Result<Encoded> {
        let VideoSink {
            renderer,
            mut video,
            ..
        } = *self;
        video.extend_last(walked.final_hold_ms);
        if let Some(about) = about {
            video.describe(about);
        }
        let stats = video.finish()?;
        let layout = renderer.layout();
        let (width, height) = video_size(layout.width(), layout.height());
        Ok(Encoded {
            frames: stats.frames,
            bytes: stats.bytes,
            width,
            height,
        })
    }
}
