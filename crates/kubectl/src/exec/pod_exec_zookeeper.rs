//! registry.k8s.io/kubernetes-zookeeper (ZooKeeper 3.4.10), as far as
//! "Running ZooKeeper, A Distributed System Coordinator" uses it: the files
//! its `start-zookeeper` script writes before it execs the server (zoo.cfg
//! and log4j.properties from the script's flags, `myid` from the pod's
//! ordinal), `zkCli.sh create` and `get` of one znode, the
//! `zookeeper-ready` health check, and `pkill java`.
//!
//! The ensemble's state is its transaction log: `create` appends one
//! record to `version-2/log.1` in the data directory of every member whose
//! container runs (ZooKeeper replicates each write to its followers), and
//! `get` replays the longest log among the server it asks and the running
//! members (a member that was down syncs from the leader when it comes
//! back). The log lives on each member's volume, so deleting the
//! StatefulSet and creating it again keeps the data, as the page shows.
//! Each record is one line of text; the real file is binary.

use super::fs::Fs;
use super::Output;
use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::time::civil;
use kubeplay_model::{Kind, Object};

const REPOSITORY: &str = "registry.k8s.io/kubernetes-zookeeper";

/// The log's name inside the data directory.
const LOG: &str = "version-2/log.1";

/// Whether `image` is the tutorial's ZooKeeper image.
pub fn is_image(image: &str) -> bool {
    ImageRef::parse(image).is_ok_and(|r| r.repository().as_str() == REPOSITORY)
}

/// The programs answered here.
pub const PROGRAMS: &[&str] = &["zkCli.sh", "zookeeper-ready", "pkill", "ps"];

/// What `start-zookeeper` was told, with the script's defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Config {
    servers: u32,
    data_dir: String,
    data_log_dir: String,
    conf_dir: String,
    client_port: String,
    election_port: String,
    server_port: String,
    tick_time: String,
    init_limit: String,
    sync_limit: String,
    max_client_cnxns: String,
    snap_retain_count: String,
    purge_interval: String,
    max_session_timeout: String,
    min_session_timeout: String,
    log_level: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            servers: 1,
            data_dir: "/var/lib/zookeeper/data".into(),
            data_log_dir: "/var/lib/zookeeper/data/log".into(),
            conf_dir: "/opt/zookeeper/conf".into(),
            client_port: "2181".into(),
            election_port: "3888".into(),
            server_port: "2888".into(),
            tick_time: "2000".into(),
            init_limit: "10".into(),
            sync_limit: "5".into(),
            max_client_cnxns: "60".into(),
            snap_retain_count: "3".into(),
            purge_interval: "0".into(),
            max_session_timeout: String::new(),
            min_session_timeout: String::new(),
            log_level: "INFO".into(),
        }
    }
}

/// The flags of the container's `start-zookeeper` command; None when the
/// container does not run it.
fn config(c: &Container) -> Option<Config> {
    let words: Vec<String> = c.command.iter().chain(&c.args).flat_map(|w| w.split_whitespace().map(str::to_string).collect::<Vec<_>>()).collect();
    let start = words.iter().position(|w| w.rsplit('/').next() == Some("start-zookeeper"))?;
    let mut cfg = Config::default();
    for w in &words[start + 1..] {
        let Some((flag, value)) = w.strip_prefix("--").and_then(|f| f.split_once('=')) else { continue };
        let value = value.to_string();
        match flag {
            "servers" => cfg.servers = value.parse().unwrap_or(1),
            "data_dir" => cfg.data_dir = value,
            "data_log_dir" => cfg.data_log_dir = value,
            "conf_dir" => cfg.conf_dir = value,
            "client_port" => cfg.client_port = value,
            "election_port" => cfg.election_port = value,
            "server_port" => cfg.server_port = value,
            "tick_time" => cfg.tick_time = value,
            "init_limit" => cfg.init_limit = value,
            "sync_limit" => cfg.sync_limit = value,
            "max_client_cnxns" => cfg.max_client_cnxns = value,
            "snap_retain_count" => cfg.snap_retain_count = value,
            "purge_interval" => cfg.purge_interval = value,
            "max_session_timeout" => cfg.max_session_timeout = value,
            "min_session_timeout" => cfg.min_session_timeout = value,
            "log_level" => cfg.log_level = value,
            _ => {}
        }
    }
    // The script's defaults (`${MIN_SESSION_TIMEOUT:- $((TICK_TIME*2))}`)
    // keep the space after `:-`.
    let tick: i64 = cfg.tick_time.parse().unwrap_or(2000);
    if cfg.min_session_timeout.is_empty() {
        cfg.min_session_timeout = format!(" {}", tick * 2);
    }
    if cfg.max_session_timeout.is_empty() {
        cfg.max_session_timeout = format!(" {}", tick * 20);
    }
    Some(cfg)
}

