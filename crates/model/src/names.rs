//! Name and label syntax as the API server checks it
//! (`k8s.io/apimachinery/pkg/util/validation`), and the random suffix of
//! `generateName` (`apiserver/pkg/storage/names`, `util/rand`).
//!
//! Every checker returns the list of reasons a value is invalid, worded
//! exactly as Kubernetes v1.32 words them (empty = valid); callers attach the
//! field path. Kubeplay follows v1.32's wording ("characters"); releases
//! from v1.34 say "bytes" instead.

/// Longest DNS-1123 label (RFC 1123).
pub const DNS1123_LABEL_MAX_LENGTH: usize = 63;
/// Longest DNS-1123 subdomain.
pub const DNS1123_SUBDOMAIN_MAX_LENGTH: usize = 253;
/// Longest DNS-1035 label.
pub const DNS1035_LABEL_MAX_LENGTH: usize = 63;
/// Longest label value.
pub const LABEL_VALUE_MAX_LENGTH: usize = 63;
/// Longest name part of a qualified name (label key).
pub const QUALIFIED_NAME_MAX_LENGTH: usize = 63;
/// Longest name the apiserver generates from `generateName`.
pub const MAX_NAME_LENGTH: usize = 63;
/// Length of the random suffix added to `generateName`.
pub const RANDOM_SUFFIX_LENGTH: usize = 5;
/// `generateName` is cut to this many bytes so base + suffix fits in 63.
pub const MAX_GENERATED_NAME_LENGTH: usize = MAX_NAME_LENGTH - RANDOM_SUFFIX_LENGTH;

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_ERR: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_ERR: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_FMT: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_ERR: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const QUALIFIED_NAME_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QUALIFIED_NAME_ERR: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const PERCENT_FMT: &str = "[0-9]+%";
const PERCENT_ERR: &str = "a valid percent string must be a numeric string followed by an ending '%'";
const CONFIG_MAP_KEY_FMT: &str = "[-._a-zA-Z0-9]+";
const CONFIG_MAP_KEY_ERR: &str = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const HTTP_HEADER_NAME_FMT: &str = "[-A-Za-z0-9]+";
const HTTP_HEADER_NAME_ERR: &str = "a valid HTTP header must consist of alphanumeric characters or '-'";
const RELAXED_ENV_VAR_ERR: &str = "a valid environment variable name must consist only of printable ASCII characters other than '='";

/// `must be no more than N characters`.
pub fn max_len_error(n: usize) -> String {
    format!("must be no more than {n} characters")
}

/// `must be non-empty`.
pub fn empty_error() -> String {
    "must be non-empty".to_string()
}

/// `must be between LO and HI, inclusive`.
pub fn inclusive_range_error(lo: i64, hi: i64) -> String {
    format!("must be between {lo} and {hi}, inclusive")
}

/// Upstream's `RegexError`: the message, examples and the pattern. The
/// doubled space before each " or " is in the real messages.
pub fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{msg} (regex used for validation is '{fmt}')");
    }
    let mut out = format!("{msg} (e.g. ");
    for (i, e) in examples.iter().enumerate() {
        if i > 0 {
            out.push_str(" or ");
        }
        out.push('\'');
        out.push_str(e);
        out.push_str("', ");
    }
    out.push_str("regex used for validation is '");
    out.push_str(fmt);
    out.push_str("')");
    out
}

fn is_lower_alnum(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// Matches `[a-z0-9]([-a-z0-9]*[a-z0-9])?`.
fn matches_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.first(), b.last()) {
        (Some(&f), Some(&l)) => is_lower_alnum(f) && is_lower_alnum(l) && b.iter().all(|&c| is_lower_alnum(c) || c == b'-'),
        _ => false,
    }
}

fn matches_dns1123_subdomain(s: &str) -> bool {
    s.split('.').all(matches_dns1123_label)
}

