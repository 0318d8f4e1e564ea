//! `--append-hash`: the ten-character suffix kubectl derives from a
//! ConfigMap's or Secret's content (SHA-256 of a JSON encoding, hex, with
//! the characters that could spell words swapped out), so a changed
//! content gets a new name.

use crate::print::gojson::quote;

/// The suffix for a ConfigMap with these data pairs.
pub fn config_map(name: &str, data: &[(String, String)]) -> String {
    // Go's json.Marshal of a map writes its keys sorted: data, kind, name.
    encode(&format!(
        "{{\"data\":{},\"kind\":\"ConfigMap\",\"name\":{}}}",
        object(data),
        quote(name)
    ))
}

/// The suffix for a Secret; `data` holds the values already in base64, as
/// `[]byte` values marshal.
pub fn secret(name: &str, type_: &str, data: &[(String, String)]) -> String {
    encode(&format!(
        "{{\"data\":{},\"kind\":\"Secret\",\"name\":{},\"type\":{}}}",
        object(data),
        quote(name),
        quote(type_)
    ))
}

fn object(pairs: &[(String, String)]) -> String {
    let mut sorted: Vec<&(String, String)> = pairs.iter().collect();
    kubeplay_model::sort::sort_by(&mut sorted, |a, b| a.0.cmp(&b.0));
    let fields: Vec<String> = sorted
        .iter()
        .map(|(k, v)| format!("{}:{}", quote(k), quote(v)))
        .collect();
    format!("{{{}}}", fields.join(","))
}

pub(crate) fn encode(json: &str) -> String {
    let hex: String = sha256(json.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    hex[..10]
        .chars()
        .map(|c| match c {
            '0' => 'g',
            '1' => 'h',
            '3' => 'k',
            'a' => 'm',
            'e' => 't',
            c => c,
        })
        .collect()
}

/// Moved to the model, which the engine's API server identity Lease also
/// names itself with.
pub(crate) use kubeplay_model::sha256::sha256;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_known_answers() {
        let hex = |b: &[u8]| {
            sha256(b)
                .iter()
                .map(|x| format!("{x:02x}"))
                .collect::<String>()
        };
        assert_eq!(
            hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    // create_configmap_test.go's TestCreateConfigMap (the _hash cases).
    #[test]
    fn config_map_suffixes() {
        assert_eq!(config_map("foo", &[]), "867km9574f");
        assert_eq!(
            config_map("foo", &pairs(&[("key1", "value1"), ("key2", "value2")])),
            "gcb75dd9gb"
        );
        assert_eq!(
            config_map("foo", &pairs(&[("key1", "=value1")])),
            "bdgk9ttt7m"
        );
        assert_eq!(
            config_map(
                "valid_env",
                &pairs(&[("key1", "value1"), ("key2", "value2")])
            ),
            "2cgh8552ch"
        );
        assert_eq!(
            config_map(
                "two_valid_env",
                &pairs(&[("key1", "value1"), ("key2", "value2"), ("key3", "value3")])
            ),
            "2m5tm82522"
        );
        assert_eq!(
            config_map("get_env", &pairs(&[("g_key1", "1"), ("g_key2", "")])),
            "54k882kkd2"
        );
        assert_eq!(
            config_map("valid_with_space", &pairs(&[("key1", "  value1")])),
            "b4448m7gdm"
        );
    }

    // create_secret_test.go's TestCreateSecretGeneric (the _hash cases).
    #[test]
    fn secret_suffixes() {
        let b64 = |p: &[(&str, &str)]| {
            p.iter()
                .map(|(k, v)| (k.to_string(), kubeplay_model::base64::encode(v.as_bytes())))
                .collect::<Vec<_>>()
        };
        assert_eq!(secret("foo", "", &[]), "949tdgdkgg");
        assert_eq!(secret("foo", "my-type", &[]), "dg474f9t76");
        assert_eq!(
            secret("foo", "", &b64(&[("key1", "value1"), ("key2", "value2")])),
            "tf72c228m4"
        );
        assert_eq!(
            secret("foo", "", &b64(&[("key1", "=value1")])),
            "fdcc8tkhh5"
        );
        assert_eq!(
            secret(
                "foo",
                "",
                &b64(&[("foo1", "hello world"), ("foo2", "hello world")])
            ),
            "hbkh2cdb57"
        );
        assert_eq!(
            secret(
                "valid_env",
                "",
                &b64(&[("key1", "value1"), ("key2", "value2")])
            ),
            "bkb2m2965h"
        );
        assert_eq!(
            secret(
                "two_valid_env",
                "",
                &b64(&[("key1", "value1"), ("key2", "value2"), ("key3", "value3")])
            ),
            "gd56gct5cf"
        );
        assert_eq!(
            secret("get_env", "", &b64(&[("g_key1", "1"), ("g_key2", "")])),
            "68mt8f2kkt"
        );
        assert_eq!(
            secret("valid_with_space", "", &b64(&[("key1", "  value1")])),
            "bhkb4gfck6"
        );
    }
}
