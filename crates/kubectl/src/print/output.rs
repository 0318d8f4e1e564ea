//! The `-o/--output` flag: which printer a command uses, checked against the
//! formats the command allows, with kubectl's messages.

use crate::error::ParseError;

/// A printer choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// Human-readable table (get) or the command's usual message.
    Default,
    Wide,
    Name,
    Yaml,
    Json,
    /// `-o jsonpath=TEMPLATE`; `allow_missing` is
    /// `--allow-missing-template-keys`, which kubectl's JSONPath printer
    /// honours as its template printer does.
    JsonPath { template: String, allow_missing: bool },
    /// `-o jsonpath-as-json=TEMPLATE`
    JsonPathAsJson { template: String, allow_missing: bool },
    /// `-o custom-columns=SPEC`
    CustomColumns(String),
    /// `-o go-template=TEMPLATE` (or `template=`); `allow_missing` is
    /// `--allow-missing-template-keys`.
    GoTemplate { template: String, allow_missing: bool },
}

/// Which formats a command accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// `get`: tables, wide and custom columns too.
    Get,
    /// Commands printing the objects they changed.
    Objects,
}

impl Allowed {
    fn list(self) -> &'static str {
        match self {
            Allowed::Get => "custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml",
            Allowed::Objects => "go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml",
        }
    }
}

/// Parses an `-o` value.
pub fn parse_output(value: &str, allowed: Allowed) -> Result<OutputFormat, ParseError> {
    let (name, arg) = match value.split_once('=') {
        Some((n, a)) => (n, Some(a)),
        None => (value, None),
    };
    let no_match = || ParseError::Invalid(format!("unable to match a printer suitable for the output format {}, allowed formats are: {}", crate::gofmt::quote(value), allowed.list()));
    let template = || -> Result<String, ParseError> {
        match arg {
            Some(t) if !t.is_empty() => Ok(t.to_string()),
            _ => Err(ParseError::Invalid("template format specified but no template given".into())),
        }
    };
    // The terminal's files are read only for `-o NAME-file=FILE`
    // (cli::output_files), not through --template.
    let unsupported = |what: &str| ParseError::Invalid(format!("(playground) -o {what} takes its file as -o {what}=FILE here"));
    // kubectl's JSON/YAML and name printer flags lower-case the format
    // (`-o YAML`, `-o Name` work); the others match it exactly.
    let lower = name.to_ascii_lowercase();
    Ok(match name {
        "" => OutputFormat::Default,
        _ if lower == "yaml" && arg.is_none() => OutputFormat::Yaml,
        _ if lower == "json" && arg.is_none() => OutputFormat::Json,
        _ if lower == "name" && arg.is_none() => OutputFormat::Name,
        "wide" if arg.is_none() && allowed == Allowed::Get => OutputFormat::Wide,
        "jsonpath" => OutputFormat::JsonPath { template: template()?, allow_missing: true },
        "jsonpath-as-json" => OutputFormat::JsonPathAsJson { template: template()?, allow_missing: true },
        "custom-columns" if allowed == Allowed::Get => match arg {
            Some(spec) if !spec.is_empty() => OutputFormat::CustomColumns(spec.to_string()),
            _ => return Err(ParseError::Invalid("custom-columns format specified but no custom columns given".into())),
        },
        "go-template" | "template" => OutputFormat::GoTemplate { template: template()?, allow_missing: true },
        "jsonpath-file" | "go-template-file" | "templatefile" => return Err(unsupported(name)),
        "custom-columns-file" if allowed == Allowed::Get => return Err(unsupported(name)),
        _ => return Err(no_match()),
    })
}

