//! N-queens positions as scenes: queens on a chessboard, attacked squares marked, a caption; in an
//! animation the queen just placed highlighted and a removed one shown as a ghost for one frame.

mod describe;
pub mod panel;
pub mod steps;

use crate::error::Result;
use crate::geom::Square;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Axes, Emphasis, Link, Piece, Scene};
use crate::solve::queens::count;
use crate::solve::queens::position::{solution_index, QueensPosition, MAX_INDEX_N};
use crate::solve::queens::{QueensEvent, Solution};
use crate::text::{chess_name, Lang, Phrase};

/// Options of a queens figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueensStyle {
    /// How a queen is drawn.
    pub piece: Piece,
    /// Mark the squares attacked by the queens on the board (a dot on the square's own colour), at
    /// every state of the search: on a full board (a solution) every empty square is marked.
    pub attacks: bool,
    /// On a position ([`position_scene`]): ring every queen that attacks another and join each
    /// attacking pair, without marking the attacked squares ([`QueensStyle::attacks`] does both).
    pub conflicts: bool,
    /// Draw the lines of attack of the queen on this square (scene coordinates, row 0 at the top)
    /// while one stands there: a line along its row, its column and both diagonals, each to the
    /// last square before the board's edge or to the first queen in the way, which it attacks (a
    /// queen behind that one is not attacked by it). On a position the queen and those it reaches
    /// are ringed as attacking pairs.
    pub attacks_of: Option<Square>,
    /// In the search, highlight the queen just placed and show the one just removed as a ghost, for
    /// one state each. Off, a step changes one square only (the Turbo C program's look), which keeps
    /// an animation of the search about a third of the size.
    pub emphasis: bool,
    /// The language of its captions.
    pub lang: Lang,
    /// The Turbo C screen: the caption is the program's counter, the number of the last solution
    /// found in two digits (`01` .. `92`; none before the first), drawn in the box of
    /// [`Style::caption_box`](crate::Style::caption_box); and the margin names no coordinates, as
    /// the program's screen does not.
    pub counter: bool,
}

impl Default for QueensStyle {
    fn default() -> Self {
        QueensStyle {
            piece: Piece::Crown,
            attacks: false,
            conflicts: false,
            attacks_of: None,
            emphasis: true,
            lang: Lang::En,
            counter: false,
        }
    }
}

/// The n-queens search drawn on an n x n board. Columns and rows are the Turbo C program's: column i
/// (1-based) left to right, row j (1-based) from the bottom. A `Solution` event shows its board
/// whatever stood before, so a stream of solutions alone is a slideshow.
///
/// Every state is captioned with what is true of it: a solution "Solution i" ("Solution i of T"
/// once [`QueensAdapter::with_total`] gave the total), any other state of the search "solutions
/// found: k" (k = 0 before the first). The queen a placement puts down is
/// [`Emphasis::Placed`] and the one a removal takes off stays as an [`Emphasis::Ghost`], both until
/// the next event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueensAdapter {
    style: QueensStyle,
    /// Row (1-based, from the bottom) of the queen in each column, 0 when empty.
    rows: Vec<u32>,
    /// The highest solution number seen so far.
    found: u64,
    /// The number of solutions, for "Solution i of T" captions.
    total: Option<u64>,
    /// The square emphasised by the last event (its emphasis lasts one state).
    emphasised: Option<Square>,
    /// The language of its captions.
    lang: Lang,
    /// The solution the board shows, while it shows one (its number).
    shown: Option<u64>,
    /// The caption of the position it was set to ([`position_scene`]), for its description.
    position: Option<String>,
}

/// The caption of a search state after `found` solutions, in `lang`.
pub fn found_caption_in(lang: Lang, found: u64) -> String {
    lang.say(Phrase::SolutionsFound, &[&found])
}

/// The Turbo C program's counter after `found` solutions: two digits at least (`01`), none
/// before the first solution.
pub fn counter_caption(found: u64) -> Option<String> {
    (found > 0).then(|| format!("{found:02}"))
}

/// The caption of the `index`-th solution in `lang`, of `total` when known.
pub fn solution_caption_in(lang: Lang, index: u64, total: Option<u64>) -> String {
    match total {
        Some(t) => lang.say(Phrase::SolutionOf, &[&index, &t]),
        None => lang.say(Phrase::Solution, &[&index]),
    }
}

impl QueensAdapter {
    /// The adapter of the n x n board.
    pub fn new(n: u32, style: QueensStyle) -> QueensAdapter {
        QueensAdapter {
            style,
            rows: vec![0; n as usize],
            found: 0,
            total: None,
            emphasised: None,
            lang: style.lang,
            shown: None,
            position: None,
        }
    }

