//! apimachinery's strategicpatch/patch_test.go tables (v1.32), run on the
//! real API fields that have the test schema's strategies. The tables keep
//! upstream's field names, renamed by [`api`] when they are read:
//! mergingList → containers (merge on name; a container's own
//! mergingList → env), mergeItemPtr → initContainers (its nested one →
//! env), mergingIntList → finalizers (a merging list of scalars),
//! nonMergingList → tolerations and nonMergingIntList → args (replaced
//! whole), simpleMap → labels, retainKeysMap → a Deployment's strategy
//! (retainKeys) and retainKeysMergingList → volumes (merge on name,
//! retainKeys). The strategies are judged by field name, so a field keeps
//! its strategy where upstream's schema nests it (a strategy holding
//! containers is not a real object, but merges as one).

use super::three_way::{three_way_patch, two_way_patch};
use super::*;
use serde_json::json;

fn rename(field: &str, parent: &str) -> String {
    match field {
        "mergingList" if parent == "containers" => "env",
        "mergingList" => "containers",
        "mergeItemPtr" if parent == "initContainers" => "env",
        "mergeItemPtr" => "initContainers",
        "nonMergingList" => "tolerations",
        "mergingIntList" => "finalizers",
        "nonMergingIntList" => "args",
        "simpleMap" => "labels",
        "retainKeysMap" => "strategy",
        "retainKeysMergingList" => "volumes",
        other => other,
    }
    .to_string()
}

/// An upstream document with its fields renamed to the API's, directives
/// included (`$retainKeys` stays sorted, as upstream builds it).
fn api(v: &Value, parent: &str) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| {
                    if k == RETAIN_KEYS {
                        let mut names: Vec<String> = v
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(Value::as_str)
                            .map(|s| rename(s, parent))
                            .collect();
                        kubeplay_model::sort::sort(&mut names);
                        return (k.clone(), json!(names));
                    }
                    let (prefix, field) = match k.split_once('/') {
                        Some((p, f)) if p.starts_with('$') => (Some(p), f),
                        _ => (None, k.as_str()),
                    };
                    let name = rename(field, parent);
                    let key = prefix.map_or_else(|| name.clone(), |p| format!("{p}/{name}"));
                    (key, api(v, &name))
                })
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|i| api(i, parent)).collect()),
        other => other.clone(),
    }
}

struct Case {
    what: String,
    original: Option<Value>,
    two_way: Option<Value>,
    modified: Value,
    current: Option<Value>,
    three_way: Option<Value>,
    result: Option<Value>,
    two_way_result: Option<Value>,
    error: Option<String>,
}

fn cases(yaml: &str) -> Vec<Case> {
    let doc = kubeplay_codec::parse_value(yaml).expect("the table is YAML");
    let field = |c: &Value, k: &str| {
        c.get(k)
            .map(|v| if v.is_null() { json!({}) } else { api(v, "") })
    };
    doc.as_array()
        .expect("a list of cases")
        .iter()
        .map(|c| Case {
            what: c["description"].as_str().unwrap_or_default().to_string(),
            original: field(c, "original"),
            two_way: field(c, "twoWay"),
            modified: field(c, "modified").unwrap_or_else(|| json!({})),
            current: field(c, "current"),
            three_way: field(c, "threeWay"),
            result: field(c, "result"),
            two_way_result: field(c, "twoWayResult"),
            error: c
                .get("expectedError")
                .and_then(Value::as_str)
                .map(str::to_string),
        })
        .collect()
}

/// Applying the two-way patch to the original gives the modified
/// document (or the expected error): `testPatchApplication`.
fn check_two_way_application(c: &Case) {
    let (Some(original), Some(patch)) = (&c.original, &c.two_way) else {
        return;
    };
    let got = strategic_merge_patch(original, patch);
    match &c.error {
        Some(e) => {
            let err = got.expect_err(&c.what).to_string();
            assert!(err.contains(e.as_str()), "{}: {err}", c.what);
        }
        None => assert_eq!(
            got.as_ref(),
            Ok(c.two_way_result.as_ref().unwrap_or(&c.modified)),
            "{}: two-way result",
            c.what
        ),
    }
}

/// The patches kubectl computes and what applying the three-way one to
/// the live object gives: `testTwoWayPatch` and `testThreeWayPatch`
/// (with `--overwrite`, as kubectl apply runs it).
fn check_patches(c: &Case) {
    let obj = |v: &Value| v.as_object().cloned().unwrap_or_default();
    let original = c.original.as_ref().map(obj).unwrap_or_default();
    let modified = obj(&c.modified);
    if let Some(two_way) = &c.two_way {
        assert_eq!(
            two_way_patch(&original, &modified)
                .map(Value::Object)
                .as_ref(),
            Ok(two_way),
            "{}: two-way patch",
            c.what
        );
    }
    check_two_way_application(c);
    let (Some(current), Some(three_way), Some(result)) = (&c.current, &c.three_way, &c.result)
    else {
        return;
    };
    assert_eq!(
        three_way_patch(&original, &modified, &obj(current))
            .map(Value::Object)
            .as_ref(),
        Ok(three_way),
        "{}: three-way patch",
        c.what
    );
    assert_eq!(
        strategic_merge_patch(current, three_way).as_ref(),
        Ok(result),
        "{}: three-way patch applied",
        c.what
    );
    assert_eq!(
        &three_way_apply(c.original.as_ref(), &c.modified, current),
        result,
        "{}: apply",
        c.what
    );
}

// patch_test.go's TestCustomStrategicMergePatch: customStrategicMergePatchTestCaseData.
#[test]
fn custom_strategic_merge_patch_cases() {
    let all = cases(CUSTOM);
    assert_eq!(all.len(), 18);
    all.iter().for_each(check_two_way_application);
}

// patch_test.go's TestCustomStrategicMergePatch: customStrategicMergePatchRawTestCases.
#[test]
fn custom_strategic_merge_patch_raw_cases() {
    let all = cases(CUSTOM_RAW);
    assert_eq!(all.len(), 10);
    all.iter().for_each(check_two_way_application);
}

const CUSTOM: &str = r#"
- description: unique scalars when merging lists
  original: {mergingIntList: [1, 2]}
  twoWay: {mergingIntList: [2, 3]}
  modified: {mergingIntList: [1, 2, 3]}
- description: delete map from nested map
  original: {simpleMap: {key1: 1, key2: 1}}
  twoWay: {simpleMap: {$patch: delete}}
  modified: {simpleMap: {}}
- description: delete all items from merging list
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay: {mergingList: [{$patch: replace}]}
  modified: {mergingList: []}
- description: merge empty merging lists
  original: {mergingList: []}
  twoWay: {mergingList: []}
  modified: {mergingList: []}
- description: delete all keys from map
  original: {name: 1, value: 1}
  twoWay: {$patch: replace}
  modified: {}
- description: add key and delete all keys from map
  original: {name: 1, value: 1}
  twoWay: {other: a, $patch: replace}
  modified: {other: a}
- description: delete all duplicate entries in a merging list
  original: {mergingList: [{name: 1}, {name: 1}, {name: 2, value: a}, {name: 3}, {name: 3}]}
  twoWay: {mergingList: [{name: 1, $patch: delete}, {name: 3, $patch: delete}]}
  modified: {mergingList: [{name: 2, value: a}]}
- description: retainKeys map can add a field when no retainKeys directive present
  original: {retainKeysMap: {name: foo}}
  twoWay: {retainKeysMap: {value: bar}}
  modified: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map can change a field when no retainKeys directive present
  original: {retainKeysMap: {name: foo, value: a}}
  twoWay: {retainKeysMap: {value: b}}
  modified: {retainKeysMap: {name: foo, value: b}}
- description: retainKeys map can delete a field when no retainKeys directive present
  original: {retainKeysMap: {name: foo, value: a}}
  twoWay: {retainKeysMap: {value: null}}
  modified: {retainKeysMap: {name: foo}}
- description: retainKeys map merge an empty map
  original: {retainKeysMap: {name: foo, value: a}}
  twoWay: {retainKeysMap: {}}
  modified: {retainKeysMap: {name: foo, value: a}}
