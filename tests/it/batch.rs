//! Batch output through the binary: `queens --all`, `--unique`, `--sheet`, and `gallery`.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use crate::common::{decode_png, entries, fails, ok, queen_cells, status};

fn names_in(dir: &Path) -> BTreeSet<String> {
    entries(dir).into_iter().collect()
}

/// The cells (row from the top, column) whose middle half is not one flat colour. The layout contract
/// keeps the middle half of an empty cell to its fill, so these are the cells holding a queen.
fn marked_cells(img: &image::RgbImage, n: u32, cell: u32) -> BTreeSet<(u32, u32)> {
    let mut marked = BTreeSet::new();
    for r in 0..n {
        for c in 0..n {
            let (x0, y0) = (c * cell + cell / 4, r * cell + cell / 4);
            let first = img.get_pixel(x0, y0);
            let flat = (y0..y0 + cell / 2)
                .all(|y| (x0..x0 + cell / 2).all(|x| img.get_pixel(x, y) == first));
            if !flat {
                marked.insert((r, c));
            }
        }
    }
    marked
}

#[test]
fn all_writes_one_png_per_solution_showing_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("new/solutions");
    let d = dir.to_str().unwrap();
    let out = status(&[
        "queens", "-n", "8", "--all", "-o", d, "--cell", "16", "--margin", "0",
    ]);
    assert!(
        out.starts_with(&format!("wrote 92 solutions of 8 queens to {d}/ in ")),
        "{out}"
    );
    assert!(
        out.trim_end().ends_with(" s") && out.lines().count() == 1,
        "{out}"
    );
    let expected: BTreeSet<String> = (1..=92).map(|i| format!("solution-{i:02}.png")).collect();
    assert_eq!(names_in(&dir), expected);

    let list = ok(&["queens", "-n", "8", "--list"]);
    let solutions: Vec<&str> = list.lines().collect();
    assert_eq!(solutions.len(), 92);
    for (i, notation) in solutions.iter().enumerate() {
        let img = decode_png(&dir.join(format!("solution-{:02}.png", i + 1)));
        assert_eq!(img.dimensions(), (128, 128));
        assert_eq!(
            marked_cells(&img, 8, 16),
            queen_cells(notation),
            "solution {}",
            i + 1
        );
    }
    // The first one by hand: 15863724 puts the queen of column a on the bottom row.
    let first = decode_png(&dir.join("solution-01.png"));
    assert!(marked_cells(&first, 8, 16).contains(&(7, 0)));
    assert!(!marked_cells(&first, 8, 16).contains(&(0, 0)));
}

#[test]
fn all_with_margin_has_caption_band_and_short_names_for_few_solutions() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().to_str().unwrap();
    let out = ok(&[
        "queens", "-n", "6", "--all", "-o", d, "--cell", "20", "--margin", "10", "--quiet",
    ]);
    assert_eq!(out, "");
    let expected: BTreeSet<String> = (1..=4).map(|i| format!("solution-{i}.png")).collect();
    assert_eq!(names_in(tmp.path()), expected);
    // 6 cells of 20, a margin of 10 on each side, and a caption band of the margin's height.
    let img = decode_png(&tmp.path().join("solution-1.png"));
    assert_eq!(img.dimensions(), (140, 150));
}

#[test]
fn all_unique_writes_the_fundamental_solutions() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().to_str().unwrap();
    let out = status(&[
        "queens", "-n", "8", "--all", "--unique", "-o", d, "--cell", "16", "--margin", "0",
    ]);
    assert!(
        out.starts_with("wrote 12 fundamental solutions of 8 queens"),
        "{out}"
    );
    let list = ok(&["queens", "-n", "8", "--list", "--unique"]);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 12);
    let expected: BTreeSet<String> = (1..=12).map(|i| format!("unique-{i:02}.png")).collect();
    assert_eq!(names_in(tmp.path()), expected);
    for (i, line) in lines.iter().enumerate() {
        let notation = line.split(' ').next().unwrap();
        let img = decode_png(&tmp.path().join(format!("unique-{:02}.png", i + 1)));
        assert_eq!(marked_cells(&img, 8, 16), queen_cells(notation), "{line}");
    }
}

