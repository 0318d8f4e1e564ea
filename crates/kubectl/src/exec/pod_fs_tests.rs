//! End-to-end checks of the file programs through `kubectl exec`.

use super::super::{execute, Io, Output};
use kubeplay_engine::Engine;

const PODS: &str = r#"
apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data: {special.how: very, special.type: charm}
---
apiVersion: v1
kind: Pod
metadata:
  name: p
  labels: {zone: us-est-coast, cluster: test-cluster1}
spec:
  containers:
  - name: p
    image: busybox
    command: [sleep, "3600"]
    volumeMounts:
    - {name: c, mountPath: /etc/config}
    - {name: podinfo, mountPath: /etc/podinfo}
    - {name: cache, mountPath: /cache}
  volumes:
  - name: c
    configMap: {name: cfg}
  - name: cache
    emptyDir: {}
  - name: podinfo
    downwardAPI:
      items:
      - {path: labels, fieldRef: {fieldPath: metadata.labels}}
---
apiVersion: v1
kind: Pod
metadata: {name: n}
spec:
  containers: [{name: n, image: nginx}]
"#;

fn cluster() -> Engine {
    let mut e = Engine::with_default_cluster(7);
    for o in kubeplay_codec::decode_manifests(PODS).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e.advance(30_000);
    e
}

fn kubectl(e: &mut Engine, line: &str) -> Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, Io::default()).unwrap_or_default(),
        other => panic!("{line}: {other:?}"),
    }
}

/// (command line, stdout, stderr): busybox's and GNU's wordings, the
/// shells' redirection errors, the atomic writer's layout.
#[test]
fn programs_answer_as_the_image_s_tools() {
    let mut e = cluster();
    kubectl(&mut e, "kubectl run n --image=nginx");
    e.advance(30_000);
    let cases: &[(&str, &str, &str)] = &[
        ("kubectl exec p -- cat /etc/config/special.how", "very", ""),
        ("kubectl exec p -- ls /etc/config", "special.how\nspecial.type\n", ""),
        ("kubectl exec p -- ls -A /etc/config/..data", "special.how\nspecial.type\n", ""),
        ("kubectl exec p -- cat /etc/podinfo/labels", "cluster=\"test-cluster1\"\nzone=\"us-est-coast\"", ""),
        ("kubectl exec p -- cat /x", "", "cat: can't open '/x': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- cat /x", "", "cat: /x: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- cat /tmp", "", "cat: read error: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- cat /tmp", "", "cat: /tmp: Is a directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- ls /x", "", "ls: cannot access '/x': No such file or directory\ncommand terminated with exit code 2\n"),
        ("kubectl exec p -- mkdir /tmp", "", "mkdir: can't create directory '/tmp': File exists\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- mkdir /tmp", "", "mkdir: cannot create directory '/tmp': File exists\ncommand terminated with exit code 1\n"),
        ("kubectl exec n -- rm /x", "", "rm: cannot remove '/x': No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- rm -f /x", "", ""),
        ("kubectl exec p -- sh -c 'echo x > /etc/config/y'", "", "sh: can't create /etc/config/y: Read-only file system\ncommand terminated with exit code 2\n"),
        ("kubectl exec n -- sh -c 'echo x > /etc/nope/y'", "", "sh: 1: cannot create /etc/nope/y: Directory nonexistent\ncommand terminated with exit code 2\n"),
        ("kubectl exec n -- bash -c 'cat < /nope'", "", "bash: line 1: /nope: No such file or directory\ncommand terminated with exit code 1\n"),
        ("kubectl exec p -- sh -c 'echo \"$(hostname)\" > /cache/h; echo b >> /cache/h; cat /cache/h'", "p\nb\n", ""),
        ("kubectl exec p -- sh -c 'echo '\"'\"'$(hostname)'\"'\"' $HOSTNAME'", "$(hostname) p\n", ""),
        ("kubectl exec p -- sh -c 'wc -l < /cache/h; head -n 1 /cache/h; tail -n 1 /cache/h'", "2\np\nb\n", ""),
        ("kubectl exec p -- sh -c 'test -f /cache/h && [ -d /cache ] && echo ok'", "ok\n", ""),
        ("kubectl exec p -- sh -c 'cat /nope 2>/dev/null || echo gone'", "gone\n", ""),
        ("kubectl exec p -- sh -c 'cat /nope > /cache/out 2>&1; cat /cache/out'", "cat: can't open '/nope': No such file or directory\n", ""),
        ("kubectl exec n -- sh -c 'echo hi > /usr/share/nginx/html/index.html' ", "", ""),
        ("kubectl exec n -- curl -s http://localhost/", "hi\n", ""),
        ("kubectl exec p -- ls -l /etc/passwd", "", "error: (playground) the playground does not know what /etc/passwd holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec\n"),
    ];
    for (line, stdout, stderr) in cases {
        let o = kubectl(&mut e, line);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), (*stdout, *stderr), "{line}");
    }
}

/// A container's layer goes with the container; the emptyDir stays.
#[test]
fn writes_last_as_long_as_their_storage() {
    let mut e = cluster();
    kubectl(&mut e, "kubectl exec p -- sh -c 'echo a > /tmp/a; echo c > /cache/c'");
    assert_eq!(kubectl(&mut e, "kubectl exec p -- cat /tmp/a").stdout, "a\n");
    e.sim_pod_kill("default", "p", None).expect("kill");
    e.advance(30_000);
    assert_eq!(kubectl(&mut e, "kubectl exec p -- cat /cache/c").stdout, "c\n");
    assert!(kubectl(&mut e, "kubectl exec p -- cat /tmp/a").stderr.starts_with("cat: can't open '/tmp/a'"));
}
