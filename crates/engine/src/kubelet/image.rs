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

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageNameError {
    #[error("couldn't parse image name {0:?}: invalid reference format: repository name ({1}) must be lowercase")]
    Uppercase(String, String),
    #[error("couldn't parse image name {0:?}: invalid reference format")]
    Invalid(String),
}

impl ImageRef {
    pub fn parse(image: &str) -> Result<ImageRef, ImageNameError> {
        let invalid = || ImageNameError::Invalid(image.to_string());
        if image.is_empty() || image.chars().any(|c| c.is_whitespace()) {
            return Err(invalid());
        }
        let (name, digest) = match image.split_once('@') {
            Some((n, d)) => (n, Some(d)),
            None => (image, None),
        };
        let (domain, remainder) = split_domain(name);
        let (remote, tag) = match remainder.rfind(':') {
            Some(i) => (&remainder[..i], Some(&remainder[i + 1..])),
            None => (remainder.as_str(), None),
        };
        if remote.to_lowercase() != remote {
            return Err(ImageNameError::Uppercase(image.to_string(), remote.to_string()));
        }
        if !valid_domain(&domain) || remote.is_empty() || !remote.split('/').all(valid_component) {
            return Err(invalid());
        }
        if let Some(t) = tag {
            if !valid_tag(t) {
                return Err(invalid());
            }
        }
        if let Some(d) = digest {
            if !valid_digest(d) {
                return Err(invalid());
            }
        }
        Ok(ImageRef { domain, path: remote.to_string(), tag: tag.map(str::to_string), digest: digest.map(str::to_string) })
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
/// a dot or a port, or is `localhost`; otherwise the image is on Docker Hub
/// and single-component names live under `library/`.
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

fn valid_domain(d: &str) -> bool {
    let host = match d.rsplit_once(':') {
        Some((h, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => h,
        Some(_) => return false,
        None => d,
    };
    !host.is_empty()
        && host.split('.').all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') && !l.starts_with('-') && !l.ends_with('-'))
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

fn valid_digest(d: &str) -> bool {
    match d.split_once(':') {
        Some(("sha256", hex)) => hex.len() == 64 && hex.bytes().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c)),
        Some((alg, hex)) => !alg.is_empty() && hex.len() >= 32 && hex.bytes().all(|c| c.is_ascii_hexdigit()),
        None => false,
    }
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
        for bad in ["nginx:", "nginx::1", "-nginx", "nginx:-1", "ngi nx", "nginx@sha256:abc", "a//b", "nginx:1.0/x"] {
            assert!(ImageRef::parse(bad).is_err(), "{bad}");
        }
    }
}
