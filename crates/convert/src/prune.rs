//! Dead rules out of a translation: the rules and facts of relations that no `legal`,
//! `next`, `goal`, `terminal`, `init` or `role` rule depends on (automaton states a game never
//! reads, tables nothing joins) are removed from the text, comments and layout kept. The
//! checker warns about such relations (`gdl::W02`), so a translation without them loads
//! without warnings.

/// `text` without the rules of unused relations; the text unchanged if it does not parse.
pub fn unused_rules(text: &str) -> String {
    let Ok(desc) = gdl::parse(text) else {
        return text.to_string();
    };
    let used = gdl::check::relations::used_relations(&desc);
    let mut dead: Vec<(usize, usize)> = desc
        .rules()
        .filter(|r| !used.contains(&r.head.rel))
        .map(|r| (r.span.start as usize, r.span.end as usize))
        .collect();
    if dead.is_empty() {
        return text.to_string();
    }
    dead.sort_unstable();
    let bytes = text.as_bytes();
    let blank = |i: usize| matches!(bytes.get(i), Some(b' ' | b'\t'));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (start, end) in dead {
        // The form and the blanks around it; a line left empty goes with it.
        let (mut start, mut end) = (start.max(at), end.max(at));
        while start > at && blank(start - 1) {
            start -= 1;
        }
        while blank(end) {
            end += 1;
        }
        out.push_str(&text[at..start]);
        let line_start = out.is_empty() || out.ends_with('\n');
        match bytes.get(end) {
            Some(b'\n') if line_start => end += 1,
            Some(b'\n') | None => {}
            Some(_) if !line_start => out.push(' '),
            Some(_) => {}
        }
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::unused_rules;

    #[test]
    fn rules_nothing_reads_are_removed_and_the_rest_kept() {
        let text = "; the game\n(role a)\n(init (p 1))\n(vertex v1) (vertex v2)\n\
                    (<= (legal a go) (true (p ?x)) (num ?x))\n(num 1) (tmod 1) (num 2)\n\
                    (<= (next (p ?x)) (true (p ?x)))\n(<= terminal (true (p 2)))\n\
                    (<= (goal a 100) (true (p 1)))\n(<= (helper ?x) (num ?x))\n";
        let pruned = unused_rules(text);
        assert_eq!(
            pruned,
            "; the game\n(role a)\n(init (p 1))\n\
             (<= (legal a go) (true (p ?x)) (num ?x))\n(num 1) (num 2)\n\
             (<= (next (p ?x)) (true (p ?x)))\n(<= terminal (true (p 2)))\n\
             (<= (goal a 100) (true (p 1)))\n"
        );
        assert_eq!(unused_rules(&pruned), pruned);
        assert_eq!(unused_rules("(unbalanced"), "(unbalanced");
    }
}
