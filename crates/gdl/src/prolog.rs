//! GDL → Prolog (SWI-Prolog), for an independent check of our engine.
//!
//! Every relation `r/n` becomes the predicate `'r_<name>'/n` (names lowercased, since GDL is
//! case-insensitive), constants become quoted atoms, `not` becomes `\+`, `distinct` becomes
//! `\==`, `or` a disjunction. Bodies are reordered so that positive atoms come first (in their
//! written order), then disjunctions, then negations and `distinct`s, which makes every safe rule
//! evaluate its negations on ground terms. Recursive relations, the state-dependent relations
//! they call and a board after the move that many relations read are tabled (tables are
//! dropped whenever the state changes); a recursive relation that reads neither the state nor
//! the move is computed once, when the program loads, and kept as facts. The state is a set
//! of `'r_true'/1` facts and a joint move a set of `'r_does'/2` facts, both asserted and
//! retracted by the perft driver appended to the program: `gdl_perft_main(MaxDepth)` prints
//! `perft D N` for `D` in `1..=MaxDepth`, with the same definition as `game::perft` (terminal
//! states have no children, children are the product of every role's deduplicated legal
//! moves).

use crate::ast::{Atom, Description, Literal, Symbol, Symbols, Term};
use crate::check::DepGraph;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

fn quote(name: &str) -> String {
    let mut s = String::from("'");
    for c in name.to_ascii_lowercase().chars() {
        match c {
            '\'' => s.push_str("\\'"),
            '\\' => s.push_str("\\\\"),
            c => s.push(c),
        }
    }
    s.push('\'');
    s
}

fn pred(symbols: &Symbols, rel: Symbol) -> String {
    quote(&format!("r_{}", symbols.name(rel)))
}

struct Vars(HashMap<Symbol, usize>);

impl Vars {
    fn name(&mut self, v: Symbol) -> String {
        let n = self.0.len();
        format!("V{}", self.0.entry(v).or_insert(n))
    }
}

fn term(symbols: &Symbols, t: &Term, vars: &mut Vars, out: &mut String) {
    match t {
        Term::Var(v, _) => out.push_str(&vars.name(*v)),
        Term::Const(c, _) => out.push_str(&quote(symbols.name(*c))),
        Term::App(f, args, _) => {
            out.push_str(&quote(symbols.name(*f)));
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                term(symbols, a, vars, out);
            }
            out.push(')');
        }
    }
}

/// The predicate an atom calls: `'r_<name>'`, or in the rules of a recursive static
/// relation, for the relations of its own component, `'s_<name>'` (the rules whose answers
/// become `'r_<name>'` facts when the program loads).
type Naming<'a> = &'a dyn Fn(&Atom) -> String;

fn atom(symbols: &Symbols, a: &Atom, vars: &mut Vars, out: &mut String, name: Naming) {
    out.push_str(&name(a));
    if !a.args.is_empty() {
        out.push('(');
        for (i, t) in a.args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            term(symbols, t, vars, out);
        }
        out.push(')');
    }
}

fn literal(symbols: &Symbols, l: &Literal, vars: &mut Vars, out: &mut String, name: Naming) {
    match l {
        Literal::Pos(a) => atom(symbols, a, vars, out, name),
        Literal::Not(inner, _) => {
            out.push_str("\\+ (");
            literal(symbols, inner, vars, out, name);
            out.push(')');
        }
        Literal::Distinct(a, b, _) => {
            out.push('(');
            term(symbols, a, vars, out);
            out.push_str(" \\== ");
            term(symbols, b, vars, out);
            out.push(')');
        }
        Literal::Or(ls, _) => {
            out.push('(');
            for (i, d) in ls.iter().enumerate() {
                if i > 0 {
                    out.push_str(" ; ");
                }
                literal(symbols, d, vars, out, name);
            }
            out.push(')');
        }
    }
}

fn rank(l: &Literal) -> u8 {
    match l {
        Literal::Pos(_) => 0,
        Literal::Or(..) => 1,
        Literal::Not(..) | Literal::Distinct(..) => 2,
    }
}

type Rel = (Symbol, usize);