- description: retainKeys list can add a field when no retainKeys directive present
  original: {retainKeysMergingList: [{name: bar}, {name: foo}]}
  twoWay: {retainKeysMergingList: [{name: foo, value: a}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
- description: retainKeys list can change a field when no retainKeys directive present
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  twoWay: {retainKeysMergingList: [{name: foo, value: b}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: b}]}
- description: retainKeys list can delete a field when no retainKeys directive present
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  twoWay: {retainKeysMergingList: [{name: foo, value: null}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo}]}
- description: preserve the order from the patch in a merging list
  original: {mergingList: [{name: 1}, {name: 2, value: b}, {name: 3}]}
  twoWay: {mergingList: [{name: 3, value: c}, {name: 1, value: a}, {name: 2, other: x}]}
  modified: {mergingList: [{name: 3, value: c}, {name: 1, value: a}, {name: 2, value: b, other: x}]}
- description: preserve the order from the patch in a merging list 2
  original: {mergingList: [{name: 1}, {name: 2, value: b}, {name: 3}]}
  twoWay: {mergingList: [{name: 3, value: c}, {name: 1, value: a}]}
  modified: {mergingList: [{name: 2, value: b}, {name: 3, value: c}, {name: 1, value: a}]}
- description: preserve the order from the patch in a merging int list
  original: {mergingIntList: [1, 2, 3]}
  twoWay: {mergingIntList: [3, 1, 2]}
  modified: {mergingIntList: [3, 1, 2]}
- description: preserve the order from the patch in a merging int list 2
  original: {mergingIntList: [1, 2, 3]}
  twoWay: {mergingIntList: [3, 1]}
  modified: {mergingIntList: [2, 3, 1]}
"#;

const CUSTOM_RAW: &str = r#"
- description: $setElementOrder contains item that is not present in the list to be merged
  original: {mergingList: [{name: 1}, {name: 3}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 3}, {name: 2}, {name: 1}]
    mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]
  modified: {mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]}
- description: $setElementOrder contains item that is not present in the int list to be merged
  original: {mergingIntList: [1, 3]}
  twoWay: {$setElementOrder/mergingIntList: [3, 2, 1]}
  modified: {mergingIntList: [3, 1]}
- description: should check if order in $setElementOrder and patch list match
  original: {mergingList: [{name: 1}, {name: 3}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 3, value: 3}, {name: 1, value: 1}]
  expectedError: doesn't match
- description: should check if order in $setElementOrder and patch int list match
  original: {mergingIntList: [1, 3, 2]}
  twoWay:
    $setElementOrder/mergingIntList: [1, 2, 3]
    mergingIntList: [3, 1]
  expectedError: doesn't match
- description: missing merge key should error out
  original: {mergingList: [{name: 1, value: a}]}
  twoWay: {mergingList: [{value: b}]}
  expectedError: does not contain declared merge key
- description: $deleteFromPrimitiveList of nonexistent item in primitive list should not add the item to the list
  original: {mergingIntList: [1, 2]}
  twoWay: {$deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {mergingIntList: [1, 2]}
- description: $deleteFromPrimitiveList on empty primitive list should not add the item to the list
  original: {mergingIntList: null}
  twoWay: {$deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {mergingIntList: null}
- description: $deleteFromPrimitiveList on nonexistent primitive list should not add the primitive list
  original: {foo: [bar]}
  twoWay: {$deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {foo: [bar]}
- description: $deleteFromPrimitiveList should delete item from a list with merge patch strategy
  original: {mergingIntList: [1, 2, 3]}
  twoWay: {$deleteFromPrimitiveList/mergingIntList: [2]}
  modified: {mergingIntList: [1, 3]}
- description: $deleteFromPrimitiveList should delete item from a list without merge patch strategy
  original: {nonMergingIntList: [1, 2, 3]}
  twoWay: {$deleteFromPrimitiveList/nonMergingIntList: [2]}
  modified: {nonMergingIntList: [1, 3]}
"#;

// patch_test.go's TestStrategicMergePatch: createStrategicMergePatchTestCaseData.
#[test]
fn create_strategic_merge_patch_cases() {
    let all = cases(CREATE);
    assert_eq!(all.len(), 22);
    all.iter().for_each(check_patches);
}

const CREATE: &str = r#"
- description: nil original
  twoWay: {name: 1, value: 1}
  modified: {name: 1, value: 1}
  current: {name: 1, other: a}
  threeWay: {value: 1}
  result: {name: 1, value: 1, other: a}
- description: nil patch
  original: {name: 1}
  twoWay: {}
  modified: {name: 1}
  current: {name: 1}
  threeWay: {}
  result: {name: 1}
- description: add field to map
  original: {name: 1}
  twoWay: {value: 1}
  modified: {name: 1, value: 1}
  current: {name: 1, other: a}
  threeWay: {value: 1}
  result: {name: 1, value: 1, other: a}
- description: add field to map with conflict
  original: {name: 1}
  twoWay: {value: 1}
  modified: {name: 1, value: 1}
  current: {name: a, other: a}
  threeWay: {name: 1, value: 1}
  result: {name: 1, value: 1, other: a}
- description: add field and delete field from map
  original: {name: 1}
  twoWay: {name: null, value: 1}
  modified: {value: 1}
  current: {name: 1, other: a}
  threeWay: {name: null, value: 1}
  result: {value: 1, other: a}
- description: add field and delete field from map with conflict
  original: {name: 1}
  twoWay: {name: null, value: 1}
  modified: {value: 1}
  current: {name: a, other: a}
  threeWay: {name: null, value: 1}
  result: {value: 1, other: a}
- description: delete field from nested map
  original: {simpleMap: {key1: 1, key2: 1}}
  twoWay: {simpleMap: {key2: null}}
  modified: {simpleMap: {key1: 1}}
  current: {simpleMap: {key1: 1, key2: 1, other: a}}
  threeWay: {simpleMap: {key2: null}}
  result: {simpleMap: {key1: 1, other: a}}
- description: delete field from nested map with conflict
  original: {simpleMap: {key1: 1, key2: 1}}
  twoWay: {simpleMap: {key2: null}}
  modified: {simpleMap: {key1: 1}}
  current: {simpleMap: {key1: a, key2: 1, other: a}}
  threeWay: {simpleMap: {key1: 1, key2: null}}
  result: {simpleMap: {key1: 1, other: a}}
- description: delete all fields from map
  original: {name: 1, value: 1}
  twoWay: {name: null, value: null}
  modified: {}
  current: {name: 1, value: 1, other: a}
  threeWay: {name: null, value: null}
  result: {other: a}
- description: delete all fields from map with conflict
  original: {name: 1, value: 1}
  twoWay: {name: null, value: null}
  modified: {}
  current: {name: 1, value: a, other: a}
  threeWay: {name: null, value: null}
  result: {other: a}
- description: add field and delete all fields from map
  original: {name: 1, value: 1}
  twoWay: {name: null, value: null, other: a}
  modified: {other: a}
  current: {name: 1, value: 1, other: a}
  threeWay: {name: null, value: null}
  result: {other: a}
- description: add field and delete all fields from map with conflict
  original: {name: 1, value: 1}
  twoWay: {name: null, value: null, other: a}
  modified: {other: a}
  current: {name: 1, value: 1, other: b}
  threeWay: {name: null, value: null, other: a}
  result: {other: a}
- description: replace list of scalars
  original: {nonMergingIntList: [1, 2]}
  twoWay: {nonMergingIntList: [2, 3]}
  modified: {nonMergingIntList: [2, 3]}
  current: {nonMergingIntList: [1, 2]}
  threeWay: {nonMergingIntList: [2, 3]}
  result: {nonMergingIntList: [2, 3]}
- description: replace list of scalars with conflict
  original: {nonMergingIntList: [1, 2]}
  twoWay: {nonMergingIntList: [2, 3]}
  modified: {nonMergingIntList: [2, 3]}
  current: {nonMergingIntList: [1, 4]}
  threeWay: {nonMergingIntList: [2, 3]}
  result: {nonMergingIntList: [2, 3]}
- description: delete all maps from merging list
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  modified: {mergingList: []}
  current: {mergingList: [{name: 1}, {name: 2}]}
  threeWay: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  result: {mergingList: []}
- description: delete all maps from merging list with conflict
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  modified: {mergingList: []}
  current: {mergingList: [{name: 1, other: a}, {name: 2, other: b}]}
  threeWay: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  result: {mergingList: []}
- description: delete all maps from empty merging list
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  modified: {mergingList: []}
  current: {mergingList: []}
  threeWay: {mergingList: [{name: 1, $patch: delete}, {name: 2, $patch: delete}]}
  result: {mergingList: []}
- description: merge empty merging lists
  original: {mergingList: []}
  twoWay: {}
  modified: {mergingList: []}
  current: {mergingList: []}
  threeWay: {}
  result: {mergingList: []}
- description: defined null values should propagate overwrite current fields (with conflict)
  original: {name: 2}
  twoWay: {name: 1, value: 1, other: null}
  twoWayResult: {name: 1, value: 1}
  modified: {name: 1, value: 1, other: null}
  current: {name: a, other: a}
  threeWay: {name: 1, value: 1, other: null}
  result: {name: 1, value: 1}
- description: defined null values should propagate removing original fields
  original: {name: original-name, value: original-value}
  current: {name: original-name, value: original-value, other: current-other}
  modified: {name: modified-name, value: null}
  twoWay: {name: modified-name, value: null}
  twoWayResult: {name: modified-name}
  threeWay: {name: modified-name, value: null}
  result: {name: modified-name, other: current-other}
- description: nil patch with retainKeys map
  original: {name: a, retainKeysMap: {name: foo}}
  current: {name: a, value: b, retainKeysMap: {name: foo}}
  modified: {name: a, retainKeysMap: {name: foo}}
  twoWay: {}
  threeWay: {}
  result: {name: a, value: b, retainKeysMap: {name: foo}}
- description: retainKeys map with no change should not be present
  original: {name: a, retainKeysMap: {name: foo}}
  current: {name: a, other: c, retainKeysMap: {name: foo}}
  modified: {name: a, value: b, retainKeysMap: {name: foo}}
  twoWay: {value: b}
  threeWay: {value: b}
  result: {name: a, value: b, other: c, retainKeysMap: {name: foo}}
"#;

// patch_test.go's TestStrategicMergePatch: strategicMergePatchRawTestCases,
// merging lists of maps and of scalars.
#[test]
fn strategic_merge_patch_raw_list_cases() {
    let all = cases(RAW_LISTS);
    assert_eq!(all.len(), 36);
    all.iter().for_each(check_patches);
}

const RAW_LISTS: &str = r#"
- description: nested patch merge with empty list
  original: {name: hi}
  current: {name: hi, mergingList: [{name: hello2}]}
  modified: {name: hi, mergingList: [{name: hello}, {$patch: delete, name: doesntexist}]}
  twoWay: {mergingList: [{name: hello}, {$patch: delete, name: doesntexist}]}
  threeWay:
    $setElementOrder/mergingList: [{name: hello}, {name: doesntexist}]
    mergingList: [{name: hello}]
  twoWayResult: {name: hi, mergingList: [{name: hello}]}
  result: {name: hi, mergingList: [{name: hello}, {name: hello2}]}
- description: delete items in lists of scalars
  original: {mergingIntList: [1, 2, 3]}
  twoWay: {$setElementOrder/mergingIntList: [1, 2], $deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {mergingIntList: [1, 2]}
  current: {mergingIntList: [1, 2, 3, 4]}
  threeWay: {$setElementOrder/mergingIntList: [1, 2], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [1, 2, 4]}
- description: delete all duplicate items in lists of scalars
  original: {mergingIntList: [1, 2, 3, 3]}
  twoWay: {$setElementOrder/mergingIntList: [1, 2], $deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {mergingIntList: [1, 2]}
  current: {mergingIntList: [1, 2, 3, 3, 4]}
  threeWay: {$setElementOrder/mergingIntList: [1, 2], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [1, 2, 4]}
- description: add and delete items in lists of scalars
  original: {mergingIntList: [1, 2, 3]}
  twoWay: {$setElementOrder/mergingIntList: [1, 2, 4], $deleteFromPrimitiveList/mergingIntList: [3], mergingIntList: [4]}
  modified: {mergingIntList: [1, 2, 4]}
  current: {mergingIntList: [1, 2, 3, 4]}
  threeWay: {$setElementOrder/mergingIntList: [1, 2, 4], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [1, 2, 4]}
- description: merge lists of maps
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 4}, {name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 4, value: 4}, {name: 3, value: 3}]
  modified: {mergingList: [{name: 4, value: 4}, {name: 1}, {name: 2, value: 2}, {name: 3, value: 3}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 4}, {name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 4, value: 4}, {name: 3, value: 3}]
  result: {mergingList: [{name: 4, value: 4}, {name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
- description: merge lists of maps with conflict
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 3, value: 3}]
  modified: {mergingList: [{name: 1}, {name: 2, value: 2}, {name: 3, value: 3}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 3, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 2, value: 2}, {name: 3, value: 3}]
  result: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
- description: add field to map in merging list
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: 1}]
  modified: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: 1}]
  result: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: add field to map in merging list with conflict
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: 1}]
  modified: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, other: a}, {name: 3, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]
  result: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2}, {name: 3, value: 2, other: b}]}
