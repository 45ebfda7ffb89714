//! The `human` agent: a person at the terminal. SBG games and RBG games on generated boards
//! (rectangle, hexagon, cuboid) are drawn as a board; a move is typed in notation (docs/positions.md; SBG also `a2a3`) or
//! by its number in the list `?` prints. Illegal input is re-prompted; `undo` takes back the
//! person's last move and the replies since; `quit` or end of input stops the match. At a simultaneous turn (GDL) the person is asked for their own role's move only,
//! listed alone. [`Announced`] wraps the other agents so that the person sees their moves
//! (at a simultaneous turn, the joint move once every role has chosen).

use super::board_text;
use agents::Agent;
use game::{GameState, Rng};
use std::io::{BufRead, Write};

/// How a human sees a state and names a move.
pub trait HumanView<G: GameState> {
    /// A drawing of the state, or nothing.
    fn draw(&self, _state: &G) -> String {
        String::new()
    }
    /// The legal move a line of input names: its number in the list, or its notation (a GDL
    /// term's outer parentheses are optional: `mark 2 2` is `(mark 2 2)`).
    fn read_move(&self, state: &mut G, text: &str, legal: &[G::Move]) -> Option<G::Move> {
        let text = text.trim();
        if let Ok(i) = text.parse::<usize>() {
            return legal.get(i.checked_sub(1)?).cloned();
        }
        state
            .move_from_text(text)
            .or_else(|e| match text.starts_with('(') {
                false => state.move_from_text(&format!("({text})")),
                true => Err(e),
            })
            .ok()
    }
}

/// Moves listed by number (RBG games on other boards, the compiled engine).
pub struct ListView;
impl<G: GameState> HumanView<G> for ListView {}

/// A GDL state with a `(cell X Y PIECE)`-like relation drawn as a grid (as `show` draws it),
/// labelled with the game's own coordinates; other states list the moves only. `sizes` are
/// the game's candidate board sizes (`show`'s, so a sparse board is drawn whole).
pub struct GdlView {
    pub sizes: Vec<i64>,
    /// `show`'s `board_squares`: a translated RBG game's vertices.
    pub squares: Vec<String>,
}

impl HumanView<gdl::Engine> for GdlView {
    fn draw(&self, e: &gdl::Engine) -> String {
        match draw::gdl_grid(&e.state_text(), &self.sizes, &self.squares) {
            Ok(g) => board_text::labelled_grid(&g.files, &g.ranks, |x, row| {
                let p = g.cells[row * g.files.len() + x];
                if p == 0 {
                    String::new()
                } else {
                    g.pieces[p].clone()
                }
            }),
            Err(_) => String::new(),
        }
    }

    /// A number, a term (outer parentheses optional) or, on a board, the squares a move
    /// names in algebraic notation: `b2` for `(mark 2 2)`, `e2 e4` for `(move e 2 e 4)`.
    fn read_move(
        &self,
        e: &mut gdl::Engine,
        text: &str,
        legal: &[gdl::JointMove],
    ) -> Option<gdl::JointMove> {
        ListView
            .read_move(e, text, legal)
            .or_else(|| self.by_squares(e, text, legal))
    }
}

impl GdlView {
    /// The one legal move whose term names exactly the squares typed (`e2 e4`, `e2e4`),
    /// named as the drawn board names its cells (`draw::GdlGrid::move_squares`: files a..
    /// from the left, ranks 1.. from the bottom; a translated RBG game's vertices too).
    fn by_squares(
        &self,
        e: &mut gdl::Engine,
        text: &str,
        legal: &[gdl::JointMove],
    ) -> Option<gdl::JointMove> {
        let grid = draw::gdl_grid(&e.state_text(), &self.sizes, &self.squares).ok()?;
        let typed: Vec<String> = algebraic_squares(text)?
            .into_iter()
            .map(|(file, rank)| format!("{}{}", char::from(b'a' + file as u8), rank + 1))
            .collect();
        let mut hits = legal
            .iter()
            .filter(|m| grid.move_squares(&e.move_to_text(m)) == typed);
        match (hits.next(), hits.next()) {
            (Some(m), None) => Some(m.clone()),
            _ => None,
        }
    }
}

