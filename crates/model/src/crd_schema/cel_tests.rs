//! Cases ported from apiextensions-apiserver's
//! `pkg/apiserver/schema/cel/validation_test.go` (v1.32): a schema, an
//! object, rules that must hold and rules that must fail with a message
//! containing the given text. Then the field errors a custom resource gets.

use super::cel::{compile_rule, to_value};
use super::validate_with_rules;
use crate::api::JsonSchemaProps;
use kubeplay_cel::Value;
use serde_json::{json, Value as Json};

fn schema(v: Json) -> JsonSchemaProps {
    serde_json::from_value(v).expect("test schema decodes")
}

fn eval(s: &JsonSchemaProps, obj: &Json, root: bool, rule: &str) -> Result<bool, String> {
    let p = compile_rule(s, root, rule, false).map_err(|e| format!("compilation failed: {e}"))?;
    let v = to_value(s, obj, root).ok_or("object does not fit the schema")?;
    match p.eval(&[("self", v)]) {
        Ok(Value::Bool(b)) => Ok(b),
        Ok(other) => Err(format!("not a bool: {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

/// `val1`, `val2`, … of the given schemas and values, as upstream's
/// `objs` and `schemas` helpers build them.
fn vals(types: &[Json], values: &[Json]) -> (JsonSchemaProps, Json) {
    let mut props = serde_json::Map::new();
    let mut obj = serde_json::Map::new();
    for (i, (t, v)) in types.iter().zip(values).enumerate() {
        props.insert(format!("val{}", i + 1), t.clone());
        obj.insert(format!("val{}", i + 1), v.clone());
    }
    (
        schema(json!({"type": "object", "properties": props})),
        Json::Object(obj),
    )
}

fn run(
    name: &str,
    s: &JsonSchemaProps,
    obj: &Json,
    root: bool,
    valid: &[&str],
    errors: &[(&str, &str)],
) {
    for rule in valid {
        assert_eq!(eval(s, obj, root, rule), Ok(true), "{name}: {rule}");
    }
    for (rule, want) in errors {
        match eval(s, obj, root, rule) {
            Err(e) if e.contains(want) => {}
            other => panic!("{name}: {rule}: want error containing {want:?}, got {other:?}"),
        }
    }
}

#[test]
fn scalars() {
    let int = json!({"type": "integer"});
    let (s, o) = vals(
        &[int.clone(), int.clone()],
        &[json!(i64::MAX), json!(i64::MAX)],
    );
    run(
        "integers",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 == 9223372036854775807",
            "type(self.val1) == int",
        ],
        &[
            ("self.val1 + 1 == 0", "integer overflow"),
            ("1 / 0 == 1 / 0", "division by zero"),
        ],
    );

    let num = json!({"type": "number"});
    let (s, o) = vals(
        &[num.clone(), num.clone(), num.clone()],
        &[json!(1.5), json!(1.5), json!(1)],
    );
    run(
        "numbers",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "type(self.val1) == double",
            "type(self.val3) == double",
            "self.val3 == 1.0",
        ],
        &[],
    );

    let (s, o) = vals(
        &[int.clone(), int.clone(), int.clone(), num.clone()],
        &[json!(5), json!(10), json!(15), json!(10.0)],
    );
    run(
        "numeric comparisons",
        &s,
        &o,
        false,
        &[
            "double(self.val1) < self.val4",
            "double(self.val2) == self.val4",
            "self.val1 < int(self.val4)",
            "self.val2 == int(self.val4)",
            "self.val3 > int(self.val4)",
            "double(5) < 10.0",
            "10 == int(10.0)",
            "self.val1 < self.val4",
            "self.val3 >= self.val4",
            "5 < 10.0",
            "15 > 10.0",
            "self.val1 < 10.0",
        ],
        &[],
    );

    let st = json!({"type": "string"});
    let (s, o) = vals(
        &[st.clone(), st.clone()],
        &[json!("Rook takes 👑"), json!("Rook takes 👑")],
    );
    run(
        "unicode strings",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 == 'Rook takes 👑'",
            "self.val1.startsWith('Rook')",
            "!self.val1.startsWith('knight')",
            "self.val1.contains('takes')",
            "self.val1.endsWith('👑')",
            "self.val1.matches('^[^0-9]*$')",
            "!self.val1.matches('^[0-9]*$')",
            "type(self.val1) == string",
            "size(self.val1) == 12",
            "self.val1.charAt(3) == 'k'",
            "self.val1.indexOf('o') == 1",
            "self.val1.indexOf('o', 2) == 2",
            "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'",
            "self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'",
            "self.val1.split(' ') == ['Rook', 'takes', '👑']",
            "self.val1.split(' ', 2) == ['Rook', 'takes 👑']",
            "self.val1.substring(5) == 'takes 👑'",
            "self.val1.substring(0, 4) == 'Rook'",
            "self.val1.substring(4, 10).trim() == 'takes'",
            "self.val1.upperAscii() == 'ROOK TAKES 👑'",
            "self.val1.lowerAscii() == 'rook takes 👑'",
        ],
        &[(
            "self.val1.matches(')')",
            "compilation failed: ERROR: <input>:1:19: invalid matches argument",
        )],
    );

    let (s, o) = vals(
        &[st.clone(), st.clone()],
        &[json!("l1\nl2"), json!("l1\nl2")],
    );
    run(
        "escaped strings",
        &s,
        &o,
        false,
        &["self.val1 == 'l1\\nl2'", "self.val1 == '''l1\nl2'''"],
        &[],
    );

    let byte = json!({"type": "string", "format": "byte"});
    let (s, o) = vals(
        &[byte.clone(), byte.clone()],
        &[json!("QUI="), json!("QUI=")],
    );
    run(
        "bytes",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 == b'AB'",
            "self.val1 == bytes('AB')",
            "self.val1 == b'\\x41\\x42'",
            "type(self.val1) == bytes",
            "size(self.val1) == 2",
        ],
        &[],
    );

    let b = json!({"type": "boolean"});
    let (s, o) = vals(
        &[b.clone(), b.clone(), b.clone()],
        &[json!(true), json!(true), json!(false)],
    );
    run(
        "booleans",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 != self.val3",
            "type(self.val1) == bool",
        ],
        &[],
    );
}

