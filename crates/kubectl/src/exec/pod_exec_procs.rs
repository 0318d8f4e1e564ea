//! The processes of a container, as `ps` and `kill` inside it see them.
//! The simulator runs no processes, so the table is what the image's
//! program looks like when it runs: PID 1 is the container's command
//! (nginx's master with one worker per CPU of the node, redis-server as
//! the redis user, else the command as written), then the shell a
//! session opened, then `ps` itself. Numbers that are the kernel's
//! (VSZ, RSS) are typical values of those programs; the clock columns
//! come from the virtual clock.
//!
//! `kill` reaches PID 1 as the kernel lets it: from inside the container
//! only a signal the process installed a handler for is delivered to
//! init (so `kill -9 1` and `kill 1` on `sleep` do nothing), and a
//! handled SIGTERM/SIGINT makes redis and nginx shut down, which the
//! engine turns into the container's exit ([`Engine::container_process_exits`]).

use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object, Time};

/// One row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proc {
    pub user: String,
    pub pid: u32,
    pub ppid: u32,
    pub vsz: u64,
    pub rss: u64,
    /// `?` or the session's terminal.
    pub tty: &'static str,
    pub stat: &'static str,
    pub start: Time,
    pub args: String,
    /// The process handles SIGTERM/SIGINT by exiting (with 0).
    pub handles_term: bool,
}

impl Proc {
    /// The program's name, as `ps -e`'s CMD (the kernel's 15-byte comm).
    fn comm(&self) -> String {
        let first = self.args.split(' ').next().unwrap_or_default();
        let base = first.rsplit('/').next().unwrap_or(first).trim_end_matches(':');
        base.chars().take(15).collect()
    }
}

/// Who runs the command: the exec's own process, or a session's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// The session's shell as called (`/bin/bash`), and the session's
    /// line number; None for a plain exec.
    pub session: Option<(String, u32)>,
    /// kubectl's terminal is attached.
    pub tty: bool,
    /// Outside a session: the `sh -c` script exec started, when it stays
    /// running beside its commands.
    pub script: Option<String>,
}

/// The image's repository and tag.
pub(super) fn repository(image: &str) -> (String, String) {
    match ImageRef::parse(image) {
        Ok(r) => (r.repository(), r.effective_tag().unwrap_or("").to_string()),
        Err(_) => (image.to_string(), String::new()),
    }
}

/// The node's CPUs and memory (kB) the pod runs on.
fn node_size(engine: &Engine, pod: &Pod) -> (u32, u64) {
    let node = pod.spec.node_name.as_deref().unwrap_or_default();
    match engine.store().get_by(Kind::Node, "", node).map(|o| &**o) {
        Some(Object::Node(n)) => {
            let cpus = n.status.capacity.get("cpu").map_or(1, |q| q.value().clamp(1, 64) as u32);
            let mem = n.status.capacity.get("memory").map_or(8 << 20, |q| (q.value().max(1024) / 1024) as u64);
            (cpus, mem)
        }
        _ => (1, 8 << 20),
    }
}

/// The user the container's processes run as: the container's
/// `runAsUser`, else the pod's; None for the image's own.
pub fn run_as_user(pod: &Pod, container: &str) -> Option<i64> {
    let spec = pod.spec.containers.iter().chain(&pod.spec.init_containers).find(|c| c.name == container);
    let own = spec.and_then(|c| c.security_context.as_ref()).and_then(|sc| sc.get("runAsUser")).and_then(|v| v.as_i64());
    own.or_else(|| pod.spec.security_context.as_ref().and_then(|sc| sc.get("runAsUser")).and_then(|v| v.as_i64()))
}

/// How ps names user `uid` in `repo`'s image: the image's account, else
/// the number.
pub(super) fn user_name(repo: &str, uid: i64) -> String {
    match (repo, uid) {
        (_, 0) => "root".into(),
        ("docker.io/library/nginx", 101) => "nginx".into(),
        ("docker.io/library/redis", 999) => "redis".into(),
        _ => uid.to_string(),
    }
}

/// The uid behind a user name `repo`'s image gave (the inverse of
/// [`user_name`]).
fn uid_of(repo: &str, name: &str) -> Option<i64> {
    match (repo, name) {
        (_, "root") => Some(0),
        ("docker.io/library/nginx", "nginx") => Some(101),
        ("docker.io/library/redis", "redis") => Some(999),
        _ => name.parse().ok(),
    }
}

