//! The `sim …` commands that drive the simulator itself (virtual time,
//! nodes, failures, load). A small regular grammar: `sim NOUN [VERB] ARGS
//! [--flags]`, parsed with the same flag rules as kubectl.

use super::command::TaintSpec;
use super::flags::{self, FlagSpec, FlagType};
use super::resources::resolve_kind;
use super::values;
use crate::error::ParseError;
use crate::gofmt;
use kubeplay_model::{Kind, Quantity};

/// A parsed `sim` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimCommand {
    Help,
    /// Print the virtual clock.
    Time,
    /// Advance virtual time by this many milliseconds.
    Advance { millis: i64 },
    /// Run until nothing changes (or the timeout passes).
    Settle { timeout_ms: Option<i64> },
    /// Run this many reconcile steps, explaining each; `changes_only`:
    /// until this many steps changed something, printing only those;
    /// `verbose`: each step's whole record.
    Step { count: u32, changes_only: bool, verbose: bool },
    /// Fix the random seed (only before the first object exists).
    Seed(u64),
    /// Show (None) or set how far behind the store the caches of
    /// kube-controller-manager's controllers are, in milliseconds.
    CacheLag(Option<i64>),
    NodeAdd { name: String, cpu: Option<Quantity>, memory: Option<Quantity>, pods: Option<i64>, labels: Vec<(String, String)>, taints: Vec<TaintSpec> },
    NodeFail(String),
    NodeRecover(String),
    NodeRemove(String),
    /// Kill a pod's container (the first, or `-c`).
    PodKill { namespace: Option<String>, pod: String, container: Option<String> },
    /// Make pulls of this image fail as if it did not exist.
    ImageMissing(String),
    /// Give containers of this image a behaviour (`key=value` settings the engine understands).
    ImageBehave { image: String, settings: Vec<(String, String)> },
    /// Put a total CPU (and memory) demand on a workload, spread over its ready pods.
    Load { namespace: Option<String>, kind: Kind, name: String, cpu: Quantity, memory: Option<Quantity> },
    /// The applied steps (the last `last`; `changes_only`: no no-ops;
    /// `verbose`: each step's whole record).
    Trace { last: Option<u32>, changes_only: bool, verbose: bool },
    /// One recorded step's whole record: observed, desired, writes with
    /// their field changes, events.
    ExplainStep(usize),
    /// Time travel to just after step N (0: before the first).
    Jump(usize),
    /// Time travel this many steps back (`changes_only`: counting only
    /// steps that changed something).
    Back { count: u32, changes_only: bool },
    /// Replay this many recorded steps after a jump back.
    Forward { count: u32, changes_only: bool },
    Curl { namespace: Option<String>, from: Option<String>, count: u32, url: String },
    /// Why a pod is where it is (scheduling, status).
    ExplainPod { namespace: Option<String>, name: String },
    /// Start a steady stream of requests to a Service.
    TrafficStart { namespace: Option<String>, service: String, rps: u32, port: Option<i32>, from: Option<String> },
    /// Stop one stream, or all.
    TrafficStop { namespace: Option<String>, service: Option<String> },
    /// Show what the streams measured.
    TrafficShow,
}

impl SimCommand {
    /// The `-n` of the commands that take one, for the kubeconfig's
    /// namespace to stand in when it was not given.
    pub fn namespace_mut(&mut self) -> Option<&mut Option<String>> {
        match self {
            SimCommand::PodKill { namespace, .. }
            | SimCommand::Load { namespace, .. }
            | SimCommand::Curl { namespace, .. }
            | SimCommand::ExplainPod { namespace, .. }
            | SimCommand::TrafficStart { namespace, .. }
            | SimCommand::TrafficStop { namespace, .. } => Some(namespace),
            _ => None,
        }
    }
}

