//! Loops that apply modifiers within a player's move, such as draughts' capture chains
//! (`jump (jump)* {! jump}`, each jump emptying the square jumped over).
//!
//! A move is still one GDL move: the loop's iterations are a term of the move,
//! `(ch m7 ?c (ch m5 ?b nil))`, the modifiers of the last iteration outside. GDL's recursion
//! restriction forbids building such a term recursively, so it grows through *levels*:
//! `(chainN_k E P y)` holds when the walk before the loop (its events `E`) and `k`
//! iterations (`P`) can end at `y`, and each level's rules are the iteration's paths walked
//! from the level below. Later iterations read the board the earlier ones left: the
//! iterations put one piece `x` on the vertices of `P`, `(incapN_k P v)`, which the walk
//! reads like any piece put (`(not (incapN_k P v))` where a check excludes `x`).
//!
//! The translation is exact only where it is proved to be, else the general encoding is
//! used: every piece put before and inside the loop is `x`, so they read alike wherever
//! they are; an iteration puts `x` once, on a vertex it has just checked for pieces other
//! than `x`, so each iteration takes one such piece away. Levels go up to the number of
//! those pieces on the initial board; a state where a chain could go on past it derives
//! `chainover`, which ends the play with goal 0 for everybody (as the general encoding's
//! unrolling does), so a bound too small shows as a perft difference.

use super::walk::Trail;
use super::*;

/// One loop after one kind of start (the same events before it): its relations.
#[derive(Clone)]
pub(super) struct Family {
    n: usize,
    /// The events before the loop: formal slots `?e1 ?w1 ...`.
    slots: usize,
    /// The vertices of the pieces put before the loop (formal).
    puts: Vec<String>,
    piece: PieceId,
}

/// The levels above this many are not written: the game uses the general encoding.
const MAX_LEVELS: usize = 64;

