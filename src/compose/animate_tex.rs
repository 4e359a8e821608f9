//! `animate.tex`: the pictures of a frames folder as one `animateinline` of LaTeX's `animate`
//! package, each shown for its own time, with the package's controls, ready to `\input` in a
//! Beamer frame. PDF pictures stay vector (`\includegraphics` of each page), PNG pictures are
//! included as they are; TikZ pictures are `\input`. SVG pictures cannot be included by LaTeX
//! without an outside converter, so no file is written for them.

use std::fmt::Write as _;

use crate::compose::figure::StillFormat;
use crate::error::{Error, Result};

/// The name of the file in the frames folder.
pub const ANIMATE_TEX: &str = "animate.tex";

/// The first line of every `animate.tex`: how a later run knows the file is its own to replace.
pub const ANIMATE_TEX_HEAD: &str = "% chessviz: the pictures of this folder as one animation";

/// Whether pictures of `format` can be played by `animate.tex`.
pub fn animate_tex_plays(format: StillFormat) -> bool {
    match format {
        StillFormat::Png | StillFormat::Pdf | StillFormat::Tex => true,
        StillFormat::Svg => false,
    }
}

/// Frames per second that show a picture `ms` milliseconds, as `animate` reads a rate: a decimal
/// with at most 6 places (0 ms, "as fast as can be", is shown 1 ms).
fn rate(ms: u32) -> String {
    let fps = 1000.0 / f64::from(ms.max(1));
    let s = format!("{fps:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The text of `animate.tex` for `pictures` (file name, milliseconds) of `format` in the folder
/// named `folder` (as the document reaches it; `None` when it cannot be written in TeX, and the
/// user sets `\chessvizframes`).
pub fn animate_tex(
    pictures: &[(String, u32)],
    format: StillFormat,
    folder: Option<&str>,
) -> Result<String> {
    if !animate_tex_plays(format) {
        return Err(Error::Encode(
            "LaTeX includes PNG, PDF or TikZ pictures, not SVG".into(),
        ));
    }
    let Some((first, rest)) = pictures.split_first() else {
        return Err(Error::Encode("an animation needs a picture".into()));
    };
    let mut t = String::new();
    let _ = writeln!(t, "{ANIMATE_TEX_HEAD}, {} pictures.", pictures.len());
    let packages = match format {
        StillFormat::Tex => "\\usepackage{animate} and \\usepackage{tikz}",
        _ => "\\usepackage{animate} (and graphicx, which Beamer loads)",
    };
    let _ = writeln!(t, "% Needs {packages} in the preamble;");
    t.push_str(
        "% \\input this file inside a frame. Each picture keeps its own time (\\newframe[rate]: frames\n\
         % per second = 1000 / milliseconds). The pictures are found in \\chessvizframes (the folder\n\
         % as seen from the document) and drawn \\chessvizheight high; define either before \\input\n\
         % to change it. Add autoplay to the options to start when the page opens.\n",
    );
    match folder {
        Some(dir) => {
            let _ = writeln!(t, "\\providecommand{{\\chessvizframes}}{{{dir}}}");
        }
        None => t.push_str(
            "% The folder's name cannot be written in TeX: define \\chessvizframes before \\input.\n\
             \\providecommand{\\chessvizframes}{}\n",
        ),
    }
    t.push_str("\\providecommand{\\chessvizheight}{0.8\\textheight}\n");
    let picture = |name: &str| match format {
        StillFormat::Tex => {
            format!("\\resizebox{{!}}{{\\chessvizheight}}{{\\input{{\\chessvizframes {name}}}}}")
        }
        _ => format!("\\includegraphics[height=\\chessvizheight]{{\\chessvizframes {name}}}"),
    };
    let _ = writeln!(
        t,
        "\\begin{{animateinline}}[controls,loop]{{{}}}",
        rate(first.1)
    );
    let _ = writeln!(t, "{}", picture(&first.0));
    let mut now = rate(first.1);
    for (name, ms) in rest {
        let r = rate(*ms);
        if r == now {
            t.push_str("\\newframe\n");
        } else {
            let _ = writeln!(t, "\\newframe[{r}]");
            now = r;
        }
        let _ = writeln!(t, "{}", picture(name));
    }
    t.push_str("\\end{animateinline}%\n");
    Ok(t)
}

/// `dir` as a TeX folder prefix ("frames/"), or `None` when it holds characters TeX would read
/// as commands or that a file name in `\includegraphics` cannot hold.
pub fn tex_folder(dir: &str) -> Option<String> {
    let safe = dir
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '-' | '_'));
    if !safe || dir.is_empty() {
        return None;
    }
    Some(if dir.ends_with('/') {
        dir.to_string()
    } else {
        format!("{dir}/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_frames_per_second() {
        assert_eq!(rate(500), "2");
        assert_eq!(rate(300), "3.333333");
        assert_eq!(rate(3000), "0.333333");
        assert_eq!(rate(1000), "1");
        assert_eq!(rate(0), "1000");
    }

    #[test]
    fn one_newframe_between_two_pictures_with_the_rate_where_it_changes() {
        let p = |n: &str, ms| (n.to_string(), ms);
        let pics = [p("a.pdf", 500), p("b.pdf", 500), p("c.pdf", 3000)];
        let t = animate_tex(&pics, StillFormat::Pdf, Some("f/")).unwrap();
        let newframes = t.lines().filter(|l| l.starts_with("\\newframe")).count();
        assert_eq!(newframes, 2);
        assert!(t.contains("[controls,loop]{2}\n"));
        assert!(t.contains(
            "\\newframe\n\\includegraphics[height=\\chessvizheight]{\\chessvizframes b.pdf}"
        ));
        assert!(t.contains("\\newframe[0.333333]\n"));
        assert!(animate_tex(&pics, StillFormat::Svg, None).is_err());
        assert_eq!(tex_folder("out/frames"), Some("out/frames/".into()));
        assert_eq!(tex_folder("my frames"), None);
        assert_eq!(tex_folder("50%"), None);
    }
}
