//! `mv` and `cp` over the playground's files (see files.rs: a directory
//! is the names under it, or its marker when empty), with coreutils 9's
//! texts. A directory that a move or copy empties stays, as on a disk.

use super::files::normalize;
use super::tools::Out;
use std::collections::BTreeMap;

type Files = BTreeMap<String, String>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    File,
    Dir,
}

fn kind(files: &Files, path: &str) -> Option<Kind> {
    if path.is_empty() {
        return Some(Kind::Dir);
    }
    if files.contains_key(path) {
        return Some(Kind::File);
    }
    let prefix = format!("{path}/");
    files
        .range(prefix.clone()..)
        .next()
        .filter(|(k, _)| k.starts_with(&prefix))
        .map(|_| Kind::Dir)
}

/// The names a directory holds (its marker included), or the file itself.
fn names_under(files: &Files, path: &str) -> Vec<String> {
    if files.contains_key(path) {
        return vec![path.to_string()];
    }
    let prefix = format!("{path}/");
    files
        .keys()
        .filter(|k| k.starts_with(&prefix))
        .cloned()
        .collect()
}

/// Keeps `dir` existing once its last entry is gone.
fn keep_dir(files: &mut Files, dir: &str) {
    if !dir.is_empty() && kind(files, dir).is_none() {
        files.insert(format!("{dir}/"), String::new());
    }
}

fn parent(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(p, _)| p)
}

fn base(path: &str) -> &str {
    path.rsplit_once('/').map_or(path, |(_, b)| b)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tool {
    Mv,
    Cp,
}

impl Tool {
    fn name(self) -> &'static str {
        match self {
            Tool::Mv => "mv",
            Tool::Cp => "cp",
        }
    }
}

/// `mv [-fv] SRC DST`, `mv [-fv] SRC... DIR`.
pub fn mv(args: &[String], files: &mut Files, limit: usize) -> Out {
    run(Tool::Mv, args, files, limit)
}

/// `cp [-frRv] SRC DST`, `cp [-frRv] SRC... DIR`.
pub fn cp(args: &[String], files: &mut Files, limit: usize) -> Out {
    run(Tool::Cp, args, files, limit)
}

