//! What busybox `wget`, curl 8 and `nslookup` print for one request's
//! outcome in the simulated network: pure functions from parsed arguments
//! and an [`Outcome`] to the tool's stdout, stderr and exit code, so the
//! texts are tested apart from the cluster.

use kubeplay_engine::network::curl as says;

/// How one HTTP request ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No address: `blocked` when the resolver's queries time out (an
    /// egress policy), else CoreDNS answered NXDOMAIN.
    Unresolved {
        blocked: bool,
    },
    /// kube-proxy or the pod answered with a reset.
    Refused {
        ip: String,
    },
    /// Nothing answers: the client's SYNs are dropped.
    Unanswered {
        ip: String,
    },
    Answered {
        ip: String,
        reply: Reply,
    },
    /// The client gave up before sending the request (curl's TLS checks):
    /// its exit code and error line(s), shown as its other errors are.
    Failed {
        code: i32,
        error: String,
    },
}

/// The server's answer: its header lines (after the status line) and
/// body; `body` is None when the playground does not know what the
/// server sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub headers: Vec<String>,
    pub body: Option<String>,
}

impl Reply {
    /// The status line (`HTTP/1.1 404 Not Found`): a status other than
    /// 200 comes as the first header line, which every printer reads.
    pub fn status_line(&self) -> &str {
        match self.headers.first() {
            Some(s) if s.starts_with("HTTP/") => s,
            _ => "HTTP/1.1 200 OK",
        }
    }

    /// The status code.
    pub fn code(&self) -> u16 {
        self.status_line().split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(200)
    }

    /// Answers with `code` and its `reason` instead.
    pub fn set_status(&mut self, code: u16, reason: &str) {
        if self.headers.first().is_some_and(|h| h.starts_with("HTTP/")) {
            self.headers.remove(0);
        }
        if code != 200 {
            self.headers.insert(0, format!("HTTP/1.1 {code} {reason}"));
        }
    }

    /// The header lines after the status line.
    pub fn header_lines(&self) -> &[String] {
        match self.headers.split_first() {
            Some((s, rest)) if s.starts_with("HTTP/") => rest,
            _ => &self.headers,
        }
    }
}

/// What a tool printed, in order (true: stderr), and its exit code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printed {
    pub pieces: Vec<(bool, String)>,
    pub code: i32,
}

impl Printed {
    fn out(&mut self, s: impl Into<String>) {
        self.pieces.push((false, s.into()));
    }
    /// One line on stderr.
    fn err(&mut self, s: impl Into<String>) {
        let mut s = s.into();
        s.push('\n');
        self.pieces.push((true, s));
    }
    fn fail(mut self, code: i32) -> Printed {
        self.code = code;
        self
    }
}

/// The kernel gives up on unanswered SYNs after about this long (the same
/// figure `sim curl` reports).
const SYN_GIVE_UP_S: f64 = says::SYN_GIVE_UP_MS as f64 / 1000.0;
/// musl's and glibc's resolvers: 5 s per try, 2 tries.
const RESOLVER_GIVE_UP_S: f64 = 10.0;

fn parse_secs(v: &str) -> Option<f64> {
    v.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0)
}

/// curl's elapsed-milliseconds figure for a timeout of `s` seconds: the
/// clock is read a moment after the deadline.
fn ms_after(s: f64) -> u64 {
    (s * 1000.0) as u64 + 1
}

// ---- busybox wget ----

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wget {
    pub quiet: bool,
    pub server_response: bool,
    pub spider: bool,
    /// `-O FILE`; `-` is stdout. None: the URL's last path part.
    pub output: Option<String>,
    pub timeout_s: Option<u32>,
    pub url: String,
    /// `--header` lines, sent with the request.
    pub headers: Vec<String>,
    pub no_check_certificate: bool,
    /// The file it would save to is there already: busybox opens its
    /// own choice of name exclusively (only `-O FILE` overwrites).
    pub exists: bool,
    /// `-P DIR`: where a file named after the URL goes.
    pub dir_prefix: Option<String>,
}

impl Wget {
    /// The file a download is saved to: `-O`'s, else the URL's last
    /// path part; None for stdout or `--spider`.
    pub fn target(&self) -> Option<String> {
        match self.output.as_deref() {
            _ if self.spider => None,
            Some("-") => None,
            Some(f) => Some(f.to_string()),
            None => Some(self.named_file()),
        }
    }