    /// Captions solutions "Solution i of `total`" (when `Some`).
    pub fn with_total(mut self, total: Option<u64>) -> QueensAdapter {
        self.total = total;
        self
    }

    /// The adapter of an n-queens animation: solutions are captioned "Solution i of T" where the
    /// total is quick to count (up to [`MAX_INDEX_N`] queens), as the stills are.
    pub fn for_animation(n: u32, style: QueensStyle) -> crate::Result<QueensAdapter> {
        let total = if n <= MAX_INDEX_N {
            Some(crate::solve::queens::count(n)?)
        } else {
            None
        };
        Ok(QueensAdapter::new(n, style).with_total(total))
    }

    /// The event that shows `solution` as the `index`-th.
    pub fn show(solution: &Solution, index: u64) -> QueensEvent {
        QueensEvent::Solution {
            index,
            solution: solution.clone(),
        }
    }

    fn n(&self) -> u32 {
        self.rows.len() as u32
    }

    /// The caption of a search state after `found` solutions.
    fn found_caption(&self) -> Option<String> {
        if self.style.counter {
            return counter_caption(self.found);
        }
        Some(found_caption_in(self.lang, self.found))
    }

    /// The most solutions a caption counts: the total when known, else a two-digit count.
    fn widest_count(&self) -> u64 {
        self.total.unwrap_or(99)
    }

    /// The caption of the `index`-th solution.
    fn solution_caption(&self, index: u64) -> Option<String> {
        if self.style.counter {
            return counter_caption(index);
        }
        Some(solution_caption_in(self.lang, index, self.total))
    }

    /// The scene square of the queen in `col` at `row` (both 1-based, row from the bottom).
    fn square(&self, col: u32, row: u32) -> Square {
        Square::new(self.n() - row, col - 1)
    }

    /// Puts pieces and attack marks on the scene from `rows`. The marks follow the queens on the
    /// board at every state, a full board included (where every empty square is attacked): a
    /// rule that cleared them all on a full board made the search's animation drop every mark at
    /// once when the last queen landed and bring them all back when it left.
    fn refresh(&self, scene: &mut Scene) {
        let n = self.n();
        for c in 1..=n {
            for r in 1..=n {
                let has_queen = self.rows[c as usize - 1] == r;
                let shaded = self.style.attacks && !has_queen && self.attacked(c, r);
                let piece = has_queen.then_some(self.style.piece);
                scene.update_cell(self.square(c, r), |cell| {
                    cell.piece = piece;
                    cell.shaded = shaded;
                });
            }
        }
        if let Some(from) = self.style.attacks_of {
            let lines = self.lines_of_attack(from);
            scene.set_links(lines.iter().map(|&(a, b, _)| Link { a, b }).collect());
        }
    }

    /// The queen on `from` (scene square), if any.
    fn queen_on(&self, sq: Square) -> bool {
        let n = self.n();
        sq.row < n && sq.col < n && self.rows[sq.col as usize] == n - sq.row
    }

    /// The lines of attack of the queen on `from`, as (from, end, whether a queen stands on the
    /// end): one per direction with a square in it, empty when no queen stands on `from`.
    fn lines_of_attack(&self, from: Square) -> Vec<(Square, Square, bool)> {
        if !self.queen_on(from) {
            return Vec::new();
        }
        let n = i64::from(self.n());
        let mut lines = Vec::with_capacity(8);
        for (dr, dc) in [
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
        ] {
            let (mut r, mut c) = (i64::from(from.row), i64::from(from.col));
            let mut end = None;
            while (0..n).contains(&(r + dr)) && (0..n).contains(&(c + dc)) {
                (r, c) = (r + dr, c + dc);
                let sq = Square::new(r as u32, c as u32);
                end = Some(sq);
                if self.queen_on(sq) {
                    break;
                }
            }
            if let Some(end) = end {
                lines.push((from, end, self.queen_on(end)));
            }
        }
        lines
    }

    fn attacked(&self, col: u32, row: u32) -> bool {
        self.rows.iter().enumerate().any(|(i, &qr)| {
            let qc = i as u32 + 1;
            qr != 0 && (qc == col || qr == row || qc.abs_diff(col) == qr.abs_diff(row))
        })
    }

