//! `--check FILE`: a student's printed answer read back, its mistakes named by line, the verdict
//! and the exit status (0 right, 1 wrong, 2 unreadable), and its figure with the mistakes marked.
//! Inputs are made from chessviz's own output, then spoiled by hand.

use std::path::Path;

use chessviz::Theme;

use crate::common::{decode_png, fails, ok, px, run, tempdir, CASE_SAMPLE_OUTPUT};

/// Runs a check; its exit status and standard output.
fn check(args: &[&str]) -> (i32, String) {
    let out = run(args, b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().expect("an exit status"),
        String::from_utf8(out.stdout).expect("utf-8"),
    )
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The textbook tiling of `-k 3 --special 2,2` as rows of numbers.
fn textbook_rows() -> Vec<Vec<u32>> {
    ok(&["tromino", "-k", "3", "--special", "2,2"])
        .lines()
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect()
}

/// Rows printed as `printf("%d\t")` and a newline print them.
fn tabbed(rows: &[Vec<u32>]) -> String {
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
        "line 6, column 1: tile 12 covers 5,0 6,1 6,2, which do not form an L"
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
        zh.starts_with("第 6 行第 1 列: 骨牌 12 覆盖的 5,0 6,1 6,2 不构成 L 型"),
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
        out.starts_with("line 2, column 3: tile 1 covers 2 squares (0,1 1,0)"),
        "{out}"
    );
    assert!(out.contains("CASE:1: not a valid tiling"), "{out}");
    assert!(out.ends_with(": wrong: 2 cases: 1 wrong\n"), "{out}");
}

/// The knight's tour from a1's corner, printed as the design report's program prints it:
/// `printf("%2d")` with nothing between the numbers.
fn glued_tour() -> (Vec<Vec<u32>>, String) {
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
        "line 1, column 5: step 22 at 0,2 is not a knight's move from step 21 at 2,4"
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
        out.starts_with("the path visits 25 of 64 squares; not visited: 0,5"),
        "{out}"
    );
}

fn solutions() -> Vec<String> {
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
        "line 11: 12345678: queens a1 and b2 attack each other on a diagonal (28 attacking pairs in all)"
    );
    assert_eq!(lines[1], format!("91 of 92; missing {missing}"));
    assert!(
        lines[2].ends_with(": wrong: 2 mistakes in 92 lines"),
        "{out}"
    );
    // A shorter list claims to be complete only with --complete; a repeated line is named.
    let mut short = solutions();
    short.remove(40);
    short[3] = short[2].clone();
    let file = write(dir.path(), "short.txt", &short.join("\n"));
    let (code, out) = check(&["queens", "--check", &file]);
    assert_eq!(code, 1);
    assert_eq!(
        out.lines().next().unwrap(),
        format!("line 4: {} repeats line 3", short[2])
    );
    assert_eq!(out.lines().count(), 2, "{out}");
    let (_, out) = check(&["queens", "--check", &file, "--complete"]);
    assert!(out.contains("90 of 92; missing "), "{out}");
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
        "line 3: 3: place col 3 row 4: c4 is attacked by the queen on b3"
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
    assert_eq!(lines[0], "line 6, column 1: event 7 where 6 was expected");
    assert_eq!(
        lines[1],
        "line 6: 7: remove col 4 row 2: the queen on top is on column 5 row 4"
    );
}

/// Pixels of `colour` in cell (`r`, `c`) at `--margin 0 --cell 40`.
fn count_in_cell(png: &Path, r: u32, c: u32, colour: [u8; 3]) -> usize {
    let img = decode_png(png);
    let cell = 40;
    (r * cell..(r + 1) * cell)
        .flat_map(|y| (c * cell..(c + 1) * cell).map(move |x| (x, y)))
        .filter(|&(x, y)| px(&img, x, y) == colour)
        .count()
}

#[test]
fn the_figure_marks_the_mistakes() {
    let theme = Theme::by_name("default").unwrap();
    let dir = tempdir();
    let look = ["--margin", "0", "--cell", "40", "--theme", "default"];
    let figure = |problem: &str, name: &str, text: &str, extra: &[&str]| {
        let file = write(dir.path(), name, text);
        let png = dir.path().join(format!("{name}.png"));
        let png_arg = png.to_str().unwrap().to_string();
        let mut args = vec![problem, "--check", &file, "-o", &png_arg, "-q"];
        args.extend(look);
        args.extend(extra);
        run(&args, b"");
        assert!(png.exists(), "{name}: no figure");
        png
    };
    // Tromino: the squares of tile 12 are ringed, the textbook figure has no ring there.
    let mut rows = textbook_rows();
    let right = figure("tromino", "t-right", &tabbed(&rows), &[]);
    rows[5].swap(0, 1);
    let wrong = figure("tromino", "t-wrong", &tabbed(&rows), &[]);
    assert_eq!(count_in_cell(&right, 5, 0, theme.mark), 0);
    for (r, c) in [(5, 0), (6, 1), (6, 2)] {
        assert!(
            count_in_cell(&wrong, r, c, theme.mark) > 20,
            "no ring on {r},{c}"
        );
    }
    assert_eq!(count_in_cell(&wrong, 0, 0, theme.mark), 0);
    // Knight: the bad step is crossed.
    let (_, glued) = glued_tour();
    let right = figure("knight", "k-right", &glued, &[]);
    let wrong = figure("knight", "k-wrong", &glued.replacen("2722", "2227", 1), &[]);
    assert_eq!(count_in_cell(&right, 0, 2, theme.mark), 0);
    assert!(count_in_cell(&wrong, 0, 2, theme.mark) > 10);
    // Queens: the first wrong line is drawn, its attacking queens ringed in the conflict colour.
    let mut list = solutions();
    list[10] = "12345678".to_string();
    let wrong = figure("queens", "q-wrong", &list.join("\n"), &["--coords", "none"]);
    let right = figure(
        "queens",
        "q-right",
        &solutions().join("\n"),
        &["--coords", "none"],
    );
    // a1 is the bottom-left square: row 7 from the top.
    assert!(count_in_cell(&wrong, 7, 0, theme.conflict) > 20);
    assert_eq!(count_in_cell(&right, 7, 0, theme.conflict), 0);
}

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
    assert!(fails(&["queens", "--check", folder], b"").contains("not a regular file"));
    // Over the limit: refused by its size, before a byte is read.
    let huge = dir.path().join("huge.txt");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(17 << 20)
        .unwrap();
    let err = fails(&["tromino", "--check", huge.to_str().unwrap()], b"");
    assert!(err.contains("at most 16 MiB"), "{err}");
    // Standard input as well.
    let out = run(&["queens", "--check", "-"], b"15863724\n");
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
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out
        .lines()
        .next()
        .unwrap()
        .ends_with("a.txt: right: a valid tiling, the textbook numbering"));
    let garbage = write(dir.path(), "c.txt", "no numbers here\n");
    let out = run(&["tromino", "--check", &right, &garbage, &wrong, "-q"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
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
    let err = fails(&["tromino", "--check", &file, "-k", "2"], b"");
    assert!(
        err.contains("-k does not apply to --check") || err.contains("--exponent does not apply"),
        "{err}"
    );
    let err = fails(&["queens", "--complete"], b"");
    assert!(err.contains("--check"), "{err}");
}
