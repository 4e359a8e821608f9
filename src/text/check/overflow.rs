//! Numbers wider than their `printf` column: `%3d` prints 1365 as `1365`, four characters where the
//! others take three, so a row of a 64 x 64 tiling reads `1365  5  61366`. Each field is either
//! exactly the column's width (spaces, then digits) or only digits, longer; the spaces before a run
//! of digits belong to its first field. A run splits into numbers in few ways, and the row's length
//! and the largest number the board allows leave one in most rows; the rest are settled by their
//! neighbours (a tile's squares lie in one 2 x 2 block, a step is a knight's move from the next).
//! A row left with two readings is refused, naming its line and the width that would print it.

use std::collections::HashMap;

use super::row::{decimal_width, Number, Row};
use super::words::{text, CheckPhrase, Said};
use crate::error::Result;

/// What the numbers are, for the neighbours' test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// Tile numbers: the squares of a tile lie in one 2 x 2 block.
    Tiles,
    /// Step numbers: step v is a knight's move from steps v - 1 and v + 1.
    Steps,
}

/// At most this many readings of one line are weighed (a run of digits splits in few ways).
const MAX_READINGS: usize = 64;

/// One reading of a line: its numbers with their columns (from 1).
type Reading = Vec<(u64, usize)>;

/// The rows of `lines` read as `%wd` columns, `count` numbers a row, none above `max`; `Ok(None)`
/// when no width reads every line so; an error for a line left with two readings.
pub(super) fn read(
    lines: &[(usize, &str)],
    count: usize,
    max: u64,
    rule: Rule,
) -> Result<Option<Vec<Row>>> {
    if lines.iter().any(|(_, l)| !l.is_ascii()) {
        return Ok(None);
    }
    let spaces = lines
        .iter()
        .map(|(_, l)| longest_spaces(l.trim_end()))
        .max()
        .unwrap_or(0);
    for width in (spaces + 1).max(2)..=8 {
        let Some(readings) = lines
            .iter()
            .map(|(_, l)| readings(l.trim_end(), width, count, max))
            .collect::<Option<Vec<Vec<Reading>>>>()
        else {
            continue;
        };
        let chosen = settle(readings, rule);
        let mut rows = Vec::with_capacity(lines.len());
        for (&(line, _), choice) in lines.iter().zip(chosen) {
            match choice {
                Ok(reading) => rows.push(Row {
                    line,
                    numbers: reading
                        .into_iter()
                        .map(|(value, column)| Number::new(line, column, Some(value)))
                        .collect(),
                }),
                Err(wide) => {
                    return Err(super::unreadable(Said::new(
                        CheckPhrase::ReadsTwoWays,
                        vec![
                            text(line),
                            text(wide),
                            text(width),
                            text(decimal_width(max) + 1),
                        ],
                    )))
                }
            }
        }
        return Ok(Some(rows));
    }
    Ok(None)
}

/// The longest run of spaces between numbers (or before the first).
fn longest_spaces(line: &str) -> usize {
    line.split(|c: char| c.is_ascii_digit())
        .map(str::len)
        .max()
        .unwrap_or(0)
}

/// The most cells of the table of ways a line is weighed with (its length times its count).
const MAX_TABLE: usize = 1 << 22;

/// Every reading of `line` as `count` numbers in `%{width}d` columns, none above `max` (at most
/// [`MAX_READINGS`]); `None` when there is none. A field is `width` characters of spaces then
/// digits, or digits alone, `width` of them or more (never with a leading zero).
fn readings(line: &str, width: usize, count: usize, max: u64) -> Option<Vec<Reading>> {
    let bytes = line.as_bytes();
    let len = bytes.len();
    if (len + 1).saturating_mul(count + 1) > MAX_TABLE {
        return None;
    }
    let longest = decimal_width(max);
    let value = |digits: &[u8]| -> Option<u64> {
        if digits.is_empty() || (digits.len() > 1 && digits[0] == b'0') {
            return None;
        }
        let text = std::str::from_utf8(digits).ok()?;
        text.parse::<u64>().ok().filter(|&v| v <= max)
    };
    // The fields that start at `p`: (end, value).
    let fields = |p: usize| -> Vec<(usize, u64, usize)> {
        let mut out = Vec::new();
        if bytes[p] == b' ' {
            if let Some(field) = bytes.get(p..p + width) {
                let spaces = field.iter().take_while(|&&b| b == b' ').count();
                let digits = &field[spaces..];
                if digits.iter().all(u8::is_ascii_digit) {
                    out.extend(value(digits).map(|v| (p + width, v, p + spaces + 1)));
                }
            }
        } else {
            for end in p + width..=(p + longest.max(width)).min(len) {
                if !bytes[p..end].iter().all(u8::is_ascii_digit) {
                    break;
                }
                out.extend(value(&bytes[p..end]).map(|v| (end, v, p + 1)));
            }
        }
        out
    };
    // ways[p][c]: the ways (0, 1, or 2 for more) to read line[p..] as count - c fields.
    let at = |p: usize, c: usize| p * (count + 1) + c;
    let mut ways = vec![0u8; (len + 1) * (count + 1)];
    ways[at(len, count)] = 1;
    let mut starts: Vec<Vec<(usize, u64, usize)>> = vec![Vec::new(); len];
    for p in (0..len).rev() {
        starts[p] = fields(p);
        for c in 0..count {
            let total: u32 = starts[p]
                .iter()
                .map(|&(end, ..)| u32::from(ways[at(end, c + 1)]))
                .sum();
            ways[at(p, c)] = total.min(2) as u8;
        }
    }
    if ways[at(0, 0)] == 0 {
        return None;
    }
    // Every reading (up to the limit), taking only fields after which the line can be finished.
    let finishes = |p: usize, c: usize| c <= count && ways[at(p, c)] > 0;
    let mut out = Vec::new();
    walk(
        0,
        0,
        &starts,
        &finishes,
        &mut Vec::with_capacity(count),
        &mut out,
    );
    Some(out)
}

