//! `queens --all` and `queens --sheet`: every solution (or every fundamental one) drawn, as files
//! in a folder or on one contact sheet.

use std::path::{Path, PathBuf};
use std::time::Instant;

use chessviz::files::Target;
use chessviz::limits::MemoryJob;
use chessviz::queens::{QueensBatch, QueensStyle, Selection};
use chessviz::{Error, Result, StillFormat, Style};

use super::context::Ctx;
use super::disk::check_disk;
use super::limits::check_memory;
use super::problem::Board;
use super::staging::Staging;
use super::still::{draw_as, size_words, write_drawn};
use super::target::folder_display;
use crate::cli::formats::{fill_in, FormatArg};
use crate::cli::report::summary;

/// What `queens --all` / `--sheet` asks for.
pub struct BatchRequest<'a> {
    pub n: u32,
    pub unique: bool,
    pub all: bool,
    /// `-o`: the folder of `--all`.
    pub output: Option<&'a Path>,
    pub sheet: Option<&'a Path>,
    /// The box of `--fit`, `--width` or `--height`: each file of `--all`, and the sheet, fit it.
    pub fit: Option<chessviz::Fit>,
    pub columns: Option<u32>,
    /// Whether `--cell` was given: a contact sheet then keeps it instead of fitting a page.
    pub cell_given: bool,
    pub format: Option<FormatArg>,
    pub quiet: bool,
    pub look: QueensStyle,
    pub style: &'a dyn Fn() -> Result<Style>,
}

/// `--all -o DIR` and/or `--sheet FILE.png|.svg|.pdf`: every solution (or every fundamental one) drawn.
pub fn run(ctx: &Ctx, a: &BatchRequest<'_>) -> Result<()> {
    // Arguments are checked before anything is enumerated or drawn.
    let format = files_format(a)?;
    let dir = if a.all {
        Some(folder_arg(a.output)?)
    } else if a.output.is_some() {
        return Err(Error::usage(
            "--sheet writes the file it names: drop -o, which goes with --all (a folder for the PNG files)",
        ));
    } else {
        None
    };
    let sheet = a
        .sheet
        .map(|p| sheet_format(p).map(|f| (p, f)))
        .transpose()?;
    let style = files_style(a)?;
    let selection = if a.unique {
        Selection::Unique
    } else {
        Selection::All
    };
    let started = Instant::now();
    // A sheet fits a page unless the cell size or a box was chosen.
    let width = (!a.cell_given && a.fit.is_none()).then_some(chessviz::limits::PAGE_WIDTH);
    let batch = QueensBatch::new(a.n, selection)?
        .cancel_with(ctx.cancel.clone())
        .sheet_width(width)
        .sheet_fit(a.fit);
    if batch.is_empty() {
        return Err(Error::NoSolution(format!(
            "{} queens have no solution; nothing was written",
            a.n
        )));
    }
    let mut summary = Vec::new();
    if let Some(dir) = &dir {
        summary.push(write_folder(
            a, &batch, &style, format, selection, dir, started,
        )?);
    }
    if let Some((path, format)) = sheet {
        summary.push(write_sheet(
            ctx,
            a,
            &batch,
            &style,
            (path, format),
            selection,
        )?);
    }
    if !a.quiet {
        for line in summary {
            ctx.status_line(&line);
        }
    }
    Ok(())
}

/// The style of the files of `--all` (fitted to `--fit`'s box) and of the sheet; refused when
/// drawing one still per core at once would take too much memory.
fn files_style(a: &BatchRequest<'_>) -> Result<Style> {
    let mut style = (a.style)()?;
    if let (Some(fit), true) = (a.fit, a.all) {
        style = style.fit(fit, a.n, a.n, true)?;
    }
    if a.all {
        // The stills are drawn in parallel, one per core.
        let cores = rayon::current_num_threads() as u64;
        let board = Board {
            rows: a.n,
            cols: a.n,
            kind: chessviz::BoardKind::Queens,
        };
        check_memory(board, &style, true, MemoryJob::Still, cores)?;
    }
    Ok(style)
}

