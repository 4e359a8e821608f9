//! Finding things: the manual pages (one per command, all written by `man --dir`), the help that
//! names every format and default, and errors that say what to type instead.

use crate::common::{fails, ok, run, tempdir};

/// The names of the subcommands, as the top-level `--help` lists them.
fn subcommands() -> Vec<String> {
    let help = ok(&["--help"]);
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn man_prints_a_page_per_command_and_dir_writes_them_all() {
    let names = subcommands();
    assert!(names.iter().any(|n| n == "queens"), "{names:?}");
    for name in &names {
        let page = ok(&["man", name]);
        assert!(page.contains(&format!(".TH chessviz-{name} 1")), "{name}");
        assert!(page.contains("EXAMPLES"), "{name}");
    }
    let dir = tempdir();
    let target = dir.path().join("share/man/man1");
    let said = ok(&["man", "--dir", target.to_str().unwrap()]);
    assert!(
        said.starts_with(&format!("wrote {} manual pages", names.len() + 1)),
        "{said}"
    );
    let mut files: Vec<String> = std::fs::read_dir(&target)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut expected: Vec<String> = names.iter().map(|n| format!("chessviz-{n}.1")).collect();
    expected.push("chessviz.1".to_string());
    expected.sort();
    assert_eq!(files, expected);
    // Each file is the page `man SUB` prints.
    let queens = std::fs::read_to_string(target.join("chessviz-queens.1")).unwrap();
    assert_eq!(queens, ok(&["man", "queens"]));
    let e = fails(&["man", "rook"], b"");
    assert!(e.contains("queens") && e.contains("rook"), "{e}");
    let out = run(&["man", "queens", "--dir", target.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
}
