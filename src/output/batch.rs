//! A batch of queens solutions written into a folder, one file per solution, each atomically.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::compose::figure::StillFormat;
use crate::compose::formats::write_still;
use crate::compose::page::finish_raster;
use crate::compose::sheet::batch::QueensBatch;
use crate::compose::style::Style;
use crate::compose::vector_still::vector_figure;
use crate::encode::png::write_png_described;
use crate::error::Result;
use crate::output::{ensure_dir, remove_stale_temporaries, write_atomic_with};
use crate::problem::queens::QueensStyle;

impl QueensBatch {
    /// Writes every solution as a PNG into `dir` (created when missing; an existing path that is not
    /// a folder is an error), in parallel, each file atomically. Returns what was written, in order.
    pub fn write_stills(
        &self,
        dir: &Path,
        look: QueensStyle,
        style: &Style,
    ) -> Result<Vec<WrittenFile>> {
        ensure_dir(dir)?;
        remove_stale_temporaries(dir);
        // One renderer up front: a bad option fails here, once, and its palette serves every worker
        // (all renderers of the same options build the same palette).
        let first = self.renderer(style, true)?;
        let palette = first.palette().clone();
        self.entries()
            .par_iter()
            .map_init(
                || self.renderer(style, true),
                |renderer, entry| {
                    let renderer = renderer.as_mut().map_err(|e| e.again())?;
                    let mut canvas = self.draw(renderer, entry, look, true)?;
                    let board = renderer.layout().board_rect();
                    // A transparent margin may give this still a palette of its own.
                    let (png, extended) = finish_raster(&mut canvas, &palette, board, style)?;
                    let palette = extended.as_ref().unwrap_or(&palette);
                    let path = dir.join(self.file_name(entry));
                    let about = style.description_of(&self.scene(entry, look)?.0);
                    let bytes = write_atomic_with(&path, &self.cancel, |w| {
                        let mut counter = CountingWriter { inner: w, bytes: 0 };
                        write_png_described(&mut counter, &canvas, palette, &png, Some(&about))?;
                        Ok(counter.bytes)
                    })?;
                    Ok(WrittenFile { path, bytes })
                },
            )
            .collect()
    }

    /// Writes every solution into `dir` as [`QueensBatch::write_stills`] does, in `format`: PNG, or the
    /// same figures as SVG or PDF (vector shapes from the same display list).
    pub fn write_files(
        &self,
        dir: &Path,
        look: QueensStyle,
        style: &Style,
        format: StillFormat,
    ) -> Result<Vec<WrittenFile>> {
        if format == StillFormat::Png {
            return self.write_stills(dir, look, style);
        }
        ensure_dir(dir)?;
        remove_stale_temporaries(dir);
        // A bad option fails here, once.
        self.figure(style, true)?;
        self.entries()
            .par_iter()
            .map(|entry| {
                self.cancel.check()?;
                // A figure of its own for each file: a figure's table of shared symbols grows
                // with what it drew before, and the writers place the table's symbols in its
                // order, so a figure reused across files made the bytes depend on which worker
                // thread drew which solutions before.
                let (scene, _) = self.scene(entry, look)?;
                let figure = vector_figure(&mut self.figure(style, true)?, &scene, style)?;
                let path = dir.join(self.file_name_as(entry, format));
                let bytes = write_atomic_with(&path, &self.cancel, |w| {
                    let mut counter = CountingWriter { inner: w, bytes: 0 };
                    // The writer of the format's row; raster stills are painted above.
                    write_still(format, &figure, &figure.pdf, &mut counter)?;
                    Ok(counter.bytes)
                })?;
                Ok(WrittenFile { path, bytes })
            })
            .collect()
    }
}

impl QueensBatch {
    /// The size in bytes of the first solution's file in `format`, encoded without being written: a
    /// batch's files are alike (the same board, a queen per row), so this times the count
    /// estimates the disk space of [`QueensBatch::write_files`] before its first file. `None` for an
    /// empty batch.
    pub fn first_file_bytes(
        &self,
        look: QueensStyle,
        style: &Style,
        format: StillFormat,
    ) -> Result<Option<u64>> {
        let Some(entry) = self.entries().first() else {
            return Ok(None);
        };
        let mut counter = CountingWriter {
            inner: std::io::sink(),
            bytes: 0,
        };
        if format == StillFormat::Png {
            let mut renderer = self.renderer(style, true)?;
            let palette = renderer.palette().clone();
            let mut canvas = self.draw(&mut renderer, entry, look, true)?;
            let board = renderer.layout().board_rect();
            let (png, extended) = finish_raster(&mut canvas, &palette, board, style)?;
            let palette = extended.as_ref().unwrap_or(&palette);
            let about = style.description_of(&self.scene(entry, look)?.0);
            write_png_described(&mut counter, &canvas, palette, &png, Some(&about))?;
            return Ok(Some(counter.bytes));
        }
        let (scene, _) = self.scene(entry, look)?;
        let figure = vector_figure(&mut self.figure(style, true)?, &scene, style)?;
        write_still(format, &figure, &figure.pdf, &mut counter)?;
        Ok(Some(counter.bytes))
    }
}

/// A file a batch wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenFile {
    /// Where.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

/// Counts the bytes passing through, so sizes are known without asking the file system.
struct CountingWriter<W> {
    inner: W,
    bytes: u64,
}

impl<W: std::io::Write> std::io::Write for CountingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
