//! Animated GIFs as the CLI writes them, decoded with the `gif` crate and composed here (global
//! palette, block offsets, transparent index, disposal Keep), then checked against what the searches
//! do: frame counts and delays (derived from the solver's own event streams), the board each frame
//! shows, and the last frame against the PNG still of the same state.
//!
//! How the frame list follows from the events (the pacing rules of `chessviz::animate`):
//! - every event that changes the board is one step shown for `--delay` ms; queens solutions are
//!   shown for `--hold` ms; the tromino and queens searches start with the empty board as a step;
//! - `--every K` keeps the steps whose running number is a multiple of K, plus the first, every
//!   solution and the final state; a kept step shows for its own delay only;
//! - `--max-frames M` stops after M kept steps;
//! - the finished figure (or, after a full queens search, the empty board) gets `--hold` more;
//! - consecutive identical pictures are merged into one frame with the delays summed (at
//!   `--margin 0` the queens' captions are not drawn, so a solution step adds its hold to the
//!   placement that completed it where the highlight of the queen just placed is not drawn).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::{decode_gif, decode_png, middle_half_colors, ok, tempdir, DecodedGif, Rgb};
use chessviz::knight::{KnightEvent, KnightProblem};
use chessviz::queens::{self, QueensEvent};
use chessviz::tromino::{TrominoEvent, TrominoProblem};
use chessviz::Theme;
use chessviz::{draw, Emphasis, Piece, RenderHints, Scene, Square, Style};

/// Runs `chessviz` with `args` plus `-q -o <dir>/<name>` and returns the file's path.
fn write(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-q", "-o", path.to_str().expect("utf-8 temp path")]);
    ok(&all);
    path
}

fn gif(dir: &Path, name: &str, args: &[&str]) -> DecodedGif {
    decode_gif(&write(dir, name, args))
}

/// One step fed to the animation: the board state it shows, how long, and whether `--every` must
/// keep it.
struct Step<S> {
    state: S,
    ms: u32,
    keep: bool,
}

/// Pacing options as the CLI takes them.
#[derive(Clone, Copy)]
struct Pace {
    every: u64,
    max_frames: Option<u64>,
    final_hold_ms: u32,
}

impl Pace {
    fn all(final_hold_ms: u32) -> Pace {
        Pace {
            every: 1,
            max_frames: None,
            final_hold_ms,
        }
    }
}

/// The frames (state, centiseconds) an animation of `steps` must have: the pacing rules in the
/// module docs, then identical consecutive pictures merged. Delays here are multiples of 10 ms.
fn expected_frames<S: Clone + PartialEq>(steps: &[Step<S>], pace: Pace) -> Vec<(S, u32)> {
    // The step stream: `steps[0]` is the start (step 0); step i is kept when i is a multiple of
    // `every`, when it completes something, and when it is the last.
    let mut pushed: Vec<(S, u32)> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        if !pushed.is_empty() && !step.keep && !last && !(i as u64).is_multiple_of(pace.every) {
            continue;
        }
        if pace.max_frames.is_some_and(|m| pushed.len() as u64 >= m) {
            break;
        }
        pushed.push((step.state.clone(), step.ms));
    }
    pushed.last_mut().expect("a frame").1 += pace.final_hold_ms;
    let mut merged: Vec<(S, u32)> = Vec::new();
    for (state, ms) in pushed {
        match merged.last_mut() {
            Some(last) if last.0 == state => last.1 += ms,
            _ => merged.push((state, ms)),
        }
    }
    assert!(
        merged[..merged.len() - 1].iter().all(|f| f.1 > 0),
        "the model has no zero-length frames in the middle"
    );
    merged
        .into_iter()
        .map(|(s, ms)| (s, (ms / 10).max(1)))
        .collect()
}

/// The checks every animation passes: the first block covers the screen, later blocks only what
/// changed (smaller than the board, except the frames in `whole`, such as the division of the whole
/// board, whose lines cross it) with the transparent index declared and used.
fn check_blocks(g: &DecodedGif, what: &str) {
    check_blocks_except(g, what, &[]);
}