/// Matches `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`.
fn matches_qualified_name_part(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.first(), b.last()) {
        (Some(f), Some(l)) => {
            f.is_ascii_alphanumeric() && l.is_ascii_alphanumeric() && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

/// `IsDNS1123Label`: namespace names, container and port names, hostnames.
pub fn is_dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_LABEL_MAX_LENGTH {
        errs.push(max_len_error(DNS1123_LABEL_MAX_LENGTH));
    }
    if !matches_dns1123_label(value) {
        if matches_dns1123_subdomain(value) {
            // A valid subdomain of legal length that is not a label must have dots.
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(regex_error(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, &["my-name", "123-abc"]));
        }
    }
    errs
}

/// `IsDNS1123Subdomain`: most object names.
pub fn is_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !matches_dns1123_subdomain(value) {
        errs.push(regex_error(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, &["example.com"]));
    }
    errs
}

/// `IsWildcardDNS1123Subdomain`: an Ingress host or TLS host with a `*`.
pub fn is_wildcard_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !value.strip_prefix("*.").is_some_and(matches_dns1123_subdomain) {
        let msg = "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";
        errs.push(regex_error(msg, &format!("\\*\\.{DNS1123_SUBDOMAIN_FMT}"), &["*.example.com"]));
    }
    errs
}

/// `IsDNS1035Label`: Service names (they become DNS names that must start with a letter).
pub fn is_dns1035_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1035_LABEL_MAX_LENGTH {
        errs.push(max_len_error(DNS1035_LABEL_MAX_LENGTH));
    }
    let ok = matches_dns1123_label(value) && value.as_bytes().first().is_some_and(|b| b.is_ascii_lowercase());
    if !ok {
        errs.push(regex_error(DNS1035_LABEL_ERR, DNS1035_LABEL_FMT, &["my-name", "abc-123"]));
    }
    errs
}

/// `IsQualifiedName`: label and annotation keys, `[prefix/]name`.
pub fn is_qualified_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    // At most one '/', found without collecting the parts: every label key
    // and toleration key of every pod created is checked here.
    let name = match value.split_once('/') {
        None => value,
        Some((prefix, name)) if !name.contains('/') => {
            if prefix.is_empty() {
                errs.push(format!("prefix part {}", empty_error()));
            } else {
                errs.extend(is_dns1123_subdomain(prefix).into_iter().map(|m| format!("prefix part {m}")));
            }
            name
        }
        Some(_) => {
            return vec![format!(
                "a qualified name {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, &["MyName", "my.name", "123-abc"])
            )]
        }
    };
    if name.is_empty() {
        errs.push(format!("name part {}", empty_error()));
    } else if name.len() > QUALIFIED_NAME_MAX_LENGTH {
        errs.push(format!("name part {}", max_len_error(QUALIFIED_NAME_MAX_LENGTH)));
    }
    if !matches_qualified_name_part(name) {
        errs.push(format!("name part {}", regex_error(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, &["MyName", "my.name", "123-abc"])));
    }
    errs
}

/// `IsValidLabelValue`: empty is allowed.
pub fn is_valid_label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > LABEL_VALUE_MAX_LENGTH {
        errs.push(max_len_error(LABEL_VALUE_MAX_LENGTH));
    }
    if !value.is_empty() && !matches_qualified_name_part(value) {
        errs.push(regex_error(LABEL_VALUE_ERR, LABEL_VALUE_FMT, &["MyValue", "my_value", "12345"]));
    }
    errs
}

/// `IsValidPortName` (IANA_SVC_NAME): at most 15 chars of `[-a-z0-9]`, at
/// least one letter, no leading, trailing or doubled hyphen.
pub fn is_valid_port_name(port: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if port.len() > 15 {
        errs.push(max_len_error(15));
    }
    if port.is_empty() || !port.bytes().all(|b| is_lower_alnum(b) || b == b'-') {
        errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".to_string());
    }
    if !port.bytes().any(|b| b.is_ascii_lowercase()) {
        errs.push("must contain at least one letter (a-z)".to_string());
    }
    if port.contains("--") {
        errs.push("must not contain consecutive hyphens".to_string());
    }
    if port.starts_with('-') || port.ends_with('-') {
        errs.push("must not begin or end with a hyphen".to_string());
    }
    errs
}

