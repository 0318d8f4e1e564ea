//! What a container whose command the playground can follow prints to
//! its log: the command, `$(VAR)` expanded from the container's
//! variables first as the kubelet does (`ExpandContainerCommandAndArgs`),
//! runs through `kubectl exec`'s interpreter on a copy of the cluster
//! (what it writes stays there: reading a log changes nothing), from the
//! container's start, `date` answering the virtual time and `sleep`
//! moving it, up to the time the log is read (a previous run, for
//! `--previous` or a container waiting to restart, up to when it ended),
//! after the init containers' commands (whose files it may read). A
//! loop (`while true; do …; sleep N; done`, the task pages' printing
//! pods) turns once per period, each turn reading the files as they
//! were then (a ConfigMap's update shows once the kubelet wrote it into
//! the volume). A command the interpreter
//! does not know is left to the generic log lines. A writing loop's file
//! as exec sees it is worked out here too ([`loop_file`]).

use super::pod_exec;
use super::Output;
use kubeplay_engine::kubelet::{envvars, shell, volume_sync};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::{Kind, Object, Time};

/// Most lines a log keeps (the oldest go first, as the kubelet rotates a
/// container's log; a loop's run works out only its last turns anyway).
pub(super) const MAX_LOOP_LINES: usize = 10_000;

/// The log of the container's current run when the playground can follow
/// its command; None leaves it to the generic lines.
pub(super) fn lines(pod: &Pod, c: &Container, engine: &Engine, now: Time) -> Option<Vec<(Time, String)>> {
    let status = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).find(|s| s.name == c.name);
    // A container waiting to restart: the kubelet serves its last run.
    if status.is_some_and(|s| s.state.waiting.is_some()) {
        return previous_lines(pod, c, engine);
    }
    if status.and_then(|s| s.state.terminated.as_deref()).is_some_and(super::logs::never_ran) {
        return Some(Vec::new());
    }
    let started = status.and_then(|s| s.state.running.as_ref().and_then(|r| r.started_at).or_else(|| s.state.terminated.as_ref().and_then(|t| t.started_at)))?;
    // The image's entrypoint could not exec the args: its shell's line.
    if let Some(line) = kubeplay_engine::kubelet::start_error::entrypoint_exec_failure(c) {
        return Some(if now < started { Vec::new() } else { vec![(started, line)] });
    }
    let vars = container_vars(pod, c, engine)?;
    let lookup = |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let argv: Vec<String> = c.command.iter().chain(&c.args).map(|w| envvars::expand(w, &lookup)).collect();
    if argv.is_empty() {
        return None;
    }
    if now < started {
        return Some(Vec::new());
    }
    // A sidecar following a file its pod's app writes (the Sidecar
    // Containers page's logshipper).
    if let Some((file, retry, from)) = super::logs_follow::target(&argv) {
        let end = status.and_then(|s| s.state.terminated.as_ref()).and_then(|t| t.finished_at).map_or(now, |f| f.min(now));
        if let Some(lines) = super::logs_follow::lines(pod, c, engine, (&file, retry, from), started, end) {
            return Some(lines);
        }
    }
    rerun(pod, c, engine, &argv, started, now)
}

/// The log of the container's previous run (`logs --previous`, and a
/// restarting container's): its command rerun from when that run
/// started to when it ended.
pub(super) fn previous_lines(pod: &Pod, c: &Container, engine: &Engine) -> Option<Vec<(Time, String)>> {
    let status = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).find(|s| s.name == c.name)?;
    let t = status.last_state.terminated.as_ref()?;
    if super::logs::never_ran(t) {
        return Some(Vec::new());
    }
    let (started, finished) = (t.started_at?, t.finished_at?);
    if let Some(line) = kubeplay_engine::kubelet::start_error::entrypoint_exec_failure(c) {
        return Some(vec![(started, line)]);
    }
    let vars = container_vars(pod, c, engine)?;
    let lookup = |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let argv: Vec<String> = c.command.iter().chain(&c.args).map(|w| envvars::expand(w, &lookup)).collect();
    if argv.is_empty() {
        return None;
    }
    rerun(pod, c, engine, &argv, started, finished)
}

