//! The player's HTML document: the first picture as inline SVG, the controls, and the stored
//! elements, symbols and changes in inert `text/plain` script blocks that the page's script reads.
//!
//! Nothing is loaded from anywhere: the style and the script are written into the page, and the
//! controls' icons are inline SVG. The markup of elements and symbols never holds `</` followed by
//! `script` (it is the SVG writer's own output: paths, numbers, ids), which keeps the blocks inert.

use std::fmt::Write as _;
use std::io::Write;

use super::encode::{caption_codes, element_lines, run_code};
use super::{PlayerPage, SliderMark, Sym};
use crate::error::{Error, Result};
use crate::text::{Lang, Phrase};

/// The page's style and script, written into every page.
const STYLE: &str = include_str!("player.css");
const SCRIPT: &str = include_str!("player.js");

/// CSS pixels of the page around the figure: the padding on each side.
pub(crate) const PAGE_PADDING_PX: u32 = 8;

/// CSS pixels the controls take below the figure (their gap above and their height), and the
/// caption line below them when it is shown: with the padding, a page whose figure is this much
/// smaller than the window fits it without scrolling (the style sheet holds these numbers).
pub(crate) const CONTROLS_PX: u32 = 48;
pub(crate) const CAPTION_LINE_PX: u32 = 30;

/// How large a player page draws its figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayerSize {
    /// As large as the window (a browser's, a slide's frame) allows, keeping its proportions:
    /// the figure is vector, so it stays sharp at any size.
    #[default]
    Window,
    /// At its own size (a size was asked for), smaller where the window is.
    Own,
}

/// The words of a page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageText {
    /// The document's title: what the page plays ("the search for 8 queens").
    pub title: String,
    /// Show each step's caption under the controls (for a figure without a caption band); it is
    /// always there for screen readers.
    pub show_caption: bool,
    /// The language of the page: its `lang` attribute and the words of its controls.
    pub lang: Lang,
    /// How large the figure is drawn.
    pub size: PlayerSize,
}

/// The words of the player's controls in one language: each button's label, the slider's, the
/// speed's, and the step count's template (`{0}` the step, `{1}` the last), which the script fills.
struct ControlWords {
    /// The `lang` attribute.
    code: &'static str,
    first: &'static str,
    back: &'static str,
    play: &'static str,
    forward: &'static str,
    last: &'static str,
    slider: &'static str,
    speed: &'static str,
    count: String,
    /// Said after the first picture's caption where `#autoplay` waits for reduced motion.
    calm: &'static str,
}

impl ControlWords {
    fn of(lang: Lang) -> ControlWords {
        let count = lang.say(Phrase::StepOf, &[&"{0}", &"{1}"]);
        match lang {
            Lang::Zh => ControlWords {
                code: "zh-Hans",
                first: "第一步（Home）",
                back: "上一步（左方向键）",
                play: "播放或暂停（空格）",
                forward: "下一步（右方向键）",
                last: "最后一步（End）",
                slider: "步",
                speed: "速度",
                count,
                calm: "（系统要求减少动态效果，所以不自动播放：按“播放”开始。）",
            },
            _ => ControlWords {
                code: "en",
                first: "First step (Home)",
                back: "Step back (left arrow)",
                play: "Play or pause (space)",
                forward: "Step forward (right arrow)",
                last: "Last step (End)",
                slider: "Step",
                speed: "Speed",
                count,
                calm: "(Not playing by itself: the system asks for reduced motion. Press Play to start.)",
            },
        }
    }
}

/// Writes the page; returns its size in bytes.
pub(super) fn write(
    page: &PlayerPage,
    out: &mut dyn Write,
    ms: &[u32],
    text: &PageText,
) -> Result<u64> {
    // The page is a few MB at most (the player's limits): built whole, its size is known.
    let mut page_bytes = Vec::new();
    document(page, &mut page_bytes, ms, text)
        .and_then(|()| out.write_all(&page_bytes))
        .and_then(|()| out.flush())
        .map_err(|e| Error::Encode(format!("writing the web page failed: {e}")))?;
    Ok(page_bytes.len() as u64)
}

