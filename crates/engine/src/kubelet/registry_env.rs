//! The `Env` of the catalogued images' configs (the Dockerfiles' `ENV`
//! lines, from the docker-library and nginx/docker-nginx repositories), in
//! the order the image config lists them: the base image's `PATH` first
//! (a later `ENV PATH` replaces it where it stands), then each `ENV` in
//! Dockerfile order.
//!
//! A value that follows the version (NGINX_VERSION, HTTPD_VERSION…) is
//! taken from the tag when the tag names one (`nginx:1.25` is the newest
//! 1.25 the catalog has); other tags run the version the catalog's newest
//! entry names (what `latest` stands for). Values that do not follow the
//! version (NJS_VERSION, checksums, the Debian release) are those of that
//! newest image for every tag: older images had other values there.
//! The exception is nginx 1.14.2, the Deployment pages' image, whose
//! whole env is its own.

use super::image::ImageRef;
use super::registry;

/// The base images' `PATH` (debian, ubuntu, alpine, busybox alike).
pub const DEFAULT_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// The image's own environment, or None for an image outside the table
/// (the runtime's defaults stand alone then).
pub fn image_env(image: &ImageRef) -> Option<Vec<(String, String)>> {
    let repo = image.repository();
    let tag = image.tag.clone().unwrap_or_else(|| "latest".to_string());
    let name = repo.strip_prefix("docker.io/library/").unwrap_or(&repo);
    let kv = |k: &str, v: &str| (k.to_string(), v.to_string());
    let path_only = || vec![kv("PATH", DEFAULT_PATH)];
    let env = match name {
        "busybox" | "alpine" | "ubuntu" | "debian" | "registry.k8s.io/busybox" => path_only(),
        "nginx" => nginx(&tag, &software_version(image)?),
        "httpd" => {
            let v = software_version(image)?;
            vec![
                kv("PATH", &format!("/usr/local/apache2/bin:{DEFAULT_PATH}")),
                kv("HTTPD_PREFIX", "/usr/local/apache2"),
                kv("HTTPD_VERSION", &v),
                kv(
                    "HTTPD_SHA256",
                    "88fc236ab99b2864b248de7d49a008ec2afd7551e64dce8b95f58f32f94c46ab",
                ),
                kv("HTTPD_PATCHES", ""),
            ]
        }
        "redis" => redis(&software_version(image)?),
        "postgres" => {
            let v = software_version(image)?;
            // Before 10, a major version had two parts (9.6).
            let parts: Vec<&str> = v.split('.').collect();
            let major =
                if parts.first().is_some_and(|m| m.len() == 1 && *m < "10") && parts.len() > 2 {
                    parts[..2].join(".")
                } else {
                    parts[0].to_string()
                };
            vec![
                kv(
                    "PATH",
                    &format!("{DEFAULT_PATH}:/usr/lib/postgresql/{major}/bin"),
                ),
                kv("GOSU_VERSION", "1.17"),
                kv("LANG", "en_US.utf8"),
                kv("PG_MAJOR", &major),
                kv("PG_VERSION", &format!("{v}-1.pgdg120+1")),
                kv("PGDATA", "/var/lib/postgresql/data"),
            ]
        }
        "mysql" => {
            // The Oracle Linux 9 images; 9.x is the innovation track.
            let v = software_version(image)?;
            let major = if v.starts_with(|c: char| c.is_ascii_digit() && c >= '9') {
                "innovation".to_string()
            } else {
                v.split('.').take(2).collect::<Vec<_>>().join(".")
            };
            vec![
                kv("PATH", DEFAULT_PATH),
                kv("GOSU_VERSION", "1.17"),
                kv("MYSQL_MAJOR", &major),
                kv("MYSQL_VERSION", &format!("{v}-1.el9")),
                kv("MYSQL_SHELL_VERSION", &format!("{v}-1.el9")),
            ]
        }
        _ => return None,
    };
    Some(env)
}

/// The release of the server an image of a versioned repository (nginx,
/// httpd, redis, postgres, mysql) runs, None for other images. It is the
/// one source of every place that names it (the env, `kubectl logs`'
/// start-up lines, the HTTP `Server` header and error pages), so they
/// agree: a full version as the tag names it, a shorter one as the newest
/// the catalog has under it, anything else (`latest`, `alpine`) the
/// newest of the repository (of its stable branch for nginx's `stable`).
pub fn software_version(image: &ImageRef) -> Option<String> {
    let repo = image.repository();
    let tag = image.tag.as_deref().unwrap_or("latest");
    let branch = match repo.strip_prefix("docker.io/library/")? {
        "nginx" => nginx_stable(tag),
        "httpd" | "redis" | "postgres" | "mysql" => None,
        _ => return None,
    };
    Some(version(&repo, tag, branch))
}