/// The container's processes as `run_as` (a uid) runs them: every one of
/// them, and what exec starts, is that user's.
pub fn as_user(mut procs: Vec<Proc>, image: &str, run_as: Option<i64>) -> Vec<Proc> {
    if let Some(uid) = run_as {
        let name = user_name(&repository(image).0, uid);
        for p in &mut procs {
            p.user = name.clone();
        }
    }
    procs
}

/// The processes a container sees: its own (PID 1 and what it started,
/// from `start`), or, when it shares a PID namespace, everyone's in it.
/// A pod with shareProcessNamespace has the sandbox's `/pause` as PID 1
/// and each other container's processes after it; an ephemeral container
/// with a target joins the target's namespace, so the target's processes
/// come first. The caller's own process is the session's, added by
/// [`table`].
pub fn container_procs(engine: &Engine, pod: &Pod, container: &str, image: &str, argv: &[String], start: Time) -> Vec<Proc> {
    let members = namespace_members(pod, container);
    if members.is_empty() {
        return own_procs(engine, pod, image, argv, start);
    }
    let mut procs = Vec::new();
    // ps names users from the viewer's /etc/passwd: busybox has no nginx.
    let viewer = repository(image).0;
    if pod.spec.share_process_namespace == Some(true) {
        let sandbox = pod.status.start_time.unwrap_or(start);
        // containerd runs the sandbox as the pod's runAsUser, else as the
        // pause image's user, 65535.
        let uid = pod.spec.security_context.as_ref().and_then(|sc| sc.get("runAsUser")).and_then(serde_json::Value::as_i64).unwrap_or(65535);
        procs.push(Proc { user: user_name(&viewer, uid), pid: 1, ppid: 0, vsz: 1020, rss: 4, tty: "?", stat: "Ss", start: sandbox, args: "/pause".into(), handles_term: false });
    }
    for c in members {
        let image = c.image.as_deref().unwrap_or_default();
        // An image's default command is the image's, not the shell's.
        let argv = if c.command.is_empty() && c.args.is_empty() { Vec::new() } else { crate::exec::container_shell::container_argv(c) };
        let started = started_at(pod, &c.name).unwrap_or(start);
        let mut own = as_user(own_procs(engine, pod, image, &argv, started), image, run_as_user(pod, &c.name));
        let owner = repository(image).0;
        for p in &mut own {
            if let Some(uid) = uid_of(&owner, &p.user) {
                p.user = user_name(&viewer, uid);
            }
        }
        // The runtime's own processes take a few PIDs between containers.
        let shift = procs.iter().map(|p| p.pid + 6).max().unwrap_or(1) - 1;
        procs.extend(own.into_iter().map(|p| Proc { pid: p.pid + shift, ppid: if p.ppid == 0 { 0 } else { p.ppid + shift }, ..p }));
    }
    procs
}

/// The other containers whose processes `container` sees, in the order
/// they started; empty when it has a namespace of its own.
fn namespace_members<'p>(pod: &'p Pod, container: &str) -> Vec<&'p kubeplay_model::api::Container> {
    let target = pod.spec.ephemeral_containers.iter().find(|e| e.container.name == container).and_then(|e| e.target_container_name.as_deref());
    let running = |name: &str| started_at(pod, name).is_some();
    if pod.spec.share_process_namespace == Some(true) {
        // The viewer's own processes are there too, unless its process is
        // the session itself: an ephemeral container's, or a shell kubectl
        // attached to (`kubectl debug -it --copy-to`).
        let is_ephemeral = pod.spec.ephemeral_containers.iter().any(|e| e.container.name == container);
        let ephemeral = pod.spec.ephemeral_containers.iter().map(|e| &e.container);
        let own_is_session = |c: &kubeplay_model::api::Container| is_ephemeral || attached_shell(c);
        return pod.spec.containers.iter().chain(ephemeral).filter(|c| (c.name != container || !own_is_session(c)) && running(&c.name)).collect();
    }
    match target {
        Some(t) => pod.spec.containers.iter().filter(|c| c.name == t && running(t)).collect(),
        None => Vec::new(),
    }
}

/// A container whose process is an interactive shell kubectl attaches
/// to: stdin open, and the image's default command or a bare shell.
fn attached_shell(c: &kubeplay_model::api::Container) -> bool {
    let argv: Vec<&str> = c.command.iter().chain(&c.args).map(String::as_str).collect();
    let shell = match argv.as_slice() {
        [] => true,
        [one] => matches!(one.rsplit('/').next(), Some("sh" | "bash" | "ash")),
        _ => false,
    };
    c.stdin == Some(true) && shell
}

