//! The option sweep: every option of every subcommand (read from the command's definition, see
//! `options`) against every output kind, with the sample value its definition gives (`sample` in
//! `src/cli/options/table/`). A run with the option that is
//! accepted and writes byte for byte what the run without it writes has ignored the option: the
//! sweep fails unless the option's definition (`src/cli/options/table.rs`, read here as the command
//! reads it) says why. Refusals are fine; they must be one `error:` line with exit status 2, and an
//! option whose definition says it does not apply to an output must be refused there.
//!
//! `--nocapture` prints the counts: triples swept, refused, changed, unchanged with a reason.

// The command's own definitions of its options: where each applies, the value it is swept with,
// and the runs it may leave unchanged with a reason.
#[allow(dead_code)]
#[path = "../../../../src/cli/options/model.rs"]
mod model;
mod options;
mod samples;
#[allow(dead_code)]
#[path = "../../../../src/cli/options/table.rs"]
mod table;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use rayon::prelude::*;

use options::Opt;
use samples::{BASES, KINDS, MODES, OWN_KIND, STDIN};

/// A run that takes longer than this hangs (a board's run takes under two seconds, a gallery's
/// about 15 s alone on two cores).
const HANG_GUARD: Duration = Duration::from_secs(300);

/// One run of the sweep: a subcommand, an output kind, the option swept (`None` for the run
/// without it) and the command line, with `{dir}` standing for the run's folder.
#[derive(Clone, Debug)]
struct Case {
    sub: String,
    kind: &'static str,
    option: Option<String>,
    args: Vec<String>,
}

/// What a run wrote: its standard output (its folder named `{dir}`, timings removed) and every
/// file under its folder, by relative name.
#[derive(Debug, PartialEq, Eq)]
struct Written {
    stdout: String,
    files: BTreeMap<String, Vec<u8>>,
}

#[derive(Debug)]
enum Outcome {
    /// Exit status 0 (or 1, a `--check` verdict): what it wrote.
    Accepted(Written),
    /// Exit status 2 with its error line.
    Refused(String),
    /// Anything else: a crash, a refusal that is not one line, a hang.
    Broken(String),
}

#[test]
fn every_option_changes_the_output_or_is_refused_with_a_reason() {
    sweep(|sub| sub != "gallery", 2);
}

/// The gallery draws 8 x 8 boards, 92 solutions and the whole 8-queens search per run, itself on
/// every core (about 15 s in a debug build): its options are swept one run at a time by `.ci/run`
/// (`cargo test -- --ignored`).
#[test]
#[ignore]
fn every_gallery_option_changes_the_gallery_or_is_refused() {
    sweep(|sub| sub == "gallery", 0);
}