/// nginx's `stable` tags run the stable branch (1.28), the others mainline.
fn nginx_stable(tag: &str) -> Option<&'static str> {
    tag.starts_with("stable").then_some("1.28")
}

/// nginx 1.29.1's images: Debian bookworm (the default and `-perl`,
/// `-otel`, `-bookworm`), Alpine with njs, and Alpine without modules
/// (`-alpine-slim`).
fn nginx(tag: &str, v: &str) -> Vec<(String, String)> {
    let kv = |k: &str, v: &str| (k.to_string(), v.to_string());
    // The Deployment pages' 1.14.2 came before PKG_RELEASE: Debian
    // stretch's image pinned the package's whole version, and Alpine 3.8's
    // built from source with no njs.
    if v == "1.14.2" {
        return if tag.contains("alpine") {
            vec![kv("PATH", DEFAULT_PATH), kv("NGINX_VERSION", v)]
        } else {
            vec![
                kv("PATH", DEFAULT_PATH),
                kv("NGINX_VERSION", "1.14.2-1~stretch"),
                kv("NJS_VERSION", "1.14.2.0.2.6-1~stretch"),
            ]
        };
    }
    let mut env = vec![kv("PATH", DEFAULT_PATH), kv("NGINX_VERSION", v)];
    if tag.contains("alpine") {
        env.push(kv("PKG_RELEASE", "1"));
        env.push(kv("DYNPKG_RELEASE", "1"));
        if !tag.contains("slim") {
            env.push(kv("NJS_VERSION", "0.9.1"));
            env.push(kv("NJS_RELEASE", "1"));
        }
    } else {
        env.push(kv("NJS_VERSION", "0.9.1"));
        env.push(kv("NJS_RELEASE", "1~bookworm"));
        env.push(kv("PKG_RELEASE", "1~bookworm"));
        env.push(kv("DYNPKG_RELEASE", "1~bookworm"));
    }
    env
}

/// redis 8 (redis/docker-library-redis) builds from GitHub's tarball and
/// sets no REDIS_VERSION; redis 7 and before (docker-library/redis)
/// fetched gosu and download.redis.io's tarball.
fn redis(v: &str) -> Vec<(String, String)> {
    let kv = |k: &str, v: &str| (k.to_string(), v.to_string());
    let major: u32 = v
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(8);
    if major >= 8 {
        return vec![
            kv("PATH", DEFAULT_PATH),
            kv(
                "REDIS_DOWNLOAD_URL",
                &format!("https://github.com/redis/redis/archive/refs/tags/{v}.tar.gz"),
            ),
            kv(
                "REDIS_DOWNLOAD_SHA",
                "caf3c0069f06fc84c5153bd2a348b204c578de80490c73857bee01d9b5d7401f",
            ),
        ];
    }
    vec![
        kv("PATH", DEFAULT_PATH),
        kv("GOSU_VERSION", "1.17"),
        kv("REDIS_VERSION", v),
        kv(
            "REDIS_DOWNLOAD_URL",
            &format!("http://download.redis.io/releases/redis-{v}.tar.gz"),
        ),
    ]
}

/// The version a tag runs: its own when it names all three parts, the
/// newest the catalog has under a shorter one (`1.25`, `7`), else the
/// newest of `branch` (a named branch's tag) or of the repository.
fn version(repo: &str, tag: &str, branch: Option<&str>) -> String {
    let numeric = tag.split('-').next().unwrap_or("");
    let is_version = !numeric.is_empty()
        && numeric
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if is_version && numeric.split('.').count() >= 3 {
        return numeric.to_string();
    }
    let prefix = if is_version {
        numeric
    } else {
        branch.unwrap_or("")
    };
    newest(repo, prefix).unwrap_or_else(|| numeric.to_string())
}

