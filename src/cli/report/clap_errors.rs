//! clap's errors in the command's words, on one line: the option named as the user typed it, a
//! missing value told what it wants, clap's placeholders and long quoted values left out.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use chessviz::Error;

use super::errors::one_line;
use super::reached_for::{reached_for, subcommand_of};

/// clap's error about an option, reworded: the option named as the user typed it (`-k`, not clap's
/// `--k <K>`), and an option given without its value (`--sheet -o s.png`) told what value it
/// wants, with an example from the command's `--help`. Other errors are returned as they are.
pub fn clearer(command: &clap::Command, args: &[OsString], e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let sub = args
        .get(1)
        .and_then(|a| a.to_str())
        .and_then(|name| command.find_subcommand(name));
    let Some(sub) = sub else { return e };
    // clap's display of an option ("--k <K>"), the option's long name and the option.
    let find = |shown: &str| {
        let long = shown.split(' ').next()?.strip_prefix("--")?;
        let arg = sub.get_arguments().find(|a| a.get_long() == Some(long))?;
        Some((shown.to_string(), long.to_string(), arg.clone()))
    };
    let mut named = Vec::new();
    for kind in [ContextKind::InvalidArg, ContextKind::PriorArg] {
        match e.get(kind) {
            Some(ContextValue::String(s)) => named.extend(find(s)),
            Some(ContextValue::Strings(list)) => named.extend(list.iter().filter_map(|s| find(s))),
            _ => {}
        }
    }
    let Some((_, long, arg)) = named.first() else {
        return e;
    };
    let missing = e.kind() == ErrorKind::InvalidValue
        && matches!(e.get(ContextKind::InvalidValue), Some(ContextValue::String(v)) if v.is_empty());
    let message = if missing {
        let typed = typed_spelling(arg, args).unwrap_or_else(|| format!("--{long}"));
        let wants = arg
            .get_value_names()
            .map(|names| {
                names
                    .iter()
                    .map(|n| n.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_else(|| "a value".to_string());
        let example = example_of(sub, long)
            .map(|ex| format!(", as in: {ex}"))
            .unwrap_or_default();
        format!("{typed} needs its {wants} right after it{example}")
    } else {
        let rendered = e.render().to_string();
        let mut text = first_paragraph(&rendered);
        let mut changed = false;
        for (shown, long, arg) in &named {
            if let Some(typed) = typed_spelling(arg, args).filter(|t| *t != format!("--{long}")) {
                text = text
                    .replace(&format!("'{shown}'"), &typed)
                    .replace(shown.as_str(), &typed);
                changed = true;
            }
        }
        if !changed {
            return e;
        }
        // clap's tips ("a similar argument exists") stay, after a blank line, as clap puts them.
        let tips: Vec<&str> = rendered
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("tip: "))
            .collect();
        let text = text.strip_prefix("error: ").unwrap_or(&text).to_string();
        if tips.is_empty() {
            text
        } else {
            format!("{text}\n\n{}", tips.join("\n"))
        }
    };
    sub.clone().error(e.kind(), message)
}

/// The first paragraph of a rendered clap error (which names the problem), on one line.
fn first_paragraph(rendered: &str) -> String {
    rendered
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How the user spelled `arg` on the command line (`-k`, `--size`, an alias), if they did.
fn typed_spelling(arg: &clap::Arg, args: &[OsString]) -> Option<String> {
    let mut spellings: Vec<String> = Vec::new();
    if let Some(long) = arg.get_long() {
        spellings.push(format!("--{long}"));
    }
    for alias in arg.get_all_aliases().into_iter().flatten() {
        spellings.push(format!("--{alias}"));
    }
    for short in arg.get_short_and_visible_aliases().into_iter().flatten() {
        spellings.push(format!("-{short}"));
    }
    args.iter()
        .rev()
        .filter_map(|a| a.to_str())
        .find_map(|token| {
            spellings
                .iter()
                .find(|s| {
                    token == s.as_str()
                        || token.starts_with(&format!("{s}="))
                        || (s.len() == 2
                            && token.starts_with(s.as_str())
                            && !token.starts_with("--"))
                })
                .cloned()
        })
}

/// The first example line of `sub`'s `--help` that uses `--long`, without its comment.
fn example_of(sub: &clap::Command, long: &str) -> Option<String> {
    let text = sub
        .get_after_long_help()
        .or(sub.get_after_help())?
        .to_string();
    let flag = format!("--{long} ");
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("chessviz ") && l.contains(&flag))
        .map(|l| l.split("  ").next().unwrap_or(l).trim().to_string())
        .next()
}

/// clap's own errors span several lines; keep its first paragraph, which names the problem, on one
/// line and point to `--help` on the same line. Help and the version are printed as clap has them.
pub fn report_clap_error(e: clap::Error, stdout_closed: bool) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => print_help(&e, stdout_closed),
        _ => report_usage_error(&e),
    }
}