/// `argv` run from `started` to `end` on a copy of the cluster, after the
/// init containers' commands; at most [`MAX_LOOP_LINES`] lines, the last.
fn rerun(pod: &Pod, c: &Container, engine: &Engine, argv: &[String], started: Time, end: Time) -> Option<Vec<(Time, String)>> {
    let mut copy = engine.clone();
    // An app container sees what the init containers wrote before it
    // (the Indexed Job page's input file): their commands run first.
    if !pod.spec.init_containers.iter().any(|i| i.name == c.name) {
        // Sidecars (restartPolicy Always) keep running beside it.
        for init in pod.spec.init_containers.iter().filter(|i| i.restart_policy.as_deref() != Some("Always")) {
            let s = pod.status.init_container_statuses.iter().find(|s| s.name == init.name)?;
            let t = s.state.terminated.as_ref()?;
            let vars = container_vars(pod, init, engine)?;
            let lookup = |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
            let argv: Vec<String> = init.command.iter().chain(&init.args).map(|w| envvars::expand(w, &lookup)).collect();
            if argv.is_empty() {
                return None;
            }
            run(pod, init, &argv, t.started_at?, t.finished_at?, &mut copy)?;
        }
    }
    let mut lines = run(pod, c, argv, started, end, &mut copy)?;
    let skip = lines.len().saturating_sub(MAX_LOOP_LINES);
    lines.drain(..skip);
    Some(lines)
}

/// One run of `argv` from `at` to `now` at the latest on `copy`: its
/// lines, each stamped with the time it was written.
fn run(pod: &Pod, c: &Container, argv: &[String], at: Time, now: Time, copy: &mut Engine) -> Option<Vec<(Time, String)>> {
    copy.world_mut().now = at;
    let mut out = Output::default();
    let mut marks = Vec::new();
    pod_exec::run_logged(pod, &c.name, argv, now, copy, &mut out, &mut marks)?;
    // A container's stderr goes to the same log, in the order written.
    let text: String = super::interleave(&out.stdout, &out.stderr, &out.stderr_at).into_iter().map(|(_, t)| t).collect();
    // Each line at the time it started: after the sleeps before it.
    let mut lines = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = marks.iter().take_while(|(o, _)| *o <= offset).last().map_or(at, |(_, t)| *t);
        lines.push((t, line.strip_suffix('\n').unwrap_or(line).to_string()));
        offset += line.len();
    }
    Some(lines)
}

fn container_vars(pod: &Pod, c: &Container, engine: &Engine) -> Option<envvars::EnvVars> {
    let rt = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid)?;
    let ephemeral = rt.ephemeral.iter().flat_map(|v| v.iter().map(|e| &e.ctr));
    rt.init.iter().chain(&rt.app).chain(ephemeral).find(|r| r.name == c.name)?.env.clone()
}

/// What the last turn of a printing loop that writes a file (`while
/// true; do echo "…" > /pod-data/index.html; sleep 10; done`, the
/// tutorial's helper container) left there by `now`: (the path in the
/// container, the text).
pub(super) fn loop_file(pod: &Pod, c: &Container, engine: &Engine, now: Time) -> Option<(String, String)> {
    loop_file_since(pod, c, engine, now, None)
}