fn check_blocks_except(g: &DecodedGif, what: &str, whole: &[usize]) {
    let first = &g.frames[0];
    assert_eq!(
        first.rect,
        (0, 0, g.width, g.height),
        "{what}: first frame is whole"
    );
    let t = g.frames.get(1).and_then(|f| f.transparent);
    let Some(t) = t else {
        assert_eq!(
            g.frames.len(),
            1,
            "{what}: delta frames declare a transparent index"
        );
        return;
    };
    assert!(
        !first.screen.contains(&t),
        "{what}: the transparent index is not a picture colour"
    );
    let mut used = false;
    for (i, f) in g.frames.iter().enumerate().skip(1) {
        assert_eq!(f.transparent, Some(t), "{what}: frame {i}");
        let (_, _, w, h) = f.rect;
        assert!(
            w * h < g.width * g.height || whole.contains(&i),
            "{what}: frame {i} covers {w} x {h} of {} x {}",
            g.width,
            g.height
        );
        used |= f.transparent_pixels > 0;
    }
    assert!(used, "{what}: unchanged pixels are written transparent");
}

/// True when the screen after frame `i` equals the image pixel for pixel.
fn same_picture(g: &DecodedGif, i: usize, png: &image::RgbImage) -> bool {
    g.rgb(i) == *png
}

// ---------------------------------------------------------------------------------------------
// Tromino

/// The steps of a tromino animation: the empty board, then one step per event (a division or a
/// tile). The state is the number of events applied.
fn tromino_steps(problem: &TrominoProblem, delay: u32) -> Vec<Step<usize>> {
    let mut steps = vec![Step {
        state: 0,
        ms: delay,
        keep: true,
    }];
    // Every event is a step: a division shows the sub-board its call works on (and, with
    // --show-splits, its lines).
    for (i, _) in problem.trace().enumerate() {
        steps.push(Step {
            state: i + 1,
            ms: delay,
            keep: false,
        });
    }
    steps
}

#[test]
fn tromino_frames_delays_and_final_still() {
    let dir = tempdir();
    let d = dir.path();
    // k = 2: the empty board and five tiles, 300 ms each, the last held 3 s more.
    let g = gif(
        d,
        "k2.gif",
        &["tromino", "-k", "2", "--special", "1,1", "--cell", "16"],
    );
    // k = 2: the empty board and ten steps (five divisions, five tiles), 300 ms each, the last
    // held 3 s more.
    assert_eq!(g.delays(), [30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 330]);
    check_blocks(&g, "k2");
    let g = gif(
        d,
        "k2d.gif",
        &[
            "tromino",
            "-k",
            "2",
            "--special",
            "1,1",
            "--cell",
            "16",
            "--delay",
            "120",
            "--hold",
            "1000",
        ],
    );
    assert_eq!(g.delays(), [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 112]);
    // With splits: the same steps, the division of the whole 4 x 4 board drawing a line.
    let g = gif(
        d,
        "k2s.gif",
        &[
            "tromino",
            "-k",
            "2",
            "--special",
            "1,1",
            "--cell",
            "16",
            "--show-splits",
        ],
    );
    assert_eq!(g.delays(), [30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 330]);

    for (numbers, splits) in [(false, false), (true, true)] {
        let problem = TrominoProblem::new(3, Square::new(2, 5)).unwrap();
        let mut args = vec![
            "tromino",
            "-k",
            "3",
            "--special",
            "2,5",
            "--cell",
            "24",
            "--margin",
            "0",
        ];
        if numbers {
            args.push("--numbers");
        }
        if splits {
            args.push("--show-splits");
        }
        let g = gif(d, "k3.gif", &args);
        let expected = expected_frames(&tromino_steps(&problem, 300), Pace::all(3000));
        assert_eq!(g.frames.len(), expected.len(), "{args:?}");
        assert_eq!(
            g.delays(),
            expected.iter().map(|f| f.1 as u16).collect::<Vec<_>>()
        );
        // The start, 21 divisions and 21 tiles.
        assert_eq!(g.frames.len(), 1 + 21 + 21);
        // The first event divides the whole board: its lines run from edge to edge. Without
        // --show-splits the division shows on its own step only, and the next step (the centre
        // tile) takes it back, edge to edge again.
        check_blocks_except(&g, "k3", if splits { &[1] } else { &[1, 2] });
        let png = decode_png(&write(d, "k3.png", &args));
        let last = g.frames.len() - 1;
        assert!(
            same_picture(&g, last, &png),
            "{args:?}: last frame is the still"
        );
        assert!(!same_picture(&g, last - 1, &png));
    }
}

