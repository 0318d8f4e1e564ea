//! A tiny shell, just enough to know what the scripts in pod specs do over
//! time: how long `sleep` makes them run, which `exit` code they end with,
//! which files they `touch` and `rm` (exec probes look for them), whether
//! they loop forever, and whether they wait in an `until nslookup svc` loop
//! for a Service to appear (the docs' init-container example).
//!
//! It does not run anything: it walks the script once on a virtual
//! timeline. Commands it does not know succeed instantly, unless the
//! container is one whose programs are known (a busybox, Alpine or Debian
//! image, see `start_error`): there the shell fails a name it cannot find
//! with 127.

use super::start_error::Programs;

/// What a script does, on a timeline starting when the container starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    pub end: End,
    /// Files the script creates (and maybe removes), for exec probes.
    pub files: Vec<FileSpan>,
    /// It serves network traffic (a web server started from the script).
    pub listens: bool,
    /// Its server installs no SIGTERM handler (ncat): as PID 1 it ignores
    /// the signal, and the grace period ends in SIGKILL.
    pub ignores_sigterm: bool,
    /// It spins without sleeping (uses a whole CPU).
    pub busy: bool,
    /// Memory it holds (stress `--vm-bytes`), in bytes.
    pub memory: i64,
    /// CPUs it keeps busy (stress `--cpu N`), in millicores.
    pub cpu_milli: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Runs until stopped.
    Never,
    /// Exits with `code` after `ms`.
    At { ms: i64, code: i32 },
    /// Polls every `poll_ms` (first poll at `from_ms`) until `check`
    /// passes for the Service named `service`, then runs `then_ms` more
    /// and ends with `code` (None: keeps running).
    WaitForService { service: String, namespace: Option<String>, check: Check, from_ms: i64, poll_ms: i64, then_ms: i64, code: Option<i32> },
}

/// What a wait loop's condition asks of the Service it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// `nslookup`, `host`, `dig`, `getent`, `ping`: that the name resolves.
    Resolves,
    /// `wget`, `curl`, `nc`: that a connection to this port is answered.
    Answers { port: i32 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSpan {
    pub path: String,
    pub from_ms: i64,
    pub until_ms: Option<i64>,
}

impl Script {
    /// Whether `path` exists `at_ms` after the start.
    pub fn file_exists(&self, path: &str, at_ms: i64) -> bool {
        self.files.iter().any(|f| f.path == path && f.from_ms <= at_ms && f.until_ms.is_none_or(|u| at_ms < u))
    }
}

/// Bounds that keep pathological scripts cheap to walk.
const MAX_ITERATIONS: usize = 10_000;
const MAX_DEPTH: usize = 16;

/// Runs `argv` (a container's command + args) on the virtual timeline.
pub fn run(argv: &[String]) -> Script {
    let mut m = Machine::default();
    let flow = m.simple(argv, 0);
    m.finish(flow)
}

/// Runs `argv` in a container whose root is known.
pub fn run_in(argv: &[String], root: super::image_root::Root) -> Script {
    let mut m = Machine { root: Some(root), ..Machine::default() };
    let flow = m.simple(argv, 0);
    m.finish(flow)
}

/// Runs a `sh -c` script in a container whose root is known.
pub fn run_script_in(script: &str, root: super::image_root::Root) -> Script {
    script_on(Machine { root: Some(root), ..Machine::default() }, script)
}

/// Runs a `sh -c` script in a busybox container, whose ash fails the
/// commands it does not find (`programs`: None for any other image).
pub fn run_script_with(script: &str, root: super::image_root::Root, programs: Option<Programs>) -> Script {
    let programs = programs.filter(|_| judges_commands(script));
    script_on(Machine { root: Some(root), programs, text: script.to_string(), ..Machine::default() }, script)
}

/// Runs a `sh -c` script.
pub fn run_script(script: &str) -> Script {
    script_on(Machine::default(), script)
}

fn script_on(mut m: Machine, script: &str) -> Script {
    match parse(script) {
        Some(items) => {
            if m.programs.is_some() {
                m.functions = functions(&items);
            }
            let flow = m.list(&items, 0);
            m.finish(flow)
        }
        // `sh: syntax error`: the shell exits 2 at once.
        None => m.finish(Flow::Exit(2)),
    }
}

/// If `argv` is `sh -c SCRIPT …` (or bash, ash…), the script.
pub fn shell_script(argv: &[String]) -> Option<&str> {
    let shell = argv.first().map(|a| basename(a))?;
    if !matches!(shell, "sh" | "bash" | "ash" | "dash" | "zsh" | "ksh") {
        return None;
    }
    let flag = argv.iter().skip(1).position(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('c'))? + 1;
    argv.get(flag + 1).map(String::as_str)
}

/// A script that is only simple commands joined by `;`, `&&` and `||`
/// (what `kubectl exec POD -- sh -c '…'` can answer): each command's
/// words with the operator after it. None for anything else: a syntax
/// error, a loop or `if`, a pipe, a redirection or a background job.
pub fn command_list(script: &str) -> Option<Vec<(Vec<String>, &'static str)>> {
    parse(script)?
        .into_iter()
        .map(|item| match item.cmd {
            Cmd::Simple(words) if matches!(item.op, ";" | "&&" | "||") && !words.iter().any(|w| w.contains(['<', '>'])) => Some((words, item.op)),
            _ => None,
        })
        .collect()
}

/// The Services an endless `while` loop of the script keeps requesting
/// (`while sleep 0.01; do wget -q -O- http://php-apache; done`, the HPA
/// walkthrough's load generator): each `wget`/`curl` in the loop, as
/// (service, namespace if the name spells one). A loop whose condition
/// can end it, or a request before or after the loop, loads nothing.
pub fn endless_requests(script: &str) -> Vec<(String, Option<String>)> {
    let mut out: Vec<(String, Option<String>)> = Vec::new();
    for words in endless_request_commands(script) {
        let one = Item { cmd: Cmd::Simple(words), op: ";" };
        if let Some((service, namespace, _)) = lookup_target(std::slice::from_ref(&one)) {
            if !out.iter().any(|(s, n)| *s == service && *n == namespace) {
                out.push((service, namespace));
            }
        }
    }
    out
}

/// The `wget`/`curl` commands (their words) that the script's endless
/// `while` loops run on every turn.
pub fn endless_request_commands(script: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for item in parse(script).unwrap_or_default() {
        let Cmd::Loop { until: false, negate: false, cond, body } = &item.cmd else { continue };
        let endless = matches!(cond.as_slice(), [Item { cmd: Cmd::Simple(w), .. }] if matches!(w.first().map(String::as_str), Some("true" | ":" | "sleep")));
        if !endless {
            continue;
        }
        for inner in cond.iter().chain(body) {
            match &inner.cmd {
                Cmd::Simple(words) if matches!(words.first().map(|w| basename(w)), Some("wget" | "curl")) => out.push(words.clone()),
                _ => {}
            }
        }
    }
    out
}

/// A script that ends in an endless `while` loop of simple commands
/// (`while true; do echo hello; sleep 10; done`): what a terminal attached
/// to it sees. None for any other script.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndlessLoop {
    /// The commands before the loop, run once.
    pub before: Vec<Vec<String>>,
    /// One turn's commands (condition and body), without its sleeps and
    /// without the commands whose output is redirected away.
    pub turn: Vec<Vec<String>>,
    /// How long one turn sleeps, in milliseconds.
    pub sleep_ms: i64,
}