/// Sweeps the subcommands `wanted` names, `per_core` runs at a time per core (0: one run at a
/// time, for runs that use every core themselves).
fn sweep(wanted: impl Fn(&str) -> bool, per_core: usize) {
    let root = crate::common::tempdir();
    let subs: Vec<(String, Vec<Opt>)> = options::subcommands()
        .into_iter()
        .filter(|(sub, _)| wanted(sub))
        .collect();
    assert!(!subs.is_empty(), "no subcommand found to sweep");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(
            (std::thread::available_parallelism().map_or(2, |n| n.get()) * per_core).max(1),
        )
        .build()
        .expect("a thread pool");
    let mut failures = Vec::new();
    // The runs without an option, twice each: the output must be the same for the comparison to
    // mean anything.
    let baselines: Vec<Case> = subs
        .iter()
        .flat_map(|(sub, opts)| kinds_of(sub, opts).into_iter().map(|k| baseline(sub, k)))
        .collect();
    let twice: Vec<(Outcome, Outcome)> = pool.install(|| {
        baselines
            .par_iter()
            .enumerate()
            .map(|(i, case)| {
                let a = run_case(case, &root.path().join(format!("base{i}a")));
                let b = run_case(case, &root.path().join(format!("base{i}b")));
                (a, b)
            })
            .collect()
    });
    let mut base_of: BTreeMap<(String, &str), Written> = BTreeMap::new();
    for (case, (a, b)) in baselines.iter().zip(twice) {
        match (a, b) {
            (Outcome::Accepted(a), Outcome::Accepted(b)) if a == b => {
                base_of.insert((case.sub.clone(), case.kind), a);
            }
            (Outcome::Accepted(_), Outcome::Accepted(_)) => {
                failures.push(format!("{}: not deterministic", shown(&case.args)));
            }
            // A kind the subcommand refuses altogether (a board has no animation).
            (Outcome::Refused(_), _) => {}
            (a, _) => failures.push(format!("{}: {a:?}", shown(&case.args))),
        }
    }
    let cases: Vec<Case> = subs
        .iter()
        .flat_map(|(sub, opts)| {
            let base_of = &base_of;
            kinds_of(sub, opts)
                .into_iter()
                .filter(move |k| base_of.contains_key(&(sub.clone(), k.name)))
                .flat_map(move |kind| {
                    opts.iter()
                        .filter(move |o| o.long != "output" && Some(o.long.as_str()) != own(kind))
                        .map(move |opt| with_option(sub, kind, opt))
                })
        })
        .collect();
    let outcomes: Vec<Outcome> = pool.install(|| {
        cases
            .par_iter()
            .enumerate()
            .map(|(i, case)| run_case(case, &root.path().join(format!("case{i}"))))
            .collect()
    });
    let unchanged = unchanged_rows();
    let mut used = vec![false; unchanged.len()];
    let (mut refused, mut changed, mut explained, mut silent) = (0, 0, 0, 0);
    let mut family_missing = false;
    for (case, outcome) in cases.iter().zip(outcomes) {
        let option = case.option.as_deref().expect("an option");
        match outcome {
            Outcome::Accepted(_) if refused_by_definition(&case.sub, case.kind, option) => {
                failures.push(format!(
                    "{} [{}]: accepted, but the definition of --{option} says it does not apply \
                     (src/cli/options/table.rs)",
                    shown(&case.args),
                    case.kind
                ));
            }
            Outcome::Refused(e) => {
                refused += 1;
                family_missing |= option == "font-family" && e.contains("DejaVu Serif");
            }
            Outcome::Broken(why) => failures.push(format!("{}: {why}", shown(&case.args))),
            Outcome::Accepted(seen) if seen != base_of[&(case.sub.clone(), case.kind)] => {
                changed += 1;
            }
            Outcome::Accepted(_) => match reason(&unchanged, &case.sub, case.kind, option) {
                Some(i) => {
                    used[i] = true;
                    explained += 1;
                }
                None => {
                    silent += 1;
                    failures.push(format!(
                        "{} {} [{}]: accepted and the output is unchanged by --{option}; refuse it, \
                         make it do something, or say why (its definition's `unchanged`, in \
                         src/cli/options/table.rs)",
                        case.sub,
                        shown(&case.args),
                        case.kind
                    ));
                }
            },
        }
    }
    for (i, (sub, _, option, _)) in unchanged.iter().enumerate() {
        // A row is checked where this sweep ran its subcommand, output and option.
        let swept = cases.iter().any(|c| {
            reason(
                &unchanged,
                &c.sub,
                c.kind,
                c.option.as_deref().unwrap_or_default(),
            ) == Some(i)
        });
        if swept && !used[i] {
            failures.push(format!(
                "src/cli/options/table.rs: ({sub}, --{option}) no longer leaves any output \
                 unchanged: remove it from the definition's `unchanged`"
            ));
        }
    }
    if family_missing {
        println!("option sweep: --font-family \"DejaVu Serif\" skipped (not installed: fonts-dejavu-core)");
    }
    println!(
        "option sweep: {} triples (subcommand, output, option) over {} outputs: {refused} refused, \
         {changed} changed, {explained} unchanged with a reason, {silent} silent",
        cases.len(),
        base_of.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The output kinds of a subcommand: its own, or those of [`KINDS`] whose option it has, and its
/// modes.
fn kinds_of(sub: &str, opts: &[Opt]) -> Vec<&'static samples::Kind> {
    if let Some((_, name)) = OWN_KIND.iter().find(|(s, _)| *s == sub) {
        return vec![KINDS
            .iter()
            .chain(std::iter::once(&samples::FOLDER))
            .find(|k| k.name == *name)
            .expect("a kind")];
    }
    KINDS
        .iter()
        .chain(MODES.iter().filter(|(s, _)| *s == sub).map(|(_, k)| k))
        .filter(|k| own(k).is_none_or(|o| opts.iter().any(|opt| opt.long == o)))
        .collect()
}

/// The option that makes a kind (`--frames` for the frames folder), if not `-o` alone.
fn own(kind: &samples::Kind) -> Option<&'static str> {
    kind.args
        .first()
        .and_then(|a| a.strip_prefix("--"))
        .filter(|_| kind.args[0] != "-o")
}