#[test]
fn tromino_frames_show_the_tiles_laid_so_far() {
    let dir = tempdir();
    let problem = TrominoProblem::new(3, Square::new(6, 1)).unwrap();
    let cell = 20;
    let g = gif(
        dir.path(),
        "t.gif",
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "6,1",
            "--cell",
            "20",
            "--margin",
            "0",
        ],
    );
    let tiles: Vec<[Square; 3]> = problem
        .trace()
        .filter_map(|e| match e {
            TrominoEvent::Place(t) => Some(t.cells),
            TrominoEvent::Split { .. } => None,
        })
        .collect();
    // The start, then a frame per event: a division (its sub-board shaded) or a tile.
    let events: Vec<TrominoEvent> = problem.trace().collect();
    assert_eq!(g.frames.len(), events.len() + 1);
    // Frame i shows the tiles of the first i events.
    let tiles_by_frame: Vec<usize> = (0..=events.len())
        .map(|i| {
            events[..i]
                .iter()
                .filter(|e| matches!(e, TrominoEvent::Place(_)))
                .count()
        })
        .collect();
    let sample = |img: &image::RgbImage, sq: Square| -> Rgb {
        let off = cell * 3 / 10;
        img.get_pixel(sq.col * cell + off, sq.row * cell + off).0
    };
    let first = g.rgb(0);
    let last = g.rgb(g.frames.len() - 1);
    let blank = sample(&first, Square::new(0, 0));
    let focus = chessviz::Theme::by_name("default").unwrap().focus();
    for frame in 0..g.frames.len() {
        let img = g.rgb(frame);
        let laid: BTreeSet<Square> = tiles[..tiles_by_frame[frame]]
            .iter()
            .flatten()
            .copied()
            .collect();
        for r in 0..8 {
            for c in 0..8 {
                let sq = Square::new(r, c);
                let got = sample(&img, sq);
                if sq == problem.special() || laid.contains(&sq) {
                    assert_eq!(got, sample(&last, sq), "frame {frame}, cell {sq:?}");
                } else {
                    // Not tiled yet: blank, or shaded as part of the sub-board at work.
                    assert!(got == blank || got == focus, "frame {frame}, cell {sq:?}");
                }
            }
        }
    }
}

#[test]
fn tromino_every_keeps_the_final_frame() {
    let dir = tempdir();
    let problem = TrominoProblem::new(3, Square::new(0, 7)).unwrap();
    let args = [
        "tromino",
        "-k",
        "3",
        "--special",
        "0,7",
        "--cell",
        "12",
        "--margin",
        "0",
    ];
    let png = decode_png(&write(dir.path(), "t.png", &args));
    let steps = tromino_steps(&problem, 300);
    for (every, max) in [(4u64, None), (5, None), (1, Some(7u64)), (3, Some(4))] {
        let mut a = args.to_vec();
        let e = every.to_string();
        a.extend(["--every", &e]);
        let m = max.map(|m| m.to_string());
        if let Some(m) = &m {
            a.extend(["--max-frames", m]);
        }
        let g = gif(dir.path(), "t.gif", &a);
        let pace = Pace {
            every,
            max_frames: max,
            final_hold_ms: 3000,
        };
        let expected = expected_frames(&steps, pace);
        assert_eq!(
            g.delays(),
            expected.iter().map(|f| f.1 as u16).collect::<Vec<_>>(),
            "{a:?}"
        );
        let last = g.frames.len() - 1;
        // Without a cap the last frame is the finished tiling.
        assert_eq!(same_picture(&g, last, &png), max.is_none(), "{a:?}");
    }
    // --every 4: the empty board, steps 4, 8, ..., 40, then the last (42), held.
    let g = gif(
        dir.path(),
        "e4.gif",
        &[&args[..], &["--every", "4"]].concat(),
    );
    let mut expected = vec![30u16; 12];
    expected[11] += 300;
    assert_eq!(g.delays(), expected);
}

// ---------------------------------------------------------------------------------------------
// Queens

/// A queens board as the animation shows it: the row (1-based from the bottom, 0 = none) of the
/// queen in each column, the queen just placed and the ghost of the one just removed (each for one
/// frame), and the caption when a margin shows it.
#[derive(Clone, Debug)]
struct QueensState {
    rows: Vec<u32>,
    /// Column (0-based) of the queen just placed.
    placed: Option<usize>,
    /// Column (0-based) and row of the queen just removed.
    ghost: Option<(usize, u32)>,
    caption: Option<String>,
    /// Whether attacked squares are shaded.
    attacks: bool,
}

/// Whether the renderer draws a queen with `emphasis` differently from a plain one (the emphasis
/// is part of the scene whether or not the renderer draws it yet).
fn emphasis_drawn(emphasis: Emphasis) -> bool {
    let pixels = |e: Emphasis| {
        let mut scene = Scene::checkerboard(2, 2);
        scene.update_cell(Square::new(0, 0), |c| {
            c.piece = Some(Piece::Crown);
            c.emphasis = e;
        });
        draw(&scene, RenderHints::default(), &Style::new(24))
            .expect("draw")
            .canvas()
            .pixels()
            .to_vec()
    };
    pixels(emphasis) != pixels(Emphasis::None)
}

