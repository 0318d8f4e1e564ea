//! `rm` over the playground's files (see files.rs), with coreutils 9's
//! texts: the pages clean up what they wrote (`rm /tmp/nginx.yaml`, the
//! Managing Workloads page). A directory it empties stays, as on a disk.

use super::files::normalize;
use super::tools::Out;
use std::collections::BTreeMap;

type Files = BTreeMap<String, String>;

/// `rm [-frRv] FILE...`.
pub fn rm(args: &[String], files: &mut Files) -> Out {
    let longs: &[super::args::Long] = &[
        ("force", 'f', None),
        ("recursive", 'r', None),
        ("verbose", 'v', None),
        ("dir", 'd', None),
    ];
    let parsed = match super::args::parse("rm", args, "frRvd", longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let has = |c: &str| parsed.opts.iter().any(|o| c.contains(o.0));
    let (force, recursive, verbose, dirs) = (has("f"), has("rR"), has("v"), has("d"));
    if parsed.operands.is_empty() {
        if force {
            return Out::default();
        }
        return Out::fail(
            "rm: missing operand\nTry 'rm --help' for more information.\n".into(),
            1,
        );
    }
    let mut out = Out::default();
    for name in &parsed.operands {
        let path = normalize(name);
        let fail = |why: &str| format!("rm: cannot remove '{name}': {why}\n");
        if files.contains_key(&path) {
            files.remove(&path);
            if verbose {
                out.stdout.push_str(&format!("removed '{name}'\n"));
            }
        } else if path.is_empty() && name.starts_with('/') && recursive {
            out.stderr.push_str(&format!(
                "rm: it is dangerous to operate recursively on '{name}'\nrm: use --no-preserve-root to override this failsafe\n"
            ));
            out.status = 1;
            continue;
        } else if let Some(under) = dir_entries(files, &path) {
            let empty = under.iter().all(|k| k.ends_with('/') && k.len() == path.len() + 1);
            if !(recursive || dirs && empty) {
                let why = if dirs { "Directory not empty" } else { "Is a directory" };
                out.stderr.push_str(&fail(why));
                out.status = 1;
                continue;
            }
            for k in &under {
                files.remove(k);
            }
            if verbose {
                let rel: Vec<&str> = under.iter().map(|k| &k[path.len() + 1..]).collect();
                said(&rel, name.trim_end_matches('/'), &mut out.stdout);
            }
        } else if !force {
            out.stderr.push_str(&fail("No such file or directory"));
            out.status = 1;
            continue;
        } else {
            continue;
        }
        // Its directory stays once its last entry is gone.
        if let Some((dir, _)) = path.rsplit_once('/') {
            let prefix = format!("{dir}/");
            if !files.keys().any(|k| k.starts_with(&prefix)) {
                files.insert(prefix, String::new());
            }
        }
    }
    out
}

/// `-v`'s lines for a directory holding `rel` (its keys, relative; a
/// subdirectory's marker ends in `/`): each entry, a subdirectory's
/// before the subdirectory itself, then the directory.
fn said(rel: &[&str], shown: &str, out: &mut String) {
    let mut names: Vec<&str> = rel.iter().filter_map(|k| k.split('/').next()).filter(|n| !n.is_empty()).collect();
    names.dedup();
    for n in names {
        let inner: Vec<&str> = rel.iter().filter_map(|k| k.strip_prefix(n)?.strip_prefix('/')).collect();
        if rel.contains(&n) {
            out.push_str(&format!("removed '{shown}/{n}'\n"));
        } else {
            said(&inner, &format!("{shown}/{n}"), out);
        }
    }
    out.push_str(&format!("removed directory '{shown}'\n"));
}

/// Every key under directory `path` (its marker included); None when
/// `path` is no directory.
fn dir_entries(files: &Files, path: &str) -> Option<Vec<String>> {
    if path.is_empty() {
        return None;
    }
    let prefix = format!("{path}/");
    let under: Vec<String> = files.keys().filter(|k| k.starts_with(&prefix)).cloned().collect();
    (!under.is_empty()).then_some(under)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn tree(names: &[&str]) -> Files {
        names.iter().map(|n| (n.to_string(), String::new())).collect()
    }

    // coreutils 9.4's rm, as on the pages' Linux shells.
    #[test]
    fn rm_as_coreutils() {
        let mut files = tree(&["f", "g", "d/a", "d/e/b", "tmp/nginx.yaml", "empty/"]);
        assert_eq!(rm(&argv("/tmp/nginx.yaml"), &mut files).status, 0);
        assert!(files.contains_key("tmp/"), "the emptied directory stays");
        let o = rm(&argv("x"), &mut files);
        assert_eq!((o.stderr.as_str(), o.status), ("rm: cannot remove 'x': No such file or directory\n", 1));
        assert_eq!(rm(&argv("-f x"), &mut files).status, 0);
        let o = rm(&argv("d"), &mut files);
        assert_eq!(o.stderr, "rm: cannot remove 'd': Is a directory\n");
        let o = rm(&argv("-d d"), &mut files);
        assert_eq!(o.stderr, "rm: cannot remove 'd': Directory not empty\n");
        assert_eq!(rm(&argv("-d empty"), &mut files).status, 0);
        let o = rm(&argv(""), &mut files);
        assert_eq!(o.stderr, "rm: missing operand\nTry 'rm --help' for more information.\n");
        let o = rm(&argv("-rv d"), &mut files);
        assert_eq!(o.stdout, "removed 'd/a'\nremoved 'd/e/b'\nremoved directory 'd/e'\nremoved directory 'd'\n");
        let o = rm(&argv("-v f"), &mut files);
        assert_eq!(o.stdout, "removed 'f'\n");
        let o = rm(&argv("-rf /"), &mut files);
        assert_eq!(o.stderr, "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n");
        assert_eq!(files.keys().collect::<Vec<_>>(), ["g", "tmp/"]);
    }
}
