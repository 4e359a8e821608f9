//! Behaviour unchanged: a fixed list of commands, every subcommand, output format, theme, step
//! option and annotation, whose outputs are recorded under `tests/behaviour/` and compared after
//! any change: PNG by pixels, GIF by composed frames and delays, text, SVG and PDF by bytes (see
//! `compare`).
//!
//! An argument `@.EXT` is the output file, recorded as `tests/behaviour/CASE.EXT`; `@/` is an
//! output folder, recorded as `tests/behaviour/CASE/`; without either, standard output is recorded
//! as `CASE.txt`, or `CASE.FORMAT` with `--format`. `@data/` names a file of `tests/data/`.
//!
//! The lists of formats in the text outputs (completions, the manual page) are recorded as
//! placeholders (`format_lists`): a new format of the table rewrites no recording.
//!
//! A failure keeps the actual output (and for pictures a diff) under `target/behaviour-failures/`.
//! When a change is meant to alter an output, look at it, then run
//! `CHESSVIZ_BLESS=1 cargo test --test it behaviour::` to rewrite the recordings, and say why in
//! the commit message.

mod compare;
mod format_lists;

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::common::run;
use compare::{compare, files_under};

/// One command of the list.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static str,
}

const fn case(name: &'static str, args: &'static [&'static str]) -> Case {
    Case {
        name,
        args,
        stdin: "",
    }
}

/// The sample input of the CASE batch format from the textbook exercise.
const CASE_BATCH_SAMPLE: &str = "2\n2\n0 0\n8\n2 2\n";

const T: &str = "tromino";
const Q: &str = "queens";
const K: &str = "knight";

#[rustfmt::skip]
const CASES: &[Case] = &[
    // tromino: text
    case("tromino-text", &[T, "-k", "3", "--special", "2,2"]),
    case("tromino-text-file", &[T, "-k", "2", "--special", "1,3", "-o", "@.txt"]),
    Case { name: "tromino-batch", args: &[T, "--batch"], stdin: CASE_BATCH_SAMPLE },
    case("tromino-trace", &[T, "-k", "2", "--special", "0,3", "--trace"]),
    // tromino: figures
    case("tromino-numbers-splits", &[T, "-k", "3", "--special", "2,5", "--numbers", "--show-splits", "--cell", "16", "-o", "@.png"]),
    case("tromino-print", &[T, "-k", "3", "--special", "2,2", "--numbers", "--theme", "print", "--cell", "16", "-o", "@.png"]),
    case("tromino-classic", &[T, "-k", "3", "--special", "2,2", "--theme", "classic", "--cell", "16", "-o", "@.png"]),
    case("tromino-slate", &[T, "-k", "3", "--special", "2,2", "--theme", "slate", "--cell", "16", "-o", "@.png"]),
    case("tromino-depth", &[T, "-k", "3", "--special", "5,1", "--depth", "2", "--cell", "16", "-o", "@.png"]),
    case("tromino-shapes", &[T, "--shapes", "--cell", "32", "-o", "@.png"]),
    case("tromino-shapes-svg", &[T, "--shapes", "--cell", "32", "-o", "@.svg"]),
    case("tromino-orientation", &[T, "-k", "3", "--special", "7,0", "--color-by", "orientation", "--cell", "16", "-o", "@.png"]),
    case("tromino-tile-hues", &[T, "-k", "3", "--special", "3,4", "--color-by", "tile", "--cell", "16", "-o", "@.png"]),
    case("tromino-svg", &[T, "-k", "3", "--special", "2,2", "--numbers", "--show-splits", "--cell", "16", "-o", "@.svg"]),
    case("tromino-pdf", &[T, "-k", "3", "--special", "2,2", "--numbers", "--cell", "16", "-o", "@.pdf"]),
    case("tromino-transparent", &[T, "-k", "2", "--special", "1,1", "--background", "transparent", "--cell", "16", "-o", "@.png"]),
    case("tromino-white-svg", &[T, "-k", "2", "--special", "1,1", "--background", "white", "--cell", "16", "-o", "@.svg"]),
    case("tromino-dpi-png", &[T, "-k", "2", "--dpi", "300", "--cell", "16", "-o", "@.png"]),
    case("tromino-dpi-pdf", &[T, "-k", "2", "--dpi", "150", "--cell", "16", "-o", "@.pdf"]),
    case("tromino-margin0", &[T, "-k", "3", "--special", "2,2", "--margin", "0", "--cell", "12", "-o", "@.png"]),
    case("tromino-annotated", &[T, "-k", "3", "--special", "2,2", "--mark", "1,1", "--mark", "c3:cross", "--mark", "6,6:dot", "--mark", "h1:fill", "--arrow", "0,0-3,3", "--caption", "Marks and an arrow", "--coords", "chess", "--cell", "20", "-o", "@.png"]),
    // (`--caption none` is refused here since this figure has no built-in caption: it changed nothing.)
    case("tromino-no-coords", &[T, "-k", "2", "--coords", "none", "--cell", "16", "-o", "@.png"]),
    // tromino: steps and animations
    case("tromino-gif", &[T, "-k", "2", "--special", "0,3", "--show-splits", "--cell", "16", "-o", "@.gif"]),
    case("tromino-gif-annotated", &[T, "-k", "2", "--special", "0,3", "--mark", "b2", "--arrow", "a1-d4", "--delay", "100", "--hold", "500", "--loop", "2", "--cell", "16", "-o", "@.gif"]),
    case("tromino-step", &[T, "-k", "3", "--special", "2,2", "--step", "7", "--cell", "16", "-o", "@.png"]),
    case("tromino-step-counter-svg", &[T, "-k", "2", "--special", "2,2", "--step", "3", "--counter", "--cell", "16", "-o", "@.svg"]),
    case("tromino-frames", &[T, "-k", "2", "--special", "3,0", "--counter", "--cell", "12", "--frames", "@/"]),
    case("tromino-storyboard", &[T, "-k", "2", "--special", "1,2", "--storyboard", "0,2,5,9", "--cell", "12", "-o", "@.png"]),
    // tromino: pictures on standard output
    case("tromino-stdout-png", &[T, "-k", "2", "--cell", "16", "-o", "-", "--format", "png"]),
    case("tromino-stdout-gif", &[T, "-k", "2", "--cell", "12", "--format", "gif"]),
    case("tromino-stdout-svg", &[T, "-k", "2", "--cell", "16", "--format", "svg"]),
    case("tromino-stdout-pdf", &[T, "-k", "2", "--cell", "16", "-o", "-", "--format", "pdf"]),
    // queens: text
    case("queens-list", &[Q, "-n", "6", "--list"]),
    case("queens-n10-text", &[Q, "-n", "10", "--solution", "5"]),
    case("queens-count", &[Q, "-n", "8", "--count"]),
    case("queens-unique-count", &[Q, "-n", "8", "--unique", "--count"]),
    case("queens-unique-list", &[Q, "-n", "8", "--unique", "--list"]),
    case("queens-trace", &[Q, "-n", "4", "--trace"]),
    case("queens-solution-text", &[Q, "-n", "8", "--solution", "7", "-o", "@.txt"]),
    // queens: figures
    case("queens-solution", &[Q, "-n", "8", "--solution", "7", "--cell", "16", "-o", "@.png"]),
    case("queens-print", &[Q, "-n", "6", "--theme", "print", "--cell", "16", "-o", "@.png"]),
    case("queens-classic", &[Q, "-n", "6", "--theme", "classic", "--cell", "16", "-o", "@.png"]),
    case("queens-slate-glyph", &[Q, "-n", "6", "--theme", "slate", "--piece", "glyph", "--cell", "16", "-o", "@.png"]),
    case("queens-position-attacks", &[Q, "-n", "8", "--queens", "1.8..5", "--attacks", "--cell", "16", "-o", "@.png"]),
    case("queens-unique-solution", &[Q, "-n", "8", "--unique", "--solution", "3", "--cell", "16", "-o", "@.png"]),
    case("queens-svg", &[Q, "-n", "8", "--solution", "1", "--cell", "16", "-o", "@.svg"]),
    case("queens-attacks-svg", &[Q, "-n", "6", "--queens", "2.4.1", "--attacks", "--cell", "16", "-o", "@.svg"]),
    case("queens-pdf", &[Q, "-n", "8", "--solution", "1", "--cell", "16", "-o", "@.pdf"]),
    case("queens-transparent", &[Q, "-n", "5", "--background", "transparent", "--cell", "16", "-o", "@.png"]),
    case("queens-dpi-svg", &[Q, "-n", "5", "--dpi", "200", "--background", "white", "--cell", "16", "-o", "@.svg"]),
    case("queens-annotated", &[Q, "-n", "8", "--mark", "d4", "--mark", "e5:cross", "--arrow", "a1-h8", "--caption", "A diagonal", "--coords", "index", "--cell", "16", "-o", "@.png"]),
    // queens: animations, steps, many solutions
    case("queens-search-gif", &[Q, "-n", "4", "--attacks", "--until-solution", "1", "--cell", "16", "-o", "@.gif"]),
    case("queens-no-emphasis-gif", &[Q, "-n", "4", "--no-emphasis", "--until-solution", "2", "--cell", "12", "-o", "@.gif"]),
    case("queens-solutions-only", &[Q, "-n", "5", "--solutions-only", "--cell", "12", "-o", "@.gif"]),
    case("queens-counter-gif", &[Q, "-n", "4", "--until-solution", "1", "--counter", "--cell", "12", "-o", "@.gif"]),
    case("queens-step", &[Q, "-n", "4", "--step", "10", "--counter", "--cell", "16", "-o", "@.png"]),
    case("queens-step-pdf", &[Q, "-n", "5", "--step", "6", "--cell", "16", "-o", "@.pdf"]),
    case("queens-storyboard-svg", &[Q, "-n", "4", "--storyboard", "0,3,9,26", "--columns", "2", "--cell", "12", "-o", "@.svg"]),
    case("queens-frames", &[Q, "-n", "4", "--no-emphasis", "--every", "4", "--max-frames", "6", "--cell", "12", "--frames", "@/"]),
    case("queens-all", &[Q, "-n", "6", "--all", "--cell", "12", "-q", "-o", "@/"]),
    case("queens-all-unique", &[Q, "-n", "7", "--unique", "--all", "--cell", "12", "-q", "-o", "@/"]),
    case("queens-sheet-png", &[Q, "-n", "6", "--cell", "12", "--sheet", "@.png"]),
    case("queens-sheet-svg", &[Q, "-n", "8", "--unique", "--cell", "12", "--sheet", "@.svg"]),
    case("queens-sheet-pdf", &[Q, "-n", "6", "--cell", "12", "--sheet", "@.pdf"]),
    case("queens-stdout-gif", &[Q, "-n", "4", "--until-solution", "1", "--cell", "12", "-o", "-", "--format", "gif"]),
    // knight: text
    case("knight-text", &[K, "--size", "5", "--start", "0,0"]),
    case("knight-trace", &[K, "--size", "5", "--start", "2,2", "--trace"]),
    case("knight-closed-text", &[K, "--size", "6", "--closed", "-o", "@.txt"]),
    case("knight-construct-text", &[K, "--size", "12", "--method", "construct"]),
    case("knight-rect-text", &[K, "--rows", "3", "--cols", "4", "--start", "0,0"]),
    // knight: figures
    case("knight-figure", &[K, "--size", "6", "--start", "0,0", "--cell", "16", "-o", "@.png"]),
    case("knight-print", &[K, "--size", "5", "--theme", "print", "--cell", "16", "-o", "@.png"]),
    case("knight-classic", &[K, "--size", "5", "--theme", "classic", "--cell", "16", "-o", "@.png"]),
    case("knight-slate", &[K, "--size", "5", "--theme", "slate", "--piece", "none", "--cell", "16", "-o", "@.png"]),
    case("knight-closed", &[K, "--size", "6", "--closed", "--cell", "16", "-o", "@.png"]),
    case("knight-show-path", &[K, "--size", "6", "--show", "path", "--cell", "16", "-o", "@.png"]),
    case("knight-show-numbers-svg", &[K, "--size", "5", "--show", "numbers", "--cell", "16", "-o", "@.svg"]),
    case("knight-path", &[K, "--path", "a8 b6 c4 d2 f1 h2", "--cell", "16", "-o", "@.png"]),
    case("knight-path-file", &[K, "--path-file", "@data/knight-5x5.txt", "--cell", "16", "-o", "@.png"]),
    case("knight-construct", &[K, "--size", "12", "--method", "construct", "--show", "path", "--cell", "12", "-o", "@.png"]),
    case("knight-rect", &[K, "--rows", "3", "--cols", "4", "--start", "0,0", "--cell", "16", "-o", "@.png"]),
    case("knight-pdf", &[K, "--size", "5", "--cell", "16", "-o", "@.pdf"]),
    case("knight-annotated", &[K, "--size", "5", "--mark", "c3:dot", "--arrow", "0,0-1,2", "--caption", "The first move", "--coords", "chess", "--cell", "16", "-o", "@.png"]),
    // knight: animations and steps
    case("knight-gif", &[K, "--size", "5", "--start", "0,0", "--cell", "16", "-o", "@.gif"]),
    case("knight-path-gif", &[K, "--path", "a8 b6 c4 d2", "--counter", "--cell", "12", "-o", "@.gif"]),
    case("knight-step", &[K, "--size", "5", "--step", "12", "--counter", "--cell", "16", "-o", "@.png"]),
    case("knight-storyboard-pdf", &[K, "--size", "5", "--storyboard", "0,8,16,24", "--cell", "12", "-o", "@.pdf"]),
    case("knight-frames-svg", &[K, "--size", "5", "--every", "6", "--format", "svg", "--cell", "12", "--frames", "@/"]),
    case("knight-stdout-png", &[K, "--size", "5", "--cell", "16", "--format", "png"]),
    // the other subcommands
    case("gallery", &["gallery", "--cell", "12", "-q", "@/"]),
    case("completions-bash", &["completions", "bash"]),
    case("completions-zsh", &["completions", "zsh"]),
    case("completions-fish", &["completions", "fish"]),
    case("completions-powershell", &["completions", "powershell"]),
    case("completions-elvish", &["completions", "elvish"]),
    case("man", &["man"]),
];

fn recorded_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/behaviour")
}

