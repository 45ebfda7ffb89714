use super::*;

fn rules(text: &[(&str, &[&str])]) -> Vec<Rule> {
    text.iter()
        .map(|(h, b)| Rule::new(h.to_string(), b.iter().map(|l| l.to_string()).collect()))
        .collect()
}

fn written(groups: &[Vec<Rule>]) -> Vec<String> {
    groups
        .iter()
        .flatten()
        .map(|r| format!("{} :- {}", r.head, r.body.join(", ")))
        .collect()
}

#[test]
fn two_sides_of_a_relation_become_one_with_the_pieces_as_arguments() {
    let mut groups = vec![
        rules(&[
            ("(legal black (go ?a))", &["(flank1 ?a)"]),
            ("(legal white (go ?a))", &["(flank2 ?a)"]),
        ]),
        rules(&[
            (
                "(flank1 ?a)",
                &[
                    "(d_up ?a ?b)",
                    "(true (cell ?b w))",
                    "(run1 ?b ?c)",
                    "(true (cell ?c b))",
                ],
            ),
            ("(run1 ?a ?a)", &["(true (cell ?a w))"]),
            (
                "(run1 ?a ?c)",
                &["(run1 ?a ?b)", "(d_up ?b ?c)", "(true (cell ?c w))"],
            ),
            // The same rules, listed in another order and with other variable names.
            (
                "(run2 ?x ?z)",
                &["(run2 ?x ?y)", "(d_up ?y ?z)", "(true (cell ?z b))"],
            ),
            ("(run2 ?x ?x)", &["(true (cell ?x b))"]),
            (
                "(flank2 ?x)",
                &[
                    "(d_up ?x ?y)",
                    "(true (cell ?y b))",
                    "(run2 ?y ?z)",
                    "(true (cell ?z w))",
                ],
            ),
        ]),
    ];
    let tables = share_alike(&mut groups, true);
    let out = written(&groups);
    insta::assert_snapshot!(format!("{}\n---\n{}", tables.join("\n"), out.join("\n")));
}

#[test]
fn relations_reading_each_other_across_sides_stay_apart() {
    // `a1` reads `a2` and `a2` reads `a1`: no argument tuple can name the one read.
    let mut groups = vec![rules(&[
        ("(legal black (go ?a))", &["(a1 ?a)"]),
        ("(a1 ?a)", &["(true (cell ?a b))", "(a2 ?a)"]),
        ("(a2 ?a)", &["(true (cell ?a w))", "(a1 ?a)"]),
    ])];
    let before = written(&groups);
    let tables = share_alike(&mut groups, true);
    assert!(tables.is_empty());
    assert_eq!(written(&groups), before);
}

#[test]
fn identical_relations_become_one_without_arguments() {
    let mut groups = vec![rules(&[
        ("(legal black (go ?a))", &["(p1 ?a)"]),
        ("(legal white (go ?a))", &["(p2 ?a)"]),
        ("(p1 ?a)", &["(true (cell ?a e))"]),
        ("(p2 ?b)", &["(true (cell ?b e))"]),
    ])];
    let tables = share_alike(&mut groups, true);
    assert!(tables.is_empty(), "{tables:?}");
    assert_eq!(
        written(&groups),
        [
            "(legal black (go ?a)) :- (p1 ?a)",
            "(legal white (go ?a)) :- (p1 ?a)",
            "(p1 ?a) :- (true (cell ?a e))"
        ]
    );
}

#[test]
fn equal_relations_asked_for_different_tuples_become_one_with_both_demands() {
    let mut groups = vec![rules(&[
        ("(legal black (go ?a))", &["(true (cell ?a x))", "(p1 ?a)"]),
        ("(legal white (go ?a))", &["(true (cell ?a y))", "(p2 ?a)"]),
        ("(want_p1 ?a)", &["(true (cell ?a x))"]),
        ("(want_p2 ?a)", &["(true (cell ?a y))"]),
        ("(p1 ?a)", &["(want_p1 ?a)", "(d_up ?a ?b)"]),
        ("(p2 ?c)", &["(want_p2 ?c)", "(d_up ?c ?d)"]),
    ])];
    assert!(share_alike(&mut groups, false).is_empty());
    assert_eq!(
        written(&groups),
        [
            "(legal black (go ?a)) :- (true (cell ?a x)), (p1 ?a)",
            "(legal white (go ?a)) :- (true (cell ?a y)), (p1 ?a)",
            "(want_p1 ?a) :- (true (cell ?a x))",
            "(want_p1 ?a) :- (true (cell ?a y))",
            "(p1 ?a) :- (want_p1 ?a), (d_up ?a ?b)"
        ]
    );
}

