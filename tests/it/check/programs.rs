//! The programs of the source documents (tests/programs/), compiled with the system's C and C++
//! compilers and run as a student hands in an answer (`./a.out < in > out.txt`): every right
//! output must be accepted, and each version with a typical student's bug must get its verdict
//! and a message naming the line. Skipped, with a line saying so, where no compiler is found.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{run, tempdir};

/// The compilers: C and C++, as `cc` and `c++` name them.
fn compilers() -> Option<(&'static str, &'static str)> {
    let works = |cc: &str| {
        Command::new(cc)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if works("cc") && works("c++") {
        Some(("cc", "c++"))
    } else {
        crate::common::skipped("skipped: no C and C++ compiler (cc, c++) found, so the documents' programs are not run (apt-get install g++; .ci/run installs it)");
        None
    }
}

/// A program of tests/programs/ with `patches` applied (each must be found once), compiled.
fn build(dir: &Path, source: &str, patches: &[(&str, &str)], name: &str) -> Option<PathBuf> {
    let (cc, cxx) = compilers()?;
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(source);
    let mut text = std::fs::read_to_string(&path).unwrap();
    for (from, to) in patches {
        assert_eq!(text.matches(from).count(), 1, "{source}: '{from}' once");
        text = text.replacen(from, to, 1);
    }
    let ext = Path::new(source).extension().unwrap().to_str().unwrap();
    let src = dir.join(format!("{name}.{ext}"));
    std::fs::write(&src, text).unwrap();
    let exe = dir.join(name);
    let compiler = if ext == "c" { cc } else { cxx };
    let out = Command::new(compiler)
        .arg("-w")
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{source}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(exe)
}

/// Runs `exe < input > NAME.txt` in `dir`; the output file, or `None` when the program did not end
/// within `limit` (it is killed).
fn hand_in(dir: &Path, exe: &Path, input: &str, name: &str, limit: Duration) -> Option<String> {
    let input_file = dir.join(format!("{name}.in"));
    std::fs::write(&input_file, input).unwrap();
    let out_file = dir.join(format!("{name}.txt"));
    let mut child = Command::new(exe)
        .stdin(File::open(&input_file).unwrap())
        .stdout(File::create(&out_file).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Some(out_file.to_str().unwrap().to_string())
}

/// Checks `files` in one run: the exit status and each file's verdict line (`-q`).
fn verdicts(problem: &str, files: &[String], extra: &[&str]) -> (i32, Vec<String>) {
    let mut args = vec![problem, "--check"];
    args.extend(files.iter().map(String::as_str));
    args.push("-q");
    args.extend(extra);
    let out = run(&args, b"");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<String> = stdout.lines().map(str::to_string).collect();
    for file in files {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("{file}: "))),
            "no verdict for {file}:\n{stdout}"
        );
    }
    (out.status.code().unwrap(), lines)
}

