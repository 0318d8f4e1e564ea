//! The file programs `kubectl exec` runs on a container's file system
//! ([`super::pod_fs`]): `cat`, `ls`, `echo`, `printf`, `head`, `tail`,
//! `wc`, `mkdir`, `touch`, `rm`, `test`/`[` and `date`, with busybox's
//! messages in busybox and Alpine images and GNU coreutils' in Debian
//! ones, each with its own exit codes.

use super::fs::{Family, Fs, FsError, Node};
use super::Output;
use kubeplay_engine::Engine;
use kubeplay_model::time::civil;
use kubeplay_model::Time;

/// The programs answered here.
pub const PROGRAMS: &[&str] = &["cat", "ls", "echo", "printf", "head", "tail", "wc", "mkdir", "touch", "rm", "test", "[", "date"];

/// Runs one of [`PROGRAMS`] with `stdin`; its exit code, or None when
/// the playground cannot (it said why).
pub fn run(fs: &Fs, engine: &mut Engine, argv: &[String], stdin: &str, out: &mut Output) -> Option<i32> {
    let name = kubeplay_engine::kubelet::shell::basename(&argv[0]);
    let args = &argv[1..];
    let gnu = fs.family() == Family::Debian;
    let mut p = Prog { fs, engine, out, name, gnu, status: 0 };
    match name {
        "cat" => p.cat(args, stdin),
        "ls" => p.ls(args),
        "echo" => p.echo(args),
        "printf" => p.printf(args),
        "head" | "tail" => p.head_tail(args, stdin),
        "wc" => p.wc(args, stdin),
        "mkdir" => p.mkdir(args),
        "touch" => p.touch(args),
        "rm" => p.rm(args),
        "test" => Some(test(fs, p.engine, args)),
        "[" => match args.split_last() {
            Some((last, rest)) if last == "]" => Some(test(fs, p.engine, rest)),
            _ => {
                p.out.note("sh: missing ]");
                Some(2)
            }
        },
        "date" => {
            p.write(&format!("{}\n", date(p.engine.now())));
            Some(0)
        }
        _ => None,
    }
}

struct Prog<'a> {
    fs: &'a Fs,
    engine: &'a mut Engine,
    out: &'a mut Output,
    name: &'a str,
    gnu: bool,
    status: i32,
}