/// Runs `case` in `work` and returns its outputs as (path under `tests/behaviour/`, file written
/// now), or why it could not.
fn outputs(case: &Case, work: &Path) -> Result<Vec<(PathBuf, PathBuf)>, String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut recorded = None;
    let args: Vec<String> = case
        .args
        .iter()
        .map(|&a| {
            if let Some(file) = a.strip_prefix("@data/") {
                data.join(file).display().to_string()
            } else if let Some(ext) = a.strip_prefix("@.") {
                recorded = Some(format!("{}.{ext}", case.name));
                work.join(format!("{}.{ext}", case.name))
                    .display()
                    .to_string()
            } else if a == "@/" {
                recorded = Some(case.name.to_string());
                work.join(case.name).display().to_string()
            } else {
                a.to_string()
            }
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args, case.stdin.as_bytes());
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("exit {:?}: {}", out.status.code(), err.trim_end()));
    }
    let recorded = recorded.unwrap_or_else(|| {
        let format = args.iter().position(|&a| a == "--format");
        let ext = format.map_or("txt", |i| args[i + 1]);
        let name = format!("{}.{ext}", case.name);
        std::fs::write(work.join(&name), &out.stdout).unwrap();
        name
    });
    let written = work.join(&recorded);
    if written.is_dir() {
        let files = files_under(&written);
        Ok(files
            .into_iter()
            .map(|f| (Path::new(&recorded).join(&f), written.join(f)))
            .collect())
    } else {
        Ok(vec![(PathBuf::from(recorded), written)])
    }
}