/// The relations to table: the recursive ones, which a top-down reasoner would loop on or
/// re-derive, and the state-dependent relations their rules call (directly or through
/// others), which it would otherwise recompute each time a recursive rule is entered. A
/// chain of boards (one relation per stage, each read through the one before) costs a level
/// of recomputation per stage without this. Static relations are facts or cheap to derive
/// again; tabling them costs more than it saves. Also [`shared_move_relations`], with what
/// they call from the state.
fn tabled(desc: &Description, a: &Analysis) -> HashSet<Rel> {
    let key = |a: &Atom| (a.rel, a.args.len());
    let mut tabled = a.recursive.clone();
    let stateful = &a.stateful;
    let derived: HashSet<Rel> = desc
        .rules()
        .filter(|r| !r.body.is_empty())
        .map(|r| key(&r.head))
        .collect();
    tabled.extend(shared_move_relations(desc, &derived));
    let mut grew = true;
    while grew {
        grew = false;
        for r in desc.rules() {
            if !tabled.contains(&key(&r.head)) {
                continue;
            }
            for l in &r.body {
                l.for_each_atom(false, &mut |a, _| {
                    let k = key(a);
                    if derived.contains(&k) && stateful.contains(&k) && tabled.insert(k) {
                        grew = true;
                    }
                });
            }
        }
    }
    tabled
}

/// Derived relations that depend on the joint move, do work (a rule of two literals or more,
/// two arguments or more) and are read by the rules of at least three move-dependent relations
/// other than `next`: the board after the move that a keeper's tests read from many
/// places. English draughts' translation re-derived it from `does` for every square its
/// capture test asked about: perft 3 took 24 s CPU, 0.2 s with these tabled (hand-written
/// files of the eight reference games have no such relation).
fn shared_move_relations(desc: &Description, derived: &HashSet<Rel>) -> HashSet<Rel> {
    let key = |a: &Atom| (a.rel, a.args.len());
    let on_move = move_dependent(desc);
    let mut readers: HashMap<Rel, HashSet<Rel>> = HashMap::new();
    let mut costly: HashSet<Rel> = HashSet::new();
    for r in desc.rules() {
        let head = key(&r.head);
        if r.body.len() >= 2 {
            costly.insert(head);
        }
        if head.0 == Symbol::NEXT || !on_move.contains(&head) {
            continue;
        }
        for l in &r.body {
            l.for_each_atom(false, &mut |a, _| {
                readers.entry(key(a)).or_default().insert(head);
            });
        }
    }
    readers
        .into_iter()
        .filter(|(k, by)| {
            derived.contains(k)
                && on_move.contains(k)
                && costly.contains(k)
                && k.1 >= 2
                && by.len() >= 3
        })
        .map(|(k, _)| k)
        .collect()
}

/// The relations whose truth depends on the joint move.
fn move_dependent(desc: &Description) -> HashSet<Rel> {
    reaching(desc, [(Symbol::DOES, 2)].into())
}

/// The relations whose truth depends on the state or the joint move.
fn state_dependent(desc: &Description) -> HashSet<Rel> {
    reaching(desc, [(Symbol::TRUE, 1), (Symbol::DOES, 2)].into())
}

/// `from` and the relations whose rules read one of them, directly or through others.
fn reaching(desc: &Description, from: HashSet<Rel>) -> HashSet<Rel> {
    let mut stateful = from;
    let mut grew = true;
    while grew {
        grew = false;
        for r in desc.rules() {
            let mut reads = false;
            for l in &r.body {
                l.for_each_atom(false, &mut |a, _| {
                    reads |= stateful.contains(&(a.rel, a.args.len()))
                });
            }
            if reads && stateful.insert((r.head.rel, r.head.args.len())) {
                grew = true;
            }
        }
    }
    stateful
}

