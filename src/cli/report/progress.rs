//! A progress bar on standard error for renders that take more than about a second; silent when
//! standard error is not a terminal or `--quiet` is given.
//!
//! Where the frame count is known before the first frame (tromino, knight, queens up to a solution)
//! it is a bar with the total and the time left; elsewhere a spinner with the count so far. Work
//! that draws nothing for a long time (`queens --count`, the walk to a far `--step`) has a bar of
//! its own parts ([`WorkBar`]).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use chessviz::{Cancel, Progress, WorkProgress};

/// Shows frames rendered so far, once a render has run for a second.
pub struct FrameProgress {
    cancel: Cancel,
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
}

/// The template for a known total, or a spinner for an unknown one.
fn template(total: Option<u64>) -> &'static str {
    match total {
        Some(_) => "{bar:30} {pos}/{len} frames  {elapsed} elapsed, {eta} left  {rate}",
        None => "{spinner} {pos} frames  {elapsed}  {rate}",
    }
}

/// The rate rounded to a whole number of frames a second (indicatif's `{per_sec}` shows four
/// decimals).
fn rate(state: &ProgressState, w: &mut dyn std::fmt::Write) {
    let _ = write!(w, "{:.0} frames/s", state.per_sec());
}

impl FrameProgress {
    /// A progress reporter towards `total` frames when known, stopping once `cancel` is cancelled; draws nothing when `quiet` or when
    /// standard error is not a terminal.
    pub fn new(cancel: &Cancel, quiet: bool, total: Option<u64>) -> FrameProgress {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
            let style = ProgressStyle::with_template(template(total))
                .map(|s| s.with_key("rate", rate))
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        FrameProgress {
            cancel: cancel.clone(),
            bar,
            started: Instant::now(),
            shown: false,
        }
    }
}

impl Progress for FrameProgress {
    /// Stops the animation once the run is cancelled (Ctrl-C).
    fn frame(&mut self, frames: u64) -> bool {
        let go_on = !self.cancel.is_cancelled();
        let Some(bar) = &self.bar else { return go_on };
        if !self.shown && self.started.elapsed() > Duration::from_secs(1) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        // The total is an estimate within a frame or two: never let the count pass it.
        if bar.length().is_some_and(|len| frames > len) {
            bar.set_length(frames);
        }
        bar.set_position(frames);
        go_on
    }

    fn keep_going(&mut self) -> bool {
        !self.cancel.is_cancelled()
    }

    fn finish(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A bar of the parts of a long piece of work that draws nothing (the subtrees of a count, the
/// steps of a walk to a far step), with the time left; shown, as [`FrameProgress`], once the work
/// has run for a second, on a terminal and without `--quiet`. Stops the work once the run is
/// cancelled (Ctrl-C).
pub struct WorkBar {
    cancel: Cancel,
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
}

/// The template of a bar of `unit`s (`subtrees of the search`).
fn work_template(unit: &str) -> String {
    format!("{{msg}}{{bar:30}} {{pos}}/{{len}} {unit}  {{elapsed}} elapsed, {{eta}} left")
}

impl WorkBar {
    /// A bar of `unit`s, stopping once `cancel` is cancelled; draws nothing when `quiet` or when
    /// standard error is not a terminal.
    pub fn new(cancel: &Cancel, quiet: bool, unit: &str) -> WorkBar {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(&work_template(unit)) {
                bar.set_style(style);
            }
            bar
        });
        WorkBar {
            cancel: cancel.clone(),
            bar,
            started: Instant::now(),
            shown: false,
        }
    }

    /// Starts a new stage of the work (`counting the steps: `, `playing them: `), its parts
    /// counted from 0 again and its time left estimated afresh.
    pub fn stage(&mut self, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(message.to_string());
            bar.set_position(0);
            bar.reset_eta();
            bar.reset_elapsed();
        }
    }

    /// Clears the bar from the terminal.
    pub fn finish(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl WorkProgress for WorkBar {
    fn increase(&mut self, done: u64, total: u64) -> bool {
        let go_on = !self.cancel.is_cancelled();
        let Some(bar) = &self.bar else { return go_on };
        if !self.shown && self.started.elapsed() > Duration::from_secs(1) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        bar.set_length(total);
        bar.set_position(done);
        go_on
    }
}

impl Drop for WorkBar {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_parse() {
        for total in [None, Some(10)] {
            let style = ProgressStyle::with_template(template(total));
            assert!(style.is_ok(), "{}", template(total));
        }
        assert!(template(Some(1)).contains("{len}") && template(Some(1)).contains("{eta}"));
        let work = work_template("steps");
        assert!(ProgressStyle::with_template(&work).is_ok(), "{work}");
        assert!(
            work.contains("{len} steps") && work.contains("{eta} left"),
            "{work}"
        );
    }

    #[test]
    fn a_work_bar_stops_once_cancelled() {
        let cancel = Cancel::new();
        let mut bar = WorkBar::new(&cancel, true, "steps");
        assert!(bar.increase(1, 10));
        cancel.cancel();
        assert!(!bar.increase(2, 10));
    }
}
