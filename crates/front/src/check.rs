//! The whole `check --json` object of a text (docs/diagnostics.md,
//! docs/schemas/check.schema.json).

use crate::diag_json;
use crate::lang::Lang;
use crate::load::{parse, Loaded};
use crate::summary::{gdl_summary, rbg_summary, sbg_summary};
use serde_json::{json, Value};

/// `{"file", "valid", "language", "summary", "diagnostics"}` for `text` read as `lang` and
/// named `name`; an error only when a valid SBG game's engine cannot be built.
pub fn check_json(name: &str, text: &str, lang: Lang) -> Result<Value, sbg::BuildError> {
    let (loaded, warnings) = match parse(text, lang) {
        Ok(ok) => ok,
        Err(diagnostics) => {
            return Ok(json!({
                "file": name,
                "valid": false,
                "language": null,
                "summary": null,
                "diagnostics": diag_json::diagnostics(name, text, &diagnostics),
            }))
        }
    };
    let summary = match &loaded {
        Loaded::Rbg(g) => json!(rbg_summary(g)),
        Loaded::Sbg(g) => json!(sbg_summary(g)?),
        Loaded::Gdl(d) => json!(gdl_summary(d)),
    };
    Ok(json!({
        "file": name,
        "valid": true,
        "language": lang.id(),
        "summary": summary,
        "diagnostics": diag_json::diagnostics(name, text, &warnings),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_and_invalid_texts() {
        let sbg = "<<Mini>>\n<BOARD>\n1 1\n|.|\n<PIECES>\n<GOALS>\n10 &\n";
        let v = check_json("m.sbg", sbg, Lang::Sbg).unwrap();
        assert_eq!(v["language"], "sbg");
        let v = check_json("m.rbg", "#players = \n", Lang::Rbg).unwrap();
        assert_eq!(v["valid"], false);
        assert!(!v["diagnostics"].as_array().unwrap().is_empty());
    }
}
