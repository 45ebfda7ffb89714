//! The automaton's follow sets are quadratic under stars and worse under nested ones
//! (issue 38, item 1): a small game must be refused with an error naming the rule, in bounded
//! time and memory, instead of allocating gigabytes.

use reasoner::{CompileError, Options, Reasoner, FOLLOW_LIMIT};

/// A game whose rules nest `levels` stars of four copies of `((up + down)* (up)*)*`: the
/// actions grow as 4^levels and the follow entries faster (each star level repeats them).
fn nested_stars(levels: usize) -> String {
    let mut macros = String::from("#M0 = ((up + down)* (up)*)*\n");
    for i in 1..=levels {
        let p = i - 1;
        macros.push_str(&format!("#M{i} = (M{p} M{p} M{p} M{p})*\n"));
    }
    format!(
        "#players = a(1)\n#pieces = e\n#variables =\n\
         #board = rectangle(up, down, left, right, [e][e])\n{macros}#rules = ->a M{levels} ->a\n"
    )
}

fn compile(text: &str, opts: Options) -> Result<Reasoner, CompileError> {
    let game = rbg::parse_game(text)
        .expect("the generated game is valid")
        .game;
    Reasoner::with_options(&game, opts)
}

#[test]
fn nested_stars_are_refused_naming_the_rule() {
    let text = nested_stars(6);
    let start = std::time::Instant::now();
    let err = compile(&text, Options::default()).expect_err("past the follow limit");
    assert!(start.elapsed().as_secs() < 10, "refused quickly");
    let CompileError::AutomatonLimit { limit, span, .. } = &err else {
        panic!("expected AutomatonLimit, got {err}");
    };
    assert_eq!(*limit, FOLLOW_LIMIT);
    // The span points into the text, at a star of the rules or of a macro body.
    let named = &text[span.range()];
    assert!(
        named.starts_with('(') || named.starts_with('M'),
        "{named:?}"
    );
    assert!(err.to_string().contains("follow_limit"), "{err}");
}

#[test]
fn the_limit_is_an_option_and_small_games_stay_under_it() {
    let text = nested_stars(2);
    assert!(compile(&text, Options::default()).is_ok());
    let tight = Options {
        follow_limit: 100,
        ..Options::default()
    };
    assert!(matches!(
        compile(&text, tight),
        Err(CompileError::AutomatonLimit { limit: 100, .. })
    ));
}
