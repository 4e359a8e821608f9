//! `animate.tex`: the pictures of a frames folder as one `animateinline` of LaTeX's `animate`
//! package, each shown for its own time, with the package's controls, ready to `\input` in a
//! Beamer frame. PDF pictures stay vector (`\includegraphics` of each page), PNG pictures are
//! included as they are; TikZ pictures are `\input`. SVG pictures cannot be included by LaTeX
//! without an outside converter, so no file is written for them.
//!
//! The file finds its pictures beside itself (`\CurrentFilePath`, LaTeX 2021 and later, which the
//! `animate` package needs anyway), so it is not tied to the folder's name as chessviz saw it: a
//! name with spaces or `~`, a document in another folder. Everything it defines is its own (local
//! to a group, or named by its folder), so several animations share a frame. The animation fits
//! the line's width and a height at once, keeping its shape, and names a poster: the picture that
//! viewers which cannot play it (poppler, Preview, browsers) and printers show.

use std::fmt::Write as _;

use crate::compose::figure::StillFormat;
use crate::error::{Error, Result};

/// The name of the file in the frames folder.
pub const ANIMATE_TEX: &str = "animate.tex";

/// The first line of every `animate.tex`: how a later run knows the file is its own to replace.
pub const ANIMATE_TEX_HEAD: &str = "% chessviz: the pictures of this folder as one animation";

/// The height an animation is drawn at before the document gives one: room for a frame title
/// and the controls below it on a Beamer slide.
const DEFAULT_HEIGHT: &str = "0.8\\textheight";

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

/// What `animate.tex` plays.
#[derive(Clone, Copy, Debug)]
pub struct AnimateTex<'a> {
    /// The pictures in order: file name in the folder, milliseconds shown.
    pub pictures: &'a [(String, u32)],
    /// Their format.
    pub format: StillFormat,
    /// The width and height of every picture in pixels: the shape the animation keeps.
    pub size: (u32, u32),
    /// The picture shown where the animation cannot play and in print, counted from 0; `None`:
    /// the last (the finished figure).
    pub poster: Option<usize>,
}

