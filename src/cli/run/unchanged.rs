//! Options accepted where they leave the output byte for byte as it is without them, and why: the
//! reasons the option sweep (`tests/it/hardening/option_sweep`) accepts. Everywhere else an option
//! either changes the output `-o` chose or is refused by the table of `applies.rs`. This file is
//! data only: the sweep reads it as it is.

/// (subcommand, outputs, option, why): the subcommand or `*` for every one; the outputs as the
/// sweep names them (stdout, txt, png, svg, pdf, tex, gif, apng, webp, mp4, html, frames,
/// storyboard, step, sheet, folder), separated by commas, or `*`; the option's long name.
pub const UNCHANGED: &[(&str, &str, &str, &str)] = &[
    (
        "*",
        "stdout,degrees-text",
        "quiet",
        "text on standard output has no summary line to silence; -q is accepted there out of habit",
    ),
    (
        "queens",
        "stdout,txt",
        "list",
        "the text of queens lists every solution without it: --list says so out loud",
    ),
    (
        "*",
        "svg",
        "format",
        "--format naming the format of -o's file name agrees with it (a different one is refused)",
    ),
    (
        "knight",
        "*",
        "max-retreats",
        "Warnsdorff's search of a 5 x 5 board never retreats: a budget it stays within is honoured \
         with nothing to show (a budget overrun is refused: tests/it/knight_explain_cli.rs)",
    ),
    (
        "knight",
        "gif,apng,webp,mp4,html,frames",
        "retreat-delay",
        "Warnsdorff's search of a 5 x 5 board never retreats: no retreat to hold (the delay of \
         retreats is tested in tests/it/animations.rs)",
    ),
    (
        "queens",
        "step,storyboard",
        "until-solution",
        "steps before the first solution: --until-solution ends the steps there, and a later step \
         is refused",
    ),
    (
        "queens",
        "bare,tex",
        "unique",
        "on 4 x 4 the first fundamental solution is the first solution, and a bare board has no \
         caption to tell them apart (nor has a TikZ picture to \\input, whose caption is the \
         document's)",
    ),
];
