//! The words of a line typed into a container's shell, as the session
//! takes them apart before the runner sees them: its list operators, `$`
//! names, assignments and directory paths.

/// The name after a `$`, and how many characters it took; None when the
/// `$` is literal (or `$(`, which the runner expands).
pub(super) fn var_name(rest: &[char]) -> (Option<String>, usize) {
    match rest.first() {
        Some('{') => match rest.iter().position(|&c| c == '}') {
            Some(end) if end > 1 && rest[1..end].iter().all(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '?') => (Some(rest[1..end].iter().collect()), end + 1),
            _ => (None, 0),
        },
        Some(c) if matches!(c, '?' | '$' | '0') => (Some(c.to_string()), 1),
        Some(c) if c.is_ascii_alphabetic() || *c == '_' => {
            let n = rest.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == '_').count();
            (Some(rest[..n].iter().collect()), n)
        }
        _ => (None, 0),
    }
}

/// `NAME=value` as a word: the name and value.
pub(super) fn assignment(word: &str) -> Option<(&str, &str)> {
    let (k, v) = word.split_once('=')?;
    let valid = k.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    valid.then_some((k, v))
}

/// The line's commands, split at `;`, `&&` and `||` outside quotes and
/// substitutions, each with the operator after it. None for what only a
/// shell can take apart: compound commands.
pub(super) fn split_list(line: &str) -> Option<Vec<(String, &'static str)>> {
    const COMPOUND: &[&str] = &["if", "for", "while", "until", "case", "{", "(", "function", "select"];
    let mut out = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let (mut single, mut double, mut depth) = (false, false, 0usize);
    let mut current = String::new();
    let mut i = 0;
    let push = |current: &mut String, op: &'static str, out: &mut Vec<(String, &'static str)>| {
        let text = std::mem::take(current).trim().to_string();
        if !text.is_empty() {
            out.push((text, op));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\\' if !single => {
                current.push(c);
                if let Some(n) = next {
                    current.push(n);
                }
                i += 2;
                continue;
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '(' if !single && !double && current.ends_with('$') => depth += 1,
            ')' if !single && !double && depth > 0 => depth -= 1,
            _ if single || double || depth > 0 => {}
            ';' => {
                push(&mut current, ";", &mut out);
                i += 1;
                continue;
            }
            '&' if next == Some('&') => {
                push(&mut current, "&&", &mut out);
                i += 2;
                continue;
            }
            '|' if next == Some('|') => {
                push(&mut current, "||", &mut out);
                i += 2;
                continue;
            }
            _ => {}
        }
        current.push(c);
        i += 1;
    }
    push(&mut current, ";", &mut out);
    // `NAME()` and `NAME ()` start a function's definition.
    let definition = |text: &str| text.split_once('(').is_some_and(|(name, _)| !name.contains('$') && assignment(&format!("{}=", name.trim_end())).is_some());
    let compound = out.iter().any(|(text, _)| COMPOUND.iter().any(|k| text.split_whitespace().next() == Some(*k) || text.starts_with('(') || text.starts_with('{')) || definition(text));
    (!compound && !single && !double).then_some(out)
}

/// Directories every image the playground knows has (a Linux root), the
/// user's home and the container's working directory.
pub(crate) fn is_dir(path: &str, home: &str, workdir: &str) -> bool {
    const DIRS: &[&str] = &[
        "/",
        "/bin",
        "/dev",
        "/etc",
        "/home",
        "/lib",
        "/media",
        "/mnt",
        "/opt",
        "/proc",
        "/root",
        "/run",
        "/sbin",
        "/srv",
        "/sys",
        "/tmp",
        "/usr",
        "/usr/bin",
        "/usr/lib",
        "/usr/local",
        "/usr/local/bin",
        "/usr/sbin",
        "/usr/share",
        "/var",
        "/var/log",
        "/var/run",
        "/var/tmp",
        "/etc/ssl",
        "/dev/shm",
        "/var/run/secrets",
        "/var/run/secrets/kubernetes.io",
        "/var/run/secrets/kubernetes.io/serviceaccount",
        "/usr/share/nginx",
        "/usr/share/nginx/html",
        "/etc/nginx",
        "/etc/nginx/conf.d",
    ];
    path == home || DIRS.contains(&path) || path == workdir
}
