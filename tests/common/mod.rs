//! Helpers shared by the integration tests: running the binary and decoding what it writes.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `chessviz` with `args` and `stdin`, returning its output.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn chessviz");
    {
        let mut input = child.stdin.take().expect("stdin");
        // The program may exit before reading everything; a broken pipe here is fine.
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("wait for chessviz")
}

/// Runs `chessviz` and returns its standard output, failing the test when it does not succeed.
pub fn ok(args: &[&str]) -> String {
    let out = run(args, b"");
    assert!(
        out.status.success(),
        "chessviz {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Runs `chessviz` expecting the one-line error contract: exit status 2, one `error: ` line on
/// standard error, nothing on standard output. Returns the message.
pub fn fails(args: &[&str], stdin: &[u8]) -> String {
    let out = run(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "chessviz {args:?}: {err}");
    assert!(err.starts_with("error: "), "chessviz {args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// An RGB image decoded from a PNG file (palette expanded).
pub fn decode_png(path: &Path) -> image::RgbImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
        .to_rgb8()
}
