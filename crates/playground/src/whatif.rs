//! What-if: forks the session at its current step into two branches, runs
//! a different user change on each (kubectl/sim command lines, with
//! here-documents for manifests), advances both the same virtual time, and
//! compares what happened: pods per node, how long each rollout took, and
//! events by reason. The engine's world is a persistent structure, so a
//! branch is just a clone of the playground; both start from the same seed
//! and state, so every difference comes from the change.

use crate::Playground;
use kubeplay_model::{Kind, Object, Time};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Longest virtual time one comparison may run (an hour).
pub const MAX_DURATION_MS: i64 = 3_600_000;
/// Most command lines per branch.
pub const MAX_COMMANDS: usize = 200;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WhatIfError {
    #[error("error: branch {branch}, line {line}: the here-document <<{word} is never closed by a line {word}")]
    OpenHeredoc { branch: char, line: usize, word: String },
    #[error("error: branch {0} has more than {MAX_COMMANDS} commands")]
    TooManyCommands(char),
    #[error("error: the duration must be between 1ms and {MAX_DURATION_MS}ms (one hour), not {0}ms")]
    Duration(i64),
}

/// One command of a branch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The command line, then its here-documents' lines (closing lines
    /// included), as [`Playground::run`] takes them.
    pub line: String,
}

/// Splits a branch's script into commands: one per line, blank lines and
/// `#` comments skipped, a line that opens here-documents (`<<WORD`
/// anywhere in it, as bash finds them) taking the lines up to `WORD` as
/// their bodies, a command bash reads on over several lines taking them
/// (the same script shape `kubeplay run` reads).
pub fn parse_script(branch: char, src: &str) -> Result<Vec<Command>, WhatIfError> {
    let mut out = Vec::new();
    let lines: Vec<&str> = src.lines().collect();
    let mut i = 0;
    while let Some(raw) = lines.get(i) {
        let line = raw.trim();
        i += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let first = i;
        let mut text = line.to_string();
        let mut reader = kubeplay_kubectl::shell::CommandReader::new();
        reader.push(line);
        while let Some(why) = reader.incomplete() {
            let Some(l) = lines.get(i) else {
                if let kubeplay_kubectl::shell::Incomplete::HereDoc(word) = why {
                    return Err(WhatIfError::OpenHeredoc { branch, line: first, word });
                }
                break;
            };
            reader.push(l);
            text.push('\n');
            text.push_str(l);
            i += 1;
        }
        out.push(Command { line: text });
        if out.len() > MAX_COMMANDS {
            return Err(WhatIfError::TooManyCommands(branch));
        }
    }
    Ok(out)
}

/// One compared quantity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WhatIfRow {
    /// "Pods per node", "Rollout" or "Events".
    pub section: String,
    /// A node name, `deployment/NAME`-style workload, or event reason.
    pub item: String,
    pub a: String,
    pub b: String,
    pub differs: bool,
}

/// What one branch printed while its commands ran.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BranchRun {
    /// `$ command` lines and their output, as the terminal shows them.
    pub transcript: String,
    /// Whether any command failed.
    pub failed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WhatIfReport {
    pub duration_ms: i64,
    pub a: BranchRun,
    pub b: BranchRun,
    pub rows: Vec<WhatIfRow>,
}

impl WhatIfReport {
    /// Rows that differ.
    pub fn differences(&self) -> impl Iterator<Item = &WhatIfRow> {
        self.rows.iter().filter(|r| r.differs)
    }

    /// Looks a row up by section and item.
    pub fn row(&self, section: &str, item: &str) -> Option<&WhatIfRow> {
        self.rows.iter().find(|r| r.section == section && r.item == item)
    }