pub fn endless_loop(script: &str) -> Option<EndlessLoop> {
    let items = parse(script)?;
    let (last, before) = items.split_last()?;
    let Cmd::Loop { until: false, negate: false, cond, body } = &last.cmd else { return None };
    let endless = matches!(cond.as_slice(), [Item { cmd: Cmd::Simple(w), .. }] if matches!(w.first().map(String::as_str), Some("true" | ":" | "sleep")));
    if !endless || last.op == "&" {
        return None;
    }
    let simple = |item: &Item| match &item.cmd {
        Cmd::Simple(words) if matches!(item.op, ";" | "&&" | "||") => Some(words.clone()),
        _ => None,
    };
    let before: Vec<Vec<String>> = before.iter().map(simple).collect::<Option<_>>()?;
    let mut out = EndlessLoop { before: before.into_iter().filter(|w| !w.iter().any(|x| x.contains(['<', '>']))).collect(), ..Default::default() };
    for item in cond.iter().chain(body) {
        let words = simple(item)?;
        match words.first().map(|w| basename(w)) {
            Some("sleep") => out.sleep_ms += words.get(1).and_then(|a| sleep_ms(a)).unwrap_or(0),
            Some("true" | ":") => {}
            _ if words.iter().any(|w| w.contains(['<', '>'])) => {}
            _ => out.turn.push(words),
        }
    }
    Some(out)
}

pub fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

// ---------------------------------------------------------------- parsing

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    /// `;`, newline, `&&`, `||`, `|`, `&`
    Op(&'static str),
}

fn tokenize(s: &str) -> Option<Vec<Tok>> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    let flush = |out: &mut Vec<Tok>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            out.push(Tok::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\'' => {
                let end = chars[i + 1..].iter().position(|&x| x == '\'')? + i + 1;
                word.extend(&chars[i + 1..end]);
                in_word = true;
                i = end + 1;
            }
            '"' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '"' {
                    // Inside double quotes a backslash escapes only these;
                    // before anything else it stays (`"%{http_code}\n"`).
                    if chars[j] == '\\' && matches!(chars.get(j + 1), Some('$' | '`' | '"' | '\\' | '\n')) {
                        j += 1;
                        if chars[j] == '\n' {
                            // A line continuation: both go.
                            j += 1;
                            continue;
                        }
                    }
                    word.push(chars[j]);
                    j += 1;
                }
                if j >= chars.len() {
                    return None;
                }
                in_word = true;
                i = j + 1;
            }
            '$' if chars.get(i + 1) == Some(&'(') => {
                // Command substitution stays literal: scan to the matching paren.
                let mut depth = 0;
                let mut j = i + 1;
                while j < chars.len() {
                    match chars[j] {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                if j >= chars.len() {
                    return None;
                }
                word.extend(&chars[i..=j]);
                in_word = true;
                i = j + 1;
            }
            '\\' => {
                if let Some(&n) = chars.get(i + 1) {
                    if n != '\n' {
                        word.push(n);
                        in_word = true;
                    }
                }
                i += 2;
            }
            '#' if !in_word => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ' ' | '\t' | '\r' => {
                flush(&mut out, &mut word, &mut in_word);
                i += 1;
            }
            '\n' | ';' => {
                flush(&mut out, &mut word, &mut in_word);
                out.push(Tok::Op(";"));
                i += 1;
            }
            // `2>&1`, `>&2`: a redirection's, not a background job's.
            '&' if in_word && word.ends_with(['>', '<']) => {
                word.push(c);
                i += 1;
            }
            '&' | '|' => {
                flush(&mut out, &mut word, &mut in_word);
                let double = chars.get(i + 1) == Some(&c);
                out.push(Tok::Op(match (c, double) {
                    ('&', true) => "&&",
                    ('&', false) => "&",
                    ('|', true) => "||",
                    _ => "|",
                }));
                i += if double { 2 } else { 1 };
            }
            _ => {
                word.push(c);
                in_word = true;
                i += 1;
            }
        }
    }
    flush(&mut out, &mut word, &mut in_word);
    Some(out)
}

#[derive(Clone, Debug, PartialEq)]
enum Cmd {
    Simple(Vec<String>),
    Loop { until: bool, negate: bool, cond: Vec<Item>, body: Vec<Item> },
    For { count: usize, body: Vec<Item> },
    If { cond: Vec<Item>, then: Vec<Item>, otherwise: Vec<Item> },
}

#[derive(Clone, Debug, PartialEq)]
struct Item {
    cmd: Cmd,
    /// How this item connects to the next: `;`, `&&`, `||`, `|`, `&`.
    op: &'static str,
}

fn parse(s: &str) -> Option<Vec<Item>> {
    let toks = tokenize(s)?;
    let mut p = Parser { toks, pos: 0, depth: 0 };
    let items = p.list(&[])?;
    (p.pos >= p.toks.len()).then_some(items)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    depth: usize,
}

