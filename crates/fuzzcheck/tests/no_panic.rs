//! The fuzz targets' short run, part of `cargo test`: a few thousand
//! generated inputs per entry point (seeded from the project's own
//! manifests and kubectl's vocabulary, then mutated), each of which must be
//! handled without a panic and with the entry point's invariants intact.
//! The long runs are libFuzzer's (fuzz/, README "Reliability").

use kubeplay_fuzzcheck as fc;
use proptest::prelude::*;

/// Real manifests the decoder must take apart when mangled.
const MANIFESTS: &[&str] = &[
    include_str!("../../../static/examples/nginx-deployment.yaml"),
    include_str!("../../codec/tests/kubectl/deployment.yaml"),
    include_str!("../../codec/tests/kubectl/cronjob.yaml"),
    include_str!("../../codec/tests/kubectl/job.yaml"),
    include_str!("../../codec/tests/kubectl/service.yaml"),
    include_str!("../../codec/tests/kubectl/configmap-tricky.yaml"),
    include_str!("../../codec/tests/kubectl/configmap-escapes.yaml"),
    include_str!("../../codec/tests/kubectl/deployment.json"),
    // One of each other kind people paste, older apiVersions and a List.
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {app: web}\nspec:\n  priorityClassName: high\n  securityContext: {runAsUser: 1000}\n  containers:\n  - name: c\n    image: nginx:1.25\n    resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: 128Mi}}\n    volumeMounts: [{name: d, mountPath: /d}]\n    env: [{name: NODE, valueFrom: {fieldRef: {fieldPath: spec.nodeName}}}]\n  volumes: [{name: d, emptyDir: {sizeLimit: 1Gi}}]\n",
    "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  serviceName: db\n  replicas: 2\n  selector: {matchLabels: {app: db}}\n  template:\n    metadata: {labels: {app: db}}\n    spec: {containers: [{name: db, image: postgres:16}]}\n  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n",
    "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: agent}}\n  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 1}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec:\n      tolerations: [{operator: Exists}]\n      containers: [{name: a, image: busybox}]\n",
    "apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: web}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  minReplicas: 1\n  maxReplicas: 5\n  targetCPUUtilizationPercentage: 50\n",
    "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: web}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  maxReplicas: 5\n  metrics:\n  - type: Resource\n    resource: {name: cpu, target: {type: Utilization, averageUtilization: 60}}\n  behavior: {scaleDown: {stabilizationWindowSeconds: 60, policies: [{type: Pods, value: 1, periodSeconds: 30}]}}\n",
    "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web}\nspec:\n  minAvailable: 50%\n  selector: {matchLabels: {app: web}}\n",
    "apiVersion: v1\nkind: LimitRange\nmetadata: {name: limits}\nspec:\n  limits:\n  - type: Container\n    default: {cpu: 500m}\n    defaultRequest: {cpu: 250m}\n    max: {cpu: '1'}\n    maxLimitRequestRatio: {cpu: '2'}\n  - type: Pod\n    max: {memory: 1Gi}\n",
    "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q}\nspec:\n  hard: {pods: '10', requests.cpu: '2', limits.memory: 4Gi, count/deployments.apps: '3'}\n",
    "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\nglobalDefault: false\npreemptionPolicy: Never\ndescription: high\n",
    "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n  labels: {team: a}\n",
    "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv1}\nspec:\n  capacity: {storage: 5Gi}\n  accessModes: [ReadWriteOnce]\n  hostPath: {path: /data}\n---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: claim}\nspec:\n  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: 1Gi}}\n",
    "apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata:\n  name: web-abc\n  labels: {kubernetes.io/service-name: web}\naddressType: IPv4\nports: [{name: http, port: 80, protocol: TCP}]\nendpoints: [{addresses: [10.244.1.5], conditions: {ready: true}}]\n",
    "apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: old}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n  minReplicas: 1\n  maxReplicas: 4\n  targetCPUUtilizationPercentage: 70\n---\napiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: e1}\neventTime: '2025-01-01T00:00:00.000000Z'\nreportingController: example.com/c\nreportingInstance: i1\naction: Tested\nreason: Test\nregarding: {kind: Pod, name: web, namespace: default}\ntype: Normal\nnote: hello\n",
    "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data: {k: v}\n- apiVersion: v1\n  kind: Service\n  metadata: {name: web}\n  spec: {type: NodePort, selector: {app: web}, ports: [{port: 80, nodePort: 30080}]}\n",
];