    /// The URL's last path part, under `-P`'s directory.
    fn named_file(&self) -> String {
        let name = wget_file(&self.url);
        match self.dir_prefix.as_deref().map(|d| d.trim_end_matches('/')) {
            Some(d) => format!("{d}/{name}"),
            None => name,
        }
    }
}

/// Options that take a value (getopt32's `O:o:P:Y:U:T:t:`).
const WGET_VALUE_OPTS: &str = "OoPYUTt";

pub fn parse_wget(args: &[String]) -> Result<Wget, String> {
    let mut w = Wget::default();
    let mut urls = Vec::new();
    let mut i = 0;
    let value = |i: &mut usize, inline: Option<&str>, name: &str| -> Result<String, String> {
        if let Some(v) = inline {
            return Ok(v.to_string());
        }
        *i += 1;
        args.get(*i)
            .cloned()
            .ok_or_else(|| format!("wget: option requires an argument -- '{name}'"))
    };
    while i < args.len() {
        let a = args[i].as_str();
        if let Some(long) = a.strip_prefix("--") {
            if long.is_empty() {
                urls.extend(args[i + 1..].iter().cloned());
                break;
            }
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            match name {
                "quiet" => w.quiet = true,
                "server-response" => w.server_response = true,
                "spider" => w.spider = true,
                "output-document" => w.output = Some(value(&mut i, inline, name)?),
                "timeout" => {
                    w.timeout_s = Some(
                        value(&mut i, inline, name)?
                            .parse()
                            .map_err(|_| "wget: invalid number".to_string())?,
                    )
                }
                "header" => {
                    let h = value(&mut i, inline, name)?;
                    w.headers.push(h);
                }
                "no-check-certificate" => w.no_check_certificate = true,
                "directory-prefix" => w.dir_prefix = Some(value(&mut i, inline, name)?),
                "output-file" | "proxy" | "user-agent" | "tries" => {
                    value(&mut i, inline, name)?;
                }
                "continue"
                | "no-cache"
                | "no-verbose"
                | "passive-ftp"
                | "no-clobber"
                | "no-parent" => {}
                _ => return Err(format!("wget: unrecognized option '--{name}'")),
            }
        } else if let Some(shorts) = a.strip_prefix('-').filter(|s| !s.is_empty()) {
            for (at, c) in shorts.char_indices() {
                if WGET_VALUE_OPTS.contains(c) {
                    let rest = &shorts[at + c.len_utf8()..];
                    let v = value(&mut i, (!rest.is_empty()).then_some(rest), &c.to_string())?;
                    match c {
                        'O' => w.output = Some(v),
                        'P' => w.dir_prefix = Some(v),
                        'T' => {
                            w.timeout_s = Some(
                                v.parse()
                                    .map_err(|_| format!("wget: invalid number '{v}'"))?,
                            )
                        }
                        _ => {}
                    }
                    break;
                }
                match c {
                    'q' => w.quiet = true,
                    'S' => w.server_response = true,
                    'c' => {}
                    // `-n…` takes an optional attached argument, ignored.
                    'n' => break,
                    _ => return Err(format!("wget: invalid option -- '{c}'")),
                }
            }
        } else {
            urls.push(a.to_string());
        }
        i += 1;
    }
    match urls.as_slice() {
        [] => Err("BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[--no-check-certificate] [-P DIR] [-U AGENT] [-T SEC] URL...".into()),
        [u] => {
            w.url = u.clone();
            Ok(w)
        }
        _ => Err("(playground) kubectl exec simulates wget with one URL".into()),
    }
}

/// The file name wget saves to without `-O`: the URL's last path part.
fn wget_file(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let path = rest.split_once('/').map_or("", |(_, p)| p);
    let path = path.split(['?', '#']).next().unwrap_or("");
    match path.rsplit('/').next() {
        Some(last) if !last.is_empty() => last.to_string(),
        _ => "index.html".into(),
    }
}

/// busybox's progress bar once the transfer ended, as it draws it when
/// stderr is not a terminal (a 32-column bar, no carriage return).
fn wget_bar(name: &str, bytes: usize) -> String {
    let name: String = name.chars().take(20).collect();
    let (mut n, mut unit) = (bytes as u64, 0);
    while n >= 100_000 {
        n >>= 10;
        unit += 1;
    }
    let unit = " kMGTPEZY".as_bytes().get(unit).map_or(' ', |b| *b as char);
    format!(
        "{name:<20}{:>4}% |{}|{n:>6}{unit} 0:00:00 ETA",
        100,
        "*".repeat(32)
    )
}

