//! Graph colouring for tile maps: DSatur order with backtracking, so that a 3-colourable map gets three
//! colours (the tromino tilings always are) and anything harder still gets a proper colouring.

/// Colours the vertices of an undirected graph (adjacency lists, no self-loops) so that neighbours
/// differ, trying `target` colours first with DSatur-ordered backtracking (at most `budget` steps), and
/// falling back to plain DSatur (which may use more) when that fails. Deterministic.
pub fn color_graph(adjacency: &[Vec<u32>], target: usize, budget: u64) -> Vec<u8> {
    if let Some(colors) = backtrack(adjacency, target, budget) {
        return colors;
    }
    greedy_dsatur(adjacency)
}

/// The number of distinct colours in a colouring.
pub fn colors_used(colors: &[u8]) -> usize {
    let mut seen = [false; 256];
    for &c in colors {
        seen[c as usize] = true;
    }
    seen.iter().filter(|&&s| s).count()
}

const NONE: u8 = u8::MAX;

/// Picks the uncoloured vertex with the most distinct neighbour colours, ties by degree then index.
fn pick(adjacency: &[Vec<u32>], colors: &[u8], sat: &[u32]) -> Option<usize> {
    let mut best: Option<(u32, usize, usize)> = None;
    for v in 0..adjacency.len() {
        if colors[v] != NONE {
            continue;
        }
        let key = (sat[v].count_ones(), adjacency[v].len(), usize::MAX - v);
        if best.is_none_or(|b| key > b) {
            best = Some(key);
        }
    }
    best.map(|(_, _, inv)| usize::MAX - inv)
}

fn saturation(adjacency: &[Vec<u32>], colors: &[u8], v: usize) -> u32 {
    adjacency[v]
        .iter()
        .filter_map(|&u| match colors[u as usize] {
            NONE => None,
            c => Some(1u32 << c.min(31)),
        })
        .fold(0, |a, b| a | b)
}

fn greedy_dsatur(adjacency: &[Vec<u32>]) -> Vec<u8> {
    let n = adjacency.len();
    let mut colors = vec![NONE; n];
    let mut sat = vec![0u32; n];
    while let Some(v) = pick(adjacency, &colors, &sat) {
        let used = saturation(adjacency, &colors, v);
        let c = (0..31).find(|c| used & (1 << c) == 0).unwrap_or(30) as u8;
        colors[v] = c;
        for &u in &adjacency[v] {
            sat[u as usize] |= 1 << c.min(31);
        }
    }
    colors
}

/// Exact search for a `k`-colouring in DSatur order; `None` when none is found within `budget` steps.
fn backtrack(adjacency: &[Vec<u32>], k: usize, budget: u64) -> Option<Vec<u8>> {
    let n = adjacency.len();
    let k = k.min(31);
    let mut colors = vec![NONE; n];
    // Explicit stack of (vertex, next colour to try): recursion depth would be the vertex count.
    let mut stack: Vec<(usize, u8)> = Vec::with_capacity(n);
    let mut steps = 0u64;
    let mut sat = vec![0u32; n];
    let recompute = |colors: &[u8], sat: &mut [u32], v: usize| {
        for &u in &adjacency[v] {
            sat[u as usize] = saturation(adjacency, colors, u as usize);
        }
    };
    if let Some(v) = pick(adjacency, &colors, &sat) {
        stack.push((v, 0));
    } else {
        return Some(colors);
    }
    while let Some(&mut (v, ref mut next)) = stack.last_mut() {
        steps += 1;
        if steps > budget {
            return None;
        }
        let used = saturation(adjacency, &colors, v);
        let mut chosen = None;
        while (*next as usize) < k {
            let c = *next;
            *next += 1;
            if used & (1 << c) == 0 {
                chosen = Some(c);
                break;
            }
        }
        match chosen {
            Some(c) => {
                colors[v] = c;
                recompute(&colors, &mut sat, v);
                match pick(adjacency, &colors, &sat) {
                    Some(u) => stack.push((u, 0)),
                    None => return Some(colors),
                }
            }
            None => {
                stack.pop();
                if let Some(&(u, _)) = stack.last() {
                    colors[u] = NONE;
                    recompute(&colors, &mut sat, u);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proper(adj: &[Vec<u32>], colors: &[u8]) -> bool {
        adj.iter()
            .enumerate()
            .all(|(v, ns)| ns.iter().all(|&u| colors[u as usize] != colors[v]))
    }

    fn cycle(n: u32) -> Vec<Vec<u32>> {
        (0..n).map(|i| vec![(i + n - 1) % n, (i + 1) % n]).collect()
    }

    #[test]
    fn odd_cycle_needs_three_even_cycle_two() {
        let c5 = cycle(5);
        let colors = color_graph(&c5, 2, 10_000);
        assert!(proper(&c5, &colors));
        assert_eq!(colors_used(&colors), 3);
        let c6 = cycle(6);
        let colors = color_graph(&c6, 2, 10_000);
        assert!(proper(&c6, &colors));
        assert_eq!(colors_used(&colors), 2);
    }

    #[test]
    fn complete_graph_falls_back_to_more_colours() {
        let k4: Vec<Vec<u32>> = (0..4)
            .map(|i| (0..4).filter(|&j| j != i).collect())
            .collect();
        let colors = color_graph(&k4, 3, 10_000);
        assert!(proper(&k4, &colors));
        assert_eq!(colors_used(&colors), 4);
    }
}
