//! The `mysql` client as the replicated MySQL page uses it (`mysql -h
//! mysql-0.mysql` reading statements from a here-document, `mysql -h
//! mysql-read -e "SELECT * FROM test.messages"`, `SELECT @@server_id,NOW()`
//! in a loop, the readiness probe's `SELECT 1`): it connects as the pod's
//! resolver and kube-proxy route it ([`network`]), and the server it
//! reaches runs a handful of statements — CREATE DATABASE, CREATE TABLE,
//! INSERT, SELECT, SHOW DATABASES and USE.
//!
//! A server keeps its data under its container's /var/lib/mysql, so it
//! lives where the data volume does: a StatefulSet pod's claim keeps it
//! across the pod's deletion, and a new replica finds it. The files are
//! the playground's own plain text (`<db>/<table>.frm` the columns,
//! `<table>.ibd` the rows), not InnoDB's. A server whose pod names another
//! as `MASTER_HOST='…'` (the page's xtrabackup sidecar) is a replica: it
//! answers from its source's data, as replication keeps it, and refuses
//! writes as `super-read-only` does. Its `server_id` is what the pod's
//! init container writes to its config (`server-id=$((100 + $ordinal))`,
//! the ordinal from the hostname), else MySQL's default.

use super::fs::{Fs, FsError};
use super::Output;
use kubeplay_engine::kubelet::envvars;
use kubeplay_engine::kubelet::files::{self, Entry, Scope};
use kubeplay_engine::network::{self, Answer, Route, Url};
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object};

/// The image's client programs, which a readiness probe runs and the
/// page renames (their contents are not simulated), and the data
/// directory's server identity, which makes the directory known where no
/// volume is mounted (one UUID for every server here; mysqld draws one
/// when it initialises the directory).
pub(super) const IMAGE_FILES: &[(&str, &str)] = &[
    ("/usr/bin/mysql", ""),
    ("/usr/bin/mysqladmin", ""),
    ("/var/lib/mysql/auto.cnf", "[auto]\nserver-uuid=8f0c5e2a-1d6b-11ef-9a3c-0242ac120002\n"),
];

const DATADIR: &str = "/var/lib/mysql";
const DEFAULT_PORT: i32 = 3306;
/// The databases every server has, which SHOW DATABASES lists first.
const SYSTEM_DATABASES: &[&str] = &["information_schema", "mysql", "performance_schema", "sys"];

/// The client's options that matter here.
#[derive(Debug, Default, PartialEq, Eq)]
struct Args {
    host: Option<String>,
    port: i32,
    execute: Option<String>,
    database: Option<String>,
    /// `-t`/`--table`: boxes even when stdout is no terminal.
    table: bool,
    /// `-N`/`--skip-column-names`.
    skip_names: bool,
}

fn parse_args(argv: &[String]) -> Args {
    let mut a = Args { port: DEFAULT_PORT, ..Default::default() };
    let mut i = 1;
    while let Some(w) = argv.get(i) {
        let next = argv.get(i + 1).cloned();
        let mut took = 1;
        match w.as_str() {
            "-h" | "--host" => (a.host, took) = (next, 2),
            "-e" | "--execute" => (a.execute, took) = (next, 2),
            "-P" | "--port" => (a.port, took) = (next.and_then(|p| p.parse().ok()).unwrap_or(DEFAULT_PORT), 2),
            "-D" | "--database" => (a.database, took) = (next, 2),
            "-u" | "--user" => took = 2,
            "-t" | "--table" => a.table = true,
            "-N" | "--skip-column-names" => a.skip_names = true,
            w if w.starts_with("--host=") => a.host = Some(w[7..].to_string()),
            w if w.starts_with("--execute=") => a.execute = Some(w[10..].to_string()),
            w if w.starts_with("--port=") => a.port = w[7..].parse().unwrap_or(DEFAULT_PORT),
            w if w.starts_with("-h") => a.host = Some(w[2..].to_string()),
            w if w.starts_with("-e") && w.len() > 2 => a.execute = Some(w[2..].to_string()),
            w if w.starts_with("-P") && w.len() > 2 => a.port = w[2..].parse().unwrap_or(DEFAULT_PORT),
            w if !w.starts_with('-') && a.database.is_none() => a.database = Some(w.to_string()),
            _ => {}
        }
        i += took;
    }
    a
}