const NAMESPACE: FlagSpec = FlagSpec::new("namespace", Some('n'), FlagType::Str, "''");
const NONE: &[FlagSpec] = &[];
const SETTLE: &[FlagSpec] = &[FlagSpec::new("timeout", None, FlagType::Duration, "0s")];
const NODE_ADD: &[FlagSpec] = &[
    FlagSpec::new("cpu", None, FlagType::Str, "''"),
    FlagSpec::new("memory", None, FlagType::Str, "''"),
    FlagSpec::new("pods", None, FlagType::Int(64), "0"),
    FlagSpec::new("label", None, FlagType::StrArray, "[]"),
    FlagSpec::new("taint", None, FlagType::StrArray, "[]"),
];
const POD_KILL: &[FlagSpec] = &[NAMESPACE, FlagSpec::new("container", Some('c'), FlagType::Str, "''")];
const NS_ONLY: &[FlagSpec] = &[NAMESPACE];
const CHANGES_ONLY: FlagSpec = FlagSpec::new("changes-only", None, FlagType::Bool, "false");
const VERBOSE: FlagSpec = FlagSpec::new("verbose", Some('v'), FlagType::Bool, "false");
const STEP: &[FlagSpec] = &[CHANGES_ONLY, VERBOSE];
const MOVE: &[FlagSpec] = &[CHANGES_ONLY];
const TRACE: &[FlagSpec] = &[FlagSpec::new("last", None, FlagType::Int(32), "0"), CHANGES_ONLY, VERBOSE];
const TRAFFIC: &[FlagSpec] = &[
    NAMESPACE,
    FlagSpec::new("from", None, FlagType::Str, "''"),
    FlagSpec::new("rps", None, FlagType::Int(32), "10"),
    FlagSpec::new("port", None, FlagType::Int(32), "0"),
];
const CURL: &[FlagSpec] = &[NAMESPACE, FlagSpec::new("from", None, FlagType::Str, "''"), FlagSpec::new("count", None, FlagType::Int(32), "1")];

/// The `sim help` text.
pub const HELP: &str = "Simulator commands (playground only):
  sim time                                  show the virtual clock
  sim advance DURATION                      advance virtual time (500ms, 10s, 2m, 1h30m)
  sim settle [--timeout DURATION]           run until the cluster stops changing
  sim step [N] [--changes-only] [-v]        run N reconcile steps, explaining each (default 1); a step
                                              that changed nothing (no-op) counts as one; --changes-only
                                              runs until N steps changed something and shows only those
  sim jump N                                time travel: the cluster as it was just after step N (0: before
                                              any); the later steps stay recorded until something changes
  sim back [N] [--changes-only]             time travel N steps back (default 1; --changes-only counts
                                              only steps that changed something)
  sim forward [N] [--changes-only]          replay N recorded steps after a jump back (default 1)
  sim seed N                                fix the random seed (before creating objects)
  sim cache-lag [DURATION]                  make the controllers' informer caches lag the API by DURATION
                                              (300ms, 2s; at most 1m; 0 turns it off); without one, show it
  sim node add NAME [--cpu Q] [--memory Q] [--pods N] [--label k=v]... [--taint k=v:Effect]...
  sim node fail|recover|remove NAME         break, repair or delete a node
  sim pod kill POD [-c CONTAINER] [-n NS]   kill a container (it restarts per restartPolicy)
  sim image missing IMAGE                   make pulls of IMAGE fail
  sim image behave IMAGE KEY=VALUE...       set how containers of IMAGE behave: ready-after=10s,
                                              crash-after=30s [exit-code=N], exit-after=5s,
                                              fail-readiness=true|false, missing=true|false, reset=true
  sim load TYPE/NAME cpu=Q [memory=Q]       put load on a workload (spread over its ready pods)
  sim trace [--last N] [--changes-only] [-v]
                                            show what the controllers did (--changes-only: hide no-ops;
                                              -v: each step's observed and desired state, writes with
                                              their field changes, and events)
  sim curl [--from POD] [--count N] URL     send requests through Services
  sim explain pod NAME [-n NS]              explain a pod's scheduling and status
  sim explain step N                        show step N's whole record (as sim trace -v does)
  sim traffic [svc/]NAME [RPS|--rps N] [--port P] [--from POD] [-n NS]
                                            send a steady stream of requests to a Service
  sim traffic stop [[svc/]NAME]             stop one stream (or all)
  sim traffic                               show requests per pod for each stream";

