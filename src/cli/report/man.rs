//! The shell completion scripts and the manual pages, generated from the same clap definitions as
//! the parser, so they never fall out of step with the options: a new option or subcommand appears
//! in its page without a line here.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Command;
use clap_complete::Shell;
use clap_mangen::Man;

use chessviz::files::ensure_dir;
use chessviz::{write_atomic, Error, Result};

/// Writes the completion script for the chosen shell to standard output.
pub fn completions(mut command: Command, shell: Shell) -> Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "chessviz", &mut script);
    write_stdout(&script)
}

/// Writes the manual page (roff, section 1) of `sub` (`None`: of chessviz itself) to standard output.
pub fn man(top: Command, sub: Option<&str>) -> Result<()> {
    let top = built(top);
    let page = match sub {
        None => page(&top, &top)?,
        Some(name) => {
            let sub = top
                .find_subcommand(name)
                .ok_or_else(|| Error::usage(unknown_subcommand(&top, name)))?;
            page(&top, sub)?
        }
    };
    write_stdout(&page)
}

/// Writes every manual page into `dir` (created when missing): `chessviz.1`, `chessviz-queens.1`, ...
/// Returns the files written.
pub fn man_dir(top: Command, dir: &Path) -> Result<Vec<PathBuf>> {
    let top = built(top);
    ensure_dir(dir)?;
    let mut written = Vec::new();
    for cmd in std::iter::once(&top).chain(top.get_subcommands()) {
        let path = dir.join(format!("{}.1", page_name(cmd)));
        let roff = page(&top, cmd)?;
        write_atomic(&path, |w| {
            w.write_all(&roff).map_err(|e| Error::io(&path, e))
        })?;
        written.push(path);
    }
    Ok(written)
}

/// The names `chessviz man` accepts, in the order of `--help`.
pub fn subcommand_names(top: &Command) -> Vec<String> {
    top.get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect()
}

fn unknown_subcommand(top: &Command, name: &str) -> String {
    format!(
        "chessviz has no command '{name}'; its manual pages are for {} (or none, for chessviz itself)",
        subcommand_names(top).join(", ")
    )
}

/// The command with its subcommands' names filled in (`chessviz queens`, `chessviz-queens`).
fn built(top: Command) -> Command {
    let mut top = top.disable_help_subcommand(true);
    top.build();
    top
}

/// `chessviz` or `chessviz-queens`: the page's title and file name.
fn page_name(cmd: &Command) -> String {
    cmd.get_display_name()
        .unwrap_or_else(|| cmd.get_name())
        .to_string()
}

/// One page: clap_mangen's title, name, synopsis, description and options (each with its default
/// and values), then the examples of `--help`, the other pages and the version.
fn page(top: &Command, cmd: &Command) -> Result<Vec<u8>> {
    let man = Man::new(cmd.clone())
        .source(top.render_version().trim_end().to_string())
        .manual("chessviz manual");
    let mut out = Vec::new();
    let sections = (|| -> io::Result<()> {
        man.render_title(&mut out)?;
        man.render_name_section(&mut out)?;
        man.render_synopsis_section(&mut out)?;
        man.render_description_section(&mut out)?;
        if cmd.get_arguments().any(|a| !a.is_hide_set()) {
            man.render_options_section(&mut out)?;
        }
        if cmd.has_subcommands() {
            man.render_subcommands_section(&mut out)?;
        }
        write_after_help(&mut out, cmd)?;
        write_exit_status(&mut out, cmd)?;
        write_see_also(&mut out, top, cmd)?;
        // clap_mangen only knows the version of the top command.
        writeln!(out, ".SH VERSION")?;
        writeln!(out, "{}", escape(&top.render_version()).trim_end())
    })();
    sections.map_err(|e| Error::io("manual page", e))?;
    Ok(out)
}

/// The text after `--help`'s options, one section per paragraph: "Examples..." becomes EXAMPLES,
/// another heading ("Writes into DIR ...:") its own section. Lines are kept as typed (`.nf`), so
/// the examples can be copied.
fn write_after_help(out: &mut Vec<u8>, cmd: &Command) -> io::Result<()> {
    let Some(text) = cmd.get_after_long_help().or(cmd.get_after_help()) else {
        return Ok(());
    };
    let text = text.to_string();
    for paragraph in text.split("\n\n") {
        let mut lines = paragraph.lines();
        let Some(first) = lines.next() else { continue };
        let heading = first.trim().trim_end_matches(':');
        let heading = if heading.to_ascii_lowercase().starts_with("example") {
            "EXAMPLES".to_string()
        } else {
            heading.to_uppercase()
        };
        writeln!(out, ".SH \"{}\"", escape(&heading).replace('"', "\\(dq"))?;
        writeln!(out, ".nf")?;
        for line in lines {
            writeln!(out, "{}", escape_line(line))?;
        }
        writeln!(out, ".fi")?;
    }
    Ok(())
}

