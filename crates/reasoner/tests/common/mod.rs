//! Test helpers: a tiny reader for rule expressions (the low-level RBG rules syntax: shifts by
//! direction name, `{ons}`, `[off]`, `[$ v = e]`, `{$ e < e}`, `{? ..}`, `{! ..}`, `->p`, `->>`,
//! `.` for the empty word, `+`, `*`, parentheses) and rectangle-board declarations, so tests
//! can state games the way EXPECTED.md does without the RBG front end.
#![allow(dead_code)]

use ir::rules::RulesBuilder;
use ir::{Action, Arith, ArithOp, CmpOp, DirId, Game, NodeId, PieceId, PlayerId, SwitchTarget};

pub struct Decl<'a> {
    pub players: &'a [(&'a str, i64)],
    pub variables: &'a [(&'a str, i64)],
    pub pieces: &'a [&'a str],
    /// Rows top first; directions up, down, left, right.
    pub rows: &'a [&'a [&'a str]],
}

pub fn game(decl: &Decl<'_>, rules: &str) -> Game {
    let pieces: Vec<String> = decl.pieces.iter().map(|s| s.to_string()).collect();
    let h = decl.rows.len();
    let w = decl.rows[0].len();
    let mut vertices = Vec::new();
    let mut initial = Vec::new();
    for (r, row) in decl.rows.iter().enumerate() {
        for (c, p) in row.iter().enumerate() {
            vertices.push(format!("r{r}c{c}"));
            initial.push(PieceId(
                pieces.iter().position(|x| x == p).expect("piece") as u32
            ));
        }
    }
    let dirs: Vec<String> = ["up", "down", "left", "right"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut board = ir::Board::new(vertices, initial, dirs);
    for r in 0..h {
        for c in 0..w {
            let v = ir::VertexId((r * w + c) as u32);
            let at = |rr: usize, cc: usize| Some(ir::VertexId((rr * w + cc) as u32));
            board.set_edge(v, DirId(0), if r > 0 { at(r - 1, c) } else { None });
            board.set_edge(v, DirId(1), if r + 1 < h { at(r + 1, c) } else { None });
            board.set_edge(v, DirId(2), if c > 0 { at(r, c - 1) } else { None });
            board.set_edge(v, DirId(3), if c + 1 < w { at(r, c + 1) } else { None });
        }
    }
    let mut variables: Vec<ir::Variable> = decl
        .players
        .iter()
        .map(|(n, b)| ir::Variable {
            name: n.to_string(),
            bound: *b,
        })
        .collect();
    variables.extend(decl.variables.iter().map(|(n, b)| ir::Variable {
        name: n.to_string(),
        bound: *b,
    }));
    let mut g = Game {
        players: decl.players.iter().map(|(n, _)| n.to_string()).collect(),
        pieces,
        variables,
        board,
        rules: RulesBuilder::new().finish(NodeId(0)).0,
        spans: Default::default(),
    };
    let mut p = Parser {
        toks: lex(rules),
        i: 0,
        g: &g,
        b: RulesBuilder::new(),
    };
    let root = p.expr();
    assert!(
        p.i == p.toks.len(),
        "trailing tokens in {rules:?} at {}",
        p.i
    );
    let (rules, spans) = p.b.finish(root);
    g.rules = rules;
    g.spans.nodes = spans;
    let errors = ir::validate::validate(&g);
    assert!(errors.is_empty(), "{errors:?}");
    g
}

fn lex(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' {
            let st = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(c[st..i].iter().collect());
        } else {
            let two: String = c[i..(i + 3).min(c.len())].iter().collect();
            let t = ["->>", "->", "<=", ">=", "==", "!="]
                .iter()
                .find(|t| two.starts_with(*t))
                .map(|t| t.to_string())
                .unwrap_or_else(|| ch.to_string());
            i += t.chars().count();
            out.push(t);
        }
    }
    out
}

struct Parser<'g> {
    toks: Vec<String>,
    i: usize,
    g: &'g Game,
    b: RulesBuilder,
}

