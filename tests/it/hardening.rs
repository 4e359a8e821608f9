//! Hostile input, resource limits and output safety.
//!
//! - Property tests of the parsers (the tromino batch format, `ROW,COL` squares) on arbitrary bytes,
//!   token soup, valid input in harmless disguises and valid input with one harmful change.
//! - The command line against a table of bad inputs: each gets one `error: ...` line and exit status 2
//!   (`bad_inputs_get_one_line_errors`; run it with `--nocapture` to print the table as Markdown).
//! - Limits: pictures over the canvas or GIF limits are refused before any work, searches stop at
//!   their budgets, animations at `--max-frames`.
//! - Output: every file is written atomically. Tests run as root, so a read-only folder made with
//!   chmod would not stop the writes; failures are provoked instead by `/proc` (no files can be
//!   created there, even by root), `/sys` (no new files even for root), a missing folder, a
//!   folder or a file where a folder is expected, `/dev/full` or a closed descriptor as standard
//!   output, and a file-size limit (`ulimit -f`) that makes a write fail half-way.
//! - What `-o` names: a file's mode and owner are kept, a symbolic link is written through, named
//!   pipes, devices and `/dev/stdout` are written directly; fonts that are not regular files or are
//!   too big are refused at once; a gallery too large is refused before its first file.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use proptest::prelude::*;

use crate::common::{fails, ok, run};
use chessviz::internals::text::{parse_square, parse_tromino_batch, read_tromino_batch};
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
                prop_assert!(matches!(e, Error::Invalid(_)));
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

// ---- The command line against bad input -----------------------------------------------------------

/// A scratch folder with font files for the `--font` cases.
struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    fn new() -> Scratch {
        let dir = tempfile::tempdir().unwrap();
        let font = fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans.ttf"))
            .expect("bundled font");
        fs::write(dir.path().join("empty.ttf"), b"").unwrap();
        // Deterministic noise: a linear congruential sequence.
        let mut x = 12345u32;
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (x >> 16) as u8
            })
            .collect();
        fs::write(dir.path().join("noise.ttf"), noise).unwrap();
        fs::write(dir.path().join("truncated.ttf"), &font[..font.len() / 3]).unwrap();
        // A valid header with its tables cut off early.
        fs::write(dir.path().join("header-only.ttf"), &font[..64]).unwrap();
        fs::create_dir(dir.path().join("folder.ttf")).unwrap();
        fs::write(dir.path().join("file"), b"not a folder").unwrap();
        Scratch { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).to_string_lossy().into_owned()
    }
}

