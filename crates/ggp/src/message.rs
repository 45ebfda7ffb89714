//! The protocol's messages as typed values, read from their KIF text:
//!
//! | message | reply |
//! |---|---|
//! | `(info)` | `((name NAME) (status available))` |
//! | `(preview RULES CLOCK)` | `ready` |
//! | `(start ID ROLE RULES STARTCLOCK PLAYCLOCK)` | `ready` |
//! | `(play ID MOVES)` | the player's move |
//! | `(stop ID MOVES)` | `done` |
//! | `(abort ID)` | `aborted` |
//!
//! `RULES` is a list of the game's rules and facts; `MOVES` is `nil` (the first turn) or the
//! previous joint move, one move per role in role order. Clocks are in seconds.

use crate::sexp::{parse_one, Sexp, SexpError};

/// One message from the game manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    Info,
    Preview {
        /// The rules as KIF text, one rule per line.
        rules: String,
        clock: u64,
    },
    Start {
        id: String,
        role: String,
        rules: String,
        start_clock: u64,
        play_clock: u64,
    },
    Play {
        id: String,
        /// The previous joint move (KIF terms in role order), `None` on the first turn.
        moves: Option<Vec<String>>,
    },
    Stop {
        id: String,
        moves: Option<Vec<String>>,
    },
    Abort {
        id: String,
    },
}

/// Why a message body is not a message; the variants carry the offending expression.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    #[error(transparent)]
    Syntax(#[from] SexpError),
    #[error("a message is a list, not `{0}`")]
    NotAList(Sexp),
    #[error("an empty list is no message")]
    EmptyList,
    #[error("a message starts with its name, not `{0}`")]
    NoName(Sexp),
    #[error("`{name}` takes {expected} arguments, not {found}")]
    Arity {
        name: String,
        expected: usize,
        found: usize,
    },
    #[error("a match id is an atom, not `{0}`")]
    MatchId(Sexp),
    #[error("a role is an atom, not `{0}`")]
    Role(Sexp),
    #[error("the rules are a list, not `{0}`")]
    Rules(Sexp),
    #[error("a clock is a number of seconds, not `{0}`")]
    Clock(Sexp),
    #[error("the moves are `nil` or a list, not `{0}`")]
    Moves(Sexp),
    #[error("unknown message `{0}`")]
    Unknown(String),
}

/// Reads a message body.
pub fn parse_message(text: &str) -> Result<Message, MessageError> {
    let s = parse_one(text)?;
    let items = s.list().ok_or_else(|| MessageError::NotAList(s.clone()))?;
    let (head, args) = items.split_first().ok_or(MessageError::EmptyList)?;
    let name = head
        .atom()
        .ok_or_else(|| MessageError::NoName(head.clone()))?;
    let arity = |n: usize| {
        if args.len() == n {
            Ok(())
        } else {
            Err(MessageError::Arity {
                name: name.to_string(),
                expected: n,
                found: args.len(),
            })
        }
    };
    let id = |i: usize| -> Result<String, MessageError> {
        args[i]
            .atom()
            .map(str::to_string)
            .ok_or_else(|| MessageError::MatchId(args[i].clone()))
    };
    match name {
        "info" => {
            arity(0)?;
            Ok(Message::Info)
        }
        "preview" => {
            arity(2)?;
            Ok(Message::Preview {
                rules: rules(&args[0])?,
                clock: clock(&args[1])?,
            })
        }
        "start" => {
            arity(5)?;
            Ok(Message::Start {
                id: id(0)?,
                role: args[1]
                    .atom()
                    .map(str::to_string)
                    .ok_or_else(|| MessageError::Role(args[1].clone()))?,
                rules: rules(&args[2])?,
                start_clock: clock(&args[3])?,
                play_clock: clock(&args[4])?,
            })
        }
        "play" | "stop" => {
            arity(2)?;
            let (id, moves) = (id(0)?, moves(&args[1])?);
            Ok(if name == "play" {
                Message::Play { id, moves }
            } else {
                Message::Stop { id, moves }
            })
        }
        "abort" => {
            arity(1)?;
            Ok(Message::Abort { id: id(0)? })
        }
        other => Err(MessageError::Unknown(other.to_string())),
    }
}

fn rules(s: &Sexp) -> Result<String, MessageError> {
    let items = s.list().ok_or_else(|| MessageError::Rules(s.clone()))?;
    Ok(items
        .iter()
        .map(Sexp::to_string)
        .collect::<Vec<_>>()
        .join("\n"))
}

fn clock(s: &Sexp) -> Result<u64, MessageError> {
    s.atom()
        .and_then(|a| a.parse().ok())
        .ok_or_else(|| MessageError::Clock(s.clone()))
}

fn moves(s: &Sexp) -> Result<Option<Vec<String>>, MessageError> {
    match s {
        Sexp::Atom(a) if a == "nil" => Ok(None),
        Sexp::List(items) => Ok(Some(items.iter().map(Sexp::to_string).collect())),
        other => Err(MessageError::Moves(other.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads() {
        assert_eq!(parse_message("( INFO )"), Ok(Message::Info));
        let start = parse_message("(start m7 White ((role white) (init (cell 1))) 30 15)");
        assert_eq!(
            start,
            Ok(Message::Start {
                id: "m7".into(),
                role: "white".into(),
                rules: "(role white)\n(init (cell 1))".into(),
                start_clock: 30,
                play_clock: 15,
            })
        );
        assert_eq!(
            parse_message("(play m7 nil)"),
            Ok(Message::Play {
                id: "m7".into(),
                moves: None
            })
        );
        assert_eq!(
            parse_message("(stop m7 ((mark 1 1) noop))"),
            Ok(Message::Stop {
                id: "m7".into(),
                moves: Some(vec!["(mark 1 1)".into(), "noop".into()])
            })
        );
        assert_eq!(
            parse_message("(abort m7)"),
            Ok(Message::Abort { id: "m7".into() })
        );
        assert!(matches!(
            parse_message("(preview ((role a)) 10)"),
            Ok(Message::Preview { clock: 10, .. })
        ));
    }

    #[test]
    fn malformed_messages_say_why() {
        for (text, why) in [
            ("(play m7)", "takes 2 arguments"),
            ("(start m7 white ((role white)) soon 15)", "a clock"),
            ("(dance)", "unknown message"),
            ("info", "a message is a list"),
            ("()", "empty list"),
            ("(play m7 noop)", "`nil` or a list"),
        ] {
            let e = parse_message(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
        assert_eq!(
            parse_message("(play m7)"),
            Err(MessageError::Arity {
                name: "play".into(),
                expected: 2,
                found: 1
            })
        );
        assert_eq!(
            parse_message("(play m7 nil"),
            Err(MessageError::Syntax(SexpError::Unclosed { count: 1 }))
        );
    }
}
