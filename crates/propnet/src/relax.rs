//! The relaxed program that over-approximates every ground atom of a game: `true` and
//! `does` become ordinary relations fed by `init`/`next` and `legal`, and negations of
//! dynamic relations are dropped. Every relation of the relaxed program is static, so the GDL
//! engine's static evaluation computes its least model; the facts of one extra relation per
//! rule variant (`#iK`, its variables as columns) are the variant's ground instances.

use gdl::ast::{Atom, Description, Literal, Rule, Span, Symbol, Term};
use gdl::engine::compile::{dnf, Basic};
use std::collections::{HashMap, HashSet};

/// A body literal of a rule variant that depends on the state or the joint move.
#[derive(Clone, Debug)]
pub struct DynLit {
    pub atom: Atom,
    pub negated: bool,
}

/// One `or`-free variant of a rule whose head is dynamic.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The relation of the relaxed program whose facts are this variant's bindings.
    pub rel: Symbol,
    /// Binding columns, in first-occurrence order.
    pub vars: Vec<Symbol>,
    pub head: Atom,
    /// Its dynamic literals only: static ones and `distinct` hold for every binding.
    pub body: Vec<DynLit>,
    pub span: Span,
}

/// The relaxed program and the variants whose instances make the network.
pub struct Relaxed {
    pub desc: Description,
    pub variants: Vec<Variant>,
    /// `true` and `does` under their relaxed names.
    pub true_: Symbol,
    pub does: Symbol,
    /// Dynamic relations (name, arity): they depend on `true` or `does`, or are one of
    /// `true`, `does`, `next`, `legal`, `goal`, `terminal`.
    pub dynamic: HashSet<(Symbol, usize)>,
}

/// Why a description cannot be relaxed: a rule's `or`s expand into too many variants.
#[derive(Debug)]
pub struct TooManyVariants(pub String);

