//! The CASE batch format's input read as C's `scanf("%d")` reads it: whitespace-separated numbers in
//! any layout. Every layout of the textbook's sample input gives the textbook's sample output; errors
//! name the line and column of the offending number; the output's size is known before it is printed.

use chessviz::text::{
    parse_tromino_batch, read_tromino_batch, tromino_batch_output_bytes, MAX_BATCH_OUTPUT_BYTES,
};
use chessviz::tromino::TrominoProblem;
use chessviz::Square;

use crate::common::{fails, run, CASE_SAMPLE_OUTPUT as SAMPLE_OUTPUT};

/// The sample input written in every way `scanf` reads the same numbers from.
const SAMPLE_LAYOUTS: &[(&str, &[u8])] = &[
    ("as printed", b"2\n2\n0 0\n8\n2 2\n"),
    ("all on one line", b"2 2 0 0 8 2 2"),
    ("one number a line", b"2\n2\n0\n0\n8\n2\n2\n"),
    ("a case a line", b"2\n2 0 0\n8 2 2\n"),
    ("split square", b"2\n2 0\n0 8 2\n2"),
    ("lone CR line ends", b"2\r2\r0 0\r8\r2 2\r"),
    ("CRLF", b"2\r\n2\r\n0 0\r\n8\r\n2 2\r\n"),
    ("UTF-8 byte order mark", b"\xEF\xBB\xBF2\n2\n0 0\n8\n2 2\n"),
    (
        "vertical tab and form feed",
        b"2\x0B2\x0C0\x0B0\n\x0B\n8\x0C\x0C2 2",
    ),
    ("signs, -0", b"+2\n+2\n-0 +0\n8\n+2 +0002\n"),
    (
        "tabs and blank lines",
        b"\n\t2\t\n\n 2\n\t0\t0 \n\n8\n2\t2\n\n",
    ),
    ("no final line feed", b"2\n2\n0 0\n8\n2 2"),
];

#[test]
fn every_layout_of_the_sample_input_prints_the_sample_output() {
    for (layout, input) in SAMPLE_LAYOUTS {
        let out = run(&["tromino", "--batch"], input);
        assert!(
            out.status.success(),
            "{layout}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text, SAMPLE_OUTPUT, "{layout}");
    }
}

#[test]
fn parsed_layouts_are_the_same_cases() {
    let expected = vec![
        TrominoProblem::from_side(2, Square::new(0, 0)).unwrap(),
        TrominoProblem::from_side(8, Square::new(2, 2)).unwrap(),
    ];
    for (layout, input) in SAMPLE_LAYOUTS {
        assert_eq!(parse_tromino_batch(input).unwrap(), expected, "{layout}");
    }
}

/// (input, words the one-line error must contain): places are counted at LF, CR LF and lone CR.
const BAD_LAYOUTS: &[(&[u8], &[&str])] = &[
    (
        b"1\n4\n\x0B\n",
        &["ends before the special square's x of case 1"],
    ),
    (b"1 4 1", &["ends before the special square's y of case 1"]),
    (b"1\r4\r1 x", &["case 1, line 3, column 3", "'x'"]),
    (
        b"1\r\n4\r\n\r\n  7 1\r\n",
        &[
            "case 1, line 4, column 3",
            "(7,1) is outside the 4 x 4 board",
        ],
    ),
    (
        b"2 2 0 0 6 1 1",
        &["case 2, line 1, column 9", "power of two", "got 6"],
    ),
    (
        b"1 4 0 0 5",
        &["line 1, column 9", "unexpected text after the 1 case"],
    ),
    (b"\xEF\xBB\xBF-1", &["line 1, column 1", "found '-1'"]),
    (
        b"1\n\xC3\xA9\xC3\xA9 4\n",
        &["case 1, line 2, column 1", "found '\u{e9}\u{e9}'"],
    ),
    (
        b"1\n4 0 \xC3\xA9",
        &["case 1, line 2, column 5", "found '\u{e9}'"],
    ),
    (b"1\n4\n1 -1\n", &["case 1, line 3, column 3", "found '-1'"]),
    (b"1\n4\n\xFF 0\n", &["line 3, column 1", "not valid UTF-8"]),
    (
        b"1\n4.0 0 0\n",
        &["case 1, line 2, column 1", "found '4.0'"],
    ),
];

#[test]
fn errors_name_the_line_and_column_of_the_bad_number() {
    for (input, words) in BAD_LAYOUTS {
        let e = fails(&["tromino", "--batch"], input);
        for w in *words {
            assert!(
                e.contains(w),
                "{:?}: '{w}' not in {e}",
                String::from_utf8_lossy(input)
            );
        }
    }
}

#[test]
fn the_output_size_is_known_before_printing() {
    // Checked against what the CLI prints: sides 1 to 64, case numbers of one and two digits.
    let mut input = String::from("12\n");
    let mut cases = Vec::new();
    for (i, side) in [1u64, 2, 4, 8, 16, 32, 64, 2, 1, 4, 8, 64]
        .iter()
        .enumerate()
    {
        let at = (i as u64 * 7) % side;
        input.push_str(&format!("{side}\n{at} {}\n", side - 1 - at));
        cases.push(
            TrominoProblem::from_side(*side, Square::new(at as u32, (side - 1 - at) as u32))
                .unwrap(),
        );
    }
    let out = run(&["tromino", "--batch"], input.as_bytes());
    assert!(out.status.success());
    assert_eq!(tromino_batch_output_bytes(&cases), out.stdout.len() as u64);
    // k = 10: tile numbers of up to six digits.
    let big = [TrominoProblem::from_side(1024, Square::new(5, 9)).unwrap()];
    let out = run(&["tromino", "--batch"], b"1 1024 5 9");
    assert_eq!(tromino_batch_output_bytes(&big), out.stdout.len() as u64);
}

#[test]
fn a_batch_printing_too_much_is_refused_up_front_with_its_size() {
    // 100000 of the largest boards would print about a petabyte.
    let mut input = String::from("100000\n");
    for _ in 0..100_000 {
        input.push_str("32768 0 0\n");
    }
    let e = fails(&["tromino", "--batch"], input.as_bytes());
    assert!(
        e.contains("the 100000 cases would print 1.0 PB of text") && e.contains("64 GiB"),
        "{e}"
    );
    // Six of them (about 62 GB) are under the limit, seven (about 73 GB) over it.
    let largest = |n: usize| format!("{n}{}", " 32768 1 2".repeat(n));
    let six = read_tromino_batch(largest(6).as_bytes()).unwrap();
    assert!(tromino_batch_output_bytes(&six) <= MAX_BATCH_OUTPUT_BYTES);
    assert!(read_tromino_batch(largest(7).as_bytes()).is_err());
}
