//! Source text → [`Description`]: tokens are grouped into s-expressions (iteratively, with a
//! nesting limit, so no input can overflow the stack), then each top-level s-expression becomes
//! a rule, a fact or a kept comment. Errors are codespan diagnostics with the offending span;
//! parsing continues after an erroneous item so that one run reports every syntax error.

use crate::ast::{Atom, Description, Item, Literal, Rule, Span, Symbol, Term};
use crate::lexer::{lex, Token};
use crate::{error, Diagnostic};

/// Deeper nesting than this is rejected (real games nest a handful of levels).
pub const MAX_DEPTH: usize = 200;

enum SExpr {
    Sym(Span),
    Var(Span),
    List(Vec<SExpr>, Span),
    Comment(Span),
}

impl SExpr {
    fn span(&self) -> Span {
        match self {
            SExpr::Sym(s) | SExpr::Var(s) | SExpr::List(_, s) | SExpr::Comment(s) => *s,
        }
    }
}

/// Parses a GDL description.
pub fn parse(src: &str) -> Result<Description, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let exprs = read_sexprs(src, &mut errors);
    let mut p = Parser {
        src,
        desc: Description::new(),
        errors,
    };
    // Top-level comments are kept; a banner (a line of semicolons, one comment line, a line of
    // semicolons) becomes a section.
    let mut bar_open = false;
    let mut title: Option<usize> = None;
    for e in &exprs {
        match e {
            SExpr::Comment(s) => {
                let raw = src[s.range()].trim_end();
                let text = raw.trim_start_matches(';').trim();
                if raw.len() >= 3 && text.is_empty() {
                    match title.take() {
                        Some(i) if i + 1 == p.desc.items.len() => {
                            if let Item::Comment(t) = &p.desc.items[i] {
                                p.desc.items[i] = Item::Section(t.clone());
                            }
                            bar_open = false;
                        }
                        _ => bar_open = true,
                    }
                    continue;
                }
                p.desc.items.push(Item::Comment(text.to_string()));
                title = bar_open.then(|| p.desc.items.len() - 1);
                bar_open = false;
            }
            _ => {
                bar_open = false;
                title = None;
                if let Some(rule) = p.top(e) {
                    p.desc.items.push(Item::Rule(rule));
                }
            }
        }
    }
    if p.errors.is_empty() {
        Ok(p.desc)
    } else {
        Err(crate::cap_diagnostics(p.errors))
    }
}

fn read_sexprs(src: &str, errors: &mut Vec<Diagnostic>) -> Vec<SExpr> {
    let (tokens, bad) = lex(src);
    for r in bad {
        errors.push(error(
            "unexpected character",
            Span::new(r.start, r.end),
            "not valid in KIF",
        ));
    }
    // Stack of open lists: (start offset, children).
    let mut stack: Vec<(usize, Vec<SExpr>)> = Vec::new();
    let mut top = Vec::new();
    for lx in tokens {
        let span = Span::new(lx.start, lx.end);
        let item = match lx.token {
            Token::LParen => {
                if stack.len() >= MAX_DEPTH {
                    errors.push(error(
                        "nesting too deep",
                        span,
                        &format!("more than {MAX_DEPTH} nested parentheses"),
                    ));
                    return top;
                }
                stack.push((lx.start, Vec::new()));
                continue;
            }
            Token::RParen => match stack.pop() {
                Some((start, children)) => SExpr::List(children, Span::new(start, lx.end)),
                None => {
                    errors.push(error(
                        "unbalanced parentheses",
                        span,
                        "this `)` closes nothing",
                    ));
                    continue;
                }
            },
            Token::Var => SExpr::Var(span),
            Token::Symbol => SExpr::Sym(span),
            Token::Comment => {
                if !stack.is_empty() {
                    continue;
                }
                SExpr::Comment(span)
            }
        };
        match stack.last_mut() {
            Some((_, children)) => children.push(item),
            None => top.push(item),
        }
    }
    if let Some((start, _)) = stack.first() {
        errors.push(error(
            "unbalanced parentheses",
            Span::new(*start, *start + 1),
            "this `(` is never closed",
        ));
    }
    top
}

struct Parser<'s> {
    src: &'s str,
    desc: Description,
    errors: Vec<Diagnostic>,
}