pub fn relax(desc: &Description) -> Result<Relaxed, TooManyVariants> {
    let dynamic = dynamic_relations(desc);
    let mut out = Description {
        symbols: desc.symbols.clone(),
        items: Vec::new(),
    };
    let true_ = out.symbols.intern("#true");
    let does = out.symbols.intern("#does");
    let rename = |s: Symbol| match s {
        Symbol::TRUE => true_,
        Symbol::DOES => does,
        s => s,
    };
    let mut rel_ids: HashMap<(Symbol, usize), usize> = HashMap::new();
    for rule in desc.rules() {
        let mut note = |a: &Atom| {
            let n = rel_ids.len();
            rel_ids.entry((a.rel, a.args.len())).or_insert(n);
        };
        note(&rule.head);
        for l in &rule.body {
            l.for_each_atom(false, &mut |a, _| note(a));
        }
    }
    let by_id: Vec<(Symbol, usize)> = {
        let mut v = vec![(Symbol(0), 0); rel_ids.len()];
        for (&k, &i) in &rel_ids {
            v[i] = k;
        }
        v
    };
    let rel_of = |s: Symbol, n: usize| rel_ids[&(s, n)];
    let mut variants = Vec::new();
    for rule in desc.rules() {
        let head_dynamic = dynamic.contains(&(rule.head.rel, rule.head.args.len()));
        if !head_dynamic {
            out.items.push(gdl::ast::Item::Rule(rule.clone()));
            continue;
        }
        let bodies = dnf(&rule.body, &rel_of).ok_or_else(|| {
            TooManyVariants(format!(
                "a rule for `{}` expands into more than {} rules",
                desc.name(rule.head.rel),
                gdl::engine::compile::MAX_VARIANTS
            ))
        })?;
        for body in bodies {
            let mut relaxed_body = Vec::new();
            let mut dyn_body = Vec::new();
            for b in &body {
                match *b {
                    Basic::Pos(r, args) | Basic::Neg(r, args) => {
                        let (sym, n) = by_id[r];
                        let negated = matches!(b, Basic::Neg(..));
                        let atom = Atom {
                            rel: sym,
                            args: args.to_vec(),
                            span: Span::default(),
                        };
                        let is_dyn = dynamic.contains(&(sym, n));
                        if is_dyn {
                            dyn_body.push(DynLit {
                                atom: atom.clone(),
                                negated,
                            });
                        }
                        let renamed = Atom {
                            rel: rename(sym),
                            ..atom
                        };
                        match (negated, is_dyn) {
                            (false, _) => relaxed_body.push(Literal::Pos(renamed)),
                            (true, false) => relaxed_body.push(Literal::Not(
                                Box::new(Literal::Pos(renamed)),
                                Span::default(),
                            )),
                            // Over-approximation: a dynamic negation may hold.
                            (true, true) => {}
                        }
                    }
                    Basic::Distinct(x, y) => {
                        relaxed_body.push(Literal::Distinct(x.clone(), y.clone(), Span::default()))
                    }
                    Basic::Same(x, y) => relaxed_body.push(Literal::Not(
                        Box::new(Literal::Distinct(x.clone(), y.clone(), Span::default())),
                        Span::default(),
                    )),
                }
            }
            let head = Atom {
                rel: rename(rule.head.rel),
                ..rule.head.clone()
            };
            out.items.push(gdl::ast::Item::Rule(Rule {
                head,
                body: relaxed_body.clone(),
                span: rule.span,
            }));
            let vars = variables(&rule.head, &body);
            let rel = out.symbols.intern(&format!("#rule{}", variants.len()));
            let binding = Atom {
                rel,
                args: vars
                    .iter()
                    .map(|&v| Term::Var(v, Span::default()))
                    .collect(),
                span: Span::default(),
            };
            out.items.push(gdl::ast::Item::Rule(Rule {
                head: binding,
                body: relaxed_body,
                span: rule.span,
            }));
            variants.push(Variant {
                rel,
                vars,
                head: rule.head.clone(),
                body: dyn_body,
                span: rule.span,
            });
        }
    }
    // true ⊇ init ∪ next, does ⊇ legal.
    let x = Term::Var(out.symbols.intern("#x"), Span::default());
    let r = Term::Var(out.symbols.intern("#r"), Span::default());
    let feed = |head: Symbol, body: Symbol, args: Vec<Term>| {
        gdl::ast::Item::Rule(Rule {
            head: Atom {
                rel: head,
                args: args.clone(),
                span: Span::default(),
            },
            body: vec![Literal::Pos(Atom {
                rel: body,
                args,
                span: Span::default(),
            })],
            span: Span::default(),
        })
    };
    out.items.push(feed(true_, Symbol::INIT, vec![x.clone()]));
    out.items.push(feed(true_, Symbol::NEXT, vec![x.clone()]));
    out.items.push(feed(does, Symbol::LEGAL, vec![r, x]));
    Ok(Relaxed {
        desc: out,
        variants,
        true_,
        does,
        dynamic,
    })
}

/// Variables of a variant's head and body, in first-occurrence order (body first, so the
/// columns follow the join).
fn variables(head: &Atom, body: &[Basic<'_>]) -> Vec<Symbol> {
    let mut seen = Vec::new();
    let mut add = |t: &Term| {
        t.for_each_var(&mut |v, _| {
            if !seen.contains(&v) {
                seen.push(v);
            }
        })
    };
    for b in body {
        match b {
            Basic::Pos(_, args) | Basic::Neg(_, args) => args.iter().for_each(&mut add),
            Basic::Distinct(x, y) | Basic::Same(x, y) => {
                add(x);
                add(y);
            }
        }
    }
    head.args.iter().for_each(&mut add);
    seen
}

/// Relations that depend (through any body) on `true` or `does`, and the game's own
/// relations whose atoms the network exposes.
pub(crate) fn dynamic_relations(desc: &Description) -> HashSet<(Symbol, usize)> {
    // Every game relation but the static `role` and `init`.
    let mut dynamic: HashSet<(Symbol, usize)> = gdl::ast::GAME_RELATIONS
        .into_iter()
        .filter(|&(s, _)| s != Symbol::ROLE && s != Symbol::INIT)
        .collect();
    loop {
        let before = dynamic.len();
        for rule in desc.rules() {
            let head = (rule.head.rel, rule.head.args.len());
            if dynamic.contains(&head) {
                continue;
            }
            let mut uses_dynamic = false;
            for l in &rule.body {
                l.for_each_atom(false, &mut |a, _| {
                    uses_dynamic |= dynamic.contains(&(a.rel, a.args.len()));
                });
            }
            if uses_dynamic {
                dynamic.insert(head);
            }
        }
        if dynamic.len() == before {
            return dynamic;
        }
    }
}
