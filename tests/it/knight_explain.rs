//! Why the knight moves: the candidates reported on every move are recounted here on a board
//! replayed from the events, the degree matrix is recomputed square by square, and plain
//! backtracking is checked against a recursive search written below.

use chessviz::knight::{
    is_knight_path, ChoiceRule, KnightChoice, KnightDegrees, KnightEvent, KnightProblem, Method,
    Ties, MOVES,
};
use chessviz::text::Lang;
use chessviz::text::{
    chess_name, knight_event_line, knight_explained_line, numbered, write_degree_matrix,
};
use chessviz::{Error, Square};

fn problem(rows: u32, cols: u32, r: u32, c: u32) -> KnightProblem {
    KnightProblem::new(rows, cols, Square::new(r, c)).expect("valid board and start")
}

/// The on-board squares a knight move from (r, c), as (move index, square).
fn targets(rows: u32, cols: u32, sq: Square) -> Vec<(usize, Square)> {
    let mut out = Vec::new();
    for (m, &(dr, dc)) in MOVES.iter().enumerate() {
        let (r, c) = (
            i64::from(sq.row) + i64::from(dr),
            i64::from(sq.col) + i64::from(dc),
        );
        if (0..i64::from(rows)).contains(&r) && (0..i64::from(cols)).contains(&c) {
            out.push((m, Square::new(r as u32, c as u32)));
        }
    }
    out
}

fn adjacent(a: Square, b: Square) -> bool {
    let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
}

/// A candidate as recounted here: (move index, square, onward, weight).
type Recount = (usize, Square, u8, u8);

/// The free targets of `from` on `board` with their free onward targets, ranked as `rule` ranks them.
fn recount(p: &KnightProblem, board: &[u32], from: Square, rule: ChoiceRule) -> Vec<Recount> {
    let (rows, cols) = (p.rows(), p.cols());
    let free = |sq: Square| board[(sq.row * cols + sq.col) as usize] == 0;
    let mut list: Vec<Recount> = targets(rows, cols, from)
        .into_iter()
        .filter(|&(_, sq)| free(sq))
        .map(|(m, sq)| {
            let onward = targets(rows, cols, sq)
                .into_iter()
                .filter(|&(_, n)| free(n))
                .count() as u8;
            let weight = onward + u8::from(p.is_closed() && adjacent(sq, p.start()));
            (m, sq, onward, weight)
        })
        .collect();
    // Doubled distances keep an even board's centre on the grid.
    let far = |sq: Square, (r, c): (i64, i64)| {
        let (dr, dc) = (i64::from(sq.row) * 2 - r, i64::from(sq.col) * 2 - c);
        -(dr * dr + dc * dc)
    };
    let centre = (i64::from(rows) - 1, i64::from(cols) - 1);
    let start = (i64::from(p.start().row) * 2, i64::from(p.start().col) * 2);
    match rule {
        ChoiceRule::MoveOrder => {}
        ChoiceRule::Warnsdorff(Ties::MoveOrder) => list.sort_by_key(|&(m, _, _, w)| (w, 0, m)),
        ChoiceRule::Warnsdorff(Ties::FarFromCentre) => {
            list.sort_by_key(|&(m, sq, _, w)| (w, far(sq, centre), m))
        }
        ChoiceRule::Warnsdorff(Ties::FarFromStart) => {
            list.sort_by_key(|&(m, sq, _, w)| (w, far(sq, start), m))
        }
        other => panic!("unexpected rule {other:?}"),
    }
    list
}