/// When a running container started, from the pod's status.
fn started_at(pod: &Pod, name: &str) -> Option<Time> {
    let statuses = pod.status.container_statuses.iter().chain(&pod.status.ephemeral_container_statuses);
    statuses.filter(|s| s.name == name).find_map(|s| s.state.running.as_ref()).map(|r| r.started_at.unwrap_or(kubeplay_model::time::EPOCH))
}

/// A container's own processes (PID 1 and what it started), started at
/// `start`.
fn own_procs(engine: &Engine, pod: &Pod, image: &str, argv: &[String], start: Time) -> Vec<Proc> {
    let (repo, tag) = repository(image);
    let alpine = tag.contains("alpine");
    let root = |pid: u32, ppid: u32, args: String, vsz: u64, rss: u64, stat: &'static str| Proc { user: "root".into(), pid, ppid, vsz, rss, tty: "?", stat, start, args, handles_term: false };
    match repo.as_str() {
        "docker.io/library/nginx" if argv.is_empty() => {
            let (cpus, _) = node_size(engine, pod);
            let mut procs = vec![Proc { handles_term: true, ..root(1, 0, "nginx: master process nginx -g daemon off;".into(), 11404, 7424, "Ss") }];
            // The entrypoint's scripts used the PIDs before the workers'.
            let first = if alpine { 30 } else { 29 };
            for i in 0..cpus {
                procs.push(Proc { user: "nginx".into(), ..root(first + i, 1, "nginx: worker process".into(), 11868, 2900, "S") });
            }
            procs
        }
        // The pause image's only program.
        "registry.k8s.io/pause" if argv.is_empty() => vec![root(1, 0, "/pause".into(), 1020, 4, "Ss")],
        "docker.io/library/redis" if argv.is_empty() => {
            vec![Proc { user: "redis".into(), handles_term: true, ..root(1, 0, "redis-server *:6379".into(), 141796, 10240, "Ssl") }]
        }
        _ => {
            let single = kubeplay_engine::kubelet::shell::shell_script(argv).and_then(kubeplay_engine::kubelet::shell::command_list).and_then(|l| {
                if let [(words, _)] = l.as_slice() {
                    Some(words.join(" "))
                } else {
                    None
                }
            });
            let args = if argv.is_empty() {
                let base = repo.rsplit('/').next().unwrap_or(&repo).to_string();
                crate::exec::container_shell::default_shell(image).map_or(base, str::to_string)
            } else if let Some(words) = single {
                // `sh -c` execs a script's only command in its own place.
                words
            } else {
                argv.join(" ")
            };
            vec![root(1, 0, args, 2576, 1024, "Ss")]
        }
    }
}

/// The PID the first process exec starts in the container gets: the
/// runtime's exec comes after the container's own processes.
fn first_exec_pid(procs: &[Proc]) -> u32 {
    procs.iter().map(|p| p.pid).max().unwrap_or(1) + 5
}

/// The whole table as `ps` running for `caller` sees it: the container's
/// processes, the session's shell, and `ps` itself (`args` as typed).
pub fn table(mut procs: Vec<Proc>, caller: &Caller, ps_args: &str, now: Time, busybox: bool) -> Vec<Proc> {
    let exec_pid = first_exec_pid(&procs);
    let tty = if caller.tty { "pts/0" } else { "?" };
    let (pid, ppid, stat) = match &caller.session {
        Some((shell, line)) => {
            let (vsz, rss) = if shell.ends_with("bash") { (4188, 3456) } else { (2576, 1536) };
            procs.push(Proc { user: "root".into(), pid: exec_pid, ppid: 0, vsz, rss, tty, stat: "Ss", start: now, args: shell.clone(), handles_term: false });
            (exec_pid + line, exec_pid, if caller.tty { "R+" } else { "R" })
        }
        None => match &caller.script {
            Some(script) => {
                let (vsz, rss) = if busybox { (1624, 896) } else { (2576, 1536) };
                procs.push(Proc { user: "root".into(), pid: exec_pid, ppid: 0, vsz, rss, tty, stat: if caller.tty { "Ss+" } else { "Ss" }, start: now, args: script.clone(), handles_term: false });
                (exec_pid + 1, exec_pid, if caller.tty { "R+" } else { "R" })
            }
            // exec's process leads its own session.
            None => (exec_pid, 0, if caller.tty { "Rs+" } else { "Rs" }),
        },
    };
    let (vsz, rss) = if busybox { (1624, 512) } else { (8088, 4096) };
    procs.push(Proc { user: "root".into(), pid, ppid, vsz, rss, tty, stat, start: now, args: ps_args.to_string(), handles_term: false });
    procs
}