impl Prog<'_> {
    fn write(&mut self, text: &str) {
        self.out.stdout.push_str(text);
    }

    /// A playground refusal for a path whose contents it does not know.
    fn unknown(&mut self, path: &str) -> Option<i32> {
        self.out.error(&format!("error: (playground) the playground does not know what {path} holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec"));
        None
    }

    fn fail(&mut self, msg: String) {
        self.out.note(&msg);
        self.status = 1;
    }

    fn cat(&mut self, args: &[String], stdin: &str) -> Option<i32> {
        let files: Vec<&String> = args.iter().filter(|a| *a == "-" || !a.starts_with('-')).collect();
        if files.is_empty() {
            self.write(stdin);
        }
        for f in files {
            if f == "-" {
                self.write(stdin);
                continue;
            }
            match self.fs.read(self.engine, &self.fs.abs(f)) {
                Ok(text) => self.write(&text),
                Err(FsError::Unknown) => return self.unknown(f),
                Err(FsError::IsDir) if !self.gnu => self.fail("cat: read error: Is a directory".into()),
                Err(e) if self.gnu => self.fail(format!("cat: {f}: {}", e.text())),
                Err(e) => self.fail(format!("cat: can't open '{f}': {}", e.text())),
            }
        }
        Some(self.status)
    }

    fn ls(&mut self, args: &[String]) -> Option<i32> {
        let (mut long, mut all, mut almost, mut recursive) = (false, false, false, false);
        let mut paths = Vec::new();
        for a in args {
            match a.strip_prefix('-').filter(|f| !f.is_empty()) {
                Some(flags) if !a.starts_with("--") => {
                    for c in flags.chars() {
                        match c {
                            'l' => long = true,
                            'a' => all = true,
                            'A' => almost = true,
                            'R' => recursive = true,
                            '1' => {}
                            _ => {
                                self.out.error(&format!("error: (playground) ls runs with -l, -a, -A, -R and -1 only (not -{c})"));
                                return None;
                            }
                        }
                    }
                }
                _ => paths.push(a.clone()),
            }
        }
        if paths.is_empty() {
            paths.push(".".into());
        }
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for p in &paths {
            let abs = self.fs.abs(p);
            match self.fs.stat(self.engine, &abs) {
                Ok(Node::Dir { .. }) => dirs.push((p.clone(), abs)),
                Ok(Node::Link { .. }) if !long || p.ends_with('/') => match self.fs.list(self.engine, &abs) {
                    Ok(_) => dirs.push((p.clone(), abs)),
                    Err(_) => files.push((p.clone(), abs)),
                },
                Ok(_) => files.push((p.clone(), abs)),
                Err(FsError::Unknown) => return self.unknown(p),
                Err(e) => {
                    if self.gnu {
                        self.out.note(&format!("ls: cannot access '{p}': {}", e.text()));
                        self.status = 2;
                    } else {
                        self.fail(format!("ls: {p}: {}", e.text()));
                    }
                }
            }
        }
        let mut printed = false;
        if !files.is_empty() {
            let rows: Vec<(String, Node)> = files.iter().filter_map(|(p, abs)| self.fs.stat(self.engine, abs).ok().map(|n| (p.clone(), n))).collect();
            let text = self.entries(&rows, long, None);
            self.write(&text);
            printed = true;
        }
        let headers = paths.len() > 1 || recursive;
        dirs.reverse();
        while let Some((p, abs)) = dirs.pop() {
            let mut rows = match self.fs.list(self.engine, &abs) {
                Ok(r) => r,
                Err(FsError::Unknown) => return self.unknown(&p),
                Err(e) => {
                    self.fail(format!("ls: {p}: {}", e.text()));
                    continue;
                }
            };
            if all {
                let here = self.fs.stat(self.engine, &abs).ok()?;
                let up = self.fs.stat(self.engine, super::fs::parent(&abs)).ok()?;
                rows.insert(0, ("..".into(), up));
                rows.insert(0, (".".into(), here));
            } else if !almost {
                rows.retain(|(n, _)| !n.starts_with('.'));
            }
            if headers {
                if printed {
                    self.write("\n");
                }
                self.write(&format!("{p}:\n"));
            }
            let text = self.entries(&rows, long, Some(&abs));
            self.write(&text);
            printed = true;
            if recursive {
                // Subdirectories next, in order, links not followed.
                let subs = rows.iter().filter(|(n, node)| node.is_dir() && n != "." && n != "..");
                let subs: Vec<(String, String)> = subs.map(|(n, _)| (format!("{}/{n}", p.trim_end_matches('/')), super::fs::normalize(&abs, n))).collect();
                dirs.extend(subs.into_iter().rev());
            }
        }
        Some(self.status)
    }

    /// The listing of `rows`: names one a line (kubectl exec's output is
    /// not a terminal), or `-l`'s long lines after the block total.
    fn entries(&self, rows: &[(String, Node)], long: bool, dir: Option<&str>) -> String {
        if !long {
            return rows.iter().map(|(n, _)| format!("{n}\n")).collect();
        }
        let path_of = |name: &str| match (dir, name) {
            (None, n) => self.fs.abs(n),
            (Some(d), ".") => d.to_string(),
            (Some(d), "..") => super::fs::parent(d).to_string(),
            (Some(d), n) => super::fs::normalize(d, n),
        };
        let facts: Vec<(String, u64, u64, &Node)> = rows
            .iter()
            .map(|(n, node)| {
                let size = if node.is_dir() { self.fs.dir_size(self.engine, &path_of(n)) } else { size(node) };
                (mode_string(node), self.fs.links(self.engine, &path_of(n), node), size, node)
            })
            .collect();
        let mut s = String::new();
        if dir.is_some() {
            // 1K blocks: a page per started 4K; links and tmpfs directories take none.
            let blocks: u64 = facts.iter().map(|(_, _, size, node)| if matches!(node, Node::Link { .. }) || *size == 0 || node.is_dir() && *size != 4096 { 0 } else { size.div_ceil(4096) * 4 }).sum();
            s.push_str(&format!("total {blocks}\n"));
        }
        let wl = facts.iter().map(|f| f.1.to_string().len()).max().unwrap_or(1);
        let ws = facts.iter().map(|f| f.2.to_string().len()).max().unwrap_or(1);
        for ((name, node), (mode, links, size, _)) in rows.iter().zip(&facts) {
            let when = ls_time(at(node));
            let target = match node {
                Node::Link { target, .. } => format!(" -> {target}"),
                _ => String::new(),
            };
            if self.gnu {
                s.push_str(&format!("{mode} {links:>wl$} root root {size:>ws$} {when} {name}{target}\n"));
            } else {
                s.push_str(&format!("{mode} {links:>4} root     root     {size:>9} {when} {name}{target}\n"));
            }
        }
        s
    }

    fn echo(&mut self, args: &[String]) -> Option<i32> {
        let (newline, rest) = match args.first().map(String::as_str) {
            Some("-n") => (false, &args[1..]),
            _ => (true, args),
        };
        let mut text = rest.join(" ");
        if newline {
            text.push('\n');
        }
        self.write(&text);
        Some(0)
    }

    fn printf(&mut self, args: &[String]) -> Option<i32> {
        let Some(format) = args.first() else {
            self.out.note("printf: usage: printf format [arguments]");
            return Some(2);
        };
        let mut rest = args[1..].iter();
        let mut s = String::new();
        let mut chars = format.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some('\\') => s.push('\\'),
                    Some(o) => {
                        s.push('\\');
                        s.push(o);
                    }
                    None => s.push('\\'),
                },
                '%' => match chars.next() {
                    Some('s') | Some('d') => s.push_str(rest.next().map(String::as_str).unwrap_or(if c == 'd' { "0" } else { "" })),
                    Some('%') => s.push('%'),
                    Some(o) => {
                        self.out.error(&format!("error: (playground) printf knows only %s, %d and %% (not %{o})"));
                        return None;
                    }
                    None => s.push('%'),
                },
                c => s.push(c),
            }
        }
        self.write(&s);
        Some(0)
    }

    fn head_tail(&mut self, args: &[String], stdin: &str) -> Option<i32> {
        let mut n: usize = 10;
        let mut files = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let value = if a == "-n" {
                it.next().cloned()
            } else if let Some(v) = a.strip_prefix("-n") {
                Some(v.to_string())
            } else if a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| c.is_ascii_digit()) {
                Some(a[1..].to_string())
            } else {
                files.push(a.clone());
                None
            };
            if let Some(v) = value {
                match v.parse() {
                    Ok(v) => n = v,
                    Err(_) => {
                        self.fail(if self.gnu { format!("{}: invalid number of lines: {}", self.name, crate::gofmt::quote(&v).replace('"', "'")) } else { format!("{}: invalid number '{v}'", self.name) });
                        return Some(1);
                    }
                }
            }
        }
        let texts: Vec<(String, Option<String>)> = if files.is_empty() {
            vec![("-".into(), Some(stdin.to_string()))]
        } else {
            let mut v = Vec::new();
            for f in &files {
                match self.fs.read(self.engine, &self.fs.abs(f)) {
                    Ok(t) => v.push((f.clone(), Some(t))),
                    Err(FsError::Unknown) => return self.unknown(f),
                    Err(e) => {
                        let msg = match (self.gnu, self.name) {
                            (true, p) => format!("{p}: cannot open '{f}' for reading: {}", e.text()),
                            (false, "tail") => format!("tail: can't open '{f}': {}", e.text()),
                            (false, p) => format!("{p}: {f}: {}", e.text()),
                        };
                        self.fail(msg);
                        v.push((f.clone(), None));
                    }
                }
            }
            v
        };
        let many = texts.len() > 1;
        let mut first = true;
        for (name, text) in texts {
            let Some(text) = text else { continue };
            if many {
                self.write(&format!("{}==> {name} <==\n", if first { "" } else { "\n" }));
            }
            first = false;
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let pick = if self.name == "head" { &lines[..n.min(lines.len())] } else { &lines[lines.len().saturating_sub(n)..] };
            let joined = pick.concat();
            self.write(&joined);
        }
        Some(self.status)
    }

    fn wc(&mut self, args: &[String], stdin: &str) -> Option<i32> {
        let lines_only = args.iter().any(|a| a == "-l");
        if args.iter().any(|a| a.starts_with('-') && a != "-l") {
            self.out.error("error: (playground) wc runs with -l only");
            return None;
        }
        let files: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
        if !lines_only {
            self.out.error("error: (playground) wc runs with -l only");
            return None;
        }
        if files.is_empty() {
            let n = stdin.matches('\n').count();
            self.write(&format!("{n}\n"));
            return Some(0);
        }
        // busybox pads to 9 unless one file is counted; GNU pads to the
        // widest count.
        let mut counts = Vec::new();
        for f in &files {
            match self.fs.read(self.engine, &self.fs.abs(f)) {
                Ok(t) => counts.push((t.matches('\n').count(), f.to_string())),
                Err(FsError::Unknown) => return self.unknown(f),
                Err(e) => self.fail(format!("wc: {f}: {}", e.text())),
            }
        }
        let total: usize = counts.iter().map(|c| c.0).sum();
        if files.len() > 1 {
            counts.push((total, "total".into()));
        }
        let width = match (files.len() > 1, self.gnu) {
            (false, _) => 1,
            (true, false) => 9,
            (true, true) => total.to_string().len(),
        };
        for (n, name) in counts {
            self.write(&format!("{n:>width$} {name}\n"));
        }
        Some(self.status)
    }

    fn mkdir(&mut self, args: &[String]) -> Option<i32> {
        let parents = args.iter().any(|a| a == "-p");
        for d in args.iter().filter(|a| !a.starts_with('-')) {
            let abs = self.fs.abs(d);
            let chain: Vec<String> = if parents {
                let mut v = Vec::new();
                let mut p = abs.as_str();
                while p != "/" {
                    v.push(p.to_string());
                    p = super::fs::parent(p);
                }
                v.into_iter().rev().collect()
            } else {
                vec![abs.clone()]
            };
            for step in chain {
                match self.fs.mkdir(self.engine, &step) {
                    Ok(()) => {}
                    Err(FsError::Exists) if parents && matches!(self.fs.stat(self.engine, &step), Ok(Node::Dir { .. } | Node::Link { .. })) => {}
                    Err(e) => {
                        let shown = if step == abs { d.clone() } else { step.clone() };
                        self.fail(if self.gnu { format!("mkdir: cannot create directory '{shown}': {}", e.text()) } else { format!("mkdir: can't create directory '{shown}': {}", e.text()) });
                        break;
                    }
                }
            }
        }
        Some(self.status)
    }

    fn touch(&mut self, args: &[String]) -> Option<i32> {
        for f in args.iter().filter(|a| !a.starts_with('-')) {
            let abs = self.fs.abs(f);
            let r = match self.fs.stat(self.engine, &abs) {
                Ok(Node::File { text, .. }) => self.fs.write(self.engine, &abs, &text, false),
                Ok(_) => Ok(()),
                Err(_) => self.fs.write(self.engine, &abs, "", false),
            };
            if let Err(e) = r {
                self.fail(if self.gnu { format!("touch: cannot touch '{f}': {}", e.text()) } else { format!("touch: {f}: {}", e.text()) });
            }
        }
        Some(self.status)
    }

    fn rm(&mut self, args: &[String]) -> Option<i32> {
        let flags: String = args.iter().filter(|a| a.starts_with('-') && a.len() > 1).flat_map(|a| a[1..].chars()).collect();
        let (force, recursive) = (flags.contains('f'), flags.contains('r') || flags.contains('R'));
        for f in args.iter().filter(|a| !a.starts_with('-') || a.len() == 1) {
            let abs = self.fs.abs(f);
            match self.fs.remove(self.engine, &abs, recursive) {
                Ok(()) => {}
                Err(FsError::NotFound) if force => {}
                Err(FsError::Unknown) => return self.unknown(f),
                Err(FsError::IsDir) if !self.gnu => self.fail(format!("rm: '{f}' is a directory")),
                Err(e) if self.gnu => self.fail(format!("rm: cannot remove '{f}': {}", e.text())),
                Err(e) => self.fail(format!("rm: can't remove '{f}': {}", e.text())),
            }
        }
        Some(self.status)
    }
}

