//! Which programs an image holds, for the images whose contents the
//! playground is sure of: the busybox images, Alpine and the official
//! images' `-alpine` variants, Debian and Ubuntu and the official images'
//! Debian variants where they add only their own programs to the base
//! (`-slim` for python and node, whose full images are buildpack-deps with
//! compilers, curl, git and procps, which are not judged). Each family's
//! base lists are data beside this module (`image_programs_alpine`,
//! `image_programs_debian`; busybox's in `start_error`), and what each
//! image adds comes from its Dockerfile in docker-library / nginxinc.
//! Any other image, or tag, is not judged: its programs are taken to exist.

use super::image::ImageRef;
use super::image_programs_alpine as alpine;
use super::image_programs_debian as debian;

/// The base an image is built on: what /bin holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Family {
    /// The official busybox image: busybox's applets, nothing else.
    #[default]
    Busybox,
    /// Alpine: its busybox's applets and the base packages.
    Alpine,
    /// Debian bookworm (or Ubuntu): the required packages.
    Debian,
}

/// What one judged image holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    pub family: Family,
    /// Programs the image adds to its base.
    pub added: &'static [&'static str],
    /// Prefixes of the names of programs it adds (`python3.12`, `pg_dump`).
    pub prefixes: &'static [&'static str],
    /// Files the image puts at the top of its root (nginx's entrypoint).
    pub root_files: &'static [&'static str],
    /// The image's ENTRYPOINT, when it has one: args alone are its
    /// arguments, and runc looks up the entrypoint, not them.
    pub entrypoint: Option<Entrypoint>,
}

/// An image's ENTRYPOINT script, which ends in `exec "$@"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrypoint {
    pub path: &'static str,
    /// The line of its `exec "$@"`, which dash and ash name when it fails;
    /// None when the playground does not know the script's text.
    pub exec_line: Option<u32>,
}

impl Contents {
    /// Whether `name` (a file name, no directory) is a program on the
    /// image's PATH.
    pub fn has(&self, name: &str) -> bool {
        if self.added.contains(&name) || self.prefixes.iter().any(|p| name.starts_with(p)) {
            return true;
        }
        match self.family {
            Family::Busybox => super::start_error::busybox_applet(name),
            Family::Alpine => alpine::has(name),
            Family::Debian => debian::has(name),
        }
    }

    /// What the entrypoint's shell prints when its `exec "$@"` finds no
    /// `name`: dash's `PATH: LINE: exec: NAME: not found`, busybox ash's
    /// `PATH: exec: line LINE: NAME: not found`. None when the image has no
    /// such entrypoint or its text is not known.
    pub fn entrypoint_exec_failure(&self, name: &str) -> Option<String> {
        let e = self.entrypoint?;
        let line = e.exec_line?;
        Some(match self.family {
            Family::Debian => format!("{}: {line}: exec: {name}: not found", e.path),
            Family::Alpine | Family::Busybox => {
                format!("{}: exec: line {line}: {name}: not found", e.path)
            }
        })
    }
}

const NGINX: &[&str] = &[
    "nginx",
    "nginx-debug",
    "envsubst",
    "curl",
    "njs",
    "docker-entrypoint.sh",
];
/// `-alpine-slim`: no modules and no curl.
const NGINX_SLIM: &[&str] = &["nginx", "nginx-debug", "envsubst", "docker-entrypoint.sh"];
const NGINX_ROOT: &[&str] = &["/docker-entrypoint.sh", "/docker-entrypoint.d"];
/// httpd's /usr/local/apache2/bin, on the image's PATH.
const HTTPD: &[&str] = &[
    "httpd",
    "httpd-foreground",
    "apachectl",
    "ab",
    "apxs",
    "checkgid",
    "dbmmanage",
    "envvars",
    "envvars-std",
    "fcgistarter",
    "htcacheclean",
    "htdbm",
    "htdigest",
    "htpasswd",
    "httxt2dbm",
    "logresolve",
    "rotatelogs",
];
const REDIS: &[&str] = &[
    "redis-server",
    "redis-cli",
    "redis-benchmark",
    "redis-check-aof",
    "redis-check-rdb",
    "redis-sentinel",
    "docker-entrypoint.sh",
    "gosu",
    "su-exec",
];
const MEMCACHED: &[&str] = &["memcached", "docker-entrypoint.sh"];
/// The server's bin directory (on PATH), postgresql-common's wrappers, the
/// entrypoint's helpers and the locale and compression tools it installs.
const POSTGRES: &[&str] = &[
    "postgres",
    "postmaster",
    "psql",
    "initdb",
    "createdb",
    "dropdb",
    "createuser",
    "dropuser",
    "clusterdb",
    "reindexdb",
    "vacuumdb",
    "vacuumlo",
    "oid2name",
    "ecpg",
    "docker-entrypoint.sh",
    "docker-ensure-initdb.sh",
    "gosu",
    "su-exec",
    "locale-gen",
    "xz",
    "unxz",
    "xzcat",
    "zstd",
    "unzstd",
    "zstdcat",
    "bash",
];
const POSTGRES_PREFIXES: &[&str] = &["pg_", "pgbench"];
const PYTHON: &[&str] = &["2to3", "wheel", "easy_install"];
const PYTHON_PREFIXES: &[&str] = &["python", "pip", "pydoc", "idle", "2to3-"];
const NODE: &[&str] = &[
    "node",
    "nodejs",
    "npm",
    "npx",
    "yarn",
    "yarnpkg",
    "corepack",
    "docker-entrypoint.sh",
];
const GO: &[&str] = &["go", "gofmt"];

