//! The disk space of a batch is estimated before its first file and refused past the free space of
//! its folder or the documented ceiling (8 GiB), with the figures. The comparison with the free
//! space itself is tested in `cli::run::disk` (a full disk cannot be made here without root mounts).

use crate::common::{entries, fails, ok, tempdir};

#[test]
fn a_batch_over_the_ceiling_is_refused_before_the_first_file() {
    let tmp = tempdir();
    let dir = tmp.path().join("d");
    // 73,712 files of about 0.2 MiB each: over 8 GiB.
    let e = fails(
        &[
            "queens",
            "-n",
            "13",
            "--all",
            "--cell",
            "512",
            "-o",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        e.contains("would write 73712 files of about") && e.contains("over the limit of 8 GiB"),
        "{e}"
    );
    assert!(!dir.exists(), "the folder was created");
    // A batch that fits is written as before.
    ok(&[
        "queens",
        "-n",
        "6",
        "--all",
        "-q",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(entries(&dir).len(), 4);
}
