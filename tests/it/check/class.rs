//! What programs print around and instead of the plain answer (prompts, totals, other forms,
//! Windows encodings, overflowing columns), a class checked in one command (verdicts, summary,
//! records, figures per answer, exit status through a closed pipe), and the bounds on a file of
//! junk.

use std::process::{Command, Stdio};

use super::{check, glued_tour, solutions, tabbed, textbook_rows, write};
use crate::common::{run, tempdir};

/// Runs `script` with bash (its pipe status and process substitution); `None`, said, without it.
fn bash(script: &str) -> Option<std::process::Output> {
    match Command::new("bash").arg("-c").arg(script).output() {
        Ok(out) => Some(out),
        Err(_) => {
            eprintln!("skipped: bash not found, so pipes and <(...) are not tried");
            None
        }
    }
}

/// The tour of `glued_tour` as its squares in step order.
fn tour_squares() -> Vec<(u32, u32)> {
    let (rows, _) = glued_tour();
    let mut squares = vec![(0, 0); 64];
    for (r, row) in rows.iter().enumerate() {
        for (c, &step) in row.iter().enumerate() {
            squares[step as usize - 1] = (r as u32, c as u32);
        }
    }
    squares
}

#[test]
fn text_around_the_answer_is_passed_over_and_said_once() {
    let dir = tempdir();
    let matrix = tabbed(&textbook_rows());
    let cases = [
        (
            "pause-zh",
            format!("棋盘覆盖\n{matrix}请按任意键继续. . .\n"),
        ),
        ("pause-en", format!("{matrix}Press any key to continue\n")),
        ("done", format!("Result:\n{matrix}\nDone.\n")),
    ];
    for (name, text) in &cases {
        let file = write(dir.path(), &format!("{name}.txt"), text);
        let (code, out) = check(&["tromino", "--check", &file]);
        assert_eq!(code, 0, "{name}: {out}");
        assert!(
            out.contains(": note: ") && out.contains("lines of text passed over"),
            "{out}"
        );
    }
    let list = solutions().join("\n");
    for (name, text) in [
        (
            "title",
            format!("八皇后问题的全部解:\n{list}\n共有92种解法\n"),
        ),
        ("total", format!("The 92 solutions\n{list}\nTotal: 92\n")),
    ] {
        let file = write(dir.path(), &format!("{name}.txt"), &text);
        let (code, out) = check(&["queens", "--check", &file]);
        assert_eq!(code, 0, "{name}: {out}");
        assert!(
            out.contains(&format!("{file}: note: 2 lines of text passed over")),
            "{out}"
        );
    }
    let (_, glued) = glued_tour();
    let file = write(
        dir.path(),
        "tour.txt",
        &format!("输入马的初始位置:\n输出马的移动轨迹:\n{glued}Done.\n"),
    );
    let (code, out) = check(&["knight", "--check", &file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("passed over, not part of the answer: 1-2, 11"),
        "{out}"
    );
}

#[test]
fn the_print_forms_of_queens_and_tours_are_read() {
    let dir = tempdir();
    let list = solutions();
    let grid = |s: &str, queen: char, empty: char| -> String {
        let rows: Vec<u32> = s.bytes().map(|b| u32::from(b - b'0')).collect();
        (1..=8)
            .rev()
            .map(|r| {
                rows.iter()
                    .map(|&q| if q == r { queen } else { empty }.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect()
    };
    let spaced = |s: &str| s.chars().map(String::from).collect::<Vec<_>>();
    let forms: Vec<(&str, String)> = vec![
        (
            "counter",
            list.iter()
                .enumerate()
                .map(|(i, s)| format!("{:02}: {}\n", i + 1, spaced(s).join(" ")))
                .collect(),
        ),
        (
            "commas",
            list.iter().map(|s| spaced(s).join(",") + "\n").collect(),
        ),
        (
            "chess",
            list.iter()
                .map(|s| {
                    s.chars()
                        .enumerate()
                        .map(|(c, r)| format!("{}{r}", (b'a' + c as u8) as char))
                        .collect::<Vec<_>>()
                        .join(" ")
                        + "\n"
                })
                .collect(),
        ),
        (
            "grid-q",
            list.iter()
                .enumerate()
                .map(|(i, s)| format!("Solution {}:\n{}\n", i + 1, grid(s, 'Q', '.')))
                .collect(),
        ),
        ("grid-01", list.iter().map(|s| grid(s, '1', '0')).collect()),
    ];
    let mut files = Vec::new();
    for (name, text) in &forms {
        files.push(write(dir.path(), &format!("{name}.txt"), text));
    }
    let mut args = vec!["queens", "--check"];
    args.extend(files.iter().map(String::as_str));
    args.push("-q");
    let (code, out) = check(&args);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out.matches("right: all 92 solutions of 8 queens").count(),
        5,
        "{out}"
    );
    // A queen moved in the third grid: its lines named.
    let mut wrong = forms[3].1.clone();
    wrong = wrong.replacen("Q . . . . . . .", ". Q . . . . . .", 3);
    let file = write(dir.path(), "grid-wrong.txt", &wrong);
    let (code, out) = check(&["queens", "--check", &file, "--partial"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("has 0 queens; each column has one") || out.contains("attack"),
        "{out}"
    );

    let squares = tour_squares();
    let name = |(r, c): &(u32, u32)| format!("({r},{c})");
    let tours: Vec<(&str, String)> = vec![
        (
            "pairs",
            squares.iter().map(name).collect::<Vec<_>>().join(" ") + "\n",
        ),
        (
            "arrows",
            squares.iter().map(name).collect::<Vec<_>>().join("->") + "\n",
        ),
        (
            "steps",
            squares
                .iter()
                .enumerate()
                .map(|(i, s)| format!("第{}步: {}\n", i + 1, name(s)))
                .collect(),
        ),
        (
            "r-c",
            squares.iter().map(|(r, c)| format!("{r} {c}\n")).collect(),
        ),
    ];
    let mut files = Vec::new();
    for (name, text) in &tours {
        files.push(write(dir.path(), &format!("{name}.txt"), text));
    }
    let mut args = vec!["knight", "--check"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["-q", "--start", "0,0"]);
    let (code, out) = check(&args);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out.matches("right: a knight's tour of 64 squares").count(),
        4,
        "{out}"
    );
    // Two steps swapped in the arrow form: the line and column of the bad step.
    let mut swapped = squares.clone();
    swapped.swap(5, 6);
    let text = swapped.iter().map(name).collect::<Vec<_>>().join("->") + "\n";
    let file = write(dir.path(), "arrows-wrong.txt", &text);
    let (code, out) = check(&["knight", "--check", &file]);
    assert_eq!(code, 1, "{out}");
    let column = text.match_indices("->").nth(4).unwrap().0 + 3;
    assert!(
        out.starts_with(&format!("{file}:1:{column}: step 6 ")),
        "{column}: {out}"
    );
}

#[test]
fn windows_encodings_and_overflowing_columns() {
    let dir = tempdir();
    let text = format!(
        "请输入特殊方格的位置：{}请按任意键继续. . .\n",
        tabbed(&textbook_rows())
    );
    let (gbk, _, _) = encoding_rs_gbk(&text);
    let gbk_file = dir.path().join("gbk.txt");
    std::fs::write(&gbk_file, gbk).unwrap();
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let utf16_file = dir.path().join("utf16.txt");
    std::fs::write(&utf16_file, utf16).unwrap();
    for (file, encoding) in [(&gbk_file, "GBK"), (&utf16_file, "UTF-16LE")] {
        let file = file.to_str().unwrap();
        let (code, out) = check(&["tromino", "--check", file]);
        assert_eq!(code, 0, "{out}");
        assert!(
            out.contains(&format!("note: read as {encoding} text")),
            "{out}"
        );
    }
    // A line that reads two ways is refused in the library's tests (overflow.rs): on a real
    // board the row's length and the tiles' neighbours settled every line tried.
}

/// `text` in GBK, as the console of Chinese Windows writes it (through Python's codec, or by hand
/// for the characters used here when Python is missing).
fn encoding_rs_gbk(text: &str) -> (Vec<u8>, bool, bool) {
    let out = Command::new("python3")
        .args([
            "-c",
            "import sys; sys.stdout.buffer.write(sys.stdin.read().encode('gbk'))",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(text.as_bytes())?;
            child.wait_with_output()
        });
    match out {
        Ok(o) if o.status.success() => (o.stdout, true, false),
        _ => {
            crate::common::skipped(
                "skipped: python3 not found; GBK made from a table of the characters used",
            );
            let table = [
                ('请', [0xC7, 0xEB]),
                ('输', [0xCA, 0xE4]),
                ('入', [0xC8, 0xEB]),
                ('特', [0xCC, 0xD8]),
                ('殊', [0xCA, 0xE2]),
                ('方', [0xB7, 0xBD]),
                ('格', [0xB8, 0xF1]),
                ('的', [0xB5, 0xC4]),
                ('位', [0xCE, 0xBB]),
                ('置', [0xD6, 0xC3]),
                ('：', [0xA3, 0xBA]),
                ('按', [0xB0, 0xB4]),
                ('任', [0xC8, 0xCE]),
                ('意', [0xD2, 0xE2]),
                ('键', [0xBC, 0xFC]),
                ('继', [0xBC, 0xCC]),
                ('续', [0xD0, 0xF8]),
            ];
            let bytes = text
                .chars()
                .flat_map(|c| match table.iter().find(|(t, _)| *t == c) {
                    Some((_, b)) => b.to_vec(),
                    None => c.to_string().into_bytes(),
                })
                .collect();
            (bytes, false, true)
        }
    }
}

#[test]
fn a_class_in_one_command() {
    let dir = tempdir();
    let class = dir.path().join("class");
    std::fs::create_dir(&class).unwrap();
    let right = write(&class, "ann.txt", &tabbed(&textbook_rows()));
    let mut rows = textbook_rows();
    rows[5].swap(0, 1);
    let wrong = write(&class, "bob.txt", &tabbed(&rows));
    let unreadable = write(&class, "cat.txt", "I did not finish\n");
    let files = [right.as_str(), wrong.as_str(), unreadable.as_str()];
    let mut args = vec!["tromino", "--check"];
    args.extend(files);
    let (code, out) = check(&args);
    assert_eq!(code, 2, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(
            &format!("{wrong}:6:1: tile 12 covers 5,0 6,1 6,2, which do not form an L").as_str()
        ),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with(&format!("{unreadable}: unreadable: "))),
        "{out}"
    );
    assert_eq!(
        *lines.last().unwrap(),
        "3 files: 1 right, 1 wrong, 1 unreadable"
    );
    // In Chinese, the error line too.
    let mut zh = args.clone();
    zh.extend(["--lang", "zh"]);
    let out = run(&zh, b"");
    assert!(String::from_utf8_lossy(&out.stdout)
        .ends_with("共 3 个文件: 1 个正确, 1 个错误, 1 个无法读取\n"));
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("错误: "),
        "{out:?}"
    );
    // Records for a gradebook.
    let mut json = args.clone();
    json.extend(["--report", "json"]);
    let (code, out) = check(&json);
    assert_eq!(code, 2);
    assert!(out.starts_with("[\n") && out.ends_with("]\n"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.contains("\"file\": ")).count(),
        3,
        "{out}"
    );
    assert!(out.contains("\"verdict\": \"wrong\", \"first_mistake\": {\"line\": 6, \"column\": 1, \"message\": \"tile 12 covers"), "{out}");
    match Command::new("python3")
        .args([
            "-c",
            "import json,sys; r=json.load(sys.stdin); print(len(r), [x['verdict'] for x in r])",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(mut child) => {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(out.as_bytes())
                .unwrap();
            let parsed = child.wait_with_output().unwrap();
            assert_eq!(
                String::from_utf8_lossy(&parsed.stdout),
                "3 ['right', 'wrong', 'unreadable']\n"
            );
        }
        Err(_) => crate::common::skipped(
            "skipped: python3 not found, so the JSON report is not parsed by it",
        ),
    }
    let mut csv = args.clone();
    csv.extend(["--report", "csv"]);
    let (_, out) = check(&csv);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with("file,verdict,line,column,first_mistake,mistakes"),
        "{out}"
    );
    assert!(
        lines[2].starts_with(&format!(
            "{wrong},wrong,6,1,\"tile 12 covers 5,0 6,1 6,2, which do not form an L\",1,"
        )),
        "{out}"
    );
    // One figure per answer read.
    let figures = dir.path().join("figures/");
    let mut drawn = args.clone();
    let figures_arg = figures.to_str().unwrap().to_string();
    drawn.extend(["-o", &figures_arg, "-q"]);
    let (code, _) = check(&drawn);
    assert_eq!(code, 2);
    assert_eq!(crate::common::entries(&figures), vec!["ann.png", "bob.png"]);
    // A closed pipe stops the printing, not the verdict.
    let script = format!(
        "'{}' tromino --check '{right}' '{wrong}' | head -c 1 >/dev/null; echo ${{PIPESTATUS[0]}}",
        env!("CARGO_BIN_EXE_chessviz")
    );
    let Some(out) = bash(&script) else {
        return;
    };
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1", "{out:?}");
    // /dev/stdin and <(...) read like -.
    let script = format!("'{}' tromino --check /dev/stdin < '{wrong}'; echo \"exit $?\"; '{0}' tromino --check <(cat '{right}') -q", env!("CARGO_BIN_EXE_chessviz"));
    let out = bash(&script).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("/dev/stdin: wrong: ") && stdout.contains("exit 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains(": right: a valid tiling, the textbook numbering"),
        "{stdout}"
    );
}

#[test]
fn a_file_of_junk_is_checked_in_little_memory_and_few_lines() {
    let dir = tempdir();
    let junk = dir.path().join("junk.txt");
    std::fs::write(&junk, "1\n".repeat(15 << 19)).unwrap();
    let spaced = dir.path().join("spaced.txt");
    std::fs::write(&spaced, "1 2 3 4 5 6 7 8\n".repeat(15 << 16)).unwrap();
    // A matrix of 10,000 rows of 800 numbers (16,000,000 bytes): eight million squares, each a
    // step twice over. Its matrix is held whole (16 bytes a number) with four bytes a square for
    // the steps; a map and a list of steps held it in 590 MB.
    let wide = dir.path().join("wide.txt");
    let row = "1 ".repeat(799) + "1\n";
    std::fs::write(&wide, row.repeat(10_000)).unwrap();
    for problem in ["tromino", "knight", "queens"] {
        for file in [&junk, &spaced, &wide] {
            let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
            command
                .args([problem, "--check", file.to_str().unwrap()])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            #[cfg(unix)]
            {
                use std::os::unix::process::CommandExt;
                // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
                unsafe {
                    command.pre_exec(|| {
                        let l = libc::rlimit {
                            rlim_cur: 300 << 20,
                            rlim_max: 300 << 20,
                        };
                        match libc::setrlimit(libc::RLIMIT_DATA, &l) {
                            0 => Ok(()),
                            _ => Err(std::io::Error::last_os_error()),
                        }
                    });
                }
            }
            let out = crate::common::wait_guarded(command.spawn().unwrap(), "a check of junk");
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            // Running out of memory also exits 2, with its own line.
            assert!(
                !stderr.contains("out of memory"),
                "{problem} {file:?}: over 300 MB: {stderr}"
            );
            let code = out.status.code();
            assert!(
                matches!(code, Some(1 | 2)),
                "{problem} {file:?}: {:?} {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                stdout.lines().count() < 200,
                "{problem}: {} lines",
                stdout.lines().count()
            );
            if stdout.lines().count() > 21 {
                assert!(stdout.contains(": ... and "), "{stdout}");
            }
        }
    }
}