fn drawn() -> (bool, bool) {
    static DRAWN: std::sync::OnceLock<(bool, bool)> = std::sync::OnceLock::new();
    *DRAWN.get_or_init(|| {
        (
            emphasis_drawn(Emphasis::Placed),
            emphasis_drawn(Emphasis::Ghost),
        )
    })
}

impl QueensState {
    /// What the picture shows: a ghost the renderer draws as a plain queen counts as one (unless
    /// shading tells them apart), an undrawn highlight as nothing.
    #[allow(clippy::type_complexity)]
    fn picture(&self) -> (Vec<u32>, Option<(usize, u32)>, Option<usize>, Option<&str>) {
        let (placed_drawn, ghost_drawn) = drawn();
        let mut rows = self.rows.clone();
        let mut ghost = self.ghost;
        if !ghost_drawn && !self.attacks {
            if let Some((c, r)) = ghost.take() {
                rows[c] = r;
            }
        }
        let placed = if placed_drawn { self.placed } else { None };
        (rows, ghost, placed, self.caption.as_deref())
    }
}

impl PartialEq for QueensState {
    fn eq(&self, other: &Self) -> bool {
        self.picture() == other.picture()
    }
}

/// The steps of the search animation from `chessviz::queens::search`: the empty board, each
/// placement and removal for `delay` ms, each solution for `hold` ms (kept by `--every`), stopping
/// after solution `until`. With `caption` false (margin 0) the caption is not part of the picture;
/// with it, it is "solutions found: k", or "Solution i of T" on a solution, counted here.
fn queens_steps(
    n: u32,
    until: Option<u64>,
    delay: u32,
    hold: u32,
    caption: bool,
) -> Vec<Step<QueensState>> {
    let total = queens::solutions(n).unwrap().count();
    let mut found = 0;
    let mut state = QueensState {
        rows: vec![0; n as usize],
        placed: None,
        ghost: None,
        caption: caption.then(|| "solutions found: 0".to_string()),
        attacks: false,
    };
    let mut steps = vec![Step {
        state: state.clone(),
        ms: delay,
        keep: true,
    }];
    for event in queens::search(n).unwrap() {
        state.placed = None;
        state.ghost = None;
        let (ms, keep) = match event {
            QueensEvent::Place { col, row } => {
                state.rows[col as usize - 1] = row;
                state.placed = Some(col as usize - 1);
                (delay, false)
            }
            QueensEvent::Remove { col, row } => {
                state.rows[col as usize - 1] = 0;
                state.ghost = Some((col as usize - 1, row));
                (delay, false)
            }
            QueensEvent::Solution { .. } => (hold, true),
        };
        if let QueensEvent::Solution { index, .. } = event {
            found += 1;
            assert_eq!(index, found);
            if caption {
                state.caption = Some(format!("Solution {found} of {total}"));
            }
        } else if caption {
            state.caption = Some(format!("solutions found: {found}"));
        }
        steps.push(Step {
            state: state.clone(),
            ms,
            keep,
        });
        if let QueensEvent::Solution { index, .. } = event {
            if until == Some(index) {
                break;
            }
        }
    }
    steps
}

/// Board cell (row from the top, col) of the queen in 1-based column `c` at 1-based row `j`.
fn board_cell(n: u32, c: usize, j: u32) -> (u32, u32) {
    (n - j, c as u32)
}

/// Checks a composed frame shows exactly the queens of `rows` (and the `ghost` of one just removed):
/// a piece on their cells, only the square's fill on every other cell's middle half, with a dot iff
/// attacked (by the queens of `rows`) when `attacks`.
fn check_queens_frame(
    img: &image::RgbImage,
    margin: u32,
    cell: u32,
    rows: &[u32],
    ghost: Option<(usize, u32)>,
    attacks: bool,
    what: &str,
) {
    let n = rows.len() as u32;
    let theme = Theme::default();
    let queens: BTreeSet<(u32, u32)> = rows
        .iter()
        .enumerate()
        .filter(|(_, &j)| j > 0)
        .map(|(c, &j)| board_cell(n, c, j))
        .collect();
    let attacked = |r: u32, c: u32| {
        queens
            .iter()
            .any(|&(qr, qc)| qr == r || qc == c || qr.abs_diff(r) == qc.abs_diff(c))
    };
    for r in 0..n {
        for c in 0..n {
            let colors = middle_half_colors(img, margin, cell, r, c);
            if queens.contains(&(r, c)) {
                assert!(colors.len() > 1, "{what}: queen on ({r},{c})");
                continue;
            }
            if ghost.map(|(gc, gr)| board_cell(n, gc, gr)) == Some((r, c)) {
                assert!(colors.len() > 1, "{what}: ghost on ({r},{c})");
                continue;
            }
            let parity = ((r + c) % 2) as usize;
            let fill = [theme.light, theme.dark][parity];
            assert!(colors.contains(&fill), "{what}: ({r},{c}) keeps its colour");
            // An attacked square keeps its colour and gets a dot in the queens' ink, on a full
            // board (a solution) as on any other: the marks follow the queens, never all at once.
            if attacks && attacked(r, c) {
                assert!(
                    colors.contains(&theme.piece),
                    "{what}: ({r},{c}) is attacked: {colors:?}"
                );
            } else {
                assert_eq!(colors.len(), 1, "{what}: ({r},{c}) is plain: {colors:?}");
            }
        }
    }
}