pub fn wget(w: &Wget, host: &str, port: i32, outcome: &Outcome) -> Printed {
    let mut p = Printed::default();
    let connecting = |p: &mut Printed, ip: &str| {
        if !w.quiet {
            p.err(format!("Connecting to {host} ({ip}:{port})"));
        }
    };
    match outcome {
        Outcome::Unresolved { .. } => {
            p.err(format!("wget: bad address '{host}'"));
            p.fail(1)
        }
        Outcome::Refused { ip } => {
            connecting(&mut p, ip);
            p.err(format!(
                "wget: can't connect to remote host ({ip}): Connection refused"
            ));
            p.fail(1)
        }
        Outcome::Unanswered { ip } => {
            connecting(&mut p, ip);
            // Without -T busybox waits 900 s: the kernel gives up first.
            match w.timeout_s.filter(|t| f64::from(*t) < SYN_GIVE_UP_S) {
                Some(_) => p.err("wget: download timed out"),
                None => p.err(format!(
                    "wget: can't connect to remote host ({ip}): Connection timed out"
                )),
            }
            p.fail(1)
        }
        Outcome::Failed { error, .. } => {
            p.err(error.clone());
            p.fail(1)
        }
        Outcome::Answered { ip, reply } => {
            connecting(&mut p, ip);
            // Said once the connection is up, -q or not.
            let https = w.url.get(..8).is_some_and(|s| s.eq_ignore_ascii_case("https://"));
            if https && !w.no_check_certificate {
                p.err("wget: note: TLS certificate validation not implemented");
            }
            if w.server_response {
                p.err(format!("  {}", reply.status_line()));
            }
            // busybox takes a 2xx (and follows redirects) and gives up on
            // anything else before reading the headers.
            if !(200..300).contains(&reply.code()) {
                p.err(format!("wget: server returned error: {}", reply.status_line()));
                return p.fail(1);
            }
            if w.server_response {
                for h in reply.header_lines() {
                    p.err(format!("  {h}"));
                }
                p.err("  ");
            }
            if w.spider {
                if !w.quiet {
                    p.err("remote file exists");
                }
                return p;
            }
            let to_stdout = w.output.as_deref() == Some("-");
            let file = w.output.clone().unwrap_or_else(|| w.named_file());
            if w.exists && w.output.is_none() {
                p.err(format!("wget: can't open '{file}': File exists"));
                return p.fail(1);
            }
            if !w.quiet {
                p.err(if to_stdout {
                    "writing to stdout".to_string()
                } else {
                    format!("saving to '{file}'")
                });
            }
            if let Some(body) = &reply.body {
                if to_stdout {
                    p.out(body.clone());
                }
                if !w.quiet {
                    let shown = if to_stdout {
                        "-"
                    } else {
                        file.rsplit('/').next().unwrap_or(&file)
                    };
                    p.err(wget_bar(shown, body.len()));
                }
            }
            if !w.quiet {
                p.err(if to_stdout {
                    "written to stdout".to_string()
                } else {
                    format!("'{file}' saved")
                });
            }
            p
        }
    }
}

// ---- curl ----

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Curl {
    pub silent: bool,
    pub show_error: bool,
    pub head: bool,
    /// `-i`: the response's status line and headers before its body.
    pub include: bool,
    pub fail: bool,
    pub max_time: Option<f64>,
    pub connect_timeout: Option<f64>,
    /// `-o FILE`: the body goes there, not to stdout.
    pub output: Option<String>,
    pub write_out: Option<String>,
    pub url: String,
    /// stdout is a terminal: curl shows no progress meter then.
    pub tty: bool,
    /// `-X`/`--request`: the method asked for, as typed.
    pub method: Option<String>,
    /// `-d` and kin: the body, several joined by `&` as curl joins them.
    pub data: Option<String>,
    /// `-H`/`--header`: the request's extra header lines.
    pub headers: Vec<String>,
    /// `-k`/`--insecure`: the server's certificate is not verified.
    pub insecure: bool,
    /// `--cacert FILE`: the CA certificates that verify the server's.
    pub cacert: Option<String>,
}

