//! A document's diagnostics: the front end's codespan diagnostics, each as one LSP
//! diagnostic at its primary label, secondary labels as related information, notes appended
//! to the message.

use crate::lang::Lang;
use crate::text::LineIndex;
use codespan_reporting::diagnostic::{Diagnostic as Codespan, LabelStyle, Severity};
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri,
};

/// The front end's errors, or its warnings when the game is valid.
pub fn check(lang: Lang, text: &str) -> Vec<Codespan<()>> {
    match lang {
        Lang::Rbg => rbg::parse_game(text).map_or_else(|e| e, |p| p.warnings),
        Lang::Sbg => sbg::parse(text).map_or_else(|e| e, |(_, w)| w),
        Lang::Gdl => gdl::parse_and_check(text).map_or_else(|e| e, |(_, w)| w),
    }
}

/// [`check`] as LSP diagnostics of the document `uri`.
pub fn diagnostics(uri: &Uri, lang: Lang, text: &str) -> Vec<Diagnostic> {
    let index = LineIndex::new(text);
    check(lang, text)
        .iter()
        .map(|d| convert(uri, &index, d))
        .collect()
}

fn convert(uri: &Uri, index: &LineIndex, d: &Codespan<()>) -> Diagnostic {
    let primary = d
        .labels
        .iter()
        .find(|l| l.style == LabelStyle::Primary)
        .or(d.labels.first());
    let range = index.range(primary.map_or(0..0, |l| l.range.clone()));
    let mut message = d.message.clone();
    if let Some(l) = primary.filter(|l| !l.message.is_empty()) {
        message.push_str(&format!(": {}", l.message));
    }
    for note in &d.notes {
        message.push('\n');
        message.push_str(note);
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .filter(|l| l.style == LabelStyle::Secondary)
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), index.range(l.range.clone())),
            message: l.message.clone(),
        })
        .collect();
    Diagnostic {
        range,
        severity: Some(severity(d.severity)),
        code: d.code.clone().map(NumberOrString::String),
        source: Some("rbgtool".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Bug | Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
        Severity::Help => DiagnosticSeverity::HINT,
    }
}