/// The Debian and Ubuntu tags the playground is sure of (bookworm's and
/// bullseye's sets, Ubuntu 20.04 and later).
fn debian_tag(repo: &str, tag: &str) -> bool {
    match repo {
        "docker.io/library/debian" => {
            let release = tag.strip_suffix("-slim").unwrap_or(tag);
            matches!(
                release,
                "latest"
                    | "stable"
                    | "oldstable"
                    | "testing"
                    | "unstable"
                    | "sid"
                    | "trixie"
                    | "bookworm"
                    | "bullseye"
                    | "buster"
            ) || release
                .split('.')
                .next()
                .and_then(|m| m.parse::<u32>().ok())
                .is_some_and(|m| (10..=13).contains(&m))
        }
        _ => {
            matches!(
                tag,
                "latest"
                    | "rolling"
                    | "devel"
                    | "focal"
                    | "jammy"
                    | "noble"
                    | "oracular"
                    | "plucky"
            ) || tag
                .split('.')
                .next()
                .and_then(|m| m.parse::<u32>().ok())
                .is_some_and(|m| m >= 20)
        }
    }
}

/// nginx's entrypoint came with 1.19; its `exec "$@"` moved from line 38
/// to 47 when 1.25 began sourcing `*.envsh` files.
fn nginx_entrypoint(image: &ImageRef) -> Option<Entrypoint> {
    let version = super::registry_env::software_version(image)?;
    let mut parts = version.split(['.', '-']).map(|p| p.parse::<u32>().ok());
    let (major, minor) = (parts.next()??, parts.next()??);
    if (major, minor) < (1, 19) {
        return None;
    }
    Some(Entrypoint {
        path: "/docker-entrypoint.sh",
        exec_line: Some(if (major, minor) >= (1, 25) { 47 } else { 38 }),
    })
}

