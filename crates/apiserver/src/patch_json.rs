//! RFC 6902 JSON patch as gopkg.in/evanphx/json-patch.v4 (v4.12.0, which
//! the API server and kubectl vendor) applies it, quirks included: a
//! `replace` of a missing member adds it, `copy` from a missing member
//! copies null, negative array indices count from the end, and the error
//! texts are that library's.

use kubeplay_model::goquote::quote;
use serde_json::{Map, Value};

/// Why a JSON patch failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JsonPatchError {
    /// The patch is no list of operations (`jsonpatch.DecodePatch`): the
    /// API server's 400.
    #[error("{0}")]
    Decode(String),
    /// An operation does not apply: the API server answers a 422 that
    /// keeps only its generic message; kubectl's local patch prints this.
    #[error("{0}")]
    Apply(String),
}

impl From<JsonPatchError> for String {
    fn from(e: JsonPatchError) -> String {
        e.to_string()
    }
}

impl JsonPatchError {
    /// How the API server answers (`applyJSPatch`).
    pub fn into_api_error(self) -> crate::ApiError {
        match self {
            JsonPatchError::Decode(message) => crate::ApiError::BadRequest { message },
            JsonPatchError::Apply(_) => crate::ApiError::Unprocessable,
        }
    }
}

const MISSING: &str = "missing value";

/// Go's name for a JSON value's type in an unmarshal error
/// (encoding/json's `UnmarshalTypeError`).
pub fn go_json_type(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "object",
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "bool",
        Value::Null => "null",
    }
}

/// Applies `ops` to `target`.
pub fn json_patch(target: &Value, ops: &Value) -> Result<Value, JsonPatchError> {
    let ops: &[Value] = match ops {
        Value::Array(a) => a,
        // Go decodes null into an empty patch.
        Value::Null => &[],
        other => {
            return Err(JsonPatchError::Decode(format!(
                "json: cannot unmarshal {} into Go value of type jsonpatch.Patch",
                go_json_type(other)
            )))
        }
    };
    let empty = Map::new();
    let mut decoded = Vec::with_capacity(ops.len());
    for op in ops {
        match op {
            Value::Object(m) => decoded.push(m),
            Value::Null => decoded.push(&empty),
            other => {
                return Err(JsonPatchError::Decode(format!(
                    "json: cannot unmarshal {} into Go value of type jsonpatch.Operation",
                    go_json_type(other)
                )))
            }
        }
    }
    let mut doc = target.clone();
    for op in decoded {
        apply_op(&mut doc, op).map_err(JsonPatchError::Apply)?;
    }
    Ok(doc)
}

/// A JSON patch as the API server takes one (`applyJSPatch`): with the
/// default `Warn` field validation it first decodes the patch into its own
/// `jsonPatchOp` list, so a malformed patch gets that decoder's error.
pub fn json_patch_on_server(target: &Value, ops: &Value) -> Result<Value, crate::ApiError> {
    if let Some(e) = server_decode_error(ops) {
        return Err(crate::ApiError::BadRequest {
            message: format!("error decoding patch: {e}"),
        });
    }
    json_patch(target, ops).map_err(JsonPatchError::into_api_error)
}

fn server_decode_error(ops: &Value) -> Option<String> {
    let ops = match ops {
        Value::Array(a) => a,
        Value::Null => return None,
        other => {
            return Some(format!(
                "json: cannot unmarshal {} into Go value of type []handlers.jsonPatchOp",
                go_json_type(other)
            ))
        }
    };
    for op in ops {
        match op {
            Value::Object(m) => {
                let bad = m.iter().find(|(k, v)| {
                    matches!(k.as_str(), "op" | "path" | "from") && !(v.is_string() || v.is_null())
                });
                if let Some((k, v)) = bad {
                    return Some(format!("json: cannot unmarshal {} into Go struct field jsonPatchOp.{k} of type string", go_json_type(v)));
                }
            }
            Value::Null => {}
            other => {
                return Some(format!(
                    "json: cannot unmarshal {} into Go value of type handlers.jsonPatchOp",
                    go_json_type(other)
                ))
            }
        }
    }
    None
}

/// A string member of an operation (`path`, `from`), or why there is none.
fn member(op: &Map<String, Value>, name: &str, missing: &str) -> Result<String, String> {
    match op.get(name) {
        None | Some(Value::Null) => Err(format!("{missing}: {MISSING}")),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(format!(
            "json: cannot unmarshal {} into Go value of type string",
            go_json_type(other)
        )),
    }
}

