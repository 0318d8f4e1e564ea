//! `kubectl cp`: files between the user's machine (the playground's
//! files) and a container's file system ([`super::fs`]). kubectl runs
//! `tar` in the container through exec and packs or unpacks the other
//! end itself, so an image without tar fails as exec does, tar's own
//! complaints reach the terminal (GNU tar's in Debian images, busybox's
//! elsewhere), and what kubectl's unpacker skips (symbolic links, such as
//! a ConfigMap volume's keys) it warns about.

use super::fs::{self, Fs, FsError, Node};
use super::{net, started, Output};
use crate::cli::{Cp, Invocation};
use crate::exec::Io;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::Kind;

/// One side of the copy, as `extractFileSpec` reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::exec) enum Spec {
    Local(String),
    Remote {
        namespace: Option<String>,
        pod: String,
        path: String,
    },
}

const BAD_SPEC: &str = "filespec must match the canonical format: [[namespace/]pod:]file/path";

/// A path without the one trailing slash kubectl strips (not `/` itself).
fn strip_slash(p: &str) -> String {
    match p.strip_suffix('/') {
        Some(rest) if !rest.is_empty() => rest.to_string(),
        _ => p.to_string(),
    }
}

/// `[[NAMESPACE/]POD:]PATH`.
pub(in crate::exec) fn spec(arg: &str) -> Result<Spec, &'static str> {
    let Some(i) = arg.find(':') else {
        return Ok(Spec::Local(strip_slash(arg)));
    };
    if i == 0 {
        return Err(BAD_SPEC);
    }
    let path = strip_slash(&arg[i + 1..].replace('\\', "/"));
    match arg[..i].split('/').collect::<Vec<_>>().as_slice() {
        [pod] => Ok(Spec::Remote {
            namespace: None,
            pod: pod.to_string(),
            path,
        }),
        [ns, pod] => Ok(Spec::Remote {
            namespace: Some(ns.to_string()),
            pod: pod.to_string(),
            path,
        }),
        _ => Err(BAD_SPEC),
    }
}

/// Which tar the image has: GNU (Debian-based images) or busybox's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tar {
    Gnu,
    Busybox,
}

pub fn run(c: &Cp, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let (src, dest) = match (spec(&c.src), spec(&c.dest)) {
        (Err(e), _) | (_, Err(e)) => return out.error(&format!("error: {e}")),
        (Ok(s), Ok(d)) => (s, d),
    };
    let path = |s: &Spec| match s {
        Spec::Local(p) | Spec::Remote { path: p, .. } => p.is_empty(),
    };
    match (&src, &dest) {
        (Spec::Remote { .. }, Spec::Remote { .. }) => {
            out.error("error: one of src or dest must be a local file specification")
        }
        _ if path(&src) || path(&dest) => out.error("error: filepath can not be empty"),
        (
            Spec::Remote {
                namespace,
                pod,
                path,
            },
            Spec::Local(to),
        ) => {
            let ns = namespace
                .as_deref()
                .unwrap_or(super::super::write::namespace(inv));
            from_pod(
                c,
                (ns, namespace.as_deref(), pod),
                path,
                to,
                engine,
                io,
                out,
            );
        }
        (
            Spec::Local(from),
            Spec::Remote {
                namespace,
                pod,
                path,
            },
        ) => {
            let ns = namespace
                .as_deref()
                .unwrap_or(super::super::write::namespace(inv));
            to_pod(c, ns, pod, from, path, engine, io, out);
        }
        (Spec::Local(_), Spec::Local(_)) => {
            out.error("error: one of src or dest must be a remote file specification")
        }
    }
}

/// exec's checks and the container's tar; None when either failed (said so).
fn container(
    c: &Cp,
    ns: &str,
    pod: &str,
    engine: &Engine,
    out: &mut Output,
) -> Option<(Pod, String, Fs, Tar)> {
    let (pod, container) = started(
        engine,
        ns,
        Kind::Pod,
        pod,
        c.container.as_deref(),
        false,
        out,
    )?;
    let image = super::spec_of(&pod, &container)
        .and_then(|s| s.image.clone())
        .unwrap_or_default();
    let tar = match net::shells(&image) {
        Some(shells) if shells.dash => Tar::Gnu,
        Some(_) => Tar::Busybox,
        // An image the playground knows to hold no shell holds no tar either.
        None if net::tools(&image).is_some() => {
            out.error(&net::not_found("tar", &pod, &container, engine.now()));
            return None;
        }
        None => {
            out.error(&net::unknown_image(&image));
            return None;
        }
    };
    let view = super::container_fs(engine, &pod, &container, out)?;
    Some((pod, container, view, tar))
}

