//! Reading inputs and deciding their language.

use crate::cli::{InputArgs, Lang};
use crate::diag::CliError;
use std::io::Read;
use std::path::Path;

/// A source text with the name diagnostics show for it.
pub struct Source {
    pub name: String,
    pub text: String,
    pub lang: Lang,
}

/// Reads the game named by `input`. The language is `--from`, else the file's extension,
/// else (standard input, other extensions) what the text looks like ([`sniff`]).
pub fn read(input: &InputArgs) -> Result<Source, CliError> {
    let path = &input.file;
    let is_stdin = path.as_os_str() == "-";
    if !is_stdin && path.is_dir() {
        return Err(CliError::Usage(format!(
            "{} is a directory; give one game file (.rbg, .sbg, .kif)",
            path.display()
        )));
    }
    let bytes = read_bytes(path)?;
    let name = if is_stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::Io(format!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let lang = match input.from {
        Some(l) => l,
        None => match lang_of_extension(path).or_else(|| sniff(&text)) {
            Some(l) => l,
            None => {
                return Err(CliError::Usage(format!(
                    "cannot tell the language of {name} from its name or its text; use --from rbg|sbg|gdl"
                )))
            }
        },
    };
    Ok(Source { name, text, lang })
}

/// Largest input read (a game, a record, a position): above the 64 MB that `convert --to gdl`
/// may write, far below the memory budget.
pub const MAX_INPUT_BYTES: u64 = 128 << 20;

/// The bytes of a file (`-`: standard input), read at most [`MAX_INPUT_BYTES`] far. Only
/// regular files are opened: a path that a record or an argument names could be a FIFO
/// (opening it blocks until a writer comes) or a device such as /dev/zero (endless).
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, CliError> {
    let cannot = |e: std::io::Error| CliError::Io(format!("cannot read {}: {e}", path.display()));
    if path.as_os_str() == "-" {
        return read_capped(std::io::stdin().lock(), "standard input");
    }
    // Checked before opening (opening a FIFO would block) and again on the open file (the
    // path may have changed in between).
    let regular = |m: std::fs::Metadata| {
        if m.is_file() {
            Ok(())
        } else {
            Err(CliError::Usage(format!(
                "{} is not a regular file (a directory, device, FIFO or socket); give a game, record or position file",
                path.display()
            )))
        }
    };
    regular(std::fs::metadata(path).map_err(cannot)?)?;
    let file = std::fs::File::open(path).map_err(cannot)?;
    regular(file.metadata().map_err(cannot)?)?;
    read_capped(file, &path.display().to_string())
}

fn read_capped(r: impl Read, name: &str) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    r.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::Io(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(CliError::Usage(format!(
            "{name} has more than {} MB; inputs are read up to that size",
            MAX_INPUT_BYTES >> 20
        )));
    }
    Ok(bytes)
}

fn lang_of_extension(path: &std::path::Path) -> Option<Lang> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "rbg" => Some(Lang::Rbg),
        "sbg" => Some(Lang::Sbg),
        "kif" | "gdl" => Some(Lang::Gdl),
        _ => None,
    }
}

/// The language a text looks like ([`front::sniff`]).
pub fn sniff(text: &str) -> Option<Lang> {
    front::sniff(text).map(Lang::from)
}

impl From<front::Lang> for Lang {
    fn from(l: front::Lang) -> Lang {
        match l {
            front::Lang::Rbg => Lang::Rbg,
            front::Lang::Sbg => Lang::Sbg,
            front::Lang::Gdl => Lang::Gdl,
        }
    }
}

impl From<Lang> for front::Lang {
    fn from(l: Lang) -> front::Lang {
        match l {
            Lang::Rbg => front::Lang::Rbg,
            Lang::Sbg => front::Lang::Sbg,
            Lang::Gdl => front::Lang::Gdl,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_recognised_by_their_sections() {
        let sbg = "<<Mini>>\n<BOARD>\n1 1\n|.|\n<PIECES>\n<GOALS>\n10 &\n";
        assert_eq!(sniff(sbg), Some(Lang::Sbg));
        let rbg = "// a comment with <BOARD> and <PIECES>\n#players = a(1)\n#board = rectangle(x,[e])\n#rules = ->a\n";
        assert_eq!(sniff(rbg), Some(Lang::Rbg));
        let gdl = "; tic-tac-toe\n(role x) (role o)\n(init (control x))\n";
        assert_eq!(sniff(gdl), Some(Lang::Gdl));
        assert_eq!(sniff("hello"), None);
    }
}
