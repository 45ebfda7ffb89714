//! The game's own relations around the frames: what the keeper leaves (`kf_*` for the
//! current state, `next` after a move ending with `->>`), legal moves and `next`, the end of
//! play and goals.

use super::{flat, prefix, Emitter};

impl Emitter<'_> {
    /// The current state as the player in control sees it: itself when a player is in
    /// control, else where the keeper of frame `k` hands over or gets stuck.
    pub(super) fn keeper_result(&mut self) {
        self.section(
            "The keeper's result kf_*: the current state if a player is in control, else the \
             state where the keeper hands over (k_end) or has no move (k_stuck)",
        );
        let not_keeper = ["(true (control ?r))".to_string(), "(role ?r)".into()];
        let mut facts = vec![
            ("kf_cell ?v ?x", "cell ?v ?x"),
            ("kf_var ?x ?n", "var ?x ?n"),
            ("kf_at ?q", "at ?q"),
            ("kf_pos ?v", "pos ?v"),
            ("kf_control ?r", "control ?r"),
        ];
        if !self.counted.is_empty() {
            facts.push(("kf_count ?x ?n", "count ?x ?n"));
        }
        for (head, t) in facts {
            let mut body = not_keeper.to_vec();
            if !t.starts_with("control") {
                body.push(format!("(true ({t}))"));
            }
            self.rule(&format!("({head})"), &body);
        }
        let keeper = self.names.keeper.clone();
        // The control test first lets a top-down reasoner skip the keeper frame at once in
        // the states where a player is in control (all but the first).
        let control = format!("(true (control {keeper}))");
        self.keeper_outcome(0, &control, ("(true (at ?q))", "(true (pos ?v))"), |f| {
            format!("(kf_{f})")
        });
        for j in 0..=self.frames[0].levels {
            self.rule("(kstuck)", &[format!("(k_stuck{j} ?pp)")]);
        }
    }

    /// `next` after a move ending with `->>`: where the keeper of frame `n` hands over or
    /// gets stuck.
    pub(super) fn next_after_keeper(&mut self, f: usize) {
        self.section("next after frame n: the state where the keeper hands over or is stuck");
        self.keeper_outcome(f, "(mf_keeper)", ("(mf_at ?q)", "(mf_pos ?v)"), |f| {
            format!("(next ({f}))")
        });
    }

    /// Where the keeper of main frame `f` (`k` or `n`), started when `start` holds, hands over
    /// to a player (`F_end<j>`) or has no move (`F_stuck<j>`), and the state there, written
    /// through `out` (`cell ?v ?x` becomes `(kf_cell ?v ?x)` or `(next (cell ?v ?x))`).
    /// `start_at` gives the rules state and vertex of a keeper stuck before any modifier.
    fn keeper_outcome(
        &mut self,
        f: usize,
        start: &str,
        start_at: (&str, &str),
        out: impl Fn(&str) -> String,
    ) {
        let name = self.frames[f].name.clone();
        let keeper = self.names.keeper.clone();
        let counted = !self.counted.is_empty();
        self.rule(&format!("({name}_bound0 nil)"), &[start.to_string()]);
        let stuck0 = format!("{start} ({name}_stuck0 nil)");
        self.rule(&out("at ?q"), &[stuck0.clone(), start_at.0.into()]);
        self.rule(&out("pos ?v"), &[stuck0, start_at.1.into()]);
        let pj = "(p ?q2 ?w ?pp)";
        for j in 0..=self.frames[f].levels {
            if j > 0 {
                let ok = format!("({name}_ok{j} {pj})");
                self.rule(
                    &format!("({name}_bound{j} {pj})"),
                    &[ok.clone(), "(kswitch ?q2)".into()],
                );
                self.rule(
                    &format!("({name}_end{j} {pj})"),
                    &[ok, "(pswitch ?q2)".into()],
                );
                for end in ["end", "stuck"] {
                    let at = format!("{start} ({name}_{end}{j} {pj})");
                    self.rule(&out("at ?q2"), std::slice::from_ref(&at));
                    self.rule(&out("pos ?w"), std::slice::from_ref(&at));
                }
                self.rule(
                    &out("control ?c"),
                    &[
                        format!("{start} ({name}_end{j} {pj})"),
                        "(switchto ?q2 ?c)".into(),
                    ],
                );
            }
            self.rule(
                &format!("({name}_stuck{j} ?pp)"),
                &[
                    format!("({name}_bound{j} ?pp)"),
                    format!("(not ({name}_moved ?pp))"),
                ],
            );
            self.rule(
                &out(&format!("control {keeper}")),
                &[format!("{start} ({name}_stuck{j} ?pp)")],
            );
            for end in ["end", "stuck"] {
                if end == "end" && j == 0 {
                    continue;
                }
                let at = format!("{start} ({name}_{end}{j} ?pp)");
                for case in self.lookup(f, j, "?v", "?x") {
                    let mut body = vec![at.clone()];
                    body.extend(case);
                    self.rule(&out("cell ?v ?x"), &body);
                }
                self.rule(
                    &out("var ?x ?n"),
                    &[at.clone(), format!("({} ?pp ?x ?n)", self.rel(f, "var", j))],
                );
                if counted {
                    self.rule(
                        &out("count ?x ?n"),
                        &[at, format!("({} ?pp ?x ?n)", self.rel(f, "cnt", j))],
                    );
                }
            }
        }
    }

    pub(super) fn player_moves(&mut self) {
        self.section(
            "Legal moves: a complete player prefix, flattened; next: the state it leaves \
             (the keeper moves at the start of the next state)",
        );
        self.rule(
            "(legal ?r noop)",
            &[
                "(role ?r)".into(),
                "(kf_control ?c)".into(),
                "(distinct ?r ?c)".into(),
            ],
        );
        let counted = !self.counted.is_empty();
        for i in 1..=self.frames[1].levels {
            let (p, f) = (prefix(i), flat(i));
            let mv = format!("(move{i} {f})");
            self.rule(
                &format!("(legal ?r {mv})"),
                &[
                    "(kf_control ?r)".into(),
                    "(role ?r)".into(),
                    format!("(m_done{i} {p})"),
                ],
            );
            self.rule("(mhas)", &[format!("(m_done{i} {p})")]);
            // A move ending with a switch to a player leaves its own state; one ending with
            // `->>` leaves it to the keeper (mf_*, frame n), whose result is the next state.
            let kdoes = format!("(does ?r {mv}) (kswitch ?m{i})");
            self.rule(
                "(mf_cell ?u ?x)",
                &[kdoes.clone(), format!("(m_mod{i} {p} ?u ?x)")],
            );
            self.rule(
                "(mf_cell ?u ?x)",
                &[
                    kdoes.clone(),
                    "(kf_cell ?u ?x)".into(),
                    format!("(not (m_chg{i} {p} ?u))"),
                ],
            );
            self.rule(
                "(mf_var ?x ?n)",
                &[kdoes.clone(), format!("(m_var{i} {p} ?x ?n)")],
            );
            if counted {
                self.rule(
                    "(mf_cnt ?x ?n)",
                    &[kdoes.clone(), format!("(m_cnt{i} {p} ?x ?n)")],
                );
            }
            self.rule(&format!("(mf_at ?m{i})"), std::slice::from_ref(&kdoes));
            self.rule(&format!("(mf_pos ?v{i})"), std::slice::from_ref(&kdoes));
            self.rule("(mf_keeper)", std::slice::from_ref(&kdoes));
            let does = format!("(does ?r {mv}) (pswitch ?m{i})");
            self.rule(
                "(next (cell ?u ?x))",
                &[does.clone(), format!("(m_mod{i} {p} ?u ?x)")],
            );
            self.rule(
                "(next (cell ?u ?x))",
                &[
                    does.clone(),
                    "(kf_cell ?u ?x)".into(),
                    format!("(not (m_chg{i} {p} ?u))"),
                ],
            );
            self.rule(
                "(next (var ?x ?n))",
                &[does.clone(), format!("(m_var{i} {p} ?x ?n)")],
            );
            if counted {
                self.rule(
                    "(next (count ?x ?n))",
                    &[does.clone(), format!("(m_cnt{i} {p} ?x ?n)")],
                );
            }
            self.rule(&format!("(next (at ?m{i}))"), std::slice::from_ref(&does));
            self.rule(&format!("(next (pos ?v{i}))"), std::slice::from_ref(&does));
            self.rule(
                "(next (control ?c))",
                &[does, format!("(switchto ?m{i} ?c)")],
            );
        }
    }

    pub(super) fn end_of_play(&mut self) {
        self.section(
            "End of play: the keeper is stuck, or the player in control has no move; goals \
             are the scaled scores",
        );
        self.rule("(terminal)", &["(kstuck)".into()]);
        self.rule(
            "(terminal)",
            &[
                "(kf_control ?r)".into(),
                "(role ?r)".into(),
                "(not (mhas))".into(),
            ],
        );
        let mut goal = vec![
            "(role ?r)".to_string(),
            "(kf_var ?r ?s)".into(),
            "(scale ?r ?s ?g)".into(),
        ];
        if self.unrolled() {
            // The frames wrote their `overflow` rules; those run in `next` mark the state.
            if (0..self.frames.len()).any(|f| self.frames[f].unrolled && self.in_next(f)) {
                self.rule("(overflow)", &["(true overflowed)".into()]);
            }
            self.rule("(terminal)", &["(overflow)".into()]);
            self.rule("(goal ?r 0)", &["(role ?r)".into(), "(overflow)".into()]);
            goal.push("(not (overflow))".into());
        }
        self.rule("(goal ?r ?g)", &goal);
    }
}