#[test]
fn time_formats() {
    let dur = json!({"type": "string", "format": "duration"});
    let (s, o) = vals(
        &[dur.clone(), dur.clone()],
        &[json!("1h2m3s4ms"), json!("1h2m3s4ms")],
    );
    run(
        "duration format",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 == duration('1h2m3s4ms')",
            "self.val1 == duration('1h2m') + duration('3s4ms')",
            "self.val1.getHours() == 1",
            "self.val1.getMinutes() == 62",
            "self.val1.getSeconds() == 3723",
            "self.val1.getMilliseconds() == 3723004",
            "type(self.val1) == google.protobuf.Duration",
        ],
        &[
            (
                "duration('1')",
                "compilation failed: ERROR: <input>:1:10: invalid duration argument",
            ),
            (
                "duration('1d')",
                "compilation failed: ERROR: <input>:1:10: invalid duration argument",
            ),
            (
                "duration('1us') < duration('1nns')",
                "compilation failed: ERROR: <input>:1:28: invalid duration argument",
            ),
        ],
    );

    let date = json!({"type": "string", "format": "date"});
    let (s, o) = vals(
        &[date.clone(), date.clone()],
        &[json!("1997-07-16"), json!("1997-07-16")],
    );
    run(
        "date format",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 == timestamp('1997-07-16T00:00:00.000Z')",
            "self.val1.getDate() == 16",
            "self.val1.getMonth() == 06",
            "self.val1.getFullYear() == 1997",
            "type(self.val1) == google.protobuf.Timestamp",
        ],
        &[],
    );

    let dt = json!({"type": "string", "format": "date-time"});
    let (s, o) = vals(
        &[dt.clone(), dt.clone()],
        &[
            json!("2011-08-18T19:03:37.010000000+01:00"),
            json!("2011-08-18T19:03:37.010000000+01:00"),
        ],
    );
    run(
        "date-time format",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 == timestamp('2011-08-18T19:03:37.010+01:00')",
            "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
            "self.val1.getDate('01:00') == 18",
            "self.val1.getMonth('01:00') == 7",
            "self.val1.getFullYear('01:00') == 2011",
            "self.val1.getHours('01:00') == 19",
            "self.val1.getMinutes('01:00') == 03",
            "self.val1.getSeconds('01:00') == 37",
            "self.val1.getMilliseconds('01:00') == 10",
            "self.val1.getHours('UTC') == 18",
            "type(self.val1) == google.protobuf.Timestamp",
        ],
        &[
            (
                "timestamp('1000-00-00T00:00:00Z')",
                "compilation failed: ERROR: <input>:1:11: invalid timestamp",
            ),
            (
                "timestamp('1000-01-01T00:00:00ZZ')",
                "compilation failed: ERROR: <input>:1:11: invalid timestamp",
            ),
            (
                "timestamp(-62135596801)",
                "compilation failed: ERROR: <input>:1:11: invalid timestamp",
            ),
        ],
    );

    let types = [
        json!({"type": "integer"}),
        json!({"type": "number"}),
        json!({"type": "number"}),
        json!({"type": "number"}),
        json!({"type": "boolean"}),
        json!({"type": "string"}),
        json!({"type": "string", "format": "byte"}),
        json!({"type": "string"}),
        dur,
        json!({"type": "string"}),
        dt,
        json!({"type": "string"}),
        date,
    ];
    let values = [
        json!(10),
        json!(10.0),
        json!(10.49),
        json!(10.5),
        json!(true),
        json!("10"),
        json!("MTA="),
        json!("3723.004s"),
        json!("1h2m3s4ms"),
        json!("2011-08-18T19:03:37.01+01:00"),
        json!("2011-08-18T19:03:37.01+01:00"),
        json!("2011-08-18T00:00:00Z"),
        json!("2011-08-18"),
    ];
    let (s, o) = vals(&types, &values);
    run(
        "conversions",
        &s,
        &o,
        false,
        &[
            "int(self.val2) == self.val1",
            "int(self.val3) == self.val1",
            "int(self.val4) == self.val1",
            "int(self.val6) == self.val1",
            "double(self.val1) == self.val2",
            "double(self.val6) == self.val2",
            "bytes(self.val6) == self.val7",
            "string(self.val1) == self.val6",
            "string(self.val2) == '10'",
            "string(self.val3) == '10.49'",
            "string(self.val4) == '10.5'",
            "string(self.val5) == 'true'",
            "string(self.val7) == self.val6",
            "duration(self.val8) == self.val9",
            "string(self.val9) == self.val8",
            "timestamp(self.val10) == self.val11",
            "string(self.val11) == self.val10",
            "timestamp(self.val12) == self.val13",
            "string(self.val13) == self.val12",
        ],
        &[],
    );
}