/// The Prolog program for `desc`, with the perft driver.
pub fn translate(desc: &Description) -> String {
    let symbols = &desc.symbols;
    let mut out = String::new();
    out.push_str("% Generated by rbgtool from a GDL description.\n");
    out.push_str(":- style_check(-singleton).\n:- style_check(-discontiguous).\n");
    // Every relation (name/arity) used anywhere is dynamic, so undefined ones simply fail.
    let mut rels: Vec<(Symbol, usize)> = vec![
        (Symbol::TRUE, 1),
        (Symbol::DOES, 2),
        (Symbol::ROLE, 1),
        (Symbol::INIT, 1),
        (Symbol::LEGAL, 2),
        (Symbol::NEXT, 1),
        (Symbol::GOAL, 2),
        (Symbol::TERMINAL, 0),
    ];
    for r in desc.rules() {
        rels.push((r.head.rel, r.head.args.len()));
        for l in &r.body {
            l.for_each_atom(false, &mut |a, _| rels.push((a.rel, a.args.len())));
        }
    }
    let mut seen = HashSet::new();
    rels.retain(|r| seen.insert(*r));
    for (r, n) in &rels {
        let _ = writeln!(out, ":- dynamic({}/{n}).", pred(symbols, *r));
    }
    let analysis = Analysis::new(desc);
    let graph = &analysis.graph;
    let facts = static_rules(desc, &analysis);
    let tabled = tabled(desc, &analysis);
    for (r, n) in &rels {
        if facts.contains(&(*r, *n)) {
            if tabled.contains(&(*r, *n)) {
                let _ = writeln!(out, ":- table({}/{n}).", rules_pred(symbols, *r));
            }
        } else if tabled.contains(&(*r, *n)) {
            let _ = writeln!(out, ":- table({}/{n}).", pred(symbols, *r));
        }
    }
    // Clauses grouped by predicate, in order of first appearance.
    let mut groups: Vec<((Symbol, usize), Vec<String>)> = Vec::new();
    for r in desc.rules() {
        let key = (r.head.rel, r.head.args.len());
        // A static relation's rules call the rules of their own component, and facts below.
        let own = facts.contains(&key).then(|| graph.scc_of(key.0));
        let name = |a: &Atom| {
            let k = (a.rel, a.args.len());
            if own.is_some_and(|c| facts.contains(&k) && graph.scc_of(a.rel) == c) {
                rules_pred(symbols, a.rel)
            } else {
                pred(symbols, a.rel)
            }
        };
        let mut vars = Vars(HashMap::new());
        let mut clause = String::new();
        atom(symbols, &r.head, &mut vars, &mut clause, &name);
        if !r.body.is_empty() {
            let mut body: Vec<&Literal> = r.body.iter().collect();
            body.sort_by_key(|l| rank(l));
            clause.push_str(" :-\n    ");
            for (i, l) in body.iter().enumerate() {
                if i > 0 {
                    clause.push_str(",\n    ");
                }
                literal(symbols, l, &mut vars, &mut clause, &name);
            }
        }
        clause.push_str(".\n");
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(clause),
            None => groups.push((key, vec![clause])),
        }
    }
    for (_, clauses) in groups {
        for c in clauses {
            out.push_str(&c);
        }
    }
    out.push_str(DRIVER);
    materialize(desc, graph, &facts, &mut out);
    out
}

/// `'s_<name>'`: the rules of a static relation, whose answers [`materialize`] asserts.
fn rules_pred(symbols: &Symbols, rel: Symbol) -> String {
    quote(&format!("s_{}", symbols.name(rel)))
}

/// Recursive relations that read neither the state nor the move: their answers are computed
/// once, when the program loads, and kept as facts, instead of tabled anew in every state
/// (connect four's translation walked `(star1 ?a ?z)`, the squares below a square, 1.8 M
/// times in a perft to depth 5). Static relations without recursion are left to be derived
/// where they are called, with their arguments bound: as facts, the hand-written chess's
/// `different_cells` (65,280 of them) was slower to look up than to derive.
fn static_rules(desc: &Description, a: &Analysis) -> HashSet<Rel> {
    desc.rules()
        .filter(|r| !r.body.is_empty())
        .map(|r| (r.head.rel, r.head.args.len()))
        .filter(|k| !a.stateful.contains(k) && a.recursive.contains(k))
        .collect()
}

/// What the tabling and the static facts are decided from, computed once per description.
struct Analysis {
    graph: DepGraph,
    recursive: HashSet<Rel>,
    stateful: HashSet<Rel>,
}

impl Analysis {
    fn new(desc: &Description) -> Analysis {
        let graph = DepGraph::new(desc);
        Analysis {
            recursive: recursive(desc, &graph),
            stateful: state_dependent(desc),
            graph,
        }
    }
}

