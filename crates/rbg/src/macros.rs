//! HL-RBG macro expansion: the lexed file to the token strings of the five sections.
//!
//! The file is a sequence of items, each starting with `#`: a section (`#rules = ...`) or a
//! macro definition (`#name = ...`, `#name(a;b) = ...`); an item ends where the next `#`
//! begins. A macro is visible in the items after its definition only, so a name used before
//! its definition stays a plain token (and a macro cannot call itself).
//!
//! Expansion is lazy, as in the reference implementation: a macro's body is expanded where
//! the macro is used, in the context of its definition (seeing the macros defined before it),
//! with each parameter replaced by the expansion of its argument in the caller's context.
//! `a ~ b` pastes the last token of the expansion of `a` to the first token of the expansion
//! of `b` (an operand is one token or one whole macro call); the pasted text must be one legal
//! token and is not expanded again. See `docs/rbg.md` for every rule.
//!
//! Every produced token keeps its own source span and the [`Frame`] (macro call) that produced
//! it, so diagnostics can point at the use site and into the definition.

use crate::lexer::{self, FrameId, Interner, Kind, Sym, Token};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use ir::Span;
use std::collections::HashMap;

/// The most tokens expansion may produce before it stops with an error.
pub const MAX_TOKENS: usize = 1_000_000;
/// The most expansion steps (tokens examined, including those of arguments that expand to
/// nothing) before expansion stops with an error.
pub const MAX_STEPS: usize = 4_000_000;
/// The deepest nesting of macro calls.
pub const MAX_DEPTH: usize = 256;

/// One macro call during expansion.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The macro's name.
    pub name: Sym,
    /// The macro's name in its definition.
    pub def_span: Span,
    /// The call in the caller's text (name through closing parenthesis).
    pub call_span: Span,
    /// The frame of the caller's text.
    pub parent: FrameId,
}

/// The five sections.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SectionKind {
    Players,
    Pieces,
    Variables,
    Board,
    Rules,
}

impl SectionKind {
    pub fn name(self) -> &'static str {
        match self {
            SectionKind::Players => "players",
            SectionKind::Pieces => "pieces",
            SectionKind::Variables => "variables",
            SectionKind::Board => "board",
            SectionKind::Rules => "rules",
        }
    }

    fn of(kind: Kind) -> Option<SectionKind> {
        Some(match kind {
            Kind::Players => SectionKind::Players,
            Kind::Pieces => SectionKind::Pieces,
            Kind::Variables => SectionKind::Variables,
            Kind::Board => SectionKind::Board,
            Kind::Rules => SectionKind::Rules,
            _ => return None,
        })
    }
}

/// A section after expansion: its tokens are `tokens[range]` of [`Expansion::tokens`].
#[derive(Clone, Debug)]
pub struct Section {
    pub kind: SectionKind,
    /// The tokens `#name =` (kept in [`Expansion::tokens`] just before `range`).
    pub header: crate::ast::Pos,
    pub range: std::ops::Range<usize>,
    /// Expansion stopped with an error (the section is known to exist but has no tokens).
    pub failed: bool,
}

/// The expanded file.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    pub sections: Vec<Section>,
    /// All sections' tokens, section after section.
    pub tokens: Vec<Token>,
    /// `frames[0]` is a placeholder for [`FrameId::TOP`].
    pub frames: Vec<Frame>,
    /// The texts of all identifiers and numbers (including pasted ones).
    pub interner: Interner,
    /// Every macro defined: its name and where the name is written (a misspelt section such
    /// as `#player =` defines a macro, which the missing-section error points at).
    pub macro_names: Vec<(Sym, Span)>,
}

impl Expansion {
    fn frame(&self, id: FrameId) -> &Frame {
        &self.frames[id.0 as usize]
    }

    /// The span a user can edit for a token: the token itself if it is written in a section,
    /// else the outermost macro call in a section that produced it.
    pub fn site(&self, t: &Token) -> Span {
        let mut f = t.frame;
        let mut span = t.span;
        while f != FrameId::TOP {
            let frame = self.frame(f);
            span = frame.call_span;
            f = frame.parent;
        }
        span
    }

