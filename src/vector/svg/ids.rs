//! Unique XML ids for the document's layers, clip rectangles and symbols.

use std::collections::HashMap;

use crate::display::list::DisplayList;
use crate::geom::Rect;
use crate::vector::layers;

/// Unique XML ids: a wanted name, or the name with `-2`, `-3`, ... when it is taken.
#[derive(Default)]
pub(crate) struct Ids {
    taken: HashMap<String, u32>,
}

impl Ids {
    pub(crate) fn take(&mut self, want: &str) -> String {
        let mut base: String = want
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        if !base.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            base.insert(0, 's');
        }
        let n = self.taken.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 {
            // Reserve the plain name against a later "x-2" colliding with an explicit "x-2".
            return base;
        }
        let mut k = *n;
        loop {
            let cand = format!("{base}-{k}");
            if !self.taken.contains_key(&cand) {
                self.taken.insert(cand.clone(), 1);
                return cand;
            }
            k += 1;
        }
    }
}

/// Ids for the clip rectangles the draws need, in first-use order. Layer names are reserved first,
/// so a symbol or clip never takes a layer's id.
pub(super) fn clip_ids(list: &DisplayList, ids: &mut Ids) -> HashMap<Rect, String> {
    for layer in crate::display::list::Layer::ALL {
        ids.taken.insert(layer.name().to_string(), 1);
    }
    ids.taken.insert("background".to_string(), 1);
    let mut clips = HashMap::new();
    for d in layers::all_draws(list) {
        if let Some(c) = d.clip {
            let n = clips.len() + 1;
            clips
                .entry(c)
                .or_insert_with(|| ids.take(&format!("clip{n}")));
        }
    }
    clips
}

/// Ids for the placed symbols, from their names.
pub(super) fn symbol_ids(list: &DisplayList, used: &[bool], ids: &mut Ids) -> Vec<String> {
    (0..list.symbols.len())
        .map(|i| {
            if used[i] {
                ids.take(
                    &list
                        .symbols
                        .get(crate::display::list::SymbolId(i as u32))
                        .name,
                )
            } else {
                String::new()
            }
        })
        .collect()
}
