//! Demand transformation (magic sets) for large per-state relations.
//!
//! Bottom-up evaluation computes a relation for every argument combination, even when its only
//! callers ask about a few bound arguments (Amazons' `queenMoveIgnoring ?xIg ?yIg ...`, chess'
//! pin and line relations). For each selected relation `p` called with bound positions `a`, this
//! pass adds an adorned copy `p/a` whose rules are guarded by `magic p/a` (the bound arguments
//! actually asked for), and rules deriving `magic q/b` for every call `q/b` inside them from the
//! guard and the literals before the call (left to right, filters as soon as their variables are
//! bound). Calls under `not` keep using the full relation, so the result stays stratified.
//! The result is a plain [`Description`] for the ordinary compiler.

use crate::ast::{Atom, Description, Item, Literal, Rule, Span, Symbol};
use std::collections::{HashMap, HashSet, VecDeque};

type Key = (Symbol, usize);

/// Rewrites `desc` so that positive calls with bound arguments to relations in `selected` go
/// through demand-restricted copies. `None` when an `or` expands into too many rules.
pub fn transform(
    desc: &Description,
    selected: &HashSet<Key>,
    negated_calls: bool,
) -> Option<Description> {
    let mut out = Description {
        symbols: desc.symbols.clone(),
        items: Vec::new(),
    };
    let mut rules_of: HashMap<Key, Vec<Vec<Literal>>> = HashMap::new();
    let mut heads: HashMap<Key, Vec<Atom>> = HashMap::new();
    let mut expanded = Vec::new();
    for r in desc.rules() {
        for body in expand_or(&r.body)? {
            let key = (r.head.rel, r.head.args.len());
            rules_of.entry(key).or_default().push(body.clone());
            heads.entry(key).or_default().push(r.head.clone());
            expanded.push((r.head.clone(), body));
        }
    }
    // Demand coming from rules that depend on `does` (per joint move) is kept apart from demand
    // of per-state rules, or per-state relations would inherit a dependence on `does`.
    let on_does = crate::check::DepGraph::new(desc).depends_on(Symbol::DOES);
    let mut t = Transformer {
        out: &mut out,
        selected,
        negated_calls,
        queue: VecDeque::new(),
        done: HashSet::new(),
        per_move: false,
    };
    for (head, body) in &expanded {
        t.per_move = on_does.contains(&head.rel);
        t.rule(head, body, &HashSet::new(), None);
    }
    while let Some((key, mask, per_move)) = t.queue.pop_front() {
        let Some(bodies) = rules_of.get(&key) else {
            continue;
        };
        t.per_move = per_move;
        let adorned = t.adorned(key.0, mask);
        let magic = t.magic(key.0, mask);
        for (head, body) in heads[&key].iter().zip(bodies) {
            let mut bound = HashSet::new();
            let mut guard_args = Vec::new();
            for (i, a) in head.args.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    a.for_each_var(&mut |v, _| {
                        bound.insert(v);
                    });
                    guard_args.push(a.clone());
                }
            }
            let guard = Literal::Pos(Atom {
                rel: magic,
                args: guard_args,
                span: Span::default(),
            });
            let new_head = Atom {
                rel: adorned,
                args: head.args.clone(),
                span: head.span,
            };
            t.rule(&new_head, body, &bound, Some(guard));
        }
    }
    Some(out)
}

struct Transformer<'a> {
    out: &'a mut Description,
    selected: &'a HashSet<Key>,
    negated_calls: bool,
    queue: VecDeque<(Key, u64, bool)>,
    done: HashSet<(Key, u64, bool)>,
    /// The rules being written are evaluated per joint move.
    per_move: bool,
}