    /// The source span of expanded tokens `l..r` (see [`Expansion::site`]).
    pub fn site_range(&self, l: usize, r: usize) -> Span {
        if self.tokens.is_empty() {
            return Span::DUMMY;
        }
        let l = l.min(self.tokens.len() - 1);
        let r = r.clamp(l + 1, self.tokens.len());
        self.site(&self.tokens[l])
            .join(self.site(&self.tokens[r - 1]))
    }

    /// Labels for a diagnostic about tokens `l..r`. Tokens written in a section get the
    /// primary label with `message`. Tokens from one macro body get it where they are written
    /// in the definition (the text to edit), with a secondary label at the use in a section
    /// that expanded them (naming the chain of macros), so every expansion of one mistake
    /// points at the same place and [`crate::validate::Cx`] reports it once.
    pub fn labels(&self, l: usize, r: usize, message: impl Into<String>) -> Vec<Label<()>> {
        let site = self.site_range(l, r);
        let (Some(first), Some(last)) = (self.tokens.get(l), self.tokens.get(r.max(l + 1) - 1))
        else {
            return vec![Label::primary((), site.range()).with_message(message.into())];
        };
        if first.frame == FrameId::TOP || first.frame != last.frame {
            return vec![Label::primary((), site.range()).with_message(message.into())];
        }
        let written = first.span.join(last.span);
        vec![
            Label::primary((), written.range()).with_message(message.into()),
            Label::secondary((), site.range()).with_message(self.expansion_chain(first.frame)),
        ]
    }

    /// "in this use of macro `turn` (through `kingStep`)": the macros from the use in a
    /// section down to the one whose body holds a token of `frame`.
    fn expansion_chain(&self, frame: FrameId) -> String {
        let mut names = Vec::new();
        let mut f = frame;
        while f != FrameId::TOP {
            let fr = self.frame(f);
            names.push(format!("`{}`", self.name_of(fr.name)));
            f = fr.parent;
        }
        names.reverse();
        match names.split_first() {
            Some((outer, [])) => format!("in this use of macro {outer}"),
            Some((outer, inner)) => {
                format!(
                    "in this use of macro {outer} (through {})",
                    inner.join(", ")
                )
            }
            None => String::new(),
        }
    }

    fn name_of(&self, sym: Sym) -> &str {
        self.interner.text(sym)
    }
}

/// A macro definition.
#[derive(Clone, Debug)]
struct MacroDef {
    name: Sym,
    name_span: Span,
    params: Vec<Sym>,
    /// Whether it was written with a parameter list (`#m(a) =` vs `#m =`).
    has_params: bool,
    body: Vec<Token>,
}

#[derive(Clone, Copy)]
struct Arg<'a> {
    toks: &'a [Token],
    env: &'a Env<'a>,
}

/// The context a token string is expanded in.
struct Env<'a> {
    /// Macros `defs[..visible]` can be used.
    visible: usize,
    params: &'a [Sym],
    args: &'a [Arg<'a>],
    frame: FrameId,
}

/// A fatal expansion problem (limits, unclosed argument lists): the section is dropped.
struct Fatal;

struct Expander {
    interner: Interner,
    defs: Vec<std::rc::Rc<MacroDef>>,
    by_name: HashMap<Sym, Vec<usize>>,
    frames: Vec<Frame>,
    errors: Vec<Diagnostic<()>>,
    produced: usize,
    steps: usize,
    depth: usize,
    /// The token or step limit was reported.
    limit_hit: bool,
}

