//! Output into a pipe whose reader has gone (`chessviz ... | head -c 10`): pictures end quietly with
//! exit status 0, as text does.

use std::io::Read;
use std::process::{Command, Stdio};

/// Runs `chessviz args`, reads the first 10 bytes of its standard output and closes the pipe, as
/// `| head -c 10` does. Every case writes far more than a pipe holds (64 KiB), so the run is still
/// writing when the reader goes.
fn into_closed_pipe(args: &[&str]) -> (Option<i32>, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn chessviz");
    let mut head = [0u8; 10];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut head)
        .expect("10 bytes");
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code(),
        head.to_vec(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn pictures_into_a_closed_pipe_end_quietly() {
    for (format, magic) in [
        ("gif", &b"GIF89a"[..]),
        ("png", &b"\x89PNG"[..]),
        ("svg", &b"<"[..]),
        ("pdf", &b"%PDF"[..]),
    ] {
        let (code, head, err) =
            into_closed_pipe(&["knight", "-n", "30", "-o", "-", "--format", format]);
        assert!(head.starts_with(magic), "{format}: {head:?}");
        assert_eq!(code, Some(0), "{format}: {err}");
        assert_eq!(err, "", "{format}");
    }
    // Text, as before.
    let (code, _, err) = into_closed_pipe(&["knight", "-n", "300"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
}