/// The pod's StatefulSet name and ordinal, as the script parses its
/// hostname (`NAME-ORDINAL`).
fn name_and_ordinal(pod: &Pod) -> Option<(String, u32)> {
    let host = kubeplay_engine::kubelet::envvars::hostname(pod);
    let (name, ordinal) = host.rsplit_once('-')?;
    Some((name.to_string(), ordinal.parse().ok()?))
}

/// The pod's DNS domain (`hostname -d`): its subdomain's, else none.
fn domain(pod: &Pod) -> Option<String> {
    let sub = pod.spec.subdomain.as_deref().filter(|s| !s.is_empty())?;
    Some(format!("{sub}.{}.svc.cluster.local", pod.metadata.namespace))
}

fn zoo_cfg(cfg: &Config, name: &str, domain: Option<&str>) -> String {
    let mut s = String::from("#This file was autogenerated DO NOT EDIT\n");
    for (k, v) in [
        ("clientPort", &cfg.client_port),
        ("dataDir", &cfg.data_dir),
        ("dataLogDir", &cfg.data_log_dir),
        ("tickTime", &cfg.tick_time),
        ("initLimit", &cfg.init_limit),
        ("syncLimit", &cfg.sync_limit),
        ("maxClientCnxns", &cfg.max_client_cnxns),
        ("minSessionTimeout", &cfg.min_session_timeout),
        ("maxSessionTimeout", &cfg.max_session_timeout),
        ("autopurge.snapRetainCount", &cfg.snap_retain_count),
        // The script's own spelling.
        ("autopurge.purgeInteval", &cfg.purge_interval),
    ] {
        s.push_str(&format!("{k}={v}\n"));
    }
    if cfg.servers > 1 {
        for i in 1..=cfg.servers {
            let host = match domain {
                Some(d) => format!("{name}-{}.{d}", i - 1),
                None => format!("{name}-{}", i - 1),
            };
            s.push_str(&format!("server.{i}={host}:{}:{}\n", cfg.server_port, cfg.election_port));
        }
    }
    s
}

fn log4j(cfg: &Config) -> String {
    format!(
        "zookeeper.root.logger=CONSOLE\nzookeeper.console.threshold={}\nlog4j.rootLogger=${{zookeeper.root.logger}}\nlog4j.appender.CONSOLE=org.apache.log4j.ConsoleAppender\nlog4j.appender.CONSOLE.Threshold=${{zookeeper.console.threshold}}\nlog4j.appender.CONSOLE.layout=org.apache.log4j.PatternLayout\nlog4j.appender.CONSOLE.layout.ConversionPattern=%d{{ISO8601}} [myid:%X{{myid}}] - %-5p [%t:%C{{1}}@%L] - %m%n\n",
        cfg.log_level
    )
}

const READY_PATH: &str = "/usr/bin/zookeeper-ready";

/// The health check as the page prints it: ZooKeeper's `ruok` four-letter
/// word, answered `imok`.
const READY_SCRIPT: &str = "#!/usr/bin/env bash\nOK=$(echo ruok | nc 127.0.0.1 $1)\nif [ \"$OK\" == \"imok\" ]; then\n    exit 0\nelse\n    exit 1\nfi\n";

