//! The deepest input the engine accepts runs within the page's stack. In
//! wasm a stack overflow is no panic but a trap that leaves the instance
//! unusable, so depth limits that hold natively (an 8 MB main thread) must
//! hold here too, in the debug build this test runs, which needs several
//! times the stack of the release build the page ships.
#![cfg(target_arch = "wasm32")]

use kubeplay_playground::Playground;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// A ValidatingAdmissionPolicy and its binding whose one rule is `rule`.
fn policy(rule: &str) -> String {
    format!(
        "apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: deep
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups: [\"apps\"]
      apiVersions: [\"v1\"]
      operations: [\"CREATE\", \"UPDATE\"]
      resources: [\"deployments\"]
  validations:
  - expression: \"{rule}\"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: deep
spec:
  policyName: deep
  validationActions: [Deny]
"
    )
}

/// 123 parentheses around this comparison is as deep as the CEL parser
/// goes (a parenthesis is two levels of cel-go's 250, the comparison and
/// the selections the rest); the policy is compiled and type-checked at
/// create, then evaluated when a Deployment is admitted.
#[wasm_bindgen_test]
fn the_deepest_cel_rule_is_compiled_and_evaluated_without_a_trap() {
    let mut pg = Playground::new(1);
    let depth = 123;
    let rule = format!("{}object.spec.replicas <= 5{}", "(".repeat(depth), ")".repeat(depth));
    let out = pg.run("kubectl apply -f -", Some(&policy(&rule)));
    assert!(!out.failed, "{}", out.stderr);
    assert!(out.stdout.contains("validatingadmissionpolicy.admissionregistration.k8s.io/deep created"), "{}", out.stdout);

    let out = pg.run("kubectl create deployment web --image=nginx --replicas=7", None);
    assert!(out.failed, "{}", out.stdout);
    assert!(out.stderr.contains("ValidatingAdmissionPolicy 'deep' with binding 'deep' denied request"), "{}", out.stderr);
    let out = pg.run("kubectl create deployment web --image=nginx --replicas=5", None);
    assert!(!out.failed, "{}", out.stderr);
}

/// One level past the limit is refused with cel-go's words, and 10,000
/// levels are refused as quickly, never parsed to the bottom.
#[wasm_bindgen_test]
fn deeper_cel_rules_are_refused_with_the_recursion_limit() {
    let mut pg = Playground::new(1);
    for depth in [125, 10_000] {
        let rule = format!("{}1 == 1{}", "(".repeat(depth), ")".repeat(depth));
        let out = pg.run("kubectl apply -f -", Some(&policy(&rule)));
        assert!(out.failed, "depth {depth}: {}", out.stdout);
        assert!(out.stderr.contains("expression recursion limit exceeded: 250"), "depth {depth}: {}", out.stderr.chars().take(300).collect::<String>());
    }
}