    /// A side-by-side table; differing rows are marked with `*`.
    pub fn render(&self) -> String {
        let w0 = self.rows.iter().map(|r| r.section.len() + r.item.len() + 2).max().unwrap_or(4).max(4);
        let w1 = self.rows.iter().map(|r| r.a.len()).max().unwrap_or(1).max(1);
        let mut s = format!("after {} of virtual time:\n", fmt_ms(self.duration_ms));
        s.push_str(&format!("  {:<w0$}  {:<w1$}  B\n", "", "A"));
        for r in &self.rows {
            let mark = if r.differs { '*' } else { ' ' };
            s.push_str(&format!("{mark} {:<w0$}  {:<w1$}  {}\n", format!("{}: {}", r.section, r.item), r.a, r.b));
        }
        let n = self.differences().count();
        s.push_str(&format!("{n} difference{}\n", if n == 1 { "" } else { "s" }));
        s
    }
}

/// `12.5s`, `2m3s`: virtual durations as people read them.
fn fmt_ms(ms: i64) -> String {
    let (m, rest) = (ms / 60_000, ms % 60_000);
    let secs = if rest % 1000 == 0 { format!("{}s", rest / 1000) } else { format!("{:.1}s", rest as f64 / 1000.0) };
    if m > 0 {
        format!("{m}m{secs}")
    } else {
        secs
    }
}

/// Whether a workload has finished rolling out, as `kubectl rollout status` decides.
fn rolled_out(o: &Object) -> Option<bool> {
    let gen = o.meta().generation;
    Some(match o {
        Object::Deployment(d) => {
            let s = &d.status;
            let want = d.spec.replicas.unwrap_or(1);
            let upd = s.updated_replicas.unwrap_or(0);
            s.observed_generation.unwrap_or(0) >= gen && upd >= want && s.replicas.unwrap_or(0) <= upd && s.available_replicas.unwrap_or(0) >= upd
        }
        Object::StatefulSet(ss) => {
            let s = &ss.status;
            let want = ss.spec.replicas.unwrap_or(1);
            s.observed_generation.unwrap_or(0) >= gen
                && s.ready_replicas.unwrap_or(0) >= want
                && s.updated_replicas.unwrap_or(0) >= want
                && s.current_revision == s.update_revision
        }
        Object::DaemonSet(ds) => {
            let s = &ds.status;
            s.observed_generation.unwrap_or(0) >= gen && s.updated_number_scheduled.unwrap_or(0) >= s.desired_number_scheduled && s.number_available.unwrap_or(0) >= s.desired_number_scheduled
        }
        _ => return None,
    })
}

/// Per workload: whether it was ever mid-rollout after the fork, and
/// when (ms after the fork) it last became complete.
#[derive(Default)]
struct Rollout {
    moved: bool,
    done_at: Option<i64>,
}

struct Branch {
    pg: Playground,
    run: BranchRun,
    rollouts: BTreeMap<String, Rollout>,
}

fn workload_name(o: &Object) -> String {
    let ns = o.namespace();
    let kind = o.kind().name().to_ascii_lowercase();
    if ns == "default" {
        format!("{kind}/{}", o.name())
    } else {
        format!("{ns}/{kind}/{}", o.name())
    }
}

impl Branch {
    fn observe(&mut self, start: Time) {
        let now = self.pg.engine.now();
        let store = self.pg.engine.store();
        for kind in [Kind::Deployment, Kind::StatefulSet, Kind::DaemonSet] {
            for o in store.list(kind, None) {
                let Some(done) = rolled_out(o) else { continue };
                let r = self.rollouts.entry(workload_name(o)).or_default();
                if !done {
                    r.moved = true;
                    r.done_at = None;
                } else if r.moved && r.done_at.is_none() {
                    r.done_at = Some(now.millis() - start.millis());
                }
            }
        }
    }

