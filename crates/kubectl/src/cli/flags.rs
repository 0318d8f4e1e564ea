//! The low-level flag parser: pflag's rules as cobra applies them to
//! kubectl (flags anywhere among positionals, `--flag=value`,
//! `--flag value`, `-nvalue`, grouped bool shorthands, `--` ending flags),
//! with pflag's exact error wording. It knows flag names and types only;
//! what the flags mean is the resolver's business.

use crate::error::FlagError;
use crate::gofmt;
use std::collections::{BTreeMap, BTreeSet};

/// A flag's value type, which decides how its argument is parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagType {
    Bool,
    Str,
    /// pflag `stringSlice`: comma-separated values, repeatable.
    StrSlice,
    /// pflag `stringArray`: one value per occurrence, commas kept.
    StrArray,
    /// A signed integer of the given bit size (pflag `int`/`int32`/`int64`).
    Int(u32),
    /// A Go duration (`30s`, `1m0s`), kept in milliseconds.
    Duration,
    /// pflag `stringToString`: `key=value` pairs, comma-separated when
    /// there is more than one `=`, repeatable; kept as the pairs given, in
    /// order (a later one for a key wins).
    StrMap,
}

/// One flag of a command, as `kubectl <cmd> --help` lists it.
#[derive(Clone, Copy, Debug)]
pub struct FlagSpec {
    pub name: &'static str,
    pub short: Option<char>,
    pub ty: FlagType,
    /// The default, written as kubectl's help writes it (`''` strings are empty).
    pub default: &'static str,
    /// pflag's `NoOptDefVal`: the value a bare `--flag` means (bools: `true`).
    pub no_opt: Option<&'static str>,
    /// Set for deprecated flags: pflag's warning when they are used.
    pub deprecated: Option<&'static str>,
}

impl FlagSpec {
    pub const fn new(name: &'static str, short: Option<char>, ty: FlagType, default: &'static str) -> FlagSpec {
        let no_opt = if matches!(ty, FlagType::Bool) { Some("true") } else { None };
        FlagSpec { name, short, ty, default, no_opt, deprecated: None }
    }
    pub const fn with_no_opt(mut self, v: &'static str) -> FlagSpec {
        self.no_opt = Some(v);
        self
    }
    pub const fn deprecated(mut self, msg: &'static str) -> FlagSpec {
        self.deprecated = Some(msg);
        self
    }
    /// How pflag names the flag in "invalid argument" errors.
    fn display_name(&self) -> String {
        match self.short {
            Some(c) => format!("-{c}, --{}", self.name),
            None => format!("--{}", self.name),
        }
    }
}

/// A parsed flag value.
#[derive(Clone, Debug, PartialEq)]
pub enum FlagValue {
    Bool(bool),
    Str(String),
    List(Vec<String>),
    Int(i64),
    Millis(i64),
}

/// The result of parsing a command's arguments.
#[derive(Clone, Debug, Default)]
pub struct ParsedFlags {
    /// Non-flag arguments, in order.
    pub positionals: Vec<String>,
    /// How many positionals came before `--` (cobra's `ArgsLenAtDash`).
    pub args_len_at_dash: Option<usize>,
    /// `-h`/`--help` was given.
    pub help: bool,
    /// pflag's deprecation warnings for flags that were used.
    pub warnings: Vec<String>,
    /// Every flag occurrence as `(name, raw value)`, in order (for `--record`).
    pub occurrences: Vec<(&'static str, String)>,
    values: BTreeMap<&'static str, FlagValue>,
    changed: BTreeSet<&'static str>,
}

impl ParsedFlags {
    /// Whether the user set the flag.
    pub fn changed(&self, name: &str) -> bool {
        self.changed.contains(name)
    }
    pub fn get(&self, name: &str) -> Option<&FlagValue> {
        self.values.get(name)
    }
    pub fn bool(&self, name: &str) -> bool {
        matches!(self.values.get(name), Some(FlagValue::Bool(true)))
    }
    pub fn str(&self, name: &str) -> &str {
        match self.values.get(name) {
            Some(FlagValue::Str(s)) => s,
            _ => "",
        }
    }
    /// The string value when set and non-empty.
    pub fn opt_str(&self, name: &str) -> Option<String> {
        Some(self.str(name)).filter(|s| !s.is_empty()).map(str::to_string)
    }
    pub fn list(&self, name: &str) -> &[String] {
        match self.values.get(name) {
            Some(FlagValue::List(v)) => v,
            _ => &[],
        }
    }
    pub fn int(&self, name: &str) -> i64 {
        match self.values.get(name) {
            Some(FlagValue::Int(v)) => *v,
            _ => 0,
        }
    }
    pub fn millis(&self, name: &str) -> i64 {
        match self.values.get(name) {
            Some(FlagValue::Millis(v)) => *v,
            _ => 0,
        }
    }
}

/// The `-h/--help` flag cobra adds to every command.
const HELP: FlagSpec = FlagSpec::new("help", Some('h'), FlagType::Bool, "false");

/// Parses `args` against the flag tables, pflag-style.
pub fn parse(args: &[String], tables: &[&'static [FlagSpec]]) -> Result<ParsedFlags, FlagError> {
    let lookup_long = |name: &str| -> Option<&'static FlagSpec> {
        // kubectl normalizes `_` to `-` in flag names.
        let norm = name.replace('_', "-");
        tables.iter().flat_map(|t| t.iter()).find(|f| f.name == norm).or((norm == "help").then_some(&HELP))
    };
    let lookup_short = |c: char| -> Option<&'static FlagSpec> {
        tables
            .iter()
            .flat_map(|t| t.iter())
            .find(|f| f.short == Some(c))
            // pflag inherits a parent's flag only when the name is free: a
            // command's own flag of that name hides its shorthand too.
            .filter(|f| lookup_long(f.name).is_some_and(|g| std::ptr::eq(g, *f)))
            .or((c == 'h').then_some(&HELP))
    };

