//! Lowering: the parsed sections to an [`ir::Game`]. Names are resolved to ids (an identifier
//! in the rules is a direction; in arithmetic a variable or a piece, the latter meaning its
//! count), the sugar is removed (`[a, b]` is `[a] + [b]`, `[$ a = 1, b = 2]` is
//! `[$ a = 1][$ b = 2]`, `e^n` is `n` copies of `e`, each with its own modifier indices), and
//! every node gets the source span of the text it came from.

use crate::ast::{Arith, BoundedVar, Expr, Name, Pos, PostOp};
use crate::board;
use crate::macros::SectionKind;
use crate::parser::SectionAst;
use crate::validate::{Cx, Decl, Names};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use ir::rules::RulesBuilder;
use ir::{Action, Node, NodeId, PieceId, PlayerId, Span, SpanTable, SwitchTarget, VarId, Variable};

/// The largest rules expression (in IR nodes) lowering builds, e.g. through `^n`.
pub const MAX_RULE_NODES: usize = 1_000_000;
/// The most operands one arithmetic expression may have (evaluation recurses on them).
pub const MAX_ARITH_OPERANDS: usize = 1000;
/// The most `*`/`^n` operators after one element.
pub const MAX_POSTFIX: usize = 32;

/// Lowers the sections (parsed in file order, `None` where parsing failed). Errors go to
/// `cx`; a game is returned only if there were none.
pub fn lower(cx: &mut Cx, sections: &[(SectionKind, Pos, Option<SectionAst>)]) -> Option<ir::Game> {
    let mut found: [Option<(Pos, Option<&SectionAst>)>; 5] = [None; 5];
    let order = [
        SectionKind::Players,
        SectionKind::Pieces,
        SectionKind::Variables,
        SectionKind::Board,
        SectionKind::Rules,
    ];
    for (kind, header, ast) in sections {
        let slot = &mut found[order.iter().position(|k| k == kind).expect("a section")];
        if let Some((first, _)) = slot {
            let first = *first;
            cx.error2(
                *header,
                format!("section `#{}` appears twice", kind.name()),
                "second definition",
                first,
                "first definition",
            );
        } else {
            *slot = Some((*header, ast.as_ref()));
        }
    }
    let missing: Vec<&str> = order
        .iter()
        .zip(&found)
        .filter(|(_, f)| f.is_none())
        .map(|(k, _)| k.name())
        .collect();
    for name in &missing {
        cx.errors.push(missing_section(cx, name));
    }
    let get = |i: usize| found[i].and_then(|(p, a)| a.map(|a| (p, a)));
    let (players, pieces, variables, board_ast, rules_ast) =
        match (get(0), get(1), get(2), get(3), get(4)) {
            (
                Some((_, SectionAst::Players(p))),
                Some((_, SectionAst::Pieces(pc))),
                Some((_, SectionAst::Variables(v))),
                Some((bh, SectionAst::Board(b))),
                Some((_, SectionAst::Rules(r))),
            ) => (p, pc, v, (bh, b), r),
            _ => return None,
        };

    let mut names = Names::default();
    let mut spans = SpanTable::default();
    let mut game_players = Vec::new();
    let mut game_vars = Vec::new();
    let mut declare_var = |cx: &mut Cx, names: &mut Names, v: &BoundedVar, player: bool| {
        let bound = cx.number(v.bound).unwrap_or(0);
        let var = VarId::from_index(game_vars.len());
        let decl = if player {
            Decl::Player(PlayerId::from_index(game_players.len()), var)
        } else {
            Decl::Variable(var)
        };
        if names.declare(cx, v.name, decl) {
            let name = cx.text(v.name.sym).to_string();
            if player {
                game_players.push(name.clone());
                spans.players.push(cx.span(v.name.pos()));
            }
            game_vars.push(Variable { name, bound });
            spans.variables.push(cx.span(v.name.pos()));
        }
    };
    for p in players {
        declare_var(cx, &mut names, p, true);
    }
    for v in variables {
        declare_var(cx, &mut names, v, false);
    }
    let mut game_pieces = Vec::new();
    for &p in pieces {
        if names.declare(cx, p, Decl::Piece(PieceId::from_index(game_pieces.len()))) {
            game_pieces.push(cx.text(p.sym).to_string());
            spans.pieces.push(cx.span(p.pos()));
        }
    }
    let built = board::build(cx, &mut names, board_ast.1, board_ast.0);
    let mut rl = RulesLowering {
        cx,
        names: &names,
        b: RulesBuilder::new(),
        too_big: false,
    };
    let root = rl.expr(rules_ast, false);
    let builder = rl.b;
    let built = built?;
    if !cx.errors.is_empty() {
        return None;
    }
    let root = root?;
    let (rules, node_spans) = builder.finish(root);
    spans.nodes = node_spans;
    spans.vertices = built.vertex_spans;
    spans.directions = built.direction_spans;
    Some(ir::Game {
        players: game_players,
        pieces: game_pieces,
        variables: game_vars,
        board: built.board,
        rules,
        spans,
    })
}

