//! The simulated image registry: popular repositories with the tags they
//! really publish and their (approximate, compressed linux/amd64) sizes.
//! A tag a catalogued repository does not publish fails to pull exactly as
//! Docker Hub's "not found" does; repositories outside the catalog are
//! assumed to exist, so users' own images pull fine, except one-word
//! names that are not Docker Hub official images (`registry_library.rs`)
//! and registry hosts no resolver knows (`registry_hosts.rs`).

use super::image::ImageRef;
use kubeplay_model::fnv::fnv1a;
use super::image::{per_image, PerImage};
use kubeplay_model::Atom;
use std::collections::BTreeMap;

/// What a repository's image runs when the pod gives no `command`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entrypoint {
    /// A server: listens on `ports` after `ready_ms`, runs until stopped.
    Server { ready_ms: i64 },
    /// A shell or REPL (`sh`, `bash`, `python3`, `node`, `perl`): exits 0
    /// at once without a terminal, runs forever with `stdin` + `tty`.
    Interactive,
    /// Prints something and exits (hello-world).
    Exits { ms: i64, code: i32 },
    /// A database that refuses to initialise without one of these
    /// variables (exit 1), and is a server after `ready_ms` otherwise.
    NeedsEnv { any_of: &'static [&'static str], ready_ms: i64 },
    /// agnhost: behaviour picked by its first argument.
    Agnhost,
    /// polinux/stress, vish/stress: load generators driven by arguments.
    Stress,
    /// A server whose health endpoint answers 200 for 10 s, then 500
    /// (the docs' HTTP liveness example).
    FailsAfter10s,
}

/// Tags a repository publishes: named tags, dotted versions (each
/// component a number or an inclusive `a-b` range; every prefix of a
/// version is a tag too, as `1` and `1.27` for `1.27.3`), each optionally
/// followed by one of the variant suffixes.
pub struct Tags {
    pub named: &'static [&'static str],
    pub prefix: &'static str,
    pub versions: &'static [&'static str],
    pub suffixes: &'static [&'static str],
}

pub struct Repo {
    pub name: &'static str,
    pub tags: Tags,
    /// Compressed size of the default variant, in bytes.
    pub size: i64,
    /// Sizes of variants whose tag contains the key (`alpine` → 20 MB).
    pub variant_sizes: &'static [(&'static str, i64)],
    pub entrypoint: Entrypoint,
    pub ports: &'static [i32],
    /// Memory a quiet instance uses, in bytes (`kubectl top`).
    pub idle_memory: i64,
    /// Exits promptly on SIGTERM (with code 0); otherwise, as PID 1 without
    /// a handler, it ignores SIGTERM and is killed when the grace period ends.
    pub handles_sigterm: bool,
    /// Uses busybox applets (error messages of `cat`, `ls`).
    pub busybox: bool,
}

const MI: i64 = 1024 * 1024;

const fn server(name: &'static str, tags: Tags, size: i64, ports: &'static [i32], idle_mi: i64, ready_ms: i64) -> Repo {
    Repo {
        name,
        tags,
        size,
        variant_sizes: &[],
        entrypoint: Entrypoint::Server { ready_ms },
        ports,
        idle_memory: idle_mi * MI,
        handles_sigterm: true,
        busybox: false,
    }
}

const fn interactive(name: &'static str, tags: Tags, size: i64, busybox: bool) -> Repo {
    Repo {
        name,
        tags,
        size,
        variant_sizes: &[],
        entrypoint: Entrypoint::Interactive,
        ports: &[],
        idle_memory: MI / 2,
        handles_sigterm: false,
        busybox,
    }
}

const fn t(named: &'static [&'static str], versions: &'static [&'static str], suffixes: &'static [&'static str]) -> Tags {
    Tags { named, prefix: "", versions, suffixes }
}

const fn tv(named: &'static [&'static str], versions: &'static [&'static str]) -> Tags {
    Tags { named, prefix: "v", versions, suffixes: &[] }
}

const DEBIAN_SUFFIXES: &[&str] = &["-bookworm", "-bullseye", "-buster", "-slim", "-slim-bookworm", "-slim-bullseye", "-alpine", "-alpine3.19", "-alpine3.20", "-alpine3.21"];

