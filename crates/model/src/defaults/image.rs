//! The image pull policy default, which depends on the image reference's
//! tag (`parsers.ParseImageName` over distribution's reference grammar).

/// `Always` when the reference's tag is `latest` (given, or implied by a
/// reference with neither tag nor digest), `IfNotPresent` otherwise,
/// including for references that do not parse.
pub(super) fn default_pull_policy(image: &str) -> &'static str {
    match parse_tag(image) {
        Some(tag) if tag == "latest" => "Always",
        _ => "IfNotPresent",
    }
}

/// The tag `ParseImageName` reports: the explicit tag, `latest` when there
/// is neither tag nor digest, "" for a digest-only reference. `None` when
/// the reference is invalid.
pub(super) fn parse_tag(image: &str) -> Option<String> {
    if image.len() == 64 && image.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return None; // "cannot specify 64-byte hexadecimal strings"
    }
    let (rest, digest) = match image.split_once('@') {
        Some((r, d)) => (r, Some(d)),
        None => (image, None),
    };
    if let Some(d) = digest {
        if !valid_digest(d) {
            return None;
        }
    }
    let last_slash = rest.rfind('/').map_or(0, |i| i + 1);
    let (name, tag) = match rest[last_slash..].rfind(':') {
        Some(i) => (&rest[..last_slash + i], Some(&rest[last_slash + i + 1..])),
        None => (rest, None),
    };
    if let Some(t) = tag {
        if !valid_tag(t) {
            return None;
        }
    }
    if !valid_name(name) {
        return None;
    }
    Some(match (tag, digest) {
        (Some(t), _) => t.to_string(),
        (None, Some(_)) => String::new(),
        (None, None) => "latest".to_string(),
    })
}

/// `[\w][\w.-]{0,127}`.
fn valid_tag(t: &str) -> bool {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let b = t.as_bytes();
    !b.is_empty() && b.len() <= 128 && word(b[0]) && b[1..].iter().all(|&c| word(c) || c == b'.' || c == b'-')
}

/// `algorithm:hex`, with the hex length the algorithm requires.
fn valid_digest(d: &str) -> bool {
    let Some((alg, hex)) = d.split_once(':') else { return false };
    let len = match alg {
        "sha256" => 64,
        "sha384" => 96,
        "sha512" => 128,
        _ => return false,
    };
    hex.len() == len && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// `[domain/]component(/component)*`, lowercase path, at most 255 bytes.
/// A first part is a domain when it has a `.` or `:`, is `localhost`, or
/// has upper-case letters (`splitDockerDomain`).
fn valid_name(name: &str) -> bool {
    if name.is_empty() || name.len() > 255 {
        return false;
    }
    let mut parts: Vec<&str> = name.split('/').collect();
    if parts.len() > 1 {
        let first = parts[0];
        if first.contains(['.', ':']) || first == "localhost" || first.bytes().any(|b| b.is_ascii_uppercase()) {
            if !valid_domain(first) {
                return false;
            }
            parts.remove(0);
        }
    }
    parts.iter().all(|p| valid_component(p))
}

/// `host[:port]`, host being dot-separated labels or a bracketed IPv6 address.
fn valid_domain(d: &str) -> bool {
    let (host, port) = if let Some(stripped) = d.strip_prefix('[') {
        let Some((inner, after)) = stripped.split_once(']') else { return false };
        if inner.is_empty() || !inner.bytes().all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.') {
            return false;
        }
        match after {
            "" => return true,
            p => match p.strip_prefix(':') {
                Some(port) => ("x", Some(port)),
                None => return false,
            },
        }
    } else {
        match d.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (d, None),
        }
    };
    if let Some(p) = port {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
    }
    host.split('.').all(|l| {
        let b = l.as_bytes();
        !b.is_empty() && b[0].is_ascii_alphanumeric() && b[b.len() - 1].is_ascii_alphanumeric() && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
    })
}

/// `[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*`.
fn valid_component(c: &str) -> bool {
    let b = c.as_bytes();
    let alnum = |x: u8| x.is_ascii_lowercase() || x.is_ascii_digit();
    if b.is_empty() || !alnum(b[0]) || !alnum(b[b.len() - 1]) {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        if alnum(b[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && !alnum(b[i]) {
            i += 1;
        }
        let sep = &c[start..i];
        if !(sep == "." || sep == "_" || sep == "__" || sep.bytes().all(|x| x == b'-')) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pull_policy_by_tag() {
        // Vectors from pkg/apis/core/v1 TestSetDefaultsImagePullPolicy and
        // pkg/util/parsers TestParseImageName.
        let cases = [
            ("nginx", "Always"),
            ("nginx:latest", "Always"),
            ("nginx:1.25", "IfNotPresent"),
            ("docker.io/library/nginx", "Always"),
            ("localhost:5000/app", "Always"),
            ("localhost:5000/app:v2", "IfNotPresent"),
            ("registry.example.com:443/team/app:latest", "Always"),
            ("nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "IfNotPresent"),
            ("nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "Always"),
            ("nginx@sha256:0123", "IfNotPresent"),
            ("", "IfNotPresent"),
            ("NGINX", "IfNotPresent"),
            ("Docker.io/nginx", "Always"),
            ("nginx:", "IfNotPresent"),
            ("my__image", "Always"),
            ("my___image", "IfNotPresent"),
            ("my--image:LATEST", "IfNotPresent"),
        ];
        for (image, want) in cases {
            assert_eq!(default_pull_policy(image), want, "{image}");
        }
        assert_eq!(parse_tag("ubuntu").as_deref(), Some("latest"));
        assert_eq!(parse_tag("ubuntu@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef").as_deref(), Some(""));
        assert_eq!(parse_tag("[::1]:5000/ubuntu:22.04").as_deref(), Some("22.04"));
    }
}