/// [`loop_file`], counting only the turns from `since` on (before then
/// the directory it writes into did not exist, and the shell's redirection
/// failed).
pub(super) fn loop_file_since(pod: &Pod, c: &Container, engine: &Engine, now: Time, since: Option<Time>) -> Option<(String, String)> {
    // A sidecar (an init container that keeps running) too.
    let status = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).find(|s| s.name == c.name)?;
    let started = status.state.running.as_ref()?.started_at?;
    let vars = container_vars(pod, c, engine)?;
    let lookup = |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let argv: Vec<String> = c.command.iter().chain(&c.args).map(|w| envvars::expand(w, &lookup)).collect();
    let script = shell::shell_script(&argv)?;
    // An unquoted echo's expansions are split into words, which echo
    // joins with one blank (`Jan  1` prints as `Jan 1`).
    let (found, split) = match print_loop(script) {
        Some(found) => (found, false),
        None => (print_loop(&quote_echo(script)?)?, true),
    };
    let (text, period_ms, target) = found;
    let target = target?;
    let (target, append) = match target.strip_prefix('>') {
        Some(file) => (file.to_string(), true),
        None => (target, false),
    };
    // The shell's tilde expansion: root's home unless HOME says otherwise.
    let target = match target.strip_prefix("~/") {
        Some(rest) => format!("{}/{rest}", lookup("HOME").unwrap_or_else(|| "/root".into())),
        None => target,
    };
    if now < started {
        return None;
    }
    let turns = (now.millis() - started.millis()) / period_ms;
    let mut first = if append { (turns + 1 - MAX_LOOP_LINES as i64).max(0) } else { turns };
    if let Some(since) = since {
        // The first turn at or after `since`.
        first = first.max((since.millis() - started.millis() + period_ms - 1).div_euclid(period_ms));
    }
    let mut out = String::new();
    for k in first..=turns {
        let t = started.plus_millis(k * period_ms);
        let line = expand_line(&text, t, &|name| lookup(name).unwrap_or_default(), &|path| file_at(pod, c, engine, path, t))?;
        out.push_str(&if split { line.split_whitespace().collect::<Vec<_>>().join(" ") } else { line });
        out.push('\n');
    }
    Some((super::pod_exec::normalize("/", &target), out))
}

/// A loop's unquoted `echo WORDS > FILE` (or `>>`) as `echo "WORDS" > FILE`,
/// for [`print_loop`]; None when there is no such echo or its words hold
/// quotes or operators.
fn quote_echo(script: &str) -> Option<String> {
    let at = script.find("do echo ")? + "do echo ".len();
    let rest = &script[at..];
    let end = rest.find(" >")?;
    let words = rest[..end].trim();
    if words.is_empty() || words.contains(['"', '\'', ';', '\n', '|', '&', '<']) {
        return None;
    }
    Some(format!("{}\"{words}\"{}", &script[..at], &rest[end..]))
}

/// A container that adds one line to a file: a printing loop appending
/// (`>>`) once per period, or a lone `echo "TEXT" > FILE` (the sidecar
/// page's Job).
pub(super) struct Writer {
    pub started: Time,
    /// When it stopped writing, if it has stopped.
    pub until: Option<Time>,
    /// A loop's period; None for one line.
    pub period_ms: Option<i64>,
    pub line: String,
}

/// How `c` writes the file at `path` (as `c` sees it), when this module
/// can tell; None otherwise.
pub(super) fn writer(pod: &Pod, c: &Container, engine: &Engine, path: &str) -> Option<Writer> {
    let status = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).find(|s| s.name == c.name)?;
    let (started, until) = match (&status.state.running, &status.state.terminated) {
        (Some(r), _) => (r.started_at?, None),
        (None, Some(t)) => (t.started_at?, Some(t.finished_at?)),
        _ => return None,
    };
    let vars = container_vars(pod, c, engine)?;
    let lookup = |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let argv: Vec<String> = c.command.iter().chain(&c.args).map(|w| envvars::expand(w, &lookup)).collect();
    let script = shell::shell_script(&argv)?;
    let (text, period_ms, target) = match print_loop(script) {
        Some((text, period, Some(target))) => (text, Some(period), target.strip_prefix('>')?.to_string()),
        Some(_) => return None,
        None => {
            let (text, target) = lone_echo(script)?;
            (text, None, target)
        }
    };
    if super::pod_exec::normalize("/", &target) != path {
        return None;
    }
    let line = expand_line(&text, started, &|name| lookup(name).unwrap_or_default(), &|_| None)?;
    Some(Writer { started, until, period_ms, line })
}

