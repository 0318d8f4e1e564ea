//! Image references as containerd resolves them: `nginx` is
//! `docker.io/library/nginx:latest`, `k8s.gcr.io/x` is served by
//! `registry.k8s.io`. Parsing follows the distribution/reference grammar
//! closely enough to reject what a real kubelet rejects (InvalidImageName).

use kubeplay_model::shared_str::{remembered, MemoTable};
use kubeplay_model::SharedStr;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;

/// A parsed, normalised image reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageRef {
    /// `docker.io`, `registry.k8s.io`, `gcr.io`…
    pub domain: String,
    /// `library/nginx`, `e2e-test-images/agnhost`.
    pub path: String,
    pub tag: Option<String>,
    /// `sha256:…`
    pub digest: Option<String>,
}

/// Why a name is not an image reference, in distribution/reference's
/// words (v0.6, `ParseNormalizedNamed` then `Parse`) as the kubelet's
/// `parsers.ParseImageName` wraps them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageNameError {
    #[error("couldn't parse image name {0:?}: invalid repository name ({0}), cannot specify 64-byte hexadecimal strings")]
    Identifier(String),
    #[error("couldn't parse image name {0:?}: invalid reference format: repository name ({1}) must be lowercase")]
    Uppercase(String, String),
    #[error("couldn't parse image name {0:?}: repository name must not be more than 255 characters")]
    TooLong(String),
    #[error("couldn't parse image name {0:?}: {1}")]
    Digest(String, &'static str),
    #[error("couldn't parse image name {0:?}: invalid reference format")]
    Invalid(String),
}

/// distribution/reference's `NameTotalLengthMax`: registry host and path.
const NAME_TOTAL_LENGTH_MAX: usize = 255;

impl ImageRef {
    pub fn parse(image: &str) -> Result<ImageRef, ImageNameError> {
        let image_err = |e: fn(String) -> ImageNameError| e(image.to_string());
        // An image ID is refused before anything else.
        if image.len() == 64 && image.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return Err(image_err(ImageNameError::Identifier));
        }
        let (domain, remainder) = split_domain(image);
        // Upstream cuts the repository at the first colon, so a digest's
        // algorithm is part of what must be lowercase (`nginx@SHA256:…`).
        let remote = remainder.split(':').next().unwrap_or_default();
        if remote.to_lowercase() != remote {
            return Err(ImageNameError::Uppercase(image.to_string(), remote.to_string()));
        }
        // (Parse's "repository name must be lowercase" cannot follow: every
        // upper-case letter the grammar refuses is in `remote`.)
        let Some((path, tag, digest)) = grammar(&domain, &remainder) else {
            return Err(image_err(ImageNameError::Invalid));
        };
        if domain.len() + 1 + path.len() > NAME_TOTAL_LENGTH_MAX {
            return Err(image_err(ImageNameError::TooLong));
        }
        if let Some(d) = digest {
            check_digest(d).map_err(|why| ImageNameError::Digest(image.to_string(), why))?;
        }
        Ok(ImageRef { path: path.to_string(), tag: tag.map(str::to_string), digest: digest.map(str::to_string), domain })
    }

    /// `docker.io/library/nginx`. Legacy `k8s.gcr.io` names the same
    /// repositories as `registry.k8s.io` (it redirects there).
    pub fn repository(&self) -> String {
        let domain = if self.domain == "k8s.gcr.io" { "registry.k8s.io" } else { self.domain.as_str() };
        format!("{domain}/{}", self.path)
    }

    /// The tag containerd pulls: the given one, else `latest`; none when a
    /// digest pins the image, even beside a tag (containerd's
    /// `ParseDockerRef` drops the tag of `nginx:1.25@sha256:…` and pulls
    /// by digest).
    pub fn effective_tag(&self) -> Option<&str> {
        match (&self.tag, &self.digest) {
            (_, Some(_)) => None,
            (Some(t), None) => Some(t),
            (None, None) => Some("latest"),
        }
    }

    /// What containerd reports as the container's `image`:
    /// `docker.io/library/nginx:1.7.9`, or `docker.io/library/nginx@sha256:…`
    /// for a pinned one.
    pub fn normalized(&self) -> String {
        let base = format!("{}/{}", self.domain, self.path);
        match (self.effective_tag(), &self.digest) {
            (Some(t), _) => format!("{base}:{t}"),
            (None, Some(d)) => format!("{base}@{d}"),
            (None, None) => base,
        }
    }

    /// No explicit tag, or `:latest`: the API server defaults
    /// `imagePullPolicy` to Always for these.
    pub fn is_latest(&self) -> bool {
        self.digest.is_none() && self.tag.as_deref().is_none_or(|t| t == "latest")
    }
}