/// The readings from `p` with `c` fields read (see [`readings`]).
fn walk(
    p: usize,
    c: usize,
    starts: &[Vec<(usize, u64, usize)>],
    finishes: &dyn Fn(usize, usize) -> bool,
    path: &mut Reading,
    out: &mut Vec<Reading>,
) {
    if out.len() >= MAX_READINGS {
        return;
    }
    if p == starts.len() {
        out.push(path.clone());
        return;
    }
    for &(end, v, column) in &starts[p] {
        if finishes(end, c + 1) {
            path.push((v, column));
            walk(end, c + 1, starts, finishes, path, out);
            path.pop();
        }
    }
}

/// The reading of each line: the only one, or the only one its settled neighbours allow; `Err`
/// with a number too wide for the column where two readings are left.
fn settle(mut readings: Vec<Vec<Reading>>, rule: Rule) -> Vec<std::result::Result<Reading, u64>> {
    loop {
        let settled: HashMap<u64, Vec<(usize, usize)>> = readings
            .iter()
            .enumerate()
            .filter(|(_, r)| r.len() == 1)
            .flat_map(|(row, r)| {
                r[0].iter()
                    .enumerate()
                    .map(move |(col, &(v, _))| (v, (row, col)))
            })
            .fold(HashMap::new(), |mut m, (v, at)| {
                m.entry(v).or_insert_with(Vec::new).push(at);
                m
            });
        let mut progress = false;
        for (row, options) in readings.iter_mut().enumerate() {
            if options.len() < 2 {
                continue;
            }
            let before = options.len();
            options.retain(|r| fits(r, row, &settled, rule));
            progress |= options.len() != before && !options.is_empty();
            if options.is_empty() {
                // Nothing fits: the answer is wrong here anyway; keep a reading for the check.
                return readings
                    .into_iter()
                    .map(|r| r.into_iter().next().ok_or(0))
                    .collect();
            }
        }
        if !progress {
            break;
        }
    }
    readings
        .into_iter()
        .map(|mut r| match r.len() {
            1 => Ok(r.remove(0)),
            _ => Err(widest(&r)),
        })
        .collect()
}

/// Whether a reading of row `row` agrees with the settled rows.
fn fits(
    reading: &Reading,
    row: usize,
    settled: &HashMap<u64, Vec<(usize, usize)>>,
    rule: Rule,
) -> bool {
    reading.iter().enumerate().all(|(col, &(v, _))| {
        let near = |at: &(usize, usize), ok: &dyn Fn(usize, usize) -> bool| {
            ok(at.0.abs_diff(row), at.1.abs_diff(col))
        };
        match rule {
            Rule::Tiles => {
                if v == 0 {
                    return true;
                }
                settled
                    .get(&v)
                    .is_none_or(|ats| ats.iter().all(|at| near(at, &|dr, dc| dr <= 1 && dc <= 1)))
            }
            Rule::Steps => [v.wrapping_sub(1), v + 1].iter().all(|w| {
                settled.get(w).is_none_or(|ats| {
                    ats.iter()
                        .any(|at| near(at, &|dr, dc| (dr == 1 && dc == 2) || (dr == 2 && dc == 1)))
                })
            }),
        }
    })
}

/// The widest number of the first reading, to name in the refusal.
fn widest(readings: &[Reading]) -> u64 {
    readings[0].iter().map(|&(v, _)| v).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_digits_in_a_three_digit_column() {
        // 1365 and 1366 overflow %3d; "  5" and " 61" are padded.
        let lines = [(1, "1365  5 611366"), (2, " 12 13 14 15")];
        let rows = read(&lines, 4, 1366, Rule::Tiles).unwrap().unwrap();
        let values: Vec<u64> = rows[0].numbers.iter().filter_map(|n| n.value()).collect();
        assert_eq!(values, vec![1365, 5, 61, 1366]);
        let columns: Vec<usize> = rows[0].numbers.iter().map(|n| n.column()).collect();
        assert_eq!(columns, vec![1, 7, 9, 11]);
        // 1361365 is 136 1365 or 1361 365: two readings, nothing to settle them.
        let e = read(&[(6, "  1  2"), (7, "1361365")], 2, 1365, Rule::Tiles).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 7: 1365 does not fit %3d, so the line reads two ways; print with %5d"
        );
    }
}
