//! Positions given by hand and the explaining animations: `queens --queens` (each solution equals
//! its `--solution` still; attacking pairs marked exactly), `knight --path`/`--path-file` (round
//! trips of found tours, checked paths), `--show`/`--piece`, closed tours, dead ends, captions that
//! are true of every state of the queens search, and `describe()`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use image::{Rgb, RgbImage};

use crate::common::{decode_png, fails, ok};
use chessviz::knight::{KnightAdapter, KnightEvent, KnightProblem, KnightShow, KnightStyle};
use chessviz::queens::{self, QueensAdapter, QueensEvent, QueensPosition, QueensStyle};
use chessviz::text::{parse_knight_path, parse_queens_position};
use chessviz::{draw, scene_after, Adapter, Emphasis, Marker, PathStyle, Scene, Square, Style};

fn failure_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/positions-failures")
}

/// `None` when the two images agree pixel for pixel; otherwise a description, after writing the
/// actual image and a diff (changed pixels red over a faded copy of the expected one).
fn differ(name: &str, expected: &RgbImage, actual: &RgbImage) -> Option<String> {
    if expected.dimensions() == actual.dimensions() && expected == actual {
        return None;
    }
    std::fs::create_dir_all(failure_dir()).unwrap();
    let actual_path = failure_dir().join(format!("{name}.actual.png"));
    actual.save(&actual_path).unwrap();
    if expected.dimensions() != actual.dimensions() {
        return Some(format!(
            "{name}: size {:?}, expected {:?} (actual: {})",
            actual.dimensions(),
            expected.dimensions(),
            actual_path.display()
        ));
    }
    let mut n = 0;
    let diff = RgbImage::from_fn(expected.width(), expected.height(), |x, y| {
        let (e, a) = (expected.get_pixel(x, y), actual.get_pixel(x, y));
        if e == a {
            let fade = |c: u8| 255 - (255 - c) / 4;
            Rgb([fade(e[0]), fade(e[1]), fade(e[2])])
        } else {
            n += 1;
            Rgb([230, 0, 0])
        }
    });
    let diff_path = failure_dir().join(format!("{name}.diff.png"));
    diff.save(&diff_path).unwrap();
    Some(format!(
        "{name}: {n} pixels differ (actual: {}, diff: {})",
        actual_path.display(),
        diff_path.display()
    ))
}

fn rgb(still: chessviz::Still) -> RgbImage {
    image::DynamicImage::ImageRgba8(still.to_rgba()).to_rgb8()
}

fn assert_none(failures: Vec<String>) {
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Queens placements

#[test]
fn each_of_the_92_placements_equals_its_solution_still() {
    let style = Style::new(16);
    let look = QueensStyle::default();
    let mut failures = Vec::new();
    let solutions: Vec<_> = queens::solutions(8).unwrap().collect();
    assert_eq!(solutions.len(), 92);
    for (i, solution) in solutions.iter().enumerate() {
        let index = i as u64 + 1;
        let position = parse_queens_position(&solution.to_string(), 8).unwrap();
        let (scene, hints) = queens::position_scene(&position, look).unwrap();
        assert_eq!(
            scene.caption(),
            Some(format!("Solution {index} of 92").as_str())
        );
        let placed = rgb(draw(&scene, hints, &style).unwrap());
        let still = rgb(queens::still(solution, look, &style).unwrap());
        failures.extend(differ(&format!("queens-{index}"), &still, &placed));
    }
    assert_none(failures);
}

#[test]
fn placements_through_the_command_equal_solution_stills() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (index, notation) in [("1", "15863724"), ("92", "84136275"), ("37", "")] {
        let solution = dir.path().join(format!("s{index}.png"));
        let solution = solution.to_str().unwrap();
        ok(&[
            "queens",
            "--solution",
            index,
            "--cell",
            "20",
            "-q",
            "-o",
            solution,
        ]);
        let notation = if notation.is_empty() {
            ok(&["queens", "--solution", index]).trim().to_string()
        } else {
            notation.to_string()
        };
        let placed = dir.path().join(format!("p{index}.png"));
        let placed = placed.to_str().unwrap();
        ok(&[
            "queens", "--queens", &notation, "--cell", "20", "-q", "-o", placed,
        ]);
        failures.extend(differ(
            &format!("cli-queens-{index}"),
            &decode_png(Path::new(solution)),
            &decode_png(Path::new(placed)),
        ));
    }
    assert_none(failures);
}