/// Ends with tar's exit code, as exec reports it.
fn terminated(code: i32, out: &mut Output) {
    out.error(&format!("command terminated with exit code {code}"));
    out.code = Some(code);
}

/// A local tree: paths relative to the copied name ("" the name itself),
/// with a file's text, or None for an empty directory.
type Tree = Vec<(String, Option<String>)>;

/// What the local `name` holds, walked as kubectl's tar writer walks it;
/// None when it does not exist.
fn local_tree(read: &dyn Fn(&str) -> Option<String>, name: &str) -> Option<Tree> {
    let mut tree = Tree::new();
    if let Some(text) = read(name).filter(|_| !name.ends_with('/')) {
        tree.push((String::new(), Some(text)));
        return Some(tree);
    }
    walk_local(read, name, "", &mut tree, 0)?;
    Some(tree)
}

/// Deepest directory nesting walked: the files are the user's, finite,
/// but a bound keeps a walk from running away.
const MAX_DEPTH: usize = 64;

fn walk_local(
    read: &dyn Fn(&str) -> Option<String>,
    dir: &str,
    rel: &str,
    tree: &mut Tree,
    depth: usize,
) -> Option<()> {
    let listing = read(&format!("{}/", dir.trim_end_matches('/')))?;
    let names: Vec<&str> = listing.lines().filter(|l| !l.is_empty()).collect();
    if names.is_empty() || depth > MAX_DEPTH {
        tree.push((rel.to_string(), None));
        return Some(());
    }
    for name in names {
        let sub = name.trim_end_matches('/');
        let (path, rel) = (
            format!("{}/{sub}", dir.trim_end_matches('/')),
            if rel.is_empty() {
                sub.to_string()
            } else {
                format!("{rel}/{sub}")
            },
        );
        if name.ends_with('/') {
            walk_local(read, &path, &rel, tree, depth + 1)?;
        } else {
            tree.push((rel, read(&path)));
        }
    }
    Some(())
}

/// `path`'s last element, as Go's `path.Base` gives it.
fn base(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "." } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// kubectl cp LOCAL POD:PATH: kubectl tars the local side and the
/// container's `tar -xmf - -C DIR` unpacks it.
#[allow(clippy::too_many_arguments)]
fn to_pod(
    c: &Cp,
    ns: &str,
    pod: &str,
    from: &str,
    to: &str,
    engine: &mut Engine,
    io: Io,
    out: &mut Output,
) {
    let tree = io.read_file.and_then(|read| local_tree(read, from));
    let Some(tree) = tree else {
        return out.error(&format!("error: {from} doesn't exist in local filesystem"));
    };
    // kubectl first asks `test -d DEST`, quietly, then runs tar.
    let Some((_, _, view, tar)) = container(c, ns, pod, engine, out) else {
        return;
    };
    let mut dest = view.abs(to);
    if matches!(view.stat(engine, &dest), Ok(Node::Dir { .. })) {
        dest = fs::normalize(&dest, base(from));
    }
    let dir = fs::parent(&dest).to_string();
    let member = base(&dest).to_string();
    let why = match view.stat(engine, &dir) {
        Ok(Node::Dir { .. } | Node::Link { .. }) => None,
        Ok(Node::File { .. }) => Some(FsError::NotDir),
        Err(FsError::Unknown) => Some(FsError::NotFound),
        Err(e) => Some(e),
    };
    if let Some(e) = why {
        match tar {
            Tar::Gnu => {
                out.note(&format!("tar: {dir}: Cannot open: {}", e.text()));
                out.note("tar: Error is not recoverable: exiting now");
                return terminated(2, out);
            }
            Tar::Busybox => {
                out.note(&format!(
                    "tar: can't change directory to '{dir}': {}",
                    e.text()
                ));
                return terminated(1, out);
            }
        }
    }
    let mut failed = false;
    for (rel, text) in &tree {
        let name = if rel.is_empty() {
            member.clone()
        } else {
            format!("{member}/{rel}")
        };
        let path = fs::normalize(&dir, &name);
        let made = make_parents(&view, engine, &dir, &name).and_then(|()| match text {
            Some(t) => view.write(engine, &path, t, false),
            None => match view.mkdir(engine, &path) {
                Err(FsError::Exists)
                    if matches!(view.stat(engine, &path), Ok(Node::Dir { .. })) =>
                {
                    Ok(())
                }
                r => r,
            },
        });
        if let Err(e) = made {
            match tar {
                Tar::Gnu => {
                    out.note(&format!("tar: {name}: Cannot open: {}", e.text()));
                    failed = true;
                }
                Tar::Busybox => {
                    out.note(&format!("tar: can't open '{name}': {}", e.text()));
                    return terminated(1, out);
                }
            }
        }
    }
    if failed {
        out.note("tar: Exiting with failure status due to previous errors");
        terminated(2, out);
    }
}

