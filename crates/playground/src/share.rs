//! Share links: a session's seed, editor text and script packed into a URL
//! fragment (`#share=kp1.…`), so opening the link replays the same cluster.
//!
//! A link comes from anywhere, so decoding is strict and bounded: a version
//! prefix, base64url without padding, raw DEFLATE inflated with a size cap,
//! then JSON with unknown fields refused, then limits on every part. What
//! comes out is only ever data for the playground to run as commands; the
//! codec never interprets it further.

use serde::{Deserialize, Serialize};

/// The prefix of version 1 links (`kp` for Kubeplay, then the version).
pub const PREFIX_V1: &str = "kp1.";
/// Longest encoded link payload accepted (characters after `#share=`).
pub const MAX_ENCODED: usize = 48 * 1024;
/// Largest inflated JSON accepted: a link can't make the page allocate more.
pub const MAX_DECODED: usize = 512 * 1024;
/// Most operations in a shared script.
pub const MAX_OPS: usize = 2_000;
/// Longest file name in a shared script.
pub const MAX_FILE_NAME: usize = 253;
/// Most reconcile steps one `Step` operation (or all of them) may ask for.
pub const MAX_STEPS: u64 = 100_000;

/// One thing done to the cluster, in order, as the page's script records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum ShareOp {
    /// `kubectl apply -f -` with these manifests.
    Apply(String),
    /// One terminal line.
    Run(String),
    /// This many reconcile steps forward.
    Step(u64),
    /// Time travel to just after this step.
    Jump(u64),
    /// A file `kubectl apply -f NAME` can read (a lesson's manifest).
    File { name: String, text: String },
    /// A real cluster's `kubectl get … -o yaml` output, imported.
    Import(String),
    /// What the page downloaded for `-f URL`, for the commands after it:
    /// a link replays what its maker saw, whatever the URL serves today.
    Fetched { url: String, body: Result<String, crate::urls::FetchError> },
}

/// What a link carries.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shared {
    pub seed: u64,
    /// The editor's text when the link was made.
    #[serde(default)]
    pub editor: String,
    pub script: Vec<ShareOp>,
}

/// Why a link was refused, in words a reader can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    #[error("the link carries no session")]
    Empty,
    #[error("the link is from an unknown version of Kubeplay (it starts {0:?}; this page reads kp1.)")]
    UnknownVersion(String),
    #[error("the link is too long ({len} characters; at most {max})")]
    TooLong { len: usize, max: usize },
    #[error("the link is damaged: character {at} is not base64url")]
    Base64 { at: usize },
    #[error("the link is damaged: its compressed data does not inflate")]
    Inflate,
    #[error("the link's session is too large (over {max} bytes)")]
    TooLarge { max: usize },
    #[error("the link's session is not valid: {0}")]
    Invalid(String),
}