/// Splits the file into items, records macro definitions, and expands every section.
pub fn expand(tokens: &[Token], interner: Interner) -> (Expansion, Vec<Diagnostic<()>>) {
    let mut ex = Expander {
        interner,
        defs: Vec::new(),
        by_name: HashMap::new(),
        frames: vec![Frame {
            name: Sym(0),
            def_span: Span::DUMMY,
            call_span: Span::DUMMY,
            parent: FrameId::TOP,
        }],
        errors: Vec::new(),
        produced: 0,
        steps: 0,
        depth: 0,
        limit_hit: false,
    };
    let mut out = Expansion::default();

    let first_hash = tokens
        .iter()
        .position(|t| t.kind == Kind::Hash)
        .unwrap_or(tokens.len());
    if first_hash > 0 {
        let span = tokens[0].span.join(tokens[first_hash - 1].span);
        ex.errors.push(
            Diagnostic::error()
                .with_message("text before the first section")
                .with_labels(vec![Label::primary((), span.range()).with_message(
                    "expected `#` starting a section or a macro definition",
                )]),
        );
    }
    let mut i = first_hash;
    while i < tokens.len() {
        // tokens[i] is `#`; the item runs to the next `#`.
        let end = tokens[i + 1..]
            .iter()
            .position(|t| t.kind == Kind::Hash)
            .map_or(tokens.len(), |p| i + 1 + p);
        ex.item(&tokens[i..end], &mut out);
        i = end;
    }
    out.frames = ex.frames;
    out.interner = ex.interner;
    out.macro_names = ex.defs.iter().map(|d| (d.name, d.name_span)).collect();
    (out, ex.errors)
}

impl Expander {
    fn error(&mut self, span: Span, message: String, label: &str) {
        self.errors.push(
            Diagnostic::error()
                .with_message(message)
                .with_labels(vec![Label::primary((), span.range()).with_message(label)]),
        );
    }

    fn item(&mut self, item: &[Token], out: &mut Expansion) {
        let hash = item[0];
        let Some(name) = item.get(1).copied() else {
            self.error(
                hash.span,
                "`#` must be followed by a section or macro name".into(),
                "expected a name after this",
            );
            return;
        };
        if let Some(kind) = SectionKind::of(name.kind) {
            let header = hash.span.join(name.span);
            match item.get(2) {
                Some(t) if t.kind == Kind::Assign => {}
                Some(t) if t.kind == Kind::LParen => {
                    let msg = format!("`{}` is a section and cannot be a macro name", kind.name());
                    self.error(name.span, msg, "section names are reserved");
                    // The section exists (so it is not also reported missing) but is unusable.
                    let h = out.tokens.len();
                    out.tokens.extend_from_slice(&item[..2]);
                    out.sections.push(Section {
                        kind,
                        header: crate::ast::Pos::new(h, h + 2),
                        range: h + 2..h + 2,
                        failed: true,
                    });
                    return;
                }
                _ => {
                    let msg = format!("expected `=` after `#{}`", kind.name());
                    self.error(header, msg, "a section starts with `#name =`");
                    let h = out.tokens.len();
                    out.tokens.extend_from_slice(&item[..2]);
                    out.sections.push(Section {
                        kind,
                        header: crate::ast::Pos::new(h, h + 2),
                        range: h + 2..h + 2,
                        failed: true,
                    });
                    return;
                }
            }
            let visible = self.defs.len();
            let env = Env {
                visible,
                params: &[],
                args: &[],
                frame: FrameId::TOP,
            };
            let mut toks = Vec::new();
            self.depth = 0;
            // Any expansion error makes the section unusable: parsing it would only report
            // consequences of that error.
            let before = self.errors.len();
            let failed =
                self.expand(&item[3..], &env, &mut toks).is_err() || self.errors.len() > before;
            if failed {
                toks.clear();
            }
            let h = out.tokens.len();
            out.tokens.extend_from_slice(&item[..3]);
            let start = out.tokens.len();
            out.tokens.extend(toks);
            out.sections.push(Section {
                kind,
                header: crate::ast::Pos::new(h, start),
                range: start..out.tokens.len(),
                failed,
            });
            return;
        }
        if name.kind != Kind::Ident {
            let msg = if matches!(name.kind, Kind::Rectangle | Kind::Hexagon | Kind::Cuboid) {
                "board generator names are reserved and cannot name macros".to_string()
            } else {
                "`#` must be followed by a section or macro name".to_string()
            };
            self.error(name.span, msg, "expected a name here");
            return;
        }
        self.definition(item);
    }