#[test]
fn all_refuses_files_and_missing_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("taken");
    fs::write(&file, b"keep").unwrap();
    let e = fails(&["queens", "--all", "-o", file.to_str().unwrap()], b"");
    assert!(e.contains("not a folder"), "{e}");
    assert_eq!(fs::read(&file).unwrap(), b"keep");
    let e = fails(&["queens", "--all"], b"");
    assert!(e.contains("-o DIR"), "{e}");
    let png = tmp.path().join("out.png");
    let e = fails(&["queens", "--all", "-o", png.to_str().unwrap()], b"");
    assert!(e.contains("folder"), "{e}");
    assert!(!png.exists());
    // No solutions: nothing is created.
    let empty = tmp.path().join("none");
    fails(
        &["queens", "-n", "3", "--all", "-o", empty.to_str().unwrap()],
        b"",
    );
    assert!(!empty.exists());
    fails(
        &["queens", "-n", "21", "--all", "-o", empty.to_str().unwrap()],
        b"",
    );
}

/// Where a symmetry of a board with last index `m` sends the 0-based point (x, y).
type PointMap = fn(u32, u32, u32) -> (u32, u32);

/// The eight symmetries of a solution given as rows from the bottom (independent of the library).
fn images(rows: &[u32]) -> Vec<Vec<u32>> {
    let n = rows.len() as u32;
    let points: Vec<(u32, u32)> = rows
        .iter()
        .enumerate()
        .map(|(c, &r)| (c as u32, r - 1))
        .collect();
    let m = n - 1;
    let maps: [PointMap; 8] = [
        |_, x, y| (x, y),
        |m, x, y| (m - y, x),
        |m, x, y| (m - x, m - y),
        |m, x, y| (y, m - x),
        |m, x, y| (m - x, y),
        |m, x, y| (x, m - y),
        |_, x, y| (y, x),
        |m, x, y| (m - y, m - x),
    ];
    maps.iter()
        .map(|f| {
            let mut out = vec![0; n as usize];
            for &(x, y) in &points {
                let (nx, ny) = f(m, x, y);
                out[nx as usize] = ny + 1;
            }
            out
        })
        .collect()
}

fn parse_rows(notation: &str, n: u32) -> Vec<u32> {
    if n > 9 {
        notation.split(' ').map(|t| t.parse().unwrap()).collect()
    } else {
        notation.chars().map(|d| d.to_digit(10).unwrap()).collect()
    }
}

#[test]
fn unique_counts_and_lists_for_n_1_to_10() {
    let known = [1u64, 0, 0, 1, 2, 1, 6, 12, 46, 92];
    for (n, &expect) in (1u32..).zip(&known) {
        let ns = n.to_string();
        let count: u64 = ok(&["queens", "-n", &ns, "--count", "--unique"])
            .trim()
            .parse()
            .unwrap();
        assert_eq!(count, expect, "n = {n}");
        let all: BTreeSet<Vec<u32>> = ok(&["queens", "-n", &ns, "--list"])
            .lines()
            .map(|l| parse_rows(l, n))
            .collect();
        let list = ok(&["queens", "-n", &ns, "--list", "--unique"]);
        assert_eq!(list.lines().count() as u64, expect, "n = {n}");
        let mut covered = BTreeSet::new();
        let mut previous: Option<Vec<u32>> = None;
        for line in list.lines() {
            let (notation, size) = line.rsplit_once(' ').unwrap();
            let rows = parse_rows(notation, n);
            let class: BTreeSet<Vec<u32>> = images(&rows).into_iter().collect();
            assert!(all.contains(&rows), "n = {n}: {line} is not a solution");
            assert_eq!(
                class.first(),
                Some(&rows),
                "n = {n}: {line} is not first in its class"
            );
            assert_eq!(
                size.parse::<usize>().unwrap(),
                class.len(),
                "n = {n}: {line}"
            );
            assert!(
                previous.as_ref().is_none_or(|p| *p < rows),
                "n = {n}: order"
            );
            previous = Some(rows);
            covered.extend(class);
        }
        // The classes cover every solution exactly once.
        assert_eq!(covered, all, "n = {n}");
    }
    assert_eq!(
        ok(&["queens", "-n", "8", "--list", "--unique"])
            .lines()
            .next(),
        Some("15863724 8")
    );
    assert_eq!(ok(&["queens", "-n", "12", "--count", "--unique"]), "1787\n");
    assert_eq!(
        ok(&["queens", "-n", "8", "--unique", "--solution", "10"]),
        "35281746 4\n"
    );
    let e = fails(&["queens", "-n", "8", "--unique", "--solution", "13"], b"");
    assert!(e.contains("12 fundamental"), "{e}");
}