/// `\n`, `\t`, `\\`, `\0NNN` … read as dash's echo reads them; true when
/// `\c` stopped the output.
pub fn escapes(s: &str) -> (String, bool) {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('a') => out.push('\u{7}'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('v') => out.push('\u{b}'),
            Some('\\') => out.push('\\'),
            Some('c') => return (out, true),
            Some('0') => {
                let mut n = 0u32;
                for _ in 0..3 {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            n = n * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(n).unwrap_or('\0'));
            }
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    (out, false)
}

/// `test`'s file, string and number checks: 0 true, 1 false, 2 error.
fn test(fs: &Fs, engine: &Engine, args: &[String]) -> i32 {
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let (negate, a) = match a.split_first() {
        Some((&"!", rest)) if !rest.is_empty() => (true, rest.to_vec()),
        _ => (false, a),
    };
    let stat = |p: &str| fs.stat(engine, &fs.abs(p));
    let truth = match a.as_slice() {
        [] => false,
        [s] => !s.is_empty(),
        ["-n", s] => !s.is_empty(),
        ["-z", s] => s.is_empty(),
        ["-e", p] => stat(p).is_ok(),
        ["-f", p] => fs.read(engine, &fs.abs(p)).is_ok(),
        ["-d", p] => matches!(stat(p), Ok(Node::Dir { .. })) || matches!(stat(p), Ok(Node::Link { .. })) && fs.list(engine, &fs.abs(p)).is_ok(),
        ["-s", p] => fs.read(engine, &fs.abs(p)).is_ok_and(|t| !t.is_empty()),
        ["-L", p] | ["-h", p] => matches!(stat(p), Ok(Node::Link { .. })),
        ["-r", p] | ["-w", p] | ["-x", p] => stat(p).is_ok(),
        [x, "=", y] | [x, "==", y] => x == y,
        [x, "!=", y] => x != y,
        [x, op @ ("-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge"), y] => {
            let (Ok(x), Ok(y)) = (x.parse::<i64>(), y.parse::<i64>()) else { return 2 };
            match *op {
                "-eq" => x == y,
                "-ne" => x != y,
                "-lt" => x < y,
                "-le" => x <= y,
                "-gt" => x > y,
                _ => x >= y,
            }
        }
        _ => return 2,
    };
    i32::from(truth == negate)
}

fn at(node: &Node) -> Time {
    match node {
        Node::File { at, .. } | Node::Dir { at, .. } | Node::Link { at, .. } => *at,
    }
}

fn size(node: &Node) -> u64 {
    match node {
        Node::File { text, .. } => text.len() as u64,
        Node::Dir { .. } => 4096,
        Node::Link { target, .. } => target.len() as u64,
    }
}

/// `drwxr-xr-x`, `-rw-r--r--`, `lrwxrwxrwx`, `drwxrwxrwt`.
pub fn mode_string(node: &Node) -> String {
    let (kind, mode) = match node {
        Node::File { mode, .. } => ('-', *mode),
        Node::Dir { mode, .. } => ('d', *mode),
        Node::Link { .. } => ('l', 0o777),
    };
    let mut s = String::from(kind);
    for shift in [6, 3, 0] {
        let bits = (mode >> shift) & 7;
        s.push(if bits & 4 != 0 { 'r' } else { '-' });
        s.push(if bits & 2 != 0 { 'w' } else { '-' });
        let x = bits & 1 != 0;
        s.push(match (shift, mode & 0o1000 != 0, x) {
            (0, true, true) => 't',
            (0, true, false) => 'T',
            (_, _, true) => 'x',
            _ => '-',
        });
    }
    s
}

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];

