//! RBG position text: the semi-state (a piece on every vertex, the variables), the player in
//! control and where the rules continue.
//!
//! ```text
//! player black
//! rules 57 e4          # the switch that ended the last move (modifier index, vertex)
//! variables white=0 black=0 idle=1
//! e: *                 # every vertex not listed on another line
//! wP: a2 b2 c2 d2 f2 g2 h2
//! wPe: e4
//! ```
//!
//! `player NAME` or `keeper`; `rules start` at the beginning of the rules, otherwise the
//! modifier index of the switch the rules continue after and the vertex it was applied at
//! (what a move of the next player starts from); `variables` lists `name=value` (unlisted
//! ones are 0); then one line per piece, `PIECE: VERTEX...`, where `*` stands for every vertex
//! no other line names. Printed, the `*` piece is the most frequent one and the lines follow
//! the declaration order of pieces and the board order of vertices. `#` starts a comment.

use crate::names::GameNames;
use game::text::{end_span, position_lines, Word};
use game::PositionError;

/// A state as the position text describes it, independent of any engine's representation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Piece index on each vertex.
    pub pieces: Vec<u16>,
    /// Value of each variable, players' scores first.
    pub variables: Vec<i64>,
    /// The player in control; `names.players.len()` is the keeper.
    pub player: u32,
    /// The switch the rules continue after: (modifier index, vertex); `None` at the start.
    pub rules: Option<(u32, u32)>,
}

/// The position text of a snapshot.
pub fn print(names: &GameNames, s: &Snapshot) -> String {
    let mut out = String::new();
    match names.players.get(s.player as usize) {
        Some(p) => out.push_str(&format!("player {p}\n")),
        None => out.push_str("keeper\n"),
    }
    match s.rules {
        None => out.push_str("rules start\n"),
        Some((m, v)) => out.push_str(&format!(
            "rules {m} {}  # after {}\n",
            names.display[v as usize], names.modifier_text[m as usize]
        )),
    }
    if !names.variables.is_empty() {
        let vars: Vec<String> = names
            .variables
            .iter()
            .zip(&s.variables)
            .map(|((n, _), x)| format!("{n}={x}"))
            .collect();
        out.push_str(&format!("variables {}\n", vars.join(" ")));
    }
    let mut count = vec![0usize; names.pieces.len()];
    for &p in &s.pieces {
        count[p as usize] += 1;
    }
    // The most frequent piece (the first of equals) is written `*`.
    let rest = (0..count.len())
        .rev()
        .max_by_key(|&p| count[p])
        .unwrap_or(0);
    for (p, name) in names.pieces.iter().enumerate() {
        if p == rest && count[p] > 0 {
            out.push_str(&format!("{name}: *\n"));
        } else if count[p] > 0 {
            let on: Vec<&str> = (0..s.pieces.len())
                .filter(|&v| s.pieces[v] as usize == p)
                .map(|v| names.display[v].as_str())
                .collect();
            out.push_str(&format!("{name}: {}\n", on.join(" ")));
        }
    }
    out
}

fn err(w: &Word<'_>, message: String, label: &str) -> PositionError {
    PositionError::new(message, w.span(), label)
}