impl Curl {
    /// The method curl sends: `-X`'s, else POST with a body, else GET
    /// (HEAD with `-I`).
    pub fn method(&self) -> &str {
        match (&self.method, &self.data) {
            (Some(m), _) => m,
            (None, Some(_)) => "POST",
            _ if self.head => "HEAD",
            _ => "GET",
        }
    }

    /// Whether the request is more than the GET (or HEAD) the playground's
    /// servers answer everywhere.
    pub fn writes(&self) -> bool {
        !matches!(self.method(), "GET" | "HEAD") || self.data.is_some()
    }

    /// The first `-H` header called `name` (in any case): its value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find_map(|h| {
            let (n, value) = h.split_once(':')?;
            n.trim().eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// The Content-Type sent: `-H`'s, else curl's default for `-d`.
    pub fn content_type(&self) -> Option<String> {
        let typed = self.headers.iter().find_map(|h| {
            let (name, value) = h.split_once(':')?;
            name.trim().eq_ignore_ascii_case("content-type").then(|| value.trim().to_string())
        });
        typed.or_else(|| self.data.as_ref().map(|_| "application/x-www-form-urlencoded".to_string()))
    }

    /// The playground's refusal of `-H` on a request it answers without
    /// reading headers (a Host header would route elsewhere).
    pub fn unread_headers(&self) -> Option<String> {
        let h = self.headers.first()?;
        Some(format!("curl: (playground) this curl sends headers (-H {h:?}) only with a DELETE to the API server through kubectl proxy; elsewhere the simulated servers would answer as if it were not sent"))
    }

    fn add_data(&mut self, d: String) {
        self.data = Some(match self.data.take() {
            Some(old) => format!("{old}&{d}"),
            None => d,
        });
    }
}

fn curl_usage(msg: String) -> Printed {
    let mut p = Printed::default();
    p.err(msg);
    p.err("curl: try 'curl --help' or 'curl --manual' for more information");
    p.fail(2)
}

pub fn parse_curl(args: &[String]) -> Result<Curl, Printed> {
    let mut c = Curl::default();
    let mut urls = Vec::new();
    let mut i = 0;
    let secs = |name: &str, v: &str| {
        parse_secs(v).ok_or_else(|| {
            curl_usage(format!(
                "curl: option {name}: expected a proper numerical parameter"
            ))
        })
    };
    while i < args.len() {
        let a = args[i].as_str();
        let next = |i: &mut usize, name: &str| -> Result<String, Printed> {
            *i += 1;
            args.get(*i)
                .cloned()
                .ok_or_else(|| curl_usage(format!("curl: option {name}: requires parameter")))
        };
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "silent" => c.silent = true,
                "show-error" => c.show_error = true,
                "head" => c.head = true,
                "include" => c.include = true,
                "fail" => c.fail = true,
                "insecure" => c.insecure = true,
                "cacert" => c.cacert = Some(next(&mut i, a)?),
                "oauth2-bearer" => {
                    let token = next(&mut i, a)?;
                    c.headers.push(format!("Authorization: Bearer {token}"));
                }
                "location" | "no-progress-meter" | "verbose" => {
                    if long == "no-progress-meter" {
                        c.silent = true;
                        c.show_error = true;
                    }
                }
                "max-time" => c.max_time = Some(secs(a, &next(&mut i, a)?)?),
                "connect-timeout" => c.connect_timeout = Some(secs(a, &next(&mut i, a)?)?),
                "output" => c.output = Some(next(&mut i, a)?),
                "write-out" => c.write_out = Some(next(&mut i, a)?),
                "url" => urls.push(next(&mut i, a)?),
                "request" => c.method = Some(next(&mut i, a)?),
                "header" => c.headers.push(next(&mut i, a)?),
                "data" | "data-raw" | "data-binary" | "data-ascii" => {
                    let d = next(&mut i, a)?;
                    c.add_data(d);
                }
                _ => return Err(curl_usage(format!("curl: option {a}: is unknown"))),
            }
        } else if let Some(shorts) = a.strip_prefix('-').filter(|s| !s.is_empty()) {
            for (at, ch) in shorts.char_indices() {
                let rest = &shorts[at + 1..];
                let value = |i: &mut usize| -> Result<String, Printed> {
                    if rest.is_empty() {
                        next(i, &format!("-{ch}"))
                    } else {
                        Ok(rest.to_string())
                    }
                };
                match ch {
                    's' => c.silent = true,
                    'S' => c.show_error = true,
                    'I' => c.head = true,
                    'i' => c.include = true,
                    'f' => c.fail = true,
                    'k' => c.insecure = true,
                    'L' | 'v' => {}
                    'm' => {
                        c.max_time = Some(secs("-m", &value(&mut i)?)?);
                        break;
                    }
                    'o' => {
                        c.output = Some(value(&mut i)?);
                        break;
                    }
                    'w' => {
                        c.write_out = Some(value(&mut i)?);
                        break;
                    }
                    'X' => {
                        c.method = Some(value(&mut i)?);
                        break;
                    }
                    'H' => {
                        c.headers.push(value(&mut i)?);
                        break;
                    }
                    'd' => {
                        let d = value(&mut i)?;
                        c.add_data(d);
                        break;
                    }
                    _ => return Err(curl_usage(format!("curl: option -{ch}: is unknown"))),
                }
            }
        } else {
            urls.push(a.to_string());
        }
        i += 1;
    }
    match urls.as_slice() {
        [] => Err(curl_usage("curl: no URL specified".into())),
        [u] => {
            c.url = u.clone();
            Ok(c)
        }
        _ => Err(curl_usage(
            "(playground) kubectl exec simulates curl with one URL".into(),
        )),
    }
}