- description: add duplicate field to map in merging list
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: 1}]
  modified: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay: {}
  result: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: add an item that already exists in current object in merging list
  original: {mergingList: [{name: 1, value: a}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}, {name: 3}]
    mergingList: [{name: 3}]
  modified: {mergingList: [{name: 1, value: a}, {name: 2}, {name: 3}]}
  current: {mergingList: [{name: 1, value: a, other: x}, {name: 2}, {name: 3}]}
  threeWay: {}
  result: {mergingList: [{name: 1, value: a, other: x}, {name: 2}, {name: 3}]}
- description: add duplicate field to map in merging list with conflict
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: 1}]
  modified: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 3, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 2, value: 2}]
  result: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: replace map field value in merging list
  original: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: a}]
  modified: {mergingList: [{name: 1, value: a}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: a}]
  result: {mergingList: [{name: 1, value: a, other: a}, {name: 2, value: 2, other: b}]}
- description: replace map field value in merging list with conflict
  original: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: a}]
  modified: {mergingList: [{name: 1, value: a}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, value: 3, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: a}]
  result: {mergingList: [{name: 1, value: a, other: a}, {name: 2, value: 2, other: b}]}
- description: delete map from merging list
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 1, $patch: delete}]
  modified: {mergingList: [{name: 2}]}
  current: {mergingList: [{name: 1}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 1, $patch: delete}]
  result: {mergingList: [{name: 2, other: b}]}
- description: delete map from merging list with conflict
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 1, $patch: delete}]
  modified: {mergingList: [{name: 2}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 1, $patch: delete}]
  result: {mergingList: [{name: 2, other: b}]}
- description: delete missing map from merging list
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 1, $patch: delete}]
  modified: {mergingList: [{name: 2}]}
  current: {mergingList: [{name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 1, $patch: delete}]
  result: {mergingList: [{name: 2, other: b}]}
- description: delete missing map from merging list with conflict
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 1, $patch: delete}]
  modified: {mergingList: [{name: 2}]}
  current: {mergingList: [{name: 3, other: a}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}]
    mergingList: [{name: 2}, {name: 1, $patch: delete}]
  result: {mergingList: [{name: 2}, {name: 3, other: a}]}
- description: add map and delete map from merging list
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 3}]
    mergingList: [{name: 3}, {name: 1, $patch: delete}]
  modified: {mergingList: [{name: 2}, {name: 3}]}
  current: {mergingList: [{name: 1}, {name: 2, other: b}, {name: 4, other: c}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 3}]
    mergingList: [{name: 3}, {name: 1, $patch: delete}]
  result: {mergingList: [{name: 2, other: b}, {name: 4, other: c}, {name: 3}]}
- description: add map and delete map from merging list with conflict
  original: {mergingList: [{name: 1}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 3}]
    mergingList: [{name: 3}, {name: 1, $patch: delete}]
  modified: {mergingList: [{name: 2}, {name: 3}]}
  current: {mergingList: [{name: 1, other: a}, {name: 4, other: c}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 3}]
    mergingList: [{name: 2}, {name: 3}, {name: 1, $patch: delete}]
  result: {mergingList: [{name: 4, other: c}, {name: 2}, {name: 3}]}
- description: delete field from map in merging list
  original: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}]
  modified: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}]
  result: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: delete field from map in merging list with conflict
  original: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}]
  modified: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, value: a, other: a}, {name: 2, value: 2}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}]
  result: {mergingList: [{name: 1, other: a}, {name: 2, value: 2}]}
- description: delete missing field from map in merging list
  original: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}]
  modified: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}]
  result: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: delete missing field from map in merging list with conflict
  original: {mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}]
  modified: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, value: null}, {name: 2, value: 2}]
  result: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: replace non merging list nested in merging list
  original: {mergingList: [{name: 1, nonMergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}]
  modified: {mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}, {name: 2}]}
  current: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}]
  result: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 1, value: 1}]}, {name: 2, other: b}]}