/// `IsValidPortNum`: 1..=65535.
pub fn is_valid_port_num(port: i64) -> Vec<String> {
    if (1..=65535).contains(&port) {
        Vec::new()
    } else {
        vec![inclusive_range_error(1, 65535)]
    }
}

/// `IsInRange`.
pub fn is_in_range(value: i64, lo: i64, hi: i64) -> Vec<String> {
    if (lo..=hi).contains(&value) {
        Vec::new()
    } else {
        vec![inclusive_range_error(lo, hi)]
    }
}

/// `IsValidPercent`: `[0-9]+%`.
pub fn is_valid_percent(value: &str) -> Vec<String> {
    let digits = value.strip_suffix('%').unwrap_or("");
    if value.ends_with('%') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Vec::new()
    } else {
        vec![regex_error(PERCENT_ERR, PERCENT_FMT, &["1%", "93%"])]
    }
}

fn has_chdir_prefix(value: &str) -> Vec<String> {
    if value == "." {
        vec!["must not be '.'".to_string()]
    } else if value == ".." {
        vec!["must not be '..'".to_string()]
    } else if value.starts_with("..") {
        vec!["must not start with '..'".to_string()]
    } else {
        Vec::new()
    }
}

/// `IsConfigMapKey`: ConfigMap and Secret data keys.
pub fn is_config_map_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_')) {
        errs.push(regex_error(CONFIG_MAP_KEY_ERR, CONFIG_MAP_KEY_FMT, &["key.name", "KEY_NAME", "key-name"]));
    }
    errs.extend(has_chdir_prefix(value));
    errs
}

/// `IsRelaxedEnvVarName`, the rule v1.32 applies (RelaxedEnvironmentVariableValidation is on by default).
pub fn is_relaxed_env_var_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.is_empty() {
        errs.push(format!("environment variable name {}", empty_error()));
    }
    if value.chars().any(|c| !c.is_ascii() || c.is_ascii_control() || c == '=') {
        errs.push(RELAXED_ENV_VAR_ERR.to_string());
    }
    errs
}

/// `IsHTTPHeaderName`.
pub fn is_http_header_name(value: &str) -> Vec<String> {
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        Vec::new()
    } else {
        vec![regex_error(HTTP_HEADER_NAME_ERR, HTTP_HEADER_NAME_FMT, &["X-Header-Name"])]
    }
}

/// Whether `value` is an IPv4 or IPv6 address in the forms Go's parser accepts.
pub fn is_ip(value: &str) -> bool {
    value.parse::<std::net::IpAddr>().is_ok()
}

/// Whether `value` is a CIDR such as `10.0.0.0/8` or `fd00::/64`.
pub fn is_cidr(value: &str) -> bool {
    let Some((ip, bits)) = value.split_once('/') else {
        return false;
    };
    let Ok(addr) = ip.parse::<std::net::IpAddr>() else {
        return false;
    };
    let max = if addr.is_ipv4() { 32 } else { 128 };
    !bits.is_empty() && bits.len() <= 3 && bits.bytes().all(|b| b.is_ascii_digit()) && bits.parse::<u32>().is_ok_and(|b| b <= max)
}

/// The syntax an object's name must follow, per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameRule {
    /// Most kinds (`NameIsDNSSubdomain`).
    DnsSubdomain,
    /// Namespaces and StatefulSets (`NameIsDNSLabel`).
    DnsLabel,
    /// Services (`NameIsDNS1035Label`).
    Dns1035Label,
    /// RBAC roles and bindings (`ValidateRBACName`): any name that can be
    /// one segment of a URL path.
    PathSegment,
}

impl NameRule {
    /// Checks a name, or a `generateName` prefix when `prefix` is true: a
    /// prefix may end in `-` because a suffix follows it.
    pub fn check(self, name: &str, prefix: bool) -> Vec<String> {
        // Upstream's RBAC rule ignores `prefix`: a generateName is checked whole.
        if self == NameRule::PathSegment {
            return path_segment_name(name);
        }
        let masked;
        let name = if prefix {
            masked = mask_trailing_dash(name);
            masked.as_str()
        } else {
            name
        };
        match self {
            NameRule::DnsSubdomain => is_dns1123_subdomain(name),
            NameRule::DnsLabel => is_dns1123_label(name),
            NameRule::Dns1035Label => is_dns1035_label(name),
            NameRule::PathSegment => path_segment_name(name),
        }
    }
}

