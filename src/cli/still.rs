//! Writing one still in the format `-o` names: PNG (palette raster), SVG or PDF (vector shapes
//! from the same display list), with the summary line and the note on text too small to show.

use std::path::Path;
use std::time::Instant;

use chessviz::internals::Format;
use chessviz::{draw, draw_vector, Error, Omitted, RenderHints, Result, Scene, Style};

use super::summary;

/// What a figure needs beyond its scene.
pub struct StillJob<'a> {
    /// Where it goes, and as what.
    pub path: &'a Path,
    pub format: Format,
    pub style: &'a Style,
    /// The user asked for numbers (`--numbers`): numbers too small to read are then an error, not a
    /// note.
    pub numbers_asked: bool,
    pub started: Instant,
    pub quiet: bool,
}

/// Draws `scene` and writes it as the job says.
pub fn write(job: &StillJob<'_>, mut scene: Scene, hints: RenderHints) -> Result<()> {
    let (width, height, omitted) = match job.format {
        Format::Png => {
            let still = draw(&mut scene, hints, job.style)?;
            check_numbers(job, still.omitted)?;
            super::write_still(job.path, &still)?;
            (still.canvas.width(), still.canvas.height(), still.omitted)
        }
        Format::Svg | Format::Pdf => {
            let figure = draw_vector(&scene, hints, job.style)?;
            check_numbers(job, figure.omitted)?;
            chessviz::write_atomic_with(job.path, super::cancel(), |w| match job.format {
                Format::Svg => figure.write_svg(w),
                _ => figure.write_pdf(w, &figure.pdf),
            })?;
            (figure.list.width, figure.list.height, figure.omitted)
        }
        Format::Text | Format::Gif => {
            return Err(Error::invalid("a still is written as PNG, SVG or PDF"));
        }
    };
    note_omitted(job, omitted);
    summary::wrote(
        job.path,
        &summary::pixels(width, height),
        job.started,
        job.quiet,
    )
}

/// Numbers that were asked for but cannot be legible refuse the figure, with the cell that shows them.
fn check_numbers(job: &StillJob<'_>, omitted: Omitted) -> Result<()> {
    if job.numbers_asked && omitted.numbers {
        return Err(Error::invalid(format!(
            "--numbers at --cell {} would be too small to read (under 7 pixels); {}",
            job.style.cell,
            from_cell(omitted)
        )));
    }
    Ok(())
}

fn from_cell(omitted: Omitted) -> String {
    match omitted.numbers_from_cell {
        Some(c) => format!("use --cell {c} or more"),
        None => "no cell size makes them legible on this board".to_string(),
    }
}

/// One line on standard error for text left out as illegible (unless `-q`).
pub fn note_omitted(job: &StillJob<'_>, omitted: Omitted) {
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