- description: replace non merging list nested in merging list with value conflict
  original: {mergingList: [{name: 1, nonMergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}]
  modified: {mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}, {name: 2}]}
  current: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 1, value: c}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}]
  result: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 1, value: 1}]}, {name: 2, other: b}]}
- description: replace non merging list nested in merging list with deletion conflict
  original: {mergingList: [{name: 1, nonMergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}]
  modified: {mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}, {name: 2}]}
  current: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 2, value: 2}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{name: 1, nonMergingList: [{name: 1, value: 1}]}]
  result: {mergingList: [{name: 1, other: a, nonMergingList: [{name: 1, value: 1}]}, {name: 2, other: b}]}
- description: add field to map in merging list nested in merging list
  original: {mergingList: [{name: 1, mergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 1}, {name: 2}], name: 1, mergingList: [{name: 1, value: 1}]}]
  modified: {mergingList: [{name: 1, mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}, {name: 2}]}
  current: {mergingList: [{name: 1, other: a, mergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 1}, {name: 2}], name: 1, mergingList: [{name: 1, value: 1}]}]
  result: {mergingList: [{name: 1, other: a, mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}, {name: 2, other: b}]}
- description: add field to map in merging list nested in merging list with value conflict
  original: {mergingList: [{name: 1, mergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 1}, {name: 2}], name: 1, mergingList: [{name: 1, value: 1}]}]
  modified: {mergingList: [{name: 1, mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}, {name: 2}]}
  current: {mergingList: [{name: 1, other: a, mergingList: [{name: 1, value: a, other: c}, {name: 2, value: b, other: d}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 1}, {name: 2}], name: 1, mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}]
  result: {mergingList: [{name: 1, other: a, mergingList: [{name: 1, value: 1, other: c}, {name: 2, value: 2, other: d}]}, {name: 2, other: b}]}
- description: add field to map in merging list nested in merging list with deletion conflict
  original: {mergingList: [{name: 1, mergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 1}, {name: 2}], name: 1, mergingList: [{name: 1, value: 1}]}]
  modified: {mergingList: [{name: 1, mergingList: [{name: 1, value: 1}, {name: 2, value: 2}]}, {name: 2}]}
  current: {mergingList: [{name: 1, other: a, mergingList: [{name: 2, value: 2, other: d}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 1}, {name: 2}], name: 1, mergingList: [{name: 1, value: 1}]}]
  result: {mergingList: [{name: 1, other: a, mergingList: [{name: 1, value: 1}, {name: 2, value: 2, other: d}]}, {name: 2, other: b}]}
- description: add field to map in merging list nested in merging list with deletion conflict, reordered
  original: {mergingList: [{name: 1, mergingList: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 2}, {name: 1}], name: 1, mergingList: [{name: 1, value: 1}]}]
  modified: {mergingList: [{name: 1, mergingList: [{name: 2, value: 2}, {name: 1, value: 1}]}, {name: 2}]}
  current: {mergingList: [{name: 1, other: a, mergingList: [{name: 2, value: 2, other: d}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 2}]
    mergingList: [{$setElementOrder/mergingList: [{name: 2}, {name: 1}], name: 1, mergingList: [{name: 1, value: 1}]}]
  result: {mergingList: [{name: 1, other: a, mergingList: [{name: 2, value: 2, other: d}, {name: 1, value: 1}]}, {name: 2, other: b}]}
- description: add map to merging list by pointer
  original: {mergeItemPtr: [{name: 1}]}
  twoWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{name: 2}]
  modified: {mergeItemPtr: [{name: 1}, {name: 2}]}
  current: {mergeItemPtr: [{name: 1, other: a}, {name: 3}]}
  threeWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{name: 2}]
  result: {mergeItemPtr: [{name: 1, other: a}, {name: 2}, {name: 3}]}
- description: add map to merging list by pointer with conflict
  original: {mergeItemPtr: [{name: 1}]}
  twoWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{name: 2}]
  modified: {mergeItemPtr: [{name: 1}, {name: 2}]}
  current: {mergeItemPtr: [{name: 3}]}
  threeWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{name: 1}, {name: 2}]
  result: {mergeItemPtr: [{name: 1}, {name: 2}, {name: 3}]}
- description: add field to map in merging list by pointer
  original: {mergeItemPtr: [{name: 1, mergeItemPtr: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{$setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}], name: 1, mergeItemPtr: [{name: 1, value: 1}]}]
  modified: {mergeItemPtr: [{name: 1, mergeItemPtr: [{name: 1, value: 1}, {name: 2, value: 2}]}, {name: 2}]}
  current: {mergeItemPtr: [{name: 1, other: a, mergeItemPtr: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{$setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}], name: 1, mergeItemPtr: [{name: 1, value: 1}]}]
  result: {mergeItemPtr: [{name: 1, other: a, mergeItemPtr: [{name: 1, value: 1, other: a}, {name: 2, value: 2, other: b}]}, {name: 2, other: b}]}
- description: add field to map in merging list by pointer with conflict
  original: {mergeItemPtr: [{name: 1, mergeItemPtr: [{name: 1}, {name: 2, value: 2}]}, {name: 2}]}
  twoWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{$setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}], name: 1, mergeItemPtr: [{name: 1, value: 1}]}]
  modified: {mergeItemPtr: [{name: 1, mergeItemPtr: [{name: 1, value: 1}, {name: 2, value: 2}]}, {name: 2}]}
  current: {mergeItemPtr: [{name: 1, other: a, mergeItemPtr: [{name: 1, value: a}, {name: 2, value: 2, other: b}]}, {name: 2, other: b}]}
  threeWay:
    $setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}]
    mergeItemPtr: [{$setElementOrder/mergeItemPtr: [{name: 1}, {name: 2}], name: 1, mergeItemPtr: [{name: 1, value: 1}]}]
  result: {mergeItemPtr: [{name: 1, other: a, mergeItemPtr: [{name: 1, value: 1}, {name: 2, value: 2, other: b}]}, {name: 2, other: b}]}
- description: merge lists of scalars
  original: {mergingIntList: [1, 2]}
  twoWay: {$setElementOrder/mergingIntList: [1, 2, 3], mergingIntList: [3]}
  modified: {mergingIntList: [1, 2, 3]}
  current: {mergingIntList: [1, 2, 4]}
  threeWay: {$setElementOrder/mergingIntList: [1, 2, 3], mergingIntList: [3]}
  result: {mergingIntList: [1, 2, 3, 4]}
- description: add duplicate field to map in merging int list
  original: {mergingIntList: [1, 2]}
  twoWay: {$setElementOrder/mergingIntList: [1, 2, 3], mergingIntList: [3]}
  modified: {mergingIntList: [1, 2, 3]}
  current: {mergingIntList: [1, 2, 3]}
  threeWay: {}
  result: {mergingIntList: [1, 2, 3]}
"#;

// patch_test.go's TestStrategicMergePatch: strategicMergePatchRawTestCases,
// the order `$setElementOrder` sets, with items only the server has.
#[test]
fn strategic_merge_patch_raw_order_cases() {
    let all = cases(RAW_ORDER);
    assert_eq!(all.len(), 21);
    all.iter().for_each(check_patches);
}

const RAW_ORDER: &str = r#"
- description: add an item in a list of primitives and preserve order
  original: {mergingIntList: [1, 2]}
  twoWay: {$setElementOrder/mergingIntList: [3, 1, 2], mergingIntList: [3]}
  modified: {mergingIntList: [3, 1, 2]}
  current: {mergingIntList: [1, 4, 2]}
  threeWay: {$setElementOrder/mergingIntList: [3, 1, 2], mergingIntList: [3]}
  result: {mergingIntList: [3, 1, 4, 2]}
- description: delete an item in a list of primitives and preserve order
  original: {mergingIntList: [1, 2, 3]}
  twoWay: {$setElementOrder/mergingIntList: [2, 1], $deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {mergingIntList: [2, 1]}
  current: {mergingIntList: [1, 2, 3]}
  threeWay: {$setElementOrder/mergingIntList: [2, 1], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [2, 1]}
- description: add an item in a list and preserve order
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 3}, {name: 1}, {name: 2}]
    mergingList: [{name: 3, value: 3}]
  modified: {mergingList: [{name: 3, value: 3}, {name: 1}, {name: 2, value: 2}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 3}, {name: 1}, {name: 2}]
    mergingList: [{name: 3, value: 3}]
  result: {mergingList: [{name: 3, value: 3}, {name: 1, other: a}, {name: 2, value: 2, other: b}]}
