use super::*;
use kubeplay_engine::Engine;
use kubeplay_model::api::Container;

fn argv(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

#[test]
fn client_options() {
    let cases: &[(&[&str], Args)] = &[
        (&["mysql", "-h", "mysql-0.mysql"], Args { host: Some("mysql-0.mysql".into()), port: 3306, ..Default::default() }),
        (&["mysql", "-h", "mysql-read", "-e", "SELECT * FROM test.messages"], Args { host: Some("mysql-read".into()), port: 3306, execute: Some("SELECT * FROM test.messages".into()), ..Default::default() }),
        (&["mysql", "-hdb", "-P3307", "-uroot", "-ppassword", "-N", "test"], Args { host: Some("db".into()), port: 3307, database: Some("test".into()), skip_names: true, ..Default::default() }),
        (&["mysql", "--host=db", "--execute=SELECT 1", "-t"], Args { host: Some("db".into()), port: 3306, execute: Some("SELECT 1".into()), table: true, ..Default::default() }),
    ];
    for (words, want) in cases {
        assert_eq!(&parse_args(&argv(words)), want, "{words:?}");
    }
}

// The page's here-document: three statements, each with its line.
#[test]
fn statements_split_on_semicolons_outside_quotes() {
    let text = "CREATE DATABASE test;\nCREATE TABLE test.messages (message VARCHAR(250));\nINSERT INTO test.messages VALUES ('hello; world');\n";
    let got = statements(text);
    assert_eq!(
        got,
        vec![
            (1, "CREATE DATABASE test".to_string()),
            (2, "CREATE TABLE test.messages (message VARCHAR(250))".to_string()),
            (3, "INSERT INTO test.messages VALUES ('hello; world')".to_string()),
        ]
    );
    assert_eq!(statements("SELECT @@server_id,NOW()"), vec![(1, "SELECT @@server_id,NOW()".to_string())]);
    assert!(statements("  ;\n").is_empty());
}

#[test]
fn tokens() {
    assert_eq!(
        tokenize("INSERT INTO t VALUES ('hello', 2, NULL)").unwrap_or_default().len(),
        11
    );
    assert_eq!(tokenize("SELECT @@server_id,NOW()").unwrap_or_default(), vec![Tok::Word("SELECT".into()), Tok::Word("@@server_id".into()), Tok::Punct(','), Tok::Word("NOW".into()), Tok::Punct('('), Tok::Punct(')')]);
    assert_eq!(tokenize("SELECT 'open").map_err(|e| e.code), Err("1064 (42000)"));
}

// mysql's boxes: numbers right-aligned, text left; batch mode tabs.
#[test]
fn results_as_mysql_prints_them() {
    let rs = ResultSet { columns: vec![column("@@server_id", true, false), column("NOW()", false, false)], rows: vec![vec![Some("100".into()), Some("2006-01-02 15:04:05".into())]] };
    assert_eq!(
        render(&rs, true, true),
        "+-------------+---------------------+\n| @@server_id | NOW()               |\n+-------------+---------------------+\n|         100 | 2006-01-02 15:04:05 |\n+-------------+---------------------+\n"
    );
    assert_eq!(render(&rs, false, true), "@@server_id\tNOW()\n100\t2006-01-02 15:04:05\n");
    assert_eq!(render(&rs, false, false), "100\t2006-01-02 15:04:05\n");
    let rs = ResultSet { columns: vec![column("message", false, true)], rows: vec![vec![Some("hello".into())], vec![None]] };
    assert_eq!(render(&rs, true, true), "+---------+\n| message |\n+---------+\n| hello   |\n| NULL    |\n+---------+\n");
    let empty = ResultSet { columns: vec![column("message", false, true)], rows: vec![] };
    assert_eq!(render(&empty, true, true), "");
    // A nullable column is never narrower than NULL; `SELECT 1`'s is.
    let narrow = ResultSet { columns: vec![column("n", true, true), column("1", true, false)], rows: vec![vec![Some("1".into()), Some("1".into())]] };
    assert_eq!(render(&narrow, true, true), "+------+---+\n| n    | 1 |\n+------+---+\n|    1 | 1 |\n+------+---+\n");
}

#[test]
fn escaping_round_trips() {
    for v in ["plain", "tab\there", "line\nbreak", "back\\slash"] {
        assert_eq!(unescape(&escape(v)), v);
    }
    assert_eq!(escape("a\tb"), "a\\tb");
}

fn pod(name: &str, init_script: Option<&str>, image: &str) -> Pod {
    let mut p = Pod::default();
    p.metadata.name = name.into();
    let init: Vec<Container> = init_script.map(|s| Container { name: "init-mysql".into(), command: vec!["bash".into(), "-c".into(), s.into()], ..Default::default() }).into_iter().collect();
    *p.spec_mut().init_containers = init;
    *p.spec_mut().containers = vec![Container { name: "mysql".into(), image: Some(image.into()), ..Default::default() }];
    p
}

// The page's init-mysql writes server-id=$((100 + $ordinal)).
#[test]
fn server_ids() {
    let script = "set -ex\n[[ `hostname` =~ -([0-9]+)$ ]] || exit 1\nordinal=${BASH_REMATCH[1]}\necho [mysqld] > /mnt/conf.d/server-id.cnf\n# Add an offset to avoid reserved server-id=0 value.\necho server-id=$((100 + $ordinal)) >> /mnt/conf.d/server-id.cnf\n";
    assert_eq!(server_id(&pod("mysql-0", Some(script), "mysql:5.7")), 100);
    assert_eq!(server_id(&pod("mysql-4", Some(script), "mysql:5.7")), 104);
    assert_eq!(server_id(&pod("db-0", Some("echo server-id=7 > /etc/mysql/conf.d/id.cnf"), "mysql:5.7")), 7);
    assert_eq!(server_id(&pod("db", None, "mysql:5.7")), 0, "5.7's default");
    assert_eq!(server_id(&pod("db", None, "mysql:8.0")), 1, "8.0's default");
}

fn kubectl(e: &mut Engine, line: &str) -> crate::exec::Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => crate::exec::execute(&inv, e, crate::exec::Io::default()).unwrap_or_default(),
        other => panic!("{line}: {other:?}"),
    }
}

