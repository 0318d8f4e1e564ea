//! `-o jsonpath-file=FILE`, `-o go-template-file=FILE` (`templatefile`)
//! and `-o custom-columns-file=FILE`. kubectl reads the file while it
//! builds its printer, before it sends a request; the playground reads it
//! from the terminal's files while it parses the line, and hands the
//! printer the same template as if it had been written inline, so the
//! printers themselves know nothing of files.

use crate::error::ParseError;

/// Reads a file of the terminal: its text, or `None` when there is none.
pub type Read<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Rewrites each `-o NAME-file=FILE` among kubectl's `args` (before a
/// `--`) into the inline format with the file's text. `custom-columns-file`
/// only for `get`, the one command whose printers take it; elsewhere it is
/// left for the parser's "unable to match a printer" error, which kubectl
/// gives before it opens anything.
pub fn inline(args: &mut [String], read: Option<Read>) -> Result<(), ParseError> {
    let get = args.iter().any(|a| a == "get");
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        if arg == "--" {
            break;
        }
        // Where this flag's value is: this word from `at`, or the next word.
        let (slot, at) = if arg == "-o" || arg == "--output" {
            i += 1;
            (i, 0)
        } else if let Some(v) = arg.strip_prefix("--output=") {
            (i, arg.len() - v.len())
        } else if arg.starts_with("-o") && !arg.starts_with("--") {
            (i, if arg.as_bytes().get(2) == Some(&b'=') { 3 } else { 2 })
        } else {
            i += 1;
            continue;
        };
        if let Some(word) = args.get(slot) {
            if let Some(value) = inline_value(&word[at..], get, read)? {
                let prefix = word[..at].to_string();
                args[slot] = prefix + &value;
            }
        }
        i = slot + 1;
    }
    Ok(())
}

/// The inline `-o` value for a file format, or `None` for any other value.
fn inline_value(value: &str, get: bool, read: Option<Read>) -> Result<Option<String>, ParseError> {
    let Some((name, path)) = value.split_once('=') else { return Ok(None) };
    if path.is_empty() {
        return Ok(None);
    }
    let text = || read.and_then(|r| r(path));
    // Go's os.Open error for a missing file.
    let missing = format!("open {path}: no such file or directory");
    Ok(Some(match name {
        "jsonpath-file" => format!("jsonpath={}", text().ok_or_else(|| ParseError::Invalid(format!("error reading --template {path}, {missing}")))?),
        "go-template-file" | "templatefile" => format!("go-template={}", text().ok_or_else(|| ParseError::Invalid(format!("error reading --template {path}, {missing}")))?),
        "custom-columns-file" if get => {
            let text = text().ok_or_else(|| ParseError::Invalid(format!("error reading template {path}, {missing}")))?;
            format!("custom-columns={}", columns_spec(&text).map_err(ParseError::Invalid)?)
        }
        _ => return Ok(None),
    }))
}

/// `NewCustomColumnsPrinterFromTemplate`: a line of headers and a line of
/// column specs, split on white space, as the `HEADER:SPEC,…` form.
pub fn columns_spec(text: &str) -> Result<String, String> {
    const FORMAT: &str = "Expected format is one line of space separated headers, one line of space separated column specs.";
    // bufio.ScanLines: lines end at \n, a \r before it dropped.
    let mut lines = text.split_inclusive('\n').map(|l| {
        let l = l.strip_suffix('\n').unwrap_or(l);
        l.strip_suffix('\r').unwrap_or(l)
    });
    let headers: Vec<&str> = lines.next().ok_or(format!("invalid template, missing header line. {FORMAT}"))?.split_whitespace().collect();
    let specs: Vec<&str> = lines.next().ok_or(format!("invalid template, missing spec line. {FORMAT}"))?.split_whitespace().collect();
    if headers.len() != specs.len() {
        return Err(format!("number of headers ({}) and field specifications ({}) don't match", headers.len(), specs.len()));
    }
    Ok(headers.iter().zip(&specs).map(|(h, s)| format!("{h}:{s}")).collect::<Vec<_>>().join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str, files: &[(&str, &str)]) -> Result<Vec<String>, String> {
        let read = |name: &str| files.iter().find(|(n, _)| *n == name).map(|(_, t)| t.to_string());
        let mut args: Vec<String> = line.split(' ').map(str::to_string).collect();
        inline(&mut args, Some(&read)).map_err(|e| e.to_string())?;
        Ok(args)
    }

    #[test]
    fn file_formats_become_inline_templates() {
        let files = [("jp", "{.a}\n"), ("gt", "{{.a}}"), ("cols", "NAME  IMAGE\r\nmetadata.name\tspec.containers[0].image\n")];
        let cases: &[(&str, Result<&str, &str>)] = &[
            ("get pods -o jsonpath-file=jp", Ok("get pods -o jsonpath={.a}\n")),
            ("get pods -ojsonpath-file=jp", Ok("get pods -ojsonpath={.a}\n")),
            ("get pods -o=go-template-file=gt", Ok("get pods -o=go-template={{.a}}")),
            ("get pods --output=templatefile=gt", Ok("get pods --output=go-template={{.a}}")),
            ("get pods --output custom-columns-file=cols", Ok("get pods --output custom-columns=NAME:metadata.name,IMAGE:spec.containers[0].image")),
            // Not get: left for the parser's printer error.
            ("create cm x -o custom-columns-file=cols", Ok("create cm x -o custom-columns-file=cols")),
            ("get pods -o jsonpath={.b}", Ok("get pods -o jsonpath={.b}")),
            ("exec p -- x -o jsonpath-file=jp", Ok("exec p -- x -o jsonpath-file=jp")),
            ("get pods -o jsonpath-file=nope", Err("error: error reading --template nope, open nope: no such file or directory")),
            ("get pods -o go-template-file=nope", Err("error: error reading --template nope, open nope: no such file or directory")),
            ("get pods -o custom-columns-file=nope", Err("error: error reading template nope, open nope: no such file or directory")),
        ];
        for (line, want) in cases {
            let got = run(line, &files).map(|a| a.join(" "));
            assert_eq!(got, want.map(str::to_string).map_err(str::to_string), "{line}");
        }
    }

    // After upstream's TestNewColumnPrinterFromTemplate: the template's
    // shapes and their errors.
    #[test]
    fn columns_templates() {
        let cases: &[(&str, Result<&str, &str>)] = &[
            ("NAME\n.metadata.name", Ok("NAME:.metadata.name")),
            ("NAME     API_VERSION\n{.metadata.name}      {.apiVersion}", Ok("NAME:{.metadata.name},API_VERSION:{.apiVersion}")),
            ("", Err("invalid template, missing header line. Expected format is one line of space separated headers, one line of space separated column specs.")),
            ("NAME API_VERSION", Err("invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.")),
            ("NAME\n", Err("invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.")),
            ("NAME\n\n", Err("number of headers (1) and field specifications (0) don't match")),
            ("NAME\n.metadata.name .apiVersion", Err("number of headers (1) and field specifications (2) don't match")),
        ];
        for (text, want) in cases {
            let want = want.map(str::to_string).map_err(str::to_string);
            assert_eq!(columns_spec(text), want, "{text:?}");
        }
    }
}
