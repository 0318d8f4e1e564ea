//! `env` and `printenv`, as GNU coreutils answer them, over the
//! environment the terminal's shell gives a command: its exported
//! variables (`export NAME=value`, or `export NAME` of one already set),
//! then the command's own `NAME=value` prefix. A variable only assigned is
//! the shell's, not the environment's, as in bash. The playground's shell
//! starts with none (no HOME, PATH…), and lists them by name, where a real
//! environment keeps the order it was built in.

use super::tools::Out;
use std::collections::BTreeMap;

/// What `env` was asked for: the environment printed, or a command run in it.
pub(super) enum Env<'a> {
    Done(Out),
    /// `env NAME=value… COMMAND…`: the assignments the command gets on
    /// top of the shell's environment (`-i` and `-u` cannot take anything
    /// away from a command here), and its words.
    Run {
        assigned: BTreeMap<String, String>,
        argv: &'a [String],
    },
}

fn usage(tool: &str, problem: &str, status: i32) -> Out {
    Out::fail(
        format!("{tool}: {problem}\nTry '{tool} --help' for more information.\n"),
        status,
    )
}

/// The listing: `NAME=value` lines, ended by NUL with `-0`.
fn listing(vars: &BTreeMap<String, String>, null: bool) -> String {
    let end = if null { '\0' } else { '\n' };
    vars.iter().map(|(k, v)| format!("{k}={v}{end}")).collect()
}

/// `env [-0] [-i|-] [-u NAME]… [NAME=VALUE]… [COMMAND [ARG]…]`.
pub(super) fn env<'a>(args: &'a [String], environment: &BTreeMap<String, String>) -> Env<'a> {
    const STATUS: i32 = 125;
    let mut vars = environment.clone();
    let mut null = false;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        match arg.as_str() {
            "-" | "-i" | "--ignore-environment" => vars.clear(),
            "-0" | "--null" => null = true,
            "-u" | "--unset" => match args.get(i + 1) {
                Some(name) => {
                    vars.remove(name);
                    i += 1;
                }
                None if arg == "-u" => {
                    return Env::Done(usage("env", "option requires an argument -- 'u'", STATUS))
                }
                None => {
                    return Env::Done(usage(
                        "env",
                        "option '--unset' requires an argument",
                        STATUS,
                    ))
                }
            },
            "--" => {
                i += 1;
                break;
            }
            a if a.starts_with("--unset=") => {
                vars.remove(&a["--unset=".len()..]);
            }
            a if a.starts_with("-u") => {
                vars.remove(&a[2..]);
            }
            a if a.starts_with("--") => {
                return Env::Done(usage("env", &format!("unrecognized option '{a}'"), STATUS))
            }
            a if a.starts_with('-') && a.len() > 1 => {
                let c = a[1..]
                    .chars()
                    .find(|c| !matches!(c, 'i' | '0'))
                    .unwrap_or('?');
                if c == '?' {
                    // Bundled -i0.
                    null |= a.contains('0');
                    if a.contains('i') {
                        vars.clear();
                    }
                } else {
                    return Env::Done(usage("env", &format!("invalid option -- '{c}'"), STATUS));
                }
            }
            _ => break,
        }
        i += 1;
    }
    let mut assigned = BTreeMap::new();
    while let Some((name, value)) = args.get(i).and_then(|a| a.split_once('=')) {
        vars.insert(name.to_string(), value.to_string());
        assigned.insert(name.to_string(), value.to_string());
        i += 1;
    }
    if i < args.len() {
        if null {
            return Env::Done(Out::fail("env: cannot specify --null (-0) with command\nTry 'env --help' for more information.\n".into(), STATUS));
        }
        return Env::Run {
            assigned,
            argv: &args[i..],
        };
    }
    Env::Done(Out {
        stdout: listing(&vars, null),
        stderr: String::new(),
        status: 0,
    })
}

