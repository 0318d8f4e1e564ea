//! Properties over generated input: nothing panics, whatever is pasted;
//! whatever decodes survives `get -o yaml` and back unchanged; and the YAML
//! and JSON printers write what the reader reads back as the same value.

use kubeplay_codec::{decode_manifests, fuzz_decode, parse_value, to_json, to_yaml};
use proptest::prelude::*;
use serde_json::{Map, Value};

const NGINX: &str = include_str!("../../../static/examples/nginx-deployment.yaml");

/// Case counts, raised with `CODEC_PROPTEST_CASES=N` for a longer hunt.
fn cases(default: u32) -> u32 {
    std::env::var("CODEC_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Small edits a person (or a bad paste) makes to a manifest.
#[derive(Clone, Debug)]
enum Mutation {
    FlipByte(usize, u8),
    InsertText(usize, String),
    DeleteRange(usize, usize),
    DuplicateLine(usize),
    DeleteLine(usize),
    SwapLines(usize, usize),
    Reindent(usize, usize),
}

fn snippet() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(": ".to_string()),
        Just("- ".to_string()),
        Just("---\n".to_string()),
        Just("&a ".to_string()),
        Just("*a".to_string()),
        Just("<<: *a\n".to_string()),
        Just("!!int ".to_string()),
        Just("\"".to_string()),
        Just("'".to_string()),
        Just("|\n".to_string()),
        Just("{".to_string()),
        Just("[".to_string()),
        Just("\t".to_string()),
        Just("yes".to_string()),
        Just("1e3".to_string()),
        Just("0x1F".to_string()),
        Just("~".to_string()),
        Just("kind: List\nitems:\n- ".to_string()),
        Just("apiVersion: extensions/v1beta1\n".to_string()),
        "[ -~\n]{0,12}",
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::FlipByte(i, b)),
        (any::<usize>(), snippet()).prop_map(|(i, s)| Mutation::InsertText(i, s)),
        (any::<usize>(), 0usize..20).prop_map(|(i, n)| Mutation::DeleteRange(i, n)),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        any::<usize>().prop_map(Mutation::DeleteLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (any::<usize>(), 0usize..9).prop_map(|(i, n)| Mutation::Reindent(i, n)),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let join = |lines: Vec<String>| lines.join("\n") + "\n";
    match m {
        Mutation::FlipByte(i, b) => {
            if !bytes.is_empty() {
                let i = i % bytes.len();
                bytes[i] = *b;
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
        Mutation::InsertText(i, s) => {
            let mut at = i % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            format!("{}{}{}", &text[..at], s, &text[at..])
        }
        Mutation::DeleteRange(i, n) => {
            if !bytes.is_empty() {
                let start = i % bytes.len();
                let end = (start + n).min(bytes.len());
                bytes.drain(start..end);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let i = i % lines.len();
            let l = lines[i].clone();
            lines.insert(i, l);
            join(lines)
        }
        Mutation::DeleteLine(i) if !lines.is_empty() => {
            lines.remove(i % lines.len());
            join(lines)
        }
        Mutation::SwapLines(a, b) if !lines.is_empty() => {
            let n = lines.len();
            lines.swap(a % n, b % n);
            join(lines)
        }
        Mutation::Reindent(i, n) if !lines.is_empty() => {
            let i = i % lines.len();
            lines[i] = format!("{}{}", " ".repeat(*n), lines[i].trim_start());
            join(lines)
        }
        _ => text.to_string(),
    }
}

/// Every object that decodes must print and decode back to itself.
fn check_round_trip(input: &str) -> Result<(), TestCaseError> {
    let out = decode_manifests(input);
    for o in out.objects() {
        let printed = to_yaml(&o.object.to_json());
        let again = decode_manifests(&printed);
        let errors: Vec<String> = again.errors().map(ToString::to_string).collect();
        prop_assert!(errors.is_empty(), "{errors:?}\n--- printed ---\n{printed}");
        let objects: Vec<_> = again.objects().collect();
        prop_assert_eq!(objects.len(), 1);
        prop_assert_eq!(&objects[0].object, &o.object, "\n--- printed ---\n{}", printed);
        prop_assert!(objects[0].warnings.is_empty(), "{:?}", objects[0].warnings);
        // And JSON output is read the same way.
        let from_json = decode_manifests(&to_json(&o.object.to_json()));
        prop_assert_eq!(from_json.objects().next().map(|x| &x.object), Some(&o.object));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(400), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..600)) {
        fuzz_decode(&data);
    }

    #[test]
    fn yaml_looking_noise_never_panics(text in "[a-z0-9:\\-\\[\\]{}&*!|>'\"%@`#,. \n\t~?<]{0,300}") {
        fuzz_decode(text.as_bytes());
    }

    #[test]
    fn mutated_manifests_never_panic_and_round_trip(mutations in proptest::collection::vec(mutation(), 1..6)) {
        let mut text = NGINX.to_string();
        for m in &mutations {
            text = apply(&text, m);
        }
        fuzz_decode(text.as_bytes());
        check_round_trip(&text)?;
    }
}

/// JSON values without the cases where go-yaml's own output does not read
/// back as written: integral floats become integers, and U+0085/U+2028 are
/// line breaks to YAML 1.1 (go-yaml writes them raw; kubectl does the same),
/// and a `<<` key is written plain and reads back as a merge key.
fn json_value() -> impl Strategy<Value = Value> {
    let string = "[ -~\u{a0}-\u{ff}\u{1F600}\n\t\r\u{7}\u{feff}]{0,30}";
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (any::<i64>(), 1i32..12).prop_map(|(m, e)| m as f64 / 10f64.powi(e)).prop_filter("non-integral", |f| f.fract() != 0.0).prop_map(Value::from),
        prop::num::f64::NORMAL.prop_filter("non-integral", |f| f.fract() != 0.0).prop_map(Value::from),
        string.prop_map(Value::String),
        prop_oneof![Just("yes"), Just("80"), Just(""), Just("- a"), Just("a: b"), Just("2024-01-01"), Just("1:20"), Just("~")]
            .prop_map(|s| Value::String(s.to_string())),
    ];
    leaf.prop_recursive(4, 40, 6, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::vec(("[ -~\n]{0,20}|[a-z]{129,140}".prop_filter("merge key", |k| k != "<<"), inner), 0..5)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<String, Value>>())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn yaml_printer_output_reads_back_as_the_same_value(v in json_value()) {
        let yaml = to_yaml(&v);
        let back = parse_value(&yaml);
        prop_assert_eq!(back.as_ref().ok(), Some(&v), "\n--- yaml ---\n{}", yaml);
    }

    #[test]
    fn json_printer_output_reads_back_as_the_same_value(v in json_value()) {
        let json = to_json(&v);
        prop_assert_eq!(parse_value(&json).ok(), Some(v));
    }
}