pub static CATALOG: &[Repo] = &[
    Repo {
        variant_sizes: &[("alpine-slim", 5_150_000), ("alpine", 20_500_000), ("perl", 80_300_000)],
        ..server(
            "docker.io/library/nginx",
            t(
                &["latest", "stable", "mainline", "alpine", "alpine-slim", "perl", "alpine-perl", "bookworm", "otel", "stable-alpine", "mainline-alpine", "stable-perl", "mainline-perl"],
                &[
                    "1.7.0-12", "1.8.0-1", "1.9.0-15", "1.10.0-3", "1.11.0-13", "1.12.0-2", "1.13.0-12", "1.14.0-2", "1.15.0-12", "1.16.0-1",
                    "1.17.0-10", "1.18.0", "1.19.0-10", "1.20.0-2", "1.21.0-6", "1.22.0-1", "1.23.0-4", "1.24.0", "1.25.0-5", "1.26.0-3",
                    "1.27.0-5", "1.28.0", "1.29.0-1",
                ],
                &["-alpine", "-alpine-slim", "-perl", "-alpine-perl", "-bookworm", "-otel", "-alpine-otel"],
            ),
            72_100_000,
            &[80],
            3,
            0,
        )
    },
    Repo {
        variant_sizes: &[("alpine", 22_000_000)],
        ..server("docker.io/library/httpd", t(&["latest", "alpine", "bookworm"], &["2.2.15-34", "2.4.0-63"], &["-alpine", "-bookworm", "-alpine3.21"]), 58_200_000, &[80], 8, 0)
    },
    Repo {
        variant_sizes: &[("alpine", 17_300_000)],
        ..server(
            "docker.io/library/redis",
            t(&["latest", "alpine", "bookworm"], &["3.0.0-7", "3.2.0-13", "4.0.0-14", "5.0.0-14", "6.0.0-20", "6.2.0-17", "7.0.0-15", "7.2.0-7", "7.4.0-2", "8.0.0-2"], &["-alpine", "-bookworm", "-alpine3.21"]),
            45_100_000,
            &[6379],
            3,
            0,
        )
    },
    Repo {
        variant_sizes: &[("alpine", 4_900_000)],
        ..server("docker.io/library/memcached", t(&["latest", "alpine", "bookworm"], &["1.4.0-39", "1.5.0-22", "1.6.0-34"], &["-alpine", "-bookworm"]), 32_400_000, &[11211], 2, 0)
    },
    Repo {
        variant_sizes: &[("alpine", 107_000_000)],
        entrypoint: Entrypoint::NeedsEnv { any_of: &["POSTGRES_PASSWORD", "POSTGRES_HOST_AUTH_METHOD"], ready_ms: 3_000 },
        ..server(
            "docker.io/library/postgres",
            t(&["latest", "alpine", "bookworm", "bullseye"], &["9.6.0-24", "10.0-23", "11.0-22", "12.0-22", "13.0-18", "14.0-15", "15.0-10", "16.0-6", "17.0-2"], &["-alpine", "-bookworm", "-bullseye", "-alpine3.20", "-alpine3.21"]),
            153_000_000,
            &[5432],
            22,
            0,
        )
    },
    Repo {
        entrypoint: Entrypoint::NeedsEnv { any_of: &["MYSQL_ROOT_PASSWORD", "MYSQL_ALLOW_EMPTY_PASSWORD", "MYSQL_RANDOM_ROOT_PASSWORD"], ready_ms: 15_000 },
        ..server(
            "docker.io/library/mysql",
            t(&["latest", "lts", "innovation", "oracle", "debian"], &["5.5.40-62", "5.6.17-51", "5.7.4-44", "8.0.0-40", "8.1.0", "8.2.0", "8.3.0", "8.4.0-3", "9.0.0-1", "9.1.0"], &["-oracle", "-debian", "-oraclelinux8", "-oraclelinux9"]),
            172_000_000,
            &[3306],
            350,
            0,
        )
    },
    Repo {
        entrypoint: Entrypoint::NeedsEnv {
            any_of: &["MARIADB_ROOT_PASSWORD", "MYSQL_ROOT_PASSWORD", "MARIADB_ALLOW_EMPTY_ROOT_PASSWORD", "MYSQL_ALLOW_EMPTY_PASSWORD", "MARIADB_RANDOM_ROOT_PASSWORD", "MYSQL_RANDOM_ROOT_PASSWORD", "MARIADB_ROOT_PASSWORD_HASH"],
            ready_ms: 8_000,
        },
        ..server("docker.io/library/mariadb", t(&["latest", "lts"], &["10.0-11.0-20", "11.0-7.0-9"], &["-jammy", "-noble", "-ubi"]), 120_000_000, &[3306], 80, 0)
    },
    server("docker.io/library/mongo", t(&["latest", "jammy", "noble"], &["3.0-6.0-30", "4.0-4.0-30", "5.0.0-30", "6.0.0-20", "7.0.0-16", "8.0.0-4"], &["-jammy", "-noble", "-focal"]), 260_000_000, &[27017], 70, 2_000),
    Repo {
        variant_sizes: &[("management", 110_000_000)],
        ..server(
            "docker.io/library/rabbitmq",
            t(&["latest", "management", "alpine", "management-alpine"], &["3.6-13.0-20", "4.0.0-5"], &["-management", "-alpine", "-management-alpine"]),
            95_000_000,
            &[5672, 15672],
            120,
            8_000,
        )
    },
    server("docker.io/library/wordpress", t(&["latest", "apache", "fpm", "fpm-alpine"], &["4.0-9.0-10", "5.0-9.0-12", "6.0-8.0-9"], &["-apache", "-fpm", "-fpm-alpine", "-php8.1-apache", "-php8.2-apache", "-php8.3-apache", "-php8.1", "-php8.2", "-php8.3"]), 250_000_000, &[80], 20, 1_000),
    Repo {
        variant_sizes: &[("musl", 880_000), ("uclibc", 760_000)],
        ..interactive(
            "docker.io/library/busybox",
            t(&["latest", "stable", "unstable", "musl", "glibc", "uclibc"], &["1.24.0-2", "1.25.0-1", "1.26.0-2", "1.27.0-2", "1.28.0-4", "1.29.0-3", "1.30.0-1", "1.31.0-1", "1.32.0-1", "1.33.0-1", "1.34.0-1", "1.35.0", "1.36.0-1", "1.37.0"], &["-musl", "-glibc", "-uclibc"]),
            2_160_000,
            true,
        )
    },
    interactive("registry.k8s.io/busybox", t(&["latest"], &["1.24", "1.27.0-2"], &[]), 675_000, true),
    interactive("docker.io/library/alpine", t(&["latest", "edge"], &["3.1-21.0-6"], &[]), 3_650_000, true),
    interactive(
        "docker.io/library/ubuntu",
        t(&["latest", "rolling", "devel", "trusty", "xenial", "bionic", "focal", "jammy", "noble", "oracular", "plucky"], &["12.04", "14.04", "16.04", "18.04", "20.04", "22.04", "22.10", "23.04", "23.10", "24.04", "24.10", "25.04"], &[]),
        29_750_000,
        false,
    ),
    Repo {
        variant_sizes: &[("slim", 28_200_000)],
        ..interactive(
            "docker.io/library/debian",
            t(&["latest", "stable", "oldstable", "testing", "unstable", "sid", "trixie", "bookworm", "bullseye", "buster", "stretch", "jessie", "bookworm-slim", "bullseye-slim", "buster-slim", "stable-slim"], &["7-13.0-11"], &["-slim"]),
            48_500_000,
            false,
        )
    },
    interactive("docker.io/library/centos", t(&["latest", "centos7", "centos8", "centos6"], &["5-8", "7.9.2009", "8.4.2105", "8.3.2011"], &[]), 75_100_000, false),
    Repo {
        variant_sizes: &[("slim", 38_500_000)],
        ..interactive(
            "docker.io/library/perl",
            t(&["latest", "slim", "threaded", "stable", "bookworm", "bullseye", "slim-bookworm"], &["5.8-40.0-9"], &["-slim", "-threaded", "-bookworm", "-bullseye", "-buster", "-slim-bookworm", "-slim-bullseye", "-slim-buster", "-threaded-bookworm"]),
            330_000_000,
            false,
        )
    },
    Repo {
        variant_sizes: &[("alpine", 19_300_000), ("slim", 45_000_000)],
        ..interactive("docker.io/library/python", t(&["latest", "alpine", "slim", "bookworm", "bullseye", "slim-bookworm"], &["2.7.0-18", "3.3-14.0-20"], DEBIAN_SUFFIXES), 390_000_000, false)
    },
    Repo {
        variant_sizes: &[("alpine", 48_000_000), ("slim", 72_000_000)],
        ..interactive(
            "docker.io/library/node",
            t(&["latest", "lts", "current", "alpine", "slim", "lts-alpine", "lts-slim", "current-alpine", "current-slim", "hydrogen", "iron", "jod", "bookworm", "bullseye"], &["0.10-12.0-48", "4-23.0-20.0-9"], DEBIAN_SUFFIXES),
            395_000_000,
            false,
        )
    },
    Repo {
        variant_sizes: &[("alpine", 80_000_000)],
        ..interactive("docker.io/library/golang", t(&["latest", "alpine", "bookworm", "bullseye"], &["1.2-24.0-12"], DEBIAN_SUFFIXES), 300_000_000, false)
    },
    Repo {
        entrypoint: Entrypoint::Exits { ms: 20, code: 0 },
        ..interactive("docker.io/library/hello-world", t(&["latest", "linux", "nanoserver"], &[], &[]), 3_208, false)
    },
    Repo { handles_sigterm: true, ..server("registry.k8s.io/pause", t(&["latest"], &["2.0", "3.0-10"], &[]), 320_000, &[], 0, 0) },
    server("registry.k8s.io/coredns/coredns", tv(&[], &["1.6.0-9", "1.7.0-1", "1.8.0-7", "1.9.0-4", "1.10.0-1", "1.11.0-4", "1.12.0"]), 18_600_000, &[53, 8080, 8181, 9153], 15, 0),
    Repo { entrypoint: Entrypoint::Agnhost, ..server("registry.k8s.io/e2e-test-images/agnhost", t(&[], &["2.10-53"], &[]), 51_400_000, &[], 10, 0) },
    server("registry.k8s.io/hpa-example", t(&["latest"], &[], &[]), 181_000_000, &[80], 10, 0),
    server("gcr.io/google-samples/hello-app", t(&["1.0", "2.0"], &[], &[]), 11_300_000, &[8080], 2, 0),
    server("us-docker.pkg.dev/google-samples/containers/gke/hello-app", t(&["1.0", "2.0"], &[], &[]), 11_300_000, &[8080], 2, 0),
    // The images kubernetes.io's tutorials pull. The bootcamp app's gcr.io
    // repository publishes only v1 (Kubernetes Basics' `v10` is the tag
    // that does not exist); its Docker Hub copy has v1 and v2.
    server("gcr.io/google-samples/kubernetes-bootcamp", t(&["v1"], &[], &[]), 79_900_000, &[8080], 12, 0),
    server("docker.io/jocatalin/kubernetes-bootcamp", t(&["v1", "v2"], &[], &[]), 79_900_000, &[8080], 12, 0),
    server("gcr.io/google-samples/node-hello", t(&["1.0"], &[], &[]), 254_000_000, &[8080], 12, 0),
    server("us-docker.pkg.dev/google-samples/containers/gke/gb-frontend", t(&["v4", "v5"], &[], &[]), 148_000_000, &[80], 20, 0),
    server("us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower", t(&["v1", "v2"], &[], &[]), 40_900_000, &[6379], 3, 0),
    server("registry.k8s.io/nginx-slim", t(&[], &["0.5-27"], &[]), 50_551_000, &[80, 443], 3, 0),
    server("registry.k8s.io/echoserver", t(&[], &["1.1-10"], &[]), 46_200_000, &[8080], 5, 0),
    server("docker.io/kicbase/echo-server", t(&["latest"], &["1.0"], &[]), 2_100_000, &[8080], 2, 0),
    server("registry.k8s.io/goproxy", t(&[], &["0.1"], &[]), 2_600_000, &[8080], 2, 0),
    Repo { entrypoint: Entrypoint::FailsAfter10s, ..server("registry.k8s.io/liveness", t(&["latest"], &[], &[]), 1_400_000, &[8080], 2, 0) },
    Repo { entrypoint: Entrypoint::Stress, ..server("docker.io/polinux/stress", t(&["latest"], &["1.0.4"], &[]), 4_000_000, &[], 1, 0) },
    Repo { entrypoint: Entrypoint::Stress, ..server("docker.io/vish/stress", t(&["latest"], &[], &[]), 1_900_000, &[], 1, 0) },
    // Preloaded on every kind node.
    server("registry.k8s.io/kube-apiserver", tv(&[], &["1.20-32.0-9"]), 28_300_000, &[6443], 250, 1_000),
    server("registry.k8s.io/kube-controller-manager", tv(&[], &["1.20-32.0-9"]), 26_200_000, &[10257], 50, 1_000),
    server("registry.k8s.io/kube-scheduler", tv(&[], &["1.20-32.0-9"]), 20_600_000, &[10259], 20, 1_000),
    server("registry.k8s.io/kube-proxy", tv(&[], &["1.20-32.0-9"]), 30_900_000, &[10256], 15, 0),
    server("registry.k8s.io/etcd", t(&[], &["3.4.13", "3.5.0-21"], &["-0"]), 57_700_000, &[2379], 40, 1_000),
    server("docker.io/kindest/kindnetd", t(&["v20241108-5c6d2daf", "v20241212-9f82dd49"], &[], &[]), 39_000_000, &[], 10, 0),
    server("docker.io/kindest/local-path-provisioner", t(&["v20241108-5c6d2daf", "v20241212-8ac705d0"], &[], &[]), 22_500_000, &[], 8, 0),
    server("docker.io/kindest/local-path-helper", t(&["v20241108-5c6d2daf", "v20241212-8ac705d0"], &[], &[]), 3_100_000, &[], 1, 0),
    // "Connecting Applications with Services"' client: a 2014 busybox
    // with curl added, whose command is sh.
    interactive("docker.io/radial/busyboxplus", t(&["latest", "base", "curl", "git"], &[], &[]), 4_230_000, true),
    // The stateful tutorials' images: ZooKeeper 3.4.10 on Ubuntu 16.04
    // (its server listens once the JVM is up), and Cassandra 3.11 on
    // debian-base, whose JVM takes about half a minute to join the ring.
    // Its command runs under Ubuntu 16.04's dash, which stays PID 1 (no
    // exec of a -c script's last command before dash 0.5.11) and, with no
    // handler, ignores SIGTERM.
    Repo { handles_sigterm: false, ..server("registry.k8s.io/kubernetes-zookeeper", t(&["1.0-3.4.10"], &[], &[]), 116_000_000, &[2181, 2888, 3888], 120, 5_000) },
    server("gcr.io/google-samples/cassandra", t(&["v11", "v12", "v13", "v14"], &[], &[]), 151_000_000, &[7000, 7001, 7199, 9042], 450, 30_000),
    // The CKAD crash course's probe app: node:12 (Debian buster) with one
    // index.js.
    server("docker.io/bmuschko/nodejs-hello-world", t(&["1.0.0"], &[], &[]), 335_000_000, &[3000], 10, 0),
];