/// (arguments, standard input, words the message must contain). `{dir}` is the scratch folder.
const BAD_INPUTS: &[(&str, &str, &[&str])] = &[
    (
        "tromino --cell 0 -o {dir}/a.png",
        "",
        &["--cell", "1..=1024"],
    ),
    (
        "tromino --cell 99999999999 -o {dir}/a.png",
        "",
        &["--cell", "1..=1024"],
    ),
    ("tromino --cell -5 -o {dir}/a.png", "", &["--cell", "-5"]),
    (
        "tromino --margin 5000 -o {dir}/a.png",
        "",
        &["--margin", "0..=1024"],
    ),
    ("knight --size -3", "", &["--size", "-3", "1..=10000"]),
    ("knight --size 0", "", &["--size", "1..=10000"]),
    ("knight --size 3", "", &["3 x 3"]),
    ("knight --size 4", "", &["4 x 4"]),
    ("knight --rows 5", "", &["--cols"]),
    ("knight --size 5 --start 0,1", "", &["0,1"]),
    ("knight --size 8 --start 8,8", "", &["outside"]),
    ("knight --max-retreats -1", "", &["--max-retreats"]),
    ("tromino -k 99", "", &["99", "0..=15"]),
    ("tromino -k -1", "", &["-1", "0..=15"]),
    ("tromino -k 3 --special 8,0", "", &["outside"]),
    ("tromino --special 1,", "", &["column", "not a number"]),
    ("tromino --special ,1", "", &["row", "not a number"]),
    ("tromino --special 12", "", &["ROW,COL"]),
    ("tromino --special 1,2,3", "", &["not a number"]),
    ("tromino --special -1,2", "", &["negative"]),
    ("tromino --special 1,99999999999", "", &["too large"]),
    ("tromino --special x,y", "", &["not a number"]),
    ("queens -n 0", "", &["1..=32"]),
    ("queens -n 33", "", &["1..=32"]),
    ("queens -n 8 --solution 0", "", &["--solution"]),
    ("queens -n 8 --solution 93", "", &["out of range", "92"]),
    ("queens -n 8 --every 0 -o {dir}/q.gif", "", &["--every"]),
    (
        "queens -n 8 --max-frames 0 -o {dir}/q.gif",
        "",
        &["--max-frames", "at least 1"],
    ),
    ("queens -n 8 --loop 0 -o {dir}/q.gif", "", &["--loop"]),
    ("queens -n 8 --delay -10 -o {dir}/q.gif", "", &["--delay"]),
    (
        "queens --theme neon -o {dir}/q.png",
        "",
        &["neon", "default"],
    ),
    ("queens --list --count", "", &["cannot be used with"]),
    ("tromino -o {dir}/x.jpg", "", &["format", ".png"]),
    ("tromino -o {dir}/noext", "", &["format"]),
    ("nonsense", "", &["nonsense"]),
    (
        "queens --font {dir}/empty.ttf -o {dir}/q.png",
        "",
        &["not a usable"],
    ),
    (
        "queens --font {dir}/noise.ttf -o {dir}/q.png",
        "",
        &["not a usable"],
    ),
    (
        "queens --font {dir}/truncated.ttf -o {dir}/q.png",
        "",
        &["not a usable"],
    ),
    (
        "queens --font {dir}/header-only.ttf -o {dir}/q.png",
        "",
        &["not a usable"],
    ),
    (
        "queens --font /dev/zero -o {dir}/q.png",
        "",
        &["/dev/zero is a special file", "not a font file"],
    ),
    (
        "queens --font {dir}/folder.ttf -o {dir}/q.png",
        "",
        &["folder.ttf is a folder, not a font file"],
    ),
    (
        "queens --font {dir}/missing.ttf -o {dir}/q.png",
        "",
        // Ours: the file named with its path; the reason after it is the system's wording.
        &["/missing.ttf: "],
    ),
    ("tromino --batch", "", &["number of cases"]),
    (
        "tromino --batch",
        "2\n2\n0 0\n6\n1 1\n",
        &["case 2", "line 4", "power of two"],
    ),
    (
        "tromino --batch",
        "1\n4611686018427387904\n0 0\n",
        &["case 1", "line 2"],
    ),
    ("tromino --batch", "1\n-4\n0 0\n", &["case 1", "line 2"]),
    (
        "tromino --batch",
        "1\n4\n4 0\n",
        &["case 1", "line 3", "outside"],
    ),
    (
        "tromino --batch",
        "1\n4\n1 x\n",
        &["case 1", "line 3, column 3", "two numbers", "'x'"],
    ),
    (
        "tromino --batch",
        "1\n4\n1\n",
        &["ends before the special square's y of case 1"],
    ),
    (
        "tromino --batch",
        "3 32768 0 0 32768 1 1 32768 2 2 32768 3 3 32768 4 4 32768 5 5 32768 6 6",
        &["unexpected text", "line 1, column 33"],
    ),
    (
        "tromino --batch",
        "7 32768 0 0 32768 1 1 32768 2 2 32768 3 3 32768 4 4 32768 5 5 32768 6 6",
        &["7 cases would print 72.8 GB", "limit of 64 GiB"],
    ),
    ("tromino --batch", "2\n2\n0 0\n", &["case 2"]),
    (
        "tromino --batch",
        "1\n2\n0 0\nextra\n",
        &["line 4", "after the 1 case the"],
    ),
    ("tromino --batch", "100001\n", &["line 1", "100000"]),
    (
        "tromino --batch",
        "1\n\u{1b}[2J\n0 0\n",
        &["line 2", "\\u{1b}"],
    ),
    ("tromino --batch -o {dir}/b.png", "", &["--batch", ".txt"]),
    (
        "tromino -k 15 -o {dir}/t.png",
        "",
        &["too large", "smaller cell"],
    ),
    (
        "tromino -k 11 --numbers -o {dir}/t.png",
        "",
        &["k = 10", "--numbers"],
    ),
    ("tromino -k 11 --cell 1 -o {dir}/t.gif", "", &["k = 10"]),
    (
        "knight --size 200 --cell 400 -o {dir}/x.gif",
        "",
        &["80192 x 80192", "268435456", "--cell 80 or less"],
    ),
    (
        "knight --size 200 --cell 400 -o {dir}/x.png",
        "",
        &["268435456", "--cell 80 or less"],
    ),
    (
        "knight --size 10000 -o {dir}/x.png",
        "",
        &["268435456", "--cell 1 or a smaller board"],
    ),
    (
        "knight --rows 5 --cols 7000 --cell 10 -o {dir}/x.gif",
        "",
        &["65535", "--cell 9 or less"],
    ),
    (
        "knight --size 7 --start 1,1 --max-retreats 2",
        "",
        &["within 2 retreats"],
    ),
    ("queens -o {dir}/nope/q.png", "", &["does not exist"]),
    ("queens -o {dir}/file/q.png", "", &["not a folder"]),
    ("queens -o {dir}/folder.ttf/", "", &["format"]),
    (
        "queens -o /proc/chessviz-test.png",
        "",
        &["/proc", "cannot create a file"],
    ),
    (
        "queens --list -o /sys/chessviz-test.txt",
        "",
        &["/sys/chessviz-test.txt: cannot create a file in '/sys'"],
    ),
];