#[test]
fn lists_maps_and_objects() {
    let ints = json!({"type": "array", "items": {"type": "integer"}});
    let (s, o) = vals(
        &[ints.clone(), ints.clone()],
        &[json!([1, 2, 3]), json!([1, 2, 3])],
    );
    run(
        "lists",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "self.val1 == [1, 2, 3]",
            "1 in self.val1",
            "self.val2[0] in self.val1",
            "!(0 in self.val1)",
            "self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]",
            "self.val1 + [4, 5] == [1, 2, 3, 4, 5]",
        ],
        &[(
            "[1, 'a', false].filter(x, string(x) == 'a')",
            "compilation failed: ERROR: <input>:1:5: expected type 'int' but found 'string'",
        )],
    );

    let strs = json!({"type": "array", "items": {"type": "string"}});
    let (s, o) = vals(&[strs], &[json!(["a", "b", "c"])]);
    run(
        "string lists",
        &s,
        &o,
        false,
        &[
            "self.val1.join('-') == 'a-b-c'",
            "['a', 'b', 'c'].join('-') == 'a-b-c'",
            "self.val1.join() == 'abc'",
        ],
        &[],
    );

    let set =
        json!({"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}});
    let (s, o) = vals(
        &[set.clone(), set],
        &[json!(["a", "b", "c"]), json!(["a", "c", "b"])],
    );
    run(
        "listSets",
        &s,
        &o,
        false,
        &[
            "self.val1 == ['c', 'b', 'a']",
            "self.val1 == self.val2",
            "'a' in self.val1",
            "self.val2[0] in self.val1",
            "!('x' in self.val1)",
            "self.val1 + self.val2 == ['a', 'b', 'c']",
            "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']",
            "self.val1.join('-') == 'a-b-c'",
        ],
        &[],
    );

    let kv =
        json!({"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}}});
    let s = schema(
        json!({"type": "object", "properties": {"objs": {"type": "array", "items": {
        "type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"], "items": kv}}}}),
    );
    let o = json!({"objs": [
        [{"k": "a", "v": "1"}, {"k": "b", "v": "2"}],
        [{"k": "b", "v": "2"}, {"k": "a", "v": "1"}],
        [{"k": "b", "v": "3"}, {"k": "a", "v": "1"}],
        [{"k": "c", "v": "4"}],
    ]});
    run(
        "listMaps",
        &s,
        &o,
        false,
        &[
            "self.objs[0] == self.objs[1]",
            "self.objs[0] + self.objs[2] == self.objs[2]",
            "self.objs[2] + self.objs[0] == self.objs[0]",
            "self.objs[0] == [self.objs[0][0], self.objs[0][1]]",
            "self.objs[0] == [self.objs[0][1], self.objs[0][0]]",
            "self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]",
            "size(self.objs[0] + [self.objs[3][0]]) == 3",
        ],
        &[(
            "self.objs[0] == {'k': 'a', 'v': '1'}",
            "no matching overload for '_==_'",
        )],
    );

    let map = json!({"type": "object", "additionalProperties": {"type": "string"}});
    let (s, o) = vals(
        &[map.clone(), map],
        &[json!({"k1": "a", "k2": "b"}), json!({"k2": "b", "k1": "a"})],
    );
    run(
        "maps",
        &s,
        &o,
        false,
        &[
            "self.val1 == self.val2",
            "'k1' in self.val1",
            "!('k3' in self.val1)",
            "self.val1 == {'k1': 'a', 'k2': 'b'}",
        ],
        &[(
            "{'k1': 'a', 'k2': 1, 'k2': false}",
            "expected type 'string' but found 'int'",
        )],
    );

    let s = schema(json!({"type": "object", "properties": {
        "a": {"type": "object", "properties": {"b": {"type": "integer"}, "c": {"type": "integer"}, "d": {"type": "integer", "nullable": true}}},
        "a1": {"type": "object", "properties": {"b1": {"type": "object", "properties": {"c1": {"type": "integer"}}},
            "d2": {"type": "object", "properties": {"e2": {"type": "integer"}}}}}}}));
    let o = json!({"a": {"b": 1, "d": null}, "a1": {"b1": {"c1": 4}}, "a3": {}});
    run(
        "object access",
        &s,
        &o,
        false,
        &[
            "has(self.a.b)",
            "!has(self.a.c)",
            "!has(self.a.d)",
            "has(self.a1.b1.c1)",
            "!(has(self.a1.d2) && has(self.a1.d2.e2))",
            "!has(self.a1.d2)",
        ],
        &[
            ("has(self.a.z)", "undefined field 'z'"),
            ("self.a['b'] == 1", "no matching overload for '_[_]'"),
            ("has(self.a1.d2.e2)", "no such key: d2"),
        ],
    );

    let s = schema(
        json!({"type": "object", "properties": {"val": {"type": "object", "additionalProperties": {"type": "integer"}}}}),
    );
    let o = json!({"val": {"b": 1, "d": 2}});
    run(
        "map access",
        &s,
        &o,
        false,
        &[
            "!('a' in self.val)",
            "'b' in self.val",
            "!has(self.val.a)",
            "has(self.val.b)",
            "self.val.all(k, self.val[k] > 0)",
            "self.val.exists(k, self.val[k] > 1)",
            "self.val.exists_one(k, self.val[k] == 2)",
            "!self.val.exists(k, self.val[k] > 2)",
            "!self.val.exists_one(k, self.val[k] > 0)",
            "size(self.val) == 2",
            "self.val.map(k, self.val[k]).exists(v, v == 1)",
            "size(self.val.filter(k, self.val[k] > 1)) == 1",
        ],
        &[("self.val['c'] == 1", "no such key: c")],
    );

    let s = schema(
        json!({"type": "object", "properties": {"listMap": {"type": "array", "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["k"], "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "string"}, "v2": {"type": "string"}}}}}}),
    );
    let o = json!({"listMap": [{"k": "a1", "v": "b1"}, {"k": "a2", "v": "b2"}, {"k": "a3", "v": "b3", "v2": "z"}]});
    run(
        "listMap access",
        &s,
        &o,
        false,
        &[
            "has(self.listMap[0].v)",
            "self.listMap.all(m, m.k.startsWith('a'))",
            "self.listMap.all(m, !has(m.v2) || m.v2 == 'z')",
            "self.listMap.exists(m, m.k.endsWith('1'))",
            "self.listMap.exists_one(m, m.k == 'a3')",
            "!self.listMap.all(m, m.k.endsWith('1'))",
            "!self.listMap.exists(m, m.v == 'x')",
            "!self.listMap.exists_one(m, m.k.startsWith('a'))",
            "size(self.listMap.filter(m, m.k == 'a1')) == 1",
            "self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')",
            "self.listMap.map(m, m.v).exists(v, v == 'b1')",
            "self.listMap.exists(m, has(m.v2) && m.v2 == 'z')",
            "!self.listMap.all(m, has(m.v2) && m.v2 != 'z')",
            "self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')",
            "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1",
            "self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1",
            "self.listMap.exists(m, m.v2 == 'z')",
            "!self.listMap.all(m, m.v2 != 'z')",
        ],
        &[
            ("self.listMap.all(m, m.v2 == 'z')", "no such key: v2"),
            ("self.listMap.exists_one(m, m.v2 == 'z')", "no such key: v2"),
            (
                "self.listMap.filter(m, m.v2 == 'z').size() == 1",
                "no such key: v2",
            ),
            ("self.listMap.map(m, m.v2).size() == 1", "no such key: v2"),
            (
                "self.listMap.map(m, m.v2 == 'z', m.v2).size() == 1",
                "no such key: v2",
            ),
        ],
    );

    let s = schema(
        json!({"type": "object", "properties": {"array": {"type": "array", "items": {"type": "integer"}}}}),
    );
    let o = json!({"array": [1, 1, 2, 2, 3, 3, 4, 5]});
    run(
        "list access",
        &s,
        &o,
        false,
        &[
            "2 in self.array",
            "self.array.all(e, e > 0)",
            "self.array.exists(e, e > 2)",
            "self.array.exists_one(e, e > 4)",
            "!self.array.all(e, e < 2)",
            "!self.array.exists_one(e, e == 2)",
            "size(self.array.filter(e, e%2 == 0)) == 3",
            "self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)",
            "size(self.array) == 8",
        ],
        &[("self.array[100] == 0", "index out of bounds: 100")],
    );
}