impl Parser {
    fn peek_word(&self) -> Option<&str> {
        match self.toks.get(self.pos) {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }

    fn skip_separators(&mut self) {
        while matches!(self.toks.get(self.pos), Some(Tok::Op(";"))) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, kw: &str) -> Option<()> {
        self.skip_separators();
        (self.peek_word() == Some(kw)).then(|| self.pos += 1)
    }

    /// Items until one of `stop` keywords (not consumed) or the end.
    fn list(&mut self, stop: &[&str]) -> Option<Vec<Item>> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let mut items = Vec::new();
        loop {
            self.skip_separators();
            match self.peek_word() {
                None if self.pos >= self.toks.len() => break,
                Some(w) if stop.contains(&w) => break,
                _ => {}
            }
            let cmd = self.command()?;
            let op = match self.toks.get(self.pos) {
                Some(Tok::Op(op)) => {
                    self.pos += 1;
                    *op
                }
                _ => ";",
            };
            items.push(Item { cmd, op });
        }
        self.depth -= 1;
        Some(items)
    }

    fn command(&mut self) -> Option<Cmd> {
        match self.peek_word() {
            Some(kw @ ("while" | "until")) => {
                let until = kw == "until";
                self.pos += 1;
                let negate = self.peek_word() == Some("!");
                if negate {
                    self.pos += 1;
                }
                let cond = self.list(&["do"])?;
                self.expect("do")?;
                let body = self.list(&["done"])?;
                self.expect("done")?;
                Some(Cmd::Loop { until, negate, cond, body })
            }
            Some("for") => {
                self.pos += 1;
                self.pos += 1; // the variable
                let mut words = Vec::new();
                if self.peek_word() == Some("in") {
                    self.pos += 1;
                    while let Some(w) = self.peek_word() {
                        words.push(w.to_string());
                        self.pos += 1;
                    }
                }
                self.expect("do")?;
                let body = self.list(&["done"])?;
                self.expect("done")?;
                Some(Cmd::For { count: iterations(&words), body })
            }
            Some("if") => {
                self.pos += 1;
                let cond = self.list(&["then"])?;
                self.expect("then")?;
                let then = self.list(&["else", "elif", "fi"])?;
                let otherwise = match self.peek_word() {
                    Some("else") => {
                        self.pos += 1;
                        self.list(&["fi"])?
                    }
                    Some("elif") => {
                        // `elif` is an `if` nested in the else branch sharing its `fi`.
                        self.toks[self.pos] = Tok::Word("if".into());
                        let nested = self.command()?;
                        return Some(Cmd::If { cond, then, otherwise: vec![Item { cmd: nested, op: ";" }] });
                    }
                    _ => Vec::new(),
                };
                self.expect("fi")?;
                Some(Cmd::If { cond, then, otherwise })
            }
            _ => {
                let mut words = Vec::new();
                while let Some(w) = self.peek_word() {
                    if words.is_empty() && matches!(w, "do" | "done" | "then" | "fi" | "else" | "elif") {
                        break;
                    }
                    words.push(w.to_string());
                    self.pos += 1;
                }
                if words.is_empty() {
                    return None;
                }
                Some(Cmd::Simple(words))
            }
        }
    }
}

/// ash's reserved words, which this parser may leave as a command's first
/// word (`case`, `{`), never looked up.
const KEYWORDS: &[&str] = &["case", "esac", "in", "function", "select", "do", "done", "then", "fi", "else", "elif", "if", "while", "until", "for"];

/// Whether the script's unknown commands can be told apart: not when a
/// here-document's lines would read as commands, nor when the script
/// changes its PATH, sources files, defines aliases or installs packages
/// (`apt-get install -y curl && curl …`, `apk add`, `pip install`).
fn judges_commands(script: &str) -> bool {
    !["<<", "PATH", "alias", "source ", ". /", "eval", "install", "apk add"].iter().any(|s| script.contains(s))
}

/// The names of the functions the script defines (`f() {`, `f () {`).
fn functions(items: &[Item]) -> Vec<String> {
    let mut out = Vec::new();
    for item in items {
        match &item.cmd {
            Cmd::Simple(words) => {
                let name = match words.as_slice() {
                    [f, ..] if f.contains("()") => f.split('(').next(),
                    [f, paren, ..] if paren.starts_with("()") || f == "function" => Some(if f == "function" { paren.as_str() } else { f.as_str() }),
                    _ => None,
                };
                out.extend(name.filter(|n| !n.is_empty()).map(str::to_string));
            }
            Cmd::Loop { cond, body, .. } => {
                out.extend(functions(cond));
                out.extend(functions(body));
            }
            Cmd::For { body, .. } => out.extend(functions(body)),
            Cmd::If { cond, then, otherwise } => {
                out.extend(functions(cond));
                out.extend(functions(then));
                out.extend(functions(otherwise));
            }
        }
    }
    out
}

/// How many times `for x in WORDS` iterates: `$(seq A B)`, `{A..B}` or a
/// plain word list.
fn iterations(words: &[String]) -> usize {
    let n = |s: &str| s.trim().parse::<i64>().ok();
    if let [w] = words {
        if let Some(inner) = w.strip_prefix("$(seq ").and_then(|r| r.strip_suffix(')')) {
            let nums: Vec<i64> = inner.split_whitespace().filter_map(n).collect();
            let count = match nums[..] {
                [b] => b,
                [a, b] => b - a + 1,
                [a, step, b] if step != 0 => (b - a) / step + 1,
                _ => 1,
            };
            return count.clamp(0, MAX_ITERATIONS as i64) as usize;
        }
        if let Some((a, b)) = w.strip_prefix('{').and_then(|r| r.strip_suffix('}')).and_then(|r| r.split_once("..")) {
            if let (Some(a), Some(b)) = (n(a), n(b)) {
                return ((b - a).abs() + 1).clamp(0, MAX_ITERATIONS as i64) as usize;
            }
        }
    }
    words.len()
}

// ---------------------------------------------------------------- running

#[derive(Clone, Debug, PartialEq)]
enum Flow {
    Normal,
    Exit(i32),
    /// Blocks forever (sleep infinity, tail -f, a server, an endless loop).
    Forever,
}

