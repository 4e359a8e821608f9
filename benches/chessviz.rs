//! Performance of the figures and animations against the targets of the issues.
//!
//! `cargo bench --bench chessviz` prints one row per scenario: the median wall time of several runs,
//! the bytes written, the frames (or files) made and the peak memory, each beside its target, and
//! the CPU time (user + system) of the work, which a busy machine inflates much less than wall time.
//! `cargo bench --bench chessviz -- knight` runs only the scenarios whose name contains `knight`;
//! `CHESSVIZ_BENCH_RUNS=9` changes the number of runs (default 5).
//!
//! Every run happens in a fresh child process (this binary again, with `--scenario NAME`), so the
//! peak memory reported is that scenario's alone: the child prints its own high-water mark
//! (`VmHWM` from `/proc/self/status`) for library scenarios, or the largest child's maximum resident
//! set (`getrusage(RUSAGE_CHILDREN)`) for scenarios that run the `chessviz` binary. Both are Linux
//! only; elsewhere the column reads "n/a".
//!
//! Adding a scenario: one more entry in [`SCENARIOS`], either a library function
//! ([`Work::Library`]) or a command line of the binary ([`Work::Cli`]). A command that the binary
//! does not (yet) understand is reported as "not available" rather than failing the bench.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use chessviz::animate::queens::QueensMovie;
use chessviz::animate::{self, AnimationStats, NoProgress, Pacing};
use chessviz::figure::Style;
use chessviz::scene::queens::QueensStyle;
use chessviz::scene::tromino::TrominoStyle;
use chessviz::solve::knight::KnightProblem;
use chessviz::solve::tromino::TrominoProblem;
use chessviz::Square;

/// Runs per scenario unless `CHESSVIZ_BENCH_RUNS` says otherwise.
const DEFAULT_RUNS: usize = 5;

/// Every library scenario must stay under this peak memory (issue 4).
const MEMORY_MB: f64 = 64.0;

/// What a scenario must achieve; `None` where the issue sets no target.
#[derive(Clone, Copy)]
struct Target {
    /// Median wall time in milliseconds.
    wall_ms: Option<f64>,
    /// Bytes written.
    bytes: Option<u64>,
    /// Peak resident memory in MiB.
    peak_mb: Option<f64>,
}

/// What one run made.
struct Outcome {
    /// Bytes written (all files).
    bytes: u64,
    /// Frames of an animation, or files of a batch.
    frames: u64,
}

/// How a scenario does its work.
enum Work {
    /// A library call writing into the given directory.
    Library(fn(&Path) -> Result<Outcome, String>),
    /// The `chessviz` binary with these arguments; `{out}` is replaced by the output directory.
    /// Bytes and frames are the total size and the number of files it leaves there.
    Cli(&'static [&'static str]),
}

/// A named piece of work with its targets.
struct Scenario {
    name: &'static str,
    /// Where the target comes from and what it means, shown under the table.
    about: &'static str,
    target: Target,
    work: Work,
}

/// All scenarios, in the order of the table.
const SCENARIOS: &[Scenario] = &[
    // Issue 4: animations.
    Scenario {
        name: "knight-8x8-gif",
        about: "issue 4: knight's tour 8 x 8 from 0,0 as a GIF, cell 48",
        target: Target {
            wall_ms: Some(50.0),
            bytes: None,
            peak_mb: Some(MEMORY_MB),
        },
        work: Work::Library(knight_gif),
    },
    Scenario {
        name: "queens-8-search-gif",
        about: "issue 4: full 8-queens search GIF (4112 steps, 92 holds), cell 60",
        target: Target {
            wall_ms: Some(500.0),
            bytes: Some(1_500_000),
            peak_mb: Some(MEMORY_MB),
        },
        work: Work::Library(queens_search_gif),
    },
    Scenario {
        name: "tromino-k6-gif",
        about: "issue 4: tromino tiling k = 6 (1365 tiles) as a GIF, cell 12",
        target: Target {
            wall_ms: None,
            bytes: None,
            peak_mb: Some(MEMORY_MB),
        },
        work: Work::Library(tromino_k6_gif),
    },
    // Issue 5: batches through the binary (flags may not exist yet: then "not available").
    Scenario {
        name: "queens-92-stills",
        about: "issue 5: all 92 solutions of 8 queens as PNG stills, cell 60 (CLI)",
        target: Target {
            wall_ms: Some(300.0),
            bytes: None,
            peak_mb: None,
        },
        work: Work::Cli(&[
            "queens", "-n", "8", "--all", "--cell", "60", "-q", "-o", "{out}",
        ]),
    },
    Scenario {
        name: "queens-92-sheet",
        about: "issue 5: contact sheet of the 92 solutions (CLI)",
        target: Target {
            wall_ms: Some(300.0),
            bytes: None,
            peak_mb: None,
        },
        work: Work::Cli(&[
            "queens",
            "-n",
            "8",
            "--sheet",
            "-q",
            "-o",
            "{out}/sheet.png",
        ]),
    },
    Scenario {
        name: "gallery",
        about: "issue 5: the gallery of figures (CLI)",
        target: Target {
            wall_ms: Some(2000.0),
            bytes: None,
            peak_mb: None,
        },
        work: Work::Cli(&["gallery", "-q", "-o", "{out}"]),
    },
    // Issue 6 scenarios go here.
];

