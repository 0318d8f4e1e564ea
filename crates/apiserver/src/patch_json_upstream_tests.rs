//! evanphx/json-patch v4's patch_test.go tables, run against `json_patch`.

use super::{json_patch, JsonPatchError};
use serde_json::{json, Value};

fn apply(doc: &str, patch: &str) -> Result<Value, JsonPatchError> {
    let doc: Value = serde_json::from_str(doc).unwrap();
    let patch: Value = serde_json::from_str(patch).unwrap();
    json_patch(&doc, &patch)
}

fn a48() -> String {
    "A".repeat(48)
}

// patch_test.go's Cases (TestAllCases).
#[test]
fn cases() {
    let a = a48();
    let copies = (
        format!(r#"{{ "foo": ["A", "{a}"] }}"#),
        format!(r#"{{ "foo": ["A", "{a}", "{a}", "{a}"] }}"#),
    );
    let cases: Vec<(&str, &str, &str)> = vec![
        (
            r#"{ "foo": "bar"}"#,
            r#"[{ "op": "add", "path": "/baz", "value": "qux" }]"#,
            r#"{"baz": "qux", "foo": "bar"}"#,
        ),
        (
            r#"{ "foo": [ "bar", "baz" ] }"#,
            r#"[{ "op": "add", "path": "/foo/1", "value": "qux" }]"#,
            r#"{ "foo": [ "bar", "qux", "baz" ] }"#,
        ),
        (
            r#"{ "foo": [ "bar", "baz" ] }"#,
            r#"[{ "op": "add", "path": "/foo/-1", "value": "qux" }]"#,
            r#"{ "foo": [ "bar", "baz", "qux" ] }"#,
        ),
        (
            r#"{ "baz": "qux", "foo": "bar" }"#,
            r#"[ { "op": "remove", "path": "/baz" } ]"#,
            r#"{ "foo": "bar" }"#,
        ),
        (
            r#"{ "foo": [ "bar", "qux", "baz" ] }"#,
            r#"[ { "op": "remove", "path": "/foo/1" } ]"#,
            r#"{ "foo": [ "bar", "baz" ] }"#,
        ),
        (
            r#"{ "baz": "qux", "foo": "bar" }"#,
            r#"[ { "op": "replace", "path": "/baz", "value": "boo" } ]"#,
            r#"{ "baz": "boo", "foo": "bar" }"#,
        ),
        (
            r#"{ "foo": { "bar": "baz", "waldo": "fred" }, "qux": { "corge": "grault" } }"#,
            r#"[ { "op": "move", "from": "/foo/waldo", "path": "/qux/thud" } ]"#,
            r#"{ "foo": { "bar": "baz" }, "qux": { "corge": "grault", "thud": "fred" } }"#,
        ),
        (
            r#"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
            r#"[ { "op": "move", "from": "/foo/1", "path": "/foo/3" } ]"#,
            r#"{ "foo": [ "all", "cows", "eat", "grass" ] }"#,
        ),
        (
            r#"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
            r#"[ { "op": "move", "from": "/foo/1", "path": "/foo/2" } ]"#,
            r#"{ "foo": [ "all", "cows", "grass", "eat" ] }"#,
        ),
        (
            r#"{ "foo": "bar" }"#,
            r#"[ { "op": "add", "path": "/child", "value": { "grandchild": { } } } ]"#,
            r#"{ "foo": "bar", "child": { "grandchild": { } } }"#,
        ),
        (
            r#"{ "foo": ["bar"] }"#,
            r#"[ { "op": "add", "path": "/foo/-", "value": ["abc", "def"] } ]"#,
            r#"{ "foo": ["bar", ["abc", "def"]] }"#,
        ),
        (
            r#"{ "foo": "bar", "qux": { "baz": 1, "bar": null } }"#,
            r#"[ { "op": "remove", "path": "/qux/bar" } ]"#,
            r#"{ "foo": "bar", "qux": { "baz": 1 } }"#,
        ),
        (
            r#"{ "foo": "bar" }"#,
            r#"[ { "op": "add", "path": "/baz", "value": null } ]"#,
            r#"{ "baz": null, "foo": "bar" }"#,
        ),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[ { "op": "replace", "path": "/foo/0", "value": "baz"}]"#,
            r#"{ "foo": ["baz"]}"#,
        ),
        (
            r#"{ "foo": ["bar","baz"]}"#,
            r#"[ { "op": "replace", "path": "/foo/0", "value": "bum"}]"#,
            r#"{ "foo": ["bum","baz"]}"#,
        ),
        (
            r#"{ "foo": ["bar","qux","baz"]}"#,
            r#"[ { "op": "replace", "path": "/foo/1", "value": "bum"}]"#,
            r#"{ "foo": ["bar", "bum","baz"]}"#,
        ),
        (
            r#"[ {"foo": ["bar","qux","baz"]}]"#,
            r#"[ { "op": "replace", "path": "/0/foo/0", "value": "bum"}]"#,
            r#"[ {"foo": ["bum","qux","baz"]}]"#,
        ),
        (
            r#"[ {"foo": ["bar","qux","baz"], "bar": ["qux","baz"]}]"#,
            r#"[ { "op": "copy", "from": "/0/foo/0", "path": "/0/bar/0"}]"#,
            r#"[ {"foo": ["bar","qux","baz"], "bar": ["bar", "qux", "baz"]}]"#,
        ),
        (
            r#"[ {"foo": ["bar","qux","baz"], "bar": ["qux","baz"]}]"#,
            r#"[ { "op": "copy", "from": "/0/foo/0", "path": "/0/bar"}]"#,
            r#"[ {"foo": ["bar","qux","baz"], "bar": "bar"}]"#,
        ),
        (
            r#"[ { "foo": {"bar": ["qux","baz"]}, "baz": {"qux": "bum"}}]"#,
            r#"[ { "op": "copy", "from": "/0/foo/bar", "path": "/0/baz/bar"}]"#,
            r#"[ { "baz": {"bar": ["qux","baz"], "qux":"bum"}, "foo": {"bar": ["qux","baz"]}}]"#,
        ),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[{"op": "copy", "path": "/foo/0", "from": "/foo"}]"#,
            r#"{ "foo": [["bar"], "bar"]}"#,
        ),
        (
            r#"{ "foo": ["bar","qux","baz"]}"#,
            r#"[ { "op": "remove", "path": "/foo/-2"}]"#,
            r#"{ "foo": ["bar", "baz"]}"#,
        ),
        (
            r#"{ "foo": []}"#,
            r#"[ { "op": "add", "path": "/foo/-1", "value": "qux"}]"#,
            r#"{ "foo": ["qux"]}"#,
        ),
        (
            r#"{ "bar": [{"baz": null}]}"#,
            r#"[ { "op": "replace", "path": "/bar/0/baz", "value": 1 } ]"#,
            r#"{ "bar": [{"baz": 1}]}"#,
        ),
        (
            r#"{ "bar": [{"baz": 1}]}"#,
            r#"[ { "op": "replace", "path": "/bar/0/baz", "value": null } ]"#,
            r#"{ "bar": [{"baz": null}]}"#,
        ),
        (
            r#"{ "bar": [null]}"#,
            r#"[ { "op": "replace", "path": "/bar/0", "value": 1 } ]"#,
            r#"{ "bar": [1]}"#,
        ),
        (
            r#"{ "bar": [1]}"#,
            r#"[ { "op": "replace", "path": "/bar/0", "value": null } ]"#,
            r#"{ "bar": [null]}"#,
        ),
        (
            &copies.0,
            r#"[ { "op": "copy", "path": "/foo/-", "from": "/foo/1" }, { "op": "copy", "path": "/foo/-", "from": "/foo/1" }]"#,
            &copies.1,
        ),
    ];
    for (doc, patch, want) in cases {
        let want: Value = serde_json::from_str(want).unwrap();
        assert_eq!(apply(doc, patch).unwrap(), want, "{doc} + {patch}");
    }
}

