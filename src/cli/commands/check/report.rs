//! What a `--check` run prints: for each file its notes, its mistakes in the form compilers use
//! (`FILE:LINE:COLUMN: message`, so that editors jump to them; at most [`SHOWN`], then how many
//! more) and its verdict line; a summary line for several files. Or, with `--report json|csv`, one
//! record per file for a gradebook.

use chessviz::check::{CheckPhrase as P, CheckReport, Entry, Part, Said};
use chessviz::text::Lang;

/// The most entries (mistakes, case verdicts) printed per file.
pub const SHOWN: usize = 20;

/// How a file's answer was judged.
pub enum Judged {
    Read(CheckReport),
    /// It could not be read: why.
    Unreadable(String),
}

/// `words` filled in, in `lang`.
fn say(phrase: P, args: Vec<String>, lang: Lang) -> String {
    Said::new(phrase, args.into_iter().map(Part::Text).collect()).say(lang)
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The lines printed for one file (`quiet`: its verdict alone).
pub fn text_lines(name: &str, judged: &Judged, quiet: bool, lang: Lang) -> Vec<String> {
    let report = match judged {
        Judged::Unreadable(why) => {
            let word = Said::new(P::Unreadable, vec![]).say(lang);
            return vec![say(
                P::Verdict,
                vec![name.to_string(), word, why.clone()],
                lang,
            )];
        }
        Judged::Read(report) => report,
    };
    let mut lines = Vec::new();
    if !quiet {
        for note in &report.notes {
            lines.push(say(P::Note, vec![name.to_string(), note.say(lang)], lang));
        }
        for entry in report.entries.iter().take(SHOWN) {
            lines.push(entry_line(name, entry, lang));
        }
        let hidden = report.entries.len().saturating_sub(SHOWN) + report.unlisted;
        if hidden > 0 {
            lines.push(say(
                P::MoreEntries,
                vec![name.to_string(), grouped(hidden)],
                lang,
            ));
        }
    }
    let word = Said::new(if report.right { P::Right } else { P::Wrong }, vec![]).say(lang);
    lines.push(say(
        P::Verdict,
        vec![name.to_string(), word, report.verdict.say(lang)],
        lang,
    ));
    lines
}

/// `FILE:LINE:COLUMN: message`, `FILE:LINE: message` or `FILE: message`.
fn entry_line(name: &str, entry: &Entry, lang: Lang) -> String {
    let (line, column, said) = match entry {
        Entry::Mistake(f) => (f.line, f.column, f.said.say(lang)),
        Entry::Case { line, .. } => (Some(*line), None, entry.say(lang)),
    };
    match (line, column) {
        (Some(l), Some(c)) => format!("{name}:{l}:{c}: {said}"),
        (Some(l), None) => format!("{name}:{l}: {said}"),
        _ => format!("{name}: {said}"),
    }
}

/// The summary of several files: `31 files: 19 right, 10 wrong, 2 unreadable`.
pub fn summary(judged: &[Judged], lang: Lang) -> String {
    let right = judged
        .iter()
        .filter(|j| matches!(j, Judged::Read(r) if r.right))
        .count();
    let unreadable = judged
        .iter()
        .filter(|j| matches!(j, Judged::Unreadable(_)))
        .count();
    let wrong = judged.len() - right - unreadable;
    say(
        P::Summary,
        [judged.len(), right, wrong, unreadable]
            .iter()
            .map(|n| grouped(*n))
            .collect(),
        lang,
    )
}

/// One file's record: its name, verdict word, first mistake (line, column, message), counts and
/// the verdict in words.
struct Record {
    file: String,
    verdict: &'static str,
    line: Option<usize>,
    column: Option<usize>,
    first: Option<String>,
    mistakes: usize,
    cases: usize,
    wrong_cases: usize,
    summary: String,
}

fn record(name: &str, judged: &Judged, lang: Lang) -> Record {
    match judged {
        Judged::Unreadable(why) => Record {
            file: name.to_string(),
            verdict: "unreadable",
            line: None,
            column: None,
            first: None,
            mistakes: 0,
            cases: 0,
            wrong_cases: 0,
            summary: why.clone(),
        },
        Judged::Read(report) => {
            let first = report.mistakes().next();
            let cases = report
                .entries
                .iter()
                .filter(|e| matches!(e, Entry::Case { .. }))
                .count();
            let wrong_cases = report
                .entries
                .iter()
                .filter(|e| matches!(e, Entry::Case { right: false, .. }))
                .count();
            Record {
                file: name.to_string(),
                verdict: if report.right { "right" } else { "wrong" },
                line: first.and_then(|f| f.line),
                column: first.and_then(|f| f.column),
                first: first.map(|f| f.said.say(lang)),
                mistakes: report.mistakes().count() + report.unlisted,
                cases,
                wrong_cases,
                summary: report.verdict.say(lang),
            }
        }
    }
}

/// A JSON string.
fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_number(n: Option<usize>) -> String {
    n.map_or_else(|| "null".to_string(), |n| n.to_string())
}

/// The records as a JSON array, one object a line.
pub fn json(files: &[(String, Judged)], lang: Lang) -> Vec<String> {
    let mut lines = vec!["[".to_string()];
    for (i, (name, judged)) in files.iter().enumerate() {
        let r = record(name, judged, lang);
        let first = match (&r.first, r.line) {
            (Some(message), line) => format!(
                "{{\"line\": {}, \"column\": {}, \"message\": {}}}",
                json_number(line),
                json_number(r.column),
                json_string(message)
            ),
            (None, _) => "null".to_string(),
        };
        let comma = if i + 1 < files.len() { "," } else { "" };
        lines.push(format!(
            "  {{\"file\": {}, \"verdict\": \"{}\", \"first_mistake\": {first}, \"mistakes\": {}, \"cases\": {}, \"wrong_cases\": {}, \"summary\": {}}}{comma}",
            json_string(&r.file),
            r.verdict,
            r.mistakes,
            r.cases,
            r.wrong_cases,
            json_string(&r.summary)
        ));
    }
    lines.push("]".to_string());
    lines
}

/// A CSV field, quoted where it must be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The records as CSV with a header line.
pub fn csv(files: &[(String, Judged)], lang: Lang) -> Vec<String> {
    let mut lines = vec![
        "file,verdict,line,column,first_mistake,mistakes,cases,wrong_cases,summary".to_string(),
    ];
    for (name, judged) in files {
        let r = record(name, judged, lang);
        let number = |n: Option<usize>| n.map_or_else(String::new, |n| n.to_string());
        lines.push(format!(
            "{},{},{},{},{},{},{},{},{}",
            csv_field(&r.file),
            r.verdict,
            number(r.line),
            number(r.column),
            csv_field(r.first.as_deref().unwrap_or("")),
            r.mistakes,
            r.cases,
            r.wrong_cases,
            csv_field(&r.summary)
        ));
    }
    lines
}

/// `error: why` in `lang`.
pub fn error_line(why: &str, lang: Lang) -> String {
    say(P::ErrorLine, vec![why.to_string()], lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_and_fields_quoted() {
        assert_eq!(grouped(1234), "1,234");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(json_string("say \"hi\"\n"), "\"say \\\"hi\\\"\\u000a\"");
    }
}
