//! Whole-board shift regions (`anySquare`): walks replaced by running each class's successors
//! at every vertex.

use super::*;

/// A whole-board region (see `full_regions`).
#[derive(Clone, Debug)]
pub(super) struct FullRegion {
    /// One exit state per class.
    pub(super) exits: Vec<u32>,
    /// The owner's own non-shift successors that are one class's successors (taken at every
    /// vertex with that class, the owner's vertex included); the owner takes its other
    /// non-shift successors itself.
    pub(super) direct_covered: Vec<u32>,
}

/// Budget of (state, vertex, vertex) steps for finding whole-board regions.
pub(super) const REGION_BUDGET: usize = 1 << 25;

/// Whole-board shift regions: for a state `q` whose shift successors, followed through shifts
/// only, reach a set `S` of shift states, where the states of
/// `S` with other successors ("exits"), grouped by those successors ("classes"), reach every
/// vertex from every vertex (e.g. `anySquare = (left* + right*)(up* + down*)`), the walk is
/// replaced by running each class's successors at every vertex. That takes the same actions
/// at the same vertices as the walk, each once (a successor shared by several exits has a
/// mark), provided `q` itself runs once per level (an entry) or every successor of an exit
/// keeps its mark. Every state outside `S` entering it (an "owner": `q`, and e.g. the loop
/// back of a star around `anySquare`) must have the region too, since `S` gets no code, and
/// owners that are not entries need the exits' successors marked (two owners may run in one
/// level). Returns per state one exit per class, and the states of `S` (which need no code).
#[allow(clippy::type_complexity)]
pub(super) fn full_regions(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    rep: &[u32],
    check: &[Option<u32>],
    preds: &[Vec<u32>],
) -> (Vec<Option<FullRegion>>, Vec<bool>) {
    let n = view.nstates();
    let nv = view.nvertices();
    let is_shift = |q: u32| matches!(actions[q as usize], ActionView::Shift { .. });
    let mut full = vec![None; n];
    let mut covered = vec![false; n];
    let mut budget = REGION_BUDGET;
    let mut found: Vec<(u32, Vec<u32>, Vec<u32>)> = Vec::new();
    for q in 0..n as u32 {
        if rep[q as usize] != q || is_shift(q) || nv == 0 {
            continue;
        }
        // S: shift states reached from q through shifts.
        let mut region: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = view
            .successors(q)
            .iter()
            .copied()
            .filter(|&j| is_shift(j))
            .collect();
        while let Some(s) = stack.pop() {
            if region.contains(&s) {
                continue;
            }
            region.push(s);
            stack.extend(view.successors(s).iter().copied().filter(|&j| is_shift(j)));
        }
        // The owners: every state outside S entering it (q, and e.g. a star's loop back).
        let mut owners: Vec<u32> = region
            .iter()
            .flat_map(|&s| preds[s as usize].iter().copied())
            .filter(|p| !region.contains(p))
            .collect();
        owners.sort_unstable();
        owners.dedup();
        if region.is_empty() || region.iter().any(|&s| view.accepting(s)) {
            continue;
        }
        let exits: Vec<u32> = region
            .iter()
            .copied()
            .filter(|&s| view.successors(s).iter().any(|&j| !is_shift(j)))
            .collect();
        let entry = |q: u32| {
            matches!(
                actions[q as usize],
                ActionView::Start
                    | ActionView::Off { .. }
                    | ActionView::Assign { .. }
                    | ActionView::Switch { .. }
            )
        };
        let exit_succ_marked = exits.iter().all(|&s| {
            view.successors(s)
                .iter()
                .all(|&j| is_shift(j) || check[j as usize].is_some())
        });
        // Several owners in one level would each take the exits' successors: their marks
        // must merge them. Entries start levels, so only one of them runs per level.
        if exits.is_empty() || !(owners.iter().all(|&o| entry(o)) || exit_succ_marked) {
            continue;
        }
        let cost = region.len().saturating_mul(nv).saturating_mul(nv);
        if cost > budget {
            continue;
        }
        budget -= cost;
        // Exits with the same other successors form a class: the walk takes those successors
        // once per vertex whichever exit reaches it (marks merge the rest).
        let mut classes: Vec<Vec<u32>> = Vec::new();
        let others = |s: u32| -> Vec<u32> {
            view.successors(s)
                .iter()
                .copied()
                .filter(|&j| !is_shift(j))
                .collect()
        };
        for &s in &exits {
            match classes.iter_mut().find(|c| others(c[0]) == others(s)) {
                Some(c) => c.push(s),
                None => classes.push(vec![s]),
            }
        }
        // q's own other successors, taken at its vertex, may form one of the classes.
        let direct = others(q);
        let direct_class = classes
            .iter()
            .position(|c| others(c[0]).iter().all(|j| direct.contains(j)));
        if region_is_full(view, actions, q, &region, &classes, direct_class) {
            region.sort_unstable();
            full[q as usize] = Some(FullRegion {
                exits: classes.iter().map(|c| c[0]).collect(),
                direct_covered: direct_class.map_or(Vec::new(), |k| others(classes[k][0])),
            });
            found.push((q, region, owners));
        }
    }
    // S has no code once covered: keep a region only if every owner of it runs it too.
    loop {
        let before = found.len();
        let has = |o: u32, r: &Vec<u32>, found: &[(u32, Vec<u32>, Vec<u32>)]| {
            found.iter().any(|(q, r2, _)| *q == o && r2 == r)
        };
        let keep: Vec<bool> = found
            .iter()
            .map(|(_, r, owners)| owners.iter().all(|&o| has(o, r, &found)))
            .collect();
        let mut i = 0;
        found.retain(|(q, _, _)| {
            let k = keep[i];
            i += 1;
            if !k {
                full[*q as usize] = None;
            }
            k
        });
        if found.len() == before {
            break;
        }
    }
    for (_, region, _) in &found {
        for &s in region {
            covered[s as usize] = true;
        }
    }
    (full, covered)
}