/// The images every kind node (v1.32) ships with, so system pods start
/// without pulling.
pub const PRELOADED: &[&str] = &[
    "registry.k8s.io/kube-apiserver:v1.32.0",
    "registry.k8s.io/kube-controller-manager:v1.32.0",
    "registry.k8s.io/kube-scheduler:v1.32.0",
    "registry.k8s.io/kube-proxy:v1.32.0",
    "registry.k8s.io/etcd:3.5.16-0",
    "registry.k8s.io/coredns/coredns:v1.11.3",
    "registry.k8s.io/pause:3.10",
    "docker.io/kindest/kindnetd:v20241108-5c6d2daf",
    "docker.io/kindest/local-path-provisioner:v20241108-5c6d2daf",
    "docker.io/kindest/local-path-helper:v20241108-5c6d2daf",
];

/// Size of images from repositories outside the catalog (their real size
/// is unknown): a typical application image.
pub const UNKNOWN_IMAGE_SIZE: i64 = 50_000_000;

pub fn lookup(image: &ImageRef) -> Option<&'static Repo> {
    let repo = image.repository();
    CATALOG.iter().find(|r| r.name == repo)
}

impl Tags {
    /// Whether the repository publishes `tag`.
    pub fn has(&self, tag: &str) -> bool {
        if self.named.contains(&tag) {
            return true;
        }
        let mut bases = vec![tag];
        for s in self.suffixes {
            if let Some(b) = tag.strip_suffix(s) {
                bases.push(b);
            }
        }
        bases.into_iter().any(|b| self.named.contains(&b) || self.version_matches(b))
    }

