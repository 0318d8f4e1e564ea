//! Requests made as the kubeconfig's user: what the API server
//! authenticates each kind of credential as, and what kubectl prints when
//! the client or the server refuses it.

use super::*;
use crate::exec::config::Kubeconfig;
use crate::exec::{run_line, Io, LineOutcome};
use kubeplay_engine::Engine;

/// A terminal: the cluster, the kubeconfig and the user's files.
struct Term {
    engine: Engine,
    kc: Kubeconfig,
    files: Vec<(String, String)>,
}

impl Term {
    fn new() -> Term {
        Term { engine: Engine::with_default_cluster(7), kc: Kubeconfig::default(), files: Vec::new() }
    }

    fn run(&mut self, line: &str) -> Output {
        let files = self.files.clone();
        let read = move |name: &str| files.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone());
        let io = Io { stdin: None, read_file: Some(&read), kubeconfig: Some(&self.kc) };
        match run_line(line, &mut self.engine, io) {
            LineOutcome::Done(out) => out,
            LineOutcome::Config(cmd) => {
                let mut out = Output::default();
                crate::exec::config::run(&cmd, &mut self.kc, &mut out);
                out
            }
            other => panic!("{line}: {other:?}"),
        }
    }

    /// stdout, or the error; panics when `ok` is not what happened.
    fn text(&mut self, line: &str, ok: bool) -> String {
        let out = self.run(line);
        assert_eq!(out.failed, !ok, "{line}: {out:?}");
        if ok {
            out.stdout
        } else {
            out.stderr
        }
    }
}

const UNAUTHORIZED: &str = "error: You must be logged in to the server (the server has asked for the client to provide credentials)\n";

#[test]
fn admin_certificate_is_kind_admin() {
    let u = crate::exec::config::kind_user();
    let who = certificate_user(&u.client_certificate_data, Time::from_millis(1_735_689_600_000));
    assert_eq!(who, Some(authz::cluster_admin()));
    // Expired a year on.
    assert_eq!(certificate_user(&u.client_certificate_data, Time::from_millis((1_735_689_600 + 366 * 86_400) * 1000)), None);
    let mut t = Term::new();
    assert_eq!(t.text("kubectl auth whoami", true), "ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n");
}

// A token from `create token` authenticates as its ServiceAccount; an
// edited one, one for another audience, or one whose account is gone is
// a 401.
#[test]
fn service_account_tokens() {
    let mut t = Term::new();
    t.text("kubectl create sa myapp", true);
    t.text("kubectl run x --image=nginx", true);
    t.text("kubectl create rolebinding myapp-view --clusterrole=view --serviceaccount=default:myapp", true);
    let token = t.text("kubectl create token myapp", true).trim().to_string();
    t.text(&format!("kubectl config set-credentials myapp --token={token}"), true);
    t.text("kubectl config set-context myapp --cluster=kind-kubeplay --user=myapp", true);
    let who = t.text("kubectl --context=myapp auth whoami -o jsonpath={.status.userInfo.username}", false);
    // whoami prints json or yaml only here: the table is enough.
    assert!(who.contains("(playground)"), "{who}");
    let table = t.text("kubectl --context=myapp auth whoami", true);
    let rows: Vec<Vec<&str>> = table.lines().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows[1], ["Username", "system:serviceaccount:default:myapp"], "{table}");
    assert_eq!((rows[2][0], rows[3][1]), ("UID", "[system:serviceaccounts"), "{table}");
    assert!(rows[4][2].starts_with("[JTI=") && rows[4][..2] == ["Extra:", "authentication.kubernetes.io/credential-id"], "{table}");
    let json = t.text("kubectl --context=myapp auth whoami -o json", true);
    assert!(json.contains("\"extra\": {\n                \"authentication.kubernetes.io/credential-id\": [\n                    \"JTI="), "{json}");
    assert!(t.text("kubectl --context=myapp get pods", true).starts_with("NAME   READY   STATUS"));
    assert_eq!(
        t.text("kubectl --context=myapp delete pod x", false),
        "Error from server (Forbidden): pods \"x\" is forbidden: User \"system:serviceaccount:default:myapp\" cannot delete resource \"pods\" in API group \"\" in the namespace \"default\"\n"
    );
    assert_eq!(t.text("kubectl --context=myapp auth can-i list pods", true), "yes\n");
    // Impersonation needs the impersonate verb.
    assert!(t.text("kubectl --context=myapp get pods --as=bob", false).contains("cannot impersonate resource \"users\""));
    // A claim changed: the signature no longer matches.
    let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
    parts[1] = parts[1].replacen('e', "f", 1);
    t.text(&format!("kubectl config set-credentials myapp --token={}", parts.join(".")), true);
    assert_eq!(t.text("kubectl --context=myapp get pods", false), UNAUTHORIZED);
    assert_eq!(t.text("kubectl --context=myapp auth whoami", false), "error: You must be logged in to the server (Unauthorized)\n");
    // Another audience.
    let other = t.text("kubectl create token myapp --audience=vault", true).trim().to_string();
    t.text(&format!("kubectl config set-credentials myapp --token={other}"), true);
    assert_eq!(t.text("kubectl --context=myapp get pods", false), UNAUTHORIZED);
    // The account deleted.
    t.text(&format!("kubectl config set-credentials myapp --token={token}"), true);
    t.text("kubectl delete sa myapp", true);
    assert_eq!(t.text("kubectl --context=myapp get pods", false), UNAUTHORIZED);
}

