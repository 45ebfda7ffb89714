//! The LL-RBG back end: an [`ir::Game`] as LL-RBG text — the five sections, the board as an
//! explicit graph, the rules as a plain regular expression (no macros, no sugar). Parsing the
//! output gives a game equal to the input under [`ir::compare::same_game`] (up to vertex
//! names, which are kept when they are valid identifiers and replaced by `v0`, `v1`, ...
//! otherwise).
//!
//! Two things LL-RBG cannot say are approximated: a direction without any edge disappears
//! (LL-RBG declares directions only through edges), so a shift along it — never valid — is
//! printed as the never-valid `{}` (an on-check of no piece), and the empty language (`Sum`
//! with no children, which no RBG text produces) is printed as `{}` too. The empty word
//! (`Concat` with no children) is printed as `.`, the reference implementation's no-op.

use crate::lexer::{single_token, Kind};
use codespan_reporting::diagnostic::Diagnostic;
use ir::{Action, Arith, ArithOp, Game, Node, NodeId, SwitchTarget};
use std::collections::HashSet;
use std::fmt::Write;

/// Prints the game as LL-RBG.
pub fn print_ll(game: &Game) -> String {
    let mut out = String::new();
    let np = game.players.len();
    let decl = |vars: &[ir::Variable]| {
        vars.iter()
            .map(|v| format!("{}({})", v.name, v.bound))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        out,
        "#players = {}",
        decl(&game.variables[..np.min(game.variables.len())])
    );
    let _ = writeln!(out, "#pieces = {}", game.pieces.join(", "));
    let vars = decl(&game.variables[np.min(game.variables.len())..]);
    let _ = writeln!(
        out,
        "#variables ={}{vars}",
        if vars.is_empty() { "" } else { " " }
    );
    out.push_str("#board =\n");
    let b = &game.board;
    let names = vertex_names(&b.vertices);
    for (v, name) in names.iter().enumerate() {
        let vid = ir::VertexId::from_index(v);
        let piece = &game.pieces[b.initial[v].index()];
        let edges: Vec<String> = (0..b.direction_count())
            .filter_map(|d| {
                let did = ir::DirId::from_index(d);
                b.neighbour(vid, did)
                    .map(|t| format!("{}: {}", b.directions[d], names[t.index()]))
            })
            .collect();
        let _ = writeln!(out, "    {name} [{piece}] {{{}}}", edges.join(", "));
    }
    out.push_str("#rules =\n");
    let mut rules = String::new();
    let mut has_edges = vec![false; game.board.direction_count()];
    for (_, d, _) in game.board.edges() {
        has_edges[d.index()] = true;
    }
    let mut p = Printer {
        game,
        has_edges,
        out: &mut rules,
    };
    p.node(game.rules.root(), Ctx::Top);
    wrap(&rules, &mut out);
    out
}

/// Why [`print_ll_checked`] hands out no text: the RBG front end would reject the LL-RBG it
/// printed (a size limit, such as the token limit for a board of tens of thousands of
/// vertices). Shows a summary of the front end's diagnostics.
#[derive(Debug, thiserror::Error)]
#[error(
    "the LL-RBG text ({bytes} bytes) would be rejected by the RBG front end: {}",
    crate::diagnostic_summary(.diagnostics)
)]
pub struct LlRejected {
    /// The length of the rejected text.
    pub bytes: usize,
    pub diagnostics: Vec<Diagnostic<()>>,
}

/// Prints the game as LL-RBG and reads the text back, so that no caller hands out LL-RBG the
/// front end rejects.
pub fn print_ll_checked(game: &Game) -> Result<String, LlRejected> {
    let text = print_ll(game);
    match crate::parse_game(&text) {
        Ok(_) => Ok(text),
        Err(diagnostics) => Err(LlRejected {
            bytes: text.len(),
            diagnostics,
        }),
    }
}

/// Breaks the rules text into indented lines of about 100 columns. The printer puts spaces
/// only between tokens, so breaking at a space never changes the meaning.
fn wrap(text: &str, out: &mut String) {
    const WIDTH: usize = 100;
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
            let _ = writeln!(out, "    {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    let _ = writeln!(out, "    {line}");
}

fn vertex_names(vertices: &[String]) -> Vec<String> {
    let mut seen = HashSet::new();
    let usable = vertices
        .iter()
        .all(|v| single_token(v) == Some(Kind::Ident) && seen.insert(v.as_str()));
    if usable {
        vertices.to_vec()
    } else {
        (0..vertices.len()).map(|i| format!("v{i}")).collect()
    }
}

/// Where an expression is printed, to decide on parentheses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// Anywhere a sum may stand (top level, inside parentheses or a pattern).
    Top,
    /// An element of a concatenation.
    Concat,
    /// The operand of `*`.
    Postfix,
}

