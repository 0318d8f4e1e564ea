//! The playground's files as a tree: names with `/` are paths, a directory
//! exists when something lies under it (or `mkdir` made it: an empty
//! directory is kept as its name with a trailing `/`). Reads answer
//! kubectl's callback protocol (a name ending in `/` lists a directory),
//! and `mkdir` and `ls` print what coreutils prints.

use super::tools::{Input, Out};
use std::collections::BTreeMap;

/// A path with `.`, `..`, doubled and trailing slashes resolved, relative
/// to the root (`""`).
pub fn normalize(name: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for p in name.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

/// The entries of directory `dir` (normalized; `""` is the root), names
/// sorted as `ls` sorts them, subdirectories ending in `/`; `None` when
/// there is no such directory.
fn entries(files: &BTreeMap<String, String>, dir: &str) -> Option<Vec<String>> {
    let prefix = if dir.is_empty() {
        String::new()
    } else {
        format!("{dir}/")
    };
    let mut found = dir.is_empty();
    let mut out: Vec<String> = Vec::new();
    for key in files.keys().filter(|k| k.starts_with(&prefix)) {
        found = true;
        let rest = &key[prefix.len()..];
        let entry = match rest.split_once('/') {
            Some((d, _)) => format!("{d}/"),
            None if rest.is_empty() => continue,
            None => rest.to_string(),
        };
        if !out.contains(&entry) {
            out.push(entry);
        }
    }
    out.sort_by(|a, b| a.trim_end_matches('/').cmp(b.trim_end_matches('/')));
    found.then_some(out)
}

/// kubectl's read callback over the files.
pub fn read(files: &BTreeMap<String, String>, name: &str) -> Option<String> {
    let path = normalize(name);
    if name.ends_with('/') {
        return entries(files, &path).map(|e| e.join("\n"));
    }
    files.get(&path).cloned()
}

/// Keeps what a command wrote to the user's files (`kubectl cp POD:F
/// ./f`): (path, text), a path ending in `/` an empty directory. Err
/// (nothing kept) when the files would hold more than `limit` bytes.
pub fn keep(files: &mut BTreeMap<String, String>, writes: Vec<(String, String)>, limit: usize) -> Result<(), String> {
    let replaced: usize = writes.iter().filter_map(|(k, _)| files.get(&normalize(k))).map(String::len).sum();
    let held: usize = files.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>() - replaced;
    if held + writes.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>() > limit {
        return Err(format!("error: (playground) the playground's files may hold at most {limit} bytes in all"));
    }
    for (path, text) in writes {
        if path.ends_with('/') {
            let dir = normalize(&path);
            if !dir.is_empty() && !is_dir(files, &dir) {
                files.insert(format!("{dir}/"), String::new());
            }
            continue;
        }
        let path = normalize(&path);
        // A file now fills its directory: the empty directory's marker goes.
        if let Some((parent, _)) = path.rsplit_once('/') {
            files.remove(&format!("{parent}/"));
        }
        files.insert(path, text);
    }
    Ok(())
}

fn is_dir(files: &BTreeMap<String, String>, path: &str) -> bool {
    entries(files, path).is_some()
}

/// `mkdir [-p] DIR…`.
pub fn mkdir(args: &[String], files: &mut BTreeMap<String, String>) -> Out {
    let parsed = match super::args::parse(
        "mkdir",
        args,
        "pvm:",
        &[("parents", 'p', None), ("verbose", 'v', None)],
    ) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    if parsed.operands.is_empty() {
        return Out::fail(
            "mkdir: missing operand\nTry 'mkdir --help' for more information.\n".into(),
            1,
        );
    }
    let parents = parsed.opts.iter().any(|o| o.0 == 'p');
    let mut out = Out::default();
    for op in &parsed.operands {
        let path = normalize(op);
        let fail = |why: &str, out: &mut Out| {
            out.stderr
                .push_str(&format!("mkdir: cannot create directory ‘{op}’: {why}\n"));
            out.status = 1;
        };
        if path.is_empty() || files.contains_key(&path) || is_dir(files, &path) {
            if !parents || files.contains_key(&path) {
                fail("File exists", &mut out);
            }
            continue;
        }
        let parent = path.rsplit_once('/').map_or("", |(p, _)| p);
        let mut blocked = false;
        let mut at = String::new();
        for part in parent.split('/').filter(|p| !p.is_empty()) {
            at = if at.is_empty() {
                part.to_string()
            } else {
                format!("{at}/{part}")
            };
            if files.contains_key(&at) {
                blocked = true;
                break;
            }
        }
        if blocked {
            fail("Not a directory", &mut out);
        } else if !parents && !parent.is_empty() && !is_dir(files, parent) {
            fail("No such file or directory", &mut out);
        } else {
            files.insert(format!("{path}/"), String::new());
        }
    }
    out
}

/// `touch [-c] FILE…`: makes each missing file, empty; the playground's
/// files keep no times, so an existing one stays as it is.
pub fn touch(args: &[String], files: &mut BTreeMap<String, String>) -> Out {
    let parsed = match super::args::parse("touch", args, "c", &[("no-create", 'c', None)]) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    if parsed.operands.is_empty() {
        return Out::fail("touch: missing file operand\nTry 'touch --help' for more information.\n".into(), 1);
    }
    let create = !parsed.opts.iter().any(|o| o.0 == 'c');
    let mut out = Out::default();
    for op in &parsed.operands {
        let path = normalize(op);
        if path.is_empty() || files.contains_key(&path) || is_dir(files, &path) || !create {
            continue;
        }
        let parent = path.rsplit_once('/').map_or("", |(p, _)| p);
        // open(2)'s errors, which touch reports.
        let why = if !parent.is_empty() && files.contains_key(parent) {
            Some("Not a directory")
        } else if !parent.is_empty() && !is_dir(files, parent) {
            Some("No such file or directory")
        } else if op.ends_with('/') {
            Some("Is a directory")
        } else {
            None
        };
        match why {
            Some(why) => {
                out.stderr.push_str(&format!("touch: cannot touch ‘{op}’: {why}\n"));
                out.status = 1;
            }
            None => {
                files.remove(&format!("{parent}/"));
                files.insert(path, String::new());
            }
        }
    }
    out
}

/// `ls [-1aA] [PATH…]`, one name a line as when its output is not a
/// terminal.
pub fn ls(args: &[String], input: &Input) -> Out {
    let parsed = match super::args::parse("ls", args, "1aAplhtrRdFS", &[]) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 2),
    };
    if let Some((c, _)) = parsed.opts.iter().find(|o| !"1aAp".contains(o.0)) {
        return Out::fail(format!("ls: (playground) -{c} is not supported: the playground's files have names and contents only\n"), 2);
    }
    let all = parsed.opts.iter().any(|o| o.0 == 'a');
    // Names starting with a dot show only with -a or -A.
    let dotted = all || parsed.opts.iter().any(|o| o.0 == 'A');
    let slash = parsed.opts.iter().any(|o| o.0 == 'p');
    let operands = if parsed.operands.is_empty() {
        vec![".".to_string()]
    } else {
        parsed.operands.clone()
    };
    let mut out = Out::default();
    let (mut plain, mut dirs): (Vec<String>, Vec<(String, Vec<String>)>) = (Vec::new(), Vec::new());
    for op in &operands {
        let trimmed = op.trim_end_matches('/');
        let is_root = normalize(op).is_empty();
        let file = !is_root && !op.ends_with('/') && (input.read)(op).is_some();
        let listing = if file {
            None
        } else {
            (input.read)(&format!(
                "{}/",
                if trimmed.is_empty() { "." } else { trimmed }
            ))
        };
        match listing {
            Some(list) => {
                let mut names: Vec<String> = list
                    .lines()
                    .filter(|l| !l.is_empty() && (dotted || !l.starts_with('.')))
                    .map(|l| {
                        if slash {
                            l.to_string()
                        } else {
                            l.trim_end_matches('/').to_string()
                        }
                    })
                    .collect();
                if all {
                    names.splice(0..0, [".".to_string(), "..".to_string()]);
                }
                dirs.push((op.clone(), names));
            }
            None if file => plain.push(op.clone()),
            None => {
                out.stderr.push_str(&format!(
                    "ls: cannot access '{op}': No such file or directory\n"
                ));
                out.status = 2;
            }
        }
    }
    plain.sort();
    let headed = operands.len() > 1;
    for p in &plain {
        out.stdout.push_str(p);
        out.stdout.push('\n');
    }
    for (i, (name, names)) in dirs.iter().enumerate() {
        if headed {
            if i > 0 || !plain.is_empty() {
                out.stdout.push('\n');
            }
            out.stdout.push_str(&format!("{name}:\n"));
        }
        for n in names {
            out.stdout.push_str(n);
            out.stdout.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(names: &[&str]) -> BTreeMap<String, String> {
        names
            .iter()
            .map(|n| (n.to_string(), format!("text of {n}")))
            .collect()
    }

    #[test]
    fn reads_files_and_lists_directories() {
        let files = tree(&[
            "base/kustomization.yaml",
            "base/deploy.yaml",
            "overlays/dev/kustomization.yaml",
            "a.txt",
            "empty/",
        ]);
        assert_eq!(
            read(&files, "./base/../a.txt").as_deref(),
            Some("text of a.txt")
        );
        assert_eq!(
            read(&files, "base/").as_deref(),
            Some("deploy.yaml\nkustomization.yaml")
        );
        assert_eq!(
            read(&files, "./").as_deref(),
            Some("a.txt\nbase/\nempty/\noverlays/")
        );
        assert_eq!(read(&files, "empty/").as_deref(), Some(""));
        assert_eq!(read(&files, "nope/"), None);
        assert_eq!(read(&files, "base"), None);
    }

    fn argv(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    // Outputs and messages from coreutils 9 (mkdir, ls) run here.
    #[test]
    fn mkdir_as_coreutils() {
        let mut files = tree(&["f"]);
        let o = mkdir(&argv("a/b"), &mut files);
        assert_eq!(
            (o.stderr.as_str(), o.status),
            (
                "mkdir: cannot create directory ‘a/b’: No such file or directory\n",
                1
            )
        );
        assert_eq!(
            mkdir(&argv("f"), &mut files).stderr,
            "mkdir: cannot create directory ‘f’: File exists\n"
        );
        assert_eq!(
            mkdir(&argv("-p f/x"), &mut files).stderr,
            "mkdir: cannot create directory ‘f/x’: Not a directory\n"
        );
        assert_eq!(
            mkdir(&[], &mut files).stderr,
            "mkdir: missing operand\nTry 'mkdir --help' for more information.\n"
        );
        assert_eq!(mkdir(&argv("-p a/b/c"), &mut files).status, 0);
        assert_eq!(mkdir(&argv("-p a/b"), &mut files).status, 0);
        assert_eq!(
            mkdir(&argv("a"), &mut files).stderr,
            "mkdir: cannot create directory ‘a’: File exists\n"
        );
        let read = |n: &str| super::read(&files, n);
        let input = Input {
            stdin: "",
            read: &read,
        };
        assert_eq!(ls(&[], &input).stdout, "a\nf\n");
        let o = ls(&argv("a f nope"), &input);
        assert_eq!(
            (o.stdout.as_str(), o.stderr.as_str(), o.status),
            (
                "f\n\na:\nb\n",
                "ls: cannot access 'nope': No such file or directory\n",
                2
            )
        );
        assert_eq!(ls(&argv("a/"), &input).stdout, "b\n");
    }
}