    /// Ends the emphasis of the previous event; a ghost leaves its square empty.
    fn clear_emphasis(&mut self, scene: &mut Scene) {
        if let Some(sq) = self.emphasised.take() {
            scene.update_cell(sq, |cell| {
                if cell.emphasis == Emphasis::Ghost {
                    cell.piece = None;
                }
                cell.emphasis = Emphasis::None;
            });
        }
    }

    fn emphasise(&mut self, scene: &mut Scene, sq: Square, emphasis: Emphasis) {
        let piece = self.style.piece;
        scene.update_cell(sq, |cell| {
            cell.piece = Some(piece);
            cell.emphasis = emphasis;
        });
        self.emphasised = Some(sq);
    }
}

impl Adapter for QueensAdapter {
    type Event = QueensEvent;

    /// An empty board with chess coordinates, captioned "solutions found: 0".
    fn first_scene(&mut self) -> Scene {
        self.rows.fill(0);
        self.found = 0;
        self.emphasised = None;
        self.shown = None;
        self.position = None;
        let n = self.n();
        let mut scene = Scene::checkerboard(n, n);
        scene.set_axes(if self.style.counter {
            Axes::None
        } else {
            Axes::Chess
        });
        scene.set_caption(self.found_caption());
        scene
    }

    /// A placement or removal is a step, captioned "solutions found: k"; a solution is held,
    /// captioned "Solution i" (of T when the total was given).
    fn apply(&mut self, scene: &mut Scene, event: &QueensEvent) -> Beat {
        self.clear_emphasis(scene);
        self.shown = match event {
            QueensEvent::Solution { index, .. } => Some(*index),
            _ => None,
        };
        match event {
            QueensEvent::Place { col, row } => {
                self.rows[*col as usize - 1] = *row;
                self.refresh(scene);
                if self.style.emphasis {
                    let sq = self.square(*col, *row);
                    self.emphasise(scene, sq, Emphasis::Placed);
                }
                scene.set_caption(self.found_caption());
                Beat::Step
            }
            QueensEvent::Remove { col, row } => {
                self.rows[*col as usize - 1] = 0;
                self.refresh(scene);
                if self.style.emphasis {
                    let sq = self.square(*col, *row);
                    self.emphasise(scene, sq, Emphasis::Ghost);
                }
                scene.set_caption(self.found_caption());
                Beat::Step
            }
            QueensEvent::Solution { index, solution } => {
                for (c, &r) in solution.rows().iter().enumerate() {
                    self.rows[c] = u32::from(r);
                }
                self.found = self.found.max(*index);
                self.refresh(scene);
                scene.set_caption(self.solution_caption(*index));
                Beat::Milestone
            }
        }
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            tile_colors: 0,
            max_label: 0,
            caption: true,
        }
    }

    /// "queen placed on c5", "queen removed from c5", and a solution as its caption says it
    /// ("Solution 3 of 92"), which a step's caption then says once ([`crate::StepCaptions`]).
    fn describe(&self, event: &QueensEvent) -> Option<String> {
        let n = self.n();
        Some(match event {
            QueensEvent::Place { col, row } => {
                let square = chess_name(self.square(*col, *row), n);
                self.lang.say(Phrase::QueenPlaced, &[&square])
            }
            QueensEvent::Remove { col, row } => {
                let square = chess_name(self.square(*col, *row), n);
                self.lang.say(Phrase::QueenRemoved, &[&square])
            }
            QueensEvent::Solution { index, .. } => {
                solution_caption_in(self.lang, *index, self.total)
            }
        })
    }

    /// Each wording at the far corner's name, and the last solution's caption.
    fn widest_step_words(&self) -> Vec<String> {
        let n = self.n();
        let far = chess_name(Square::new(0, n.saturating_sub(1)), n);
        vec![
            self.lang.say(Phrase::QueenPlaced, &[&far]),
            self.lang.say(Phrase::QueenRemoved, &[&far]),
            solution_caption_in(self.lang, self.widest_count(), self.total),
        ]
    }

    /// "solutions found" with the most solutions there are (or a two-digit count unknown).
    fn widest_own_captions(&self) -> Vec<String> {
        let found = self.widest_count();
        vec![
            found_caption_in(self.lang, found),
            solution_caption_in(self.lang, found, self.total),
        ]
    }

    /// The queens' squares in column order and what the search has found: "8-queens search;
    /// columns a to f hold a1 b3 c6 d8 e2 f4; no solution yet", or for a solution "8-queens board,
    /// Solution 1 of 92; queens on a1 b5 c8 d6 e3 f7 g2 h4, no two attack each other".
    fn description(&self, _scene: &Scene) -> Option<crate::scene::Description> {
        if let Some(caption) = &self.position {
            return Some(describe::describe_position(self.lang, &self.rows, caption));
        }
        // Solution 0: a solution of a board too large to number.
        let solution = self.shown.map(|index| match index {
            0 => self.lang.say(Phrase::ASolutionOf, &[&self.n()]),
            _ => solution_caption_in(self.lang, index, self.total),
        });
        Some(describe::describe_queens(
            self.lang, &self.rows, solution, self.found,
        ))
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }
}

