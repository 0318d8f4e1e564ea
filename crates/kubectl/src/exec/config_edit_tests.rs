//! Tables ported from upstream kubectl's `cmd/config/*_test.go` for
//! clusters, users, `set`, `unset` and `view`, plus the outputs kubectl
//! v1.32 prints for the same lines on a scratch kubeconfig (run here with
//! `kubectl --kubeconfig=… config …`).

use super::{kind_cluster, kind_user, run, AuthInfo, AuthProvider, Cluster, Context, ExecConfig, Kubeconfig};
use crate::cli::{Command, ConfigCommand};
use crate::exec::Output;

fn empty() -> Kubeconfig {
    Kubeconfig { current: String::new(), contexts: Vec::new(), clusters: Vec::new(), users: Vec::new(), colors: false, env: None }
}

/// Runs one `kubectl config …` line on `kc` with the user's files
/// (name, text), as the terminal's execution hands them over.
fn line_with(kc: &mut Kubeconfig, line: &str, files: &[(&str, &str)]) -> Output {
    let mut out = Output::default();
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => match inv.command {
            Command::Config(cmd) => {
                let paths = kc.files_read_by(&cmd);
                let read = |p: &str| {
                    let name = super::file_name(p)?;
                    files.iter().find(|(n, _)| *n == name).map(|(_, t)| t.to_string())
                };
                let cmd = if paths.is_empty() { cmd } else { ConfigCommand::Files { command: Box::new(cmd), files: paths.iter().map(|p| (p.clone(), read(p))).collect() } };
                run(&cmd, kc, &mut out)
            }
            other => panic!("{line}: {other:?}"),
        },
        Ok(other) => panic!("{line}: {other:?}"),
        Err(e) => out.error(&e.to_string()),
    }
    out
}

fn line(kc: &mut Kubeconfig, line: &str) -> Output {
    line_with(kc, line, &[])
}

fn user<'a>(kc: &'a Kubeconfig, name: &str) -> &'a AuthInfo {
    kc.users.iter().find(|u| u.name == name).unwrap_or_else(|| panic!("no user {name}: {kc:?}"))
}

fn cluster<'a>(kc: &'a Kubeconfig, name: &str) -> &'a Cluster {
    kc.clusters.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no cluster {name}: {kc:?}"))
}

// create_authinfo_test.go's TestCreateAuthInfoOptions: which flag sets
// complete and validate, with the errors kubectl v1.32 prints for the
// others.
#[test]
fn set_credentials_options() {
    let cases: &[(&str, Result<&str, &str>)] = &[
        ("me", Ok("User \"me\" set.\n")),
        ("me --token=foo", Ok("User \"me\" set.\n")),
        ("me --username=jane --password=bar", Ok("User \"me\" set.\n")),
        ("me --token=foo --username=jane --password=bar", Err("error: you cannot specify more than one authentication method at the same time: --token, --username/--password\n")),
        ("--auth-provider=oidc --auth-provider-arg=client-id=foo --auth-provider-arg=client-secret=bar me", Ok("User \"me\" set.\n")),
        ("--auth-provider=oidc --auth-provider-arg=client-id- --auth-provider-arg=client-secret- me", Ok("User \"me\" set.\n")),
        ("--auth-provider-arg=client-id- --auth-provider-arg=client-secret- me", Ok("User \"me\" set.\n")),
        ("--auth-provider=oidc --auth-provider-arg=client-id me", Err("error: invalid auth-provider-arg format: client-id\n")),
        ("", Err("error: unexpected args: []\n")),
        ("a b", Err("error: unexpected args: [a b]\n")),
        ("--exec-command=example-client-go-exec-plugin me", Ok("User \"me\" set.\n")),
        ("--exec-command=p --exec-arg=arg1 --exec-arg=arg2 me", Ok("User \"me\" set.\n")),
        ("--exec-command=p --exec-env=key1=val1 --exec-env=key2=val2 --exec-env=env-remove1- me", Ok("User \"me\" set.\n")),
        ("me --exec-env=abc", Err("error: invalid exec-env format: abc\n")),
        ("''", Err("error: you must specify a non-empty user name\n")),
        ("me --embed-certs", Err("error: you must specify a --client-certificate or --client-key to embed\n")),
        ("me --client-key=nokey --embed-certs", Err("error: could not stat client-key file nokey: stat nokey: no such file or directory\n")),
        ("jane --client-certificate=jane.crt --client-key=jane.key --embed-certs=true", Err("error: could not stat client-certificate file jane.crt: stat jane.crt: no such file or directory\n")),
    ];
    for (args, want) in cases {
        let out = line(&mut empty(), &format!("kubectl config set-credentials {args}"));
        match want {
            Ok(msg) => assert_eq!((out.stdout.as_str(), out.stderr.as_str()), (*msg, ""), "{args}"),
            // Complete's errors come after the help.
            Err(msg) => assert!(out.failed && out.stderr == *msg, "{args}: {out:?}"),
        }
    }
}