/// `-o` together with `--template`, which supplies the template of a bare
/// `-o go-template` or `-o jsonpath` and alone means go-template (kubectl's
/// PrintFlags.ToPrinter). A template in both places matches no printer.
pub fn parse_output_with_template(value: &str, template: &str, allowed: Allowed) -> Result<Option<OutputFormat>, ParseError> {
    if template.is_empty() {
        return if value.is_empty() { Ok(None) } else { parse_output(value, allowed).map(Some) };
    }
    let t = template.to_string();
    Ok(Some(match value {
        "" | "go-template" | "template" => OutputFormat::GoTemplate { template: t, allow_missing: true },
        "jsonpath" => OutputFormat::JsonPath { template: t, allow_missing: true },
        "jsonpath-as-json" => OutputFormat::JsonPathAsJson { template: t, allow_missing: true },
        _ => {
            let name = value.split_once('=').map_or(value, |(n, _)| n);
            if value.contains('=') && ["go-template", "template", "jsonpath", "jsonpath-as-json"].contains(&name) {
                return Err(ParseError::Invalid(format!("unable to match a printer suitable for the output format {}, allowed formats are: {}", crate::gofmt::quote(value), allowed.list())));
            }
            return parse_output(value, allowed).map(Some);
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Messages as real kubectl v1.32 prints them for `create deployment … -o X --dry-run=client`.
    #[test]
    fn output_values() {
        assert_eq!(parse_output("wide", Allowed::Get), Ok(OutputFormat::Wide));
        assert_eq!(
            parse_output("jsonpath-file", Allowed::Get).unwrap_err().to_string(),
            "error: (playground) -o jsonpath-file takes its file as -o jsonpath-file=FILE here"
        );
        assert_eq!(parse_output("jsonpath={.a}", Allowed::Objects), Ok(OutputFormat::JsonPath { template: "{.a}".into(), allow_missing: true }));
        assert_eq!(parse_output("YAML", Allowed::Objects), Ok(OutputFormat::Yaml));
        assert_eq!(parse_output("Json", Allowed::Get), Ok(OutputFormat::Json));
        assert_eq!(parse_output("NAME", Allowed::Get), Ok(OutputFormat::Name));
        assert!(parse_output("JSON=", Allowed::Objects).is_err());
        assert!(parse_output("JSONPATH={.a}", Allowed::Objects).is_err());
        assert_eq!(parse_output("custom-columns=A:.a", Allowed::Get), Ok(OutputFormat::CustomColumns("A:.a".into())));
        assert_eq!(
            parse_output("foo", Allowed::Objects).unwrap_err().to_string(),
            "error: unable to match a printer suitable for the output format \"foo\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml"
        );
        assert_eq!(
            parse_output("wide", Allowed::Objects).unwrap_err().to_string(),
            "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml"
        );
        assert_eq!(parse_output("jsonpath", Allowed::Objects).unwrap_err().to_string(), "error: template format specified but no template given");
        assert_eq!(parse_output("custom-columns", Allowed::Get).unwrap_err().to_string(), "error: custom-columns format specified but no custom columns given");
        assert_eq!(parse_output("go-template={{.a}}", Allowed::Objects), Ok(OutputFormat::GoTemplate { template: "{{.a}}".into(), allow_missing: true }));
        assert_eq!(parse_output("template", Allowed::Objects).unwrap_err().to_string(), "error: template format specified but no template given");
    }

    // kubectl v1.32 with `--template` (`create deployment x --image=nginx --dry-run=client …`).
    #[test]
    fn template_flag() {
        let go = |t: &str| Ok(Some(OutputFormat::GoTemplate { template: t.into(), allow_missing: true }));
        assert_eq!(parse_output_with_template("", "{{.kind}}", Allowed::Objects), go("{{.kind}}"));
        assert_eq!(parse_output_with_template("go-template", "{{.kind}}", Allowed::Objects), go("{{.kind}}"));
        assert_eq!(parse_output_with_template("template", "{{.kind}}", Allowed::Objects), go("{{.kind}}"));
        assert_eq!(parse_output_with_template("jsonpath", "{.kind}", Allowed::Objects), Ok(Some(OutputFormat::JsonPath { template: "{.kind}".into(), allow_missing: true })));
        assert_eq!(parse_output_with_template("yaml", "{.kind}", Allowed::Objects), Ok(Some(OutputFormat::Yaml)));
        assert_eq!(parse_output_with_template("", "", Allowed::Objects), Ok(None));
        assert_eq!(
            parse_output_with_template("go-template={{.metadata.name}}", "{{.kind}}", Allowed::Objects).unwrap_err().to_string(),
            "error: unable to match a printer suitable for the output format \"go-template={{.metadata.name}}\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml"
        );
    }
}