/// An SBG board with files a.. and ranks 1.., white (uppercase) at the bottom.
pub struct SbgView;

impl HumanView<sbg::Engine> for SbgView {
    fn draw(&self, e: &sbg::Engine) -> String {
        let b = e.board();
        board_text::algebraic_grid(b.width, b.height, |x, y| {
            b.get(x, y)
                .map(|p| p.letter().to_string())
                .unwrap_or_default()
        })
    }
}

/// An RBG game on a generated board (rectangle, hexagon, cuboid) drawn as text
/// ([`board_text`]), the most frequent piece (usually the empty square) left blank; other
/// boards list the moves only.
pub struct RbgView;

impl<'r> HumanView<reasoner::State<'r>> for RbgView {
    fn draw(&self, s: &reasoner::State<'r>) -> String {
        let names = s.reasoner().names();
        let snap = s.snapshot();
        let mut count = vec![0usize; names.pieces.len()];
        for &p in &snap.pieces {
            count[p as usize] += 1;
        }
        let blank = (0..count.len())
            .rev()
            .max_by_key(|&p| count[p])
            .unwrap_or(0);
        let cell = |v: usize| {
            let p = snap.pieces[v] as usize;
            if p == blank {
                String::new()
            } else {
                names.pieces[p].clone()
            }
        };
        board_text::rbg_board(&names.vertices, &names.display, cell).unwrap_or_default()
    }
}

/// Another agent whose moves are printed (on standard error) for the person playing.
pub struct Announced<A> {
    pub agent: A,
}

impl<G: GameState, A: Agent<G>> Agent<G> for Announced<A> {
    fn name(&self) -> String {
        self.agent.name()
    }

    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move> {
        let mv = self.agent.choose(state, rng)?;
        let who = state
            .current_player()
            .and_then(|p| state.player_names().get(p).cloned())
            .unwrap_or_else(|| self.agent.name());
        let text = state.move_to_text(&mv);
        eprintln!("{who} plays {text}");
        Some(mv)
    }

    /// Says nothing yet: the person chooses at the same time ([`Agent::turn_played`] shows
    /// the turn once everyone has chosen).
    fn choose_own(&mut self, state: &mut G, role: usize, rng: &mut Rng) -> Option<usize> {
        self.agent.choose_own(state, role, rng)
    }

    fn turn_played(&mut self, state: &mut G, joint: &G::Move) {
        let text = state.move_text(joint);
        eprintln!("played at once: {text}");
    }
}

pub struct Human<V> {
    view: V,
    /// Moves the person has made in this game and not taken back.
    made: usize,
    /// The last prompt asked to take a move back.
    undo: bool,
}

impl<V> Human<V> {
    pub fn new(view: V) -> Human<V> {
        Human {
            view,
            made: 0,
            undo: false,
        }
    }
}

impl<G: GameState, V: HumanView<G>> Agent<G> for Human<V> {
    fn name(&self) -> String {
        "human".into()
    }

    /// The person's move; `None` when they typed `undo` after a move of theirs (the match
    /// then takes it back with the replies since, [`Agent::wants_take_back`]).
    fn choose(&mut self, state: &mut G, _rng: &mut Rng) -> Option<G::Move> {
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        if legal.is_empty() {
            return None;
        }
        let who = state
            .current_player()
            .and_then(|p| state.player_names().get(p).cloned())
            .unwrap_or_else(|| "you".into());
        let _ = write!(std::io::stderr(), "\n{}", self.view.draw(state));
        let question = format!(
            "{who} to move ({}; '?' lists them):",
            game::text::counted(legal.len(), "legal move")
        );
        let listing: Vec<String> = legal.iter().map(|m| state.move_to_text(m)).collect();
        let undo = match self.made {
            0 => Err("nothing to take back: you have not moved yet in this game"),
            _ => Ok(()),
        };
        let answer = prompt(&question, &listing, undo, |line| {
            self.view
                .read_move(state, line, &legal)
                .ok_or_else(|| NotALegalMove::Move(line.trim().to_string()))
        });
        self.undo = matches!(answer, Answer::Undo);
        match answer {
            Answer::Chosen(m) => {
                self.made += 1;
                Some(m)
            }
            Answer::Undo => {
                self.made -= 1;
                let _ = writeln!(std::io::stderr(), "your last move is taken back");
                None
            }
        }
    }