/// Runs of non-background pixels along a line that are as long as a framed board.
fn board_runs(line: impl Iterator<Item = image::Rgb<u8>>, bg: image::Rgb<u8>, board: u32) -> usize {
    let mut runs = 0;
    let mut len = 0;
    for p in line.chain(std::iter::once(bg)) {
        if p == bg {
            if (board..=board + 6).contains(&len) {
                runs += 1;
            }
            len = 0;
        } else {
            len += 1;
        }
    }
    runs
}

/// Boards across the widest row and down the first column of a sheet of `board`-pixel boards.
fn grid_of(img: &image::RgbImage, board: u32) -> (usize, usize) {
    let bg = *img.get_pixel(0, 0);
    let across = (0..img.height())
        .map(|y| board_runs((0..img.width()).map(|x| *img.get_pixel(x, y)), bg, board))
        .max()
        .unwrap();
    let down = (0..img.width())
        .map(|x| board_runs((0..img.height()).map(|y| *img.get_pixel(x, y)), bg, board))
        .max()
        .unwrap();
    (across, down)
}

#[test]
fn sheet_lays_boards_out_in_the_columns_asked_for() {
    let tmp = tempfile::tempdir().unwrap();
    let sheet = |name: &str, args: &[&str]| {
        let path = tmp.path().join(name);
        let p = path.to_str().unwrap();
        let mut all = vec!["queens", "--sheet", p, "--cell", "10"];
        all.extend_from_slice(args);
        let out = status(&all);
        assert!(out.starts_with("wrote a sheet of "), "{out}");
        decode_png(&path)
    };
    // n = 6: four solutions of 60 x 60 pixels.
    let row = sheet("row.png", &["-n", "6", "--columns", "4"]);
    assert_eq!(grid_of(&row, 60), (4, 1));
    let column = sheet("column.png", &["-n", "6", "--columns", "1"]);
    assert_eq!(grid_of(&column, 60), (1, 4));
    assert!(row.width() > 4 * 60 && row.width() < column.width() * 4);
    assert!(column.height() > 4 * 60);
    let three = sheet("three.png", &["-n", "6", "--columns", "3"]);
    assert_eq!(grid_of(&three, 60), (3, 2));
    // Automatic: near square.
    let auto = sheet("auto.png", &["-n", "6"]);
    assert_eq!(grid_of(&auto, 60), (2, 2));
    // The 12 fundamental solutions of 8 queens: 80-pixel boards in a near-square grid.
    let unique = sheet("unique.png", &["-n", "8", "--unique"]);
    assert_eq!(grid_of(&unique, 80), (4, 3));
    let ratio = unique.width() as f64 / unique.height() as f64;
    assert!((0.7..1.45).contains(&ratio), "{ratio}");

    let e = fails(
        &[
            "queens",
            "--sheet",
            tmp.path().join("s.gif").to_str().unwrap(),
        ],
        b"",
    );
    assert!(e.contains(".png"), "{e}");
    fails(&["queens", "--columns", "3"], b"");
}

#[test]
fn runs_are_byte_identical() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |name: &str| {
        let dir = tmp.path().join(name);
        let sheet = tmp.path().join(format!("{name}.png"));
        ok(&[
            "queens",
            "-n",
            "8",
            "--all",
            "-o",
            dir.to_str().unwrap(),
            "--sheet",
            sheet.to_str().unwrap(),
            "--cell",
            "12",
        ]);
        let mut files: Vec<(String, Vec<u8>)> = names_in(&dir)
            .into_iter()
            .map(|f| {
                let bytes = fs::read(dir.join(&f)).unwrap();
                (f, bytes)
            })
            .collect();
        files.push(("sheet".into(), fs::read(&sheet).unwrap()));
        files
    };
    let a = run("a");
    let b = run("b");
    assert_eq!(a.len(), 93);
    assert!(a == b, "two runs differ");
}