- description: add multiple items in a list and preserve order
  original: {mergingList: [{name: 1}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 4}, {name: 2}, {name: 3}]
    mergingList: [{name: 4, value: 4}, {name: 3, value: 3}]
  modified: {mergingList: [{name: 1}, {name: 4, value: 4}, {name: 2, value: 2}, {name: 3, value: 3}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 1}, {name: 4}, {name: 2}, {name: 3}]
    mergingList: [{name: 4, value: 4}, {name: 3, value: 3}]
  result: {mergingList: [{name: 1, other: a}, {name: 4, value: 4}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
- description: delete an item in a list and preserve order
  original: {mergingList: [{name: 1}, {name: 3, value: 3}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 1}]
    mergingList: [{name: 3, $patch: delete}]
  modified: {mergingList: [{name: 2, value: 2}, {name: 1}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 1}]
    mergingList: [{name: 3, $patch: delete}]
  result: {mergingList: [{name: 2, value: 2, other: b}, {name: 1, other: a}]}
- description: change an item in a list and preserve order
  original: {mergingList: [{name: 1}, {name: 3, value: 3}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 3}, {name: 1}]
    mergingList: [{name: 3, value: x}]
  modified: {mergingList: [{name: 2, value: 2}, {name: 3, value: x}, {name: 1}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 2}, {name: 3}, {name: 1}]
    mergingList: [{name: 3, value: x}]
  result: {mergingList: [{name: 2, value: 2, other: b}, {name: 3, value: x}, {name: 1, other: a}]}
- description: add and delete an item in a list and preserve order
  original: {mergingList: [{name: 1}, {name: 3, value: 3}, {name: 2, value: 2}]}
  twoWay:
    $setElementOrder/mergingList: [{name: 4}, {name: 2}, {name: 1}]
    mergingList: [{name: 4, value: 4}, {name: 3, $patch: delete}]
  modified: {mergingList: [{name: 4, value: 4}, {name: 2, value: 2}, {name: 1}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2, other: b}, {name: 3, value: 3}]}
  threeWay:
    $setElementOrder/mergingList: [{name: 4}, {name: 2}, {name: 1}]
    mergingList: [{name: 4, value: 4}, {name: 3, $patch: delete}]
  result: {mergingList: [{name: 4, value: 4}, {name: 2, value: 2, other: b}, {name: 1, other: a}]}
- description: set elements order in a list
  original: {mergingList: [{name: 1}, {name: 3, value: 3}, {name: 4, value: 4}, {name: 2, value: 2}]}
  twoWay: {$setElementOrder/mergingList: [{name: 4}, {name: 2}, {name: 3}, {name: 1}]}
  modified: {mergingList: [{name: 4, value: 4}, {name: 2, value: 2}, {name: 3, value: 3}, {name: 1}]}
  current: {mergingList: [{name: 1, other: a}, {name: 3, value: 3}, {name: 4, value: 4}, {name: 2, value: 2}]}
  threeWay: {$setElementOrder/mergingList: [{name: 4}, {name: 2}, {name: 3}, {name: 1}]}
  result: {mergingList: [{name: 4, value: 4}, {name: 2, value: 2}, {name: 3, value: 3}, {name: 1, other: a}]}
- description: set elements order in a list with server-only items
  original: {mergingList: [{name: 1}, {name: 3, value: 3}, {name: 4, value: 4}, {name: 2, value: 2}]}
  twoWay: {$setElementOrder/mergingList: [{name: 4}, {name: 2}, {name: 3}, {name: 1}]}
  modified: {mergingList: [{name: 4, value: 4}, {name: 2, value: 2}, {name: 3, value: 3}, {name: 1}]}
  current: {mergingList: [{name: 1, other: a}, {name: 3, value: 3}, {name: 4, value: 4}, {name: 2, value: 2}, {name: 9}]}
  threeWay: {$setElementOrder/mergingList: [{name: 4}, {name: 2}, {name: 3}, {name: 1}]}
  result: {mergingList: [{name: 4, value: 4}, {name: 2, value: 2}, {name: 3, value: 3}, {name: 1, other: a}, {name: 9}]}
- description: set elements order in a list with server-only items 2
  original: {mergingList: [{name: 1}, {name: 2, value: 2}, {name: 3, value: 3}, {name: 4, value: 4}]}
  twoWay: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}]}
  modified: {mergingList: [{name: 2, value: 2}, {name: 1}, {name: 4, value: 4}, {name: 3, value: 3}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2}, {name: 9}, {name: 3, value: 3}, {name: 4, value: 4}]}
  threeWay: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}]}
  result: {mergingList: [{name: 2, value: 2}, {name: 1, other: a}, {name: 9}, {name: 4, value: 4}, {name: 3, value: 3}]}
- description: set elements order in a list with server-only items 3
  original: {mergingList: [{name: 1}, {name: 2, value: 2}, {name: 3, value: 3}, {name: 4, value: 4}]}
  twoWay: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}]}
  modified: {mergingList: [{name: 2, value: 2}, {name: 1}, {name: 4, value: 4}, {name: 3, value: 3}]}
  current: {mergingList: [{name: 1, other: a}, {name: 2, value: 2}, {name: 7}, {name: 9}, {name: 8}, {name: 3, value: 3}, {name: 4, value: 4}]}
  threeWay: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}]}
  result: {mergingList: [{name: 2, value: 2}, {name: 1, other: a}, {name: 7}, {name: 9}, {name: 8}, {name: 4, value: 4}, {name: 3, value: 3}]}
- description: add an item in a int list and preserve order
  original: {mergingIntList: [1, 2]}
  twoWay: {$setElementOrder/mergingIntList: [3, 1, 2], mergingIntList: [3]}
  modified: {mergingIntList: [3, 1, 2]}
  current: {mergingIntList: [1, 2]}
  threeWay: {$setElementOrder/mergingIntList: [3, 1, 2], mergingIntList: [3]}
  result: {mergingIntList: [3, 1, 2]}
- description: add multiple items in a int list and preserve order
  original: {mergingIntList: [1, 2]}
  twoWay: {$setElementOrder/mergingIntList: [1, 4, 2, 3], mergingIntList: [4, 3]}
  modified: {mergingIntList: [1, 4, 2, 3]}
  current: {mergingIntList: [1, 2]}
  threeWay: {$setElementOrder/mergingIntList: [1, 4, 2, 3], mergingIntList: [4, 3]}
  result: {mergingIntList: [1, 4, 2, 3]}
