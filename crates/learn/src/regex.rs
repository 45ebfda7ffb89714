//! DFA → a concise regular expression ([`sbg::Expr`]): state elimination (cheapest state
//! first), then simplification of sums of sequences:
//! `u + x x^* u → x^* u` (and mirrored), `x x^* → x^* x` for a letter `x`, and factoring of
//! common first / last items, so a rider's ray comes out as `(0,1,e)^*((0,1,e) + (0,1,p))`.

use crate::dfa::{Dfa, NONE};
use sbg::{Expr, Letter};

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Re {
    Eps,
    Letter(u8),
    Cat(Vec<Re>),
    Alt(Vec<Re>),
    Star(Box<Re>),
}

fn seq(r: &Re) -> Vec<Re> {
    match r {
        Re::Eps => Vec::new(),
        Re::Cat(v) => v.clone(),
        r => vec![r.clone()],
    }
}

fn cat(parts: Vec<Re>) -> Re {
    let mut v = Vec::new();
    for p in parts {
        v.extend(seq(&p));
    }
    match v.len() {
        0 => Re::Eps,
        1 => v.pop().unwrap(),
        _ => Re::Cat(v),
    }
}

fn alt(parts: Vec<Re>) -> Re {
    let mut v: Vec<Re> = Vec::new();
    for p in parts {
        let items = match p {
            Re::Alt(inner) => inner,
            p => vec![p],
        };
        for i in items {
            if !v.contains(&i) {
                v.push(i);
            }
        }
    }
    match v.len() {
        0 => panic!("empty alternative"),
        1 => v.pop().unwrap(),
        _ => Re::Alt(v),
    }
}

fn star(r: Re) -> Re {
    match r {
        Re::Eps => Re::Eps,
        Re::Star(_) => r,
        r => Re::Star(Box::new(r)),
    }
}

fn add(slot: &mut Option<Re>, r: Re) {
    *slot = Some(match slot.take() {
        None => r,
        Some(old) => alt(vec![old, r]),
    });
}

/// The language of `dfa` (letters indexing `alphabet`) as an expression; `None` when empty.
pub fn to_expr(dfa: &Dfa, alphabet: &[Letter]) -> Option<Expr> {
    let n = dfa.states();
    let f = n;
    let mut r: Vec<Vec<Option<Re>>> = vec![vec![None; n + 1]; n + 1];
    for (q, row) in r.iter_mut().enumerate().take(n) {
        for a in 0..dfa.letters {
            let t = dfa.step(q, a);
            if t != NONE {
                add(&mut row[t as usize], Re::Letter(a as u8));
            }
        }
        if dfa.accepting[q] {
            add(&mut row[f], Re::Eps);
        }
    }
    let mut alive: Vec<bool> = vec![true; n];
    alive[0] = false;
    for _ in 1..n {
        // Cheapest state to eliminate: fewest in × out edges.
        let cost = |k: usize| {
            let ins = (0..=n).filter(|&i| i != k && r[i][k].is_some()).count();
            let outs = (0..=n).filter(|&j| j != k && r[k][j].is_some()).count();
            ins * outs
        };
        let Some(k) = (1..n).filter(|&k| alive[k]).min_by_key(|&k| cost(k)) else {
            break;
        };
        alive[k] = false;
        let lp = r[k][k].take().map(star);
        for i in 0..=n {
            if i == k {
                continue;
            }
            let Some(into) = r[i][k].take() else {
                continue;
            };
            let outs: Vec<(usize, Re)> = r[k]
                .iter()
                .enumerate()
                .filter(|&(j, o)| j != k && o.is_some())
                .map(|(j, o)| (j, o.clone().unwrap()))
                .collect();
            for (j, out) in outs {
                {
                    let mut parts = vec![into.clone()];
                    parts.extend(lp.clone());
                    parts.push(out);
                    add(&mut r[i][j], cat(parts));
                }
            }
        }
        r[k].iter_mut().for_each(|x| *x = None);
    }
    let tail = r[0][f].take()?;
    let whole = match r[0][0].take() {
        Some(l) => cat(vec![star(l), tail]),
        None => tail,
    };
    Some(to_sbg(&simplify(whole), alphabet))
}

fn simplify(r: Re) -> Re {
    match r {
        Re::Eps | Re::Letter(_) => r,
        Re::Star(x) => star(simplify(*x)),
        Re::Cat(v) => cat(rewrite_seq(v.into_iter().map(simplify).collect())),
        Re::Alt(v) => simplify_sum(v.into_iter().map(simplify).collect()),
    }
}

/// `x x^* → x^* x` for a letter `x`; `y^* y^* → y^*`.
fn rewrite_seq(mut s: Vec<Re>) -> Vec<Re> {
    let mut i = 0;
    while i + 1 < s.len() {
        if matches!(s[i], Re::Letter(_)) && s[i + 1] == star(s[i].clone()) {
            s.swap(i, i + 1);
            i = 0;
            continue;
        }
        if matches!(s[i], Re::Star(_)) && s[i] == s[i + 1] {
            s.remove(i + 1);
            continue;
        }
        i += 1;
    }
    s
}

