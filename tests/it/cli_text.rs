//! The text subcommands through the real binary: seed formats byte for byte, and the error contract.

use crate::common::{
    fails, ok, run, CASE_SAMPLE_INPUT as SEED_INPUT, CASE_SAMPLE_OUTPUT as SEED_OUTPUT,
};

#[test]
fn batch_reproduces_the_seed_sample_byte_for_byte() {
    let out = run(&["tromino", "--batch"], SEED_INPUT);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), SEED_OUTPUT);
    // Windows line endings and blank lines do not change the answer.
    let out = run(
        &["tromino", "--batch"],
        b"2\r\n\r\n2\r\n0 0\r\n8\r\n2 2\r\n",
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), SEED_OUTPUT);
}

#[test]
fn single_tromino_matrix_matches_the_seed_case() {
    let text = ok(&["tromino", "-k", "3", "--special", "2,2"]);
    let expected: String = SEED_OUTPUT
        .lines()
        .skip(4)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(text, expected);
}

#[test]
fn batch_errors_name_case_and_line() {
    let e = fails(&["tromino", "--batch"], b"2\n2\n0 0\n6\n1 1\n");
    assert!(
        e.contains("case 2") && e.contains("line 4") && e.contains("power of two"),
        "{e}"
    );
    let e = fails(&["tromino", "--batch"], b"1\n4\n1 x\n");
    assert!(e.contains("case 1") && e.contains("line 3"), "{e}");
    let e = fails(&["tromino", "--batch"], b"2\n2\n0 0\n");
    assert!(e.contains("case 2"), "{e}");
    let e = fails(&["tromino", "--batch"], b"1\n2\n0 0\nextra\n");
    assert!(e.contains("line 4"), "{e}");
    let e = fails(&["tromino", "--batch"], b"");
    assert!(e.contains("number of cases"), "{e}");
    let e = fails(&["tromino", "--batch"], b"1\n4\n4 0\n");
    assert!(e.contains("case 1"), "{e}");
    let e = fails(&["tromino", "--batch"], b"1\n4611686018427387904\n0 0\n");
    assert!(e.contains("case 1"), "{e}");
    fails(&["tromino", "--batch"], b"1\n\xff\xfe\n0 0\n");
}

/// The lines of a trace without their numbers, checking that line i is numbered `i: `.
fn unnumbered(text: &str) -> Vec<&str> {
    text.lines()
        .zip(1..)
        .map(|(line, i)| {
            let prefix = format!("{i}: ");
            line.strip_prefix(&prefix)
                .unwrap_or_else(|| panic!("line {i} is not numbered {i}: {line}"))
        })
        .collect()
}

#[test]
fn tromino_trace_lists_splits_and_tiles_in_order() {
    let text = ok(&["tromino", "-k", "2", "--special", "0,3", "--trace"]);
    let lines = unnumbered(&text);
    assert_eq!(lines.iter().filter(|l| l.starts_with("split")).count(), 5);
    let tiles: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("place"))
        .copied()
        .collect();
    assert_eq!(tiles.len(), 5);
    assert!(
        lines[0].starts_with("split origin 0,0 size 4 depth 0"),
        "{}",
        lines[0]
    );
    for (i, l) in tiles.iter().enumerate() {
        assert!(
            l.starts_with(&format!("place tile {} cells ", i + 1)),
            "{l}"
        );
    }
}

#[test]
fn queens_list_count_and_trace() {
    let list = ok(&["queens", "-n", "8", "--list"]);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 92);
    assert_eq!(lines[0], "15863724");
    assert_eq!(lines[91], "84136275");
    assert_eq!(ok(&["queens", "-n", "8", "--count"]), "92\n");
    assert_eq!(ok(&["queens", "-n", "10", "--count"]), "724\n");
    let ten = ok(&["queens", "-n", "10", "--list"]);
    assert_eq!(ten.lines().next().unwrap().split(' ').count(), 10);
    let trace = ok(&["queens", "-n", "8", "--trace"]);
    let trace = unnumbered(&trace);
    let count = |p: &str| trace.iter().filter(|l| l.starts_with(p)).count();
    assert_eq!(
        (count("place"), count("remove"), count("solution")),
        (2056, 2056, 92)
    );
    assert_eq!(ok(&["queens", "-n", "8", "--solution", "92"]), "84136275\n");
}

#[test]
fn knight_matrix_is_right_aligned_tour() {
    let text = ok(&["knight", "--start", "0,0"]);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 8);
    for r in &rows {
        assert_eq!(r.len(), 8 * 2 + 7, "row {r:?}");
    }
    let mut seen: Vec<u32> = rows
        .iter()
        .flat_map(|r| r.split_whitespace().map(|n| n.parse::<u32>().unwrap()))
        .collect();
    assert_eq!(rows[0].split_whitespace().next(), Some("1"));
    seen.sort_unstable();
    assert_eq!(seen, (1..=64).collect::<Vec<_>>());
    let rect = ok(&["knight", "--rows", "5", "--cols", "6", "--start", "2,3"]);
    assert_eq!(rect.lines().count(), 5);
    assert!(ok(&["knight", "--size", "6", "--trace"]).starts_with("1: move 1 0,0\n"));
}

#[test]
fn bad_arguments_get_one_line_errors_and_status_2() {
    fails(&["tromino", "-k", "16"], b"");
    fails(&["tromino", "-k", "3", "--special", "8,0"], b"");
    fails(&["tromino", "--special", "x,y"], b"");
    fails(&["tromino", "--special", "-1,2"], b"");
    fails(&["queens", "-n", "0"], b"");
    fails(&["queens", "-n", "33"], b"");
    fails(&["queens", "-n", "8", "--solution", "93"], b"");
    fails(&["knight", "--size", "4"], b"");
    fails(&["knight", "--size", "3"], b"");
    fails(&["knight", "--size", "5", "--start", "0,1"], b"");
    fails(&["knight", "--size", "8", "--start", "8,8"], b"");
    fails(&["knight", "--size", "0"], b"");
    fails(&["knight", "--rows", "5"], b"");
    fails(&["nonsense"], b"");
    fails(&["tromino", "-o", "x.jpg"], b"");
    let e = fails(&["queens", "-n", "8", "--solution", "93"], b"");
    assert!(e.contains("92"), "{e}");
    let e = fails(&["knight", "--size", "4"], b"");
    assert!(e.contains("4 x 4"), "{e}");
}
