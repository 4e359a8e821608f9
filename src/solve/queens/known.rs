//! The numbers of solutions, known without searching: OEIS A000170 (every solution) and A002562
//! (fundamental solutions, one per class of rotations and reflections), known up to n = 27. A
//! solution number past the last is refused from them at once, where finding out by walking the
//! solutions would take minutes (n = 17) or years (n = 27).

use crate::{Error, InvalidKind, Result};

/// The largest board whose numbers of solutions are known (OEIS A000170, A002562).
pub const MAX_KNOWN_N: u32 = 27;

/// A000170: solutions of n queens, n = 1..=27.
const SOLUTIONS: [u64; MAX_KNOWN_N as usize] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// A002562: fundamental solutions of n queens, n = 1..=27.
const FUNDAMENTAL: [u64; MAX_KNOWN_N as usize] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

fn index(n: u32) -> Result<usize> {
    if n == 0 || n > MAX_KNOWN_N {
        return Err(Error::invalid(
            InvalidKind::BoardSize,
            format!("the numbers of solutions are known for n from 1 to {MAX_KNOWN_N}, not {n}"),
        ));
    }
    Ok(n as usize - 1)
}

/// How many solutions n queens have, from the table (OEIS A000170), for 1 <= n <= [`MAX_KNOWN_N`];
/// the same number [`count`](super::count) finds by searching.
pub fn known_count(n: u32) -> Result<u64> {
    Ok(SOLUTIONS[index(n)?])
}

/// How many fundamental solutions n queens have (OEIS A002562), for 1 <= n <= [`MAX_KNOWN_N`]; the
/// same number [`count_unique`](super::count_unique) finds by searching.
pub fn known_unique_count(n: u32) -> Result<u64> {
    Ok(FUNDAMENTAL[index(n)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_agree_with_the_search_and_stop_at_27() {
        for n in 1..=11 {
            assert_eq!(
                known_count(n).unwrap(),
                super::super::count(n).unwrap(),
                "n = {n}"
            );
            assert_eq!(
                known_unique_count(n).unwrap(),
                super::super::count_unique(n).unwrap(),
                "n = {n}"
            );
        }
        assert_eq!(known_count(17).unwrap(), 95_815_104);
        assert_eq!(known_count(27).unwrap(), 234_907_967_154_122_528);
        for n in [0, 28, 32] {
            let e = known_count(n).unwrap_err();
            assert_eq!(e.invalid_kind(), Some(InvalidKind::BoardSize));
            assert!(known_unique_count(n).is_err());
        }
        // Each fundamental solution stands for at most 8 solutions, and at least 1.
        for n in 1..=MAX_KNOWN_N as usize {
            assert!(FUNDAMENTAL[n - 1] <= SOLUTIONS[n - 1]);
            assert!(SOLUTIONS[n - 1] <= 8 * FUNDAMENTAL[n - 1]);
        }
    }
}