/// Compares the outputs of `case` with its recordings (or rewrites them when blessing); returns
/// every difference found.
fn check(case: &Case, work: &Path, bless: bool) -> Vec<String> {
    let name = case.name;
    let files = match outputs(case, work) {
        Ok(files) => files,
        Err(why) => return vec![format!("{name}: {why}")],
    };
    let recorded = recorded_dir();
    let failures = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/behaviour-failures");
    // animate.tex names its folder as the command line did (here a temporary folder): recorded
    // with that folder as WORK.
    for (rel, actual) in &files {
        if rel.file_name().is_some_and(|n| n == "animate.tex") {
            let text = std::fs::read_to_string(actual).unwrap();
            let work_dir = work.display().to_string();
            std::fs::write(actual, text.replace(&work_dir, "WORK")).unwrap();
        }
        // The lists of formats the command makes from the table, as placeholders.
        if rel.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(actual).unwrap();
            std::fs::write(actual, format_lists::to_placeholders(&text)).unwrap();
        }
    }
    if bless {
        for (rel, actual) in &files {
            let to = recorded.join(rel);
            std::fs::create_dir_all(to.parent().expect("a parent")).unwrap();
            std::fs::copy(actual, &to).unwrap();
            let size = std::fs::metadata(&to).unwrap().len();
            println!("wrote {} ({size} bytes)", to.display());
            assert!(size > 0, "{name}: {} is empty", rel.display());
        }
        return Vec::new();
    }
    let mut problems = Vec::new();
    // A folder output must hold the same files as its recording, no more and no fewer.
    let folder = recorded.join(name);
    if folder.is_dir() {
        let was: Vec<PathBuf> = files_under(&folder)
            .iter()
            .map(|f| Path::new(name).join(f))
            .collect();
        let is: Vec<PathBuf> = files.iter().map(|(rel, _)| rel.clone()).collect();
        for missing in was.iter().filter(|f| !is.contains(f)) {
            problems.push(format!(
                "{name}: {} is no longer written",
                missing.display()
            ));
        }
    }
    for (rel, actual) in &files {
        let expected = recorded.join(rel);
        let label = rel.display().to_string();
        if !expected.is_file() {
            problems.push(format!(
                "{name}: nothing recorded as {} (run with CHESSVIZ_BLESS=1 to record it)",
                expected.display()
            ));
        } else if let Some(why) = compare(&expected, actual, &failures, &label) {
            problems.push(format!("{name}: {label}: {why}"));
        }
    }
    problems
}