/// `args` without the options named in `drop` (and their values).
fn without(args: &[String], drop: &[String]) -> Vec<String> {
    let mut kept = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        let takes_value = args.get(i + 1).is_some_and(|v| !v.starts_with("--"));
        let step = if arg.starts_with("--") && takes_value {
            2
        } else {
            1
        };
        if !drop.contains(arg) {
            kept.extend(args[i..i + step].iter().cloned());
        }
        i += step;
    }
    kept
}

/// The options (`--name`) among `args`.
fn names(args: &[String]) -> Vec<String> {
    args.iter()
        .filter(|a| a.starts_with("--"))
        .cloned()
        .collect()
}

/// The command line: the base, then the kind and the option, each replacing the options of the
/// same name before it (and those it names as replaced).
fn command_line(
    sub: &str,
    kind: &samples::Kind,
    given: &[String],
    replaces: &[&str],
) -> Vec<String> {
    let owned = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<String>>();
    let kind_args = owned(kind.args);
    let mut drop_base = names(&kind_args);
    drop_base.extend(owned(kind.drops));
    drop_base.extend(names(given));
    drop_base.extend(owned(replaces));
    let mut args = vec![sub.to_string()];
    args.extend(without(&owned(base_args(sub)), &drop_base));
    args.extend(without(&kind_args, &names(given)));
    args.extend(given.iter().cloned());
    args
}

fn base_args(sub: &str) -> &'static [&'static str] {
    BASES
        .iter()
        .find(|(s, _)| *s == sub)
        .map(|(_, args)| *args)
        .unwrap_or_else(|| panic!("no base arguments for `{sub}`: add them to BASES in samples.rs"))
}

fn baseline(sub: &str, kind: &'static samples::Kind) -> Case {
    Case {
        sub: sub.to_string(),
        kind: kind.name,
        option: None,
        args: command_line(sub, kind, &[], &[]),
    }
}

/// The run of `kind` with option `opt` at its sample value.
fn with_option(sub: &str, kind: &'static samples::Kind, opt: &Opt) -> Case {
    let (given, replaces) = sample(sub, opt);
    Case {
        sub: sub.to_string(),
        kind: kind.name,
        option: Some(opt.long.clone()),
        args: command_line(sub, kind, &given, replaces),
    }
}