fn simplify_sum(terms: Vec<Re>) -> Re {
    // Sum of sequences; alternatives containing the empty word inside a sequence are expanded.
    let mut seqs: Vec<Vec<Re>> = Vec::new();
    let mut todo: Vec<Vec<Re>> = terms.iter().map(seq).collect();
    while let Some(s) = todo.pop() {
        let pos = s
            .iter()
            .position(|x| matches!(x, Re::Alt(v) if v.contains(&Re::Eps)));
        match pos {
            Some(p) => {
                let Re::Alt(v) = &s[p] else { unreachable!() };
                let rest: Vec<Re> = v.iter().filter(|x| **x != Re::Eps).cloned().collect();
                let mut without = s.clone();
                without.remove(p);
                let mut with = s.clone();
                with[p] = alt(rest);
                todo.push(without);
                todo.push(with);
            }
            None => {
                if !seqs.contains(&s) {
                    seqs.push(s);
                }
            }
        }
    }
    seqs.reverse();
    // Absorption: u + x x^* u = x^* u, u + x^* u = x^* u, and the mirrored forms.
    let mut changed = true;
    while changed {
        changed = false;
        'pairs: for i in 0..seqs.len() {
            for j in 0..seqs.len() {
                if i == j {
                    continue;
                }
                let (u, v) = (&seqs[i], &seqs[j]);
                if let Some(new) = absorb(u, v) {
                    seqs[j] = new;
                    seqs.remove(i);
                    changed = true;
                    break 'pairs;
                }
            }
        }
    }
    let seqs: Vec<Vec<Re>> = seqs.into_iter().map(rewrite_seq).collect();
    factor(seqs)
}

/// `u + v` as one sequence when `v` is `u` with `x x^*`, `x^* x` or `x^*` before or after.
fn absorb(u: &[Re], v: &[Re]) -> Option<Vec<Re>> {
    let n = u.len();
    if v.len() == n + 2 {
        if v[2..] == *u && loop_pair(&v[0], &v[1]) {
            let mut out = vec![star_of_pair(&v[0], &v[1])];
            out.extend_from_slice(u);
            return Some(out);
        }
        if v[..n] == *u && loop_pair(&v[n], &v[n + 1]) {
            let mut out = u.to_vec();
            out.push(star_of_pair(&v[n], &v[n + 1]));
            return Some(out);
        }
    }
    if v.len() == n + 1
        && ((v[1..] == *u && matches!(v[0], Re::Star(_)))
            || (v[..n] == *u && matches!(v[n], Re::Star(_))))
    {
        return Some(v.to_vec());
    }
    None
}

fn loop_pair(a: &Re, b: &Re) -> bool {
    *b == star(a.clone()) || *a == star(b.clone())
}

fn star_of_pair(a: &Re, b: &Re) -> Re {
    if matches!(a, Re::Star(_)) {
        a.clone()
    } else {
        b.clone()
    }
}

/// Factors common first items, then common last items, of a sum of sequences.
fn factor(seqs: Vec<Vec<Re>>) -> Re {
    let mut out: Vec<Re> = Vec::new();
    let mut used = vec![false; seqs.len()];
    for i in 0..seqs.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let s = &seqs[i];
        if s.len() < 2 {
            out.push(cat(s.clone()));
            continue;
        }
        let mut group = vec![s.clone()];
        for j in i + 1..seqs.len() {
            if !used[j] && seqs[j].len() >= 2 && seqs[j][0] == s[0] {
                used[j] = true;
                group.push(seqs[j].clone());
            }
        }
        if group.len() == 1 {
            out.push(cat(s.clone()));
        } else {
            let rests: Vec<Vec<Re>> = group.iter().map(|g| g[1..].to_vec()).collect();
            out.push(cat(vec![s[0].clone(), factor(rests)]));
        }
    }
    // Common last items among what is left.
    let mut merged: Vec<Re> = Vec::new();
    let mut used = vec![false; out.len()];
    for i in 0..out.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let s = seq(&out[i]);
        if s.len() < 2 {
            merged.push(out[i].clone());
            continue;
        }
        let last = s.last().unwrap().clone();
        let mut group = vec![s.clone()];
        for j in i + 1..out.len() {
            let t = seq(&out[j]);
            if !used[j] && t.len() >= 2 && *t.last().unwrap() == last {
                used[j] = true;
                group.push(t);
            }
        }
        if group.len() == 1 {
            merged.push(out[i].clone());
        } else {
            let heads: Vec<Re> = group
                .iter()
                .map(|g| cat(g[..g.len() - 1].to_vec()))
                .collect();
            merged.push(cat(vec![alt(heads), last]));
        }
    }
    alt(merged)
}

fn to_sbg(r: &Re, alphabet: &[Letter]) -> Expr {
    match r {
        // Not produced for languages without the empty word; `x^0` is SBG's empty word.
        Re::Eps => Expr::Power(Box::new(Expr::Letter(alphabet[0])), 0),
        Re::Letter(a) => Expr::Letter(alphabet[*a as usize]),
        Re::Cat(v) => Expr::concat(v.iter().map(|x| to_sbg(x, alphabet)).collect()),
        Re::Alt(v) => Expr::alt(v.iter().map(|x| to_sbg(x, alphabet)).collect()),
        Re::Star(x) => Expr::Star(Box::new(to_sbg(x, alphabet))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sbg::On;

    #[test]
    fn a_ray_comes_out_as_a_rider() {
        // Letters: 0 = (0,1,e), 1 = (0,1,p). Words e^k and e^k p for k >= 1, and p.
        let alphabet = [
            Letter {
                dx: 0,
                dy: 1,
                on: On::Empty,
            },
            Letter {
                dx: 0,
                dy: 1,
                on: On::Opponent,
            },
        ];
        let words: Vec<Vec<u8>> = (1..6)
            .flat_map(|k| [vec![0; k], [vec![0; k - 1], vec![1]].concat()])
            .collect();
        let d = Dfa::prefix_tree(2, &words).minimized();
        let g = d.collapse(1, 3, 100).unwrap().minimized();
        let e = to_expr(&g, &alphabet).unwrap();
        assert_eq!(sbg::print::print_expr(&e), "(0,1,e)^*((0,1,e) + (0,1,p))");
    }
}
