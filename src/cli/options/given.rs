//! What the command line gave, read from clap's matches once: the options given (with their first
//! value as typed), the file `-o` (or `--sheet`) names and the `--format` asked for. Every rule of
//! the definitions is judged on this, never on clap's matches again.

use std::path::PathBuf;

use chessviz::files::{Format, FormatRow};

use super::model::Def;

/// The options given on the command line of one subcommand.
#[derive(Clone, Debug, Default)]
pub struct Given {
    /// The subcommand's name.
    pub sub: String,
    /// The definitions of the subcommand's options, in the table's order.
    pub defs: Vec<&'static Def>,
    /// The options given, in the table's order, with the first value as typed.
    pub options: Vec<(&'static Def, Option<String>)>,
    /// The file `-o` names (`-` for standard output).
    pub output: Option<PathBuf>,
    /// The file `--sheet` names: a contact sheet's format is its extension, as for `-o`.
    pub sheet: Option<PathBuf>,
    /// The format `--format` names.
    pub format: Option<Format>,
}

impl Given {
    /// Reads `matches` of subcommand `sub` (its definition `command`).
    pub fn read(command: &clap::Command, matches: &clap::ArgMatches) -> Given {
        let sub = command.get_name().to_string();
        let defs = super::defs_of(command);
        let from_command_line = |id: &str| {
            matches.try_contains_id(id).unwrap_or(false)
                && matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
        };
        let first = |id: &str| {
            matches
                .get_raw(id)
                .and_then(|mut v| v.next())
                .map(|v| v.to_string_lossy().into_owned())
        };
        let options = defs
            .iter()
            .filter(|d| from_command_line(d.id))
            .map(|&d| (d, first(d.id)))
            .collect();
        let raw_path = |id: &str| {
            matches
                .try_contains_id(id)
                .unwrap_or(false)
                .then(|| matches.get_raw(id).and_then(|mut v| v.next()))
                .flatten()
                .map(PathBuf::from)
        };
        let output = raw_path("output");
        let sheet = raw_path("sheet");
        let format = from_command_line("format")
            .then(|| first("format"))
            .flatten()
            .and_then(|name| FormatRow::by_extension(&name))
            .map(|f| f.format);
        Given {
            sub,
            defs,
            options,
            output,
            sheet,
            format,
        }
    }

    /// Whether option `id` was given.
    pub fn has(&self, id: &str) -> bool {
        self.options.iter().any(|(d, _)| d.id == id)
    }

    /// The value option `id` was given (as typed, trimmed).
    pub fn value(&self, id: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(d, _)| d.id == id)
            .and_then(|(_, v)| v.as_deref())
            .map(str::trim)
    }

    /// The definition of this subcommand's option `id`.
    pub fn def(&self, id: &str) -> Option<&'static Def> {
        self.defs.iter().copied().find(|d| d.id == id)
    }

    /// How option `id` is typed: `--max-frames` (a positional argument: its value name).
    pub fn spelled(&self, id: &str) -> String {
        match self.def(id) {
            Some(d) if d.long.chars().all(|c| !c.is_ascii_uppercase()) => format!("--{}", d.long),
            Some(d) => d.long.to_string(),
            None => id.to_string(),
        }
    }

    /// The picture format of the output: the extension of `-o`'s file name, else `--format`;
    /// `None` for text or an unknown extension.
    pub fn picture_format(&self) -> Option<Format> {
        self.named_extension()
            .and_then(|ext| FormatRow::by_extension(&ext))
            .map(|f| f.format)
            .or_else(|| match self.named_extension() {
                Some(_) => None,
                None => self.format,
            })
    }

    /// The file the picture goes to: `-o`, or the sheet of `--sheet`.
    pub fn file(&self) -> Option<&PathBuf> {
        self.output.as_ref().or(self.sheet.as_ref())
    }

    /// The extension of the file's name (not `-`), lower case.
    pub fn named_extension(&self) -> Option<String> {
        self.file()
            .filter(|p| p.as_os_str() != "-")
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
    }

    /// Whether the output is standard output (no `-o`, or `-o -`).
    pub fn to_stdout(&self) -> bool {
        self.file().is_none_or(|p| p.as_os_str() == "-")
    }
}