/// The image's files the page reads, and those the start script wrote in
/// `container` of `pod`, by absolute path: none unless it is this image.
pub fn files(pod: &Pod, c: &Container) -> Vec<(String, String)> {
    if !c.image.as_deref().is_some_and(is_image) {
        return Vec::new();
    }
    // The image's health check, which the page removes.
    let mut out = vec![(READY_PATH.to_string(), READY_SCRIPT.to_string())];
    let Some(cfg) = config(c) else { return out };
    let Some((name, ordinal)) = name_and_ordinal(pod) else { return out };
    let dir = cfg.conf_dir.trim_end_matches('/');
    out.push((format!("{dir}/zoo.cfg"), zoo_cfg(&cfg, &name, domain(pod).as_deref())));
    out.push((format!("{dir}/log4j.properties"), log4j(&cfg)));
    // A lone server needs no id.
    if cfg.servers > 1 {
        out.push((format!("{}/myid", cfg.data_dir.trim_end_matches('/')), format!("{}\n", ordinal + 1)));
    }
    out
}

/// One transaction of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Txn {
    /// A client connected (ZooKeeper logs sessions as transactions).
    Session,
    Create { path: String, data: String, at_ms: i64 },
}

fn parse_log(text: &str) -> Vec<Txn> {
    text.lines()
        .filter_map(|l| {
            let mut it = l.splitn(4, ' ');
            match it.next()? {
                "session" => Some(Txn::Session),
                "create" => {
                    let at_ms = it.next()?.parse().ok()?;
                    let path = it.next()?.to_string();
                    let data = it.next().unwrap_or_default().to_string();
                    Some(Txn::Create { path, data, at_ms })
                }
                _ => None,
            }
        })
        .collect()
}

fn format_txn(t: &Txn) -> String {
    match t {
        Txn::Session => "session\n".into(),
        Txn::Create { path, data, at_ms } => format!("create {at_ms} {path} {data}\n"),
    }
}

/// Java's `Date.toString()` in UTC: `Thu Dec 08 15:13:30 UTC 2016`.
fn java_date(ms: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let secs = ms.div_euclid(1000);
    let (y, mo, d, h, mi, s) = civil(secs);
    let weekday = DAYS[secs.div_euclid(86_400).rem_euclid(7) as usize];
    format!("{weekday} {} {d:02} {h:02}:{mi:02}:{s:02} UTC {y}", MONTHS[(mo - 1).clamp(0, 11) as usize])
}

/// What `get PATH` prints for a znode created by transaction `zxid`.
fn stat_text(data: &str, zxid: u64, at_ms: i64) -> String {
    let when = java_date(at_ms);
    format!(
        "{data}\ncZxid = {zxid:#x}\nctime = {when}\nmZxid = {zxid:#x}\nmtime = {when}\npZxid = {zxid:#x}\ncversion = 0\ndataVersion = 0\naclVersion = 0\nephemeralOwner = 0x0\ndataLength = {}\nnumChildren = 0\n",
        data.len()
    )
}

/// The ensemble's first epoch: transaction ids are 0x1_0000_000N.
const EPOCH: u64 = 1 << 32;

/// The connected client's first lines (the page's: the client library's
/// INFO logging before them is not simulated).
const CONNECTED: &str = "\nWATCHER::\n\nWatchedEvent state:SyncConnected type:None path:null\n";

/// A running member of the ensemble: its file view.
struct Member {
    fs: Fs,
}

/// The running members' views, this pod's first.
fn members(engine: &Engine, pod: &Pod, container: &str, cfg: &Config) -> Vec<Member> {
    let mut out = Vec::new();
    let Some((name, _)) = name_and_ordinal(pod) else { return out };
    let this = pod.metadata.name.to_string();
    let mut names = vec![this.clone()];
    names.extend((0..cfg.servers).map(|i| format!("{name}-{i}")).filter(|n| *n != this));
    for n in names {
        let Some(obj) = engine.store().get_by(Kind::Pod, &pod.metadata.namespace, &n) else { continue };
        let Object::Pod(p) = &**obj else { continue };
        let running = p.status.container_statuses.iter().any(|s| s.name == container && s.state.running.is_some());
        if !running && n != this {
            continue;
        }
        if let Some(fs) = Fs::new(engine, p, container, super::fs::Family::Debian) {
            out.push(Member { fs });
        }
    }
    out
}

fn read_log(engine: &Engine, m: &Member, cfg: &Config) -> Vec<Txn> {
    m.fs.read(engine, &format!("{}/{LOG}", cfg.data_dir.trim_end_matches('/'))).map(|t| parse_log(&t)).unwrap_or_default()
}