    /// `# name [ ( p1 ; ... ) ] = body`
    fn definition(&mut self, item: &[Token]) {
        let name = item[1];
        let mut i = 2;
        let mut params = Vec::new();
        let mut has_params = false;
        if item.get(i).map(|t| t.kind) == Some(Kind::LParen) {
            has_params = true;
            i += 1;
            loop {
                match item.get(i) {
                    Some(t) if t.kind == Kind::Ident => {
                        if params.contains(&t.sym) {
                            let msg =
                                format!("parameter `{}` appears twice", self.interner.text(t.sym));
                            self.error(t.span, msg, "repeated parameter");
                            return;
                        }
                        params.push(t.sym);
                        i += 1;
                    }
                    Some(t) => {
                        self.error(
                            t.span,
                            "expected a parameter name".into(),
                            "macro parameters are identifiers separated by `;`",
                        );
                        return;
                    }
                    None => {
                        self.error(
                            item[item.len() - 1].span,
                            "unfinished parameter list".into(),
                            "expected `)`",
                        );
                        return;
                    }
                }
                match item.get(i) {
                    Some(t) if t.kind == Kind::Semi => i += 1,
                    Some(t) if t.kind == Kind::RParen => {
                        i += 1;
                        break;
                    }
                    Some(t) => {
                        let hint = if t.kind == Kind::Comma {
                            "parameters are separated by `;`, not `,`"
                        } else {
                            "expected `;` or `)`"
                        };
                        self.error(t.span, "malformed parameter list".into(), hint);
                        return;
                    }
                    None => {
                        self.error(
                            item[item.len() - 1].span,
                            "unfinished parameter list".into(),
                            "expected `)`",
                        );
                        return;
                    }
                }
            }
        }
        match item.get(i) {
            Some(t) if t.kind == Kind::Assign => i += 1,
            _ => {
                let span = item[..i.min(item.len())]
                    .last()
                    .map_or(name.span, |t| name.span.join(t.span));
                self.error(
                    span,
                    format!(
                        "expected `=` in the definition of macro `{}`",
                        self.interner.text(name.sym)
                    ),
                    "a macro definition is `#name = ...` or `#name(a;b) = ...`",
                );
                return;
            }
        }
        // The conflicts the paper forbids: same name with and without parameters, and two
        // definitions of the same arity. (The reference keeps the first and warns.)
        if let Some(prev) = self.by_name.get(&name.sym) {
            for &p in prev {
                let old = &self.defs[p];
                let clash = if old.has_params != has_params {
                    Some("a macro cannot be defined both with and without parameters")
                } else if old.params.len() == params.len() {
                    Some("a macro of this name and number of parameters is already defined")
                } else {
                    None
                };
                if let Some(note) = clash {
                    let old_span = old.name_span;
                    self.errors.push(
                        Diagnostic::error()
                            .with_message(format!(
                                "macro `{}` is defined twice",
                                self.interner.text(name.sym)
                            ))
                            .with_labels(vec![
                                Label::primary((), name.span.range())
                                    .with_message("conflicting definition"),
                                Label::secondary((), old_span.range())
                                    .with_message("previous definition here"),
                            ])
                            .with_notes(vec![note.to_string()]),
                    );
                    return;
                }
            }
        }
        self.by_name
            .entry(name.sym)
            .or_default()
            .push(self.defs.len());
        self.defs.push(std::rc::Rc::new(MacroDef {
            name: name.sym,
            name_span: name.span,
            params,
            has_params,
            body: item[i..].to_vec(),
        }));
    }

