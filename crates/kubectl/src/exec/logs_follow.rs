//! The log of a container that follows a file another container of its
//! pod writes into a shared emptyDir volume: the Sidecar Containers
//! page's logshipper, `tail -F /opt/logs.txt`, beside an app whose loop
//! appends a line every second (or a Job's one `echo … > FILE`).
//!
//! busybox tail opens the file first; with `-F` a missing file is
//! reported and tried again after each one-second sleep, and once it
//! appears it is read from its start (its message says "end", the code
//! reads from offset 0). Each written line then shows at the poll after it
//! was written. Only writers this module can read are followed: a
//! printing loop ([`super::logs_command`]) or a lone `echo "TEXT" > FILE`;
//! anything else leaves the log to the interpreter.

use super::logs_command::{self, Writer};
use kubeplay_engine::kubelet::shell;
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::Time;

/// busybox tail's sleep between two looks at a followed file.
const POLL_MS: i64 = 1_000;

/// Lines tail prints of a file it finds already there.
const FIRST_LINES: usize = 10;

/// Where tail starts in a file it finds already there (`-n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Start {
    /// `-n N`: its last N lines.
    Last(usize),
    /// `-n +N`: from its Nth line (`+0` is the first too).
    Line(usize),
}

/// `-n`'s value as busybox tail reads it: `+N` counts from the start.
fn start_of(v: &str) -> Option<Start> {
    match v.strip_prefix('+') {
        Some(n) => Some(Start::Line(n.parse().ok()?)),
        None => Some(Start::Last(v.strip_prefix('-').unwrap_or(v).parse().ok()?)),
    }
}

/// `tail [-n N] -F FILE` or `tail [-n N] -f FILE`, run directly or as a
/// shell's only command: (FILE, whether a missing file is tried again,
/// where it starts).
pub(super) fn target(argv: &[String]) -> Option<(String, bool, Start)> {
    let words: Vec<String> = match shell::shell_script(argv) {
        Some(script) => {
            let list = shell::command_list(script)?;
            let [(words, _)] = list.as_slice() else {
                return None;
            };
            words.clone()
        }
        None => argv.to_vec(),
    };
    let (name, args) = words.split_first()?;
    if shell::basename(name) != "tail" {
        return None;
    }
    let (mut follow, mut retry, mut file, mut start) = (false, false, None, Start::Last(FIRST_LINES));
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "-f" | "--follow" | "--follow=descriptor" => follow = true,
            "-F" | "--follow=name" => (follow, retry) = (true, true),
            "-n" | "--lines" => start = start_of(args.next()?)?,
            n if n.starts_with("-n") => start = start_of(&n[2..])?,
            n if n.starts_with("--lines=") => start = start_of(&n[8..])?,
            f if !f.starts_with('-') && file.is_none() => file = Some(f.to_string()),
            _ => return None,
        }
    }
    follow.then_some(())?;
    Some((file?, retry, start))
}

/// The followed file's log from `start` up to `end`, each line stamped
/// with when tail printed it; None when no container of the pod writes
/// the file in a way this module can follow, or for `-f` on a file that
/// is missing (tail gives up, which the interpreter prints).
pub(super) fn lines(
    pod: &Pod,
    c: &Container,
    engine: &Engine,
    (file, retry, from): (&str, bool, Start),
    start: Time,
    end: Time,
) -> Option<Vec<(Time, String)>> {
    let writes = writes(pod, c, engine, file, end)?;
    let mut out = Vec::new();
    let before = writes.iter().take_while(|(t, _)| *t <= start).count();
    let mut shown = if before > 0 {
        let first = match from {
            Start::Last(n) => before.saturating_sub(n),
            Start::Line(n) => n.saturating_sub(1).min(before),
        };
        out.extend(writes[first..before].iter().map(|(_, l)| (start, l.clone())));
        before
    } else {
        if !retry {
            return None;
        }
        out.push((
            start,
            format!("tail: can't open '{file}': No such file or directory"),
        ));
        let Some((first, _)) = writes.first() else {
            return Some(out);
        };
        let waited = (first.millis() - start.millis()).max(1);
        let seen = start.plus_millis((waited + POLL_MS - 1) / POLL_MS * POLL_MS);
        if seen > end {
            return Some(out);
        }
        out.push((
            seen,
            format!("tail: {file} has appeared; following end of new file"),
        ));
        let there = writes.iter().take_while(|(t, _)| *t <= seen).count();
        out.extend(writes[..there].iter().map(|(_, l)| (seen, l.clone())));
        there
    };
    // Later lines show at the poll after their write.
    while let Some((t, line)) = writes.get(shown) {
        let waited = (t.millis() - start.millis()).max(0);
        let at = start.plus_millis((waited + POLL_MS - 1) / POLL_MS * POLL_MS);
        if at > end {
            break;
        }
        out.push((at, line.clone()));
        shown += 1;
    }
    Some(out)
}