/// A position drawn as the search would show it: its queens, with `look.attacks` the empty squares
/// they attack marked, and with `look.attacks` or `look.conflicts` every
/// attacking pair ringed ([`Emphasis::Conflict`]) and joined by a [`Link`](crate::scene::Link);
/// captioned by [`position_caption`].
///
/// ```
/// use chessviz::queens::{position_scene, QueensPosition, QueensStyle};
///
/// // Queens on a1, c3 and e5: one diagonal, three attacking pairs.
/// let position = QueensPosition::new(vec![1, 0, 3, 0, 5, 0, 0, 0])?;
/// let look = QueensStyle { attacks: true, ..QueensStyle::default() };
/// let (scene, _hints) = position_scene(&position, look)?;
/// assert_eq!(scene.links().len(), 3);
/// assert_eq!(scene.caption(), Some("3 queens, 3 attacking pairs"));
/// # Ok::<(), chessviz::Error>(())
/// ```
pub fn position_scene(
    position: &QueensPosition,
    look: QueensStyle,
) -> Result<(Scene, RenderHints)> {
    let mut adapter = QueensAdapter::new(position.n(), look);
    let mut scene = adapter.first_scene();
    adapter.rows.copy_from_slice(position.rows());
    adapter.refresh(&mut scene);
    let mut links = Vec::new();
    let mut ringed = Vec::new();
    if look.attacks || look.conflicts {
        let at = |col: u32| adapter.square(col, position.rows()[col as usize - 1]);
        for (a, b) in position.attacking_pairs() {
            links.push(Link { a: at(a), b: at(b) });
            ringed.extend([at(a), at(b)]);
        }
    }
    if let Some(from) = look.attacks_of {
        for (a, b, queen) in adapter.lines_of_attack(from) {
            // A line that ends on a queen is the link of an attacking pair, drawn once.
            let pair = |l: &Link| (l.a, l.b) == (a, b) || (l.a, l.b) == (b, a);
            if !links.iter().any(pair) {
                links.push(Link { a, b });
            }
            if queen {
                ringed.extend([a, b]);
            }
        }
    }
    for sq in ringed {
        scene.update_cell(sq, |cell| cell.emphasis = Emphasis::Conflict);
    }
    scene.set_links(links);
    let caption = match (look.counter, position.solution()) {
        (true, Some(solution)) if solution.n() <= MAX_INDEX_N => {
            counter_caption(solution_index(&solution)?)
        }
        (true, _) => None,
        (false, _) => Some(position_caption_in(look.lang, position)?),
    };
    adapter.position = Some(position_caption_in(look.lang, position)?);
    scene.set_description(adapter.description(&scene));
    scene.set_caption(caption);
    Ok((scene, adapter.hints()))
}

/// What a position is: a solution "Solution i of T" as the search numbers it (up to
/// [`MAX_INDEX_N`] queens; "A solution of n queens" beyond), otherwise its queens and attacking
/// pairs: "5 queens, 2 attacking pairs", "3 queens, none attacking", "no queens".
pub fn position_caption(position: &QueensPosition) -> Result<String> {
    position_caption_in(Lang::En, position)
}

/// [`position_caption`] in `lang`.
pub fn position_caption_in(lang: Lang, position: &QueensPosition) -> Result<String> {
    if let Some(solution) = position.solution() {
        let n = solution.n();
        if n > MAX_INDEX_N {
            return Ok(lang.say(Phrase::ASolutionOf, &[&n]));
        }
        let index = solution_index(&solution)?;
        return Ok(solution_caption_in(lang, index, Some(count(n)?)));
    }
    let q = position.queens();
    let p = position.attacking_pairs().len();
    Ok(match (q, p) {
        (0, _) => lang.say(Phrase::NoQueens, &[]),
        (1, _) => lang.say(Phrase::OneQueen, &[]),
        (_, 0) => lang.say(Phrase::QueensNoneAttacking, &[&q]),
        (_, 1) => lang.say(Phrase::QueensOnePair, &[&q]),
        _ => lang.say(Phrase::QueensPairs, &[&q, &p]),
    })
}
