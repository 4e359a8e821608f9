//! Finding things: the manual pages (one per command, all written by `man --dir`), the help that
//! names every format and default, and errors that say what to type instead.

use crate::common::{fails, ok, run, status, tempdir};

/// The names of the subcommands, as the top-level `--help` lists them.
fn subcommands() -> Vec<String> {
    let help = ok(&["--help"]);
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn man_prints_a_page_per_command_and_dir_writes_them_all() {
    let names = subcommands();
    assert!(names.iter().any(|n| n == "queens"), "{names:?}");
    for name in &names {
        let page = ok(&["man", name]);
        assert!(page.contains(&format!(".TH chessviz-{name} 1")), "{name}");
        assert!(page.contains("EXAMPLES"), "{name}");
    }
    let dir = tempdir();
    let target = dir.path().join("share/man/man1");
    let said = status(&["man", "--dir", target.to_str().unwrap()]);
    assert!(
        said.starts_with(&format!("wrote {} manual pages", names.len() + 1)),
        "{said}"
    );
    let mut files: Vec<String> = std::fs::read_dir(&target)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut expected: Vec<String> = names.iter().map(|n| format!("chessviz-{n}.1")).collect();
    expected.push("chessviz.1".to_string());
    expected.sort();
    assert_eq!(files, expected);
    // Each file is the page `man SUB` prints.
    let queens = std::fs::read_to_string(target.join("chessviz-queens.1")).unwrap();
    assert_eq!(queens, ok(&["man", "queens"]));
    let e = fails(&["man", "rook"], b"");
    assert!(e.contains("queens") && e.contains("rook"), "{e}");
    let out = run(&["man", "queens", "--dir", target.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn errors_point_the_way() {
    let e = fails(&["queens", "-n", "6", "--all", "-o", "sols.svg"], b"");
    assert!(e.contains("--format svg"), "{e}");
    let e = fails(&["queens", "--sheet", "-o", "s.png"], b"");
    assert!(
        e.contains("--sheet needs its FILE") && e.contains("--sheet sheet.png"),
        "{e}"
    );
    // clap's `--k` is the `-k` the user typed.
    let e = fails(&["tromino", "-k", "x"], b"");
    assert!(e.contains("for -k:") && !e.contains("--k"), "{e}");
    let e = fails(&["queens", "-n", "x"], b"");
    assert!(e.contains("for -n:") && !e.contains("--n "), "{e}");
    // A --format that contradicts the file name is refused, naming both.
    let e = fails(&["queens", "--format", "png", "-o", "q.pdf"], b"");
    assert!(e.contains("--format png") && e.contains("q.pdf"), "{e}");
}

#[test]
fn format_agreeing_with_the_file_name_is_accepted() {
    let dir = tempdir();
    let with = dir.path().join("with.pdf");
    let without = dir.path().join("without.pdf");
    ok(&[
        "queens",
        "-n",
        "5",
        "--format",
        "pdf",
        "-o",
        with.to_str().unwrap(),
    ]);
    ok(&["queens", "-n", "5", "-o", without.to_str().unwrap()]);
    let a = std::fs::read(&with).unwrap();
    assert!(a.starts_with(b"%PDF"));
    assert_eq!(a, std::fs::read(&without).unwrap());
}

#[test]
fn queens_takes_chess_squares() {
    let dir = tempdir();
    let squares = dir.path().join("squares.svg");
    let rows = dir.path().join("rows.svg");
    ok(&[
        "queens",
        "-n",
        "8",
        "--queens",
        "a1,b3,c5,d2,e6",
        "-o",
        squares.to_str().unwrap(),
    ]);
    ok(&[
        "queens",
        "-n",
        "8",
        "--queens",
        "13526",
        "-o",
        rows.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read(&squares).unwrap(),
        std::fs::read(&rows).unwrap()
    );
    let e = fails(&["queens", "--queens", "a1,a3", "-o", "x.png"], b"");
    assert!(e.contains("same column"), "{e}");
}

#[test]
fn counts_of_one_are_singular() {
    let dir = tempdir();
    let board = dir.path().join("s.png");
    let said = status(&[
        "tromino",
        "-k",
        "2",
        "--storyboard",
        "6",
        "-o",
        board.to_str().unwrap(),
    ]);
    assert!(said.contains("(1 step,"), "{said}");
    let gif = dir.path().join("k.gif");
    let g = gif.to_str().unwrap();
    let said = status(&["queens", "-n", "1", "--solutions-only", "-o", g]);
    assert!(said.contains("(1 frame,"), "{said}");
    let all = dir.path().join("all");
    let said = status(&["queens", "-n", "1", "--all", "-o", all.to_str().unwrap()]);
    assert!(said.starts_with("wrote 1 solution of 1 queen to"), "{said}");
    let said = status(&[
        "tromino",
        "-k",
        "2",
        "--storyboard",
        "0,6",
        "-o",
        board.to_str().unwrap(),
    ]);
    assert!(said.contains("(2 steps,"), "{said}");
}

/// One spelling of the board size everywhere (`-n/--size`), the old ones kept: tromino's `-k` is
/// the exponent (side 2^K), so `-n 8` is `-k 3`.
#[test]
fn board_size_is_n_or_size_everywhere_and_old_spellings_work() {
    let same = |a: &[&str], b: &[&str]| assert_eq!(ok(a), ok(b), "{a:?} vs {b:?}");
    same(
        &["tromino", "-n", "8", "--special", "2,2"],
        &["tromino", "-k", "3", "--special", "2,2"],
    );
    same(&["tromino", "--size", "4"], &["tromino", "--k", "2"]);
    same(&["tromino", "--exponent", "2"], &["tromino", "-k", "2"]);
    same(
        &["queens", "--size", "6", "--list"],
        &["queens", "-n", "6", "--list"],
    );
    same(
        &["queens", "--n", "6", "--list"],
        &["queens", "-n", "6", "--list"],
    );
    same(&["knight", "--size", "5"], &["knight", "-n", "5"]);
    same(&["knight", "--n", "5"], &["knight", "-n", "5"]);
    for sub in ["tromino", "queens", "knight"] {
        let help = ok(&[sub, "--help"]);
        assert!(help.contains("-n, --size <N>"), "{sub}: {help}");
    }
    let e = fails(&["tromino", "-n", "12"], b"");
    assert!(
        e.contains("power of two") && e.contains("use 8 or 16"),
        "{e}"
    );
    let e = fails(&["tromino", "-n", "8", "-k", "3"], b"");
    assert!(e.contains("-n") && e.contains("-k"), "{e}");
}

/// `-h` is a summary that fits a terminal, `--help` the whole text (as ripgrep gives them), and
/// the manual pages carry the whole text too.
#[test]
fn short_help_is_a_summary_and_long_help_the_whole_text() {
    for name in subcommands() {
        let short = ok(&[&name, "-h"]);
        let long = ok(&[&name, "--help"]);
        let lines = short.lines().count();
        assert!(lines <= 45, "{name} -h has {lines} lines:\n{short}");
        for line in short.lines() {
            assert!(
                line.chars().count() <= 100,
                "{name} -h: a line of {}: {line}",
                line.chars().count()
            );
        }
        assert!(long.lines().count() > lines, "{name}: --help is no longer");
        assert!(long.contains("-h") || long.contains("--help"), "{name}");
    }
    // One option's whole text, beyond its first paragraph, is in --help and the manual page only.
    let full = "Give up after this many retreats (backtracking steps) with an error";
    let short = ok(&["knight", "-h"]);
    assert!(
        !short.contains(full) && !short.contains("--max-retreats"),
        "{short}"
    );
    assert!(ok(&["knight", "--help"]).contains(full));
    let page = ok(&["man", "knight"]);
    assert!(
        page.contains("Give up after this many retreats (backtracking steps)"),
        "man knight"
    );
    // The examples are in --help and the manual page, not in the summary.
    let example = "chessviz knight -n 8 --closed";
    assert!(!short.contains(example));
    assert!(ok(&["knight", "--help"]).contains(example));
    assert!(page.contains("chessviz knight \\-n 8 \\-\\-closed") || page.contains(example));
}