    fn version_matches(&self, tag: &str) -> bool {
        let Some(v) = tag.strip_prefix(self.prefix) else { return false };
        if v.is_empty() {
            return false;
        }
        let parts: Vec<&str> = v.split('.').collect();
        self.versions.iter().any(|pattern| {
            let pat: Vec<&str> = pattern.split('.').collect();
            parts.len() <= pat.len() && parts.iter().zip(&pat).all(|(p, range)| component_in(p, range))
        })
    }
}

/// `p` is a number within `range` ("7" or "0-12"), or equal to it when the
/// component is not numeric ("16-0" in etcd's `3.5.16-0`).
fn component_in(p: &str, range: &str) -> bool {
    if p == range {
        return true;
    }
    let num = |s: &str| -> Option<u32> { (!s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten() };
    let Some(n) = num(p) else { return false };
    // Leading zeros are not a published version ("1.07").
    if p.len() > 1 && p.starts_with('0') {
        return false;
    }
    match range.split_once('-') {
        Some((lo, hi)) => match (num(lo), num(hi)) {
            (Some(lo), Some(hi)) => (lo..=hi).contains(&n),
            _ => false,
        },
        None => num(range) == Some(n),
    }
}

impl Repo {
    /// Compressed size of a tag: the variant's size, varied by a few
    /// percent per tag so different versions are not identical.
    pub fn size_of(&self, tag: &str) -> i64 {
        let base = self.variant_sizes.iter().find(|(k, _)| tag.contains(k)).map(|(_, s)| *s).unwrap_or(self.size);
        let spread = base / 20;
        if spread == 0 {
            return base;
        }
        base - spread / 2 + (fnv1a(tag.as_bytes()) % spread as u64) as i64
    }
}

/// A started container's `imageID`, remembered
/// ([`super::image::per_image`]; every container start worked out four
/// hashes and formatted them): [`repo_digest`].
pub fn image_id(normalized: &str) -> Atom {
    thread_local! {
        static IDS: PerImage<Atom> = const { PerImage::new(BTreeMap::new()) };
    }
    per_image(&IDS, normalized, |normalized| Atom::from(repo_digest(normalized)))
}

/// The name containerd keeps a pulled image under by content: its
/// repository and the image's [`digest`] for a tagged name; a name pulled
/// by digest is already one (`docker.io/library/nginx@sha256:…`).
pub fn repo_digest(normalized: &str) -> String {
    if normalized.contains('@') {
        return normalized.to_string();
    }
    let repo = normalized.rsplit_once(':').filter(|(_, tag)| !tag.contains('/')).map_or(normalized, |(repo, _)| repo);
    format!("{repo}@{}", digest(normalized))
}

/// The image's content digest, stable for a given name.
pub fn digest(normalized: &str) -> String {
    let mut out = String::with_capacity(7 + 64);
    out.push_str("sha256:");
    for i in 0..4u8 {
        // fnv of "{i}/{normalized}", fed in pieces rather than formatted.
        let mut h = kubeplay_model::fnv::Fnv::new().bytes(&[b'0' + i, b'/']).bytes(normalized.as_bytes()).finish();
        let mut hex = [0u8; 16];
        for d in hex.iter_mut().rev() {
            *d = b"0123456789abcdef"[(h & 0xf) as usize];
            h >>= 4;
        }
        out.extend(hex.iter().map(|&b| char::from(b)));
    }
    out
}

/// What pulling an image will do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PullOutcome {
    Ok { size: i64 },
    NotFound,
}

