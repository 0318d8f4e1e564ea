//! The file programs `kubectl exec` runs on a container's file system
//! ([`super::pod_fs`]): `cat`, `ls`, `echo`, `printf`, `head`, `tail`,
//! `wc`, `mkdir`, `touch`, `rm`, `mv`, `chmod`, `rmdir`, `test`/`[` and
//! `date`, with busybox's
//! messages in busybox and Alpine images and GNU coreutils' in Debian
//! ones, each with its own exit codes.

use super::fs::{Family, Fs, FsError, Node};
use super::Output;
use kubeplay_engine::Engine;
use kubeplay_model::time::civil;
use kubeplay_model::Time;

#[path = "pod_fs_cond.rs"]
mod cond;
#[path = "pod_fs_chmod.rs"]
mod chmod;

/// The programs answered here.
pub const PROGRAMS: &[&str] = &["cat", "ls", "echo", "printf", "head", "tail", "wc", "mkdir", "touch", "rm", "mv", "chmod", "rmdir", "test", "[", "date"];

/// Runs one of [`PROGRAMS`] with `stdin`; its exit code, or None when
/// the playground cannot (it said why).
/// `line` is the script's line, which dash's builtins name in messages.
pub fn run(fs: &Fs, engine: &mut Engine, argv: &[String], stdin: &str, line: usize, out: &mut Output) -> Option<i32> {
    let name = kubeplay_engine::kubelet::shell::basename(&argv[0]);
    let args = &argv[1..];
    let gnu = fs.family() == Family::Debian;
    let mut p = Prog { fs, engine, out, name, gnu, status: 0, line };
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
        "mv" => p.mv(args),
        "chmod" => Some(p.chmod(args)),
        "rmdir" => p.rmdir(args),
        "test" => Some(cond::run(fs, p.engine, args, "test", gnu, line, p.out)),
        "[" => match args.split_last() {
            Some((last, rest)) if last == "]" => Some(cond::run(fs, p.engine, rest, "[", gnu, line, p.out)),
            _ => Some(cond::missing_bracket(gnu, line, p.out)),
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
    line: usize,
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

    /// A file's text; a trailing slash after a file's name is an error.
    fn read(&self, name: &str) -> Result<String, FsError> {
        let abs = self.fs.abs(name);
        if name.ends_with('/') && matches!(self.fs.stat(self.engine, &abs), Ok(Node::File { .. })) {
            return Err(FsError::NotDir);
        }
        self.fs.read(self.engine, &abs)
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
            match self.read(f) {
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
        let (mut long, mut all, mut almost, mut recursive, mut itself) = (false, false, false, false, false);
        let mut order = super::ls::Order::default();
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
                            'd' => itself = true,
                            '1' => {}
                            c if order.flag(c) => {}
                            _ => {
                                self.out.error(&format!("error: (playground) ls runs with -l, -a, -A, -R, -d, -1, -t, -r and -S only (not -{c})"));
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
            let node = match self.fs.stat(self.engine, &abs) {
                Ok(Node::File { .. }) if p.ends_with('/') => Err(FsError::NotDir),
                other => other,
            };
            match node {
                // -d lists a directory as itself, not what it holds.
                Ok(Node::Dir { .. }) if itself => files.push((p.clone(), abs)),
                Ok(Node::Dir { .. }) => dirs.push((p.clone(), abs)),
                Ok(Node::Link { .. }) if !long && !itself || p.ends_with('/') => match self.fs.list(self.engine, &abs) {
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
        // Operands are listed sorted (files, then directories), whatever
        // order they were named in.
        files.sort();
        dirs.sort();
        if !order.by_name() {
            let facts = |(p, abs): &(String, String)| {
                let node = self.fs.stat(self.engine, abs).ok();
                (p.clone(), node.as_ref().map(at), node.map_or(0, |n| self.size_at(abs, &n)))
            };
            order.sort(&mut files, facts);
            order.sort(&mut dirs, facts);
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
            if !order.by_name() {
                order.sort(&mut rows, |(n, node)| {
                    let path = match n.as_str() {
                        "." => abs.clone(),
                        ".." => super::fs::parent(&abs).to_string(),
                        n => super::fs::normalize(&abs, n),
                    };
                    (n.clone(), at(node), self.size_at(&path, node))
                });
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

    /// What `ls -l` shows as the size of `node` at `path`.
    fn size_at(&self, path: &str, node: &Node) -> u64 {
        if node.is_dir() {
            self.fs.dir_size(self.engine, path)
        } else {
            size(node)
        }
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
                let size = self.size_at(&path_of(n), node);
                (mode_string(node), self.fs.links(self.engine, &path_of(n), node), size, node)
            })
            .collect();
        let owners: Vec<(String, String)> = rows.iter().map(|(n, _)| self.fs.owner(&path_of(n))).collect();
        let wu = owners.iter().map(|o| o.0.len()).max().unwrap_or(1);
        let wg = owners.iter().map(|o| o.1.len()).max().unwrap_or(1);
        let mut s = String::new();
        if dir.is_some() {
            // 1K blocks: a page per started 4K; links and tmpfs directories take none.
            let blocks: u64 = facts.iter().map(|(_, _, size, node)| if matches!(node, Node::Link { .. }) || *size == 0 || node.is_dir() && *size != 4096 { 0 } else { size.div_ceil(4096) * 4 }).sum();
            s.push_str(&format!("total {blocks}\n"));
        }
        let wl = facts.iter().map(|f| f.1.to_string().len()).max().unwrap_or(1);
        let ws = facts.iter().map(|f| f.2.to_string().len()).max().unwrap_or(1);
        for (((name, node), (mode, links, size, _)), (user, group)) in rows.iter().zip(&facts).zip(&owners) {
            let when = ls_time(at(node));
            let target = match node {
                Node::Link { target, .. } => format!(" -> {target}"),
                _ => String::new(),
            };
            if self.gnu {
                s.push_str(&format!("{mode} {links:>wl$} {user:<wu$} {group:<wg$} {size:>ws$} {when} {name}{target}\n"));
            } else {
                s.push_str(&format!("{mode} {links:>4} {user:<8} {group:<8} {size:>9} {when} {name}{target}\n"));
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
        let mut rest = args[1..].iter().peekable();
        let mut s = String::new();
        // The format is used again while arguments are left, as long as
        // a pass takes some.
        loop {
            let before = rest.len();
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
                        Some('s') => s.push_str(rest.next().map(String::as_str).unwrap_or("")),
                        Some('d') => {
                            let arg = rest.next();
                            let n = self.printf_number(arg.map(String::as_str));
                            s.push_str(&n.to_string());
                        }
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
            if rest.peek().is_none() || rest.len() == before {
                break;
            }
        }
        self.write(&s);
        Some(self.status)
    }

    /// A `%d` argument as the shells' printf reads it (strtol: blanks,
    /// a sign, 0x hex and 0 octal); what it cannot read whole is an error
    /// in the shell's words (dash's in Debian images), the value what it
    /// could read. A missing argument is 0; busybox refuses `''`.
    fn printf_number(&mut self, arg: Option<&str>) -> i64 {
        let Some(arg) = arg else {
            if !self.gnu {
                self.fail("sh: invalid number ''".into());
            }
            return 0;
        };
        let (value, whole, any) = strtol(arg);
        if arg.is_empty() && self.gnu {
            return 0;
        }
        if !whole {
            let why = if any { "not completely converted" } else { "expected numeric value" };
            self.fail(if self.gnu { format!("sh: {}: printf: {arg}: {why}", self.line) } else { format!("sh: invalid number '{arg}'") });
            return if self.gnu { value } else { 0 };
        }
        value
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
        let tail = self.name == "tail";
        // GNU tail skips reading (and opening) everything for no lines.
        if tail && n == 0 && self.gnu {
            return Some(0);
        }
        // Each file's text; Err(Some(message)) when it could not be
        // opened, Err(None) for a directory (its read fails after the
        // header). Messages come in the order the files are read.
        let texts: Vec<(String, Result<String, Option<String>>)> = if files.is_empty() {
            vec![("-".into(), Ok(stdin.to_string()))]
        } else {
            let mut v = Vec::new();
            for f in &files {
                match self.read(f) {
                    Ok(t) => v.push((f.clone(), Ok(t))),
                    Err(FsError::Unknown) => return self.unknown(f),
                    Err(FsError::IsDir) => v.push((f.clone(), Err(None))),
                    Err(e) => {
                        let msg = match (self.gnu, self.name) {
                            (true, p) => format!("{p}: cannot open '{f}' for reading: {}", e.text()),
                            (false, "tail") => format!("tail: can't open '{f}': {}", e.text()),
                            (false, p) => format!("{p}: {f}: {}", e.text()),
                        };
                        v.push((f.clone(), Err(Some(msg))));
                    }
                }
            }
            v
        };
        let opened = texts.iter().filter(|t| !matches!(t.1, Err(Some(_)))).count();
        if tail && !self.gnu {
            // busybox tail opens every file before it prints any.
            for (_, text) in &texts {
                if let Err(Some(msg)) = text {
                    self.fail(msg.clone());
                }
            }
        }
        if opened == 0 && tail && !self.gnu {
            self.fail("tail: no files".into());
            return Some(self.status);
        }
        // Headers when several files are named (busybox tail: several
        // opened); busybox head counts a file it could not open as shown.
        let many = if tail && !self.gnu { opened > 1 } else { texts.len() > 1 };
        let mut first = true;
        for (name, text) in texts {
            if let Err(Some(msg)) = text {
                if self.gnu || !tail {
                    self.fail(msg);
                }
                if !self.gnu && !tail {
                    first = false;
                }
                continue;
            }
            if many {
                self.write(&format!("{}==> {name} <==\n", if first { "" } else { "\n" }));
            }
            first = false;
            let Ok(text) = text else {
                if n > 0 || tail {
                    let msg = match (self.gnu, self.name) {
                        (true, p) => format!("{p}: error reading '{name}': Is a directory"),
                        (false, "tail") => "tail: read error: Is a directory".to_string(),
                        // busybox head's read of a directory ends in EIO.
                        (false, p) => format!("{p}: {name}: Input/output error"),
                    };
                    self.fail(msg);
                }
                continue;
            };
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let pick = if tail { &lines[lines.len().saturating_sub(n)..] } else { &lines[..n.min(lines.len())] };
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
        // GNU's width: the digits of the regular files' total size, at
        // least 7 when one is not a regular file.
        let (mut counts, mut bytes, mut irregular) = (Vec::new(), 0, false);
        for f in &files {
            match self.read(f) {
                Ok(t) => {
                    bytes += t.len();
                    counts.push((Some(t.matches('\n').count()), f.to_string()));
                }
                Err(FsError::Unknown) => return self.unknown(f),
                Err(FsError::IsDir) => {
                    // wc reads the directory, fails, and still prints its 0.
                    counts.push((None, format!("wc: {f}: {}", FsError::IsDir.text())));
                    irregular = true;
                    counts.push((Some(0), f.to_string()));
                }
                Err(e) => counts.push((None, format!("wc: {f}: {}", e.text()))),
            }
        }
        let total: usize = counts.iter().filter_map(|c| c.0).sum();
        if files.len() > 1 {
            counts.push((Some(total), "total".into()));
        }
        let width = match (files.len() > 1, self.gnu) {
            (false, _) => 1,
            (true, false) => 9,
            (true, true) => bytes.to_string().len().max(if irregular { 7 } else { 1 }),
        };
        // Each file's message and count in turn, as wc writes them.
        for (n, text) in counts {
            match n {
                Some(n) => self.write(&format!("{n:>width$} {text}\n")),
                None => self.fail(text),
            }
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
                        // A file on the way: the directory below it cannot be made.
                        // busybox -p also stats `FILE/` itself, which fails so.
                        let through = step != abs || !self.gnu && parents && d.ends_with('/');
                        let e = if through && e == FsError::Exists { FsError::NotDir } else { e };
                        let shown = match (step == abs, self.gnu) {
                            (true, _) => d.clone(),
                            (false, true) => step.clone(),
                            (false, false) => format!("{step}/"),
                        };
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
            if f.len() > 1 && f.ends_with('/') {
                // Only a directory can be named so; touch does not create one.
                // With no directory to make it in, the open fails first.
                let orphan = matches!(self.fs.stat(self.engine, super::fs::parent(&abs)), Err(FsError::NotFound | FsError::NotDir));
                let e = match self.fs.stat(self.engine, &abs) {
                    Ok(Node::Dir { .. } | Node::Link { .. }) => continue,
                    Ok(_) => FsError::NotDir,
                    Err(FsError::Unknown) => return self.unknown(f),
                    Err(e) if orphan => e,
                    Err(_) if !self.gnu => FsError::IsDir,
                    Err(e) => e,
                };
                self.fail(match (self.gnu, orphan) {
                    (true, true) => format!("touch: cannot touch '{f}': {}", e.text()),
                    (true, false) => format!("touch: setting times of '{f}': {}", e.text()),
                    (false, _) => format!("touch: {f}: {}", e.text()),
                });
                continue;
            }
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

    fn chmod(&mut self, args: &[String]) -> i32 {
        // `-w` is a mode, not a flag: only -R, -c, -v and -f are options.
        let is_flag = |a: &String| a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| "Rcvf".contains(c));
        let nflags = args.iter().take_while(|a| is_flag(a)).count();
        let (flags, rest) = args.split_at(nflags);
        let recursive = flags.iter().any(|f| f.contains('R'));
        let Some((spec, files)) = rest.split_first().filter(|(_, files)| !files.is_empty()) else {
            let what = rest.first().map_or("missing operand".to_string(), |m| format!("missing operand after '{m}'"));
            self.fail(if self.gnu { format!("chmod: {what}\nTry 'chmod --help' for more information.") } else { CHMOD_USAGE.to_string() });
            return self.status;
        };
        let Some(mode) = chmod::parse(spec, self.gnu) else {
            self.fail(if self.gnu { format!("chmod: invalid mode: '{spec}'\nTry 'chmod --help' for more information.") } else { format!("chmod: invalid mode '{spec}'") });
            return self.status;
        };
        let gnu = self.gnu;
        for f in files {
            let abs = self.fs.abs(f);
            let mut paths = vec![abs.clone()];
            if recursive {
                self.below(&abs, &mut paths);
            }
            for path in paths {
                match self.fs.chmod(self.engine, &path, |old, dir| chmod::apply(&mode, old, dir, gnu)) {
                    Ok(()) => {}
                    Err(FsError::Unknown) => {
                        self.unknown(f);
                        self.status = 1;
                    }
                    Err(e @ (FsError::NotFound | FsError::NotDir)) if gnu => self.fail(format!("chmod: cannot access '{f}': {}", e.text())),
                    Err(e) if gnu => self.fail(format!("chmod: changing permissions of '{f}': {}", e.text())),
                    Err(e) => self.fail(format!("chmod: {f}: {}", e.text())),
                }
            }
        }
        self.status
    }

    fn rmdir(&mut self, args: &[String]) -> Option<i32> {
        let parents = args.iter().any(|a| a == "-p");
        let dirs: Vec<&String> = args.iter().filter(|a| !a.starts_with('-') || a.len() == 1).collect();
        if dirs.is_empty() {
            self.fail(if self.gnu { "rmdir: missing operand\nTry 'rmdir --help' for more information.".to_string() } else { RMDIR_USAGE.to_string() });
            return Some(self.status);
        }
        for d in dirs {
            // -p removes each parent named in the operand too, deepest first.
            let mut name = d.trim_end_matches('/').to_string();
            loop {
                let abs = self.fs.abs(&name);
                let err = match self.fs.stat(self.engine, &abs) {
                    Ok(Node::Dir { .. }) => match self.fs.list(self.engine, &abs) {
                        Ok(entries) if entries.is_empty() => self.fs.remove(self.engine, &abs, true).err(),
                        Ok(_) => Some(FsError::Exists),
                        Err(e) => Some(e),
                    },
                    Ok(_) => Some(FsError::NotDir),
                    Err(e) => Some(e),
                };
                match err {
                    None => {}
                    Some(FsError::Unknown) => return self.unknown(&name),
                    Some(e) => {
                        let text = if e == FsError::Exists { "Directory not empty" } else { e.text() };
                        // GNU words a parent's failure under -p differently.
                        let what = if name.len() < d.trim_end_matches('/').len() { "directory " } else { "" };
                        self.fail(if self.gnu { format!("rmdir: failed to remove {what}'{name}': {text}") } else { format!("rmdir: '{name}': {text}") });
                        break;
                    }
                }
                match name.rsplit_once('/') {
                    Some((up, _)) if parents && !up.is_empty() => name = up.to_string(),
                    _ => break,
                }
            }
        }
        Some(self.status)
    }

    /// Every path below the directory `dir` that the playground knows, for `-R`.
    fn below(&self, dir: &str, out: &mut Vec<String>) {
        if let Ok(entries) = self.fs.list(self.engine, dir) {
            for (name, node) in entries {
                let path = format!("{}/{name}", dir.trim_end_matches('/'));
                out.push(path.clone());
                if matches!(node, Node::Dir { .. }) {
                    self.below(&path, out);
                }
            }
        }
    }

    fn rm(&mut self, args: &[String]) -> Option<i32> {
        let flags: String = args.iter().filter(|a| a.starts_with('-') && a.len() > 1).flat_map(|a| a[1..].chars()).collect();
        let (force, recursive) = (flags.contains('f'), flags.contains('r') || flags.contains('R'));
        for f in args.iter().filter(|a| !a.starts_with('-') || a.len() == 1) {
            let abs = self.fs.abs(f);
            // busybox names the path without its trailing slashes.
            let f = if self.gnu || f.trim_end_matches('/').is_empty() { f.as_str() } else { f.trim_end_matches('/') };
            // GNU keeps the slash, so a file's name with one is no directory.
            let through_file = self.gnu && f.ends_with('/') && matches!(self.fs.stat(self.engine, &abs), Ok(Node::File { .. }));
            let removed = if through_file { Err(FsError::NotDir) } else { self.fs.remove(self.engine, &abs, recursive) };
            match removed {
                Ok(()) => {}
                Err(FsError::NotFound) if force => {}
                Err(FsError::Unknown) => return self.unknown(f),
                Err(FsError::IsDir) if !self.gnu => self.fail(format!("rm: '{f}' is a directory")),
                Err(FsError::NotDir) if self.gnu && force => {}
                // busybox's lstat failed for another reason than a missing file.
                Err(FsError::NotDir) if !self.gnu => self.fail(format!("rm: can't stat '{f}': {}", FsError::NotDir.text())),
                Err(e) if self.gnu => self.fail(format!("rm: cannot remove '{f}': {}", e.text())),
                Err(e) => self.fail(format!("rm: can't remove '{f}': {}", e.text())),
            }
        }
        Some(self.status)
    }
}

impl Prog<'_> {
    /// `mv SRC DST` of a file (the replicated MySQL page renames the
    /// image's `mysql`): DST, or a file of that name inside DST when it is
    /// a directory, gets SRC's text, and SRC goes.
    fn mv(&mut self, args: &[String]) -> Option<i32> {
        let names: Vec<&String> = args.iter().filter(|a| !a.starts_with('-') || a.len() == 1).collect();
        let [src, dst] = names.as_slice() else {
            if names.len() < 2 && self.gnu {
                let what = names.first().map_or("missing file operand".to_string(), |n| format!("missing destination file operand after '{n}'"));
                self.fail(format!("mv: {what}\nTry 'mv --help' for more information."));
                return Some(self.status);
            }
            self.out.error("error: (playground) mv moves one file to one destination here");
            return None;
        };
        let from = self.fs.abs(src);
        let text = match self.fs.stat(self.engine, &from) {
            Ok(Node::File { text, .. }) => text,
            Ok(_) => {
                self.out.error("error: (playground) mv moves files only here, not directories or links");
                return None;
            }
            Err(FsError::Unknown) => return self.unknown(src),
            Err(e) => {
                self.fail(if self.gnu { format!("mv: cannot stat '{src}': {}", e.text()) } else { format!("mv: can't rename '{src}': {}", e.text()) });
                return Some(self.status);
            }
        };
        let mut to = self.fs.abs(dst);
        if matches!(self.fs.stat(self.engine, &to), Ok(Node::Dir { .. })) {
            to = format!("{}/{}", to.trim_end_matches('/'), from.rsplit('/').next().unwrap_or_default());
        }
        if to == from {
            self.fail(format!("mv: '{src}' and '{dst}' are the same file"));
            return Some(self.status);
        }
        let moved = self.fs.write(self.engine, &to, &text, false).and_then(|()| self.fs.remove(self.engine, &from, false));
        if let Err(e) = moved {
            self.fail(if self.gnu { format!("mv: cannot move '{src}' to '{dst}': {}", e.text()) } else { format!("mv: can't rename '{src}': {}", e.text()) });
        }
        Some(self.status)
    }
}

/// C's strtol with base 0 over `s`: the value, whether all of `s` was
/// read, and whether any digit was.
fn strtol(s: &str) -> (i64, bool, bool) {
    let t = s.trim_start_matches([' ', '\t', '\n']);
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (radix, digits) = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")).filter(|h| h.starts_with(|c: char| c.is_ascii_hexdigit())) {
        (16, h)
    } else if t.len() > 1 && t.starts_with('0') {
        (8, &t[1..])
    } else {
        (10, t)
    };
    let len = digits.find(|c: char| !c.is_digit(radix)).unwrap_or(digits.len());
    let any = len > 0 || radix == 8;
    let mut v: i64 = 0;
    for c in digits[..len].chars() {
        v = v.saturating_mul(i64::from(radix)).saturating_add(i64::from(c.to_digit(radix).unwrap_or(0)));
    }
    (if neg { v.saturating_neg() } else { v }, any && len == digits.len(), any)
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
        // The set-user-id, set-group-id and sticky bits take the x column.
        let special = mode & (0o1000 << (shift / 3)) != 0;
        s.push(match (shift, special, x) {
            (0, true, true) => 't',
            (0, true, false) => 'T',
            (_, true, true) => 's',
            (_, true, false) => 'S',
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
        assert_eq!(mode_string(&Node::File { text: String::new(), mode: 0o4755, at }), "-rwsr-xr-x");
        assert_eq!(mode_string(&Node::Dir { mode: 0o2745, at }), "drwxr-Sr-x");
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

/// busybox's answer to `chmod` without a mode or a file.
const CHMOD_USAGE: &str = "BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: chmod [-Rcvf] MODE[,MODE]... FILE...\n\nMODE is octal number (bit pattern sstrwxrwxrwx) or [ugoa]{+|-|=}[rwxXst]\n\n\t-R\tRecurse\n\t-c\tList changed files\n\t-v\tVerbose\n\t-f\tHide errors";

/// busybox's answer to `rmdir` without a directory.
const RMDIR_USAGE: &str = "BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: rmdir [-p] DIRECTORY...\n\nRemove DIRECTORY if it is empty\n\n\t-p\tInclude parents\n\t--ignore-fail-on-non-empty";