/// EXIT STATUS: what the process's status says, the same for every command (but for `--check`'s
/// verdicts, which only the problems' commands and chessviz itself mention).
fn write_exit_status(out: &mut Vec<u8>, cmd: &Command) -> io::Result<()> {
    let checks = cmd.get_name() == "chessviz" || cmd.get_arguments().any(|a| a.get_id() == "check");
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    let mut rows = vec![("0", "done")];
    if checks {
        rows[0].1 = "done; with --check, every answer right";
        rows.push(("1", "with --check, an answer read and wrong"));
    }
    rows.extend([
        (
            "2",
            "an error: a bad argument, input that cannot be read, an output that cannot be written \
             (one line error: ... on standard error)",
        ),
        ("129", "ended by SIGHUP (128 + the signal's number)"),
        ("130", "ended by SIGINT (Ctrl-C)"),
        ("143", "ended by SIGTERM"),
    ]);
    for (code, meaning) in rows {
        writeln!(out, ".TP\n\\fB{code}\\fR\n{}", escape(meaning))?;
    }
    Ok(())
}

/// SEE ALSO: the other pages of chessviz.
fn write_see_also(out: &mut Vec<u8>, top: &Command, cmd: &Command) -> io::Result<()> {
    let pages: Vec<String> = std::iter::once(top)
        .chain(top.get_subcommands())
        .map(page_name)
        .filter(|name| *name != page_name(cmd))
        .map(|name| format!("\\fB{}\\fR(1)", escape(&name)))
        .collect();
    writeln!(out, ".SH \"SEE ALSO\"")?;
    writeln!(out, "{}", pages.join(", "))
}

/// Text for roff: a backslash printed as one, and `-` as the ASCII hyphen-minus (so that options
/// copied from the page work).
fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// A line of text for roff: escaped, and a leading `.` or `'` (a request) made literal.
fn escape_line(line: &str) -> String {
    let escaped = escape(line);
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| Error::io("standard output", e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every page, rendered from the parser's own definitions.
    fn pages() -> Vec<(Command, String)> {
        let top = built(crate::cli::commands::command());
        std::iter::once(&top)
            .chain(top.get_subcommands())
            .map(|cmd| {
                let roff = page(&top, cmd).expect("page renders");
                (cmd.clone(), String::from_utf8(roff).expect("utf-8"))
            })
            .collect()
    }

    /// Each page names every option the parser knows (long and short, as roff writes them), with
    /// its default and possible values, and has examples: nothing is listed by hand, so an option or
    /// command added later is checked too.
    #[test]
    fn every_page_lists_every_option_with_its_default_and_has_examples() {
        let pages = pages();
        let commands = subcommand_names(&crate::cli::commands::command());
        assert_eq!(pages.len(), 1 + commands.len());
        for (cmd, roff) in &pages {
            let name = page_name(cmd);
            assert!(roff.contains(&format!(".TH {name} 1")), "{name}: title");
            assert!(
                roff.contains(".SH \"EXAMPLES\"\n.nf\n"),
                "{name}: no EXAMPLES"
            );
            for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
                if let Some(long) = arg.get_long() {
                    let shown = format!(r"\fB\-\-{}\fR", escape(long));
                    assert!(roff.contains(&shown), "{name}: --{long} missing");
                }
                if let Some(short) = arg.get_short() {
                    let shown = format!(r"\fB\-{short}\fR");
                    assert!(roff.contains(&shown), "{name}: -{short} missing");
                }
                // A switch's default (false) is not shown, by clap or by us.
                let defaults = if arg.get_action().takes_values() {
                    arg.get_default_values()
                } else {
                    &[]
                };
                for default in defaults {
                    let shown = format!("[default: {}]", escape(&default.to_string_lossy()));
                    assert!(roff.contains(&shown), "{name}: {shown} missing");
                }
                for value in arg
                    .get_possible_values()
                    .iter()
                    .filter(|v| !v.is_hide_set())
                {
                    let shown = escape(value.get_name());
                    assert!(roff.contains(&shown), "{name}: value {shown} missing");
                }
            }
        }
        // The top page points to every other.
        let top = &pages[0].1;
        for command in &commands {
            assert!(top.contains(&format!(r"\fBchessviz\-{}\fR(1)", escape(command))));
        }
    }

    /// Every page says what the exit status means, the signals' codes included; `--check`'s
    /// verdict codes only where `--check` exists.
    #[test]
    fn every_page_has_the_exit_status() {
        for (cmd, roff) in pages() {
            let name = page_name(&cmd);
            let section = roff
                .split(".SH \"EXIT STATUS\"")
                .nth(1)
                .unwrap_or_else(|| panic!("{name}: no EXIT STATUS"));
            for code in ["0", "2", "129", "130", "143"] {
                assert!(
                    section.contains(&format!("\\fB{code}\\fR")),
                    "{name}: {code}"
                );
            }
            let checks = [
                "chessviz",
                "chessviz-tromino",
                "chessviz-queens",
                "chessviz-knight",
            ];
            assert_eq!(
                section.contains("\\fB1\\fR"),
                checks.contains(&name.as_str()),
                "{name}: --check's status 1"
            );
        }
    }

    #[test]
    fn roff_escapes_keep_the_text() {
        assert_eq!(escape_line(r"a\b -n"), r"a\eb \-n");
        assert_eq!(escape_line(".x"), r"\&.x");
        assert_eq!(escape_line("'x"), r"\&'x");
    }
}