    let mut out = ParsedFlags::default();
    // A command's own flag comes first and hides a global one of its
    // name, default included (`debug --profile`).
    for t in tables {
        for f in t.iter() {
            out.values.entry(f.name).or_insert_with(|| default_value(f));
        }
    }
    let mut i = 0;
    while i < args.len() {
        let s = &args[i];
        i += 1;
        if s.len() < 2 || !s.starts_with('-') {
            out.positionals.push(s.clone());
            continue;
        }
        if let Some(long) = s.strip_prefix("--") {
            if long.is_empty() {
                out.args_len_at_dash = Some(out.positionals.len());
                out.positionals.extend(args[i..].iter().cloned());
                break;
            }
            if long.starts_with('-') || long.starts_with('=') {
                return Err(FlagError::BadSyntax(s.clone()));
            }
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            // pflag names the flag, not the value given with it.
            let spec = lookup_long(name).ok_or_else(|| FlagError::UnknownFlag(format!("--{name}")))?;
            let value = match (inline, spec.no_opt) {
                (Some(v), _) => v,
                (None, Some(d)) => d.to_string(),
                (None, None) if i < args.len() => {
                    i += 1;
                    args[i - 1].clone()
                }
                (None, None) => return Err(FlagError::NeedsArgument(s.clone())),
            };
            set(&mut out, spec, value)?;
            continue;
        }
        // Shorthands: `-abc`, `-nvalue`, `-n=value`, `-n value`.
        let mut shorts: &str = &s[1..];
        while let Some(c) = shorts.chars().next() {
            let rest = &shorts[c.len_utf8()..];
            let spec = lookup_short(c).ok_or_else(|| FlagError::UnknownShorthand { c, shorthands: shorts.to_string() })?;
            let value;
            if let Some(v) = rest.strip_prefix('=').filter(|_| rest.len() > 1) {
                value = v.to_string();
                shorts = "";
            } else if let Some(d) = spec.no_opt {
                value = d.to_string();
                shorts = rest;
            } else if !rest.is_empty() {
                value = rest.to_string();
                shorts = "";
            } else if i < args.len() {
                value = args[i].clone();
                i += 1;
                shorts = "";
            } else {
                return Err(FlagError::NeedsArgument(format!("{} in -{}", gofmt::quote_rune(c), shorts)));
            }
            set(&mut out, spec, value)?;
        }
    }
    Ok(out)
}

fn default_value(f: &FlagSpec) -> FlagValue {
    let d = f.default.trim_matches('\'');
    match f.ty {
        FlagType::Bool => FlagValue::Bool(d == "true"),
        FlagType::Str => FlagValue::Str(d.to_string()),
        FlagType::StrSlice | FlagType::StrArray | FlagType::StrMap => FlagValue::List(Vec::new()),
        FlagType::Int(bits) => FlagValue::Int(gofmt::parse_int(d, bits).unwrap_or(0)),
        FlagType::Duration => FlagValue::Millis(gofmt::parse_duration_millis(d).unwrap_or(0)),
    }
}