/// `printenv [-0] [NAME]…`: the environment, or each NAME's value; status
/// 1 when one of them is not set.
pub(super) fn printenv(args: &[String], environment: &BTreeMap<String, String>) -> Out {
    let mut null = false;
    let mut names = Vec::new();
    let mut options = true;
    for a in args {
        match a.as_str() {
            "--" if options => options = false,
            "-0" | "--null" if options => null = true,
            o if options && o.starts_with("--") => {
                return usage("printenv", &format!("unrecognized option '{o}'"), 2)
            }
            o if options && o.starts_with('-') && o.len() > 1 => {
                match o[1..].chars().find(|c| *c != '0') {
                    Some(c) => return usage("printenv", &format!("invalid option -- '{c}'"), 2),
                    None => null = true,
                }
            }
            name => names.push(name),
        }
    }
    if names.is_empty() {
        return Out {
            stdout: listing(environment, null),
            stderr: String::new(),
            status: 0,
        };
    }
    let end = if null { '\0' } else { '\n' };
    let mut out = Out {
        stdout: String::new(),
        stderr: String::new(),
        status: 0,
    };
    for name in names {
        // A name with `=` in it is never a variable's.
        match environment.get(name).filter(|_| !name.contains('=')) {
            Some(v) => {
                out.stdout.push_str(v);
                out.stdout.push(end);
            }
            None => out.status = 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn environment() -> BTreeMap<String, String> {
        BTreeMap::from([
            ("RAILS_ENV".to_string(), "production".to_string()),
            ("RAILS_PORT".to_string(), "3000".to_string()),
            ("TERM".to_string(), "dumb".to_string()),
        ])
    }

    fn v(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    fn done(e: Env) -> (String, String, i32) {
        match e {
            Env::Done(o) => (o.stdout, o.stderr, o.status),
            Env::Run { .. } => panic!("ran a command"),
        }
    }

    // Checked against GNU coreutils 9 env with the same environment.
    #[test]
    fn env_as_coreutils() {
        let cases: &[(&[&str], &str, &str, i32)] = &[
            (&[], "RAILS_ENV=production\nRAILS_PORT=3000\nTERM=dumb\n", "", 0),
            (&["-u", "TERM", "A=1"], "A=1\nRAILS_ENV=production\nRAILS_PORT=3000\n", "", 0),
            (&["--unset=TERM", "-uRAILS_PORT"], "RAILS_ENV=production\n", "", 0),
            (&["-i", "A=b=c"], "A=b=c\n", "", 0),
            (&["-", "X="], "X=\n", "", 0),
            (&["-0", "-i", "A=1"], "A=1\0", "", 0),
            (&["-i0"], "", "", 0),
            (&["-x"], "", "env: invalid option -- 'x'\nTry 'env --help' for more information.\n", 125),
            (&["--bogus"], "", "env: unrecognized option '--bogus'\nTry 'env --help' for more information.\n", 125),
            (&["-u"], "", "env: option requires an argument -- 'u'\nTry 'env --help' for more information.\n", 125),
            (&["-0", "true"], "", "env: cannot specify --null (-0) with command\nTry 'env --help' for more information.\n", 125),
        ];
        for (args, stdout, stderr, status) in cases {
            let args = v(args);
            assert_eq!(
                done(env(&args, &environment())),
                (stdout.to_string(), stderr.to_string(), *status),
                "{args:?}"
            );
        }
        let args = v(&["A=1", "kubectl", "version"]);
        match env(&args, &environment()) {
            Env::Run { assigned, argv } => {
                assert_eq!(
                    assigned,
                    BTreeMap::from([("A".to_string(), "1".to_string())])
                );
                assert_eq!(argv, ["kubectl", "version"]);
            }
            Env::Done(o) => panic!("{}", o.stderr),
        }
    }

    #[test]
    fn printenv_as_coreutils() {
        let cases: &[(&[&str], &str, &str, i32)] = &[
            (
                &[],
                "RAILS_ENV=production\nRAILS_PORT=3000\nTERM=dumb\n",
                "",
                0,
            ),
            (&["TERM", "RAILS_ENV"], "dumb\nproduction\n", "", 0),
            (&["NOPE", "TERM"], "dumb\n", "", 1),
            (&["-0", "TERM"], "dumb\0", "", 0),
            (&["TERM=dumb"], "", "", 1),
            (
                &["-x"],
                "",
                "printenv: invalid option -- 'x'\nTry 'printenv --help' for more information.\n",
                2,
            ),
        ];
        for (args, stdout, stderr, status) in cases {
            let args = v(args);
            let o = printenv(&args, &environment());
            assert_eq!(
                (o.stdout, o.stderr, o.status),
                (stdout.to_string(), stderr.to_string(), *status),
                "{args:?}"
            );
        }
    }
}