    fn run(pg: &Playground, cmds: &[Command], duration_ms: i64) -> Branch {
        let mut b = Branch { pg: pg.clone(), run: BranchRun::default(), rollouts: BTreeMap::new() };
        let start = b.pg.engine.now();
        for c in cmds {
            let out = b.pg.run(&c.line, None);
            b.run.failed |= out.failed;
            b.run.transcript.push_str(&format!("$ {}\n{}", c.line, out.shown()));
            if !b.run.transcript.ends_with('\n') {
                b.run.transcript.push('\n');
            }
        }
        // Stepping one reconcile at a time, so a rollout's end is seen at
        // the step that completed it.
        let target = start.plus_millis(duration_ms);
        let cap = b.pg.engine.step_limit();
        b.observe(start);
        let mut n = 0;
        while n < cap && b.pg.engine.step_until(target).is_some() {
            n += 1;
            b.observe(start);
        }
        if n < cap {
            // Lets the clock reach the target exactly, as advance does.
            b.pg.engine.advance(0.max(target.millis() - b.pg.engine.now().millis()));
        }
        b
    }

    fn pods_per_node(&self) -> BTreeMap<String, usize> {
        let mut m = BTreeMap::new();
        for p in self.pg.engine.store().list(Kind::Pod, None).filter_map(|o| o.as_pod()) {
            let phase = p.status.phase.as_deref().unwrap_or("Pending");
            if p.metadata.is_being_deleted() || phase == "Succeeded" || phase == "Failed" {
                continue;
            }
            let node = p.spec.node_name.as_deref().filter(|n| !n.is_empty()).unwrap_or("(unscheduled)").to_string();
            *m.entry(node).or_insert(0) += 1;
        }
        m
    }
}

/// Events by reason, counting repeats (an Event's `count`).
fn events_by_reason(pg: &Playground) -> BTreeMap<String, i64> {
    let mut m = BTreeMap::new();
    for o in pg.engine.store().list(Kind::Event, None) {
        if let Object::Event(e) = &**o {
            *m.entry(e.reason.as_deref().unwrap_or_default().to_string()).or_insert(0) += i64::from(e.times_seen().max(1));
        }
    }
    m
}

fn row(section: &str, item: &str, a: String, b: String) -> WhatIfRow {
    let differs = a != b;
    WhatIfRow { section: section.into(), item: item.into(), a, b, differs }
}

