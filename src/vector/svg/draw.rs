//! One draw of the display list as one SVG element: a rectangle, a placed symbol, a line or dot,
//! with its colour, opacity and clip.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::path::same;
use crate::display::list::{Ink, Shape};
use crate::display::palette::Palette;
use crate::geom::Rect;
use crate::vector::layers::{push_fixed, push_num, Draw};

/// `x="" y="" width="" height=""` of `r` (no closing of the element).
pub(crate) fn push_rect(s: &mut String, r: Rect) {
    let _ = write!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        r.x, r.y, r.width, r.height
    );
}

pub(crate) fn push_color(s: &mut String, palette: &Palette, ink: Ink) {
    let [r, g, b] = palette.rgb(ink);
    let _ = write!(s, "#{r:02x}{g:02x}{b:02x}");
}

/// ` opacity="..."` for a translucent item (three decimals), nothing for an opaque one.
fn push_opacity(s: &mut String, alpha: u8) {
    if alpha < 255 {
        s.push_str(" opacity=\"");
        push_fixed(s, (i64::from(alpha) * 1000 + 127) / 255, 1000);
        s.push('"');
    }
}

pub(crate) fn write_draw(
    s: &mut String,
    href: &str,
    d: &Draw<'_>,
    palette: &Palette,
    names: &[String],
    clips: &HashMap<Rect, String>,
) {
    // A clip goes on a group around the element: on a <use> it would move with the use's x and y.
    let clip = d.clip.and_then(|c| clips.get(&c));
    if let Some(c) = clip {
        let _ = write!(s, "<g clip-path=\"url(#{c})\">");
    }
    match d.op {
        Shape::Rect(r) => {
            push_rect(s, r);
            s.push_str(" fill=\"");
            push_color(s, palette, d.ink);
            s.push('"');
        }
        Shape::Symbol { id, dx, dy } => {
            let _ = write!(s, "<use {href}=\"#{}\"", names[id.0 as usize]);
            if dx != 0 {
                let _ = write!(s, " x=\"{dx}\"");
            }
            if dy != 0 {
                let _ = write!(s, " y=\"{dy}\"");
            }
            s.push_str(" color=\"");
            push_color(s, palette, d.ink);
            s.push('"');
        }
        Shape::Polyline { points, width } => {
            let dot = points.iter().all(|p| same(*p, points[0]));
            if dot {
                // A line of no length is a round dot (SVG renderers differ on zero-length caps).
                s.push_str("<circle cx=\"");
                push_num(s, points[0][0]);
                s.push_str("\" cy=\"");
                push_num(s, points[0][1]);
                s.push_str("\" r=\"");
                push_num(s, width / 2.0);
                s.push_str("\" fill=\"");
                push_color(s, palette, d.ink);
                s.push('"');
            } else {
                s.push_str("<polyline points=\"");
                for (k, p) in points.iter().enumerate() {
                    if k > 0 {
                        s.push(' ');
                    }
                    push_num(s, p[0]);
                    s.push(',');
                    push_num(s, p[1]);
                }
                s.push_str("\" fill=\"none\" stroke=\"");
                push_color(s, palette, d.ink);
                s.push_str("\" stroke-width=\"");
                push_num(s, width);
                s.push_str("\" stroke-linecap=\"round\" stroke-linejoin=\"round\"");
            }
        }
    }
    push_opacity(s, d.alpha);
    s.push_str("/>");
    if clip.is_some() {
        s.push_str("</g>");
    }
    s.push('\n');
}
