//! Startup, liveness and readiness probes (`pkg/kubelet/prober`): each
//! probe runs every `periodSeconds` from `initialDelaySeconds` after the
//! container started, and a result only changes after `failureThreshold`
//! consecutive failures or `successThreshold` consecutive successes.
//! Outcomes come from the container's process plan (is it listening yet?
//! does the file exist? is its health endpoint failing?) and from `sim
//! image … fail-readiness`.
//!
//! Probe times are computed, not polled: while a result is settled the
//! next probe that matters is the first one after the process's next
//! change, so a healthy container costs no steps.

use super::runtime::{KillCause, ProbeState, Probes, Run};
use super::shell::{self, FileSpan};
use kubeplay_model::api::{Container, Probe};
use kubeplay_model::{IntOrString, Time};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Startup,
    Liveness,
    Readiness,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::Startup => "Startup",
            Kind::Liveness => "Liveness",
            Kind::Readiness => "Readiness",
        }
    }
    fn of(self, c: &Container) -> Option<&Probe> {
        match self {
            Kind::Startup => c.startup_probe.as_deref(),
            Kind::Liveness => c.liveness_probe.as_deref(),
            Kind::Readiness => c.readiness_probe.as_deref(),
        }
    }
}

/// Probe timing with the API's defaults applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    pub initial_delay_ms: i64,
    pub period_ms: i64,
    pub success_threshold: i32,
    pub failure_threshold: i32,
}

impl Timing {
    pub fn of(p: &Probe) -> Timing {
        Timing {
            initial_delay_ms: p.initial_delay_seconds.unwrap_or(0).max(0) as i64 * 1000,
            period_ms: p.period_seconds.filter(|s| *s > 0).unwrap_or(10) as i64 * 1000,
            success_threshold: p.success_threshold.filter(|s| *s > 0).unwrap_or(1),
            failure_threshold: p.failure_threshold.filter(|s| *s > 0).unwrap_or(3),
        }
    }

    /// The first probe time at or after `t` for a container started at `start`.
    pub fn tick_at_or_after(&self, start: Time, t: Time) -> Time {
        let first = start.millis() + self.initial_delay_ms;
        if t.millis() <= first {
            return Time::from_millis(first);
        }
        let k = (t.millis() - first + self.period_ms - 1) / self.period_ms;
        Time::from_millis(first + k * self.period_ms)
    }
}

/// What a round of probing found, for the pod worker to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A failed probe: a Warning `Unhealthy` event.
    Unhealthy(Kind, String),
    /// Readiness flipped.
    Ready(bool),
    /// The startup probe passed.
    Started,
    /// Liveness or startup failed for good: kill the container.
    Kill(KillCause),
}

/// What the probe needs to know about the world outside the container.
pub struct Env<'a> {
    pub pod_ip: &'a str,
    pub fail_readiness: bool,
}

/// Starts probe workers for a new container instance. `prev` is the
/// instance it replaces: upstream keeps one worker per container name for
/// the pod's lifetime, and a new container ID only resets the applied
/// result (to the initial value) and lifts the hold; the count of
/// consecutive equal results carries over (`worker.doProbe`), so e.g. a
/// liveness probe that failed twice before a crash kills the next
/// instance at its first failure (failureThreshold 3).
pub fn init(run: &mut Run, c: &Container, prev: Option<&Probes>) {
    let start = run.started_at;
    let tick = |p: Option<&Probe>| p.map(|p| Timing::of(p).tick_at_or_after(start, start));
    run.probes.startup = ProbeState { next: tick(c.startup_probe.as_deref()), ..Default::default() };
    run.started = c.startup_probe.is_none();
    let gated = !run.started;
    // Liveness starts as Success (upstream's worker `initialValue`), as if
    // a probe had passed: a first probe that passes too changes nothing,
    // so it is skipped like any settled one (a healthy container costs no
    // steps). The pod's IP only words failure messages: none is needed.
    run.probes.liveness = ProbeState { next: if gated { None } else { tick(c.liveness_probe.as_deref()) }, result: Some(true), last_ok: Some(true), ..Default::default() };
    run.probes.readiness = ProbeState { next: if gated { None } else { tick(c.readiness_probe.as_deref()) }, result: Some(false), ..Default::default() };
    run.ready = c.readiness_probe.is_none() && run.started;
    if let Some(p) = prev {
        for (st, old) in [(&mut run.probes.startup, &p.startup), (&mut run.probes.liveness, &p.liveness), (&mut run.probes.readiness, &p.readiness)] {
            if old.last_ok.is_some() {
                st.last_ok = old.last_ok;
                st.run_len = old.run_len;
            }
        }
    }
    if let Some(p) = c.liveness_probe.as_ref() {
        skip_settled(run, Kind::Liveness, p, c, &Env { pod_ip: "", fail_readiness: false }, &Timing::of(p));
    }
}

