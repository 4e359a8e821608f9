//! The memory estimate of an animation against the peak the run reaches (its maximum resident set,
//! read by `/usr/bin/time`): within 0.8x-1.3x for GIF, APNG and WebP on a figure large enough for
//! the picture to dominate the program (a 100 x 100 tour at --cell 53: 29 megapixels).

use chessviz::limits::{Budget, MemoryJob};
use chessviz::{BoardKind, Style};

/// The peak resident memory of chessviz run with `args`, in bytes; `None` without `/usr/bin/time`.
fn peak_bytes(args: &[&str]) -> Option<u64> {
    let out = std::process::Command::new("/usr/bin/time")
        .args(["-f", "peak %M"])
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    let kib: u64 = err
        .lines()
        .find_map(|l| l.strip_prefix("peak "))?
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

#[test]
fn the_animation_estimates_are_near_the_measured_peaks() {
    let dir = crate::common::tempdir();
    let (n, cell) = (100u32, 53u32);
    for (ext, job) in [
        ("gif", MemoryJob::GifAnimation),
        ("apng", MemoryJob::ApngAnimation),
        ("webp", MemoryJob::WebpAnimation),
    ] {
        let path = dir.path().join(format!("k.{ext}"));
        let (ns, cs) = (n.to_string(), cell.to_string());
        let args = [
            "knight",
            "-n",
            &ns,
            "--cell",
            &cs,
            "--max-frames",
            "3",
            "-q",
            "-o",
            path.to_str().unwrap(),
        ];
        let Some(peak) = peak_bytes(&args) else {
            crate::common::skipped("skipped: /usr/bin/time not found, so peaks are not measured");
            return;
        };
        let budget = Budget {
            rows: n,
            cols: n,
            caption: true,
            job,
            board: BoardKind::Tour,
            copies: 1,
        };
        let estimate = budget.estimate(cell, &Style::new(cell)).unwrap().bytes;
        let ratio = estimate as f64 / peak as f64;
        assert!(
            (0.8..=1.3).contains(&ratio),
            "{ext}: estimate {estimate} bytes, peak {peak} bytes ({ratio:.2}x)"
        );
    }
}

/// The largest `--cell` the memory check advises for a GIF or an APNG over the limit runs within
/// 1 GiB of address space (`prlimit --as`), and the cell above it is refused before any work.
#[test]
fn the_cell_advised_runs_within_a_gibibyte_of_address_space() {
    if !crate::common::have("prlimit") {
        return;
    }
    let dir = crate::common::tempdir();
    for ext in ["gif", "apng"] {
        let path = dir.path().join(format!("k.{ext}"));
        let p = path.to_str().unwrap();
        let run = |cell: &str| {
            let args = [
                "knight",
                "-n",
                "300",
                "--cell",
                cell,
                "--max-frames",
                "3",
                "-q",
                "-o",
                p,
            ];
            crate::common::refused_before_work(&args)
        };
        let err = run("53");
        let advised: u32 = err
            .split("use --cell ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{ext}: no cell advised: {err}"));
        let above = run(&(advised + 1).to_string());
        assert!(above.contains("memory"), "{ext}: {above}");
        let out = std::process::Command::new("prlimit")
            .arg("--as=1073741824")
            .arg(env!("CARGO_BIN_EXE_chessviz"))
            .args(["knight", "-n", "300", "--cell", &advised.to_string()])
            .args(["--max-frames", "3", "-q", "-o", p])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{ext} at the advised --cell {advised}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
