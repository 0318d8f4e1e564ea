//! The authz library's calls, after upstream's authz library tests
//! (v1.32): each check builds the query the authorizer is asked, and
//! the decision's accessors read its answer.

use crate::{authorizer, authorizer_type, compile, AuthzDecision, AuthzQuery, Value};

/// Allows `get` on anything in namespace `ns`, and `/healthz`.
fn decide(q: &AuthzQuery) -> AuthzDecision {
    let allowed = (q.verb == "get" && q.namespace == "ns") || q.path.as_deref() == Some("/healthz");
    let error = (q.resource == "broken").then(|| "no decision".to_string());
    AuthzDecision { allowed, reason: if allowed { "ok".into() } else { String::new() }, error }
}

fn eval(src: &str) -> Result<Value, String> {
    let p = compile(src, &[("authorizer", authorizer_type())]).map_err(|e| e.to_string())?;
    let request = AuthzQuery { group: "apps".into(), resource: "deployments".into(), namespace: "ns".into(), name: "web".into(), ..AuthzQuery::default() };
    p.eval(&[("authorizer", authorizer(decide, request))]).map_err(|e| e.to_string())
}

#[test]
fn checks() {
    let cases = [
        "authorizer.group('').resource('pods').namespace('ns').check('get').allowed()",
        "!authorizer.group('').resource('pods').namespace('other').check('get').allowed()",
        "!authorizer.group('').resource('pods').namespace('ns').check('delete').allowed()",
        "authorizer.group('apps').resource('deployments').subresource('scale').namespace('ns').name('web').check('get').reason() == 'ok'",
        "authorizer.path('/healthz').check('get').allowed()",
        "!authorizer.path('/metrics').check('get').allowed()",
        "authorizer.serviceAccount('ns', 'sa').group('').resource('pods').namespace('ns').check('get').allowed()",
        "authorizer.requestResource.check('get').allowed()",
        "!authorizer.requestResource.check('update').allowed()",
        "authorizer.group('').resource('broken').check('get').errored()",
        "authorizer.group('').resource('broken').check('get').error() == 'no decision'",
        "!authorizer.group('').resource('pods').check('get').errored()",
    ];
    for src in cases {
        match eval(src) {
            Ok(Value::Bool(true)) => {}
            other => panic!("{src}: {other:?}"),
        }
    }
}

#[test]
fn compile_errors() {
    let cases = [
        ("authorizer.group(1)", "ERROR: <input>:1:17: found no matching overload for 'group' applied to 'kubernetes.authorization.Authorizer.(int)'\n | authorizer.group(1)\n | ................^"),
        ("authorizer.resource('pods')", "ERROR: <input>:1:20: found no matching overload for 'resource' applied to 'kubernetes.authorization.Authorizer.(string)'\n | authorizer.resource('pods')\n | ...................^"),
        ("authorizer.path('/x').check('get') == true", "ERROR: <input>:1:36: found no matching overload for '_==_' applied to '(kubernetes.authorization.Decision, bool)'\n | authorizer.path('/x').check('get') == true\n | ...................................^"),
    ];
    for (src, want) in cases {
        assert_eq!(eval(src).err().as_deref(), Some(want), "{src}");
    }
}