/// tar makes the directories above a member it unpacks.
fn make_parents(view: &Fs, engine: &mut Engine, dir: &str, name: &str) -> Result<(), FsError> {
    let mut at = dir.to_string();
    let parts: Vec<&str> = name.split('/').collect();
    for part in &parts[..parts.len() - 1] {
        at = fs::normalize(&at, part);
        match view.stat(engine, &at) {
            Ok(Node::Dir { .. } | Node::Link { .. }) => {}
            Ok(Node::File { .. }) => return Err(FsError::NotDir),
            Err(_) => view.mkdir(engine, &at)?,
        }
    }
    Ok(())
}

/// One member of the container's tar stream: its path below the copied
/// name and what it is.
enum Member {
    File(String),
    Dir,
    Link(String),
}

/// kubectl cp POD:PATH LOCAL: the container's `tar cf - PATH`, unpacked
/// by kubectl, which puts the tar's stderr on its own stdout.
#[allow(clippy::too_many_arguments)]
fn from_pod(
    c: &Cp,
    (ns, given_ns, pod): (&str, Option<&str>, &str),
    from: &str,
    to: &str,
    engine: &mut Engine,
    io: Io,
    out: &mut Output,
) {
    let mut exec_out = Output::default();
    let found = container(c, ns, pod, engine, &mut exec_out);
    // What exec wrote to its stderr ("Defaulted container …") lands on kubectl's stdout.
    if found.is_none() || exec_out.failed {
        out.append(exec_out);
        return;
    }
    out.stdout.push_str(&exec_out.stderr);
    let Some((_, _, view, tar)) = found else {
        return;
    };
    let path = view.abs(from);
    let mut members = Vec::new();
    let walked = collect(&view, engine, &path, "", &mut members, 0);
    if walked == Err(FsError::Unknown) {
        return out.error(&format!("error: (playground) the playground does not know all that {from} holds in this image; kubectl cp copies what was written, volumes and the files the kubelet mounts"));
    }
    // GNU tar says so as it reads the name; busybox once it found the file.
    if from.starts_with('/') && (tar == Tar::Gnu || walked.is_ok()) {
        out.out(match tar {
            Tar::Gnu => "tar: Removing leading `/' from member names",
            Tar::Busybox => "tar: removing leading '/' from member names",
        });
    }
    if let Err(e) = walked {
        match tar {
            Tar::Gnu => {
                out.out(&format!("tar: {from}: Cannot stat: {}", e.text()));
                out.out("tar: Exiting with failure status due to previous errors");
            }
            Tar::Busybox => {
                out.out(&format!("tar: {from}: {}", e.text()));
                out.out("tar: error exit delayed from previous errors");
            }
        }
        return terminated(if tar == Tar::Gnu { 2 } else { 1 }, out);
    }
    let dest = crate::gofmt::path_clean(to);
    let local_dir = dest == "."
        || io
            .read_file
            .is_some_and(|read| read(&format!("{dest}/")).is_some());
    let mut warned = false;
    for (rel, member) in members {
        let name = if rel.is_empty() {
            dest.clone()
        } else {
            format!("{dest}/{rel}")
        };
        match member {
            Member::File(text) => {
                if rel.is_empty() && local_dir {
                    return out.error(&format!("error: open {name}: is a directory"));
                }
                out.local_writes.push((local_key(&name), text));
            }
            Member::Dir => out
                .local_writes
                .push((format!("{}/", local_key(&name)), String::new())),
            Member::Link(target) => {
                // kubectl's unpacker skips links; the first warning says how to get them.
                let q = crate::gofmt::quote;
                if warned {
                    out.note(&format!(
                        "warning: skipping symlink: {} -> {}",
                        q(&name),
                        q(&target)
                    ));
                } else {
                    out.note(&format!(
                        "warning: skipping symlink: {} -> {} (consider using \"kubectl exec -n {} {} -- tar cf - {} | tar xf -\")",
                        q(&name),
                        q(&target),
                        q(given_ns.unwrap_or_default()),
                        q(pod),
                        q(from)
                    ));
                    warned = true;
                }
            }
        }
    }
    // A directory's marker stays only while nothing lies below it.
    let keys: Vec<String> = out.local_writes.iter().map(|(k, _)| k.clone()).collect();
    out.local_writes.retain(|(k, _)| {
        !k.ends_with('/') || !keys.iter().any(|o| o != k && o.starts_with(k.as_str()))
    });
}