fn set(out: &mut ParsedFlags, spec: &'static FlagSpec, raw: String) -> Result<(), FlagError> {
    let invalid = |reason: String| FlagError::InvalidArgument { value: raw.clone(), flag: spec.display_name(), reason };
    let first = !out.changed.contains(spec.name);
    let value = match spec.ty {
        FlagType::Bool => FlagValue::Bool(gofmt::parse_bool(&raw).map_err(|e| invalid(e.to_string()))?),
        FlagType::Str => FlagValue::Str(raw.clone()),
        FlagType::Int(bits) => FlagValue::Int(gofmt::parse_int(&raw, bits).map_err(|e| invalid(e.to_string()))?),
        FlagType::Duration => FlagValue::Millis(gofmt::parse_duration_millis(&raw).map_err(|e| invalid(e.to_string()))?),
        FlagType::StrMap => {
            let mut items = match (first, out.values.get(spec.name)) {
                (false, Some(FlagValue::List(v))) => v.clone(),
                _ => Vec::new(),
            };
            items.extend(split_pairs(&raw).map_err(invalid)?);
            FlagValue::List(items)
        }
        FlagType::StrSlice | FlagType::StrArray => {
            let mut items = match (first, out.values.get(spec.name)) {
                (false, Some(FlagValue::List(v))) => v.clone(),
                _ => Vec::new(),
            };
            if spec.ty == FlagType::StrArray {
                items.push(raw.clone());
            } else {
                items.extend(split_csv(&raw).map_err(invalid)?);
            }
            FlagValue::List(items)
        }
    };
    if let Some(msg) = spec.deprecated {
        let w = format!("Flag --{} has been deprecated, {msg}", spec.name);
        if !out.warnings.contains(&w) {
            out.warnings.push(w);
        }
    }
    if spec.name == "help" {
        out.help = matches!(value, FlagValue::Bool(true));
        return Ok(());
    }
    out.values.insert(spec.name, value);
    out.changed.insert(spec.name);
    out.occurrences.push((spec.name, raw));
    Ok(())
}

/// pflag's `stringToString` `Set`: one pair as it is (quotes trimmed),
/// several as a CSV record; each must hold a `=`.
fn split_pairs(raw: &str) -> Result<Vec<String>, String> {
    let pairs = match raw.matches('=').count() {
        0 => return Err(format!("{raw} must be formatted as key=value")),
        1 => vec![raw.trim_matches('"').to_string()],
        _ => split_csv(raw)?,
    };
    match pairs.iter().find(|p| !p.contains('=')) {
        Some(bad) => Err(format!("{bad} must be formatted as key=value")),
        None => Ok(pairs),
    }
}