#[derive(Default)]
struct Machine {
    t: i64,
    status: i32,
    files: Vec<FileSpan>,
    listens: bool,
    ignores_sigterm: bool,
    busy: bool,
    memory: i64,
    cpu_milli: i64,
    /// Set once a wait loop is found: (service, namespace, loop start, poll).
    wait: Option<(String, Option<String>, Check, i64, i64)>,
    wait_end: Option<i64>,
    /// The container's root, when known: paths it surely lacks fail `ls`.
    root: Option<super::image_root::Root>,
    /// A busybox container's programs: a command it lacks fails.
    programs: Option<Programs>,
    /// The functions the script defines (never looked up).
    functions: Vec<String>,
    /// The script's text, for the paths it names.
    text: String,
}

impl Machine {
    fn finish(mut self, flow: Flow) -> Script {
        let end = match (&self.wait, flow) {
            (Some((service, namespace, check, from, poll)), flow) => {
                let then_ms = self.t - self.wait_end.unwrap_or(self.t);
                let code = match flow {
                    Flow::Exit(c) => Some(c),
                    Flow::Normal => Some(self.status),
                    _ => None,
                };
                End::WaitForService { service: service.clone(), namespace: namespace.clone(), check: *check, from_ms: *from, poll_ms: *poll, then_ms, code }
            }
            (None, Flow::Exit(code)) => End::At { ms: self.t, code },
            (None, Flow::Normal) => End::At { ms: self.t, code: self.status },
            (None, Flow::Forever) => End::Never,
        };
        kubeplay_model::sort::sort_by(&mut self.files, |a, b| (a.from_ms, &a.path).cmp(&(b.from_ms, &b.path)));
        Script { end, files: self.files, listens: self.listens, ignores_sigterm: self.ignores_sigterm, busy: self.busy, memory: self.memory, cpu_milli: self.cpu_milli }
    }

    fn list(&mut self, items: &[Item], depth: usize) -> Flow {
        let mut skip_next = false;
        for item in items {
            if !skip_next {
                let start = self.t;
                let flow = self.cmd(&item.cmd, depth);
                if item.op == "&" {
                    // Backgrounded: the script goes on at once.
                    self.t = start;
                    self.status = 0;
                } else if flow != Flow::Normal {
                    return flow;
                }
            }
            skip_next = match item.op {
                "&&" => self.status != 0,
                "||" => self.status == 0,
                _ => false,
            };
        }
        Flow::Normal
    }

    fn cmd(&mut self, cmd: &Cmd, depth: usize) -> Flow {
        if depth > MAX_DEPTH {
            return Flow::Normal;
        }
        match cmd {
            Cmd::Simple(words) => self.simple(words, depth),
            Cmd::If { cond, then, otherwise } => {
                let f = self.list(cond, depth + 1);
                if f != Flow::Normal {
                    return f;
                }
                if self.status == 0 { self.list(then, depth + 1) } else { self.list(otherwise, depth + 1) }
            }
            Cmd::For { count, body } => {
                for _ in 0..*count {
                    let before = self.t;
                    let f = self.list(body, depth + 1);
                    if f != Flow::Normal {
                        return f;
                    }
                    if self.t == before && *count > 1 {
                        // Instant iterations: the rest are instant too.
                        break;
                    }
                }
                Flow::Normal
            }
            Cmd::Loop { until, negate, cond, body } => self.run_loop(*until != *negate, cond, body, depth),
        }
    }

    /// `while`/`until`. `until_true` is true for `until C` and `while ! C`.
    fn run_loop(&mut self, until_true: bool, cond: &[Item], body: &[Item], depth: usize) -> Flow {
        if until_true {
            if let Some((service, namespace, check)) = lookup_target(cond) {
                if self.wait.is_none() {
                    let from = self.t;
                    let poll = {
                        let mut probe = Machine { t: 0, ..Default::default() };
                        let _ = probe.list(body, depth + 1);
                        probe.t.max(1_000)
                    };
                    self.wait = Some((service, namespace, check, from, poll));
                    self.wait_end = Some(self.t);
                    return Flow::Normal;
                }
            }
            // Any other condition is taken to hold at once: the body never runs.
            return Flow::Normal;
        }
        // `while C`: endless unless the body exits.
        let endless_cond = matches!(cond, [Item { cmd: Cmd::Simple(w), .. }] if matches!(w.first().map(String::as_str), Some("true" | ":" | "sleep")));
        let start = self.t;
        let f = self.list(cond, depth + 1);
        if f != Flow::Normal {
            return f;
        }
        let f = self.list(body, depth + 1);
        if f != Flow::Normal {
            return f;
        }
        if self.t == start {
            self.busy = true;
        }
        // `while [ $got -ne $want ]; do ping …; got=$?; done`: a retry loop
        // on the script's own variables, which this shell does not keep;
        // it is taken to pass once, its command succeeding the first time.
        if !endless_cond && retry_test(cond) {
            return Flow::Normal;
        }
        if endless_cond || !cond.is_empty() {
            return Flow::Forever;
        }
        Flow::Normal
    }