#[test]
fn expired_token_is_refused() {
    let mut t = Term::new();
    t.text("kubectl create sa app", true);
    let token = t.text("kubectl create token app --duration=10m", true).trim().to_string();
    t.text(&format!("kubectl config set-credentials app --token={token}"), true);
    assert_eq!(t.text("kubectl --user=app get pods", false), "Error from server (Forbidden): pods is forbidden: User \"system:serviceaccount:default:app\" cannot list resource \"pods\" in API group \"\" in the namespace \"default\"\n");
    t.engine.advance(11 * 60 * 1000);
    assert_eq!(t.text("kubectl --user=app get pods", false), UNAUTHORIZED);
}

// clientcmd's validation of the user entry, and what client-go does
// without credentials, as kubectl v1.32 prints them.
#[test]
fn client_side_errors() {
    let mut t = Term::new();
    t.text("kubectl config set-credentials u --client-certificate=jane.crt --client-key=k.key", true);
    t.text("kubectl config set-credentials ck --client-certificate=a.crt", true);
    t.text("kubectl config set-context e --cluster=kind-kubeplay", true);
    t.text("kubectl config set-credentials basic --username=a --password=b", true);
    let cases: &[(&str, &str)] = &[
        ("kubectl --user=u get pods", "Error in configuration: \n* unable to read client-cert /root/jane.crt for u due to open /root/jane.crt: no such file or directory\n* unable to read client-key /root/k.key for u due to open /root/k.key: no such file or directory\n"),
        ("kubectl --user=ck get pods", "Error in configuration: \n* client-key-data or client-key must be specified for ck to use the clientCert authentication method.\n* unable to read client-cert /root/a.crt for ck due to open /root/a.crt: no such file or directory\n"),
        ("kubectl --user=nobody get pods", "error: auth info \"nobody\" does not exist\n"),
        ("kubectl --context=e get pods", "error: EOF\n"),
        // Basic auth is ignored by the server: the request is anonymous.
        ("kubectl --user=basic get pods", "Error from server (Forbidden): pods is forbidden: User \"system:anonymous\" cannot list resource \"pods\" in API group \"\" in the namespace \"default\"\n"),
    ];
    for (l, want) in cases {
        assert_eq!(t.text(l, false), *want, "{l}");
    }
    assert_eq!(t.run("kubectl --context=e get pods").stdout, "Please enter Username: ");
    // Help and client-only commands send nothing.
    assert!(!t.run("kubectl --context=e version --client").failed);
    // An embedded certificate whose key is another's.
    let admin = crate::exec::config::kind_user();
    let other_key = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIAJ8X9mZeG01+PB6NXJSyl0AIangs61eyv3ystmzGaAtoAoGCCqGSM49\nAwEHoUQDQgAEITEwb0isSXtUhtMPap2SplZyY1ueLjzFNydXuHWPtsaEHqyoJvlM\ngN6QAqQKGDXDjXq+toyjdkJY6ZgwfBtMHg==\n-----END EC PRIVATE KEY-----\n";
    t.files.push(("admin.crt".into(), String::from_utf8(admin.client_certificate_data).unwrap_or_default()));
    t.files.push(("other.key".into(), other_key.into()));
    t.text("kubectl config set-credentials mm --client-certificate=admin.crt --client-key=other.key --embed-certs", true);
    assert_eq!(t.text("kubectl --user=mm get pods", false), "error: tls: private key does not match public key\n");
}

