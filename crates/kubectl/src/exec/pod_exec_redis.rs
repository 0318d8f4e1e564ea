//! `redis-cli` in the redis images, as far as kubernetes.io's "Configuring
//! Redis using a ConfigMap" uses it: one command given as arguments
//! (`redis-cli CONFIG GET maxmemory`, `PING`), or one a line on its
//! standard input (`echo PING | redis-cli`), answered by the container's
//! own redis-server. The server read its configuration file once, when
//! the container started: a ConfigMap volume rewritten since (the
//! kubelet's next sync) changes the file, not the running server, so the
//! file is read as the volume showed it at the container's start.
//!
//! Output is redis-cli's: on a terminal (`kubectl exec -t`) the numbered,
//! quoted form (`1) "maxmemory"`); otherwise the raw one, a value a line.
//! The interactive prompt (no command, a terminal on stdin) is not
//! simulated: a transcript has no terminal to type into.

use super::fs::FsError;
use super::{spec_of, Output};
use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::kubelet::shell;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::Time;

/// Whether the image ships redis-cli, and which major version of redis.
pub fn version(image: &str) -> Option<u32> {
    let r = ImageRef::parse(image).ok()?;
    if r.repository() != "docker.io/library/redis" {
        return None;
    }
    // `latest`, `alpine`, `bookworm`: today's 8.
    let tag = r.effective_tag().unwrap_or("latest");
    Some(tag.split(['.', '-']).next().and_then(|m| m.parse().ok()).unwrap_or(8))
}

/// The parameters `CONFIG GET` answers and redis-server's defaults for
/// them (in the image: `dir` is its working directory, /data).
const DEFAULTS: &[(&str, &str)] = &[
    ("maxmemory", "0"),
    ("maxmemory-policy", "noeviction"),
    ("maxmemory-samples", "5"),
    ("maxclients", "10000"),
    ("port", "6379"),
    ("timeout", "0"),
    ("databases", "16"),
    ("appendonly", "no"),
    ("dbfilename", "dump.rdb"),
    ("loglevel", "notice"),
    ("dir", "/data"),
];

const POLICIES: &[&str] = &["volatile-lru", "volatile-lfu", "volatile-random", "volatile-ttl", "allkeys-lru", "allkeys-lfu", "allkeys-random", "noeviction"];

/// A reply, as RESP carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Status(String),
    Array(Vec<String>),
}

/// Why the server's configuration cannot be worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// A directive redis-server refuses at start (the server never ran).
    Bad { line: usize, text: String, reason: String },
}

/// The settings redis-server runs with after reading `text` (a file's
/// lines, then the command line's `--name value` options as lines).
pub fn load(text: &str) -> Result<Vec<(String, String)>, ConfigError> {
    let mut set: Vec<(String, String)> = DEFAULTS.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    for (i, line) in text.lines().enumerate() {
        let words = split_args(line.trim());
        let Some(first) = words.first().filter(|w| !w.starts_with('#')) else { continue };
        let name = first.to_ascii_lowercase();
        let bad = |reason: &str| ConfigError::Bad { line: i + 1, text: line.trim().to_string(), reason: reason.to_string() };
        let value = match (name.as_str(), &words[1..]) {
            ("maxmemory", [v]) => memtoll(v).ok_or_else(|| bad("argument must be a memory value"))?.to_string(),
            ("maxmemory-policy", [v]) => {
                let v = v.to_ascii_lowercase();
                if !POLICIES.contains(&v.as_str()) {
                    return Err(bad("Invalid maxmemory policy"));
                }
                v
            }
            (_, [v]) => v.clone(),
            (_, rest) => rest.join(" "),
        };
        match set.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 = value,
            None => set.push((name, value)),
        }
    }
    Ok(set)
}

/// redis's `memtoll`: a number with an optional unit (k = 1000, kb = 1024,
/// m, mb, g, gb), case-insensitive.
pub fn memtoll(v: &str) -> Option<i64> {
    let lower = v.to_ascii_lowercase();
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let mul: i64 = match &lower[digits.len()..] {
        "" | "b" => 1,
        "k" => 1000,
        "kb" => 1024,
        "m" => 1_000_000,
        "mb" => 1 << 20,
        "g" => 1_000_000_000,
        "gb" => 1 << 30,
        _ => return None,
    };
    digits.parse::<i64>().ok()?.checked_mul(mul)
}