/// curl's five-column sizes: `  615`, ` 600k`, `12.3M`.
fn max5(n: u64) -> String {
    const K: u64 = 1024;
    if n < 100_000 {
        format!("{n:>5}")
    } else if n < 10_000 * K {
        format!("{:>4}k", n / K)
    } else {
        format!("{:>2}.{}M", n / (K * K), (n % (K * K)) * 10 / (K * K))
    }
}

const METER_HEAD: &str = "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed";

/// One line of curl's progress meter (written to stderr when stdout is
/// not a terminal, as under `kubectl exec` without `-t`).
fn meter(total: u64, received: u64, speed: u64, spent_s: Option<u64>) -> String {
    let pct = |part: u64| (part * 100).checked_div(total).unwrap_or(0);
    let spent = spent_s.map_or("--:--:--".to_string(), |s| {
        format!("{:>2}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    });
    format!(
        "{:>3} {}  {:>3} {}  {:>3} {}  {}  {} --:--:-- {spent} --:--:-- {}",
        pct(received),
        max5(total),
        pct(received),
        max5(received),
        0,
        max5(0),
        max5(speed),
        max5(0),
        max5(speed)
    )
}

/// The status line and header lines `-i` and `-I` print, then the blank
/// line that ends them.
fn head_block(status: &str, headers: &[String]) -> String {
    let mut s = format!("{status}\n");
    for h in headers {
        s.push_str(h);
        s.push('\n');
    }
    s.push('\n');
    s
}

/// `-w`'s text: `%{http_code}` and the backslash escapes curl expands.
fn write_out(fmt: &str, code: &str) -> String {
    fmt.replace("%{http_code}", code)
        .replace("%{response_code}", code)
        .replace("\\n", "\n")
        .replace("\\t", "\t")
        .replace("\\r", "\r")
}

pub fn curl(c: &Curl, host: &str, port: i32, outcome: &Outcome) -> Printed {
    let mut p = Printed::default();
    if !c.silent && !c.tty {
        p.err(METER_HEAD);
    }
    // The smaller of the two limits applies while resolving and connecting.
    let limit = match (c.connect_timeout, c.max_time) {
        (Some(ct), Some(m)) if m < ct => Some((m, false)),
        (Some(ct), _) => Some((ct, true)),
        (None, Some(m)) => Some((m, false)),
        (None, None) => None,
    };
    let failed = |mut p: Printed, code: i32, spent: Option<f64>, line: String| {
        if !c.silent && !c.tty {
            p.err(meter(0, 0, 0, spent.map(|s| s as u64)));
        }
        if !c.silent || c.show_error {
            p.err(line);
        }
        if let Some(w) = &c.write_out {
            p.out(write_out(w, "000"));
        }
        p.fail(code)
    };
    match outcome {
        Outcome::Unresolved { blocked: true } if limit.is_some_and(|(s, _)| s < RESOLVER_GIVE_UP_S) => {
            let s = limit.map_or(0.0, |(s, _)| s);
            failed(p, 28, Some(s), format!("curl: (28) Resolving timed out after {} milliseconds", ms_after(s)))
        }
        Outcome::Unresolved { blocked } => {
            let spent = blocked.then_some(RESOLVER_GIVE_UP_S);
            failed(p, 6, spent, says::unresolved(host))
        }
        Outcome::Refused { .. } => failed(p, 7, None, says::refused(host, port)),
        Outcome::Failed { code, error } => failed(p, *code, None, error.clone()),
        Outcome::Unanswered { .. } => match limit.filter(|(s, _)| *s < SYN_GIVE_UP_S) {
            Some((s, true)) => failed(p, 28, Some(s), says::connect_failed(28, host, port, ms_after(s), says::TIMEOUT_REACHED)),
            Some((s, false)) => failed(p, 28, Some(s), format!("curl: (28) Connection timed out after {} milliseconds", ms_after(s))),
            // The kernel's ETIMEDOUT: curl words it as a failed connect
            // and then reports code 28.
            None => failed(p, 28, Some(SYN_GIVE_UP_S), says::unanswered(host, port)),
        },
        Outcome::Answered { reply, .. } => {
            let (status, headers) = (reply.status_line(), reply.header_lines());
            let code = status.split(' ').nth(1).unwrap_or("200");
            if c.fail && code.parse::<u16>().is_ok_and(|n| n >= 400) {
                return failed(p, 22, None, format!("curl: (22) The requested URL returned error: {code}"));
            }
            let body = reply.body.as_deref().unwrap_or("");
            let len = body.len() as u64;
            let speed = len * 1000;
            if c.head {
                p.out(head_block(status, headers));
                if !c.silent && !c.tty {
                    p.err(meter(len, 0, 0, None));
                }
            } else {
                if c.include && c.output.is_none() {
                    p.out(head_block(status, headers));
                }
                if c.output.is_none() {
                    p.out(body.to_string());
                }
                if !c.silent && !c.tty {
                    p.err(meter(len, len, speed, None));
                }
            }
            if let Some(w) = &c.write_out {
                p.out(write_out(w, code));
            }
            p
        }
    }
}

// ---- nslookup ----

/// Which nslookup an image has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nslookup {
    /// busybox ≥ 1.29: its own resolver, A and AAAA under each search
    /// domain for a dotless name, the name alone otherwise.
    Busybox,
    /// busybox ≤ 1.28: libc's resolver (search list, ndots), the old layout.
    BusyboxOld,
    /// BIND's (bind-tools): search list with ndots, first answer wins.
    Bind,
    /// BIND 9.9's (Debian jessie's dnsutils): as [`Nslookup::Bind`], but
    /// a timeout is one line, from before 9.11 named each failed try.
    BindOld,
}

/// One DNS answer, as CoreDNS gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dns {
    A(Vec<String>),
    Cname(String),
    NxDomain,
}

/// The lookups an nslookup run made, resolved against the cluster.
pub struct Lookup<'a> {
    pub server: &'a str,
    /// The server's address (the DNS Service's cluster IP).
    pub server_ip: &'a str,
    /// CoreDNS cannot be reached: every query times out.
    pub blocked: bool,
    /// Answers CoreDNS gives, by fully qualified name.
    pub answer: &'a dyn Fn(&str) -> Dns,
    /// The reverse name of an address, if CoreDNS knows one.
    pub ptr: &'a dyn Fn(&str) -> Option<String>,
    /// SRV answers by fully qualified name (None: NXDOMAIN).
    pub srv: &'a dyn Fn(&str) -> Option<Vec<kubeplay_engine::network::Srv>>,
    pub search: &'a [String],
}

