//! Parsers for the small value languages inside kubectl arguments
//! (`key=value` pairs, `key-` removals, taints, label values, env names),
//! with the messages kubectl's helpers produce.

use super::command::{Cascade, DryRun, FieldValidation, TaintRemoval, TaintSpec};

/// Settings and removals: `k=v` pairs and `k-` keys.
pub type Updates = (Vec<(String, String)>, Vec<String>);

/// `--dry-run`: the value and, for the bare deprecated form, a warning.
pub fn dry_run(value: &str) -> Result<(DryRun, Option<String>), String> {
    match value {
        "unchanged" => Ok((DryRun::Client, Some("--dry-run is deprecated and can be replaced with --dry-run=client.".into()))),
        "client" => Ok((DryRun::Client, None)),
        "server" => Ok((DryRun::Server, None)),
        "none" => Ok((DryRun::None, None)),
        // Go's strconv.ParseBool spellings: the old boolean flag, still
        // taken, with a warning naming the value that replaces it.
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok((DryRun::Client, Some(format!("--dry-run={value} is deprecated (boolean value) and can be replaced with --dry-run=client.")))),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok((DryRun::None, Some(format!("--dry-run={value} is deprecated (boolean value) and can be replaced with --dry-run=none.")))),
        v => Err(format!("Invalid dry-run value ({v}). Must be \"none\", \"server\", or \"client\".")),
    }
}

/// `--cascade`, with the warnings for the deprecated boolean values.
pub fn cascade(value: &str) -> Result<(Cascade, Option<String>), String> {
    // Case-sensitive, as kubectl v1.32 compares it (`Orphan` is refused).
    match value {
        "background" => Ok((Cascade::Background, None)),
        "foreground" => Ok((Cascade::Foreground, None)),
        "orphan" => Ok((Cascade::Orphan, None)),
        _ => match crate::gofmt::parse_bool(value) {
            Ok(true) => Ok((Cascade::Background, Some("warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.".into()))),
            Ok(false) => Ok((Cascade::Orphan, Some("warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.".into()))),
            Err(_) => Err(format!("invalid cascade value ({value}). Must be \"background\", \"foreground\", or \"orphan\"")),
        },
    }
}

/// `--validate` (`cmdutil.GetValidationDirective`): a Go boolean
/// (`true`, `1`, `F`…), or one of the three names, lower case only.
pub fn validate_option(value: &str) -> Result<FieldValidation, String> {
    match (crate::gofmt::parse_bool(value), value) {
        (Ok(true), _) | (_, "strict") => Ok(FieldValidation::Strict),
        (Ok(false), _) | (_, "ignore") => Ok(FieldValidation::Ignore),
        (_, "warn") => Ok(FieldValidation::Warn),
        _ => Err(format!("invalid - validate option {}; must be one of: strict (or true), warn, ignore (or false)", crate::gofmt::quote(value))),
    }
}

/// `cmdutil.GetResourcesAndPairs`: resources first, then `k=v` / `k-` pairs.
pub fn resources_and_pairs(args: &[String], pair_type: &str) -> Result<(Vec<String>, Vec<String>), String> {
    let mut resources = Vec::new();
    let mut pairs = Vec::new();
    for s in args {
        let non_resource = (s.contains('=') && !s.starts_with('=')) || (s.ends_with('-') && s != "-");
        match (pairs.is_empty(), non_resource) {
            (_, true) => pairs.push(s.clone()),
            (true, false) => resources.push(s.clone()),
            (false, false) => return Err(format!("all resources must be specified before {pair_type} changes: {s}")),
        }
    }
    Ok((resources, pairs))
}

/// `cmdutil.ParsePairs`: `k=v` (and `k-` when removal is supported).
pub fn parse_pairs(args: &[String], pair_type: &str, support_remove: bool) -> Result<Updates, String> {
    let mut set: Vec<(String, String)> = Vec::new();
    let mut remove = Vec::new();
    let mut invalid = Vec::new();
    for a in args {
        if let Some((k, v)) = a.split_once('=').filter(|_| !a.starts_with('=')) {
            upsert(&mut set, k, v);
        } else if support_remove && a.ends_with('-') && a != "-" {
            remove.push(a[..a.len() - 1].to_string());
        } else {
            invalid.push(a.as_str());
        }
    }
    if !invalid.is_empty() {
        return Err(format!("invalid {pair_type} format: {}", invalid.join(", ")));
    }
    Ok((set, remove))
}

fn upsert(v: &mut Vec<(String, String)>, k: &str, val: &str) {
    match v.iter_mut().find(|(key, _)| key == k) {
        Some(e) => e.1 = val.to_string(),
        None => v.push((k.to_string(), val.to_string())),
    }
}

