//! The paper's macro examples (HL-RBG "Macro system"), checked on the expanded token strings.

use rbg::lexer::{lex, Interner};
use rbg::macros::{expand, SectionKind};

/// Expands `defs` followed by `#rules = body`; returns the rules tokens joined by spaces, or
/// the error messages.
fn expand_rules(defs: &str, body: &str) -> Result<String, Vec<String>> {
    let src = format!("{defs}\n#rules = {body}\n");
    let mut interner = Interner::default();
    let (toks, mut errors) = lex(&src, &mut interner);
    let (exp, e2) = expand(&toks, interner);
    errors.extend(e2);
    if !errors.is_empty() {
        return Err(errors.into_iter().map(|d| d.message).collect());
    }
    let s = exp
        .sections
        .iter()
        .find(|s| s.kind == SectionKind::Rules)
        .expect("rules section");
    Ok(exp.tokens[s.range.clone()]
        .iter()
        .map(|t| exp.interner.text(t.sym))
        .collect::<Vec<_>>()
        .join(" "))
}

const EXAMPLE_1: &str = "
#m0 = m1 // will be interpreted as a plain \"m1\" string, macro m1 is defined later
#m1 = x
#m2 = m1 // will be replaced with \"x\"
#m3(a;b) = a + b
#m4 = m3(x;y) // will be replaced with x + y
#m5 = m3(;) // will be replaced with a single +
#m6 = m3 // will be interpreted as plain \"m3\", no arguments given
#m7 = m1(x) // will be interpreted as \"x (x)\"
";

#[test]
fn first_macro_example() {
    let cases = [
        ("m0", "m1"),
        ("m1", "x"),
        ("m2", "x"),
        ("m3(p;q)", "p + q"),
        ("m4", "x + y"),
        ("m5", "+"),
        ("m6", "m3"),
        ("m7", "x ( x )"),
    ];
    for (use_, want) in cases {
        assert_eq!(expand_rules(EXAMPLE_1, use_).as_deref(), Ok(want), "{use_}");
    }
}

const EXAMPLE_2: &str = "
#m1 = x~y
#m2 = m1 // will be replaced with \"xy\"
#m3(a;b) = a~b
#m4 = m3(x;y) // will be replaced with \"xy\"
#m5 = m3(8;y) // \"8y\" is not valid RBG token
#m6 = m3(1;2) // will be interpreted as \"12\"
#m7 = m3(x~y;z) // will be interpreted as \"xyz\"
";

#[test]
fn second_macro_example() {
    for (use_, want) in [
        ("m1", "xy"),
        ("m2", "xy"),
        ("m4", "xy"),
        ("m6", "12"),
        ("m7", "xyz"),
    ] {
        assert_eq!(expand_rules(EXAMPLE_2, use_).as_deref(), Ok(want), "{use_}");
    }
    let err = expand_rules(EXAMPLE_2, "m5").expect_err("8y is not a token");
    assert!(err[0].contains("bad token pasting"), "{err:?}");
}

#[test]
fn definition_conflicts() {
    let ok = "#m1 = x\n#m2(a) = a\n#m2(a;b) = a+b";
    assert_eq!(expand_rules(ok, "m2(u) m2(u;v)").as_deref(), Ok("u u + v"));
    for bad in ["#m2(b) = b", "#m2 = x"] {
        let err = expand_rules(&format!("{ok}\n{bad}"), "m1").expect_err(bad);
        assert!(err[0].contains("defined twice"), "{err:?}");
    }
    let err = expand_rules("#m1 = x\n#m1(a) = a", "m1").expect_err("parameterless then with");
    assert!(err[0].contains("defined twice"));
    let err = expand_rules("#board(a) = a", "x").expect_err("section name");
    assert!(err[0].contains("section"), "{err:?}");
}