/// Every line written into `file` (as `c` sees it) by the pod's other
/// containers up to `end`, in time order; None when there is no writer.
fn writes(
    pod: &Pod,
    c: &Container,
    engine: &Engine,
    file: &str,
    end: Time,
) -> Option<Vec<(Time, String)>> {
    let (volume, rest) = in_empty_dir(pod, c, file)?;
    let mut all = Vec::new();
    let mut found = false;
    for other in pod
        .spec
        .init_containers
        .iter()
        .chain(&pod.spec.containers)
        .filter(|o| o.name != c.name)
    {
        let Some(mount) = other
            .volume_mounts
            .iter()
            .find(|m| m.name == volume && m.sub_path.as_deref().unwrap_or_default().is_empty())
        else {
            continue;
        };
        let path = super::pod_exec::normalize(
            "/",
            &format!("{}/{rest}", mount.mount_path.trim_end_matches('/')),
        );
        match logs_command::writer(pod, other, engine, &path) {
            Some(writer) => all.extend(writer.lines(end)),
            None => match logs_command::appended(pod, other, engine, &path, end) {
                Some(lines) => all.extend(lines),
                None => continue,
            },
        }
        found = true;
    }
    found.then_some(())?;
    all.sort_by_key(|(t, _)| *t);
    Some(all)
}

/// The emptyDir volume `file` lies in for `c`, and its path inside.
fn in_empty_dir(pod: &Pod, c: &Container, file: &str) -> Option<(String, String)> {
    let path = super::pod_exec::normalize("/", file);
    c.volume_mounts
        .iter()
        .filter(|m| m.sub_path.as_deref().unwrap_or_default().is_empty())
        .find_map(|m| {
            let mount = super::pod_exec::normalize("/", &m.mount_path);
            let rest = path.strip_prefix(&format!("{}/", mount.trim_end_matches('/')))?;
            pod.spec
                .volumes
                .iter()
                .any(|v| v.name == m.name && v.empty_dir.is_some())
                .then(|| (m.name.to_string(), rest.to_string()))
        })
}

impl Writer {
    /// The lines this writer has added by `end`, each with its time.
    fn lines(&self, end: Time) -> Vec<(Time, String)> {
        let end = self.until.map_or(end, |u| u.min(end));
        if end < self.started {
            return Vec::new();
        }
        match self.period_ms {
            None => vec![(self.started, self.line.clone())],
            Some(p) => {
                let turns = ((end.millis() - self.started.millis()) / p + 1) as usize;
                let skip = turns.saturating_sub(logs_command::MAX_LOOP_LINES);
                (skip..turns)
                    .map(|k| (self.started.plus_millis(k as i64 * p), self.line.clone()))
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn follow_targets() {
        type Case<'a> = (&'a [&'a str], Option<(&'a str, bool, Start)>);
        let ten = Start::Last(FIRST_LINES);
        let cases: &[Case] = &[
            (
                &["sh", "-c", "tail -F /opt/logs.txt"],
                Some(("/opt/logs.txt", true, ten)),
            ),
            (
                &["tail", "-f", "/var/log/app.log"],
                Some(("/var/log/app.log", false, ten)),
            ),
            (&["tail", "--follow=name", "x"], Some(("x", true, ten))),
            (&["tail", "/opt/logs.txt"], None),
            (&["tail", "-n", "5", "-F", "x"], Some(("x", true, Start::Last(5)))),
            // The Logging Architecture page's sidecars: the whole file.
            (
                &["/bin/sh", "-c", "tail -n+1 -f /var/log/1.log"],
                Some(("/var/log/1.log", false, Start::Line(1))),
            ),
            (&["tail", "-n", "+3", "-f", "x"], Some(("x", false, Start::Line(3)))),
            (&["tail", "-n", "-f", "x"], None),
            (&["tail", "-n"], None),
            (&["sh", "-c", "sleep 1; tail -F x"], None),
            (&["cat", "-F", "x"], None),
        ];
        for (a, want) in cases {
            assert_eq!(
                target(&argv(a)),
                want.map(|(f, r, s)| (f.to_string(), r, s)),
                "{a:?}"
            );
        }
    }

    #[test]
    fn writer_lines_turn_once_per_period() {
        let w = Writer {
            started: Time::from_millis(4_000),
            until: None,
            period_ms: Some(1_000),
            line: "logging".into(),
        };
        assert_eq!(w.lines(Time::from_millis(3_000)), vec![]);
        assert_eq!(
            w.lines(Time::from_millis(6_500))
                .iter()
                .map(|(t, _)| t.millis())
                .collect::<Vec<_>>(),
            vec![4_000, 5_000, 6_000]
        );
        let once = Writer {
            started: Time::from_millis(8_000),
            until: Some(Time::from_millis(8_000)),
            period_ms: None,
            line: "logging".into(),
        };
        assert_eq!(
            once.lines(Time::from_millis(60_000)),
            vec![(Time::from_millis(8_000), "logging".to_string())]
        );
    }
}