struct RulesLowering<'a, 'e> {
    cx: &'a mut Cx<'e>,
    names: &'a Names,
    b: RulesBuilder,
    too_big: bool,
}

impl RulesLowering<'_, '_> {
    fn push(&mut self, node: Node, pos: Pos) -> Option<NodeId> {
        if self.b.nodes.len() >= MAX_RULE_NODES {
            if !self.too_big {
                self.too_big = true;
                self.cx.error(
                    pos,
                    format!("the rules have more than {MAX_RULE_NODES} nodes (the size limit)"),
                    "while lowering this",
                );
            }
            return None;
        }
        let span: Span = self.cx.span(pos);
        Some(self.b.push(node, span))
    }

    fn action(&mut self, a: Action, pos: Pos) -> Option<NodeId> {
        self.push(Node::Action(a), pos)
    }

    /// Lowers `e`; `None` after an error (lowering goes on to find more errors).
    fn expr(&mut self, e: &Expr, in_pattern: bool) -> Option<NodeId> {
        if self.too_big {
            return None;
        }
        match e {
            Expr::Sum(items, pos) | Expr::Concat(items, pos) => {
                let children: Vec<Option<NodeId>> =
                    items.iter().map(|i| self.expr(i, in_pattern)).collect();
                let children: Option<Vec<NodeId>> = children.into_iter().collect();
                let node = if matches!(e, Expr::Sum(..)) {
                    Node::Sum(children?)
                } else {
                    Node::Concat(children?)
                };
                self.push(node, *pos)
            }
            Expr::Post(inner, ops, pos) => {
                if ops.len() > MAX_POSTFIX {
                    self.cx.error(
                        *pos,
                        format!("more than {MAX_POSTFIX} `*`/`^` operators in a row"),
                        "too many operators",
                    );
                    return None;
                }
                self.post(inner, ops, *pos, in_pattern)
            }
            Expr::Shift(n) => {
                let d = match self.names.get(n.sym) {
                    Some(Decl::Direction(d)) => d,
                    other => {
                        self.not_a(
                            *n,
                            other,
                            "direction",
                            "directions are the edge labels of `#board`",
                        );
                        return None;
                    }
                };
                self.action(Action::Shift(d), n.pos())
            }
            Expr::On(ps, pos) => {
                let mut set = Vec::new();
                for &p in ps {
                    set.push(self.piece(p)?);
                }
                set.sort();
                let before = set.len();
                set.dedup();
                if set.len() != before {
                    self.cx
                        .warning(*pos, "a piece is listed twice", "in this set");
                }
                self.action(Action::On(set), *pos)
            }
            Expr::Offs(ps, pos) => {
                let mut offs = Vec::new();
                for &p in ps {
                    let piece = self.piece(p)?;
                    offs.push(self.action(Action::Off(piece), p.pos())?);
                }
                if offs.len() == 1 {
                    return offs.pop();
                }
                self.push(Node::Sum(offs), *pos)
            }
            Expr::Assigns(list, pos) => {
                let mut nodes = Vec::new();
                for (v, value) in list {
                    let var = match self.names.get(v.sym) {
                        Some(Decl::Variable(x)) | Some(Decl::Player(_, x)) => Some(x),
                        other => {
                            self.not_a(
                                *v,
                                other,
                                "variable",
                                "variables are declared in `#variables` and `#players`",
                            );
                            None
                        }
                    };
                    let value = self.arith(value);
                    let apos = Pos::new(v.tok, value_end(list, v, pos));
                    nodes.push(self.action(
                        Action::Assign {
                            var: var?,
                            value: value?,
                        },
                        apos,
                    )?);
                }
                if nodes.len() == 1 {
                    return nodes.pop();
                }
                self.push(Node::Concat(nodes), *pos)
            }
            Expr::Compare(c, pos) => {
                let (a, op, b) = &**c;
                let (left, right) = (self.arith(a), self.arith(b));
                self.action(
                    Action::Compare {
                        left: left?,
                        op: *op,
                        right: right?,
                    },
                    *pos,
                )
            }
            Expr::Switch(p, pos) => {
                let player = match self.names.get(p.sym) {
                    Some(Decl::Player(pl, _)) => pl,
                    other => {
                        self.not_a(
                            *p,
                            other,
                            "player",
                            "players are declared in `#players`; `->>` switches to the keeper",
                        );
                        return None;
                    }
                };
                self.switch(in_pattern, *pos)?;
                self.action(Action::Switch(SwitchTarget::Player(player)), *pos)
            }
            Expr::Noop(pos) => self.push(Node::Concat(Vec::new()), *pos),
            Expr::Keeper(pos) => {
                self.switch(in_pattern, *pos)?;
                self.action(Action::Switch(SwitchTarget::Keeper), *pos)
            }
            Expr::Pattern(positive, body, pos) => {
                let body = self.expr(body, true)?;
                self.action(
                    Action::Pattern {
                        positive: *positive,
                        body,
                    },
                    *pos,
                )
            }
        }
    }

