//! Property tests of the parsers (the tromino batch format, `ROW,COL` squares) on arbitrary bytes,
//! token soup, valid input in harmless disguises and valid input with one harmful change.

use proptest::prelude::*;

use chessviz::text::{parse_square, parse_tromino_batch, read_tromino_batch};
use chessviz::tromino::TrominoProblem;
use chessviz::{Error, Square};

const CASES_BYTES: u32 = 1024;
const CASES_SOUP: u32 = 512;
const CASES_DISGUISED: u32 = 256;
const CASES_BROKEN: u32 = 512;
const CASES_SQUARE_ANY: u32 = 1024;
const CASES_SQUARE_ROUNDTRIP: u32 = 512;

/// The one-line contract for library errors: no line break, no control character at all (quoted
/// input is escaped), and the message says where (`line`) or which case.
fn assert_one_line(msg: &str) -> Result<(), TestCaseError> {
    prop_assert!(!msg.is_empty());
    prop_assert!(
        !msg.chars().any(char::is_control),
        "control character in {:?}",
        msg
    );
    Ok(())
}

fn assert_batch_error(e: &Error) -> Result<(), TestCaseError> {
    let msg = e.to_string();
    assert_one_line(&msg)?;
    prop_assert!(msg.contains("line") || msg.contains("case"), "{}", msg);
    prop_assert!(msg.len() < 300, "long message: {}", msg);
    Ok(())
}

/// Words batch lines are made of: valid numbers, edge numbers, garbage.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..40).prop_map(|n| n.to_string()),
        prop::sample::select(vec![
            "0",
            "1",
            "2",
            "4",
            "8",
            "16",
            "3",
            "6",
            "32768",
            "65536",
            "-1",
            "-4",
            "+2",
            "+0",
            "4611686018427387904",
            "18446744073709551616",
            "99999999999999999999999",
            "0x10",
            "1e3",
            "2.0",
            "x",
            "",
            "\u{feff}4",
            "\u{0}",
            "\u{1b}[2J",
            "\u{85}",
            "４",
        ])
        .prop_map(str::to_string),
    ]
}

fn soup_line() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(token(), 0..4),
        prop::sample::select(vec![" ", "\t", "  ", " \t "]),
    )
        .prop_map(|(words, sep)| words.join(sep))
}

fn soup() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec(soup_line(), 0..12),
        prop::sample::select(vec!["\n", "\r\n", "\r", "\n\n"]),
        prop::option::of(prop::collection::vec(any::<u8>(), 1..4)),
    )
        .prop_map(|(lines, eol, junk)| {
            let mut bytes = lines.join(eol).into_bytes();
            if let Some(junk) = junk {
                bytes.extend(junk);
            }
            bytes
        })
}

/// Up to 5 valid cases: (k, row, col) with the square on the 2^k board.
fn cases() -> impl Strategy<Value = Vec<(u32, u32, u32)>> {
    prop::collection::vec(
        (0u32..=6).prop_flat_map(|k| (Just(k), 0..1u32 << k, 0..1u32 << k)),
        0..5,
    )
}

/// The batch text of `cases`, one item a line, no blank lines (so case i is on lines 2i and 2i + 1).
fn batch_lines(cases: &[(u32, u32, u32)]) -> Vec<String> {
    let mut lines = vec![cases.len().to_string()];
    for &(k, r, c) in cases {
        lines.push((1u32 << k).to_string());
        lines.push(format!("{r} {c}"));
    }
    lines
}

