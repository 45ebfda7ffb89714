//! The whole text: sections, static facts and the relations the rules use.

use super::*;

/// The rules as text by section, and what the static facts need from them.
struct Written {
    sections: Vec<(String, Vec<String>)>,
    steps: steps::Steps,
    /// The facts of the argument tables the merged relations read.
    tables: Vec<String>,
    /// Some rule reads `(vertex v)`.
    vertex: bool,
}

impl Translator<'_> {
    /// The whole text.
    pub(super) fn write(&mut self, init: Vec<String>) -> String {
        let game = self.game;
        let mut roles: Vec<String> = self.names.variables[..game.players.len()]
            .iter()
            .map(|r| format!("(role {r})"))
            .collect();
        roles.extend(init);
        let written = self.rules();
        let mut sections: Vec<(String, Vec<String>)> = vec![
            (
                "Roles and the initial state (after the keeper's first phase)".into(),
                roles,
            ),
            (
                "The board and the rules' constants".into(),
                self.statics(&written),
            ),
        ];
        sections.extend(written.sections);
        let mut out = self.header();
        for (title, lines) in sections {
            if lines.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n;; {title}");
            for l in lines {
                let _ = writeln!(out, "{l}");
            }
        }
        crate::prune::unused_rules(&out)
    }

    /// The rules by section, settled ([`text`]), their steps ([`steps`]) and relations
    /// merged ([`share`]), as text.
    fn rules(&mut self) -> Written {
        let (game, names) = (self.game, self.names);
        let mut nav_rules: Vec<Rule> = std::mem::take(&mut self.nav.rules);
        nav_rules.append(&mut self.extra);
        nav_rules.sort_by_key(|r| relation_order(text::head_relation(&r.head)));
        let mut sections = std::mem::take(&mut self.sections);
        sections.insert(
            1,
            (
                "Navigations: the rules between modifiers, shared where they are equal".into(),
                nav_rules,
            ),
        );
        let given = self.given_relations();
        let mut groups: Vec<Vec<Rule>> = sections
            .iter_mut()
            .map(|s| std::mem::take(&mut s.1))
            .collect();
        text::settle_demands(&mut groups);
        text::drop_repeated(&mut groups);
        text::drop_undefined(&mut groups, &given);
        let (as_constant, compose) = match self.share {
            Share::Constants {
                directions,
                compose,
            } => (directions, compose),
            Share::Off | Share::Equal => (false, true),
        };
        let steps = steps::Steps::settle(&mut groups, game, names, as_constant, compose);
        let tables = match self.share {
            Share::Off => Vec::new(),
            Share::Equal => share::share_alike(&mut groups, false),
            Share::Constants { .. } => {
                let mut tables = share::share_alike(&mut groups, true);
                tables.extend(share::fold_alike(&mut groups));
                tables
            }
        };
        let mut vertex = self.nav.uses.same;
        let sections = sections
            .into_iter()
            .zip(groups)
            .map(|((t, _), rules)| {
                let lines = rules
                    .into_iter()
                    .filter_map(|r| r.finish(&mut vertex))
                    .map(|r| r.text())
                    .collect();
                (t, lines)
            })
            .collect();
        Written {
            sections,
            steps,
            tables,
            vertex,
        }
    }

    /// The static facts (and the few static rules) the rules read.
    fn statics(&self, written: &Written) -> Vec<String> {
        let (game, names) = (self.game, self.names);
        let mut statics: Vec<String> = Vec::new();
        if written.vertex {
            let vs: Vec<String> = names
                .vertices
                .iter()
                .map(|v| format!("(vertex {v})"))
                .collect();
            statics.extend(fact_lines(&vs));
        }
        if self.nav.uses.same {
            statics.push("(<= (same ?v ?v) (vertex ?v))".into());
        }
        if self.nav.uses.counts {
            if let (Some(first), Some(last)) = (names.vertices.first(), names.vertices.last()) {
                statics.push(format!("(vfirst {first}) (vlast {last})"));
            }
            let chain: Vec<String> = names
                .vertices
                .windows(2)
                .map(|w| format!("(vnext {} {})", w[0], w[1]))
                .collect();
            statics.extend(fact_lines(&chain));
        }
        statics.extend(written.steps.facts(game, names));
        statics.extend(fact_lines(&self.modifier_facts()));
        statics.extend(fact_lines(&written.tables));
        let mut max_bound = nav::max_bound(game);
        if self.nav.uses.counts {
            max_bound = max_bound.max(names.vertices.len() as i64);
        }
        if self.nav.uses.succ {
            let succ: Vec<String> = (0..max_bound)
                .map(|n| format!("(succ {n} {})", n + 1))
                .collect();
            statics.extend(fact_lines(&succ));
        }
        if self.nav.uses.order {
            statics.push("(<= (less ?a ?b) (succ ?a ?b))".into());
            statics.push("(<= (less ?a ?c) (succ ?a ?b) (less ?b ?c))".into());
            statics.push("(<= (atmost ?a ?b) (less ?a ?b))".into());
            statics.push("(<= (atmost ?a ?a) (succ ?a ?b))".into());
            statics.push(format!("(atmost {max_bound} {max_bound})"));
        }
        for (i, v) in game.variables[..game.players.len()].iter().enumerate() {
            if v.bound != 100 {
                let rows: Vec<String> = (0..=v.bound)
                    .map(|n| {
                        format!(
                            "(scaled{} {n} {})",
                            i + 1,
                            (100 * n + v.bound / 2) / v.bound
                        )
                    })
                    .collect();
                statics.extend(fact_lines(&rows));
            }
        }
        statics
    }

    /// What the modifiers do: the pieces they put, the assignments, the switches and the
    /// places that are the same.
    fn modifier_facts(&self) -> Vec<String> {
        let names = self.names;
        let mut facts: Vec<String> = Vec::new();
        for (m, x) in &self.puts {
            facts.push(format!("(puts m{m} {})", names.pieces[x.index()]));
        }
        for (m, (x, n)) in &self.sets {
            facts.push(format!("(sets m{m} {} {n})", names.variables[x.index()]));
        }
        for (m, x) in &self.sets_slot {
            facts.push(format!("(setsv m{m} {})", names.variables[x.index()]));
        }
        for (m, r) in &self.switch_to {
            facts.push(format!("(switchto m{m} {r})"));
        }
        if self.need_at {
            for (m, q) in &self.same_place {
                facts.push(format!("(place m{m} m{q})"));
            }
        }
        facts
    }

    /// The comment lines at the top: the encoding, the implicit piece, the chains' terms.
    fn header(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            ";; Translated from RBG by rbgtool (direct encoding: one legal rule per shape of move)."
        );
        if let Some(p) = self.nav.empty {
            let _ = writeln!(
                out,
                ";; A vertex with no (cell v x) fact holds {}.",
                self.names.pieces[p.index()]
            );
        }
        for (i, h) in self.chain_groups.iter().enumerate() {
            let _ = writeln!(
                out,
                ";; Loops that put pieces within a player's move: (chain{g}_k F P v) is a chain \
                 of k iterations P (newest first) ending on v, up to {} (chainover past it \
                 ends the play with goal 0).",
                h.levels(),
                g = i + 1
            );
        }
        out
    }

    /// Relations defined by the facts written beside the rules, and GDL's own.
    fn given_relations(&self) -> Vec<String> {
        let mut given: Vec<String> = ["true", "does", "distinct", "role", "vertex", "or", "same"]
            .map(String::from)
            .to_vec();
        let uses = &self.nav.uses;
        if !self.puts.is_empty() {
            given.push("puts".into());
        }
        if !self.sets.is_empty() {
            given.push("sets".into());
        }
        if !self.sets_slot.is_empty() {
            given.push("setsv".into());
        }
        if !self.switch_to.is_empty() {
            given.push("switchto".into());
        }
        if self.need_at {
            given.push("place".into());
        }
        if uses.succ {
            given.push("succ".into());
        }
        if uses.order {
            given.extend(["less".into(), "atmost".into()]);
        }
        if uses.counts {
            given.extend(["vnext".into(), "vfirst".into(), "vlast".into()]);
        }
        for &d in &uses.directions {
            given.push(nav::dir_relation(self.names, d));
        }
        for i in 0..self.game.players.len() {
            given.push(format!("scaled{}", i + 1));
        }
        given
    }
}

/// Navigation rules sorted by relation name (numbers in order), so a relation's rules are
/// together.
fn relation_order(name: &str) -> (String, u64) {
    let digits = name.trim_start_matches(|c: char| !c.is_ascii_digit());
    let prefix = &name[..name.len() - digits.len()];
    (prefix.to_string(), digits.parse().unwrap_or(0))
}