    fn switch(&mut self, in_pattern: bool, pos: Pos) -> Option<()> {
        if in_pattern {
            self.cx.error(
                pos,
                "a switch cannot appear inside a pattern",
                "switch inside `{? ...}` or `{! ...}`",
            );
            return None;
        }
        Some(())
    }

    /// `inner` followed by postfix operators, applied left to right.
    fn post(&mut self, inner: &Expr, ops: &[PostOp], pos: Pos, in_pattern: bool) -> Option<NodeId> {
        let Some((&last, rest)) = ops.split_last() else {
            return self.expr(inner, in_pattern);
        };
        match last {
            PostOp::Star => {
                let child = self.post(inner, rest, pos, in_pattern)?;
                self.push(Node::Star(child), pos)
            }
            PostOp::Power(n) => {
                let k = self.cx.number(n)?;
                if k < 1 {
                    self.cx.error(
                        n.pos(),
                        "the exponent of `^` must be at least 1",
                        "`e^n` is `n` copies of `e`",
                    );
                    return None;
                }
                let mut copies = Vec::new();
                for _ in 0..k {
                    copies.push(self.post(inner, rest, pos, in_pattern)?);
                }
                if copies.len() == 1 {
                    return copies.pop();
                }
                self.push(Node::Concat(copies), pos)
            }
        }
    }

    fn piece(&mut self, n: Name) -> Option<PieceId> {
        match self.names.get(n.sym) {
            Some(Decl::Piece(p)) => Some(p),
            other => {
                self.not_a(n, other, "piece", "pieces are declared in `#pieces`");
                None
            }
        }
    }

