//! The README and the guide (`examples/guide/`) work as shown: every `chessviz` line of their `sh`
//! blocks is run with the built binary in a fresh folder (with `HOME` there, so the install lines
//! write into it), must succeed, and must leave the files it names, each decoding as its format.

use std::path::{Path, PathBuf};
use std::process::Command;

use rayon::prelude::*;

/// The pages: the README and every page of the guide.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root.join("examples/guide"))
        .expect("examples/guide")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    pages.extend(guide);
    pages
}

/// The lines of a page's `sh` blocks that run chessviz (or make the folders an install line needs),
/// continuation lines joined.
fn commands(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in page.lines() {
        if line.starts_with("```") {
            in_sh = !in_sh && line.trim() == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        pending.push_str(line.trim_end_matches('\\'));
        if line.ends_with('\\') {
            continue;
        }
        let command = std::mem::take(&mut pending);
        let command = command.trim();
        let runs_chessviz = command.starts_with("chessviz ")
            || command.contains("| chessviz ")
            || command.starts_with("mkdir -p ");
        if runs_chessviz {
            out.push(command.to_string());
        }
    }
    out
}

/// The files and folders a command line names as its outputs (`-o`, `--sheet`, `--frames`,
/// `--dir`, `> FILE`), `~` standing for `home`.
fn outputs(command: &str, home: &Path) -> Vec<PathBuf> {
    let words = shell_words(command.split('#').next().unwrap_or(""));
    let mut out = Vec::new();
    for pair in words.windows(2) {
        let pair = [pair[0].as_str(), pair[1].as_str()];
        if ["-o", "--sheet", "--frames", "--dir", ">"].contains(&pair[0]) && pair[1] != "-" {
            let path = match pair[1].strip_prefix("~/") {
                Some(rest) => home.join(rest),
                None => PathBuf::from(pair[1]),
            };
            out.push(path);
        }
    }
    out
}

/// The words of a command line as the shell splits them: at spaces, but not inside double quotes
/// ("five queens" is one word, without its quotes).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut word, mut quoted, mut started) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => (quoted, started) = (!quoted, true),
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Checks that `path` (relative to `dir`) holds what its name says.
fn check_output(dir: &Path, path: &Path, command: &str) {
    let path = dir.join(path);
    assert!(
        path.exists(),
        "`{command}` did not write {}",
        path.display()
    );
    if path.is_dir() {
        let entries: Vec<PathBuf> = std::fs::read_dir(&path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert!(
            !entries.is_empty(),
            "`{command}`: {} is empty",
            path.display()
        );
        // The first few files of a folder decode; all of them would take long.
        let mut files: Vec<&PathBuf> = entries.iter().filter(|p| p.is_file()).collect();
        files.sort();
        for file in files.into_iter().take(3) {
            check_file(file, command);
        }
    } else {
        check_file(&path, command);
    }
}

fn check_file(path: &Path, command: &str) {
    let bytes = std::fs::read(path).unwrap();
    assert!(
        !bytes.is_empty(),
        "`{command}`: {} is empty",
        path.display()
    );
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let text = String::from_utf8_lossy(&bytes);
    let fine = match ext {
        "png" | "gif" => image::load_from_memory(&bytes).is_ok(),
        "svg" => text.contains("<svg"),
        "pdf" => bytes.starts_with(b"%PDF"),
        // A TikZ picture, or the animate.tex of a frames folder.
        "tex" => text.contains("tikzpicture") || text.contains("\\begin{animateinline}"),
        "apng" => image::load_from_memory(&bytes).is_ok(),
        "1" => text.contains(".TH "),
        _ => true,
    };
    assert!(
        fine,
        "`{command}`: {} does not decode as .{ext}",
        path.display()
    );
}

/// The family a command asks for with `--font-family "NAME"` where no installed font has it (a
/// Chinese caption needs `fonts-noto-cjk`, which `.ci/run` installs): such a line is skipped, and
/// says so, rather than failed or passed.
fn missing_font_family(command: &str) -> Option<String> {
    let rest = command.split("--font-family ").nth(1)?;
    let family = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next()?,
        None => rest.split_whitespace().next()?,
    };
    chessviz::Font::by_family(family)
        .is_err()
        .then(|| family.to_string())
}

/// Runs the commands of one page in order in a fresh folder.
fn run_page(page: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(page).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_chessviz"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The few repository files that examples read (the bundled font).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::os::unix::fs::symlink(root.join("fonts"), dir.path().join("fonts")).unwrap();
    let mut failures = Vec::new();
    let name = page.file_name().unwrap().to_string_lossy().to_string();
    for command in commands(&text) {
        if let Some(family) = missing_font_family(&command) {
            crate::common::skipped(&format!(
                "skipped `{command}`: no installed font of the family {family}"
            ));
            continue;
        }
        let out = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("HOME", &home)
            .output()
            .expect("sh");
        if !out.status.success() {
            failures.push(format!(
                "{name}: `{command}` failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
            continue;
        }
        for output in outputs(&command, &home) {
            check_output(dir.path(), &output, &command);
        }
    }
    failures
}

#[test]
fn every_command_of_the_readme_and_the_guide_runs() {
    let pages = pages();
    assert!(pages.len() > 5, "the guide has pages: {pages:?}");
    let total: usize = pages
        .iter()
        .map(|p| commands(&std::fs::read_to_string(p).unwrap()).len())
        .sum();
    assert!(total >= 40, "only {total} commands found");
    let failures: Vec<String> = pages.par_iter().flat_map(|p| run_page(p)).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lines_are_found_and_outputs_named() {
    let page = "text\n```sh\nchessviz queens -o q.png   # a figure\ncargo test\nmkdir -p x\n```\n```text\nchessviz no\n```\n";
    assert_eq!(
        commands(page),
        ["chessviz queens -o q.png   # a figure", "mkdir -p x"]
    );
    let home = Path::new("/h");
    assert_eq!(
        outputs("chessviz man --dir ~/m -o - > a.1 # -o not.png", home),
        [PathBuf::from("/h/m"), PathBuf::from("a.1")]
    );
}
