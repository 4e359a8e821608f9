//! Where `-o` (with `--format`) sends the output.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use chessviz::files::{remove_stale_temporaries, Target};
use chessviz::{Error, Result};

use crate::cli::formats::FormatArg;

/// Where `-o` (with `--format`) sends the output: a file named by its extension, or standard output
/// as text or, with `--format`, as a picture. `--format` with a file name must agree with it: the
/// name says the format.
///
/// A picture for a standard output that was closed when the process started (`>&-`) is refused, as
/// text is: the runtime put `/dev/null` in its place, and the run would report success for a picture
/// nobody got.
pub fn target(output: Option<&Path>, format: Option<FormatArg>) -> Result<Target> {
    let target = named_target(output, format)?;
    // Temporary files that killed runs left beside the output go now (a write removes its own).
    if let Target::File(path, _) = &target {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        remove_stale_temporaries(dir.unwrap_or(Path::new(".")));
    }
    if matches!(target, Target::File(..))
        && target.is_standard_output()
        && crate::cli::process::stdout_closed_at_start()
    {
        return Err(Error::io(
            "standard output",
            std::io::Error::other("it is closed, so no picture can be written to it"),
        ));
    }
    Ok(target)
}

/// Whether the output is TikZ source: `-o FILE.tex`, or `--format tex`.
pub fn is_tikz(output: Option<&Path>, format: Option<FormatArg>) -> bool {
    let format = match format {
        Some(f) => Some(f.format()),
        None => Target::from_arg(output).ok().map(|t| t.format()),
    };
    format == Some(chessviz::files::Format::Tex)
}

fn named_target(output: Option<&Path>, format: Option<FormatArg>) -> Result<Target> {
    let to_stdout = output.is_none_or(|p| p.as_os_str() == "-");
    match (to_stdout, format) {
        (true, Some(f)) => {
            // SVG and HTML are text a terminal can show.
            if !matches!(f.name, "svg" | "html") && std::io::stdout().is_terminal() {
                return Err(Error::usage(
                    "standard output is a terminal, which cannot show a picture: redirect it (> FILE, | viewer) or write a file with -o FILE",
                ));
            }
            Target::standard_output(f.format())
        }
        // `--format pdf -o q.pdf`: the two agree, which is no mistake.
        (false, Some(f)) => {
            let target = Target::from_arg(output)?;
            let named = match &target {
                Target::File(_, format) => FormatArg::of(*format),
                Target::Stdout => None,
            };
            match named {
                Some(named) if named == f => Ok(target),
                _ => Err(Error::usage(format!(
                    "--format {} and -o '{}' disagree: the file name says its format by its extension; leave --format out or name a .{} file",
                    f.name,
                    output.map_or_else(String::new, |p| p.display().to_string()),
                    f.name
                ))),
            }
        }
        (_, None) => Target::from_arg(output),
    }
}

/// The still file a target names (PNG, SVG or PDF), or `None`.
pub fn still_file(target: &Target) -> Option<(PathBuf, FormatArg)> {
    match target {
        Target::File(path, format) => FormatArg::of(*format)
            .filter(|f| f.is_still())
            .map(|f| (path.clone(), f)),
        Target::Stdout => None,
    }
}

/// `dir/`, with exactly one trailing slash.
pub fn folder_display(dir: &Path) -> String {
    let s = dir.display().to_string();
    if s.ends_with('/') {
        s
    } else {
        format!("{s}/")
    }
}