fn document(
    page: &PlayerPage,
    w: &mut dyn Write,
    ms: &[u32],
    text: &PageText,
) -> std::io::Result<()> {
    let (width, height) = (page.width, page.height);
    let (bg, fg) = match page.background {
        Some([r, g, b]) => {
            // Text in black or white, whichever reads better on the figure's background.
            let luma = 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b);
            let fg = if luma >= 128_000 {
                "#1a1a1a"
            } else {
                "#f2f2f2"
            };
            (format!("#{r:02x}{g:02x}{b:02x}"), fg)
        }
        None => ("#ffffff".to_string(), "#1a1a1a"),
    };
    let title = escape_html(&text.title);
    let words = ControlWords::of(text.lang);
    // The page's height besides the figure, for the figure's largest height in a window.
    let chrome = 2 * PAGE_PADDING_PX
        + CONTROLS_PX
        + if text.show_caption {
            CAPTION_LINE_PX
        } else {
            0
        };
    // The figure's width: what the window's width leaves, and what its height leaves below the
    // controls at the figure's proportions (and its own width where it is kept).
    let own = match text.size {
        PlayerSize::Window => String::new(),
        PlayerSize::Own => format!("{width}px,"),
    };
    let figure = format!(
        "min({own}100vw - {across}px,(100vh - {chrome}px) * {width} / {height})",
        across = 2 * PAGE_PADDING_PX
    );
    let style = STYLE
        .replace("FIGURE", &figure)
        .replace("ASPECT", &format!("{width}/{height}"))
        .replace("WIDTHpx", &format!("{width}px"))
        .replace("HEIGHTpx", &format!("{height}px"))
        .replace("BACKGROUND", &bg)
        .replace("FOREGROUND", fg);
    write!(
        w,
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"chessviz\">\n<title>{title}</title>\n\
         <style>\n{style}</style>\n</head>\n<body>\n<div class=\"cv\" id=\"cv\">\n",
        lang = words.code
    )?;
    let caption = page.captions.first().map(String::as_str).unwrap_or("");
    write!(
        w,
        "<svg class=\"cv-fig\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" \
         role=\"img\" aria-label=\"{}\">\n<defs id=\"cv-defs\">\n{}",
        escape_html(caption),
        page.static_defs
    )?;
    for n in 0..page.first_symbols {
        writeln!(w, "{}", page.symbol_markup(n))?;
    }
    w.write_all(b"</defs>\n<g id=\"cv-f\">\n")?;
    for &e in &page.first {
        writeln!(w, "{}", page.elements[e as usize])?;
    }
    w.write_all(b"</g>\n</svg>\n")?;
    controls(w, page, &words)?;
    write!(
        w,
        "<p class=\"cv-cap{}\" id=\"cv-cap\" aria-live=\"polite\" data-calm=\"{}\">{}</p>\n</div>\n",
        if text.show_caption { "" } else { " cv-hidden" },
        words.calm,
        escape_html(caption)
    )?;
    let elements = element_lines(&page.elements);
    block(w, "cv-elements", elements.iter().map(String::as_str))?;
    let own = page.first_symbols;
    let symbols = symbol_lines(page);
    block(w, "cv-symbols", symbols.iter().map(String::as_str))?;
    block(w, "cv-deltas", page.deltas.lines())?;
    w.write_all(b"<script type=\"application/json\" id=\"cv-data\">")?;
    w.write_all(data(page, ms, own).as_bytes())?;
    w.write_all(b"</script>\n<script>\n")?;
    w.write_all(SCRIPT.as_bytes())?;
    w.write_all(b"</script>\n</body>\n</html>\n")
}

/// The buttons, the slider, the speed and the step count.
fn controls(w: &mut dyn Write, page: &PlayerPage, words: &ControlWords) -> std::io::Result<()> {
    let buttons: [(&str, &str, &str); 5] = [
        ("first", words.first, "M3 3h2v10H3zM13 3v10L6 8z"),
        ("back", words.back, "M12 3v10L5 8z"),
        ("play", words.play, ""),
        ("forward", words.forward, "M4 3v10l7-5z"),
        ("last", words.last, "M3 3v10l7-5zM11 3h2v10h-2z"),
    ];
    w.write_all(b"<div class=\"cv-bar\">\n")?;
    for (act, label, d) in buttons {
        // The play button is a toggle: aria-pressed says whether it plays.
        let (icon, pressed) = if act == "play" {
            (
                "<path class=\"cv-play\" d=\"M4 2v12l10-6z\"/><path class=\"cv-pause\" d=\"M3 3h4v10H3zM9 3h4v10H9z\"/>"
                    .to_string(),
                " aria-pressed=\"false\"",
            )
        } else {
            (format!("<path d=\"{d}\"/>"), "")
        };
        writeln!(
            w,
            "<button type=\"button\" data-act=\"{act}\" title=\"{label}\" aria-label=\"{label}\"{pressed}>\
             <svg viewBox=\"0 0 16 16\" aria-hidden=\"true\">{icon}</svg></button>"
        )?;
    }
    let max = page.len().saturating_sub(1);
    writeln!(
        w,
        "<div class=\"cv-track\"><input type=\"range\" id=\"cv-slider\" min=\"0\" max=\"{max}\" value=\"0\" aria-label=\"{}\">",
        words.slider
    )?;
    slider_marks(w, page, max)?;
    w.write_all(b"</div>\n")?;
    write!(
        w,
        "<select id=\"cv-speed\" aria-label=\"{0}\" title=\"{0}\">",
        words.speed
    )?;
    for (value, label) in [
        ("0.25", "\u{bc}\u{d7}"),
        ("0.5", "\u{bd}\u{d7}"),
        ("1", "1\u{d7}"),
        ("2", "2\u{d7}"),
        ("4", "4\u{d7}"),
        ("8", "8\u{d7}"),
        ("16", "16\u{d7}"),
        ("64", "64\u{d7}"),
    ] {
        let selected = if value == "1" { " selected" } else { "" };
        write!(w, "<option value=\"{value}\"{selected}>{label}</option>")?;
    }
    write!(
        w,
        "</select>\n<output class=\"cv-count\" data-step=\"{}\" id=\"cv-count\"></output>\n</div>\n",
        escape_html(&words.count)
    )
}