fn state(run: &mut Run, kind: Kind) -> &mut ProbeState {
    match kind {
        Kind::Startup => &mut run.probes.startup,
        Kind::Liveness => &mut run.probes.liveness,
        Kind::Readiness => &mut run.probes.readiness,
    }
}

/// Whether a running container's probes still run. A container killed for
/// a failed probe stops being probed; in a pod being deleted the readiness
/// probe goes on until the container exits (upstream's prober worker stops
/// only liveness and startup on deletion), so the pod's Ready condition,
/// and the `serving` condition of its endpoints, follow the probe while
/// the preStop hook and the grace period run.
fn probing(run: &Run, deleting: bool) -> bool {
    run.exited.is_none() && (deleting || run.stopping.is_none())
}

/// Runs every probe due at or before `now`, in time order per probe.
pub fn advance(run: &mut Run, c: &Container, env: &Env, now: Time, deleting: bool) -> Vec<Finding> {
    let mut out = Vec::new();
    if !probing(run, deleting) {
        return out;
    }
    // A stopping container answers probes until it exits, not after.
    let mut now = match run.stopping {
        Some((exit, _)) => now.min(Time::from_millis(exit.millis() - 1)),
        None => now,
    };
    for kind in [Kind::Startup, Kind::Liveness, Kind::Readiness] {
        let Some(probe) = kind.of(c) else { continue };
        // A pod being deleted keeps only its readiness probe.
        if deleting && kind != Kind::Readiness {
            continue;
        }
        let timing = Timing::of(probe);
        let mut guard = 0;
        while let Some(t) = state(run, kind).next.filter(|t| *t <= now) {
            guard += 1;
            if guard > 10_000 {
                break;
            }
            let result = outcome(kind, probe, c, run, env, t);
            let st = state(run, kind);
            let ok = result.is_ok();
            if st.last_ok == Some(ok) {
                st.run_len += 1;
            } else {
                st.last_ok = Some(ok);
                st.run_len = 1;
            }
            let threshold = if ok { timing.success_threshold } else { timing.failure_threshold };
            let changed = st.run_len >= threshold && st.result != Some(ok);
            if changed {
                st.result = Some(ok);
            }
            st.next = Some(Time::from_millis(t.millis() + timing.period_ms));
            if let Err(msg) = result {
                out.push(Finding::Unhealthy(kind, msg));
            }
            if changed {
                match (kind, ok) {
                    (Kind::Startup, true) => {
                        st.stopped = true;
                        st.next = None;
                        run.started = true;
                        out.push(Finding::Started);
                        // Liveness and readiness start probing now.
                        let start = run.started_at;
                        if let Some(p) = c.liveness_probe.as_ref() {
                            run.probes.liveness.next = Some(Timing::of(p).tick_at_or_after(start, t));
                        }
                        if let Some(p) = c.readiness_probe.as_ref() {
                            run.probes.readiness.next = Some(Timing::of(p).tick_at_or_after(start, t));
                        } else {
                            run.ready = true;
                            out.push(Finding::Ready(true));
                        }
                    }
                    (Kind::Startup, false) | (Kind::Liveness, false) => {
                        // On hold until a new container replaces this one;
                        // upstream also restarts the count of equal results.
                        st.stopped = true;
                        st.run_len = 0;
                        st.next = None;
                        out.push(Finding::Kill(if kind == Kind::Startup { KillCause::Startup } else { KillCause::Liveness }));
                        // Each probe has its own worker: a readiness probe
                        // due at the same moment still runs, nothing later.
                        now = t;
                        break;
                    }
                    (Kind::Readiness, ready) => {
                        run.ready = ready;
                        out.push(Finding::Ready(ready));
                    }
                    (Kind::Liveness, true) => {}
                }
            }
            skip_settled(run, kind, probe, c, env, &timing);
        }
    }
    out
}

/// When a probe's result is settled and the next probe would agree with
/// it, move straight to the first probe after the process next changes.
fn skip_settled(run: &mut Run, kind: Kind, probe: &Probe, c: &Container, env: &Env, timing: &Timing) {
    let Some(next) = state(run, kind).next else { return };
    let settled_ok = {
        let st = state(run, kind);
        st.result == Some(true) && st.last_ok == Some(true)
    };
    if !settled_ok || outcome(kind, probe, c, run, env, next).is_err() {
        return;
    }
    let start = run.started_at;
    let jump = change_points(run).into_iter().find(|cp| *cp > next);
    state(run, kind).next = jump.map(|cp| timing.tick_at_or_after(start, cp));
}

/// Instants after which the process answers probes differently.
fn change_points(run: &Run) -> Vec<Time> {
    let p = &run.plan;
    let start = run.started_at;
    let mut pts: Vec<Time> = p.listen_after_ms.iter().chain(&p.http_fail_after_ms).map(|ms| start.plus_millis(*ms)).collect();
    for f in &p.files {
        pts.push(start.plus_millis(f.from_ms));
        if let Some(u) = f.until_ms {
            pts.push(start.plus_millis(u));
        }
    }
    kubeplay_model::sort::sort(&mut pts);
    pts
}

