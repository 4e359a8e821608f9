//! The options, defined once ([`table::OPTIONS`]): where each applies, against the library's
//! format table ([`model`]), what it conflicts with and needs, and how it goes with `--check`.
//! The command line is read once into what was given ([`Given`]); refusals are generated from the
//! definitions ([`refuse`]), never written by hand; the clap command takes its conflicts, needs,
//! spellings and `-h` summary from them ([`clap_rules`]).

pub mod clap_rules;
pub mod given;
pub mod model;
pub mod refuse;
pub mod table;
#[cfg(test)]
mod tests;

pub use given::Given;
pub use model::{Def, WithCheck};

/// The definition of option `id` of subcommand `sub`.
pub fn def(sub: &str, id: &str) -> Option<&'static Def> {
    table::OPTIONS
        .iter()
        .find(|d| d.id == id && (d.only_in.is_empty() || d.only_in.contains(&sub)))
}

/// The definitions of a subcommand's arguments, in the table's order.
pub fn defs_of(command: &clap::Command) -> Vec<&'static Def> {
    let sub = command.get_name();
    let ids: Vec<&str> = command
        .get_arguments()
        .map(|a| a.get_id().as_str())
        .collect();
    table::OPTIONS
        .iter()
        .filter(|d| ids.contains(&d.id) && (d.only_in.is_empty() || d.only_in.contains(&sub)))
        .collect()
}

/// Refuses option `id` of `sub` (given) where its scope says this run does not take it: a
/// placement, another mode (the slideshow, a batch), and whether the output shows the search.
pub fn check_scope(
    sub: &str,
    id: &str,
    placement: bool,
    other_mode: bool,
    shows_search: impl FnOnce() -> chessviz::Result<bool>,
) -> chessviz::Result<()> {
    let Some((def, scope)) = def(sub, id).and_then(|d| Some((d, d.scope?))) else {
        return Ok(());
    };
    if scope.takes(placement, other_mode, shows_search)? {
        Ok(())
    } else {
        Err(chessviz::Error::usage(scope.refusal(def.long)))
    }
}