/// The lines `c`'s own command has written into the file at `path` (as
/// `c` sees it) by `end`, each with the time its newline was written: the
/// command rerun on a copy of the cluster, as for its log. For writers
/// [`writer`] cannot read (a loop writing `$i` and `$(date)` into two
/// files, the Logging Architecture page's counter); None when the
/// interpreter cannot follow the command.
pub(super) fn appended(pod: &Pod, c: &Container, engine: &Engine, path: &str, end: Time) -> Option<Vec<(Time, String)>> {
    let status = pod.status.container_statuses.iter().chain(&pod.status.init_container_statuses).find(|s| s.name == c.name)?;
    let (started, end) = match (&status.state.running, &status.state.terminated) {
        (Some(r), _) => (r.started_at?, end),
        (None, Some(t)) => (t.started_at?, t.finished_at?.min(end)),
        _ => return None,
    };
    if end < started {
        return Some(Vec::new());
    }
    let vars = container_vars(pod, c, engine)?;
    let lookup = |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let argv: Vec<String> = c.command.iter().chain(&c.args).map(|w| envvars::expand(w, &lookup)).collect();
    shell::shell_script(&argv)?;
    let mut copy = engine.clone();
    copy.world_mut().now = started;
    let pieces = pod_exec::run_watching(pod, &c.name, &argv, end, &mut copy, path)?;
    let (mut lines, mut partial) = (Vec::new(), String::new());
    for (t, text) in pieces {
        for piece in text.split_inclusive('\n') {
            match piece.strip_suffix('\n') {
                Some(done) => lines.push((t, std::mem::take(&mut partial) + done)),
                None => partial.push_str(piece),
            }
        }
    }
    Some(lines)
}

/// `echo "TEXT" > FILE` (or `>>`): TEXT, unexpanded, and FILE.
fn lone_echo(script: &str) -> Option<(String, String)> {
    let rest = script.trim().strip_prefix("echo ")?.trim_start();
    let (quoted, file) = rest.rsplit_once('>')?;
    let quoted = quoted.strip_suffix('>').unwrap_or(quoted).trim_end();
    let file = file.trim();
    let text = quoted.strip_prefix('"')?.strip_suffix('"')?;
    if text.contains('"') || file.is_empty() || file.contains(['"', '\'', ' ', ';', '&', '|', '>']) {
        return None;
    }
    Some((text.to_string(), file.to_string()))
}

