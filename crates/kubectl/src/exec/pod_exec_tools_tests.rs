use super::*;

fn argv(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

fn shown(p: &Printed) -> String {
    p.pieces
        .iter()
        .map(|(err, t)| if *err { format!("E:{t}") } else { t.clone() })
        .collect()
}

fn answered(body: &str) -> Outcome {
    Outcome::Answered {
        ip: "10.96.0.5".into(),
        reply: Reply {
            headers: vec![
                "Server: nginx/1.29.1".into(),
                format!("Content-Length: {}", body.len()),
            ],
            body: Some(body.into()),
        },
    }
}

#[test]
fn wget_parses_busybox_options() {
    let cases: &[(&str, Result<Wget, &str>)] = &[
        (
            "-qO- http://web",
            Ok(Wget {
                quiet: true,
                output: Some("-".into()),
                url: "http://web".into(),
                ..Default::default()
            }),
        ),
        (
            "-q -O - --timeout=2 web",
            Ok(Wget {
                quiet: true,
                output: Some("-".into()),
                timeout_s: Some(2),
                url: "web".into(),
                ..Default::default()
            }),
        ),
        (
            "-T 5 --spider -S http://web:8080/x",
            Ok(Wget {
                spider: true,
                server_response: true,
                timeout_s: Some(5),
                url: "http://web:8080/x".into(),
                ..Default::default()
            }),
        ),
        (
            "-T2 -O/tmp/x web",
            Ok(Wget {
                timeout_s: Some(2),
                output: Some("/tmp/x".into()),
                url: "web".into(),
                ..Default::default()
            }),
        ),
        (
            "--output-document out.html -nv web",
            Ok(Wget {
                output: Some("out.html".into()),
                url: "web".into(),
                ..Default::default()
            }),
        ),
        (
            "--no-check-certificate --header A:b --header=C:d https://k",
            Ok(Wget {
                headers: vec!["A:b".into(), "C:d".into()],
                no_check_certificate: true,
                url: "https://k".into(),
                ..Default::default()
            }),
        ),
        ("-x web", Err("wget: invalid option -- 'x'")),
        ("--bogus web", Err("wget: unrecognized option '--bogus'")),
        ("-O", Err("wget: option requires an argument -- 'O'")),
    ];
    for (args, want) in cases {
        let got = parse_wget(&argv(args));
        match want {
            Ok(w) => assert_eq!(got.as_ref(), Ok(w), "{args}"),
            Err(e) => assert_eq!(got.as_ref().err().map(String::as_str), Some(*e), "{args}"),
        }
    }
    assert!(parse_wget(&argv("-q")).unwrap_err().contains("Usage: wget"));
}

#[test]
fn wget_prints_what_busybox_prints() {
    let w = |args: &str| parse_wget(&argv(args)).unwrap();
    let bar = format!(
        "-                    100% |{}|     5  0:00:00 ETA\n",
        "*".repeat(32)
    );
    let cases: Vec<(Wget, Outcome, String, i32)> = vec![
        (w("-qO- http://web"), answered("hello"), "hello".into(), 0),
        // busybox's TLS: no certificate checks, which it says even with -q.
        (w("-qO- https://web"), answered("hello"), "E:wget: note: TLS certificate validation not implemented\nhello".into(), 0),
        (w("-qO- --no-check-certificate https://web"), answered("hello"), "hello".into(), 0),
        (w("-O- http://web"), answered("hello"), format!("E:Connecting to web (10.96.0.5:80)\nE:writing to stdout\nhelloE:{bar}E:written to stdout\n"), 0),
        (w("http://web/a/b.txt"), answered("hello"), format!("E:Connecting to web (10.96.0.5:80)\nE:saving to 'b.txt'\nE:b.txt                100% |{}|     5  0:00:00 ETA\nE:'b.txt' saved\n", "*".repeat(32)), 0),
        (w("-q --spider -S http://web"), answered("hello"), "E:  HTTP/1.1 200 OK\nE:  Server: nginx/1.29.1\nE:  Content-Length: 5\nE:  \n".into(), 0),
        (w("-qO- web"), Outcome::Unresolved { blocked: false }, "E:wget: bad address 'web'\n".into(), 1),
        (w("-qO- web"), Outcome::Refused { ip: "10.96.0.5".into() }, "E:wget: can't connect to remote host (10.96.0.5): Connection refused\n".into(), 1),
        (w("-qO- --timeout=2 web"), Outcome::Unanswered { ip: "10.96.0.5".into() }, "E:wget: download timed out\n".into(), 1),
        (w("-qO- web"), Outcome::Unanswered { ip: "10.96.0.5".into() }, "E:wget: can't connect to remote host (10.96.0.5): Connection timed out\n".into(), 1),
    ];
    for (args, outcome, want, code) in cases {
        let p = wget(&args, "web", 80, &outcome);
        assert_eq!((shown(&p), p.code), (want, code), "{args:?} {outcome:?}");
    }
}

#[test]
fn wget_bar_matches_busybox_layout() {
    assert_eq!(
        wget_bar("-", 615),
        format!(
            "-                    100% |{}|   615  0:00:00 ETA",
            "*".repeat(32)
        )
    );
    assert_eq!(
        wget_bar("index.html", 615),
        format!(
            "index.html           100% |{}|   615  0:00:00 ETA",
            "*".repeat(32)
        )
    );
    assert_eq!(
        wget_bar("a-very-long-file-name.html", 150_000),
        format!(
            "a-very-long-file-nam 100% |{}|   146k 0:00:00 ETA",
            "*".repeat(32)
        )
    );
    assert_eq!(wget_file("http://web"), "index.html");
    assert_eq!(wget_file("http://web/"), "index.html");
    assert_eq!(wget_file("web/x/y.json?z=1"), "y.json");
}

#[test]
fn curl_parses_options() {
    let c = |args: &str| parse_curl(&argv(args));
    assert_eq!(
        c("-sS -m 2 http://web").unwrap(),
        Curl {
            silent: true,
            show_error: true,
            max_time: Some(2.0),
            url: "http://web".into(),
            ..Default::default()
        }
    );
    assert_eq!(
        c("-s -o /dev/null -w %{http_code} web").unwrap(),
        Curl {
            silent: true,
            output: Some("/dev/null".into()),
            write_out: Some("%{http_code}".into()),
            url: "web".into(),
            ..Default::default()
        }
    );
    assert_eq!(
        c("--connect-timeout 1.5 -I web").unwrap(),
        Curl {
            head: true,
            connect_timeout: Some(1.5),
            url: "web".into(),
            ..Default::default()
        }
    );
    assert_eq!(
        c("-fsSLm3 web").unwrap(),
        Curl {
            fail: true,
            silent: true,
            show_error: true,
            max_time: Some(3.0),
            url: "web".into(),
            ..Default::default()
        }
    );
    let delete = c("-X DELETE web -d {\"a\":1} -d b=2 -H Content-Type:application/json").unwrap();
    assert_eq!((delete.method(), delete.data.as_deref(), delete.writes()), ("DELETE", Some("{\"a\":1}&b=2"), true));
    assert_eq!(delete.content_type().as_deref(), Some("application/json"));
    let post = c("--data x web").unwrap();
    assert_eq!((post.method(), post.content_type().as_deref()), ("POST", Some("application/x-www-form-urlencoded")));
    assert_eq!((c("-I web").unwrap().method(), c("-I web").unwrap().writes()), ("HEAD", false));
    assert!(!c("--request GET web").unwrap().writes());
    // TLS: -k and --cacert; --oauth2-bearer is an Authorization header.
    let tls = c("-k --cacert /ca.crt --oauth2-bearer t https://web").unwrap();
    assert_eq!((tls.insecure, tls.cacert.as_deref(), tls.header("authorization")), (true, Some("/ca.crt"), Some("Bearer t")));
    assert!(c("--insecure web").unwrap().cacert.is_none() && c("--insecure web").unwrap().insecure);
    let err = |args: &str| shown(&c(args).unwrap_err());
    assert_eq!(err("-X"), "E:curl: option -X: requires parameter\nE:curl: try 'curl --help' or 'curl --manual' for more information\n");
    assert_eq!(err("-Z web"), "E:curl: option -Z: is unknown\nE:curl: try 'curl --help' or 'curl --manual' for more information\n");
    assert_eq!(err("-s"), "E:curl: no URL specified\nE:curl: try 'curl --help' or 'curl --manual' for more information\n");
    assert_eq!(err("-m x web"), "E:curl: option -m: expected a proper numerical parameter\nE:curl: try 'curl --help' or 'curl --manual' for more information\n");
    assert_eq!(c("-Z web").unwrap_err().code, 2);
}

#[test]
fn curl_prints_what_curl_8_prints() {
    let c = |args: &str| parse_curl(&argv(args)).unwrap();
    let cases: Vec<(Curl, Outcome, &str, i32)> = vec![
        (c("-s web"), answered("hello"), "hello", 0),
        (c("-s -o /dev/null -w %{http_code} web"), answered("hello"), "200", 0),
        (c("-s web"), Outcome::Unresolved { blocked: false }, "", 6),
        (c("-sS web"), Outcome::Unresolved { blocked: false }, "E:curl: (6) Could not resolve host: web\n", 6),
        (c("-sS -m 2 web"), Outcome::Unresolved { blocked: true }, "E:curl: (28) Resolving timed out after 2001 milliseconds\n", 28),
        (c("-sS web"), Outcome::Unresolved { blocked: true }, "E:curl: (6) Could not resolve host: web\n", 6),
        (c("-sS web"), Outcome::Refused { ip: "10.96.0.5".into() }, "E:curl: (7) Failed to connect to web port 80 after 0 ms: Couldn't connect to server\n", 7),
        (c("-sS -m 2 web"), Outcome::Unanswered { ip: "x".into() }, "E:curl: (28) Connection timed out after 2001 milliseconds\n", 28),
        (c("-sS --connect-timeout 2 web"), Outcome::Unanswered { ip: "x".into() }, "E:curl: (28) Failed to connect to web port 80 after 2001 ms: Timeout was reached\n", 28),
        (c("-sS --connect-timeout 5 -m 1 web"), Outcome::Unanswered { ip: "x".into() }, "E:curl: (28) Connection timed out after 1001 milliseconds\n", 28),
        (c("-sS web"), Outcome::Unanswered { ip: "x".into() }, "E:curl: (28) Failed to connect to web port 80 after 130000 ms: Couldn't connect to server\n", 28),
        (c("-s -w %{http_code}\\n web"), Outcome::Refused { ip: "x".into() }, "000\n", 7),
        (c("-sI web"), answered("hello"), "HTTP/1.1 200 OK\nServer: nginx/1.29.1\nContent-Length: 5\n\n", 0),
    ];
    for (args, outcome, want, code) in cases {
        let p = curl(&args, "web", 80, &outcome);
        assert_eq!(
            (shown(&p).as_str(), p.code),
            (want, code),
            "{args:?} {outcome:?}"
        );
    }
}

#[test]
fn curl_meter_layout() {
    // curl's meter as a pipe sees it (a transfer of 615 bytes in 1 ms).
    assert_eq!(
        meter(615, 615, 615_000, None),
        "100   615  100   615    0     0   600k      0 --:--:-- --:--:-- --:--:--  600k"
    );
    assert_eq!(
        meter(0, 0, 0, Some(2)),
        "  0     0    0     0    0     0      0      0 --:--:--  0:00:02 --:--:--     0"
    );
    assert_eq!(max5(99_999), "99999");
    assert_eq!(max5(12 * 1024 * 1024), "12.0M");
    let p = curl(
        &parse_curl(&argv("web")).unwrap(),
        "web",
        80,
        &answered("hello"),
    );
    assert_eq!(shown(&p), format!("E:{METER_HEAD}\nhelloE:100     5  100     5    0     0   5000      0 --:--:-- --:--:-- --:--:--  5000\n"));
}

fn lookup_with<'a>(
    blocked: bool,
    answer: &'a dyn Fn(&str) -> Dns,
    ptr: &'a dyn Fn(&str) -> Option<String>,
    search: &'a [String],
) -> Lookup<'a> {
    Lookup {
        server: "10.96.0.10",
        server_ip: "10.96.0.10",
        blocked,
        answer,
        ptr,
        srv: &|_| None,
        search,
    }
}