#[test]
fn arguments_and_nesting() {
    // Commas and nested parentheses inside arguments; `;` splits only at depth 0.
    let defs = "#f(a;b) = [a] (b)\n#g(x) = f(x; x~Q, (u;v))";
    assert_eq!(
        expand_rules(defs, "g(w)").as_deref(),
        Ok("[ w ] ( wQ , ( u ; v ) )")
    );
    // Arguments are expanded in the caller's context, so a macro defined after `f` but
    // before the use still expands inside the argument.
    let defs = "#f(a) = a a\n#later = z";
    assert_eq!(expand_rules(defs, "f(later)").as_deref(), Ok("z z"));
    // A body sees only the macros defined before it.
    let defs = "#f = later\n#later = z";
    assert_eq!(expand_rules(defs, "f later").as_deref(), Ok("later z"));
    // Operands of `~` are expanded first (as in the reference implementation).
    let defs = "#col = white\n#p(c) = c~Pawn";
    assert_eq!(
        expand_rules(defs, "p(col) col~King").as_deref(),
        Ok("whitePawn whiteKing")
    );
    // Pasting operators into one token.
    assert_eq!(expand_rules("#m(a;b) = a~b", "m(-;>)").as_deref(), Ok("->"));
    // Wrong arity is an error naming the arities.
    let err = expand_rules("#m(a;b) = a", "m(x)").expect_err("arity");
    assert!(err[0].contains("takes 2"), "{err:?}");
}

#[test]
fn expansion_limit() {
    // Each level doubles the output: 2^30 tokens must stop at the limit, not run out of memory.
    let mut defs = String::from("#a0 = x\n");
    for i in 1..=30 {
        defs.push_str(&format!("#a{i} = a{} a{}\n", i - 1, i - 1));
    }
    let err = expand_rules(&defs, "a30").expect_err("limit");
    assert!(err.iter().any(|e| e.contains("expansion limit")), "{err:?}");
    // The same with arguments that expand to nothing.
    let mut defs = String::from("#b0(p) = p\n");
    for i in 1..=40 {
        defs.push_str(&format!("#b{i}(p) = b{}(p) b{}(p)\n", i - 1, i - 1));
    }
    let err = expand_rules(&defs, "b40()").expect_err("limit");
    assert!(err.iter().any(|e| e.contains("expansion limit")), "{err:?}");
}

#[test]
fn the_limit_is_reported_once_and_plain_text_is_not_called_expansion() {
    // The LL-RBG of a 230x230 board: over the token limit without any macro.
    let row = format!("[{}]", vec!["e"; 230].join(", "));
    let hl = format!(
        "#players = white(100), black(100)\n#pieces = e, w\n#variables =\n\
         #board = rectangle(up, down, left, right, {})\n#rules = ->white [w] ->black\n",
        vec![row; 230].join(" ")
    );
    let ll = rbg::print_ll(&rbg::parse_game(&hl).expect("HL-RBG reads").game);
    let errs = messages(&ll);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].contains("no macro is used"), "{errs:?}");
    assert!(!errs[0].contains("expansion"), "{errs:?}");
    // With a macro that blows up in `#pieces`, the later sections do not repeat the limit.
    let mut defs = String::from("#a0 = e\n");
    for i in 1..=30 {
        defs.push_str(&format!("#a{i} = a{} a{}\n", i - 1, i - 1));
    }
    let src = format!(
        "{defs}#players = white(100), black(100)\n#pieces = a30\n#variables =\n\
         #board = rectangle(up, down, left, right, [e, w])\n#rules = ->white [w] ->black\n"
    );
    let errs = messages(&src);
    let limits = errs.iter().filter(|e| e.contains("limit")).count();
    assert_eq!(limits, 1, "{errs:?}");
}

/// The error messages of reading `src`, which must fail.
fn messages(src: &str) -> Vec<String> {
    match rbg::parse_game(src) {
        Ok(_) => panic!("the game reads"),
        Err(d) => d.into_iter().map(|d| d.message).collect(),
    }
}