/// The text of `animate.tex`.
pub fn animate_tex(tex: &AnimateTex<'_>) -> Result<String> {
    let format = tex.format;
    if !animate_tex_plays(format) {
        return Err(Error::Encode(
            "LaTeX includes PNG, PDF or TikZ pictures, not SVG".into(),
        ));
    }
    let Some((first, rest)) = tex.pictures.split_first() else {
        return Err(Error::Encode("an animation needs a picture".into()));
    };
    let (width, height) = tex.size;
    if width == 0 || height == 0 {
        return Err(Error::Encode(
            "an animation needs a picture of some size".into(),
        ));
    }
    let last = tex.pictures.len() - 1;
    let poster = match tex.poster {
        Some(n) if n > last => {
            return Err(Error::Encode(format!(
                "poster picture {n} is past the last, {last}"
            )))
        }
        Some(n) if n < last => n.to_string(),
        _ => "last".to_string(),
    };
    let mut t = String::new();
    let _ = writeln!(t, "{ANIMATE_TEX_HEAD}, {} pictures.", tex.pictures.len());
    let packages = match format {
        StillFormat::Tex => "\\usepackage{animate} and \\usepackage{tikz}",
        _ => "\\usepackage{animate} (and graphicx, which Beamer loads)",
    };
    let poster_name = tex.poster.filter(|&n| n < last).map_or_else(
        || format!("picture {last} (the last)"),
        |n| format!("picture {n}"),
    );
    let _ = write!(
        t,
        "% Needs {packages} in the preamble,\n\
         % and LaTeX 2021 or later (as animate does). \\input this file inside a frame, e.g.\n\
         % \\input{{frames/animate.tex}}: it finds its pictures beside itself, whatever the folder is\n\
         % called and wherever the document is.\n\
         % Size: as large as fits both the line (\\linewidth: the text width, or a column's) and the\n\
         % height \\chessvizheight, keeping the pictures' shape ({width} x {height}). \\chessvizheight is\n\
         % {DEFAULT_HEIGHT} until the document defines it before an \\input, e.g. \\def\\chessvizheight{{5cm}}:\n\
         % then it sizes the animations \\input where it is defined (in the preamble: all of them; in\n\
         % braces with one \\input: that one). Each animation keeps the height it was last given in\n\
         % later frames where none is defined (it stores it in a macro named after its folder).\n\
         % Poster: {poster_name} is shown where the animation does not play (viewers that run\n\
         % no PDF JavaScript: evince, pdftoppm, macOS Preview, Chrome's viewer) and in print. The\n\
         % animate package names Acrobat Reader, KDE Okular, PDF-XChange, Foxit Reader and PDF.js\n\
         % (Firefox's viewer) as playing it, with the controls below it. chessviz's --poster N\n\
         % chooses another picture (counted from 0, as frames.txt lists them).\n\
         % Each picture keeps its own time (\\newframe[rate]: frames per second = 1000 / milliseconds).\n\
         % Add autoplay to the options of animateinline to start when the page opens.\n"
    );
    // The folder and the size are local to this group; the height this animation was given is
    // kept globally, under its folder's name, for its next \input.
    t.push_str(
        "\\begingroup\n\
         \\edef\\chessvizfolder{\\ifx\\CurrentFilePath\\empty\\else\\CurrentFilePath/\\fi}%\n\
         \\ifdefined\\chessvizheight\n\
         \\global\\expandafter\\let\\csname chessviz height \\CurrentFilePath\\endcsname\\chessvizheight\n\
         \\fi\n\
         \\ifcsname chessviz height \\CurrentFilePath\\endcsname\\else\n",
    );
    let _ = writeln!(
        t,
        "\\expandafter\\gdef\\csname chessviz height \\CurrentFilePath\\endcsname{{{DEFAULT_HEIGHT}}}%\n\\fi"
    );
    let fill = format!("\\linewidth*{height}/{width}");
    let _ = writeln!(
        t,
        "\\edef\\chessvizsize{{\\the\\dimexpr\\ifdim\\dimexpr{fill}\\relax>\\dimexpr\\csname chessviz height \\CurrentFilePath\\endcsname\\relax\n\
         \\csname chessviz height \\CurrentFilePath\\endcsname\\else{fill}\\fi\\relax}}%"
    );
    // animate's controls are 9.3 buttons wide in all (six, a gap, three): at its 1.44em a button,
    // wider than a small picture, so they shrink to a tenth of the picture's width.
    let _ = writeln!(
        t,
        "\\edef\\chessvizbutton{{\\the\\dimexpr\\ifdim\\dimexpr\\chessvizsize*{width}/{height}/10\\relax<1.44em\n\
         \\chessvizsize*{width}/{height}/10\\else 1.44em\\fi\\relax}}%"
    );
    let picture = |name: &str| match format {
        StillFormat::Tex => {
            format!("\\resizebox{{!}}{{\\chessvizsize}}{{\\input{{\\chessvizfolder {name}}}}}")
        }
        _ => format!("\\includegraphics[height=\\chessvizsize]{{\\chessvizfolder {name}}}"),
    };
    let _ = writeln!(
        t,
        "\\begin{{animateinline}}[controls,buttonsize=\\chessvizbutton,loop,poster={poster}]{{{}}}",
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
    t.push_str("\\end{animateinline}%\n\\endgroup\n");
    Ok(t)
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

    const PICTURES: [(&str, u32); 3] = [("a.pdf", 500), ("b.pdf", 500), ("c.pdf", 3000)];

    fn tex(poster: Option<usize>) -> String {
        let pictures: Vec<(String, u32)> = PICTURES
            .iter()
            .map(|(n, ms)| (n.to_string(), *ms))
            .collect();
        animate_tex(&AnimateTex {
            pictures: &pictures,
            format: StillFormat::Pdf,
            size: (549, 355),
            poster,
        })
        .unwrap()
    }

    #[test]
    fn one_newframe_between_two_pictures_with_the_rate_where_it_changes() {
        let t = tex(None);
        let newframes = t.lines().filter(|l| l.starts_with("\\newframe")).count();
        assert_eq!(newframes, 2);
        assert!(t.contains("[controls,buttonsize=\\chessvizbutton,loop,poster=last]{2}\n"));
        assert!(t.contains(
            "\\newframe\n\\includegraphics[height=\\chessvizsize]{\\chessvizfolder b.pdf}"
        ));
        assert!(t.contains("\\newframe[0.333333]\n"));
        let one = [("a.svg".to_string(), 500)];
        let svg = AnimateTex {
            pictures: &one,
            format: StillFormat::Svg,
            size: (10, 10),
            poster: None,
        };
        assert!(animate_tex(&svg).is_err());
    }

    #[test]
    fn the_poster_is_the_last_picture_or_the_one_asked_for() {
        let last = tex(None);
        assert!(
            last.contains("% Poster: picture 2 (the last) is shown"),
            "{last}"
        );
        assert_eq!(tex(Some(2)), last);
        let first = tex(Some(0));
        assert!(first.contains("[controls,buttonsize=\\chessvizbutton,loop,poster=0]{2}\n"));
        assert!(first.contains("% Poster: picture 0 is shown"));
        let one = [("a.pdf".to_string(), 500)];
        let past = AnimateTex {
            pictures: &one,
            format: StillFormat::Pdf,
            size: (10, 10),
            poster: Some(1),
        };
        assert!(animate_tex(&past).is_err());
    }

    #[test]
    fn the_size_keeps_the_pictures_shape() {
        let t = tex(None);
        assert!(t.contains("\\linewidth*355/549"), "{t}");
        assert!(t.contains("(549 x 355)"));
    }
}
