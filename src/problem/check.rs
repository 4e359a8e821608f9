//! A checked answer as a scene: the student's board as printed with its mistakes marked (a bad tile
//! ringed, a bad step boxed, an attacking pair joined), captioned with the mistake shown and a key
//! of the marks; for a right answer, the figure the problem draws.

use std::collections::{BTreeMap, BTreeSet};

use crate::error::Result;
use crate::geom::Square;
use crate::problem::knight::{KnightAdapter, KnightStyle};
use crate::problem::queens::{position_scene, QueensStyle};
use crate::problem::tromino::{TrominoAdapter, TrominoStyle};
use crate::scene::adapter::{scene_after, Adapter, RenderHints};
use crate::scene::{Axes, Cell, Fill, Mark, MarkKind, Scene};
use crate::solve::tromino::TrominoProblem;
use crate::text::check::{CheckPhrase, CheckReport, Drawing, Part, Said};
use crate::text::Lang;

/// The figure of a checked answer: its board as printed with the mistakes marked, captioned (in
/// `lang`) with the mistake it shows and a key of its marks; `None` where the answer makes no
/// board ([`CheckReport::drawing`]).
pub fn check_scene(report: &CheckReport, lang: Lang) -> Result<Option<(Scene, RenderHints)>> {
    let Some(drawing) = &report.drawing else {
        return Ok(None);
    };
    let (mut scene, mut hints) = drawing_scene(drawing, lang)?;
    if let Some(mistake) = report.shown_mistake() {
        let first = match report.mistake_count() {
            1 => mistake.say(lang),
            n => {
                let count = Said::new(CheckPhrase::Mistakes, vec![Part::Text(n.to_string())]);
                let parts = vec![Part::Text(mistake.say(lang)), Part::Said(Box::new(count))];
                Said::new(CheckPhrase::FigureMistake, parts).say(lang)
            }
        };
        let mut lines = vec![first];
        lines.extend(
            key(drawing, &scene)
                .iter()
                .map(|p| Said::new(*p, vec![]).say(lang)),
        );
        scene.set_caption(Some(lines.join("\n")));
        hints.caption = true;
    }
    Ok(Some((scene, hints)))
}

/// The key of the marks `scene` shows: one wording per kind of mark drawn.
fn key(drawing: &Drawing, scene: &Scene) -> Vec<CheckPhrase> {
    let has = |kind: MarkKind| scene.mistakes().iter().any(|m| m.kind == kind);
    match drawing {
        Drawing::Tiling { .. } if has(MarkKind::Ring) => vec![CheckPhrase::KeyTile],
        Drawing::Tour { .. } => [
            (has(MarkKind::Cross), CheckPhrase::KeyStep),
            (has(MarkKind::Ring), CheckPhrase::KeySquare),
        ]
        .into_iter()
        .filter_map(|(drawn, phrase)| drawn.then_some(phrase))
        .collect(),
        Drawing::Queens(_) if !scene.links().is_empty() => vec![CheckPhrase::KeyQueens],
        _ => Vec::new(),
    }
}

/// The scene of `drawing`, its captions and step words in `lang`.
fn drawing_scene(drawing: &Drawing, lang: Lang) -> Result<(Scene, RenderHints)> {
    match drawing {
        Drawing::Tiling {
            textbook: Some((k, special)),
            ..
        } => {
            // A right answer in the textbook numbering is the textbook's figure, numbered.
            let problem = TrominoProblem::new(*k, *special)?;
            let look = TrominoStyle {
                numbers: true,
                lang,
                ..TrominoStyle::default()
            };
            let mut adapter = TrominoAdapter::new(&problem, look)?;
            let (scene, _) = scene_after(&mut adapter, problem.trace().map(Ok), None)?;
            Ok((scene, adapter.hints()))
        }
        Drawing::Tiling {
            side,
            numbers,
            ringed,
            ..
        } => Ok(tiling_scene(*side, numbers, ringed)),
        Drawing::Tour {
            rows,
            cols,
            printed,
            path,
            crossed,
            ringed,
        } => {
            let look = KnightStyle {
                lang,
                ..KnightStyle::default()
            };
            let mut adapter = KnightAdapter::with_style(*rows, *cols, look);
            let (mut scene, _) =
                scene_after(&mut adapter, KnightAdapter::moves_along(path.clone()), None)?;
            let mut hints = adapter.hints();
            // The numbers as printed, where printed: a step written twice shows on both squares,
            // and the steps after a missing one keep their own numbers.
            if !printed.is_empty() && hints.max_label > 0 {
                for (i, &n) in printed.iter().enumerate() {
                    let sq = Square::new(i as u32 / cols, i as u32 % cols);
                    scene.update_cell(sq, |cell| cell.label = (n > 0).then_some(n));
                }
                hints.max_label = printed.iter().copied().max().unwrap_or(0).max(1);
            }
            mark(&mut scene, ringed, MarkKind::Ring);
            mark(&mut scene, crossed, MarkKind::Cross);
            Ok((scene, hints))
        }
        Drawing::Queens(position) => {
            // Attacking queens are ringed and each pair joined by a line.
            let look = QueensStyle {
                conflicts: true,
                lang,
                ..QueensStyle::default()
            };
            position_scene(position, look)
        }
    }
}

