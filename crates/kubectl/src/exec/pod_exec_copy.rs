//! `cp SOURCE DEST` in a container: one file copied to a file or into a
//! directory, in busybox's or GNU coreutils' words (the CKAD exercises'
//! `kubectl exec busybox -- cp /etc/passwd /etc/foo/passwd`, onto a
//! volume). Flags and several sources are not simulated.

use super::fs::{Fs, FsError, Node};
use super::Output;
use kubeplay_engine::Engine;

/// Copies; the exit status, or None when the playground cannot (it said why).
pub(super) fn run(
    fs: &Fs,
    engine: &mut Engine,
    argv: &[String],
    gnu: bool,
    out: &mut Output,
) -> Option<i32> {
    let names: Vec<&String> = argv[1..]
        .iter()
        .filter(|a| !a.starts_with('-') || a.len() == 1)
        .collect();
    if names.len() != argv.len() - 1 || names.len() > 2 {
        out.error(
            "error: (playground) cp copies one file to one destination here, without options",
        );
        return None;
    }
    let fail = |out: &mut Output, msg: String| {
        out.note(&msg);
        Some(1)
    };
    let [src, dst] = names.as_slice() else {
        if !gnu {
            // busybox prints its usage text, which is not kept here.
            out.error("error: (playground) cp copies one file to one destination here");
            return None;
        }
        let msg = match names.first() {
            None => "cp: missing file operand\nTry 'cp --help' for more information.".to_string(),
            Some(n) => format!("cp: missing destination file operand after '{n}'\nTry 'cp --help' for more information."),
        };
        return fail(out, msg);
    };
    let from = fs.abs(src);
    let text = match fs.stat(engine, &from) {
        Ok(Node::File { text, .. }) => text,
        Ok(Node::Dir { .. }) => {
            let msg = if gnu {
                format!("cp: -r not specified; omitting directory '{src}'")
            } else {
                format!("cp: omitting directory '{src}'")
            };
            return fail(out, msg);
        }
        Ok(Node::Link { .. }) => {
            out.error("error: (playground) cp copies files only here, not links");
            return None;
        }
        Err(FsError::Unknown) => {
            out.error(&format!("error: (playground) the playground does not know what {src} holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec"));
            return None;
        }
        Err(e) => {
            let msg = if gnu {
                format!("cp: cannot stat '{src}': {}", e.text())
            } else {
                format!("cp: can't stat '{src}': {}", e.text())
            };
            return fail(out, msg);
        }
    };
    let mut to = fs.abs(dst);
    if matches!(fs.stat(engine, &to), Ok(Node::Dir { .. })) {
        to = format!(
            "{}/{}",
            to.trim_end_matches('/'),
            from.rsplit('/').next().unwrap_or_default()
        );
    }
    if to == from {
        return fail(out, format!("cp: '{src}' and '{dst}' are the same file"));
    }
    match fs.write(engine, &to, &text, false) {
        Ok(()) => Some(0),
        Err(e) => {
            let msg = if gnu {
                format!("cp: cannot create regular file '{dst}': {}", e.text())
            } else {
                format!("cp: can't create '{dst}': {}", e.text())
            };
            fail(out, msg)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::exec::{run_line, Io, LineOutcome};
    use kubeplay_engine::Engine;

    fn run(e: &mut Engine, line: &str) -> (String, String) {
        match run_line(line, e, Io::default()) {
            LineOutcome::Done(out) => (out.stdout, out.stderr),
            _ => panic!("not run: {line}"),
        }
    }

    #[test]
    fn copies_a_file_in_busybox_and_debian_words() {
        // (image, command, then, its stdout, stderr of the copy)
        let cases: &[(&str, &str, &str, &str, &str)] = &[
            ("busybox", "cp /etc/passwd /tmp/p", "head -1 /tmp/p", "root:x:0:0:root:/root:/bin/sh\n", ""),
            ("busybox", "cp /etc/hostname /tmp", "cat /tmp/hostname", "p\n", ""),
            ("busybox", "cp /nope /tmp/x", "ls /tmp", "", "cp: can't stat '/nope': No such file or directory\n"),
            ("busybox", "cp /etc/hostname /nodir/x", "ls /tmp", "", "cp: can't create '/nodir/x': No such file or directory\n"),
            ("nginx", "cp /nope /tmp/x", "ls /tmp", "", "cp: cannot stat '/nope': No such file or directory\n"),
            ("nginx", "cp /etc/hostname", "ls /tmp", "", "cp: missing destination file operand after '/etc/hostname'\nTry 'cp --help' for more information.\n"),
        ];
        for (image, cp, then, want_out, want_err) in cases {
            let mut e = Engine::with_default_cluster(1);
            run(
                &mut e,
                &format!("kubectl run p --image={image} -- sleep 3600"),
            );
            e.settle(10_000);
            let (_, err) = run(&mut e, &format!("kubectl exec p -- {cp}"));
            assert!(err.starts_with(want_err), "{image} {cp}: {err}");
            let (out, _) = run(&mut e, &format!("kubectl exec p -- {then}"));
            assert_eq!(out, *want_out, "{image} {cp} then {then}");
        }
    }
}
