//! Reading inputs and deciding their language.

use crate::cli::{InputArgs, Lang};
use crate::diag::CliError;
use std::io::Read;

/// A source text with the name diagnostics show for it.
pub struct Source {
    pub name: String,
    pub text: String,
    pub lang: Lang,
}

pub fn read(input: &InputArgs) -> Result<Source, CliError> {
    let path = &input.file;
    let is_stdin = path.as_os_str() == "-";
    let lang = match input.from {
        Some(l) => l,
        None if is_stdin => {
            return Err(CliError::Usage(
                "reading standard input needs --from rbg|sbg|gdl".into(),
            ))
        }
        None => lang_of(path)?,
    };
    let mut bytes = Vec::new();
    let name = if is_stdin {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::Io(format!("cannot read standard input: {e}")))?;
        "<stdin>".to_string()
    } else {
        bytes = std::fs::read(path)
            .map_err(|e| CliError::Io(format!("cannot read {}: {e}", path.display())))?;
        path.display().to_string()
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::Io(format!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok(Source { name, text, lang })
}

fn lang_of(path: &std::path::Path) -> Result<Lang, CliError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "rbg" => Ok(Lang::Rbg),
        "sbg" => Ok(Lang::Sbg),
        "kif" | "gdl" => Ok(Lang::Gdl),
        _ => Err(CliError::Usage(format!(
            "cannot tell the language of {} from its extension; use --from rbg|sbg|gdl",
            path.display()
        ))),
    }
}