#[test]
fn names_parse() {
    // CN=jane, O=dev, O=qa.
    let der = [
        0x30, 0x2a, 0x31, 0x0d, 0x30, 0x0b, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0c, 0x04, b'j', b'a', b'n', b'e', 0x31, 0x0c, 0x30, 0x0a, 0x06, 0x03, 0x55, 0x04, 0x0a, 0x0c, 0x03, b'd', b'e', b'v', 0x31, 0x0b, 0x30, 0x09, 0x06,
        0x03, 0x55, 0x04, 0x0a, 0x0c, 0x02, b'q', b'a',
    ];
    let (_, body, _) = der_element(&der).unwrap_or_default();
    assert_eq!(parse_name(body), Some(Name { common_name: "jane".into(), organizations: vec!["dev".into(), "qa".into()] }));
    assert_eq!(x509::parse_time(0x17, b"250101000000Z"), Some(1_735_689_600));
    assert_eq!(x509::parse_time(0x18, b"20250101000000Z"), Some(1_735_689_600));
    assert_eq!(x509::parse_time(0x17, b"2501010000Z"), None);
}

// A token bound to a pod names the pod (and its node) in the user's extra
// attributes, and dies with the pod.
#[test]
fn pod_bound_token() {
    let mut t = Term::new();
    t.text("kubectl create sa app", true);
    t.text(r#"kubectl run p --image=nginx --overrides='{"spec":{"serviceAccountName":"app"}}'"#, true);
    t.engine.settle(60_000);
    let token = t.text("kubectl create token app --bound-object-kind=Pod --bound-object-name=p", true).trim().to_string();
    t.text(&format!("kubectl config set-credentials app --token={token}"), true);
    let json = t.text("kubectl --user=app auth whoami -o yaml", true);
    for key in ["credential-id", "node-name", "node-uid", "pod-name", "pod-uid"] {
        assert!(json.contains(&format!("authentication.kubernetes.io/{key}:")), "{key}: {json}");
    }
    assert!(json.contains("      authentication.kubernetes.io/pod-name:\n      - p\n"), "{json}");
    t.text("kubectl delete pod p --now", true);
    t.engine.settle(60_000);
    assert_eq!(t.text("kubectl --user=app auth whoami", false), "error: You must be logged in to the server (Unauthorized)\n");
}

// bearertoken.Authenticator: only a non-empty bearer token is checked;
// any other Authorization header leaves the request anonymous.
#[test]
fn bearer_headers() {
    let mut t = Term::new();
    t.text("kubectl create sa app", true);
    let token = t.text("kubectl create token app", true).trim().to_string();
    let store = t.engine.store();
    let now = t.engine.now();
    let user = |h: Option<&str>| bearer(h, store, now).map(|w| w.map(|w| w.user.name));
    let with = format!("Bearer {token}");
    let lower = format!("bearer {token}");
    type Case<'a> = (Option<&'a str>, Result<Option<&'a str>, Unauthorized>);
    let cases: &[Case] = &[
        (None, Ok(None)),
        (Some(""), Ok(None)),
        (Some("Bearer"), Ok(None)),
        (Some("Bearer "), Ok(None)),
        (Some("Basic YWRtaW46YWRtaW4="), Ok(None)),
        (Some(&with), Ok(Some("system:serviceaccount:default:app"))),
        (Some(&lower), Ok(Some("system:serviceaccount:default:app"))),
        (Some("Bearer x.y.z"), Err(Unauthorized)),
        (Some("Bearer garbage"), Err(Unauthorized)),
    ];
    for (header, want) in cases {
        assert_eq!(user(*header), want.map(|w| w.map(str::to_string)), "{header:?}");
    }
}

// The token the kubelet writes into a pod's volume is one the API server
// issued: it authenticates as the pod's account while the pod exists.
#[test]
fn projected_token_authenticates() {
    let mut t = Term::new();
    t.text("kubectl run p --image=busybox -- sleep 3600", true);
    t.engine.advance(30_000);
    let token = t.text("kubectl exec p -- cat /var/run/secrets/kubernetes.io/serviceaccount/token", true);
    let header = format!("Bearer {token}");
    let who = bearer(Some(&header), t.engine.store(), t.engine.now()).expect("authenticated").expect("a user");
    assert_eq!(who.user.name, "system:serviceaccount:default:default");
    assert!(who.extra.iter().any(|(k, v)| k == "authentication.kubernetes.io/pod-name" && v == &["p".to_string()]), "{:?}", who.extra);
    // Stretched to a year: still good a day later.
    t.engine.advance(24 * 3600 * 1000);
    assert!(matches!(bearer(Some(&header), t.engine.store(), t.engine.now()), Ok(Some(_))));
    t.text("kubectl delete pod p --now", true);
    t.engine.advance(60_000);
    assert_eq!(bearer(Some(&header), t.engine.store(), t.engine.now()).map(|_| ()), Err(Unauthorized));
}

// clientcmd validates the cluster's CA file after the user's files, and
// reads a relative one from the kubeconfig's directory.
#[test]
fn missing_certificate_authority_file() {
    let mut t = Term::new();
    t.text("kubectl config set-cluster dev --server=https://127.0.0.1:6443 --certificate-authority=ca.crt", true);
    t.text("kubectl config set-credentials dev --client-certificate=c.crt --client-key=c.key", true);
    t.text("kubectl config set-context dev --cluster=dev --user=dev", true);
    assert_eq!(
        t.text("kubectl --context=dev get pods", false),
        "Error in configuration: \n\
         * unable to read client-cert /root/c.crt for dev due to open /root/c.crt: no such file or directory\n\
         * unable to read client-key /root/c.key for dev due to open /root/c.key: no such file or directory\n\
         * unable to read certificate-authority /root/ca.crt for dev due to open /root/ca.crt: no such file or directory\n"
    );
    t.text("kubectl config set-credentials basic --username=u --password=p", true);
    t.text("kubectl config set-context dev --user=basic", true);
    assert_eq!(t.text("kubectl --context=dev get pods", false), "error: unable to read certificate-authority /root/ca.crt for dev due to open /root/ca.crt: no such file or directory\n");
    // Through --kubeconfig, a relative path is the file's directory's.
    t.files.push(("sub/kc".into(), "clusters:\n- name: c\n  cluster: {server: 'https://127.0.0.1:6443', certificate-authority: ca.crt}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\nusers:\n- name: u\n  user: {token: abc}\ncurrent-context: x\n".into()));
    assert_eq!(t.text("kubectl --kubeconfig=sub/kc get pods", false), "error: unable to read certificate-authority /root/sub/ca.crt for c due to open /root/sub/ca.crt: no such file or directory\n");
}

/// A CSR for CN=new-admin, O=system:authenticated (the CKA exercises'
/// cfssl request, on an EC key).
const NEW_ADMIN_CSR: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlJQk9qQ0I0UUlCQURCL01Rc3dDUVlEVlFRR0V3SkdVakVNTUFvR0ExVUVDQXdEU1VSR01RNHdEQVlEVlFRSApEQVZRWVhKcGN6RWRNQnNHQTFVRUNnd1VjM2x6ZEdWdE9tRjFkR2hsYm5ScFkyRjBaV1F4SHpBZEJnTlZCQXNNCkZrTkxRU0J3Y21GamRHbGpaU0JsZUdWeVkybHpaWE14RWpBUUJnTlZCQU1NQ1c1bGR5MWhaRzFwYmpCWk1CTUcKQnlxR1NNNDlBZ0VHQ0NxR1NNNDlBd0VIQTBJQUJHTHNSV3lQRTlBV1lkeWlUSkZvL0ZTaXdQLytGK2JjVUZlaAoycG5MWXFJMjF5S21tRjVPZnJCa1Vlb2ZVWkd1cTRIVXg2Vk96T3lDeVN1UXJjZFdyc3lnQURBS0JnZ3Foa2pPClBRUURBZ05JQURCRkFpQjdDbVBaSUJnSmphM010d2MxN0poODJzSlc4UStObEdGeDJ0R2NhbG9rOVFJaEFMeFIKUS9uYm5rWENneEJzNG5YZDhOSFpkd2RHOFFKbkI3aVJQRlROVVlmUwotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K";

// The authenticated-group adder leaves a user whose certificate already
// names system:authenticated as it is.
#[test]
fn a_certificate_in_system_authenticated_is_in_it_once() {
    let mut t = Term::new();
    let manifest = format!(
        "apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata:\n  name: new-admin\nspec:\n  request: {NEW_ADMIN_CSR}\n  signerName: kubernetes.io/kube-apiserver-client\n  usages:\n  - client auth\n"
    );
    t.files.push(("csr.yaml".into(), manifest));
    t.text("kubectl create -f csr.yaml", true);
    t.text("kubectl certificate approve new-admin", true);
    t.engine.settle(kubeplay_engine::DEFAULT_SETTLE_MS);
    let cert = t.text("kubectl get csr new-admin -o jsonpath={.status.certificate}", true);
    let pem = kubeplay_model::base64::decode(cert.trim()).expect("issued");
    let who = certificate_user(&pem, t.engine.now()).expect("verifies");
    assert_eq!((who.name.as_str(), who.groups), ("new-admin", vec!["system:authenticated".to_string()]));
}