    fn step(&mut self, span: Span, frame: FrameId) -> Result<(), Fatal> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            let what = format!("takes more than {MAX_STEPS} steps");
            return Err(self.limit(span, frame, &what));
        }
        Ok(())
    }

    fn emit(&mut self, t: Token, out: &mut Vec<Token>) -> Result<(), Fatal> {
        self.produced += 1;
        if self.produced > MAX_TOKENS {
            let what = format!("produces more than {MAX_TOKENS} tokens");
            return Err(self.limit(t.span, t.frame, &what));
        }
        out.push(t);
        Ok(())
    }

    /// Reports the expansion limit once: the counts are for the whole file, so every later
    /// section stops too, without repeating it. Text that called no macro is said to be too
    /// long rather than to expand too far.
    fn limit(&mut self, span: Span, frame: FrameId, what: &str) -> Fatal {
        if self.limit_hit {
            return Fatal;
        }
        self.limit_hit = true;
        let span = self.site_of(span, frame);
        if self.frames.len() == 1 {
            let what = what.replace("produces", "has").replace("takes", "needs");
            self.error(
                span,
                format!("the game text {what} (the size limit; no macro is used)"),
                "the limit is reached here",
            );
        } else {
            self.error(
                span,
                format!("macro expansion {what} (the expansion limit)"),
                "while expanding this",
            );
        }
        Fatal
    }

    fn expand(&mut self, toks: &[Token], env: &Env, out: &mut Vec<Token>) -> Result<(), Fatal> {
        let mut i = 0;
        while i < toks.len() {
            if toks[i].kind == Kind::Tilde {
                self.tilde_error(&toks[i], env, "`~` needs a token on its left");
                i += 1;
                continue;
            }
            let start = out.len();
            let first = i;
            i = self.unit(toks, i, env, out)?;
            while i < toks.len() && toks[i].kind == Kind::Tilde {
                let tilde = toks[i];
                i += 1;
                if i >= toks.len() || toks[i].kind == Kind::Tilde {
                    self.tilde_error(&tilde, env, "`~` needs a token on its right");
                    break;
                }
                let mut right = Vec::new();
                i = self.unit(toks, i, env, &mut right)?;
                if out.len() == start || right.is_empty() {
                    self.tilde_error(&tilde, env, "an operand of `~` expands to no token");
                    out.extend(right);
                    continue;
                }
                let left = out.pop().expect("checked non-empty");
                let text = format!(
                    "{}{}",
                    self.interner.text(left.sym),
                    self.interner.text(right[0].sym)
                );
                match lexer::single_token(&text) {
                    Some(kind) => {
                        // The pasted token is written where the `~` expression is.
                        out.push(Token {
                            kind,
                            sym: self.interner.intern(&text),
                            span: toks[first].span.join(toks[i - 1].span),
                            frame: env.frame,
                        });
                    }
                    None => {
                        let msg = format!("`~` pastes `{text}`, which is not one RBG token");
                        self.tilde_error(&tilde, env, &msg);
                        out.push(left);
                        out.push(right[0]);
                    }
                }
                out.extend_from_slice(&right[1..]);
            }
        }
        Ok(())
    }

    fn tilde_error(&mut self, tilde: &Token, env: &Env, message: &str) {
        let mut labels = vec![Label::primary((), tilde.span.range()).with_message(message)];
        if env.frame != FrameId::TOP {
            let f = &self.frames[env.frame.0 as usize];
            labels.push(
                Label::secondary((), f.call_span.range()).with_message(format!(
                    "in this use of macro `{}`",
                    self.interner.text(f.name)
                )),
            );
        }
        self.errors.push(
            Diagnostic::error()
                .with_message("bad token pasting")
                .with_labels(labels),
        );
    }

    /// Expands the unit starting at `toks[i]` (a parameter, a macro use, or a plain token)
    /// into `out`; returns the index after it.
    fn unit(
        &mut self,
        toks: &[Token],
        i: usize,
        env: &Env,
        out: &mut Vec<Token>,
    ) -> Result<usize, Fatal> {
        let t = toks[i];
        self.step(t.span, env.frame)?;
        if t.kind != Kind::Ident {
            self.emit(
                Token {
                    frame: env.frame,
                    ..t
                },
                out,
            )?;
            return Ok(i + 1);
        }
        if let Some(k) = env.params.iter().position(|&p| p == t.sym) {
            let arg = env.args[k];
            self.nested(t.span, |me| me.expand(arg.toks, arg.env, out))?;
            return Ok(i + 1);
        }
        let Some(defs) = self.by_name.get(&t.sym) else {
            self.emit(
                Token {
                    frame: env.frame,
                    ..t
                },
                out,
            )?;
            return Ok(i + 1);
        };
        let visible: Vec<usize> = defs.iter().copied().filter(|&d| d < env.visible).collect();
        let plain = visible.iter().copied().find(|&d| !self.defs[d].has_params);
        let with_params = visible.iter().any(|&d| self.defs[d].has_params);
        if with_params && toks.get(i + 1).map(|t| t.kind) == Some(Kind::LParen) {
            let Some((args, close)) = split_args(toks, i + 1) else {
                let msg = format!(
                    "unclosed argument list of macro `{}`",
                    self.interner.text(t.sym)
                );
                self.error(toks[i + 1].span, msg, "this `(` is never closed");
                return Err(Fatal);
            };
            let call_span = t.span.join(toks[close].span);
            let Some(d) = visible
                .iter()
                .copied()
                .find(|&d| self.defs[d].has_params && self.defs[d].params.len() == args.len())
            else {
                let arities: Vec<String> = visible
                    .iter()
                    .map(|&d| self.defs[d].params.len().to_string())
                    .collect();
                let msg = format!(
                    "macro `{}` takes {} argument(s), but {} are given",
                    self.interner.text(t.sym),
                    arities.join(" or "),
                    args.len()
                );
                let span = self.site_of(call_span, env.frame);
                self.error(span, msg, "arguments are separated by `;`");
                return Ok(close + 1);
            };
            let args: Vec<Arg> = args
                .into_iter()
                .map(|r| Arg {
                    toks: &toks[r],
                    env,
                })
                .collect();
            let frame = self.new_frame(d, call_span, env.frame);
            let def = std::rc::Rc::clone(&self.defs[d]);
            let inner = Env {
                visible: d,
                params: &def.params,
                args: &args,
                frame,
            };
            self.nested(call_span, |me| me.expand(&def.body, &inner, out))?;
            return Ok(close + 1);
        }
        if let Some(d) = plain {
            let frame = self.new_frame(d, t.span, env.frame);
            let def = std::rc::Rc::clone(&self.defs[d]);
            let inner = Env {
                visible: d,
                params: &[],
                args: &[],
                frame,
            };
            self.nested(t.span, |me| me.expand(&def.body, &inner, out))?;
            return Ok(i + 1);
        }
        self.emit(
            Token {
                frame: env.frame,
                ..t
            },
            out,
        )?;
        Ok(i + 1)
    }

    /// The outermost source span for a span written in `frame`.
    fn site_of(&self, span: Span, frame: FrameId) -> Span {
        let mut f = frame;
        let mut span = span;
        while f != FrameId::TOP {
            let fr = &self.frames[f.0 as usize];
            span = fr.call_span;
            f = fr.parent;
        }
        span
    }

    fn new_frame(&mut self, d: usize, call_span: Span, parent: FrameId) -> FrameId {
        self.frames.push(Frame {
            name: self.defs[d].name,
            def_span: self.defs[d].name_span,
            call_span,
            parent,
        });
        FrameId((self.frames.len() - 1) as u32)
    }

    fn nested(
        &mut self,
        span: Span,
        f: impl FnOnce(&mut Self) -> Result<(), Fatal>,
    ) -> Result<(), Fatal> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.error(
                span,
                format!("macro calls nest deeper than {MAX_DEPTH} (the nesting limit)"),
                "while expanding this",
            );
            self.depth -= 1;
            return Err(Fatal);
        }
        let r = f(self);
        self.depth -= 1;
        r
    }
}

/// `toks[open]` is `(`: the argument ranges (split at `;` at depth 0) and the index of the
/// matching `)`, or `None` if it is not closed.
fn split_args(toks: &[Token], open: usize) -> Option<(Vec<std::ops::Range<usize>>, usize)> {
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = open + 1;
    for (j, t) in toks.iter().enumerate().skip(open + 1) {
        match t.kind {
            Kind::LParen => depth += 1,
            Kind::RParen if depth == 0 => {
                args.push(start..j);
                return Some((args, j));
            }
            Kind::RParen => depth -= 1,
            Kind::Semi if depth == 0 => {
                args.push(start..j);
                start = j + 1;
            }
            _ => {}
        }
    }
    None
}