/// redis's `sdssplitargs` for the common cases: words split on blanks,
/// "double" and 'single' quoted words kept whole.
fn split_args(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut word = String::new();
        if c == '"' || c == '\'' {
            chars.next();
            for d in chars.by_ref() {
                if d == c {
                    break;
                }
                word.push(d);
            }
        } else {
            while let Some(&d) = chars.peek().filter(|d| !d.is_whitespace()) {
                word.push(d);
                chars.next();
            }
        }
        words.push(word);
    }
    words
}

/// The server's answer to one command; None for a command the playground
/// does not simulate.
pub fn answer(settings: &[(String, String)], major: u32, args: &[String]) -> Option<Reply> {
    let upper: Vec<String> = args.iter().take(2).map(|a| a.to_ascii_uppercase()).collect();
    match (upper.first().map(String::as_str), upper.get(1).map(String::as_str)) {
        (Some("PING"), _) if args.len() == 1 => Some(Reply::Status("PONG".to_string())),
        (Some("PING"), _) if args.len() == 2 => Some(Reply::Status(args[1].clone())),
        (Some("CONFIG"), Some("GET")) => {
            let patterns = &args[2..];
            // redis 7 takes several patterns; older ones exactly one.
            if patterns.is_empty() || (major < 7 && patterns.len() > 1) {
                return None;
            }
            let mut out = Vec::new();
            for p in patterns {
                let p = p.to_ascii_lowercase();
                // A glob lists parameters in the server's own table order,
                // which the playground does not keep.
                if p.contains(['*', '?', '[']) {
                    return None;
                }
                match settings.iter().find(|(k, _)| *k == p) {
                    Some((k, v)) if !out.contains(k) => out.extend([k.clone(), v.clone()]),
                    Some(_) => {}
                    // Not in the playground's table: it may be a real
                    // parameter whose default the playground does not know.
                    None => return None,
                }
            }
            Some(Reply::Array(out))
        }
        _ => None,
    }
}

/// How redis-cli prints a reply: numbered and quoted on a terminal, raw
/// otherwise.
pub fn format(reply: &Reply, tty: bool, major: u32) -> String {
    match reply {
        Reply::Status(s) => format!("{s}\n"),
        Reply::Array(items) if items.is_empty() && tty => if major < 6 { "(empty list or set)\n" } else { "(empty array)\n" }.to_string(),
        Reply::Array(items) if tty => {
            let width = items.len().to_string().len();
            items.iter().enumerate().map(|(i, s)| format!("{:>width$}) {}\n", i + 1, quote(s))).collect()
        }
        Reply::Array(items) => items.iter().map(|s| format!("{s}\n")).collect(),
    }
}