/// The newest version the catalog lists for `repo` that is `prefix` or
/// starts with `prefix.` (any, when `prefix` is empty). A catalog entry
/// `1.27.0-5` stands for 1.27.0 to 1.27.5.
fn newest(repo: &str, prefix: &str) -> Option<String> {
    let r = registry::CATALOG.iter().find(|r| r.name == repo)?;
    r.tags.versions.iter().rev().find_map(|entry| {
        let full = match entry.rsplit_once('-') {
            Some((low, high)) => format!(
                "{}.{high}",
                low.rsplit_once('.').map_or(low, |(head, _)| head)
            ),
            None => entry.to_string(),
        };
        let fits = prefix.is_empty() || full == prefix || full.starts_with(&format!("{prefix}."));
        fits.then_some(full)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(image: &str) -> Vec<String> {
        let i = ImageRef::parse(image).expect("image");
        image_env(&i)
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect()
    }

    #[test]
    fn nginx_variants_and_versions() {
        let latest = env_of("nginx");
        assert_eq!(
            latest,
            [
                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                "NGINX_VERSION=1.29.1",
                "NJS_VERSION=0.9.1",
                "NJS_RELEASE=1~bookworm",
                "PKG_RELEASE=1~bookworm",
                "DYNPKG_RELEASE=1~bookworm",
            ]
        );
        let cases = [
            ("nginx:1.14.2", "NGINX_VERSION=1.14.2-1~stretch"),
            ("nginx:1.14", "NGINX_VERSION=1.14.2-1~stretch"),
            ("nginx:1.14.2-alpine", "NGINX_VERSION=1.14.2"),
            ("nginx:1.25", "NGINX_VERSION=1.25.5"),
            ("nginx:1.27.3-alpine", "NGINX_VERSION=1.27.3"),
            ("nginx:stable", "NGINX_VERSION=1.28.0"),
            ("nginx:alpine", "NGINX_VERSION=1.29.1"),
        ];
        for (image, want) in cases {
            assert_eq!(env_of(image)[1], want, "{image}");
        }
        assert_eq!(env_of("nginx:alpine-slim").len(), 4);
        assert_eq!(env_of("nginx:1.14.2")[2], "NJS_VERSION=1.14.2.0.2.6-1~stretch");
        assert_eq!(env_of("nginx:1.14.2").len(), 3);
        assert_eq!(env_of("nginx:1.14.2-alpine").len(), 2);
        assert_eq!(
            env_of("nginx:1.27.3-alpine")[2..],
            [
                "PKG_RELEASE=1",
                "DYNPKG_RELEASE=1",
                "NJS_VERSION=0.9.1",
                "NJS_RELEASE=1"
            ]
        );
    }

    /// Every tag form resolves as `docker pull` would fetch it; images
    /// outside the versioned repositories have no version.
    #[test]
    fn software_versions() {
        let cases = [
            ("nginx", Some("1.29.1")),
            ("nginx:latest", Some("1.29.1")),
            ("nginx:alpine-slim", Some("1.29.1")),
            ("nginx:1.14.2", Some("1.14.2")),
            ("nginx:1.14", Some("1.14.2")),
            ("nginx:1.25", Some("1.25.5")),
            ("nginx:1", Some("1.29.1")),
            ("nginx:1.27.3-alpine", Some("1.27.3")),
            ("nginx:stable", Some("1.28.0")),
            ("nginx:stable-alpine", Some("1.28.0")),
            ("docker.io/library/nginx:1.14.2", Some("1.14.2")),
            ("httpd", Some("2.4.63")),
            ("httpd:2.4", Some("2.4.63")),
            ("httpd:2.4.57-alpine", Some("2.4.57")),
            ("redis", Some("8.0.2")),
            ("redis:7", Some("7.4.2")),
            ("redis:6.0.5", Some("6.0.5")),
            ("busybox:1.28", None),
            ("registry.k8s.io/nginx-slim:0.8", None),
            ("myapp:v1", None),
        ];
        for (image, want) in cases {
            let i = ImageRef::parse(image).expect("image");
            assert_eq!(software_version(&i).as_deref(), want, "{image}");
        }
    }

    #[test]
    fn other_images() {
        assert_eq!(
            env_of("busybox:1.28"),
            ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]
        );
        assert_eq!(
            env_of("redis")[1],
            "REDIS_DOWNLOAD_URL=https://github.com/redis/redis/archive/refs/tags/8.0.2.tar.gz"
        );
        assert_eq!(
            env_of("redis:7.4.2")[1..3],
            ["GOSU_VERSION=1.17", "REDIS_VERSION=7.4.2"]
        );
        assert_eq!(env_of("httpd:2.4")[0], "PATH=/usr/local/apache2/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
        assert_eq!(env_of("httpd:2.4")[2], "HTTPD_VERSION=2.4.63");
        assert_eq!(env_of("postgres")[4], "PG_VERSION=17.2-1.pgdg120+1");
        assert_eq!(
            env_of("mysql")[2..],
            [
                "MYSQL_MAJOR=innovation",
                "MYSQL_VERSION=9.1.0-1.el9",
                "MYSQL_SHELL_VERSION=9.1.0-1.el9"
            ]
        );
        assert_eq!(env_of("mysql:8.0.40")[2], "MYSQL_MAJOR=8.0");
        assert!(env_of("myapp:v1").is_empty());
    }
}