/// procps' START: the time today, else the day.
fn start_column(start: Time, now: Time) -> String {
    let (_, mo, d, h, mi, _) = kubeplay_model::time::civil(start.millis().div_euclid(1000));
    let same_day = start.millis().div_euclid(86_400_000) == now.millis().div_euclid(86_400_000);
    if same_day {
        return format!("{h:02}:{mi:02}");
    }
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    format!("{}{d:02}", MONTHS[(mo as usize).clamp(1, 12) - 1])
}

/// What `ps ARGS` prints, or Err(message, status) for options it refuses.
pub fn ps(argv: &[String], procs: &[Proc], now: Time, mem_kb: u64, busybox: bool, caller: &Caller) -> Result<String, (String, i32)> {
    let mut text = String::new();
    if busybox {
        // busybox takes and ignores most of procps' options.
        text.push_str("PID   USER     TIME  COMMAND\n");
        for p in procs {
            text.push_str(&format!("{:>5} {:<8} {:>5} {}\n", p.pid, truncate(&p.user, 8), "0:00", p.args));
        }
        return Ok(text);
    }
    let opts: Vec<&str> = argv[1..].iter().map(String::as_str).collect();
    match opts.as_slice() {
        ["aux" | "-aux" | "auxww" | "auxf"] => {
            text.push_str("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n");
            for p in procs {
                let mem = p.rss as f64 * 100.0 / mem_kb as f64;
                text.push_str(&format!(
                    "{:<8} {:>7} {:>4.1} {:>4.1} {:>6} {:>5} {:<8} {:<4} {:>5} {:>6} {}\n",
                    user8(&p.user),
                    p.pid,
                    0.0,
                    mem,
                    p.vsz,
                    p.rss,
                    p.tty,
                    p.stat,
                    start_column(p.start, now),
                    "0:00",
                    p.args
                ));
            }
        }
        ["-ef" | "-eF" | "-aef"] => {
            text.push_str("UID          PID    PPID  C STIME TTY          TIME CMD\n");
            for p in procs {
                text.push_str(&format!("{:<8} {:>7} {:>7} {:>2} {:<5} {:<8} {:>8} {}\n", user8(&p.user), p.pid, p.ppid, 0, start_column(p.start, now), p.tty, "00:00:00", p.args));
            }
        }
        [] | ["-e" | "-A" | "ax" | "-ax"] => {
            // Without options: the caller's terminal's processes (exec
            // without one: those with none).
            let all = !opts.is_empty();
            let tty = if caller.tty { "pts/0" } else { "?" };
            text.push_str("    PID TTY          TIME CMD\n");
            for p in procs.iter().filter(|p| all || (p.tty == tty && p.user == "root")) {
                text.push_str(&format!("{:>7} {:<8} {:>8} {}\n", p.pid, p.tty, "00:00:00", p.comm()));
            }
        }
        _ => {
            return Err((format!("(playground) ps runs here only as ps, ps aux, ps -ef and ps -e (not {})", crate::gofmt::quote(&argv.join(" "))), 1));
        }
    }
    Ok(text)
}

/// procps shows a longer user name cut to 7 characters and a `+`.
fn user8(user: &str) -> String {
    if user.chars().count() > 8 {
        return format!("{}+", user.chars().take(7).collect::<String>());
    }
    user.to_string()
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// What `kill` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kill {
    pub signal: Signal,
    pub pids: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// TERM, INT, HUP, QUIT: what redis and nginx handle by shutting down.
    Term,
    /// KILL, STOP: no process can handle them.
    Kill,
    /// Any other signal.
    Other,
}

fn signal_named(s: &str) -> Option<Signal> {
    let name = s.trim_start_matches("SIG").to_ascii_uppercase();
    Some(match name.as_str() {
        "TERM" | "15" | "INT" | "2" | "QUIT" | "3" | "HUP" | "1" => Signal::Term,
        "KILL" | "9" | "STOP" | "19" => Signal::Kill,
        "0" | "USR1" | "10" | "USR2" | "12" | "CONT" | "18" | "WINCH" | "28" => Signal::Other,
        _ => return None,
    })
}

