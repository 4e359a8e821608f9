//! The one line printed after `-o FILE` is written: what, where, how big, how long. Every file output
//! prints one (on standard error, as cargo and ffmpeg do: standard output carries only the text a
//! command was asked for); `-q` silences them all, and an output that is itself a stream (a pipe, a
//! terminal, `/dev/stderr`) gets none.

use std::path::Path;
use std::time::Instant;

use chessviz::files::Target;
use chessviz::Result;

use crate::cli::run::context::Ctx;

/// "1 step", "2 steps": a count and its noun, singular for one. (Regular plurals only: the nouns
/// of the summary lines are.)
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Prints `wrote PATH (DETAILS, SIZE) in T s` unless `quiet` or `path` is not a regular file (the
/// output went to a stream, perhaps this very standard output).
pub fn wrote(ctx: &Ctx, path: &Path, details: &str, started: Instant, quiet: bool) -> Result<()> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(());
    };
    if quiet || !meta.is_file() || is_standard_error(&meta) {
        return Ok(());
    }
    let size = meta.len();
    let details = if details.is_empty() {
        human_size(size)
    } else {
        format!("{details}, {}", human_size(size))
    };
    ctx.status_line(&format!(
        "wrote {} ({details}) in {:.2} s",
        path.display(),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// True when `meta` is the file standard error writes to (`-o /dev/stderr`, or `-o log 2>> log`):
/// the line would land in the output itself.
#[cfg(unix)]
fn is_standard_error(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/dev/stderr")
        .is_ok_and(|out| out.dev() == meta.dev() && out.ino() == meta.ino())
}

#[cfg(not(unix))]
fn is_standard_error(_: &std::fs::Metadata) -> bool {
    false
}

/// The summary line of a text file (none for standard output, which carries the text itself).
pub fn wrote_text(ctx: &Ctx, target: &Target, started: Instant, quiet: bool) -> Result<()> {
    if let Target::File(path, _) = target {
        wrote(ctx, path, "text", started, quiet)?;
    }
    Ok(())
}

/// `W x H pixels` of a picture.
pub fn pixels(width: u32, height: u32) -> String {
    format!("{width} x {height} pixels")
}

/// `532 bytes`, `12.3 KiB`, `4.0 MiB`.
fn human_size(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    let b = bytes as f64;
    if b < KIB {
        format!("{bytes} bytes")
    } else if b < KIB * KIB {
        format!("{:.1} KiB", b / KIB)
    } else {
        format!("{:.1} MiB", b / (KIB * KIB))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_well() {
        assert_eq!(human_size(532), "532 bytes");
        assert_eq!(human_size(12_595), "12.3 KiB");
        assert_eq!(human_size(4 << 20), "4.0 MiB");
    }
}