pub fn what_if(base: &Playground, a: &str, b: &str, duration_ms: i64) -> Result<WhatIfReport, WhatIfError> {
    if !(1..=MAX_DURATION_MS).contains(&duration_ms) {
        return Err(WhatIfError::Duration(duration_ms));
    }
    let (ca, cb) = (parse_script('A', a)?, parse_script('B', b)?);
    let before = events_by_reason(base);
    let ra = Branch::run(base, &ca, duration_ms);
    let rb = Branch::run(base, &cb, duration_ms);
    let mut rows = Vec::new();

    let (pa, pb) = (ra.pods_per_node(), rb.pods_per_node());
    let nodes: BTreeSet<&String> = pa.keys().chain(pb.keys()).collect();
    for n in nodes {
        let count = |m: &BTreeMap<String, usize>| m.get(n).copied().unwrap_or(0).to_string();
        rows.push(row("Pods per node", n, count(&pa), count(&pb)));
    }

    let names: BTreeSet<&String> = ra.rollouts.keys().chain(rb.rollouts.keys()).collect();
    for w in names {
        let cell = |r: Option<&Rollout>| match r {
            None => "absent".to_string(),
            Some(Rollout { moved: false, .. }) => "unchanged".to_string(),
            Some(Rollout { done_at: Some(ms), .. }) => format!("done in {}", fmt_ms(*ms)),
            Some(Rollout { done_at: None, .. }) => format!("not done after {}", fmt_ms(duration_ms)),
        };
        let (x, y) = (cell(ra.rollouts.get(w)), cell(rb.rollouts.get(w)));
        if x == "unchanged" && y == "unchanged" {
            continue;
        }
        rows.push(row("Rollout", w, x, y));
    }

    let (ea, eb) = (events_by_reason(&ra.pg), events_by_reason(&rb.pg));
    let reasons: BTreeSet<&String> = ea.keys().chain(eb.keys()).collect();
    for r in reasons {
        let new = |m: &BTreeMap<String, i64>| m.get(r).copied().unwrap_or(0) - before.get(r).copied().unwrap_or(0);
        let (x, y) = (new(&ea), new(&eb));
        if x == 0 && y == 0 {
            continue;
        }
        rows.push(row("Events", r, x.to_string(), y.to_string()));
    }
    Ok(WhatIfReport { duration_ms, a: ra.run, b: rb.run, rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_split_into_commands_with_heredocs() {
        let cmds = parse_script('A', "# c\nkubectl get pods\n\nkubectl apply -f - <<EOF\nkind: X\nEOF\nsim node add n1\n").unwrap_or_default();
        assert_eq!(
            cmds,
            [
                Command { line: "kubectl get pods".into() },
                Command { line: "kubectl apply -f - <<EOF\nkind: X\nEOF".into() },
                Command { line: "sim node add n1".into() },
            ]
        );
        assert_eq!(parse_script('B', "kubectl apply -f - <<EOF\nkind: X\n"), Err(WhatIfError::OpenHeredoc { branch: 'B', line: 1, word: "EOF".into() }));
    }

    // Here-documents anywhere in a line, as tutorials write them: their
    // lines are the command's, never commands of their own.
    #[test]
    fn commands_over_several_lines_are_one_command() {
        let cmds = parse_script('A', "kubectl scale deployment web \\\n  --replicas=3\nfor i in 1 2; do\n  sim step\ndone\nsim settle\n").unwrap();
        let lines: Vec<&str> = cmds.iter().map(|c| c.line.as_str()).collect();
        assert_eq!(lines, ["kubectl scale deployment web \\\n  --replicas=3", "for i in 1 2; do\n  sim step\ndone", "sim settle"]);
    }

    #[test]
    fn heredocs_anywhere_in_a_line_belong_to_it() {
        let src = "cat <<EOF | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nEOF\nkubectl create -f- <<'END'\nkubectl get pods\nEND\n\tsim settle\n";
        let cmds = parse_script('A', src).unwrap_or_default();
        assert_eq!(
            cmds,
            [
                Command { line: "cat <<EOF | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nEOF".into() },
                Command { line: "kubectl create -f- <<'END'\nkubectl get pods\nEND".into() },
                Command { line: "sim settle".into() },
            ]
        );
        assert_eq!(parse_script('A', "x\ncat <<-X | kubectl apply -f -\n\tX \n"), Err(WhatIfError::OpenHeredoc { branch: 'A', line: 2, word: "X".into() }));
        let cm = |name: &str| format!("cat <<EOF | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\nEOF\n");
        let report = Playground::new(1).what_if(&cm("a"), &format!("N=b\n{}", cm("$N")), 1000).unwrap_or_else(|e| panic!("{e}"));
        assert!(!report.a.failed && !report.b.failed, "{}{}", report.a.transcript, report.b.transcript);
        assert!(report.a.transcript.ends_with("EOF\nconfigmap/a created\n"), "{}", report.a.transcript);
        assert!(report.b.transcript.ends_with("EOF\nconfigmap/b created\n"), "{}", report.b.transcript);
    }

    #[test]
    fn durations_are_bounded() {
        let pg = Playground::new(1);
        assert_eq!(pg.what_if("", "", 0), Err(WhatIfError::Duration(0)));
        assert_eq!(pg.what_if("", "", MAX_DURATION_MS + 1), Err(WhatIfError::Duration(MAX_DURATION_MS + 1)));
    }

    #[test]
    fn durations_read_like_kubectl_ages() {
        assert_eq!(fmt_ms(12_500), "12.5s");
        assert_eq!(fmt_ms(123_000), "2m3s");
        assert_eq!(fmt_ms(0), "0s");
    }
}
