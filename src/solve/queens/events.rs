//! How long the full search is, known without running it.

use super::count;
pub use crate::solve::KnownEvents;
use crate::Result;

/// Placements the search makes on an n x n board (the nodes of its backtracking tree but the root),
/// for n = 0..=15. Measured once with a separate bitmask counter; the tests re-count n <= 11 from
/// [`search`](super::search) itself. The tree grows about 6x per step (n = 16 makes 1 141 190 302).
const PLACEMENTS: [u64; 16] = [
    0, 1, 2, 5, 16, 53, 152, 551, 2056, 8393, 35538, 166925, 856188, 4674889, 27358552, 171129071,
];

/// The events of the full search of n queens (every placement, its removal, and every solution),
/// as [`search`](super::search) yields them, when known without playing them:
/// `Known::Exactly` for n <= 15, and above that `Known::AtLeast` the count of 15 (the search
/// only grows with n), so that a caller can refuse a run over its budget at once.
pub fn search_events(n: u32) -> Result<KnownEvents> {
    Ok(match PLACEMENTS.get(n as usize) {
        Some(&placed) => KnownEvents::Exactly(2 * placed + count(n)?),
        None => KnownEvents::AtLeast(2 * PLACEMENTS[15]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_counts_are_those_of_the_search() {
        for n in 1..=11 {
            let played = super::super::search(n).unwrap().count() as u64;
            assert_eq!(
                search_events(n).unwrap(),
                KnownEvents::Exactly(played),
                "n = {n}"
            );
        }
        assert_eq!(search_events(8).unwrap(), KnownEvents::Exactly(4204));
        assert!(matches!(search_events(16).unwrap(), KnownEvents::AtLeast(k) if k > 300_000_000));
    }
}