/// The record type an nslookup run asks for (`-type=`, `-query=`,
/// `-querytype=`, `-q=`); the tools answer A (the default) and SRV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum QueryType {
    Default,
    A,
    Srv,
}

fn query_type(args: &[String]) -> QueryType {
    let value = args.iter().find_map(|a| {
        ["-type=", "-querytype=", "-query=", "-q="]
            .iter()
            .find_map(|p| a.strip_prefix(p))
    });
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("srv") => QueryType::Srv,
        Some("a") => QueryType::A,
        _ => QueryType::Default,
    }
}

/// One SRV answer line; BIND prints the target fully qualified (with the
/// root's dot), busybox as dn_expand leaves it.
fn srv_line(q: &str, r: &kubeplay_engine::network::Srv, root_dot: bool) -> String {
    let dot = if root_dot { "." } else { "" };
    format!("{q}\tservice = {} {} {} {}{dot}\n", r.priority, r.weight, r.port, r.target)
}

fn is_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| p.parse::<u8>().is_ok())
}

fn reverse_zone(ip: &str) -> String {
    let mut parts: Vec<&str> = ip.split('.').collect();
    parts.reverse();
    format!("{}.in-addr.arpa", parts.join("."))
}

pub fn nslookup(kind: Nslookup, args: &[String], l: &Lookup) -> Printed {
    let mut p = Printed::default();
    let names: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let Some(name) = names.first().map(|n| n.trim_end_matches('.')) else {
        p.err("BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n\nQuery DNS about HOST\n\nQUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,ptr,srv,any");
        return p.fail(1);
    };
    let qtype = query_type(args);
    if qtype == QueryType::Srv && !l.blocked {
        match kind {
            Nslookup::Busybox => return busybox_srv(name, l, p),
            Nslookup::Bind | Nslookup::BindOld => return bind_srv(name, l, p),
            Nslookup::BusyboxOld => {}
        }
    }
    match kind {
        Nslookup::Busybox if qtype == QueryType::A => busybox_nslookup(name, l, p, false),
        Nslookup::Busybox => busybox_nslookup(name, l, p, true),
        Nslookup::BusyboxOld => old_nslookup(name, l, p),
        Nslookup::Bind => bind_nslookup(name, l, p),
        Nslookup::BindOld if l.blocked => {
            p.out(";; connection timed out; no servers could be reached\n\n");
            p.fail(1)
        }
        Nslookup::BindOld => bind_nslookup(name, l, p),
    }
}