/// A small deterministic generator (no dependency): positions with empty columns and clashes.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % u64::from(below)) as u32
    }
}

#[test]
fn attacking_pairs_are_marked_exactly() {
    let mut lcg = Lcg(11);
    let look = QueensStyle {
        attacks: true,
        ..QueensStyle::default()
    };
    let mut clashes = 0;
    for trial in 0..300 {
        let n = 4 + lcg.next(9);
        // Rows 0..=n, 0 = an empty column, about one column in four empty.
        let rows: Vec<u32> = (0..n)
            .map(|_| if lcg.next(4) == 0 { 0 } else { 1 + lcg.next(n) })
            .collect();
        let text = rows
            .iter()
            .map(|&r| {
                if r == 0 {
                    "-".to_string()
                } else {
                    r.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        let position = parse_queens_position(&text, n).unwrap();
        assert_eq!(position.rows(), &rows[..], "{text}");
        // Independently: queens as (board row from the top, column), pairs on a line.
        let queens: Vec<Square> = rows
            .iter()
            .enumerate()
            .filter(|(_, &r)| r != 0)
            .map(|(c, &r)| Square::new(n - r, c as u32))
            .collect();
        let mut pairs = BTreeSet::new();
        for (i, a) in queens.iter().enumerate() {
            for b in &queens[i + 1..] {
                let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
                if dr == 0 || dr == dc {
                    pairs.insert((*a.min(b), *a.max(b)));
                }
            }
        }
        clashes += pairs.len();
        let (scene, _) = queens::position_scene(&position, look).unwrap();
        let links: BTreeSet<(Square, Square)> = scene
            .links()
            .iter()
            .map(|l| (l.a.min(l.b), l.a.max(l.b)))
            .collect();
        assert_eq!(links, pairs, "trial {trial}: {text}");
        assert_eq!(scene.links().len(), pairs.len(), "no pair twice: {text}");
        let in_pair: BTreeSet<Square> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let full = queens.len() == n as usize;
        for r in 0..n {
            for c in 0..n {
                let sq = Square::new(r, c);
                let cell = scene.cell(sq);
                let queen = queens.contains(&sq);
                assert_eq!(cell.piece.is_some(), queen, "{text} {sq}");
                let expected = if in_pair.contains(&sq) {
                    Emphasis::Conflict
                } else {
                    Emphasis::None
                };
                assert_eq!(cell.emphasis, expected, "{text} {sq}");
                let attacked = queens
                    .iter()
                    .any(|q| q.row == r || q.col == c || q.row.abs_diff(r) == q.col.abs_diff(c));
                assert_eq!(cell.shaded, !queen && attacked, "{text} {sq}");
            }
        }
        let q = queens.len();
        let caption = scene.caption().unwrap();
        match (q, pairs.len()) {
            (0, _) => assert_eq!(caption, "no queens"),
            (1, _) => assert_eq!(caption, "1 queen"),
            (_, 0) if full => assert!(caption.starts_with("Solution "), "{caption}"),
            (_, 0) => assert_eq!(caption, format!("{q} queens, none attacking")),
            (_, 1) => assert_eq!(caption, format!("{q} queens, 1 attacking pair")),
            (_, p) => assert_eq!(caption, format!("{q} queens, {p} attacking pairs")),
        }
        // Without --attacks: the queens alone.
        let (plain, _) = queens::position_scene(&position, QueensStyle::default()).unwrap();
        assert!(plain.links().is_empty());
        for r in 0..n {
            for c in 0..n {
                let cell = plain.cell(Square::new(r, c));
                assert_eq!(cell.emphasis, Emphasis::None);
                assert!(!cell.shaded);
            }
        }
    }
    assert!(clashes > 300, "the trials attack: {clashes} pairs");
}

#[test]
fn positions_are_parsed_in_every_notation() {
    let p = parse_queens_position("1.8.....", 8).unwrap();
    assert_eq!(p.rows(), &[1, 0, 8, 0, 0, 0, 0, 0]);
    assert_eq!(p, parse_queens_position("1-8", 8).unwrap());
    assert_eq!(p, parse_queens_position("1 - 8", 8).unwrap());
    let p = parse_queens_position("10 - 1", 12).unwrap();
    assert_eq!(&p.rows()[..3], &[10, 0, 1]);
    assert_eq!(p, parse_queens_position("10,-,1", 12).unwrap());
    let first = QueensPosition::from(&queens::solutions(8).unwrap().next().unwrap());
    assert_eq!(first, parse_queens_position("15863724", 8).unwrap());
    // Commas separate rows as spaces do (the Turbo C program's list, written with commas).
    assert_eq!(first, parse_queens_position("1,5,8,6,3,7,2,4", 8).unwrap());
    assert_eq!(
        first,
        parse_queens_position("1, 5, 8, 6, 3, 7, 2, 4", 8).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// The queens search explains itself

/// Applies the whole search (or the slideshow) and checks every state's caption and emphasis
/// against counts kept here.
#[test]
fn every_search_caption_is_true_of_its_state() {
    for n in [4u32, 6, 8] {
        let total = queens::solutions(n).unwrap().count() as u64;
        let look = QueensStyle::default();
        let mut adapter = QueensAdapter::new(n, look).with_total(Some(total));
        let mut scene = adapter.first_scene();
        assert_eq!(scene.caption(), Some("solutions found: 0"));
        let mut found = 0u64;
        let mut rows = vec![0u32; n as usize];
        let square = |col: u32, row: u32| Square::new(n - row, col - 1);
        for (k, event) in queens::search(n).unwrap().enumerate() {
            adapter.apply(&mut scene, &event);
            let emphasised: Vec<(Square, Emphasis)> = (0..n)
                .flat_map(|r| (0..n).map(move |c| Square::new(r, c)))
                .map(|sq| (sq, scene.cell(sq).emphasis))
                .filter(|(_, e)| *e != Emphasis::None)
                .collect();
            match &event {
                QueensEvent::Place { col, row } => {
                    rows[*col as usize - 1] = *row;
                    assert_eq!(emphasised, vec![(square(*col, *row), Emphasis::Placed)]);
                }
                QueensEvent::Remove { col, row } => {
                    rows[*col as usize - 1] = 0;
                    let sq = square(*col, *row);
                    assert_eq!(emphasised, vec![(sq, Emphasis::Ghost)]);
                    assert!(scene.cell(sq).piece.is_some(), "the ghost shows its queen");
                }
                QueensEvent::Solution { .. } => {
                    found += 1;
                    assert!(emphasised.is_empty(), "a solution is shown plain");
                }
            }
            let expected = match event {
                QueensEvent::Solution { .. } => format!("Solution {found} of {total}"),
                _ => format!("solutions found: {found}"),
            };
            assert_eq!(scene.caption(), Some(expected.as_str()), "n={n} event {k}");
            // The queens standing are the search's (a ghost is not one of them).
            for c in 1..=n {
                for r in 1..=n {
                    let cell = scene.cell(square(c, r));
                    let standing = cell.piece.is_some() && cell.emphasis != Emphasis::Ghost;
                    assert_eq!(standing, rows[c as usize - 1] == r, "n={n} event {k}");
                }
            }
        }
        assert_eq!(found, total);
        assert_eq!(
            scene.caption(),
            Some(format!("solutions found: {total}").as_str()),
            "the search ends on the total"
        );
        assert!(rows.iter().all(|&r| r == 0));
        // The slideshow: solutions alone, each "Solution i of T".
        let mut scene = adapter.first_scene();
        for (i, s) in queens::solutions(n).unwrap().enumerate() {
            let i = i as u64 + 1;
            adapter.apply(&mut scene, &QueensAdapter::show(&s, i));
            let caption = format!("Solution {i} of {total}");
            assert_eq!(scene.caption(), Some(caption.as_str()));
        }
    }
}

#[test]
fn the_searchs_gif_ends_on_the_total() {
    // The last composed frame equals a still of the empty board captioned with the total, with the
    // ghost of the last queen removed (a5: the search ends by taking it off).
    let dir = tempfile::tempdir().unwrap();
    let gif_path = dir.path().join("q.gif");
    ok(&[
        "queens",
        "-n",
        "5",
        "--cell",
        "16",
        "-q",
        "-o",
        gif_path.to_str().unwrap(),
    ]);
    let g = crate::common::decode_gif(&gif_path);
    // The search's last step as a still: the empty board with the ghost of a5, captioned with
    // the step and the total.
    let steps = ok(&["queens", "-n", "5", "--trace"])
        .lines()
        .count()
        .to_string();
    let still = dir.path().join("end.png");
    let s = still.to_str().unwrap();
    ok(&[
        "queens", "-n", "5", "--cell", "16", "--step", &steps, "-q", "-o", s,
    ]);
    let end = crate::common::decode_png(&still);
    let last = g.rgb(g.frames.len() - 1);
    assert_none(differ("queens-gif-end", &end, &last).into_iter().collect());
}

#[test]
fn events_describe_themselves() {
    let q = QueensAdapter::new(8, QueensStyle::default());
    let place = QueensEvent::Place { col: 3, row: 5 };
    assert_eq!(q.describe(&place).as_deref(), Some("queen placed on c5"));
    let remove = QueensEvent::Remove { col: 3, row: 5 };
    assert_eq!(
        q.describe(&remove).as_deref(),
        Some("queen removed from c5")
    );
    let s = queens::solutions(8).unwrap().nth(2).unwrap();
    let solution = QueensAdapter::show(&s, 3);
    assert_eq!(q.describe(&solution).as_deref(), Some("Solution 3"));
    let q92 = q.clone().with_total(Some(92));
    assert_eq!(q92.describe(&solution).as_deref(), Some("Solution 3 of 92"));
    let k = KnightAdapter::new(5, 5);
    let first = KnightEvent::Move {
        step: 1,
        square: Square::new(0, 0),
    };
    assert_eq!(k.describe(&first).as_deref(), Some("knight starts on 0,0"));
    let to = KnightEvent::Move {
        step: 2,
        square: Square::new(1, 2),
    };
    assert_eq!(k.describe(&to).as_deref(), Some("knight to 1,2"));
    let back = KnightEvent::Retreat {
        step: 2,
        square: Square::new(1, 2),
    };
    assert_eq!(
        k.describe(&back).as_deref(),
        Some("retreat from 1,2: dead end")
    );
}

// ---------------------------------------------------------------------------------------------
// Knight paths

/// Writes `text` to `dir/name` and returns the path as a string.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn png(dir: &Path, name: &str, args: &[&str]) -> RgbImage {
    let out = dir.join(name);
    let mut all = args.to_vec();
    all.extend(["--cell", "40", "-q", "-o", out.to_str().unwrap()]);
    ok(&all);
    decode_png(&out)
}

#[test]
fn found_tours_fed_back_give_the_same_figure() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut failures = Vec::new();
    for (name, board) in [
        ("5x5", &["-n", "5", "--start", "2,2"][..]),
        ("6x6-closed", &["-n", "6", "--closed"][..]),
        ("4x5", &["--rows", "4", "--cols", "5", "--start", "0,0"][..]),
        ("8x8", &["-n", "8", "--start", "3,4"][..]),
    ] {
        let search: Vec<&str> = [&["knight"][..], board].concat();
        let matrix = ok(&search);
        let expected = png(d, &format!("{name}.png"), &search);
        // The numbered matrix, as printed.
        let matrix_file = file(d, &format!("{name}.txt"), &matrix);
        let back = png(d, "m.png", &["knight", "--path-file", &matrix_file]);
        failures.extend(differ(&format!("path-matrix-{name}"), &expected, &back));
        // The matrix printed again from the path is the same text.
        assert_eq!(
            ok(&["knight", "--path-file", &matrix_file]),
            matrix,
            "{name}"
        );
        // The squares in order, as ROW,COL and in chess notation, on the board given by size.
        let parsed = parse_knight_path(&matrix).unwrap();
        let (rows, cols) = parsed.size().unwrap();
        let path = parsed.resolve(rows, cols).unwrap();
        let list: Vec<String> = path
            .iter()
            .map(|s| format!("{},{}", s.row, s.col))
            .collect();
        let chess: Vec<String> = path
            .iter()
            .map(|s| chessviz::text::chess_name(*s, rows))
            .collect();
        let (r, c) = (rows.to_string(), cols.to_string());
        for (form, squares) in [("index", list), ("chess", chess)] {
            let squares = squares.join(" ");
            let args = ["knight", "--rows", &r, "--cols", &c, "--path", &squares];
            let back = png(d, "l.png", &args);
            failures.extend(differ(&format!("path-{form}-{name}"), &expected, &back));
        }
        // The same holds for a vector figure: the SVG text is identical.
        let svg = |args: &[&str], out: &str| {
            let out = d.join(out);
            let mut all = args.to_vec();
            all.extend(["-q", "-o", out.to_str().unwrap()]);
            ok(&all);
            std::fs::read_to_string(out).unwrap()
        };
        assert_eq!(
            svg(&search, "a.svg"),
            svg(&["knight", "--path-file", &matrix_file], "b.svg"),
            "{name}: SVG"
        );
    }
    assert_none(failures);
}

#[test]
fn closed_tours_draw_their_closing_move() {
    for closed in [false, true] {
        let problem = KnightProblem::new(6, 6, Square::new(0, 0))
            .unwrap()
            .closed(closed);
        let tour = problem.solve().unwrap();
        let path = tour.path();
        let (a, b) = (path[0], path[path.len() - 1]);
        let knight_move = {
            let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
            (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
        };
        let mut adapter = KnightAdapter::new(6, 6);
        let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves(&tour), None).unwrap();
        assert_eq!(scene.path_closed(), knight_move, "closed {closed}");
        if closed {
            assert!(
                knight_move,
                "a closed tour ends a knight move from its start"
            );
        }
        // Short of the whole board nothing closes, even a knight move from the start.
        let (partial, _) = scene_after(
            &mut adapter,
            KnightAdapter::moves(&tour),
            Some(path.len() as u64 - 1),
        )
        .unwrap();
        assert!(!partial.path_closed());
    }
}

#[test]
fn show_and_piece_choose_what_the_figure_holds() {
    let tour = KnightProblem::new(5, 5, Square::new(0, 0))
        .unwrap()
        .solve()
        .unwrap();
    let last = *tour.path().last().unwrap();
    let scene_of = |show, piece| {
        let look = KnightStyle {
            show,
            piece,
            ..KnightStyle::default()
        };
        let mut adapter = KnightAdapter::with_style(5, 5, look);
        let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves(&tour), None).unwrap();
        (scene, adapter.hints())
    };
    let knight = Some(chessviz::knight::KNIGHT);
    let labels = |scene: &Scene| {
        (0..25)
            .filter(|i| scene.cell(Square::new(i / 5, i % 5)).label.is_some())
            .count()
    };
    let (both, hints) = scene_of(KnightShow::Both, knight);
    assert_eq!((both.path().len(), labels(&both)), (25, 25));
    assert_eq!(both.path_style(), PathStyle::Line);
    assert_eq!(hints.max_label, 25);
    assert_eq!(both.cell(last).piece, knight);
    let (path, hints) = scene_of(KnightShow::Path, knight);
    assert_eq!((path.path().len(), labels(&path)), (25, 0));
    assert_eq!(path.path_style(), PathStyle::Dots);
    assert_eq!(hints.max_label, 0);
    let (numbers, _) = scene_of(KnightShow::Numbers, knight);
    assert_eq!((numbers.path().len(), labels(&numbers)), (0, 25));
    for sq in tour.path() {
        assert_eq!(numbers.cell(sq).label, Some(tour.step_at(sq)));
    }
    assert_eq!(numbers.cell(last).piece, knight);
    assert_eq!(numbers.cell(last).marker, Some(Marker::End));
    assert_eq!(numbers.cell(tour.start()).marker, Some(Marker::Start));
    let (bare, _) = scene_of(KnightShow::Both, None);
    assert!((0..25).all(|i| bare.cell(Square::new(i / 5, i % 5)).piece.is_none()));
    assert_eq!(bare.cell(last).marker, Some(Marker::End));
    // Through the command, each choice changes the picture.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let base = ["knight", "-n", "5"];
    let plain = png(d, "a.png", &base);
    for extra in [
        ["--show", "path"],
        ["--show", "numbers"],
        ["--piece", "none"],
    ] {
        let other = png(d, "b.png", &[&base[..], &extra[..]].concat());
        assert!(other != plain, "{extra:?} changes the figure");
    }
}

#[test]
fn a_retreat_marks_its_dead_end_for_one_state() {
    // On 3 x 7 from the corner the search retreats many times.
    let problem = KnightProblem::new(3, 7, Square::new(0, 0)).unwrap();
    let mut adapter = KnightAdapter::new(3, 7);
    let mut scene = adapter.first_scene();
    let mut retreats = 0;
    for event in problem.trace().unwrap() {
        let event = event.unwrap();
        adapter.apply(&mut scene, &event);
        let dead: Vec<Square> = (0..3)
            .flat_map(|r| (0..7).map(move |c| Square::new(r, c)))
            .filter(|&sq| scene.cell(sq).marker == Some(Marker::DeadEnd))
            .collect();
        match event {
            KnightEvent::Retreat { square, .. } => {
                retreats += 1;
                assert_eq!(dead, vec![square]);
                let cell = scene.cell(square);
                assert!(cell.label.is_none() && cell.piece.is_none());
                assert!(!scene.path().contains(&square));
            }
            KnightEvent::Move { .. } => assert!(dead.is_empty(), "{dead:?}"),
        }
    }
    assert!(retreats > 10, "{retreats} retreats");
}

#[test]
fn bad_positions_and_paths_are_refused_naming_the_token() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("out.png");
    let out = out.to_str().unwrap();
    let matrix_5 = ok(&["knight", "-n", "5"]);
    let five = file(d, "five.txt", &matrix_5);
    let twice = file(d, "twice.txt", "1 2\n2 0\n");
    let jump = file(d, "jump.txt", "1 . .\n2 . .\n. . .\n");
    let gap = file(d, "gap.txt", "1 . .\n. . 3\n. . .\n");
    let ragged = file(d, "ragged.txt", "1 . .\n. .\n");
    let cases: Vec<(Vec<&str>, &[&str])> = vec![
        (vec!["queens", "--queens", "1x"], &["'x'", "column 2"]),
        (
            vec!["queens", "--queens", "159"],
            &["'9'", "column 3", "8 x 8"],
        ),
        (vec!["queens", "--queens", "123456781"], &["9 columns", "8"]),
        (
            vec!["queens", "-n", "10", "--queens", "1 - 11"],
            &["'11'", "column 3"],
        ),
        (
            vec!["queens", "-n", "10", "--queens", "1 a"],
            &["'a'", "column 2"],
        ),
        (
            vec!["knight", "--path", "0,0 1,1"],
            &["step 2 '1,1'", "not a knight move", "step 1 '0,0'"],
        ),
        (
            vec!["knight", "--path", "a8 b6 a8"],
            &["step 3 'a8'", "step 1"],
        ),
        (
            vec!["knight", "--path", "0,0 1,2 9,9"],
            &["step 3 '9,9'", "off the 8 x 8"],
        ),
        (vec!["knight", "--path", "0,0 1,2 zz"], &["step 3 'zz'"]),
        (
            vec!["knight", "-n", "6", "--path-file", &five],
            &["5 x 5", "6 x 6"],
        ),
        (
            vec!["knight", "--path-file", &twice],
            &["step 2 appears twice"],
        ),
        (
            vec!["knight", "--path-file", &jump],
            &["step 2 '1,0'", "not a knight move"],
        ),
        (vec!["knight", "--path-file", &gap], &["step 2 is missing"]),
        (vec!["knight", "--path-file", &ragged], &["row 2"]),
    ];
    for (args, needles) in cases {
        let mut all = args.clone();
        all.extend(["-o", out]);
        let e = fails(&all, b"");
        for needle in needles {
            assert!(e.contains(needle), "{args:?}: {e} lacks {needle}");
        }
        assert!(!Path::new(out).exists(), "{args:?} wrote a file");
    }
    let missing = d.join("missing.txt");
    let e = fails(&["knight", "--path-file", missing.to_str().unwrap()], b"");
    assert!(e.contains("missing.txt"), "{e}");
}

/// A given path goes step by step like the search: `--frames` writes the start and one picture
/// per move, picture i equals `--step i` of the same path, and the last frame of the `--counter`
/// GIF is the last picture.
#[test]
fn a_given_path_has_steps_frames_and_a_counted_gif() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = "0,0 1,2 2,4 0,3 1,1 3,0";
    let base = [
        "knight",
        "-n",
        "5",
        "--path",
        path,
        "--cell",
        "24",
        "--counter",
    ];
    let frames = d.join("frames");
    ok(&[&base[..], &["--frames", frames.to_str().unwrap(), "-q"]].concat());
    let listed = std::fs::read_to_string(frames.join("frames.txt")).unwrap();
    let names: Vec<&str> = listed
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(names.len(), 7, "the start and six moves: {listed}");
    let mut failures = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let still = d.join(format!("step-{i}.png"));
        let step = i.to_string();
        ok(&[
            &base[..],
            &["--step", &step, "-q", "-o", still.to_str().unwrap()],
        ]
        .concat());
        failures.extend(differ(
            &format!("path-step-{i}"),
            &decode_png(&still),
            &decode_png(&frames.join(name)),
        ));
    }
    let gif = d.join("path.gif");
    ok(&[&base[..], &["-q", "-o", gif.to_str().unwrap()]].concat());
    let decoded = crate::common::decode_gif(&gif);
    let last = decoded.rgb(decoded.frames.len() - 1);
    failures.extend(differ(
        "path-gif-last",
        &decode_png(&frames.join(names[6])),
        &last,
    ));
    assert_none(failures);
}
