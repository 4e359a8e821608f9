//! Depth-first search for the small pieces of a 4 x n tour: paths that together cover every square
//! of a 4-row block, each from a given square to a square one knight move from a given target (a
//! square of the neighbouring block, where the tour continues).

use crate::knight::MOVES;

/// A square in a block's own coordinates; targets may lie outside the block.
pub(super) type At = (i32, i32);

/// Where a path must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum End {
    /// Anywhere (the tour's last square).
    Any,
    /// On a square one knight move from this one, where the tour goes next.
    Toward(At),
}

impl End {
    fn accepts(self, at: At) -> bool {
        match self {
            End::Any => true,
            End::Toward(t) => knight_move(at, t),
        }
    }
}

/// One path of a cover: its first square and where it must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Leg {
    pub(super) from: At,
    pub(super) end: End,
}

fn knight_move(a: At, b: At) -> bool {
    let (dr, dc) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
}

/// Paths covering the 4 x `width` block, one per leg and in the legs' order, or `None` if the search
/// finds none within `budget` nodes.
pub(super) fn cover(width: i32, legs: &[Leg], budget: u64) -> Option<Vec<Vec<At>>> {
    let inside = |(r, c): At| (0..4).contains(&r) && (0..width).contains(&c);
    if legs.is_empty() || width <= 0 || !legs.iter().all(|leg| inside(leg.from)) {
        return None;
    }
    let cells = 4 * width as usize;
    let square = |i: usize| (i as i32 / width, i as i32 % width);
    // The neighbours of every square, listed once: the search reads them at every node.
    let neighbours = (0..cells)
        .map(|i| {
            let (r, c) = square(i);
            MOVES
                .iter()
                .map(|&(dr, dc)| (r + dr, c + dc))
                .filter(|&at| inside(at))
                .map(|(r, c)| (r * width + c) as usize)
                .collect()
        })
        .collect();
    let mut search = Cover {
        state: vec![State::Free; cells],
        neighbours,
        accepts: legs
            .iter()
            .map(|leg| (0..cells).map(|i| leg.end.accepts(square(i))).collect())
            .collect(),
        from: Vec::with_capacity(legs.len()),
        paths: vec![Vec::new(); legs.len()],
        free: cells,
        nodes: 0,
        budget,
    };
    for (i, leg) in legs.iter().enumerate() {
        let cell = (leg.from.0 * width + leg.from.1) as usize;
        if search.state[cell] != State::Free {
            return None; // two legs from one square
        }
        search.state[cell] = State::Reserved(i);
        search.from.push(cell);
        search.free -= 1;
    }
    search.begin(0).then(|| {
        search
            .paths
            .iter()
            .map(|path| path.iter().map(|&i| square(i)).collect())
            .collect()
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Free,
    /// The first square of this leg, not yet begun.
    Reserved(usize),
    Used,
}

/// The search's squares are indices `row * width + col`.
struct Cover {
    state: Vec<State>,
    neighbours: Vec<Vec<usize>>,
    /// For each leg, whether it may end on each square.
    accepts: Vec<Vec<bool>>,
    /// Each leg's first square.
    from: Vec<usize>,
    paths: Vec<Vec<usize>>,
    free: usize,
    nodes: u64,
    budget: u64,
}

impl Cover {
    fn free_degree(&self, at: usize) -> usize {
        self.neighbours[at]
            .iter()
            .filter(|&&n| self.state[n] == State::Free)
            .count()
    }

    fn begin(&mut self, leg: usize) -> bool {
        let cell = self.from[leg];
        self.state[cell] = State::Used;
        self.paths[leg].push(cell);
        if self.extend(leg) {
            return true;
        }
        self.paths[leg].pop();
        self.state[cell] = State::Reserved(leg);
        false
    }

    /// Continues leg `leg` from its last square.
    fn extend(&mut self, leg: usize) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            return false;
        }
        let head = *self.paths[leg].last().expect("a begun leg has a square");
        let last_leg = leg + 1 == self.from.len();
        if self.free == 0 {
            return last_leg && self.accepts[leg][head];
        }
        if !self.may_complete(leg, head) {
            return false;
        }
        // Warnsdorff's rule: the free neighbour with the fewest free neighbours first.
        let mut next: Vec<usize> = self.neighbours[head]
            .iter()
            .copied()
            .filter(|&n| self.state[n] == State::Free)
            .collect();
        next.sort_by_key(|&n| self.free_degree(n));
        for n in next {
            self.state[n] = State::Used;
            self.free -= 1;
            self.paths[leg].push(n);
            if self.extend(leg) {
                return true;
            }
            self.paths[leg].pop();
            self.free += 1;
            self.state[n] = State::Free;
        }
        // Or this leg ends here and the next one begins.
        !last_leg && self.accepts[leg][head] && self.begin(leg + 1)
    }

    /// False when some free square can no longer be reached (sound pruning only): every free square
    /// is entered from a free square, the head, or the first square of a later leg; in the last leg
    /// a free square with a single way in must be the end, so there can be only one.
    fn may_complete(&self, leg: usize, head: usize) -> bool {
        let last_leg = leg + 1 == self.from.len();
        let mut dead_ends = 0;
        for (at, _) in self
            .state
            .iter()
            .enumerate()
            .filter(|(_, &s)| s == State::Free)
        {
            let ways = self.neighbours[at]
                .iter()
                .filter(|&&n| match self.state[n] {
                    State::Free => true,
                    State::Reserved(later) => later > leg,
                    State::Used => n == head,
                })
                .count();
            if ways == 0 {
                return false;
            }
            if last_leg && ways == 1 {
                dead_ends += 1;
                if dead_ends > 1 || !self.accepts[leg][at] {
                    return false;
                }
            }
        }
        true
    }
}