#[test]
fn gallery_writes_everything_it_lists() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gallery");
    let out = status(&["gallery", dir.to_str().unwrap(), "--cell", "12"]);
    let lines: Vec<&str> = out.lines().collect();
    let (last, items) = lines.split_last().unwrap();
    assert!(last.starts_with("wrote "), "{out}");
    assert_eq!(items.len(), 12, "{out}");
    let mut listed = BTreeSet::new();
    for line in items {
        let path = Path::new(line.split_whitespace().next().unwrap());
        assert!(path.starts_with(&dir), "{line}");
        listed.insert(path.file_name().unwrap().to_string_lossy().into_owned());
        if line.split_whitespace().next().unwrap().ends_with('/') {
            let names = names_in(path);
            assert_eq!(names.len(), 92, "{line}");
            assert!(line.contains("92 files"), "{line}");
            for name in &names {
                decode_png(&path.join(name));
            }
        } else {
            let bytes = fs::read(path).unwrap();
            let size: f64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
            assert!(size > 0.0 && !bytes.is_empty(), "{line}");
            if path.extension().is_some_and(|e| e == "svg") {
                // The vector figure is the PNG's drawing.
                let png = decode_png(&path.with_extension("png"));
                let svg = String::from_utf8(bytes).unwrap();
                crate::vector::assert_agrees(&format!("gallery-{line}"), &svg, &png);
            } else if path.extension().is_some_and(|e| e == "html") {
                // The player of the whole search, self-contained.
                let page = String::from_utf8(bytes).unwrap();
                assert!(
                    page.starts_with("<!DOCTYPE html>") && !page.contains("http"),
                    "{line}"
                );
                assert_eq!(crate::player::numbers(&page, "ms").len(), 4205, "{line}");
            } else {
                // Both raster formats decode (a GIF to its first frame).
                image::load_from_memory(&bytes).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
        }
    }
    // Nothing else is left in the folder (no temporary files).
    assert_eq!(names_in(&dir), listed);
    for name in [
        "tromino.png",
        "tromino.gif",
        "queens-sheet.png",
        "queens-search.html",
        "knight.gif",
        "tromino.svg",
        "queens.svg",
        "knight.svg",
    ] {
        assert!(listed.contains(name), "{name} missing: {out}");
    }
    assert_eq!(
        ok(&["gallery", dir.to_str().unwrap(), "--cell", "12", "-q"]),
        ""
    );
}

/// `queens --all` as SVG or PDF in `dir`, with `threads` worker threads.
fn vector_batch(dir: &Path, format: &str, threads: &str) -> Vec<(String, Vec<u8>)> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args([
            "queens", "-n", "8", "--cell", "16", "--all", "--format", format, "-q", "-o",
        ])
        .arg(dir)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    entries(dir)
        .into_iter()
        .map(|name| {
            let bytes = fs::read(dir.join(&name)).unwrap();
            (name, bytes)
        })
        .collect()
}

/// Every vector file of a batch is the same bytes whatever the number of threads and whichever
/// thread drew it (the shared symbols were once ordered by what a worker had drawn before), and
/// equals the `--solution I` figure written on its own.
#[test]
fn vector_batches_are_identical_at_any_thread_count() {
    let dir = crate::common::tempdir();
    for format in ["svg", "pdf"] {
        let one = vector_batch(&dir.path().join(format!("{format}-1")), format, "1");
        assert_eq!(one.len(), 92);
        for (run, threads) in [(2, "8"), (3, "8"), (4, "3")] {
            let many = vector_batch(&dir.path().join(format!("{format}-{run}")), format, threads);
            let differing: Vec<&str> = one
                .iter()
                .zip(&many)
                .filter(|(a, b)| a != b)
                .map(|(a, _)| a.0.as_str())
                .collect();
            assert!(
                differing.is_empty(),
                "{format} with {threads} threads: {differing:?} differ"
            );
        }
        let single = dir.path().join(format!("solution-17.{format}"));
        ok(&[
            "queens",
            "-n",
            "8",
            "--cell",
            "16",
            "--solution",
            "17",
            "-q",
            "-o",
            single.to_str().unwrap(),
        ]);
        let name = &one[16].0;
        assert_eq!(
            fs::read(&single).unwrap(),
            one[16].1,
            "{name} differs from --solution 17"
        );
    }
}