fn run(tool: Tool, args: &[String], files: &mut Files, limit: usize) -> Out {
    let name = tool.name();
    let (shorts, longs): (&str, &[super::args::Long]) = match tool {
        Tool::Mv => ("fiv", &[("force", 'f', None), ("verbose", 'v', None)]),
        Tool::Cp => (
            "fivrRa",
            &[
                ("force", 'f', None),
                ("verbose", 'v', None),
                ("recursive", 'r', None),
                ("archive", 'a', None),
            ],
        ),
    };
    let parsed = match super::args::parse(name, args, shorts, longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let has = |c: &str| parsed.opts.iter().any(|o| c.contains(o.0));
    let (verbose, recursive) = (has("v"), has("rRa"));
    let ops = &parsed.operands;
    let Some((dst, srcs)) = ops.split_last() else {
        return Out::fail(
            format!("{name}: missing file operand\nTry '{name} --help' for more information.\n"),
            1,
        );
    };
    if srcs.is_empty() {
        return Out::fail(
            format!("{name}: missing destination file operand after '{dst}'\nTry '{name} --help' for more information.\n"),
            1,
        );
    }
    let dst_kind = kind(files, &normalize(dst));
    if srcs.len() > 1 && dst_kind != Some(Kind::Dir) {
        let why = if dst_kind.is_some() {
            "Not a directory"
        } else {
            "No such file or directory"
        };
        return Out::fail(format!("{name}: target '{dst}': {why}\n"), 1);
    }
    let mut out = Out::default();
    for src in srcs {
        match one(tool, src, dst, dst_kind, recursive, files, limit) {
            Ok(()) if verbose => {
                let target = shown_target(src, dst, dst_kind);
                let what = if tool == Tool::Mv { "renamed " } else { "" };
                out.stdout
                    .push_str(&format!("{what}'{src}' -> '{target}'\n"));
            }
            Ok(()) => {}
            Err(why) => {
                out.stderr.push_str(&format!("{name}: {why}\n"));
                out.status = 1;
            }
        }
    }
    out
}

/// The target as coreutils names it: DST, or DST/BASE when DST is a directory.
fn shown_target(src: &str, dst: &str, dst_kind: Option<Kind>) -> String {
    if dst_kind != Some(Kind::Dir) {
        return dst.to_string();
    }
    let b = base(src.trim_end_matches('/'));
    if dst.ends_with('/') {
        format!("{dst}{b}")
    } else {
        format!("{dst}/{b}")
    }
}

fn one(
    tool: Tool,
    src: &str,
    dst: &str,
    dst_kind: Option<Kind>,
    recursive: bool,
    files: &mut Files,
    limit: usize,
) -> Result<(), String> {
    let from = normalize(src);
    let Some(src_kind) = kind(files, &from).filter(|_| !from.is_empty() || tool == Tool::Cp) else {
        return Err(format!("cannot stat '{src}': No such file or directory"));
    };
    if src_kind == Kind::Dir && tool == Tool::Cp && !recursive {
        return Err(format!("-r not specified; omitting directory '{src}'"));
    }
    let shown = shown_target(src, dst, dst_kind);
    let to = normalize(&shown);
    if dst_kind.is_none() && dst.ends_with('/') && src_kind == Kind::File {
        let verb = if tool == Tool::Mv {
            "move"
        } else {
            "create regular file"
        };
        return Err(if tool == Tool::Mv {
            format!("cannot {verb} '{src}' to '{dst}': Not a directory")
        } else {
            format!("cannot {verb} '{dst}': Not a directory")
        });
    }
    if from == to {
        return Err(format!("'{src}' and '{shown}' are the same file"));
    }
    if src_kind == Kind::Dir && (to.starts_with(&format!("{from}/")) || from.is_empty()) {
        return Err(match tool {
            Tool::Mv => format!("cannot move '{src}' to a subdirectory of itself, '{shown}'"),
            Tool::Cp => format!("cannot copy a directory, '{src}', into itself, '{shown}'"),
        });
    }
    if kind(files, parent(&to)) != Some(Kind::Dir) {
        let why = if blocked_by_file(files, parent(&to)) {
            "Not a directory"
        } else {
            "No such file or directory"
        };
        return Err(match tool {
            Tool::Mv => format!("cannot move '{src}' to '{shown}': {why}"),
            Tool::Cp if src_kind == Kind::Dir => {
                format!("cannot create directory '{shown}': {why}")
            }
            Tool::Cp => format!("cannot create regular file '{shown}': {why}"),
        });
    }
    match (src_kind, kind(files, &to)) {
        (Kind::Dir, Some(Kind::File)) => {
            return Err(format!(
                "cannot overwrite non-directory '{shown}' with directory '{src}'"
            ));
        }
        (Kind::File, Some(Kind::Dir)) => {
            return Err(format!(
                "cannot overwrite directory '{shown}' with non-directory"
            ));
        }
        (Kind::Dir, Some(Kind::Dir))
            if tool == Tool::Mv
                && !names_under(files, &to)
                    .iter()
                    .all(|k| *k == format!("{to}/")) =>
        {
            return Err(format!(
                "cannot move '{src}' to '{shown}': Directory not empty"
            ));
        }
        _ => {}
    }
    // Each name under the source, renamed under the target.
    let mut moved: Vec<(String, String)> = Vec::new();
    for k in names_under(files, &from) {
        let rest = &k[from.len()..];
        let renamed = if to.is_empty() {
            rest.trim_start_matches('/').to_string()
        } else {
            format!("{to}{rest}")
        };
        let text = if tool == Tool::Mv {
            files.remove(&k)
        } else {
            files.get(&k).cloned()
        };
        moved.push((renamed, text.unwrap_or_default()));
    }
    if tool == Tool::Mv {
        // Emptied: the target's own marker, and the source's parent.
        files.remove(&format!("{to}/"));
        files.remove(&format!("{}/", parent(&to)));
        keep_dir(files, parent(&from));
        files.extend(moved);
        return Ok(());
    }
    super::files::keep(files, moved, limit).map_err(|e| e.trim_start_matches("error: ").to_string())
}

/// Whether a file stands where a directory of `path` should be.
fn blocked_by_file(files: &Files, path: &str) -> bool {
    let mut at = String::new();
    for part in path.split('/').filter(|p| !p.is_empty()) {
        at = if at.is_empty() {
            part.to_string()
        } else {
            format!("{at}/{part}")
        };
        if files.contains_key(&at) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(names: &[&str]) -> Files {
        names
            .iter()
            .map(|n| {
                (
                    n.to_string(),
                    if n.ends_with('/') {
                        String::new()
                    } else {
                        format!("text of {n}")
                    },
                )
            })
            .collect()
    }

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn keys(files: &Files) -> Vec<&str> {
        files.keys().map(String::as_str).collect()
    }

    // Messages from coreutils 9 (mv, cp) run here.
    #[test]
    fn mv_as_coreutils() {
        let cases: &[(&str, &str, i32)] = &[
            ("x y", "mv: cannot stat 'x': No such file or directory\n", 1),
            ("f g h", "mv: target 'h': No such file or directory\n", 1),
            ("f g", "mv: target 'g': Not a directory\n", 1),
            ("", "mv: missing file operand\nTry 'mv --help' for more information.\n", 1),
            ("f", "mv: missing destination file operand after 'f'\nTry 'mv --help' for more information.\n", 1),
            ("f f", "mv: 'f' and 'f' are the same file\n", 1),
            ("f nodir/", "mv: cannot move 'f' to 'nodir/': Not a directory\n", 1),
            ("f nodir/x", "mv: cannot move 'f' to 'nodir/x': No such file or directory\n", 1),
            ("f g/x", "mv: cannot move 'f' to 'g/x': Not a directory\n", 1),
            ("d d/e", "mv: cannot move 'd' to a subdirectory of itself, 'd/e/d'\n", 1),
            ("d g", "mv: cannot overwrite non-directory 'g' with directory 'd'\n", 1),
            ("g d/e", "mv: cannot overwrite directory 'd/e/g' with non-directory\n", 1),
            ("-q f g", "mv: invalid option -- 'q'\nTry 'mv --help' for more information.\n", 1),
        ];
        for (args, want, status) in cases {
            let mut files = tree(&["f", "g", "d/a", "d/e/g/"]);
            let before = files.clone();
            let mut args = argv(args);
            // "f g" alone is a rename; as a case it stands for f g g.
            if args == ["f", "g"] {
                args.push("g".into());
            }
            let o = mv(&args, &mut files, 1 << 20);
            assert_eq!((o.stderr.as_str(), o.status), (*want, *status), "{args:?}");
            assert_eq!(files, before, "{args:?}");
        }
    }

    #[test]
    fn mv_renames_and_moves() {
        let mut files = tree(&["f", "g", "d/a", "e/"]);
        assert_eq!(mv(&argv("f f2"), &mut files, 1 << 20).status, 0);
        assert_eq!(files.get("f2").map(String::as_str), Some("text of f"));
        let o = mv(&argv("-v f2 g e"), &mut files, 1 << 20);
        assert_eq!(o.stdout, "renamed 'f2' -> 'e/f2'\nrenamed 'g' -> 'e/g'\n");
        assert_eq!(keys(&files), ["d/a", "e/f2", "e/g"]);
        // d, emptied, stays; e moves into it.
        assert_eq!(mv(&argv("d/a ."), &mut files, 1 << 20).status, 0);
        assert_eq!(mv(&argv("e d/"), &mut files, 1 << 20).status, 0);
        assert_eq!(keys(&files), ["a", "d/e/f2", "d/e/g"]);
        assert_eq!(mv(&argv("d/e/g ./x"), &mut files, 1 << 20).status, 0);
        assert_eq!(files.get("x").map(String::as_str), Some("text of g"));
        // Onto an existing file: replaced.
        assert_eq!(mv(&argv("x a"), &mut files, 1 << 20).status, 0);
        assert_eq!(keys(&files), ["a", "d/e/f2"]);
        assert_eq!(files.get("a").map(String::as_str), Some("text of g"));
    }

    #[test]
    fn cp_as_coreutils() {
        let mut files = tree(&["f", "d/a"]);
        let o = cp(&argv("x y"), &mut files, 1 << 20);
        assert_eq!(o.stderr, "cp: cannot stat 'x': No such file or directory\n");
        let o = cp(&argv("d z"), &mut files, 1 << 20);
        assert_eq!(o.stderr, "cp: -r not specified; omitting directory 'd'\n");
        let o = cp(&argv("f f"), &mut files, 1 << 20);
        assert_eq!(o.stderr, "cp: 'f' and 'f' are the same file\n");
        let o = cp(&argv("f d/a z"), &mut files, 1 << 20);
        assert_eq!(o.stderr, "cp: target 'z': No such file or directory\n");
        let o = cp(&argv("f"), &mut files, 1 << 20);
        assert_eq!(o.stderr, "cp: missing destination file operand after 'f'\nTry 'cp --help' for more information.\n");
        assert_eq!(cp(&argv("f g"), &mut files, 1 << 20).status, 0);
        assert_eq!(cp(&argv("-r d e"), &mut files, 1 << 20).status, 0);
        assert_eq!(
            cp(&argv("-v f e"), &mut files, 1 << 20).stdout,
            "'f' -> 'e/f'\n"
        );
        assert_eq!(keys(&files), ["d/a", "e/a", "e/f", "f", "g"]);
        let o = cp(&argv("-r d d/x"), &mut files, 1 << 20);
        assert_eq!(
            o.stderr,
            "cp: cannot copy a directory, 'd', into itself, 'd/x'\n"
        );
        let o = cp(&argv("f big"), &mut files, 10);
        assert_eq!(
            o.stderr,
            "cp: (playground) the playground's files may hold at most 10 bytes in all\n"
        );
    }
}