struct Printer<'a> {
    game: &'a Game,
    /// Whether a direction labels some edge (and so exists in LL-RBG).
    has_edges: Vec<bool>,
    out: &'a mut String,
}

impl Printer<'_> {
    fn node(&mut self, id: NodeId, ctx: Ctx) {
        match self.game.rules.node(id) {
            Node::Action(a) => self.action(a),
            Node::Sum(ch) if ch.is_empty() => self.out.push_str("{}"),
            Node::Sum(ch) if ch.len() == 1 => self.node(ch[0], ctx),
            Node::Sum(ch) => self.group(ch, " + ", ctx != Ctx::Top, Ctx::Top),
            Node::Concat(ch) if ch.is_empty() => self.out.push('.'),
            Node::Concat(ch) if ch.len() == 1 => self.node(ch[0], ctx),
            Node::Concat(ch) => self.group(ch, " ", ctx == Ctx::Postfix, Ctx::Concat),
            Node::Star(c) => {
                self.node(*c, Ctx::Postfix);
                self.out.push('*');
            }
        }
    }

    fn group(&mut self, ch: &[NodeId], sep: &str, parens: bool, inner: Ctx) {
        if parens {
            self.out.push('(');
        }
        for (i, &c) in ch.iter().enumerate() {
            if i > 0 {
                self.out.push_str(sep);
            }
            self.node(c, inner);
        }
        if parens {
            self.out.push(')');
        }
    }

    fn action(&mut self, a: &Action) {
        let g = self.game;
        match a {
            Action::Shift(d) if self.has_edges[d.index()] => {
                self.out.push_str(&g.board.directions[d.index()])
            }
            Action::Shift(_) => self.out.push_str("{}"),
            Action::On(ps) => {
                let names: Vec<&str> = ps.iter().map(|&p| g.piece_name(p)).collect();
                let _ = write!(self.out, "{{{}}}", names.join(", "));
            }
            Action::Off(p) => {
                let _ = write!(self.out, "[{}]", g.piece_name(*p));
            }
            Action::Assign { var, value } => {
                let _ = write!(self.out, "[$ {} = ", g.variable_name(*var));
                self.arith(value, 0);
                self.out.push(']');
            }
            Action::Compare { left, op, right } => {
                self.out.push_str("{$ ");
                self.arith(left, 0);
                let _ = write!(self.out, " {} ", op.symbol());
                self.arith(right, 0);
                self.out.push('}');
            }
            Action::Switch(SwitchTarget::Keeper) => self.out.push_str("->>"),
            Action::Switch(SwitchTarget::Player(p)) => {
                let _ = write!(self.out, "->{}", g.player_name(*p));
            }
            Action::Pattern { positive, body } => {
                self.out.push_str(if *positive { "{? " } else { "{! " });
                self.node(*body, Ctx::Top);
                self.out.push('}');
            }
        }
    }

    /// `level`: 0 anywhere, 1 as an operand of `+`/`-` on the right, 2 of `*`/`/` on the
    /// right. Operators are left-associative, so a right operand of equal precedence needs
    /// parentheses.
    fn arith(&mut self, e: &Arith, level: u8) {
        let g = self.game;
        match e {
            Arith::Const(c) if *c < 0 => {
                let _ = write!(self.out, "(0 - {})", c.unsigned_abs());
            }
            Arith::Const(c) => {
                let _ = write!(self.out, "{c}");
            }
            Arith::Var(v) => self.out.push_str(g.variable_name(*v)),
            Arith::Count(p) => self.out.push_str(g.piece_name(*p)),
            Arith::Bin(op, l, r) => {
                let prec = match op {
                    ArithOp::Add | ArithOp::Sub => 1,
                    ArithOp::Mul | ArithOp::Div => 2,
                };
                let parens = level >= prec;
                if parens {
                    self.out.push('(');
                }
                self.arith(l, prec - 1);
                let _ = write!(self.out, " {} ", op.symbol());
                self.arith(r, prec);
                if parens {
                    self.out.push(')');
                }
            }
        }
    }
}
