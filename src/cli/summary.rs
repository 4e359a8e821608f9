//! The one line printed after `-o FILE` is written: what, where, how big, how long. Every file output
//! prints one (on standard output, which then carries nothing else); `-q` silences them all.

use std::path::Path;
use std::time::Instant;

use chessviz::output::Target;
use chessviz::Result;

/// Prints `wrote PATH (DETAILS, SIZE) in T s` unless `quiet`.
pub fn wrote(path: &Path, details: &str, started: Instant, quiet: bool) {
    if quiet {
        return;
    }
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    let details = if details.is_empty() {
        human_size(size)
    } else {
        format!("{details}, {}", human_size(size))
    };
    println!(
        "wrote {} ({details}) in {:.2} s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
}

/// The summary line of a text file (none for standard output, which carries the text itself).
pub fn wrote_text(target: &Target, started: Instant, quiet: bool) -> Result<()> {
    if let Target::File(path, _) = target {
        wrote(path, "text", started, quiet);
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