fn problems(cases: &[(u32, u32, u32)]) -> Vec<TrominoProblem> {
    cases
        .iter()
        .map(|&(k, r, c)| TrominoProblem::new(k, Square::new(r, c)).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_BYTES))]

    #[test]
    fn batch_parser_survives_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        match parse_tromino_batch(&bytes) {
            Ok(cases) => {
                // Only a count of 0 followed by nothing can come out of random bytes in practice,
                // but whatever parses must be a valid board.
                for p in cases {
                    prop_assert!(p.special().row < p.side() && p.special().col < p.side());
                }
            }
            Err(e) => assert_batch_error(&e)?,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_SOUP))]

    #[test]
    fn batch_parser_survives_token_soup(bytes in soup()) {
        match parse_tromino_batch(&bytes) {
            Ok(cases) => {
                for p in &cases {
                    prop_assert!(p.side().is_power_of_two() && p.side() <= 32768);
                    prop_assert!(p.special().row < p.side() && p.special().col < p.side());
                }
            }
            Err(e) => assert_batch_error(&e)?,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_DISGUISED))]

    /// Windows line endings, blank lines, spaces and tabs around numbers and a leading '+' (which C's
    /// `scanf("%d")`, the seed's reader, also accepts) do not change what is read.
    #[test]
    fn valid_batches_in_harmless_disguise_parse_exactly(
        cases in cases(),
        crlf in any::<bool>(),
        blanks in prop::collection::vec(0usize..3, 12),
        pads in prop::collection::vec(prop::sample::select(vec!["", " ", "\t", " \t", "  "]), 24),
        plus in prop::collection::vec(any::<bool>(), 12),
    ) {
        let eol = if crlf { "\r\n" } else { "\n" };
        let mut text = String::new();
        for (i, line) in batch_lines(&cases).iter().enumerate() {
            for _ in 0..blanks[i % blanks.len()] {
                text.push_str(pads[(i * 3) % pads.len()]);
                text.push_str(eol);
            }
            let line = if plus[i % plus.len()] {
                line.split(' ').map(|w| format!("+{w}")).collect::<Vec<_>>().join(" ")
            } else {
                line.clone()
            };
            let line = line.replace(' ', &format!(" {}", pads[(i * 5 + 1) % pads.len()]));
            text.push_str(pads[(i * 7 + 2) % pads.len()]);
            text.push_str(&line);
            text.push_str(pads[(i * 11 + 3) % pads.len()]);
            text.push_str(eol);
        }
        let parsed = parse_tromino_batch(text.as_bytes()).map_err(|e| {
            TestCaseError::fail(format!("{e} in {text:?}"))
        })?;
        prop_assert_eq!(parsed, problems(&cases));
        // The reader that the CLI uses gives the same.
        prop_assert_eq!(read_tromino_batch(text.as_bytes()).unwrap(), problems(&cases));
    }
}

