//! The library's surface: the tests, the examples and the command reach the library through its
//! public names only; there is no hidden module for them to reach inside.

use std::fs;
use std::path::{Path, PathBuf};

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
    assert!(
        reaching.is_empty(),
        "files reaching a hidden module: {reaching:?}"
    );
    let lib = fs::read_to_string(root.join("src/lib.rs")).expect("lib.rs");
    assert!(
        !lib.contains(&format!("pub mod {}", "internals")) && !lib.contains("#[doc(hidden)]"),
        "lib.rs declares a hidden module again"
    );
}
