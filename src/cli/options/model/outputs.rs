//! The outputs an option applies to, by kind of the library's format table (stills, animations),
//! and their words: "animations: GIF, APNG, WebP, MP4, HTML".

use chessviz::files::{Format, Kind, FORMATS};

/// The columns of applicability: text on standard output or in a file, a still, an animation (the
/// player page plays what an animation shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Stdout,
    TextFile,
    Still,
    Animation,
}

impl Column {
    /// The column of a picture format, by its kind in the format table.
    pub fn of(format: Format) -> Column {
        let kind = FORMATS.iter().find(|f| f.format == format).map(|f| f.kind);
        match kind {
            Some(Kind::Animation(_) | Kind::Player) => Column::Animation,
            Some(Kind::Raster | Kind::Vector(_)) => Column::Still,
            None => Column::TextFile,
        }
    }
}

/// A set of outputs, by kind of the format table.
#[derive(Clone, Copy, Debug)]
pub struct Outputs {
    pub stdout: bool,
    pub text_file: bool,
    pub stills: bool,
    pub animations: bool,
    /// When not empty, the pictures are these formats only (TikZ's own options).
    pub only: &'static [Format],
    /// Formats of its kinds that refuse it, and why.
    pub except: &'static [(Format, &'static str)],
}

impl Outputs {
    /// No output by itself: an option of a mode alone (`also_with`).
    pub const NONE: Outputs = Outputs {
        stdout: false,
        text_file: false,
        stills: false,
        animations: false,
        only: &[],
        except: &[],
    };
    /// Everything: the problem itself.
    pub const EVERY: Outputs = Outputs {
        stdout: true,
        text_file: true,
        stills: true,
        animations: true,
        ..Outputs::NONE
    };
    /// Text, on standard output or in a file.
    pub const TEXT: Outputs = Outputs {
        stdout: true,
        text_file: true,
        ..Outputs::NONE
    };
    /// Every picture: stills, animations and the player page.
    pub const PICTURES: Outputs = Outputs {
        stills: true,
        animations: true,
        ..Outputs::NONE
    };
    /// Stills: raster and vector formats.
    pub const STILLS: Outputs = Outputs {
        stills: true,
        ..Outputs::NONE
    };
    /// Animations and the player page.
    pub const ANIMATIONS: Outputs = Outputs {
        animations: true,
        ..Outputs::NONE
    };
    /// Text and stills (one solution, not the search).
    pub const TEXT_AND_STILLS: Outputs = Outputs {
        stills: true,
        ..Outputs::TEXT
    };
    /// A picture on standard output (`--format`) or in a file.
    pub const STDOUT_AND_PICTURES: Outputs = Outputs {
        stdout: true,
        ..Outputs::PICTURES
    };

    /// These formats of its kinds only.
    pub const fn only(self, formats: &'static [Format]) -> Outputs {
        Outputs {
            only: formats,
            ..self
        }
    }

    /// Without these formats, each with its reason.
    pub const fn except(self, formats: &'static [(Format, &'static str)]) -> Outputs {
        Outputs {
            except: formats,
            ..self
        }
    }

    /// Whether it applies to every output alike (the problem's own options).
    pub fn is_every(&self) -> bool {
        self.stdout
            && self.text_file
            && self.stills
            && self.animations
            && self.only.is_empty()
            && self.except.is_empty()
    }

    /// Whether its column takes it (before `only` and `except`).
    pub fn takes_column(&self, column: Column) -> bool {
        match column {
            Column::Stdout => self.stdout,
            Column::TextFile => self.text_file,
            Column::Still => self.stills,
            Column::Animation => self.animations,
        }
    }

    /// Whether a picture format takes it.
    pub fn takes_format(&self, format: Format) -> bool {
        self.takes_column(Column::of(format))
            && (self.only.is_empty() || self.only.contains(&format))
            && !self.except.iter().any(|(f, _)| *f == format)
    }

    /// The picture formats that take it, as help texts list them: stills first, in the table's
    /// order.
    pub fn formats(&self) -> Vec<Format> {
        let taken = FORMATS
            .iter()
            .map(|f| f.format)
            .filter(|&f| self.takes_format(f));
        let (stills, others): (Vec<Format>, Vec<Format>) =
            taken.partition(|&f| Column::of(f) == Column::Still);
        stills.into_iter().chain(others).collect()
    }

    /// Where it applies, in words: "animations: GIF, APNG, WebP, MP4, HTML", with `modes` (the
    /// options that choose an output themselves and take it: "--frames") after them.
    pub fn words(&self, modes: &[&str]) -> String {
        let mut parts = Vec::new();
        match (self.stdout, self.text_file) {
            (true, true) => parts.push("text (no -o, -o - or -o FILE.txt)".to_string()),
            (true, false) => parts.push("standard output (no -o, or -o -)".to_string()),
            (false, true) => parts.push("a text file (-o FILE.txt)".to_string()),
            (false, false) => {}
        }
        let formats = self.formats();
        if !formats.is_empty() {
            let labels: Vec<&str> = formats.iter().map(|&f| label(f)).collect();
            let all_of = |column: Column| {
                FORMATS
                    .iter()
                    .filter(|f| Column::of(f.format) == column)
                    .all(|f| formats.contains(&f.format))
            };
            let stills = formats.iter().any(|&f| Column::of(f) == Column::Still);
            let animations = formats.iter().any(|&f| Column::of(f) == Column::Animation);
            let group = match (stills, animations) {
                (true, true) if all_of(Column::Still) && all_of(Column::Animation) => {
                    Some("pictures")
                }
                (true, false) if all_of(Column::Still) => Some("stills"),
                (false, true) if all_of(Column::Animation) => Some("animations"),
                _ => None,
            };
            let files: Vec<String> = formats.iter().map(|f| format!(".{}", name(*f))).collect();
            parts.push(match group {
                Some(group) => format!("{group}: {}", labels.join(", ")),
                None => format!("{} (-o FILE{})", labels.join(", "), files.join(", ")),
            });
        }
        let mut words = parts.join(" and to ");
        let modes_only = words.is_empty();
        if modes_only {
            let modes: Vec<String> = modes.iter().map(|m| format!("--{m}")).collect();
            words = modes.join(", ");
        } else if !modes.is_empty() {
            let modes: Vec<String> = modes.iter().map(|m| format!("--{m}")).collect();
            words.push_str(&format!(", and to {}", modes.join(", ")));
        }
        words
    }
}

/// The name of a format in words ("TeX (TikZ)").
pub fn label(format: Format) -> &'static str {
    FORMATS
        .iter()
        .find(|f| f.format == format)
        .map_or("text", |f| f.label)
}

/// The extension and value of `--format` of a format.
pub fn name(format: Format) -> &'static str {
    FORMATS
        .iter()
        .find(|f| f.format == format)
        .map_or("txt", |f| f.name)
}