// Statements on a server in the pod itself (the socket): what they keep,
// and MySQL's errors with the line they stopped at.
#[test]
fn statements_run_on_the_server() {
    let mut e = Engine::with_default_cluster(7);
    let out = kubectl(&mut e, "kubectl run db --image=mysql:5.7 --env=MYSQL_ALLOW_EMPTY_PASSWORD=1");
    assert!(!out.failed, "{}", out.stderr);
    let early = {
        e.advance(10_000);
        kubectl(&mut e, "kubectl exec db -- mysql -e 'SELECT 1'")
    };
    assert_eq!(early.stderr, "ERROR 2002 (HY000): Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)\ncommand terminated with exit code 1\n", "mysqld is still initialising");
    e.advance(30_000);
    let cases: &[(&str, &str, &str)] = &[
        ("kubectl exec db -- mysql -e \"CREATE DATABASE d; CREATE TABLE d.t (n INT, s VARCHAR(9)); INSERT INTO d.t VALUES (1,'a'),(22,NULL)\"", "", ""),
        ("kubectl exec db -- mysql -t -e 'SELECT * FROM d.t'", "+------+------+\n| n    | s    |\n+------+------+\n|    1 | a    |\n|   22 | NULL |\n+------+------+\n", ""),
        ("kubectl exec db -- mysql -e 'SELECT * FROM d.t'", "n\ts\n1\ta\n22\tNULL\n", ""),
        ("kubectl exec db -- mysql d -N -e 'SELECT * FROM t'", "1\ta\n22\tNULL\n", ""),
        ("kubectl exec db -- mysql -e 'SELECT 1; CREATE DATABASE d; SELECT 2'", "1\n1\n", "ERROR 1007 (HY000) at line 1: Can't create database 'd'; database exists\ncommand terminated with exit code 1\n"),
        ("kubectl exec db -- mysql -e 'SELECT * FROM d.nope'", "", "ERROR 1146 (42S02) at line 1: Table 'd.nope' doesn't exist\ncommand terminated with exit code 1\n"),
        ("kubectl exec db -- mysql -e 'SELECT * FROM t'", "", "ERROR 1046 (3D000) at line 1: No database selected\ncommand terminated with exit code 1\n"),
        ("kubectl exec db -- mysql -e 'SHOW DATABASES'", "Database\ninformation_schema\nmysql\nperformance_schema\nsys\nd\n", ""),
        ("kubectl exec db -- mysql -h nowhere -e 'SELECT 1'", "", "ERROR 2005 (HY000): Unknown MySQL server host 'nowhere' (-2)\ncommand terminated with exit code 1\n"),
    ];
    for (line, stdout, stderr) in cases {
        let o = kubectl(&mut e, line);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str()), (*stdout, *stderr), "{line}");
    }
}