fn err(message: impl Into<String>) -> ParseError {
    ParseError::Sim { message: message.into() }
}

fn quantity(flag: &str, v: &str) -> Result<Quantity, ParseError> {
    Quantity::parse(v).map_err(|e| err(format!("invalid {flag} {}: {e}", gofmt::quote(v))))
}

/// Parses the words after `sim`.
pub fn parse_sim(args: &[String]) -> Result<SimCommand, ParseError> {
    let Some(noun) = args.first() else { return Ok(SimCommand::Help) };
    let two_word = matches!(noun.as_str(), "node" | "pod" | "image" | "explain");
    let (verb, rest) = if two_word {
        match args.get(1) {
            Some(v) => (Some(v.as_str()), &args[2..]),
            None => return Err(err(format!("\"sim {noun}\" needs a subcommand"))),
        }
    } else {
        (None, &args[1..])
    };
    let table: &'static [FlagSpec] = match (noun.as_str(), verb) {
        ("settle", _) => SETTLE,
        ("node", Some("add")) => NODE_ADD,
        ("pod", Some("kill")) => POD_KILL,
        ("load", _) | ("explain", _) => NS_ONLY,
        ("trace", _) => TRACE,
        ("step", _) => STEP,
        ("back" | "forward", _) => MOVE,
        ("curl", _) => CURL,
        ("traffic", _) => TRAFFIC,
        _ => NONE,
    };
    let f = flags::parse(rest, &[table]).map_err(|e| err(e.to_string()))?;
    let pos = &f.positionals;
    let exactly = |n: usize, usage: &str| -> Result<(), ParseError> {
        if pos.len() == n {
            Ok(())
        } else {
            Err(err(format!("usage: {usage}")))
        }
    };
    let ns = f.opt_str("namespace");
    Ok(match (noun.as_str(), verb) {
        ("help", _) => SimCommand::Help,
        ("time", _) => {
            exactly(0, "sim time")?;
            SimCommand::Time
        }
        ("advance", _) => {
            exactly(1, "sim advance DURATION")?;
            let ms = gofmt::parse_duration_millis(&pos[0]).map_err(|e| err(e.to_string()))?;
            if ms < 0 {
                return Err(err("sim advance needs a positive duration"));
            }
            SimCommand::Advance { millis: ms }
        }
        ("settle", _) => {
            exactly(0, "sim settle [--timeout DURATION]")?;
            SimCommand::Settle { timeout_ms: f.changed("timeout").then(|| f.millis("timeout")) }
        }
        ("step", _) => {
            if pos.len() > 1 {
                return Err(err("usage: sim step [N] [--changes-only] [-v]"));
            }
            let count = match pos.first() {
                None => 1,
                Some(n) => n.parse::<u32>().ok().filter(|n| *n > 0).ok_or_else(|| err(format!("invalid step count {}: want a positive whole number", gofmt::quote(n))))?,
            };
            SimCommand::Step { count, changes_only: f.bool("changes-only"), verbose: f.bool("verbose") }
        }
        ("jump", _) => {
            exactly(1, "sim jump N")?;
            SimCommand::Jump(pos[0].parse::<usize>().map_err(|_| err(format!("invalid step number {}: want a whole number (0: before the first step)", gofmt::quote(&pos[0]))))?)
        }
        (verb @ ("back" | "forward"), _) => {
            if pos.len() > 1 {
                return Err(err(format!("usage: sim {verb} [N] [--changes-only]")));
            }
            let count = match pos.first() {
                None => 1,
                Some(n) => n.parse::<u32>().ok().filter(|n| *n > 0).ok_or_else(|| err(format!("invalid step count {}: want a positive whole number", gofmt::quote(n))))?,
            };
            let changes_only = f.bool("changes-only");
            if verb == "back" {
                SimCommand::Back { count, changes_only }
            } else {
                SimCommand::Forward { count, changes_only }
            }
        }
        ("cache-lag", _) => {
            if pos.len() > 1 {
                return Err(err("usage: sim cache-lag [DURATION]"));
            }
            match pos.first() {
                None => SimCommand::CacheLag(None),
                Some(d) => {
                    let ms = gofmt::parse_duration_millis(d).map_err(|e| err(e.to_string()))?;
                    if !(0..=kubeplay_engine::informer::MAX_LAG_MS).contains(&ms) {
                        return Err(err(format!("invalid cache lag {}: want a duration from 0s to 1m", gofmt::quote(d))));
                    }
                    SimCommand::CacheLag(Some(ms))
                }
            }
        }
        ("seed", _) => {
            exactly(1, "sim seed N")?;
            SimCommand::Seed(pos[0].parse::<u64>().map_err(|_| err(format!("invalid seed {}: want a whole number", gofmt::quote(&pos[0]))))?)
        }
        ("node", Some("add")) => {
            exactly(1, "sim node add NAME [--cpu Q] [--memory Q] [--pods N] [--label k=v]... [--taint k=v:Effect]...")?;
            let mut labels = Vec::new();
            for l in f.list("label") {
                let (k, v) = l.split_once('=').filter(|(k, _)| !k.is_empty()).ok_or_else(|| err(format!("invalid --label {}: want key=value", gofmt::quote(l))))?;
                labels.push((k.to_string(), v.to_string()));
            }
            let (taints, removals) = values::parse_taints(f.list("taint")).map_err(err)?;
            if !removals.is_empty() {
                return Err(err("--taint adds taints; a trailing '-' is not allowed here"));
            }
            let pods = f.int("pods");
            if f.changed("pods") && pods <= 0 {
                return Err(err("--pods must be a positive whole number"));
            }
            SimCommand::NodeAdd {
                name: pos[0].clone(),
                cpu: f.opt_str("cpu").map(|q| quantity("--cpu", &q)).transpose()?,
                memory: f.opt_str("memory").map(|q| quantity("--memory", &q)).transpose()?,
                pods: f.changed("pods").then_some(pods),
                labels,
                taints,
            }
        }
        ("node", Some(v @ ("fail" | "recover" | "remove"))) => {
            exactly(1, &format!("sim node {v} NAME"))?;
            let n = pos[0].clone();
            match v {
                "fail" => SimCommand::NodeFail(n),
                "recover" => SimCommand::NodeRecover(n),
                _ => SimCommand::NodeRemove(n),
            }
        }
        ("pod", Some("kill")) => {
            exactly(1, "sim pod kill POD [-c CONTAINER] [-n NAMESPACE]")?;
            SimCommand::PodKill { namespace: ns, pod: pos[0].clone(), container: f.opt_str("container") }
        }
        ("image", Some("missing")) => {
            exactly(1, "sim image missing IMAGE")?;
            SimCommand::ImageMissing(pos[0].clone())
        }
        ("image", Some("behave")) => {
            if pos.len() < 2 {
                return Err(err("usage: sim image behave IMAGE KEY=VALUE..."));
            }
            let mut settings = Vec::new();
            for s in &pos[1..] {
                let (k, v) = s.split_once('=').filter(|(k, _)| !k.is_empty()).ok_or_else(|| err(format!("invalid setting {}: want KEY=VALUE", gofmt::quote(s))))?;
                settings.push((k.to_string(), v.to_string()));
            }
            SimCommand::ImageBehave { image: pos[0].clone(), settings }
        }
        ("load", _) => {
            if pos.is_empty() || pos.len() > 3 {
                return Err(err("usage: sim load TYPE/NAME cpu=Q [memory=Q]"));
            }
            let (t, name) = pos[0].split_once('/').filter(|(t, n)| !t.is_empty() && !n.is_empty()).ok_or_else(|| err(format!("want TYPE/NAME, got {}", gofmt::quote(&pos[0]))))?;
            let kind = resolve_kind(t)?;
            let (mut cpu, mut memory) = (None, None);
            for a in &pos[1..] {
                match a.split_once('=') {
                    Some(("cpu", q)) => cpu = Some(quantity("cpu", q)?),
                    Some(("memory", q)) => memory = Some(quantity("memory", q)?),
                    _ => return Err(err(format!("invalid load {}: want cpu=Q or memory=Q", gofmt::quote(a)))),
                }
            }
            let cpu = cpu.ok_or_else(|| err("sim load needs cpu=Q (for example cpu=500m)"))?;
            SimCommand::Load { namespace: ns, kind, name: name.to_string(), cpu, memory }
        }
        ("trace", _) => {
            exactly(0, "sim trace [--last N] [--changes-only] [-v]")?;
            let last = f.int("last");
            if f.changed("last") && last <= 0 {
                return Err(err("--last must be a positive whole number"));
            }
            SimCommand::Trace { last: f.changed("last").then_some(last as u32), changes_only: f.bool("changes-only"), verbose: f.bool("verbose") }
        }
        ("curl", _) => {
            exactly(1, "sim curl [--from POD] [--count N] URL")?;
            let count = f.int("count");
            if count <= 0 {
                return Err(err("--count must be a positive whole number"));
            }
            SimCommand::Curl { namespace: ns, from: f.opt_str("from"), count: count as u32, url: pos[0].clone() }
        }
        ("traffic", _) => {
            // `svc/NAME` or a bare NAME; `stop` is a verb unless written `svc/stop`.
            let service = |w: &str| -> Result<String, ParseError> {
                let name = match w.split_once('/') {
                    Some((t, n)) if resolve_kind(t)? == Kind::Service && !n.is_empty() => n,
                    Some(_) => return Err(err(format!("sim traffic sends to Services: want svc/NAME, got {}", gofmt::quote(w)))),
                    None => w,
                };
                Ok(name.to_string())
            };
            match pos.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                [] => SimCommand::TrafficShow,
                ["stop"] => SimCommand::TrafficStop { namespace: ns, service: None },
                ["stop", name] => SimCommand::TrafficStop { namespace: ns, service: Some(service(name)?) },
                // `sim traffic SERVICE RPS` is the same as `--rps RPS`.
                [name] | [name, _] => {
                    let rps = match pos.get(1) {
                        Some(r) if f.changed("rps") => return Err(err(format!("give the rate once: {} or --rps", gofmt::quote(r)))),
                        Some(r) => r.parse::<i64>().map_err(|_| err(format!("invalid rate {}: want requests per second", gofmt::quote(r))))?,
                        None => f.int("rps"),
                    };
                    if rps <= 0 {
                        return Err(err("--rps must be a positive whole number"));
                    }
                    let port = f.int("port");
                    if f.changed("port") && !(1..=65535).contains(&port) {
                        return Err(err("--port must be a port number (1-65535)"));
                    }
                    SimCommand::TrafficStart { namespace: ns, service: service(name)?, rps: rps as u32, port: f.changed("port").then_some(port as i32), from: f.opt_str("from") }
                }
                _ => return Err(err("usage: sim traffic [svc/]NAME [RPS|--rps N] [--port P] [--from POD] | sim traffic stop [[svc/]NAME] | sim traffic")),
            }
        }
        ("explain", Some("pod")) => {
            exactly(1, "sim explain pod NAME [-n NAMESPACE]")?;
            SimCommand::ExplainPod { namespace: ns, name: pos[0].clone() }
        }
        ("explain", Some("step")) => {
            exactly(1, "sim explain step N")?;
            let n = pos[0].parse::<usize>().ok().filter(|n| *n > 0).ok_or_else(|| err(format!("invalid step number {}: want a positive whole number", gofmt::quote(&pos[0]))))?;
            SimCommand::ExplainStep(n)
        }
        (n, Some(v)) => return Err(err(format!("unknown simulator command \"sim {n} {v}\""))),
        (n, None) => return Err(err(format!("unknown simulator command \"sim {n}\""))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> Result<SimCommand, ParseError> {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        parse_sim(&words)
    }

    #[test]
    fn grammar() {
        assert_eq!(p(""), Ok(SimCommand::Help));
        assert_eq!(p("advance 1h30m"), Ok(SimCommand::Advance { millis: 5_400_000 }));
        assert_eq!(p("advance 500ms"), Ok(SimCommand::Advance { millis: 500 }));
        assert_eq!(p("settle"), Ok(SimCommand::Settle { timeout_ms: None }));
        assert_eq!(p("settle --timeout 2m"), Ok(SimCommand::Settle { timeout_ms: Some(120_000) }));
        assert_eq!(p("step"), Ok(SimCommand::Step { count: 1, changes_only: false, verbose: false }));
        assert_eq!(p("step 5"), Ok(SimCommand::Step { count: 5, changes_only: false, verbose: false }));
        assert_eq!(p("step 5 --changes-only -v"), Ok(SimCommand::Step { count: 5, changes_only: true, verbose: true }));
        assert_eq!(p("trace --changes-only --last 2"), Ok(SimCommand::Trace { last: Some(2), changes_only: true, verbose: false }));
        assert_eq!(p("trace --verbose"), Ok(SimCommand::Trace { last: None, changes_only: false, verbose: true }));
        assert_eq!(p("explain step 12"), Ok(SimCommand::ExplainStep(12)));
        assert_eq!(p("jump 0"), Ok(SimCommand::Jump(0)));
        assert_eq!(p("jump 17"), Ok(SimCommand::Jump(17)));
        assert!(p("jump").is_err() && p("jump -1").is_err() && p("jump 2 3").is_err() && p("jump x").is_err());
        assert_eq!(p("back"), Ok(SimCommand::Back { count: 1, changes_only: false }));
        assert_eq!(p("back 4 --changes-only"), Ok(SimCommand::Back { count: 4, changes_only: true }));
        assert_eq!(p("forward 2"), Ok(SimCommand::Forward { count: 2, changes_only: false }));
        assert!(p("back 0").is_err() && p("forward 1 2").is_err() && p("forward -v").is_err());
        assert!(p("explain step 0").is_err());
        assert!(p("explain step").is_err());
        assert_eq!(p("seed 42"), Ok(SimCommand::Seed(42)));
        assert_eq!(p("cache-lag"), Ok(SimCommand::CacheLag(None)));
        assert_eq!(p("cache-lag 300ms"), Ok(SimCommand::CacheLag(Some(300))));
        assert_eq!(p("cache-lag 1.5s"), Ok(SimCommand::CacheLag(Some(1_500))));
        assert_eq!(p("cache-lag 0"), Ok(SimCommand::CacheLag(Some(0))));
        assert_eq!(p("cache-lag 1m"), Ok(SimCommand::CacheLag(Some(60_000))));
        assert_eq!(p("node fail worker-1"), Ok(SimCommand::NodeFail("worker-1".into())));
        assert_eq!(p("pod kill web-1 -c app -n prod"), Ok(SimCommand::PodKill { namespace: Some("prod".into()), pod: "web-1".into(), container: Some("app".into()) }));
        assert_eq!(p("trace --last 3"), Ok(SimCommand::Trace { last: Some(3), changes_only: false, verbose: false }));
        assert_eq!(p("curl --from client --count 5 http://web/"), Ok(SimCommand::Curl { namespace: None, from: Some("client".into()), count: 5, url: "http://web/".into() }));
        assert_eq!(p("traffic svc/web --rps 50"), Ok(SimCommand::TrafficStart { namespace: None, service: "web".into(), rps: 50, port: None, from: None }));
        assert_eq!(p("traffic web --port 8080 --from client -n demo"), Ok(SimCommand::TrafficStart { namespace: Some("demo".into()), service: "web".into(), rps: 10, port: Some(8080), from: Some("client".into()) }));
        assert_eq!(p("traffic svc/stop"), Ok(SimCommand::TrafficStart { namespace: None, service: "stop".into(), rps: 10, port: None, from: None }));
        assert_eq!(p("traffic stop"), Ok(SimCommand::TrafficStop { namespace: None, service: None }));
        assert_eq!(p("traffic stop svc/web"), Ok(SimCommand::TrafficStop { namespace: None, service: Some("web".into()) }));
        assert_eq!(p("traffic"), Ok(SimCommand::TrafficShow));
        assert!(p("traffic deploy/web").is_err());
        assert!(p("traffic web --rps 0").is_err());
        assert!(p("traffic a b c").is_err());
        assert_eq!(p("traffic web 25"), Ok(SimCommand::TrafficStart { namespace: None, service: "web".into(), rps: 25, port: None, from: None }));
        assert!(p("traffic web fast").is_err());
        assert_eq!(p("explain pod web-1"), Ok(SimCommand::ExplainPod { namespace: None, name: "web-1".into() }));
        match p("node add n4 --cpu 4 --memory 8Gi --pods 50 --label zone=a --label disk=ssd --taint gpu=true:NoSchedule").unwrap() {
            SimCommand::NodeAdd { name, cpu, memory, pods, labels, taints } => {
                assert_eq!(name, "n4");
                assert_eq!(cpu.unwrap().milli_value(), 4000);
                assert_eq!(memory.unwrap().value(), 8 << 30);
                assert_eq!(pods, Some(50));
                assert_eq!(labels.len(), 2);
                assert_eq!(taints[0].effect, "NoSchedule");
            }
            other => panic!("{other:?}"),
        }
        match p("load deploy/web cpu=500m memory=1Gi").unwrap() {
            SimCommand::Load { kind, name, cpu, .. } => {
                assert_eq!((kind, name.as_str(), cpu.milli_value()), (Kind::Deployment, "web", 500));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn errors_are_clear() {
        let e = |l: &str| p(l).unwrap_err().to_string();
        assert_eq!(e("advance"), "error: usage: sim advance DURATION\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("advance 1d"), "error: time: unknown unit \"d\" in duration \"1d\"\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("fly"), "error: unknown simulator command \"sim fly\"\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("node explode n1"), "error: unknown simulator command \"sim node explode\"\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("settle --foo"), "error: unknown flag: --foo\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("load web cpu=1"), "error: want TYPE/NAME, got \"web\"\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("load foo/web cpu=1"), "error: the server doesn't have a resource type \"foo\"");
        assert!(e("node add n1 --taint a=b:Bad").contains("invalid taint effect: Bad, unsupported taint effect"));
        assert!(e("load deploy/web memory=1Gi").contains("sim load needs cpu=Q"));
        assert_eq!(e("cache-lag 2m"), "error: invalid cache lag \"2m\": want a duration from 0s to 1m\nSee 'sim help' for the simulator commands.");
        // A leading '-' makes a flag, as cobra parses it.
        assert_eq!(e("cache-lag -1s"), "error: unknown shorthand flag: '1' in -1s\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("cache-lag 300"), "error: time: missing unit in duration \"300\"\nSee 'sim help' for the simulator commands.");
        assert_eq!(e("cache-lag 1s 2s"), "error: usage: sim cache-lag [DURATION]\nSee 'sim help' for the simulator commands.");
    }
}
