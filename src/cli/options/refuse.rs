//! Refusals, generated from the definitions: every option given either applies to the output the run
//! writes or is refused before any work, with one line naming it and every output that takes it
//! ("--delay applies to animations: GIF, APNG, WebP, MP4, HTML, and to --frames").

use super::given::Given;
use super::model::{label, Column, Def, Streamed};

/// The subcommands whose options are judged by output (the gallery, completions and the manual
/// have one output each: only the options they never use are refused, by `refused_in`).
const BY_OUTPUT: [&str; 4] = ["tromino", "queens", "knight", "board"];

/// Refuses the first option given that does not apply to the output the command line chose.
pub fn check(given: &Given) -> Result<(), String> {
    refused_in(given)?;
    if !BY_OUTPUT.contains(&given.sub.as_str()) {
        return Ok(());
    }
    for (def, _) in &given.options {
        if let Some(mode) = def.not_with.iter().find(|m| given.has(m)) {
            let why = given
                .def(mode)
                .and_then(|m| m.refuses_why)
                .map(|why| format!(": {why}"))
                .unwrap_or_default();
            return Err(format!(
                "{} does not apply to {}{why}",
                given.spelled(def.id),
                given.spelled(mode)
            ));
        }
    }
    for (mode, _) in &given.options {
        let Some((takes, why)) = mode.takes else {
            continue;
        };
        let idle = given.options.iter().find(|(def, _)| {
            def.id != mode.id && !def.applies.is_every() && !takes.contains(&def.id)
        });
        if let Some((def, _)) = idle {
            return Err(format!(
                "{} does not apply to {}: {why}",
                given.spelled(def.id),
                given.spelled(mode.id)
            ));
        }
    }
    nothing_to_act_on(given)?;
    let mode = given.options.iter().find_map(|(d, _)| Some((*d, d.makes?)));
    let Some(column) = mode.map(|(_, c)| c).or_else(|| output_column(given)) else {
        return Ok(());
    };
    let format = given.picture_format();
    for (def, _) in &given.options {
        let only = def.applies.only;
        if !only.is_empty() && !format.is_some_and(|f| only.contains(&f)) {
            return Err(refusal(given, def));
        }
    }
    for (def, _) in &given.options {
        if let Some((f, why)) = def.applies.except.iter().find(|(f, _)| Some(*f) == format) {
            return Err(format!(
                "{}, not to {}: {why}",
                refusal(given, def),
                label(*f)
            ));
        }
    }
    for (def, value) in &given.options {
        let also = mode.is_some_and(|(m, _)| def.also_with.contains(&m.id));
        if !def.applies.takes_column(column) && !also {
            let instead = def
                .instead
                .filter(|(c, _)| *c == column)
                .map(|(_, hint)| {
                    format!("; {}", hint.replace("{}", value.as_deref().unwrap_or("")))
                })
                .unwrap_or_default();
            return Err(format!("{}{instead}", refusal(given, def)));
        }
    }
    Ok(())
}

/// "--delay applies to animations: GIF, APNG, WebP, MP4, HTML, and to --frames".
pub fn refusal(given: &Given, def: &Def) -> String {
    format!(
        "{} applies to {}",
        given.spelled(def.id),
        where_it_applies(given, def)
    )
}

/// The outputs and modes of this subcommand that take `def`, in words.
pub fn where_it_applies(given: &Given, def: &Def) -> String {
    // An option of some formats only is named by them: a mode takes it with those formats alone.
    let modes: Vec<&str> = if def.applies.only.is_empty() {
        given
            .defs
            .iter()
            .filter(|m| m.id != def.id)
            .filter(|m| !def.not_with.contains(&m.id) && !m.not_with.contains(&def.id))
            .filter(|m| !def.conflicts.contains(&m.id) && !m.conflicts.contains(&def.id))
            .filter(|m| {
                m.makes.is_some_and(|c| def.applies.takes_column(c))
                    || def.also_with.contains(&m.id)
            })
            // A mode that draws nothing takes only the options it lists.
            .filter(|m| m.takes.is_none_or(|(takes, _)| takes.contains(&def.id)))
            .map(|m| m.long)
            .collect()
    } else {
        Vec::new()
    };
    def.applies.words(&modes)
}

/// The column of the output `-o` names: text, or a picture format's kind; a picture on standard
/// output (`--format`) is judged as the file it stands for; `None` for an unknown extension
/// (refused later, with its own message).
fn output_column(given: &Given) -> Option<Column> {
    if given.to_stdout() {
        return Some(given.format.map_or(Column::Stdout, Column::of));
    }
    let ext = given.named_extension()?;
    if ext == "txt" {
        return Some(Column::TextFile);
    }
    given.picture_format().map(Column::of)
}

/// Refuses an option that this subcommand never uses (`--fit` with the gallery, whose pictures
/// differ in size).
fn refused_in(given: &Given) -> Result<(), String> {
    for (def, _) in &given.options {
        if let Some((_, why)) = def.refused_in.iter().find(|(sub, _)| *sub == given.sub) {
            return Err(format!(
                "{} does not apply to {}: {why}",
                given.spelled(def.id),
                given.sub
            ));
        }
    }
    Ok(())
}

/// Refuses an option that another option's value leaves nothing to act on.
fn nothing_to_act_on(given: &Given) -> Result<(), String> {
    for (def, _) in &given.options {
        let refused = def.refused_when.iter().find(|w| {
            (w.subs.is_empty() || w.subs.contains(&given.sub.as_str()))
                && given.value(w.id) == Some(w.value)
                && !w.unless.iter().any(|u| given.has(u))
        });
        if let Some(w) = refused {
            return Err(format!(
                "{} does not apply with {} {}: {}",
                given.spelled(def.id),
                given.spelled(w.id),
                w.value,
                w.why
            ));
        }
    }
    Ok(())
}

/// Refuses the first option given that a board drawn bare and streamed row by row cannot honour
/// (its definition's `streamed`): "{why}: --margin 3 is available up to {limit}; a board drawn
/// bare takes --margin 0". The command says why its board is streamed and up to where it is not.
pub fn on_streamed(given: &Given, why: &str, limit: &str) -> Result<(), String> {
    let refused = given
        .options
        .iter()
        .find(|(def, value)| def.streamed.refuses(value.as_deref().map(str::trim)));
    let Some((def, value)) = refused else {
        return Ok(());
    };
    let spelled = given.spelled(def.id);
    Err(match def.streamed {
        Streamed::RefusedUnless(kept) => format!(
            "{why}: {spelled} {} is available up to {limit}; a board drawn bare takes {spelled} {kept}",
            value.as_deref().unwrap_or_default().trim()
        ),
        _ => format!("{why}: {spelled} is available up to {limit}"),
    })
}