#[test]
fn list_library() {
    let list = |items: Json| json!({"type": "array", "items": items});
    let dur = json!({"type": "string", "format": "duration"});
    let date = json!({"type": "string", "format": "date"});
    let types = [
        list(json!({"type": "integer"})),
        list(json!({"type": "integer"})),
        list(json!({"type": "number"})),
        list(json!({"type": "number"})),
        list(dur.clone()),
        list(dur),
        list(json!({"type": "string"})),
        list(date.clone()),
        list(date),
    ];
    let values = [
        json!([1, 2, 2, 3]),
        json!([]),
        json!([1, 2, 2, 3]),
        json!([]),
        json!(["1s", "1m", "1m", "1h"]),
        json!([]),
        json!(["a", "b", "b", "c"]),
        json!(["2000-01-01", "2000-02-01", "2000-02-01", "2010-01-01"]),
        json!(["2000-02-01", "2000-01-01"]),
    ];
    let (s, o) = vals(&types, &values);
    run(
        "stdlib list functions",
        &s,
        &o,
        false,
        &[
            "self.val1.sum() == 8",
            "self.val1.min() == 1",
            "self.val1.max() == 3",
            "self.val2.sum() == 0",
            "self.val1.isSorted()",
            "self.val2.isSorted()",
            "self.val1.indexOf(2) == 1",
            "self.val1.lastIndexOf(2) == 2",
            "self.val1.indexOf(10) == -1",
            "self.val3.sum() == 8.0",
            "self.val3.min() == 1.0",
            "self.val4.sum() == 0.0",
            "self.val3.indexOf(2.0) == 1",
            "self.val5.sum() == duration('1h2m1s')",
            "self.val5.min() == duration('1s')",
            "self.val5.max() == duration('1h')",
            "self.val6.sum() == duration('0')",
            "self.val5.isSorted()",
            "self.val5.indexOf(duration('1m')) == 1",
            "self.val7.min() == 'a'",
            "self.val7.max() == 'c'",
            "self.val7.lastIndexOf('b') == 2",
            "self.val8.min() == timestamp('2000-01-01T00:00:00.000Z')",
            "self.val8.max() == timestamp('2010-01-01T00:00:00.000Z')",
            "self.val8.isSorted()",
            "self.val9.isSorted() == false",
            "[[1], [2]].indexOf([1]) == 0",
            "[{'a': 1}, {'b': 2}].lastIndexOf({'b': 2}) == 1",
        ],
        &[],
    );
}