// create_authinfo_test.go's TestModifyExistingAuthInfo.
#[test]
fn set_credentials_modifies() {
    let exec = |command: &str, api: &str, args: &[&str], env: &[(&str, &str)]| ExecConfig {
        command: command.into(),
        api_version: api.into(),
        args: args.iter().map(|a| a.to_string()).collect(),
        env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
    };
    let with_exec = |e: ExecConfig| AuthInfo { name: "me".into(), exec: Some(e), ..Default::default() };
    let provider = |name: &str, config: &[(&str, &str)]| AuthInfo {
        name: "me".into(),
        auth_provider: Some(AuthProvider { name: name.into(), config: config.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect() }),
        ..Default::default()
    };
    let v1beta1 = "client.authentication.k8s.io/v1beta1";
    let cases: Vec<(&str, Option<AuthInfo>, AuthInfo)> = vec![
        (
            "--exec-command=example-client-go-exec-plugin --exec-api-version=client.authentication.k8s.io/v1",
            None,
            with_exec(exec("example-client-go-exec-plugin", "client.authentication.k8s.io/v1", &[], &[])),
        ),
        (
            "--exec-arg=new-arg1 --exec-arg=new-arg2",
            Some(with_exec(exec("example-client-go-exec-plugin", v1beta1, &["existing-arg1", "existing-arg2"], &[]))),
            with_exec(exec("example-client-go-exec-plugin", v1beta1, &["new-arg1", "new-arg2"], &[])),
        ),
        (
            "--exec-command=example-client-go-exec-plugin",
            Some(with_exec(exec("example-client-go-exec-plugin", v1beta1, &["existing-arg1", "existing-arg2"], &[]))),
            with_exec(exec("example-client-go-exec-plugin", v1beta1, &[], &[])),
        ),
        (
            "--exec-command=example-client-go-exec-plugin --exec-env=name1=value1000 --exec-env=name3=value3 --exec-env=name2- --exec-env=non-existing-",
            Some(with_exec(exec("existing-command", v1beta1, &[], &[("name1", "value1"), ("name2", "value2")]))),
            with_exec(exec("example-client-go-exec-plugin", v1beta1, &[], &[("name1", "value1000"), ("name3", "value3")])),
        ),
        (
            "--auth-provider=new-auth-provider --auth-provider-arg=key1=val1000 --auth-provider-arg=key3=val3 --auth-provider-arg=key2- --auth-provider-arg=non-existing-",
            Some(provider("auth-provider", &[("key1", "val1"), ("key2", "val2")])),
            provider("new-auth-provider", &[("key1", "val1000"), ("key3", "val3")]),
        ),
        // Basic auth replaces a token, and a token basic auth.
        ("--username=admin --password=uXFGweU9l35qcif", Some(AuthInfo { name: "me".into(), token: "t".into(), ..Default::default() }), AuthInfo { name: "me".into(), username: "admin".into(), password: "uXFGweU9l35qcif".into(), ..Default::default() }),
        ("--token=t", Some(AuthInfo { name: "me".into(), username: "u".into(), password: "p".into(), ..Default::default() }), AuthInfo { name: "me".into(), token: "t".into(), ..Default::default() }),
        // A file replaces embedded data, made absolute from the home directory.
        (
            "--client-certificate=certs/../me.crt --client-key=/etc/me.key",
            Some(AuthInfo { name: "me".into(), client_certificate_data: b"x".to_vec(), client_key_data: b"y".to_vec(), ..Default::default() }),
            AuthInfo { name: "me".into(), client_certificate: "/root/me.crt".into(), client_key: "/etc/me.key".into(), ..Default::default() },
        ),
        // Below the kubeconfig's directory a path is written relative to
        // it; Go's check for backsteps lets a bare `..` through.
        (
            "--client-certificate=.kube/me.crt --client-key=",
            None,
            AuthInfo { name: "me".into(), client_certificate: "me.crt".into(), client_key: "..".into(), ..Default::default() },
        ),
    ];
    for (flags, existing, want) in cases {
        let mut kc = empty();
        kc.users.extend(existing);
        let out = line(&mut kc, &format!("kubectl config set-credentials me {flags}"));
        assert_eq!(out.stdout, "User \"me\" set.\n", "{flags}");
        assert_eq!(user(&kc, "me"), &want, "{flags}");
    }
}

