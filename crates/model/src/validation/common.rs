//! Checks shared by many kinds: non-negative numbers, immutability,
//! labels, annotations, label selectors, IP addresses and resource
//! names/quantities (`apimachinery/pkg/api/validation`,
//! `apimachinery/pkg/apis/meta/v1/validation`, parts of core validation).

use super::field::{go_label_selector, BadValue, FieldError, Path};
use crate::names;
use crate::quantity::Quantity;
use crate::selector::LabelSelector;
use std::borrow::Cow;
use std::collections::BTreeMap;

pub(super) type Errs = Vec<FieldError>;

/// Upstream's `IsNegativeErrorMsg`.
pub(super) const NEGATIVE_MSG: &str = "must be greater than or equal to 0";
/// Upstream's `FieldImmutableErrorMsg`.
pub(super) const IMMUTABLE_MSG: &str = "field is immutable";
/// Upstream's `TotalAnnotationSizeLimitB` (256 KiB).
pub(super) const TOTAL_ANNOTATION_SIZE_LIMIT: usize = 256 * 1024;

pub(super) fn nonnegative(value: i64, path: &Path) -> Errs {
    if value < 0 {
        vec![FieldError::invalid(path, BadValue::int(value), NEGATIVE_MSG)]
    } else {
        Vec::new()
    }
}

pub(super) fn immutable(new_value: BadValue, path: &Path) -> FieldError {
    FieldError::invalid(path, new_value, IMMUTABLE_MSG)
}

/// One `Invalid` error per message from a syntax checker.
pub(super) fn each(path: &Path, value: &str, msgs: Vec<String>) -> Errs {
    msgs.into_iter().map(|m| FieldError::invalid(path, BadValue::str(value), m)).collect()
}

pub(super) fn dns1123_label(value: &str, path: &Path) -> Errs {
    each(path, value, names::is_dns1123_label(value))
}
pub(super) fn dns1123_subdomain(value: &str, path: &Path) -> Errs {
    each(path, value, names::is_dns1123_subdomain(value))
}
pub(super) fn qualified_name(value: &str, path: &Path) -> Errs {
    each(path, value, names::is_qualified_name(value))
}

/// `ValidateLabels`: every key a qualified name, every value a label value.
pub(super) fn labels(labels: &BTreeMap<String, String>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for (k, v) in labels {
        errs.extend(qualified_name(k, path));
        errs.extend(each(path, v, names::is_valid_label_value(v)));
    }
    errs
}

/// `ValidateAnnotations`: keys are qualified names ignoring case; the total
/// size of keys and values is at most 256 KiB.
pub(super) fn annotations(annotations: &BTreeMap<String, String>, path: &Path) -> Errs {
    let mut errs = Vec::new();
    for k in annotations.keys() {
        // Lower-cased as upstream does, copied only when that changes it
        // (every object applied has at least the last-applied key).
        let lower = if k.bytes().any(|b| b.is_ascii_uppercase() || !b.is_ascii()) { Cow::Owned(k.to_lowercase()) } else { Cow::Borrowed(k.as_str()) };
        errs.extend(each(path, k, names::is_qualified_name(&lower)));
    }
    let total: usize = annotations.iter().map(|(k, v)| k.len() + v.len()).sum();
    if total > TOTAL_ANNOTATION_SIZE_LIMIT {
        errs.push(FieldError::too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT));
    }
    errs
}