/// `kubectl label`'s `parseLabels`.
pub fn parse_labels(args: &[String]) -> Result<Updates, String> {
    let mut set: Vec<(String, String)> = Vec::new();
    let mut remove = Vec::new();
    for spec in args {
        if spec.contains('=') {
            let parts: Vec<&str> = spec.split('=').collect();
            if parts.len() != 2 {
                return Err(format!("invalid label spec: {spec}"));
            }
            let errs = label_value_errors(parts[1]);
            if !errs.is_empty() {
                return Err(format!("invalid label value: {}: {}", crate::gofmt::quote(spec), errs.join(";")));
            }
            upsert(&mut set, parts[0], parts[1]);
        } else if let Some(k) = spec.strip_suffix('-') {
            remove.push(k.to_string());
        } else {
            return Err(format!("unknown label spec: {spec}"));
        }
    }
    if remove.iter().any(|r| set.iter().any(|(k, _)| k == r)) {
        return Err("can not both modify and remove a label in the same command".into());
    }
    Ok((set, remove))
}

const LABEL_VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/// `validation.IsValidLabelValue`.
pub fn label_value_errors(v: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if v.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !v.is_empty() && !is_dns_ish(v, |c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.') {
        errs.push(LABEL_VALUE_MSG.to_string());
    }
    errs
}

/// Alphanumeric at both ends, `allowed` in between.
fn is_dns_ish(v: &str, allowed: impl Fn(char) -> bool) -> bool {
    let b = v.as_bytes();
    !b.is_empty() && b[0].is_ascii_alphanumeric() && b[b.len() - 1].is_ascii_alphanumeric() && v.chars().all(allowed)
}

/// `validation.IsQualifiedName` (label and taint keys: `[prefix/]name`).
pub fn qualified_name_errors(key: &str) -> Vec<String> {
    const NAME_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    let mut errs = Vec::new();
    let parts: Vec<&str> = key.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_string());
            } else if prefix.len() > 253 || !prefix.split('.').all(|l| is_dns_ish(l, |c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')) {
                errs.push("prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')".to_string());
            }
            *name
        }
        _ => {
            return vec!["a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')".to_string()];
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else {
        if name.len() > 63 {
            errs.push("name part must be no more than 63 characters".to_string());
        }
        if !is_dns_ish(name, |c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.') {
            errs.push(NAME_MSG.to_string());
        }
    }
    errs
}

/// A ConfigMap or Secret data key that `validation.IsConfigMapKey` rejects,
/// worded as kubectl's `addKeyFromLiteralTo{ConfigMap,Secret}` word it: the
/// two helpers differ (ConfigMap: "a valid … ConfigMap: " and `,` between
/// problems; Secret: "valid … Secret " and `;`).
pub fn data_key_error(kind: &str, key: &str) -> Option<String> {
    let errs = kubeplay_model::names::is_config_map_key(key);
    if errs.is_empty() {
        return None;
    }
    Some(if kind == "Secret" {
        format!("{} is not valid key name for a Secret {}", crate::gofmt::quote(key), errs.join(";"))
    } else {
        format!("{} is not a valid key name for a {kind}: {}", crate::gofmt::quote(key), errs.join(","))
    })
}

/// `validation.IsEnvVarName`: the name's pattern, then the path-like
/// names it refuses (`hasChDirPrefix`).
pub fn env_name_errors(name: &str) -> Vec<String> {
    let ok = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_');
    let mut errs = Vec::new();
    if !ok {
        errs.push("a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')".to_string());
    }
    match name {
        "." => errs.push("must not be '.'".to_string()),
        ".." => errs.push("must not be '..'".to_string()),
        n if n.starts_with("..") => errs.push("must not start with '..'".to_string()),
        _ => {}
    }
    errs
}

/// `envutil.ParseEnv`'s arguments: `K=V` settings and `K-` removals. A
/// `-` reads more settings from standard input when the command runs (see
/// [`stdin_env_at`]; `exec::set` reads them).
pub fn parse_env(specs: &[String]) -> Result<Updates, String> {
    let mut set: Vec<(String, String)> = Vec::new();
    let mut remove = Vec::new();
    for spec in specs {
        if spec == "-" {
            continue;
        } else if let Some((k, v)) = spec.split_once('=') {
            let errs = env_name_errors(k);
            if !errs.is_empty() {
                return Err(format!("{} is not a valid key name: {}", crate::gofmt::quote(k), errs.join(";")));
            }
            set.push((k.to_string(), v.to_string()));
        } else if let Some(k) = spec.strip_suffix('-') {
            remove.push(k.to_string());
        } else {
            return Err(format!("unknown environment variable: {spec}"));
        }
    }
    if remove.iter().any(|r| set.iter().any(|(k, _)| k == r)) {
        return Err("can not both modify and remove the same environment variable in the same command".into());
    }
    Ok((set, remove))
}

