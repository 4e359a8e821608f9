//! The pacing of animations: `--delay`, `--hold`, `--every`, `--max-frames`, `--loop`, `-q`.

/// GIF viewers and browsers show frames shorter than 2 centiseconds at 100 ms: a shorter `--delay`
/// plays slower, not faster.
pub const MIN_SHOWN_DELAY_MS: u32 = 20;

/// Pacing of animations (`-o FILE.gif`). Each subcommand sets its own defaults for `--delay` and
/// `--hold` (with `mut_arg`, so `--help` shows them).
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Animation options (-o {ANIMATION_FILES})")]
pub struct AnimArgs {
    /// Milliseconds each step is shown.
    ///
    /// Milliseconds each step is shown (in a GIF 20 or more, since viewers show shorter GIF frames at
    /// 100 ms: a GIF refuses less).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=600_000))]
    pub delay: Option<u32>,
    /// Milliseconds the finished figure is held.
    ///
    /// Milliseconds the finished figure (queens: each solution) is held.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=3_600_000))]
    pub hold: Option<u32>,
    /// Keep one frame in K.
    ///
    /// Keep one frame in K (frames that complete something are always kept).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub every: u32,
    /// Stop the animation after M frames.
    ///
    /// Stop the animation after M frames [default: all of them, up to 200000].
    #[arg(long, value_name = "M", value_parser = at_least_one)]
    pub max_frames: Option<u64>,
    /// Play the animation N times in all.
    ///
    /// Play the animation N times in all [default: loop forever].
    #[arg(long = "loop", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub loops: Option<u16>,
    /// Write captions of every step into FILE.vtt.
    ///
    /// Write WebVTT captions beside the animation (or the web page) into FILE.vtt: one cue per
    /// picture at its time (the times of --frames' frames.txt), saying what it shows in words,
    /// for a video player, an HTML <track> or PowerPoint's "Insert captions".
    #[arg(long, value_name = "FILE.vtt", value_parser = parse_captions_file)]
    pub captions: Option<std::path::PathBuf>,
    /// No progress bar, no warnings, no summary line.
    ///
    /// No progress bar, no warnings, no summary line.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl AnimArgs {
    /// Refuses a GIF `--delay` under [`MIN_SHOWN_DELAY_MS`] before any work: viewers and browsers
    /// show such frames at 100 ms, so the animation would play slower than asked, not faster
    /// (the other animation formats and the player keep short delays).
    pub fn refuse_short_gif_delay(&self) -> chessviz::Result<()> {
        match self.delay.filter(|&d| d < MIN_SHOWN_DELAY_MS) {
            Some(delay) => Err(chessviz::Error::usage(crate::cli::formats::fill_in(&format!(
                "--delay {delay} is too short for a GIF: viewers and browsers show GIF frames under {MIN_SHOWN_DELAY_MS} ms at 100 ms, so it would play slower, not faster; give --delay {MIN_SHOWN_DELAY_MS} or more (with --every K to show fewer steps), or write {{SHORT_DELAY_FORMATS}}, which keep short delays"
            )))),
            None => Ok(()),
        }
    }

    /// Pacing with the subcommand's default delay and hold.
    pub fn pacing(&self, delay_ms: u32, hold_ms: u32) -> chessviz::Pacing {
        use chessviz::Repeat;
        let mut p =
            chessviz::Pacing::new(self.delay.unwrap_or(delay_ms), self.hold.unwrap_or(hold_ms));
        p.every = self.every;
        p.max_frames = self.max_frames;
        p.repeat = match self.loops {
            None => Repeat::Forever,
            Some(n) => Repeat::Times(n),
        };
        p
    }
}

/// A count from 1 up, said so when refused (clap's range check would print "1..18446744073709551615").
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("must be a whole number, at least 1".to_string()),
    }
}

/// `--captions`: a file named `*.vtt`, so that players find it as WebVTT.
fn parse_captions_file(name: &str) -> Result<std::path::PathBuf, String> {
    let path = std::path::PathBuf::from(name);
    let vtt = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vtt"));
    if !vtt || path.file_stem().is_none() {
        return Err(format!(
            "captions are WebVTT: name a FILE.vtt, not '{name}'"
        ));
    }
    Ok(path)
}
