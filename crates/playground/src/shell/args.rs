//! GNU getopt_long's reading of a tool's arguments (options may follow
//! operands, `-abc` clusters, `-n5` and `-n 5`, `--name=value`, `--`),
//! with its error texts.

/// A tool's options, in order, and its operands.
#[derive(Debug, Default)]
pub struct Parsed {
    pub opts: Vec<(char, Option<String>)>,
    pub operands: Vec<String>,
}

/// A long option: its name, the short option it stands for, and whether
/// it takes a value (`Some(true)` required, `Some(false)` optional).
pub type Long = (&'static str, char, Option<bool>);

/// How `tool` says what went wrong, then where to look for help.
pub fn usage_error(tool: &str, msg: &str) -> String {
    let usage = match tool {
        "grep" => "Usage: grep [OPTION]... PATTERNS [FILE]...\n",
        _ => "",
    };
    format!("{tool}: {msg}\n{usage}Try '{tool} --help' for more information.\n")
}

/// Reads `args` as getopt_long does with `shorts` (a `:` after a letter:
/// it takes a value; `::`, an optional one, only when attached: `-i.bak`)
/// and `longs`.
pub fn parse(tool: &str, args: &[String], shorts: &str, longs: &[Long]) -> Result<Parsed, String> {
    // None: no such option; Some((takes a value, the value is optional)).
    let takes = |c: char| -> Option<(bool, bool)> {
        let i = shorts.find(c)?;
        let rest = &shorts[i + c.len_utf8()..];
        Some((rest.starts_with(':'), rest.starts_with("::")))
    };
    let mut out = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            out.operands.extend(args[i..].iter().cloned());
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            // getopt_long takes any unambiguous prefix of a long name.
            let exact = longs.iter().find(|l| l.0 == name);
            let candidates: Vec<&Long> = longs.iter().filter(|l| l.0.starts_with(name)).collect();
            let found = match (exact, candidates.as_slice()) {
                (Some(l), _) => l,
                (None, [l]) => l,
                (None, []) => {
                    return Err(usage_error(
                        tool,
                        &format!("unrecognized option '--{name}'"),
                    ))
                }
                (None, _) => {
                    return Err(usage_error(
                        tool,
                        &format!("option '--{name}' is ambiguous"),
                    ))
                }
            };
            let value = match (found.2, value) {
                (None, Some(_)) => {
                    return Err(usage_error(
                        tool,
                        &format!("option '--{}' doesn't allow an argument", found.0),
                    ))
                }
                (Some(true), None) => match args.get(i) {
                    Some(v) => {
                        i += 1;
                        Some(v.clone())
                    }
                    None => {
                        return Err(usage_error(
                            tool,
                            &format!("option '--{}' requires an argument", found.0),
                        ))
                    }
                },
                (_, v) => v,
            };
            out.opts.push((found.1, value));
            continue;
        }
        if a.len() < 2 || !a.starts_with('-') {
            out.operands.push(a.clone());
            continue;
        }
        for (at, c) in a[1..].char_indices() {
            match takes(c) {
                None => return Err(usage_error(tool, &format!("invalid option -- '{c}'"))),
                Some((false, _)) => out.opts.push((c, None)),
                Some((true, optional)) => {
                    let rest = &a[1 + at + c.len_utf8()..];
                    let value = if optional {
                        out.opts.push((c, (!rest.is_empty()).then(|| rest.to_string())));
                        break;
                    } else if !rest.is_empty() {
                        rest.to_string()
                    } else if let Some(v) = args.get(i) {
                        i += 1;
                        v.clone()
                    } else {
                        return Err(usage_error(
                            tool,
                            &format!("option requires an argument -- '{c}'"),
                        ));
                    };
                    out.opts.push((c, Some(value)));
                    break;
                }
            }
        }
    }
    Ok(out)
}