fn delays_of<S>(frames: &[(S, u32)]) -> Vec<u16> {
    frames.iter().map(|f| f.1 as u16).collect()
}

#[test]
fn queens_search_n4_exact_sequence() {
    let dir = tempdir();
    let n = 4;
    let events: Vec<QueensEvent> = queens::search(n).unwrap().collect();
    let places = events
        .iter()
        .filter(|e| matches!(e, QueensEvent::Place { .. }))
        .count();
    let removes = events
        .iter()
        .filter(|e| matches!(e, QueensEvent::Remove { .. }))
        .count();
    assert_eq!((places, removes), (16, 16));

    // Margin 0: the empty board, then one step per placement and removal at 50 cs, each solution
    // held 3 s (merged with the placement that completed it where the picture is the same), the
    // search ending on the empty board, held 3 s more.
    let g = gif(
        dir.path(),
        "q4.gif",
        &["queens", "-n", "4", "--cell", "20", "--margin", "0"],
    );
    let model = expected_frames(&queens_steps(n, None, 500, 3000, false), Pace::all(3000));
    assert_eq!(g.delays(), delays_of(&model));
    // Two solutions held, and the final hold on the empty board.
    let held = g.delays().iter().filter(|&&d| d >= 300).count();
    assert_eq!(held, 3, "{:?}", g.delays());
    check_blocks(&g, "n=4");
    for (i, (state, _)) in model.iter().enumerate() {
        check_queens_frame(
            &g.rgb(i),
            0,
            20,
            &state.rows,
            state.ghost,
            false,
            &format!("n=4 frame {i}"),
        );
    }

    // --delay and --hold set the step and the hold (solutions and the end of the search).
    let g = gif(
        dir.path(),
        "q4d.gif",
        &[
            "queens", "-n", "4", "--cell", "12", "--margin", "0", "--delay", "100", "--hold", "700",
        ],
    );
    let model = expected_frames(&queens_steps(n, None, 100, 700, false), Pace::all(700));
    assert_eq!(g.delays(), delays_of(&model));
    assert_eq!(g.delays().iter().filter(|&&d| d >= 70).count(), 3);

    // With a margin the caption is drawn: "solutions found: k", and "Solution i of 2" on each
    // solution, a frame of its own held 3 s whose block reaches down to the caption band.
    let g = gif(
        dir.path(),
        "q4m.gif",
        &["queens", "-n", "4", "--cell", "20"],
    );
    let margin = 16;
    let model = expected_frames(&queens_steps(n, None, 500, 3000, true), Pace::all(3000));
    assert_eq!(g.delays(), delays_of(&model));
    for (i, (state, _)) in model.iter().enumerate() {
        check_queens_frame(
            &g.rgb(i),
            margin,
            20,
            &state.rows,
            state.ghost,
            false,
            &format!("frame {i}"),
        );
        if state
            .caption
            .as_deref()
            .is_some_and(|c| c.starts_with("Solution"))
        {
            let (_, y, _, h) = g.frames[i].rect;
            assert!(
                y + h > 2 * margin + 4 * 20,
                "frame {i}: the caption changes"
            );
            assert_eq!(g.frames[i].delay_cs, 300);
        }
    }
    check_blocks(&g, "n=4 margin");
}