/// Runs `argv` in `container` of `pod`; None when it is not one of this
/// image's programs (the caller goes on).
pub fn run(argv: &[String], engine: &mut Engine, pod: &Pod, container: &str, out: &mut Output) -> Option<i32> {
    let spec = super::spec_of(pod, container)?;
    if !spec.image.as_deref().is_some_and(is_image) {
        return None;
    }
    let program = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a))?;
    match program {
        // The health check answers `ruok` with `imok`; the script prints
        // nothing and exits 0.
        "zookeeper-ready" => Some(0),
        "pkill" => Some(pkill(argv, engine, pod, container, out)),
        "ps" => {
            out.error("error: (playground) ps is not simulated in the ZooKeeper image: PID 1 is the container's sh -c start-zookeeper …, whose script execs zkServer.sh and so the server's java (pkill java stops it)");
            None
        }
        "zkCli.sh" => {
            let cfg = config(spec).unwrap_or_default();
            Some(zkcli(&argv[1..], engine, pod, container, &cfg, out))
        }
        _ => None,
    }
}

/// `pkill java`: the server dies of SIGTERM (143) and, as the script
/// exec'd it under `sh -c`, so does the container's main process.
fn pkill(argv: &[String], engine: &mut Engine, pod: &Pod, container: &str, out: &mut Output) -> i32 {
    let pattern = argv.iter().skip(1).find(|a| !a.starts_with('-'));
    match pattern.map(String::as_str) {
        None => {
            out.note("pkill: no matching criteria specified\nTry `pkill --help' for more information.");
            2
        }
        Some(p) if "java".contains(p) || p == "QuorumPeerMain" => {
            let (ns, name) = (pod.metadata.namespace.to_string(), pod.metadata.name.to_string());
            match engine.container_process_exits(&ns, &name, container, 143) {
                Ok(()) => 0,
                Err(e) => {
                    out.error(&format!("error: {e}"));
                    1
                }
            }
        }
        Some(_) => 1,
    }
}

