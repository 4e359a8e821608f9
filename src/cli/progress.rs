//! A progress bar on standard error for renders that take more than about a second; silent when
//! standard error is not a terminal or `--quiet` is given.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use chessviz::Progress;

/// Shows frames rendered so far, once a render has run for a second.
pub struct FrameProgress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
}

impl FrameProgress {
    /// A progress reporter; draws nothing when `quiet` or when standard error is not a terminal.
    pub fn new(quiet: bool) -> FrameProgress {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {pos} frames  {elapsed}  {per_sec}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        });
        FrameProgress {
            bar,
            started: Instant::now(),
            shown: false,
        }
    }
}

impl Progress for FrameProgress {
    /// Stops the animation once the run is cancelled (Ctrl-C).
    fn frame(&mut self, frames: u64) -> bool {
        let go_on = !super::cancel().is_cancelled();
        let Some(bar) = &self.bar else { return go_on };
        if !self.shown && self.started.elapsed() > Duration::from_secs(1) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        bar.set_position(frames);
        go_on
    }

    fn keep_going(&mut self) -> bool {
        !super::cancel().is_cancelled()
    }

    fn finish(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
