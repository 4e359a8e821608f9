//! `--check` runs as a class's folder meets them: garbage and files over the limit, batches of
//! files, options that do not apply.

use super::{check, tabbed, textbook_rows, write};
use crate::common::{fails, run, tempdir};

#[test]
fn random_bytes_empty_files_folders_and_huge_files_get_one_error_line() {
    let dir = tempdir();
    // Bytes of a fixed pseudo-random sequence: the same input every run.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let bytes: Vec<u8> = (0..4096)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8
        })
        .collect();
    let random = dir.path().join("random.bin");
    std::fs::write(&random, &bytes).unwrap();
    let png = dir.path().join("f.png");
    for problem in ["tromino", "knight", "queens"] {
        let err = fails(
            &[
                problem,
                "--check",
                random.to_str().unwrap(),
                "-o",
                png.to_str().unwrap(),
            ],
            b"",
        );
        assert!(err.contains("random.bin: it is not"), "{err}");
        assert!(!png.exists(), "a figure was written for garbage");
    }
    let empty = write(dir.path(), "empty.txt", "\n  \n");
    assert!(fails(&["knight", "--check", &empty], b"").contains("it is empty"));
    let words = write(dir.path(), "words.txt", "hello world\n");
    assert!(fails(&["tromino", "--check", &words], b"").contains("no tile matrix"));
    let folder = dir.path().to_str().unwrap();
    assert!(fails(&["queens", "--check", folder], b"").contains("a folder, not a file"));
    // Over the limit: refused by its size, before a byte is read.
    let huge = dir.path().join("huge.txt");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(17 << 20)
        .unwrap();
    let err = fails(&["tromino", "--check", huge.to_str().unwrap()], b"");
    assert!(err.contains("at most 16 MiB"), "{err}");
    // Standard input as well.
    let out = run(&["queens", "--check", "-", "--partial"], b"15863724\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("standard input: right"));
}

#[test]
fn a_batch_has_one_verdict_per_file_and_the_worst_exit_status() {
    let dir = tempdir();
    let right = write(dir.path(), "a.txt", &tabbed(&textbook_rows()));
    let mut rows = textbook_rows();
    rows[5].swap(0, 1);
    let wrong = write(dir.path(), "b.txt", &tabbed(&rows));
    let (code, out) = check(&["tromino", "--check", &right, &wrong, "-q"]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 3, "{out}");
    assert_eq!(
        out.lines().last().unwrap(),
        "2 files: 1 right, 1 wrong, 0 unreadable"
    );
    assert!(out
        .lines()
        .next()
        .unwrap()
        .ends_with("a.txt: right: a valid tiling, the textbook numbering"));
    let garbage = write(dir.path(), "c.txt", "no numbers here\n");
    let out = run(&["tromino", "--check", &right, &garbage, &wrong, "-q"], b"");
    assert_eq!(out.status.code(), Some(2));
    // The unreadable file has its verdict line on standard output too, in the order given.
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines[1].starts_with(&format!("{garbage}: unreadable: no tile matrix")),
        "{stdout}"
    );
    assert_eq!(lines[3], "3 files: 1 right, 1 wrong, 1 unreadable");
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
}

#[test]
fn options_that_do_not_apply_to_a_check_are_refused() {
    let dir = tempdir();
    let file = write(dir.path(), "a.txt", "15863724\n");
    let err = fails(&["queens", "--check", &file, "--step", "3"], b"");
    assert!(err.contains("--step does not apply to --check"), "{err}");
    let err = fails(&["queens", "--check", &file, "--cell", "30"], b"");
    assert!(err.contains("--cell changes the figure"), "{err}");
    let gif = dir.path().join("a.gif");
    let err = fails(
        &["queens", "--check", &file, "-o", gif.to_str().unwrap()],
        b"",
    );
    assert!(err.contains("-o names the figure of the answer"), "{err}");
    let err = fails(&["tromino", "--check", &file, "--numbers"], b"");
    assert!(err.contains("--numbers does not apply to --check"), "{err}");
    let err = fails(&["queens", "--complete"], b"");
    assert!(err.contains("--check"), "{err}");
}

#[test]
fn every_reason_an_answer_is_unreadable_is_said_in_chinese() {
    let dir = tempdir();
    let words = write(dir.path(), "words.txt", "hello world\n");
    let empty = write(dir.path(), "empty.txt", "\n  \n");
    let binary = dir.path().join("binary.bin");
    std::fs::write(&binary, [0x80u8, 0x81, 0xfe, 0xff, 0x00, 0x41]).unwrap();
    let binary = binary.to_str().unwrap().to_string();
    let broken = write(dir.path(), "broken.txt", "1 2\nabc\n3 4\n");
    let squares = write(dir.path(), "squares.txt", "0,0 1,2 zz\n");
    let folder = dir.path().to_str().unwrap().to_string();
    let missing = dir.path().join("missing.txt").to_str().unwrap().to_string();
    let cases: [(&str, &str, &str, &str); 8] = [
        ("tromino", &words, "no tile matrix", "其中找不到骨牌矩阵"),
        (
            "queens",
            &words,
            "no list of solutions",
            "其中找不到解的列表",
        ),
        ("knight", &empty, "it is empty", "文件是空的"),
        ("knight", &binary, "it is not text", "不是文本"),
        (
            "knight",
            &broken,
            "line 2: 'abc' is not",
            "第 2 行: 'abc' 不是步数或方格",
        ),
        (
            "knight",
            &squares,
            "no numbered matrix",
            "其中找不到步数矩阵",
        ),
        ("tromino", &folder, "a folder, not a file", "这是文件夹"),
        ("queens", &missing, "", "系统提示: "),
    ];
    for (problem, file, en, zh) in cases {
        let (code, out) = check(&[problem, "--check", file]);
        assert_eq!(code, 2, "{out}");
        assert!(out.contains(&format!(": unreadable: {en}")), "{out}");
        let out = run(&[problem, "--check", file, "--lang", "zh"], b"");
        assert_eq!(out.status.code(), Some(2));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains(&format!(": 无法读取: {zh}")), "{stdout}");
        // The error line on standard error is in Chinese from its first word to its last.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("错误: ") && stderr.contains(zh),
            "{stderr}"
        );
        if !en.is_empty() {
            assert!(!stderr.contains(en), "{stderr}");
        }
    }
}
