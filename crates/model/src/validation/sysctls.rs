//! A pod's `securityContext.sysctls` (`validateSysctls`): each name a
//! sysctl name, once; and none of a namespace the pod shares with its
//! node (a `net.*` sysctl with hostNetwork, an IPC one with hostIPC), which
//! would set the node's own. Whether the node allows a valid name is the
//! kubelet's business, at admission.

use super::common::Errs;
use super::field::{BadValue, FieldError, Path};
use crate::api::PodSpec;
use serde_json::Value;

const MAX_LENGTH: usize = 253;

/// `SysctlContainSlashFmt`, anchored, as the error message shows it.
const NAME_REGEX: &str = "^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";

/// `IsValidSysctlName`: segments of lower-case letters, digits, `-` and
/// `_` (not at either end), separated by `.` or `/`.
fn valid_name(name: &str) -> bool {
    let segment = |s: &str| {
        let b = s.as_bytes();
        let edge = |c: u8| c.is_ascii_lowercase() || c.is_ascii_digit();
        !b.is_empty()
            && edge(b[0])
            && edge(b[b.len() - 1])
            && b.iter().all(|&c| edge(c) || c == b'-' || c == b'_')
    };
    name.len() <= MAX_LENGTH && name.split(['.', '/']).all(segment)
}

/// `NormalizeName`: a name written with `/` separators (`net/ipv4/…`)
/// means the same sysctl, its dots and slashes swapped. The kubelet's
/// allowlist reads names the same way.
pub fn normalize(name: &str) -> String {
    match name.find(['.', '/']) {
        Some(i) if name.as_bytes()[i] == b'/' => name
            .chars()
            .map(|c| match c {
                '/' => '.',
                '.' => '/',
                c => c,
            })
            .collect(),
        _ => name.to_string(),
    }
}

/// The namespace a sysctl lives in (`GetNamespace`), for the names a pod
/// sharing the node's may not set: "net" or "ipc".
fn namespace(name: &str) -> Option<&'static str> {
    let normalized = normalize(name);
    if normalized == "kernel.sem"
        || ["kernel.shm", "kernel.msg", "fs.mqueue."]
            .iter()
            .any(|p| normalized.starts_with(p))
    {
        return Some("ipc");
    }
    normalized.starts_with("net.").then_some("net")
}

pub fn sysctls(spec: &PodSpec, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let list = spec
        .security_context
        .as_deref()
        .and_then(|sc| sc.get("sysctls"))
        .and_then(Value::as_array);
    let mut seen: Vec<&str> = Vec::new();
    for (i, s) in list.into_iter().flatten().enumerate() {
        let name = s.get("name").and_then(Value::as_str).unwrap_or("");
        let item = path.index(i);
        let at = item.child("name");
        if name.is_empty() {
            errs.push(FieldError::required(&at, ""));
        } else if !valid_name(name) {
            errs.push(FieldError::invalid(
                &at,
                BadValue::str(name),
                format!("must have at most {MAX_LENGTH} characters and match regex {NAME_REGEX}"),
            ));
        } else if seen.contains(&name) {
            errs.push(FieldError::duplicate(&at, BadValue::str(name)));
        }
        match namespace(name) {
            Some("net") if spec.host_network == Some(true) => errs.push(FieldError::invalid(
                &at,
                BadValue::str(name),
                "may not be specified when 'hostNetwork' is true",
            )),
            Some("ipc") if spec.host_ipc == Some(true) => errs.push(FieldError::invalid(
                &at,
                BadValue::str(name),
                "may not be specified when 'hostIPC' is true",
            )),
            _ => {}
        }
        seen.push(name);
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn spec(sysctls: Value, host_network: bool, host_ipc: bool) -> PodSpec {
        PodSpec {
            security_context: Some(Box::new(json!({ "sysctls": sysctls }))),
            host_network: host_network.then_some(true),
            host_ipc: host_ipc.then_some(true),
            ..Default::default()
        }
    }

    // After validation_test.go's TestValidateSysctls and
    // TestValidateHostSysctl.
    #[test]
    fn sysctl_names_and_host_namespaces() {
        let spec_path = Path::new("spec");
        let context = spec_path.child("securityContext");
        let path = context.child("sysctls");
        let regex = format!("must have at most 253 characters and match regex {NAME_REGEX}");
        let cases: Vec<(Value, bool, bool, Vec<String>)> = vec![
            (json!([{"name": "a.b.c.d", "value": "1"}, {"name": "kernel.shm_rmid_forced"}, {"name": "net.ipv4.conf.eno2/100.rp_filter"}, {"name": "net/ipv4/conf/eno2.100/rp_filter"}, {"name": "a-b_c"}]), false, false, vec![]),
            (json!([{"name": ""}]), false, false, vec!["spec.securityContext.sysctls[0].name: Required value".into()]),
            (json!([{"name": "kernel.shm rmid"}]), false, false, vec![format!("spec.securityContext.sysctls[0].name: Invalid value: \"kernel.shm rmid\": {regex}")]),
            (json!([{"name": "_invalid"}]), false, false, vec![format!("spec.securityContext.sysctls[0].name: Invalid value: \"_invalid\": {regex}")]),
            (json!([{"name": "foo."}]), false, false, vec![format!("spec.securityContext.sysctls[0].name: Invalid value: \"foo.\": {regex}")]),
            (json!([{"name": "kernel.msgmax"}, {"name": "kernel.msgmax"}]), false, false, vec!["spec.securityContext.sysctls[1].name: Duplicate value: \"kernel.msgmax\"".into()]),
            (json!([{"name": "net.ipv4.tcp_syncookies"}]), true, false, vec!["spec.securityContext.sysctls[0].name: Invalid value: \"net.ipv4.tcp_syncookies\": may not be specified when 'hostNetwork' is true".into()]),
            (json!([{"name": "kernel.shm_rmid_forced"}, {"name": "kernel.sem"}]), false, true, vec![
                "spec.securityContext.sysctls[0].name: Invalid value: \"kernel.shm_rmid_forced\": may not be specified when 'hostIPC' is true".into(),
                "spec.securityContext.sysctls[1].name: Invalid value: \"kernel.sem\": may not be specified when 'hostIPC' is true".into(),
            ]),
            (json!([{"name": "kernel.shm_rmid_forced"}]), true, false, vec![]),
        ];
        for (list, net, ipc, want) in cases {
            let got: Vec<String> = sysctls(&spec(list.clone(), net, ipc), &path)
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(got, want, "{list}");
        }
    }
}
