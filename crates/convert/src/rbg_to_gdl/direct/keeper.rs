//! The keeper's phase after a move: one relation per path to its end, and the `next` rules
//! each implies.

use super::*;

/// How a keeper phase ends.
enum KeeperEnd {
    /// A switch to this player (modifier index).
    Player(PlayerId, u32),
    /// A `->>` after which nothing can follow: the play is over.
    Stuck,
    /// A `->>` followed by these paths: the play is over when none of them can be taken.
    StuckUnless(Vec<Vec<usize>>),
}

impl Translator<'_> {
    /// The keeper's phase after switch letter `k` (a `->>` ending a move): one relation per
    /// path to its end, and the `next` rules each implies.
    pub(super) fn keeper_phase(
        &mut self,
        k: usize,
        out: &mut Vec<Rule>,
        runs: &mut usize,
    ) -> Result<(), Unsupported> {
        let game = self.game;
        let Letter::Event(kid) = self.coarse.letters[k] else {
            unreachable!("a switch is an event")
        };
        let km = modifier(game, kid);
        // Paths through chained `->>` switches, each ending at a player's switch or at a
        // `->>` after which nothing can follow.
        let mut stack: Vec<(Vec<usize>, usize, usize)> = vec![(Vec::new(), k, 0)];
        let mut complete: Vec<(Vec<usize>, KeeperEnd)> = Vec::new();
        while let Some((prefix, from, depth)) = stack.pop() {
            for path in self.coarse.paths(game, Some(from), MAX_PATHS)? {
                let last = *path.last().expect("a path ends with its switch");
                let mut full = prefix.clone();
                full.extend(&path);
                match self.coarse.switch(game, last) {
                    Some(SwitchTarget::Player(p)) => {
                        let Letter::Event(id) = self.coarse.letters[last] else {
                            unreachable!()
                        };
                        complete.push((full, KeeperEnd::Player(p, modifier(game, id))));
                    }
                    _ => {
                        let next = self.coarse.paths(game, Some(last), MAX_PATHS)?;
                        if next.is_empty() {
                            complete.push((full, KeeperEnd::Stuck));
                        } else if depth >= MAX_KEEPER_CHAIN {
                            return Err(Unsupported("a long chain of keeper phases".into()));
                        } else {
                            stack.push((full.clone(), last, depth + 1));
                            complete.push((full, KeeperEnd::StuckUnless(next)));
                        }
                    }
                }
            }
        }
        for (path, end) in complete {
            let ctx = Ctx::plain(Base::AfterMove);
            let first = vec![format!("(moved m{km} ?s0)")];
            let Some(mut w) = self.walk(&path, ctx.clone(), "?s0", false, first.clone())? else {
                continue;
            };
            *runs += 1;
            let name = format!("kp{runs}");
            let mut args: Vec<String> = Vec::new();
            let mut puts: Vec<(String, PieceId)> = Vec::new();
            let mut assigned: BTreeMap<VarId, String> = BTreeMap::new();
            for (_, e, v) in &w.events {
                match e {
                    Event::Put(x) => {
                        puts.push((v.clone(), *x));
                        if !args.contains(v) {
                            args.push(v.clone());
                        }
                    }
                    Event::Assign(x, Value::Const(n)) => {
                        assigned.insert(*x, n.to_string());
                    }
                    Event::Assign(x, Value::Term(t)) => {
                        assigned.insert(*x, t.clone());
                        if !args.contains(t) {
                            args.push(t.clone());
                        }
                    }
                    Event::Switch(_) => {}
                }
            }
            if self.need_pos && !args.contains(&w.end) {
                args.push(w.end.clone());
            }
            let head = format!("({name} {})", args.join(" "));
            let head = head.replace(" )", ")");
            if let KeeperEnd::StuckUnless(next) = &end {
                // Stuck where no continuation can be taken from the state this path leaves
                // (named by its put vertices and end; the walks share the path's names).
                let mut cont_args = args.clone();
                if !cont_args.contains(&w.end) {
                    cont_args.push(w.end.clone());
                }
                let cont = format!("(kcont{runs} {})", cont_args.join(" ")).replace(" )", ")");
                for p in next {
                    let mut longer = path.clone();
                    longer.extend(p);
                    if let Some(wp) =
                        self.walk(&longer, ctx.clone(), "?s0", false, first.clone())?
                    {
                        out.push(Rule::new(cont.clone(), wp.body.lits));
                    }
                }
                w.body.lits.push(format!("(not {cont})"));
            }
            out.push(Rule::new(head.clone(), w.body.lits));
            for (i, (v, x)) in puts.iter().enumerate() {
                let piece = &self.names.pieces[x.index()];
                let mut b = vec![head.clone()];
                for (later, _) in &puts[i + 1..] {
                    b.push(format!("(distinct {v} {later})"));
                }
                // The implicit piece is written by leaving the vertex out (`kwrote`).
                if Some(*x) != self.nav.empty {
                    out.push(Rule::new(format!("(next (cell {v} {piece}))"), b));
                }
                out.push(Rule::new(format!("(kwrote {v})"), vec![head.clone()]));
            }
            if let Base::Stage(n) = w.ctx.base {
                // The board the path's loops left, under the pieces it put after them.
                out.push(Rule::new(
                    "(next (cell ?kv ?kx))".into(),
                    vec![
                        head.clone(),
                        format!("(kb{n} ?kv ?kx)"),
                        "(not (kwrote ?kv))".into(),
                    ],
                ));
                out.push(Rule::new("kstaged".into(), vec![head.clone()]));
                self.staged = true;
            }
            for (x, n) in &assigned {
                let var = &self.names.variables[x.index()];
                out.push(Rule::new(
                    format!("(next (var {var} {n}))"),
                    vec![head.clone()],
                ));
                out.push(Rule::new(format!("(kset {var})"), vec![head.clone()]));
            }
            let control = match end {
                KeeperEnd::Player(p, m) => {
                    if self.need_at {
                        let place = self.place(m);
                        out.push(Rule::new(
                            format!("(next (at m{place}))"),
                            vec![head.clone()],
                        ));
                    }
                    if self.need_pos {
                        out.push(Rule::new(
                            format!("(next (pos {}))", w.end),
                            vec![head.clone()],
                        ));
                    }
                    self.names.variables[p.index()].clone()
                }
                KeeperEnd::Stuck | KeeperEnd::StuckUnless(_) => self.names.keeper.clone(),
            };
            out.push(Rule::new(
                format!("(next (control {control}))"),
                vec![head.clone()],
            ));
            out.push(Rule::new("kany".into(), vec![head]));
        }
        Ok(())
    }
}