/// Fully qualified candidates in the order libc's resolver tries them
/// (ndots 5).
fn search_order(name: &str, search: &[String]) -> Vec<String> {
    let with: Vec<String> = search.iter().map(|s| format!("{name}.{s}")).collect();
    if name.matches('.').count() >= 5 {
        std::iter::once(name.to_string()).chain(with).collect()
    } else {
        with.into_iter()
            .chain(std::iter::once(name.to_string()))
            .collect()
    }
}

fn first_answer(name: &str, l: &Lookup) -> Option<(String, Dns)> {
    search_order(name, l.search)
        .into_iter()
        .find_map(|q| match (l.answer)(&q) {
            Dns::NxDomain => None,
            d => Some((q, d)),
        })
}

/// busybox's SRV query: the name as given when dotted, else under each
/// search domain, each reply printed as it comes.
fn busybox_srv(name: &str, l: &Lookup, mut p: Printed) -> Printed {
    p.out(format!("Server:\t\t{}\nAddress:\t{}:53\n\n", l.server, l.server_ip));
    let queries: Vec<String> = if name.contains('.') || l.search.is_empty() {
        vec![name.to_string()]
    } else {
        l.search.iter().map(|s| format!("{name}.{s}")).collect()
    };
    let mut code = 0;
    for q in &queries {
        match (l.srv)(q) {
            None => {
                p.out(format!("** server can't find {q}: NXDOMAIN\n\n"));
                code = 1;
            }
            Some(rs) if rs.is_empty() => p.out(format!("*** Can't find {q}: No answer\n\n")),
            Some(rs) => {
                let lines: String = rs.iter().map(|r| srv_line(q, r, false)).collect();
                p.out(format!("{lines}\n"));
            }
        }
    }
    p.fail(code)
}

/// BIND's SRV query: the search list with ndots, first answer wins.
fn bind_srv(name: &str, l: &Lookup, mut p: Printed) -> Printed {
    p.out(format!("Server:\t\t{}\nAddress:\t{}#53\n\n", l.server, l.server_ip));
    let found = search_order(name, l.search)
        .into_iter()
        .find_map(|q| (l.srv)(&q).filter(|rs| !rs.is_empty()).map(|rs| (q, rs)));
    match found {
        Some((q, rs)) => {
            let lines: String = rs.iter().map(|r| srv_line(&q, r, true)).collect();
            p.out(format!("{lines}\n"));
            p
        }
        None => {
            p.out(format!("** server can't find {name}: NXDOMAIN\n\n"));
            p.fail(1)
        }
    }
}

