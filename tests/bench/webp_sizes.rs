//! The WebP sizes of issue 40: chessviz's animated WebP against libwebp's `img2webp -lossless`
//! (Debian's `webp`, default effort) made from the same pictures (`--frames DIR`, each with its
//! time from `frames.txt`). Skipped, with a line saying so, when img2webp is not installed.
//!
//! Sizes do not depend on the machine, so each file is written once. The target is reported, not
//! fatal, like the bench's others.

use std::path::Path;
use std::process::Command;

/// How much larger than `img2webp -lossless` on the same pictures chessviz's WebP may be.
const IMG2WEBP_RATIO: f64 = 1.25;

/// The animations measured: name, command line (without the output).
const CASES: &[(&str, &[&str])] = &[
    ("knight-8", &["knight", "-n", "8"]),
    (
        "queens-8-first",
        &["queens", "-n", "8", "--until-solution", "1"],
    ),
];

/// Prints the table; each missed target adds one to `missed`, each failure to `failed`.
pub fn report(chessviz: &Path, missed: &mut usize, failed: &mut usize) {
    println!(
        "\nWebP sizes (issue 40): chessviz -o FILE.webp against img2webp -lossless on its --frames pictures"
    );
    if Command::new("img2webp").arg("-version").output().is_err() {
        println!("  skipped: img2webp is not installed (apt-get install webp)");
        return;
    }
    let dir = match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(e) => {
            println!("  FAILED: no temporary folder: {e}");
            *failed += 1;
            return;
        }
    };
    println!(
        "  {:<16} {:>14} {:>14} {:>26}",
        "animation", "chessviz bytes", "img2webp", "ratio"
    );
    for &(name, args) in CASES {
        let file = dir.path().join(format!("{name}.webp"));
        let frames = dir.path().join(name);
        let ours = Command::new(chessviz)
            .args(args)
            .arg("-q")
            .arg("-o")
            .arg(&file)
            .status();
        let pictures = Command::new(chessviz)
            .args(args)
            .arg("-q")
            .arg("--frames")
            .arg(&frames)
            .status();
        let bytes = match (ours, pictures, std::fs::metadata(&file)) {
            (Ok(a), Ok(b), Ok(meta)) if a.success() && b.success() => meta.len(),
            _ => {
                println!("  {name:<16} FAILED: chessviz {}", args.join(" "));
                *failed += 1;
                continue;
            }
        };
        let Some(theirs) = img2webp(&frames, &dir.path().join(format!("{name}.i2w.webp"))) else {
            println!("  {name:<16} FAILED: img2webp on {}", frames.display());
            *failed += 1;
            continue;
        };
        let ratio = bytes as f64 / theirs as f64;
        let verdict = if ratio <= IMG2WEBP_RATIO {
            "met"
        } else {
            *missed += 1;
            "MISSED"
        };
        let ratio = format!("{ratio:.3}x (<= {IMG2WEBP_RATIO}x {verdict})");
        println!("  {name:<16} {bytes:>14} {theirs:>14} {ratio:>26}");
    }
}

/// The size of `img2webp -lossless` of the pictures `frames.txt` lists in `frames` (each line a
/// file and its milliseconds), written to `out`; `None` when it fails.
fn img2webp(frames: &Path, out: &Path) -> Option<u64> {
    let list = std::fs::read_to_string(frames.join("frames.txt")).ok()?;
    let mut cmd = Command::new("img2webp");
    cmd.arg("-lossless");
    for line in list.lines() {
        // `file ms`, then a tab and the picture's description.
        let mut fields = line.split_whitespace();
        let (file, ms) = (fields.next()?, fields.next()?);
        cmd.args(["-d", ms]).arg(frames.join(file));
    }
    let status = cmd.arg("-o").arg(out).output().ok()?.status;
    if !status.success() {
        return None;
    }
    std::fs::metadata(out).ok().map(|m| m.len())
}
