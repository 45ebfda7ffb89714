//! The GDL abstract syntax: interned symbols, terms, literals, rules and the [`Description`]
//! that holds them, plus a small builder API for back ends that write GDL programmatically.
//!
//! GDL is case-insensitive: [`Symbols`] interns names by their lowercase form and prints the
//! first spelling it saw. The reserved words of GDL are interned first, so they have fixed ids
//! ([`Symbol::ROLE`], [`Symbol::TRUE`], ...).

use std::collections::HashMap;
use std::fmt;

/// A byte range in the source text (`0..0` for nodes built programmatically).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// An interned name (relation, function, constant or variable name without its `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

macro_rules! reserved {
    ($($konst:ident = $idx:expr, $name:expr;)*) => {
        impl Symbol { $(pub const $konst: Symbol = Symbol($idx);)* }
        const RESERVED: &[&str] = &[$($name),*];
    };
}

reserved! {
    ROLE = 0, "role";
    INIT = 1, "init";
    TRUE = 2, "true";
    DOES = 3, "does";
    NEXT = 4, "next";
    LEGAL = 5, "legal";
    GOAL = 6, "goal";
    TERMINAL = 7, "terminal";
    BASE = 8, "base";
    INPUT = 9, "input";
    DISTINCT = 10, "distinct";
    NOT = 11, "not";
    OR = 12, "or";
    IMPLIED = 13, "<=";
}

/// The relations every game has, with their arities (the engine's and checker's view).
pub const GAME_RELATIONS: [(Symbol, usize); 8] = [
    (Symbol::ROLE, 1),
    (Symbol::INIT, 1),
    (Symbol::TRUE, 1),
    (Symbol::DOES, 2),
    (Symbol::NEXT, 1),
    (Symbol::LEGAL, 2),
    (Symbol::GOAL, 2),
    (Symbol::TERMINAL, 0),
];

/// The optional declarations of GDL-II's era (`base`, `input`), with their arities.
pub const DECLARATIONS: [(Symbol, usize); 2] = [(Symbol::BASE, 1), (Symbol::INPUT, 2)];

/// The symbol table: lowercase key → symbol, symbol → first spelling.
#[derive(Clone, Debug)]
pub struct Symbols {
    names: Vec<String>,
    map: HashMap<String, Symbol>,
}

impl Default for Symbols {
    fn default() -> Self {
        let mut symbols = Symbols {
            names: Vec::new(),
            map: HashMap::new(),
        };
        for name in RESERVED {
            symbols.intern(name);
        }
        symbols
    }
}

impl Symbols {
    /// The symbol for `name` (case-insensitive), creating it if needed.
    pub fn intern(&mut self, name: &str) -> Symbol {
        let key = name.to_ascii_lowercase();
        if let Some(&s) = self.map.get(&key) {
            return s;
        }
        let s = Symbol(self.names.len() as u32);
        self.names.push(name.to_string());
        self.map.insert(key, s);
        s
    }

    /// The symbol for `name` if it was interned.
    pub fn get(&self, name: &str) -> Option<Symbol> {
        self.map.get(&name.to_ascii_lowercase()).copied()
    }

    /// The first spelling of `s`.
    pub fn name(&self, s: Symbol) -> &str {
        &self.names[s.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// A KIF term: a variable, a constant, or a function applied to terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Var(Symbol, Span),
    Const(Symbol, Span),
    App(Symbol, Vec<Term>, Span),
}

impl Term {
    pub fn span(&self) -> Span {
        match self {
            Term::Var(_, s) | Term::Const(_, s) | Term::App(_, _, s) => *s,
        }
    }

    /// Calls `f` on every variable occurrence (symbol and span), left to right.
    pub fn for_each_var(&self, f: &mut impl FnMut(Symbol, Span)) {
        match self {
            Term::Var(v, s) => f(*v, *s),
            Term::Const(..) => {}
            Term::App(_, args, _) => args.iter().for_each(|a| a.for_each_var(f)),
        }
    }

    pub fn is_ground(&self) -> bool {
        let mut ground = true;
        self.for_each_var(&mut |_, _| ground = false);
        ground
    }
}

/// A relational sentence `(rel args...)` or a bare proposition `rel`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    pub rel: Symbol,
    pub args: Vec<Term>,
    pub span: Span,
}

impl Atom {
    pub fn for_each_var(&self, f: &mut impl FnMut(Symbol, Span)) {
        self.args.iter().for_each(|a| a.for_each_var(f));
    }
}

/// A body literal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    Pos(Atom),
    Not(Box<Literal>, Span),
    Distinct(Term, Term, Span),
    Or(Vec<Literal>, Span),
}

impl Literal {
    pub fn span(&self) -> Span {
        match self {
            Literal::Pos(a) => a.span,
            Literal::Not(_, s) | Literal::Distinct(_, _, s) | Literal::Or(_, s) => *s,
        }
    }

