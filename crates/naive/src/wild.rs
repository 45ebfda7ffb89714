//! What the `ir_validate` fuzz target checks: any arena `ir::validate` accepts compiles and
//! plays without a panic; one it rejects is refused by the reasoner with `CompileError`.

use crate::random_game::{wild_game, Bytes};
use reasoner::{CompileError, Options, Reasoner};

/// Outcome of one wild game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Rejected,
    /// Valid, compiled, and played this many plies.
    Played(usize),
    /// Valid but too large to compile.
    TooLarge,
}

/// A wild game the validator and the reasoner judge differently (a bug in one of them).
#[derive(Debug, thiserror::Error)]
pub enum Misjudged {
    /// The validator's errors about the game the reasoner compiled.
    #[error("the reasoner accepted an invalid game: {0:?}")]
    AcceptedInvalid(Vec<ir::validate::ValidationError>),
    #[error("a validated game does not compile: {0}")]
    RefusedValid(#[source] CompileError),
}

pub fn check(data: &[u8]) -> Result<Verdict, Misjudged> {
    let game = wild_game(data);
    let errors = ir::validate::validate(&game);
    let opts = Options {
        keeper_limit: 1000,
        ..Options::default()
    };
    let r = match (errors.is_empty(), Reasoner::with_options(&game, opts)) {
        (false, Err(CompileError::Invalid(_))) => return Ok(Verdict::Rejected),
        (false, _) => return Err(Misjudged::AcceptedInvalid(errors)),
        (true, Err(CompileError::TooLarge(_) | CompileError::AutomatonLimit { .. })) => {
            return Ok(Verdict::TooLarge)
        }
        (true, Err(e)) => return Err(Misjudged::RefusedValid(e)),
        (true, Ok(r)) => r,
    };
    let mut choices = Bytes::new(data);
    let Ok(mut s) = r.initial_state() else {
        return Ok(Verdict::Played(0));
    };
    let mut plies = 0;
    while plies < 16 {
        let Ok(moves) = s.legal_moves_checked() else {
            break;
        };
        if moves.is_empty() {
            break;
        }
        let mv = &moves[choices.below(moves.len())];
        let _ = s.count_moves();
        if s.try_apply(mv).is_err() {
            break;
        }
        plies += 1;
    }
    Ok(Verdict::Played(plies))
}