#[test]
fn demands_that_would_make_a_recursion_stay_apart() {
    // want_p2 reads q, which reads p1: one demand for p1 and p2 would make p1 recursive.
    let mut groups = vec![rules(&[
        ("(legal black (go ?a))", &["(p1 ?a)", "(p2 ?a)"]),
        ("(want_p1 ?a)", &["(true (cell ?a x))"]),
        ("(want_p2 ?a)", &["(q ?a)"]),
        ("(q ?a)", &["(p1 ?a)"]),
        ("(p1 ?a)", &["(want_p1 ?a)", "(d_up ?a ?b)"]),
        ("(p2 ?a)", &["(want_p2 ?a)", "(d_up ?a ?b)"]),
    ])];
    let before = written(&groups);
    assert!(share_alike(&mut groups, false).is_empty());
    assert_eq!(written(&groups), before);
}

#[test]
fn rules_alike_but_for_their_directions_become_one_reading_a_table() {
    let ray = |dir: &str| -> (String, Vec<String>) {
        (
            "(flank ?a)".to_string(),
            vec![
                "(want_flank ?a)".to_string(),
                format!("(dstep {dir} ?a ?b)"),
                "(true (cell ?b w))".to_string(),
                format!("(dstep {dir} ?b ?c)"),
                "(true (cell ?c b))".to_string(),
            ],
        )
    };
    let mut rays: Vec<Rule> = ["up", "down", "left", "right"]
        .iter()
        .map(|d| {
            let (h, b) = ray(d);
            Rule::new(h, b)
        })
        .collect();
    // Alike but for a piece that does not vary with the direction: stays its own rule.
    rays.push(Rule::new(
        "(flank ?a)".into(),
        vec!["(dstep up ?a ?b)".into(), "(true (cell ?b x))".into()],
    ));
    let mut groups = vec![rays];
    let facts = fold_alike(&mut groups);
    assert_eq!(
        written(&groups),
        [
            "(flank ?a) :- (alt1 ?f1), (want_flank ?a), (dstep ?f1 ?a ?b), (true (cell ?b w)), \
             (dstep ?f1 ?b ?c), (true (cell ?c b))",
            "(flank ?a) :- (dstep up ?a ?b), (true (cell ?b x))",
        ]
    );
    assert_eq!(
        facts,
        ["(alt1 up)", "(alt1 down)", "(alt1 left)", "(alt1 right)"]
    );
}

#[test]
fn rules_whose_fold_would_take_more_lines_stay_apart() {
    let mut groups = vec![rules(&[
        ("(p ?a)", &["(q ?a up)"]),
        ("(p ?a)", &["(q ?a down)"]),
    ])];
    let facts = fold_alike(&mut groups);
    assert!(facts.is_empty());
    assert_eq!(
        written(&groups),
        ["(p ?a) :- (q ?a up)", "(p ?a) :- (q ?a down)"]
    );
}

#[test]
fn relations_alike_but_for_constants_are_asked_for_with_their_constants() {
    let mut groups = vec![rules(&[
        ("(legal black (go ?a))", &["(true (cell ?a x))", "(p1 ?a)"]),
        ("(legal white (go ?a))", &["(true (cell ?a y))", "(p2 ?a)"]),
        ("(want_p1 ?a)", &["(true (cell ?a x))"]),
        ("(want_p2 ?a)", &["(true (cell ?a y))"]),
        (
            "(p1 ?a)",
            &["(want_p1 ?a)", "(d_up ?a ?b)", "(true (cell ?b x))"],
        ),
        (
            "(p2 ?c)",
            &["(want_p2 ?c)", "(d_up ?c ?d)", "(true (cell ?d y))"],
        ),
    ])];
    share_alike(&mut groups, true);
    // A start asked for one side's relation is walked for that side only.
    assert_eq!(
        written(&groups),
        [
            "(legal black (go ?a)) :- (true (cell ?a x)), (p1 ?a x)",
            "(legal white (go ?a)) :- (true (cell ?a y)), (p1 ?a y)",
            "(want_p1 ?a x) :- (true (cell ?a x))",
            "(want_p1 ?a y) :- (true (cell ?a y))",
            "(p1 ?a ?q1) :- (want_p1 ?a ?q1), (d_up ?a ?b), (true (cell ?b ?q1))"
        ]
    );
}