    fn simple(&mut self, words: &[String], depth: usize) -> Flow {
        let Some(first) = words.first() else { return Flow::Normal };
        // `VAR=value cmd`: assignments before the command.
        if first.contains('=') && !first.starts_with('=') && !first.starts_with('-') {
            return self.simple(&words[1..], depth);
        }
        let args = &words[1..];
        let name = basename(first);
        if let Some(code) = self.not_found(first) {
            // `sh: NAME: not found` on stderr; the script goes on.
            self.status = code;
            return Flow::Normal;
        }
        // `exit` with no argument ends with the status before it.
        let last = self.status;
        self.status = 0;
        match name {
            "sleep" => {
                for a in args {
                    match sleep_ms(a) {
                        Some(ms) => self.t += ms,
                        None if a == "infinity" || a == "inf" => return Flow::Forever,
                        None => {
                            self.status = 1;
                            return Flow::Normal;
                        }
                    }
                }
                Flow::Normal
            }
            "exit" => Flow::Exit(args.first().and_then(|a| a.parse::<i32>().ok()).map(|c| c & 0xff).unwrap_or(last)),
            "false" => {
                self.status = 1;
                Flow::Normal
            }
            "touch" => {
                for f in args.iter().filter(|a| !a.starts_with('-')) {
                    if !self.exists(f) {
                        self.files.push(FileSpan { path: f.clone(), from_ms: self.t, until_ms: None });
                    }
                }
                Flow::Normal
            }
            "rm" => {
                let t = self.t;
                for f in args.iter().filter(|a| !a.starts_with('-')) {
                    for span in self.files.iter_mut().filter(|s| &s.path == f && s.until_ms.is_none()) {
                        span.until_ms = Some(t);
                    }
                }
                Flow::Normal
            }
            "test" | "[" => {
                let ok = match args {
                    [flag, path, ..] if matches!(flag.as_str(), "-f" | "-e" | "-s" | "-r") => self.exists(path),
                    [bang, flag, path, ..] if bang == "!" && matches!(flag.as_str(), "-f" | "-e" | "-s" | "-r") => !self.exists(path),
                    _ => true,
                };
                self.status = if ok { 0 } else { 1 };
                Flow::Normal
            }
            "tail" if args.iter().any(|a| a == "-f" || a == "-F" || a.starts_with("--follow")) => Flow::Forever,
            "ls" => {
                let missing = |p: &String| !p.starts_with('-') && !self.exists(p) && self.root.as_ref().is_some_and(|r| r.missing(p));
                if let Some(root) = self.root.as_ref().filter(|_| args.iter().any(missing)) {
                    self.status = root.ls_missing_code();
                }
                Flow::Normal
            }
            "yes" | "top" => {
                self.busy |= name == "yes";
                Flow::Forever
            }
            "exec" | "nohup" | "time" | "env" if !args.is_empty() => self.simple(args, depth),
            "sh" | "bash" | "ash" | "dash" => match shell_script(words) {
                Some(script) if depth < MAX_DEPTH => match parse(script) {
                    Some(items) => self.list(&items, depth + 1),
                    None => Flow::Normal,
                },
                // A shell reading commands from stdin, which is empty.
                _ => Flow::Normal,
            },
            "perl" => {
                if let Some(digits) = words.iter().find_map(|w| bpi_digits(w)) {
                    self.t += bpi_ms(digits);
                    self.cpu_milli = 1000;
                }
                Flow::Normal
            }
            "stress" => self.stress(args),
            _ if is_server(name, args) => {
                self.listens = true;
                self.ignores_sigterm = name == "ncat";
                Flow::Forever
            }
            _ => Flow::Normal,
        }
    }

    /// ash's status for a first word it cannot run (127, or 126 for a
    /// path that is no program), in a container whose programs are known.
    fn not_found(&self, first: &str) -> Option<i32> {
        let programs = self.programs.as_ref()?;
        let plain = first.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '+' | '-'));
        let starts = first.starts_with(|c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '/'));
        // Digits alone are what this tokenizer leaves of `2>&1`.
        if !plain || !starts || first.bytes().all(|b| b.is_ascii_digit()) || KEYWORDS.contains(&first) || self.functions.iter().any(|f| f == first) {
            return None;
        }
        // A program the script itself may put in place (`wget -O
        // /bin/tool …; tool`, `cp … /app/run; /app/run`).
        let mentioned = if first.contains('/') { self.text.matches(first).count() > 1 } else { self.text.contains(&format!("/{first}")) };
        if mentioned {
            return None;
        }
        programs.shell_status(first)
    }

    fn exists(&self, path: &str) -> bool {
        self.files.iter().any(|f| f.path == path && f.from_ms <= self.t && f.until_ms.is_none_or(|u| self.t < u))
    }

    /// polinux/stress: `--vm N --vm-bytes SIZE` holds memory, `--cpu N`
    /// spins N CPUs, `--timeout Ns` stops it.
    fn stress(&mut self, args: &[String]) -> Flow {
        let mut vm = 0;
        let mut vm_bytes: i64 = 256 * 1024 * 1024;
        let mut timeout = None;
        let mut i = 0;
        while i < args.len() {
            let (flag, inline) = match args[i].split_once('=') {
                Some((f, v)) => (f, Some(v.to_string())),
                None => (args[i].as_str(), None),
            };
            let value = inline.or_else(|| args.get(i + 1).cloned());
            let consumed = if args[i].contains('=') { 1 } else { 2 };
            match flag {
                "--vm" | "-m" => vm = value.as_deref().and_then(|v| v.parse::<i64>().ok()).unwrap_or(1),
                "--vm-bytes" => vm_bytes = value.as_deref().and_then(parse_bytes).unwrap_or(vm_bytes),
                // vish/stress spells it `-mem-total 150Mi`.
                "-mem-total" | "--mem-total" => {
                    vm = 1;
                    vm_bytes = value.as_deref().and_then(parse_bytes).unwrap_or(vm_bytes);
                }
                "--cpu" | "-c" | "-cpus" | "--cpus" => self.cpu_milli = value.as_deref().and_then(|v| v.parse::<i64>().ok()).unwrap_or(1) * 1000,
                "--timeout" | "-t" => timeout = value.as_deref().and_then(sleep_ms),
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += consumed;
        }
        self.memory = vm * vm_bytes;
        match timeout {
            Some(ms) => {
                self.t += ms;
                Flow::Normal
            }
            None => Flow::Forever,
        }
    }
}

/// A loop condition that is one `[ … ]` or `test …` comparing the
/// script's variables (`[ $gotStatus -ne $wantStatus ]`).
fn retry_test(cond: &[Item]) -> bool {
    let [Item { cmd: Cmd::Simple(words), .. }] = cond else { return false };
    matches!(words.first().map(String::as_str), Some("[" | "test" | "[[")) && words.iter().skip(1).any(|w| w.starts_with('$'))
}

