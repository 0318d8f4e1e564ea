//! Every shipped lesson, completed end to end: each step's files loaded,
//! its commands run as the reader would run them, and then every check of
//! the step must pass (and a command may fail only where the step's
//! `fails` says it must).

use kubeplay_playground::lessons::{self, check_step};
use kubeplay_playground::Playground;

fn complete(id: &str, seed: u64) -> Vec<String> {
    let lesson = lessons::load(id).unwrap_or_else(|e| panic!("{e}"));
    let mut pg = Playground::new(seed);
    let mut problems = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        for (name, text) in &step.files {
            pg.set_file(name, text);
        }
        for line in &step.commands {
            let out = pg.run(line, None);
            if out.failed != step.must_fail(line) {
                let what = if out.failed { "failed" } else { "succeeded, but the lesson shows it failing" };
                problems.push(format!("{id} (seed {seed}) step {} {:?}: `{line}` {what}:\n{}{}", i + 1, step.title, out.stdout, out.stderr));
            }
        }
        for r in check_step(&pg, &lesson, i) {
            if !r.passed {
                problems.push(format!("{id} (seed {seed}) step {} {:?}: not done: {} ({})", i + 1, step.title, r.sentence, r.observed));
            }
        }
    }
    problems
}

#[test]
fn every_lesson_completes() {
    let mut problems = Vec::new();
    for id in lessons::ids() {
        problems.extend(complete(id, 1));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The browser may start from any seed: names and placements differ, and
/// the lessons must not depend on them.
#[test]
fn every_lesson_completes_with_another_seed() {
    let mut problems = Vec::new();
    for id in lessons::ids() {
        problems.extend(complete(id, 20261122));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_step_is_not_done_before_its_commands_run() {
    // The checks are not vacuous: on a fresh cluster, the first step of
    // every lesson that has checks is not yet done.
    for id in lessons::ids() {
        let lesson = lessons::load(id).unwrap_or_else(|e| panic!("{e}"));
        let pg = Playground::new(1);
        let results = check_step(&pg, &lesson, 0);
        assert!(!results.is_empty(), "{id}: the first step has no checks");
        assert!(results.iter().any(|r| !r.passed), "{id}: the first step is done before anything ran");
    }
}

/// Every command of lesson `id` run in order on a fresh cluster, with what
/// it printed (stdout, then stderr).
fn transcript(id: &str) -> Vec<(String, String)> {
    let lesson = lessons::load(id).unwrap_or_else(|e| panic!("{e}"));
    let mut pg = Playground::new(1);
    let mut out = Vec::new();
    for step in &lesson.steps {
        for (name, text) in &step.files {
            pg.set_file(name, text);
        }
        for line in &step.commands {
            let o = pg.run(line, None);
            out.push((line.clone(), format!("{}{}", o.stdout, o.stderr)));
        }
    }
    out
}

/// What `line` printed; it must be one of the lesson's commands.
fn printed<'a>(t: &'a [(String, String)], line: &str) -> &'a str {
    t.iter().find(|(l, _)| l == line).map(|(_, o)| o.as_str()).unwrap_or_else(|| panic!("no command {line:?}"))
}

// The three lessons below quote the API server's and the kubelet's words
// in their text: the runners only see that a command fails, so these pin
// what it prints. Formats: apiserver's policy/validating/dispatcher.go
// ("ValidatingAdmissionPolicy '%s' with binding '%s' denied request: %s",
// the Warn path's "Validation failed for ValidatingAdmissionPolicy '%s'
// with binding '%s': %s"), plugin/pkg/admission/resourcequota
// ("exceeded quota: %s, requested: %s, used: %s, limited: %s", "failed
// quota: %s: must specify …"), plugin/pkg/admission/limitranger
// (maxConstraint), pkg/kubelet/prober ("%s probe failed: %s") and
// kuberuntime ("Container %s failed %s probe, will be restarted").
#[test]
fn the_admission_policies_lesson_shows_the_api_servers_words() {
    let t = transcript("admission-policies");
    let denied = "ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit-test' denied request: ";
    assert_eq!(printed(&t, "kubectl create deployment big --image=nginx:1.27 --replicas=6 -n staging"), "deployment.apps/big created\n", "no binding yet: nothing is checked");
    assert_eq!(
        printed(&t, "kubectl create deployment huge --image=nginx:1.27 --replicas=7 -n staging"),
        format!("error: failed to create deployment: deployments.apps \"huge\" is forbidden: {denied}failed expression: object.spec.replicas <= 5\n")
    );
    // An update is refused with the status reason Invalid, which kubectl words as such.
    assert_eq!(printed(&t, "kubectl label deployment big tier=web -n staging"), format!("The deployments \"big\" is invalid: : {denied}failed expression: object.spec.replicas <= 5\n"));
    assert_eq!(printed(&t, "kubectl create deployment huge --image=nginx:1.27 --replicas=7 -n default --dry-run=server"), "deployment.apps/huge created (server dry run)\n");
    // The scale subresource is matched only once the rule names it.
    assert_eq!(printed(&t, "kubectl scale deployment small --replicas=8 -n staging"), "deployment.apps/small scaled\n");
    assert!(printed(&t, "kubectl scale deployment small --replicas=9 -n staging").ends_with(&format!("{denied}failed expression: object.spec.replicas <= 5\n")));
    assert_eq!(
        printed(&t, "kubectl create deployment api --image=nginx:1.27 --replicas=2 -n staging"),
        format!("error: failed to create deployment: deployments.apps \"api\" is forbidden: {denied}failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction\n")
    );
    assert_eq!(
        printed(&t, "kubectl create deployment api --image=nginx:1.27 --replicas=4 -n staging"),
        format!("error: failed to create deployment: deployments.apps \"api\" is forbidden: {denied}replicas must be no greater than 3\n")
    );
    assert!(printed(&t, r#"kubectl patch validatingadmissionpolicybinding replica-limit-test --type=merge -p '{"spec":{"validationActions":["Deny","Warn"]}}'"#).contains("must not contain both Deny and Warn"));
    let warned = printed(&t, "kubectl create deployment batch --image=nginx:1.27 --replicas=6 -n staging");
    assert!(warned.contains("deployment.apps/batch created\n"), "{warned}");
    assert!(warned.contains("Warning: Validation failed for ValidatingAdmissionPolicy 'replica-limit' with binding 'replica-limit-test': replicas must be no greater than 4\n"), "{warned}");
}

#[test]
fn the_quota_lesson_shows_the_api_servers_words() {
    let t = transcript("resource-quotas-limits");
    assert_eq!(
        printed(&t, "kubectl get pod plain -n team-a -o jsonpath='{.spec.containers[0].resources}'"),
        r#"{"limits":{"cpu":"250m","memory":"256Mi"},"requests":{"cpu":"100m","memory":"128Mi"}}"#
    );
    assert_eq!(
        printed(&t, "kubectl apply -f greedy.yaml"),
        "Error from server (Forbidden): error when creating \"greedy.yaml\": pods \"greedy\" is forbidden: maximum cpu usage per Container is 1, but limit is 2\n"
    );
    assert_eq!(
        printed(&t, "kubectl apply -f big.yaml"),
        "Error from server (Forbidden): error when creating \"big.yaml\": pods \"big\" is forbidden: exceeded quota: compute, requested: requests.cpu=1, used: requests.cpu=100m, limited: requests.cpu=1\n"
    );
    let events = printed(&t, "kubectl get events -n team-a --field-selector reason=FailedCreate");
    assert!(events.contains("is forbidden: exceeded quota: compute, requested: pods=1, used: pods=5, limited: pods=5"), "{events}");
    let used = printed(&t, "kubectl describe quota compute -n team-a");
    assert!(used.contains("pods             1      5\n"), "{used}");
    assert_eq!(
        printed(&t, "kubectl run bare --image=nginx:1.27 -n team-a"),
        "Error from server (Forbidden): pods \"bare\" is forbidden: failed quota: compute: must specify limits.cpu for: bare; limits.memory for: bare; requests.cpu for: bare; requests.memory for: bare\n"
    );
}

#[test]
fn the_probes_lesson_shows_the_kubelets_words() {
    let t = transcript("probes");
    // Before the first readiness probe: Running, not ready, not in the Service.
    let pods = printed(&t, "kubectl get pods -l app=web");
    assert_eq!(pods.matches("0/1     Running").count(), 2, "{pods}");
    assert!(printed(&t, "kubectl describe deployment web | grep Readiness").contains("http-get http://:80/ delay=10s timeout=1s period=5s #success=1 #failure=3"));
    let flaky = printed(&t, "kubectl describe pod flaky | grep -A10 Events:");
    assert!(flaky.contains("Readiness probe failed: cat: can't open '/tmp/ready': No such file or directory"), "{flaky}");
    assert!(!flaky.contains("Killing"), "a readiness failure restarts nothing: {flaky}");
    let live = printed(&t, "kubectl describe pod liveness-exec | grep -A10 Events:");
    assert!(live.contains("Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory"), "{live}");
    assert!(live.contains("Container liveness failed liveness probe, will be restarted"), "{live}");
    let patient = printed(&t, "kubectl describe pod patient | grep -A10 Events:");
    assert!(patient.contains("Startup probe failed: cat: can't open '/tmp/started': No such file or directory"), "{patient}");
    assert!(!patient.contains("Liveness probe failed"), "liveness waits for the startup probe: {patient}");
}