/// The contents of `image` when the playground is sure of them.
pub fn contents(image: &ImageRef) -> Option<Contents> {
    let repo = image.repository();
    if super::start_error::BUSYBOX_IMAGES.contains(&repo.as_str()) {
        return Some(Contents::default());
    }
    let tag = image.effective_tag().unwrap_or("latest");
    let family = if tag.contains("alpine") {
        Family::Alpine
    } else {
        Family::Debian
    };
    let script = |exec_line| {
        Some(Entrypoint {
            path: "/usr/local/bin/docker-entrypoint.sh",
            exec_line,
        })
    };
    let base = Contents {
        family,
        ..Contents::default()
    };
    Some(match repo.strip_prefix("docker.io/library/")? {
        "alpine" => Contents {
            family: Family::Alpine,
            ..base
        },
        "debian" | "ubuntu" if debian_tag(&repo, tag) => base,
        "nginx" => Contents {
            added: if tag.contains("alpine-slim") {
                NGINX_SLIM
            } else {
                NGINX
            },
            root_files: NGINX_ROOT,
            entrypoint: nginx_entrypoint(image),
            ..base
        },
        "httpd" => Contents {
            added: HTTPD,
            ..base
        },
        "redis" => Contents {
            added: REDIS,
            entrypoint: script(None),
            ..base
        },
        "memcached" => Contents {
            added: MEMCACHED,
            entrypoint: script(None),
            ..base
        },
        "postgres" => Contents {
            added: POSTGRES,
            prefixes: POSTGRES_PREFIXES,
            entrypoint: script(None),
            ..base
        },
        "python" if family == Family::Alpine || tag.contains("slim") => Contents {
            added: PYTHON,
            prefixes: PYTHON_PREFIXES,
            ..base
        },
        "node" if family == Family::Alpine || tag.contains("slim") => Contents {
            added: NODE,
            entrypoint: script(None),
            ..base
        },
        "golang" if family == Family::Alpine => Contents { added: GO, ..base },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Image × program: whether the image holds it (None: not judged).
    #[test]
    fn images_hold_their_base_and_what_they_add() {
        let cases: &[(&str, &str, Option<bool>)] = &[
            ("busybox", "sh", Some(true)),
            ("busybox", "bash", Some(false)),
            ("busybox:1.36", "wget", Some(true)),
            ("alpine", "sh", Some(true)),
            ("alpine:3.20", "apk", Some(true)),
            ("alpine", "bash", Some(false)),
            ("alpine", "curl", Some(false)),
            ("nginx", "nginx", Some(true)),
            ("nginx", "curl", Some(true)),
            ("nginx", "bash", Some(true)),
            ("nginx", "ps", Some(false)),
            ("nginx", "ping", Some(false)),
            ("nginx", "wget", Some(false)),
            ("nginx:alpine", "nginx", Some(true)),
            ("nginx:alpine", "curl", Some(true)),
            ("nginx:alpine", "ps", Some(true)),
            ("nginx:alpine", "bash", Some(false)),
            ("nginx:1.27-alpine-slim", "curl", Some(false)),
            ("httpd", "httpd-foreground", Some(true)),
            ("httpd:2.4", "apachectl", Some(true)),
            ("httpd", "curl", Some(false)),
            ("redis", "redis-cli", Some(true)),
            ("redis:7-alpine", "redis-server", Some(true)),
            ("redis", "nc", Some(false)),
            ("postgres:16", "pg_isready", Some(true)),
            ("postgres:16-alpine", "bash", Some(true)),
            ("postgres:16", "ping", Some(false)),
            ("python:3.12-slim", "python3.12", Some(true)),
            ("python:3.12-slim", "pip", Some(true)),
            ("python:3.12-alpine", "python", Some(true)),
            ("python:3.12-slim", "curl", Some(false)),
            ("node:20-alpine", "npm", Some(true)),
            ("node:20-slim", "ps", Some(false)),
            ("golang:1.22-alpine", "go", Some(true)),
            ("ubuntu:24.04", "bash", Some(true)),
            ("ubuntu", "ps", Some(false)),
            ("ubuntu:22.04", "ping", Some(false)),
            ("debian:bookworm-slim", "apt-get", Some(true)),
            ("debian", "curl", Some(false)),
            // Not sure of them: buildpack-deps images, old releases,
            // images outside the families.
            ("python:3.12", "curl", None),
            ("node:20", "git", None),
            ("golang:1.22", "go", None),
            ("ubuntu:16.04", "ps", None),
            ("debian:jessie", "ps", None),
            ("mysql:8.0", "mysql", None),
            ("myorg/myapp:1.0", "anything", None),
            ("registry.k8s.io/e2e-test-images/agnhost:2.40", "sh", None),
        ];
        for (image, program, want) in cases {
            let got = contents(&ImageRef::parse(image).unwrap()).map(|c| c.has(program));
            assert_eq!(got, *want, "{image} {program}");
        }
    }

    #[test]
    fn entrypoints_and_their_exec_failures() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "nginx",
                Some("/docker-entrypoint.sh: 47: exec: foo: not found"),
            ),
            (
                "nginx:1.25.3",
                Some("/docker-entrypoint.sh: 47: exec: foo: not found"),
            ),
            (
                "nginx:1.21",
                Some("/docker-entrypoint.sh: 38: exec: foo: not found"),
            ),
            (
                "nginx:1.27-alpine",
                Some("/docker-entrypoint.sh: exec: line 47: foo: not found"),
            ),
            (
                "nginx:1.23.4-alpine",
                Some("/docker-entrypoint.sh: exec: line 38: foo: not found"),
            ),
            // Before 1.19 nginx had no entrypoint: runc looks the args up.
            ("nginx:1.14.2", None),
            ("redis", None),
            ("busybox", None),
        ];
        for (image, want) in cases {
            let c = contents(&ImageRef::parse(image).unwrap()).unwrap();
            assert_eq!(
                c.entrypoint_exec_failure("foo").as_deref(),
                *want,
                "{image}"
            );
        }
        let c = |i: &str| {
            contents(&ImageRef::parse(i).unwrap())
                .unwrap()
                .entrypoint
                .is_some()
        };
        assert!(c("redis") && c("postgres") && c("node:20-alpine") && c("nginx:1.19"));
        assert!(
            !c("nginx:1.18")
                && !c("httpd")
                && !c("python:3.12-slim")
                && !c("alpine")
                && !c("ubuntu")
        );
    }
}