// --embed-certs reads the playground's files into the entry.
#[test]
fn set_credentials_embeds_files() {
    let mut kc = empty();
    let out = line_with(&mut kc, "kubectl config set-credentials jane --client-certificate=jane.crt --client-key=./keys/jane.key --embed-certs", &[("jane.crt", "CERT\n"), ("keys/jane.key", "KEY\n")]);
    assert_eq!(out.stdout, "User \"jane\" set.\n");
    let u = user(&kc, "jane");
    assert_eq!((u.client_certificate_data.as_slice(), u.client_key_data.as_slice(), u.client_certificate.as_str()), (&b"CERT\n"[..], &b"KEY\n"[..], ""));
    let out = line(&mut kc, "kubectl config view --raw -o jsonpath={.users[0].user.client-certificate-data}");
    assert_eq!(out.stdout, "Q0VSVAo=");
    let out = line_with(&mut kc, "kubectl config set-cluster c --certificate-authority=ca.crt --embed-certs", &[("ca.crt", "CA")]);
    assert_eq!((out.stdout.as_str(), cluster(&kc, "c").certificate_authority_data.as_slice()), ("Cluster \"c\" set.\n", &b"CA"[..]));
}

// create_cluster.go's validate and modifyCluster, with kubectl v1.32's
// outputs.
#[test]
fn set_cluster() {
    let errors: &[(&str, &str)] = &[
        ("c --certificate-authority=nope --embed-certs", "error: could not stat certificate-authority file nope: stat nope: no such file or directory\n"),
        ("c --insecure-skip-tls-verify=true --certificate-authority=ca.crt", "error: you cannot specify a certificate authority and insecure mode at the same time\n"),
        ("c2 --embed-certs", "error: you must specify a --certificate-authority to embed\n"),
        ("''", "error: you must specify a non-empty cluster name\n"),
        ("a b", "error: Unexpected args: [a b]\n"),
    ];
    for (args, want) in errors {
        let out = line(&mut empty(), &format!("kubectl config set-cluster {args}"));
        assert_eq!((out.stderr.as_str(), out.failed), (*want, true), "{args}");
    }
    let mut kc = empty();
    let steps: &[(&str, Cluster)] = &[
        ("--server=https://1.2.3.4 --tls-server-name=foo --proxy-url=http://p:3128", Cluster { server: "https://1.2.3.4".into(), tls_server_name: "foo".into(), proxy_url: "http://p:3128".into(), ..Default::default() }),
        // A new server forgets the TLS server name.
        ("--server=https://5.6.7.8", Cluster { server: "https://5.6.7.8".into(), proxy_url: "http://p:3128".into(), ..Default::default() }),
        ("--certificate-authority=ca.crt", Cluster { server: "https://5.6.7.8".into(), proxy_url: "http://p:3128".into(), certificate_authority: "/root/ca.crt".into(), ..Default::default() }),
        // Insecure mode clears the certificate authority.
        ("--insecure-skip-tls-verify", Cluster { server: "https://5.6.7.8".into(), proxy_url: "http://p:3128".into(), insecure_skip_tls_verify: true, ..Default::default() }),
        ("--certificate-authority=ca.crt", Cluster { server: "https://5.6.7.8".into(), proxy_url: "http://p:3128".into(), certificate_authority: "/root/ca.crt".into(), ..Default::default() }),
    ];
    for (flags, want) in steps {
        let out = line(&mut kc, &format!("kubectl config set-cluster e2e {flags}"));
        assert_eq!(out.stdout, "Cluster \"e2e\" set.\n", "{flags}");
        assert_eq!(cluster(&kc, "e2e"), &Cluster { name: "e2e".into(), ..want.clone() }, "{flags}");
    }
}

