//! `/proc/mounts` inside a container (and `/proc/self/mounts`,
//! `/proc/1/mounts`, the same table): what containerd and runc mounted
//! for the kubelet on a kind node. The root is the image's overlay; then
//! the kernel file systems runc sets up; then the CRI's mounts, which
//! containerd orders by how deep their path is (stable otherwise): the
//! kubelet's /etc/hosts, termination log, hostname and resolv.conf, the
//! pod's /dev/shm, then the volumes in the order the container lists
//! them; last runc's read-only and masked paths under /proc and /sys.
//! The node's disk is `/dev/sda1` (kind's /var is on the host's disk).

use kubeplay_model::api::{Container, Pod};

/// Where the table is read from.
pub const PATHS: &[&str] = &["/proc/mounts", "/proc/self/mounts", "/proc/1/mounts"];

const DISK: &str = "/dev/sda1";

/// The files under /proc that hold the table, for the container's view.
pub fn files(engine: &kubeplay_engine::Engine, pod: &Pod, container: &Container, id: &str) -> Vec<(String, String)> {
    let node = pod.spec.node_name.as_deref().unwrap_or_default();
    let mem_kb = match engine.store().get_by(kubeplay_model::Kind::Node, "", node).map(|o| &**o) {
        Some(kubeplay_model::Object::Node(n)) => n.status.allocatable.get("memory").map_or(8 << 20, |q| (q.value() / 1024).max(1) as u64),
        _ => 8 << 20,
    };
    let text = table(pod, container, id, mem_kb);
    PATHS.iter().map(|p| (p.to_string(), text.clone())).collect()
}

/// The table for `container` of `pod`, the node's memory (kB) sizing the
/// tmpfs volumes as the kubelet does when no limit is set.
pub fn table(pod: &Pod, container: &Container, id: &str, mem_kb: u64) -> String {
    // The image's snapshot numbers, fixed by the instance's id.
    let n = id.bytes().fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b))) % 60 + 20;
    let snap = |k: u32| format!("/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/{k}/fs");
    let mut out = format!(
        "overlay / overlay rw,relatime,lowerdir={}:{}:{},upperdir={},workdir=/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/{}/work 0 0\n",
        snap(n + 2),
        snap(n + 1),
        snap(n),
        snap(n + 3),
        n + 3
    );
    out.push_str(
        "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0
tmpfs /dev tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0
devpts /dev/pts devpts rw,nosuid,noexec,relatime,gid=5,mode=620,ptmxmode=666 0 0
mqueue /dev/mqueue mqueue rw,nosuid,nodev,noexec,relatime 0 0
sysfs /sys sysfs ro,nosuid,nodev,noexec,relatime 0 0
cgroup /sys/fs/cgroup cgroup2 ro,nosuid,nodev,noexec,relatime,nsdelegate,memory_recursiveprot 0 0
",
    );
    let mut mounts: Vec<(String, String)> = Vec::new();
    for vm in &container.volume_mounts {
        let Some(vol) = pod.spec.volumes.iter().find(|v| v.name == vm.name) else { continue };
        let path = vm.mount_path.as_str().trim_end_matches('/');
        // /var/run is a link to /run in the images: the kernel shows the target.
        let path = path.strip_prefix("/var/run/").map_or_else(|| path.to_string(), |rest| format!("/run/{rest}"));
        let ro = if vm.read_only == Some(true) { "ro" } else { "rw" };
        let memory = vol.empty_dir.as_ref().is_some_and(|e| e.get("medium").and_then(|m| m.as_str()) == Some("Memory"));
        let line = if vol.secret.is_some() || vol.projected.is_some() || vol.downward_api.is_some() {
            format!("tmpfs {path} tmpfs ro,relatime,size={mem_kb}k,inode64 0 0")
        } else if memory {
            format!("tmpfs {path} tmpfs {ro},relatime,size={mem_kb}k,inode64 0 0")
        } else if vol.config_map.is_some() {
            format!("{DISK} {path} ext4 ro,relatime 0 0")
        } else {
            format!("{DISK} {path} ext4 {ro},relatime 0 0")
        };
        mounts.push((path, line));
    }
    let kubelet = [
        ("/etc/hosts".to_string(), format!("{DISK} /etc/hosts ext4 rw,relatime 0 0")),
        ("/dev/termination-log".to_string(), format!("{DISK} /dev/termination-log ext4 rw,relatime 0 0")),
        ("/etc/hostname".to_string(), format!("{DISK} /etc/hostname ext4 rw,relatime 0 0")),
        ("/etc/resolv.conf".to_string(), format!("{DISK} /etc/resolv.conf ext4 rw,relatime 0 0")),
        ("/dev/shm".to_string(), "shm /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime,size=65536k,inode64 0 0".to_string()),
    ];
    let mut all: Vec<(String, String)> = mounts.into_iter().chain(kubelet).collect();
    all.sort_by_key(|(p, _)| p.split('/').filter(|s| !s.is_empty()).count());
    for (_, line) in all {
        out.push_str(&line);
        out.push('\n');
    }
    for p in ["bus", "fs", "irq", "sys", "sysrq-trigger"] {
        out.push_str(&format!("proc /proc/{p} proc ro,nosuid,nodev,noexec,relatime 0 0\n"));
    }
    out.push_str("tmpfs /proc/acpi tmpfs ro,relatime,inode64 0 0\n");
    for p in ["kcore", "keys", "timer_list"] {
        out.push_str(&format!("tmpfs /proc/{p} tmpfs rw,nosuid,size=65536k,mode=755,inode64 0 0\n"));
    }
    out.push_str("tmpfs /proc/scsi tmpfs ro,relatime,inode64 0 0\ntmpfs /sys/firmware tmpfs ro,relatime,inode64 0 0\n");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn volumes_after_the_kubelets_files_by_depth() {
        let decoded = kubeplay_codec::decode_manifests(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  volumes:\n  - {name: d, emptyDir: {}}\n  - {name: t, projected: {sources: []}}\n  containers:\n  - name: c\n    image: nginx\n    volumeMounts:\n    - {name: d, mountPath: /usr/share/nginx/html}\n    - {name: t, mountPath: /var/run/secrets/kubernetes.io/serviceaccount, readOnly: true}\n",
        );
        let mut objects = decoded.objects();
        let Some(kubeplay_model::Object::Pod(pod)) = objects.next().map(|o| &o.object) else { panic!("a pod") };
        let text = super::table(pod, &pod.spec.containers[0], "containerd://ab", 8 << 20);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("overlay / overlay rw,relatime,lowerdir=/var/lib/containerd/"));
        assert_eq!(lines[7], "/dev/sda1 /etc/hosts ext4 rw,relatime 0 0");
        assert_eq!(lines[11], "shm /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime,size=65536k,inode64 0 0");
        assert_eq!(lines[12], "/dev/sda1 /usr/share/nginx/html ext4 rw,relatime 0 0");
        assert_eq!(lines[13], "tmpfs /run/secrets/kubernetes.io/serviceaccount tmpfs ro,relatime,size=8388608k,inode64 0 0");
        assert_eq!(lines.last(), Some(&"tmpfs /sys/firmware tmpfs ro,relatime,inode64 0 0"));
    }
}