/// The pictures marked along the slider: a tick per solution and per retreat, drawn over the
/// track (one unit per picture) so that each sits under the thumb's place for its picture.
fn slider_marks(w: &mut dyn Write, page: &PlayerPage, max: usize) -> std::io::Result<()> {
    if page.marks.is_empty() {
        return Ok(());
    }
    write!(
        w,
        "<svg class=\"cv-marks\" viewBox=\"0 0 {} 1\" preserveAspectRatio=\"none\" aria-hidden=\"true\">",
        max.max(1)
    )?;
    for (kind, class) in [
        (SliderMark::Completes, "cv-done"),
        (SliderMark::Held, "cv-held"),
    ] {
        let mut d = String::new();
        for &(i, _) in page.marks.iter().filter(|(_, k)| *k == kind) {
            let _ = write!(d, "M{i} 0V1");
        }
        if !d.is_empty() {
            write!(w, "<path class=\"{class}\" d=\"{d}\"/>")?;
        }
    }
    w.write_all(b"</svg>")
}

/// Each symbol's line: a run's code (runs refer to the run before them, so every run has one), the
/// markup of a later symbol, nothing for a symbol the page defines itself.
fn symbol_lines(page: &PlayerPage) -> Vec<String> {
    let mut prev: &[(u32, i64)] = &[];
    let mut lines = Vec::with_capacity(page.symbols.len());
    for (n, sym) in page.symbols.iter().enumerate() {
        lines.push(match sym {
            Sym::Run(tokens) => {
                let code = run_code(tokens, prev);
                prev = tokens;
                code
            }
            Sym::Markup(_) if n < page.first_symbols => String::new(),
            Sym::Markup(_) => page.symbol_markup(n),
        });
    }
    lines
}

/// An inert block of lines, read by the script.
fn block<'a>(
    w: &mut dyn Write,
    id: &str,
    lines: impl Iterator<Item = &'a str>,
) -> std::io::Result<()> {
    write!(w, "<script type=\"text/plain\" id=\"{id}\">")?;
    for (k, line) in lines.enumerate() {
        if k > 0 {
            w.write_all(b"\n")?;
        }
        w.write_all(line.as_bytes())?;
    }
    w.write_all(b"</script>\n")
}

/// The page's numbers and captions as JSON: the first picture's elements, the symbols the page
/// defines itself, each picture's step (left out when picture i is step i), time and caption.
fn data(page: &PlayerPage, ms: &[u32], own: usize) -> String {
    let mut s = String::with_capacity(page.len() * 48);
    let list = |s: &mut String, values: &mut dyn Iterator<Item = i64>| {
        s.push('[');
        for (k, v) in values.enumerate() {
            if k > 0 {
                s.push(',');
            }
            let _ = write!(s, "{v}");
        }
        s.push(']');
    };
    s.push_str("{\"first\":");
    list(&mut s, &mut page.first.iter().map(|&e| i64::from(e)));
    let _ = write!(s, ",\"own\":{own},\"ms\":");
    list(&mut s, &mut ms.iter().map(|&m| i64::from(m)));
    let plain = page.steps.iter().enumerate().all(|(i, &st)| st == i as u64);
    if !plain {
        s.push_str(",\"steps\":");
        list(&mut s, &mut page.steps.iter().map(|&st| st as i64));
    }
    s.push_str(",\"vg\":[");
    for (k, (glyph, _)) in page.variants.iter().enumerate() {
        if k > 0 {
            s.push(',');
        }
        push_json_string(&mut s, glyph);
    }
    s.push_str("],\"vy\":");
    list(&mut s, &mut page.variants.iter().map(|&(_, y)| y));
    s.push_str(",\"captions\":[");
    for (k, c) in caption_codes(&page.captions).iter().enumerate() {
        if k > 0 {
            s.push(',');
        }
        push_json_string(&mut s, c);
    }
    s.push_str("]}");
    s
}

/// A JSON string that is also safe inside a `<script>` block (no `<`, `>` or `&` as such).
fn push_json_string(s: &mut String, text: &str) {
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(s, "\\u{:04x}", u32::from(c));
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", u32::from(c));
            }
            c => s.push(c),
        }
    }
    s.push('"');
}

/// Text for HTML content and attribute values.
fn escape_html(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_safe_in_a_script_block() {
        let mut s = String::new();
        push_json_string(&mut s, "a \"b\" </script> & \\");
        assert_eq!(s, "\"a \\\"b\\\" \\u003c/script\\u003e \\u0026 \\\\\"");
        assert_eq!(escape_html("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