fn apply_op(doc: &mut Value, op: &Map<String, Value>) -> Result<(), String> {
    let kind = op.get("op").and_then(Value::as_str).unwrap_or("unknown");
    let path = || member(op, "path", "operation missing path field");
    let from = || member(op, "from", "operation, missing from field");
    // An absent value and a null one are both Go's nil node when stored.
    let value = || op.get("value").cloned().unwrap_or(Value::Null);
    match kind {
        "add" => {
            let path =
                path().map_err(|_| format!("add operation failed to decode path: {MISSING}"))?;
            let (con, key) = find(doc, &path).ok_or_else(|| {
                format!("add operation does not apply: doc is missing path: \"{path}\": {MISSING}")
            })?;
            add(con, &key, value()).map_err(|e| format!("error in add for path: '{path}': {e}"))
        }
        "remove" => {
            let path =
                path().map_err(|_| format!("remove operation failed to decode path: {MISSING}"))?;
            let (con, key) = find(doc, &path).ok_or_else(|| {
                format!(
                    "remove operation does not apply: doc is missing path: \"{path}\": {MISSING}"
                )
            })?;
            remove(con, &key)
                .map(drop)
                .map_err(|e| format!("error in remove for path: '{path}': {e}"))
        }
        "replace" => {
            let path =
                path().map_err(|e| format!("replace operation failed to decode path: {e}"))?;
            if path.is_empty() {
                return match op.get("value") {
                    Some(v @ (Value::Object(_) | Value::Array(_))) => {
                        *doc = v.clone();
                        Ok(())
                    }
                    // v4.12.0 wraps a nil error here, which is no error:
                    // the document stays as it was.
                    _ => Ok(()),
                };
            }
            let (con, key) = find(doc, &path).ok_or_else(|| {
                format!("replace operation does not apply: doc is missing path: {path}: {MISSING}")
            })?;
            get(con, &key).map_err(|_| {
                format!("replace operation does not apply: doc is missing key: {path}: {MISSING}")
            })?;
            set(con, &key, value()).map_err(|e| format!("error in remove for path: '{path}': {e}"))
        }
        "move" => {
            let from = from().map_err(|e| format!("move operation failed to decode from: {e}"))?;
            let (con, key) = find(doc, &from).ok_or_else(|| {
                format!(
                    "move operation does not apply: doc is missing from path: {from}: {MISSING}"
                )
            })?;
            get(con, &key).map_err(|e| format!("error in move for path: '{key}': {e}"))?;
            let moved =
                remove(con, &key).map_err(|e| format!("error in move for path: '{key}': {e}"))?;
            let path = path().map_err(|e| format!("move operation failed to decode path: {e}"))?;
            let (con, key) = find(doc, &path).ok_or_else(|| format!("move operation does not apply: doc is missing destination path: {path}: {MISSING}"))?;
            add(con, &key, moved).map_err(|e| format!("error in move for path: '{path}': {e}"))
        }
        "copy" => {
            let from = from().map_err(|e| format!("copy operation failed to decode from: {e}"))?;
            let (con, key) = find(doc, &from).ok_or_else(|| {
                format!(
                    "copy operation does not apply: doc is missing from path: {from}: {MISSING}"
                )
            })?;
            let copied = get(con, &key)
                .map_err(|e| format!("error in copy for from: '{from}': {e}"))?
                .unwrap_or(Value::Null);
            let path =
                path().map_err(|_| format!("copy operation failed to decode path: {MISSING}"))?;
            let (con, key) = find(doc, &path).ok_or_else(|| format!("copy operation does not apply: doc is missing destination path: {path}: {MISSING}"))?;
            add(con, &key, copied).map_err(|e| format!("error while adding value during copy: {e}"))
        }
        "test" => {
            let path = path().map_err(|e| format!("test operation failed to decode path: {e}"))?;
            let failed = || format!("testing value {path} failed: test failed");
            let want = op.get("value");
            if path.is_empty() {
                return if want == Some(&*doc) {
                    Ok(())
                } else {
                    Err(failed())
                };
            }
            let (con, key) = find(doc, &path).ok_or_else(|| {
                format!("test operation does not apply: is missing path: {path}: {MISSING}")
            })?;
            let got =
                get(con, &key).map_err(|e| format!("error in test for path: '{path}': {e}"))?;
            let same = match (got, want) {
                (None, None | Some(Value::Null)) => true,
                (Some(g), Some(w)) => g == *w,
                _ => false,
            };
            if same {
                Ok(())
            } else {
                Err(failed())
            }
        }
        other => Err(format!("Unexpected kind: {other}")),
    }
}