#[test]
fn resource_meta_and_embedded() {
    let o = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "generateName": "pickItForMe", "namespace": "xyz"}, "spec": {"field1": "a"}});
    let s = schema(
        json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {"field1": {"type": "string"}}}}}),
    );
    run(
        "typemeta and objectmeta access not specified",
        &s,
        &o,
        true,
        &[
            "self.kind == 'Pod'",
            "self.apiVersion == 'v1'",
            "self.metadata.name == 'foo'",
            "self.metadata.generateName == 'pickItForMe'",
            "self.spec.field1 == 'a'",
        ],
        &[(
            "has(self.metadata.namespace)",
            "undefined field 'namespace'",
        )],
    );

    let s = schema(
        json!({"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true}}}),
    );
    let e = json!({"embedded": o});
    run(
        "embedded object",
        &s,
        &e,
        false,
        &[
            "self.embedded.kind == 'Pod'",
            "self.embedded.apiVersion == 'v1'",
            "self.embedded.metadata.name == 'foo'",
            "self.embedded.metadata.generateName == 'pickItForMe'",
        ],
        &[
            (
                "has(self.embedded.metadata.namespace)",
                "undefined field 'namespace'",
            ),
            ("has(self.embedded.spec)", "undefined field 'spec'"),
        ],
    );

    let s = schema(
        json!({"type": "object", "properties": {"embedded": {"type": "object", "x-kubernetes-embedded-resource": true, "properties": {
        "kind": {"type": "string"}, "apiVersion": {"type": "string"},
        "metadata": {"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}, "namespace": {"type": "string"}}},
        "spec": {"type": "object", "properties": {"if": {"type": "string"}}}}}}}),
    );
    let e = json!({"embedded": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "namespace": "ns", "generateName": "x"}, "spec": {"if": "kw"}}});
    run(
        "embedded object with usage of reserved keywords",
        &s,
        &e,
        false,
        &[
            "has(self.embedded.metadata.namespace)",
            "self.embedded.spec.__if__ == 'kw'",
        ],
        &[],
    );
}