/// Where the settings read from standard input go among the others
/// (ParseEnv appends them where the first `-` is); None without a `-`.
pub fn stdin_env_at(specs: &[String]) -> Option<usize> {
    let at = specs.iter().position(|s| s == "-")?;
    Some(specs[..at].iter().filter(|s| s.contains('=')).count())
}

/// `kubectl taint`'s `parseTaints`.
pub fn parse_taints(specs: &[String]) -> Result<(Vec<TaintSpec>, Vec<TaintRemoval>), String> {
    let mut add: Vec<TaintSpec> = Vec::new();
    let mut remove = Vec::new();
    for spec in specs {
        if let Some(s) = spec.strip_suffix('-') {
            let t = parse_taint(s)?;
            remove.push(TaintRemoval { key: t.key, effect: Some(t.effect).filter(|e| !e.is_empty()) });
        } else {
            let t = parse_taint(spec)?;
            if t.effect.is_empty() {
                return Err(format!("invalid taint spec: {spec}"));
            }
            if add.iter().any(|a| a.key == t.key && a.effect == t.effect) {
                return Err(format!("duplicated taints with the same key and effect: {{{} {} {} <nil>}}", t.key, t.value.clone().unwrap_or_default(), t.effect));
            }
            add.push(t);
        }
    }
    Ok((add, remove))
}

/// `parseTaint`: `key=value:effect`, `key:effect` or `key`.
fn parse_taint(st: &str) -> Result<TaintSpec, String> {
    let parts: Vec<&str> = st.split(':').collect();
    let (key, value, effect) = match parts.as_slice() {
        [k] => (k.to_string(), None, String::new()),
        [kv, effect] => {
            if !matches!(*effect, "NoSchedule" | "PreferNoSchedule" | "NoExecute") {
                return Err(format!("invalid taint effect: {effect}, unsupported taint effect"));
            }
            let kvs: Vec<&str> = kv.split('=').collect();
            if kvs.len() > 2 {
                return Err(format!("invalid taint spec: {st}"));
            }
            let value = kvs.get(1).map(|v| v.to_string());
            if let Some(v) = &value {
                let errs = label_value_errors(v);
                if !errs.is_empty() {
                    return Err(format!("invalid taint spec: {st}, {}", errs.join("; ")));
                }
            }
            // `key=:Effect` is a taint without a value, as Go's empty
            // string is: omitted when the node is written.
            (kvs[0].to_string(), value.filter(|v| !v.is_empty()), effect.to_string())
        }
        _ => return Err(format!("invalid taint spec: {st}")),
    };
    let errs = qualified_name_errors(&key);
    if !errs.is_empty() {
        return Err(format!("invalid taint spec: {st}, {}", errs.join("; ")));
    }
    Ok(TaintSpec { key, value, effect })
}