/// Writes every board of `batch` into `dir`, all or nothing, after checking the disk has room;
/// the summary line.
fn write_folder(
    a: &BatchRequest<'_>,
    batch: &QueensBatch,
    style: &Style,
    format: StillFormat,
    selection: Selection,
    dir: &Path,
    started: Instant,
) -> Result<String> {
    if let Some(each) = batch.first_file_bytes(a.look, style, format)? {
        let what = format!("the {}", counted(batch, selection));
        check_disk(&what, batch.len() as u64, each, dir)?;
    }
    // All or nothing: a run that fails or is interrupted leaves the folder as it was.
    let staging = Staging::new(dir)?;
    batch
        .write_files(staging.path(), a.look, style, format)
        .map_err(|e| staging.failed(e))?;
    staging.finish()?;
    Ok(format!(
        "wrote {} of {} to {} in {:.2} s",
        counted(batch, selection),
        summary::count(a.n, "queen"),
        folder_display(dir),
        started.elapsed().as_secs_f64()
    ))
}

/// "92 solutions", "1 fundamental solution".
fn counted(batch: &QueensBatch, selection: Selection) -> String {
    let what = match selection {
        Selection::All => "solution",
        Selection::Unique => "fundamental solution",
    };
    summary::count(batch.len() as u64, what)
}

/// The format of the files of `--all`.
fn files_format(a: &BatchRequest<'_>) -> Result<StillFormat> {
    match a.format {
        Some(_) if !a.all => Err(Error::usage(
            "--sheet takes its format from its file name; --format chooses the files of --all",
        )),
        Some(f) if f.format() == chessviz::files::Format::Html => Err(Error::usage(fill_in(
            "--all writes {STILL_VALUES} files; a web page plays the search: queens -o FILE.html (without --all)",
        ))),
        Some(f) => f.still().ok_or_else(|| {
            Error::usage(fill_in(
                "--all writes {STILL_VALUES} files; --format gif makes one animation of -o -",
            ))
        }),
        None => Ok(StillFormat::Png),
    }
}

/// The format of `--sheet FILE`, from its name.
fn sheet_format(sheet: &Path) -> Result<FormatArg> {
    match Target::from_arg(Some(sheet))? {
        Target::File(_, f) => FormatArg::of(f).filter(|f| f.is_still()),
        Target::Stdout => None,
    }
    .ok_or_else(|| {
        Error::usage(format!(
            "--sheet writes {}: name a {}, not '{}'",
            crate::cli::formats::fill_in("{STILL_FORMATS}"),
            crate::cli::formats::fill_in("{STILL_FILES}"),
            sheet.display()
        ))
    })
}

/// Writes the contact sheet; its summary line.
fn write_sheet(
    ctx: &Ctx,
    a: &BatchRequest<'_>,
    batch: &QueensBatch,
    style: &Style,
    (path, format): (&Path, FormatArg),
    selection: Selection,
) -> Result<String> {
    let started = Instant::now();
    let drawn = draw_as(
        format,
        || batch.sheet(a.look, style, a.columns),
        || batch.sheet_vector(a.look, style, a.columns),
    )?;
    let (width, height) = write_drawn(ctx, path, format, &drawn)?;
    Ok(format!(
        "wrote a sheet of {} ({}) to {} in {:.2} s",
        counted(batch, selection),
        size_words(format, &drawn, (width, height)),
        path.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// The folder `--all` writes into: given, not standard output, and not a name that looks like a file.
fn folder_arg(output: Option<&Path>) -> Result<PathBuf> {
    let Some(dir) = output.filter(|p| p.as_os_str() != "-") else {
        return Err(Error::usage(
            "--all writes one PNG per solution into a folder: give it with -o DIR",
        ));
    };
    let ext = dir.extension().and_then(|e| e.to_str()).unwrap_or("");
    let named = FormatArg::by_extension(ext);
    if (named.is_some() || ext.eq_ignore_ascii_case("txt")) && !dir.is_dir() {
        // `-o sols.svg`: SVG files are asked for with --format.
        let how = match named.filter(|f| f.is_still() && f.name != "png") {
            Some(f) => format!(
                "; for {} files add --format {}: --all --format {} -o solutions/",
                f.label, f.name, f.name
            ),
            None => String::new(),
        };
        return Err(Error::usage(format!(
            "--all writes a folder of files (PNG unless --format says otherwise), and '{}' looks like a file name; give a folder such as -o solutions/{how}",
            dir.display()
        )));
    }
    // Created only once there is something to write; an existing file is refused now.
    if dir.exists() && !dir.is_dir() {
        return Err(Error::usage(format!(
            "'{}' exists and is not a folder",
            dir.display()
        )));
    }
    Ok(dir.to_path_buf())
}