/// The seeds are worth mutating only if they decode as they are.
#[test]
fn seeds_decode_cleanly() {
    for seed in MANIFESTS {
        let out = kubeplay_codec::decode_manifests(seed);
        assert!(!out.items.is_empty(), "{seed}");
        for item in out.items {
            let decoded = item.unwrap_or_else(|e| panic!("{e}\n{seed}"));
            let unknown: Vec<String> = decoded.warnings.iter().filter(|w| matches!(w, kubeplay_codec::Warning::UnknownField { .. })).map(ToString::to_string).collect();
            assert!(unknown.is_empty(), "{unknown:?}\n{seed}");
        }
    }
}

/// Fragments that make YAML (and JSON) parsers take unusual paths.
const YAML_BITS: &[&str] = &[
    ":", ": ", "- ", "\n", "\n  ", "  ", "\t", "{", "}", "[", "]", ",", "&a ", "*a", "<<: *a\n", "!!str ", "!!int ", "!!binary ", "'", "\"",
    "\\", "---\n", "...\n", "#", "|\n", ">-\n", "? ", "%YAML 1.2\n", "1e9", "-1", "100000000", "0x1F", "0o17", "1_000", ".inf", "null", "~",
    "yes", "\u{feff}", "\r\n", "kind: List\nitems:\n", "apiVersion: v1\n", "kind: Pod\n", "replicas: ", "cpu: ", "9223372036854775808",
];

/// A seed manifest with a few random edits (insert a fragment, delete or
/// duplicate a span), at character boundaries.
fn mangled(seeds: &'static [&'static str], bits: &'static [&'static str]) -> impl Strategy<Value = String> {
    let edit = (0..3u8, any::<prop::sample::Index>(), any::<prop::sample::Index>(), proptest::sample::select(bits));
    (proptest::sample::select(seeds), proptest::collection::vec(edit, 0..6)).prop_map(|(seed, edits)| {
        let mut s = seed.to_string();
        for (op, at, len, bit) in edits {
            let bounds: Vec<usize> = s.char_indices().map(|(i, _)| i).chain(std::iter::once(s.len())).collect();
            let start = bounds[at.index(bounds.len())];
            let end = bounds[(at.index(bounds.len()) + len.index(40)).min(bounds.len() - 1)];
            match op {
                0 => s.insert_str(start, bit),
                1 => s.replace_range(start..end, ""),
                _ => {
                    let span = s[start..end].to_string();
                    s.insert_str(end, &span);
                }
            }
        }
        s
    })
}

fn text_from(vocabulary: &'static [&'static str], max_words: usize, sep: &'static str) -> impl Strategy<Value = String> {
    let word = prop_oneof![
        6 => proptest::sample::select(vocabulary).prop_map(str::to_string),
        1 => "[ -~]{0,10}",
        1 => any::<String>().prop_map(|s| s.chars().take(6).collect()),
    ];
    proptest::collection::vec(word, 0..max_words).prop_map(move |w| w.join(sep))
}