fn io_err(e: std::io::Error) -> String {
    e.to_string()
}

fn create(dir: &Path, name: &str) -> Result<std::fs::File, String> {
    std::fs::File::create(dir.join(name)).map_err(io_err)
}

fn outcome(stats: AnimationStats) -> Outcome {
    Outcome {
        bytes: stats.bytes,
        frames: u64::from(stats.frames),
    }
}

fn knight_gif(dir: &Path) -> Result<Outcome, String> {
    let problem = KnightProblem::new(8, 8, Square::new(0, 0)).map_err(|e| e.to_string())?;
    let pacing = Pacing::new(
        animate::knight::DEFAULT_DELAY_MS,
        animate::knight::DEFAULT_HOLD_MS,
    );
    let stats = animate::knight::animate(
        create(dir, "knight.gif")?,
        &problem,
        &Style::new(48),
        pacing,
        &mut NoProgress,
    )
    .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

fn queens_search_gif(dir: &Path) -> Result<Outcome, String> {
    let pacing = Pacing::new(
        animate::queens::DEFAULT_DELAY_MS,
        animate::queens::DEFAULT_HOLD_MS,
    );
    let stats = animate::queens::animate(
        create(dir, "queens.gif")?,
        8,
        QueensMovie::Search { until: None },
        QueensStyle::default(),
        &Style::new(60),
        pacing,
        &mut NoProgress,
    )
    .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

fn tromino_k6_gif(dir: &Path) -> Result<Outcome, String> {
    let problem = TrominoProblem::new(6, Square::new(0, 0)).map_err(|e| e.to_string())?;
    let pacing = Pacing::new(
        animate::tromino::DEFAULT_DELAY_MS,
        animate::tromino::DEFAULT_HOLD_MS,
    );
    let stats = animate::tromino::animate(
        create(dir, "tromino.gif")?,
        &problem,
        TrominoStyle::default(),
        &Style::new(12),
        pacing,
        &mut NoProgress,
    )
    .map_err(|e| e.to_string())?;
    Ok(outcome(stats))
}

/// Total size and number of the files under `dir`.
fn dir_usage(dir: &Path) -> (u64, u64) {
    let mut bytes = 0;
    let mut files = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            match entry.metadata() {
                Ok(m) if m.is_dir() => stack.push(entry.path()),
                Ok(m) => {
                    bytes += m.len();
                    files += 1;
                }
                Err(_) => {}
            }
        }
    }
    (bytes, files)
}

/// The `chessviz` binary built alongside this bench (cargo sets the path for benches too).
fn chessviz_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_chessviz"))
}

fn run_cli(args: &[&str], dir: &Path) -> Result<Outcome, String> {
    let out = dir.join("out");
    std::fs::create_dir_all(&out).map_err(io_err)?;
    let out_str = out.to_str().ok_or("temp path is not UTF-8")?;
    let args: Vec<String> = args.iter().map(|a| a.replace("{out}", out_str)).collect();
    let result = Command::new(chessviz_binary())
        .args(&args)
        .output()
        .map_err(|e| format!("cannot run chessviz: {e}"))?;
    if !result.status.success() {
        let err = String::from_utf8_lossy(&result.stderr);
        let first = err.lines().next().unwrap_or("failed").trim().to_string();
        return Err(first);
    }
    let (bytes, frames) = dir_usage(&out);
    Ok(Outcome { bytes, frames })
}

