//! Writing one still in the format `-o` names: PNG (palette raster), SVG or PDF (vector shapes from
//! the same display list), with the summary line and the note on text too small to show. Every
//! still the command writes (a figure, a step, a storyboard, a sheet, a legend) is written here.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use chessviz::files::write_atomic_with;
use chessviz::Omitted;
use chessviz::{draw, draw_vector, Error, PdfOptions, RenderHints, Result, Scene};
use chessviz::{Still, Style, VectorFigure};

use super::context::Ctx;
use crate::cli::formats::{FormatArg, Kind};
use crate::cli::report::summary;

/// A picture drawn and ready to write.
pub enum Drawn {
    Raster(Still),
    /// A vector figure and the PDF page it is written on.
    Vector(VectorFigure, PdfOptions),
}

impl Drawn {
    fn size(&self) -> (u32, u32) {
        match self {
            Drawn::Raster(still) => (still.width(), still.height()),
            Drawn::Vector(figure, _) => (figure.width(), figure.height()),
        }
    }

    fn omitted(&self) -> Omitted {
        match self {
            Drawn::Raster(still) => still.omitted(),
            Drawn::Vector(figure, _) => figure.omitted(),
        }
    }
}

/// The size of a picture for its summary line: `W x H pixels`, and for a PDF the page it is set on,
/// `page 127.0 x 127.0 mm at 96 dpi`.
pub fn size_words(format: FormatArg, drawn: &Drawn, (w, h): (u32, u32)) -> String {
    let pixels = summary::pixels(w, h);
    match drawn {
        Drawn::Vector(_, pdf) if format.still == Some(chessviz::StillFormat::Pdf) => {
            let mm = |px: u32| f64::from(px) * f64::from(pdf.points_per_px) * 25.4 / 72.0;
            let dpi = 72.0 / f64::from(pdf.points_per_px);
            format!(
                "{pixels}, page {:.1} x {:.1} mm at {dpi:.0} dpi",
                mm(w),
                mm(h)
            )
        }
        _ => pixels,
    }
}

/// Draws with `raster` or `vector`, as `format` asks.
pub fn draw_as(
    format: FormatArg,
    raster: impl FnOnce() -> Result<Still>,
    vector: impl FnOnce() -> Result<VectorFigure>,
) -> Result<Drawn> {
    match format.kind {
        Kind::Raster => raster().map(Drawn::Raster),
        Kind::Vector(_) => vector().map(|figure| {
            let pdf = figure.pdf;
            Drawn::Vector(figure, pdf)
        }),
        Kind::Animation(_) | Kind::Player => {
            Err(Error::usage("a still is written as PNG, SVG or PDF"))
        }
    }
}

/// Writes `drawn` to `path` atomically in `format`, under the run's token; its width and height.
pub fn write_drawn(ctx: &Ctx, path: &Path, format: FormatArg, drawn: &Drawn) -> Result<(u32, u32)> {
    write_atomic_with(path, &ctx.cancel, |w| match (drawn, format.kind) {
        (Drawn::Raster(still), _) => still.write_png(w),
        (Drawn::Vector(figure, pdf), Kind::Vector(write)) => {
            write(figure, pdf, w as &mut dyn Write)
        }
        (Drawn::Vector(..), _) => Err(Error::usage("a vector figure is written as SVG or PDF")),
    })?;
    Ok(drawn.size())
}

/// What a figure needs beyond its scene.
pub struct StillJob<'a> {
    /// Where it goes, and as what.
    pub path: &'a Path,
    pub format: FormatArg,
    pub style: &'a Style,
    /// The user asked for numbers (`--numbers`): numbers too small to read are then an error, not a
    /// note.
    pub numbers_asked: bool,
    pub started: Instant,
    pub quiet: bool,
}

/// Draws `scene` and writes it as the job says.
pub fn write(ctx: &Ctx, job: &StillJob<'_>, scene: Scene, hints: RenderHints) -> Result<()> {
    // Painting takes the scene mutably (it caches its stamps), the vector writer reads it.
    let scene = std::cell::RefCell::new(scene);
    let drawn = draw_as(
        job.format,
        || draw(&scene.borrow_mut(), hints, job.style),
        || draw_vector(&scene.borrow(), hints, job.style),
    )?;
    check_numbers(job, drawn.omitted())?;
    let (width, height) = write_drawn(ctx, job.path, job.format, &drawn)?;
    note_omitted(job, drawn.omitted());
    summary::wrote(
        ctx,
        job.path,
        &size_words(job.format, &drawn, (width, height)),
        job.started,
        job.quiet,
    )
}

/// `--describe`: prints what a picture of `scene` drawn with `style` shows, in words (the text every
/// format of it carries), on standard output; no file is written.
pub fn print_description(ctx: &Ctx, style: &Style, scene: &Scene) -> Result<()> {
    if ctx.stdout_closed {
        return Err(Error::io(
            "standard output",
            std::io::Error::other("it is closed, so the description cannot be printed"),
        ));
    }
    let text = style.description_of(scene).text();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|e| Error::io("standard output", e))
}

/// Numbers that were asked for but cannot be legible refuse the figure, with the cell that shows them.
pub fn check_numbers(job: &StillJob<'_>, omitted: Omitted) -> Result<()> {
    if job.numbers_asked && omitted.numbers {
        return Err(illegible_numbers(job.style.cell, omitted));
    }
    Ok(())
}

/// The refusal of numbers asked for at `cell` that would be too small to read.
pub fn illegible_numbers(cell: u32, omitted: Omitted) -> Error {
    Error::usage(format!(
        "the numbers at --cell {cell} would be too small to read (under 7 pixels); {}",
        from_cell(omitted)
    ))
}

fn from_cell(omitted: Omitted) -> String {
    match omitted.numbers_from_cell {
        Some(c) => format!("use --cell {c} or more"),
        None => "no cell size makes them legible on this board".to_string(),
    }
}

/// One line on standard error for text left out as illegible (unless `-q`).
fn note_omitted(job: &StillJob<'_>, omitted: Omitted) {
    if job.quiet {
        return;
    }
    let mut parts = Vec::new();
    if omitted.numbers {
        parts.push(format!("numbers ({})", from_cell(omitted)));
    }
    if omitted.labels {
        parts.push("coordinate labels (use a larger --cell or --margin)".to_string());
    }
    if omitted.caption {
        parts.push("the caption (use a larger --margin)".to_string());
    }
    if !parts.is_empty() {
        eprintln!(
            "note: left out as too small to read at --cell {}: {}",
            job.style.cell,
            parts.join("; ")
        );
    }
}

/// Writes a still that streams itself row by row (a huge tiling) to `path` atomically.
pub fn write_streamed(
    ctx: &Ctx,
    path: &Path,
    write: impl FnOnce(&mut std::io::BufWriter<&mut std::fs::File>, &chessviz::Cancel) -> Result<()>,
) -> Result<()> {
    write_atomic_with(path, &ctx.cancel, |w| write(w, &ctx.cancel))
}
