//! A box (`--fit`) for pictures with a panel: the panel's size grows with the cell as the board's
//! does, so the cell is fitted with the first scene's panel in the picture.

use chessviz::{Adapter, Fit, RenderHints, Result, Style};

use crate::cli::args::LookArgs;

/// `style` (already fitted to the board) refitted so that the picture with `adapter`'s panel
/// fits the box asked for; `style` itself without a box or a panel.
pub fn fit_with_panel<A: Adapter>(look: &LookArgs, style: Style, adapter: A) -> Result<Style> {
    fit_scene_with_panel(look.fit(), style, adapter)
}

/// [`fit_with_panel`] for the box `fit` (`None`: none asked for).
pub fn fit_scene_with_panel<A: Adapter>(
    fit: Option<Fit>,
    style: Style,
    mut adapter: A,
) -> Result<Style> {
    let Some(fit) = fit else {
        return Ok(style);
    };
    let scene = adapter.first_scene();
    if scene.panel().is_none() {
        return Ok(style);
    }
    // Every picture of a step is captioned.
    let hints = RenderHints {
        caption: true,
        ..adapter.hints()
    };
    style.fit_scene(fit, &scene, hints)
}