impl Translator<'_> {
    /// The legal rules of path `path` of a move of `role` whose letter `i` is a loop; the
    /// literals `first` start the rules (who is in control, where the rules are).
    pub(super) fn chain_move(
        &mut self,
        role: &str,
        first: Vec<String>,
        path: &[usize],
        i: usize,
    ) -> Result<Vec<Rule>, Unsupported> {
        let (l, rest) = (path[i], &path[i + 1..]);
        let iters = self.coarse.region_paths(l, MAX_PATHS)?;
        let (piece, sets) = self.iteration_shape(&iters)?;
        if rest.iter().any(|&r| self.puts_or_nests(r)) {
            return Err(Unsupported(
                "a loop that applies modifiers within a player's move followed by pieces put \
                 or another loop"
                    .into(),
            ));
        }
        let Some(w0) = self.walk(&path[..i], Ctx::plain(Base::State), "?a0", true, first)? else {
            return Ok(Vec::new());
        };
        if !w0.ctx.terms.is_empty() || !w0.ctx.assigned.is_empty() {
            return Err(Unsupported(
                "an assignment before a loop that applies modifiers within a player's move"
                    .into(),
            ));
        }
        let mut signature = String::new();
        for (_, e, _) in &w0.events {
            match e {
                Event::Put(x) if *x == piece => signature.push('p'),
                _ => {
                    return Err(Unsupported(
                        "a loop that applies modifiers within a player's move after modifiers \
                         other than the piece it puts"
                            .into(),
                    ))
                }
            }
        }
        let key = (l, signature, role.to_string());
        let family = match self.chain_families.get(&key) {
            Some(f) => f.clone(),
            None => {
                let f = self.chain_family(l, &w0, piece, &iters, &sets)?;
                self.chain_families.insert(key, f.clone());
                f
            }
        };
        // This start of the chain.
        let mut body = w0.body.lits;
        if body.iter().any(|l| text::vars(l).any(|t| t == "?a0"))
            || w0.events.iter().any(|(_, _, v)| v == "?a0")
        {
            self.need_pos = true;
            body.insert(1, "(true (pos ?a0))".into());
        }
        let slots: Vec<String> = w0
            .events
            .iter()
            .map(|(m, _, v)| {
                self.puts.insert(*m, piece);
                format!("m{m} {v}")
            })
            .collect();
        let n = family.n;
        self.extra.push(Rule::new(
            format!("(chain{n}_0 {} nil {})", slots.join(" "), w0.end),
            body,
        ));
        // The moves: one rule per way on after the loop, shared by the starts.
        if !self.chain_rests.insert((n, rest.to_vec())) {
            return Ok(Vec::new());
        }
        self.chain_legal(role, &family, rest).map(|r| r.into_iter().collect())
    }

    /// The piece the loop puts and the sets of the checks before its puts, if each path of
    /// its body puts that piece once, on the vertex it has just checked for other pieces.
    fn iteration_shape(&self, iters: &[Vec<usize>]) -> Result<(PieceId, Vec<Vec<PieceId>>), Unsupported> {
        let declined = || {
            Unsupported(
                "a loop that applies modifiers within a player's move whose body does not put \
                 one piece once, where it has just checked for another"
                    .into(),
            )
        };
        let (mut piece, mut sets) = (None, Vec::new());
        for path in iters {
            let mut puts = 0;
            for (j, &l) in path.iter().enumerate() {
                match &self.coarse.letters[l] {
                    Letter::Nav(_) => {}
                    &Letter::Event(id) => {
                        let Node::Action(Action::Off(x)) = self.game.rules.node(id) else {
                            return Err(declined());
                        };
                        let before = j
                            .checked_sub(1)
                            .and_then(|k| match &self.coarse.letters[path[k]] {
                                Letter::Nav(nodes) => last_check(self.game, nodes),
                                _ => None,
                            })
                            .filter(|s| !s.contains(x))
                            .ok_or_else(declined)?;
                        if piece.is_some_and(|p| p != *x) {
                            return Err(declined());
                        }
                        piece = Some(*x);
                        sets.push(before);
                        puts += 1;
                    }
                    _ => return Err(declined()),
                }
            }
            if puts != 1 {
                return Err(declined());
            }
        }
        Ok((piece.ok_or_else(declined)?, sets))
    }

    /// Whether letter `l` puts a piece or is a loop, block or pattern that applies modifiers.
    fn puts_or_nests(&self, l: usize) -> bool {
        match &self.coarse.letters[l] {
            Letter::Nav(_) => false,
            &Letter::Event(id) => matches!(self.game.rules.node(id), Node::Action(Action::Off(_))),
            _ => true,
        }
    }

    /// The board a chain's walk reads: the pieces put before the loop and, for a chain
    /// `Some(var)`, its vertices; all one piece, so all apart.
    fn chain_board(&self, f: &Family, chain: Option<&str>) -> (Ctx, Trail) {
        let mut puts: Vec<(String, PieceId)> = f.puts.iter().map(|v| (v.clone(), f.piece)).collect();
        if let Some(c) = chain {
            puts.push((c.to_string(), f.piece));
        }
        let v = self.game.board.vertex_count();
        let rows = if v <= MAX_ANALYSED_VERTICES {
            // Anywhere: the walk may meet any of them.
            vec![vec![vec![true; v]; v]; puts.len()]
        } else {
            Vec::new()
        };
        let trail = Trail {
            rows,
            apart: (0..puts.len()).map(|j| vec![true; j]).collect(),
            one_piece: true,
        };
        let ctx = Ctx {
            puts,
            ..Ctx::plain(Base::State)
        };
        (ctx, trail)
    }

    /// The relations of a new family: levels, the chain's vertices, the guard.
    fn chain_family(
        &mut self,
        l: usize,
        w0: &walk::Walked,
        piece: PieceId,
        iters: &[Vec<usize>],
        sets: &[Vec<PieceId>],
    ) -> Result<Family, Unsupported> {
        self.chain_count += 1;
        let n = self.chain_count;
        let slots = w0.events.len();
        let f = Family {
            n,
            slots,
            puts: (1..=slots).map(|i| format!("?w{i}")).collect(),
            piece,
        };
        let e = self.formal_slots(&f);
        let levels = self.chain_bound(sets);
        if levels > MAX_LEVELS {
            return Err(Unsupported(format!(
                "a loop that applies modifiers within a player's move that may go on more than \
                 {MAX_LEVELS} times"
            )));
        }
        let _ = l;
        for k in 0..=levels {
            let chain = format!("?P_incap{n}_{k}");
            let (p, board) = if k == 0 {
                ("nil".to_string(), None)
            } else {
                (chain.clone(), Some(chain.as_str()))
            };
            for path in iters {
                let (ctx, trail) = self.chain_board(&f, board);
                let mut body = Body::top();
                body.lits = vec![format!("(chain{n}_{k} {e} {p} ?y)")];
                let Some(w) = self.walk_from(path, ctx, trail, "?y", false, body)? else {
                    continue;
                };
                let [(m, _, c)] = &w.events[..] else {
                    unreachable!("an iteration puts once")
                };
                self.puts.insert(*m, piece);
                self.extra.push(Rule::new(
                    format!("(chain{n}_{} {e} (ch m{m} {c} {p}) {})", k + 1, w.end),
                    w.body.lits,
                ));
            }
        }
        for k in 1..=levels {
            let this = format!("(chain{n}_{k} {e} (ch ?m ?c ?r) ?z)");
            self.extra.push(Rule::new(
                format!("(incap{n}_{k} (ch ?m ?c ?r) ?c)"),
                vec![this.clone()],
            ));
            if k > 1 {
                self.extra.push(Rule::new(
                    format!("(incap{n}_{k} (ch ?m ?c ?r) ?v)"),
                    vec![this, format!("(incap{n}_{} ?r ?v)", k - 1)],
                ));
            }
            self.extra.push(Rule::new(
                format!("(incap{n} ?p ?v)"),
                vec![format!("(incap{n}_{k} ?p ?v)")],
            ));
        }
        // No iteration at all is the path that skips the loop, a move of its own.
        for k in 1..=levels {
            self.extra.push(Rule::new(
                format!("(chain{n} {e} ?p ?y)"),
                vec![format!("(chain{n}_{k} {e} ?p ?y)")],
            ));
        }
        self.chain_over = true;
        self.extra.push(Rule::new(
            "chainover".into(),
            vec![format!("(chain{n}_{} {e} ?p ?y)", levels + 1)],
        ));
        Ok(f)
    }

    /// `?e1 ?w1 ?e2 ?w2 ...`: the events before the loop.
    fn formal_slots(&self, f: &Family) -> String {
        (1..=f.slots)
            .map(|i| format!("?e{i} ?w{i}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// How many iterations a chain may take: each takes away a piece of the checked sets;
    /// as many as the initial board holds (the guard catches more).
    fn chain_bound(&self, sets: &[Vec<PieceId>]) -> usize {
        let Ok(r) = reasoner::Reasoner::new(self.game) else {
            return 1;
        };
        let Ok(state) = r.initial_state() else {
            return 1;
        };
        let snap = state.snapshot();
        snap.pieces
            .iter()
            .filter(|&&p| {
                let p = PieceId::from_index(p as usize);
                sets.iter().any(|s| s.contains(&p))
            })
            .count()
            .max(1)
    }

    /// The legal rules of family `f` going on along `rest` after the loop.
    fn chain_legal(
        &mut self,
        role: &str,
        f: &Family,
        rest: &[usize],
    ) -> Result<Option<Rule>, Unsupported> {
        let n = f.n;
        let chain = format!("?P_incap{n}");
        let e = self.formal_slots(f);
        let (ctx, trail) = self.chain_board(f, Some(&chain));
        let mut body = Body::top();
        body.lits = vec![format!("(chain{n} {e} {chain} ?y)")];
        let Some(w) = self.walk_from(rest, ctx, trail, "?y", false, body)? else {
            return Ok(None);
        };
        let size = f.slots + 1 + w.events.len();
        let mut mv = format!("(move{size} {e} ch{n} {chain}");
        self.register(&w.events, &mut mv);
        mv.push(')');
        self.arities.insert(size);
        self.chain_slots.insert((size, f.slots + 1, n, f.piece));
        Ok(Some(Rule::new(format!("(legal {role} {mv})"), w.body.lits)))
    }

    /// `aft` and `touched` for the chains of the move played.
    pub(super) fn chain_after_rules(&self) -> Vec<Rule> {
        let mut out = Vec::new();
        for &(size, j, n, piece) in &self.chain_slots {
            let slots: Vec<String> = (1..=size)
                .map(|i| match i == j {
                    true => format!("ch{n} ?v{i}"),
                    false => format!("?k{i} ?v{i}"),
                })
                .collect();
            out.push(Rule::new(
                format!("(chosen{n} ?v{j})"),
                vec![format!("(does ?r (move{size} {}))", slots.join(" "))],
            ));
            let x = &self.names.pieces[piece.index()];
            let on = vec![format!("(chosen{n} ?p)"), format!("(incap{n} ?p ?v)")];
            out.push(Rule::new(format!("(aft ?v {x})"), on.clone()));
            out.push(Rule::new("(touched ?v)".into(), on));
        }
        out
    }
}

/// The set of the check `nodes` end with, if they do.
fn last_check(game: &Game, nodes: &[ir::NodeId]) -> Option<Vec<PieceId>> {
    let mut at = *nodes.last()?;
    loop {
        match game.rules.node(at) {
            Node::Concat(ch) => at = *ch.last()?,
            Node::Sum(ch) if ch.len() == 1 => at = ch[0],
            Node::Action(Action::On(set)) => return Some(set.clone()),
            _ => return None,
        }
    }
}
