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