/// Each square of `squares` marked once as a mistake of `kind`.
fn mark(scene: &mut Scene, squares: &[Square], kind: MarkKind) {
    let once: BTreeSet<(u32, u32)> = squares.iter().map(|s| (s.row, s.col)).collect();
    for (row, col) in once {
        scene.push_mistake(Mark {
            square: Square::new(row, col),
            kind,
        });
    }
}

/// A tile matrix as written: each number a region (outlined where numbers change), coloured so that
/// tiles that touch differ where four colours allow, numbered; zeros as special squares; the
/// squares of bad tiles ringed.
fn tiling_scene(side: u32, numbers: &[u64], ringed: &[Square]) -> (Scene, RenderHints) {
    let bad: BTreeSet<u64> = ringed
        .iter()
        .map(|sq| numbers[(sq.row * side + sq.col) as usize])
        .collect();
    let colours = tile_colours(side, numbers, &bad);
    let mut scene = Scene::new(side, side, Cell::plain(Fill::Blank));
    let regions = numbers
        .iter()
        .map(|&n| u32::try_from(n).unwrap_or(u32::MAX))
        .collect();
    scene.set_regions(regions);
    let mut max_label = 0;
    for (i, &n) in numbers.iter().enumerate() {
        let sq = Square::new(i as u32 / side, i as u32 % side);
        let cell = if n == 0 {
            Cell::plain(Fill::Special)
        } else {
            let label = u32::try_from(n).unwrap_or(u32::MAX);
            max_label = max_label.max(label);
            Cell {
                label: Some(label),
                ..Cell::plain(Fill::Tile(colours[&n]))
            }
        };
        scene.set_cell(sq, cell);
    }
    scene.set_axes(Axes::Indices);
    mark(&mut scene, ringed, MarkKind::Ring);
    let used = colours
        .values()
        .map(|&c| usize::from(c) + 1)
        .max()
        .unwrap_or(1);
    let hints = RenderHints {
        tile_colors: used,
        max_label,
        caption: false,
    };
    (scene, hints)
}