#[test]
fn nslookup_layouts() {
    let search: Vec<String> = [
        "default.svc.cluster.local",
        "svc.cluster.local",
        "cluster.local",
    ]
    .map(String::from)
    .into();
    let answer = |q: &str| match q {
        "web.default.svc.cluster.local" => Dns::A(vec!["10.96.0.5".into()]),
        "db.default.svc.cluster.local" => Dns::A(vec!["10.244.1.3".into(), "10.244.2.4".into()]),
        _ => Dns::NxDomain,
    };
    let ptr = |ip: &str| {
        (ip == "10.96.0.10").then(|| "kube-dns.kube-system.svc.cluster.local".to_string())
    };
    let l = lookup_with(false, &answer, &ptr, &search);
    let head = "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n";
    let cases: Vec<(Nslookup, &str, String, i32)> = vec![
        // busybox 1.36 asks under every search domain and reports each.
        (
            Nslookup::Busybox,
            "web",
            format!("{head}Name:\tweb.default.svc.cluster.local\nAddress: 10.96.0.5\n\n** server can't find web.svc.cluster.local: NXDOMAIN\n\n** server can't find web.cluster.local: NXDOMAIN\n\n\n** server can't find web.svc.cluster.local: NXDOMAIN\n\n** server can't find web.cluster.local: NXDOMAIN\n\n"),
            1,
        ),
        (Nslookup::Busybox, "web.default.svc.cluster.local", format!("{head}Name:\tweb.default.svc.cluster.local\nAddress: 10.96.0.5\n\n\n"), 0),
        // A dotted name goes out as it is (no search): CoreDNS forwards it.
        (Nslookup::Busybox, "web.default", format!("{head}** server can't find web.default: NXDOMAIN\n\n** server can't find web.default: NXDOMAIN\n\n"), 1),
        (Nslookup::Busybox, "db.default.svc.cluster.local", format!("{head}Name:\tdb.default.svc.cluster.local\nAddress: 10.244.1.3\nName:\tdb.default.svc.cluster.local\nAddress: 10.244.2.4\n\n\n"), 0),
        (Nslookup::Bind, "web", "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tweb.default.svc.cluster.local\nAddress: 10.96.0.5\n\n".into(), 0),
        (Nslookup::Bind, "nope", "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\n** server can't find nope: NXDOMAIN\n\n".into(), 1),
        (Nslookup::BindOld, "web", "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tweb.default.svc.cluster.local\nAddress: 10.96.0.5\n\n".into(), 0),
        (Nslookup::BusyboxOld, "web", "Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      web\nAddress 1: 10.96.0.5\n".into(), 0),
        (Nslookup::BusyboxOld, "nope", "Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nE:nslookup: can't resolve 'nope'\n".into(), 1),
        (Nslookup::Busybox, "10.96.0.10", format!("{head}10.0.96.10.in-addr.arpa\tname = kube-dns.kube-system.svc.cluster.local\n\n"), 0),
    ];
    for (kind, name, want, code) in cases {
        let p = nslookup(kind, &argv(name), &l);
        assert_eq!((shown(&p), p.code), (want, code), "{kind:?} {name}");
    }
    let blocked = lookup_with(true, &answer, &ptr, &search);
    let p = nslookup(Nslookup::Busybox, &argv("web"), &blocked);
    assert_eq!(
        (shown(&p).as_str(), p.code),
        (
            ";; connection timed out; no servers could be reached\n\n",
            1
        )
    );
    let p = nslookup(Nslookup::Bind, &argv("web"), &blocked);
    assert!(shown(&p).ends_with(";; no servers could be reached\n\n"));
    // BIND 9.9 (jessie) said it in one line.
    let p = nslookup(Nslookup::BindOld, &argv("web"), &blocked);
    assert_eq!((shown(&p).as_str(), p.code), (";; connection timed out; no servers could be reached\n\n", 1));
    assert_eq!(nslookup(Nslookup::Busybox, &[], &l).code, 1);
}