/// Peak resident memory of this process in KiB (Linux).
fn own_peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// CPU time and peak resident memory from `getrusage`.
#[derive(Clone, Copy)]
struct Usage {
    /// User plus system time.
    cpu: Duration,
    /// Peak resident set in KiB.
    max_rss_kb: u64,
}

/// Whose usage [`usage`] reads.
#[derive(Clone, Copy)]
enum Who {
    /// This process.
    Own,
    /// The waited-for children of this process (their largest peak, their summed CPU time).
    Children,
}

/// Resource usage (Linux; `None` elsewhere).
#[cfg(target_os = "linux")]
fn usage(who: Who) -> Option<Usage> {
    use std::ffi::{c_int, c_long};
    /// `struct rusage` of Linux: two `struct timeval` (seconds and microseconds, longs), then
    /// fourteen longs, the first of which is `ru_maxrss` in KiB.
    #[repr(C)]
    struct Rusage {
        utime: [c_long; 2],
        stime: [c_long; 2],
        maxrss: c_long,
        rest: [c_long; 13],
    }
    extern "C" {
        fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    }
    let who = match who {
        Who::Own => 0,       // RUSAGE_SELF
        Who::Children => -1, // RUSAGE_CHILDREN
    };
    let mut u = Rusage {
        utime: [0; 2],
        stime: [0; 2],
        maxrss: 0,
        rest: [0; 13],
    };
    // SAFETY: `u` is a properly sized and aligned `struct rusage` that getrusage fills in.
    if unsafe { getrusage(who, &mut u) } != 0 {
        return None;
    }
    let tv = |t: [c_long; 2]| Duration::from_secs(t[0] as u64) + Duration::from_micros(t[1] as u64);
    Some(Usage {
        cpu: tv(u.utime) + tv(u.stime),
        max_rss_kb: u.maxrss as u64,
    })
}

#[cfg(not(target_os = "linux"))]
fn usage(_: Who) -> Option<Usage> {
    None
}

/// The child's side: runs one scenario once and prints
/// `RESULT <wall ns> <bytes> <frames> <peak KiB or n/a> <cpu ns or n/a>` or `UNAVAILABLE <reason>`.
fn run_child(name: &str) -> ExitCode {
    let Some(scenario) = SCENARIOS.iter().find(|s| s.name == name) else {
        println!("UNAVAILABLE no scenario named {name}");
        return ExitCode::FAILURE;
    };
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            println!("UNAVAILABLE temp dir: {e}");
            return ExitCode::FAILURE;
        }
    };
    let cpu_before = usage(Who::Own);
    let start = Instant::now();
    let result = match scenario.work {
        Work::Library(f) => f(dir.path()),
        Work::Cli(args) => run_cli(args, dir.path()),
    };
    let wall = start.elapsed();
    match result {
        Ok(o) => {
            let (peak, cpu) = match scenario.work {
                Work::Library(_) => {
                    let cpu = usage(Who::Own)
                        .zip(cpu_before)
                        .map(|(after, before)| after.cpu.saturating_sub(before.cpu));
                    (own_peak_kb(), cpu)
                }
                Work::Cli(_) => {
                    let u = usage(Who::Children);
                    (u.map(|u| u.max_rss_kb), u.map(|u| u.cpu))
                }
            };
            let na = || "n/a".to_string();
            println!(
                "RESULT {} {} {} {} {}",
                wall.as_nanos(),
                o.bytes,
                o.frames,
                peak.map_or_else(na, |k| k.to_string()),
                cpu.map_or_else(na, |c| c.as_nanos().to_string()),
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("UNAVAILABLE {e}");
            ExitCode::SUCCESS
        }
    }
}

/// One child run as the parent reads it.
struct Sample {
    wall: Duration,
    bytes: u64,
    frames: u64,
    peak_kb: Option<u64>,
    cpu: Option<Duration>,
}