/// Parses `kill [-s SIG | -SIG] PID...`; Err is the bad signal's name.
pub fn parse_kill(args: &[String]) -> Result<Kill, String> {
    let mut signal = Signal::Term;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "-s" || a == "-n" {
            let s = args.get(i + 1).cloned().unwrap_or_default();
            signal = signal_named(&s).ok_or(s)?;
            i += 2;
        } else if a == "--" {
            i += 1;
            break;
        } else if let Some(s) = a.strip_prefix('-').filter(|s| !s.is_empty()) {
            signal = signal_named(s).ok_or_else(|| s.to_string())?;
            i += 1;
        } else {
            break;
        }
    }
    Ok(Kill { signal, pids: args[i..].to_vec() })
}

/// What one signal to `pid` does: Ok(true) when it makes the container's
/// main process exit, Ok(false) when delivered to no effect (or ignored),
/// Err when there is no such process.
pub fn deliver(procs: &[Proc], pid: u32, signal: Signal) -> Result<bool, ()> {
    let Some(p) = procs.iter().find(|p| p.pid == pid) else { return Err(()) };
    Ok(p.pid == 1 && p.handles_term && signal == Signal::Term)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(h: i64, m: i64) -> Time {
        kubeplay_model::time::EPOCH.plus_secs(h * 3600 + m * 60)
    }

    fn redis(start: Time) -> Vec<Proc> {
        vec![Proc { user: "redis".into(), pid: 1, ppid: 0, vsz: 141796, rss: 10240, tty: "?", stat: "Ssl", start, args: "redis-server *:6379".into(), handles_term: true }]
    }

    #[test]
    fn ps_aux_columns_as_procps() {
        let caller = Caller { session: Some(("/bin/bash".into(), 3)), tty: true, script: None };
        let t = table(redis(at(0, 46)), &caller, "ps aux", at(0, 48), false);
        let text = ps(&["ps".into(), "aux".into()], &t, at(0, 48), 8 << 20, false, &caller).unwrap();
        let want = "\
USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
redis          1  0.0  0.1 141796 10240 ?        Ssl  00:46   0:00 redis-server *:6379
root           6  0.0  0.0   4188  3456 pts/0    Ss   00:48   0:00 /bin/bash
root           9  0.0  0.0   8088  4096 pts/0    R+   00:48   0:00 ps aux
";
        assert_eq!(text, want);
    }

    #[test]
    fn ps_forms() {
        let caller = Caller { session: None, tty: false, script: None };
        let t = table(redis(at(0, 0)), &caller, "ps -ef", at(25, 0), false);
        let ef = ps(&["ps".into(), "-ef".into()], &t, at(25, 0), 8 << 20, false, &caller).unwrap();
        assert_eq!(ef.lines().nth(1), Some("redis          1       0  0 Jan01 ?        00:00:00 redis-server *:6379"));
        assert_eq!(ef.lines().nth(2), Some("root           6       0  0 01:00 ?        00:00:00 ps -ef"));
        let bare = ps(&["ps".into()], &t, at(25, 0), 8 << 20, false, &caller).unwrap();
        assert_eq!(bare, "    PID TTY          TIME CMD\n      6 ?        00:00:00 ps\n");
        let bb = ps(&["ps".into()], &t, at(25, 0), 8 << 20, true, &caller).unwrap();
        assert_eq!(bb.lines().nth(1), Some("    1 redis     0:00 redis-server *:6379"));
        assert!(ps(&["ps".into(), "-o".into(), "pid".into()], &t, at(0, 0), 8 << 20, false, &caller).is_err());
    }

    #[test]
    fn run_as_user_names_the_processes() {
        let cases = [("nginx", Some(101), "nginx"), ("busybox", Some(1000), "1000"), ("busybox", Some(0), "root"), ("redis", None, "redis")];
        for (image, uid, want) in cases {
            let procs = as_user(redis(at(0, 0)), image, uid);
            assert_eq!(procs[0].user, want, "{image} {uid:?}");
        }
    }

    fn pod_of(share: bool, containers: &[(&str, &str, &[&str])], ephemeral: Option<(&str, &str)>) -> Pod {
        use kubeplay_model::api::{Container, ContainerStateRunning, ContainerStatus, EphemeralContainer};
        let mut pod = Pod::default();
        let spec = std::sync::Arc::make_mut(&mut pod.spec);
        spec.share_process_namespace = share.then_some(true);
        let status = |name: &str| {
            let mut s = ContainerStatus { name: name.into(), ..Default::default() };
            s.state.running = Some(ContainerStateRunning { started_at: Some(at(0, 1)) });
            s
        };
        for (name, image, cmd) in containers {
            spec.containers.push(Container { name: (*name).into(), image: Some((*image).into()), command: cmd.iter().map(|c| c.to_string()).collect(), ..Default::default() });
            pod.status.container_statuses.push(status(name));
        }
        if let Some((name, target)) = ephemeral {
            let container = Container { name: name.into(), image: Some("busybox:1.28".into()), ..Default::default() };
            spec.ephemeral_containers.push(EphemeralContainer { container, target_container_name: (!target.is_empty()).then(|| target.into()) });
            pod.status.ephemeral_container_statuses.push(status(name));
        }
        pod
    }

    // Who shares a PID namespace: the share-process-namespace task page's
    // pod, and `kubectl debug --target`'s ephemeral container.
    #[test]
    fn shared_pid_namespaces() {
        let engine = Engine::with_default_cluster(7);
        let args = |procs: Vec<Proc>| procs.iter().map(|p| format!("{} {}", p.pid, p.args)).collect::<Vec<_>>();
        let shared = pod_of(true, &[("myapp", "busybox:1.28", &["sleep", "1d"]), ("debugger", "busybox:1.28", &["sh"])], None);
        assert_eq!(args(container_procs(&engine, &shared, "debugger", "busybox:1.28", &["sh".into()], at(0, 1))), ["1 /pause", "7 sleep 1d", "13 sh"]);
        // The page's pod as busybox's ps sees it: the sandbox's and
        // nginx's users have no name in busybox's /etc/passwd.
        let page = pod_of(true, &[("nginx", "nginx", &[]), ("shell", "busybox:1.28", &["sleep", "3600"])], None);
        let seen = container_procs(&engine, &page, "shell", "busybox:1.28", &["sleep".into(), "3600".into()], at(0, 1));
        let rows: Vec<String> = seen.iter().map(|p| format!("{} {}", p.user, p.args)).collect();
        assert_eq!((rows.first().map(String::as_str), rows.last().map(String::as_str)), (Some("65535 /pause"), Some("root sleep 3600")));
        assert!(rows.iter().any(|r| r == "101 nginx: worker process"), "{rows:?}");
        let from_nginx = container_procs(&engine, &page, "nginx", "nginx", &[], at(0, 1));
        assert!(from_nginx.iter().any(|p| p.user == "nginx"));
        let target = pod_of(false, &[("demo", "registry.k8s.io/pause:3.1", &[])], Some(("debugger-x", "demo")));
        assert_eq!(args(container_procs(&engine, &target, "debugger-x", "busybox:1.28", &["sh".into()], at(0, 1))), ["1 /pause"]);
        let alone = pod_of(false, &[("demo", "registry.k8s.io/pause:3.1", &[])], Some(("debugger-x", "")));
        assert_eq!(args(container_procs(&engine, &alone, "debugger-x", "busybox:1.28", &["sh".into()], at(0, 1))), ["1 sh"]);
        let own = pod_of(false, &[("app", "busybox:1.28", &["sleep", "1d"])], None);
        assert_eq!(args(container_procs(&engine, &own, "app", "busybox:1.28", &["sleep".into(), "1d".into()], at(0, 1))), ["1 sleep 1d"]);
    }

    #[test]
    fn kill_reaches_init_only_with_a_handler() {
        let cases: &[(&[&str], u32, Result<bool, ()>)] =
            &[(&["1"], 1, Ok(true)), (&["-9", "1"], 1, Ok(false)), (&["-s", "KILL", "1"], 1, Ok(false)), (&["-INT", "1"], 1, Ok(true)), (&["-USR1", "1"], 1, Ok(false)), (&["42"], 42, Err(()))];
        for (args, pid, want) in cases {
            let k = parse_kill(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap();
            assert_eq!(k.pids.last().map(String::as_str), Some(pid.to_string().as_str()));
            assert_eq!(deliver(&redis(at(0, 0)), *pid, k.signal), *want, "{args:?}");
        }
        assert_eq!(parse_kill(&["-FOO".into(), "1".into()]), Err("FOO".into()));
    }
}