/// redis's `sdscatrepr`: double quotes, C escapes, \xNN for the rest.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'\\' | b'"' => {
                out.push('\\');
                out.push(b as char);
            }
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            7 => out.push_str("\\a"),
            8 => out.push_str("\\b"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

/// redis-server's command line in the container, as the image's
/// entrypoint builds it (a first argument that is an option or ends in
/// `.conf` gets `redis-server` put before it); None when the container
/// runs something else.
pub fn server_argv(command: &[String], args: &[String]) -> Option<Vec<String>> {
    let argv: Vec<String> = match (command.is_empty(), args.first()) {
        (false, _) => command.iter().chain(args).cloned().collect(),
        (true, None) => vec!["redis-server".to_string()],
        (true, Some(a)) if a.starts_with('-') || a.ends_with(".conf") => std::iter::once("redis-server".to_string()).chain(args.iter().cloned()).collect(),
        (true, Some(_)) => args.to_vec(),
    };
    let argv = match argv.first().map(|a| shell::basename(a)) {
        Some("docker-entrypoint.sh") => argv[1..].to_vec(),
        _ => argv,
    };
    (argv.first().map(|a| shell::basename(a)) == Some("redis-server")).then_some(argv)
}

/// Runs `redis-cli ARGS…` in the container; its exit status, or None when
/// the playground cannot (it said why).
pub fn run(engine: &mut Engine, pod: &Pod, container: &str, argv: &[String], stdin: &str, tty: bool, out: &mut Output) -> Option<i32> {
    let image = spec_of(pod, container).and_then(|c| c.image.clone()).unwrap_or_default();
    let major = version(&image).unwrap_or(8);
    let args = &argv[1..];
    if args.first().is_some_and(|a| a.starts_with('-')) {
        out.error("error: (playground) redis-cli's options are not simulated: give the command alone (redis-cli CONFIG GET maxmemory)");
        return None;
    }
    // Without a command, redis-cli reads commands from its standard input
    // (a prompt when that is a terminal).
    let commands: Vec<Vec<String>> = if args.is_empty() { stdin.lines().map(|l| split_args(l.trim())).filter(|c| !c.is_empty()).collect() } else { vec![args.to_vec()] };
    if commands.is_empty() {
        out.error("error: (playground) redis-cli without a command reads its commands from a terminal or its standard input, which the playground does not pass it here: give the command as arguments (kubectl exec -it redis -- redis-cli CONFIG GET maxmemory)");
        return None;
    }
    let spec = spec_of(pod, container)?;
    let Some(server) = server_argv(&spec.command, &spec.args) else {
        out.note("Could not connect to Redis at 127.0.0.1:6379: Connection refused");
        return Some(1);
    };
    let started = started_at(engine, pod, container)?;
    let text = config_text(engine, pod, container, &server, started, out)?;
    let settings = match load(&text) {
        Ok(s) => s,
        Err(ConfigError::Bad { line, text, reason }) => {
            out.error(&format!("error: (playground) redis-server would not have started: its configuration's line {line} ({text}) is refused: {reason}"));
            return None;
        }
    };
    for command in &commands {
        let Some(reply) = answer(&settings, major, command) else {
            out.error(&format!("error: (playground) redis-cli is simulated only for PING and CONFIG GET of one parameter the playground knows ({}), not {}", DEFAULTS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", "), crate::gofmt::quote(&command.join(" "))));
            return None;
        };
        out.stdout.push_str(&format(&reply, tty, major));
    }
    Some(0)
}

/// When the container (this instance of it) started.
fn started_at(engine: &Engine, pod: &Pod, container: &str) -> Option<Time> {
    let rt = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid)?;
    rt.app.iter().find(|c| c.name == container).and_then(|c| c.run.as_ref()).map(|r| r.started_at)
}