fn sample(name: &str) -> Result<Sample, String> {
    let exe = std::env::current_exe().map_err(io_err)?;
    let out = Command::new(exe)
        .args(["--scenario", name])
        .output()
        .map_err(io_err)?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("RESULT ") || l.starts_with("UNAVAILABLE "))
        .ok_or_else(|| {
            format!(
                "child failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )
        })?;
    if let Some(reason) = line.strip_prefix("UNAVAILABLE ") {
        return Err(reason.to_string());
    }
    let f: Vec<&str> = line.split_whitespace().skip(1).collect();
    let num = |i: usize| -> Result<u64, String> {
        f.get(i)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("bad child line: {line}"))
    };
    Ok(Sample {
        wall: Duration::from_nanos(num(0)?),
        bytes: num(1)?,
        frames: num(2)?,
        peak_kb: f.get(3).and_then(|s| s.parse().ok()),
        cpu: f
            .get(4)
            .and_then(|s| s.parse().ok())
            .map(Duration::from_nanos),
    })
}

fn median<T: Copy + Ord>(mut v: Vec<T>) -> T {
    v.sort_unstable();
    v[v.len() / 2]
}

/// `value (<= target)` with a mark when the target is missed.
fn with_target(value: String, target: Option<String>, ok: bool) -> String {
    match target {
        Some(t) => format!("{value} (<= {t}){}", if ok { "" } else { " MISSED" }),
        None => value,
    }
}

fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--scenario") {
        return match args.get(i + 1) {
            Some(name) => run_child(name),
            None => ExitCode::FAILURE,
        };
    }
    // Cargo passes `--bench`; anything else not starting with '-' filters scenarios by name.
    let filters: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let runs = std::env::var("CHESSVIZ_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or(DEFAULT_RUNS);
    println!("chessviz benchmarks: median of {runs} runs, each in a fresh process");
    println!("(targets apply to wall time; cpu time shows the work itself on a busy machine)\n");
    println!(
        "{:<22} {:>30} {:>10} {:>26} {:>8} {:>26}",
        "scenario", "wall time", "cpu time", "bytes", "frames", "peak memory"
    );
    let mut missed = 0;
    for s in SCENARIOS {
        if !filters.is_empty() && !filters.iter().any(|f| s.name.contains(f.as_str())) {
            continue;
        }
        let mut samples = Vec::new();
        let mut unavailable = None;
        for _ in 0..runs {
            match sample(s.name) {
                Ok(x) => samples.push(x),
                Err(e) => {
                    unavailable = Some(e);
                    break;
                }
            }
        }
        if let Some(reason) = unavailable {
            println!("{:<22} not available: {reason}", s.name);
            continue;
        }
        let wall = median(samples.iter().map(|x| x.wall).collect());
        let bytes = median(samples.iter().map(|x| x.bytes).collect());
        let frames = median(samples.iter().map(|x| x.frames).collect());
        let peak: Option<u64> = samples
            .iter()
            .map(|x| x.peak_kb)
            .collect::<Option<Vec<u64>>>()
            .map(median);
        let cpu: Option<Duration> = samples
            .iter()
            .map(|x| x.cpu)
            .collect::<Option<Vec<Duration>>>()
            .map(median);
        let wall_ms = wall.as_secs_f64() * 1000.0;
        let wall_ok = s.target.wall_ms.is_none_or(|t| wall_ms <= t);
        let bytes_ok = s.target.bytes.is_none_or(|t| bytes <= t);
        let peak_ok = match (peak, s.target.peak_mb) {
            (Some(p), Some(t)) => mb(p) <= t,
            _ => true,
        };
        missed += [wall_ok, bytes_ok, peak_ok]
            .iter()
            .filter(|ok| !**ok)
            .count();
        println!(
            "{:<22} {:>30} {:>10} {:>26} {:>8} {:>26}",
            s.name,
            with_target(
                format!("{wall_ms:.1} ms"),
                s.target.wall_ms.map(|t| format!("{t} ms")),
                wall_ok
            ),
            cpu.map_or("n/a".to_string(), |c| format!(
                "{:.1} ms",
                c.as_secs_f64() * 1000.0
            )),
            with_target(
                bytes.to_string(),
                s.target.bytes.map(|t| t.to_string()),
                bytes_ok
            ),
            frames,
            with_target(
                peak.map_or("n/a".to_string(), |p| format!("{:.1} MiB", mb(p))),
                s.target.peak_mb.map(|t| format!("{t} MiB")),
                peak_ok
            ),
        );
    }
    println!();
    for s in SCENARIOS {
        println!("  {:<22} {}", s.name, s.about);
    }
    if missed > 0 {
        println!("\n{missed} target(s) missed");
    }
    // Missed targets are reported, not fatal: timings depend on the machine.
    ExitCode::SUCCESS
}