/// What `sim image` declared of an image: nothing, that it exists (a
/// behaviour given for it, which is the user saying it was pushed), or
/// that it is missing (`sim image … missing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declared {
    Nothing,
    Exists,
    Missing,
}

/// Resolves an image against the catalog and what `sim image` declared.
pub fn resolve(image: &ImageRef, declared: Declared) -> PullOutcome {
    let library_gap = declared == Declared::Nothing && super::registry_library::missing_official(image);
    if declared == Declared::Missing || super::registry_hosts::unresolvable(image) || library_gap {
        return PullOutcome::NotFound;
    }
    match (lookup(image), image.effective_tag()) {
        (Some(repo), Some(tag)) if !repo.tags.has(tag) => PullOutcome::NotFound,
        (Some(repo), tag) => PullOutcome::Ok { size: repo.size_of(tag.unwrap_or("latest")) },
        (None, tag) => {
            // Unknown repositories: a typical size, varied per name.
            let spread = UNKNOWN_IMAGE_SIZE / 5;
            let name = format!("{}:{}", image.repository(), tag.unwrap_or(""));
            PullOutcome::Ok { size: UNKNOWN_IMAGE_SIZE - spread / 2 + (fnv1a(name.as_bytes()) % spread as u64) as i64 }
        }
    }
}

