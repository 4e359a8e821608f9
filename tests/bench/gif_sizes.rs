//! The GIF sizes of issue 29: the full 8-queens search at `--cell 60 --margin 0`, explaining (the
//! default) and `--no-emphasis`, against their targets, and against `gifsicle -O3` run on
//! chessviz's own file (skipped, with a line saying so, when gifsicle is not installed).
//!
//! Sizes do not depend on the machine, so each GIF is written once. The targets are reported,
//! not fatal, like the bench's others.

use std::path::Path;
use std::process::Command;

/// How much larger than `gifsicle -O3` on the same file chessviz's GIF may be.
const GIFSICLE_RATIO: f64 = 1.1;

/// The animations measured: name, extra arguments, byte target.
const CASES: &[(&str, &[&str], u64)] = &[
    ("queens-8-search", &[], 2_500_000),
    ("queens-8-no-emphasis", &["--no-emphasis"], 1_000_000),
];

/// Prints the table; each missed target adds one to `missed`, each failure to `failed`.
pub fn report(chessviz: &Path, missed: &mut usize, failed: &mut usize) {
    println!(
        "\nGIF sizes (issue 29): queens -n 8 --cell 60 --margin 0, against gifsicle -O3 on the same file"
    );
    let dir = match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(e) => {
            println!("  FAILED: no temporary folder: {e}");
            *failed += 1;
            return;
        }
    };
    let gifsicle = Command::new("gifsicle").arg("--version").output().is_ok();
    if !gifsicle {
        println!("  gifsicle is not installed: its column is skipped (apt-get install gifsicle)");
    }
    println!(
        "  {:<22} {:>30} {:>14} {:>22}",
        "animation", "chessviz bytes", "gifsicle -O3", "ratio"
    );
    for &(name, extra, target) in CASES {
        let file = dir.path().join(format!("{name}.gif"));
        let mut args = vec!["queens", "-n", "8", "--cell", "60", "--margin", "0", "-q"];
        args.extend_from_slice(extra);
        let run = Command::new(chessviz)
            .args(&args)
            .arg("-o")
            .arg(&file)
            .status();
        let bytes = match (run, std::fs::metadata(&file)) {
            (Ok(status), Ok(meta)) if status.success() => meta.len(),
            _ => {
                println!("  {name:<22} FAILED: chessviz {}", args.join(" "));
                *failed += 1;
                continue;
            }
        };
        let mut judge = |ok: bool| {
            if ok {
                "met"
            } else {
                *missed += 1;
                "MISSED"
            }
        };
        let ours = format!("{bytes} (<= {target} {})", judge(bytes <= target));
        let (theirs, ratio) = match gifsicle.then(|| optimized(&file)).flatten() {
            Some(theirs) => {
                let ratio = bytes as f64 / theirs as f64;
                let verdict = judge(ratio <= GIFSICLE_RATIO);
                (
                    theirs.to_string(),
                    format!("{ratio:.3}x (<= {GIFSICLE_RATIO}x {verdict})"),
                )
            }
            None => ("n/a".to_string(), "n/a".to_string()),
        };
        println!("  {name:<22} {ours:>30} {theirs:>14} {ratio:>22}");
    }
}

/// The size of `gifsicle -O3` run on `file`, or `None` when it fails.
fn optimized(file: &Path) -> Option<u64> {
    let out = file.with_extension("O3.gif");
    let status = Command::new("gifsicle")
        .arg("-O3")
        .arg(file)
        .arg("-o")
        .arg(&out)
        .status()
        .ok()?;
    if !status.success() {
        return None;
    }
    std::fs::metadata(&out).ok().map(|m| m.len())
}