/// The server a connection reached: its pod, and the pod whose data it
/// answers from (itself, or its replication source).
struct Server {
    pod: Pod,
    data: Pod,
    server_id: i64,
}

/// Runs `mysql ARGV` in `client`'s container, statements from `-e` or
/// else `stdin`; `tty` is whether stdout is a terminal. Its exit code.
pub(in crate::exec) fn run(argv: &[String], stdin: &str, tty: bool, client: &Pod, engine: &mut Engine, out: &mut Output) -> i32 {
    let args = parse_args(argv);
    let server = match connect(&args, client, engine) {
        Ok(s) => s,
        Err(e) => {
            out.note(&e);
            return 1;
        }
    };
    let text = args.execute.clone().unwrap_or_else(|| stdin.to_string());
    let boxed = tty || args.table;
    let mut session = Session { server: &server, db: args.database.clone(), engine, boxed, names: !args.skip_names };
    for (line, stmt) in statements(&text) {
        match session.statement(&stmt) {
            Ok(Some(result)) => out.stdout.push_str(&result),
            Ok(None) => {}
            Err(e) => {
                out.note(&format!("ERROR {} at line {line}: {}", e.code, e.text));
                return 1;
            }
        }
    }
    0
}

/// One line typed at an interactive client's prompt (`mysql -h mysql`
/// on a terminal): its statements, each answered as the monitor does
/// (boxes, then "N rows in set" or "Query OK"), errors without a line
/// number. (stdout, stderr).
pub(in crate::exec) fn interactive(argv: &[String], line: &str, client: &Pod, engine: &mut Engine) -> (String, String) {
    let args = parse_args(argv);
    let server = match connect(&args, client, engine) {
        Ok(s) => s,
        Err(_) => return (String::new(), "ERROR 2013 (HY000): Lost connection to MySQL server during query\n".into()),
    };
    let mut session = Session { server: &server, db: args.database.clone(), engine, boxed: true, names: true };
    let (mut out, mut errs) = (String::new(), String::new());
    for (_, stmt) in statements(line) {
        let upper = stmt.trim_start().to_ascii_uppercase();
        match session.statement(&stmt) {
            Ok(Some(table)) if table.is_empty() => out.push_str("Empty set (0.00 sec)\n\n"),
            Ok(Some(table)) => {
                let rows = table.lines().count().saturating_sub(4);
                out.push_str(&table);
                out.push_str(&format!("{rows} row{} in set (0.00 sec)\n\n", if rows == 1 { "" } else { "s" }));
            }
            Ok(None) if upper.starts_with("USE") => out.push_str("Database changed\n"),
            Ok(None) => {
                let n = if upper.starts_with("CREATE TABLE") { 0 } else if upper.starts_with("INSERT") { stmt.matches('(').count().max(1) } else { 1 };
                out.push_str(&format!("Query OK, {n} row{} affected (0.00 sec)\n\n", if n == 1 { "" } else { "s" }));
            }
            Err(e) => errs.push_str(&format!("ERROR {}: {}\n", e.code, e.text)),
        }
    }
    (out, errs)
}

/// Whether `mysql ARGV` in `client` reaches a server: mysql's error when
/// it does not (an interactive client's connection).
pub(in crate::exec) fn reachable(argv: &[String], client: &Pod, engine: &mut Engine) -> Result<(), String> {
    connect(&parse_args(argv), client, engine).map(|_| ())
}