/// The relations with a rule that reads its own component.
fn recursive(desc: &Description, graph: &DepGraph) -> HashSet<Rel> {
    let mut found = HashSet::new();
    for r in desc.rules() {
        for l in &r.body {
            l.for_each_atom(false, &mut |a, _| {
                if graph.scc_of(a.rel) == graph.scc_of(r.head.rel) {
                    found.insert((r.head.rel, r.head.args.len()));
                }
            });
        }
    }
    found
}

/// Directives, after every clause, that assert the answers of each static relation's rules
/// as its facts, the relations a relation reads first.
fn materialize(desc: &Description, graph: &DepGraph, facts: &HashSet<Rel>, out: &mut String) {
    let symbols = &desc.symbols;
    let mut order: Vec<Rel> = facts.iter().copied().collect();
    order.sort_by_cached_key(|&(r, n)| (graph.scc_of(r), symbols.name(r).to_string(), n));
    out.push_str("% ---- static relations, computed once ----\n");
    for (r, n) in order {
        let (from, to) = (rules_pred(symbols, r), pred(symbols, r));
        if n == 0 {
            let _ = writeln!(out, ":- ( {from} -> assertz({to}) ; true ).");
            continue;
        }
        let vars: Vec<String> = (0..n).map(|i| format!("V{i}")).collect();
        let args = vars.join(",");
        let _ = writeln!(
            out,
            ":- findall(t({args}), {from}({args}), L), sort(L, S), \
             forall(member(t({args}), S), assertz({to}({args})))."
        );
    }
}

const DRIVER: &str = r#"
% ---- perft driver ----
gdl_set_state(S) :-
    retractall('r_true'(_)),
    forall(member(P, S), assertz('r_true'(P))),
    abolish_all_tables.
gdl_roles(Rs) :- findall(R, 'r_role'(R), Rs).
gdl_legal(R, Ms) :- findall(M, 'r_legal'(R, M), L), sort(L, Ms).
gdl_joint([], [[]]).
gdl_joint([R|Rs], Js) :-
    gdl_legal(R, Ms), gdl_joint(Rs, Js0),
    findall([M|J], (member(M, Ms), member(J, Js0)), Js).
gdl_count([], 1).
gdl_count([R|Rs], N) :- gdl_legal(R, Ms), length(Ms, K), gdl_count(Rs, N0), N is K * N0.
gdl_next(S, Rs, J, S2) :-
    gdl_set_state(S),
    retractall('r_does'(_, _)),
    forall(nth1(I, Rs, R), (nth1(I, J, M), assertz('r_does'(R, M)))),
    findall(P, 'r_next'(P), Ps), sort(Ps, S2),
    retractall('r_does'(_, _)).
gdl_perft(_, 0, 1) :- !.
gdl_perft(S, D, N) :-
    gdl_set_state(S),
    (   'r_terminal'
    ->  N = 0
    ;   gdl_roles(Rs),
        (   D =:= 1
        ->  gdl_count(Rs, N)
        ;   gdl_joint(Rs, Js), D1 is D - 1,
            foldl(gdl_child(S, Rs, D1), Js, 0, N)
        )
    ).
gdl_child(S, Rs, D1, J, A0, A) :-
    gdl_next(S, Rs, J, S2), gdl_perft(S2, D1, M), A is A0 + M.
gdl_perft_main(Max) :-
    findall(P, 'r_init'(P), L), sort(L, S),
    forall(between(1, Max, D), (gdl_perft(S, D, N), format("perft ~w ~w~n", [D, N]))).
"#;

/// The `swipl` arguments (before the program file) that run the perft driver to `depth`, print
/// the CPU time it took as `cpu SECONDS`, and halt.
pub fn swipl_perft_args(depth: u32) -> Vec<String> {
    vec![
        "-q".into(),
        "-g".into(),
        format!(
            "statistics(cputime, T0), gdl_perft_main({depth}), statistics(cputime, T1), \
             T is T1 - T0, format('cpu ~4f~n', [T])"
        ),
        "-t".into(),
        "halt".into(),
    ]
}