/// One harmful change to a valid batch, and the line its error must name.
#[derive(Clone, Debug)]
enum Harm {
    /// Replace the side of case i (0-based) with this text.
    Side(usize, &'static str),
    /// Replace the special square of case i with this text.
    Special(usize, &'static str),
    /// Put the first special square just outside its board (row = side).
    OffBoard,
    /// Replace the case count with this text.
    Count(&'static str),
    /// Announce one case more than there are.
    CountTooHigh,
    /// Add a line of text after the last case.
    Trailing(&'static str),
    /// Replace the side of case i with bytes that are not UTF-8.
    NotUtf8(usize),
}

fn harm(n_cases: usize) -> impl Strategy<Value = Harm> {
    let i = 0..n_cases.max(1);
    let bad_side = prop::sample::select(vec![
        "0",
        "3",
        "6",
        "12",
        "65536",
        "4611686018427387904",
        "18446744073709551616",
        "-4",
        "+-4",
        "four",
        "4.0",
        "0x4",
        "\u{1b}[31m4",
    ]);
    // (A blank line is skipped, not an error: the CASE batch format is read as whitespace-separated
    // numbers, as C's scanf reads them. So is a line with too few or too many numbers, which only
    // shifts the following ones: those layouts are checked in `case_batch`.)
    let bad_special = prop::sample::select(vec![
        "-1 0",
        "0 -1",
        "x y",
        "1,2",
        "4294967296 0",
        "99999999999 1",
    ]);
    let bad_count = prop::sample::select(vec![
        "-1",
        "100001",
        "4611686018427387904",
        "two",
        "+-1",
        "\u{7}",
    ]);
    let trailing = prop::sample::select(vec!["extra", "0", "4", "\u{0}", "0 0"]);
    prop_oneof![
        (i.clone(), bad_side).prop_map(|(i, s)| Harm::Side(i, s)),
        (i.clone(), bad_special).prop_map(|(i, s)| Harm::Special(i, s)),
        Just(Harm::OffBoard),
        bad_count.prop_map(Harm::Count),
        Just(Harm::CountTooHigh),
        trailing.prop_map(Harm::Trailing),
        i.prop_map(Harm::NotUtf8),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_BROKEN))]

    #[test]
    fn broken_batches_are_refused_naming_line_and_case(
        (cases, harm) in prop::collection::vec(
            (0u32..=5).prop_flat_map(|k| (Just(k), 0..1u32 << k, 0..1u32 << k)),
            1..5,
        ).prop_flat_map(|cases| { let n = cases.len(); (Just(cases), harm(n)) })
    ) {
        let mut lines: Vec<Vec<u8>> =
            batch_lines(&cases).into_iter().map(String::into_bytes).collect();
        // (line number, case number) the message must name; case 0 means "no case".
        let (line, case) = match harm {
            Harm::Side(i, s) => { lines[2 * i + 1] = s.into(); (2 * i + 2, i + 1) }
            Harm::Special(i, s) => { lines[2 * i + 2] = s.into(); (2 * i + 3, i + 1) }
            Harm::OffBoard => {
                let side = 1u32 << cases[0].0;
                lines[2] = format!("{side} 0").into_bytes();
                (3, 1)
            }
            Harm::Count(s) => { lines[0] = s.into(); (1, 0) }
            Harm::CountTooHigh => {
                lines[0] = (cases.len() + 1).to_string().into_bytes();
                (0, cases.len() + 1)
            }
            Harm::Trailing(s) => { lines.push(s.into()); (lines.len(), 0) }
            Harm::NotUtf8(i) => { lines[2 * i + 1] = b"\xff\xfe4".to_vec(); (2 * i + 2, 0) }
        };
        let input = lines.join(&b"\n"[..]);
        let err = match parse_tromino_batch(&input) {
            Ok(parsed) => return Err(TestCaseError::fail(format!(
                "accepted {harm:?}: {:?} -> {} cases", String::from_utf8_lossy(&input), parsed.len()
            ))),
            Err(e) => e,
        };
        assert_batch_error(&err)?;
        let msg = err.to_string();
        if line > 0 {
            prop_assert!(msg.contains(&format!("line {line}")), "{harm:?}: {msg}");
        }
        if case > 0 {
            prop_assert!(msg.contains(&format!("case {case}")), "{harm:?}: {msg}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_SQUARE_ANY))]

    #[test]
    fn square_parser_survives_any_text(text in "\\PC{0,12}|[-+0-9, \t]{0,12}|.*") {
        match parse_square(&text) {
            Ok(sq) => {
                // Accepted text is exactly two unsigned numbers around one comma.
                let (r, c) = text.split_once(',').unwrap();
                prop_assert_eq!(r.trim().parse::<u32>().unwrap(), sq.row);
                prop_assert_eq!(c.trim().parse::<u32>().unwrap(), sq.col);
            }
            Err(e) => {
                prop_assert_eq!(e.invalid_kind(), Some(chessviz::InvalidKind::Square));
                let msg = e.to_string();
                assert_one_line(&msg)?;
                prop_assert!(
                    msg.contains("ROW,COL") || msg.contains("negative") || msg.contains("too large"),
                    "{}", msg
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES_SQUARE_ROUNDTRIP))]

    #[test]
    fn square_parser_round_trips_and_explains(
        r in any::<u32>(),
        c in any::<u32>(),
        pad in prop::sample::select(vec!["", " ", "\t", "  "]),
        plus in any::<bool>(),
        big in 4_294_967_296u64..u64::MAX,
    ) {
        let sign = if plus { "+" } else { "" };
        let text = format!("{pad}{sign}{r}{pad},{pad}{c}{pad}");
        prop_assert_eq!(parse_square(&text).unwrap(), Square::new(r, c));
        let e = parse_square(&format!("{r},-{c}")).unwrap_err().to_string();
        prop_assert!(e.contains("column") && e.contains("negative"), "{}", e);
        let e = parse_square(&format!("{big},{c}")).unwrap_err().to_string();
        prop_assert!(e.contains("row") && e.contains("too large"), "{}", e);
        let e = parse_square(&format!("{r}{pad}{c}")).unwrap_err().to_string();
        prop_assert!(e.contains("ROW,COL"), "{}", e);
    }
}

#[test]
fn oversized_batch_input_is_refused_before_parsing() {
    let input = vec![b' '; (16 << 20) + 1];
    let e = read_tromino_batch(&input[..]).unwrap_err();
    assert!(matches!(e, Error::TooLarge(_)), "{e}");
    assert!(e.to_string().contains("16 MiB"), "{e}");
    // Exactly at the limit is read (and then found empty).
    let e = read_tromino_batch(&input[1..]).unwrap_err().to_string();
    assert!(e.contains("number of cases"), "{e}");
}
