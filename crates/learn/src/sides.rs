//! White's and black's pieces of one letter: one SBG rule serves both (black's mirrored).
//! With separate sides the two learned rules are merged into the game's one rule (and the
//! report says when they differ); with mirrored sides the logs are checked for letters only
//! one side ever used (the consistency check itself catches contradictions in `all` records).

use crate::compare::same_language;
use crate::log::{Outcome, Record};
use crate::report::PieceReport;
use sbg::{Letter, PieceRule, Side};
use std::collections::{BTreeMap, BTreeSet};

/// The game's rules from per-side results (`pieces[i]` learned `learned[i]`; white before
/// black for each letter): one rule per letter, white's when the two differ (with a note).
pub fn one_rule_per_letter(
    pieces: &[PieceReport],
    learned: Vec<Option<PieceRule>>,
    notes: &mut Vec<String>,
) -> Vec<PieceRule> {
    let mut by_kind: BTreeMap<char, [Option<PieceRule>; 2]> = BTreeMap::new();
    for (p, rule) in pieces.iter().zip(learned) {
        let side = p.side.map_or(0, |s| s.index());
        by_kind.entry(p.kind).or_default()[side] = rule;
    }
    let mut rules = Vec::new();
    for (kind, [white, black]) in by_kind {
        match (white, black) {
            (Some(w), Some(b)) => {
                if !same_language(&w.expr, &b.expr).unwrap_or(false) {
                    notes.push(format!(
                        "white's and black's `{kind}` were learned as different languages (black's \
                         mirrored); SBG gives both sides one rule and white's is used"
                    ));
                }
                rules.push(w);
            }
            (Some(r), None) | (None, Some(r)) => {
                notes.push(format!(
                    "`{kind}` moved for one side only; its rule serves both sides"
                ));
                rules.push(r);
            }
            (None, None) => {}
        }
    }
    rules
}

/// Notes for letters (in white's coordinates) that one side's pieces of a type used and the
/// other side's never did. Expected by chance in short or `some` logs; systematic ones mean
/// the sides are not mirror images and `--sides separate` is the safe setting.
pub fn one_sided_letters(records: &[Record]) -> Vec<String> {
    let mut used: BTreeMap<char, [BTreeSet<Letter>; 2]> = BTreeMap::new();
    for r in records.iter().filter(|r| r.outcome == Outcome::Ongoing) {
        for m in &r.moves {
            let Some(p) = r.board.cells[m.from] else {
                continue;
            };
            let set = &mut used.entry(p.kind).or_default()[r.to_move.index()];
            for &l in &m.letters {
                set.insert(if r.to_move == Side::White {
                    l
                } else {
                    l.mirrored()
                });
            }
        }
    }
    let show = |ls: Vec<&Letter>| {
        ls.iter()
            .map(|l| format!("({},{},{})", l.dx, l.dy, l.on.as_char()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut notes = Vec::new();
    for (kind, [w, b]) in used {
        if w.is_empty() || b.is_empty() || w == b {
            continue;
        }
        let only_w: Vec<&Letter> = w.difference(&b).collect();
        let only_b: Vec<&Letter> = b.difference(&w).collect();
        notes.push(format!(
            "mirrored sides: `{kind}` used letters (white's coordinates) for one side only: \
             white {}, black {} (chance, or sides that are not mirror images: see --sides \
             separate)",
            if only_w.is_empty() {
                "-".into()
            } else {
                show(only_w)
            },
            if only_b.is_empty() {
                "-".into()
            } else {
                show(only_b)
            },
        ));
    }
    notes
}