/// Connects to the server `args` name, as seen from `client`; mysql's
/// error when nothing answers.
fn connect(args: &Args, client: &Pod, engine: &mut Engine) -> Result<Server, String> {
    let ns = client.metadata.namespace.to_string();
    let target = match args.host.as_deref() {
        None | Some("localhost") => match local_server(engine, client) {
            Some(p) => p,
            None => return Err("ERROR 2002 (HY000): Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)".into()),
        },
        Some(host) if host.starts_with("127.") => match local_server(engine, client) {
            Some(p) => p,
            None => return Err(format!("ERROR 2003 (HY000): Can't connect to MySQL server on '{host}' (111)")),
        },
        Some(host) => {
            let refused = || format!("ERROR 2003 (HY000): Can't connect to MySQL server on '{host}' (111)");
            if !super::net::is_ipv4(host) && !matches!(network::resolve(engine.world(), host, &ns), Some((_, Answer::Addresses(ips))) if !ips.is_empty()) {
                return Err(format!("ERROR 2005 (HY000): Unknown MySQL server host '{host}' (-2)"));
            }
            let client_ip = client.status.pod_ip.as_deref().unwrap_or_default().to_string();
            let url = Url { host: host.to_string(), port: args.port };
            match network::route(engine.world_mut(), &ns, &client_ip, &url) {
                Route::Pod { pod, namespace, .. } => match pod_named(engine, &namespace, &pod) {
                    Some(p) if serves(engine, &p, args.port) => p,
                    _ => return Err(refused()),
                },
                _ => return Err(refused()),
            }
        }
    };
    let data = source_of(engine, &target).unwrap_or_else(|| target.clone());
    let server_id = server_id(&target);
    Ok(Server { pod: target, data, server_id })
}

fn pod_named(engine: &Engine, ns: &str, name: &str) -> Option<Pod> {
    match engine.store().get_by(Kind::Pod, ns, name).map(|o| &**o) {
        Some(Object::Pod(p)) => Some((**p).clone()),
        _ => None,
    }
}

/// Whether a MySQL server in `pod` accepts connections on `port`.
fn serves(engine: &Engine, pod: &Pod, port: i32) -> bool {
    super::net::listener(engine, pod, port).is_some_and(|l| is_mysql_image(&l.image))
}

/// The client's own pod, when a MySQL server runs in it (the socket and
/// 127.0.0.1 reach it).
fn local_server(engine: &Engine, client: &Pod) -> Option<Pod> {
    serves(engine, client, DEFAULT_PORT).then(|| client.clone())
}

pub(super) fn is_mysql_image(image: &str) -> bool {
    kubeplay_engine::kubelet::image::ImageRef::parse(image).is_ok_and(|r| matches!(r.repository().as_str(), "docker.io/library/mysql" | "docker.io/library/mariadb" | "docker.io/mysql/mysql-server"))
}

/// The pod a replica replicates from: the `MASTER_HOST='…'` one of the
/// pod's containers gives (the page's sidecar runs `CHANGE MASTER TO`),
/// when that is another pod.
fn source_of(engine: &Engine, pod: &Pod) -> Option<Pod> {
    let script: String = pod.spec.containers.iter().flat_map(|c| c.command.iter().chain(&c.args)).cloned().collect::<Vec<_>>().join("\n");
    let at = script.find("MASTER_HOST='")? + "MASTER_HOST='".len();
    let host = script[at..].split('\'').next()?;
    let ns: &str = &pod.metadata.namespace;
    let Some((_, Answer::Addresses(ips))) = network::resolve(engine.world(), host, ns) else { return None };
    let ip = ips.first()?;
    let source = engine.store().list(Kind::Pod, Some(ns)).filter_map(|o| o.as_pod()).find(|p| p.status.pod_ip.as_deref() == Some(ip.as_str()))?.clone();
    (source.metadata.uid != pod.metadata.uid).then_some(source)
}