/// `k=v,k2=v2` label or resource lists (`run --labels`, `set resources --limits`).
pub fn parse_kv_list(s: &str) -> Option<Vec<(String, String)>> {
    s.split(',').map(|p| p.split_once('=').filter(|(k, _)| !k.is_empty()).map(|(k, v)| (k.to_string(), v.to_string()))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    // cmdutil.GetValidationDirective: strconv.ParseBool first, then the
    // three names (case-sensitive).
    #[test]
    fn validate_values() {
        for (v, want) in [("strict", FieldValidation::Strict), ("true", FieldValidation::Strict), ("1", FieldValidation::Strict), ("T", FieldValidation::Strict)] {
            assert_eq!(validate_option(v), Ok(want), "{v}");
        }
        for (v, want) in [("warn", FieldValidation::Warn), ("ignore", FieldValidation::Ignore), ("false", FieldValidation::Ignore), ("0", FieldValidation::Ignore)] {
            assert_eq!(validate_option(v), Ok(want), "{v}");
        }
        assert_eq!(validate_option("Strict").unwrap_err(), "invalid - validate option \"Strict\"; must be one of: strict (or true), warn, ignore (or false)");
    }

    #[test]
    fn dry_run_and_cascade() {
        assert_eq!(dry_run("client").unwrap().0, DryRun::Client);
        assert!(dry_run("unchanged").unwrap().1.is_some());
        assert_eq!(dry_run("bad").unwrap_err(), "Invalid dry-run value (bad). Must be \"none\", \"server\", or \"client\".");
        // The boolean forms kubectl v1.32 still takes (checked with the installed client).
        for (v, want, instead) in [("true", DryRun::Client, "client"), ("T", DryRun::Client, "client"), ("1", DryRun::Client, "client"), ("False", DryRun::None, "none"), ("0", DryRun::None, "none")] {
            let warning = format!("--dry-run={v} is deprecated (boolean value) and can be replaced with --dry-run={instead}.");
            assert_eq!(dry_run(v), Ok((want, Some(warning))), "{v}");
        }
        assert!(dry_run("yes").is_err());
        assert!(dry_run("tRUE").is_err());
        assert_eq!(cascade("orphan").unwrap().0, Cascade::Orphan);
        assert_eq!(cascade("Orphan").unwrap_err(), "invalid cascade value (Orphan). Must be \"background\", \"foreground\", or \"orphan\"");
        assert_eq!(cascade("false").unwrap(), (Cascade::Orphan, Some("warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.".into())));
        assert_eq!(cascade("foo").unwrap_err(), "invalid cascade value (foo). Must be \"background\", \"foreground\", or \"orphan\"");
    }

    #[test]
    fn pairs() {
        assert_eq!(resources_and_pairs(&v(&["deploy/x", "a=b", "c-"]), "label").unwrap(), (v(&["deploy/x"]), v(&["a=b", "c-"])));
        assert_eq!(resources_and_pairs(&v(&["a=b", "pods"]), "label").unwrap_err(), "all resources must be specified before label changes: pods");
        assert_eq!(parse_pairs(&v(&["nginx=nginx:1.9.1"]), "image", false).unwrap().0, vec![("nginx".to_string(), "nginx:1.9.1".to_string())]);
        assert_eq!(parse_pairs(&v(&["=x"]), "image", false).unwrap_err(), "invalid image format: =x");
        assert_eq!(parse_labels(&v(&["a=b=c"])).unwrap_err(), "invalid label spec: a=b=c");
        assert_eq!(parse_labels(&v(&["a=b", "a-"])).unwrap_err(), "can not both modify and remove a label in the same command");
        assert!(parse_labels(&v(&["a=-x"])).unwrap_err().starts_with("invalid label value: \"a=-x\": a valid label must be"));
        assert_eq!(parse_pairs(&v(&["a=b=c"]), "annotation", true).unwrap().0, vec![("a".to_string(), "b=c".to_string())]);
        assert_eq!(parse_env(&v(&["A=1", "B-"])).unwrap(), (vec![("A".to_string(), "1".to_string())], v(&["B"])));
        assert!(parse_env(&v(&["1A=x"])).unwrap_err().starts_with("\"1A\" is not a valid key name: a valid environment variable name"));
    }

    // parseTaints cases; texts checked against real kubectl v1.32 (`kubectl taint nodes n1 …`).
    #[test]
    fn taints() {
        let (add, rm) = parse_taints(&v(&["foo=bar:NoSchedule", "dedicated:NoExecute", "old-"])).unwrap();
        assert_eq!(add[0], TaintSpec { key: "foo".into(), value: Some("bar".into()), effect: "NoSchedule".into() });
        assert_eq!(add[1].value, None);
        assert_eq!(rm, vec![TaintRemoval { key: "old".into(), effect: None }]);
        assert_eq!(parse_taints(&v(&["a:NoExecute-"])).unwrap().1[0].effect.as_deref(), Some("NoExecute"));
        assert_eq!(parse_taints(&v(&["foo=bar:Bad"])).unwrap_err(), "invalid taint effect: Bad, unsupported taint effect");
        // As real kubectl: `foo=bar` has no effect, so all of it is taken as the key.
        assert!(parse_taints(&v(&["foo=bar"])).unwrap_err().starts_with("invalid taint spec: foo=bar, name part must consist of alphanumeric characters"));
        assert_eq!(parse_taints(&v(&["a=b=c:NoSchedule"])).unwrap_err(), "invalid taint spec: a=b=c:NoSchedule");
        assert_eq!(parse_taints(&v(&["a:b:c"])).unwrap_err(), "invalid taint spec: a:b:c");
        assert_eq!(
            parse_taints(&v(&["a=x:NoSchedule", "a=y:NoSchedule"])).unwrap_err(),
            "duplicated taints with the same key and effect: {a y NoSchedule <nil>}"
        );
    }

    #[test]
    fn names() {
        assert!(qualified_name_errors("node-role.kubernetes.io/control-plane").is_empty());
        assert!(!qualified_name_errors("-bad").is_empty());
        assert!(!qualified_name_errors("a/b/c").is_empty());
        assert!(label_value_errors("").is_empty());
        assert_eq!(label_value_errors(&"a".repeat(64)), vec!["must be no more than 63 characters".to_string()]);
    }
}

#[cfg(test)]
#[path = "values_upstream_tests.rs"]
mod upstream_tests;
