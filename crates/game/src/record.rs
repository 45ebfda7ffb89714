//! Game records: what was played, in a text a person can read and `rbgtool replay` re-checks.
//!
//! ```text
//! rbgtool-record 1
//! game: corpus/sbg/breakthrough.sbg
//! hash: fnv1a64:8c2f0b5d4e1a7c33
//! players: white black
//! agents: random mcts:1000
//! seed: 1
//! date: 2026-11-23 16:10:05 UTC
//! position:
//!   2q/K2 b 7
//! moves:
//!   a2-a3
//!   h7-h6
//! result: 100 0
//! ```
//!
//! `key: value` lines; `position:` (optional: the start when not the game's initial state)
//! and `moves:` take the indented lines that follow (indented by two spaces, kept as they are
//! after those two). `result:` is the scores in player order, or `unfinished`. `#` starts a
//! comment line. Unknown keys are an error, so a typo cannot go unnoticed. `played-as: gdl`
//! (optional) says the game was played through its translation into that language (`ggp
//! match` on an RBG or SBG game): the moves are in the translation's notation.

use crate::PositionError;
use std::fmt::Write as _;

/// The first line of every record.
pub const HEADER: &str = "rbgtool-record 1";

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The game file as given to `play`.
    pub game: String,
    /// [`content_hash`] of the game file's text.
    pub hash: String,
    /// The language of the translation the game was played through (`gdl`), when it was not
    /// played in its own; the moves are in that language's notation.
    pub played_as: Option<String>,
    pub players: Vec<String>,
    pub agents: Vec<String>,
    pub seed: Option<u64>,
    pub date: String,
    /// The start position text, when not the initial state.
    pub position: Option<String>,
    /// The moves in notation.
    pub moves: Vec<String>,
    /// Final scores in player order; `None` for an unfinished game.
    pub result: Option<Vec<i64>>,
}

/// FNV-1a (64 bit) of a text, written `fnv1a64:` and 16 hex digits.
pub fn content_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

/// The record as text.
pub fn print(r: &Record) -> String {
    let mut s = format!("{HEADER}\n");
    let _ = writeln!(s, "game: {}", r.game);
    let _ = writeln!(s, "hash: {}", r.hash);
    if let Some(lang) = &r.played_as {
        let _ = writeln!(s, "played-as: {lang}");
    }
    let _ = writeln!(s, "players: {}", r.players.join(" "));
    if !r.agents.is_empty() {
        let _ = writeln!(s, "agents: {}", r.agents.join(" "));
    }
    if let Some(seed) = r.seed {
        let _ = writeln!(s, "seed: {seed}");
    }
    if !r.date.is_empty() {
        let _ = writeln!(s, "date: {}", r.date);
    }
    if let Some(p) = &r.position {
        s.push_str("position:\n");
        for line in p.lines() {
            let _ = writeln!(s, "  {line}");
        }
    }
    s.push_str("moves:\n");
    for m in &r.moves {
        let _ = writeln!(s, "  {m}");
    }
    match &r.result {
        Some(scores) => {
            let v: Vec<String> = scores.iter().map(i64::to_string).collect();
            let _ = writeln!(s, "result: {}", v.join(" "));
        }
        None => s.push_str("result: unfinished\n"),
    }
    s
}

