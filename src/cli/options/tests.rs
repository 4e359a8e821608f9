//! The definitions against the clap command and the format table: every argument has one, and every
//! option x output pair of every subcommand is refused exactly where the format table's kinds say,
//! with a refusal that names every output that takes the option.

use std::path::PathBuf;

use chessviz::files::{Format, Kind, FORMATS};

use super::given::Given;
use super::model::{label, Def};
use super::{clap_rules, def, defs_of, refuse, table};

mod samples;
mod streamed;

const BY_OUTPUT: [&str; 4] = ["tromino", "queens", "knight", "board"];

fn command() -> clap::Command {
    let mut command = crate::cli::commands::command();
    command.build();
    command
}

#[test]
fn every_argument_has_one_definition_and_every_definition_an_argument() {
    let command = command();
    let mut used = vec![false; table::OPTIONS.len()];
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        for arg in sub.get_arguments() {
            let id = arg.get_id().as_str();
            if id == "help" {
                continue;
            }
            let found: Vec<usize> = (0..table::OPTIONS.len())
                .filter(|&i| {
                    let d = &table::OPTIONS[i];
                    d.id == id && (d.only_in.is_empty() || d.only_in.contains(&name))
                })
                .collect();
            assert_eq!(found.len(), 1, "{name} {id}: {} definitions", found.len());
            used[found[0]] = true;
            let d = &table::OPTIONS[found[0]];
            if let Some(long) = arg.get_long() {
                assert_eq!(d.long, long, "{name} {id}: the definition's long name");
            }
        }
    }
    for (d, used) in table::OPTIONS.iter().zip(used) {
        assert!(used, "{}: defined, but no subcommand has it", d.id);
    }
}

#[test]
fn every_id_a_definition_names_is_an_option() {
    let command = command();
    let known = |id: &str| {
        command.get_subcommands().any(|s| {
            s.get_arguments().any(|a| a.get_id() == id) || s.get_groups().any(|g| g.get_id() == id)
        })
    };
    for d in table::OPTIONS {
        let named = d
            .also_with
            .iter()
            .chain(d.not_with)
            .chain(d.conflicts)
            .chain(d.requires)
            .chain(
                d.refused_when
                    .iter()
                    .flat_map(|w| std::iter::once(&w.id).chain(w.unless)),
            );
        for id in named {
            assert!(known(id), "{}: names '{id}', which no subcommand has", d.id);
        }
    }
}

/// What a run is given: one option (or an option and a mode), and `-o`.
fn given(sub: &clap::Command, options: &[&'static Def], output: Option<&str>) -> Given {
    let defs = defs_of(sub);
    let options = defs
        .iter()
        .filter(|d| options.iter().any(|o| o.id == d.id))
        .map(|&d| (d, Some("1".to_string())))
        .collect();
    Given {
        sub: sub.get_name().to_string(),
        defs,
        options,
        output: output.map(PathBuf::from),
        sheet: None,
        format: None,
    }
}

/// Whether the refusal names `label` as an output that takes the option (not inside another
/// label: "PNG" in "APNG").
fn names(refusal: &str, label: &str) -> bool {
    refusal.match_indices(label).any(|(i, _)| {
        let before = refusal[..i].chars().next_back();
        let after = refusal[i + label.len()..].chars().next();
        matches!(before, Some(' ' | '(' | ':'))
            && matches!(after, None | Some(',' | ';' | ')' | ' ' | ':'))
    })
}

/// Whether the format table's kinds say that `d` applies to `format`: its column by kind, narrowed
/// by the formats it names.
fn by_kind(d: &Def, format: Format, kind: Kind) -> bool {
    let column = match kind {
        Kind::Raster | Kind::Vector(_) => d.applies.stills,
        Kind::Animation(_) | Kind::Player => d.applies.animations,
    };
    column
        && (d.applies.only.is_empty() || d.applies.only.contains(&format))
        && !d.applies.except.iter().any(|(f, _)| *f == format)
}

/// Where one option goes, and what each output said: `Ok` or the refusal.
type Outcomes = Vec<(String, Result<(), String>)>;

#[test]
fn every_option_x_output_is_refused_where_the_format_table_says_naming_every_output_that_takes_it()
{
    let command = command();
    let mut pairs = 0;
    for name in BY_OUTPUT {
        let sub = command.find_subcommand(name).expect(name);
        let modes: Vec<&'static Def> = defs_of(sub)
            .into_iter()
            .filter(|d| d.makes.is_some())
            .collect();
        for d in defs_of(sub) {
            // Refused by the subcommand whatever the output, with its reason.
            if d.id == "output" || d.makes.is_some() || d.refused_in.iter().any(|(s, _)| *s == name)
            {
                continue;
            }
            let outcomes = outcomes_of(sub, d, &modes);
            let takes: Vec<&str> = outcomes
                .iter()
                .filter(|(_, r)| r.is_ok())
                .map(|(o, _)| o.as_str())
                .collect();
            for (output, r) in &outcomes {
                pairs += 1;
                if let Err(refusal) = r {
                    check_refusal_names_takers(name, d, &modes, output, refusal, &takes);
                }
            }
        }
    }
    assert!(pairs > 1000, "{pairs} pairs walked");
}

/// `d` given with every output -o can name (text, and each row of the format table, checked against
/// the table's kinds) and with each mode that chooses its output itself.
fn outcomes_of(sub: &clap::Command, d: &'static Def, modes: &[&'static Def]) -> Outcomes {
    let name = sub.get_name();
    let mut outcomes = Outcomes::new();
    for text in [None, Some("out.txt")] {
        let r = refuse::check(&given(sub, &[d], text));
        outcomes.push((text.unwrap_or("-").to_string(), r));
    }
    for row in FORMATS {
        let file = format!("out.{}", row.name);
        let r = refuse::check(&given(sub, &[d], Some(&file)));
        assert_eq!(
            r.is_ok(),
            by_kind(d, row.format, row.kind),
            "{name} --{} -o {file}: {r:?}",
            d.long
        );
        outcomes.push((row.label.to_string(), r));
    }
    // clap refuses conflicting pairs.
    for m in modes {
        let conflict = d.conflicts.contains(&m.id) || m.conflicts.contains(&d.id);
        let r = if conflict {
            Err("conflict".to_string())
        } else {
            refuse::check(&given(sub, &[d, m], None))
        };
        outcomes.push((format!("--{}", m.long), r));
    }
    outcomes
}