    fn wants_take_back(&mut self) -> bool {
        std::mem::take(&mut self.undo)
    }

    /// The final position, drawn where the game has a board.
    fn game_over(&mut self, state: &mut G) {
        self.made = 0;
        let board = self.view.draw(state);
        if !board.is_empty() {
            let _ = write!(std::io::stderr(), "\nthe final position:\n{board}");
        }
    }

    /// At a simultaneous turn: only the person's role's own moves, chosen without seeing the
    /// others' choices; by number or by term (outer parentheses optional).
    fn choose_own(&mut self, state: &mut G, role: usize, _rng: &mut Rng) -> Option<usize> {
        let own = game::own_moves_text(state, role);
        if own.is_empty() {
            return None;
        }
        let who = state
            .player_names()
            .get(role)
            .cloned()
            .unwrap_or_else(|| "you".into());
        let printed: Vec<(usize, String)> = own.iter().cloned().enumerate().collect();
        let _ = write!(std::io::stderr(), "\n{}", self.view.draw(state));
        let question = format!(
            "{who} to move, the other players at the same time ({}; '?' lists them):",
            game::text::counted(own.len(), "move")
        );
        let undo = Err("a move cannot be taken back at a simultaneous turn");
        let answer = prompt(&question, &own, undo, |line| {
            let text = line.trim();
            let by_number = text
                .parse::<usize>()
                .ok()
                .and_then(|i| i.checked_sub(1))
                .filter(|&i| i < own.len());
            // A KIF term with or without its outer parentheses: `drop 3` or `(tails)`.
            let bare = text
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .unwrap_or(text);
            let by_text = [text.to_string(), bare.to_string(), format!("({text})")]
                .into_iter()
                .find_map(|t| game::text::match_move(&t, &printed).ok());
            by_number.or(by_text).ok_or_else(|| NotALegalMove::OwnMove {
                who: who.clone(),
                text: text.to_string(),
            })
        });
        match answer {
            Answer::Chosen(i) => Some(i),
            Answer::Undo => None,
        }
    }
}

/// What the prompt understands besides moves.
const PROMPT_HELP: &str = "type a move in notation, or its number in the list; \
`?` lists the legal moves, `undo` takes back your last move (and the replies since), \
`help` prints this, `quit` (or end of input) leaves the match";

/// A line the prompt refuses (printed, and the question asked again).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
enum NotALegalMove {
    #[error("not a legal move: {0}")]
    Move(String),
    /// At a simultaneous turn: not one of `who`'s own moves.
    #[error("not a legal move of {who}: {text}")]
    OwnMove { who: String, text: String },
}

/// A prompt's answer: what `read` accepted, or `undo`.
enum Answer<T> {
    Chosen(T),
    Undo,
}