/// Replays the explained trace of `p` and checks every choice against a recount on the replayed
/// board; returns the number of moves checked and of retreats.
fn check_choices(p: &KnightProblem, rule: ChoiceRule) -> (u64, u64) {
    let (rows, cols) = (p.rows(), p.cols());
    let mut board = vec![0u32; (rows * cols) as usize];
    let mut path: Vec<Square> = Vec::new();
    // tried[k]: how many candidates the square numbered k + 1 has moved to so far.
    let mut tried: Vec<usize> = Vec::new();
    let (mut checked, mut retreats) = (0, 0);
    let plain = p.trace().expect("tour exists");
    let explained = p.trace().expect("tour exists").with_choices();
    for (index, (plain, explained)) in plain.zip(explained).enumerate() {
        let (event, choice) = match (plain, explained) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b.event, "event {} differs when explained", index + 1);
                (a, b.choice)
            }
            (a, b) => panic!("event {}: {a:?} / {b:?}", index + 1),
        };
        match event {
            KnightEvent::Move { step, square } => {
                if let Some(&from) = path.last() {
                    let choice = choice.unwrap_or_else(|| panic!("move {step} has no choice"));
                    check_choice(p, &board, from, &choice, rule, tried[path.len() - 1]);
                    assert_eq!(choice.chosen().square, square);
                    *tried.last_mut().expect("a frame") += 1;
                    let expected = line_from_recount(step, square, &choice);
                    assert_eq!(
                        numbered(
                            index as u64 + 1,
                            &knight_explained_line(&event, Some(&choice))
                        ),
                        format!("{}: {expected}", index + 1)
                    );
                    checked += 1;
                } else {
                    assert!(choice.is_none(), "the first square is not chosen");
                }
                board[(square.row * cols + square.col) as usize] = step;
                path.push(square);
                tried.push(0);
            }
            KnightEvent::Retreat { square, .. } => {
                assert!(choice.is_none());
                assert_eq!(path.pop(), Some(square));
                tried.pop();
                board[(square.row * cols + square.col) as usize] = 0;
                retreats += 1;
            }
        }
    }
    assert!(is_knight_path(rows, cols, &path));
    (checked, retreats)
}

fn check_choice(
    p: &KnightProblem,
    board: &[u32],
    from: Square,
    choice: &KnightChoice,
    rule: ChoiceRule,
    tried_before: usize,
) {
    assert_eq!(choice.from(), from);
    assert_eq!(choice.rule(), rule);
    let expected: Vec<(Square, u8, u8)> = recount(p, board, from, rule)
        .into_iter()
        .map(|(_, sq, onward, weight)| (sq, onward, weight))
        .collect();
    let got: Vec<(Square, u8, u8)> = choice
        .candidates()
        .iter()
        .map(|c| (c.square, c.onward, c.weight))
        .collect();
    assert_eq!(got, expected, "candidates from {from}");
    assert_eq!(choice.chosen_index(), tried_before, "choice from {from}");
    if tried_before == 0 && matches!(rule, ChoiceRule::Warnsdorff(_)) {
        assert_eq!(choice.chosen().weight, choice.fewest(), "from {from}");
    }
}

/// The trace line built from the choice's own fields in the documented format.
fn line_from_recount(step: u32, square: Square, choice: &KnightChoice) -> String {
    let mut line = format!("move {step} {square} (candidates");
    for c in choice.candidates() {
        line += &format!(" {}:{}", c.square, c.onward);
        if c.weight != c.onward {
            line += &format!("+{}", c.weight - c.onward);
        }
    }
    if choice.chosen_index() > 0 {
        line += &format!("; choice {}", choice.chosen_index() + 1);
    }
    line + ")"
}

#[test]
fn candidates_and_their_counts_match_a_recount_on_every_move() {
    let warnsdorff = |t| ChoiceRule::Warnsdorff(t);
    // (rows, cols, start, closed, rule, retreats expected to be nonzero)
    let cases = [
        (5, 5, (0, 0), false, warnsdorff(Ties::MoveOrder), false),
        (8, 8, (0, 0), false, warnsdorff(Ties::MoveOrder), false),
        (8, 8, (5, 4), false, warnsdorff(Ties::MoveOrder), true),
        (5, 6, (1, 3), false, warnsdorff(Ties::MoveOrder), true),
        (6, 6, (5, 3), true, warnsdorff(Ties::MoveOrder), true),
        (
            10,
            10,
            (0, 0),
            false,
            warnsdorff(Ties::FarFromCentre),
            false,
        ),
        (9, 12, (4, 5), false, warnsdorff(Ties::FarFromCentre), false),
        (10, 10, (0, 0), true, warnsdorff(Ties::FarFromStart), false),
    ];
    for (rows, cols, (r, c), closed, rule, retreating) in cases {
        let p = problem(rows, cols, r, c)
            .closed(closed)
            .method(Method::Warnsdorff);
        let (checked, retreats) = check_choices(&p, rule);
        assert_eq!(checked, u64::from(rows * cols - 1) + retreats);
        if retreating {
            assert!(retreats > 0, "{rows} x {cols} from {r},{c} should retreat");
        }
    }
    // Plain backtracking: candidates in move order, the first untried one taken.
    for (rows, cols, r, c) in [(5, 5, 0, 0), (5, 5, 2, 2), (6, 6, 1, 1)] {
        let p = problem(rows, cols, r, c).method(Method::Backtrack);
        let (_, retreats) = check_choices(&p, ChoiceRule::MoveOrder);
        assert!(retreats > 0);
    }
}