impl Parser<'_> {
    fn text(&self, s: Span) -> &str {
        &self.src[s.range()]
    }

    fn sym(&mut self, s: Span) -> Symbol {
        let text = &self.src[s.range()];
        self.desc.symbols.intern(text)
    }

    fn err<T>(&mut self, msg: &str, span: Span, label: &str) -> Option<T> {
        self.errors.push(error(msg, span, label));
        None
    }

    fn top(&mut self, e: &SExpr) -> Option<Rule> {
        if let SExpr::List(items, span) = e {
            if let Some(SExpr::Sym(s)) = items.first() {
                if self.text(*s) == "<=" {
                    let Some(head) = items.get(1) else {
                        return self.err(
                            "rule without a head",
                            *span,
                            "expected `(<= head body...)`",
                        );
                    };
                    let head = self.atom(head)?;
                    let mut body = Vec::new();
                    let mut ok = true;
                    for b in &items[2..] {
                        match self.literal(b) {
                            Some(l) => body.push(l),
                            None => ok = false,
                        }
                    }
                    return ok.then_some(Rule {
                        head,
                        body,
                        span: *span,
                    });
                }
            }
        }
        let head = self.atom(e)?;
        Some(Rule {
            span: head.span,
            head,
            body: Vec::new(),
        })
    }

    fn atom(&mut self, e: &SExpr) -> Option<Atom> {
        match e {
            SExpr::Sym(s) => {
                let rel = self.sym(*s);
                self.check_not_connective(rel, *s)?;
                Some(Atom {
                    rel,
                    args: Vec::new(),
                    span: *s,
                })
            }
            SExpr::List(items, span) => match items.first() {
                Some(SExpr::Sym(s)) => {
                    let rel = self.sym(*s);
                    self.check_not_connective(rel, *s)?;
                    let args = self.terms(&items[1..])?;
                    Some(Atom {
                        rel,
                        args,
                        span: *span,
                    })
                }
                Some(other) => self.err(
                    "expected a relation name",
                    other.span(),
                    "not a relation name",
                ),
                None => self.err("empty list", *span, "expected a sentence"),
            },
            SExpr::Var(s) => self.err(
                "a variable cannot be a sentence",
                *s,
                "expected a relation, e.g. `(true ?x)`",
            ),
            SExpr::Comment(s) => self.err("unexpected comment", *s, "here"),
        }
    }

    fn check_not_connective(&mut self, rel: Symbol, span: Span) -> Option<()> {
        if [Symbol::NOT, Symbol::OR, Symbol::DISTINCT, Symbol::IMPLIED].contains(&rel) {
            let name = self.text(span).to_string();
            return self.err(
                &format!("`{name}` cannot be used here"),
                span,
                "expected a relation name",
            );
        }
        Some(())
    }

    fn literal(&mut self, e: &SExpr) -> Option<Literal> {
        if let SExpr::List(items, span) = e {
            if let Some(SExpr::Sym(s)) = items.first() {
                let sym = self.sym(*s);
                let args = &items[1..];
                if sym == Symbol::NOT {
                    if args.len() != 1 {
                        return self.err("`not` takes one literal", *span, "here");
                    }
                    let inner = self.literal(&args[0])?;
                    return Some(Literal::Not(Box::new(inner), *span));
                }
                if sym == Symbol::DISTINCT {
                    if args.len() != 2 {
                        return self.err("`distinct` takes two terms", *span, "here");
                    }
                    let a = self.term(&args[0])?;
                    let b = self.term(&args[1])?;
                    return Some(Literal::Distinct(a, b, *span));
                }
                if sym == Symbol::OR {
                    let mut lits = Vec::new();
                    for a in args {
                        lits.push(self.literal(a)?);
                    }
                    if lits.is_empty() {
                        return self.err("`or` without disjuncts", *span, "here");
                    }
                    return Some(Literal::Or(lits, *span));
                }
            }
        }
        Some(Literal::Pos(self.atom(e)?))
    }

    fn terms(&mut self, es: &[SExpr]) -> Option<Vec<Term>> {
        let mut out = Vec::with_capacity(es.len());
        let mut ok = true;
        for e in es {
            match self.term(e) {
                Some(t) => out.push(t),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    fn term(&mut self, e: &SExpr) -> Option<Term> {
        match e {
            SExpr::Sym(s) => {
                let c = self.sym(*s);
                if c == Symbol::IMPLIED {
                    return self.err("`<=` cannot be a term", *s, "here");
                }
                Some(Term::Const(c, *s))
            }
            SExpr::Var(s) => {
                if s.end - s.start < 2 {
                    return self.err("variable without a name", *s, "expected `?name`");
                }
                let name = &self.src[s.start as usize + 1..s.end as usize];
                let v = self.desc.symbols.intern(name);
                Some(Term::Var(v, *s))
            }
            SExpr::List(items, span) => match items.first() {
                Some(SExpr::Sym(f)) => {
                    let f = self.sym(*f);
                    let args = self.terms(&items[1..])?;
                    if args.is_empty() {
                        return self.err(
                            "function term without arguments",
                            *span,
                            "write the constant without parentheses",
                        );
                    }
                    Some(Term::App(f, args, *span))
                }
                Some(other) => self.err("expected a function name", other.span(), "here"),
                None => self.err("empty list", *span, "expected a term"),
            },
            SExpr::Comment(s) => self.err("unexpected comment", *s, "here"),
        }
    }
}