/// Reads a record; errors carry the span of the offending line or value.
pub fn parse(text: &str) -> Result<Record, PositionError> {
    let mut r = Record::default();
    let mut lines = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        lines.push((at, line.trim_end_matches(['\n', '\r'])));
        at += line.len();
    }
    let mut i = 0;
    let mut seen_header = false;
    let mut seen_result = false;
    while i < lines.len() {
        let (start, line) = lines[i];
        i += 1;
        let span = start..start + line.len();
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if !seen_header {
            if line.trim() != HEADER {
                return Err(PositionError::new(
                    "not an rbgtool game record",
                    span,
                    format!("expected `{HEADER}`"),
                ));
            }
            seen_header = true;
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(PositionError::new("expected `key: value`", span, "no `:`"));
        };
        let value = value.trim();
        let vstart = start + line.len() - line[key.len() + 1..].trim_start().len();
        let vspan = vstart..vstart + value.len();
        match key.trim() {
            "game" => r.game = value.to_string(),
            "hash" => r.hash = value.to_string(),
            "played-as" => r.played_as = Some(value.to_string()),
            "players" => r.players = value.split_whitespace().map(String::from).collect(),
            "agents" => r.agents = value.split_whitespace().map(String::from).collect(),
            "date" => r.date = value.to_string(),
            "seed" => {
                r.seed = Some(value.parse().map_err(|_| {
                    PositionError::new(
                        "the seed is not a number",
                        vspan.clone(),
                        "expected 0 or more",
                    )
                })?)
            }
            "result" => {
                seen_result = true;
                r.result = if value == "unfinished" {
                    None
                } else {
                    let scores: Result<Vec<i64>, _> =
                        value.split_whitespace().map(str::parse).collect();
                    Some(scores.map_err(|_| {
                        PositionError::new(
                            "the result is not a list of scores",
                            vspan.clone(),
                            "expected scores in player order, or `unfinished`",
                        )
                    })?)
                }
            }
            "position" | "moves" => {
                let mut block = Vec::new();
                while i < lines.len() && lines[i].1.starts_with(' ') {
                    block.push(
                        lines[i]
                            .1
                            .strip_prefix("  ")
                            .unwrap_or(lines[i].1)
                            .to_string(),
                    );
                    i += 1;
                }
                if key.trim() == "moves" {
                    r.moves = block.into_iter().filter(|m| !m.trim().is_empty()).collect();
                } else {
                    r.position = Some(block.join("\n") + "\n");
                }
            }
            other => {
                return Err(PositionError::new(
                    format!("unknown key `{other}`"),
                    span,
                    "expected game, hash, played-as, players, agents, seed, date, position, moves or result",
                ))
            }
        }
    }
    if !seen_result {
        let n = text.trim_end().len();
        return Err(PositionError::new(
            "the record has no result",
            n..n,
            "expected `result: SCORES` or `result: unfinished`",
        ));
    }
    Ok(r)
}

/// Reads a file of one or more records (each starts with [`HEADER`]), as `play --record`
/// writes them.
pub fn parse_all(text: &str) -> Result<Vec<Record>, PositionError> {
    let mut starts = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == HEADER {
            starts.push(at);
        }
        at += line.len();
    }
    if starts.is_empty() {
        return parse(text).map(|r| vec![r]);
    }
    starts[0] = 0;
    starts.push(text.len());
    starts
        .windows(2)
        .map(|w| {
            parse(&text[w[0]..w[1]]).map_err(|mut e| {
                e.span = e.span.start + w[0]..e.span.end + w[0];
                e
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back() {
        let r = Record {
            game: "g.sbg".into(),
            hash: content_hash("abc"),
            played_as: Some("gdl".into()),
            players: vec!["white".into(), "black".into()],
            agents: vec!["random".into(), "mcts:10".into()],
            seed: Some(3),
            date: "2026-01-01 00:00:00 UTC".into(),
            position: Some("2q/K2 b 7\n".into()),
            moves: vec!["a1-a2".into(), "c2-c1".into()],
            result: Some(vec![100, 0]),
        };
        assert_eq!(parse(&print(&r)), Ok(r.clone()));
        let two = format!("# first\n{}\n# second\n{}", print(&r), print(&r));
        assert_eq!(parse_all(&two), Ok(vec![r.clone(), r]));
    }

    #[test]
    fn an_unknown_key_is_reported_where_it_is() {
        let text = "rbgtool-record 1\ngame: x\nsede: 1\nresult: unfinished\n";
        let e = parse(text).unwrap_err();
        assert_eq!(&text[e.span.clone()], "sede: 1");
    }
}
