//! `mount` with no arguments in a container: the mount table, one
//! `DEVICE on DIR type TYPE (OPTIONS)` line per entry of /proc/mounts,
//! as busybox's and util-linux's mount list it. Mounting is not simulated.

use super::fs::{Fs, Node};
use super::Output;
use kubeplay_engine::Engine;

/// Lists the mounts; the exit status, or None when the playground cannot.
pub(super) fn run(fs: &Fs, engine: &Engine, argv: &[String], out: &mut Output) -> Option<i32> {
    if argv.len() > 1 {
        out.error("error: (playground) mount only lists the mounts here (mount with no arguments)");
        return None;
    }
    let Ok(Node::File { text, .. }) = fs.stat(engine, "/proc/mounts") else {
        out.error("error: (playground) this container's mount table is not known");
        return None;
    };
    out.stdout.push_str(&listing(&text));
    Some(0)
}

/// /proc/mounts' lines in mount's words.
fn listing(table: &str) -> String {
    let mut out = String::new();
    for line in table.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if let [dev, dir, kind, opts, ..] = f.as_slice() {
            out.push_str(&format!("{dev} on {dir} type {kind} ({opts})\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_table_in_mounts_words() {
        let cases: &[(&str, &str)] = &[
            (
                "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0\n",
                "proc on /proc type proc (rw,nosuid,nodev,noexec,relatime)\n",
            ),
            (
                "/dev/sda1 /etc/foo ext4 rw,relatime 0 0\ntmpfs /dev tmpfs rw 0 0\n",
                "/dev/sda1 on /etc/foo type ext4 (rw,relatime)\ntmpfs on /dev type tmpfs (rw)\n",
            ),
            ("short line\n", ""),
        ];
        for (table, want) in cases {
            assert_eq!(listing(table), *want);
        }
    }
}
