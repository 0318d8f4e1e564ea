//! The YAML forms found in real manifests, read as kubectl 1.32 reads them.
//!
//! Every row was checked against the real kubectl (`kubectl label --local
//! -f FILE x=y -o json`, which reads a file through the same YAML reader
//! and sigs.k8s.io/yaml as `apply -f`, with no cluster): a document it
//! prints is the JSON expected here; where it refuses the file, its error
//! is quoted above the row, and the playground's located error says the
//! same thing. kubectl stops at the first error in a file, where the
//! reader reports it and goes on with the next document; and for a `null`
//! key it quotes sigs.k8s.io/yaml's "unsupported map key of type:
//! %!s(<nil>), key: <nil>, value: …", which the reader puts shortly.
//! PyYAML, a second opinion, differs from kubectl on YAML 1.1 booleans,
//! merge order, `!!binary`, tabs and `---` lines; kubectl wins.

use kubeplay_codec::{read_documents, Limits};

/// One document of the input: its JSON, or the error's text.
enum Want {
    Json(&'static str),
    Err(&'static str),
}
use Want::{Err, Json};

macro_rules! cm {
    ($body:expr) => {
        concat!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", $body)
    };
}

macro_rules! pod {
    ($body:expr) => {
        concat!("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: nginx\n", $body)
    };
}

const CASES: &[(&str, &[Want])] = &[
    // anchor_on_map
    (cm!("x: &m\n  a: 1\ny: *m\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":{"a":1},"true":{"a":1}}"#)]),
    // anchors
    (cm!("data:\n  a: &v hello\n  b: *v\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"hello","b":"hello"}}"#)]),
    // bad_indent_map
        // kubectl: error: error parsing bad_indent_map.yaml: error converting YAML to JSON: yaml: line 7: mapping values are not allowed in this context
    (cm!("data:\n  a: b\n   c: d\n"), &[Err("document 1, line 7, column 5: yaml: mapping values are not allowed in this context")]),
    // binary_bad
    (cm!("data:\n  a: !!binary aGVsbA==\n  b: !!binary |\n    aGVs\n    bG8=\n  c: !!binary /w==\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"hell","b":"hello","c":"�"}}"#)]),
    // binary_tag
    (cm!("binaryData:\n  a: !!binary aGVsbG8=\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"binaryData":{"a":"hello"}}"#)]),
    // block_comment_after
    (cm!("data:\n  a: | # comment\n    x\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x\n"}}"#)]),
    // block_folded
    (cm!("data:\n  a: >\n    line1\n    line2\n\n    para\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"line1 line2\npara\n"}}"#)]),
    // block_indent_ind
    (cm!("data:\n  a: |2\n     leading space\n    x\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":" leading space\nx\n"}}"#)]),
    // block_indent_ind_strip
    (cm!("data:\n  a: |2-\n      x\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"  x"}}"#)]),
    // block_keep
    (cm!("data:\n  a: |+\n    x\n\n  b: >+\n    y\n\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x\n\n","b":"y\n\n"}}"#)]),
    // block_literal
    (cm!("data:\n  a: |\n    line1\n    line2\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"line1\nline2\n"}}"#)]),
    // block_more_indented
    (cm!("data:\n  a: >\n    folded\n      indented\n    back\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"folded\n  indented\nback\n"}}"#)]),
    // block_seq_less_indented
    (pod!("    args:\n    - |\n      echo hi\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","args":["echo hi\n"]}]}}"#)]),
    // block_strip
    (cm!("data:\n  a: |-\n    x\n  b: >-\n    y\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x","b":"y"}}"#)]),
    // block_tab_content
    (cm!("data:\n  a: |\n    x\ty\n    \tz\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x\ty\n\tz\n"}}"#)]),
    // bom
    ("\u{feff}apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // bom_second_doc
    (cm!("---\n\u{feff}apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#), Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"d"}}"#)]),
    // bool_key
    (cm!("data:\n  true: b\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"true":"b"}}"#)]),
    // comment_after_docstart
    ("--- # the pod\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // comment_between_key_map
    (cm!("data: # comment\n  # another\n  a: b\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // comment_col0_in_map
    (cm!("data:\n  a: b\n# col0\n  c: d\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b","c":"d"}}"#)]),
    // comment_no_space
    (cm!("data:\n  a: b#c\n  c: d #e\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b#c","c":"d"}}"#)]),
    // compact_nested
    (cm!("x:\n- a: 1\n  b: 2\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":[{"a":1,"b":2}]}"#)]),
    // complex_key_map
        // kubectl: error: error parsing complex_key_map.yaml: error converting YAML to JSON: yaml: invalid map key: map[interface {}]interface {}{"a":"b"}
    (cm!("data:\n  ? {a: b}\n  : c\n"), &[Err("document 1, line 6, column 10: yaml: invalid map key: map[interface {}]interface {}{\"a\":\"b\"}")]),
    // complex_key_nested
        // kubectl: error: error parsing complex_key_nested.yaml: error converting YAML to JSON: yaml: invalid map key: map[interface {}]interface {}{"a":"x\"y", "b":[]interface {}{1, 2.5, true, interface {}(nil)}}
    (cm!("data:\n  ? {b: [1, 2.5, true, ~], a: \"x\\\"y\"}\n  : c\n"), &[Err("document 1, line 6, column 37: yaml: invalid map key: map[interface {}]interface {}{\"a\":\"x\\\"y\", \"b\":[]interface {}{1, 2.5, true, interface {}(nil)}}")]),
    // complex_key_seq
        // kubectl: error: error parsing complex_key_seq.yaml: error converting YAML to JSON: yaml: invalid map key: []interface {}{"a", "b"}
    (cm!("data:\n  ? [a, b]\n  : c\n"), &[Err("document 1, line 6, column 10: yaml: invalid map key: []interface {}{\"a\", \"b\"}")]),
    // complex_key_str
    (cm!("data:\n  ? a\n  : b\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // complex_value_tab
        // kubectl: error: error parsing complex_value_tab.yaml: error converting YAML to JSON: yaml: line 7: found character that cannot start any token
    (cm!("x:\n  ? a\n  :\tb\n"), &[Err("document 1, line 7, column 4: yaml: found character that cannot start any token")]),
    // crlf
    ("apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: c\r\ndata:\r\n  a: b\r\n  c: |\r\n    x\r\n    y\r\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b","c":"x\ny\n"}}"#)]),
    // crlf_dq
    ("apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: c\r\ndata:\r\n  a: \"x\r\n    y\"\r\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x y"}}"#)]),
    // crlf_flow
    ("apiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: c\r\nx: [\r\n  a,\r\n  b\r\n]\r\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":["a","b"]}"#)]),
    // dash_doc_in_scalar
    (cm!("data:\n  a: |\n    ---\n    x\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"---\nx\n"}}"#)]),
    // dash_space_tab
        // kubectl: error: error parsing dash_space_tab.yaml: error converting YAML to JSON: yaml: line 6: found character that cannot start any token
    (cm!("x:\n- \ta\n"), &[Err("document 1, line 6, column 3: yaml: found character that cannot start any token")]),
    // directive_no_sep
        // kubectl: error: error parsing directive_no_sep.yaml: error converting YAML to JSON: yaml: line 1: did not find expected <document start>
    ("%YAML 1.1\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", &[Err("document 1, line 1, column 1: yaml: did not find expected <document start>")]),
    // doc_end_garbage
    (cm!("...\n]]]: [\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // doc_end_marker
    (cm!("data:\n  a: b\n...\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#), Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"d"}}"#)]),
    // doc_end_then_doc
    (cm!("...\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // docstart_inline_map
        // kubectl: error: error parsing docstart_inline_map.yaml: invalid Yaml document separator: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}
    ("--- {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}\n", &[Err("line 1: invalid Yaml document separator: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}")]),
    // docstart_trailing_text
        // kubectl: error: error parsing docstart_trailing_text.yaml: invalid Yaml document separator: !!map
    ("--- !!map\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", &[Err("line 1: invalid Yaml document separator: !!map")]),
    // dq_escaped_newline
    (cm!("data:\n  a: \"one \\\n    two\"\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"one two"}}"#)]),
    // dq_hash
    (cm!("data:\n  a: \"x # not a comment\n  y\"\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x # not a comment y"}}"#)]),
    // dq_in_flow_col0
    (pod!("    command: [\"sh\", \"-c\", \"echo a\necho b\"\n    ]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["sh","-c","echo a echo b"]}]}}"#)]),
    // dq_multiline_col0
    (cm!("data:\n  a: \"hello\nworld\"\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"hello world"}}"#)]),
    // dq_multiline_less
    (cm!("data:\n  a: \"hello\n  world\"\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"hello world"}}"#)]),
    // dq_tab_continuation
    (cm!("data:\n  a: \"x\n\ty\"\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x y"}}"#)]),
    // dup_key
    (cm!("data:\n  a: b\n  a: c\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"c"}}"#)]),
    // empty_docs
    ("---\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n---\n\n---\n# only comment\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#), Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"d"}}"#)]),
    // empty_value
    (cm!("data:\n  a:\n  b: ''\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":null,"b":""}}"#)]),
    // explicit_doc_end_only
    (cm!("...\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // float_key
    (cm!("data:\n  1.5: b\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"1.5":"b"}}"#)]),
    // flow_after_block_scalar
    (cm!("data:\n  a: |\n    [x\n  b: [\n  1]\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"[x\n","b":[1]}}"#)]),
    // flow_anchor_multiline
    (cm!("x: &l [\n  a,\n b\n]\ny: *l\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":["a","b"],"true":["a","b"]}"#)]),
    // flow_close_at_key
    (pod!("    command: [\n      \"/bin/sh\", \"-c\", \"sleep 180\"\n    ]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["/bin/sh","-c","sleep 180"]}]}}"#)]),
    // flow_close_col0
    (pod!("    command: [\n      \"/bin/sh\", \"-c\", \"sleep 180\"\n]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["/bin/sh","-c","sleep 180"]}]}}"#)]),
    // flow_close_col0_map_in_seq
    (cm!("x:\n  - {\n  a: 1\n}\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":[{"a":1}]}"#)]),
    // flow_comment_inside
    (pod!("    command: [\n      \"sh\", # the shell\n      \"-c\"  # flag\n    ]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["sh","-c"]}]}}"#)]),
    // flow_empty_lines
    (pod!("    command: [\n\n      \"sh\",\n\n    ]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["sh"]}]}}"#)]),
    // flow_in_seq_col0
    (cm!("x:\n- [a,\nb]\n- c\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":[["a","b"],"c"]}"#)]),
    // flow_items_col0
    (pod!("    command: [\n\"/bin/sh\",\n\"-c\"\n    ]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["/bin/sh","-c"]}]}}"#)]),
    // flow_items_less
    (pod!("    args: [\"a\",\n  \"b\", \"c\"]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","args":["a","b","c"]}]}}"#)]),
    // flow_key_value_col0
    (cm!("data: {\"a\":\n\"b\"}\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // flow_map_key_no_space
    (cm!("x: {a:1, b: 2}\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":{"a:1":null,"b":2}}"#)]),
    // flow_map_multiline
    (cm!("data: {\n  a: \"1\",\n  b: \"2\"\n}\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1","b":"2"}}"#)]),
    // flow_map_plain_items_col0
    (cm!("data: {\na: x,\nb: y\n}\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x","b":true}}"#)]),
    // flow_nested_multiline
    (cm!("data:\n  k: '1'\nextra: [\n  {a: 1,\n b: 2},\n  [x,\ny]\n]\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"k":"1"},"extra":[{"a":1,"b":2},["x",true]]}"#)]),
    // flow_plain_multiline
    (pod!("    command: [sh,\n      -c, echo\n      hello]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["sh","-c","echo hello"]}]}}"#)]),
    // flow_seq_item_dash
    (pod!("    args:\n    - [\n      a, b\n    ]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","args":[["a","b"]]}]}}"#)]),
    // flow_tagged_quote
    (cm!("x: [!!str \"a\n b\", 'c\n']\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":["a b","c "]}"#)]),
    // flow_trailing_comma
    (pod!("    command: [\"sh\", \"-c\",]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["sh","-c"]}]}}"#)]),
    // flow_url_value
    (cm!("x: [http://a.b/c, d]\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":["http://a.b/c","d"]}"#)]),
    // indent_4
    ("apiVersion: v1\nkind: ConfigMap\nmetadata:\n    name: c\ndata:\n    a: b\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // inf
        // kubectl: error: error parsing inf.yaml: error converting YAML to JSON: json: unsupported value: +Inf
    (cm!("x: 1\nu: .inf\n"), &[Err("document 1, line 6, column 4: json: unsupported value: +Inf")]),
    // int_key
    (cm!("data:\n  1: b\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"1":"b"}}"#)]),
    // key_colon_quoted
    (cm!("data:\n  \"a:b\": x\n  'c: d': y\n  e:f: z\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a:b":"x","c: d":true,"e:f":"z"}}"#)]),
    // key_url
    (cm!("metadata2:\n  annotations:\n    example.com/x: http://a:8080/b\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"metadata2":{"annotations":{"example.com/x":"http://a:8080/b"}}}"#)]),
    // merge_keys
    ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  containers:\n  - &base\n    name: a\n    image: nginx\n  - <<: *base\n    name: b\n", &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"a","image":"nginx"},{"name":"b","image":"nginx"}]}}"#)]),
    // merge_list
    (cm!("x: &a {p: 1}\ny: &b {q: 2}\nz:\n  <<: [*a, *b]\n  r: 3\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":{"p":1},"true":{"q":2},"z":{"q":2,"p":1,"r":3}}"#)]),
    // merge_list_explicit
    (cm!("x: &a {p: 1, q: 1}\ny: &b {q: 2, r: 2}\nz:\n  q: 0\n  <<: [*a, *b]\n  r: 0\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":{"p":1,"q":1},"true":{"q":2,"r":2},"z":{"q":1,"r":0,"p":1}}"#)]),
    // merge_override
    (cm!("x: &a {p: 1, q: 1}\nz:\n  q: 2\n  <<: *a\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":{"p":1,"q":1},"z":{"q":1,"p":1}}"#)]),
    // merge_then_dup
    (cm!("x: &a {p: 1, q: 1}\nz:\n  <<: *a\n  q: 0\n  q: 5\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":{"p":1,"q":1},"z":{"p":1,"q":5}}"#)]),
    // merge_two_keys
    (cm!("x: &a {p: 1, q: 1}\ny: &b {q: 2, r: 2}\nz:\n  <<: *a\n  <<: *b\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":{"p":1,"q":1},"true":{"q":2,"r":2},"z":{"p":1,"q":2,"r":2}}"#)]),
    // null_doc
    ("null\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // null_key
        // kubectl: error: error parsing null_key.yaml: error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: "b"
    (cm!("data:\n  ~: b\n"), &[Err("document 1, line 6, column 6: unsupported map key of type: %!s(<nil>), key: <nil>, value: \"b\"")]),
    // numbers
    (cm!("x: 0777\ny: 0o17\nz: 0x1F\nw: 1_000\nv: 1e3\nu: 1.5e3\nt: -0\ns: +12\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":511,"true":15,"z":31,"w":1000,"v":1000,"u":1500,"t":0,"s":12}"#)]),
    // only_comment
    ("# nothing\n", &[]),
    // only_comment_docs
    ("# a\n---\n# b\n", &[]),
    // only_doc_end
        // kubectl: error: error parsing only_doc_end.yaml: error converting YAML to JSON: yaml: did not find expected node content
    (cm!("---\n...\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#), Err("document 2, line 6, column 1: yaml: did not find expected node content")]),
    // plain_colon_in_value
    (cm!("data:\n  a: b:c\n  d: 'e: f'\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b:c","d":"e: f"}}"#)]),
    // plain_hash_in_flow
    (cm!("data: {a: b#c,\n d: e}\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b#c","d":"e"}}"#)]),
    // plain_multiline
    (cm!("data:\n  a: this is\n    a long\n    value\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"this is a long value"}}"#)]),
    // plain_multiline_blank
    (cm!("data:\n  a: one\n\n    two\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"one\ntwo"}}"#)]),
    // quoted_escape
    (cm!("data:\n  a: \"\\u00e9\\t\\x41\\N\"\n  b: 'it''s'\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"é\tA","b":"it's"}}"#)]),
    // sep_dashes4
        // kubectl: error: error parsing sep_dashes4.yaml: invalid Yaml document separator: -
    (cm!("----\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n"), &[Err("line 5: invalid Yaml document separator: -")]),
    // sep_mid_bad
        // kubectl: error: error parsing sep_mid_bad.yaml: invalid Yaml document separator: x
    (cm!("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n--- x\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: e\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#), Err("line 10: invalid Yaml document separator: x")]),
    // sep_text
        // kubectl: error: error parsing sep_text.yaml: invalid Yaml document separator: foo
    (cm!("---foo\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n"), &[Err("line 5: invalid Yaml document separator: foo")]),
    // seq_dash_tab
        // kubectl: error: error parsing seq_dash_tab.yaml: error converting YAML to JSON: yaml: line 6: found character that cannot start any token
    (cm!("x:\n-\ta\n"), &[Err("document 1, line 6, column 2: yaml: found character that cannot start any token")]),
    // seq_in_seq
    (cm!("x:\n- - a\n  - b\n- - c\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":[["a","b"],["c"]]}"#)]),
    // seq_no_indent
    (pod!("    env:\n    - name: A\n      value: b\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","env":[{"name":"A","value":"b"}]}]}}"#)]),
    // sq_multiline_col0
    (cm!("data:\n  a: 'hello\nworld'\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"hello world"}}"#)]),
    // str_tag
    (cm!("data:\n  a: !!str 123\n  b: !!int \"42\"\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"123","b":42}}"#)]),
    // tab_after_colon
    (cm!("data:\n  a:\tb\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // tab_after_value
    (cm!("data:\n  a: b\t\n  c: d\t# comment\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b","c":"d"}}"#)]),
    // tab_in_flow
    (pod!("    command: [\t\"sh\",\t\"-c\"]\n"), &[Json(r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"nginx","command":["sh","-c"]}]}}"#)]),
    // tab_indent
        // kubectl: error: error parsing tab_indent.yaml: error converting YAML to JSON: yaml: line 6: found character that cannot start any token
    (cm!("data:\n\ta: b\n"), &[Err("document 1, line 6, column 2: yaml: found character that cannot start any token")]),
    // tag_directive
        // kubectl: error: error parsing tag_directive.yaml: error converting YAML to JSON: yaml: line 1: did not find expected <document start>
    ("%TAG !e! tag:example.com,2000:\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", &[Err("document 1, line 1, column 1: yaml: did not find expected <document start>"), Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // tilde_doc
    ("~\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // timestamp
    (cm!("x: 2001-12-14t21:59:43.10-05:00\ny: 2002-12-14\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":"2001-12-14t21:59:43.10-05:00","true":"2002-12-14"}"#)]),
    // trailing_spaces
    (cm!("data:   \n  a: b   \n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}"#)]),
    // unicode
    (cm!("data:\n  a: héllo wörld ✓\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"héllo wörld ✓"}}"#)]),
    // unterminated_flow
        // kubectl: error: error parsing unterminated_flow.yaml: error converting YAML to JSON: yaml: line 9: did not find expected ',' or ']'
    (pod!("    command: [\"sh\", \"-c\"\n"), &[Err("document 1, line 10, column 1: yaml: did not find expected ',' or ']'")]),
    // yaml_directive
        // kubectl: error: error parsing yaml_directive.yaml: error converting YAML to JSON: yaml: line 1: did not find expected <document start>
    ("%YAML 1.1\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", &[Err("document 1, line 1, column 1: yaml: did not find expected <document start>"), Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // yaml_directive_12
        // kubectl: error: error parsing yaml_directive_12.yaml: error converting YAML to JSON: yaml: found incompatible YAML document
    ("%YAML 1.2\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", &[Err("document 1, line 1, column 1: yaml: found incompatible YAML document"), Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#)]),
    // yes_no
    (cm!("x: yes\ny: no\nz: on\nw: Off\n"), &[Json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"x":true,"true":false,"z":true,"w":false}"#)]),
];

#[test]
fn yaml_forms_read_as_kubectl_reads_them() {
    let mut failures = Vec::new();
    for (input, wants) in CASES {
        let got = read_documents(input, &Limits::default());
        let same = got.len() == wants.len()
            && got.iter().zip(wants.iter()).all(|(g, w)| match (g, w) {
                (Ok(doc), Json(j)) => doc.root.to_json() == serde_json::from_str::<serde_json::Value>(j).expect("expected JSON"),
                (Result::Err(e), Err(msg)) => e.to_string() == *msg,
                _ => false,
            });
        if !same {
            let got: Vec<String> = got.iter().map(|g| g.as_ref().map_or_else(|e| format!("error: {e}"), |d| d.root.to_json().to_string())).collect();
            failures.push(format!("{input:?}\n  got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} forms differ:\n{}", failures.len(), CASES.len(), failures.join("\n"));
}

#[test]
fn very_long_lines_and_keys() {
    let long = "x".repeat(5000);
    let docs = read_documents(&format!(cm!("data:\n  a: {}\n"), long), &Limits::default());
    assert_eq!(docs[0].as_ref().unwrap().root.to_json()["data"]["a"], serde_json::json!(long));
    // go-yaml (as libyaml) looks no further than 1024 characters for a
    // simple key's `:`. kubectl: "yaml: line 6: mapping values are not
    // allowed in this context".
    let docs = read_documents(&format!(cm!("data:\n  {}: v\n"), "k".repeat(1100)), &Limits::default());
    assert_eq!(docs[0].as_ref().unwrap_err().to_string(), "document 1, line 6, column 1103: yaml: mapping values are not allowed in this context");
}
