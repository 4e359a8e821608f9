//! The library's surface: the tests and the command reach the library through its public names;
//! the hidden `internals` module is only for the command files that have not moved off it yet.

use std::fs;
use std::path::{Path, PathBuf};

/// Command files that still use the hidden module, until they use public names.
const STILL_ON_INTERNALS: [&str; 2] = ["src/cli/run/frames.rs", "src/cli/run/animation.rs"];

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn tests_and_the_command_use_the_public_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<PathBuf> = [
        root.join("tests"),
        root.join("src/cli"),
        root.join("examples"),
    ]
    .iter()
    .flat_map(|d| sources(d))
    .collect();
    assert!(files.len() > 100, "found only {} sources", files.len());
    // Spelled in two pieces, so that this file does not name it.
    let hidden = format!("chessviz::{}", "internals");
    let mut reaching: Vec<String> = files
        .iter()
        .filter(|p| fs::read_to_string(p).expect("a source").contains(&hidden))
        .map(|p| {
            p.strip_prefix(root)
                .expect("below the root")
                .display()
                .to_string()
        })
        .collect();
    reaching.sort();
    let allowed: Vec<String> = STILL_ON_INTERNALS.iter().map(|s| s.to_string()).collect();
    let extra: Vec<&String> = reaching.iter().filter(|p| !allowed.contains(p)).collect();
    assert!(
        extra.is_empty(),
        "files reaching the hidden module: {extra:?}"
    );
}