/// The `server-id` an init container writes for this pod: `server-id=N`,
/// or `server-id=$((N + $ordinal))` with the ordinal at the end of the
/// hostname; else MySQL's default (0 before 8.0, 1 since).
fn server_id(pod: &Pod) -> i64 {
    let host = envvars::hostname(pod);
    let ordinal: i64 = {
        let digits: String = host.chars().rev().take_while(|c| c.is_ascii_digit()).collect::<Vec<_>>().into_iter().rev().collect();
        digits.parse().unwrap_or(0)
    };
    for c in &pod.spec.init_containers {
        let script = c.command.iter().chain(&c.args).cloned().collect::<Vec<_>>().join("\n");
        // Not a comment's ("avoid reserved server-id=0 value").
        let Some(rest) = script.lines().filter(|l| !l.trim_start().starts_with('#')).find_map(|l| l.split_once("server-id=").map(|(_, r)| r)) else { continue };
        let expr = match rest.strip_prefix("$((") {
            Some(e) => e.split("))").next().unwrap_or_default(),
            None => rest.split_whitespace().next().unwrap_or_default(),
        };
        let sum: Option<i64> = expr.split('+').map(|t| {
            let t = t.trim();
            if t.starts_with('$') { Some(ordinal) } else { t.parse::<i64>().ok() }
        }).sum();
        if let Some(id) = sum {
            return id;
        }
    }
    let image = pod.spec.containers.iter().filter_map(|c| c.image.as_deref()).find(|i| is_mysql_image(i)).unwrap_or_default();
    let old = kubeplay_engine::kubelet::image::ImageRef::parse(image).ok().and_then(|r| r.effective_tag().map(|t| t.starts_with("5."))).unwrap_or(false);
    i64::from(!old)
}

/// The statements of a script with the line each starts on.
fn statements(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let (mut cur, mut quote, mut line, mut start) = (String::new(), None::<char>, 1, 1);
    for ch in text.chars() {
        match (quote, ch) {
            (None, ';') => {
                if !cur.trim().is_empty() {
                    out.push((start, cur.trim().to_string()));
                }
                cur.clear();
                continue;
            }
            (None, '\'' | '"' | '`') => quote = Some(ch),
            (Some(q), c) if c == q => quote = None,
            _ => {}
        }
        if cur.trim().is_empty() && !ch.is_whitespace() {
            start = line;
        }
        if ch == '\n' {
            line += 1;
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push((start, cur.trim().to_string()));
    }
    out
}

#[derive(Debug, PartialEq, Eq)]
struct SqlError {
    code: &'static str,
    text: String,
}

fn err(code: &'static str, text: String) -> SqlError {
    SqlError { code, text }
}

/// One token of a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    Str(String),
    Num(String),
    Punct(char),
}

fn tokenize(s: &str) -> Result<Vec<Tok>, SqlError> {
    let mut out = Vec::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '\'' || c == '"' || c == '`' {
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' && c != '`' && i + 1 < chars.len() {
                    i += 1;
                }
                text.push(chars[i]);
                i += 1;
            }
            if i >= chars.len() {
                return Err(syntax(s));
            }
            i += 1;
            out.push(if c == '`' { Tok::Word(text) } else { Tok::Str(text) });
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            out.push(Tok::Num(chars[start..i].iter().collect()));
        } else if c.is_alphanumeric() || c == '_' || c == '@' || c == '$' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || matches!(chars[i], '_' | '@' | '$')) {
                i += 1;
            }
            out.push(Tok::Word(chars[start..i].iter().collect()));
        } else {
            out.push(Tok::Punct(c));
            i += 1;
        }
    }
    Ok(out)
}

/// MySQL's syntax error, quoting the statement from where it went wrong
/// (here: the whole statement).
fn syntax(stmt: &str) -> SqlError {
    let near: String = stmt.chars().take(80).collect();
    err("1064 (42000)", format!("You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '{near}' at line 1"))
}

/// A result column as the client sees its metadata.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Column {
    name: String,
    /// Right-aligned in boxes.
    numeric: bool,
    /// May hold NULL: its box is at least as wide as "NULL".
    nullable: bool,
}

fn column(name: &str, numeric: bool, nullable: bool) -> Column {
    Column { name: name.to_string(), numeric, nullable }
}

/// A result set: its columns and rows.
struct ResultSet {
    columns: Vec<Column>,
    rows: Vec<Vec<Option<String>>>,
}

struct Session<'a> {
    server: &'a Server,
    db: Option<String>,
    engine: &'a mut Engine,
    boxed: bool,
    names: bool,
}