/// What the perft driver printed: the perft values in depth order, and the CPU seconds when
/// it was run with [`swipl_perft_args`].
pub fn parse_perft_output(stdout: &str) -> (Vec<u64>, Option<f64>) {
    let perft = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("perft "))
        .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok())
        .collect();
    let cpu = stdout
        .lines()
        .find_map(|l| l.strip_prefix("cpu "))
        .and_then(|t| t.trim().parse().ok());
    (perft, cpu)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tabled_names(text: &str) -> Vec<String> {
        let program = translate(&crate::parse(text).unwrap());
        let mut names: Vec<String> = program
            .lines()
            .filter_map(|l| l.strip_prefix(":- table('r_"))
            .map(|l| l.split('\'').next().unwrap().to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn recursive_relations_and_the_state_they_read_are_tabled() {
        // `reach` is recursive; `open` reads the state and is called from it, `step` is
        // static, `top` reads the state but no recursive rule calls it.
        let text = "(role a) (init (cell x1 e)) (step x1 x2) (step x2 x3)
            (<= (open ?x) (true (cell ?x e)))
            (<= (reach ?x ?y) (step ?x ?y) (open ?y))
            (<= (reach ?x ?z) (reach ?x ?y) (step ?y ?z) (open ?z))
            (<= (top ?x) (true (cell ?x e)))
            (<= (legal a (go ?y)) (reach x1 ?y) (top ?y))
            (<= (next (cell ?y e)) (does a (go ?y)))
            (<= terminal (not (top x1)))
            (goal a 100)";
        assert_eq!(tabled_names(text), ["open", "reach"]);
    }

    #[test]
    fn recursive_static_relations_become_facts_when_the_program_loads() {
        // `below` is recursive and static: its rules are `s_below`, tabled, and their answers
        // are asserted as `r_below` facts once loaded; `near` (not recursive) stays a rule.
        let text = "(role a) (init (cell x1)) (step x1 x2) (step x2 x3)
            (<= (below ?x ?y) (step ?x ?y))
            (<= (below ?x ?z) (below ?x ?y) (step ?y ?z))
            (<= (near ?x ?y) (step ?x ?y))
            (<= (legal a (go ?y)) (true (cell ?x)) (below ?x ?y) (near ?x ?y))
            (<= (next (cell ?y)) (does a (go ?y)))
            (<= terminal (true (cell x3)))
            (goal a 100)";
        let program = translate(&crate::parse(text).unwrap());
        assert!(program.contains(":- table('s_below'/2)."), "{program}");
        assert!(
            program.contains("'s_below'(V0,V2),\n    'r_step'(V2,V1)"),
            "{program}"
        );
        assert!(program.contains("'r_below'(V1,V0),"), "{program}");
        let load = program
            .find(":- findall(t(V0,V1), 's_below'(V0,V1), L)")
            .unwrap();
        assert!(
            load > program.find("gdl_perft_main(Max)").unwrap(),
            "{program}"
        );
        assert!(program.contains("'r_near'(V0,V1) :-"), "{program}");
        assert_eq!(tabled_names(text), Vec::<String>::new());
    }

    #[test]
    fn the_board_after_the_move_is_tabled_where_three_relations_read_it() {
        // `aft` (two literals, two arguments) read by `p1` and `p2` is not tabled; read by
        // `p3` as well it is, and `moved`, which it calls, with it. `moved` itself (one
        // literal, one argument) is not a candidate.
        let base = "(role a) (init (cell x1 e)) (piece e)
            (<= (moved ?y) (does a (go ?y)))
            (<= (aft ?y ?p) (does a (go ?y)) (piece ?p))
            (<= (aft ?y ?p) (true (cell ?y ?p)) (not (moved ?y)))
            (<= (p1 ?y) (aft ?y e)) (<= (p2 ?y) (aft ?y e) (moved ?y))
            (<= (legal a (go x1)) (true (cell x1 e)))
            (<= (next (cell ?y ?p)) (aft ?y ?p) (p1 ?y) (p2 ?y))
            (<= terminal (true (cell x1 e)))
            (goal a 100)";
        assert_eq!(tabled_names(base), Vec::<String>::new());
        let third = format!("{base} (<= (p3 ?y) (aft ?y e)) (<= (next (mark ?y)) (p3 ?y))");
        assert_eq!(tabled_names(&third), ["aft", "moved"]);
    }
}