/// `path.IsValidPathSegmentName`: not `.` or `..`, and no `/` or `%`.
pub fn path_segment_name(name: &str) -> Vec<String> {
    let mut msgs = Vec::new();
    if name == "." || name == ".." {
        msgs.push(format!("may not be '{name}'"));
    }
    for bad in ['/', '%'] {
        if name.contains(bad) {
            msgs.push(format!("may not contain '{bad}'"));
        }
    }
    msgs
}

/// Upstream replaces a trailing dash of a prefix (and the character before
/// it) by a single letter, so `ab-` is checked as `aa`.
fn mask_trailing_dash(name: &str) -> String {
    if name.len() > 1 && name.ends_with('-') {
        let mut cut = name.len() - 2;
        while !name.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{}a", &name[..cut])
    } else {
        name.to_string()
    }
}

/// Letters `utilrand.String` draws from: no vowels (no accidental words) and
/// no 0, 1, 3 (easily confused).
pub const SUFFIX_ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";

/// `utilrand.String(5)`: five characters from [`SUFFIX_ALPHABET`], taking
/// 5-bit chunks of 63-bit random numbers and skipping chunks ≥ 27, exactly
/// as upstream consumes its source.
pub fn generate_name_suffix(rng: &mut impl FnMut() -> u64) -> String {
    const BITS: u32 = 5;
    const MASK: u64 = (1 << BITS) - 1;
    const PER_INT: u32 = 63 / BITS;
    let mut out = String::with_capacity(RANDOM_SUFFIX_LENGTH);
    let mut bits = rng() >> 1;
    let mut remaining = PER_INT;
    while out.len() < RANDOM_SUFFIX_LENGTH {
        if remaining == 0 {
            bits = rng() >> 1;
            remaining = PER_INT;
        }
        let idx = (bits & MASK) as usize;
        if let Some(&c) = SUFFIX_ALPHABET.get(idx) {
            out.push(c as char);
        }
        bits >>= BITS;
        remaining -= 1;
    }
    out
}