impl Session<'_> {
    /// Runs one statement: what it prints, if anything.
    fn statement(&mut self, stmt: &str) -> Result<Option<String>, SqlError> {
        let toks = tokenize(stmt)?;
        let kw = |i: usize| match toks.get(i) {
            Some(Tok::Word(w)) => w.to_ascii_uppercase(),
            _ => String::new(),
        };
        let result = match (kw(0).as_str(), kw(1).as_str()) {
            ("CREATE", "DATABASE" | "SCHEMA") => self.create_database(&toks[2..], stmt).map(|_| None),
            ("CREATE", "TABLE") => self.create_table(&toks[2..], stmt).map(|_| None),
            ("INSERT", _) => self.insert(&toks[1..], stmt).map(|_| None),
            ("SELECT", _) => self.select(&toks[1..], stmt).map(Some),
            ("SHOW", "DATABASES" | "SCHEMAS") => self.show_databases().map(Some),
            ("USE", _) => self.use_db(&toks[1..], stmt).map(|_| None),
            _ => Err(err("1064 (42000)", format!("(playground) the simulated MySQL server runs only CREATE DATABASE, CREATE TABLE, INSERT, SELECT, SHOW DATABASES and USE: '{}'", stmt.chars().take(80).collect::<String>()))),
        }?;
        Ok(result.map(|rs| render(&rs, self.boxed, self.names)))
    }

    fn fs(&self) -> Result<Fs, SqlError> {
        let pod = &self.server.data;
        let container = pod.spec.containers.iter().find(|c| c.image.as_deref().is_some_and(is_mysql_image)).map(|c| c.name.clone()).unwrap_or_default();
        Fs::new(self.engine, pod, &container, super::fs::Family::Debian).ok_or_else(|| err("2013 (HY000)", "Lost connection to MySQL server during query".into()))
    }

    fn read_only(&self) -> Result<(), SqlError> {
        if self.server.data.metadata.uid != self.server.pod.metadata.uid {
            return Err(err("1290 (HY000)", "The MySQL server is running with the --super-read-only option so it cannot execute this statement".into()));
        }
        Ok(())
    }

    /// The schemas the server has without anyone creating them: `sys`
    /// came with 5.7.
    fn system_databases(&self) -> Vec<&'static str> {
        let image = self.server.pod.spec.containers.iter().filter_map(|c| c.image.as_deref()).find(|i| is_mysql_image(i)).unwrap_or_default();
        let old = kubeplay_engine::kubelet::image::ImageRef::parse(image).ok().and_then(|r| r.effective_tag().map(|t| t.starts_with("5.6") || t.starts_with("5.5"))).unwrap_or(false);
        SYSTEM_DATABASES.iter().copied().filter(|d| !(old && *d == "sys")).collect()
    }

    fn db_exists(&self, fs: &Fs, db: &str) -> bool {
        self.system_databases().contains(&db.to_ascii_lowercase().as_str()) || fs.stat(self.engine, &format!("{DATADIR}/{db}")).is_ok_and(|n| n.is_dir())
    }

    fn create_database(&mut self, toks: &[Tok], stmt: &str) -> Result<(), SqlError> {
        let (if_not_exists, rest) = match toks {
            [Tok::Word(a), Tok::Word(b), Tok::Word(c), rest @ ..] if a.eq_ignore_ascii_case("IF") && b.eq_ignore_ascii_case("NOT") && c.eq_ignore_ascii_case("EXISTS") => (true, rest),
            _ => (false, toks),
        };
        let [Tok::Word(db)] = rest else { return Err(syntax(stmt)) };
        self.read_only()?;
        let fs = self.fs()?;
        if self.db_exists(&fs, db) {
            return if if_not_exists { Ok(()) } else { Err(err("1007 (HY000)", format!("Can't create database '{db}'; database exists"))) };
        }
        let dir = format!("{DATADIR}/{db}");
        fs.mkdir(self.engine, &dir).map_err(io)?;
        fs.write(self.engine, &format!("{dir}/db.opt"), "default-character-set=latin1\ndefault-collation=latin1_swedish_ci\n", false).map_err(io)
    }

    /// `db.table` or `table` (in the session's database).
    fn table_name(&self, toks: &[Tok]) -> Option<(Result<String, SqlError>, String, usize)> {
        match toks {
            [Tok::Word(db), Tok::Punct('.'), Tok::Word(t), ..] => Some((Ok(db.clone()), t.clone(), 3)),
            [Tok::Word(t), ..] => Some((self.db.clone().ok_or_else(|| err("1046 (3D000)", "No database selected".into())), t.clone(), 1)),
            _ => None,
        }
    }

    fn create_table(&mut self, toks: &[Tok], stmt: &str) -> Result<(), SqlError> {
        let (db, table, used) = self.table_name(toks).ok_or_else(|| syntax(stmt))?;
        let db = db?;
        let rest = &toks[used..];
        let (Some(Tok::Punct('(')), Some(Tok::Punct(')'))) = (rest.first(), rest.last()) else { return Err(syntax(stmt)) };
        let mut columns = Vec::new();
        let mut depth = 0;
        let mut current: Vec<String> = Vec::new();
        for t in &rest[1..rest.len() - 1] {
            match t {
                Tok::Punct(',') if depth == 0 => columns.push(std::mem::take(&mut current)),
                Tok::Punct('(') => {
                    depth += 1;
                    current.push("(".into());
                }
                Tok::Punct(')') => {
                    depth -= 1;
                    current.push(")".into());
                }
                Tok::Word(w) | Tok::Num(w) | Tok::Str(w) => current.push(w.clone()),
                Tok::Punct(c) => current.push(c.to_string()),
            }
        }
        columns.push(current);
        if columns.iter().any(|c| c.len() < 2) {
            return Err(syntax(stmt));
        }
        self.read_only()?;
        let fs = self.fs()?;
        if !self.db_exists(&fs, &db) {
            return Err(err("1049 (42000)", format!("Unknown database '{db}'")));
        }
        let frm = format!("{DATADIR}/{db}/{table}.frm");
        if fs.stat(self.engine, &frm).is_ok() {
            return Err(err("1050 (42S01)", format!("Table '{table}' already exists")));
        }
        let defs: String = columns.iter().map(|c| format!("{}\t{}\n", c[0], c[1..].join(" ").replace(" ( ", "(").replace(" )", ")"))).collect();
        fs.write(self.engine, &frm, &defs, false).map_err(io)?;
        fs.write(self.engine, &format!("{DATADIR}/{db}/{table}.ibd"), "", false).map_err(io)
    }

    /// The table's columns, or MySQL's error.
    fn columns(&self, fs: &Fs, db: &str, table: &str) -> Result<Vec<Column>, SqlError> {
        if !self.db_exists(fs, db) {
            return Err(err("1049 (42000)", format!("Unknown database '{db}'")));
        }
        let defs = fs.read(self.engine, &format!("{DATADIR}/{db}/{table}.frm")).map_err(|_| err("1146 (42S02)", format!("Table '{db}.{table}' doesn't exist")))?;
        Ok(defs
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(n, ty)| {
                let ty = ty.to_ascii_uppercase();
                let numeric = ["INT", "TINYINT", "SMALLINT", "MEDIUMINT", "BIGINT", "DECIMAL", "FLOAT", "DOUBLE", "NUMERIC"].iter().any(|k| ty.starts_with(k));
                column(n, numeric, !ty.contains("NOT NULL") && !ty.contains("PRIMARY KEY"))
            })
            .collect())
    }

    fn insert(&mut self, toks: &[Tok], stmt: &str) -> Result<(), SqlError> {
        let toks = match toks.first() {
            Some(Tok::Word(w)) if w.eq_ignore_ascii_case("INTO") => &toks[1..],
            _ => toks,
        };
        let (db, table, used) = self.table_name(toks).ok_or_else(|| syntax(stmt))?;
        let db = db?;
        let rest = &toks[used..];
        if !matches!(rest.first(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("VALUES") || w.eq_ignore_ascii_case("VALUE")) {
            return Err(syntax(stmt));
        }
        let mut rows: Vec<Vec<Option<String>>> = Vec::new();
        let mut row: Option<Vec<Option<String>>> = None;
        for t in &rest[1..] {
            match (t, row.as_mut()) {
                (Tok::Punct('('), None) => row = Some(Vec::new()),
                (Tok::Punct(')'), Some(_)) => rows.extend(row.take()),
                (Tok::Punct(','), _) => {}
                (Tok::Str(s) | Tok::Num(s), Some(r)) => r.push(Some(s.clone())),
                (Tok::Word(w), Some(r)) if w.eq_ignore_ascii_case("NULL") => r.push(None),
                _ => return Err(syntax(stmt)),
            }
        }
        if rows.is_empty() || row.is_some() {
            return Err(syntax(stmt));
        }
        self.read_only()?;
        let fs = self.fs()?;
        let columns = self.columns(&fs, &db, &table)?;
        if rows.iter().any(|r| r.len() != columns.len()) {
            return Err(err("1136 (21S01)", "Column count doesn't match value count at row 1".into()));
        }
        let text: String = rows.iter().map(|r| r.iter().map(|v| v.as_deref().map_or("\\N".to_string(), escape)).collect::<Vec<_>>().join("\t") + "\n").collect();
        fs.write(self.engine, &format!("{DATADIR}/{db}/{table}.ibd"), &text, true).map_err(io)
    }

    fn select(&mut self, toks: &[Tok], stmt: &str) -> Result<ResultSet, SqlError> {
        let from = toks.iter().position(|t| matches!(t, Tok::Word(w) if w.eq_ignore_ascii_case("FROM")));
        let Some(from) = from else { return self.select_values(toks, stmt) };
        if !matches!(toks[..from], [Tok::Punct('*')]) {
            return Err(err("1064 (42000)", "(playground) the simulated MySQL server selects only * from a table".into()));
        }
        let (db, table, used) = self.table_name(&toks[from + 1..]).ok_or_else(|| syntax(stmt))?;
        if from + 1 + used != toks.len() {
            return Err(syntax(stmt));
        }
        let db = db?;
        let fs = self.fs()?;
        let columns = self.columns(&fs, &db, &table)?;
        let rows = fs.read(self.engine, &format!("{DATADIR}/{db}/{table}.ibd")).unwrap_or_default();
        let rows = rows.lines().map(|l| l.split('\t').map(|v| (v != "\\N").then(|| unescape(v))).collect()).collect();
        Ok(ResultSet { columns, rows })
    }

    /// `SELECT expr, …` without a table.
    fn select_values(&mut self, toks: &[Tok], stmt: &str) -> Result<ResultSet, SqlError> {
        let mut columns = Vec::new();
        let mut row = Vec::new();
        for expr in toks.split(|t| *t == Tok::Punct(',')) {
            let (value, numeric, name) = match expr {
                [Tok::Num(n)] => (n.clone(), true, n.clone()),
                [Tok::Str(s)] => (s.clone(), false, s.clone()),
                [Tok::Word(w)] if w.eq_ignore_ascii_case("@@server_id") => (self.server.server_id.to_string(), true, w.clone()),
                [Tok::Word(w)] if w.eq_ignore_ascii_case("@@hostname") => (envvars::hostname(&self.server.pod), false, w.clone()),
                [Tok::Word(w), Tok::Punct('('), Tok::Punct(')')] if w.eq_ignore_ascii_case("NOW") => (now(self.engine), false, format!("{w}()")),
                _ => return Err(syntax(stmt)),
            };
            // Literals and these functions are never NULL.
            columns.push(column(&name, numeric, false));
            row.push(Some(value));
        }
        Ok(ResultSet { columns, rows: vec![row] })
    }

    fn show_databases(&mut self) -> Result<ResultSet, SqlError> {
        let fs = self.fs()?;
        let mut names: Vec<String> = self.system_databases().iter().map(|s| s.to_string()).collect();
        let mut user: Vec<String> = match fs.list(self.engine, DATADIR) {
            Ok(entries) => entries.into_iter().filter(|(_, node)| node.is_dir()).map(|(n, _)| n).collect(),
            // The image's own directory (no volume there), which the file
            // system cannot list: what was written to the container's layer.
            Err(_) => self.layer_dirs(),
        };
        user.retain(|n| !SYSTEM_DATABASES.contains(&n.as_str()) && !n.starts_with('.'));
        kubeplay_model::sort::sort(&mut user);
        names.extend(user);
        Ok(ResultSet { columns: vec![column("Database", false, false)], rows: names.into_iter().map(|n| vec![Some(n)]).collect() })
    }

    /// The directories written under the data directory in the server
    /// container's own layer.
    fn layer_dirs(&self) -> Vec<String> {
        let pod = &self.server.data;
        let Some(name) = pod.spec.containers.iter().find(|c| c.image.as_deref().is_some_and(is_mysql_image)).map(|c| c.name.clone()) else { return Vec::new() };
        let Some(rt) = self.engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid) else { return Vec::new() };
        let Some(id) = rt.app.iter().find(|c| c.name == name).and_then(|c| c.run.as_ref()).map(|r| r.id.to_string()) else { return Vec::new() };
        files::children(&self.engine.world().sim.files, &Scope::Layer(id), DATADIR).into_iter().filter(|(_, w)| w.entry == Entry::Dir).map(|(n, _)| n).collect()
    }

    fn use_db(&mut self, toks: &[Tok], stmt: &str) -> Result<(), SqlError> {
        let [Tok::Word(db)] = toks else { return Err(syntax(stmt)) };
        let fs = self.fs()?;
        if !self.db_exists(&fs, db) {
            return Err(err("1049 (42000)", format!("Unknown database '{db}'")));
        }
        self.db = Some(db.clone());
        Ok(())
    }
}