/// Reads a position text; checks names, bounds, and that every vertex has one piece.
pub fn parse(names: &GameNames, text: &str) -> Result<Snapshot, PositionError> {
    let mut player: Option<(u32, Word<'_>)> = None;
    let mut rules: Option<(Option<(u32, u32)>, Word<'_>)> = None;
    let mut variables = vec![0i64; names.variables.len()];
    let mut pieces: Vec<Option<u16>> = vec![None; names.vertices.len()];
    let mut rest: Option<u16> = None;
    for line in position_lines(text) {
        let head = line[0];
        let args = &line[1..];
        match head.text {
            "player" | "keeper" => {
                if player.is_some() {
                    return Err(err(
                        &head,
                        "the player is given twice".into(),
                        "second time",
                    ));
                }
                player = Some((parse_player(names, head, args)?, head));
            }
            "rules" => {
                if rules.is_some() {
                    return Err(err(&head, "`rules` is given twice".into(), "second time"));
                }
                rules = Some((parse_rules(names, head, args)?, head));
            }
            "variables" => parse_variables(names, args, &mut variables)?,
            _ => parse_piece_line(names, head, args, &mut pieces, &mut rest)?,
        }
    }
    let (player, player_word) = player.ok_or_else(|| {
        PositionError::new(
            "the position does not say who is to move",
            end_span(text),
            "expected a line `player NAME` or `keeper`",
        )
    })?;
    let (rules, rules_word) = rules.ok_or_else(|| {
        PositionError::new(
            "the position does not say where the rules continue",
            end_span(text),
            "expected a line `rules start` or `rules MODIFIER VERTEX`",
        )
    })?;
    let expected = match rules {
        None => names.keeper(),
        Some((m, _)) => names.switch_to[m as usize].unwrap_or(names.keeper()),
    };
    if expected != player {
        let who = |p: u32| {
            names
                .players
                .get(p as usize)
                .map_or("the keeper".to_string(), |n| format!("`{n}`"))
        };
        return Err(err(
            &player_word,
            format!(
                "{} is to move, but the rules give the turn to {}",
                who(player),
                who(expected)
            ),
            "does not match the `rules` line",
        )
        .note(format!("the rules line is at byte {}", rules_word.start)));
    }
    let mut board = Vec::with_capacity(pieces.len());
    for (v, p) in pieces.iter().enumerate() {
        match p.or(rest) {
            Some(p) => board.push(p),
            None => {
                return Err(PositionError::new(
                    format!("vertex {} has no piece", names.display[v]),
                    end_span(text),
                    "every vertex needs a piece: list it, or write `PIECE: *`",
                ))
            }
        }
    }
    Ok(Snapshot {
        pieces: board,
        variables,
        player,
        rules,
    })
}

fn parse_player(
    names: &GameNames,
    head: Word<'_>,
    args: &[Word<'_>],
) -> Result<u32, PositionError> {
    if head.text == "keeper" {
        if let Some(w) = args.first() {
            return Err(err(
                w,
                "unexpected text after `keeper`".into(),
                "not expected",
            ));
        }
        return Ok(names.keeper());
    }
    let [w] = args else {
        return Err(err(
            &head,
            "`player` takes one name".into(),
            "expected `player NAME`",
        ));
    };
    names
        .players
        .iter()
        .position(|p| p == w.text)
        .map(|p| p as u32)
        .ok_or_else(|| {
            err(
                w,
                format!("unknown player `{}`", w.text),
                "not a player of this game",
            )
            .note(format!("players: {}", names.players.join(", ")))
        })
}

fn parse_rules(
    names: &GameNames,
    head: Word<'_>,
    args: &[Word<'_>],
) -> Result<Option<(u32, u32)>, PositionError> {
    match args {
        [w] if w.text == "start" => Ok(None),
        [m, v] => {
            let index = m
                .text
                .parse::<u32>()
                .ok()
                .filter(|&i| names.switch_to.get(i as usize).is_some_and(Option::is_some));
            let Some(index) = index else {
                let switches: Vec<String> = (1..names.switch_to.len())
                    .filter(|&i| names.switch_to[i].is_some())
                    .map(|i| format!("{i} ({})", names.modifier_text[i]))
                    .collect();
                return Err(err(
                    m,
                    format!("`{}` is not the index of a switch", m.text),
                    "expected the modifier index of a switch",
                )
                .note(format!("switches: {}", switches.join(", "))));
            };
            let vertex = names.vertex(v.text).ok_or_else(|| {
                err(
                    v,
                    format!("unknown vertex `{}`", v.text),
                    "not a vertex of the board",
                )
            })?;
            Ok(Some((index, vertex)))
        }
        _ => Err(err(
            &head,
            "`rules` takes `start` or a switch's modifier index and a vertex".into(),
            "expected `rules start` or `rules MODIFIER VERTEX`",
        )),
    }
}

fn parse_variables(
    names: &GameNames,
    args: &[Word<'_>],
    values: &mut [i64],
) -> Result<(), PositionError> {
    for w in args {
        let Some((name, value)) = w.text.split_once('=') else {
            return Err(err(
                w,
                format!("`{}` is not `name=value`", w.text),
                "expected `name=value`",
            ));
        };
        let Some(i) = names.variables.iter().position(|(n, _)| n == name) else {
            let all: Vec<&str> = names.variables.iter().map(|(n, _)| n.as_str()).collect();
            return Err(err(
                w,
                format!("unknown variable `{name}`"),
                "not a variable of this game",
            )
            .note(format!("variables: {}", all.join(", "))));
        };
        let bound = names.variables[i].1;
        match value.parse::<i64>() {
            Ok(x) if (0..=bound).contains(&x) => values[i] = x,
            Ok(x) => {
                return Err(err(
                    w,
                    format!("variable `{name}` = {x} is out of its bounds 0..={bound}"),
                    "out of bounds",
                ))
            }
            Err(_) => {
                return Err(err(
                    w,
                    format!("`{value}` is not a number"),
                    "expected an integer",
                ))
            }
        }
    }
    Ok(())
}

fn parse_piece_line(
    names: &GameNames,
    head: Word<'_>,
    args: &[Word<'_>],
    pieces: &mut [Option<u16>],
    rest: &mut Option<u16>,
) -> Result<(), PositionError> {
    let Some(name) = head.text.strip_suffix(':') else {
        return Err(err(
            &head,
            format!("unexpected `{}`", head.text),
            "expected `player`, `keeper`, `rules`, `variables` or `PIECE:`",
        ));
    };
    let Some(p) = names.pieces.iter().position(|n| n == name) else {
        return Err(err(
            &head,
            format!("unknown piece `{name}`"),
            "not a piece of this game",
        )
        .note(format!("pieces: {}", names.pieces.join(", "))));
    };
    let p = p as u16;
    for w in args {
        if w.text == "*" {
            if rest.is_some() {
                return Err(err(w, "`*` is given twice".into(), "second `*`"));
            }
            *rest = Some(p);
            continue;
        }
        let Some(v) = names.vertex(w.text) else {
            return Err(err(
                w,
                format!("unknown vertex `{}`", w.text),
                "not a vertex of the board",
            ));
        };
        if pieces[v as usize].is_some() {
            return Err(err(
                w,
                format!("vertex {} is given twice", names.display[v as usize]),
                "already has a piece",
            ));
        }
        pieces[v as usize] = Some(p);
    }
    Ok(())
}
