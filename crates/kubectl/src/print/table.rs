//! Server-side tables (`metav1.Table`) and how kubectl's table printer
//! decorates and prints them: `-o wide`, the `NAMESPACE` column of `-A`,
//! `-L`/`--show-labels`, `kind/name` names when several kinds are printed,
//! `--no-headers`, and the blank line between kinds.

use super::format;
use super::tabwriter::TabWriter;
use kubeplay_model::Kind;
use std::collections::BTreeMap;

/// A column definition, named as the API server names it (`Up-to-date`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// Owned for a custom resource's printer columns, which its CRD names.
    pub name: std::borrow::Cow<'static, str>,
    /// 0: always shown; 1: only with `-o wide`.
    pub priority: u8,
    /// The `Format: "name"` column that gets a `kind/` prefix.
    pub is_name: bool,
}

pub(crate) const fn col(name: &'static str) -> Column {
    Column { name: std::borrow::Cow::Borrowed(name), priority: 0, is_name: false }
}
pub(crate) const fn wide(name: &'static str) -> Column {
    Column { name: std::borrow::Cow::Borrowed(name), priority: 1, is_name: false }
}
pub(crate) const fn name_col() -> Column {
    Column { name: std::borrow::Cow::Borrowed("Name"), priority: 0, is_name: true }
}

/// One row: its cells plus the metadata decoration needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub cells: Vec<String>,
    pub namespace: String,
    pub labels: BTreeMap<String, String>,
}

/// A table for one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub kind: Kind,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
}

/// The table printer's options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableOptions {
    pub wide: bool,
    pub no_headers: bool,
    /// `-A`: prepend `NAMESPACE` (for namespaced kinds).
    pub all_namespaces: bool,
    /// Several kinds (or `--show-kind`): names become `kind.group/name`.
    pub with_kind: bool,
    pub show_labels: bool,
    /// `-L key`
    pub label_columns: Vec<String>,
    /// `--output-watch-events`: the leading `EVENT` column's value.
    pub watch_event: Option<&'static str>,
}

/// kubectl truncates a cell at its first line break and escapes terminal control bytes.
fn cell_text(s: &str) -> String {
    let (body, cut) = match s.find(['\u{c}', '\n', '\r']) {
        Some(i) => (&s[..i], true),
        None => (s, false),
    };
    let mut out = body.replace('\u{1b}', "^[");
    if cut {
        out.push_str("...");
    }
    out
}

/// Writes one table into `w` (nothing at all when it has no rows).
pub(crate) fn write_table(t: &Table, o: &TableOptions, w: &mut TabWriter) {
    if t.rows.is_empty() {
        return;
    }
    let with_ns = o.all_namespaces && t.kind.namespaced();
    let visible: Vec<usize> = (0..t.columns.len()).filter(|i| o.wide || t.columns[*i].priority == 0).collect();
    let mut line = String::new();
    if !o.no_headers {
        let mut headers: Vec<String> = Vec::new();
        if o.watch_event.is_some() {
            headers.push("EVENT".into());
        }
        if with_ns {
            headers.push("NAMESPACE".into());
        }
        headers.extend(visible.iter().map(|i| t.columns[*i].name.to_uppercase()));
        headers.extend(o.label_columns.iter().map(|l| l.rsplit('/').next().unwrap_or("").to_uppercase()));
        if o.show_labels {
            headers.push("LABELS".into());
        }
        line.push_str(&headers.join("\t"));
        line.push('\n');
    }
    for row in &t.rows {
        let mut cells: Vec<String> = Vec::new();
        if let Some(event) = o.watch_event {
            cells.push(event.into());
        }
        if with_ns {
            cells.push(row.namespace.clone());
        }
        // A row may carry fewer cells than there are columns; kubectl prints what it has.
        for i in visible.iter().filter(|i| **i < row.cells.len()) {
            let raw = row.cells[*i].as_str();
            let text = if o.with_kind && t.columns[*i].is_name { format!("{}/{raw}", crate::print::structured::kind_prefix(t.kind)) } else { raw.to_string() };
            cells.push(cell_text(&text));
        }
        for key in &o.label_columns {
            cells.push(cell_text(row.labels.get(key).map(String::as_str).unwrap_or("")));
        }
        if o.show_labels {
            cells.push(format::labels(&row.labels));
        }
        line.push_str(&cells.join("\t"));
        line.push('\n');
    }
    w.write(&line);
}

/// Prints one table as `kubectl get` does.
pub fn render(t: &Table, o: &TableOptions) -> String {
    render_groups(std::slice::from_ref(t), o)
}

/// Prints several kinds' tables as `kubectl get a,b,c` does: each aligned
/// on its own, separated by a blank line (unless `--no-headers`).
pub fn render_groups(tables: &[Table], o: &TableOptions) -> String {
    let mut out = String::new();
    let mut separate = false;
    for (i, t) in tables.iter().enumerate() {
        if i > 0 && !o.no_headers && !out.is_empty() {
            separate = true;
        }
        let mut w = TabWriter::kubectl();
        write_table(t, o, &mut w);
        let text = w.finish();
        if !text.is_empty() {
            if separate {
                out.push('\n');
                separate = false;
            }
            out.push_str(&text);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        let mut labels = BTreeMap::new();
        labels.insert("app".to_string(), "web".to_string());
        labels.insert("app.kubernetes.io/name".to_string(), "shop".to_string());
        Table {
            kind: Kind::Deployment,
            columns: vec![name_col(), col("Ready"), col("Up-to-date"), col("Available"), col("Age"), wide("Containers")],
            rows: vec![Row { cells: ["web", "3/3", "3", "3", "5m", "nginx"].map(String::from).to_vec(), namespace: "default".into(), labels }],
        }
    }

    #[test]
    fn decorations() {
        let t = table();
        assert_eq!(render(&t, &TableOptions::default()), "NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           5m\n");
        assert_eq!(render(&t, &TableOptions { no_headers: true, ..Default::default() }), "web   3/3   3     3     5m\n");
        assert_eq!(
            render(&t, &TableOptions { all_namespaces: true, wide: true, ..Default::default() }),
            "NAMESPACE   NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS\ndefault     web    3/3     3            3           5m    nginx\n"
        );
        assert_eq!(
            render(&t, &TableOptions { with_kind: true, show_labels: true, label_columns: vec!["app.kubernetes.io/name".into(), "tier".into()], ..Default::default() }),
            "NAME                  READY   UP-TO-DATE   AVAILABLE   AGE   NAME   TIER   LABELS\ndeployment.apps/web   3/3     3            3           5m    shop          app=web,app.kubernetes.io/name=shop\n"
        );
    }

    #[test]
    fn groups_are_separated_and_empty_tables_print_nothing() {
        let mut empty = table();
        empty.rows.clear();
        let t = table();
        let o = TableOptions::default();
        assert_eq!(render(&empty, &o), "");
        assert_eq!(render_groups(&[t.clone(), empty.clone(), t.clone()], &o), format!("{0}\n{0}", render(&t, &o)));
        let nh = TableOptions { no_headers: true, ..Default::default() };
        assert_eq!(render_groups(&[t.clone(), t.clone()], &nh), format!("{0}{0}", render(&t, &nh)));
    }

    #[test]
    fn cells_stop_at_line_breaks() {
        assert_eq!(cell_text("a\nb"), "a...");
        assert_eq!(cell_text("x\u{1b}[31m"), "x^[[31m");
    }
}
