//! The ports an nginx container listens on when a ConfigMap replaces its
//! configuration. The image's /etc/nginx/nginx.conf includes
//! /etc/nginx/conf.d/*.conf, whose default.conf listens on 80; a ConfigMap
//! mounted over the directory replaces default.conf, and one mounted over
//! nginx.conf (with subPath) replaces the main file, so the `listen`
//! directives of what is mounted decide (nginx's ngx_http_core_module:
//! `listen` takes `port`, `address:port` or `[v6]:port`).

use super::image::ImageRef;
use kubeplay_apiserver::Store;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::{Kind, Object};
use std::collections::BTreeMap;

const MAIN: &str = "/etc/nginx/nginx.conf";
const CONF_D: &str = "/etc/nginx/conf.d";

/// The ports from the mounted configuration, or None when the container is
/// no nginx or mounts none from a ConfigMap (the image's own port stands).
pub fn listen_ports(store: &Store, pod: &Pod, c: &Container) -> Option<Vec<i32>> {
    let repo = ImageRef::parse(c.image.as_deref()?).ok()?.repository();
    if repo != "docker.io/library/nginx" {
        return None;
    }
    let data = |volume: &str| -> Option<&BTreeMap<String, String>> {
        let v = pod.spec.volumes.iter().find(|v| &*v.name == volume)?;
        let name = v.config_map.as_ref()?.name.as_deref()?;
        match store.get_by(Kind::ConfigMap, &pod.metadata.namespace, name).map(|o| &**o) {
            Some(Object::ConfigMap(cm)) => Some(&cm.data),
            _ => None,
        }
    };
    let mut main: Option<&str> = None;
    let mut conf_d: Option<Vec<&str>> = None;
    for m in &c.volume_mounts {
        match m.mount_path.trim_end_matches('/') {
            MAIN => main = m.sub_path.as_deref().and_then(|k| data(&m.name)?.get(k)).map(String::as_str).or(main),
            CONF_D => conf_d = data(&m.name).map(|d| d.iter().filter(|(k, _)| k.ends_with(".conf")).map(|(_, v)| v.as_str()).collect()).or(conf_d),
            _ => {}
        }
    }
    if main.is_none() && conf_d.is_none() {
        return None;
    }
    let included = main.is_none_or(|text| text.contains(CONF_D));
    let mut ports = main.map(listens).unwrap_or_default();
    if included {
        match conf_d {
            Some(files) => ports.extend(files.into_iter().flat_map(listens)),
            None => ports.push(80),
        }
    }
    ports.sort_unstable();
    ports.dedup();
    Some(ports)
}

/// The ports of a configuration's `listen` directives; a server block
/// without one listens on 80.
fn listens(text: &str) -> Vec<i32> {
    let code: String = text.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut ports = Vec::new();
    let mut words = code.split(|c: char| c.is_whitespace() || c == ';' || c == '{' || c == '}').filter(|w| !w.is_empty());
    while let Some(w) = words.next() {
        if w != "listen" {
            continue;
        }
        let Some(target) = words.next() else { break };
        let port = target.rsplit_once(':').map_or(target, |(_, p)| p);
        if let Ok(p) = port.parse::<i32>() {
            ports.push(p);
        }
    }
    if ports.is_empty() && code.split_whitespace().any(|w| w == "server" || w.starts_with("server{")) {
        ports.push(80);
    }
    ports
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listen_forms() {
        // The forms nginx documents for `listen`.
        assert_eq!(listens("server {\n  listen 9000;\n}"), vec![9000]);
        assert_eq!(listens("server { listen 127.0.0.1:8080; listen [::]:8081 default_server; }"), vec![8080, 8081]);
        assert_eq!(listens("server { # listen 1;\n server_name x; }"), vec![80]);
        assert_eq!(listens("events {}"), Vec::<i32>::new());
    }
}

#[cfg(test)]
mod mount_tests {
    use super::*;
    use crate::testing::store_with;
    use kubeplay_model::api::*;
    use kubeplay_model::ObjectMeta;

    #[test]
    fn mounted_configuration_decides() {
        let cm = Object::ConfigMap(Box::new(ConfigMap {
            metadata: ObjectMeta { name: "conf".into(), namespace: "default".into(), ..Default::default() },
            data: [
                ("nginx.conf".to_string(), "events {}\nhttp { server { listen 9000; } }\n".to_string()),
                ("default.conf".to_string(), "server { listen 7000; }\n".to_string()),
            ]
            .into(),
            ..Default::default()
        }));
        let conf_d = Object::ConfigMap(Box::new(ConfigMap {
            metadata: ObjectMeta { name: "conf-d".into(), namespace: "default".into(), ..Default::default() },
            data: [("default.conf".to_string(), "server { listen 7000; }\n".to_string()), ("index.html".to_string(), "listen 1;".to_string())].into(),
            ..Default::default()
        }));
        let s = store_with(vec![cm, conf_d]);
        let mut pod = Pod::default();
        pod.metadata.namespace = "default".into();
        let vol = |name: &str, cm: &str| Volume { name: name.into(), config_map: Some(Box::new(ConfigMapVolumeSource { name: Some(cm.into()), ..Default::default() })), ..Default::default() };
        pod.spec_mut().volumes = vec![vol("config", "conf"), vol("conf-d", "conf-d")].into();
        let mount = |name: &str, path: &str, sub: Option<&str>| VolumeMount { name: name.into(), mount_path: path.into(), sub_path: sub.map(str::to_string), ..Default::default() };
        let mut c = Container { name: "nginx".into(), image: Some("nginx:alpine".into()), ..Default::default() };
        assert_eq!(listen_ports(&s, &pod, &c), None);
        // A main file without an include of conf.d leaves default.conf out.
        c.volume_mounts = vec![mount("config", "/etc/nginx/nginx.conf", Some("nginx.conf"))].into();
        assert_eq!(listen_ports(&s, &pod, &c), Some(vec![9000]));
        // conf.d's `*.conf` files only, in place of the image's default.conf.
        c.volume_mounts = vec![mount("conf-d", "/etc/nginx/conf.d", None)].into();
        assert_eq!(listen_ports(&s, &pod, &c), Some(vec![7000]));
        c.image = Some("httpd".into());
        assert_eq!(listen_ports(&s, &pod, &c), None);
    }
}
