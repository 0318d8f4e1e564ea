//! `sh /opt/monitor/monitor.sh`: a shell given a script file runs the
//! file's commands, not its (empty) standard input. When the file comes
//! from a ConfigMap the pod mounts, its text is known, so the process is
//! planned as `sh -c TEXT` would be.

use kubeplay_apiserver::Store;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::{Kind, Object};

/// The container with its script file's text in place of the file, or
/// None when it runs no shell on a file from a mounted ConfigMap.
pub fn inline(store: &Store, pod: &Pod, c: &Container) -> Option<Container> {
    let argv: Vec<&str> = c.command.iter().chain(&c.args).map(String::as_str).collect();
    let (&shell, rest) = argv.split_first()?;
    if !matches!(shell.rsplit('/').next(), Some("sh" | "bash" | "ash")) {
        return None;
    }
    // Options before the file (`sh -e file`); `-c` means no file.
    let at = rest.iter().position(|a| !a.starts_with('-'))?;
    if rest[..at].iter().any(|a| a.contains('c')) {
        return None;
    }
    let text = mounted_text(store, pod, c, rest[at])?;
    let mut inlined = c.clone();
    inlined.command = vec![shell.to_string(), "-c".to_string(), text];
    inlined.args = rest[at + 1..].iter().map(|a| a.to_string()).collect();
    Some(inlined)
}

/// The text of the file at `path` when a ConfigMap volume provides it:
/// mounted whole (its keys, or its `items`' paths, are the file names)
/// or one key through `subPath`.
fn mounted_text(store: &Store, pod: &Pod, c: &Container, path: &str) -> Option<String> {
    c.volume_mounts.iter().find_map(|m| {
        let base = m.mount_path.trim_end_matches('/');
        let key_path = match m.sub_path.as_deref().filter(|s| !s.is_empty()) {
            Some(sub) if path == base => sub.to_string(),
            Some(_) => return None,
            None => path.strip_prefix(base)?.strip_prefix('/')?.to_string(),
        };
        let volume = pod.spec.volumes.iter().find(|v| v.name == m.name)?;
        let source = volume.config_map.as_ref()?;
        let key = match source.items.as_ref().and_then(|i| i.as_array()) {
            Some(items) => items.iter().find(|i| i.get("path").and_then(|p| p.as_str()) == Some(key_path.as_str()))?.get("key")?.as_str()?.to_string(),
            None => key_path,
        };
        match store.get_by(Kind::ConfigMap, &pod.metadata.namespace, source.name.as_deref()?).map(|o| &**o) {
            Some(Object::ConfigMap(cm)) => cm.data.get(&key).cloned(),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::store_with;
    use kubeplay_model::api::*;
    use kubeplay_model::ObjectMeta;

    fn setup(mount: &str, sub_path: Option<&str>) -> (Store, Pod) {
        let cm = Object::ConfigMap(Box::new(ConfigMap {
            metadata: ObjectMeta { name: "monitor-agent-cm".into(), namespace: "default".into(), ..Default::default() },
            data: [("monitor.sh".to_string(), "while true; do sleep 15; done\n".to_string())].into(),
            ..Default::default()
        }));
        let mut pod = Pod::default();
        pod.metadata.namespace = "default".into();
        let vol = Volume { name: "script".into(), config_map: Some(Box::new(ConfigMapVolumeSource { name: Some("monitor-agent-cm".into()), ..Default::default() })), ..Default::default() };
        pod.spec_mut().volumes = vec![vol].into();
        let m = VolumeMount { name: "script".into(), mount_path: mount.into(), sub_path: sub_path.map(str::to_string), ..Default::default() };
        pod.spec_mut().containers = vec![Container { name: "c".into(), volume_mounts: vec![m].into(), ..Default::default() }].into();
        (store_with(vec![cm]), pod)
    }

    #[test]
    fn a_mounted_script_is_inlined() {
        let (s, pod) = setup("/opt/monitor", None);
        let mut c = pod.spec.containers[0].clone();
        c.command = vec!["/bin/sh".into(), "/opt/monitor/monitor.sh".into()];
        let inlined = inline(&s, &pod, &c).expect("inlined");
        assert_eq!(inlined.command, vec!["/bin/sh".to_string(), "-c".into(), "while true; do sleep 15; done\n".into()]);
        // `-c` code, other programs and files no ConfigMap provides stay.
        c.command = vec!["sh".into(), "-c".into(), "/opt/monitor/monitor.sh".into()];
        assert!(inline(&s, &pod, &c).is_none());
        c.command = vec!["python".into(), "/opt/monitor/monitor.sh".into()];
        assert!(inline(&s, &pod, &c).is_none());
        c.command = vec!["sh".into(), "/opt/other/monitor.sh".into()];
        assert!(inline(&s, &pod, &c).is_none());
        let (s, pod) = setup("/run.sh", Some("monitor.sh"));
        let mut c = pod.spec.containers[0].clone();
        c.command = vec!["bash".into(), "-e".into(), "/run.sh".into()];
        assert!(inline(&s, &pod, &c).is_some());
    }
}