const COMMAND_WORDS: &[&str] = &[
    "kubectl", "k", "sim", "get", "describe", "create", "apply", "delete", "scale", "rollout", "undo", "status", "history", "pause", "resume",
    "set", "image", "label", "annotate", "taint", "cordon", "drain", "expose", "run", "patch", "deployment", "deploy/web", "pods", "po,svc",
    "all", "nodes", "-n", "-A", "-o", "wide", "yaml", "json", "name", "jsonpath={.items[*].metadata.name}", "custom-columns=N:.metadata.name",
    "--sort-by=.metadata.name", "-l", "app=web", "app in (a,b)", "--field-selector", "status.phase=Running", "--replicas=3", "--image=nginx",
    "-f", "-", "--dry-run=client", "--", "'", "\"", "\\", "|", "#", "advance", "settle", "step", "10s", "1000h", "--timeout", "node", "add",
    "fail", "recover", "trace", "--last", "curl", "http://web", "explain", "seed", "42",
    // The terminal's shell.
    "| grep", "|", "grep", "-i", "-v", "-c", "-E", "'^(web|db)$'", "\\(", "head", "-1", "tail", "-n", "+2", "wc", "-l", "sort", "-k2", "-rn",
    "uniq", "-c", "cut", "-d' '", "-f1", "tr", "a-z", "A-Z", "awk", "'{print $1, $NF}'", "'NR>1 {print}'", "base64", "-d", "column", "-t",
    "echo", "printf", "'%s\\n'", "$POD", "${NS}", "\"$X\"", "POD=", "POD=$(", "$(kubectl get pods -o name | head -1)", ")", "$(", "export",
    "unset", "`", ";", "&&", ">", "<", "&", "$((", "${X:-y}", "$1",
    // Lists, loops and arithmetic.
    "||", "!", "for", "i", "in", "do", "done", "if", "then", "elif", "else", "fi", "while", "until", "true", "false", ":", "sleep", "1s",
    "0.5m", "seq", "3", "2000", "$?", "$i", "$((1+2))", "$((X/0))", "$((2**63))", "$((i*", "${#X}", "${X:=1}", "${X:+z}", "watch", "-n1",
    // Functions and arithmetic commands.
    "f()", "f", "{", "}", "function", "return", "return 3", "local", "local x=1", "shift", "$#", "\"$@\"", "$*", "${1:-d}", "((", "))",
    "(( i++ ))", "((x = 2, x * 3))", "for ((i=0; i<3; i++))", "for ((;;))", "case", "esac", ";;", "*)", "f() { f; }; f",
];

const REGEX_BITS: &[&str] = &[
    "a", "b", "é", " ", ".", "*", "+", "?", "{", "}", "{2}", "{1,3}", "{,2}", "\\{1\\}", "(", ")", "\\(", "\\)", "|", "\\|", "[", "]", "[^",
    "[a-z]", "[[:digit:]]", "[[:foo:]]", "^", "$", "\\", "\\b", "\\w", "\\<", "\\>", "\\d", "\\u0041", "(?:", "(?=", "\\1", "-", "_",
];

const SELECTOR_BITS: &[&str] = &[
    "app", "tier", "example.com/name", "a.b/c-d_e", "=", "==", "!=", "!", ",", " in ", " notin ", "(", ")", "a", "b", "", " ", "x=y",
    "metadata.name", "status.phase", "\\", "\\,", "\\=", ">", "<", "1", "-", "_",
];

const QUANTITY_BITS: &[&str] = &[
    "0", "1", "5", "9", ".", "+", "-", "e", "E", "m", "n", "u", "k", "Ki", "M", "Mi", "G", "Gi", "T", "Ti", "P", "Pi", "E", "Ei",
    "9223372036854775807", "000000000", "1e18", "e-9", "i",
];

const CRON_BITS: &[&str] = &[
    "*", "*/5", "0", "1", "12", "23", "59", "60", "-", ",", "/", " ", "?", "JAN", "dec", "MON", "sun", "L", "W", "#", "@hourly", "@daily",
    "@every ", "1h30m", "-5s", "@yearly", "TZ=", "CRON_TZ=", "UTC", "Europe/Berlin", "America/New_York", "Mars/Base",
];