fn busybox_nslookup(name: &str, l: &Lookup, mut p: Printed, with_aaaa: bool) -> Printed {
    if l.blocked {
        p.out(";; connection timed out; no servers could be reached\n\n");
        return p.fail(1);
    }
    p.out(format!(
        "Server:\t\t{}\nAddress:\t{}:53\n\n",
        l.server, l.server_ip
    ));
    if is_ipv4(name) {
        let q = reverse_zone(name);
        return match (l.ptr)(name) {
            Some(n) => {
                p.out(format!("{q}\tname = {n}\n\n"));
                p
            }
            None => {
                p.out(format!("** server can't find {q}: NXDOMAIN\n\n"));
                p.fail(1)
            }
        };
    }
    let queries: Vec<String> = if name.contains('.') || l.search.is_empty() {
        vec![name.to_string()]
    } else {
        l.search.iter().map(|s| format!("{name}.{s}")).collect()
    };
    let mut code = 0;
    // Replies are printed as they arrive; CoreDNS answers in query order:
    // every A query, then every AAAA one.
    let types: &[bool] = if with_aaaa { &[false, true] } else { &[false] };
    for &aaaa in types {
        for q in &queries {
            match (l.answer)(q) {
                Dns::NxDomain => {
                    p.out(format!("** server can't find {q}: NXDOMAIN\n\n"));
                    code = 1;
                }
                Dns::Cname(t) => p.out(format!("{q}\tcanonical name = {t}\n\n")),
                // The cluster is IPv4 only: an AAAA query gets an empty answer.
                Dns::A(_) if aaaa => p.out("\n"),
                Dns::A(ips) => p.out(format!(
                    "{}\n",
                    ips.iter()
                        .map(|ip| format!("Name:\t{q}\nAddress: {ip}\n"))
                        .collect::<String>()
                )),
            }
        }
    }
    p.fail(code)
}

fn old_nslookup(name: &str, l: &Lookup, mut p: Printed) -> Printed {
    // libc looks each address's name up too; unreachable, it has none.
    let line = |ip: &str, n: usize| match (l.ptr)(ip).filter(|_| !l.blocked) {
        Some(r) => format!("Address {n}: {ip} {r}\n"),
        None => format!("Address {n}: {ip}\n"),
    };
    p.out(format!(
        "Server:    {}\n{}\n",
        l.server,
        line(l.server_ip, 1)
    ));
    if l.blocked {
        p.err(format!("nslookup: can't resolve '{name}'"));
        return p.fail(1);
    }
    let ips = if is_ipv4(name) {
        vec![name.to_string()]
    } else {
        match first_answer(name, l) {
            Some((_, Dns::A(ips))) => ips,
            _ => {
                p.err(format!("nslookup: can't resolve '{name}'"));
                return p.fail(1);
            }
        }
    };
    p.out(format!("Name:      {name}\n"));
    for (i, ip) in ips.iter().enumerate() {
        p.out(line(ip, i + 1));
    }
    p
}

fn bind_nslookup(name: &str, l: &Lookup, mut p: Printed) -> Printed {
    if l.blocked {
        for _ in 0..3 {
            p.out(format!(
                ";; communications error to {}#53: timed out\n",
                l.server_ip
            ));
        }
        p.out(";; no servers could be reached\n\n");
        return p.fail(1);
    }
    p.out(format!(
        "Server:\t\t{}\nAddress:\t{}#53\n\n",
        l.server, l.server_ip
    ));
    if is_ipv4(name) {
        return match (l.ptr)(name) {
            Some(n) => {
                p.out(format!("{}\tname = {n}\n\n", reverse_zone(name)));
                p
            }
            None => {
                p.out(format!(
                    "** server can't find {}: NXDOMAIN\n\n",
                    reverse_zone(name)
                ));
                p.fail(1)
            }
        };
    }
    match first_answer(name, l) {
        Some((q, Dns::A(ips))) => {
            for ip in ips {
                p.out(format!("Name:\t{q}\nAddress: {ip}\n"));
            }
            p.out("\n");
            p
        }
        Some((q, Dns::Cname(t))) => {
            // BIND prints record data fully qualified, with the root's dot.
            p.out(format!("{q}\tcanonical name = {t}.\n\n"));
            p
        }
        _ => {
            p.out(format!("** server can't find {name}: NXDOMAIN\n\n"));
            p.fail(1)
        }
    }
}

#[cfg(test)]
#[path = "pod_exec_tools_tests.rs"]
mod tests;
