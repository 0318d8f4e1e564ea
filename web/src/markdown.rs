//! The small, safe Markdown subset lesson text is written in: paragraphs,
//! bullet and numbered lists, `code`, **bold**, and [links](https://…) to
//! http(s) addresses only. Parsed into a tree and drawn as DOM nodes (text
//! nodes, never innerHTML), so no lesson text, share link or host page can
//! put markup or script into the page through it.

use yew::prelude::*;

/// A run of inline text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inline {
    Text(String),
    Code(String),
    Bold(Vec<Inline>),
    /// Only built for http(s) addresses; anything else stays text.
    Link { text: String, href: String },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    Paragraph(Vec<Inline>),
    List { ordered: bool, items: Vec<Vec<Inline>> },
}

/// A list item's marker, and the rest of the line.
fn item(line: &str) -> Option<(bool, &str)> {
    let t = line.trim_start();
    if let Some(rest) = t.strip_prefix("- ").or_else(|| t.strip_prefix("* ")) {
        return Some((false, rest));
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && digits < 4 {
        return t[digits..].strip_prefix(". ").map(|rest| (true, rest));
    }
    None
}

/// Parses `text` into blocks: blank lines end paragraphs and lists; a list
/// item's continuation lines are indented.
pub fn parse(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let mut list: Option<(bool, Vec<String>)> = None;
    let flush_para = |para: &mut Vec<&str>, blocks: &mut Vec<Block>| {
        if !para.is_empty() {
            blocks.push(Block::Paragraph(inline(&para.join(" "))));
            para.clear();
        }
    };
    let flush_list = |list: &mut Option<(bool, Vec<String>)>, blocks: &mut Vec<Block>| {
        if let Some((ordered, items)) = list.take() {
            blocks.push(Block::List { ordered, items: items.iter().map(|i| inline(i)).collect() });
        }
    };
    for line in text.lines() {
        if line.trim().is_empty() {
            flush_para(&mut para, &mut blocks);
            flush_list(&mut list, &mut blocks);
        } else if let Some((ordered, rest)) = item(line) {
            flush_para(&mut para, &mut blocks);
            if list.as_ref().is_some_and(|(o, _)| *o != ordered) {
                flush_list(&mut list, &mut blocks);
            }
            list.get_or_insert_with(|| (ordered, Vec::new())).1.push(rest.trim().to_string());
        } else if let Some((_, items)) = list.as_mut().filter(|_| line.starts_with(' ')) {
            if let Some(last) = items.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else {
            flush_list(&mut list, &mut blocks);
            para.push(line.trim());
        }
    }
    flush_para(&mut para, &mut blocks);
    flush_list(&mut list, &mut blocks);
    blocks
}

fn is_web_address(href: &str) -> bool {
    let lower = href.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://")) && !href.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>')
}

/// Parses inline markup. Unclosed markers are kept as literal text.
pub fn inline(text: &str) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    let push_plain = |plain: &mut String, out: &mut Vec<Inline>| {
        if !plain.is_empty() {
            out.push(Inline::Text(std::mem::take(plain)));
        }
    };
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            if let Some(end) = rest[1..].find('`') {
                push_plain(&mut plain, &mut out);
                out.push(Inline::Code(rest[1..1 + end].to_string()));
                rest = &rest[end + 2..];
                continue;
            }
        } else if rest.starts_with("**") {
            if let Some(end) = rest[2..].find("**").filter(|e| *e > 0) {
                push_plain(&mut plain, &mut out);
                out.push(Inline::Bold(inline(&rest[2..2 + end])));
                rest = &rest[end + 4..];
                continue;
            }
        } else if c == '[' {
            if let Some(close) = rest.find("](") {
                if let Some(end) = rest[close + 2..].find(')') {
                    let label = &rest[1..close];
                    let href = &rest[close + 2..close + 2 + end];
                    if !label.contains('[') && is_web_address(href) {
                        push_plain(&mut plain, &mut out);
                        out.push(Inline::Link { text: label.to_string(), href: href.to_string() });
                        rest = &rest[close + 3 + end..];
                        continue;
                    }
                }
            }
        }
        plain.push(c);
        rest = &rest[c.len_utf8()..];
    }
    push_plain(&mut plain, &mut out);
    out
}

