use super::*;

// The page's config-demo: entries with nothing but a name, the bodies
// null (the page indents `name` under the list item, not the body).
const DEMO: &str = "apiVersion: v1\nkind: Config\npreferences: {}\n\nclusters:\n- cluster:\n  name: development\n- cluster:\n  name: test\n\nusers:\n- name: developer\n- name: experimenter\n\ncontexts:\n- context:\n  name: dev-frontend\n- context:\n  name: dev-storage\n- context:\n  name: exp-test\n";

#[test]
fn parses_entries_with_empty_bodies() {
    let kc = parse(DEMO).expect("parses");
    let names = |v: Vec<&str>| v.join(",");
    assert_eq!(
        names(kc.clusters.iter().map(|c| c.name.as_str()).collect()),
        "development,test"
    );
    assert_eq!(
        names(kc.users.iter().map(|c| c.name.as_str()).collect()),
        "developer,experimenter"
    );
    assert_eq!(
        names(kc.contexts.iter().map(|c| c.name.as_str()).collect()),
        "dev-frontend,dev-storage,exp-test"
    );
    assert_eq!(kc.current, "");
}

#[test]
fn round_trips_what_view_raw_prints() {
    let mut kc = Kubeconfig::default();
    kc.users.push(AuthInfo {
        name: "u".into(),
        username: "exp".into(),
        password: "p".into(),
        ..Default::default()
    });
    let text = encode(&kc);
    assert_eq!(parse(&text).expect("parses"), kc);
}

#[test]
fn bad_files_are_errors() {
    for (text, want) in [
        ("clusters: 3\n", "json: cannot unmarshal number into Go struct field Config.clusters of type []v1.NamedCluster"),
        ("current-context: [a]\n", "json: cannot unmarshal array into Go struct field Config.current-context of type string"),
        ("users:\n- name: u\n  user:\n    client-key-data: '!!'\n", ""),
        ("contexts:\n- name: c\n  context: {cluster: true}\n", "json: cannot unmarshal bool into Go struct field Context.contexts.context.cluster of type string"),
    ] {
        let got = parse(text).expect_err(text);
        assert!(got.starts_with(want), "{text}: {got}");
    }
    assert_eq!(parse("").expect("empty").current, "");
}

#[test]
fn paths_set_are_relative_to_the_files_directory() {
    let before = parse(DEMO).expect("parses");
    for (dir, set, want) in [
        ("/root", "/root/fake-ca-file", "fake-ca-file"),
        ("/root", "/root/.kube/ca", ".kube/ca"),
        ("/root/x", "/root/x", "."),
        ("/root/x", "/root/ca", "/root/ca"),
        ("/", "/root/ca", "root/ca"),
    ] {
        let mut kc = before.clone();
        kc.clusters[0].certificate_authority = config::stored(set);
        relativize(&mut kc, &before, dir);
        assert_eq!(kc.clusters[0].certificate_authority, want, "{dir} {set}");
    }
    // A path the command did not set stays as the file had it.
    let mut was = before.clone();
    was.clusters[0].certificate_authority = "ca".into();
    let mut kc = was.clone();
    kc.clusters[0].server = "https://1.2.3.4".into();
    relativize(&mut kc, &was, "/root");
    assert_eq!(kc.clusters[0].certificate_authority, "ca");
}