fn expand(template: &str, scratch: &Scratch) -> Vec<String> {
    let dir = scratch.path("");
    let dir = dir.trim_end_matches('/');
    template
        .split(' ')
        .map(|w| w.replace("{dir}", dir))
        .collect()
}

#[test]
fn bad_inputs_get_one_line_errors() {
    let scratch = Scratch::new();
    let mut table = String::from("| input | message | exit |\n|---|---|---|\n");
    for (template, stdin, words) in BAD_INPUTS {
        let args = expand(template, &scratch);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = fails(&args, stdin.as_bytes());
        for w in *words {
            assert!(err.contains(w), "chessviz {template}: '{w}' not in {err}");
        }
        let input = if stdin.is_empty() {
            format!("`chessviz {template}`")
        } else {
            format!("`chessviz {template}` < `{}`", stdin.escape_default())
        };
        let shown = err
            .trim_end()
            .replace(scratch.path("").trim_end_matches('/'), "DIR");
        table.push_str(&format!("| {input} | `{shown}` | 2 |\n"));
    }
    // Nothing was left behind: no output, no temporary file.
    let mut left: Vec<String> = fs::read_dir(scratch.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            "empty.ttf",
            "file",
            "folder.ttf",
            "header-only.ttf",
            "noise.ttf",
            "truncated.ttf"
        ]
    );
    println!("{table}");
}

#[test]
fn non_utf8_arguments_get_one_line_errors() {
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .arg("tromino")
        .arg("--special")
        .arg(std::ffi::OsStr::from_bytes(b"\xff,1"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: ") && err.trim_end().lines().count() == 1,
        "{err}"
    );
}

#[test]
fn accepted_oddities_are_what_the_seed_would_accept() {
    // A leading '+' and tabs are read as C's scanf reads them.
    let out = run(&["tromino", "--batch"], b"+1\r\n\t+4\r\n+1\t+2\r\n");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "CASE:1\n{}",
            ok(&["tromino", "-k", "2", "--special", "1,2"])
        )
    );
    assert_eq!(
        ok(&["tromino", "-k", "2", "--special", " +1 , 2 "]),
        ok(&["tromino", "-k", "2", "--special", "1,2"])
    );
    // A count of zero is an empty batch.
    assert_eq!(ok_stdin(&["tromino", "--batch"], b"0\n"), "");
}