#[test]
fn queens_solution_frames_equal_the_solution_stills() {
    let dir = tempdir();
    let n = 6;
    let cell = "16";
    let g = gif(
        dir.path(),
        "q6.gif",
        &["queens", "-n", "6", "--cell", cell, "--margin", "0"],
    );
    let model = expected_frames(&queens_steps(n, None, 500, 3000, false), Pace::all(3000));
    assert_eq!(g.delays(), delays_of(&model));
    check_blocks(&g, "n=6");
    let solutions: Vec<Vec<u32>> = queens::solutions(n)
        .unwrap()
        .map(|s| s.rows().iter().map(|&r| u32::from(r)).collect())
        .collect();
    assert_eq!(solutions.len(), 4);
    for (i, rows) in solutions.iter().enumerate() {
        let index = (i + 1).to_string();
        let png = decode_png(&write(
            dir.path(),
            "s.png",
            &[
                "queens",
                "-n",
                "6",
                "--solution",
                &index,
                "--cell",
                cell,
                "--margin",
                "0",
            ],
        ));
        let frames: Vec<usize> = (0..model.len())
            .filter(|&f| &model[f].0.rows == rows && model[f].0.placed.is_none())
            .collect();
        // Once with the last queen highlighted as it is placed, once as the held solution.
        assert_eq!(
            frames.len(),
            1,
            "solution {index} is shown once without a highlight"
        );
        assert!(
            same_picture(&g, frames[0], &png),
            "solution {index}: frame {} equals the still",
            frames[0]
        );
        // Held (a removal after it shows a ghost, so it is not merged into the hold).
        assert!(model[frames[0]].1 >= 300, "held: {:?}", model[frames[0]]);
    }
}

#[test]
fn queens_attacks_shade_exactly_the_attacked_squares_in_every_frame() {
    let dir = tempdir();
    let g = gif(
        dir.path(),
        "a.gif",
        &[
            "queens",
            "-n",
            "5",
            "--cell",
            "16",
            "--margin",
            "0",
            "--attacks",
        ],
    );
    let mut steps = queens_steps(5, None, 500, 3000, false);
    for step in &mut steps {
        step.state.attacks = true;
    }
    let model = expected_frames(&steps, Pace::all(3000));
    assert_eq!(g.frames.len(), model.len());
    for (i, (state, _)) in model.iter().enumerate() {
        check_queens_frame(
            &g.rgb(i),
            0,
            16,
            &state.rows,
            state.ghost,
            true,
            &format!("frame {i}"),
        );
    }
}

#[test]
fn queens_every_max_frames_until_and_loop() {
    let dir = tempdir();
    let d = dir.path();
    let base = ["queens", "-n", "6", "--cell", "12", "--margin", "0"];
    let steps = queens_steps(6, None, 500, 3000, false);
    let full = expected_frames(&steps, Pace::all(3000));
    let solution_states: Vec<Vec<u32>> = queens::solutions(6)
        .unwrap()
        .map(|s| s.rows().iter().map(|&r| u32::from(r)).collect())
        .collect();
    for (every, max) in [(7u64, None), (50, None), (1, Some(9u64)), (10, Some(5))] {
        let mut a = base.to_vec();
        let e = every.to_string();
        a.extend(["--every", &e]);
        let m = max.map(|m| m.to_string());
        if let Some(m) = &m {
            a.extend(["--max-frames", m]);
        }
        let g = gif(d, "e.gif", &a);
        let model = expected_frames(
            &steps,
            Pace {
                every,
                max_frames: max,
                final_hold_ms: 3000,
            },
        );
        assert_eq!(g.delays(), delays_of(&model), "{a:?}");
        assert!(g.frames.len() < full.len(), "{a:?} has fewer frames");
        for (i, (state, _)) in model.iter().enumerate() {
            check_queens_frame(
                &g.rgb(i),
                0,
                12,
                &state.rows,
                state.ghost,
                false,
                &format!("{a:?} {i}"),
            );
        }
        match max {
            Some(m) => assert!(g.frames.len() as u64 <= m),
            None => {
                // Every solution is still shown, and the search still ends on the empty board.
                for s in &solution_states {
                    assert!(model.iter().any(|f| &f.0.rows == s), "{a:?} keeps {s:?}");
                }
                assert!(model.last().unwrap().0.rows.iter().all(|&r| r == 0));
            }
        }
    }
    // --max-frames 9 of an uncapped --every 1: exactly the first nine frames (the last held).
    let g = gif(d, "m9.gif", &[&base[..], &["--max-frames", "9"]].concat());
    let pace = Pace {
        every: 1,
        max_frames: Some(9),
        final_hold_ms: 3000,
    };
    let model = expected_frames(&steps, pace);
    assert_eq!(g.delays(), delays_of(&model));
    assert_eq!(model.len(), g.frames.len());
    assert!(model.len() <= 9);
    assert_eq!(*g.delays().last().unwrap(), 50 + 300);

    // --until-solution 2: the search up to the second solution, which is the last frame.
    let g = gif(
        d,
        "u.gif",
        &[&base[..], &["--until-solution", "2"]].concat(),
    );
    let model = expected_frames(&queens_steps(6, Some(2), 500, 3000, false), Pace::all(0));
    assert_eq!(g.delays(), delays_of(&model));
    assert_eq!(model.last().unwrap().0.rows, solution_states[1]);
    // The solution's hold alone: the placement before it shows its queen highlighted, so the two
    // frames are not merged.
    assert_eq!(*g.delays().last().unwrap(), 300);

    // --loop: N plays in all; without it the GIF loops forever.
    let loop_of = |n: Option<&str>| {
        let mut a = vec!["queens", "-n", "4", "--cell", "8", "--until-solution", "1"];
        if let Some(n) = n {
            a.extend(["--loop", n]);
        }
        gif(d, "l.gif", &a).repeat
    };
    assert_eq!(loop_of(None), gif::Repeat::Infinite);
    assert_eq!(loop_of(Some("3")), gif::Repeat::Finite(2));
    assert_eq!(loop_of(Some("1")), gif::Repeat::Finite(0));
}