/// The name the apiserver makes from `generateName`: the base cut to 58
/// bytes, then five random characters.
pub fn generate_name(base: &str, rng: &mut impl FnMut() -> u64) -> String {
    let mut cut = base.len().min(MAX_GENERATED_NAME_LENGTH);
    while !base.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}{}", &base[..cut], generate_name_suffix(rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    const LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    const NAME_PART_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    const VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

    fn a(n: usize) -> String {
        "a".repeat(n)
    }

    // TestIsDNS1123Label.
    #[test]
    fn dns1123_labels() {
        for v in ["a", "ab", "abc", "a1", "a-1", "a--1--2--b", "0", "01", "012", "1a", "1-a", "1--a--b--2"] {
            assert!(is_dns1123_label(v).is_empty(), "{v}");
        }
        assert!(is_dns1123_label(&a(63)).is_empty());
        for v in [
            "", "A", "ABC", "aBc", "A1", "A-1", "1-A", "-", "a-", "-a", "1-", "-1", "_", "a_", "_a", "a_b", "1_", "_1", "1_2", ".", "a.", ".a", "a.b", "1.", ".1", "1.2", " ", "a ", " a", "a b", "1 ", " 1", "1 2",
        ] {
            assert!(!is_dns1123_label(v).is_empty(), "{v:?}");
        }
        assert_eq!(is_dns1123_label(&a(64)), vec!["must be no more than 63 characters"]);
        assert_eq!(is_dns1123_label("a.b"), vec!["must not contain dots"]);
        assert_eq!(is_dns1123_label("Ns"), vec![LABEL_MSG]);
    }

    // TestIsDNS1123Subdomain.
    #[test]
    fn dns1123_subdomains() {
        for v in [
            "a", "ab", "abc", "a1", "a-1", "a--1--2--b", "0", "01", "012", "1a", "1-a", "1--a--b--2", "a.a", "ab.a", "abc.a", "a1.a", "a-1.a", "a--1--2--b.a", "a.1", "ab.1", "abc.1", "a1.1", "a-1.1", "a--1--2--b.1", "0.a", "01.a", "012.a", "1a.a", "1-a.a", "0.1", "01.1", "012.1", "1a.1", "1-a.1",
            "1--a--b--2.1", "a.b.c.d.e", "aa.bb.cc.dd.ee", "1.2.3.4.5", "11.22.33.44.55",
        ] {
            assert!(is_dns1123_subdomain(v).is_empty(), "{v}");
        }
        assert!(is_dns1123_subdomain(&a(253)).is_empty());
        for v in [
            "", "A", "ABC", "aBc", "A1", "A-1", "1-A", "-", "a-", "-a", "1-", "-1", "_", "a_", "_a", "a_b", "1_", "_1", "1_2", ".", "a.", ".a", "a..b", "1.", ".1", "1..2", " ", "a ", " a", "a b", "1 ", " 1", "1 2", "A.a", "aB.a", "ab.A", "A1.a", "a1.A", "A.1", "aB.1",
            "A1.1", "1A.1", "0.A", "01.A", "012.A", "1A.a", "1a.A", "A.B.C.D.E", "AA.BB.CC.DD.EE", "a.B.c.d.e", "aa.bB.cc.dd.ee", "a@b", "a,b", "a;b", "a:b", "a%b", "a?b", "a$b",
        ] {
            assert!(!is_dns1123_subdomain(v).is_empty(), "{v:?}");
        }
        assert_eq!(is_dns1123_subdomain(&a(254)), vec!["must be no more than 253 characters"]);
        assert_eq!(is_dns1123_subdomain("MyPod"), vec![SUBDOMAIN_MSG]);
    }

    // TestIsDNS1035Label.
    #[test]
    fn dns1035_labels() {
        for v in ["a", "ab", "abc", "a1", "a-1", "a--1--2--b"] {
            assert!(is_dns1035_label(v).is_empty(), "{v}");
        }
        assert!(is_dns1035_label(&a(63)).is_empty());
        for v in ["0", "01", "012", "1a", "1-a", "1--a--b--2", "", "A", "a-", "-a", "a.b", "a_b"] {
            assert!(!is_dns1035_label(v).is_empty(), "{v:?}");
        }
        assert_eq!(
            is_dns1035_label("1svc"),
            vec!["a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"]
        );
    }

    // TestIsQualifiedName.
    #[test]
    fn qualified_names() {
        let long_ok = format!("{}/{}", a(253), "b".repeat(63));
        for v in [
            "simple", "now-with-dashes", "1-starts-with-num", "1234", "simple/simple", "now-with-dashes/simple", "now-with-dashes/now-with-dashes", "now.with.dots/simple", "now-with.dashes-and.dots/simple", "1-num.2-num/3-num", "1234/5678", "1.2.3.4/5678", "Uppercase_Is_OK_123",
            "example.com/Uppercase_Is_OK_123", "requests.storage-foo", long_ok.as_str(),
        ] {
            assert!(is_qualified_name(v).is_empty(), "{v}");
        }
        assert!(is_qualified_name(&a(63)).is_empty());
        let long_bad = format!("{}/abc", a(254));
        for v in ["nospecialchars%^=@", "cantendwithadash-", "-cantstartwithadash-", "only/one/slash", "Example.com/abc", "example_com/abc", "example.com/", "/simple", long_bad.as_str()] {
            assert!(!is_qualified_name(v).is_empty(), "{v:?}");
        }
        assert_eq!(is_qualified_name(&a(64)), vec!["name part must be no more than 63 characters"]);
        assert_eq!(is_qualified_name("/simple"), vec!["prefix part must be non-empty"]);
        assert_eq!(is_qualified_name("example.com/"), vec!["name part must be non-empty".to_string(), NAME_PART_MSG.to_string()]);
        assert_eq!(is_qualified_name("-bad"), vec![NAME_PART_MSG]);
        assert_eq!(is_qualified_name("Example.com/abc"), vec![format!("prefix part {SUBDOMAIN_MSG}")]);
        // The message kubectl users see for `-l a/b/c`.
        assert_eq!(
            is_qualified_name("a/b/c"),
            vec!["a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]
        );
    }

    // TestIsValidLabelValue.
    #[test]
    fn label_values() {
        for v in ["simple", "now-with-dashes", "1-starts-with-num", "end-with-num-1", "1234", "", "v1.2_x"] {
            assert!(is_valid_label_value(v).is_empty(), "{v}");
        }
        assert!(is_valid_label_value(&a(63)).is_empty());
        for v in ["nospecialchars%^=@", "Tama-nui-te-rā.is.Māori.sun", "\\backslashes\\are\\bad", "-starts-with-dash", "ends-with-dash-", ".starts.with.dot", "ends.with.dot.", "bad,value"] {
            assert_eq!(is_valid_label_value(v), vec![VALUE_MSG], "{v:?}");
        }
        assert_eq!(is_valid_label_value(&a(64)), vec!["must be no more than 63 characters"]);
    }

    // TestIsValidPortName / TestIsValidPortNum.
    #[test]
    fn ports() {
        for v in ["telnet", "re-mail-ck", "pop3", "a", "a-1", "1-a", "a-1-b-2-c", "1-a-2-b-3"] {
            assert!(is_valid_port_name(v).is_empty(), "{v}");
        }
        for v in ["longerthan15characters", "", "aaaaaaaaaaaaaaaa", "12345", "1-2-3-4", "-begin", "end-", "two--hyphens", "whois++"] {
            assert!(!is_valid_port_name(v).is_empty(), "{v:?}");
        }
        for p in [1, 2, 1000, 16384, 32768, 65535] {
            assert!(is_valid_port_num(p).is_empty());
        }
        for p in [0, -1, 65536, 100000] {
            assert_eq!(is_valid_port_num(p), vec!["must be between 1 and 65535, inclusive"]);
        }
    }

    #[test]
    fn percents_and_keys() {
        assert!(is_valid_percent("25%").is_empty());
        for v in ["25", "%", "2.5%", "-1%", "x%"] {
            assert_eq!(is_valid_percent(v), vec!["a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"], "{v}");
        }
        assert!(is_config_map_key("app.properties").is_empty());
        assert_eq!(is_config_map_key(".."), vec!["must not be '..'"]);
        assert_eq!(is_config_map_key("a b").len(), 1);
    }

    #[test]
    fn generate_name_prefix_rules() {
        // A prefix may end with a dash; a name may not.
        assert!(NameRule::DnsSubdomain.check("web-", true).is_empty());
        assert_eq!(NameRule::DnsSubdomain.check("web-", false), vec![SUBDOMAIN_MSG]);
        assert!(NameRule::DnsLabel.check("a-", true).is_empty());
    }

    #[test]
    fn name_suffix_uses_five_bit_chunks_of_63_bits() {
        // Chunks 0,1,2,3,4 → alphabet[0..5] = "bcdfg"; the lowest bit of the
        // u64 is dropped so the source is 63 bits wide, as Int63 is.
        let word: u64 = ((4 << 20) | (3 << 15) | (2 << 10) | (1 << 5)) << 1;
        let mut rng = || word;
        assert_eq!(generate_name_suffix(&mut rng), "bcdfg");
        // Chunks ≥ 27 are skipped: 31 then 26 → '9'.
        let word: u64 = ((26 << 5) | 31) << 1;
        let mut calls = 0;
        let mut rng = || {
            calls += 1;
            if calls == 1 {
                word
            } else {
                0
            }
        };
        assert_eq!(generate_name_suffix(&mut rng), "9bbbb");
    }

    #[test]
    fn generated_names_fit_in_63() {
        let mut rng = || 0u64;
        let base = format!("{}-", "x".repeat(60));
        let name = generate_name(&base, &mut rng);
        assert_eq!(name.len(), 63);
        assert!(name.starts_with(&"x".repeat(58)));
        assert_eq!(generate_name("web-", &mut rng), "web-bbbbb");
        for c in generate_name_suffix(&mut || 0x5555_5555_5555_5555).bytes() {
            assert!(SUFFIX_ALPHABET.contains(&c));
        }
    }
}
