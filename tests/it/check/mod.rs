//! `--check FILE`: a student's printed answer read back, its mistakes named by line, the verdict
//! and the exit status (0 right, 1 wrong, 2 unreadable), and its figure with the mistakes marked.
//! Inputs are made from chessviz's own output, then spoiled by hand.

use std::path::Path;

use crate::common::{ok, run, tempdir, CASE_SAMPLE_OUTPUT};

mod class;
mod figures;
mod programs;
mod runs;

/// Runs a check; its exit status and standard output.
pub(super) fn check(args: &[&str]) -> (i32, String) {
    let out = run(args, b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().expect("an exit status"),
        String::from_utf8(out.stdout).expect("utf-8"),
    )
}

pub(super) fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The textbook tiling of `-k 3 --special 2,2` as rows of numbers.
pub(super) fn textbook_rows() -> Vec<Vec<u32>> {
    ok(&["tromino", "-k", "3", "--special", "2,2"])
        .lines()
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect()
}

/// Rows printed as `printf("%d\t")` and a newline print them.
pub(super) fn tabbed(rows: &[Vec<u32>]) -> String {
    rows.iter()
        .map(|r| r.iter().map(|n| format!("{n}\t")).collect::<String>() + "\n")
        .collect()
}

#[test]
fn a_textbook_tiling_printed_with_tabs_is_accepted() {
    let dir = tempdir();
    let file = write(dir.path(), "t.txt", &tabbed(&textbook_rows()));
    let (code, out) = check(&["tromino", "--check", &file]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        format!("{file}: right: a valid tiling, the textbook numbering\n")
    );
    // %3d columns glue numbers of three digits (a 32 x 32 board has 341 tiles): read at width 3.
    let big = ok(&["tromino", "-k", "5", "--special", "7,9"]);
    let glued: String = big
        .lines()
        .map(|l| {
            l.split_whitespace()
                .map(|w| format!("{w:>3}"))
                .collect::<String>()
                + "\n"
        })
        .collect();
    // Some rows hold neighbours of three digits with nothing between them.
    assert!(
        glued.lines().any(|l| l.split_whitespace().count() < 32),
        "{glued}"
    );
    let file = write(dir.path(), "big.txt", &glued);
    let (code, out) = check(&["tromino", "--check", &file]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn two_squares_swapped_on_line_6_exit_1_and_name_line_6() {
    let mut rows = textbook_rows();
    rows[5].swap(0, 1);
    let dir = tempdir();
    let file = write(dir.path(), "swapped.txt", &tabbed(&rows));
    let (code, out) = check(&["tromino", "--check", &file]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!("{file}:6:1: tile 12 covers 5,0 6,1 6,2, which do not form an L")
    );
    assert!(
        lines[1].ends_with("wrong: not a valid tiling: 1 mistake; the textbook numbering differs first at square 5,0 (line 6): 12, the textbook 13"),
        "{out}"
    );
    // -q: the verdict alone; --lang zh: in Chinese.
    let (code, quiet) = check(&["tromino", "--check", &file, "-q", "--lang", "zh"]);
    assert_eq!(code, 1);
    assert_eq!(quiet.lines().count(), 1, "{quiet}");
    assert!(quiet.contains(": 错误: 覆盖错误: 1 处错误"), "{quiet}");
    let (_, zh) = check(&["tromino", "--check", &file, "--lang", "zh"]);
    assert!(
        zh.starts_with(&format!(
            "{file}:6:1: 骨牌 12 覆盖的 5,0 6,1 6,2 不构成 L 型"
        )),
        "{zh}"
    );
}

#[test]
fn a_renumbered_tiling_is_valid_but_not_the_textbook_numbering() {
    // Tile t becomes 22 - t: the same tiles, numbered backwards.
    let rows: Vec<Vec<u32>> = textbook_rows()
        .iter()
        .map(|r| r.iter().map(|&n| if n == 0 { 0 } else { 22 - n }).collect())
        .collect();
    let dir = tempdir();
    let file = write(dir.path(), "renumbered.txt", &tabbed(&rows));
    let (code, out) = check(&["tromino", "--check", &file]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        format!("{file}: right: a valid tiling, but not the textbook numbering: square 0,0 (line 1) has 19, the textbook 3\n")
    );
}

#[test]
fn a_case_batch_is_checked_case_by_case() {
    let dir = tempdir();
    let file = write(dir.path(), "batch.txt", CASE_SAMPLE_OUTPUT);
    let (code, out) = check(&["tromino", "--check", &file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("CASE:2: a valid tiling, the textbook numbering"),
        "{out}"
    );
    assert!(out.ends_with(": right: 2 cases: all right\n"), "{out}");
    // The first case with a 2 where its tile has a 1: its tiles do not add up.
    let spoiled = CASE_SAMPLE_OUTPUT.replacen("1 1\n", "1 2\n", 1);
    let file = write(dir.path(), "spoiled.txt", &spoiled);
    let (code, out) = check(&["tromino", "--check", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!("{file}:2:3: tile 1 covers 2 squares (0,1 1,0)")),
        "{out}"
    );
    assert!(out.contains("CASE:1: not a valid tiling"), "{out}");
    assert!(out.ends_with(": wrong: 2 cases: 1 wrong\n"), "{out}");
}

/// The knight's tour from a1's corner, printed as the design report's program prints it:
/// `printf("%2d")` with nothing between the numbers.
pub(super) fn glued_tour() -> (Vec<Vec<u32>>, String) {
    let rows: Vec<Vec<u32>> = ok(&["knight", "-n", "8", "--start", "0,0"])
        .lines()
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    let glued = rows
        .iter()
        .map(|r| r.iter().map(|n| format!("{n:2}")).collect::<String>() + "\n")
        .collect();
    (rows, glued)
}

#[test]
fn the_design_reports_glued_matrix_is_accepted_and_a_swap_names_the_step() {
    let (rows, glued) = glued_tour();
    assert!(glued.starts_with(" 1162722 3184756"), "{glued}");
    let dir = tempdir();
    let file = write(dir.path(), "tour.txt", &glued);
    let (code, out) = check(&["knight", "--check", &file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with(": right: a knight's tour of 64 squares\n"),
        "{out}"
    );
    // Steps 27 (line 1) and 22 (line 1) trade places.
    let swapped = glued.replacen("2722", "2227", 1);
    assert_eq!(rows[0][2..4], [27, 22]);
    let file = write(dir.path(), "swapped.txt", &swapped);
    let (code, out) = check(&["knight", "--check", &file]);
    assert_eq!(code, 1, "{out}");
    let first = out.lines().next().unwrap();
    assert_eq!(
        first,
        format!("{file}:1:5: step 22 at 0,2 is not a knight's move from step 21 at 2,4")
    );
    // Closed is asked for, and this tour is open.
    let (code, out) = check(&[
        "knight",
        "--check",
        &file.replace("swapped", "tour"),
        "--closed",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("the tour is not closed: step 64"), "{out}");
}

#[test]
fn a_list_of_squares_is_checked_on_the_board_asked_for() {
    let dir = tempdir();
    let rows: Vec<Vec<u32>> = ok(&["knight", "-n", "5", "--start", "0,0"])
        .lines()
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    let mut squares = vec![String::new(); 25];
    for (r, row) in rows.iter().enumerate() {
        for (c, &step) in row.iter().enumerate() {
            squares[step as usize - 1] = format!("{r},{c}");
        }
    }
    let file = write(dir.path(), "list.txt", &squares.join(" "));
    let (code, out) = check(&["knight", "--check", &file, "-n", "5"]);
    assert_eq!(code, 0, "{out}");
    // On the default 8 x 8 board it covers too little.
    let (code, out) = check(&["knight", "--check", &file]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with(&format!(
            "{file}: the path visits 25 of 64 squares; not visited: 0,5"
        )),
        "{out}"
    );
}

pub(super) fn solutions() -> Vec<String> {
    ok(&["queens", "-n", "8", "--list"])
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_92_solutions_with_one_missing_and_one_wrong_line() {
    let mut list = solutions();
    let missing = list[10].clone();
    list[10] = "12345678".to_string();
    let dir = tempdir();
    let file = write(dir.path(), "q.txt", &(list.join("\n") + "\n"));
    let (code, out) = check(&["queens", "--check", &file]);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!("{file}:11: 12345678: queens a1 and b2 attack each other on a diagonal (28 attacking pairs in all)")
    );
    assert_eq!(lines[1], format!("{file}: 91 of 92: missing {missing}"));
    assert!(
        lines[2].ends_with(": wrong: 2 mistakes in 92 lines"),
        "{out}"
    );
    // A shorter list must be complete too, unless --partial; a repeated line is named.
    let mut short = solutions();
    short.remove(40);
    short[3] = short[2].clone();
    let file = write(dir.path(), "short.txt", &short.join("\n"));
    let (code, out) = check(&["queens", "--check", &file, "--partial"]);
    assert_eq!(code, 1);
    assert_eq!(
        out.lines().next().unwrap(),
        format!("{file}:4: {} repeats line 3", short[2])
    );
    assert_eq!(out.lines().count(), 2, "{out}");
    for complete in [&[][..], &["--complete"]] {
        let mut args = vec!["queens", "--check", &file];
        args.extend(complete);
        let (_, out) = check(&args);
        assert!(out.contains("90 of 92: missing "), "{out}");
    }
    // The whole list is right and complete.
    let file = write(dir.path(), "all.txt", &solutions().join("\n"));
    let (code, out) = check(&["queens", "--check", &file]);
    assert_eq!(
        (
            code,
            out.ends_with(": right: all 92 solutions of 8 queens\n")
        ),
        (0, true),
        "{out}"
    );
}

#[test]
fn a_trace_is_checked_event_by_event() {
    let trace = ok(&["queens", "-n", "6", "--trace"]);
    let dir = tempdir();
    let file = write(dir.path(), "trace.txt", &trace);
    let (code, out) = check(&["queens", "--check", &file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("right: 308 events and 4 solutions of 6 queens, each legal"),
        "{out}"
    );
    // The third queen put on row 4 instead of 5: b3 (row 3 of column 2) attacks it.
    let spoiled = trace.replacen("3: place col 3 row 5", "3: place col 3 row 4", 1);
    let file = write(dir.path(), "spoiled.txt", &spoiled);
    let (code, out) = check(&["queens", "--check", &file]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out.lines().next().unwrap(),
        format!("{file}:3: 3: place col 3 row 4: c4 is attacked by the queen on b3")
    );
    // A removal left out: the numbers no longer follow, and the next removal takes the wrong queen.
    let skipped: String = trace
        .lines()
        .filter(|l| *l != "6: remove col 5 row 4")
        .map(|l| format!("{l}\n"))
        .collect();
    let file = write(dir.path(), "skipped.txt", &skipped);
    let (code, out) = check(&["queens", "--check", &file]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!("{file}:6:1: event 7 where 6 was expected")
    );
    assert_eq!(
        lines[1],
        format!("{file}:6: 7: remove col 4 row 2: the queen on top is on column 5 row 4")
    );
}