/// Checks the limits a decoded (or about to be encoded) session must meet.
pub fn validate(s: &Shared) -> Result<(), ShareError> {
    let invalid = |m: String| Err(ShareError::Invalid(m));
    if s.script.len() > MAX_OPS {
        return invalid(format!("{} operations; at most {MAX_OPS}", s.script.len()));
    }
    let mut steps: u64 = 0;
    for (i, op) in s.script.iter().enumerate() {
        match op {
            ShareOp::Run(line) if line.split('\n').next().unwrap_or_default().len() > crate::MAX_LINE => return invalid(format!("command {} is longer than {} bytes", i + 1, crate::MAX_LINE)),
            ShareOp::Run(line) if line.contains(['\r', '\0']) || !crate::shell::one_command(line) => return invalid(format!("command {} spans several lines", i + 1)),
            ShareOp::File { name, .. } if name.is_empty() || name.len() > MAX_FILE_NAME || name.contains(['\n', '\r', '\0']) => {
                return invalid(format!("file {} has a bad name (1 to {MAX_FILE_NAME} characters on one line)", i + 1))
            }
            ShareOp::Fetched { url, .. } if !kubeplay_kubectl::exec::is_url(url) || url.len() > crate::MAX_LINE || url.contains(['\n', '\r', '\0']) => {
                return invalid(format!("download {} has a bad URL", i + 1))
            }
            ShareOp::Step(n) | ShareOp::Jump(n) => {
                steps = steps.saturating_add(*n);
                if *n > MAX_STEPS || steps > MAX_STEPS.saturating_mul(10) {
                    return invalid(format!("operation {} asks for too many steps", i + 1));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The link payload for `s` (what follows `#share=`).
pub fn encode(s: &Shared) -> Result<String, ShareError> {
    validate(s)?;
    let json = serde_json::to_vec(s).map_err(|e| ShareError::Invalid(e.to_string()))?;
    if json.len() > MAX_DECODED {
        return Err(ShareError::TooLarge { max: MAX_DECODED });
    }
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    let out = format!("{PREFIX_V1}{}", base64url_encode(&packed));
    if out.len() > MAX_ENCODED {
        return Err(ShareError::TooLong { len: out.len(), max: MAX_ENCODED });
    }
    Ok(out)
}

/// Decodes a link payload; every failure is a [`ShareError`], never a panic.
pub fn decode(payload: &str) -> Result<Shared, ShareError> {
    let payload = payload.trim();
    if payload.is_empty() {
        return Err(ShareError::Empty);
    }
    if payload.len() > MAX_ENCODED {
        return Err(ShareError::TooLong { len: payload.len(), max: MAX_ENCODED });
    }
    let Some(body) = payload.strip_prefix(PREFIX_V1) else {
        let head: String = payload.chars().take(4).collect();
        return Err(ShareError::UnknownVersion(head));
    };
    let packed = base64url_decode(body).map_err(|at| ShareError::Base64 { at: at + PREFIX_V1.len() })?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_DECODED).map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge { max: MAX_DECODED },
        _ => ShareError::Inflate,
    })?;
    let shared: Shared = serde_json::from_slice(&json).map_err(|e| ShareError::Invalid(e.to_string()))?;
    validate(&shared)?;
    Ok(shared)
}

/// RFC 4648 §5 base64url, no padding.
pub fn base64url_encode(bytes: &[u8]) -> String {
    kubeplay_model::base64::encode_url(bytes)
}

/// Decodes unpadded base64url; the error is the offset of the first bad
/// character (a dangling single character counts as bad).
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, usize> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (i, c) in text.bytes().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return Err(i),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // 4n+1 characters cannot come from whole bytes; leftover bits must be 0
    // (a canonical encoding), so each link has exactly one spelling.
    if text.len() % 4 == 1 || acc != 0 {
        return Err(text.len().saturating_sub(1));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sample() -> Shared {
        Shared {
            seed: 7,
            editor: "kind: Pod\n".into(),
            script: vec![
                ShareOp::File { name: "a.yaml".into(), text: "kind: Pod\n".into() },
                ShareOp::Apply("apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n".into()),
                ShareOp::Run("kubectl get pods".into()),
                ShareOp::Step(12),
                ShareOp::Jump(3),
            ],
        }
    }

    #[test]
    fn base64url_matches_rfc4648_vectors() {
        // RFC 4648 §10 test vectors, without padding (base64url of ASCII is
        // the same as base64 for these).
        let table = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")];
        for (plain, coded) in table {
            assert_eq!(base64url_encode(plain.as_bytes()), coded);
            assert_eq!(base64url_decode(coded).as_deref(), Ok(plain.as_bytes()));
        }
        // The two url-safe characters: 0xfb 0xff → "-_8" (base64: "+/8").
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("-_8"), Ok(vec![0xfb, 0xff]));
        assert_eq!(base64url_decode("Zm9v+"), Err(4), "'+' is plain base64, not base64url");
        assert_eq!(base64url_decode("Zm9v="), Err(4), "no padding");
        assert_eq!(base64url_decode("Zm9vY"), Err(4), "4n+1 characters");
        assert_eq!(base64url_decode("Zh"), Err(1), "non-zero leftover bits");
    }

    #[test]
    fn a_session_round_trips_through_a_link() {
        let link = encode(&sample()).unwrap();
        assert!(link.starts_with("kp1."));
        assert!(link.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.'), "{link}");
        assert_eq!(decode(&link), Ok(sample()));
    }

    #[test]
    fn links_made_by_another_deflate_implementation_decode() {
        // Made with Python's zlib (raw DEFLATE, wbits=-15, level 9) and
        // base64.urlsafe_b64encode without padding: the format is plain
        // DEFLATE + base64url, not whatever our encoder happens to emit.
        let link = "kp1.NYzBCgIhFEV_Rd7aWVS0EeZLooWjl8FSR3xPmhj89yxod-45cA9iwJM5aYIPslUyRJrY1VCEzO2g2vJwz7bASVSuwgqUR4nbOyGLemFR0xSSXTHnNeR9rDpycJbnC3X9v-CQFEMk4idZUMhcv_hoaeC53_sH";
        let want = Shared {
            seed: 1,
            editor: String::new(),
            script: vec![ShareOp::Run("kubectl create deployment web --image=nginx --replicas=3".into()), ShareOp::Run("sim settle".into()), ShareOp::Step(5), ShareOp::Jump(2)],
        };
        assert_eq!(decode(link), Ok(want));
    }

    #[test]
    fn malformed_links_are_typed_errors() {
        let ok = encode(&sample()).unwrap();
        let cases: Vec<(String, ShareError)> = vec![
            (String::new(), ShareError::Empty),
            ("kp2.abc".into(), ShareError::UnknownVersion("kp2.".into())),
            ("<script>".into(), ShareError::UnknownVersion("<scr".into())),
            ("kp1.ab$c".into(), ShareError::Base64 { at: 6 }),
            ("kp1.AAAA".into(), ShareError::Inflate),
            (format!("kp1.{}", "A".repeat(MAX_ENCODED)), ShareError::TooLong { len: MAX_ENCODED + 4, max: MAX_ENCODED }),
        ];
        for (input, want) in cases {
            assert_eq!(decode(&input), Err(want), "{input:.40}");
        }
        // A link cut short in the middle of its data.
        let cut = &ok[..ok.len() - 8];
        assert!(matches!(decode(cut), Err(ShareError::Inflate | ShareError::Base64 { .. })), "{:?}", decode(cut));
    }

    fn pack(json: &[u8]) -> String {
        format!("kp1.{}", base64url_encode(&miniz_oxide::deflate::compress_to_vec(json, 9)))
    }

    #[test]
    fn content_is_validated_after_inflating() {
        let unknown = pack(br#"{"seed":1,"script":[],"html":"<b>"}"#);
        assert!(matches!(decode(&unknown), Err(ShareError::Invalid(m)) if m.contains("html")));
        let bad_op = pack(br#"{"seed":1,"script":[{"eval":"x"}]}"#);
        assert!(matches!(decode(&bad_op), Err(ShareError::Invalid(_))));
        let two_lines = pack(br#"{"seed":1,"script":[{"run":"kubectl get pods\nsim settle"}]}"#);
        assert!(matches!(decode(&two_lines), Err(ShareError::Invalid(m)) if m.contains("several lines")));
        // A here-document's lines are its command's; what follows its closing line is not.
        let heredoc = pack(br#"{"seed":1,"script":[{"run":"cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF"}]}"#);
        assert!(decode(&heredoc).is_ok());
        let after = pack(br#"{"seed":1,"script":[{"run":"cat <<EOF\nx\nEOF\nsim settle"}]}"#);
        assert!(matches!(decode(&after), Err(ShareError::Invalid(m)) if m.contains("several lines")));
        let open = pack(br#"{"seed":1,"script":[{"run":"cat <<EOF\nx"}]}"#);
        assert!(matches!(decode(&open), Err(ShareError::Invalid(_))));
        let no_name = pack(br#"{"seed":1,"script":[{"file":{"name":"","text":"x"}}]}"#);
        assert!(matches!(decode(&no_name), Err(ShareError::Invalid(m)) if m.contains("bad name")));
        let steps = pack(br#"{"seed":1,"script":[{"step":100000000}]}"#);
        assert!(matches!(decode(&steps), Err(ShareError::Invalid(m)) if m.contains("too many steps")));
        let many = format!(r#"{{"seed":1,"script":[{}]}}"#, vec![r#"{"step":1}"#; MAX_OPS + 1].join(","));
        assert!(matches!(decode(&pack(many.as_bytes())), Err(ShareError::Invalid(m)) if m.contains("operations")));
        // HTML in names is data, kept as is: the page renders it as text.
        let html = pack(br#"{"seed":1,"script":[{"run":"kubectl create deployment <img src=x> --image=nginx"}]}"#);
        assert_eq!(decode(&html).unwrap().script, vec![ShareOp::Run("kubectl create deployment <img src=x> --image=nginx".into())]);
    }

    #[test]
    fn a_compression_bomb_stops_at_the_cap() {
        // 4 MiB of spaces deflate to a few kilobytes: small link, huge JSON.
        let bomb = pack(&vec![b' '; 4 * 1024 * 1024]);
        assert!(bomb.len() < MAX_ENCODED, "{}", bomb.len());
        assert_eq!(decode(&bomb), Err(ShareError::TooLarge { max: MAX_DECODED }));
    }

    fn op() -> impl Strategy<Value = ShareOp> {
        prop_oneof![
            ".{0,200}".prop_map(ShareOp::Apply),
            "[^\n\r\0]{0,80}".prop_map(ShareOp::Run),
            (0u64..1000).prop_map(ShareOp::Step),
            (0u64..1000).prop_map(ShareOp::Jump),
            ("[a-z.]{1,20}", ".{0,100}").prop_map(|(name, text)| ShareOp::File { name, text }),
            ".{0,200}".prop_map(ShareOp::Import),
        ]
    }

    proptest! {
        #[test]
        fn any_valid_session_round_trips(seed in any::<u64>(), editor in ".{0,300}", script in prop::collection::vec(op(), 0..20)) {
            let s = Shared { seed, editor, script };
            let link = encode(&s).unwrap();
            prop_assert_eq!(decode(&link), Ok(s));
        }

        #[test]
        fn arbitrary_input_never_panics(text in ".{0,400}", bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            let _ = decode(&text);
            let _ = decode(&format!("kp1.{text}"));
            let _ = decode(&format!("kp1.{}", base64url_encode(&bytes)));
            let _ = decode(&pack(&bytes));
        }
    }
}
