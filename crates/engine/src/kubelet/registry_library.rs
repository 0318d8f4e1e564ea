//! Docker Hub's official images: the closed set of repositories under
//! `docker.io/library/`, which is what a one-word image name means. A name
//! outside it is a repository Docker Hub does not have, and its token
//! service refuses an anonymous pull of it, so containerd reports "pull
//! access denied" (a typo such as `nginxx`, or an image built locally and
//! never pushed). Every other repository stays assumed to exist.
//!
//! The names are the files of docker-library/official-images' `library/`
//! directory, current and retired: a retired image (`centos`, `java`,
//! `jenkins`, `openjdk`) stays on Docker Hub, deprecated but pullable.

use super::image::ImageRef;

/// Sorted, one space between names (a test keeps it so): a few KB in the
/// page, searched only when a pull starts.
const OFFICIAL: &str = "adminer adoptopenjdk aerospike almalinux alpine alt amazoncorretto amazonlinux api-firewall \
arangodb archlinux backdrop bash bonita buildpack-deps busybox caddy cassandra celery centos chronograf cirros \
clearlinux clefos clickhouse clojure composer consul convertigo couchbase couchdb crate crux dart debian django \
docker docker-dev drupal eclipse-mosquitto eclipse-temurin eggdrop elasticsearch elixir emqx erlang euleros \
express-gateway fedora flink fluentd friendica fsharp gazebo gcc geonetwork ghost glassfish golang gradle groovy \
haproxy haskell haxe hello-seattle hello-world hipache hitch httpd hylang ibm-semeru-runtimes ibmjava influxdb \
iojs irssi java jenkins jetty jobber joomla jruby julia kaazing-gateway kapacitor kibana known kong krakend \
lightstreamer liquibase logstash mageia mariadb matomo maven mediawiki memcached mongo mongo-express monica mono \
mysql nats nats-streaming neo4j neurodebian nextcloud nginx node notary nuxeo odoo open-liberty openjdk opensuse \
oraclelinux orientdb owncloud percona perl photon php php-zendserver phpmyadmin piwik plone postfixadmin \
postgres pypy python r-base rabbitmq rails rakudo-star rapidoid redis redmine registry rethinkdb rocket.chat \
rockylinux ros ruby rust sapmachine satosa sentry silverpeas sl solr sonarqube sourcemage spark spiped storm \
swarm swift swipl teamspeak telegraf thrift tomcat tomee traefik ubuntu ubuntu-core ubuntu-debootstrap \
ubuntu-upstart unit varnish vault websphere-liberty wordpress xwiki yourls znc zookeeper";

/// Whether `name` (`nginx`, not `library/nginx`) is an official image.
pub fn is_official(name: &str) -> bool {
    OFFICIAL.split(' ').any(|n| n == name)
}

/// Whether the image names a repository under Docker Hub's `library/`
/// that is not an official image: `nginxx`, `library/nginxx`,
/// `docker.io/library/nginxx:1.0`, `index.docker.io/library/nginxx`, and
/// anything nested deeper (`library/nginx/extra`), which the namespace
/// never holds.
pub fn missing_official(image: &ImageRef) -> bool {
    image.domain == "docker.io" && image.path.strip_prefix("library/").is_some_and(|name| !is_official(name))
}

/// containerd's error for such a pull, as the kubelet's `Failed to pull
/// image` event and ErrImagePull message show it. containerd 2.0 (kind's
/// v1.32 node) asks Docker Hub for an anonymous pull token, is refused
/// with `insufficient_scope`, and reports it as an authorization failure
/// (core/remotes/docker/authorizer.go `invalidAuthorization`, wrapped by
/// resolver.go); the error carries no errdefs class, so the CRI returns
/// gRPC code Unknown, which the kubelet's CRI client strips
/// (k8s.io/cri-client remote_image.go `pullImageV1`).
pub fn access_denied_message(image: &ImageRef) -> String {
    let r = image.normalized();
    format!(
        "failed to pull and unpack image \"{r}\": failed to resolve reference \"{r}\": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        let names: Vec<&str> = OFFICIAL.split(' ').collect();
        assert!(names.iter().all(|n| !n.is_empty()), "one space between names");
        assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
        // Every name is a valid one-component repository name.
        for n in &names {
            assert!(ImageRef::parse(n).is_ok(), "{n}");
        }
    }

    // Spellings that all name Docker Hub's library namespace
    // (distribution/reference's splitDockerDomain: no registry host,
    // `index.docker.io` is `docker.io`, one component is under `library/`).
    #[test]
    fn library_spellings() {
        for (image, missing) in [
            ("nginxx", true),
            ("nginxx:1.0", true),
            ("library/nginxx", true),
            ("docker.io/nginxx", true),
            ("docker.io/library/nginxx:1.0", true),
            ("index.docker.io/library/nginxx", true),
            ("busyboxx", true),
            ("ngnix", true),
            ("library/nginx/extra", true),
            // Not a repository: scratch is the empty base of Dockerfiles.
            ("scratch", true),
            ("nginx", false),
            ("library/nginx:1.25", false),
            ("docker.io/library/busybox", false),
            ("index.docker.io/httpd", false),
            ("traefik:v3.2", false),
            ("rocket.chat", false),
            ("eclipse-mosquitto:2", false),
            // A user's repositories and other registries are not judged.
            ("bitnami/nginx", false),
            ("myuser/app", false),
            ("docker.io/myuser/app", false),
            ("quay.io/library/nginxx", false),
            ("localhost:5000/nginxx", false),
            ("registry.k8s.io/nginxx", false),
        ] {
            let r = ImageRef::parse(image).expect("valid name");
            assert_eq!(missing_official(&r), missing, "{image}");
        }
    }

    // The full text kind v1.32 prints (containerd 2.0, the kubelet
    // stripping the Unknown code), as reported from kind and minikube
    // clusters for images that were never pushed.
    #[test]
    fn message_is_containerds() {
        let r = ImageRef::parse("nginxx").expect("valid name");
        assert_eq!(
            access_denied_message(&r),
            "failed to pull and unpack image \"docker.io/library/nginxx:latest\": failed to resolve reference \"docker.io/library/nginxx:latest\": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed"
        );
        let pinned = format!("nginxx@sha256:{}", "a".repeat(64));
        let r = ImageRef::parse(&pinned).expect("valid name");
        assert!(access_denied_message(&r).starts_with(&format!("failed to pull and unpack image \"docker.io/library/{pinned}\"")));
    }
}
