//! Registry hosts that no resolver knows. The docs name private
//! registries under the domains reserved for examples (RFC 2606, RFC 6761:
//! `your.private.registry.example.com`, `registry.example`); on a real
//! cluster containerd's lookup of such a host fails, so pulling from it
//! fails the same way here, while every other unknown registry is still
//! assumed to serve the image.

use super::image::ImageRef;

/// The resolver kind's nodes use: the network's gateway, which kind's
/// entrypoint puts in place of Docker's embedded DNS.
const NODE_RESOLVER: &str = "172.18.0.1:53";

/// Whether the image's registry host (port left out) never resolves:
/// a name under the reserved top-level domains, or a name below (not
/// equal to) one of the reserved second-level example domains, which
/// themselves resolve to IANA's web server.
pub fn unresolvable(image: &ImageRef) -> bool {
    let host = image.domain.rsplit_once(':').map_or(image.domain.as_str(), |(h, port)| if port.bytes().all(|b| b.is_ascii_digit()) { h } else { image.domain.as_str() });
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let under = |suffix: &str| host.ends_with(suffix) && host.len() > suffix.len();
    [".example", ".invalid", ".test"].iter().any(|tld| under(tld) || host == tld[1..])
        || [".example.com", ".example.net", ".example.org"].iter().any(|d| under(d))
}

/// containerd's error for such a pull, as the kubelet's `Failed to pull
/// image` event and ErrImagePull message show it: the manifest request's
/// host lookup failed. The error has no errdefs class, so it crosses the
/// CRI as gRPC code Unknown, which the kubelet's CRI client strips since
/// v1.28 (k8s.io/cri-client remote_image.go `pullImageV1`,
/// kubernetes/kubernetes#117612).
pub fn no_such_host_message(image: &ImageRef) -> String {
    let r = image.normalized();
    let reference = match (image.effective_tag(), &image.digest) {
        (Some(t), _) => t.to_string(),
        (None, Some(d)) => d.clone(),
        (None, None) => "latest".into(),
    };
    let host = image.domain.rsplit_once(':').map_or(image.domain.as_str(), |(h, _)| h);
    format!(
        "failed to pull and unpack image \"{r}\": failed to resolve reference \"{r}\": failed to do request: Head \"https://{}/v2/{}/manifests/{reference}\": dial tcp: lookup {host} on {NODE_RESOLVER}: no such host",
        image.domain, image.path
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_names_do_not_resolve() {
        let cases = [
            ("your.private.registry.example.com/janedoe/jdoe-private:v1", true),
            ("registry.example/team/app", true),
            ("registry.example:5000/team/app", true),
            ("private.registry.test/app:1", true),
            ("nothing.invalid/app", true),
            ("my.registry.example.org/app", true),
            ("example.com/app", false),
            ("nginx", false),
            ("localhost:5000/team/app", false),
            ("myregistry.example.company.com/app", false),
            ("gcr.io/google-samples/hello-app:2.0", false),
            ("quay.io/prometheus/prometheus:v2.55.0", false),
        ];
        for (image, want) in cases {
            let r = ImageRef::parse(image).expect("valid name");
            assert_eq!(unresolvable(&r), want, "{image}");
        }
    }

    // The shape containerd gives a lookup failure (kind's issue reports:
    // `failed to do request: Head "https://…/v2/…/manifests/…": dial tcp:
    // lookup … no such host`), without the `rpc error: code = Unknown
    // desc =` a v1.32 kubelet strips from pull errors.
    #[test]
    fn message_is_containerds() {
        let r = ImageRef::parse("your.private.registry.example.com/janedoe/jdoe-private:v1").expect("valid name");
        assert_eq!(
            no_such_host_message(&r),
            "failed to pull and unpack image \"your.private.registry.example.com/janedoe/jdoe-private:v1\": failed to resolve reference \"your.private.registry.example.com/janedoe/jdoe-private:v1\": failed to do request: Head \"https://your.private.registry.example.com/v2/janedoe/jdoe-private/manifests/v1\": dial tcp: lookup your.private.registry.example.com on 172.18.0.1:53: no such host"
        );
        let r = ImageRef::parse("registry.example:5000/app").expect("valid name");
        assert!(no_such_host_message(&r).ends_with("Head \"https://registry.example:5000/v2/app/manifests/latest\": dial tcp: lookup registry.example on 172.18.0.1:53: no such host"));
    }
}