/// [`ImageRef::parse`] then [`ImageRef::normalized`], remembered (None for
/// a name the parser rejects): a pod worker normalizes every container's
/// image on each reconcile (to find it in the node's image cache, to
/// notice an edited spec), a few images over and over, and parsing built
/// five strings each time.
pub fn normalize(image: &str) -> Option<SharedStr> {
    thread_local! {
        static MEMO: MemoTable = const { RefCell::new(BTreeMap::new()) };
    }
    // "" (never a normalized name) stands for a rejected one.
    let done = remembered(&MEMO, image, |i| ImageRef::parse(i).map(|r| SharedStr::from(r.normalized())).unwrap_or_default());
    (!done.is_empty()).then_some(done)
}

/// A table for [`per_image`].
pub type PerImage<V> = RefCell<BTreeMap<String, V>>;

/// `make(normalized)` for what is a function of an image's name alone (the
/// catalog is fixed), remembered per thread in `table`: the kubelets ask
/// for the same few images over and over. Forgotten all at once when it
/// holds too many names, so a flood of distinct names stays bounded.
pub fn per_image<V: Clone>(table: &'static std::thread::LocalKey<PerImage<V>>, normalized: &str, make: impl FnOnce(&str) -> V) -> V {
    const ROOM: usize = 4_096;
    if let Some(known) = table.with(|t| t.borrow().get(normalized).cloned()) {
        return known;
    }
    let made = make(normalized);
    table.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() >= ROOM {
            t.clear();
        }
        t.insert(normalized.to_string(), made.clone());
    });
    made
}

impl fmt::Display for ImageRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.normalized())
    }
}

/// `splitDockerDomain`: the first component is a registry host when it has
/// a dot or a port, is `localhost`, or has an upper-case letter (which no
/// repository name has); otherwise the image is on Docker Hub and
/// single-component names live under `library/`.
fn split_domain(name: &str) -> (String, String) {
    let (domain, rest) = match name.split_once('/') {
        Some((first, rest)) if first.contains(['.', ':']) || first == "localhost" || first.to_lowercase() != first => {
            (first.to_string(), rest)
        }
        _ => ("docker.io".to_string(), name),
    };
    let domain = if domain == "index.docker.io" { "docker.io".to_string() } else { domain };
    if domain == "docker.io" && !rest.contains('/') {
        return (domain, format!("library/{rest}"));
    }
    (domain, rest.to_string())
}

/// `ReferenceRegexp` over `domain/remainder`: the domain, then path
/// components, an optional `:tag` and an optional `@digest`. Returns the
/// path, the tag and the digest.
fn grammar<'a>(domain: &str, remainder: &'a str) -> Option<(&'a str, Option<&'a str>, Option<&'a str>)> {
    let (rest, digest) = match remainder.split_once('@') {
        Some((r, d)) => (r, Some(d)),
        None => (remainder, None),
    };
    // A tag follows the last component, so it holds no slash.
    let (path, tag) = match rest.rfind(':') {
        Some(i) if !rest[i..].contains('/') => (&rest[..i], Some(&rest[i + 1..])),
        _ => (rest, None),
    };
    let ok = valid_domain(domain)
        && !path.is_empty()
        && path.split('/').all(valid_component)
        && tag.is_none_or(valid_tag)
        && digest.is_none_or(digest_shape);
    ok.then_some((path, tag, digest))
}

/// A host (DNS labels, or an IPv6 address in brackets) and an optional
/// numeric port.
fn valid_domain(d: &str) -> bool {
    let (host, port) = match d.rfind(':') {
        // An IPv6 address's own colons sit inside its brackets.
        Some(i) if !d[i..].contains(']') => (&d[..i], Some(&d[i + 1..])),
        _ => (d, None),
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    let label = |l: &str| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') && !l.starts_with('-') && !l.ends_with('-');
    let host_ok = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => !v6.is_empty() && v6.bytes().all(|b| b.is_ascii_hexdigit() || b == b':'),
        None => host.split('.').all(label),
    };
    port_ok && host_ok
}