/// Terminal lines a learner might type, valid and not.
const SCRIPT_LINES: &[&str] = &[
    "kubectl apply -f -",
    "kubectl get all -A",
    "kubectl get pods -o wide",
    "kubectl get deploy -o yaml",
    "kubectl describe deployment nginx-deployment",
    "kubectl create deployment web --image=nginx --replicas=3",
    "kubectl create deployment big --image=nginx --replicas=100000000",
    "kubectl scale deployment nginx-deployment --replicas=7",
    "kubectl scale deployment nginx-deployment --replicas=2147483647",
    "kubectl set image deployment/nginx-deployment nginx=nginx:1.27",
    "kubectl rollout undo deployment/nginx-deployment",
    "kubectl rollout status deployment/nginx-deployment",
    "kubectl delete deployment nginx-deployment",
    "kubectl get pods -l app=nginx --sort-by=.metadata.name",
    "kubectl expose deployment nginx-deployment --port=80",
    "sim step 50",
    "sim settle",
    "sim settle --timeout 1000h",
    "sim advance 30s",
    "sim advance 100000h",
    "sim trace --last 5",
    "sim curl http://nginx-deployment",
    "sim seed 7",
    "kubectl get nodes",
    "kubectl cordon kind-worker",
    "kubectl get pods | grep nginx | wc -l",
    "kubectl get pods -A --no-headers | awk '{print $1}' | sort | uniq -c",
    "POD=$(kubectl get pods -o name | head -1)",
    "kubectl describe $POD | grep -i -A2 image",
    "kubectl delete $POD",
    "export NS=kube-system",
    "kubectl get pods -n $NS | tail -n +2 | cut -d' ' -f1",
    "kubectl get deploy -o yaml | kubectl apply -f -",
    "echo -n admin | base64 | base64 -d",
    "kubectl get pods | grep -E '(' ",
    "X=$(sim settle) && echo $X",
    "for i in $(seq 3); do kubectl run p$i --image=nginx; done",
    "kubectl delete pod web || true; sleep 10; kubectl get pods",
    "while true; do kubectl get pods; done",
    "N=$((N + 1)); echo ${N:-0} $? ${#N}",
    // Pieces of commands over several lines: a script joins them as bash
    // would (or leaves them open at the end).
    "kubectl create deployment ml \\",
    "  --image=nginx \\",
    "for i in 1 2; do",
    "done",
    "if kubectl get pods; then",
    "else",
    "fi",
    "case $X in a|b) echo ab;;",
    "esac",
    "{ echo group;",
    "}",
    "echo 'open quote",
    "kubectl get pods |",
    "true &&",
    "cat <<EOF | kubectl apply -f -",
    "EOF",
    "if kubectl get deploy web; then kubectl delete deploy web; else echo absent; fi",
    "for i in $(seq 5000); do echo $i; done",
    "for p in $(kubectl get pods -o name); do for q in $(kubectl get pods -o name); do echo $p $q; done; done",
    "N=0; until [ $N = 3 ]; do N=$((N+1)); done",
    "sleep 1h && kubectl get pods -A | grep -c Running",
    "watch -n1 kubectl get pods",
    "echo $((1/0)); echo after",
];

