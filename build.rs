//! Finds the outside programs some tests need (pdflatex, Chromium, ...) so that a test that cannot
//! run here is marked `#[ignore = "pdflatex not found"]` and shows as ignored, with its reason, in
//! `cargo test`'s own summary, instead of passing after a line nobody sees. Each program missing
//! sets the cfg `no_<name>` (the tests read it with `cfg_attr`); the library and the command do
//! not read them. Under CI (the `CI` variable, as `.ci/run` sets it) nothing is marked: the tests
//! run and fail where a program is missing.
//!
//! Only the PATH is searched (no program is started but `python3`, to import Pillow), so the
//! script costs a few milliseconds, and it runs again only when PATH or CI change.

use std::env;
use std::path::Path;
use std::process::Command;

/// Each cfg with the programs any one of which provides it.
const PROGRAMS: &[(&str, &[&str])] = &[
    ("pdflatex", &["pdflatex"]),
    ("pdftoppm", &["pdftoppm"]),
    ("pdftotext", &["pdftotext"]),
    ("xelatex", &["xelatex"]),
    ("lualatex", &["lualatex"]),
    ("kpsewhich", &["kpsewhich"]),
    ("rsvg", &["rsvg-convert"]),
    ("ffmpeg", &["ffmpeg"]),
    ("ffprobe", &["ffprobe"]),
    (
        "chromium",
        &["chromium", "chromium-browser", "google-chrome"],
    ),
];

fn on_path(name: &str) -> bool {
    let Some(path) = env::var_os("PATH") else {
        return false;
    };
    env::split_paths(&path).any(|dir| is_executable(&dir.join(name)))
}

#[cfg(unix)]
fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    file.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(file: &Path) -> bool {
    file.is_file() || file.with_extension("exe").is_file()
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=CHESSVIZ_CHROMIUM");
    let mut missing = Vec::new();
    for (cfg, names) in PROGRAMS {
        println!("cargo::rustc-check-cfg=cfg(no_{cfg})");
        let given = *cfg == "chromium" && env::var_os("CHESSVIZ_CHROMIUM").is_some();
        if !given && !names.iter().any(|n| on_path(n)) {
            missing.push(*cfg);
        }
    }
    println!("cargo::rustc-check-cfg=cfg(no_pillow)");
    let pillow = Command::new("python3")
        .args(["-c", "import PIL"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !pillow {
        missing.push("pillow");
    }
    if env::var_os("CI").is_some() {
        return;
    }
    for cfg in missing {
        println!("cargo::rustc-cfg=no_{cfg}");
    }
}