/// The arguments that give `opt` its sample value, and the base options they replace: the
/// definition's sample for this subcommand, else its sample for every subcommand; without one, a
/// flag is given bare and an option with possible values takes the first that is not its default.
fn sample(sub: &str, opt: &Opt) -> (Vec<String>, &'static [&'static str]) {
    let samples = definition(sub, &opt.long).map_or(&[][..], |d| d.sample);
    let row = samples
        .iter()
        .find(|s| s.sub == sub)
        .or_else(|| samples.iter().find(|s| s.sub == "*"));
    if let Some(row) = row {
        return (
            row.args.iter().map(|a| a.to_string()).collect(),
            row.replaces,
        );
    }
    let long = format!("--{}", opt.long);
    if !opt.takes_value {
        return (vec![long], &[]);
    }
    let value = opt
        .values
        .iter()
        .find(|v| Some(*v) != opt.default.as_ref())
        .unwrap_or_else(|| {
            panic!(
                "no sample value for `{sub} {long}`: give its definition a `sample` (not its \
                 default) in src/cli/options/table/"
            )
        });
    (vec![long, value.clone()], &[])
}

/// The definition of option `long` of `sub`.
fn definition(sub: &str, long: &str) -> Option<&'static model::Def> {
    table::OPTIONS
        .iter()
        .find(|d| d.long == long && (d.only_in.is_empty() || d.only_in.contains(&sub)))
}

/// The reasons of the definitions for an unchanged output: (subcommand or `*`, outputs, option's
/// long name, why).
type Reason = (&'static str, &'static str, &'static str, &'static str);

/// Every definition's reasons for an unchanged output.
fn unchanged_rows() -> Vec<Reason> {
    table::OPTIONS
        .iter()
        .flat_map(|d| {
            d.unchanged
                .iter()
                .map(|u| (u.sub, u.outputs, d.long, u.why))
        })
        .collect()
}

/// The row of the reasons that explains an unchanged output, if any.
fn reason(rows: &[Reason], sub: &str, kind: &str, option: &str) -> Option<usize> {
    rows.iter().position(|(s, kinds, o, _)| {
        (*s == "*" || *s == sub)
            && *o == option
            && (*kinds == "*" || kinds.split(',').any(|k| k.trim() == kind))
    })
}

/// Whether option `long` of `sub`, by its definition, does not apply to the plain output `kind`
/// (text, or `-o` naming a format of the table). Options that choose the output themselves, and
/// `--check`, are judged by their own rules.
fn refused_by_definition(sub: &str, kind: &str, long: &str) -> bool {
    if !["tromino", "queens", "knight", "board"].contains(&sub) {
        return false;
    }
    let Some(d) = definition(sub, long) else {
        return false;
    };
    if d.makes.is_some() || d.id == "check" {
        return false;
    }
    match kind {
        "stdout" => !d.applies.stdout,
        "txt" => !d.applies.text_file,
        _ => chessviz::files::FORMATS
            .iter()
            .find(|f| f.name == kind)
            .is_some_and(|f| !d.applies.takes_format(f.format)),
    }
}

/// The command line as typed, without the run's folder.
fn shown(args: &[String]) -> String {
    format!("chessviz {}", args.join(" "))
}