/// A path component: lowercase alphanumerics joined by `.`, `_`, `__` or
/// runs of `-`.
fn valid_component(c: &str) -> bool {
    let b = c.as_bytes();
    if b.is_empty() || !b[0].is_ascii_alphanumeric() || !b[b.len() - 1].is_ascii_alphanumeric() {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        let ch = b[i];
        if ch.is_ascii_lowercase() || ch.is_ascii_digit() {
            i += 1;
            continue;
        }
        // A separator: ".", "_", "__" or one or more "-".
        let start = i;
        if ch == b'.' {
            i += 1;
        } else if ch == b'_' {
            i += if b.get(i + 1) == Some(&b'_') { 2 } else { 1 };
        } else if ch == b'-' {
            while b.get(i) == Some(&b'-') {
                i += 1;
            }
        } else {
            return false;
        }
        if i == start || !b.get(i).is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit()) {
            return false;
        }
    }
    true
}

fn valid_tag(t: &str) -> bool {
    let b = t.as_bytes();
    !b.is_empty()
        && b.len() <= 128
        && (b[0].is_ascii_alphanumeric() || b[0] == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-'))
}

/// The grammar's digest: an algorithm (letters and digits, parts joined by
/// `-`, `_`, `+` or `.`, each starting with a letter), a colon and at
/// least 32 hex digits of either case.
fn digest_shape(d: &str) -> bool {
    let Some((alg, hex)) = d.split_once(':') else { return false };
    let alg_ok = alg.split(['-', '_', '+', '.']).all(|p| p.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) && p.bytes().all(|b| b.is_ascii_alphanumeric()));
    alg_ok && hex.len() >= 32 && hex.bytes().all(|b| b.is_ascii_hexdigit())
}