#[test]
fn queens_solutions_only_is_one_held_frame_per_solution() {
    let dir = tempdir();
    let g = gif(
        dir.path(),
        "s.gif",
        &[
            "queens",
            "-n",
            "8",
            "--solutions-only",
            "--cell",
            "10",
            "--margin",
            "0",
        ],
    );
    // No two solutions are the same board, so none merge: 92 frames of 3 s.
    assert_eq!(g.frames.len(), 92);
    assert!(g.delays().iter().all(|&d| d == 300));
    check_blocks(&g, "solutions only");
    for (i, s) in queens::solutions(8).unwrap().enumerate() {
        let rows: Vec<u32> = s.rows().iter().map(|&r| u32::from(r)).collect();
        check_queens_frame(
            &g.rgb(i),
            0,
            10,
            &rows,
            None,
            false,
            &format!("solution {}", i + 1),
        );
    }
    let g = gif(
        dir.path(),
        "s6.gif",
        &[
            "queens",
            "-n",
            "6",
            "--solutions-only",
            "--hold",
            "1200",
            "--cell",
            "10",
        ],
    );
    assert_eq!(g.delays(), [120, 120, 120, 120]);
}

// ---------------------------------------------------------------------------------------------
// Knight

#[test]
fn knight_frames_and_final_still() {
    let dir = tempdir();
    for (args, cell) in [
        (&["knight", "--cell", "24"][..], 24u32),
        (
            &["knight", "--size", "5", "--start", "2,2", "--cell", "32"][..],
            32,
        ),
    ] {
        let mut a = args.to_vec();
        a.extend(["--margin", "0"]);
        let g = gif(dir.path(), "k.gif", &a);
        let png = decode_png(&write(dir.path(), "k.png", &a));
        let side = png.width() / cell;
        // A tour without retreats: the start, then one frame per move, 150 ms each, the tour
        // held 3 s.
        let moves = (side * side) as usize;
        assert_eq!(g.frames.len(), moves + 1, "{a:?}");
        let mut expected = vec![15u16; moves + 1];
        expected[moves] += 300;
        assert_eq!(g.delays(), expected);
        check_blocks(&g, "knight");
        assert!(
            same_picture(&g, moves, &png),
            "{a:?}: last frame is the still"
        );
    }
}