fn run_case(case: &Case, dir: &Path) -> Outcome {
    std::fs::create_dir_all(dir).expect("the run's folder");
    let root = env!("CARGO_MANIFEST_DIR");
    let args: Vec<String> = case
        .args
        .iter()
        .map(|a| {
            a.replace("{dir}", &dir.display().to_string())
                .replace("{data}", &format!("{root}/tests/data"))
                .replace("{root}", root)
        })
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(&args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn chessviz");
    let _ = child.stdin.take().expect("stdin").write_all(STDIN);
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    let out = match rx.recv_timeout(HANG_GUARD) {
        Ok(out) => out.expect("output of chessviz"),
        Err(_) => {
            // SAFETY: kill(2) on the child we spawned, still unreaped.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
            return Outcome::Broken(format!("still running after {HANG_GUARD:?}"));
        }
    };
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    match out.status.code() {
        _ if err.contains("panicked") => Outcome::Broken(err),
        Some(0 | 1) => Outcome::Accepted(written(dir, &out)),
        Some(2) if err.starts_with("error: ") && err.trim_end().lines().count() == 1 => {
            Outcome::Refused(err)
        }
        code => Outcome::Broken(format!("exit status {code:?}: {err}")),
    }
}

/// What a run printed (standard output, and standard error where its summary line goes) and the
/// files it wrote.
fn written(dir: &Path, out: &std::process::Output) -> Written {
    let printed = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
    let text = String::from_utf8_lossy(&printed).replace(&dir.display().to_string(), "{dir}");
    // The time a run took is the one thing that differs between two runs.
    let stdout = text
        .lines()
        .map(|l| match (l.rfind(" in "), l.find(" s")) {
            (Some(i), Some(_)) if l.starts_with("wrote ") => {
                let rest = &l[i + 4..];
                let after = rest.find(" s").map_or("", |j| &rest[j + 2..]);
                format!("{}{after}\n", &l[..i])
            }
            _ => format!("{l}\n"),
        })
        .collect();
    let mut files = BTreeMap::new();
    collect(dir, dir, &mut files);
    Written { stdout, files }
}

fn collect(root: &Path, dir: &Path, files: &mut BTreeMap<String, Vec<u8>>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let dir_text = root.display().to_string();
    for entry in entries {
        let path: PathBuf = entry.expect("a folder entry").path();
        let name = path.strip_prefix(root).expect("under the root");
        if path.is_dir() {
            files.insert(format!("{}/", name.display()), Vec::new());
            collect(root, &path, files);
        } else {
            let bytes = std::fs::read(&path).unwrap_or_default();
            files.insert(name.display().to_string(), meaning(&bytes, &dir_text));
        }
    }
}

/// What a file shows: a still PNG's or a GIF's pixels and what a viewer reads beside them
/// (resolution, delays, loops, a PNG's title: the words a screen reader says), not how the encoder packed them; other files (an animated PNG,
/// whose first picture alone the decoder gives) as they are, with the run's folder (which
/// animate.tex names) written `{dir}`.
fn meaning(bytes: &[u8], dir: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let animated_png = bytes.windows(4).any(|w| w == b"acTL");
    if bytes.starts_with(b"\x89PNG") && !animated_png {
        if let Ok(img) = image::load_from_memory_with_format(bytes, image::ImageFormat::Png) {
            let img = img.to_rgba8();
            out.extend(format!("png {}x{} ", img.width(), img.height()).bytes());
            out.extend(png_chunk(bytes, b"pHYs"));
            out.extend(png_chunk(bytes, b"iTXt"));
            out.extend(img.into_raw());
            return out;
        }
    } else if bytes.starts_with(b"GIF8") {
        use image::AnimationDecoder;
        let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes))
            .and_then(|d| d.into_frames().collect_frames());
        if let Ok(frames) = frames {
            let loops = bytes
                .windows(11)
                .position(|w| w == b"NETSCAPE2.0")
                .map(|i| bytes[i + 11..(i + 16).min(bytes.len())].to_vec())
                .unwrap_or_default();
            out.extend(format!("gif {} frames, loops {loops:?} ", frames.len()).bytes());
            for f in frames {
                let (n, d) = f.delay().numer_denom_ms();
                out.extend(format!("delay {n}/{d} ").bytes());
                out.extend(f.into_buffer().into_raw());
            }
            return out;
        }
    }
    String::from_utf8(bytes.to_vec())
        .map(|t| t.replace(dir, "{dir}").into_bytes())
        .unwrap_or_else(|_| bytes.to_vec())
}

/// The data of a PNG's first chunk of type `kind` (empty when it has none).
fn png_chunk(bytes: &[u8], kind: &[u8; 4]) -> Vec<u8> {
    let mut at = 8;
    while at + 8 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        let end = (at + 12 + len).min(bytes.len());
        if &bytes[at + 4..at + 8] == kind {
            return bytes[at + 8..end.saturating_sub(4)].to_vec();
        }
        at += 12 + len;
    }
    Vec::new()
}