/// A result as mysql prints it: boxed on a terminal (or with `-t`),
/// tab-separated otherwise; nothing for an empty set in batch mode.
fn render(rs: &ResultSet, boxed: bool, names: bool) -> String {
    if rs.rows.is_empty() {
        return String::new();
    }
    let cell = |v: &Option<String>| v.clone().unwrap_or_else(|| "NULL".into());
    if !boxed {
        let mut s = String::new();
        if names {
            s.push_str(&rs.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join("\t"));
            s.push('\n');
        }
        for r in &rs.rows {
            s.push_str(&r.iter().map(|v| v.as_deref().map_or("NULL".to_string(), escape)).collect::<Vec<_>>().join("\t"));
            s.push('\n');
        }
        return s;
    }
    // The client's widths: the longest value or the name, and room for
    // "NULL" in a column that may hold it.
    let widths: Vec<usize> = rs
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| rs.rows.iter().map(|r| cell(&r[i]).chars().count()).chain([if names { c.name.chars().count() } else { 0 }, if c.nullable { 4 } else { 0 }]).max().unwrap_or(0))
        .collect();
    let rule: String = widths.iter().map(|w| format!("+{}", "-".repeat(w + 2))).collect::<String>() + "+\n";
    let line = |cells: Vec<(String, bool)>| -> String {
        cells.iter().zip(&widths).map(|((c, right), w)| if *right { format!("| {c:>w$} ") } else { format!("| {c:<w$} ") }).collect::<String>() + "|\n"
    };
    let mut s = rule.clone();
    if names {
        s.push_str(&line(rs.columns.iter().map(|c| (c.name.clone(), false)).collect()));
        s.push_str(&rule);
    }
    for r in &rs.rows {
        s.push_str(&line(r.iter().zip(&rs.columns).map(|(v, c)| (cell(v), c.numeric && v.is_some())).collect()));
    }
    s.push_str(&rule);
    s
}

fn io(e: FsError) -> SqlError {
    err("1030 (HY000)", format!("Got error {} from storage engine", match e {
        FsError::ReadOnly => 30,
        _ => 2,
    }))
}

/// Batch mode's escaping of a value (and the data file's).
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n")
}

fn unescape(v: &str) -> String {
    let mut out = String::new();
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(o) => out.push(o),
            None => out.push('\\'),
        }
    }
    out
}

/// NOW(): the server's clock, in UTC as the image sets it.
fn now(engine: &Engine) -> String {
    let (y, mo, d, h, mi, s) = kubeplay_model::time::civil(engine.now().millis().div_euclid(1000));
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
}

#[cfg(test)]
#[path = "pod_exec_mysql_tests.rs"]
mod tests;