fn render_inline(parts: &[Inline]) -> Html {
    parts
        .iter()
        .map(|p| match p {
            Inline::Text(t) => html! { { t.clone() } },
            Inline::Code(t) => html! { <code>{ t.clone() }</code> },
            Inline::Bold(inner) => html! { <strong>{ render_inline(inner) }</strong> },
            Inline::Link { text, href } => html! { <a href={href.clone()} target="_blank" rel="noopener noreferrer">{ text.clone() }</a> },
        })
        .collect()
}

/// Draws Markdown `text` as DOM nodes.
pub fn render(text: &str) -> Html {
    parse(text)
        .iter()
        .map(|b| match b {
            Block::Paragraph(parts) => html! { <p>{ render_inline(parts) }</p> },
            Block::List { ordered: false, items } => html! { <ul>{ for items.iter().map(|i| html! { <li>{ render_inline(i) }</li> }) }</ul> },
            Block::List { ordered: true, items } => html! { <ol>{ for items.iter().map(|i| html! { <li>{ render_inline(i) }</li> }) }</ol> },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Inline {
        Inline::Text(s.into())
    }

    #[test]
    fn inline_markup() {
        let table: Vec<(&str, Vec<Inline>)> = vec![
            ("plain", vec![t("plain")]),
            ("run `kubectl get pods` now", vec![t("run "), Inline::Code("kubectl get pods".into()), t(" now")]),
            ("a **DaemonSet** b", vec![t("a "), Inline::Bold(vec![t("DaemonSet")]), t(" b")]),
            ("**`x`**", vec![Inline::Bold(vec![Inline::Code("x".into())])]),
            ("`**no bold in code**`", vec![Inline::Code("**no bold in code**".into())]),
            ("see [docs](https://kubernetes.io/docs/)", vec![t("see "), Inline::Link { text: "docs".into(), href: "https://kubernetes.io/docs/".into() }]),
            // Unclosed markers stay literal.
            ("a `b", vec![t("a `b")]),
            ("a ** b", vec![t("a ** b")]),
            ("****", vec![t("****")]),
        ];
        for (src, want) in table {
            assert_eq!(inline(src), want, "{src}");
        }
    }

    #[test]
    fn only_web_links_become_links() {
        for bad in ["[x](javascript:alert(1))", "[x](data:text/html,hi)", "[x](/relative)", "[x](http://a b)", "[x](vbscript:msgbox)", "[x](JaVaScRiPt:alert(1))"] {
            assert!(inline(bad).iter().all(|i| matches!(i, Inline::Text(_))), "{bad}: {:?}", inline(bad));
        }
        assert_eq!(inline("[K](HTTP://k8s.io)"), vec![Inline::Link { text: "K".into(), href: "HTTP://k8s.io".into() }]);
    }

    #[test]
    fn html_is_text() {
        assert_eq!(inline("<script>alert(1)</script> & <b>"), vec![t("<script>alert(1)</script> & <b>")]);
    }

    #[test]
    fn blocks() {
        let src = "First line\nsame paragraph.\n\n- one\n- two\n  continued\n\n1. a\n2. b\nafter";
        assert_eq!(
            parse(src),
            vec![
                Block::Paragraph(vec![t("First line same paragraph.")]),
                Block::List { ordered: false, items: vec![vec![t("one")], vec![t("two continued")]] },
                Block::List { ordered: true, items: vec![vec![t("a")], vec![t("b")]] },
                Block::Paragraph(vec![t("after")]),
            ]
        );
        assert_eq!(parse(""), vec![]);
        assert_eq!(parse("12345. not a list"), vec![Block::Paragraph(vec![t("12345. not a list")])]);
    }

    #[test]
    fn every_shipped_lesson_text_parses_without_leftover_markers() {
        for id in kubeplay_playground::lessons::ids() {
            let lesson = kubeplay_playground::lessons::load(id).unwrap_or_else(|e| panic!("{e}"));
            for step in &lesson.steps {
                for b in parse(&step.text) {
                    if let Block::Paragraph(parts) = b {
                        for p in parts {
                            if let Inline::Text(s) = p {
                                assert!(!s.contains("**") && !s.contains('`'), "{id} {:?}: unparsed marker in {s:?}", step.title);
                            }
                        }
                    }
                }
            }
        }
    }
}
