//! Diagnostics as data (`check --json`): the shape docs/diagnostics.md documents and
//! docs/schemas/check.schema.json states, so programs need not parse the rendered text.

use codespan_reporting::diagnostic::{Diagnostic, LabelStyle, Severity};
use codespan_reporting::files::{Files, SimpleFile};
use serde_json::{json, Value};

/// One diagnostic: severity, code (or null), message, labels with 1-based line and column
/// ranges (columns in characters) and byte offsets, notes.
pub fn diagnostic(file: &SimpleFile<&str, &str>, d: &Diagnostic<()>) -> Value {
    let labels: Vec<Value> = d
        .labels
        .iter()
        .map(|l| {
            json!({
                "style": match l.style {
                    LabelStyle::Primary => "primary",
                    LabelStyle::Secondary => "secondary",
                },
                "message": l.message,
                "start": position(file, l.range.start),
                "end": position(file, l.range.end),
            })
        })
        .collect();
    json!({
        "severity": severity(d.severity),
        "code": d.code,
        "message": d.message,
        "labels": labels,
        "notes": d.notes,
    })
}

/// All of a file's diagnostics.
pub fn diagnostics(name: &str, text: &str, ds: &[Diagnostic<()>]) -> Vec<Value> {
    let file = SimpleFile::new(name, text);
    ds.iter().map(|d| diagnostic(&file, d)).collect()
}

fn severity(s: Severity) -> &'static str {
    match s {
        Severity::Bug => "bug",
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
        Severity::Help => "help",
    }
}

/// `{"line", "column", "offset"}` of a byte offset (clamped into the text).
fn position(file: &SimpleFile<&str, &str>, offset: usize) -> Value {
    let text = file.source();
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    match file.location((), offset) {
        Ok(loc) => json!({
            "line": loc.line_number,
            "column": loc.column_number,
            "offset": offset,
        }),
        Err(_) => json!({ "line": 1, "column": 1, "offset": offset }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::diagnostic::Label;

    #[test]
    fn labels_get_lines_and_columns() {
        let d = Diagnostic::error()
            .with_code("rbg::E1")
            .with_message("unknown piece `x`")
            .with_labels(vec![Label::primary((), 6..7).with_message("here")])
            .with_notes(vec!["did you mean `e`?".into()]);
        let v = diagnostics("g.rbg", "ab\ncd x\n", &[d]);
        assert_eq!(
            v[0]["labels"][0]["start"],
            json!({"line": 2, "column": 4, "offset": 6})
        );
        assert_eq!(v[0]["labels"][0]["end"]["column"], 5);
        assert_eq!(v[0]["code"], "rbg::E1");
        assert_eq!(v[0]["severity"], "error");
    }
}