/// Asks `question` until `read` accepts a line or the person types `undo` when `undo` allows
/// it (otherwise its reason is printed): `?` lists `listing` (numbered from 1), `help` says
/// what can be typed, a refused line prints `read`'s reason, and `quit` or end of input (the
/// person left) stops the match with exit code 1.
fn prompt<T>(
    question: &str,
    listing: &[String],
    undo: Result<(), &str>,
    mut read: impl FnMut(&str) -> Result<T, NotALegalMove>,
) -> Answer<T> {
    let stdin = std::io::stdin();
    let mut err = std::io::stderr();
    loop {
        let _ = writeln!(err, "{question}");
        let _ = write!(err, "> ");
        let _ = err.flush();
        let mut line = String::new();
        if stdin.lock().read_line(&mut line).unwrap_or(0) == 0 {
            let _ = writeln!(err, "\nrbgtool: end of input, match abandoned");
            std::process::exit(1);
        }
        match line.trim() {
            "quit" | "exit" => {
                let _ = writeln!(err, "rbgtool: match abandoned");
                std::process::exit(1);
            }
            "help" => {
                let _ = writeln!(err, "{PROMPT_HELP}");
                continue;
            }
            "undo" => match undo {
                Ok(()) => return Answer::Undo,
                Err(why) => {
                    let _ = writeln!(err, "{why}");
                    continue;
                }
            },
            "?" => {
                for (i, m) in listing.iter().enumerate() {
                    let _ = writeln!(err, "  {:>3}. {m}", i + 1);
                }
                continue;
            }
            _ => {}
        }
        match read(&line) {
            Ok(chosen) => return Answer::Chosen(chosen),
            Err(why) => {
                let _ = writeln!(err, "{why}");
            }
        }
    }
}

/// `e2 e4`, `e2e4` or `b2` as (file, rank) pairs counted from 0; `None` for other text.
fn algebraic_squares(text: &str) -> Option<Vec<(usize, usize)>> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut squares = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let file = chars[i];
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let rank: usize = digits.parse().ok()?;
        squares.push((usize::from(file as u8 - b'a'), rank.checked_sub(1)?));
        i += 1 + digits.len();
    }
    (!squares.is_empty()).then_some(squares)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_read_in_algebraic_notation() {
        assert_eq!(algebraic_squares("e2e4"), Some(vec![(4, 1), (4, 3)]));
        assert_eq!(algebraic_squares("e2 e4"), Some(vec![(4, 1), (4, 3)]));
        assert_eq!(algebraic_squares("b10"), Some(vec![(1, 9)]));
        assert_eq!(algebraic_squares("mark 2 2"), None);
        assert_eq!(algebraic_squares("a0"), None);
    }

    /// A translated RBG game's moves name vertices (`rx0y0`): typed squares find them.
    #[test]
    fn squares_find_a_translated_games_moves() {
        let src = include_str!("../../../../corpus/rbg/ticTacToe.rbg");
        let game = rbg::parse_game(src).unwrap().game;
        let options = convert::rbg_to_gdl::GdlOptions::default();
        let text = convert::rbg_to_gdl::rbg_to_gdl(&game, options)
            .unwrap()
            .text;
        let desc = gdl::parse(&text).unwrap();
        let view = GdlView {
            sizes: Vec::new(),
            squares: draw::rbg_squares(desc.fact_constants().into_iter()),
        };
        let mut e = gdl::Engine::new(&desc).unwrap();
        let mut legal = Vec::new();
        e.legal_moves(&mut legal);
        // a3 is the top left square, the rules' first vertex.
        let mv = view.read_move(&mut e, "a3", &legal).expect("one move");
        assert!(
            e.move_to_text(&mv).contains("rx0y0"),
            "{}",
            e.move_to_text(&mv)
        );
        assert!(view.read_move(&mut e, "d4", &legal).is_none());
    }

    #[test]
    fn a_term_names_the_squares_of_its_coordinate_pairs() {
        let facts: Vec<String> = ["(cell a 1 wp)", "(cell e 2 wp)", "(cell h 8 bk)"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let grid = draw::gdl_grid(&facts, &[8], &[]).unwrap();
        assert_eq!(grid.move_squares("(move wp e 2 e 4)"), ["e2", "e4"]);
        assert!(grid.move_squares("noop").is_empty());
    }

    #[test]
    fn a_refused_line_is_named_as_before() {
        let e = NotALegalMove::Move("e2e5".into());
        assert_eq!(e.to_string(), "not a legal move: e2e5");
        let e = NotALegalMove::OwnMove {
            who: "black".into(),
            text: "(drop 9)".into(),
        };
        assert_eq!(e.to_string(), "not a legal move of black: (drop 9)");
    }
}
