//! `chmod`'s MODE argument, as GNU coreutils' and busybox's parsers read
//! it: an octal number or comma-separated symbolic clauses
//! (`u+x`, `go-w`, `a=r`, `+x`, `g=u`). Both apply the umask to a clause
//! that names no one; a container's umask is Docker's 022.

/// Docker's default umask, which `kubectl exec` inherits.
const UMASK: u32 = 0o022;

/// One parsed MODE.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Octal digits, and how many were written (GNU keeps a directory's
    /// set-id bits unless five digits are given).
    Octal(u32, usize),
    Symbolic(Vec<Clause>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    /// The bits `u`, `g`, `o`, `a` name; 0 when none was written.
    who: u32,
    ops: Vec<(char, Perm)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Perm {
    Bits { bits: u32, x_if_any: bool },
    /// `g=u`: the bits another class has now.
    Copy(u32),
}

/// Parses MODE; None when it is not one (both programs then say
/// "invalid mode"). busybox skips empty clauses (`u+x,`, even ``), GNU
/// refuses them.
pub fn parse(spec: &str, gnu: bool) -> Option<Mode> {
    if !spec.is_empty() && spec.bytes().all(|b| b.is_ascii_digit()) {
        let digits = spec.len();
        let value = u32::from_str_radix(spec, 8).ok()?;
        return (value <= 0o7777).then_some(Mode::Octal(value, digits));
    }
    let mut clauses = Vec::new();
    for part in spec.split(',') {
        if part.is_empty() && !gnu {
            continue;
        }
        let mut chars = part.chars().peekable();
        let mut who = 0;
        while let Some(&c) = chars.peek() {
            who |= match c {
                'u' => 0o4700,
                'g' => 0o2070,
                'o' => 0o1007,
                'a' => 0o7777,
                _ => break,
            };
            chars.next();
        }
        let mut ops = Vec::new();
        while let Some(op) = chars.next() {
            if !matches!(op, '+' | '-' | '=') {
                return None;
            }
            let perm = match chars.peek() {
                Some(&c @ ('u' | 'g' | 'o')) => {
                    chars.next();
                    Perm::Copy(match c {
                        'u' => 0o700,
                        'g' => 0o070,
                        _ => 0o007,
                    })
                }
                _ => {
                    let (mut bits, mut x_if_any) = (0, false);
                    while let Some(&c) = chars.peek() {
                        bits |= match c {
                            'r' => 0o444,
                            'w' => 0o222,
                            'x' => 0o111,
                            'X' => {
                                x_if_any = true;
                                0
                            }
                            's' => 0o6000,
                            't' => 0o1000,
                            _ => break,
                        };
                        chars.next();
                    }
                    Perm::Bits { bits, x_if_any }
                }
            };
            ops.push((op, perm));
        }
        if ops.is_empty() {
            return None;
        }
        clauses.push(Clause { who, ops });
    }
    Some(Mode::Symbolic(clauses))
}

/// The mode `mode` makes of `old` (permission and set-id bits) on a file
/// or, with `dir`, a directory; as gnulib's mode_adjust computes it
/// (busybox sets an octal mode as written, directories included).
pub fn apply(mode: &Mode, old: u32, dir: bool, gnu: bool) -> u32 {
    match mode {
        Mode::Octal(value, digits) if gnu && dir && *digits < 5 => value | (old & 0o6000),
        Mode::Octal(value, _) => *value,
        Mode::Symbolic(clauses) => {
            let mut new = old & 0o7777;
            for clause in clauses {
                for &(op, perm) in &clause.ops {
                    let mut value = match perm {
                        Perm::Bits { bits, x_if_any } => bits | if x_if_any && (dir || new & 0o111 != 0) { 0o111 } else { 0 },
                        Perm::Copy(class) => {
                            let v = new & class;
                            let rwx = v >> class.trailing_zeros();
                            rwx * 0o111
                        }
                    };
                    // Directories keep their set-id bits unless a clause names them.
                    let omit = if dir { 0o6000 & !mentioned(perm) } else { 0 };
                    value &= if clause.who != 0 { clause.who } else { !UMASK } & !omit;
                    match op {
                        '=' => {
                            let preserved = if clause.who != 0 { !clause.who } else { 0 } | omit;
                            new = (new & preserved) | value;
                        }
                        '+' => new |= value,
                        _ => new &= !value,
                    }
                }
            }
            new & 0o7777
        }
    }
}

fn mentioned(perm: Perm) -> u32 {
    match perm {
        Perm::Bits { bits, .. } => bits & 0o6000,
        Perm::Copy(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(spec: &str, old: u32, dir: bool) -> u32 {
        let gnu = apply(&parse(spec, true).unwrap_or_else(|| panic!("{spec} should parse")), old, dir, true);
        let busybox = apply(&parse(spec, false).unwrap_or_else(|| panic!("{spec} should parse")), old, dir, false);
        assert_eq!(gnu, busybox, "chmod {spec} on {old:o}: GNU and busybox agree");
        gnu
    }

    /// Each row was run with GNU chmod 9.1 and busybox 1.35 (umask 022)
    /// and read back with `stat -c %a`: both gave the same mode.
    #[test]
    fn modes_as_gnu_and_busybox_make_them() {
        let table: &[(&str, u32, bool, u32)] = &[
            ("755", 0o644, false, 0o755),
            ("0644", 0o755, false, 0o644),
            ("4755", 0o644, false, 0o4755),
            ("u+x,go-r", 0o644, false, 0o700),
            ("=r", 0o777, false, 0o444),
            ("a+X", 0o444, false, 0o444),
            ("a+X", 0o444, true, 0o555),
            ("+w", 0o444, false, 0o644),
            ("-w", 0o777, false, 0o577),
            ("u+s", 0o444, false, 0o4444),
            ("u=rwx,g=u", 0o444, false, 0o774),
            ("go=u-w", 0o774, false, 0o755),
            ("+x", 0o644, false, 0o755),
            ("o=", 0o755, false, 0o750),
            ("u+", 0o755, false, 0o755),
            ("a-x", 0o755, true, 0o644),
            ("g+s", 0o755, true, 0o2755),
            ("00755", 0o2775, true, 0o755),
        ];
        for &(spec, old, dir, want) in table {
            assert_eq!(run(spec, old, dir), want, "chmod {spec} on {old:o} (dir: {dir})");
        }
    }

    /// Where the two differ (run the same way).
    #[test]
    fn where_gnu_and_busybox_differ() {
        let octal = parse("755", true).unwrap();
        assert_eq!(apply(&octal, 0o2775, true, true), 0o2755, "GNU keeps a directory's set-group-id");
        assert_eq!(apply(&octal, 0o2775, true, false), 0o755, "busybox does not");
        for (spec, want) in [("", 0o644), ("u+x,", 0o744), (",,g+x", 0o654)] {
            assert_eq!(parse(spec, true), None, "GNU refuses {spec:?}");
            assert_eq!(apply(&parse(spec, false).unwrap(), 0o644, false, false), want, "busybox skips empty clauses in {spec:?}");
        }
    }

    #[test]
    fn what_is_not_a_mode() {
        for bad in ["abc", "x", "9", "12345", "u", "ug", "+z"] {
            assert_eq!(parse(bad, true), None, "{bad:?}");
            assert_eq!(parse(bad, false), None, "{bad:?}");
        }
    }
}