// delete_cluster_test.go, delete_user_test.go, get_clusters_test.go and
// get_users_test.go, and their errors as kubectl v1.32 prints them.
#[test]
fn delete_and_get() {
    let mut kc = Kubeconfig::default();
    kc.clusters.push(Cluster { name: "minikube".into(), server: "https://192.168.0.99".into(), ..Default::default() });
    kc.users.push(AuthInfo { name: "minikube".into(), token: "t".into(), ..Default::default() });
    assert_eq!(line(&mut kc, "kubectl config get-clusters").stdout, "NAME\nkind-kubeplay\nminikube\n");
    assert_eq!(line(&mut kc, "kubectl config get-users").stdout, "NAME\nkind-kubeplay\nminikube\n");
    let cases: &[(&str, &str, &str)] = &[
        ("delete-cluster minikube", "deleted cluster minikube from /root/.kube/config\n", ""),
        ("delete-cluster minikube", "", "error: cannot delete cluster minikube, not in /root/.kube/config\n"),
        ("delete-user minikube", "deleted user minikube from /root/.kube/config\n", ""),
        ("delete-user minikube", "", "error: cannot delete user minikube, not in /root/.kube/config\n"),
        ("delete-user", "", "error: user to delete is required\nSee 'kubectl config delete-user -h' for help and examples\n"),
        ("delete-user a b", "", "error: user to delete is required\nSee 'kubectl config delete-user -h' for help and examples\n"),
    ];
    for (args, stdout, stderr) in cases {
        let out = line(&mut kc, &format!("kubectl config {args}"));
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), (*stdout, *stderr), "{args}");
    }
    assert_eq!(line(&mut kc, "kubectl config get-clusters").stdout, "NAME\nkind-kubeplay\n");
    // delete-cluster with no name prints its help and succeeds.
    let out = line(&mut kc, "kubectl config delete-cluster");
    assert!(!out.failed && out.stdout.starts_with("Delete the specified cluster"), "{out:?}");
    assert_eq!(line(&mut empty(), "kubectl config get-users").stdout, "NAME\n");
}

// set_test.go's TestSetConfigCurrentContext and unset_test.go's tables,
// with the outputs and errors kubectl v1.32 prints for the others.
#[test]
fn set_and_unset() {
    let mut kc = empty();
    kc.clusters.push(Cluster { name: "minikube".into(), server: "https://192.168.99.100:8443".into(), ..Default::default() });
    kc.contexts.push(Context { name: "minikube".into(), cluster: "minikube".into(), user: "minikube".into(), namespace: String::new() });
    let cases: &[(&str, Result<&str, &str>)] = &[
        ("set current-context my-cluster", Ok("Property \"current-context\" set.\n")),
        ("set users.bob.token abc", Ok("Property \"users.bob.token\" set.\n")),
        ("set clusters.c.insecure-skip-tls-verify true", Ok("Property \"clusters.c.insecure-skip-tls-verify\" set.\n")),
        ("set clusters.c.insecure-skip-tls-verify maybe", Err("error: strconv.ParseBool: parsing \"maybe\": invalid syntax\n")),
        ("set contexts.x.namespace ns", Ok("Property \"contexts.x.namespace\" set.\n")),
        ("set users.bob.client-certificate-data aGVsbG8=", Ok("Property \"users.bob.client-certificate-data\" set.\n")),
        ("set users.bob.client-key-data notb64", Err("error: error decoding input value: illegal base64 data at input byte 4\n")),
        ("set users.bob.client-key-data raw --set-raw-bytes", Ok("Property \"users.bob.client-key-data\" set.\n")),
        ("set nope x", Err("error: unable to parse nope after [] at api.Config\n")),
        ("set users.bob.exec.command foo", Err("error: unable to parse one or more field values of users.bob.exec.command\n")),
        ("set preferences.colors true", Ok("Property \"preferences.colors\" set.\n")),
        ("set a", Err("error: Unexpected args: [a]\n")),
        ("unset users.bob.token", Ok("Property \"users.bob.token\" unset.\n")),
        ("unset users.bob.zz", Ok("Property \"users.bob.zz\" unset.\n")),
        ("unset contexts.foo.namespace", Err("error: current map key `foo` is invalid\n")),
        ("unset users.bob.token.x", Err("error: unable to parse one or more field values of users.bob.token.x\n")),
        ("unset nope", Err("error: unable to parse nope after [] at api.Config\n")),
        ("unset contexts.x", Ok("Property \"contexts.x\" unset.\n")),
        ("unset", Err("error: Unexpected args: []\n")),
    ];
    for (args, want) in cases {
        let out = line(&mut kc, &format!("kubectl config {args}"));
        match want {
            Ok(msg) => assert_eq!((out.stdout.as_str(), out.stderr.as_str()), (*msg, ""), "{args}"),
            Err(msg) => assert!(out.failed && out.stderr == *msg, "{args}: {out:?}"),
        }
    }
    assert_eq!(kc.current, "my-cluster");
    let bob = user(&kc, "bob");
    assert_eq!((bob.token.as_str(), bob.client_certificate_data.as_slice(), bob.client_key_data.as_slice()), ("", &b"hello"[..], &b"raw"[..]));
    assert!(cluster(&kc, "c").insecure_skip_tls_verify && kc.colors);
    assert!(kc.contexts.iter().all(|c| c.name != "x"));
    // A map is no value; the error quotes it, its keys sorted.
    let out = line(&mut kc, "kubectl config set users.bob x");
    assert!(out.stderr.starts_with("error: can't set a map to a value: map[bob:0xc000"), "{out:?}");
    for args in ["current-context", "clusters"] {
        assert!(!line(&mut kc, &format!("kubectl config unset {args}")).failed);
    }
    assert_eq!((kc.current.as_str(), kc.clusters.len()), ("", 0));
}