/// `while true; do echo "TEXT" [> FILE]; sleep N; done` (`;` or new lines
/// between the parts): TEXT, still quoted-unexpanded, the period, and the
/// file it goes to.
fn print_loop(script: &str) -> Option<(String, i64, Option<String>)> {
    let mut parts = Vec::new();
    let (mut cur, mut quote) = (String::new(), None::<char>);
    for ch in script.chars() {
        match (ch, quote) {
            ('"' | '\'', None) => quote = Some(ch),
            (q, Some(open)) if q == open => quote = None,
            (';' | '\n', None) => {
                parts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    parts.push(cur);
    let mut parts: Vec<String> = parts.iter().map(|p| p.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|p| !p.is_empty()).collect();
    // `do` alone on its line.
    if parts.get(1).is_some_and(|p| p == "do") && parts.len() > 2 {
        let body = parts.remove(2);
        parts[1] = format!("do {body}");
    }
    let [head, body, pause, done] = parts.as_slice() else { return None };
    if !matches!(head.as_str(), "while true" | "while :") || done != "done" {
        return None;
    }
    let echo = body.strip_prefix("do ")?.strip_prefix("echo ")?;
    // An appending loop's file comes back as `>FILE`.
    let (echo, target) = match echo.rsplit_once("\" >> ").map(|(q, f)| (q, format!(">{f}"))).or_else(|| echo.rsplit_once("\" > ").map(|(q, f)| (q, f.to_string()))) {
        Some((quoted, file)) if !file.trim_start_matches('>').contains(['"', ' ', '>']) => (format!("{quoted}\""), Some(file)),
        _ => (echo.to_string(), None),
    };
    let text = echo.strip_prefix('"')?.strip_suffix('"')?;
    let secs: f64 = pause.strip_prefix("sleep ")?.parse().ok()?;
    let period_ms = (secs * 1000.0) as i64;
    // Quoted with the spacing as written: take it from the script itself.
    let at = script.find(text)?;
    (period_ms > 0).then(|| (script[at..at + text.len()].to_string(), period_ms, target))
}

/// A double-quoted echo argument at `t`: `$(date)`, `$(cat FILE)`, `$NAME`
/// and `${NAME}`; None for any other substitution.
fn expand_line(text: &str, t: Time, var: &dyn Fn(&str) -> String, file: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(inner) = after.strip_prefix('(') {
            let end = inner.find(')')?;
            let cmd: Vec<&str> = inner[..end].split_whitespace().collect();
            match cmd.as_slice() {
                ["date"] => out.push_str(&date(t)),
                ["cat", path] => out.push_str(file(path)?.trim_end_matches('\n')),
                // The adapter pattern's `du -sh ~`: root's home, an empty
                // directory in the images, takes one 4K block.
                ["du", "-sh", "~" | "/root"] if matches!(var("HOME").as_str(), "" | "/root") => out.push_str("4.0K\t/root"),
                _ => return None,
            }
            rest = &inner[end + 1..];
        } else if let Some(inner) = after.strip_prefix('{') {
            let end = inner.find('}')?;
            out.push_str(&var(&inner[..end]));
            rest = &inner[end + 1..];
        } else {
            let end = after.find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_')).unwrap_or(after.len());
            if end == 0 {
                out.push('$');
            } else {
                out.push_str(&var(&after[..end]));
            }
            rest = &after[end..];
        }
    }
    out.push_str(rest);
    Some(out)
}

/// busybox's `date` in a UTC container: `Thu Jan  4 14:06:46 UTC 2024`.
fn date(t: Time) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let secs = t.millis().div_euclid(1000);
    let (y, mo, d, h, mi, s) = kubeplay_model::time::civil(secs);
    let wd = DAYS[secs.div_euclid(86_400).rem_euclid(7) as usize];
    format!("{wd} {} {d:>2} {h:02}:{mi:02}:{s:02} UTC {y}", MONTHS[(mo - 1).clamp(0, 11) as usize])
}

/// A key of a ConfigMap or Secret volume as the container saw it at `t`
/// (the version the kubelet had written by then); None for other paths.
fn file_at(pod: &Pod, c: &Container, engine: &Engine, path: &str, t: Time) -> Option<String> {
    let path = super::pod_exec::normalize("/", path);
    let (vm, key) = c.volume_mounts.iter().filter(|m| m.sub_path.as_deref().unwrap_or_default().is_empty()).find_map(|m| {
        let mount = super::pod_exec::normalize("/", &m.mount_path);
        let key = path.strip_prefix(&format!("{}/", mount.trim_end_matches('/')))?;
        Some((m, key.to_string()))
    })?;
    let vol = pod.spec.volumes.iter().find(|v| v.name == vm.name)?;
    let (kind, name, items) = if let Some(cm) = &vol.config_map {
        (Kind::ConfigMap, cm.name.clone().unwrap_or_default(), cm.items.clone())
    } else if let Some(s) = &vol.secret {
        (Kind::Secret, s.secret_name.clone().unwrap_or_default(), s.items.clone())
    } else {
        return None;
    };
    // An item's path names the file; without items, the key does.
    let key = match items.as_ref().and_then(|i| i.as_array()).filter(|i| !i.is_empty()) {
        Some(items) => items.iter().find(|i| i.get("path").and_then(|p| p.as_str()) == Some(key.as_str()))?.get("key")?.as_str()?.to_string(),
        None => key,
    };
    let object = match volume_sync::shown(&engine.world().sim.held_volumes, pod, kind, &name, t) {
        Some((held, _)) => held,
        None => engine.store().get_by(kind, &pod.metadata.namespace, &name).cloned(),
    };
    match object.as_deref()? {
        Object::ConfigMap(cm) => cm.data.get(&key).cloned(),
        Object::Secret(s) => s.data.get(&key).and_then(|v| kubeplay_model::base64::decode(v)).map(|b| String::from_utf8_lossy(&b).into_owned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printing_loops_are_recognised() {
        // (script, (text, period, file) or None)
        type Case<'a> = (&'a str, Option<(&'a str, i64, Option<&'a str>)>);
        let cases: &[Case] = &[
            // deployment-with-configmap-as-volume.yaml
            ("while true; do echo \"$(date) My preferred sport is $(cat /etc/config/sport)\"; sleep 10; done;", Some(("$(date) My preferred sport is $(cat /etc/config/sport)", 10_000, None))),
            // The same folded over lines, as a YAML block writes it.
            ("while true; do\n  echo \"$(date) x\";\n  sleep 5;\ndone", Some(("$(date) x", 5_000, None))),
            ("while :; do echo \"a\"; sleep 0.5; done", Some(("a", 500, None))),
            // deployment-with-configmap-two-containers.yaml
            ("while true; do echo \"$(date) c\" > /pod-data/index.html; sleep 10; done;", Some(("$(date) c", 10_000, Some("/pod-data/index.html")))),
            // deployment-sidecar.yaml: an appending loop.
            ("while true; do echo \"logging\" >> /opt/logs.txt; sleep 1; done", Some(("logging", 1_000, Some(">/opt/logs.txt")))),
            ("while true; do echo \"a\"; done", None),
            ("while true; do echo \"a\"; sleep 0; done", None),
            ("while false; do echo \"a\"; sleep 1; done", None),
            ("for i in 1 2; do echo \"a\"; sleep 1; done", None),
            ("while true; do date; sleep 1; done", None),
        ];
        for (script, want) in cases {
            let got = print_loop(script);
            let want = want.map(|(t, p, f)| (t.to_string(), p, f.map(str::to_string)));
            assert_eq!(got, want, "{script:?}");
        }
    }

    #[test]
    fn unquoted_echoes_are_quoted_for_the_loop_reader() {
        let cases: &[(&str, Option<&str>)] = &[
            // The crash course's failing pod, folded by YAML.
            ("while true; do echo $(date) >> ~/tmp/curr-date.txt; sleep 5; done;", Some("while true; do echo \"$(date)\" >> ~/tmp/curr-date.txt; sleep 5; done;")),
            ("while true; do echo a  b > /f; sleep 1; done", Some("while true; do echo \"a  b\" > /f; sleep 1; done")),
            ("while true; do echo \"a\" > /f; sleep 1; done", None),
            ("while true; do echo a; sleep 1; done", None),
            ("while true; do echo a | tee x > /f; sleep 1; done", None),
        ];
        for (script, want) in cases {
            assert_eq!(quote_echo(script).as_deref(), *want, "{script:?}");
        }
        let (text, period, target) = print_loop(&quote_echo(cases[0].0).unwrap()).unwrap();
        assert_eq!((text.as_str(), period, target.as_deref()), ("$(date)", 5_000, Some(">~/tmp/curr-date.txt")));
    }

    #[test]
    fn lone_echoes_are_recognised() {
        let cases: &[(&str, Option<(&str, &str)>)] = &[
            // job-sidecar.yaml
            ("echo \"logging\" > /opt/logs.txt", Some(("logging", "/opt/logs.txt"))),
            ("echo \"a b\" >> /tmp/x", Some(("a b", "/tmp/x"))),
            ("echo \"a\" > /tmp/x; sleep 1", None),
            ("echo a > /tmp/x", None),
            ("echo \"a\"", None),
        ];
        for (script, want) in cases {
            assert_eq!(lone_echo(script), want.map(|(t, f)| (t.to_string(), f.to_string())), "{script:?}");
        }
    }

    #[test]
    fn loop_lines_expand_date_files_and_variables() {
        let t = Time::from_millis(1_704_377_206_000); // 2024-01-04T14:06:46Z
        let var = |n: &str| if n == "FRUITS" { "apples".to_string() } else { String::new() };
        let file = |p: &str| (p == "/etc/config/sport").then(|| "football\n".to_string());
        let cases: &[(&str, Option<&str>)] = &[
            ("$(date) My preferred sport is $(cat /etc/config/sport)", Some("Thu Jan  4 14:06:46 UTC 2024 My preferred sport is football")),
            ("$(date) The basket is full of $FRUITS", Some("Thu Jan  4 14:06:46 UTC 2024 The basket is full of apples")),
            ("${FRUITS}! $UNSET.", Some("apples! .")),
            ("cost: $ 5", Some("cost: $ 5")),
            ("$(cat /missing)", None),
            ("$(hostname)", None),
            ("$(date) | $(du -sh ~)", Some("Thu Jan  4 14:06:46 UTC 2024 | 4.0K\t/root")),
            ("$(du -sh /tmp)", None),
        ];
        for (text, want) in cases {
            assert_eq!(expand_line(text, t, &var, &file).as_deref(), *want, "{text:?}");
        }
        assert_eq!(date(Time::from_millis(0)), "Thu Jan  1 00:00:00 UTC 1970");
        assert_eq!(date(Time::from_millis(1_735_689_600_000)), "Wed Jan  1 00:00:00 UTC 2025");
    }
}
