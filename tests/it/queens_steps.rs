//! The queens' search told step by step: the attack marks follow the queens on the board at every
//! state (no rule switches them all off or on at once), and a caption says each fact once.

use std::collections::BTreeSet;

use chessviz::queens::{self, QueensAdapter, QueensEvent, QueensMovie, QueensStyle};
use chessviz::{Adapter, Scene, Square, StepCaptions, Style};

/// The squares with an attack mark.
fn marked(scene: &Scene) -> BTreeSet<Square> {
    let n = scene.rows();
    (0..n)
        .flat_map(|r| (0..n).map(move |c| Square::new(r, c)))
        .filter(|&sq| scene.cell(sq).shaded)
        .collect()
}

/// The empty squares a queen of `rows` (row from the bottom per column, 0 = empty) attacks,
/// counted here from the rules of the n-queens problem, as scene squares (row 0 at the top).
fn attacked(rows: &[u32]) -> BTreeSet<Square> {
    let n = rows.len() as u32;
    let queens: Vec<(u32, u32)> = rows
        .iter()
        .enumerate()
        .filter(|(_, &r)| r != 0)
        .map(|(c, &r)| (c as u32 + 1, r))
        .collect();
    let mut out = BTreeSet::new();
    for col in 1..=n {
        for row in 1..=n {
            let empty = rows[col as usize - 1] != row;
            let hit = queens
                .iter()
                .any(|&(qc, qr)| qc == col || qr == row || qc.abs_diff(col) == qr.abs_diff(row));
            if empty && hit {
                out.insert(Square::new(n - row, col - 1));
            }
        }
    }
    out
}

#[test]
fn attack_marks_follow_the_queens_at_every_step_of_the_search() {
    for n in [4u32, 5, 6] {
        let look = QueensStyle {
            attacks: true,
            ..QueensStyle::default()
        };
        let mut adapter = QueensAdapter::new(n, look);
        let mut scene = adapter.first_scene();
        let mut rows = vec![0u32; n as usize];
        let mut before = marked(&scene);
        assert!(before.is_empty(), "{n}: the empty board has no mark");
        let (mut full_boards, mut largest) = (0, 0);
        for (i, event) in queens::search(n).unwrap().enumerate() {
            // The queen that moved, whose lines alone can change marks.
            let moved = match &event {
                QueensEvent::Place { col, row } => {
                    rows[*col as usize - 1] = *row;
                    Some((*col, *row))
                }
                QueensEvent::Remove { col, row } => {
                    rows[*col as usize - 1] = 0;
                    Some((*col, *row))
                }
                QueensEvent::Solution { solution, .. } => {
                    for (c, &r) in solution.rows().iter().enumerate() {
                        assert_eq!(rows[c], u32::from(r), "{n}: the solution is the board");
                    }
                    None
                }
            };
            adapter.apply(&mut scene, &event);
            let now = marked(&scene);
            assert_eq!(now, attacked(&rows), "{n}, event {}: marks", i + 1);
            if rows.iter().all(|&r| r != 0) {
                full_boards += 1;
                assert_eq!(
                    now.len() as u32,
                    n * n - n,
                    "{n}: a solution leaves no safe square"
                );
            }
            let changed: Vec<Square> = before.symmetric_difference(&now).copied().collect();
            largest = largest.max(changed.len());
            match moved {
                Some((col, row)) => {
                    let (qr, qc) = (n - row, col - 1);
                    for sq in &changed {
                        let on_line = sq.row == qr
                            || sq.col == qc
                            || sq.row.abs_diff(qr) == sq.col.abs_diff(qc);
                        assert!(
                            on_line,
                            "{n}, event {}: {sq:?} changed off the moved queen's lines",
                            i + 1
                        );
                    }
                }
                None => assert!(changed.is_empty(), "{n}: showing a solution moves no mark"),
            }
            before = now;
        }
        assert!(full_boards > 0, "{n}: the search reaches solutions");
        // At most the lines of one queen change in a step, never the whole board.
        assert!(
            largest <= 4 * (n as usize - 1),
            "{n}: {largest} marks at once"
        );
    }
}

/// Every caption a 6-queens run shows, as step captions over the search and over the slideshow of
/// solutions, and as the animation's own captions; drawn at 120 px so that the longest form fits.
fn captions() -> Vec<String> {
    let style = Style::new(120);
    let mut all = Vec::new();
    for movie in [QueensMovie::Search { until: None }, QueensMovie::Solutions] {
        let events: Vec<QueensEvent> = movie.events(6).unwrap().map(Result::unwrap).collect();
        for counted in [None, Some(events.len() as u64)] {
            let inner = QueensAdapter::for_animation(6, QueensStyle::default()).unwrap();
            let mut own = inner.clone();
            let mut steps = StepCaptions::new(inner, &style, counted);
            let mut scene = steps.first_scene();
            let mut plain = own.first_scene();
            all.extend(scene.caption().map(str::to_string));
            all.extend(plain.caption().map(str::to_string));
            for event in &events {
                steps.apply(&mut scene, event);
                own.apply(&mut plain, event);
                all.extend(scene.caption().map(str::to_string));
                all.extend(plain.caption().map(str::to_string));
            }
        }
    }
    all
}

#[test]
fn a_caption_says_each_fact_once() {
    let all = captions();
    // The four solutions of 6 queens are each captioned, with their number once.
    for i in 1..=4 {
        let fact = format!("Solution {i} of 4");
        assert!(all.iter().any(|c| c.contains(&fact)), "{fact} is shown");
    }
    for caption in &all {
        let lower = caption.to_lowercase();
        assert!(
            lower.matches("solution").count() <= 1,
            "'{caption}' says the solution twice"
        );
        let parts: Vec<&str> = lower.split([':', '\u{b7}']).map(str::trim).collect();
        let distinct: BTreeSet<&str> = parts.iter().copied().collect();
        assert_eq!(distinct.len(), parts.len(), "'{caption}' repeats a part");
    }
    // The step of a solution names it: "step 13: Solution 1 of 4".
    assert!(
        all.iter()
            .any(|c| c.starts_with("step ") && c.contains(": Solution 1 of 4")),
        "a solution's step says which solution"
    );
}