#[test]
fn the_default_method_explains_the_textbook_tour() {
    let p = problem(8, 8, 0, 0);
    let events: Vec<_> = p
        .trace()
        .expect("tour")
        .with_choices()
        .collect::<Result<_, _>>()
        .expect("events");
    assert_eq!(events.len(), 64);
    assert_eq!(knight_event_line(&events[0].event), "move 1 0,0");
    assert_eq!(knight_explained_line(&events[0].event, None), "move 1 0,0");
    // From the corner: 1,2 and 2,1, each with 5 free moves once 0,0 is taken; the tie goes to the
    // earlier move, (+1,+2).
    let first = events[1].choice.expect("chosen");
    assert_eq!(
        knight_explained_line(&events[1].event, Some(&first)),
        "move 2 1,2 (candidates 1,2:5 2,1:5)"
    );
    // The captions of these choices are checked beside their writer (text/knight_explain).
}

#[test]
fn the_degree_matrix_matches_a_recount_for_5_to_12() {
    for rows in 5..=12u32 {
        for cols in 5..=12u32 {
            let degrees = KnightDegrees::new(rows, cols).expect("valid");
            let mut expected = String::new();
            for r in 0..rows as i64 {
                let row: Vec<String> = (0..cols as i64)
                    .map(|c| {
                        let mut n = 0;
                        for dr in -2i64..=2 {
                            for dc in -2i64..=2 {
                                let (rr, cc) = (r + dr, c + dc);
                                if (dr * dc).abs() == 2
                                    && (0..rows as i64).contains(&rr)
                                    && (0..cols as i64).contains(&cc)
                                {
                                    n += 1;
                                }
                            }
                        }
                        assert_eq!(degrees.at(Square::new(r as u32, c as u32)), n);
                        n.to_string()
                    })
                    .collect();
                expected += &(row.join(" ") + "\n");
            }
            let mut text = Vec::new();
            write_degree_matrix(&mut text, &degrees).expect("written");
            assert_eq!(String::from_utf8(text).expect("utf-8"), expected);
            assert_eq!(problem(rows, cols, 0, 0).degrees(), degrees);
        }
    }
    let mut text = Vec::new();
    write_degree_matrix(&mut text, &KnightDegrees::new(8, 8).expect("valid")).expect("written");
    let text = String::from_utf8(text).expect("utf-8");
    assert!(
        text.starts_with("2 3 4 4 4 4 3 2\n3 4 6 6 6 6 4 3\n"),
        "{text}"
    );
    assert!(matches!(
        KnightDegrees::new(0, 8),
        Err(Error::Invalid { .. })
    ));
}

/// Plain recursive backtracking in the textbook's move order: the numbering it ends with (if it
/// finds a tour within `budget` retreats) and how many squares it backed out of.
fn recursive_backtracking(
    rows: u32,
    cols: u32,
    start: Square,
    budget: u64,
) -> (Option<Vec<u32>>, u64) {
    fn go(
        rows: u32,
        cols: u32,
        board: &mut [u32],
        sq: Square,
        step: u32,
        retreats: &mut u64,
        budget: u64,
    ) -> Option<bool> {
        board[(sq.row * cols + sq.col) as usize] = step;
        if step == rows * cols {
            return Some(true);
        }
        for (_, next) in targets(rows, cols, sq) {
            if board[(next.row * cols + next.col) as usize] == 0
                && go(rows, cols, board, next, step + 1, retreats, budget)?
            {
                return Some(true);
            }
        }
        if *retreats == budget {
            return None;
        }
        board[(sq.row * cols + sq.col) as usize] = 0;
        *retreats += 1;
        Some(false)
    }
    let mut board = vec![0; (rows * cols) as usize];
    let mut retreats = 0;
    let found = go(rows, cols, &mut board, start, 1, &mut retreats, budget);
    (found.filter(|&f| f).map(|_| board), retreats)
}