/// A colour per tile number, the first one its coloured neighbours leave free (in number order),
/// so that tiles sharing an edge differ. The valid tiles get three colours where they allow it;
/// the `bad` ones (ringed: not L's) are left out of that search, which they can make impossible
/// (a bad tile's squares touch more tiles than an L's), and take the colour their neighbours
/// use least: a fourth colour is the theme's white, which reads as a square left uncovered.
fn tile_colours(side: u32, numbers: &[u64], bad: &BTreeSet<u64>) -> BTreeMap<u64, u16> {
    let side = side as usize;
    let mut touching: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    for (i, &n) in numbers.iter().enumerate() {
        touching.entry(n).or_default();
        let right = (i % side + 1 < side).then(|| i + 1);
        let below = (i + side < numbers.len()).then(|| i + side);
        for j in [right, below].into_iter().flatten() {
            let m = numbers[j];
            if m != n {
                touching.entry(n).or_default().insert(m);
                touching.entry(m).or_default().insert(n);
            }
        }
    }
    let tiles: Vec<u64> = touching
        .keys()
        .copied()
        .filter(|&n| n != 0 && !bad.contains(&n))
        .collect();
    let mut colours: BTreeMap<u64, u16> = BTreeMap::new();
    let mut budget = THREE_COLOUR_BUDGET;
    // The search recurses once per tile: boards of more tiles are coloured greedily.
    if tiles.len() <= THREE_COLOUR_MAX_TILES
        && three_colour(&tiles, &touching, &mut colours, &mut budget)
    {
        for &n in bad.iter().filter(|&&n| n != 0) {
            let used = |c: u16| {
                touching[&n]
                    .iter()
                    .filter(|m| colours.get(m) == Some(&c))
                    .count()
            };
            let least = (0..3).min_by_key(|&c| used(c)).unwrap_or(0);
            colours.insert(n, least);
        }
        return colours;
    }
    let tiles: Vec<u64> = touching.keys().copied().filter(|&n| n != 0).collect();
    // No three-colouring found in time: the first colour each tile's neighbours leave free.
    colours.clear();
    for n in tiles {
        let taken: BTreeSet<u16> = touching[&n]
            .iter()
            .filter_map(|m| colours.get(m).copied())
            .collect();
        let free = (0..).find(|c| !taken.contains(c)).unwrap_or(0);
        colours.insert(n, free);
    }
    colours
}

/// Steps the search for three colours may take: a textbook-like tiling takes about one per tile.
const THREE_COLOUR_BUDGET: u32 = 20_000;

/// The most tiles given three colours by the search (a 64 x 64 board has 1365).
const THREE_COLOUR_MAX_TILES: usize = 1400;

/// Colours `tiles` (in order) with three colours so that touching tiles differ, by backtracking
/// within `budget` steps. Three, because the fourth tile tone of a theme is the orientation
/// colouring's and may look like an untiled square.
fn three_colour(
    tiles: &[u64],
    touching: &BTreeMap<u64, BTreeSet<u64>>,
    colours: &mut BTreeMap<u64, u16>,
    budget: &mut u32,
) -> bool {
    let Some((&n, rest)) = tiles.split_first() else {
        return true;
    };
    for colour in 0..3 {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if touching[&n].iter().any(|m| colours.get(m) == Some(&colour)) {
            continue;
        }
        colours.insert(n, colour);
        if three_colour(rest, touching, colours, budget) {
            return true;
        }
        colours.remove(&n);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiling_gets_three_colours_where_they_suffice() {
        // The textbook 8 x 8 tiling of special square 2,2 with two squares of line 6 swapped.
        let problem = TrominoProblem::new(3, Square::new(2, 2)).unwrap();
        let mut numbers: Vec<u64> = (0..64)
            .map(|i| u64::from(problem.tile_at(Square::new(i / 8, i % 8))))
            .collect();
        numbers.swap(40, 41);
        let colours = tile_colours(8, &numbers, &BTreeSet::new());
        assert!(colours.values().all(|&c| c < 3), "{colours:?}");
        for i in 0..64 {
            for j in [i + 1, i + 8] {
                let beside = j < 64 && (j == i + 8 || j % 8 != 0);
                if beside && numbers[i] != numbers[j] && numbers[i] != 0 && numbers[j] != 0 {
                    assert_ne!(colours[&numbers[i]], colours[&numbers[j]], "{i} {j}");
                }
            }
        }
    }

    #[test]
    fn touching_tiles_get_different_colours() {
        // Two L's and the special square of a 2 x 2 board, and a wrong 2 x 2 with four tiles.
        let colours = tile_colours(2, &[1, 2, 3, 3], &BTreeSet::new());
        assert_ne!(colours[&1], colours[&2]);
        assert_ne!(colours[&1], colours[&3]);
        assert_ne!(colours[&2], colours[&3]);
        let (scene, hints) = tiling_scene(2, &[0, 1, 1, 1], &[Square::new(0, 1)]);
        assert_eq!(scene.cell(Square::new(0, 0)).fill, Fill::Special);
        assert_eq!(scene.cell(Square::new(1, 1)).label, Some(1));
        assert_eq!(scene.mistakes().len(), 1);
        assert!(scene.marks().is_empty());
        assert_eq!(hints.tile_colors, 1);
    }
}