- description: delete an item in a int list and preserve order
  original: {mergingIntList: [1, 3, 2]}
  twoWay: {$setElementOrder/mergingIntList: [2, 1], $deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {mergingIntList: [2, 1]}
  current: {mergingIntList: [1, 2, 3]}
  threeWay: {$setElementOrder/mergingIntList: [2, 1], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [2, 1]}
- description: add and delete an item in a int list and preserve order
  original: {mergingIntList: [1, 3, 2]}
  twoWay: {$setElementOrder/mergingIntList: [4, 2, 1], mergingIntList: [4], $deleteFromPrimitiveList/mergingIntList: [3]}
  modified: {mergingIntList: [4, 2, 1]}
  current: {mergingIntList: [1, 2, 3]}
  threeWay: {$setElementOrder/mergingIntList: [4, 2, 1], mergingIntList: [4], $deleteFromPrimitiveList/mergingIntList: [3]}
  result: {mergingIntList: [4, 2, 1]}
- description: set elements order in a int list
  original: {mergingIntList: [1, 3, 4, 2]}
  twoWay: {$setElementOrder/mergingIntList: [4, 2, 3, 1]}
  modified: {mergingIntList: [4, 2, 3, 1]}
  current: {mergingIntList: [1, 3, 4, 2]}
  threeWay: {$setElementOrder/mergingIntList: [4, 2, 3, 1]}
  result: {mergingIntList: [4, 2, 3, 1]}
- description: set elements order in a int list with server-only items
  original: {mergingIntList: [1, 3, 4, 2]}
  twoWay: {$setElementOrder/mergingIntList: [4, 2, 3, 1]}
  modified: {mergingIntList: [4, 2, 3, 1]}
  current: {mergingIntList: [1, 3, 4, 2, 9]}
  threeWay: {$setElementOrder/mergingIntList: [4, 2, 3, 1]}
  result: {mergingIntList: [4, 2, 3, 1, 9]}
- description: set elements order in a int list with server-only items 2
  original: {mergingIntList: [1, 2, 3, 4]}
  twoWay: {$setElementOrder/mergingIntList: [2, 1, 4, 3]}
  modified: {mergingIntList: [2, 1, 4, 3]}
  current: {mergingIntList: [1, 2, 9, 3, 4]}
  threeWay: {$setElementOrder/mergingIntList: [2, 1, 4, 3]}
  result: {mergingIntList: [2, 1, 9, 4, 3]}
- description: set elements order in a int list with server-only items 3
  original: {mergingIntList: [1, 2, 3, 4]}
  twoWay: {$setElementOrder/mergingIntList: [2, 1, 4, 3]}
  modified: {mergingIntList: [2, 1, 4, 3]}
  current: {mergingIntList: [1, 2, 7, 9, 8, 3, 4]}
  threeWay: {$setElementOrder/mergingIntList: [2, 1, 4, 3]}
  result: {mergingIntList: [2, 1, 7, 9, 8, 4, 3]}
- description: behavior of set element order for a merging list with duplicate
  original: {mergingList: [{name: 1}, {name: 2, value: dup1}, {name: 3}, {name: 2, value: dup2}, {name: 4}]}
  current: {mergingList: [{name: 1}, {name: 2, value: dup1}, {name: 3}, {name: 2, value: dup2}, {name: 4}]}
  modified: {mergingList: [{name: 2, value: dup1}, {name: 1}, {name: 4}, {name: 3}, {name: 2, value: dup2}]}
  twoWay: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}, {name: 2}]}
  twoWayResult: {mergingList: [{name: 2, value: dup1}, {name: 2, value: dup2}, {name: 1}, {name: 4}, {name: 3}]}
  threeWay: {$setElementOrder/mergingList: [{name: 2}, {name: 1}, {name: 4}, {name: 3}, {name: 2}]}
  result: {mergingList: [{name: 2, value: dup1}, {name: 2, value: dup2}, {name: 1}, {name: 4}, {name: 3}]}
- description: behavior of set element order for a merging int list with duplicate
  original: {mergingIntList: [1, 2, 3, 2, 4]}
  current: {mergingIntList: [1, 2, 3, 2, 4]}
  modified: {mergingIntList: [2, 1, 4, 3, 2]}
  twoWay: {$setElementOrder/mergingIntList: [2, 1, 4, 3, 2]}
  twoWayResult: {mergingIntList: [2, 2, 1, 4, 3]}
  threeWay: {$setElementOrder/mergingIntList: [2, 1, 4, 3, 2]}
  result: {mergingIntList: [2, 2, 1, 4, 3]}
"#;

// patch_test.go's TestStrategicMergePatch: strategicMergePatchRawTestCases,
// retainKeys maps and lists.
#[test]
fn strategic_merge_patch_raw_retain_keys_cases() {
    let all = cases(RAW_RETAIN_KEYS);
    assert_eq!(all.len(), 36);
    all.iter().for_each(check_patches);
}

const RAW_RETAIN_KEYS: &str = r#"
- description: retainKeys map should clear defaulted field
  original: {}
  current: {retainKeysMap: {value: foo}}
  modified: {retainKeysMap: {other: bar}}
  twoWay: {retainKeysMap: {other: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [other], other: bar}}
  result: {retainKeysMap: {other: bar}}
- description: retainKeys map should clear defaulted field with conflict (discriminated union)
  original: {}
  current: {retainKeysMap: {name: type1, value: foo}}
  modified: {retainKeysMap: {name: type2, other: bar}}
  twoWay: {retainKeysMap: {name: type2, other: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [name, other], name: type2, other: bar}}
  result: {retainKeysMap: {name: type2, other: bar}}
- description: retainKeys map adds a field
  original: {retainKeysMap: {name: foo}}
  current: {retainKeysMap: {name: foo}}
  modified: {retainKeysMap: {name: foo, value: bar}}
  twoWay: {retainKeysMap: {$retainKeys: [name, value], value: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [name, value], value: bar}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map adds a field and clear a field
  original: {retainKeysMap: {name: foo}}
  current: {retainKeysMap: {name: foo, other: a}}
  modified: {retainKeysMap: {name: foo, value: bar}}
  twoWay: {retainKeysMap: {$retainKeys: [name, value], value: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [name, value], value: bar}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map deletes a field
  original: {retainKeysMap: {name: foo, value: bar}}
  current: {retainKeysMap: {name: foo, value: bar}}
  modified: {retainKeysMap: {name: foo}}
  twoWay: {retainKeysMap: {$retainKeys: [name], value: null}}
  threeWay: {retainKeysMap: {$retainKeys: [name], value: null}}
  result: {retainKeysMap: {name: foo}}
- description: retainKeys map deletes a field and clears a field
  original: {retainKeysMap: {name: foo, value: bar}}
  current: {retainKeysMap: {name: foo, value: bar, other: a}}
  modified: {retainKeysMap: {name: foo}}
  twoWay: {retainKeysMap: {$retainKeys: [name], value: null}}
  threeWay: {retainKeysMap: {$retainKeys: [name], value: null}}
  result: {retainKeysMap: {name: foo}}
- description: retainKeys map clears a field
  original: {retainKeysMap: {name: foo, value: bar}}
  current: {retainKeysMap: {name: foo, value: bar, other: a}}
  modified: {retainKeysMap: {name: foo, value: bar}}
  twoWay: {}
  threeWay: {retainKeysMap: {$retainKeys: [name, value]}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map nested map with no change
  original: {retainKeysMap: {name: foo, simpleMap: {key1: a}}}
  current: {retainKeysMap: {name: foo, simpleMap: {key1: a}}}
  modified: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a}}}
  twoWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], value: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], value: bar}}
  result: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a}}}
- description: retainKeys map adds a field in a nested map
  original: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a}}}
  current: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key3: c}}}
  modified: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key2: b}}}
  twoWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key2: b}}}
  threeWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key2: b}}}
  result: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key2: b, key3: c}}}
- description: retainKeys map deletes a field in a nested map
  original: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key2: b}}}
  current: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key2: b, key3: c}}}
  modified: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a}}}
  twoWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key2: null}}}
  threeWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key2: null}}}
  result: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key3: c}}}
- description: retainKeys map changes a field in a nested map
  original: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key2: b}}}
  current: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: a, key2: b, key3: c}}}
  modified: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: x, key2: b}}}
  twoWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key1: x}}}
  threeWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key1: x}}}
  result: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: x, key2: b, key3: c}}}
- description: retainKeys map changes a field in a nested map with conflict
  original: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: old, key2: b}}}
  current: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: new, key2: b, key3: c}}}
  modified: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: modified, key2: b}}}
  twoWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key1: modified}}}
  threeWay: {retainKeysMap: {$retainKeys: [name, simpleMap, value], simpleMap: {key1: modified}}}
  result: {retainKeysMap: {name: foo, value: bar, simpleMap: {key1: modified, key2: b, key3: c}}}
- description: retainKeys map replaces non-merging list
  original: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: b}]}}
  modified: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: c}, {name: b}]}}
  twoWay: {retainKeysMap: {$retainKeys: [name, nonMergingList, value], nonMergingList: [{name: a}, {name: c}, {name: b}]}}
  threeWay: {retainKeysMap: {$retainKeys: [name, nonMergingList, value], nonMergingList: [{name: a}, {name: c}, {name: b}]}}
  result: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: c}, {name: b}]}}
- description: retainKeys map nested non-merging list with no change
  original: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}]}}
  modified: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: b}]}}
  twoWay: {retainKeysMap: {$retainKeys: [name, nonMergingList, value], value: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [name, nonMergingList, value], value: bar}}
  result: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: b}]}}
- description: retainKeys map nested non-merging list with no change with conflict
  original: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}, {name: c}]}}
  modified: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: b}]}}
  twoWay: {retainKeysMap: {$retainKeys: [name, nonMergingList, value], value: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [name, nonMergingList, value], value: bar, nonMergingList: [{name: a}, {name: b}]}}
  result: {retainKeysMap: {name: foo, value: bar, nonMergingList: [{name: a}, {name: b}]}}