/// Prints the help or version `e` carries; exit code 2 when it is the help of a bare subcommand
/// (nothing was asked of it) or when it could not be printed.
fn print_help(e: &clap::Error, stdout_closed: bool) -> ExitCode {
    use clap::error::ErrorKind;
    // Help and version go to standard output, the help for a bare subcommand to standard error.
    let to_stdout = e.kind() != ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
    let open = if to_stdout && stdout_closed {
        Err(Error::io(
            "standard output",
            io::Error::other("it is closed, so nothing can be printed"),
        ))
    } else {
        Ok(())
    };
    let printed = open.and_then(|()| {
        e.print()
            .and_then(|()| io::stdout().flush())
            .map_err(|e| Error::io("standard output", e))
    });
    match printed {
        // `chessviz --help | head`: the reader had what it wanted.
        Err(Error::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe => {
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: {e}");
            return ExitCode::from(2);
        }
        Ok(()) => {}
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// Writes a usage error to standard error on one line, with clap's tip or a better one.
fn report_usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    // The first paragraph names the problem; a list in it (the required arguments that
    // are missing) goes on the same line. A value holding line breaks (even a blank line,
    // which would end the paragraph) is shown escaped first.
    let mut rendered = e.render().to_string();
    if let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) {
        if value.contains(['\n', '\r']) {
            rendered = rendered.replacen(value.as_str(), &one_line(value), 1);
        }
    }
    let first = first_paragraph(&rendered);
    let first = if first.is_empty() {
        "invalid arguments"
    } else {
        first.as_str()
    };
    let first = first.strip_prefix("error: ").unwrap_or(first);
    // clap's suggestions ("a similar argument exists: '--size'") follow as `tip:` lines,
    // unless the word is one people reach for, whose meaning here is known.
    let reached_for = match (e.kind(), e.get(ContextKind::InvalidArg)) {
        (ErrorKind::UnknownArgument, Some(ContextValue::String(arg))) => {
            reached_for(arg, subcommand_of(&rendered))
        }
        _ => None,
    };
    let tips: Vec<&str> = match &reached_for {
        Some(hint) => vec![hint.as_str()],
        None => rendered
            .lines()
            .map(str::trim)
            .filter_map(|l| l.strip_prefix("tip: "))
            .collect(),
    };
    let mut line = without_placeholders(first);
    for tip in tips {
        line.push_str("; ");
        line.push_str(tip);
    }
    let line = shortened_quotes(&one_line(&line));
    let _ = writeln!(io::stderr(), "error: {line} (see --help)");
    ExitCode::from(2)
}

/// Quoted values longer than 60 characters shown by their first 60 and their length: an error
/// line stays one readable line whatever was typed (a value pasted by mistake, a whole file).
fn shortened_quotes(line: &str) -> String {
    const SHOWN: usize = 60;
    let mut out = String::with_capacity(line.len().min(1024));
    let mut rest = line;
    while let Some(start) = rest.find('\'') {
        out.push_str(&rest[..=start]);
        let after = &rest[start + 1..];
        let Some(end) = after.find('\'') else {
            rest = after;
            break;
        };
        let quoted = &after[..end];
        let chars = quoted.chars().count();
        if chars > SHOWN {
            let head: String = quoted.chars().take(SHOWN).collect();
            out.push_str(&format!("{head}...' ({chars} characters)"));
        } else {
            out.push_str(quoted);
            out.push('\'');
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `'--size <N>'` as `--size`, and `--cols <C>` as `--cols` (other text as it was): an option is
/// named as typed, without clap's value placeholder.
fn without_placeholders(text: &str) -> String {
    let unquoted = without_quoted_placeholders(text);
    let mut out: Vec<String> = Vec::new();
    for word in unquoted.split(' ') {
        let after_option = out.last().is_some_and(|w| w.starts_with('-'));
        match word.strip_prefix('<').and_then(|w| w.split_once('>')) {
            // Keep what followed the placeholder (`--cols <C>, --rows <R>`).
            Some((_, tail)) if after_option => {
                if let Some(last) = out.last_mut() {
                    last.push_str(tail);
                }
            }
            _ => out.push(word.to_string()),
        }
    }
    out.join(" ")
}

fn without_quoted_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("'-") {
        out.push_str(&rest[..start]);
        let quoted = &rest[start + 1..];
        match quoted.find('\'') {
            Some(end) => {
                let inner = &quoted[..end];
                match inner.split_once(" <") {
                    Some((name, _)) => out.push_str(name),
                    None => {
                        out.push('\'');
                        out.push_str(inner);
                        out.push('\'');
                    }
                }
                rest = &quoted[end + 1..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quoted_values_are_shortened() {
        let long = "1".repeat(200);
        let line = format!(
            "invalid value '{long}' for --special: found '{}'",
            "2".repeat(70)
        );
        let short = shortened_quotes(&line);
        assert_eq!(
            short,
            format!(
                "invalid value '{}...' (200 characters) for --special: found '{}...' (70 characters)",
                "1".repeat(60),
                "2".repeat(60)
            )
        );
        assert_eq!(shortened_quotes("a 'b' c 'd"), "a 'b' c 'd");
    }
}