/// Whether from every vertex the shifts of `region` (entered from `q`) reach every class of
/// exits at every vertex.
pub(super) fn region_is_full(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    q: u32,
    region: &[u32],
    classes: &[Vec<u32>],
    direct_class: Option<usize>,
) -> bool {
    let nv = view.nvertices();
    let idx = |s: u32| region.iter().position(|&r| r == s).expect("in region");
    let dir = |s: u32| match actions[s as usize] {
        ActionView::Shift { dir } => dir,
        _ => unreachable!("regions hold shifts"),
    };
    let mut seen = vec![false; region.len() * nv];
    let mut queue: Vec<(u32, u32)> = Vec::new();
    for v in 0..nv as u32 {
        seen.iter_mut().for_each(|x| *x = false);
        queue.clear();
        for &j in view.successors(q) {
            if matches!(actions[j as usize], ActionView::Shift { .. }) {
                if let Some(w) = view.neighbour(v, dir(j)) {
                    let i = idx(j) * nv + w as usize;
                    if !seen[i] {
                        seen[i] = true;
                        queue.push((j, w));
                    }
                }
            }
        }
        while let Some((s, w)) = queue.pop() {
            for &t in view.successors(s) {
                if !matches!(actions[t as usize], ActionView::Shift { .. }) {
                    continue;
                }
                if let Some(x) = view.neighbour(w, dir(t)) {
                    let i = idx(t) * nv + x as usize;
                    if !seen[i] {
                        seen[i] = true;
                        queue.push((t, x));
                    }
                }
            }
        }
        // Every class (exits with the same other successors) covers every vertex.
        for (k, class) in classes.iter().enumerate() {
            let covered = (0..nv).all(|w| {
                (direct_class == Some(k) && w == v as usize)
                    || class.iter().any(|&s| seen[idx(s) * nv + w])
            });
            if !covered {
                return false;
            }
        }
    }
    true
}

/// States that need no mark because of a region: a successor `j` of exactly one class of one
/// region whose owner starts a level (so runs once per level), with no predecessor but the
/// region's states and, if `j` is one of the owner's own successors, the owner through
/// `direct_covered`. The region runs `j` once per vertex (breakthrough's `anySquare {w} [e]`:
/// the loop over the pawns' piece set meets each pawn once).
pub(super) fn unmarked_by_regions(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    preds: &[Vec<u32>],
    is_entry: &dyn Fn(u32) -> bool,
    full: &[Option<FullRegion>],
    covered: &[bool],
) -> Vec<u32> {
    let n = view.nstates();
    // Per state: how many (owner, class) pairs run it, and the last owner.
    let mut runs = vec![0u32; n];
    let mut owner = vec![u32::MAX; n];
    for (q, region) in full.iter().enumerate() {
        let Some(region) = region else { continue };
        for &e in &region.exits {
            for &j in view.successors(e) {
                runs[j as usize] += 1;
                owner[j as usize] = q as u32;
            }
        }
    }
    (0..n as u32)
        .filter(|&j| {
            let q = owner[j as usize];
            runs[j as usize] == 1
                && is_entry(q)
                && !matches!(actions[j as usize], ActionView::Shift { .. })
                && preds[j as usize].iter().all(|&p| {
                    covered[p as usize]
                        || (p == q
                            && full[q as usize]
                                .as_ref()
                                .is_some_and(|r| r.direct_covered.contains(&j)))
                })
        })
        .collect()
}