fn ok_stdin(args: &[&str], stdin: &[u8]) -> String {
    let out = run(args, stdin);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn oversized_batch_on_standard_input_is_refused() {
    let input = vec![b'\n'; (16 << 20) + 10];
    let e = fails(&["tromino", "--batch"], &input);
    assert!(e.contains("16 MiB"), "{e}");
}

// ---- Budgets ---------------------------------------------------------------------------------------

#[test]
fn retreat_budget_stops_the_search_and_a_larger_one_finishes_it() {
    // 7 x 7 from 1,1 needs backtracking; the trace says how much.
    let board = ["knight", "--size", "7", "--start", "1,1"];
    let needed = ok(&[&board[..], &["--trace"]].concat())
        .lines()
        .filter(|l| l.contains(": retreat "))
        .count();
    assert!(needed > 5, "the test needs a start square that backtracks");
    let short = (needed - 1).to_string();
    let e = fails(&[&board[..], &["--max-retreats", &short]].concat(), b"");
    assert!(
        e.contains(&format!("within {short} retreats")) && e.contains("retreat budget"),
        "{e}"
    );
    let enough = needed.to_string();
    let text = ok(&[&board[..], &["--max-retreats", &enough]].concat());
    let mut steps: Vec<u32> = text
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    steps.sort_unstable();
    assert_eq!(steps, (1..=49).collect::<Vec<_>>());
    // The trace stops at the budget too, with the error after the events it made.
    let out = run(
        &[
            "knight",
            "--size",
            "7",
            "--start",
            "1,1",
            "--max-retreats",
            "5",
            "--trace",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let trace = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        trace.lines().filter(|l| l.contains(": retreat ")).count(),
        5
    );
}

fn gif_frames(path: &Path) -> usize {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(fs::File::open(path).unwrap()).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    frames
}

#[test]
fn max_frames_and_every_bound_the_animation() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
    ok(&["queens", "-n", "6", "--cell", "8", "-o", &path("all.gif")]);
    ok(&[
        "queens",
        "-n",
        "6",
        "--cell",
        "8",
        "--max-frames",
        "7",
        "-o",
        &path("cut.gif"),
    ]);
    ok(&[
        "queens",
        "-n",
        "6",
        "--cell",
        "8",
        "--every",
        "10",
        "-o",
        &path("every.gif"),
    ]);
    let all = gif_frames(Path::new(&path("all.gif")));
    let cut = gif_frames(Path::new(&path("cut.gif")));
    let every = gif_frames(Path::new(&path("every.gif")));
    // 6 queens: 149 placements, 149 removals, 4 solutions, plus the empty board.
    assert!(all > 250, "{all}");
    assert!((1..=7).contains(&cut), "{cut}");
    assert!(every < all / 5 && every >= 4, "{every} of {all}");
}

/// The frame cap itself (200 000 frames) takes about 12 s in a debug build, so it is checked on a
/// lowered cap by the unit tests of `animate` and here only on request.
#[test]
#[ignore = "slow in debug builds (about 12 s): cargo test --test hardening -- --ignored"]
fn frame_limit_stops_a_huge_animation() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("big.gif");
    let e = fails(
        &[
            "queens",
            "-n",
            "11",
            "--cell",
            "1",
            "--margin",
            "0",
            "-q",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert!(e.contains("200000 frames") && e.contains("--every"), "{e}");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

// ---- Output safety ---------------------------------------------------------------------------------

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_failed_run_leaves_the_existing_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.png");
    let good_s = good.to_str().unwrap();
    ok(&["queens", "-n", "8", "--cell", "12", "-o", good_s]);
    let before = fs::read(&good).unwrap();
    // Fails after parsing, when the solution is looked up.
    let e = fails(
        &["queens", "-n", "8", "--solution", "999", "-o", good_s],
        b"",
    );
    assert!(e.contains("92"), "{e}");
    // Fails on a bad font.
    fails(&["queens", "-n", "8", "--font", good_s, "-o", good_s], b"");
    assert_eq!(fs::read(&good).unwrap(), before);
    assert_eq!(entries(dir.path()), ["good.png"]);
}

/// Runs chessviz with a 512-byte file-size limit (SIGXFSZ ignored, so the write fails with EFBIG
/// instead of killing the process): the write breaks off half-way.
fn run_with_file_size_limit(args: &[&str]) -> std::process::Output {
    let mut script = String::from("trap '' XFSZ; ulimit -f 1; exec \"$0\"");
    for i in 0..args.len() {
        script.push_str(&format!(" \"${}\"", i + 1));
    }
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_write_failing_half_way_keeps_the_old_file_and_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    // What each message says of its own (the reason after it is the system's wording).
    for (name, extra, ours) in [
        ("good.gif", &["--cell", "12"][..], "cannot write the GIF"),
        ("good.png", &["--cell", "12"][..], "writing the PNG failed"),
        ("good.txt", &["--list"][..], "good.txt: "),
    ] {
        let path = dir.path().join(name);
        let p = path.to_str().unwrap();
        let mut args = vec!["queens", "-n", "8", "-o", p];
        args.extend_from_slice(extra);
        ok(&args);
        let before = fs::read(&path).unwrap();
        assert!(before.len() > 512, "{name} must outgrow the limit");
        let out = run_with_file_size_limit(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.starts_with("error: ") && err.trim_end().lines().count() == 1,
            "{err}"
        );
        assert!(err.contains(ours), "{err}");
        assert_eq!(fs::read(&path).unwrap(), before, "{name} changed");
    }
    assert_eq!(entries(dir.path()), ["good.gif", "good.png", "good.txt"]);
}

#[test]
fn full_standard_output_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(["queens", "-n", "8", "--list"])
        .stdin(Stdio::null())
        .stdout(
            fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: standard output: "), "{err}");
}

#[test]
fn a_symlink_at_the_destination_is_written_through_to_its_target() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = |n: &str| -> PathBuf { dir.path().join(n) };
    fs::create_dir(d("real")).unwrap();
    fs::write(d("real/target.txt"), b"old").unwrap();
    symlink("real/target.txt", d("link.txt")).unwrap();
    ok(&[
        "queens",
        "-n",
        "6",
        "--list",
        "-o",
        d("link.txt").to_str().unwrap(),
    ]);
    // The link stays a link; the file it leads to has the new contents.
    assert!(fs::symlink_metadata(d("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_to_string(d("real/target.txt")).unwrap(),
        "246135\n362514\n415263\n531642\n"
    );
    assert_eq!(entries(dir.path()), ["link.txt", "real"]);
    assert_eq!(entries(&d("real")), ["target.txt"]);
    // A link to /dev/full is written through, so the run fails, and the link is not replaced.
    symlink("/dev/full", d("full.txt")).unwrap();
    let e = fails(
        &[
            "queens",
            "-n",
            "4",
            "--list",
            "-o",
            d("full.txt").to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        e.starts_with(&format!("error: {}: ", d("full.txt").display())),
        "{e}"
    );
    assert_eq!(
        fs::read_link(d("full.txt")).unwrap(),
        Path::new("/dev/full")
    );
    // A link to nothing is refused and left as it is.
    symlink("nowhere/q.txt", d("dangling.txt")).unwrap();
    let e = fails(
        &[
            "queens",
            "--list",
            "-o",
            d("dangling.txt").to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        e.contains("cannot write")
            && e.contains("symbolic link to 'nowhere/q.txt', which does not exist"),
        "{e}"
    );
    assert_eq!(
        fs::read_link(d("dangling.txt")).unwrap(),
        Path::new("nowhere/q.txt")
    );
    assert_eq!(
        entries(dir.path()),
        ["dangling.txt", "full.txt", "link.txt", "real"]
    );
}

#[test]
fn a_rewritten_file_keeps_its_mode_and_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    for (name, extra) in [("q.txt", &["--list"][..]), ("q.png", &["--cell", "8"][..])] {
        let path = dir.path().join(name);
        fs::write(&path, b"private").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        let p = path.to_str().unwrap();
        ok(&[&["queens", "-n", "6", "-o", p][..], extra].concat());
        let m = fs::metadata(&path).unwrap();
        assert_eq!(m.permissions().mode() & 0o7777, 0o600, "{name}");
        assert_ne!(fs::read(&path).unwrap(), b"private");
    }
    // A group-writable file stays so (the umask does not apply to a mode taken over).
    let shared = dir.path().join("shared.txt");
    fs::write(&shared, b"x").unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o664)).unwrap();
    ok(&[
        "queens",
        "-n",
        "6",
        "--list",
        "-o",
        shared.to_str().unwrap(),
    ]);
    assert_eq!(fs::metadata(&shared).unwrap().mode() & 0o7777, 0o664);
    // A new file is readable by others, as usual (not the temporary file's 0600).
    let new = dir.path().join("new.txt");
    ok(&["queens", "-n", "6", "--list", "-o", new.to_str().unwrap()]);
    assert_eq!(fs::metadata(&new).unwrap().mode() & 0o077, 0o044 & !umask());
    // The owner and group are kept where the run may give the file away (as root, as the tests run).
    let owned = dir.path().join("owned.txt");
    fs::write(&owned, b"x").unwrap();
    if std::os::unix::fs::chown(&owned, Some(4321), Some(4322)).is_ok() {
        ok(&["queens", "-n", "6", "--list", "-o", owned.to_str().unwrap()]);
        let m = fs::metadata(&owned).unwrap();
        assert_eq!((m.uid(), m.gid()), (4321, 4322));
    }
    assert_eq!(
        entries(dir.path()),
        ["new.txt", "owned.txt", "q.png", "q.txt", "shared.txt"]
    );
}

/// The process's umask (read from /proc, without changing it).
fn umask() -> u32 {
    let status = fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Umask:"))
        .map(|m| u32::from_str_radix(m.trim(), 8).unwrap())
        .unwrap_or(0o022)
}

#[test]
fn named_pipes_and_devices_are_written_directly() {
    let dir = tempfile::tempdir().unwrap();
    // A named pipe: its reader gets the output, and it stays a pipe.
    for (name, extra) in [
        ("pipe", &["--list"][..]),
        ("pipe.png", &["--cell", "8"][..]),
    ] {
        let fifo = dir.path().join(name);
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        let p = fifo.to_str().unwrap();
        let out = run(&[&["queens", "-n", "6", "-o", p][..], extra].concat(), b"");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = reader.join().unwrap();
        if name == "pipe" {
            // No extension: text, as for standard output.
            assert_eq!(got, b"246135\n362514\n415263\n531642\n");
        } else {
            let img = image::load_from_memory(&got).unwrap();
            assert_eq!(img.width() % 8, 0);
        }
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    }
    // /dev/null: written, never replaced by a regular file.
    ok(&["queens", "-n", "6", "--list", "-o", "/dev/null"]);
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    assert_eq!(entries(dir.path()), ["pipe", "pipe.png"]);
}

#[test]
fn dev_stdout_as_output_is_standard_output() {
    // Piped.
    assert_eq!(
        ok(&["queens", "-n", "6", "--list", "-o", "/dev/stdout"]),
        "246135\n362514\n415263\n531642\n"
    );
    // Redirected with >> to a file: appended, the file's earlier contents kept (replacing the file
    // that /dev/stdout leads to would throw them away).
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.txt");
    fs::write(&log, b"earlier\n").unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(["queens", "-n", "4", "--list", "-o", "/dev/stdout"])
        .stdin(Stdio::null())
        .stdout(fs::OpenOptions::new().append(true).open(&log).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(fs::read_to_string(&log).unwrap(), "earlier\n2413\n3142\n");
    assert_eq!(entries(dir.path()), ["log.txt"]);
}

/// Runs `script` with `sh -c`, `$0` being chessviz; returns its output.
fn run_shell(script: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn standard_output_that_cannot_be_written_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let all = format!(
        "\"$0\" queens -n 4 --all -o '{}' > /dev/full",
        dir.path().display()
    );
    for script in [
        "\"$0\" --help > /dev/full",
        "\"$0\" --version > /dev/full",
        "\"$0\" --help >&-",
        "\"$0\" queens --count >&-",
        "\"$0\" queens -n 4 --list >&-",
        // The summary after the files are written.
        &all,
    ] {
        let out = run_shell(script);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{script}: {err}");
        assert!(
            err.starts_with("error: standard output: ") && err.trim_end().lines().count() == 1,
            "{script}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // Standard output redirected to /dev/null is fine.
    let out = run_shell("\"$0\" queens --count > /dev/null");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_file_size_limit_fails_the_write_with_a_message() {
    // Without SIGXFSZ ignored by the caller: chessviz ignores it itself, so the write fails with
    // EFBIG, the temporary file is removed and the old file kept.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.gif");
    fs::write(&path, b"the previous animation").unwrap();
    let out = run_shell(&format!(
        "ulimit -f 50; exec \"$0\" queens -n 8 -q -o '{}'",
        path.display()
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: encoding failed: cannot write the GIF: "),
        "{err}"
    );
    assert_eq!(fs::read(&path).unwrap(), b"the previous animation");
    assert_eq!(entries(dir.path()), ["q.gif"]);
}

#[test]
fn fonts_that_are_not_regular_files_or_too_big_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.ttf");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    // Sparse: 65 MiB without taking the space.
    let big = dir.path().join("big.ttf");
    fs::File::create(&big).unwrap().set_len(65 << 20).unwrap();
    let out_png = dir.path().join("q.png");
    for (font, words) in [
        ("/dev/zero".to_string(), &["special file"][..]),
        ("/dev/urandom".to_string(), &["special file"][..]),
        (
            fifo.display().to_string(),
            &["pipe.ttf", "special file"][..],
        ),
        (big.display().to_string(), &["65.0 MiB", "64 MiB"][..]),
    ] {
        // Reading /dev/zero or the pipe would never end: the guard turns that into a failure.
        let out = crate::common::run_guarded(&[
            "queens",
            "--font",
            &font,
            "-o",
            out_png.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        for w in words {
            assert!(err.contains(w), "--font {font}: {err}");
        }
    }
    assert_eq!(entries(dir.path()), ["big.ttf", "pipe.ttf"]);
}

#[test]
fn a_gallery_too_large_is_refused_before_any_file_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gallery");
    let e = fails(&["gallery", dir.to_str().unwrap(), "--cell", "1024"], b"");
    assert!(e.contains("sheet of 92 boards"), "{e}");
    assert!(!dir.exists(), "the folder was created");
    // An existing folder stays empty.
    fs::create_dir(&dir).unwrap();
    fails(&["gallery", dir.to_str().unwrap(), "--cell", "300"], b"");
    assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
}

#[test]
fn a_file_name_too_long_keeps_the_usual_lead() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{}.png", "a".repeat(252)));
    let e = fails(&["queens", "-o", path.to_str().unwrap()], b"");
    assert!(
        e.starts_with(&format!("error: cannot write '{}': ", path.display())),
        "{e}"
    );
    assert!(entries(dir.path()).is_empty());
}

#[test]
fn unwritable_places_are_refused_without_leftovers() {
    // /proc and /sys refuse new files even to root.
    for (path, words) in [
        ("/proc/chessviz-test.txt", ["/proc", "cannot create a file"]),
        (
            "/sys/chessviz-test.txt",
            ["/sys/chessviz-test.txt: ", "cannot create a file in '/sys'"],
        ),
    ] {
        let e = fails(&["queens", "-n", "4", "--list", "-o", path], b"");
        for w in words {
            assert!(e.contains(w), "{e}");
        }
        assert!(!Path::new(path).exists());
    }
    let dir = tempfile::tempdir().unwrap();
    let d = |n: &str| -> PathBuf { dir.path().join(n) };
    fs::create_dir(d("taken.png")).unwrap();
    let e = fails(&["queens", "-o", d("taken.png").to_str().unwrap()], b"");
    assert!(e.contains("is a folder"), "{e}");
    let e = fails(&["queens", "-o", d("missing/q.png").to_str().unwrap()], b"");
    assert!(e.contains("does not exist"), "{e}");
    assert_eq!(entries(dir.path()), ["taken.png"]);
    assert!(entries(&d("taken.png")).is_empty());
}