#[test]
fn nslookup_record_types() {
    use kubeplay_engine::network::Srv;
    let search: Vec<String> = ["quux.svc.cluster.local", "svc.cluster.local", "cluster.local"].map(String::from).into();
    let answer = |q: &str| match q {
        "foo.bar.svc.cluster.local" => Dns::A(vec!["10.96.0.5".into()]),
        "ext.bar.svc.cluster.local" => Dns::Cname("my.database.example.com".into()),
        _ => Dns::NxDomain,
    };
    let ptr = |_: &str| None;
    let srv = |q: &str| match q {
        "_http._tcp.foo.bar.svc.cluster.local" => Some(vec![Srv { priority: 0, weight: 100, port: 80, target: "foo.bar.svc.cluster.local".into() }]),
        "_udp._udp.foo.bar.svc.cluster.local" => Some(vec![]),
        _ => None,
    };
    let l = Lookup { server: "10.96.0.10", server_ip: "10.96.0.10", blocked: false, answer: &answer, ptr: &ptr, srv: &srv, search: &search };
    let bind = "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\n";
    let bb = "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n";
    let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let cases: Vec<(Nslookup, &str, String, i32)> = vec![
        // BIND walks the search list and prints the target with the root's dot.
        (Nslookup::Bind, "-type=srv _http._tcp.foo.bar", format!("{bind}_http._tcp.foo.bar.svc.cluster.local\tservice = 0 100 80 foo.bar.svc.cluster.local.\n\n"), 0),
        (Nslookup::BindOld, "-query=SRV _http._tcp.foo.bar.svc.cluster.local", format!("{bind}_http._tcp.foo.bar.svc.cluster.local\tservice = 0 100 80 foo.bar.svc.cluster.local.\n\n"), 0),
        (Nslookup::Bind, "-type=srv _nope._tcp.foo.bar", format!("{bind}** server can't find _nope._tcp.foo.bar: NXDOMAIN\n\n"), 1),
        // busybox sends a dotted name as it is.
        (Nslookup::Busybox, "-type=srv _http._tcp.foo.bar.svc.cluster.local", format!("{bb}_http._tcp.foo.bar.svc.cluster.local\tservice = 0 100 80 foo.bar.svc.cluster.local\n\n"), 0),
        (Nslookup::Busybox, "-type=srv _http._tcp.foo.bar", format!("{bb}** server can't find _http._tcp.foo.bar: NXDOMAIN\n\n"), 1),
        (Nslookup::Busybox, "-type=srv _udp._udp.foo.bar.svc.cluster.local", format!("{bb}*** Can't find _udp._udp.foo.bar.svc.cluster.local: No answer\n\n"), 0),
        // -type=a asks A alone: no AAAA reply follows.
        (Nslookup::Busybox, "-type=a foo.bar.svc.cluster.local", format!("{bb}Name:\tfoo.bar.svc.cluster.local\nAddress: 10.96.0.5\n\n"), 0),
        (Nslookup::Bind, "ext.bar", format!("{bind}ext.bar.svc.cluster.local\tcanonical name = my.database.example.com.\n\n"), 0),
    ];
    for (kind, line, want, code) in cases {
        let p = nslookup(kind, &args(line), &l);
        assert_eq!((shown(&p), p.code), (want, code), "{kind:?} {line}");
    }
}

// busybox wget saves to -O's file or the URL's last path part, and opens
// a name it chose itself exclusively: a second download fails once
// connected, where -O FILE overwrites.
#[test]
fn wget_saves_where_busybox_does() {
    let w = |args: &str| parse_wget(&argv(args)).unwrap();
    for (args, want) in [
        ("web", Some("index.html")),
        ("http://web/a/b.txt?x=1", Some("b.txt")),
        ("-O /tmp/x web", Some("/tmp/x")),
        ("-P /tmp/ web", Some("/tmp/index.html")),
        ("--directory-prefix=d http://web/f", Some("d/f")),
        ("-O- web", None),
        ("--spider web", None),
    ] {
        assert_eq!(w(args).target().as_deref(), want, "{args}");
    }
    let there = Wget { exists: true, ..w("web") };
    let p = wget(&there, "web", 80, &answered("hi\n"));
    assert_eq!((shown(&p), p.code), ("E:Connecting to web (10.96.0.5:80)\nE:wget: can't open 'index.html': File exists\n".to_string(), 1));
    let p = wget(&Wget { exists: true, ..w("-O index.html web") }, "web", 80, &answered("hi\n"));
    assert_eq!(p.code, 0, "{}", shown(&p));
}