/// `until nslookup myservice…`, `until wget -q http://svc…` and friends:
/// the Service they wait for, with its namespace if the name spells it,
/// and what the program checks.
fn lookup_target(cond: &[Item]) -> Option<(String, Option<String>, Check)> {
    let [Item { cmd: Cmd::Simple(words), .. }] = cond else { return None };
    let name = basename(words.first()?);
    let positional = || words.iter().skip(1).filter(|w| !w.starts_with('-'));
    let (target, check) = match name {
        "nslookup" | "host" | "dig" | "getent" | "ping" => (positional().rfind(|w| *w != "hosts")?, Check::Resolves),
        "wget" | "curl" => {
            // A URL with its scheme first: option values (`-O /dev/null`) look like names too.
            let url = positional().find(|w| w.contains("://")).or_else(|| positional().find(|w| !w.starts_with('/') && w.chars().any(|c| c.is_ascii_alphabetic())))?;
            let default = if url.starts_with("https://") { 443 } else { 80 };
            let hostport = url.split("://").last().unwrap_or(url).split('/').next().unwrap_or("");
            let port = hostport.rsplit_once(':').map_or(Some(default), |(_, p)| p.parse().ok());
            (url, port.map_or(Check::Resolves, |port| Check::Answers { port }))
        }
        // `nc -z HOST PORT`.
        "nc" => {
            let mut args = positional();
            let host = args.find(|w| w.chars().any(|c| c.is_ascii_alphabetic()))?;
            let port = args.next().and_then(|p| p.parse().ok());
            (host, port.map_or(Check::Resolves, |port| Check::Answers { port }))
        }
        _ => return None,
    };
    let host = target.split("://").last().unwrap_or(target);
    let host = host.split(['/', ':']).next().unwrap_or(host);
    let mut labels = host.split('.');
    let service = labels.next()?.to_string();
    if service.is_empty() || service.starts_with('$') {
        return None;
    }
    let namespace = labels.next().filter(|ns| !ns.starts_with('$') && *ns != "svc" && !ns.is_empty()).map(str::to_string);
    Some((service, namespace, check))
}

/// Programs that run as servers when started from a script.
fn is_server(name: &str, args: &[String]) -> bool {
    let has = |f: &str| args.iter().any(|a| a == f);
    match name {
        "nginx" => !(has("-s") || has("-t") || has("-v") || has("-V") || has("-T")),
        "httpd" => !(has("-v") || has("-t")),
        "httpd-foreground" | "apache2-foreground" | "redis-server" | "memcached" | "mysqld" | "postgres" | "mongod" | "php-fpm" | "caddy" | "traefik" => true,
        "python" | "python3" => args.windows(2).any(|w| w[0] == "-m" && w[1] == "http.server") || python_file(args),
        "nc" | "netcat" => has("-l") || has("-lk") || has("-lp"),
        // nmap's ncat (the replicated MySQL page's xtrabackup sidecar).
        "ncat" => has("-l") || has("--listen") || has("-lk"),
        "socat" => true,
        "node" | "npm" | "java" | "gunicorn" | "uvicorn" | "flask" => true,
        // kubernetes-zookeeper's start script execs the server in the foreground.
        "start-zookeeper" | "zkServer.sh" => !has("stop") && !has("status"),
        // The default cluster's add-ons, run by the command kubeadm writes.
        "kube-proxy" | "coredns" | "etcd" | "kube-apiserver" | "kube-controller-manager" | "kube-scheduler" | "local-path-provisioner" => !has("--version"),
        _ => false,
    }
}

/// `python -u /app/server.py`: a script file run as a workload's process
/// is its application, a server or a worker that runs until stopped, as
/// `node app.js` is; code after `-c` and other `-m` modules end.
fn python_file(args: &[String]) -> bool {
    args.iter().find(|a| !a.starts_with('-') || *a == "-c" || *a == "-m").is_some_and(|a| a.ends_with(".py"))
}

/// `sleep` arguments: `30`, `0.5`, `2m`, `1h`, `1d`.
pub fn sleep_ms(arg: &str) -> Option<i64> {
    let (num, unit) = match arg.char_indices().last()? {
        (i, c @ ('s' | 'm' | 'h' | 'd')) => (&arg[..i], c),
        _ => (arg, 's'),
    };
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit() || b == b'.') || num.matches('.').count() > 1 {
        return None;
    }
    let (whole, frac) = num.split_once('.').unwrap_or((num, ""));
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let frac_ms: i64 = format!("{:0<3}", frac.get(..frac.len().min(3))?).parse().ok()?;
    let unit_ms = match unit {
        's' => 1_000,
        'm' => 60_000,
        'h' => 3_600_000,
        _ => 86_400_000,
    };
    whole.checked_mul(unit_ms)?.checked_add(frac_ms * unit_ms / 1000)
}

/// `150M`, `1G`, `256Mi`, `100m`: stress-style byte sizes.
fn parse_bytes(s: &str) -> Option<i64> {
    let s = s.trim();
    let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n: i64 = s[..split].parse().ok()?;
    let mult = match s[split..].to_ascii_lowercase().trim_end_matches(['i', 'b']) {
        "" => 1,
        "k" => 1024,
        "m" => 1024 * 1024,
        "g" => 1024 * 1024 * 1024,
        _ => return None,
    };
    n.checked_mul(mult)
}

/// `print bpi(2000)` → 2000.
fn bpi_digits(w: &str) -> Option<i64> {
    let i = w.find("bpi(")?;
    let rest = &w[i + 4..];
    rest[..rest.find(')')?].trim().parse().ok()
}