fn messages(schema_json: Json, obj: Json, old: Option<Json>) -> Vec<String> {
    let s = schema(schema_json);
    let out = validate_with_rules(&s, &obj, old.as_ref());
    let warnings = out.warnings.iter().map(|w| format!("Warning: {w}"));
    out.errors
        .iter()
        .map(|e| e.to_string())
        .chain(warnings)
        .collect()
}

#[test]
fn field_errors() {
    let spec_rules = |rules: Json| {
        json!({"type": "object", "properties": {"spec": {"type": "object", "x-kubernetes-validations": rules,
        "properties": {"minReplicas": {"type": "integer"}, "replicas": {"type": "integer"}, "maxReplicas": {"type": "integer"}}}}})
    };
    let obj = json!({"apiVersion": "stable.example.com/v1", "kind": "CronTab", "metadata": {"name": "x"}, "spec": {"minReplicas": 0, "replicas": 20, "maxReplicas": 10}});
    assert_eq!(
        messages(
            spec_rules(
                json!([{"rule": "self.minReplicas <= self.replicas", "message": "replicas should be greater than or equal to minReplicas."},
            {"rule": "self.replicas <= self.maxReplicas", "message": "replicas should be smaller than or equal to maxReplicas."}])
            ),
            obj.clone(),
            None
        ),
        [
            r#"spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas."#
        ]
    );
    assert_eq!(
        messages(
            spec_rules(json!([{"rule": "self.replicas <= self.maxReplicas"}])),
            obj.clone(),
            None
        ),
        [r#"spec: Invalid value: "object": failed rule: self.replicas <= self.maxReplicas"#]
    );
    assert_eq!(
        messages(
            spec_rules(
                json!([{"rule": "self.replicas <= self.maxReplicas", "messageExpression": "'replicas ' + string(self.replicas) + ' over ' + string(self.maxReplicas)",
            "reason": "FieldValueForbidden", "fieldPath": ".replicas"}])
            ),
            obj.clone(),
            None
        ),
        ["spec.replicas: Forbidden: replicas 20 over 10"]
    );
    assert_eq!(
        messages(
            spec_rules(json!([{"rule": "self.replicas / (self.minReplicas) > 0"}])),
            obj.clone(),
            None
        ),
        [
            r#"spec: Invalid value: "object": division by zero evaluating rule: self.replicas / (self.minReplicas) > 0"#
        ]
    );
    // A root rule reports at upstream's nil path.
    let root = json!({"type": "object", "x-kubernetes-validations": [{"rule": "self.metadata.name.startsWith('y')"}],
        "properties": {"spec": {"type": "object"}}});
    assert_eq!(
        messages(root, obj.clone(), None),
        [r#"<nil>: Invalid value: "object": failed rule: self.metadata.name.startsWith('y')"#]
    );
    // A blocking OpenAPI error keeps the rules from running.
    let typed = json!({"type": "object", "properties": {"spec": {"type": "object", "x-kubernetes-validations": [{"rule": "false"}],
        "properties": {"replicas": {"type": "integer"}}}}});
    assert_eq!(
        messages(typed, json!({"spec": {"replicas": "x"}}), None),
        [
            r#"spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string""#,
            r#"<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"#,
        ]
    );
}

#[test]
fn transition_rules() {
    let s = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "name": {"type": "string", "x-kubernetes-validations": [{"rule": "self == oldSelf", "message": "Value is immutable"}]},
        "items": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"],
            "items": {"type": "object", "properties": {"k": {"type": "string"}, "v": {"type": "integer", "x-kubernetes-validations": [{"rule": "self >= oldSelf", "message": "may only grow"}]}}}}}}}});
    let new = json!({"spec": {"name": "b", "items": [{"k": "x", "v": 1}, {"k": "y", "v": 5}]}});
    // On create there is no old value: transition rules are skipped.
    assert_eq!(messages(s.clone(), new.clone(), None), Vec::<String>::new());
    let old = json!({"spec": {"name": "a", "items": [{"k": "y", "v": 3}, {"k": "x", "v": 2}]}});
    assert_eq!(
        messages(s, new, Some(old)),
        [
            r#"spec.name: Invalid value: "string": Value is immutable"#,
            r#"spec.items[0].v: Invalid value: "integer": may only grow"#
        ]
    );
}