    fn not_a(&mut self, n: Name, found: Option<Decl>, want: &str, hint: &str) {
        if self.names.is_poisoned(n.sym) {
            return;
        }
        let text = self.cx.text(n.sym);
        let message = match found {
            Some(d) => format!("`{text}` is {}, not a {want}", d.what()),
            None => format!("unknown {want} `{text}`"),
        };
        let mut label = hint.to_string();
        if want == "direction" && matches!(found, Some(Decl::Piece(_))) {
            label = format!("to test for this piece write `{{{text}}}`");
        }
        let wanted = |d: Decl| match want {
            "piece" => matches!(d, Decl::Piece(_)),
            "direction" => matches!(d, Decl::Direction(_)),
            "player" => matches!(d, Decl::Player(..)),
            "variable" => matches!(d, Decl::Variable(_) | Decl::Player(..)),
            _ => matches!(d, Decl::Variable(_) | Decl::Player(..) | Decl::Piece(_)),
        };
        let suggestion = found
            .is_none()
            .then(|| self.names.suggestion(self.cx, n.sym, wanted))
            .flatten();
        let d = Diagnostic::error()
            .with_message(message)
            .with_labels(self.cx.exp.labels(n.pos().l, n.pos().r, label))
            .with_notes(suggestion.into_iter().collect());
        self.cx.push_error(d);
    }

    fn arith(&mut self, a: &Arith) -> Option<ir::Arith> {
        match a {
            Arith::Num(n) => self.cx.number(*n).map(ir::Arith::Const),
            Arith::Ident(n) => match self.names.get(n.sym) {
                Some(Decl::Variable(v)) | Some(Decl::Player(_, v)) => Some(ir::Arith::Var(v)),
                Some(Decl::Piece(p)) => Some(ir::Arith::Count(p)),
                other => {
                    self.not_a(
                        *n,
                        other,
                        "variable or piece",
                        "arithmetic uses numbers, variables and pieces (counted on the board)",
                    );
                    None
                }
            },
            Arith::Chain(first, rest, pos) => {
                if rest.len() >= MAX_ARITH_OPERANDS {
                    self.cx.error(
                        *pos,
                        format!("arithmetic expression with more than {MAX_ARITH_OPERANDS} operands (the size limit)"),
                        "too long",
                    );
                    return None;
                }
                let mut acc = self.arith(first);
                for (op, e) in rest {
                    let rhs = self.arith(e);
                    acc = match (acc, rhs) {
                        (Some(l), Some(r)) => Some(ir::Arith::Bin(*op, Box::new(l), Box::new(r))),
                        _ => None,
                    };
                }
                acc
            }
        }
    }
}

/// The token end of the assignment of `v` inside `[$ ...]` (up to the next `,` or `]`).
fn value_end(list: &[(Name, Arith)], v: &Name, pos: &Pos) -> usize {
    let i = list.iter().position(|(n, _)| n.tok == v.tok).unwrap_or(0);
    match list.get(i + 1) {
        Some((next, _)) => next.tok - 1,
        None => pos.r - 1,
    }
}

/// "missing section `#players`", pointing at a macro whose name is a likely misspelling of
/// the section's (`#player = ...` defines a macro `player`).
fn missing_section(cx: &Cx, name: &str) -> Diagnostic<()> {
    let mut d = Diagnostic::error()
        .with_message(format!("missing section `#{name}`"))
        .with_notes(vec![
            "a game has exactly one each of #players, #pieces, #variables, #board and #rules (`#variables =` may be empty)".into(),
        ]);
    let macros = cx.exp.macro_names.iter().map(|&(sym, _)| cx.text(sym));
    if let Some(typo) = ir::suggest::nearest(name, macros) {
        let &(_, span) = cx
            .exp
            .macro_names
            .iter()
            .find(|&&(sym, _)| cx.text(sym) == typo)
            .expect("a macro name");
        d = d
            .with_labels(vec![Label::primary((), span.range()).with_message(
                format!("this defines a macro `{typo}`, not the section"),
            )])
            .with_notes(vec![format!("did you mean `#{name}`?")]);
    }
    d
}