impl Parser<'_> {
    fn peek(&self) -> &str {
        self.toks.get(self.i).map_or("", String::as_str)
    }
    fn next(&mut self) -> String {
        self.i += 1;
        self.toks[self.i - 1].clone()
    }
    fn eat(&mut self, t: &str) {
        assert_eq!(self.next(), t, "expected {t}");
    }
    fn expr(&mut self) -> NodeId {
        let mut alts = vec![self.concat()];
        while self.peek() == "+" {
            self.i += 1;
            alts.push(self.concat());
        }
        if alts.len() == 1 {
            alts[0]
        } else {
            self.b.sum(alts)
        }
    }
    fn concat(&mut self) -> NodeId {
        let mut items = Vec::new();
        while !matches!(self.peek(), "" | "+" | ")" | "}") {
            items.push(self.postfix());
        }
        if items.len() == 1 {
            items[0]
        } else {
            self.b.concat(items)
        }
    }
    fn postfix(&mut self) -> NodeId {
        let mut a = self.atom();
        while self.peek() == "*" {
            self.i += 1;
            a = self.b.star(a);
        }
        a
    }
    fn atom(&mut self) -> NodeId {
        let t = self.next();
        match t.as_str() {
            "(" => {
                let e = self.expr();
                self.eat(")");
                e
            }
            "." => self.b.concat(vec![]),
            "->>" => self.b.action(Action::Switch(SwitchTarget::Keeper)),
            "->" => {
                let p = self.next();
                let id = self.g.player_by_name(&p).expect("player");
                self.b
                    .action(Action::Switch(SwitchTarget::Player(PlayerId(id.0))))
            }
            "{" => match self.peek() {
                "?" | "!" => {
                    let positive = self.next() == "?";
                    let body = self.expr();
                    self.eat("}");
                    self.b.action(Action::Pattern { positive, body })
                }
                "$" => {
                    self.i += 1;
                    let left = self.arith();
                    let op = match self.next().as_str() {
                        "<" => CmpOp::Lt,
                        "<=" => CmpOp::Le,
                        "==" => CmpOp::Eq,
                        "!=" => CmpOp::Ne,
                        ">" => CmpOp::Gt,
                        ">=" => CmpOp::Ge,
                        o => panic!("comparison {o}"),
                    };
                    let right = self.arith();
                    self.eat("}");
                    self.b.action(Action::Compare { left, op, right })
                }
                _ => {
                    let mut set = Vec::new();
                    while self.peek() != "}" {
                        let p = self.next();
                        if p == "," {
                            continue;
                        }
                        set.push(self.g.piece_by_name(&p).expect("piece"));
                    }
                    self.i += 1;
                    set.sort();
                    set.dedup();
                    self.b.action(Action::On(set))
                }
            },
            "[" => {
                if self.peek() == "$" {
                    self.i += 1;
                    let v = self.next();
                    let var = self.g.variable_by_name(&v).expect("variable");
                    self.eat("=");
                    let value = self.arith();
                    self.eat("]");
                    self.b.action(Action::Assign { var, value })
                } else {
                    let p = self.next();
                    self.eat("]");
                    self.b
                        .action(Action::Off(self.g.piece_by_name(&p).expect("piece")))
                }
            }
            name => {
                let d = self
                    .g
                    .board
                    .direction_by_name(name)
                    .unwrap_or_else(|| panic!("direction {name}"));
                self.b.action(Action::Shift(d))
            }
        }
    }
    fn arith(&mut self) -> Arith {
        let mut a = self.term();
        while matches!(self.peek(), "+" | "-") {
            let op = if self.next() == "+" {
                ArithOp::Add
            } else {
                ArithOp::Sub
            };
            a = Arith::Bin(op, Box::new(a), Box::new(self.term()));
        }
        a
    }
    fn term(&mut self) -> Arith {
        let mut a = self.factor();
        while matches!(self.peek(), "*" | "/") {
            let op = if self.next() == "*" {
                ArithOp::Mul
            } else {
                ArithOp::Div
            };
            a = Arith::Bin(op, Box::new(a), Box::new(self.factor()));
        }
        a
    }
    fn factor(&mut self) -> Arith {
        let t = self.next();
        if t == "(" {
            let a = self.arith();
            self.eat(")");
            return a;
        }
        if let Ok(n) = t.parse::<i64>() {
            return Arith::Const(n);
        }
        if let Some(v) = self.g.variable_by_name(&t) {
            return Arith::Var(v);
        }
        Arith::Count(
            self.g
                .piece_by_name(&t)
                .unwrap_or_else(|| panic!("name {t}")),
        )
    }
}