/// A refusal of `d` on `output` names every output that `takes` it, and no other.
fn check_refusal_names_takers(
    name: &str,
    d: &Def,
    modes: &[&'static Def],
    output: &str,
    refusal: &str,
    takes: &[&str],
) {
    if refusal == "conflict" || refusal.contains("does not apply to") {
        return;
    }
    assert!(
        refusal.starts_with(&format!("--{} applies to ", d.long)),
        "{name} {output}: {refusal}"
    );
    assert!(!refusal.contains("GIF output"), "{refusal}");
    // What takes it, before the reason a format refuses it or a hint.
    let takers = refusal
        .split(", not to ")
        .next()
        .and_then(|r| r.split("; ").next())
        .unwrap_or_default();
    for row in FORMATS {
        assert_eq!(
            names(takers, row.label),
            takes.contains(&row.label),
            "{name} --{} refused on {output}: '{refusal}' against {takes:?}",
            d.long
        );
    }
    for m in modes {
        let mode = format!("--{}", m.long);
        // A mode takes an option of some formats only with those formats.
        if !d.applies.only.is_empty() {
            continue;
        }
        assert_eq!(
            takers.contains(&mode),
            takes.contains(&mode.as_str()),
            "{name} {mode}: '{refusal}' against {takes:?}"
        );
    }
    let text = takes.contains(&"-") && takes.contains(&"out.txt");
    assert_eq!(takers.contains("text (no -o"), text, "{refusal}");
}

/// The refusal of a command line, as the user sees it.
fn refusal(args: &[&str]) -> Result<(), String> {
    let command = command();
    let matches = command
        .clone()
        .try_get_matches_from(std::iter::once("chessviz").chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    let (name, sub) = matches.subcommand().expect("a subcommand");
    let given = Given::read(command.find_subcommand(name).expect(name), sub);
    refuse::check(&given)
}

/// The labels of the rows that `keep` takes, in the table's order, joined with commas.
fn labels_where(keep: impl Fn(&chessviz::files::FormatRow) -> bool) -> String {
    let labels: Vec<&str> = FORMATS
        .iter()
        .filter(|f| keep(f))
        .map(|f| f.label)
        .collect();
    labels.join(", ")
}

/// Whether a row is an animation or the page that plays the steps.
fn animates(f: &chessviz::files::FormatRow) -> bool {
    matches!(f.kind, Kind::Animation(_) | Kind::Player)
}

#[test]
fn refusals_list_every_output_that_takes_the_option() {
    // The animations are the table's (pinned in the library's `compose/formats.rs`).
    let animations = labels_where(animates);
    assert_eq!(
        refusal(&["tromino", "-k", "2", "--delay", "100", "-o", "t.png"]),
        Err(format!(
            "--delay applies to animations: {animations}, and to --frames"
        ))
    );
    assert_eq!(
        refusal(&["queens", "--dpi", "300", "-o", "q.html"]),
        Err("--dpi applies to stills: PNG, SVG, PDF, TeX (TikZ), and to --all, --sheet, --step, --storyboard".into())
    );
    assert_eq!(refusal(&["queens", "--dpi", "300", "-o", "q.tex"]), Ok(()));
    // --loop goes where the row says there is a loop count; elsewhere its refusal gives the row's
    // reason.
    let looping: Vec<&chessviz::files::FormatRow> = FORMATS
        .iter()
        .filter(|f| animates(f) && f.no_loop.is_none())
        .collect();
    let exts: Vec<String> = looping.iter().map(|f| format!(".{}", f.name)).collect();
    let takes = format!(
        "--loop applies to {} (-o FILE{})",
        labels_where(|f| animates(f) && f.no_loop.is_none()),
        exts.join(", ")
    );
    let mut refused = 0;
    for row in FORMATS.iter().filter(|f| animates(f)) {
        let file = format!("k.{}", row.name);
        let got = refusal(&["knight", "--loop", "2", "-o", &file]);
        match row.no_loop {
            Some(why) => {
                assert_eq!(got, Err(format!("{takes}, not to {}: {why}", row.label)));
                refused += 1;
            }
            None => assert_eq!(got, Ok(()), "{file}"),
        }
    }
    assert!(refused >= 1 && !looping.is_empty());
    assert!(refusal(&["knight", "--loop", "2", "-o", "k.mp4"])
        .is_err_and(|e| e.contains("not to MP4: a video has no loop count")));
    assert_eq!(
        refusal(&["tromino", "--trace", "-o", "t.svg"]),
        Err("--trace applies to text (no -o, -o - or -o FILE.txt)".into())
    );
    // --describe prints words: an option of the picture's look is refused with it.
    assert_eq!(
        refusal(&["queens", "--describe", "--cell", "20"]),
        Err("--cell does not apply to --describe: it prints the picture's words, which say what it shows, not how it looks".into())
    );
    assert_eq!(refusal(&["queens", "--describe", "--lang", "zh"]), Ok(()));
    // A mode that lays out boards of its own says why, after every option it leaves idle.
    assert_eq!(
        refusal(&["knight", "--compare", "warnsdorff,backtrack", "--fit", "400x400", "-o", "k.png"]),
        Err("--fit does not apply to --compare: it draws the two tours side by side, sized by --cell".into())
    );
    assert_eq!(
        refusal(&["queens", "--all", "--mark", "d4", "-o", "q/"]),
        Err(
            "--mark does not apply to --all: it draws every solution, each a figure of its own"
                .into()
        )
    );
    assert_eq!(
        refusal(&["knight", "--describe", "--step", "20", "--alt", "x"]),
        Ok(())
    );
    assert_eq!(
        refusal(&["tromino", "--standalone", "-o", "t.pdf"]),
        Err("--standalone applies to TeX (TikZ) (-o FILE.tex)".into())
    );
    assert_eq!(
        refusal(&["queens", "--solution", "3", "-o", "q.gif"]),
        Err("--solution applies to text (no -o, -o - or -o FILE.txt) and to stills: PNG, SVG, PDF, TeX (TikZ), and to --describe; for the search up to solution 3 give --until-solution 3, or draw one step of it with --step N -o FILE.png".into())
    );
    // A picture on standard output is judged as the file it stands for.
    assert_eq!(
        refusal(&["tromino", "--hold", "9", "-o", "-", "--format", "gif"]),
        Ok(())
    );
    assert!(refusal(&["tromino", "--hold", "9", "-o", "-", "--format", "png"]).is_err());
}

#[test]
fn every_colour_spelling_is_accepted_for_every_option() {
    let command = command();
    let mut spelled = 0;
    for sub in command.get_subcommands() {
        for arg in sub.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            let Some(other) = clap_rules::other_spelling(long) else {
                continue;
            };
            let aliases = arg.get_all_aliases().unwrap_or_default();
            assert!(
                aliases.contains(&other.as_str()),
                "{} --{long}: no --{other}",
                sub.get_name()
            );
            spelled += 1;
        }
    }
    assert!(spelled >= 3, "{spelled}");
    assert!(refusal(&["tromino", "--colour-by", "tile", "-o", "t.png"]).is_ok());
    assert!(refusal(&["knight", "--path-color", "step", "-o", "k.png"]).is_ok());
    assert!(refusal(&["queens", "--colors", "light=#ffffff", "-o", "q.png"]).is_ok());
}

#[test]
fn scopes_name_the_runs_that_take_them() {
    let attacks = def("queens", "attacks")
        .and_then(|d| d.scope)
        .expect("a scope");
    assert_eq!(
        attacks.refusal("attacks"),
        format!(
            "--attacks applies to a placement (--queens POS) or to the search ({}, --step, --frames, --storyboard): on a solution every empty square is attacked",
            labels_where(animates)
        )
    );
    assert_eq!(label(Format::Tex), "TeX (TikZ)");
}

#[test]
fn every_reason_for_an_unchanged_output_says_why_for_outputs_the_sweep_knows() {
    // Every format by its name, and the sweep's other runs.
    let formats = FORMATS.iter().map(|f| f.name);
    const OTHERS: &[&str] = &[
        "stdout",
        "txt",
        "frames",
        "storyboard",
        "step",
        "sheet",
        "bare",
        "degrees-text",
        "*",
    ];
    let swept: Vec<&str> = formats.chain(OTHERS.iter().copied()).collect();
    let command = command();
    for d in table::OPTIONS {
        for u in d.unchanged {
            assert!(!u.why.is_empty(), "{}", d.id);
            assert!(
                u.sub == "*" || command.find_subcommand(u.sub).is_some(),
                "{}: {}",
                d.id,
                u.sub
            );
            for output in u.outputs.split(',') {
                assert!(swept.contains(&output), "{}: output '{output}'", d.id);
            }
        }
    }
}