// view.go: credentials shortened unless --raw; --flatten reads the files
// the kubeconfig names (a missing one is Go's open error). The outputs
// are kubectl v1.32's on the same kubeconfig.
#[test]
fn view_raw_and_flatten() {
    let mut kc = empty();
    let files = &[("ca.crt", "hello\n"), ("jane.crt", "hello\n"), ("jane.key", "key\n")];
    for l in [
        "kubectl config set-cluster full --server=https://1.2.3.4 --tls-server-name=foo --proxy-url=http://p:3128 --certificate-authority=ca.crt",
        "kubectl config set-cluster ins --insecure-skip-tls-verify",
        "kubectl config set-credentials jane --client-certificate=jane.crt --client-key=jane.key",
        "kubectl config set-credentials jane2 --client-certificate=jane.crt --client-key=jane.key --embed-certs",
        "kubectl config set-credentials myapp --token=abc",
        "kubectl config set-credentials u --username=a --password=b",
    ] {
        assert!(!line_with(&mut kc, l, files).failed, "{l}");
    }
    let shortened = "apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority: /root/ca.crt\n    proxy-url: http://p:3128\n    server: https://1.2.3.4\n    tls-server-name: foo\n  name: full\n- cluster:\n    insecure-skip-tls-verify: true\n    server: \"\"\n  name: ins\ncontexts: null\ncurrent-context: \"\"\nkind: Config\npreferences: {}\nusers:\n- name: jane\n  user:\n    client-certificate: /root/jane.crt\n    client-key: /root/jane.key\n- name: jane2\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n- name: myapp\n  user:\n    token: REDACTED\n- name: u\n  user:\n    password: REDACTED\n    username: a\n";
    assert_eq!(line(&mut kc, "kubectl config view").stdout, shortened);
    let raw = line(&mut kc, "kubectl config view --raw").stdout;
    assert!(raw.contains("    client-certificate-data: aGVsbG8K\n    client-key-data: a2V5Cg==\n") && raw.contains("token: abc") && raw.contains("password: b"), "{raw}");
    let flat = line_with(&mut kc, "kubectl config view --flatten", files).stdout;
    assert!(flat.contains("- cluster:\n    certificate-authority-data: aGVsbG8K\n    proxy-url") && flat.contains("- name: jane\n  user:\n    client-certificate-data: aGVsbG8K\n    client-key-data: a2V5Cg==\n") && flat.contains("token: abc"), "{flat}");
    let out = line_with(&mut kc, "kubectl config view --flatten", &[("ca.crt", "x"), ("jane.crt", "x")]);
    assert_eq!(out.stderr, "error: open /root/jane.key: no such file or directory\n");
    assert_eq!(line(&mut kc, "kubectl config view --raw --minify").stderr, "error: current-context must exist in order to minify\n");
}

// kind's own entries: the cluster CA every pod sees, and admin.conf's
// certificate and key, which pair.
#[test]
fn kind_entries() {
    let c = kind_cluster();
    assert!(c.certificate_authority_data.starts_with(b"-----BEGIN CERTIFICATE-----"));
    let u = kind_user();
    assert_eq!(crate::exec::tls_pair::check(&u.client_certificate_data, &u.client_key_data), Ok(()));
    assert_eq!(kind_user(), u, "stable");
}
