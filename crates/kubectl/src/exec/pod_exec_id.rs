//! `id` in a container: the identity containerd gave the container's
//! processes. The user is the container's `runAsUser`, else the pod's,
//! else the image's own (root in the images modelled here); the group
//! `runAsGroup` the same way, else the user's primary group. containerd
//! puts the primary group, the groups `/etc/group` lists the user in,
//! `fsGroup` and `supplementalGroups` in the supplementary list, which the
//! kernel keeps sorted; `id` names each number its image's files know.

use super::fs::Family;
use kubeplay_model::api::Pod;
use serde_json::Value;

/// The identity a container's processes run with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ids {
    pub uid: i64,
    pub gid: i64,
    pub groups: Vec<i64>,
}

/// A `securityContext` field, the container's before the pod's.
fn context_field(pod: &Pod, container: &str, field: &str) -> Option<i64> {
    let spec = pod.spec.containers.iter().chain(&pod.spec.init_containers).find(|c| c.name == container);
    let own = spec.and_then(|c| c.security_context.as_ref()).and_then(|sc| sc.get(field)).and_then(Value::as_i64);
    own.or_else(|| pod.spec.security_context.as_ref().and_then(|sc| sc.get(field)).and_then(Value::as_i64))
}

/// The groups `/etc/group` lists root in besides its own.
fn root_groups(family: Family) -> &'static [i64] {
    match family {
        Family::Busybox => &[10],
        Family::Alpine => &[1, 2, 3, 4, 6, 10, 11, 20, 26, 27],
        Family::Debian => &[],
    }
}

pub fn ids(pod: &Pod, container: &str, family: Family) -> Ids {
    let uid = context_field(pod, container, "runAsUser").unwrap_or(0);
    // A uid the image's passwd does not know has group 0.
    let gid = context_field(pod, container, "runAsGroup").unwrap_or(0);
    let mut groups = vec![gid];
    if uid == 0 {
        groups.extend_from_slice(root_groups(family));
    }
    let pod_sc = pod.spec.security_context.as_ref();
    groups.extend(pod_sc.and_then(|sc| sc.get("fsGroup")).and_then(Value::as_i64));
    let supplemental = pod_sc.and_then(|sc| sc.get("supplementalGroups")).and_then(Value::as_array);
    groups.extend(supplemental.into_iter().flatten().filter_map(Value::as_i64));
    groups.sort_unstable();
    groups.dedup();
    Ids { uid, gid, groups }
}

fn user_name(uid: i64) -> Option<&'static str> {
    (uid == 0).then_some("root")
}

fn group_name(family: Family, gid: i64) -> Option<&'static str> {
    let busybox = [(0, "root"), (1, "daemon"), (2, "bin"), (3, "sys"), (4, "adm"), (6, "disk"), (10, "wheel"), (11, "cdrom"), (18, "dialout"), (19, "floppy")];
    let alpine = [(0, "root"), (1, "bin"), (2, "daemon"), (3, "sys"), (4, "adm"), (6, "disk"), (10, "wheel"), (11, "floppy"), (20, "dialout"), (26, "tape"), (27, "video")];
    let debian = [(0, "root"), (1, "daemon"), (2, "bin"), (3, "sys"), (4, "adm")];
    let table: &[(i64, &str)] = match family {
        Family::Busybox => &busybox,
        Family::Alpine => &alpine,
        Family::Debian => &debian,
    };
    table.iter().find(|(g, _)| *g == gid).map(|(_, n)| *n)
}

fn named(n: i64, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("{n}({name})"),
        None => n.to_string(),
    }
}

