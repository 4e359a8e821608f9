//! `queens --all` and `queens --sheet`: every solution (or every fundamental one) drawn, as files
//! in a folder or on one contact sheet.

use super::*;

/// `--all -o DIR` and/or `--sheet FILE.png|.svg|.pdf`: every solution (or every fundamental one) drawn.
pub(super) fn run_batch(a: &QueensArgs, look: QueensStyle) -> Result<()> {
    // Arguments are checked before anything is enumerated or drawn.
    let format =
        match a.seq.format {
            Some(_) if !a.all => return Err(Error::invalid(
                "--sheet takes its format from its file name; --format chooses the files of --all",
            )),
            Some(FormatArg::Gif) => {
                return Err(Error::invalid(
                    "--all writes png, svg or pdf files; --format gif makes one animation of -o -",
                ))
            }
            Some(f) => f.still().unwrap_or(StillFormat::Png),
            None => StillFormat::Png,
        };
    let dir = if a.all {
        Some(folder_arg(a.output.as_deref())?)
    } else if a.output.is_some() {
        return Err(Error::invalid(
            "--sheet writes the file it names: drop -o, which goes with --all (a folder for the PNG files)",
        ));
    } else {
        None
    };
    let sheet_format = match &a.sheet {
        Some(sheet) => match Target::from_arg(Some(sheet))?.format() {
            f @ (Format::Png | Format::Svg | Format::Pdf) => Some(f),
            _ => {
                return Err(Error::invalid(format!(
                    "--sheet writes a PNG, SVG or PDF: use a .png, .svg or .pdf file name, not '{}'",
                    sheet.display()
                )));
            }
        },
        None => None,
    };
    let style = checked_style(a, look)?;
    if a.all {
        // The stills are drawn in parallel, one per core.
        let cores = rayon::current_num_threads() as u64;
        limits::check_memory_of(a.n, a.n, &style, true, Job::Still, Board::Queens, cores)?;
    }
    let selection = if a.unique {
        Selection::Unique
    } else {
        Selection::All
    };
    let started = Instant::now();
    // A sheet fits a page unless the cell size was chosen.
    let width = a
        .width
        .or((!super::super::cell_given()).then_some(chessviz::PAGE_WIDTH));
    let batch = QueensBatch::new(a.n, selection)?
        .cancel_with(super::super::cancel().clone())
        .sheet_width(width);
    if batch.is_empty() {
        return Err(Error::NoSolution(format!(
            "{} queens have no solution; nothing was written",
            a.n
        )));
    }
    let what = match selection {
        Selection::All => "solution",
        Selection::Unique => "fundamental solution",
    };
    let k = batch.len() as u64;
    let mut summary = Vec::new();
    if let Some(dir) = &dir {
        batch.write_files(dir, look, &style, format)?;
        summary.push(format!(
            "wrote {k} {what}{} of {} queens to {} in {:.2} s",
            plural(k),
            a.n,
            folder_display(dir),
            started.elapsed().as_secs_f64()
        ));
    }
    if let (Some(path), Some(format)) = (&a.sheet, sheet_format) {
        let started = Instant::now();
        let (width, height) = if format == Format::Png {
            let still = batch.sheet(look, &style, a.columns)?;
            super::super::write_still(path, &still)?;
            (still.canvas.width(), still.canvas.height())
        } else {
            let figure = batch.sheet_vector(look, &style, a.columns)?;
            chessviz::write_atomic_with(path, super::super::cancel(), |w| match format {
                Format::Svg => figure.write_svg(w),
                _ => figure.write_pdf(w, &figure.pdf),
            })?;
            (figure.list.width, figure.list.height)
        };
        summary.push(format!(
            "wrote a sheet of {k} {what}{} ({width} x {height} pixels) to {} in {:.2} s",
            plural(k),
            path.display(),
            started.elapsed().as_secs_f64()
        ));
    }
    if !a.anim.quiet {
        for line in summary {
            super::super::process::print_line(&line)?;
        }
    }
    Ok(())
}

/// The folder `--all` writes into: given, not standard output, and not a name that looks like a file.
fn folder_arg(output: Option<&Path>) -> Result<PathBuf> {
    let Some(dir) = output.filter(|p| p.as_os_str() != "-") else {
        return Err(Error::invalid(
            "--all writes one PNG per solution into a folder: give it with -o DIR",
        ));
    };
    let looks_like_file = dir.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["png", "gif", "txt", "svg", "pdf"].contains(&e.to_ascii_lowercase().as_str())
    });
    if looks_like_file && !dir.is_dir() {
        return Err(Error::invalid(format!(
            "--all writes a folder of PNG files, and '{}' looks like a file name; give a folder such as -o solutions/",
            dir.display()
        )));
    }
    // Created only once there is something to write; an existing file is refused now.
    if dir.exists() && !dir.is_dir() {
        return Err(Error::invalid(format!(
            "'{}' exists and is not a folder",
            dir.display()
        )));
    }
    Ok(dir.to_path_buf())
}

/// `dir/`, with exactly one trailing slash.
pub(in crate::cli) fn folder_display(dir: &Path) -> String {
    let s = dir.display().to_string();
    if s.ends_with('/') {
        s
    } else {
        format!("{s}/")
    }
}