/// `metav1validation.ValidateLabelSelector`.
pub(super) fn label_selector(sel: Option<&LabelSelector>, allow_invalid_values: bool, path: &Path) -> Errs {
    let Some(sel) = sel else { return Vec::new() };
    let mut errs = labels(&sel.match_labels, &path.child("matchLabels"));
    for (i, expr) in sel.match_expressions.iter().enumerate() {
        let match_expressions_path = path.child("matchExpressions");
        let p = match_expressions_path.index(i);
        match expr.operator.as_str() {
            "In" | "NotIn" => {
                if expr.values.is_empty() {
                    errs.push(FieldError::required(&p.child("values"), "must be specified when `operator` is 'In' or 'NotIn'"));
                }
            }
            "Exists" | "DoesNotExist" => {
                if !expr.values.is_empty() {
                    errs.push(FieldError::forbidden(&p.child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                }
            }
            op => errs.push(FieldError::invalid(&p.child("operator"), BadValue::str(op), "not a valid selector operator")),
        }
        errs.extend(qualified_name(&expr.key, &p.child("key")));
        if !allow_invalid_values {
            for (j, v) in expr.values.iter().enumerate() {
                errs.extend(each(&p.child("values").index(j), v, names::is_valid_label_value(v)));
            }
        }
    }
    errs
}

/// A selector as a bad value: `v1.LabelSelector{…}`, or `nil`.
pub(super) fn selector_value(sel: Option<&LabelSelector>) -> BadValue {
    match sel {
        Some(s) => BadValue::GoSyntax(go_label_selector(s)),
        None => BadValue::Plain("null".to_string()),
    }
}

/// `validation.IsValidIP` (v1.32 wording).
pub(super) fn valid_ip(value: &str, path: &Path) -> Errs {
    if names::is_ip(value) {
        Vec::new()
    } else {
        vec![FieldError::invalid(path, BadValue::str(value), "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)")]
    }
}

/// `validation.IsValidCIDR`.
pub(super) fn valid_cidr(value: &str, path: &Path) -> Errs {
    if names::is_cidr(value) {
        Vec::new()
    } else {
        vec![FieldError::invalid(path, BadValue::str(value), "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)")]
    }
}

/// `ValidateNonSpecialIP`: addresses endpoints and external IPs may not use.
pub(super) fn non_special_ip(value: &str, path: &Path) -> Errs {
    let Ok(ip) = value.parse::<std::net::IpAddr>() else { return Vec::new() };
    let msg = match ip {
        _ if ip.is_unspecified() => "may not be unspecified (0.0.0.0)",
        _ if ip.is_loopback() => "may not be in the loopback range (127.0.0.0/8, ::1/128)",
        std::net::IpAddr::V4(v4) if v4.is_link_local() => "may not be in the link-local range (169.254.0.0/16, fe80::/10)",
        std::net::IpAddr::V6(v6) if v6.segments()[0] & 0xffc0 == 0xfe80 => "may not be in the link-local range (169.254.0.0/16, fe80::/10)",
        std::net::IpAddr::V4(v4) if v4.octets()[..3] == [224, 0, 0] => "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)",
        std::net::IpAddr::V6(v6) if v6.segments()[0] & 0xff0f == 0xff02 => "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)",
        _ => return Vec::new(),
    };
    vec![FieldError::invalid(path, BadValue::str(value), msg)]
}

/// `IsDomainPrefixedPath`: a Job's `managedBy`, an IngressClass's controller.
pub(super) fn domain_prefixed_path(v: &str, path: &Path) -> Errs {
    if v.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let Some((host, rest)) = v.split_once('/').filter(|(h, r)| !h.is_empty() && !r.is_empty()) else {
        return vec![FieldError::invalid(path, BadValue::str(v), "must be a domain-prefixed path (such as \"acme.io/foo\")")];
    };
    let mut errs = each(path, host, names::is_dns1123_subdomain(host));
    let http_path_ok = rest.bytes().all(|b| b.is_ascii_alphanumeric() || b"/-._~%!$&'()*+,;=:".contains(&b));
    if !http_path_ok {
        errs.push(FieldError::invalid(path, BadValue::str(rest), names::regex_error("Invalid path", "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+", &[])));
    }
    errs
}

/// `IsValidPathSegmentName`: names that are used in URL paths.
pub(super) fn path_segment_name(value: &str, path: &Path) -> Errs {
    let mut msgs = Vec::new();
    for bad in [".", ".."] {
        if value == bad {
            msgs.push(format!("may not be '{bad}'"));
        }
    }
    for bad in ["/", "%"] {
        if value.contains(bad) {
            msgs.push(format!("may not contain '{bad}'"));
        }
    }
    each(path, value, msgs)
}

const HOST_PATH_TYPES: &[&str] = &["", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"];

/// `validatePathNoBacksteps`.
pub(super) fn no_backsteps(target: &str, path: &Path) -> Errs {
    if target.split('/').any(|part| part == "..") {
        return vec![FieldError::invalid(path, BadValue::str(target), "must not contain '..'")];
    }
    Vec::new()
}

/// `validateHostPathVolumeSource`, on a pod's or a PersistentVolume's
/// (opaque) `hostPath`.
pub(super) fn host_path(source: &serde_json::Value, path: &Path) -> Errs {
    let target = source.get("path").and_then(serde_json::Value::as_str).unwrap_or("");
    if target.is_empty() {
        return vec![FieldError::required(&path.child("path"), "")];
    }
    let mut errs = no_backsteps(target, &path.child("path"));
    if let Some(t) = source.get("type").and_then(serde_json::Value::as_str) {
        if !HOST_PATH_TYPES.contains(&t) {
            errs.push(FieldError::not_supported(&path.child("type"), BadValue::str(t), HOST_PATH_TYPES));
        }
    }
    errs
}

/// Go's `path.Clean` of an absolute path is `/`.
pub(super) fn cleans_to_root(p: &str) -> bool {
    let mut depth: usize = 0;
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." => depth = depth.saturating_sub(1),
            _ => depth += 1,
        }
    }
    p.starts_with('/') && depth == 0
}

const STANDARD_RESOURCES: &[&str] = &[
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "storage",
    "requests.storage",
    "services.nodeports",
    "services.loadbalancers",
];

const INTEGER_RESOURCES: &[&str] = &["pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims", "services.nodeports", "services.loadbalancers"];

fn is_hugepages(name: &str) -> bool {
    name.starts_with("hugepages-")
}

/// Native resources have no domain or live under `kubernetes.io/`.
fn is_native_resource(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// Extended resources (`example.com/gpu`) are domain-prefixed and not native.
pub fn is_extended_resource(name: &str) -> bool {
    if is_native_resource(name) || name.starts_with("requests.") {
        return false;
    }
    names::is_qualified_name(&format!("requests.{name}")).is_empty()
}

/// Only native, non-hugepage resources may be requested below their limit.
pub(super) fn is_overcommit_allowed(name: &str) -> bool {
    is_native_resource(name) && !is_hugepages(name)
}

fn is_standard_resource(name: &str) -> bool {
    STANDARD_RESOURCES.contains(&name) || is_hugepages(name) || name.starts_with("requests.hugepages-")
}

fn is_standard_container_resource(name: &str) -> bool {
    matches!(name, "cpu" | "memory" | "ephemeral-storage") || is_hugepages(name)
}

/// `validateResourceName`.
pub(super) fn resource_name(name: &str, path: &Path) -> Errs {
    let errs = qualified_name(name, path);
    if !errs.is_empty() {
        return errs;
    }
    if !name.contains('/') && !is_standard_resource(name) {
        return vec![FieldError::invalid(path, BadValue::str(name), "must be a standard resource type or fully qualified")];
    }
    errs
}

/// `validateContainerResourceName`.
pub(super) fn container_resource_name(name: &str, path: &Path) -> Errs {
    let mut errs = resource_name(name, path);
    if !name.contains('/') {
        if !is_standard_container_resource(name) {
            errs.push(FieldError::invalid(path, BadValue::str(name), "must be a standard resource for containers"));
        }
    } else if !is_native_resource(name) && !is_extended_resource(name) {
        errs.push(FieldError::invalid(path, BadValue::str(name), "doesn't follow extended resource name standard"));
    }
    errs
}

/// `ValidateResourceQuantityValue`: not negative, and whole for countable resources.
pub(super) fn resource_quantity(name: &str, q: &Quantity, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if q.sign() < 0 {
        errs.push(FieldError::invalid(path, BadValue::str(q.to_string()), NEGATIVE_MSG));
    }
    let integer = INTEGER_RESOURCES.contains(&name) || is_extended_resource(name);
    if integer && q.milli_value() % 1000 != 0 {
        errs.push(FieldError::invalid(path, BadValue::str(q.to_string()), "must be an integer"));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotation_size_limit() {
        let mut a = BTreeMap::new();
        a.insert("big".to_string(), "x".repeat(TOTAL_ANNOTATION_SIZE_LIMIT - 3));
        assert!(annotations(&a, &Path::new("metadata.annotations")).is_empty());
        a.insert("big".to_string(), "x".repeat(TOTAL_ANNOTATION_SIZE_LIMIT));
        assert_eq!(annotations(&a, &Path::new("metadata.annotations"))[0].to_string(), "metadata.annotations: Too long: may not be more than 262144 bytes");
        // Keys are checked case-insensitively but reported as written.
        let mut a = BTreeMap::new();
        a.insert("Example.COM/Key".to_string(), String::new());
        assert!(annotations(&a, &Path::new("metadata.annotations")).is_empty());
    }

    #[test]
    fn resource_names() {
        let p = Path::new("r");
        assert!(container_resource_name("cpu", &p).is_empty());
        assert!(container_resource_name("nvidia.com/gpu", &p).is_empty());
        assert!(container_resource_name("hugepages-2Mi", &p).is_empty());
        let msgs: Vec<String> = container_resource_name("gpu", &p).iter().map(|e| e.detail.clone()).collect();
        assert_eq!(msgs, vec!["must be a standard resource type or fully qualified", "must be a standard resource for containers"]);
        assert_eq!(container_resource_name("pods", &p)[0].detail, "must be a standard resource for containers");
        assert!(is_extended_resource("example.com/foo"));
        assert!(!is_extended_resource("kubernetes.io/foo"));
        assert!(!is_overcommit_allowed("example.com/foo"));
        assert!(is_overcommit_allowed("cpu"));
        let q = Quantity::parse("500m").unwrap();
        assert_eq!(resource_quantity("example.com/gpu", &q, &p)[0].to_string(), r#"r: Invalid value: "500m": must be an integer"#);
        assert_eq!(resource_quantity("cpu", &Quantity::parse("-1").unwrap(), &p)[0].to_string(), r#"r: Invalid value: "-1": must be greater than or equal to 0"#);
    }

    #[test]
    fn special_ips() {
        let p = Path::new("ip");
        assert!(non_special_ip("10.1.2.3", &p).is_empty());
        assert_eq!(non_special_ip("127.0.0.1", &p)[0].detail, "may not be in the loopback range (127.0.0.0/8, ::1/128)");
        assert_eq!(non_special_ip("169.254.1.1", &p)[0].detail, "may not be in the link-local range (169.254.0.0/16, fe80::/10)");
        assert_eq!(non_special_ip("0.0.0.0", &p)[0].detail, "may not be unspecified (0.0.0.0)");
        assert_eq!(valid_ip("1.2.3", &p)[0].to_string(), r#"ip: Invalid value: "1.2.3": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#);
    }
}