impl Transformer<'_> {
    fn adorned(&mut self, p: Symbol, mask: u64) -> Symbol {
        let m = if self.per_move { "m" } else { "" };
        let name = format!("{}#{mask:x}{m}", self.out.symbols.name(p));
        self.out.symbols.intern(&name)
    }

    fn magic(&mut self, p: Symbol, mask: u64) -> Symbol {
        let m = if self.per_move { "m" } else { "" };
        let name = format!("magic#{}#{mask:x}{m}", self.out.symbols.name(p));
        self.out.symbols.intern(&name)
    }

    /// Emits `head :- guard, body'` and the magic rules of the calls in `body'`.
    fn rule(
        &mut self,
        head: &Atom,
        body: &[Literal],
        bound: &HashSet<Symbol>,
        guard: Option<Literal>,
    ) {
        let mut bound = bound.clone();
        let mut prefix: Vec<Literal> = guard.into_iter().collect();
        let mut left: Vec<&Literal> = body.iter().collect();
        while !left.is_empty() {
            let ready = left.iter().position(|l| match l {
                Literal::Pos(_) => false,
                other => vars_of(other).iter().all(|v| bound.contains(v)),
            });
            let i = ready
                .or_else(|| left.iter().position(|l| matches!(l, Literal::Pos(_))))
                .unwrap_or(0);
            let lit = left.remove(i);
            if let Literal::Not(inner, span) = lit {
                if let Literal::Pos(a) = &**inner {
                    let key = (a.rel, a.args.len());
                    if self.negated_calls && self.selected.contains(&key) && a.args.len() < 64 {
                        let mask = (1u64 << a.args.len()) - 1;
                        // Seeds from the positive literals only: negations in a magic rule could
                        // close a cycle through negation.
                        let positive: Vec<Literal> = prefix
                            .iter()
                            .filter(|l| matches!(l, Literal::Pos(_)))
                            .cloned()
                            .collect();
                        let call = self.call(a, mask, &positive);
                        prefix.push(Literal::Not(Box::new(call), *span));
                        continue;
                    }
                }
                prefix.push(lit.clone());
                continue;
            }
            let Literal::Pos(a) = lit else {
                prefix.push(lit.clone());
                continue;
            };
            let key = (a.rel, a.args.len());
            let mut mask = 0u64;
            if self.selected.contains(&key) && a.args.len() < 64 {
                for (j, arg) in a.args.iter().enumerate() {
                    let mut ground = true;
                    arg.for_each_var(&mut |v, _| ground &= bound.contains(&v));
                    if ground {
                        mask |= 1 << j;
                    }
                }
            }
            if mask == 0 {
                prefix.push(lit.clone());
            } else {
                let call = self.call(a, mask, &prefix);
                prefix.push(call);
            }
            a.for_each_var(&mut |v, _| {
                bound.insert(v);
            });
        }
        self.out.items.push(Item::Rule(Rule {
            head: head.clone(),
            body: prefix,
            span: Span::default(),
        }));
    }
}

impl Transformer<'_> {
    /// The magic rule for calling `a` with the bound positions `mask` after `prefix`, and the
    /// call of the adorned relation.
    fn call(&mut self, a: &Atom, mask: u64, prefix: &[Literal]) -> Literal {
        let key = (a.rel, a.args.len());
        let magic = self.magic(a.rel, mask);
        let magic_args = a
            .args
            .iter()
            .enumerate()
            .filter(|(j, _)| mask & (1 << j) != 0)
            .map(|(_, t)| t.clone())
            .collect();
        self.out.items.push(Item::Rule(Rule {
            head: Atom {
                rel: magic,
                args: magic_args,
                span: Span::default(),
            },
            body: prefix.to_vec(),
            span: Span::default(),
        }));
        if self.done.insert((key, mask, self.per_move)) {
            self.queue.push_back((key, mask, self.per_move));
        }
        let adorned = self.adorned(a.rel, mask);
        Literal::Pos(Atom {
            rel: adorned,
            args: a.args.clone(),
            span: a.span,
        })
    }
}

fn vars_of(l: &Literal) -> Vec<Symbol> {
    let mut vs = Vec::new();
    match l {
        Literal::Distinct(a, b, _) => {
            a.for_each_var(&mut |v, _| vs.push(v));
            b.for_each_var(&mut |v, _| vs.push(v));
        }
        other => other.for_each_atom(false, &mut |a, _| a.for_each_var(&mut |v, _| vs.push(v))),
    }
    if let Literal::Not(inner, _) = l {
        if let Literal::Distinct(a, b, _) = &**inner {
            a.for_each_var(&mut |v, _| vs.push(v));
            b.for_each_var(&mut |v, _| vs.push(v));
        }
    }
    vs
}

/// Splits `or`s: the body as a list of conjunctions of `Pos`, `Not` and `Distinct` literals.
fn expand_or(body: &[Literal]) -> Option<Vec<Vec<Literal>>> {
    let mut acc: Vec<Vec<Literal>> = vec![Vec::new()];
    for l in body {
        let alts = alternatives(l)?;
        let mut next = Vec::new();
        for a in &acc {
            for b in &alts {
                let mut c = a.clone();
                c.extend(b.iter().cloned());
                next.push(c);
            }
        }
        if next.len() > super::compile::MAX_VARIANTS {
            return None;
        }
        acc = next;
    }
    Some(acc)
}

fn alternatives(l: &Literal) -> Option<Vec<Vec<Literal>>> {
    Some(match l {
        Literal::Or(ls, _) => {
            let mut out = Vec::new();
            for d in ls {
                out.extend(alternatives(d)?);
            }
            out
        }
        Literal::Not(inner, _) if contains_or(inner) => {
            // not (a or b) = not a, not b; other shapes keep their `or` inside the negation.
            match &**inner {
                Literal::Or(ls, _) => {
                    let negs: Vec<Literal> = ls
                        .iter()
                        .map(|d| Literal::Not(Box::new(d.clone()), Span::default()))
                        .collect();
                    expand_or(&negs)?
                }
                _ => vec![vec![l.clone()]],
            }
        }
        other => vec![vec![other.clone()]],
    })
}

fn contains_or(l: &Literal) -> bool {
    match l {
        Literal::Or(..) => true,
        Literal::Not(inner, _) => contains_or(inner),
        _ => false,
    }
}