/// One file's whole report: exit status and standard output.
fn report(problem: &str, file: &str, extra: &[&str]) -> (i32, String) {
    let mut args = vec![problem, "--check", file];
    args.extend(extra);
    let out = run(&args, b"");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// The line number of the first mistake printed for `file` (`FILE:LINE:...`).
fn first_mistake_line(file: &str, out: &str) -> (usize, String) {
    let line = out
        .lines()
        .find_map(|l| {
            let rest = l.strip_prefix(&format!("{file}:"))?;
            let (n, rest) = rest.split_once(':')?;
            // Case verdicts (`FILE:5: CASE:2: ...`) are not mistakes.
            (!rest.starts_with(" CASE:")).then_some(())?;
            Some((n.parse().ok()?, rest.to_string()))
        })
        .unwrap_or_else(|| panic!("no mistake with a line:\n{out}"));
    line
}

/// The special squares tried on a 2^k board: every one up to k = 2, corners, centre and some
/// others above.
fn specials(k: u32) -> Vec<(u32, u32)> {
    let n = 1u32 << k;
    if k <= 2 {
        return (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    }
    vec![
        (0, 0),
        (0, n - 1),
        (n - 1, 0),
        (n - 1, n - 1),
        (n / 2, n / 2 - 1),
        (1, n - 3),
        (n - 2, 3),
    ]
}

#[test]
fn the_first_documents_tiling_program_is_accepted_for_every_input() {
    let dir = tempdir();
    let Some(exe) = build(dir.path(), "tiling_c.c", &[], "tiling_c") else {
        return;
    };
    let mut files = Vec::new();
    for k in 0..=6 {
        for (r, c) in specials(k) {
            let name = format!("k{k}-{r}-{c}");
            let input = format!("{k}\n{r},{c}\n");
            files.push(hand_in(dir.path(), &exe, &input, &name, Duration::from_secs(20)).unwrap());
        }
    }
    // The prompt shares its line with the first row: the output as the program leaves it.
    let first = std::fs::read_to_string(&files[1]).unwrap();
    assert!(first.contains("请输入特殊方格的位置：0\t1\t\n"), "{first}");
    let (code, lines) = verdicts("tromino", &files, &["--textbook"]);
    assert_eq!(code, 0, "{lines:#?}");
    assert!(files.len() >= 45);
    assert_eq!(
        lines.last().unwrap(),
        &format!(
            "{} files: {} right, 0 wrong, 0 unreadable",
            files.len(),
            files.len()
        )
    );
    // The prompts passed over are said in one line.
    let (_, out) = report("tromino", &files[20], &[]);
    assert!(
        out.contains(": note: 2 lines of text passed over, not part of the answer: 1-2"),
        "{out}"
    );
}

#[test]
fn the_second_documents_program_is_accepted_even_where_its_numbers_overflow_their_columns() {
    let dir = tempdir();
    let Some(exe) = build(dir.path(), "tiling_cpp.cpp", &[], "tiling_cpp") else {
        return;
    };
    let mut files = Vec::new();
    for k in 0..=6 {
        for (r, c) in specials(k).into_iter().take(5) {
            let name = format!("n{}-{r}-{c}", 1 << k);
            let input = format!("1\n{}\n{r} {c}\n", 1 << k);
            files.push(hand_in(dir.path(), &exe, &input, &name, Duration::from_secs(20)).unwrap());
        }
    }
    // %3d with tiles up to 1365: four digits glued to their neighbours.
    let big = std::fs::read_to_string(files.last().unwrap()).unwrap();
    assert!(big.lines().any(|l| l.len() > 3 * 64), "no overflow:\n{big}");
    let (code, lines) = verdicts("tromino", &files, &["--textbook"]);
    assert_eq!(code, 0, "{lines:#?}");
}

#[test]
fn a_case_batch_answer_and_the_numbering_not_reset_between_cases() {
    let dir = tempdir();
    let Some(right) = build(dir.path(), "tiling_cases.cpp", &[], "cases") else {
        return;
    };
    let input = "4\n2\n0 0\n8\n2 2\n16\n15 0\n4\n1 2\n";
    let file = hand_in(dir.path(), &right, input, "cases", Duration::from_secs(20)).unwrap();
    // The sample input gives the sample output.
    let sample = hand_in(
        dir.path(),
        &right,
        "2\n2\n0 0\n8\n2 2\n",
        "sample",
        Duration::from_secs(20),
    )
    .unwrap();
    assert_eq!(
        std::fs::read_to_string(&sample).unwrap(),
        crate::common::CASE_SAMPLE_OUTPUT
    );
    let (code, out) = report("tromino", &file, &["--textbook"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("right: 4 cases: all right\n"), "{out}");
    // Without `tile = 1;` each case goes on numbering where the last stopped: valid tilings, not
    // the textbook numbering, which --textbook requires.
    let bug = build(
        dir.path(),
        "tiling_cases.cpp",
        &[("tile = 1;\n", "")],
        "no-reset",
    )
    .unwrap();
    let file = hand_in(dir.path(), &bug, input, "no-reset", Duration::from_secs(20)).unwrap();
    let (code, _) = report("tromino", &file, &[]);
    assert_eq!(code, 0, "valid tilings are right without --textbook");
    let (code, out) = report("tromino", &file, &["--textbook"]);
    assert_eq!(code, 1, "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    let (line, message) = first_mistake_line(&file, &out);
    // Case 2 starts on the line after its CASE:2; the first square differs there.
    let case2 = text.lines().position(|l| l == "CASE:2").unwrap() + 2;
    assert_eq!(line, case2, "{out}");
    assert!(
        message.contains("not the textbook numbering: square 0,0"),
        "{out}"
    );
    assert!(
        out.contains(&format!("{file}:{}: CASE:2: ", case2 - 1)),
        "{out}"
    );
    assert!(out.ends_with("wrong: 4 cases: 3 wrong\n"), "{out}");
}

/// A bug: its name, the patch that makes it, the program's input, the assignment's options and
/// what the first mistake says.
type Bug<'a> = (
    &'a str,
    &'a [(&'a str, &'a str)],
    &'a str,
    &'a [&'a str],
    &'a str,
);

#[test]
fn student_bugs_in_the_tiling_program_get_their_verdict_and_line() {
    let dir = tempdir();
    if compilers().is_none() {
        return;
    }
    let bugs: &[Bug] = &[
        (
            "counter-from-0",
            &[("int Tile = 1;", "int Tile = 0;")],
            "2\n1,2\n",
            &[],
            "holds a second 0",
        ),
        (
            "copy-paste",
            &[(
                "        Board[Tr+s-1][Tc+s] = t;",
                "        Board[Tr+s-1][Tc+s-1] = t;",
            )],
            "3\n2,2\n",
            &[],
            "tile ",
        ),
        (
            "j-le-size",
            &[("for(j=0;j<Size;j++)", "for(j=0;j<=Size;j++)")],
            "3\n2,2\n",
            &[],
            "this row has 9 numbers; a board of 8 rows has 8 in each",
        ),
        (
            "swapped",
            &[("scanf(\"%d,%d\",&a,&b);", "scanf(\"%d,%d\",&b,&a);")],
            "3\n1,2\n",
            &["-k", "3", "--special", "1,2"],
            "the special square is 2,1; the assignment says 1,2",
        ),
    ];
    for (name, patches, input, extra, said) in bugs {
        let exe = build(dir.path(), "tiling_c.c", patches, name).unwrap();
        let file = hand_in(dir.path(), &exe, input, name, Duration::from_secs(20)).unwrap();
        let (code, out) = report("tromino", &file, extra);
        assert_eq!(code, 1, "{name}: {out}");
        let (line, message) = first_mistake_line(&file, &out);
        assert!(message.contains(said), "{name}: {out}");
        // The line named holds the mistake: a number of the matrix, on a line of the file.
        let text = std::fs::read_to_string(&file).unwrap();
        let named = text
            .lines()
            .nth(line - 1)
            .unwrap_or_else(|| panic!("{name}: line {line}"));
        assert!(
            named.trim_end().ends_with(|c: char| c.is_ascii_digit()),
            "{name}: line {line} is '{named}'"
        );
    }
    // The swapped program passes where the assignment is not given: only --special catches it.
    let file = dir.path().join("swapped.txt");
    let (code, out) = report("tromino", file.to_str().unwrap(), &[]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn the_turbo_c_eight_queens_search_prints_all_92_and_a_bug_names_its_line() {
    let dir = tempdir();
    let Some(exe) = build(dir.path(), "queens.c", &[], "queens") else {
        return;
    };
    let file = hand_in(dir.path(), &exe, "", "queens", Duration::from_secs(20)).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("01: 1 5 8 6 3 7 2 4\n"), "{text}");
    let (code, out) = report("queens", &file, &["-n", "8"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with("right: all 92 solutions of 8 queens\n"),
        "{out}"
    );
    // Forgetting the diagonals of one direction: solutions whose queens attack each other.
    let bug = build(
        dir.path(),
        "queens.c",
        &[(
            "if (a[j-1]+b[i+j-2]+c[i-j+7]==3)",
            "if (a[j-1]+b[i+j-2]==2)",
        )],
        "one-diagonal",
    )
    .unwrap();
    let file = hand_in(
        dir.path(),
        &bug,
        "",
        "one-diagonal",
        Duration::from_secs(20),
    )
    .unwrap();
    let (code, out) = report("queens", &file, &[]);
    assert_eq!(code, 1, "{out}");
    let (line, message) = first_mistake_line(&file, &out);
    assert_eq!(line, 1, "{out}");
    assert!(message.contains("attack each other on a diagonal"), "{out}");
    // Returning once a solution is printed, before its column is freed: solutions go missing.
    let bug = build(
        dir.path(),
        "queens.c",
        &[("printf(\"\\n\");\n}", "printf(\"\\n\");return;\n}")],
        "no-restore",
    )
    .unwrap();
    let file = hand_in(dir.path(), &bug, "", "no-restore", Duration::from_secs(20)).unwrap();
    let (code, out) = report("queens", &file, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(" of 92: missing "), "{out}");
    let (code, _) = report("queens", &file, &["--partial"]);
    assert_eq!(
        code, 0,
        "each solution printed is valid: right with --partial"
    );
}

/// Whether `text`, the knight program's output, holds a tour of the 8 x 8 board from `start`:
/// judged here from the numbers alone, independently of chessviz.
fn is_tour(text: &str, start: (i32, i32)) -> bool {
    let rows: Vec<Vec<i32>> = text
        .lines()
        .filter(|l| l.len() == 16 && l.bytes().all(|b| b == b' ' || b.is_ascii_digit()))
        .map(|l| {
            (0..8)
                .map(|i| l[2 * i..2 * i + 2].trim().parse().unwrap())
                .collect()
        })
        .collect();
    if rows.len() != 8 {
        return false;
    }
    let mut at = vec![None; 65];
    for (r, row) in rows.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            if !(1..=64).contains(&v) || at[v as usize].is_some() {
                return false;
            }
            at[v as usize] = Some((r as i32, c as i32));
        }
    }
    at[1] == Some(start)
        && (1..64).all(|v| {
            let (a, b) = (at[v].unwrap(), at[v + 1].unwrap());
            let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
            (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
        })
}

#[test]
fn the_design_reports_knight_program_is_judged_as_its_tours_are() {
    let dir = tempdir();
    let Some(exe) = build(dir.path(), "knight.cpp", &[], "knight") else {
        return;
    };
    let mut tours = Vec::new();
    let mut not_tours = Vec::new();
    let mut hung = 0;
    for s in 0..64 {
        let (r, c) = (s / 8, s % 8);
        let name = format!("start-{r}-{c}");
        match hand_in(
            dir.path(),
            &exe,
            &format!("{r} {c}\n"),
            &name,
            Duration::from_secs(5),
        ) {
            Some(file) => {
                let text = std::fs::read_to_string(&file).unwrap();
                match is_tour(&text, (r, c)) {
                    true => tours.push((file, format!("{r},{c}"))),
                    false => not_tours.push(file),
                }
            }
            None => hung += 1,
        }
    }
    eprintln!(
        "{} tours, {} other outputs, {hung} runs that did not end",
        tours.len(),
        not_tours.len()
    );
    assert!(tours.len() >= 60, "{} tours", tours.len());
    let files: Vec<String> = tours.iter().map(|t| t.0.clone()).collect();
    let (code, lines) = verdicts("knight", &files, &[]);
    assert_eq!(code, 0, "{lines:#?}");
    // Each with the start it was given.
    for (file, start) in tours.iter().take(8) {
        let (code, out) = report("knight", file, &["--start", start, "-n", "8"]);
        assert_eq!(code, 0, "{out}");
    }
    if !not_tours.is_empty() {
        let (code, _) = verdicts("knight", &not_tours, &[]);
        assert_ne!(code, 0);
    }
    // Row and column swapped when printing: still a tour, but from the wrong square.
    let bug = build(
        dir.path(),
        "knight.cpp",
        &[(
            "printf(\"%2d\",board[i][j]);",
            "printf(\"%2d\",board[j][i]);",
        )],
        "transposed",
    )
    .unwrap();
    let file = hand_in(
        dir.path(),
        &bug,
        "0 1\n",
        "transposed",
        Duration::from_secs(5),
    )
    .unwrap();
    let (code, _) = report("knight", &file, &[]);
    assert_eq!(code, 0, "a transposed tour is a tour");
    let (code, out) = report("knight", &file, &["--start", "0,1"]);
    assert_eq!(code, 1, "{out}");
    let (line, message) = first_mistake_line(&file, &out);
    assert!(
        message.contains("the tour starts at 1,0; the assignment says 0,1"),
        "{out}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text.lines()
            .position(|l| l.starts_with(" 1") || l.contains(" 1 "))
            .map(|p| p + 1),
        Some(line),
        "{text}"
    );
}