/// `ls -l`'s time of a recent file: `Jan  1 00:00`.
fn ls_time(t: Time) -> String {
    let (_, mo, d, h, mi, _) = civil(t.millis().div_euclid(1000));
    format!("{} {d:>2} {h:02}:{mi:02}", MONTHS[(mo - 1).clamp(0, 11) as usize])
}

/// `date` in a UTC container: `Wed Jan  1 00:00:00 UTC 2025`.
fn date(t: Time) -> String {
    let secs = t.millis().div_euclid(1000);
    let (y, mo, d, h, mi, s) = civil(secs);
    let wd = DAYS[secs.div_euclid(86_400).rem_euclid(7) as usize];
    format!("{wd} {} {d:>2} {h:02}:{mi:02}:{s:02} UTC {y}", MONTHS[(mo - 1).clamp(0, 11) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes() {
        let at = Time::default();
        assert_eq!(mode_string(&Node::File { text: String::new(), mode: 0o644, at }), "-rw-r--r--");
        assert_eq!(mode_string(&Node::Dir { mode: 0o1777, at }), "drwxrwxrwt");
        assert_eq!(mode_string(&Node::Dir { mode: 0o777, at }), "drwxrwxrwx");
        assert_eq!(mode_string(&Node::Link { target: "x".into(), at }), "lrwxrwxrwx");
        assert_eq!(mode_string(&Node::File { text: String::new(), mode: 0o400, at }), "-r--------");
    }

    #[test]
    fn dash_echo_escapes() {
        assert_eq!(escapes(r"a\nb\tc"), ("a\nb\tc".to_string(), false));
        assert_eq!(escapes(r"x\cy"), ("x".to_string(), true));
        assert_eq!(escapes(r"\0101\q"), ("A\\q".to_string(), false));
    }

    #[test]
    fn times() {
        assert_eq!(date(kubeplay_model::time::EPOCH), "Wed Jan  1 00:00:00 UTC 2025");
        assert_eq!(ls_time(Time::from_millis(kubeplay_model::time::EPOCH.millis() + 86_400_000 * 40 + 3_660_000)), "Feb 10 01:01");
    }
}