#[test]
fn ratcheting() {
    // A rule added after the object was stored: an update that leaves the
    // failing value as it was gets a warning; one that changes it, an error.
    let s = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "a": {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() < 3"}]},
        "b": {"type": "string"}}}}});
    let old = json!({"spec": {"a": "long", "b": "x"}});
    assert_eq!(
        messages(
            s.clone(),
            json!({"spec": {"a": "long", "b": "y"}}),
            Some(old.clone())
        ),
        [r#"Warning: spec.a: Invalid value: "string": failed rule: self.size() < 3"#]
    );
    assert_eq!(
        messages(s, json!({"spec": {"a": "longer", "b": "x"}}), Some(old)),
        [r#"spec.a: Invalid value: "string": failed rule: self.size() < 3"#]
    );
}

#[test]
fn optional_old_self() {
    // With optionalOldSelf the rule runs on create too, oldSelf empty.
    let s = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "replicas": {"type": "integer", "x-kubernetes-validations": [{
            "rule": "oldSelf.hasValue() ? self >= oldSelf.value() : self <= 10",
            "messageExpression": "oldSelf.hasValue() ? 'may only grow from ' + string(oldSelf.value()) : 'starts at most at 10'",
            "optionalOldSelf": true}]}}}}});
    // (new replicas, old replicas, messages)
    let cases: &[(i64, Option<i64>, &[&str])] = &[
        (5, None, &[]),
        (20, None, &[r#"spec.replicas: Invalid value: "integer": starts at most at 10"#]),
        (8, Some(5), &[]),
        (3, Some(5), &[r#"spec.replicas: Invalid value: "integer": may only grow from 5"#]),
    ];
    for (new, old, want) in cases {
        let old = old.map(|o| json!({"spec": {"replicas": o}}));
        assert_eq!(messages(s.clone(), json!({"spec": {"replicas": new}}), old), *want, "{new}");
    }
}
