//! The traffic view the UI animates: per Service, per pod counts and the
//! latest requests, fed by `sim traffic`.

use kubeplay_playground::Playground;

#[test]
fn traffic_view_follows_a_stream() {
    let mut pg = Playground::new(1);
    for line in ["kubectl create deployment web --image=nginx --replicas=2", "kubectl expose deployment web --port=80", "sim settle"] {
        let out = pg.run(line, None);
        assert!(!out.failed, "{line}: {out:?}");
    }
    assert!(pg.traffic().streams.is_empty());
    assert!(!pg.run("sim traffic svc/web 20", None).failed);
    assert!(!pg.run("sim advance 5s", None).failed);
    let view = pg.traffic();
    assert_eq!(view.streams.len(), 1);
    let s = &view.streams[0];
    assert_eq!((s.namespace.as_str(), s.service.as_str(), s.port, s.rps, s.sent), ("default", "web", 80, 20, 100));
    assert_eq!(s.pods.len(), 2);
    assert_eq!(s.pods.iter().map(|p| p.total).sum::<u64>(), 100);
    assert_eq!(s.pods.iter().map(|p| p.last_second).sum::<u32>(), 20);
    assert_eq!(s.recent.len(), 100);
    assert!(s.recent.windows(2).all(|w| w[0].seq < w[1].seq && w[0].at_ms <= w[1].at_ms));
    assert!(s.recent.last().is_some_and(|r| r.at_ms <= view.now_ms && r.pod.is_some()));
    let json = serde_json::to_string(&view).unwrap();
    assert!(json.contains("\"streams\":[{\"namespace\":\"default\",\"service\":\"web\""), "{json}");
    assert!(!pg.run("sim traffic stop", None).failed);
    assert!(pg.traffic().streams.is_empty());
}
