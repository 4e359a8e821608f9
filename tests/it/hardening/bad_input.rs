//! The command line against a table of bad inputs: each gets one `error: ...` line and exit status 2
//! (`bad_inputs_get_one_line_errors`; run it with `--nocapture` to print the table as Markdown), and
//! fonts that are not regular files or are too big, refused at once.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{entries, fails, ok, run};

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
        &["80192 x 80288", "268435456", "--cell 80 or less"],
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
