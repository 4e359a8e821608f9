//! Options that were accepted and changed nothing (the output was byte for byte the same with and
//! without them): each pair found is now refused before any work, naming the option. The option
//! table test (`cli_options`) covers the table's columns; this covers the pairs across modes.

use crate::common::{fails, tempdir};

#[test]
fn options_that_would_change_nothing_are_refused() {
    let dir = tempdir();
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (png, gif, frames) = (file("x.png"), file("x.gif"), file("frames"));
    let mut cases: Vec<(Vec<String>, &str)> = Vec::new();
    for sub in [
        &["tromino", "-k", "3"][..],
        &["queens", "-n", "6"][..],
        &["knight", "-n", "5"][..],
    ] {
        let with = |extra: &[&str], out: &[&str]| -> Vec<String> {
            [sub, extra, out]
                .concat()
                .into_iter()
                .map(String::from)
                .collect()
        };
        let still = ["-o", png.as_str()];
        let story = ["--storyboard", "0,3"];
        cases.push((
            with(&[&story[..], &["--margin", "3"]].concat(), &still),
            "--margin",
        ));
        cases.push((
            with(&[&story[..], &["--coords", "chess"]].concat(), &still),
            "--coords",
        ));
        cases.push((
            with(
                &[&story[..], &["--background", "transparent"]].concat(),
                &still,
            ),
            "--background",
        ));
        cases.push((
            with(&[&story[..], &["--caption", "x"]].concat(), &still),
            "--caption",
        ));
        cases.push((
            with(&["--step", "5", "--caption", "none"], &still),
            "--caption",
        ));
        cases.push((
            with(&["--caption", "none", "--frames"], &[frames.as_str()]),
            "--caption",
        ));
    }
    let q = |extra: &[&str], out: &str| -> Vec<String> {
        [&["queens", "-n", "6"][..], extra, &["-o", out]]
            .concat()
            .into_iter()
            .map(String::from)
            .collect()
    };
    for option in [&["--delay", "100"][..], &["--every", "2"], &["--attacks"]] {
        cases.push((
            q(&[&["--solutions-only"][..], option].concat(), &gif),
            option[0],
        ));
    }
    let sheet = file("sheet.png");
    cases.push((
        owned(vec![
            "queens",
            "-n",
            "6",
            "--sheet",
            sheet.as_str(),
            "--margin",
            "3",
        ]),
        "--margin",
    ));
    cases.push((
        owned(vec![
            "tromino",
            "-k",
            "11",
            "--cell",
            "4",
            "--font",
            "/nonexistent.ttf",
            "-o",
            png.as_str(),
        ]),
        "--font",
    ));
    // Knight and tromino figures have no built-in caption: `--caption none` would remove nothing.
    // (The knight search's GIF ends on "tour complete", which `--caption none` removes.)
    let no_caption: [(&[&str], &[&str]); 3] = [
        (&["tromino", "-k", "3"], &[&png, &gif]),
        (&["knight", "-n", "5"], &[&png]),
        (&["knight", "--path", "a8 b6"], &[&png, &gif]),
    ];
    for (sub, outs) in no_caption {
        for out in outs {
            cases.push((
                owned([sub, &["--caption", "none", "-o", out]].concat()),
                "--caption none",
            ));
        }
    }
    for (args, option) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = fails(&args, b"");
        assert!(err.contains(option), "{args:?}: {err}");
    }
    assert!(crate::common::entries(dir.path()).is_empty());
}

fn owned(args: Vec<&str>) -> Vec<String> {
    args.into_iter().map(String::from).collect()
}