fn script() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        8 => proptest::sample::select(SCRIPT_LINES).prop_map(str::to_string),
        1 => text_from(COMMAND_WORDS, 6, " "),
    ];
    let stdin = prop_oneof![Just(None), mangled(MANIFESTS, YAML_BITS).prop_map(Some)];
    (proptest::collection::vec(line, 1..5), stdin).prop_map(|(lines, stdin)| {
        let mut s = lines.join("\n");
        if let Some(input) = stdin {
            s.push('\0');
            s.push_str(&input);
        }
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn decoder(text in prop_oneof![4 => mangled(MANIFESTS, YAML_BITS), 1 => text_from(YAML_BITS, 30, "")]) {
        fc::decode(text.as_bytes());
    }

    #[test]
    fn decoder_bytes(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        fc::decode(&data);
    }

    #[test]
    fn command_line(line in text_from(COMMAND_WORDS, 10, " ")) {
        fc::command_line(line.as_bytes());
        fc::command_line(format!("kubectl {line}").as_bytes());
        fc::command_line(format!("sim {line}").as_bytes());
    }

    #[test]
    fn regex(pattern in text_from(REGEX_BITS, 8, ""), text in text_from(REGEX_BITS, 12, "")) {
        fc::regex(format!("{pattern}\0{text}").as_bytes());
    }

    #[test]
    fn selectors(text in text_from(SELECTOR_BITS, 10, "")) {
        fc::selectors(text.as_bytes());
    }

    #[test]
    fn cron(text in text_from(CRON_BITS, 12, "")) {
        fc::cron(text.as_bytes());
    }

    #[test]
    fn quantity(text in text_from(QUANTITY_BITS, 6, "")) {
        fc::quantity(text.as_bytes());
    }
}

proptest! {
    // A whole session per case costs milliseconds: fewer cases.
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn playground(s in script()) {
        fc::playground(s.as_bytes());
    }

    /// The shell's lists and loops: whatever the words, a line returns
    /// (loops are capped per line, `while true` refused: a hang would hang
    /// this test) and never panics.
    #[test]
    fn shell_lines(words in proptest::collection::vec(proptest::sample::select(SHELL_WORDS), 1..16)) {
        fc::playground(words.join(" ").as_bytes());
    }

    /// The same for well-formed lines, nested.
    #[test]
    fn shell_lists(line in shell_list()) {
        fc::playground(line.as_bytes());
    }
}

/// Commands a loop or list of the shell runs.
const SHELL_COMMANDS: &[&str] = &[
    "echo $i", "kubectl run p$i --image=nginx", "kubectl get pods", "sleep 1", "sleep 0.5m", "true", "false", "echo $((i * 2))",
    "X=$((X+1))", "kubectl delete pod p$i --wait=false", "seq 3", "kubectl get pods | grep -q Running", "watch kubectl get pods",
    "echo ${X:-d} ${#X} $?", "echo $((X / (i - 1)))", "sim advance 5s", "kubectl get pod nope",
];

/// Well-formed lines: commands joined by `;`, `&&`, `||` and `|`, inside
/// loops and `if`s nested a few deep.
fn shell_list() -> impl Strategy<Value = String> {
    let leaf = proptest::collection::vec((proptest::sample::select(SHELL_COMMANDS), proptest::sample::select(&[";", "&&", "||", "|"][..])), 1..4)
        .prop_map(|cmds| cmds.iter().map(|(c, op)| format!("{c} {op} ")).collect::<String>() + "true");
    leaf.prop_recursive(3, 12, 3, |inner| {
        let words = proptest::sample::select(&["1 2 3", "$(seq 4)", "$(kubectl get pods -o name)", "$(seq 600)", ""][..]);
        prop_oneof![
            (words, inner.clone()).prop_map(|(w, body)| format!("for i in {w}; do {body}; done")),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, e)| format!("if {c}; then {t}; else {e}; fi")),
            (inner.clone(), inner.clone()).prop_map(|(c, b)| format!("until {c}; do {b}; done")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("! {a} && {b} || true; {a}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("kubectl get pods -o name | while read p; do {a}; done | {b}")),
        ]
    })
}

/// Pieces of lines for the shell's lists, loops and arithmetic.
const SHELL_WORDS: &[&str] = &[
    "for i in 1 2 3; do", "for p in $(kubectl get pods -o name); do", "for i in $(seq 1500); do", "do", "done", "done;", "; done", "if", "then",
    "else", "elif", "fi", "; fi", "while", "until", "true", "false", ":", "!", "&&", "||", ";", "|", "echo", "$i", "$?", "$((i * 2))",
    "$((1/0))", "$((", "))", "${X:-d}", "${X:=5}", "${#X}", "X=$((X+1))", "sleep", "1", "2m", "x", "seq", "3", "kubectl", "get", "pods",
    "run", "p$i", "--image=nginx", "delete", "pod", "web", "grep", "-q", "Running", "watch", "sim", "advance", "10s", "<<EOF", "'", "\"",
    "$(", ")", "#", "read", "l", "-r", "[", "]", "-eq", "=", "test",
];

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    /// Share links: base64url-ish text after the version prefix, and any text.
    #[test]
    fn share(body in "[A-Za-z0-9_-]{0,300}", text in ".{0,200}") {
        fc::share(format!("kp1.{body}").as_bytes());
        fc::share(text.as_bytes());
    }
}

/// Kustomization files to mangle (and resources and patches after NULs).
const KUSTOMIZATIONS: &[&str] = &[
    "resources: [r.yaml, ../base]\nnamespace: dev\nnamePrefix: p-\nnameSuffix: -s\ncommonLabels: {app: x}\nlabels: [{pairs: {a: b}, includeSelectors: true}]\ncommonAnnotations: {note: v}\nimages: [{name: nginx, newTag: '2'}]\nreplicas: [{name: web, count: 2}]\n\0apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}}\n",
    "resources: [../base]\nconfigMapGenerator: [{name: c, behavior: merge, literals: [x=y]}]\nsecretGenerator: [{name: s, literals: [k=v], type: Opaque}]\ngeneratorOptions: {disableNameSuffixHash: true}\npatches: [{path: p.yaml}, {target: {kind: Deployment}, patch: '[{\"op\": \"add\", \"path\": \"/spec/replicas\", \"value\": 3}]'}]\n\0\0apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 5}\n",
    "resources: [../base]\npatchesStrategicMerge: [p.yaml]\npatchesJson6902: [{target: {kind: Deployment, name: web}, patch: '[{\"op\": \"remove\", \"path\": \"/spec\"}]'}]\n\0\0apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n$patch: delete\n",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn kustomize(text in prop_oneof![4 => mangled(KUSTOMIZATIONS, YAML_BITS), 1 => text_from(YAML_BITS, 30, "")]) {
        fc::kustomize(text.as_bytes());
    }
}