- description: retainKeys map deletes nested non-merging list
  original: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}]}}
  modified: {retainKeysMap: {name: foo, value: bar}}
  twoWay: {retainKeysMap: {$retainKeys: [name, value], value: bar, nonMergingList: null}}
  threeWay: {retainKeysMap: {$retainKeys: [name, value], value: bar, nonMergingList: null}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map delete nested non-merging list with conflict
  original: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, nonMergingList: [{name: a}, {name: b}, {name: c}]}}
  modified: {retainKeysMap: {name: foo, value: bar}}
  twoWay: {retainKeysMap: {$retainKeys: [name, value], value: bar, nonMergingList: null}}
  threeWay: {retainKeysMap: {$retainKeys: [name, value], value: bar, nonMergingList: null}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map nested merging int list with no change
  original: {retainKeysMap: {name: foo, mergingIntList: [1, 2]}}
  current: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3]}}
  modified: {retainKeysMap: {name: foo, value: bar, mergingIntList: [1, 2]}}
  twoWay: {retainKeysMap: {$retainKeys: [mergingIntList, name, value], value: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [mergingIntList, name, value], $setElementOrder/mergingIntList: [1, 2], value: bar}}
  result: {retainKeysMap: {name: foo, value: bar, mergingIntList: [1, 2, 3]}}
- description: retainKeys map adds an item in nested merging int list
  original: {retainKeysMap: {name: foo, mergingIntList: [1, 2]}}
  current: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3]}}
  modified: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 4]}}
  twoWay: {retainKeysMap: {$setElementOrder/mergingIntList: [1, 2, 4], $retainKeys: [mergingIntList, name], mergingIntList: [4]}}
  threeWay: {retainKeysMap: {$setElementOrder/mergingIntList: [1, 2, 4], $retainKeys: [mergingIntList, name], mergingIntList: [4]}}
  result: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 4, 3]}}
- description: retainKeys map deletes an item in nested merging int list
  original: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3]}}
  current: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3, 4]}}
  modified: {retainKeysMap: {name: foo, mergingIntList: [1, 3]}}
  twoWay: {retainKeysMap: {$retainKeys: [mergingIntList, name], $deleteFromPrimitiveList/mergingIntList: [2], $setElementOrder/mergingIntList: [1, 3]}}
  threeWay: {retainKeysMap: {$retainKeys: [mergingIntList, name], $deleteFromPrimitiveList/mergingIntList: [2], $setElementOrder/mergingIntList: [1, 3]}}
  result: {retainKeysMap: {name: foo, mergingIntList: [1, 3, 4]}}
- description: retainKeys map adds an item and deletes an item in nested merging int list
  original: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3]}}
  current: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3, 4]}}
  modified: {retainKeysMap: {name: foo, mergingIntList: [1, 3, 5]}}
  twoWay: {retainKeysMap: {$retainKeys: [mergingIntList, name], mergingIntList: [5], $deleteFromPrimitiveList/mergingIntList: [2], $setElementOrder/mergingIntList: [1, 3, 5]}}
  threeWay: {retainKeysMap: {$retainKeys: [mergingIntList, name], mergingIntList: [5], $deleteFromPrimitiveList/mergingIntList: [2], $setElementOrder/mergingIntList: [1, 3, 5]}}
  result: {retainKeysMap: {name: foo, mergingIntList: [1, 3, 5, 4]}}
- description: retainKeys map deletes nested merging int list
  original: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3]}}
  current: {retainKeysMap: {name: foo, mergingIntList: [1, 2, 3]}}
  modified: {retainKeysMap: {name: foo}}
  twoWay: {retainKeysMap: {$retainKeys: [name], mergingIntList: null}}
  threeWay: {retainKeysMap: {$retainKeys: [name], mergingIntList: null}}
  result: {retainKeysMap: {name: foo}}
- description: retainKeys map nested merging list with no change
  original: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}, {name: c}]}}
  modified: {retainKeysMap: {name: foo, value: bar, mergingList: [{name: a}, {name: b}]}}
  twoWay: {retainKeysMap: {$retainKeys: [mergingList, name, value], value: bar}}
  threeWay: {retainKeysMap: {$retainKeys: [mergingList, name, value], $setElementOrder/mergingList: [{name: a}, {name: b}], value: bar}}
  result: {retainKeysMap: {name: foo, value: bar, mergingList: [{name: a}, {name: b}, {name: c}]}}
- description: retainKeys map adds an item in nested merging list
  original: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}, {name: x}]}}
  modified: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}, {name: c}]}}
  twoWay: {retainKeysMap: {$retainKeys: [mergingList, name], $setElementOrder/mergingList: [{name: a}, {name: b}, {name: c}], mergingList: [{name: c}]}}
  threeWay: {retainKeysMap: {$retainKeys: [mergingList, name], $setElementOrder/mergingList: [{name: a}, {name: b}, {name: c}], mergingList: [{name: c}]}}
  result: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}, {name: c}, {name: x}]}}
- description: retainKeys map changes an item in nested merging list
  original: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b, value: foo}]}}
  current: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b, value: foo}, {name: x}]}}
  modified: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b, value: bar}]}}
  twoWay: {retainKeysMap: {$retainKeys: [mergingList, name], $setElementOrder/mergingList: [{name: a}, {name: b}], mergingList: [{name: b, value: bar}]}}
  threeWay: {retainKeysMap: {$retainKeys: [mergingList, name], $setElementOrder/mergingList: [{name: a}, {name: b}], mergingList: [{name: b, value: bar}]}}
  result: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b, value: bar}, {name: x}]}}
- description: retainKeys map deletes nested merging list
  original: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}]}}
  modified: {retainKeysMap: {name: foo, value: bar}}
  twoWay: {retainKeysMap: {$retainKeys: [name, value], value: bar, mergingList: null}}
  threeWay: {retainKeysMap: {$retainKeys: [name, value], value: bar, mergingList: null}}
  result: {retainKeysMap: {name: foo, value: bar}}
- description: retainKeys map deletes an item in nested merging list
  original: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}]}}
  current: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: b}, {name: x}]}}
  modified: {retainKeysMap: {name: foo, mergingList: [{name: a}]}}
  twoWay: {retainKeysMap: {$retainKeys: [mergingList, name], $setElementOrder/mergingList: [{name: a}], mergingList: [{name: b, $patch: delete}]}}
  threeWay: {retainKeysMap: {$retainKeys: [mergingList, name], $setElementOrder/mergingList: [{name: a}], mergingList: [{name: b, $patch: delete}]}}
  result: {retainKeysMap: {name: foo, mergingList: [{name: a}, {name: x}]}}
- description: retainKeys list of maps clears a field
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo, value: a, other: x}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  twoWay: {}
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
- description: retainKeys list of maps clears a field with conflict
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: old}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo, value: new, other: x}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: modified}]}
  twoWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: modified}]
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: modified}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo, value: modified}]}
- description: retainKeys list of maps changes a field and clear a field
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: old}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo, value: old, other: x}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: new}]}
  twoWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: new}]
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: new}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo, value: new}]}
- description: retainKeys list of maps changes a field and clear a field with conflict
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: old}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo, value: modified, other: x}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: new}]}
  twoWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: new}]
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: new}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo, value: new}]}
- description: retainKeys list of maps adds a field
  original: {retainKeysMergingList: [{name: bar}, {name: foo}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  twoWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: a}]
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: a}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
- description: retainKeys list of maps adds a field and clear a field
  original: {retainKeysMergingList: [{name: bar}, {name: foo}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo, other: x}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  twoWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: a}]
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name, value], name: foo, value: a}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
- description: retainKeys list of maps deletes a field
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo}]}
  twoWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name], name: foo, value: null}]
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name], name: foo, value: null}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo}]}
- description: retainKeys list of maps deletes a field and clear a field
  original: {retainKeysMergingList: [{name: bar}, {name: foo, value: a}]}
  current: {retainKeysMergingList: [{name: bar}, {name: foo, value: a, other: x}]}
  modified: {retainKeysMergingList: [{name: bar}, {name: foo}]}
  twoWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name], name: foo, value: null}]
  threeWay:
    $setElementOrder/retainKeysMergingList: [{name: bar}, {name: foo}]
    retainKeysMergingList: [{$retainKeys: [name], name: foo, value: null}]
  result: {retainKeysMergingList: [{name: bar}, {name: foo}]}
