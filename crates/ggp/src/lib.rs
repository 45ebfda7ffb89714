//! The General Game Playing match protocol (the messages a game manager such as ggp-base's or
//! the Dresden and Tiltyard servers sends its players), without the transport: text in, text
//! out, so every step is a pure function testable without a socket or a clock.
//!
//! Data flow: a message body →[`sexp`]→ s-expressions (KIF syntax, symbols case-insensitive)
//! →[`message`]→ a typed [`message::Message`] →[`player::Player::handle`]→ the reply text.
//! The player plays GDL on [`gdl::Engine`] with an [`agents`] agent: at a simultaneous turn it
//! chooses only its own role's move ([`agents::Agent::choose_own`]). [`manager::run_match`]
//! is the other side: a game manager sending the messages through a [`manager::Transport`],
//! checking every reply and replacing bad ones by random legal moves.

pub mod manager;
pub mod message;
pub mod player;
pub mod rules;
pub mod sexp;

pub use manager::{run_match, ManagerError, MatchLog, MatchSpec, Transport, TransportError};
pub use message::{parse_message, Message, MessageError};
pub use player::{Player, PlayerError, PlayerOptions};
pub use rules::RulesError;
pub use sexp::{Sexp, SexpError};