/// containerd's error for a tag the registry does not have, as the
/// kubelet's `Failed to pull image` event and ErrImagePull message show it.
/// A registry host that never resolves fails the lookup instead, and a
/// library repository Docker Hub does not have is refused.
pub fn not_found_message(image: &ImageRef) -> String {
    if super::registry_hosts::unresolvable(image) {
        return super::registry_hosts::no_such_host_message(image);
    }
    if super::registry_library::missing_official(image) {
        return super::registry_library::access_denied_message(image);
    }
    let r = image.normalized();
    format!("rpc error: code = NotFound desc = failed to pull and unpack image \"{r}\": failed to resolve reference \"{r}\": {r}: not found")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has(image: &str) -> bool {
        let r = ImageRef::parse(image).unwrap();
        matches!(resolve(&r, Declared::Nothing), PullOutcome::Ok { .. })
    }

    // Tags Docker Hub publishes (or does not) for the images the
    // Kubernetes docs use.
    #[test]
    fn real_tags_exist_and_typos_do_not() {
        for ok in [
            "nginx", "nginx:latest", "nginx:1.7.9", "nginx:1.9.1", "nginx:1.14.2", "nginx:1.16.1", "nginx:1.25", "nginx:1", "nginx:1.27.3-alpine",
            "nginx:stable-alpine", "nginx:alpine", "busybox", "busybox:1.28", "busybox:1.36.1", "alpine:3.20", "ubuntu:22.04", "perl:5.34.0",
            "python:3.12-slim", "node:20-alpine", "node:lts", "redis:7.2.4", "postgres:16", "mysql:8.0", "httpd:2.4",
            "registry.k8s.io/e2e-test-images/agnhost:2.40", "registry.k8s.io/coredns/coredns:v1.11.3", "k8s.gcr.io/hpa-example",
            "registry.k8s.io/busybox", "registry.k8s.io/etcd:3.5.16-0", "myorg/myapp:1.0", "quay.io/prometheus/prometheus:v2.55.0",
            // The tutorials' own images.
            "gcr.io/google-samples/kubernetes-bootcamp:v1", "jocatalin/kubernetes-bootcamp:v2", "docker.io/jocatalin/kubernetes-bootcamp:v1",
            "gcr.io/google-samples/hello-app:2.0", "gcr.io/google-samples/node-hello:1.0", "registry.k8s.io/nginx-slim:0.21",
            "k8s.gcr.io/nginx-slim:0.8", "us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5",
            "us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower:v2", "registry.k8s.io/e2e-test-images/agnhost:2.53",
            // Official images outside the catalog, and users' repositories.
            "traefik:v3.2", "haproxy:3.0", "caddy", "rabbitmq:3-management", "memcached:1.6", "mongo-express", "bitnami/nginx:1.27",
            "docker.io/library/tomcat:10",
        ] {
            assert!(has(ok), "{ok} should pull");
        }
        for missing in ["nginx:1.91", "nginx:1.161", "nginx:1.7.13", "nginx:2.0", "nginx:1.14.3", "busybox:1.99", "ubuntu:22.05", "nginx:1.07.9", "redis:7.9.0", "nginx:laetst", "gcr.io/google-samples/kubernetes-bootcamp:v10", "gcr.io/google-samples/kubernetes-bootcamp:v2", "jocatalin/kubernetes-bootcamp:v10", "gcr.io/google-samples/hello-app:3.0", "gcr.io/google-samples/hello-app:1", "registry.k8s.io/nginx-slim:0.99", "nginxx", "busyboxx:1.36", "docker.io/library/nginxx:1.0", "library/ngnix"] {
            assert!(!has(missing), "{missing} should not exist");
        }
    }

    /// The catalog's Docker Hub library repositories are official images,
    /// so the library rule never refuses one of them.
    #[test]
    fn catalogued_library_repos_are_official() {
        for repo in CATALOG {
            if let Some(name) = repo.name.strip_prefix("docker.io/library/") {
                assert!(super::super::registry_library::is_official(name), "{name}");
            }
        }
    }

    // A repository Docker Hub lacks is refused, not "not found", and the
    // waiting message the back-off carries repeats that text.
    #[test]
    fn missing_library_repos_are_refused() {
        let r = ImageRef::parse("nginxx").unwrap();
        assert_eq!(resolve(&r, Declared::Nothing), PullOutcome::NotFound);
        assert!(not_found_message(&r).ends_with("pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed"));
        // A tag the official repository lacks stays "not found".
        assert!(not_found_message(&ImageRef::parse("nginx:1.91").unwrap()).ends_with(": not found"));
    }

    #[test]
    fn sizes_follow_the_variant() {
        let nginx = lookup(&ImageRef::parse("nginx").unwrap()).unwrap();
        let full = nginx.size_of("1.27.3");
        let alpine = nginx.size_of("1.27.3-alpine");
        assert!((68_000_000..76_000_000).contains(&full), "{full}");
        assert!((19_000_000..22_000_000).contains(&alpine), "{alpine}");
        assert_eq!(nginx.size_of("1.27.3"), full, "stable per tag");
    }

    #[test]
    fn not_found_message_matches_containerd() {
        let r = ImageRef::parse("nginx:1.91").unwrap();
        assert_eq!(
            not_found_message(&r),
            "rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:1.91\": failed to resolve reference \"docker.io/library/nginx:1.91\": docker.io/library/nginx:1.91: not found"
        );
    }

    #[test]
    fn digests_look_like_sha256() {
        let d = digest("docker.io/library/nginx:1.7.9");
        // Pieces fed in turn hash as the formatted whole did.
        let whole: String = (0..4).map(|i| format!("{:016x}", fnv1a(format!("{i}/docker.io/library/nginx:1.7.9").as_bytes()))).collect();
        assert_eq!(d, format!("sha256:{whole}"));
        assert_eq!(d.len(), 7 + 64);
        assert_ne!(d, digest("docker.io/library/nginx:1.9.1"));
    }

    /// A container's imageID names the repository without its tag, and
    /// the digest (containerd's `repo@sha256:…`); asked again, the
    /// remembered answer is the same.
    #[test]
    fn image_ids_are_the_repository_and_the_digest() {
        for (name, repo) in [
            ("docker.io/library/nginx:1.7.9", "docker.io/library/nginx"),
            ("localhost:5000/team/app:v2", "localhost:5000/team/app"),
            ("registry.k8s.io/pause:3.9", "registry.k8s.io/pause"),
        ] {
            let want = format!("{repo}@{}", digest(name));
            assert_eq!(image_id(name), want.as_str(), "{name}");
            assert_eq!(image_id(name), want.as_str(), "{name}, remembered");
        }
        // Pulled by digest, the name is its own repo digest: containerd
        // reports `docker.io/library/nginx@sha256:X`, the digest asked for.
        let pinned = format!("docker.io/library/nginx@sha256:{}", "ab".repeat(32));
        assert_eq!(image_id(&pinned), pinned.as_str());
    }
}
