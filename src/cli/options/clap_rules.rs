//! The clap command made to follow the definitions: each option's conflicts and needs, and one rule
//! for spellings: every option whose name says "colour" also takes "color", and the other way
//! round (`--colours`/`--colors`, `--color-by`/`--colour-by`), as hidden aliases.

/// `sub` with the conflicts, needs and spellings of its options' definitions.
pub fn apply(sub: clap::Command) -> clap::Command {
    let name = sub.get_name().to_string();
    // Ids and groups this subcommand has: a definition shared by several subcommands names the
    // conflicts of all of them. Groups that arguments join (`group = "mode"`) exist once built.
    let mut built = sub.clone();
    built.build();
    let known: Vec<String> = built
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .chain(built.get_groups().map(|g| g.get_id().to_string()))
        .collect();
    let here = |ids: &[&'static str]| -> Vec<&'static str> {
        ids.iter()
            .copied()
            .filter(|id| known.iter().any(|k| k == id))
            .collect()
    };
    sub.mut_args(|mut arg| {
        let Some(def) = super::def(&name, arg.get_id().as_str()) else {
            return arg;
        };
        let conflicts = here(def.conflicts);
        if !conflicts.is_empty() {
            arg = arg.conflicts_with_all(conflicts);
        }
        for needed in here(def.requires) {
            arg = arg.requires(needed);
        }
        if let Some(other) = arg.get_long().and_then(other_spelling) {
            arg = arg.alias(other);
        }
        arg
    })
}

/// The other spelling of a long name that says colour or color.
pub fn other_spelling(long: &str) -> Option<String> {
    if long.contains("colour") {
        Some(long.replace("colour", "color"))
    } else if long.contains("color") {
        Some(long.replace("color", "colour"))
    } else {
        None
    }
}
