//! Where the answer is in what a program printed: prompts and titles before it, `Press any key to
//! continue` or a total after it are passed over (and named in one note), and a prompt printed
//! without a newline (`printf("请输入特殊方格的位置：")`) leaves the first row on the prompt's line,
//! where it is read from the numbers at the line's end.

use super::words::{self, said, CheckPhrase, Said};
use crate::error::Result;
use crate::text::shorten;

/// The answer's lines, and the lines passed over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Region<'a> {
    /// The answer's lines (line number, text), blank lines left out. A first row glued to a
    /// prompt is the numbers' part of its line.
    pub lines: Vec<(usize, &'a str)>,
    /// Characters of the first line before its numbers (a glued prompt's), 0 for a whole line.
    pub first_offset: usize,
    /// The lines of text passed over, before and after the answer.
    pub skipped: Vec<usize>,
    /// Answer lines past the most kept ([`find`]'s `most`), counted only.
    pub more: usize,
}

/// The numbers at the end of a line of text (`请输入特殊方格的位置：3\t3\t4`), with the characters
/// before them: text first, then only digits and white space, the text ending in a character that
/// is no letter or digit (`Size=8` gives `8`; `k3` gives nothing).
pub(super) fn glued_tail(line: &str) -> Option<(usize, &str)> {
    let trimmed = line.trim_end();
    let start = trimmed
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == ' ' || *c == '\t')
        .last()
        .map(|(i, _)| i)?;
    let before = trimmed[..start].chars().next_back()?;
    let tail = &line[start..];
    let has_digit = tail.bytes().any(|b| b.is_ascii_digit());
    (has_digit && !before.is_alphanumeric()).then(|| (trimmed[..start].chars().count(), tail))
}

/// The answer among `lines`: the first run of lines that `is_answer` accepts (blank lines inside
/// it kept out), a prompt's line just before it whose numbers' part it accepts as the first row,
/// every line of text before and after it passed over. Answer lines after text that followed the
/// answer are refused, naming that text: the answer was interrupted. With no answer line at all,
/// the last prompt line with numbers at its end is the answer (a 1 x 1 board's single row).
/// At most `most` answer lines are kept (a board has no more rows); the rest are counted in
/// [`Region::more`], so that a file of junk is not held line by line.
pub(super) fn find<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    is_answer: impl Fn(&str) -> bool,
    what: CheckPhrase,
    most: usize,
) -> Result<Region<'a>> {
    let mut region = Region::default();
    // The last line of text before the answer, if its end can be a row.
    let mut glued: Option<(usize, usize, &'a str)> = None;
    // The first line of text after the answer began.
    let mut after: Option<(usize, &'a str)> = None;
    for (no, text) in lines {
        if text.trim().is_empty() {
            continue;
        }
        let answer = is_answer(text);
        match (answer, region.lines.is_empty(), after) {
            (true, true, _) => {
                if let Some((g_no, offset, tail)) = glued.take() {
                    region.skipped.retain(|&s| s != g_no);
                    region.lines.push((g_no, tail));
                    region.first_offset = offset;
                }
                region.lines.push((no, text));
            }
            (true, false, None) if region.lines.len() < most => region.lines.push((no, text)),
            (true, false, None) => region.more += 1,
            (true, false, Some((t_no, t_text))) => {
                let word = t_text.split_whitespace().next().unwrap_or_default();
                return Err(super::unreadable(Said::new(
                    CheckPhrase::NotAndGoesOn,
                    vec![
                        words::text(t_no),
                        words::text(shorten(word)),
                        said(Said::new(what, vec![])),
                        words::text(no),
                    ],
                )));
            }
            (false, true, _) => {
                if region.skipped.len() < most {
                    region.skipped.push(no);
                }
                glued = glued_tail(text)
                    .filter(|(_, tail)| is_answer(tail))
                    .map(|(offset, tail)| (no, offset, tail));
            }
            (false, false, _) => {
                if region.skipped.len() < most {
                    region.skipped.push(no);
                }
                after = after.or(Some((no, text)));
            }
        }
    }
    if region.lines.is_empty() {
        if let Some((g_no, offset, tail)) = glued {
            region.skipped.retain(|&s| s != g_no);
            region.lines.push((g_no, tail));
            region.first_offset = offset;
        }
    }
    Ok(region)
}

/// Line numbers as ranges: `1-3, 12`.
pub(super) fn ranges(lines: &[usize]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let mut j = i;
        while j + 1 < lines.len() && lines[j + 1] == lines[j] + 1 {
            j += 1;
        }
        out.push(match j - i {
            0 => lines[i].to_string(),
            _ => format!("{}-{}", lines[i], lines[j]),
        });
        i = j + 1;
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers_only(line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        !words.is_empty() && words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit()))
    }

    #[test]
    fn a_prompt_without_a_newline_holds_the_first_row() {
        let text = "请输入棋盘大小k（注：大小是2^k*2^k）：输出k=1：\n输出Size=2：\n请输入特殊方格的位置：0\t1\t\n1\t1\t\n请按任意键继续. . .\n";
        let lines = (1..).zip(text.lines());
        let region = find(lines, numbers_only, CheckPhrase::WhatTile, 8).unwrap();
        assert_eq!(region.lines, vec![(3, "0\t1\t"), (4, "1\t1\t")]);
        assert_eq!(region.first_offset, 11);
        assert_eq!(region.skipped, vec![1, 2, 5]);
        assert_eq!(ranges(&region.skipped), "1-2, 5");
        // A 1 x 1 board: the prompt's line is all there is.
        let lines = (1..).zip(["输出Size=1：", "请输入特殊方格的位置：0\t"]);
        let region = find(lines, numbers_only, CheckPhrase::WhatTile, 8).unwrap();
        assert_eq!(region.lines, vec![(2, "0\t")]);
        assert_eq!(glued_tail("k3 4"), None);
        assert_eq!(glued_tail("Size=8"), Some((5, "8")));
    }

    #[test]
    fn an_answer_interrupted_by_text_is_refused() {
        let lines = (1..).zip(["1 2", "oops", "3 4"]);
        let e = find(lines, numbers_only, CheckPhrase::WhatTile, 8).unwrap_err();
        assert!(e.to_string().contains("line 2: 'oops'"), "{e}");
    }
}