/// RFC 6901's unescaping, in one pass (`~01` is `~1`).
fn decode_key(part: &str) -> String {
    let mut out = String::with_capacity(part.len());
    let mut chars = part.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('~', Some('1')) => {
                chars.next();
                out.push('/');
            }
            ('~', Some('0')) => {
                chars.next();
                out.push('~');
            }
            _ => out.push(c),
        }
    }
    out
}

/// `findObject`: the object or list holding the pointer's last token, and
/// that token. Every step on the way must be an object or a list (null
/// counts as missing); the text before the first `/` is ignored.
fn find<'a>(doc: &'a mut Value, path: &str) -> Option<(&'a mut Value, String)> {
    let parts: Vec<&str> = path.split('/').collect();
    if parts.len() < 2 {
        return None;
    }
    let mut con = doc;
    for part in &parts[1..parts.len() - 1] {
        let key = decode_key(part);
        let next = match con {
            Value::Object(m) => m.get_mut(&key)?,
            Value::Array(a) => {
                let i = list_index(a.len(), &key).ok()?;
                &mut a[i]
            }
            _ => return None,
        };
        if !matches!(next, Value::Object(_) | Value::Array(_)) {
            return None;
        }
        con = next;
    }
    Some((con, decode_key(parts[parts.len() - 1])))
}

/// Go's `strconv.Atoi`, its error worded as Go words it.
fn atoi(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "strconv.Atoi: parsing {}: invalid syntax",
            quote(s)
        ));
    }
    s.parse::<i64>()
        .map_err(|_| format!("strconv.Atoi: parsing {}: value out of range", quote(s)))
}

fn invalid_index(i: i64) -> String {
    format!("Unable to access invalid index: {i}: invalid index referenced")
}

/// An index into a list of `len` items (negative ones from the end).
fn list_index(len: usize, key: &str) -> Result<usize, String> {
    let i = atoi(key)?;
    let len = len as i64;
    let at = if i < 0 { i + len } else { i };
    if at < 0 || at >= len {
        return Err(invalid_index(i));
    }
    Ok(at as usize)
}

/// A member or item; `None` for a missing member or a null.
fn get(con: &Value, key: &str) -> Result<Option<Value>, String> {
    match con {
        Value::Object(m) => Ok(m.get(key).filter(|v| !v.is_null()).cloned()),
        Value::Array(a) => Ok(Some(&a[list_index(a.len(), key)?])
            .filter(|v| !v.is_null())
            .cloned()),
        _ => Err(MISSING.to_string()),
    }
}

fn set(con: &mut Value, key: &str, value: Value) -> Result<(), String> {
    match con {
        Value::Object(m) => {
            m.insert(key.to_string(), value);
            Ok(())
        }
        Value::Array(a) => {
            let i = list_index(a.len(), key)?;
            a[i] = value;
            Ok(())
        }
        _ => Err(MISSING.to_string()),
    }
}

fn add(con: &mut Value, key: &str, value: Value) -> Result<(), String> {
    match con {
        Value::Object(m) => {
            m.insert(key.to_string(), value);
            Ok(())
        }
        Value::Array(a) if key == "-" => {
            a.push(value);
            Ok(())
        }
        Value::Array(a) => {
            let i = atoi(key)
                .map_err(|e| format!("value was not a proper array index: '{key}': {e}"))?;
            let size = a.len() as i64 + 1;
            let at = if i < 0 { i + size } else { i };
            if i >= size || at < 0 {
                return Err(invalid_index(i));
            }
            a.insert(at as usize, value);
            Ok(())
        }
        _ => Err(MISSING.to_string()),
    }
}

fn remove(con: &mut Value, key: &str) -> Result<Value, String> {
    match con {
        Value::Object(m) => m
            .shift_remove(key)
            .ok_or_else(|| format!("Unable to remove nonexistent key: {key}: {MISSING}")),
        Value::Array(a) => {
            let i = list_index(a.len(), key)?;
            Ok(a.remove(i))
        }
        _ => Err(MISSING.to_string()),
    }
}

#[cfg(test)]
#[path = "patch_json_upstream_tests.rs"]
mod upstream_tests;