fn zkcli(args: &[String], engine: &mut Engine, pod: &Pod, container: &str, cfg: &Config, out: &mut Output) -> i32 {
    // `-server HOST:PORT` picks the server; the page's commands use the
    // default, the local one.
    let mut rest: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-server" {
            it.next();
        } else {
            rest.push(a);
        }
    }
    let Some((&cmd, cmd_args)) = rest.split_first() else {
        out.note("(playground) zkCli.sh's interactive shell is not simulated: give it a command, as zkCli.sh create /hello world or zkCli.sh get /hello");
        return 0;
    };
    let members = members(engine, pod, container, cfg);
    if members.is_empty() {
        return 0;
    }
    let mut log = members.iter().map(|m| read_log(engine, m, cfg)).max_by_key(Vec::len).unwrap_or_default();
    let data_dir = cfg.data_dir.trim_end_matches('/');
    let append = |engine: &mut Engine, log: &mut Vec<Txn>, t: Txn| {
        let line = format_txn(&t);
        log.push(t);
        for m in &members {
            let path = format!("{data_dir}/{LOG}");
            // The server made its directories when it started (errors:
            // they exist).
            let _ = m.fs.mkdir(engine, data_dir);
            let _ = m.fs.mkdir(engine, &format!("{data_dir}/version-2"));
            // A member whose log is behind gets the whole log (it synced).
            let have = read_log(engine, m, cfg).len();
            let text: String = if have + 1 == log.len() { line.clone() } else { log.iter().map(format_txn).collect() };
            let _ = m.fs.write(engine, &path, &text, have + 1 == log.len());
        }
    };
    append(engine, &mut log, Txn::Session);
    out.stdout.push_str(CONNECTED);
    let lookup = |log: &[Txn], path: &str| {
        log.iter().enumerate().find_map(|(i, t)| match t {
            Txn::Create { path: p, data, at_ms } if p == path => Some((EPOCH + i as u64 + 1, data.clone(), *at_ms)),
            _ => None,
        })
    };
    // The client's session opens and closes around the command, each a
    // transaction of its own.
    let code = 'cmd: {
        match cmd {
            "create" => {
                let (Some(path), Some(data)) = (cmd_args.first(), cmd_args.get(1)) else {
                    out.note("(playground) zkCli.sh create takes a path and its data here, as create /hello world");
                    break 'cmd 0;
                };
                if path.starts_with('-') {
                    out.note("(playground) zkCli.sh creates persistent znodes only here (no -s or -e)");
                    break 'cmd 0;
                }
                if !path.starts_with('/') || (path.len() > 1 && path.ends_with('/')) {
                    out.note("Command failed: java.lang.IllegalArgumentException: Path must start with / character");
                    break 'cmd 0;
                }
                if lookup(&log, path).is_some() {
                    out.note(&format!("Node already exists: {path}"));
                    break 'cmd 0;
                }
                let parent = path.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
                if !parent.is_empty() && lookup(&log, parent).is_none() {
                    out.note(&format!("Node does not exist: {path}"));
                    break 'cmd 0;
                }
                let data = data.to_string();
                let at_ms = engine.now().millis();
                append(engine, &mut log, Txn::Create { path: path.to_string(), data, at_ms });
                out.out(&format!("Created {path}"));
                0
            }
            "get" => {
                let Some(path) = cmd_args.first() else {
                    out.note("(playground) zkCli.sh get takes a path here, as get /hello");
                    break 'cmd 0;
                };
                match lookup(&log, path) {
                    Some((zxid, data, at_ms)) => out.stdout.push_str(&stat_text(&data, zxid, at_ms)),
                    None => out.note(&format!("Node does not exist: {path}")),
                }
                0
            }
            other => {
                out.note(&format!("(playground) zkCli.sh answers create and get here, not {other}"));
                0
            }
        }
    };
    append(engine, &mut log, Txn::Session);
    code
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_engine::Engine;

    #[test]
    fn java_dates() {
        // Thu Dec 08 15:13:30 UTC 2016, the page's ctime.
        assert_eq!(java_date(1_481_210_010_000), "Thu Dec 08 15:13:30 UTC 2016");
        assert_eq!(java_date(1_735_689_600_000), "Wed Jan 01 00:00:00 UTC 2025");
    }

    #[test]
    fn the_pages_zoo_cfg() {
        let c = Container {
            name: "kubernetes-zookeeper".into(),
            image: Some("registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10".into()),
            command: vec!["sh".into(), "-c".into(), "start-zookeeper --servers=3 --data_dir=/var/lib/zookeeper/data --data_log_dir=/var/lib/zookeeper/data/log --conf_dir=/opt/zookeeper/conf --client_port=2181 --election_port=3888 --server_port=2888 --tick_time=2000 --init_limit=10 --sync_limit=5 --heap=512M --max_client_cnxns=60 --snap_retain_count=3 --purge_interval=12 --max_session_timeout=40000 --min_session_timeout=4000 --log_level=INFO".into()],
            ..Default::default()
        };
        let cfg = config(&c).expect("runs start-zookeeper");
        assert_eq!(
            zoo_cfg(&cfg, "zk", Some("zk-hs.default.svc.cluster.local")),
            "#This file was autogenerated DO NOT EDIT\nclientPort=2181\ndataDir=/var/lib/zookeeper/data\ndataLogDir=/var/lib/zookeeper/data/log\ntickTime=2000\ninitLimit=10\nsyncLimit=5\nmaxClientCnxns=60\nminSessionTimeout=4000\nmaxSessionTimeout=40000\nautopurge.snapRetainCount=3\nautopurge.purgeInteval=12\nserver.1=zk-0.zk-hs.default.svc.cluster.local:2888:3888\nserver.2=zk-1.zk-hs.default.svc.cluster.local:2888:3888\nserver.3=zk-2.zk-hs.default.svc.cluster.local:2888:3888\n"
        );
        // One server: no server list.
        let one = Config { servers: 1, ..cfg };
        assert!(!zoo_cfg(&one, "zk", None).contains("server."));
        // Without the flags, the script's defaults.
        let bare = Container { command: vec!["sh".into(), "-c".into(), "start-zookeeper".into()], ..c };
        let cfg = config(&bare).expect("runs start-zookeeper");
        assert!(zoo_cfg(&cfg, "zk", None).contains("\nminSessionTimeout= 4000\nmaxSessionTimeout= 40000\n"));
    }

    #[test]
    fn log_records_round_trip() {
        let log = vec![Txn::Session, Txn::Create { path: "/hello".into(), data: "world".into(), at_ms: 5 }, Txn::Create { path: "/a".into(), data: "two words".into(), at_ms: 6 }];
        let text: String = log.iter().map(format_txn).collect();
        assert_eq!(parse_log(&text), log);
    }

    const ENSEMBLE: &str = r#"