/// The configuration redis-server read when it started: its file as the
/// container's volumes showed it then, and its `--name value` options.
fn config_text(engine: &mut Engine, pod: &Pod, container: &str, server: &[String], started: Time, out: &mut Output) -> Option<String> {
    let mut text = String::new();
    let mut rest = &server[1..];
    if let Some(file) = rest.first().filter(|a| !a.starts_with('-')) {
        // Read the volume as it stood at the start: the held version of a
        // rewritten ConfigMap is chosen by the clock.
        let now = engine.now();
        engine.world_mut().now = started;
        let read = super::container_fs(engine, pod, container, out).map(|view| view.read(engine, file));
        engine.world_mut().now = now;
        match read? {
            Ok(t) => text = t,
            Err(FsError::Unknown) => {
                out.error(&format!("error: (playground) the playground does not know what {file} holds in this image, the configuration redis-server read"));
                return None;
            }
            Err(_) => {
                out.error(&format!("error: (playground) redis-server would not have started: it cannot open its configuration file {file}"));
                return None;
            }
        }
        rest = &rest[1..];
    }
    for a in rest {
        match a.strip_prefix("--") {
            Some(name) => {
                text.push('\n');
                text.push_str(name);
            }
            None => {
                text.push(' ');
                text.push_str(a);
            }
        }
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn memory_values() {
        for (v, want) in [("0", Some(0)), ("2mb", Some(2_097_152)), ("2MB", Some(2_097_152)), ("2m", Some(2_000_000)), ("1kb", Some(1024)), ("1k", Some(1000)), ("3gb", Some(3 << 30)), ("100b", Some(100)), ("2xb", None), ("mb", None), ("", None)] {
            assert_eq!(memtoll(v), want, "{v}");
        }
    }

    #[test]
    fn loads_the_pages_configuration() {
        let set = load("maxmemory 2mb\nmaxmemory-policy allkeys-lru\n").expect("loads");
        let get = |k: &str| set.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
        assert_eq!(get("maxmemory"), Some("2097152"));
        assert_eq!(get("maxmemory-policy"), Some("allkeys-lru"));
        let empty = load("").expect("loads");
        assert_eq!(empty.iter().find(|(n, _)| n == "maxmemory").map(|(_, v)| v.as_str()), Some("0"));
        let cases = [("maxmemory lots", 1), ("# c\nmaxmemory-policy lru", 2)];
        for (text, line) in cases {
            assert!(matches!(load(text), Err(ConfigError::Bad { line: l, .. }) if l == line), "{text}");
        }
        let quoted = load("MaxMemory-Policy \"ALLKEYS-LFU\"").expect("loads");
        assert!(quoted.contains(&("maxmemory-policy".to_string(), "allkeys-lfu".to_string())));
    }

    #[test]
    fn replies_and_their_printing() {
        let set = load("").expect("loads");
        let cases: &[(&[&str], bool, u32, Option<&str>)] = &[
            (&["CONFIG", "GET", "maxmemory"], true, 5, Some("1) \"maxmemory\"\n2) \"0\"\n")),
            (&["config", "get", "MAXMEMORY-POLICY"], false, 5, Some("maxmemory-policy\nnoeviction\n")),
            (&["CONFIG", "GET", "port", "databases"], true, 7, Some("1) \"port\"\n2) \"6379\"\n3) \"databases\"\n4) \"16\"\n")),
            (&["CONFIG", "GET", "port", "databases"], true, 5, None),
            (&["CONFIG", "GET", "max*"], true, 5, None),
            (&["CONFIG", "GET", "nosuch"], true, 5, None),
            (&["PING"], true, 5, Some("PONG\n")),
            (&["SET", "a", "b"], true, 5, None),
        ];
        for (args, tty, major, want) in cases {
            let got = answer(&set, *major, &s(args)).map(|r| format(&r, *tty, *major));
            assert_eq!(got.as_deref(), *want, "{args:?}");
        }
        let many: Vec<String> = (0..10).map(|i| i.to_string()).collect();
        assert!(format(&Reply::Array(many), true, 7).starts_with(" 1) \"0\"\n"));
        assert_eq!(format(&Reply::Array(vec![]), true, 5), "(empty list or set)\n");
        assert_eq!(quote("a\"b\n\u{1}"), "\"a\\\"b\\n\\x01\"");
    }

    #[test]
    fn the_entrypoint_runs_redis_server() {
        // (command, args) → redis-server's argv
        type Case<'a> = (&'a [&'a str], &'a [&'a str], Option<&'a [&'a str]>);
        let cases: &[Case] = &[
            (&[], &[], Some(&["redis-server"])),
            (&[], &["/usr/local/etc/redis/redis.conf"], Some(&["redis-server", "/usr/local/etc/redis/redis.conf"])),
            (&[], &["--maxmemory", "2mb"], Some(&["redis-server", "--maxmemory", "2mb"])),
            (&["redis-server", "/redis-master/redis.conf"], &[], Some(&["redis-server", "/redis-master/redis.conf"])),
            (&["sleep"], &["3600"], None),
            (&[], &["sh", "-c", "sleep 1"], None),
        ];
        for (command, args, want) in cases {
            let want = want.map(s);
            assert_eq!(server_argv(&s(command), &s(args)), want, "{command:?} {args:?}");
        }
    }

    #[test]
    fn image_versions() {
        for (image, want) in [("redis:5", Some(5)), ("redis", Some(8)), ("redis:7.2.4-alpine", Some(7)), ("docker.io/library/redis:6.2", Some(6)), ("nginx", None), ("myredis:5", None)] {
            assert_eq!(version(image), want, "{image}");
        }
    }
}