/// When the next probe that matters is due, and whether it is only a
/// repeat (a failing readiness probe re-reporting Unhealthy) rather than
/// something that changes the pod.
pub fn next_due(run: &Run, c: &Container, env: &Env, deleting: bool) -> Option<(Time, bool)> {
    if !probing(run, deleting) {
        return None;
    }
    let mut best: Option<(Time, bool)> = None;
    for kind in [Kind::Startup, Kind::Liveness, Kind::Readiness] {
        let Some(probe) = kind.of(c) else { continue };
        if deleting && kind != Kind::Readiness {
            continue;
        }
        let st = match kind {
            Kind::Startup => &run.probes.startup,
            Kind::Liveness => &run.probes.liveness,
            Kind::Readiness => &run.probes.readiness,
        };
        let Some(t) = st.next.filter(|t| run.stopping.is_none_or(|(exit, _)| *t < exit)) else { continue };
        // A repeat: the probe fails again while its result already says so.
        let repeat = kind == Kind::Readiness && st.result != Some(true) && st.last_ok == Some(false) && outcome(kind, probe, c, run, env, t).is_err();
        best = match best {
            Some((bt, brep)) if bt < t || (bt == t && !brep) => Some((bt, brep)),
            _ => Some((t, repeat)),
        };
    }
    best
}

/// When a readiness probe that keeps failing next passes: the first probe
/// at or after a moment the process starts answering differently. Its
/// failing repeats only wake the periodic timer, so without this `settle`
/// (and a watch) would stop while a slow server (mysqld's 15 s) is still
/// starting.
pub fn recovery(run: &Run, c: &Container, env: &Env) -> Option<Time> {
    let probe = c.readiness_probe.as_deref()?;
    let next = run.probes.readiness.next?;
    let timing = Timing::of(probe);
    change_points(run)
        .into_iter()
        .filter(|cp| *cp > next)
        .map(|cp| timing.tick_at_or_after(run.started_at, cp))
        .filter(|t| run.stopping.is_none_or(|(exit, _)| *t < exit))
        .find(|t| outcome(Kind::Readiness, probe, c, run, env, *t).is_ok())
}

/// The outcome of one probe at time `at`: Ok, or the failure output the
/// kubelet puts in the Unhealthy event.
pub fn outcome(kind: Kind, probe: &Probe, c: &Container, run: &Run, env: &Env, at: Time) -> Result<(), String> {
    let t = at.millis() - run.started_at.millis();
    let plan = &run.plan;
    let listening_on = |port: Option<i32>| plan.listen_after_ms.is_some_and(|l| t >= l) && plan.ports.as_ref().is_none_or(|ps| port.is_some_and(|p| ps.contains(&p)));
    let readiness_forced_down = kind == Kind::Readiness && env.fail_readiness;
    if let Some(exec) = &probe.exec {
        let argv = &exec.command;
        if let Some(msg) = removed_program(argv, run, t) {
            return Err(msg);
        }
        if let Some((tool, path)) = file_check(argv) {
            return if file_exists(run, &path, t) { Ok(()) } else { Err(missing_file_message(tool, &path, plan.busybox)) };
        }
        if readiness_forced_down || argv.first().is_some_and(|a| shell::basename(a) == "false") {
            return Err(String::new());
        }
        // Health commands (pg_isready, redis-cli ping, mysql -e 'SELECT
        // 1'…) succeed once the server answers on any of its ports;
        // other commands just succeed.
        return if plan.listen_after_ms.is_none_or(|l| t >= l) { Ok(()) } else { Err(String::new()) };
    }
    if let Some(http) = &probe.http_get {
        let port = resolve_port(http.port.as_ref(), c);
        let scheme = http.scheme.as_deref().unwrap_or("HTTP").to_ascii_lowercase();
        let host = http.host.clone().unwrap_or_else(|| env.pod_ip.to_string());
        let path = http.path.clone().filter(|p| !p.is_empty()).unwrap_or_else(|| "/".into());
        let path = if path.starts_with('/') { path } else { format!("/{path}") };
        let addr = format!("{host}:{}", port.map(|p| p.to_string()).unwrap_or_default());
        if !listening_on(port) {
            return Err(format!("Get \"{scheme}://{addr}{path}\": dial tcp {addr}: connect: connection refused"));
        }
        if plan.http_fail_after_ms.is_some_and(|f| t >= f) {
            return Err("HTTP probe failed with statuscode: 500".into());
        }
        if readiness_forced_down {
            return Err("HTTP probe failed with statuscode: 503".into());
        }
        return Ok(());
    }
    if let Some(tcp) = &probe.tcp_socket {
        let port = resolve_port(tcp.port.as_ref(), c);
        let host = tcp.host.clone().unwrap_or_else(|| env.pod_ip.to_string());
        if !listening_on(port) || readiness_forced_down {
            return Err(format!("dial tcp {host}:{}: connect: connection refused", port.map(|p| p.to_string()).unwrap_or_default()));
        }
        return Ok(());
    }
    if let Some(grpc) = &probe.grpc {
        let port = grpc.get("port").and_then(|p| p.as_i64()).map(|p| p as i32);
        if !listening_on(port) {
            return Err(format!("timeout: failed to connect service \"{}:{}\" within 1s", env.pod_ip, port.unwrap_or(0)));
        }
        if readiness_forced_down {
            return Err("service unhealthy (responded with \"NOT_SERVING\")".into());
        }
        return Ok(());
    }
    Ok(())
}