    /// Calls `f(atom, negated)` on every atom inside, descending into `not` and `or`.
    pub fn for_each_atom<'a>(&'a self, negated: bool, f: &mut impl FnMut(&'a Atom, bool)) {
        match self {
            Literal::Pos(a) => f(a, negated),
            Literal::Not(l, _) => l.for_each_atom(!negated, f),
            Literal::Distinct(..) => {}
            Literal::Or(ls, _) => ls.iter().for_each(|l| l.for_each_atom(negated, f)),
        }
    }
}

/// A rule `(<= head body...)`; a fact has an empty body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub head: Atom,
    pub body: Vec<Literal>,
    pub span: Span,
}

/// A top-level item: rules and the comments a printer should keep.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    Rule(Rule),
    /// A `;` comment line (text without the leading semicolons).
    Comment(String),
    /// A section header, printed as a banner.
    Section(String),
}

/// A GDL game description.
#[derive(Clone, Debug, Default)]
pub struct Description {
    pub symbols: Symbols,
    pub items: Vec<Item>,
}

impl Description {
    pub fn new() -> Description {
        Description::default()
    }

    /// The rules (facts included) in order.
    pub fn rules(&self) -> impl Iterator<Item = &Rule> {
        self.items.iter().filter_map(|i| match i {
            Item::Rule(r) => Some(r),
            _ => None,
        })
    }

    pub fn name(&self, s: Symbol) -> &str {
        self.symbols.name(s)
    }

    /// The object constants the facts name (inside function terms too), in order, with
    /// repeats: what a picture of the game's board can learn of its squares.
    pub fn fact_constants(&self) -> Vec<&str> {
        fn walk<'d>(d: &'d Description, t: &Term, out: &mut Vec<&'d str>) {
            match t {
                Term::Const(c, _) => out.push(d.name(*c)),
                Term::App(_, args, _) => args.iter().for_each(|a| walk(d, a, out)),
                Term::Var(..) => {}
            }
        }
        let mut out = Vec::new();
        for rule in self.rules().filter(|r| r.body.is_empty()) {
            rule.head.args.iter().for_each(|a| walk(self, a, &mut out));
        }
        out
    }

    // ---- builder API ----

    pub fn sym(&mut self, name: &str) -> Symbol {
        self.symbols.intern(name)
    }

    /// A variable; `name` is given without the `?`.
    pub fn var(&mut self, name: &str) -> Term {
        Term::Var(self.sym(name), Span::default())
    }

    pub fn constant(&mut self, name: &str) -> Term {
        Term::Const(self.sym(name), Span::default())
    }

    /// `(f args...)`, or the constant `f` when `args` is empty.
    pub fn app(&mut self, f: &str, args: Vec<Term>) -> Term {
        let f = self.sym(f);
        if args.is_empty() {
            Term::Const(f, Span::default())
        } else {
            Term::App(f, args, Span::default())
        }
    }

    pub fn atom(&mut self, rel: &str, args: Vec<Term>) -> Atom {
        Atom {
            rel: self.sym(rel),
            args,
            span: Span::default(),
        }
    }

    pub fn pos(&mut self, rel: &str, args: Vec<Term>) -> Literal {
        Literal::Pos(self.atom(rel, args))
    }

    pub fn not(&mut self, lit: Literal) -> Literal {
        Literal::Not(Box::new(lit), Span::default())
    }

    pub fn distinct(&mut self, a: Term, b: Term) -> Literal {
        Literal::Distinct(a, b, Span::default())
    }

    pub fn or(&mut self, lits: Vec<Literal>) -> Literal {
        Literal::Or(lits, Span::default())
    }

    /// Appends `(<= head body...)` (a fact when `body` is empty).
    pub fn rule(&mut self, head: Atom, body: Vec<Literal>) {
        self.items.push(Item::Rule(Rule {
            head,
            body,
            span: Span::default(),
        }));
    }

    pub fn fact(&mut self, head: Atom) {
        self.rule(head, Vec::new());
    }

    pub fn comment(&mut self, text: &str) {
        self.items.push(Item::Comment(text.to_string()));
    }

    pub fn section(&mut self, title: &str) {
        self.items.push(Item::Section(title.to_string()));
    }
}

/// Displays a term with the symbol names of a [`Symbols`] table.
pub struct DisplayTerm<'a>(pub &'a Symbols, pub &'a Term);

impl fmt::Display for DisplayTerm<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Term::Var(v, _) => write!(f, "?{}", self.0.name(*v)),
            Term::Const(c, _) => write!(f, "{}", self.0.name(*c)),
            Term::App(g, args, _) => {
                write!(f, "({}", self.0.name(*g))?;
                for a in args {
                    write!(f, " {}", DisplayTerm(self.0, a))?;
                }
                write!(f, ")")
            }
        }
    }
}
