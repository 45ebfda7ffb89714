//! RBG move notation: the shortest of four forms that tells a move apart from the other
//! legal moves of its state.
//!
//! 1. the vertices its offs act on, in order (`e2 e4`), repeats in a row written once;
//! 2. those offs with their pieces (`e7 [e] e8 [wQ]`);
//! 3. every modifier with its vertex (`e2 [e] e4 [wPe] e4 [$idle] e4 ->>`);
//! 4. modifier indices with vertices (`12@e2 15@e4 16@e4 40@e4`), always unique.
//!
//! A form is used only if no other legal move prints the same text in that form. Forms 1
//! and 2 need at least one off. The forms differ in the shape of their words (form 3 always
//! ends with a switch, form 4 words contain `@`), so a text matches at most one form of a
//! move, and parsing compares the text with every form of every legal move: any form that
//! names exactly one move is accepted, with vertices written as display or game names.

use crate::names::GameNames;
use crate::Move;
use game::text::{match_move, MoveError, MoveErrorKind};
use std::collections::HashMap;

const FORMS: usize = 4;

/// The text of `mv` in form `form` (0-based), or `None` where the form does not apply.
fn form(names: &GameNames, mv: &Move, form: usize) -> Option<String> {
    let vertex = |v: u32| names.display.get(v as usize).map_or("?", String::as_str);
    let modifier = |m: u32| {
        names
            .modifier_text
            .get(m as usize)
            .map_or("?", String::as_str)
    };
    let is_off = |m: u32| !modifier(m).starts_with("[$") && modifier(m).starts_with('[');
    let offs = || mv.steps.iter().filter(|&&(m, _)| is_off(m));
    let words: Vec<String> = match form {
        0 => {
            let mut w: Vec<String> = offs().map(|&(_, v)| vertex(v).to_string()).collect();
            w.dedup();
            w
        }
        1 => offs()
            .flat_map(|&(m, v)| [vertex(v).to_string(), modifier(m).to_string()])
            .collect(),
        2 => mv
            .steps
            .iter()
            .flat_map(|&(m, v)| [vertex(v).to_string(), modifier(m).to_string()])
            .collect(),
        _ => mv
            .steps
            .iter()
            .map(|&(m, v)| format!("{m}@{}", vertex(v)))
            .collect(),
    };
    (!words.is_empty()).then(|| words.join(" "))
}

/// Every form of every move: `forms[f][i]` is move `i` in form `f`.
fn all_forms(names: &GameNames, legal: &[Move]) -> Vec<Vec<Option<String>>> {
    (0..FORMS)
        .map(|f| legal.iter().map(|m| form(names, m, f)).collect())
        .collect()
}

/// The notation of every legal move, in order: each the first form unique among them.
pub fn move_texts(names: &GameNames, legal: &[Move]) -> Vec<String> {
    let forms = all_forms(names, legal);
    let counts: Vec<HashMap<&str, usize>> = forms
        .iter()
        .map(|texts| {
            let mut c = HashMap::new();
            for t in texts.iter().flatten() {
                *c.entry(t.as_str()).or_insert(0) += 1;
            }
            c
        })
        .collect();
    (0..legal.len())
        .map(|i| {
            (0..FORMS)
                .find_map(|f| {
                    let t = forms[f][i].as_deref()?;
                    (counts[f][t] == 1).then(|| t.to_string())
                })
                // Form 4 of distinct moves differs; only a duplicated move gets here.
                .unwrap_or_else(|| forms[FORMS - 1][i].clone().unwrap_or_default())
        })
        .collect()
}

/// The notation of `mv` among `legal` (which should contain it).
pub fn move_to_text(names: &GameNames, legal: &[Move], mv: &Move) -> String {
    match legal.iter().position(|m| m == mv) {
        Some(i) => move_texts(names, legal).swap_remove(i),
        None => form(names, mv, FORMS - 1).unwrap_or_default(),
    }
}

/// Game vertex names in a typed move replaced by display names (`rx4y6` → `e2`, also in
/// `12@rx4y6`).
pub fn canonical_words(names: &GameNames, text: &str) -> String {
    let fix = |w: &str| -> String {
        if let Some((m, v)) = w.split_once('@') {
            if let Some(i) = names.vertex(v) {
                return format!("{m}@{}", names.display[i as usize]);
            }
        } else if let Some(i) = names.vertex(w) {
            return names.display[i as usize].clone();
        }
        w.to_string()
    };
    text.split_whitespace()
        .map(fix)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The legal move a text names in any of the four forms. `texts` are the notations of
/// `legal` ([`move_texts`]), listed in errors.
pub fn move_from_text(
    names: &GameNames,
    legal: &[Move],
    texts: &[String],
    text: &str,
) -> Result<Move, MoveError> {
    let wanted = canonical_words(names, text);
    // The common case, a move as printed, without building the other forms.
    if let Some(i) = texts.iter().position(|t| *t == wanted) {
        return Ok(legal[i].clone());
    }
    let forms = all_forms(names, legal);
    let found: Vec<usize> = (0..legal.len())
        .filter(|&i| (0..FORMS).any(|f| forms[f][i].as_deref() == Some(wanted.as_str())))
        .collect();
    match found.as_slice() {
        [i] => Ok(legal[*i].clone()),
        [] => {
            // Written without spaces (`e2e4`)? Compare with the printed notation.
            let printed: Vec<(Move, String)> =
                legal.iter().cloned().zip(texts.iter().cloned()).collect();
            match_move(&wanted, &printed).map_err(|mut e| {
                e.text = text.trim().to_string();
                e
            })
        }
        many => Err(MoveError {
            text: text.trim().to_string(),
            kind: MoveErrorKind::Ambiguous(many.iter().map(|&i| texts[i].clone()).collect()),
            legal: texts.to_vec(),
        }),
    }
}