/// The directories a shell looks for a bare program name in.
const PATH: &[&str] = &["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];

/// The program an exec probe runs, and the shell running it (`sh -c
/// "zookeeper-ready 2181"`: `zookeeper-ready` under `sh`).
pub fn probe_program(argv: &[String]) -> Option<(Option<&str>, &str)> {
    match shell::shell_script(argv) {
        Some(script) => Some((argv.first().map(String::as_str), script.split_whitespace().next()?)),
        None => Some((None, argv.first()?.as_str())),
    }
}

/// Whether `path` is where a shell finds `program`.
pub fn runs_from(program: &str, path: &str) -> bool {
    if program.contains('/') {
        return program == path;
    }
    path.rsplit_once('/').is_some_and(|(dir, name)| name == program && PATH.contains(&dir))
}

/// An exec probe whose program was removed from the container (its span
/// in the plan ended, see `program_removed`): the shell's "not found".
/// Run directly, the program is the runtime's to start, and its refusal
/// is an error, not a failure: v1.32's prober worker throws that result
/// away (worker.go "Prober error, throw away the result"), so the probe's
/// state stands (the replicated MySQL page renames `mysql`, and the pod
/// stays 2/2); None then, as when the program is there.
fn removed_program(argv: &[String], run: &Run, t: i64) -> Option<String> {
    let (sh, program) = probe_program(argv)?;
    let sh = sh?;
    let spans: Vec<&FileSpan> = run.plan.files.iter().filter(|f| runs_from(program, &f.path)).collect();
    if spans.is_empty() || spans.iter().any(|f| f.from_ms <= t && f.until_ms.is_none_or(|u| t < u)) {
        return None;
    }
    Some(if run.plan.busybox { format!("{sh}: {program}: not found") } else { format!("{sh}: 1: {program}: not found") })
}

fn file_exists(run: &Run, path: &str, t: i64) -> bool {
    run.plan.files.iter().any(|f| f.path == path && f.from_ms <= t && f.until_ms.is_none_or(|u| t < u))
}

/// `cat F`, `ls F`, `test -f F`, `[ -e F ]`, also inside `sh -c`.
fn file_check(argv: &[String]) -> Option<(&'static str, String)> {
    let words: Vec<String> = match shell::shell_script(argv) {
        Some(script) => script.split_whitespace().map(str::to_string).collect(),
        None => argv.to_vec(),
    };
    let tool = match shell::basename(words.first()?) {
        "cat" => "cat",
        "ls" => "ls",
        "stat" => "stat",
        "test" | "[" => "test",
        _ => return None,
    };
    let path = words.iter().skip(1).rfind(|w| !w.starts_with('-') && *w != "]")?;
    Some((tool, path.clone()))
}

fn missing_file_message(tool: &str, path: &str, busybox: bool) -> String {
    match (tool, busybox) {
        ("cat", true) => format!("cat: can't open '{path}': No such file or directory"),
        ("cat", false) => format!("cat: {path}: No such file or directory"),
        ("ls", true) => format!("ls: {path}: No such file or directory"),
        ("ls", false) => format!("ls: cannot access '{path}': No such file or directory"),
        ("stat", true) => format!("stat: can't stat '{path}': No such file or directory"),
        ("stat", false) => format!("stat: cannot statx '{path}': No such file or directory"),
        _ => String::new(),
    }
}

/// A probe's port: a number, or the name of one of the container's ports.
fn resolve_port(port: Option<&IntOrString>, c: &Container) -> Option<i32> {
    match port? {
        IntOrString::Int(n) => Some(*n),
        IntOrString::Str(name) => c.ports.iter().find(|p| p.name.as_deref() == Some(name.as_str())).map(|p| p.container_port).or_else(|| name.parse().ok()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kubelet::process::{Exit, Plan};
    use crate::kubelet::shell::FileSpan;
    use kubeplay_model::api::{ExecAction, HttpGetAction};

    fn run_with(plan: Plan) -> Run {
        Run {
            id: "containerd://x".into(),
            image: "i".into(),
            image_id: "d".into(),
            started_at: Time::from_millis(0),
            plan: plan.into(),
            exited: None,
            stopping: None,
            started: true,
            ready: false,
            probes: Probes::default(),
        }
    }

    fn server_plan(listen_ms: i64) -> Plan {
        Plan {
            exit: Exit::Never,
            listen_after_ms: Some(listen_ms),
            ports: Some(vec![80]),
            http_fail_after_ms: None,
            files: vec![],
            memory_bytes: 0,
            cpu_milli: 0,
            sigterm: None,
            busybox: false,
        }
    }

    fn http_probe(port: i32, delay: i32, period: i32) -> Probe {
        Probe {
            http_get: Some(HttpGetAction { path: Some("/".into()), port: Some(IntOrString::Int(port)), ..Default::default() }),
            initial_delay_seconds: Some(delay),
            period_seconds: Some(period),
            ..Default::default()
        }
    }

    const ENV: Env = Env { pod_ip: "10.244.1.2", fail_readiness: false };

    fn drive(run: &mut Run, c: &Container, until_s: i64) -> Vec<(i64, Finding)> {
        let mut out = Vec::new();
        for s in 0..=until_s {
            for f in advance(run, c, &ENV, Time::from_millis(s * 1000), false) {
                out.push((s, f));
            }
        }
        out
    }

    #[test]
    fn defaults() {
        let t = Timing::of(&Probe::default());
        assert_eq!((t.initial_delay_ms, t.period_ms, t.success_threshold, t.failure_threshold), (0, 10_000, 1, 3));
        assert_eq!(t.tick_at_or_after(Time::from_millis(0), Time::from_millis(0)), Time::from_millis(0));
        assert_eq!(t.tick_at_or_after(Time::from_millis(0), Time::from_millis(1)), Time::from_millis(10_000));
        let t = Timing::of(&http_probe(80, 5, 5));
        assert_eq!(t.tick_at_or_after(Time::from_millis(1_000), Time::from_millis(0)), Time::from_millis(6_000));
        assert_eq!(t.tick_at_or_after(Time::from_millis(1_000), Time::from_millis(12_000)), Time::from_millis(16_000));
    }

    // Readiness starts as Failure and turns Ready at the first passing
    // probe (successThreshold 1).
    #[test]
    fn readiness_gates_ready_until_the_app_listens() {
        let c = Container { name: "web".into(), readiness_probe: Some(Box::new(http_probe(80, 5, 5))), ..Default::default() };
        let mut run = run_with(server_plan(12_000));
        init(&mut run, &c, None);
        assert!(!run.ready);
        let got = drive(&mut run, &c, 30);
        let refused = "Get \"http://10.244.1.2:80/\": dial tcp 10.244.1.2:80: connect: connection refused".to_string();
        assert_eq!(got, vec![(5, Finding::Unhealthy(Kind::Readiness, refused.clone())), (10, Finding::Unhealthy(Kind::Readiness, refused)), (15, Finding::Ready(true))]);
        assert!(run.ready);
        assert_eq!(run.probes.readiness.next, None, "settled: no more probes needed");
    }

    #[test]
    fn wrong_port_never_gets_ready() {
        let c = Container { name: "web".into(), readiness_probe: Some(Box::new(http_probe(8080, 0, 10))), ..Default::default() };
        let mut run = run_with(server_plan(0));
        init(&mut run, &c, None);
        let got = drive(&mut run, &c, 25);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(!run.ready);
    }

    // The replicated MySQL page's readiness probe (`mysql -h 127.0.0.1 -e
    // 'SELECT 1'`, every 2 s from 5 s) on a server that declares its port
    // (3306) and answers from 15 s: ready at the first probe after that.
    #[test]
    fn exec_health_command_passes_once_a_server_with_ports_listens() {
        let probe = Probe {
            exec: Some(ExecAction { command: vec!["mysql".into(), "-h".into(), "127.0.0.1".into(), "-e".into(), "SELECT 1".into()] }),
            initial_delay_seconds: Some(5),
            period_seconds: Some(2),
            ..Default::default()
        };
        let c = Container { name: "mysql".into(), readiness_probe: Some(Box::new(probe)), ..Default::default() };
        let mut run = run_with(Plan { ports: Some(vec![3306]), ..server_plan(15_000) });
        init(&mut run, &c, None);
        let got = drive(&mut run, &c, 20);
        assert_eq!(got.last(), Some(&(15, Finding::Ready(true))), "{got:?}");
        assert!(run.ready);
    }

    // A readiness probe failing while the server starts: its repeats are
    // periodic, and the probe that will pass is the next real change.
    #[test]
    fn recovery_is_the_first_passing_probe_after_the_server_listens() {
        let c = Container { name: "web".into(), readiness_probe: Some(Box::new(http_probe(80, 5, 2))), ..Default::default() };
        let mut run = run_with(server_plan(12_000));
        init(&mut run, &c, None);
        let env = ENV;
        let _ = advance(&mut run, &c, &env, Time::from_millis(7_000), false);
        assert_eq!(next_due(&run, &c, &env, false), Some((Time::from_millis(9_000), true)));
        assert_eq!(recovery(&run, &c, &env), Some(Time::from_millis(13_000)));
        // A port the server never opens never recovers.
        let c = Container { name: "web".into(), readiness_probe: Some(Box::new(http_probe(8080, 5, 2))), ..Default::default() };
        let mut run = run_with(server_plan(12_000));
        init(&mut run, &c, None);
        let _ = advance(&mut run, &c, &env, Time::from_millis(7_000), false);
        assert_eq!(recovery(&run, &c, &env), None);
    }

    // A program removed from the container: run by a shell, the shell's
    // "not found" fails the probe; run directly, the runtime's refusal is
    // an error whose result the worker throws away, so nothing changes.
    #[test]
    fn a_removed_program_fails_only_a_shell_probe() {
        let mut run = run_with(server_plan(0));
        std::sync::Arc::make_mut(&mut run.plan).files.push(FileSpan { path: "/usr/bin/mysql".into(), from_ms: 0, until_ms: Some(10_000) });
        let direct: Vec<String> = ["mysql", "-h", "127.0.0.1", "-e", "SELECT 1"].map(String::from).to_vec();
        let shell: Vec<String> = ["sh", "-c", "mysql -h 127.0.0.1 -e 'SELECT 1'"].map(String::from).to_vec();
        assert_eq!(removed_program(&shell, &run, 5_000), None, "still there");
        assert_eq!(removed_program(&shell, &run, 12_000).as_deref(), Some("sh: 1: mysql: not found"));
        assert_eq!(removed_program(&direct, &run, 12_000), None);
    }

    // The docs' liveness exec example: the file disappears at 30 s; probes
    // every 5 s from 5 s; the third failure (40 s) kills the container.
    #[test]
    fn liveness_kills_after_failure_threshold() {
        let c = Container {
            name: "liveness".into(),
            liveness_probe: Some(Box::new(Probe {
                exec: Some(ExecAction { command: vec!["cat".into(), "/tmp/healthy".into()] }),
                initial_delay_seconds: Some(5),
                period_seconds: Some(5),
                ..Default::default()
            })),
            ..Default::default()
        };
        let plan = Plan {
            listen_after_ms: None,
            ports: None,
            files: vec![FileSpan { path: "/tmp/healthy".into(), from_ms: 0, until_ms: Some(30_000) }],
            busybox: true,
            ..server_plan(0)
        };
        let mut run = run_with(plan);
        init(&mut run, &c, None);
        let got = drive(&mut run, &c, 60);
        let msg = "cat: can't open '/tmp/healthy': No such file or directory".to_string();
        assert_eq!(
            got,
            vec![
                (30, Finding::Unhealthy(Kind::Liveness, msg.clone())),
                (35, Finding::Unhealthy(Kind::Liveness, msg.clone())),
                (40, Finding::Unhealthy(Kind::Liveness, msg)),
                (40, Finding::Kill(KillCause::Liveness)),
            ]
        );
    }

    // A failing readiness probe ticks every period; a settled healthy one
    // does not.
    #[test]
    fn next_due_marks_repeats() {
        let c = Container { name: "web".into(), readiness_probe: Some(Box::new(http_probe(80, 0, 10))), ..Default::default() };
        let env = Env { pod_ip: "10.244.1.2", fail_readiness: true };
        let mut run = run_with(server_plan(0));
        init(&mut run, &c, None);
        assert_eq!(next_due(&run, &c, &env, false), Some((Time::from_millis(0), false)));
        let f = advance(&mut run, &c, &env, Time::from_millis(0), false);
        assert_eq!(f, vec![Finding::Unhealthy(Kind::Readiness, "HTTP probe failed with statuscode: 503".into())]);
        assert_eq!(next_due(&run, &c, &env, false), Some((Time::from_millis(10_000), true)));
    }

    #[test]
    fn startup_gates_liveness_and_readiness() {
        let c = Container {
            name: "slow".into(),
            startup_probe: Some(Box::new(Probe { failure_threshold: Some(30), ..http_probe(80, 0, 10) })),
            liveness_probe: Some(Box::new(http_probe(80, 0, 10))),
            ..Default::default()
        };
        let mut run = run_with(server_plan(25_000));
        init(&mut run, &c, None);
        assert!(!run.started);
        let got = drive(&mut run, &c, 40);
        assert_eq!(got.iter().filter(|(_, f)| matches!(f, Finding::Unhealthy(Kind::Startup, _))).count(), 3);
        assert!(got.contains(&(30, Finding::Started)));
        assert!(got.contains(&(30, Finding::Ready(true))));
        assert!(run.started && run.ready);
    }

    #[test]
    fn http_health_endpoint_failing_gives_500() {
        let c = Container { name: "liveness".into(), liveness_probe: Some(Box::new(http_probe(8080, 3, 3))), ..Default::default() };
        let plan = Plan { ports: Some(vec![8080]), http_fail_after_ms: Some(10_000), ..server_plan(0) };
        let mut run = run_with(plan);
        init(&mut run, &c, None);
        let got = drive(&mut run, &c, 20);
        assert_eq!(got.last(), Some(&(18, Finding::Kill(KillCause::Liveness))));
        assert!(got.contains(&(12, Finding::Unhealthy(Kind::Liveness, "HTTP probe failed with statuscode: 500".into()))));
    }

    // --- Ported from upstream pkg/kubelet/prober worker_test.go and
    // prober_manager_test.go (v1.32): a `cat /ok` exec probe every second
    // whose file exists during the given windows (seconds) is the fake
    // exec prober returning Success or Failure.
    fn toggling(kind: Kind, success: i32, failure: i32, delay: i32, ok_windows: &[(i64, i64)]) -> (Container, Run) {
        let p = Probe {
            exec: Some(ExecAction { command: vec!["cat".into(), "/ok".into()] }),
            initial_delay_seconds: Some(delay),
            period_seconds: Some(1),
            success_threshold: Some(success),
            failure_threshold: Some(failure),
            ..Default::default()
        };
        let mut c = Container { name: "c".into(), ..Default::default() };
        match kind {
            Kind::Startup => c.startup_probe = Some(Box::new(p)),
            Kind::Liveness => c.liveness_probe = Some(Box::new(p)),
            Kind::Readiness => c.readiness_probe = Some(Box::new(p)),
        }
        let files = ok_windows.iter().map(|(a, b)| FileSpan { path: "/ok".into(), from_ms: a * 1000, until_ms: Some(b * 1000) }).collect();
        let mut run = run_with(Plan { listen_after_ms: None, ports: None, files, ..server_plan(0) });
        init(&mut run, &c, None);
        (c, run)
    }

    /// The applied result after each second's probe, from 0 to `until_s`.
    fn results(run: &mut Run, c: &Container, kind: Kind, until_s: i64) -> Vec<Option<bool>> {
        (0..=until_s)
            .map(|s| {
                advance(run, c, &ENV, Time::from_millis(s * 1000), false);
                state(run, kind).result
            })
            .collect()
    }

    // TestFailureThreshold: readiness, successThreshold 1, failureThreshold
    // 3, twice over: 3 successes → Success; the next 2 failures leave it
    // Success; the third and following failures → Failure.
    #[test]
    fn upstream_failure_threshold() {
        let (c, mut run) = toggling(Kind::Readiness, 1, 3, 0, &[(0, 3), (8, 11)]);
        let (s, f) = (Some(true), Some(false));
        let got = results(&mut run, &c, Kind::Readiness, 15);
        assert_eq!(got, vec![s, s, s, s, s, f, f, f, s, s, s, s, s, f, f, f]);
    }

    // TestSuccessThreshold: readiness, successThreshold 3, failureThreshold
    // 1, starting as Failure: 2 successes stay Failure, the 3rd to 5th are
    // Success, one flake → Failure; then the same again.
    #[test]
    fn upstream_success_threshold() {
        let (c, mut run) = toggling(Kind::Readiness, 3, 1, 0, &[(0, 5), (6, 11)]);
        let (s, f) = (Some(true), Some(false));
        let got = results(&mut run, &c, Kind::Readiness, 11);
        assert_eq!(got, vec![f, f, s, s, s, f, f, f, s, s, s, f]);
        assert!(!run.ready);
    }

    // TestInitialDelay: during initialDelaySeconds the result is the
    // worker's initial value (liveness Success, readiness Failure); once
    // the delay has passed a passing probe gives Success.
    #[test]
    fn upstream_initial_delay() {
        for kind in [Kind::Liveness, Kind::Readiness] {
            let (c, mut run) = toggling(kind, 1, 3, 10, &[(0, 1000)]);
            let got = results(&mut run, &c, kind, 10);
            let initial = Some(kind == Kind::Liveness);
            assert!(got[..10].iter().all(|r| *r == initial), "{kind:?} {got:?}");
            assert_eq!(got[10], Some(true), "{kind:?}");
        }
    }

    // TestOnHoldOnLivenessCheckFailure: failureThreshold 1; the first
    // failure applies Failure and puts the worker on hold: later passing
    // probes are not run, the result stays Failure. A new container lifts
    // the hold and its first probe passes → Success.
    #[test]
    fn upstream_on_hold_after_liveness_failure() {
        let (c, mut run) = toggling(Kind::Liveness, 1, 1, 0, &[(1, 1000)]);
        let f = advance(&mut run, &c, &ENV, Time::from_millis(0), false);
        assert_eq!(f.last(), Some(&Finding::Kill(KillCause::Liveness)));
        assert_eq!(run.probes.liveness.result, Some(false));
        assert!(run.probes.liveness.stopped);
        assert_eq!(advance(&mut run, &c, &ENV, Time::from_millis(5_000), false), vec![]);
        assert_eq!(run.probes.liveness.result, Some(false), "on hold: no probing");
        // The replacement container, whose probe passes from the start.
        let mut plan = run.plan.as_ref().clone();
        plan.files[0].from_ms = 0;
        let mut next = Run { started_at: Time::from_millis(1_000), ..run_with(plan) };
        init(&mut next, &c, Some(&run.probes));
        assert!(!next.probes.liveness.stopped);
        assert_eq!(advance(&mut next, &c, &ENV, Time::from_millis(3_000), false), vec![]);
        assert_eq!(next.probes.liveness.result, Some(true));
    }

    // TestDoProbe / graceful shutdown: a pod being deleted stops liveness
    // and startup probing (no kill), readiness goes on.
    #[test]
    fn upstream_deleting_pod_probes_readiness_only() {
        for kind in [Kind::Startup, Kind::Liveness, Kind::Readiness] {
            let (c, mut run) = toggling(kind, 1, 1, 0, &[]);
            let f = advance(&mut run, &c, &ENV, Time::from_millis(3_000), true);
            assert_eq!(!f.is_empty(), kind == Kind::Readiness, "{kind:?} {f:?}");
            assert!(!f.iter().any(|f| matches!(f, Finding::Kill(_))));
        }
    }

    // prober_manager_test.go TestUpdatePodStatus: a container without a
    // readiness probe is ready once started; with a startup probe but no
    // result yet it is neither started nor ready; with a readiness probe
    // not yet run it is not ready.
    #[test]
    fn upstream_update_pod_status_readiness() {
        // "unprobed" (liveness only): ready.
        let (c, run) = toggling(Kind::Liveness, 1, 3, 0, &[]);
        assert!(run.started && run.ready);
        // "probed_container_pending": readiness worker, no result yet.
        let (c2, run2) = toggling(Kind::Readiness, 1, 3, 0, &[]);
        assert!(run2.started && !run2.ready);
        // "not_started_container_no_readiness" → "started_container_no_readiness".
        let (c3, mut run3) = toggling(Kind::Startup, 1, 3, 0, &[(2, 1000)]);
        assert!(!run3.started && !run3.ready);
        let f = advance(&mut run3, &c3, &ENV, Time::from_millis(2_000), false);
        assert_eq!(f.iter().filter(|f| matches!(f, Finding::Unhealthy(..))).count(), 2);
        assert!(f.ends_with(&[Finding::Started, Finding::Ready(true)]), "{f:?}");
        assert!(run3.started && run3.ready);
        let _ = (c, c2);
    }

    // Startup failing for good kills the container (failureThreshold 3)
    // and puts the startup worker on hold; liveness never ran.
    #[test]
    fn upstream_startup_failure_kills() {
        let (mut c, mut run) = toggling(Kind::Startup, 1, 3, 0, &[]);
        c.liveness_probe = Some(Box::new(http_probe(80, 0, 1)));
        init(&mut run, &c, None);
        let got = drive(&mut run, &c, 5);
        assert_eq!(got.last(), Some(&(2, Finding::Kill(KillCause::Startup))));
        assert!(!got.iter().any(|(_, f)| matches!(f, Finding::Unhealthy(Kind::Liveness, _))));
        assert!(run.probes.startup.stopped && !run.started);
    }

    // worker.doProbe keeps lastResult/resultRun across container IDs: two
    // liveness failures before a crash plus one on the next instance reach
    // failureThreshold 3; after a kill the count restarts (resultRun = 0).
    #[test]
    fn upstream_result_run_survives_a_new_container() {
        let (c, mut run) = toggling(Kind::Liveness, 1, 3, 0, &[]);
        assert_eq!(drive(&mut run, &c, 1).len(), 2, "two failures, below threshold");
        run.exited = Some(Box::new(crate::kubelet::runtime::Exited { code: 1, reason: "Error".into(), started_at: Time::from_millis(0), finished_at: Time::from_millis(1_500), id: "x".into() }));
        let mut next = Run { started_at: Time::from_millis(2_000), ..run_with(run.plan.as_ref().clone()) };
        init(&mut next, &c, Some(&run.probes));
        let f = advance(&mut next, &c, &ENV, Time::from_millis(2_000), false);
        assert_eq!(f.last(), Some(&Finding::Kill(KillCause::Liveness)));
        let mut third = Run { started_at: Time::from_millis(3_000), ..run_with(run.plan.as_ref().clone()) };
        init(&mut third, &c, Some(&next.probes));
        assert_eq!(drive(&mut third, &c, 4).len(), 2, "a kill restarts the count: 3 s and 4 s stay below threshold");
        // Readiness (successThreshold 3): a passing run carries over, so the
        // new instance is ready at its first passing probe.
        let (c, mut run) = toggling(Kind::Readiness, 3, 3, 0, &[(0, 1000)]);
        results(&mut run, &c, Kind::Readiness, 3);
        assert!(run.ready);
        let mut next = Run { started_at: Time::from_millis(5_000), ..run_with(run.plan.as_ref().clone()) };
        init(&mut next, &c, Some(&run.probes));
        assert!(!next.ready, "the initial value is Failure");
        assert_eq!(advance(&mut next, &c, &ENV, Time::from_millis(5_000), false), vec![Finding::Ready(true)]);
    }
}