apiVersion: v1
kind: Service
metadata: {name: zk-hs}
spec:
  clusterIP: None
  selector: {app: zk}
  ports: [{port: 2888, name: server}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: zk}
spec:
  serviceName: zk-hs
  replicas: 3
  selector: {matchLabels: {app: zk}}
  template:
    metadata: {labels: {app: zk}}
    spec:
      containers:
      - name: kubernetes-zookeeper
        image: registry.k8s.io/kubernetes-zookeeper:1.0-3.4.10
        command: [sh, -c, "start-zookeeper --servers=3 --data_dir=/var/lib/zookeeper/data"]
        readinessProbe:
          exec: {command: [sh, -c, "zookeeper-ready 2181"]}
          initialDelaySeconds: 10
        volumeMounts: [{name: datadir, mountPath: /var/lib/zookeeper}]
  volumeClaimTemplates:
  - metadata: {name: datadir}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
"#;

    fn apply(e: &mut Engine, yaml: &str) {
        // The Service stays when the StatefulSet goes: only what is
        // missing is created.
        for o in kubeplay_codec::decode_manifests(yaml).objects() {
            let _ = kubeplay_engine::client::apply(e, &o.object, Some(o.raw.clone()));
        }
        e.settle(600_000);
    }

    fn kubectl(e: &mut Engine, line: &str) -> Output {
        match crate::parse_line(line) {
            Ok(crate::Line::Kubectl(inv)) => crate::exec::execute(&inv, e, crate::exec::Io::default()).unwrap_or_default(),
            other => panic!("{line}: {other:?}"),
        }
    }

    // The tutorial's path: each server's id and name, a write on one
    // server read on another, and the data still there after the
    // StatefulSet is deleted and created again (the log is on the claims).
    // Every client's session opens and closes with a transaction: the
    // first get's two come before the create's.
    #[test]
    fn the_ensemble_keeps_what_it_was_told() {
        let mut e = Engine::with_default_cluster(3);
        apply(&mut e, ENSEMBLE);
        assert_eq!(kubectl(&mut e, "kubectl exec zk-1 -- cat /var/lib/zookeeper/data/myid").stdout, "2\n");
        assert_eq!(kubectl(&mut e, "kubectl exec zk-2 -- hostname -f").stdout, "zk-2.zk-hs.default.svc.cluster.local\n");
        let missing = kubectl(&mut e, "kubectl exec zk-0 -- zkCli.sh get /hello");
        assert_eq!(missing.stderr, "Node does not exist: /hello\n");
        assert!(kubectl(&mut e, "kubectl exec zk-0 -- zkCli.sh create /hello world").stdout.ends_with("Created /hello\n"));
        let again = kubectl(&mut e, "kubectl exec zk-2 -- zkCli.sh create /hello world");
        assert_eq!(again.stderr, "Node already exists: /hello\n");
        let got = kubectl(&mut e, "kubectl exec zk-1 -- zkCli.sh get /hello").stdout;
        assert!(got.contains("\nworld\ncZxid = 0x100000004\n"), "{got}");
        kubectl(&mut e, "kubectl delete statefulset zk");
        e.settle(600_000);
        apply(&mut e, ENSEMBLE);
        let got = kubectl(&mut e, "kubectl exec zk-2 -- zkCli.sh get /hello").stdout;
        assert!(got.contains("\nworld\ncZxid = 0x100000004\n"), "{got}");
    }

    #[test]
    fn get_prints_the_stat() {
        let s = stat_text("world", EPOCH + 2, 1_481_210_010_000);
        assert!(s.starts_with("world\ncZxid = 0x100000002\nctime = Thu Dec 08 15:13:30 UTC 2016\n"), "{s}");
        assert!(s.ends_with("dataLength = 5\nnumChildren = 0\n"), "{s}");
    }
}