/// Computing π to `digits` with Math::BigFloat: about 4 s for the docs'
/// 2000 digits, growing with the square of the digits.
fn bpi_ms(digits: i64) -> i64 {
    let d = digits.clamp(1, 100_000);
    (4_000 * d / 2000 * d / 2000).max(100)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn sleep_then_exit() {
        assert_eq!(run_script("sleep 30").end, End::At { ms: 30_000, code: 0 });
        assert_eq!(run_script("echo hi; sleep 5; exit 1").end, End::At { ms: 5_000, code: 1 });
        assert_eq!(run_script("sleep 2 && false").end, End::At { ms: 2_000, code: 1 });
        assert_eq!(run_script("false || exit 3").end, End::At { ms: 0, code: 3 });
        assert_eq!(run_script("false && sleep 10; echo done").end, End::At { ms: 0, code: 0 });
        assert_eq!(run(&argv(&["sleep", "3600"])).end, End::At { ms: 3_600_000, code: 0 });
        assert_eq!(run(&argv(&["sleep", "infinity"])).end, End::Never);
        assert_eq!(run(&argv(&["false"])).end, End::At { ms: 0, code: 1 });
        assert_eq!(run_script("exit 300").end, End::At { ms: 0, code: 44 }, "exit codes wrap at 256");
    }

    #[test]
    fn retry_loops_on_variables_pass_once() {
        let script = "for i in 0 1 2\ndo\n  got=\"-1\"\n  want=\"0\"\n  while [ $got -ne $want ]\n  do\n    ping -c 1 example-job-${i}.headless-svc > /dev/null 2>&1\n    got=$?\n  done\ndone\n";
        assert_eq!(run_script(script).end, End::At { ms: 0, code: 0 });
        // Constant conditions, and others, still loop.
        assert_eq!(run_script("while [ 1 -eq 1 ]; do sleep 1; done").end, End::Never);
        assert_eq!(run_script("while true; do sleep 1; done").end, End::Never);
        assert_eq!(run_script("while pgrep x; do sleep 1; done").end, End::Never);
    }

    #[test]
    fn endless_loops_as_a_terminal_sees_them() {
        let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<String>>();
        let got = endless_loop("echo start; while true; do echo hello; sleep 10; done").expect("a loop");
        assert_eq!(got, EndlessLoop { before: vec![w(&["echo", "start"])], turn: vec![w(&["echo", "hello"])], sleep_ms: 10_000 });
        let got = endless_loop("while sleep 0.01; do wget -q -O- http://php-apache; done").expect("a loop");
        assert_eq!((got.turn, got.sleep_ms), (vec![w(&["wget", "-q", "-O-", "http://php-apache"])], 10));
        let got = endless_loop("while true; do wget -q -O- http://php-apache > /dev/null; done").expect("a loop");
        assert!(got.turn.is_empty());
        for script in ["while [ -f /x ]; do sleep 1; done", "sleep 5", "while true; do if true; then echo; fi; done", "while true; do sleep 1; done &", "while true; do"] {
            assert_eq!(endless_loop(script), None, "{script}");
        }
    }

    #[test]
    fn endless_request_loops() {
        let php = || vec![("php-apache".to_string(), None)];
        let cases: &[(&str, Vec<(String, Option<String>)>)] = &[
            // The HPA walkthrough's load generator, and its older forms.
            ("while sleep 0.01; do wget -q -O- http://php-apache; done", php()),
            ("while true; do wget -q -O- http://php-apache; done", php()),
            ("while true; do wget -q -O- http://php-apache > /dev/null; done", php()),
            ("while :; do curl -s http://php-apache.default.svc.cluster.local:80/; done", vec![("php-apache".to_string(), Some("default".to_string()))]),
            ("while true; do wget -q -O- http://a; wget -q -O- http://b; done", vec![("a".to_string(), None), ("b".to_string(), None)]),
            // Loops that end, or requests outside the loop.
            ("until wget -q http://php-apache; do sleep 1; done", vec![]),
            ("wget -q -O- http://php-apache; while true; do sleep 1; done", vec![]),
            ("while test -f /tmp/x; do wget -q http://php-apache; done", vec![]),
            ("while true; do echo hi; sleep 1; done", vec![]),
            ("while true; do", vec![]),
        ];
        for (script, want) in cases {
            assert_eq!(&endless_requests(script), want, "{script}");
        }
    }

    #[test]
    fn sleep_units() {
        assert_eq!(sleep_ms("10"), Some(10_000));
        assert_eq!(sleep_ms("0.5"), Some(500));
        assert_eq!(sleep_ms("2m"), Some(120_000));
        assert_eq!(sleep_ms("1h"), Some(3_600_000));
        assert_eq!(sleep_ms("1d"), Some(86_400_000));
        assert_eq!(sleep_ms("x"), None);
        assert_eq!(sleep_ms("infinity"), None);
    }

    #[test]
    fn loops_that_never_end() {
        assert_eq!(run_script("while true; do echo hello; sleep 10; done").end, End::Never);
        assert!(run_script("while :; do :; done").busy);
        assert_eq!(run(&argv(&["tail", "-f", "/dev/null"])).end, End::Never);
        // The HPA walkthrough's load generator.
        assert_eq!(run_script("while sleep 0.01; do wget -q -O- http://php-apache; done").end, End::Never);
    }

    #[test]
    fn for_loops_count_iterations() {
        assert_eq!(run_script("for i in 1 2 3; do sleep 1; done").end, End::At { ms: 3_000, code: 0 });
        assert_eq!(run_script("for i in $(seq 1 10); do echo $i; sleep 2; done").end, End::At { ms: 20_000, code: 0 });
        assert_eq!(run_script("for i in {1..5}; do sleep 1; done; exit 2").end, End::At { ms: 5_000, code: 2 });
    }

    // The docs' liveness exec example.
    #[test]
    fn files_appear_and_disappear() {
        let s = run_script("touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600");
        assert_eq!(s.end, End::At { ms: 630_000, code: 0 });
        assert!(s.file_exists("/tmp/healthy", 0));
        assert!(s.file_exists("/tmp/healthy", 29_999));
        assert!(!s.file_exists("/tmp/healthy", 30_000));
        assert!(!s.file_exists("/tmp/other", 0));
        let s = run_script("sleep 5; [ -f /tmp/x ] || exit 7");
        assert_eq!(s.end, End::At { ms: 5_000, code: 7 });
    }

    // The docs' init-container example waits for Services by DNS name.
    #[test]
    fn waits_for_a_service() {
        let s = run_script("until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done");
        assert_eq!(s.end, End::WaitForService { service: "myservice".into(), namespace: None, check: Check::Resolves, from_ms: 0, poll_ms: 2_000, then_ms: 0, code: Some(0) });
        let s = run_script("until nslookup mydb.prod.svc.cluster.local; do sleep 5; done; echo ok; sleep 1; exit 4");
        assert_eq!(s.end, End::WaitForService { service: "mydb".into(), namespace: Some("prod".into()), check: Check::Resolves, from_ms: 0, poll_ms: 5_000, then_ms: 1_000, code: Some(4) });
        assert_eq!(run_script("until [ -f /x ]; do sleep 1; done").end, End::At { ms: 0, code: 0 });
        let check = |script: &str| match run_script(script).end {
            End::WaitForService { service, namespace, check, .. } => Some((service, namespace, check)),
            _ => None,
        };
        assert_eq!(check("until wget -q -T 2 -O- http://web:8080/healthz; do sleep 2; done"), Some(("web".into(), None, Check::Answers { port: 8080 })));
        assert_eq!(check("until curl -sf https://api.prod.svc; do sleep 1; done"), Some(("api".into(), Some("prod".into()), Check::Answers { port: 443 })));
        assert_eq!(check("until wget -qO- web; do sleep 1; done"), Some(("web".into(), None, Check::Answers { port: 80 })));
        assert_eq!(check("until wget -q -O /dev/null http://web; do sleep 1; done"), Some(("web".into(), None, Check::Answers { port: 80 })));
        assert_eq!(check("until nc -z db 5432; do sleep 1; done"), Some(("db".into(), None, Check::Answers { port: 5432 })));
        assert_eq!(check("until getent hosts db; do sleep 1; done"), Some(("db".into(), None, Check::Resolves)));
    }

    #[test]
    fn pi_job_completes_after_a_few_seconds() {
        let s = run(&argv(&["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]));
        assert_eq!(s.end, End::At { ms: 4_000, code: 0 });
    }

    #[test]
    fn stress_holds_memory() {
        let s = run(&argv(&["stress", "--vm", "1", "--vm-bytes", "150M", "--vm-hang", "1"]));
        assert_eq!((s.end, s.memory), (End::Never, 150 * 1024 * 1024));
        let s = run(&argv(&["stress", "--cpu", "2", "--timeout", "60s"]));
        assert_eq!((s.end, s.cpu_milli), (End::At { ms: 60_000, code: 0 }, 2000));
    }

    #[test]
    fn servers_started_from_scripts_listen() {
        let s = run_script("echo start; nginx -g 'daemon off;'");
        assert_eq!((s.end, s.listens), (End::Never, true));
        assert!(run(&argv(&["python3", "-m", "http.server", "8080"])).listens);
        // A script file is the application; code and version queries end.
        let s = run(&argv(&["python", "-u", "/app/forwarder.py"]));
        assert_eq!((s.end, s.listens), (End::Never, true));
        assert!(!run(&argv(&["python3", "-c", "print('app.py')"])).listens);
        assert!(!run(&argv(&["python3", "--version"])).listens);
        let s = run_script("cd /var/lib/mysql\nexec ncat --listen --keep-open --send-only --max-conns=1 3307 -c \\\n  \"xtrabackup --backup\"");
        assert_eq!((s.end, s.listens, s.ignores_sigterm), (End::Never, true, true));
        assert!(!run_script("nginx -g 'daemon off;'").ignores_sigterm);
        assert!(!run(&argv(&["ncat", "--recv-only", "mysql-0.mysql", "3307"])).listens);
        // The ZooKeeper tutorial's command (one line continued with `\`).
        let s = run_script("start-zookeeper \\\n  --servers=3 \\\n  --client_port=2181");
        assert_eq!((s.end, s.listens), (End::Never, true));
    }

    #[test]
    fn shell_script_extraction() {
        assert_eq!(shell_script(&argv(&["/bin/sh", "-c", "sleep 1"])), Some("sleep 1"));
        assert_eq!(shell_script(&argv(&["bash", "-ec", "exit 2"])), Some("exit 2"));
        assert_eq!(shell_script(&argv(&["sh", "script.sh"])), None);
        assert_eq!(shell_script(&argv(&["sleep", "1"])), None);
    }

    #[test]
    fn command_lists_for_exec() {
        let words = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(command_list("wget -qO- http://web"), Some(vec![(words(&["wget", "-qO-", "http://web"]), ";")]));
        assert_eq!(
            command_list("nslookup web && wget -q -O- 'http://web:80/' || echo failed"),
            Some(vec![(words(&["nslookup", "web"]), "&&"), (words(&["wget", "-q", "-O-", "http://web:80/"]), "||"), (words(&["echo", "failed"]), ";")])
        );
        assert_eq!(command_list("env; hostname").map(|l| l.len()), Some(2));
        assert_eq!(command_list(r#"curl -w "%{http_code}\n" -H "a\"b" web"#), Some(vec![(words(&["curl", "-w", "%{http_code}\\n", "-H", "a\"b", "web"]), ";")]));
        assert_eq!(command_list("wget -qO- http://web | head -1"), None);
        assert_eq!(command_list("until nslookup web; do sleep 1; done"), None);
        assert_eq!(command_list("sleep 1 &"), None);
        assert_eq!(command_list("nslookup web >/dev/null"), None);
        assert_eq!(command_list("echo 'open"), None);
    }

    #[test]
    fn syntax_errors_exit_2() {
        assert_eq!(run_script("echo 'unterminated").end, End::At { ms: 0, code: 2 });
        assert_eq!(run_script("while true; do").end, End::At { ms: 0, code: 2 });
    }
}

/// The files a hook's `sh -c` script writes with `echo … > FILE` (or
/// `>> FILE`), in order: (path, text, append). The kubelet runs a
/// postStart handler's script this far; anything else in it writes
/// nothing.
pub fn echo_writes(script: &str) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for item in parse(script).unwrap_or_default() {
        let Cmd::Simple(words) = &item.cmd else { continue };
        if words.first().map(|w| basename(w)) != Some("echo") {
            continue;
        }
        let (mut args, mut target): (Vec<&str>, Option<(String, bool)>) = (Vec::new(), None);
        let mut i = 1;
        while let Some(w) = words.get(i) {
            match w.as_str() {
                ">" | ">>" => {
                    target = words.get(i + 1).map(|t| (t.clone(), w == ">>"));
                    i += 1;
                }
                w if w.starts_with(">>") => target = Some((w[2..].to_string(), true)),
                w if w.starts_with('>') => target = Some((w[1..].to_string(), false)),
                w => args.push(w),
            }
            i += 1;
        }
        if let Some((path, append)) = target.filter(|(p, _)| p.starts_with('/')) {
            out.push((path, format!("{}\n", args.join(" ")), append));
        }
    }
    out
}

#[cfg(test)]
mod hook_tests {
    #[test]
    fn echo_writes_of_a_hook() {
        let cases: &[(&str, &[(&str, &str, bool)])] = &[
            ("echo Hello from the postStart handler > /usr/share/message", &[("/usr/share/message", "Hello from the postStart handler\n", false)]),
            ("echo a >/tmp/a; echo b >> /tmp/a", &[("/tmp/a", "a\n", false), ("/tmp/a", "b\n", true)]),
            ("echo 'quoted  text' > /x", &[("/x", "quoted  text\n", false)]),
            ("nginx -s quit; while killall -0 nginx; do sleep 1; done", &[]),
            ("echo relative > x", &[]),
        ];
        for (script, want) in cases {
            let got = super::echo_writes(script);
            let want: Vec<(String, String, bool)> = want.iter().map(|(p, t, a)| (p.to_string(), t.to_string(), *a)).collect();
            assert_eq!(got, want, "{script}");
        }
    }
}