#[test]
fn knight_retreats_restore_the_previous_picture() {
    let dir = tempdir();
    // On 3 x 7 from the corner the search backtracks 152 times before it finds a tour.
    let problem = KnightProblem::new(3, 7, Square::new(0, 0)).unwrap();
    let events: Vec<KnightEvent> = problem.trace().unwrap().map(|e| e.unwrap()).collect();
    let retreats = events
        .iter()
        .filter(|e| matches!(e, KnightEvent::Retreat { .. }))
        .count();
    assert!(retreats > 0);
    let args = [
        "knight", "--rows", "3", "--cols", "7", "--cell", "20", "--margin", "0", "--delay", "20",
        "--hold", "500",
    ];
    let g = gif(dir.path(), "k.gif", &args);
    // The start, then a frame per event.
    assert_eq!(g.frames.len(), events.len() + 1);
    // Retreats are held three times as long as moves (the default --retreat-delay).
    let mut expected: Vec<u16> = std::iter::once(2)
        .chain(events.iter().map(|e| match e {
            KnightEvent::Retreat { .. } => 6,
            KnightEvent::Move { .. } => 2,
        }))
        .collect();
    *expected.last_mut().unwrap() += 50;
    assert_eq!(g.delays(), expected);
    check_blocks(&g, "3 x 7");
    // A retreat undoes its move: the picture is again the one before that move, except the square
    // left, which shows its dead-end mark for this frame. The stack holds, for each move on the
    // path, the frame shown before it (none for the first move).
    // Frame i + 1 shows event i (frame 0 is the start).
    let mut before: Vec<Option<usize>> = Vec::new();
    let (cell, width) = (20usize, g.width as usize);
    for (i, e) in events.iter().enumerate() {
        let i = i + 1;
        match e {
            KnightEvent::Move { .. } => before.push((i > 1).then(|| i - 1)),
            KnightEvent::Retreat { square, .. } => {
                let prev = before
                    .pop()
                    .expect("a move to undo")
                    .expect("not the first");
                // The frame restored may show a dead end of its own (retreats in a row).
                let mut skip = vec![*square];
                if let KnightEvent::Retreat { square, .. } = events[prev - 1] {
                    skip.push(square);
                }
                let in_sq = |p: usize, sq: &Square| {
                    let (x, y) = (p % width, p / width);
                    (x / cell, y / cell) == (sq.col as usize, sq.row as usize)
                };
                let in_cell = |p: usize| in_sq(p, square);
                let outside_all = |p: usize| !skip.iter().any(|sq| in_sq(p, sq));
                let (now, then) = (&g.frames[i].screen, &g.frames[prev].screen);
                let outside = (0..now.len()).all(|p| !outside_all(p) || now[p] == then[p]);
                assert!(outside, "retreat at event {i} restores frame {prev}");
                let marked = (0..now.len()).any(|p| in_cell(p) && now[p] != then[p]);
                assert!(marked, "retreat at event {i} marks its dead end");
            }
        }
    }
    // The same look without the pacing, which a still refuses.
    let png = decode_png(&write(dir.path(), "k.png", &args[..9]));
    assert!(same_picture(&g, events.len(), &png));
}

#[test]
fn two_runs_write_identical_gifs() {
    let dir = tempdir();
    for args in [
        &[
            "tromino",
            "-k",
            "3",
            "--numbers",
            "--show-splits",
            "--cell",
            "16",
        ][..],
        &["queens", "-n", "5", "--cell", "16", "--attacks"][..],
        &["knight", "--size", "6", "--cell", "16"][..],
    ] {
        let a = std::fs::read(write(dir.path(), "a.gif", args)).unwrap();
        let b = std::fs::read(write(dir.path(), "b.gif", args)).unwrap();
        assert!(a == b, "{args:?}: two runs differ");
    }
}

/// Oversized animations are refused before any scene, colouring or search is built (a 4000 x 4000
/// knight board at --cell 1024 once filled a 16-million-cell scene before the size check).
#[test]
fn oversized_gifs_are_refused_before_any_work() {
    let dir = tempdir();
    let out = dir.path().join("x.gif");
    let out = out.to_str().unwrap();
    for args in [
        &[
            "knight", "--size", "4000", "--cell", "1024", "-q", "-o", out,
        ][..],
        &["tromino", "-k", "10", "--cell", "1024", "-q", "-o", out][..],
    ] {
        let err = crate::common::refused_before_work(args);
        assert!(err.contains("limit"), "{args:?}: {err}");
    }
    assert!(!Path::new(out).exists());
}

/// `--no-emphasis`: the search without the highlight and the ghost, each step changing one square
/// (at `--margin 0`, no caption): every frame after the first is exactly one cell, while the default
/// search has frames that span two squares (the highlight moving on).
#[test]
fn queens_without_emphasis_change_one_square_a_step() {
    let dir = tempdir();
    let args = [
        "queens",
        "-n",
        "6",
        "--until-solution",
        "1",
        "--cell",
        "20",
        "--margin",
        "0",
    ];
    let plain = gif(
        dir.path(),
        "plain.gif",
        &[&args[..], &["--no-emphasis"]].concat(),
    );
    assert!(plain.frames.len() > 20);
    for (i, f) in plain.frames.iter().enumerate().skip(1) {
        let (x, y, w, h) = f.rect;
        assert!(
            w >= 1 && h >= 1 && x / 20 == (x + w - 1) / 20 && y / 20 == (y + h - 1) / 20,
            "frame {i}: {:?} is more than one square",
            f.rect
        );
    }
    let emphasised = gif(dir.path(), "emph.gif", &args);
    assert!(
        emphasised.frames.iter().skip(1).any(|f| {
            let (x, y, w, h) = f.rect;
            x / 20 != (x + w - 1) / 20 || y / 20 != (y + h - 1) / 20
        }),
        "the default search's highlight moves from square to square"
    );
}