/// pflag splits `stringSlice` values as one CSV record: commas separate,
/// double quotes group.
fn split_csv(raw: &str) -> Result<Vec<String>, String> {
    if raw.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut field = String::new();
    let mut chars = raw.chars().peekable();
    let mut at_field_start = true;
    while let Some(c) = chars.next() {
        match c {
            '"' if at_field_start => {
                loop {
                    match chars.next() {
                        Some('"') if chars.peek() == Some(&'"') => {
                            chars.next();
                            field.push('"');
                        }
                        Some('"') => break,
                        Some(x) => field.push(x),
                        None => return Err("parse error on line 1, column 1: extraneous or missing \" in quoted-field".into()),
                    }
                }
                at_field_start = false;
            }
            ',' => {
                out.push(std::mem::take(&mut field));
                at_field_start = true;
            }
            '"' => return Err("parse error on line 1, column 1: bare \" in non-quoted-field".into()),
            x => {
                field.push(x);
                at_field_start = false;
            }
        }
    }
    out.push(field);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &[FlagSpec] = &[
        FlagSpec::new("namespace", Some('n'), FlagType::Str, "''"),
        FlagSpec::new("all-namespaces", Some('A'), FlagType::Bool, "false"),
        FlagSpec::new("watch", Some('w'), FlagType::Bool, "false"),
        FlagSpec::new("replicas", None, FlagType::Int(64), "0"),
        FlagSpec::new("port", Some('p'), FlagType::Int(32), "-1"),
        FlagSpec::new("filename", Some('f'), FlagType::StrSlice, "[]"),
        FlagSpec::new("env", None, FlagType::StrArray, "[]"),
        FlagSpec::new("timeout", None, FlagType::Duration, "0s"),
        FlagSpec::new("cascade", None, FlagType::Str, "'background'").with_no_opt("background"),
        FlagSpec::new("record", None, FlagType::Bool, "false").deprecated("--record will be removed in the future"),
    ];

    fn p(args: &[&str]) -> Result<ParsedFlags, FlagError> {
        let v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse(&v, &[T])
    }

    #[test]
    fn flags_anywhere_and_all_value_forms() {
        let r = p(&["pods", "-n", "kube-system", "x", "--watch", "-A"]).unwrap();
        assert_eq!(r.positionals, ["pods", "x"]);
        assert_eq!(r.str("namespace"), "kube-system");
        assert!(r.bool("watch") && r.bool("all-namespaces"));
        assert_eq!(p(&["--namespace=a"]).unwrap().str("namespace"), "a");
        assert_eq!(p(&["-nfoo"]).unwrap().str("namespace"), "foo");
        assert_eq!(p(&["-n=foo"]).unwrap().str("namespace"), "foo");
        assert_eq!(p(&["-wAnx"]).unwrap().str("namespace"), "x");
        assert!(!p(&["--watch=false"]).unwrap().bool("watch"));
        assert!(p(&["--watch=false"]).unwrap().changed("watch"));
        assert_eq!(p(&["--replicas", "0x10"]).unwrap().int("replicas"), 16);
        assert_eq!(p(&["--timeout=1m30s"]).unwrap().millis("timeout"), 90_000);
        assert_eq!(p(&["--cascade"]).unwrap().str("cascade"), "background");
        assert_eq!(p(&[]).unwrap().str("cascade"), "background");
        assert_eq!(p(&[]).unwrap().int("port"), -1);
        assert!(p(&["--all_namespaces"]).unwrap().bool("all-namespaces"));
    }

    #[test]
    fn double_dash_ends_flags() {
        let r = p(&["a", "--", "-n", "b"]).unwrap();
        assert_eq!(r.positionals, ["a", "-n", "b"]);
        assert_eq!(r.args_len_at_dash, Some(1));
        assert_eq!(p(&["-"]).unwrap().positionals, ["-"]);
    }

    #[test]
    fn slices_split_commas_and_arrays_do_not() {
        let r = p(&["-f", "a.yaml,b.yaml", "--filename=c.yaml", "--env", "A=1,2", "--env=B=3"]).unwrap();
        assert_eq!(r.list("filename"), ["a.yaml", "b.yaml", "c.yaml"]);
        assert_eq!(r.list("env"), ["A=1,2", "B=3"]);
        assert_eq!(split_csv(r#"a,"b,c",d"#).unwrap(), ["a", "b,c", "d"]);
    }

    #[test]
    fn records_occurrences_and_deprecations() {
        let r = p(&["x", "--record", "-n", "ns"]).unwrap();
        assert_eq!(r.occurrences, [("record", "true".to_string()), ("namespace", "ns".to_string())]);
        assert_eq!(r.warnings, ["Flag --record has been deprecated, --record will be removed in the future"]);
        assert!(p(&["--help"]).unwrap().help);
        assert!(p(&["-h"]).unwrap().help);
    }

    // Error texts as real kubectl v1.32 prints them (see `kubectl get --foo`,
    // `kubectl get pods --foo=bar`).
    #[test]
    fn pflag_errors() {
        let e = |args: &[&str]| p(args).unwrap_err().to_string();
        assert_eq!(e(&["--foo"]), "unknown flag: --foo");
        assert_eq!(e(&["--foo=bar"]), "unknown flag: --foo");
        assert_eq!(e(&["-z"]), "unknown shorthand flag: 'z' in -z");
        assert_eq!(e(&["-wz"]), "unknown shorthand flag: 'z' in -z");
        assert_eq!(e(&["-n"]), "flag needs an argument: 'n' in -n");
        assert_eq!(e(&["--namespace"]), "flag needs an argument: --namespace");
        assert_eq!(e(&["--replicas=x"]), "invalid argument \"x\" for \"--replicas\" flag: strconv.ParseInt: parsing \"x\": invalid syntax");
        assert_eq!(e(&["-p", "x"]), "invalid argument \"x\" for \"-p, --port\" flag: strconv.ParseInt: parsing \"x\": invalid syntax");
        assert_eq!(e(&["--watch=maybe"]), "invalid argument \"maybe\" for \"-w, --watch\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax");
        assert_eq!(e(&["--timeout=5"]), "invalid argument \"5\" for \"--timeout\" flag: time: missing unit in duration \"5\"");
        assert_eq!(e(&["---x"]), "bad flag syntax: ---x");
        assert_eq!(e(&["--=x"]), "bad flag syntax: --=x");
    }
}