#[test]
fn plain_backtracking_matches_a_recursive_search_and_finds_valid_tours() {
    for (rows, cols, r, c) in [
        (5, 5, 0, 0),
        (5, 5, 2, 2),
        (5, 5, 0, 4),
        (6, 6, 0, 0),
        (6, 6, 1, 1),
        (6, 6, 3, 0),
        (3, 4, 0, 0),
        (5, 6, 0, 0),
    ] {
        let start = Square::new(r, c);
        let p = problem(rows, cols, r, c).method(Method::Backtrack);
        let tour = p.solve().expect("a tour exists");
        assert!(
            is_knight_path(rows, cols, &tour.path()),
            "{rows} x {cols} from {r},{c}"
        );
        assert_eq!(tour.path()[0], start);
        let (board, retreats) = recursive_backtracking(rows, cols, start, u64::MAX);
        assert_eq!(
            Some(tour.steps().to_vec()),
            board,
            "{rows} x {cols} from {r},{c}"
        );
        assert_eq!(tour.retreats(), retreats, "{rows} x {cols} from {r},{c}");
        // The trace has every move and retreat, and the dry count knows how many before any work.
        let events = u64::from(rows * cols) + 2 * retreats;
        assert_eq!(p.trace().expect("trace").count() as u64, events);
        assert_eq!(p.count_steps(events).expect("count"), Some(events));
        assert_eq!(p.count_steps(events - 1).expect("count"), None);
    }
}

#[test]
fn plain_backtracking_on_the_corner_of_5x5_backs_out_16_times() {
    // The smallest case of the documented table, with its own recursive count.
    let (board, retreats) = recursive_backtracking(5, 5, Square::new(0, 0), u64::MAX);
    assert!(board.is_some());
    let tour = problem(5, 5, 0, 0)
        .method(Method::Backtrack)
        .solve()
        .expect("tour");
    assert_eq!((tour.retreats(), retreats), (16, 16));
}

#[test]
fn plain_backtracking_stops_at_its_budget_and_the_count_stops_at_its_limit() {
    // 6 x 6 from 1,0 takes over 150 million retreats: both stop early.
    let p = problem(6, 6, 1, 0)
        .method(Method::Backtrack)
        .max_retreats(1_000);
    let (board, retreats) = recursive_backtracking(6, 6, Square::new(1, 0), 1_000);
    assert_eq!((board, retreats), (None, 1_000));
    match p.solve() {
        Err(Error::Budget(msg)) => assert!(msg.contains("1000 retreats"), "{msg}"),
        other => panic!("expected a budget error, got {other:?}"),
    }
    let events: Vec<_> = p.trace().expect("trace").collect();
    let backed = events
        .iter()
        .filter(|e| matches!(e, Ok(KnightEvent::Retreat { .. })))
        .count();
    assert_eq!(backed, 1_000);
    assert!(matches!(events.last(), Some(Err(Error::Budget(_)))));
    let unbounded = problem(6, 6, 1, 0).method(Method::Backtrack);
    assert_eq!(unbounded.count_steps(200_000).expect("count"), None);
    // Warnsdorff's rule needs few retreats here: its count is exact.
    let warnsdorff = problem(6, 6, 1, 0).method(Method::Warnsdorff);
    let tour = warnsdorff.solve().expect("tour");
    assert_eq!(
        warnsdorff.count_steps(200_000).expect("count"),
        Some(36 + 2 * tour.retreats())
    );
}

/// The explaining adapter's captions speak the figure's language and name squares as its margin
/// does: on 8 x 8 from a1, under chess coordinates and in Chinese, the first state's caption names
/// the square chosen next in chess notation (never as ROW,COL), and the finished tour's caption is
/// Chinese too.
#[test]
fn explaining_captions_follow_the_language_and_the_coordinates() {
    use chessviz::knight::{explain_steps, KnightAdapter, KnightExplainAdapter};
    use chessviz::{Adapter, Axes, Style};
    let p = problem(8, 8, 7, 0);
    let mut inner = KnightAdapter::new(8, 8).narrated(100, false);
    inner.set_lang(Lang::Zh);
    let mut adapter = KnightExplainAdapter::new(inner, &Style::new(48));
    adapter.name_squares(Axes::Chess);
    let mut scene = adapter.first_scene();
    let steps: Vec<_> = explain_steps(p.trace().expect("tour").with_choices())
        .collect::<Result<_, _>>()
        .expect("steps");
    let mut captions = Vec::new();
    for step in &steps {
        adapter.apply(&mut scene, step);
        captions.push(scene.caption().unwrap_or_default().to_string());
    }
    // After the start (a1) the first choice is among b3 and c2.
    let first = &captions[0];
    assert!(first.contains("个候选"), "{first}");
    let chosen = steps[1].event;
    let KnightEvent::Move { square, .. } = chosen else {
        panic!("the second event is a move")
    };
    let name = chess_name(square, 8);
    assert!(first.contains(&name), "{first} should name {name}");
    assert!(
        !first.contains(&square.to_string()),
        "{first} names ROW,COL"
    );
    let last = captions.last().expect("captions");
    assert!(last.starts_with("周游完成"), "{last}");
}