/// The key the playground's files use for a local path.
fn local_key(p: &str) -> String {
    let p = p.trim_start_matches('/');
    if p == "." {
        String::new()
    } else {
        p.strip_prefix("./").unwrap_or(p).to_string()
    }
}

/// The tar members below `path` (links not followed), directories first.
fn collect(
    view: &Fs,
    engine: &Engine,
    path: &str,
    rel: &str,
    members: &mut Vec<(String, Member)>,
    depth: usize,
) -> Result<(), FsError> {
    match view.stat(engine, path)? {
        Node::File { text, .. } => members.push((rel.to_string(), Member::File(text))),
        Node::Link { target, .. } => members.push((rel.to_string(), Member::Link(target))),
        Node::Dir { .. } => {
            members.push((rel.to_string(), Member::Dir));
            if depth > MAX_DEPTH {
                return Ok(());
            }
            for (name, _) in view.list(engine, path)? {
                let sub = if rel.is_empty() {
                    name.clone()
                } else {
                    format!("{rel}/{name}")
                };
                collect(
                    view,
                    engine,
                    &fs::normalize(path, &name),
                    &sub,
                    members,
                    depth + 1,
                )?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cp_test.go's TestExtractFileSpec cases.
    #[test]
    fn file_specs() {
        let remote = |ns: Option<&str>, pod: &str, path: &str| {
            Ok(Spec::Remote {
                namespace: ns.map(String::from),
                pod: pod.into(),
                path: path.into(),
            })
        };
        let cases: &[(&str, Result<Spec, &str>)] = &[
            (
                "namespace/pod:/some/file",
                remote(Some("namespace"), "pod", "/some/file"),
            ),
            ("pod:/some/file", remote(None, "pod", "/some/file")),
            ("/some/file", Ok(Spec::Local("/some/file".into()))),
            (":file:not:exist:in:local:filesystem", Err(BAD_SPEC)),
            ("namespace/pod/invalid:/some/file", Err(BAD_SPEC)),
            (
                "pod:/some/filenamewith:in",
                remote(None, "pod", "/some/filenamewith:in"),
            ),
            ("pod:/tmp/dir/", remote(None, "pod", "/tmp/dir")),
            ("./dir/", Ok(Spec::Local("./dir".into()))),
            ("pod:", remote(None, "pod", "")),
        ];
        for (arg, want) in cases {
            assert_eq!(&spec(arg), want, "{arg}");
        }
    }

    #[test]
    fn local_paths_clean_as_filepath_join() {
        for (p, want) in [
            ("./g", "g"),
            (".", "."),
            ("./", "."),
            ("a/../b", "b"),
            ("/tmp//x/", "/tmp/x"),
            ("../x", "../x"),
        ] {
            assert_eq!(crate::gofmt::path_clean(p), want, "{p}");
        }
        assert_eq!(base("/tmp/foo"), "foo");
        assert_eq!(base("foo/"), "foo");
        assert_eq!(base("/"), "/");
    }
}