// patch_test.go's MutationTestCases: each changes the document.
#[test]
fn mutation_cases() {
    let doc = r#"{ "foo": "bar", "qux": { "baz": 1, "bar": null } }"#;
    for patch in [
        r#"[ { "op": "remove", "path": "/qux/bar" } ]"#,
        r#"[ { "op": "replace", "path": "/qux/baz", "value": null } ]"#,
    ] {
        let out = apply(doc, patch).unwrap();
        assert_ne!(out, serde_json::from_str::<Value>(doc).unwrap(), "{patch}");
    }
}

// patch_test.go's BadCases, with the errors v4.12.0 gives.
#[test]
fn bad_cases() {
    let cases = [
        (r#"{ "foo": "bar" }"#, r#"[ { "op": "add", "path": "/baz/bat", "value": "qux" } ]"#, r#"add operation does not apply: doc is missing path: "/baz/bat": missing value"#),
        (r#"{ "a": { "b": { "d": 1 } } }"#, r#"[ { "op": "remove", "path": "/a/b/c" } ]"#, "error in remove for path: '/a/b/c': Unable to remove nonexistent key: c: missing value"),
        (r#"{ "a": { "b": { "d": 1 } } }"#, r#"[ { "op": "move", "from": "/a/b/c", "path": "/a/b/e" } ]"#, "error in move for path: 'c': Unable to remove nonexistent key: c: missing value"),
        (r#"{ "a": { "b": [1] } }"#, r#"[ { "op": "remove", "path": "/a/b/1" } ]"#, "error in remove for path: '/a/b/1': Unable to access invalid index: 1: invalid index referenced"),
        (r#"{ "a": { "b": [1] } }"#, r#"[ { "op": "move", "from": "/a/b/1", "path": "/a/b/2" } ]"#, "error in move for path: '1': Unable to access invalid index: 1: invalid index referenced"),
        (r#"{ "foo": "bar" }"#, r#"[ { "op": "add", "pathz": "/baz", "value": "qux" } ]"#, "add operation failed to decode path: missing value"),
        (r#"{ "foo": "bar" }"#, r#"[ { "op": "add", "path": "", "value": "qux" } ]"#, r#"add operation does not apply: doc is missing path: "": missing value"#),
        (r#"{ "foo": ["bar","baz"]}"#, r#"[ { "op": "replace", "path": "/foo/2", "value": "bum"}]"#, "replace operation does not apply: doc is missing key: /foo/2: missing value"),
        (r#"{ "foo": ["bar","baz"]}"#, r#"[ { "op": "add", "path": "/foo/-4", "value": "bum"}]"#, "error in add for path: '/foo/-4': Unable to access invalid index: -4: invalid index referenced"),
        (r#"{ "name":{ "foo": "bat", "qux": "bum"}}"#, r#"[ { "op": "replace", "path": "/foo/bar", "value":"baz"}]"#, "replace operation does not apply: doc is missing path: /foo/bar: missing value"),
        (r#"{ "foo": ["bar"]}"#, r#"[ {"op": "add", "path": "/foo/2", "value": "bum"}]"#, "error in add for path: '/foo/2': Unable to access invalid index: 2: invalid index referenced"),
        (r#"{ "foo": []}"#, r#"[ {"op": "remove", "path": "/foo/-"}]"#, r#"error in remove for path: '/foo/-': strconv.Atoi: parsing "-": invalid syntax"#),
        (r#"{ "foo": []}"#, r#"[ {"op": "remove", "path": "/foo/-1"}]"#, "error in remove for path: '/foo/-1': Unable to access invalid index: -1: invalid index referenced"),
        (r#"{ "foo": ["bar"]}"#, r#"[ {"op": "remove", "path": "/foo/-2"}]"#, "error in remove for path: '/foo/-2': Unable to access invalid index: -2: invalid index referenced"),
        (r#"{}"#, r#"[ {"op":null,"path":""} ]"#, "Unexpected kind: unknown"),
        (r#"{}"#, r#"[ {"op":"add","path":null} ]"#, "add operation failed to decode path: missing value"),
        (r#"{}"#, r#"[ { "op": "copy", "from": null }]"#, "copy operation failed to decode from: operation, missing from field: missing value"),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[{"op": "copy", "path": "/foo/6666666666", "from": "/"}]"#,
            "error while adding value during copy: Unable to access invalid index: 6666666666: invalid index referenced",
        ),
        (r#"{ "foo": ["bar"]}"#, r#"[{"op": "copy", "path": "/foo/2", "from": "/foo/0"}]"#, "error while adding value during copy: Unable to access invalid index: 2: invalid index referenced"),
        (
            r#"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
            r#"[ { "op": "move", "from": "/foo/1", "path": "/foo/4" } ]"#,
            "error in move for path: '/foo/4': Unable to access invalid index: 4: invalid index referenced",
        ),
    ];
    for (doc, patch, want) in cases {
        assert_eq!(
            apply(doc, patch),
            Err(JsonPatchError::Apply(want.into())),
            "{doc} + {patch}"
        );
    }
}

// patch_test.go's TestCases (TestAllTest): the failing path is named.
#[test]
fn test_operations() {
    let cases = [
        (
            r#"{ "baz": "qux", "foo": [ "a", 2, "c" ] }"#,
            r#"[ { "op": "test", "path": "/baz", "value": "qux" }, { "op": "test", "path": "/foo/1", "value": 2 } ]"#,
            None,
        ),
        (
            r#"{ "baz": "qux" }"#,
            r#"[ { "op": "test", "path": "/baz", "value": "bar" } ]"#,
            Some("/baz"),
        ),
        (
            r#"{ "baz": "qux", "foo": ["a", 2, "c"] }"#,
            r#"[ { "op": "test", "path": "/baz", "value": "qux" }, { "op": "test", "path": "/foo/1", "value": "c" } ]"#,
            Some("/foo/1"),
        ),
        (
            r#"{ "baz": "qux" }"#,
            r#"[ { "op": "test", "path": "/foo", "value": 42 } ]"#,
            Some("/foo"),
        ),
        (
            r#"{ "baz": "qux" }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            None,
        ),
        (
            r#"{ "foo": null }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            None,
        ),
        (
            r#"{ "foo": {} }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            Some("/foo"),
        ),
        (
            r#"{ "foo": [] }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            Some("/foo"),
        ),
        (
            r#"{ "baz/foo": "qux" }"#,
            r#"[ { "op": "test", "path": "/baz~1foo", "value": "qux"} ]"#,
            None,
        ),
        (
            r#"{ "foo": [] }"#,
            r#"[ { "op": "test", "path": "/foo"} ]"#,
            Some("/foo"),
        ),
    ];
    for (doc, patch, failed) in cases {
        let got = apply(doc, patch);
        match failed {
            None => assert!(got.is_ok(), "{doc} + {patch}: {got:?}"),
            Some(path) => assert_eq!(
                got,
                Err(JsonPatchError::Apply(format!(
                    "testing value {path} failed: test failed"
                ))),
                "{doc} + {patch}"
            ),
        }
    }
}

// patch_test.go's TestAdd, through an add to the list at /a (negative
// indices are always on in the API server and kubectl).
#[test]
fn add_indices() {
    let cases = [
        ("0", None),
        (
            "1",
            Some("Unable to access invalid index: 1: invalid index referenced"),
        ),
        ("-1", None),
        (
            "-2",
            Some("Unable to access invalid index: -2: invalid index referenced"),
        ),
    ];
    for (key, err) in cases {
        let patch = json!([{"op": "add", "path": format!("/a/{key}"), "value": 1}]);
        let got = json_patch(&json!({"a": []}), &patch);
        match err {
            None => assert_eq!(got, Ok(json!({"a": [1]})), "{key}"),
            Some(e) => assert_eq!(
                got,
                Err(JsonPatchError::Apply(format!(
                    "error in add for path: '/a/{key}': {e}"
                ))),
                "{key}"
            ),
        }
    }
}

// What kubectl 1.32's `patch --local --type=json` printed for a ConfigMap
// (checked against the binary): v4.12.0's quirks and errors.
#[test]
fn kubectl_local_patches() {
    let doc = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cfg"},"data":{"a":"1","b":"2"}}"#;
    let ok = [
        // A replace of a missing member adds it.
        (
            r#"[{"op":"replace","path":"/data/zz","value":"x"}]"#,
            json!({"a":"1","b":"2","zz":"x"}),
        ),
        // An add without a value adds null, and so does a copy from nothing.
        (
            r#"[{"op":"add","path":"/data/c"}]"#,
            json!({"a":"1","b":"2","c":null}),
        ),
        (
            r#"[{"op":"copy","from":"/data/zz","path":"/data/q"}]"#,
            json!({"a":"1","b":"2","q":null}),
        ),
        (
            r#"[{"op":"test","path":"/data/zz","value":null}]"#,
            json!({"a":"1","b":"2"}),
        ),
        // Replacing the document with a string leaves it as it was.
        (
            r#"[{"op":"replace","path":"","value":"x"}]"#,
            json!({"a":"1","b":"2"}),
        ),
        (r#"null"#, json!({"a":"1","b":"2"})),
    ];
    for (patch, data) in ok {
        assert_eq!(apply(doc, patch).unwrap()["data"], data, "{patch}");
    }
    let bad = [
        (r#"{"data":{"a":null}}"#, JsonPatchError::Decode("json: cannot unmarshal object into Go value of type jsonpatch.Patch".into())),
        (r#""x""#, JsonPatchError::Decode("json: cannot unmarshal string into Go value of type jsonpatch.Patch".into())),
        ("[1]", JsonPatchError::Decode("json: cannot unmarshal number into Go value of type jsonpatch.Operation".into())),
        (r#"[{"op":"bogus","path":"/a"}]"#, JsonPatchError::Apply("Unexpected kind: bogus".into())),
        (r#"[{"path":"/a"}]"#, JsonPatchError::Apply("Unexpected kind: unknown".into())),
        (r#"[{"op":"replace","path":"/data/a/b","value":"x"}]"#, JsonPatchError::Apply("replace operation does not apply: doc is missing path: /data/a/b: missing value".into())),
        (r#"[{"op":"copy","from":"/data/a","path":"/data/q/r"}]"#, JsonPatchError::Apply("copy operation does not apply: doc is missing destination path: /data/q/r: missing value".into())),
        (
            r#"[{"op":"add","path":"/metadata/finalizers","value":["a","b"]},{"op":"add","path":"/metadata/finalizers/x","value":"c"}]"#,
            JsonPatchError::Apply(r#"error in add for path: '/metadata/finalizers/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax"#.into()),
        ),
    ];
    for (patch, want) in bad {
        assert_eq!(apply(doc, patch), Err(want), "{patch}");
    }
}

// handlers/patch.go's applyJSPatch: the decoding into `jsonPatchOp`s comes
// first (400), and an operation that does not apply is a bare 422.
#[test]
fn server_errors() {
    use crate::ApiError;
    let doc = json!({"data": {"a": "1"}});
    let bad = |m: &str| {
        Err(ApiError::BadRequest {
            message: format!("error decoding patch: json: cannot unmarshal {m}"),
        })
    };
    assert_eq!(
        super::json_patch_on_server(&doc, &json!({"data": {}})),
        bad("object into Go value of type []handlers.jsonPatchOp")
    );
    assert_eq!(
        super::json_patch_on_server(&doc, &json!([true])),
        bad("bool into Go value of type handlers.jsonPatchOp")
    );
    assert_eq!(
        super::json_patch_on_server(&doc, &json!([{"op": "add", "path": 1}])),
        bad("number into Go struct field jsonPatchOp.path of type string")
    );
    let e = super::json_patch_on_server(&doc, &json!([{"op": "remove", "path": "/data/b"}]))
        .unwrap_err();
    assert_eq!(e, ApiError::Unprocessable);
    assert_eq!(
        e.to_string(),
        "The request is invalid: the server rejected our request due to an error in our request"
    );
    assert_eq!(
        super::json_patch_on_server(&doc, &json!([{"op": "remove", "path": "/data/a"}])),
        Ok(json!({"data": {}}))
    );
}
