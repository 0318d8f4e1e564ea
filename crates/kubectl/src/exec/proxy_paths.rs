//! The API server's `proxy` subresource paths: which pod or Service, on
//! which scheme and port, and the path left for the container
//! (`/api/v1/namespaces/NS/pods/ID/proxy/PATH`, ID being
//! `[SCHEME:]NAME[:PORT]` as apimachinery's `SplitSchemeNamePort` reads it).

/// One request for a pod's or a Service's `proxy` subresource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subresource {
    pub service: bool,
    pub namespace: String,
    /// The ID as written (`http:web:8080`).
    pub id: String,
    /// `http`, `https` or empty.
    pub scheme: String,
    pub name: String,
    /// A number, a port name, or empty.
    pub port: String,
    /// The path after `/proxy`; None when nothing follows it (the API
    /// server redirects to `/proxy/`).
    pub rest: Option<String>,
}

/// `utilnet.SplitSchemeNamePort`: `NAME`, `NAME:PORT` or
/// `SCHEME:NAME:PORT` (two parts are always a name and a port); the
/// scheme must be `http`, `https` or empty, and the name not empty.
pub fn split_scheme_name_port(id: &str) -> Option<(String, String, String)> {
    let parts: Vec<&str> = id.split(':').collect();
    let (scheme, name, port) = match parts.as_slice() {
        [name] => ("", *name, ""),
        [name, port] => ("", *name, *port),
        [scheme, name, port] => (*scheme, *name, *port),
        _ => return None,
    };
    (!name.is_empty() && matches!(scheme, "" | "http" | "https"))
        .then(|| (scheme.to_string(), name.to_string(), port.to_string()))
}

/// The subresource `path` asks for: None when it is no proxy path,
/// `Err` with the API server's message for an ID it cannot read.
pub fn subresource(path: &str) -> Option<Result<Subresource, String>> {
    let tail = path.strip_prefix("/api/v1/namespaces/")?;
    let mut parts = tail.splitn(5, '/');
    let (namespace, resource, id, proxy) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let service = match resource {
        "pods" => false,
        "services" => true,
        _ => return None,
    };
    if proxy != "proxy" || namespace.is_empty() || id.is_empty() {
        return None;
    }
    let rest = parts.next().map(|r| format!("/{r}"));
    Some(match split_scheme_name_port(id) {
        Some((scheme, name, port)) => Ok(Subresource {
            service,
            namespace: namespace.to_string(),
            id: id.to_string(),
            scheme,
            name,
            port,
            rest,
        }),
        None => Err(format!(
            "invalid {} request {}",
            if service { "service" } else { "pod" },
            crate::gofmt::quote(id)
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // apimachinery's TestSplitSchemeNamePort, as a table of our own.
    type Split<'a> = Option<(&'a str, &'a str, &'a str)>;

    #[test]
    fn scheme_name_port() {
        let cases: &[(&str, Split)] = &[
            ("aoeu:asdf", Some(("", "aoeu", "asdf"))),
            ("http:aoeu:asdf", Some(("http", "aoeu", "asdf"))),
            ("https:aoeu:", Some(("https", "aoeu", ""))),
            ("https:aoeu:asdf", Some(("https", "aoeu", "asdf"))),
            ("aoeu:", Some(("", "aoeu", ""))),
            ("aoeu", Some(("", "aoeu", ""))),
            // Two parts are a name and a port, even when the first is a scheme.
            ("http:web", Some(("", "http", "web"))),
            (":asdf", None),
            ("aoeu:asdf:htns", None),
            ("http::asdf", None),
            ("http::", None),
            ("", None),
            ("a:b:c:d", None),
        ];
        for (id, want) in cases {
            let got = split_scheme_name_port(id);
            let want = want.map(|(s, n, p)| (s.to_string(), n.to_string(), p.to_string()));
            assert_eq!(got, want, "{id:?}");
        }
    }

    #[test]
    fn proxy_paths() {
        let sub = |path: &str| {
            subresource(path)
                .map(|r| r.map(|s| (s.service, s.namespace, s.scheme, s.name, s.port, s.rest)))
        };
        let s = |x: &str| x.to_string();
        assert_eq!(
            sub("/api/v1/namespaces/default/pods/web:8080/proxy/"),
            Some(Ok((
                false,
                s("default"),
                s(""),
                s("web"),
                s("8080"),
                Some(s("/"))
            )))
        );
        assert_eq!(
            sub("/api/v1/namespaces/default/pods/web/proxy/a/b?c"),
            Some(Ok((
                false,
                s("default"),
                s(""),
                s("web"),
                s(""),
                Some(s("/a/b?c"))
            )))
        );
        // No trailing slash: the API server redirects.
        assert_eq!(
            sub("/api/v1/namespaces/default/pods/web:80/proxy"),
            Some(Ok((false, s("default"), s(""), s("web"), s("80"), None)))
        );
        assert_eq!(
            sub("/api/v1/namespaces/ns/services/https:web:443/proxy/"),
            Some(Ok((
                true,
                s("ns"),
                s("https"),
                s("web"),
                s("443"),
                Some(s("/"))
            )))
        );
        assert_eq!(
            sub("/api/v1/namespaces/ns/services/http:web:http/proxy/x"),
            Some(Ok((
                true,
                s("ns"),
                s("http"),
                s("web"),
                s("http"),
                Some(s("/x"))
            )))
        );
        assert_eq!(
            sub("/api/v1/namespaces/ns/services/ftp:web:21/proxy/"),
            Some(Err(s("invalid service request \"ftp:web:21\"")))
        );
        assert_eq!(
            sub("/api/v1/namespaces/ns/pods/a:b:c:d/proxy/"),
            Some(Err(s("invalid pod request \"a:b:c:d\"")))
        );
        for other in [
            "/api/v1/namespaces/default/pods/web",
            "/api/v1/namespaces/default/pods/web/log",
            "/api/v1/namespaces/default/deployments/web/proxy/",
            "/api/v1/pods",
            "/version",
        ] {
            assert_eq!(sub(other), None, "{other}");
        }
    }
}