#[test]
fn outputs_match_the_recordings() {
    let bless = std::env::var_os("CHESSVIZ_BLESS").is_some_and(|v| v == "1");
    let work = tempfile::tempdir().unwrap();
    let recorded = recorded_dir();
    if bless && recorded.exists() {
        // Rewritten from scratch, so that no recording of a removed case stays behind.
        std::fs::remove_dir_all(&recorded).unwrap();
    }
    let mut failures: Vec<String> = CASES
        .par_iter()
        .flat_map_iter(|case| check(case, work.path(), bless))
        .collect();
    // Every recording belongs to a case of the list.
    if !bless {
        for entry in std::fs::read_dir(&recorded).unwrap() {
            let file = entry.unwrap().file_name().to_string_lossy().to_string();
            let stem = file.split('.').next().unwrap_or_default();
            if !CASES.iter().any(|c| c.name == stem) {
                failures.push(format!("{file}: recorded for no case of the list"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} difference(s) from tests/behaviour/:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn case_names_are_distinct() {
    let mut names: Vec<&str> = CASES.iter().map(|c| c.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), CASES.len());
    assert!(CASES.len() >= 45, "{} cases", CASES.len());
}

/// The recordings of the command's own definition hold the lists of formats as placeholders, and
/// no list written out, so that a new format leaves them as they are.
#[test]
fn recordings_hold_the_format_lists_as_placeholders() {
    let read = |name: &str| std::fs::read_to_string(recorded_dir().join(name)).unwrap();
    for (name, placeholder) in [
        ("completions-bash.txt", "{FORMAT_NAMES}"),
        ("completions-zsh.txt", "{FORMAT_NAMES}"),
        ("completions-fish.txt", "{FORMAT_NAMES_FISH}"),
        ("man.txt", "{ALL_FORMATS}"),
    ] {
        let text = read(name);
        assert!(text.contains(placeholder), "{name}: no {placeholder}");
        assert_eq!(
            format_lists::to_placeholders(&text),
            text,
            "{name}: a list of formats written out"
        );
    }
}
