//! `-o custom-columns=HEADER:.path,…`: one column per JSONPath, values
//! joined with commas as Go's `fmt.Sprint` shows them, `<none>` when absent.

use super::jsonpath::{relaxed_expression, JsonPath};
use super::tabwriter::TabWriter;
use serde_json::Value;

/// A parsed custom-columns spec.
#[derive(Clone, Debug, PartialEq)]
pub struct CustomColumns {
    columns: Vec<(String, JsonPath)>,
}

/// Go's `fmt.Sprint` of a decoded JSON value: maps as `map[k:v]` (sorted keys), lists as `[a b]`.
pub fn go_sprint(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => super::gojson::number_text(n),
        Value::String(s) => s.clone(),
        Value::Array(a) => format!("[{}]", a.iter().map(go_sprint).collect::<Vec<_>>().join(" ")),
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            kubeplay_model::sort::sort(&mut keys);
            format!("map[{}]", keys.iter().map(|k| format!("{k}:{}", m.get(*k).map(go_sprint).unwrap_or_default())).collect::<Vec<_>>().join(" "))
        }
    }
}

impl CustomColumns {
    /// `NewCustomColumnsPrinterFromSpec`.
    pub fn parse(spec: &str) -> Result<CustomColumns, String> {
        if spec.is_empty() {
            return Err("custom-columns format specified but no custom columns given".into());
        }
        let mut columns = Vec::new();
        for part in spec.split(',') {
            let Some((header, path)) = part.split_once(':') else {
                return Err(format!("unexpected custom-columns spec: {part}, expected <header>:<json-path-expr>"));
            };
            let expr = relaxed_expression(path)?;
            columns.push((header.to_string(), JsonPath::parse(&expr)?));
        }
        Ok(CustomColumns { columns })
    }

    /// Prints the objects (their JSON form) as one table.
    pub fn render(&self, objects: &[Value], no_headers: bool) -> Result<String, String> {
        let mut w = TabWriter::kubectl();
        self.write(objects, no_headers, &mut w)?;
        Ok(w.finish())
    }

    /// Writes the rows (and the header) into a writer the caller flushes,
    /// as kubectl's watch shares one writer across events.
    pub fn write(&self, objects: &[Value], no_headers: bool, w: &mut TabWriter) -> Result<(), String> {
        if !no_headers {
            w.write(&format!("{}\n", self.columns.iter().map(|(h, _)| h.as_str()).collect::<Vec<_>>().join("\t")));
        }
        for obj in objects {
            let mut cells = Vec::new();
            for (_, jp) in &self.columns {
                let values = jp.find(obj)?;
                let text = if values.is_empty() { "<none>".to_string() } else { values.iter().map(|v| go_sprint(v).replace('\u{1b}', "^[")).collect::<Vec<_>>().join(",") };
                cells.push(text);
            }
            w.write(&format!("{}\n", cells.join("\t")));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // Cases from cli-runtime's customcolumn_test.go (TestNewColumnPrinterFromSpec, TestColumnPrint).
    #[test]
    fn spec_parsing() {
        assert_eq!(CustomColumns::parse("").unwrap_err(), "custom-columns format specified but no custom columns given");
        assert_eq!(CustomColumns::parse("NAME").unwrap_err(), "unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>");
        assert!(CustomColumns::parse("NAME:{.name}{.x}").is_err());
        assert!(CustomColumns::parse("NAME:metadata.name,API_VERSION:apiVersion").is_ok());
    }

    #[test]
    fn printing() {
        let cc = CustomColumns::parse("NAME:.metadata.name,LABELS:.metadata.labels,IMAGES:.spec.containers[*].image,MISSING:.spec.nope").unwrap();
        let pods = vec![
            json!({"metadata": {"name": "web-1", "labels": {"b": "2", "a": "1"}}, "spec": {"containers": [{"image": "nginx"}, {"image": "envoy"}]}}),
            json!({"metadata": {"name": "db"}, "spec": {"containers": []}}),
        ];
        assert_eq!(
            cc.render(&pods, false).unwrap(),
            "NAME    LABELS         IMAGES        MISSING\nweb-1   map[a:1 b:2]   nginx,envoy   <none>\ndb      <none>         <none>        <none>\n"
        );
        assert_eq!(cc.render(&pods[1..], true).unwrap(), "db    <none>   <none>   <none>\n");
    }
}