- description: delete and reorder in one list, reorder in another
  original: {mergingList: [{name: a, value: a}, {name: b, value: b}], mergeItemPtr: [{name: c, value: c}, {name: d, value: d}]}
  current: {mergingList: [{name: a, value: a}, {name: b, value: b}], mergeItemPtr: [{name: c, value: c}, {name: d, value: d}]}
  modified: {mergingList: [{name: b, value: b}], mergeItemPtr: [{name: d, value: d}, {name: c, value: c}]}
  twoWay:
    $setElementOrder/mergingList: [{name: b}]
    $setElementOrder/mergeItemPtr: [{name: d}, {name: c}]
    mergingList: [{$patch: delete, name: a}]
  threeWay:
    $setElementOrder/mergingList: [{name: b}]
    $setElementOrder/mergeItemPtr: [{name: d}, {name: c}]
    mergingList: [{$patch: delete, name: a}]
  result: {mergingList: [{name: b, value: b}], mergeItemPtr: [{name: d, value: d}, {name: c, value: c}]}
"#;

// patch_test.go's TestNumberConversion: numbers keep their precision
// through the diff and the patch.
#[test]
fn number_conversion() {
    let cases = [
        ("empty", r#"{}"#, r#"{}"#, r#"{}"#),
        (
            "int32 medium",
            r#"{"int32":1000000}"#,
            r#"{"int32":1000000,"name":"newname"}"#,
            r#"{"name":"newname"}"#,
        ),
        (
            "int32 max",
            r#"{"int32":2147483647}"#,
            r#"{"int32":2147483647,"name":"newname"}"#,
            r#"{"name":"newname"}"#,
        ),
        (
            "int64 medium",
            r#"{"int64":1000000}"#,
            r#"{"int64":1000000,"name":"newname"}"#,
            r#"{"name":"newname"}"#,
        ),
        (
            "int64 max",
            r#"{"int64":9223372036854775807}"#,
            r#"{"int64":9223372036854775807,"name":"newname"}"#,
            r#"{"name":"newname"}"#,
        ),
        (
            "float32 max",
            r#"{"float32":3.4028234663852886e+38}"#,
            r#"{"float32":3.4028234663852886e+38,"name":"newname"}"#,
            r#"{"name":"newname"}"#,
        ),
        (
            "float64 max",
            r#"{"float64":1.7976931348623157e+308}"#,
            r#"{"float64":1.7976931348623157e+308,"name":"newname"}"#,
            r#"{"name":"newname"}"#,
        ),
    ];
    for (what, old, new, want_patch) in cases {
        let old: Value = serde_json::from_str(old).unwrap();
        let new: Value = serde_json::from_str(new).unwrap();
        let patch = Value::Object(
            two_way_patch(old.as_object().unwrap(), new.as_object().unwrap()).unwrap(),
        );
        assert_eq!(patch.to_string(), want_patch, "{what}");
        assert_eq!(strategic_merge_patch(&old, &patch), Ok(new), "{what}");
    }
}

// apiserver handlers' rest_test.go TestNumberConversion: a patch's
// integers stay integers in the pod it patches.
#[test]
fn number_conversion_of_a_pod_patch() {
    let pod = json!({"kind":"Example","metadata":{"name":"test-example"},"spec":{"terminationGracePeriodSeconds":42,"activeDeadlineSeconds":42}});
    let patch = json!({"spec":{"terminationGracePeriodSeconds":42,"activeDeadlineSeconds":120}});
    let got = strategic_merge_patch(&pod, &patch).unwrap();
    assert_eq!(
        got["spec"]["terminationGracePeriodSeconds"].as_i64(),
        Some(42)
    );
    assert_eq!(got["spec"]["activeDeadlineSeconds"].as_i64(), Some(120));
}

// The directive errors of patch.go (mergeSliceWithSpecialElements,
// handleDirectiveInMergeMap, applyRetainKeysDirective, extractKey,
// sliceElementType), worded as mergepatch's errors.
#[test]
fn bad_directives_are_refused() {
    let current =
        json!({"containers":[{"name":"a"}],"finalizers":["x"],"strategy":{"type":"Recreate"}});
    let cases = [
        (
            json!({"strategy":{"$patch":"nope"}}),
            "unknown patch type: nope in map: map[$patch:nope]",
        ),
        (
            json!({"containers":[{"name":"a","$patch":"nope"}]}),
            "unknown patch type: nope in map: map[$patch:nope name:a]",
        ),
        (
            json!({"containers":[{"$patch":"merge"}]}),
            "merging lists cannot yet be specified in the patch",
        ),
        (
            json!({"containers":[{"$patch":"delete"}]}),
            "map: map[$patch:delete] does not contain declared merge key: name",
        ),
        (
            json!({"strategy":{"$retainKeys":"type"}}),
            "invalid patch format of retainKeys",
        ),
        (
            json!({"strategy":{"$retainKeys":["type"],"rollingUpdate":{}}}),
            "invalid patch format of retainKeys",
        ),
        (
            json!({"$deleteFromPrimitiveListfinalizers":["x"]}),
            "invalid patch format of primitive list",
        ),
        (
            json!({"$setElementOrder/finalizers":"x"}),
            "expected a []interface {}, but received a string",
        ),
        (
            json!({"$setElementOrder/strategy":["type"]}),
            "expected a []interface {}, but received a map[string]interface {}",
        ),
        (
            json!({"$setElementOrderfinalizers":["x"]}),
            "invalid patch format of setElementOrder list",
        ),
        (
            json!({"finalizers":[["x"]]}),
            "lists of lists are not supported",
        ),
        (
            json!({"containers":[{"name":"b"},"c"]}),
            "list element types are not identical",
        ),
    ];
    for (patch, want) in cases {
        let got = strategic_merge_patch(&current, &patch).map_err(|e| e.to_string());
        assert_eq!(got, Err(want.to_string()), "{patch}");
    }
    // A deletion list that is not a list is passed over (mergeMap).
    assert_eq!(
        strategic_merge_patch(
            &current,
            &json!({"$deleteFromPrimitiveList/finalizers":"x"})
        ),
        Ok(current.clone())
    );
}

// patch_test.go's TestUnknownField, the cases that merge: fields the
// schema does not know merge as plain maps and replaced lists. (Its
// "diff" case, an error for a changed unknown map, needs the schema's
// field list, which the playground does not keep.)
#[test]
fn unknown_fields() {
    let doc = |s: &str| serde_json::from_str::<Value>(s).unwrap();
    let cases = [
        (
            "no diff",
            r#"{"array":[1,2,3],"complex":{"nested":true},"name":"foo","scalar":true}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"name":"foo","scalar":true}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"name":"foo","scalar":true}"#,
            r#"{}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"name":"foo","scalar":true}"#,
            r#"{}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"name":"foo","scalar":true}"#,
        ),
        (
            "added only",
            r#"{"name":"foo"}"#,
            r#"{"name":"foo"}"#,
            r#"{"name":"foo","scalar":true,"complex":{"nested":true},"array":[1,2,3]}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"scalar":true}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"name":"foo","scalar":true}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"scalar":true}"#,
            r#"{"array":[1,2,3],"complex":{"nested":true},"name":"foo","scalar":true}"#,
        ),
        (
            "removed only",
            r#"{"name":"foo","scalar":true,"complex":{"nested":true}}"#,
            r#"{"name":"foo","scalar":true,"complex":{"nested":true},"array":[1,2,3]}"#,
            r#"{"name":"foo"}"#,
            r#"{"complex":null,"scalar":null}"#,
            r#"{"name":"foo"}"#,
            r#"{"complex":null,"scalar":null}"#,
            r#"{"array":[1,2,3],"name":"foo"}"#,
        ),
    ];
    for (what, original, current, modified, two_way, two_way_result, three_way, result) in cases {
        let (original, current, modified) = (doc(original), doc(current), doc(modified));
        let obj = |v: &Value| v.as_object().cloned().unwrap();
        let patch = Value::Object(two_way_patch(&obj(&original), &obj(&modified)).unwrap());
        assert_eq!(patch, doc(two_way), "{what}");
        assert_eq!(
            strategic_merge_patch(&original, &patch),
            Ok(doc(two_way_result)),
            "{what}"
        );
        let patch = Value::Object(
            three_way_patch(&obj(&original), &obj(&modified), &obj(&current)).unwrap(),
        );
        assert_eq!(patch, doc(three_way), "{what}");
        assert_eq!(
            strategic_merge_patch(&current, &patch),
            Ok(doc(result)),
            "{what}"
        );
        assert_eq!(
            three_way_apply(Some(&original), &modified, &current),
            doc(result),
            "{what}"
        );
    }
}