/// `id [-u|-g|-G] [-n]`: stdout, or the usage error and its status.
pub fn run(args: &[String], ids: &Ids, family: Family) -> Result<String, (String, i32)> {
    let (mut what, mut names) = (None, false);
    for a in args {
        let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else {
            // Another user: the image's passwd file is not modelled.
            return Err((format!("id: (playground) only the container's own user is known here, not {a}"), 1));
        };
        for f in flags.chars() {
            match f {
                'u' | 'g' | 'G' => what = Some(f),
                'n' => names = true,
                _ => return Err((format!("id: (playground) id takes -u, -g, -G and -n here, not -{f}"), 1)),
            }
        }
    }
    let one = |n: i64, name: Option<&str>| if names { name.map_or(n.to_string(), str::to_string) } else { n.to_string() };
    Ok(match what {
        Some('u') => one(ids.uid, user_name(ids.uid)),
        Some('g') => one(ids.gid, group_name(family, ids.gid)),
        Some(_) => ids.groups.iter().map(|g| one(*g, group_name(family, *g))).collect::<Vec<_>>().join(" "),
        None => {
            let groups: Vec<String> = ids.groups.iter().map(|g| named(*g, group_name(family, *g))).collect();
            format!("uid={} gid={} groups={}", named(ids.uid, user_name(ids.uid)), named(ids.gid, group_name(family, ids.gid)), groups.join(","))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(pod_sc: Option<Value>, ctr_sc: Option<Value>) -> Pod {
        let mut p = Pod::default();
        let spec = std::sync::Arc::make_mut(&mut p.spec);
        spec.security_context = pod_sc.map(Box::new);
        spec.containers.push(kubeplay_model::api::Container { name: "c".into(), security_context: ctr_sc.map(Box::new), ..Default::default() });
        p
    }

    #[test]
    fn identities_from_the_security_context() {
        let cases: &[(Option<Value>, Option<Value>, Family, &str)] = &[
            (None, None, Family::Busybox, "uid=0(root) gid=0(root) groups=0(root),10(wheel)"),
            (None, None, Family::Debian, "uid=0(root) gid=0(root) groups=0(root)"),
            (None, None, Family::Alpine, "uid=0(root) gid=0(root) groups=0(root),1(bin),2(daemon),3(sys),4(adm),6(disk),10(wheel),11(floppy),20(dialout),26(tape),27(video)"),
            // The CKA exercise's over9000 pod.
            (Some(json!({"runAsUser": 9001, "runAsGroup": 9002})), None, Family::Busybox, "uid=9001 gid=9002 groups=9002"),
            // The task page's security-context-demo: fsGroup joins the list.
            (Some(json!({"runAsUser": 1000, "runAsGroup": 3000, "fsGroup": 2000})), None, Family::Busybox, "uid=1000 gid=3000 groups=2000,3000"),
            (Some(json!({"runAsUser": 1000, "supplementalGroups": [4000, 5]})), None, Family::Busybox, "uid=1000 gid=0(root) groups=0(root),5,4000"),
            // The container's field wins over the pod's.
            (Some(json!({"runAsUser": 1000})), Some(json!({"runAsUser": 2000})), Family::Busybox, "uid=2000 gid=0(root) groups=0(root)"),
        ];
        for (pod_sc, ctr_sc, family, want) in cases {
            let p = pod(pod_sc.clone(), ctr_sc.clone());
            assert_eq!(run(&[], &ids(&p, "c", *family), *family), Ok(want.to_string()), "{pod_sc:?} {ctr_sc:?}");
        }
    }

    #[test]
    fn options() {
        let p = pod(Some(json!({"runAsUser": 9001, "runAsGroup": 9002, "fsGroup": 2000})), None);
        let ids = ids(&p, "c", Family::Busybox);
        let root = super::ids(&pod(None, None), "c", Family::Busybox);
        type Case<'a> = (&'a Ids, &'a [&'a str], Result<&'a str, (&'a str, i32)>);
        let cases: &[Case] = &[
            (&ids, &["-u"], Ok("9001")),
            (&ids, &["-g"], Ok("9002")),
            (&ids, &["-G"], Ok("2000 9002")),
            (&ids, &["-un"], Ok("9001")),
            (&root, &["-u", "-n"], Ok("root")),
            (&root, &["-Gn"], Ok("root wheel")),
            (&root, &["-x"], Err(("id: (playground) id takes -u, -g, -G and -n here, not -x", 1))),
            (&root, &["nobody"], Err(("id: (playground) only the container's own user is known here, not nobody", 1))),
        ];
        for (ids, args, want) in cases {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let want = (*want).map(str::to_string).map_err(|(e, c)| (e.to_string(), c));
            assert_eq!(run(&args, ids, Family::Busybox), want, "{args:?}");
        }
    }
}
