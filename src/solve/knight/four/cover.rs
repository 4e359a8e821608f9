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
    if legs.is_empty() || !legs.iter().all(|leg| inside(leg.from)) {
        return None;
    }
    let mut search = Cover {
        width,
        state: vec![State::Free; 4 * width as usize],
        legs: legs.to_vec(),
        paths: vec![Vec::new(); legs.len()],
        free: 4 * width as usize,
        nodes: 0,
        budget,
    };
    for (i, leg) in legs.iter().enumerate() {
        let cell = search.index(leg.from);
        if search.state[cell] != State::Free {
            return None; // two legs from one square
        }
        search.state[cell] = State::Reserved(i);
        search.free -= 1;
    }
    search.begin(0).then_some(search.paths)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Free,
    /// The first square of this leg, not yet begun.
    Reserved(usize),
    Used,
}

struct Cover {
    width: i32,
    state: Vec<State>,
    legs: Vec<Leg>,
    paths: Vec<Vec<At>>,
    free: usize,
    nodes: u64,
    budget: u64,
}

impl Cover {
    fn index(&self, (r, c): At) -> usize {
        (r * self.width + c) as usize
    }

    fn neighbours(&self, (r, c): At) -> impl Iterator<Item = At> + '_ {
        MOVES
            .iter()
            .map(move |&(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..4).contains(&r) && (0..self.width).contains(&c))
    }

    fn free_degree(&self, at: At) -> usize {
        self.neighbours(at)
            .filter(|&n| self.state[self.index(n)] == State::Free)
            .count()
    }

    fn begin(&mut self, leg: usize) -> bool {
        let from = self.legs[leg].from;
        let cell = self.index(from);
        self.state[cell] = State::Used;
        self.paths[leg].push(from);
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
        let last_leg = leg + 1 == self.legs.len();
        if self.free == 0 {
            return last_leg && self.legs[leg].end.accepts(head);
        }
        if !self.may_complete(leg, head) {
            return false;
        }
        // Warnsdorff's rule: the free neighbour with the fewest free neighbours first.
        let mut next: Vec<At> = self
            .neighbours(head)
            .filter(|&n| self.state[self.index(n)] == State::Free)
            .collect();
        next.sort_by_key(|&n| self.free_degree(n));
        for n in next {
            let cell = self.index(n);
            self.state[cell] = State::Used;
            self.free -= 1;
            self.paths[leg].push(n);
            if self.extend(leg) {
                return true;
            }
            self.paths[leg].pop();
            self.free += 1;
            self.state[cell] = State::Free;
        }
        // Or this leg ends here and the next one begins.
        !last_leg && self.legs[leg].end.accepts(head) && self.begin(leg + 1)
    }

    /// False when some free square can no longer be reached (sound pruning only): every free square
    /// is entered from a free square, the head, or the first square of a later leg; in the last leg
    /// a free square with a single way in must be the end, so there can be only one.
    fn may_complete(&self, leg: usize, head: At) -> bool {
        let last_leg = leg + 1 == self.legs.len();
        let mut dead_ends = 0;
        for r in 0..4 {
            for c in 0..self.width {
                if self.state[self.index((r, c))] != State::Free {
                    continue;
                }
                let ways = self
                    .neighbours((r, c))
                    .filter(|&n| match self.state[self.index(n)] {
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
                    if dead_ends > 1 || !self.legs[leg].end.accepts((r, c)) {
                        return false;
                    }
                }
            }
        }
        true
    }
}
