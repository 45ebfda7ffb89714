//! The `human` agent: a person at the terminal. SBG games are drawn as a board and moves are
//! typed as squares (`a2 a3` or `a2a3`); other games list the legal moves to pick by number or
//! by their text. Illegal input is re-prompted; end of input stops the match.

use agents::Agent;
use game::{GameState, Rng};
use std::io::{BufRead, Write};

/// How a human sees a state and names a move.
pub trait HumanView<G: GameState> {
    /// A drawing of the state, or nothing.
    fn draw(&self, _state: &G) -> String {
        String::new()
    }
    /// The legal move a line of input names, if any.
    fn read_move(&self, state: &G, text: &str, legal: &[G::Move]) -> Option<G::Move> {
        let text = text.trim();
        if let Ok(i) = text.parse::<usize>() {
            return legal.get(i.checked_sub(1)?).cloned();
        }
        legal.iter().find(|m| state.move_text(m) == text).cloned()
    }
}

/// Moves listed by number (RBG and GDL games).
pub struct ListView;
impl<G: GameState> HumanView<G> for ListView {}

/// An SBG board with files a.. and ranks 1.., white (uppercase) at the bottom.
pub struct SbgView;

fn square(text: &str, w: usize, h: usize) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    let x = (file as usize).checked_sub('a' as usize)?;
    let y = chars.as_str().parse::<usize>().ok()?.checked_sub(1)?;
    (x < w && y < h).then_some((x, y))
}

impl HumanView<sbg::Engine> for SbgView {
    fn draw(&self, e: &sbg::Engine) -> String {
        let b = e.board();
        let mut s = String::new();
        let line = |l: char, m: char, r: char| {
            let mut t = String::from("   ");
            t.push(l);
            for x in 0..b.width {
                t.push_str("───");
                t.push(if x + 1 == b.width { r } else { m });
            }
            t.push('\n');
            t
        };
        s.push_str(&line('┌', '┬', '┐'));
        for y in (0..b.height).rev() {
            s.push_str(&format!("{:>2} │", y + 1));
            for x in 0..b.width {
                let c = b.get(x, y).map(|p| p.letter()).unwrap_or(' ');
                s.push_str(&format!(" {c} │"));
            }
            s.push('\n');
            s.push_str(&if y == 0 {
                line('└', '┴', '┘')
            } else {
                line('├', '┼', '┤')
            });
        }
        s.push_str("    ");
        for x in 0..b.width {
            s.push_str(&format!(" {}  ", (b'a' + x as u8) as char));
        }
        s.push('\n');
        s
    }

    fn read_move(&self, e: &sbg::Engine, text: &str, legal: &[sbg::Move]) -> Option<sbg::Move> {
        let t: String = text.split_whitespace().collect::<Vec<_>>().join("");
        let t = t.replace('-', "");
        let (w, h) = (e.width(), e.height());
        // Split "a2a3" / "b10c11" at the second letter.
        let cut = t
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())?
            .0;
        let (from, to) = (square(&t[..cut], w, h)?, square(&t[cut..], w, h)?);
        let mv = e.move_between(from, to);
        legal.contains(&mv).then_some(mv)
    }
}

pub struct Human<V> {
    pub view: V,
}

impl<G: GameState, V: HumanView<G>> Agent<G> for Human<V> {
    fn name(&self) -> String {
        "human".into()
    }

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
        let stdin = std::io::stdin();
        let mut err = std::io::stderr();
        let _ = write!(err, "\n{}", self.view.draw(state));
        loop {
            let _ = writeln!(
                err,
                "{who} to move ({} legal moves; '?' lists them):",
                legal.len()
            );
            let _ = write!(err, "> ");
            let _ = err.flush();
            let mut line = String::new();
            if stdin.lock().read_line(&mut line).unwrap_or(0) == 0 {
                // End of input: the person left. Stop cleanly with exit code 1.
                let _ = writeln!(err, "\nrbgtool: end of input, match abandoned");
                std::process::exit(1);
            }
            if line.trim() == "?" {
                for (i, m) in legal.iter().enumerate() {
                    let _ = writeln!(err, "  {:>3}. {}", i + 1, state.move_text(m));
                }
                continue;
            }
            match self.view.read_move(state, &line, &legal) {
                Some(m) => return Some(m),
                None => {
                    let _ = writeln!(err, "not a legal move: {}", line.trim());
                }
            }
        }
    }
}
