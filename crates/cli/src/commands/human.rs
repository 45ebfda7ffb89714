//! The `human` agent: a person at the terminal. SBG games and RBG games on rectangle boards
//! are drawn as a board; a move is typed in notation (docs/positions.md; SBG also `a2a3`) or
//! by its number in the list `?` prints. Illegal input is re-prompted; end of input stops the
//! match. [`Announced`] wraps the other agents so that the person sees their moves.

use agents::Agent;
use game::{GameState, Rng};
use std::io::{BufRead, Write};

/// How a human sees a state and names a move.
pub trait HumanView<G: GameState> {
    /// A drawing of the state, or nothing.
    fn draw(&self, _state: &G) -> String {
        String::new()
    }
    /// The legal move a line of input names: its number in the list, or its notation.
    fn read_move(&self, state: &mut G, text: &str, legal: &[G::Move]) -> Option<G::Move> {
        let text = text.trim();
        if let Ok(i) = text.parse::<usize>() {
            return legal.get(i.checked_sub(1)?).cloned();
        }
        state.move_from_text(text).ok()
    }
}

/// Moves listed by number (RBG and GDL games).
pub struct ListView;
impl<G: GameState> HumanView<G> for ListView {}

/// An SBG board with files a.. and ranks 1.., white (uppercase) at the bottom.
pub struct SbgView;

impl HumanView<sbg::Engine> for SbgView {
    fn draw(&self, e: &sbg::Engine) -> String {
        let b = e.board();
        draw_grid(b.width, b.height, |x, y| {
            b.get(x, y)
                .map(|p| p.letter().to_string())
                .unwrap_or_default()
        })
    }
}

/// A grid with files a.. and ranks 1.. (rank 1 at the bottom); `cell(x, y)` with `y = 0` at
/// the bottom is the text in a cell (empty for an empty cell).
pub fn draw_grid(width: usize, height: usize, cell: impl Fn(usize, usize) -> String) -> String {
    let cells: Vec<Vec<String>> = (0..height)
        .map(|y| (0..width).map(|x| cell(x, y)).collect())
        .collect();
    let w = cells
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let line = |l: char, m: char, r: char| {
        let mut t = String::from("   ");
        t.push(l);
        for x in 0..width {
            t.push_str(&"─".repeat(w + 2));
            t.push(if x + 1 == width { r } else { m });
        }
        t.push('\n');
        t
    };
    let mut s = line('┌', '┬', '┐');
    for y in (0..height).rev() {
        s.push_str(&format!("{:>2} │", y + 1));
        for c in &cells[y] {
            s.push_str(&format!(" {c:^w$} │"));
        }
        s.push('\n');
        s.push_str(&if y == 0 {
            line('└', '┴', '┘')
        } else {
            line('├', '┼', '┤')
        });
    }
    s.push_str("    ");
    for x in 0..width {
        s.push_str(&format!(" {:^w$}  ", (b'a' + x as u8) as char));
    }
    s.push('\n');
    s
}

/// An RBG game whose vertices have algebraic display names (rectangle boards) drawn as a
/// grid, the most frequent piece (usually the empty square) left blank; other boards list
/// the moves only.
pub struct RbgView;

impl<'r> HumanView<reasoner::State<'r>> for RbgView {
    fn draw(&self, s: &reasoner::State<'r>) -> String {
        let names = s.reasoner().names();
        let at: Option<Vec<(usize, usize)>> = names
            .display
            .iter()
            .map(|n| {
                let mut c = n.chars();
                let x = (c.next()? as usize).checked_sub('a' as usize)?;
                let rank = c.as_str().parse::<usize>().ok()?.checked_sub(1)?;
                Some((x, rank))
            })
            .collect();
        let Some(at) = at else {
            return String::new();
        };
        let snap = s.snapshot();
        let mut count = vec![0usize; names.pieces.len()];
        for &p in &snap.pieces {
            count[p as usize] += 1;
        }
        let blank = (0..count.len())
            .rev()
            .max_by_key(|&p| count[p])
            .unwrap_or(0);
        let width = at.iter().map(|c| c.0 + 1).max().unwrap_or(0);
        let height = at.iter().map(|c| c.1 + 1).max().unwrap_or(0);
        if width * height > 4 * at.len() + 64 {
            return String::new(); // names like `a1000`: not a board worth a grid
        }
        let mut grid = vec![String::new(); width * height];
        for (v, &(x, y)) in at.iter().enumerate() {
            let p = snap.pieces[v] as usize;
            if p != blank {
                grid[y * width + x] = names.pieces[p].clone();
            }
        }
        draw_grid(width, height, |x, y| grid[y * width + x].clone())
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
                    let text = state.move_to_text(m);
                    let _ = writeln!(err, "  {:>3}. {text}", i + 1);
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
