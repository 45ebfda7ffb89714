//! `rbgtool explain CODE`: the section of docs/error-codes.md for an error code, so the
//! explanation a user reads at the terminal is the documentation itself.

use crate::cli::Lang;
use crate::diag::CliError;

/// The page, compiled in.
const PAGE: &str = include_str!("../../../../docs/error-codes.md");

/// Every code on the page with its text: `(code, text)` in page order.
pub fn sections() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    let mut rest = PAGE;
    while let Some(at) = rest.find("\n### ") {
        let body = &rest[at + 5..];
        let (code, after) = body.split_once('\n').unwrap_or((body, ""));
        let end = after.find("\n#").unwrap_or(after.len());
        out.push((code.trim(), after[..end].trim()));
        rest = &after[end..];
    }
    out
}

pub fn run(code: Option<&str>, from: Option<Lang>, list: bool) -> Result<(), CliError> {
    let all = sections();
    if list {
        for (code, text) in &all {
            let first = text
                .split(['.', ':'])
                .next()
                .unwrap_or("")
                .replace('\n', " ");
            println!("{code:<9} {first}");
        }
        return Ok(());
    }
    let wanted = qualified(code.unwrap_or_default(), from)?;
    match all.iter().find(|(c, _)| c.eq_ignore_ascii_case(&wanted)) {
        Some((code, text)) => {
            println!("{code}\n\n{text}");
            Ok(())
        }
        None => Err(CliError::Usage(format!(
            "no error code `{wanted}`; `rbgtool explain --list` lists them"
        ))),
    }
}

/// `E06` with `--from rbg` is `rbg::E06`; a code with its language part is taken as written.
fn qualified(code: &str, from: Option<Lang>) -> Result<String, CliError> {
    let code = code.trim();
    if code.contains("::") {
        return Ok(code.to_string());
    }
    let lang = match from {
        Some(Lang::Rbg) => "rbg",
        Some(Lang::Sbg) => "sbg",
        Some(Lang::Gdl) => "gdl",
        None => {
            return Err(CliError::Usage(format!(
                "`{code}` names no language: write rbg::{code}, sbg::{code}, gdl::{code} or \
                 cli::{code} (or add --from)"
            )))
        }
    };
    Ok(format!("{lang}::{code}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page and the front ends' tables agree: every code a front end can give has a
    /// section, and every section is a code some front end gives.
    #[test]
    fn every_code_has_a_section_and_every_section_a_code() {
        let documented: Vec<&str> = sections().iter().map(|s| s.0).collect();
        let mut given: Vec<String> = rbg::codes::CODES
            .iter()
            .map(|c| c.code.to_string())
            .collect();
        given.extend(gdl::codes::CODES.iter().map(|c| c.code.to_string()));
        given.extend((1..=17).map(|i| format!("sbg::E{i:02}")));
        given.extend((1..=11).map(|i| format!("sbg::W{i:02}")));
        given.extend((1..=4).map(|i| format!("cli::E{i:02}")));
        let mut sorted_documented: Vec<String> = documented.iter().map(|s| s.to_string()).collect();
        sorted_documented.sort();
        given.sort();
        assert_eq!(sorted_documented, given);
        assert!(sections().iter().all(|(_, text)| text.len() > 20));
    }
}