/// go-digest's `Validate` on a digest the grammar accepted: the algorithms
/// the kubelet links, each with its exact length of lowercase hex.
fn check_digest(d: &str) -> Result<(), &'static str> {
    let (alg, hex) = d.split_once(':').unwrap_or((d, ""));
    let size = match alg {
        "sha256" => 64,
        "sha384" => 96,
        "sha512" => 128,
        // An unknown algorithm is "unsupported" only if it is spelled as
        // go-digest's DigestRegexp spells one: lowercase.
        _ if alg.split(['.', '+', '_', '-']).all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())) => {
            return Err("unsupported digest algorithm")
        }
        _ => return Err("invalid checksum digest format"),
    };
    if hex.len() != size {
        return Err("invalid checksum digest length");
    }
    if !hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err("invalid checksum digest format");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Normalisation as `docker.io/distribution/reference.ParseNormalizedNamed`
    // and containerd print it.
    #[test]
    fn normalises_like_containerd() {
        for (input, want) in [
            ("nginx", "docker.io/library/nginx:latest"),
            ("nginx:1.7.9", "docker.io/library/nginx:1.7.9"),
            ("library/nginx:1.25", "docker.io/library/nginx:1.25"),
            ("docker.io/nginx", "docker.io/library/nginx:latest"),
            ("index.docker.io/library/busybox:1.36", "docker.io/library/busybox:1.36"),
            ("polinux/stress", "docker.io/polinux/stress:latest"),
            ("registry.k8s.io/e2e-test-images/agnhost:2.40", "registry.k8s.io/e2e-test-images/agnhost:2.40"),
            ("localhost:5000/app:v1", "localhost:5000/app:v1"),
            ("localhost/app", "localhost/app:latest"),
        ] {
            assert_eq!(ImageRef::parse(input).map(|r| r.normalized()), Ok(want.to_string()), "{input}");
        }
    }

    /// The remembered answer is the parser's, for names it accepts and
    /// rejects, asked once and again.
    #[test]
    fn normalize_remembers_what_parse_says() {
        for input in ["nginx", "nginx:1.7.9", "Nginx", "nginx:", "localhost/app", "nginx", "Nginx"] {
            assert_eq!(normalize(input).map(String::from), ImageRef::parse(input).ok().map(|r| r.normalized()), "{input}");
        }
    }

    #[test]
    fn k8s_gcr_io_is_served_by_registry_k8s_io() {
        let r = ImageRef::parse("k8s.gcr.io/hpa-example").unwrap();
        assert_eq!(r.repository(), "registry.k8s.io/hpa-example");
        assert_eq!(r.normalized(), "k8s.gcr.io/hpa-example:latest");
    }

    #[test]
    fn digests_pin_the_image() {
        let d = format!("sha256:{}", "a".repeat(64));
        let r = ImageRef::parse(&format!("nginx@{d}")).unwrap();
        assert_eq!(r.effective_tag(), None);
        assert_eq!(r.normalized(), format!("docker.io/library/nginx@{d}"));
        assert!(!r.is_latest());
        // A tag beside the digest is dropped, as containerd's ParseDockerRef
        // turns `busybox:latest@sha256:…` into `busybox@sha256:…`.
        let both = ImageRef::parse(&format!("nginx:1.25@{d}")).unwrap();
        assert_eq!(both.effective_tag(), None);
        assert_eq!(both.normalized(), format!("docker.io/library/nginx@{d}"));
        assert!(!both.is_latest());
    }

    #[test]
    fn latest_detection_drives_the_default_pull_policy() {
        assert!(ImageRef::parse("nginx").unwrap().is_latest());
        assert!(ImageRef::parse("nginx:latest").unwrap().is_latest());
        assert!(!ImageRef::parse("nginx:1.25").unwrap().is_latest());
    }

    // Messages as the kubelet's applyDefaultImageTag wraps the reference
    // parser's errors.
    #[test]
    fn rejects_what_the_reference_grammar_rejects() {
        assert_eq!(
            ImageRef::parse("Nginx").unwrap_err().to_string(),
            "couldn't parse image name \"Nginx\": invalid reference format: repository name (library/Nginx) must be lowercase"
        );
        for bad in ["nginx:", "nginx::1", "-nginx", "nginx:-1", "ngi nx", "nginx@sha256:abc", "a//b", "nginx:1.0/x", "", "localhost:port/app", "[zz]:5000/app", "a.b__c/d"] {
            assert_eq!(ImageRef::parse(bad), Err(ImageNameError::Invalid(bad.to_string())), "{bad}");
        }
    }

    // distribution/reference v0.6's checks beyond the grammar, in the
    // order `ParseNormalizedNamed` and `Parse` make them, and go-digest's
    // `Validate` (its TestParseDigest cases: length, case, algorithm).
    #[test]
    fn rejects_as_parse_normalized_named_does() {
        let err = |s: &str| ImageRef::parse(s).unwrap_err().to_string();
        let id = "f".repeat(64);
        assert_eq!(err(&id), format!("couldn't parse image name \"{id}\": invalid repository name ({id}), cannot specify 64-byte hexadecimal strings"));
        // With a tag it is a name like any other.
        assert_eq!(ImageRef::parse(&format!("{id}:1")).map(|r| r.normalized()), Ok(format!("docker.io/library/{id}:1")));
        // The repository is cut at the first colon, whatever follows.
        assert_eq!(err("localhost:5000/App:v1"), "couldn't parse image name \"localhost:5000/App:v1\": invalid reference format: repository name (App) must be lowercase");
        let upper_alg = format!("nginx@SHA256:{}", "a".repeat(64));
        assert_eq!(err(&upper_alg), format!("couldn't parse image name \"{upper_alg}\": invalid reference format: repository name (library/nginx@SHA256) must be lowercase"));
        // Host and path together are at most 255 characters.
        let long = "a".repeat(237);
        assert!(ImageRef::parse(&long).is_ok(), "docker.io/library/ + 237 = 255");
        let longer = "a".repeat(238);
        assert_eq!(err(&longer), format!("couldn't parse image name \"{longer}\": repository name must not be more than 255 characters"));
        for (digest, why) in [
            (format!("sha256:{}", "a".repeat(40)), "invalid checksum digest length"),
            (format!("sha256:{}", "A".repeat(64)), "invalid checksum digest format"),
            (format!("md5:{}", "a".repeat(32)), "unsupported digest algorithm"),
            (format!("Sha256:{}", "a".repeat(64)), "invalid checksum digest format"),
        ] {
            // With a tag, the repository ends before the digest.
            let image = format!("nginx:1.27@{digest}");
            assert_eq!(err(&image), format!("couldn't parse image name \"{image}\": {why}"));
        }
        assert!(ImageRef::parse(&format!("nginx@sha512:{}", "0".repeat(128))).is_ok());
    }

    // What the grammar lets through that looks odd: a first component
    // with upper case is a registry host, tags keep their case, IPv6
    // hosts sit in brackets. (A first component with a dot is a host
    // too, so `a.b__c/d` above is refused: hosts have no underscores.)
    #[test]
    fn accepts_what_the_grammar_accepts() {
        for (input, want) in [
            ("MyRegistry/app", "MyRegistry/app:latest"),
            ("nginx:Latest", "docker.io/library/nginx:Latest"),
            ("[::1]:5000/app:v1", "[::1]:5000/app:v1"),
            ("team/a--b__c.d_e:_x", "docker.io/team/a--b__c.d_e:_x"),
            ("index.docker.io/nginxx", "docker.io/library/nginxx:latest"),
        ] {
            assert_eq!(ImageRef::parse(input).map(|r| r.normalized()), Ok(want.to_string()), "{input}");
        }
    }
}
