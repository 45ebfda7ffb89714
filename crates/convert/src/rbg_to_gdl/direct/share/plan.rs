//! Which merged relations go together (families), the arguments that tell their members
//! apart, and the merges to undo where they would tie relations into a new recursion.

use super::shape::Shape;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Merged classes that read each other, directly or not, form a *family*: its members line
/// up as instances (black's relations, white's relations) that read only each other, and
/// the family's arguments are the constants that tell its instances apart.
pub(super) struct Family {
    /// Per instance, the value of each column: every class's own constants, then the
    /// arguments it passes to the merged relations of other families it reads.
    pub(super) columns: Vec<Vec<String>>,
    /// Per column, the argument it is (by number) or `None` where every instance agrees.
    pub(super) param: Vec<Option<usize>>,
    pub(super) params: usize,
    pub(super) table: String,
}

impl Family {
    pub(super) fn tuple(&self, instance: usize) -> Vec<String> {
        let mut out = vec![String::new(); self.params];
        for (col, p) in self.param.iter().enumerate() {
            if let Some(p) = p {
                out[*p] = self.columns[instance][col].clone();
            }
        }
        out
    }
}

/// Where a merged relation goes.
#[derive(Clone, Debug)]
pub(super) struct Member {
    /// The relation keeping the class's rules (its first member).
    pub(super) rep: String,
    pub(super) family: usize,
    pub(super) instance: usize,
    /// The first column of its class in the family's columns.
    pub(super) offset: usize,
    /// Its own constants, in reading order.
    pub(super) own: usize,
}

pub(super) struct Plan {
    pub(super) member_of: HashMap<String, Member>,
    pub(super) families: Vec<Family>,
    pub(super) tables: Vec<String>,
    /// Demand relations merged into another (their rules become its rules).
    pub(super) rename: HashMap<String, String>,
    /// Demands that ask for their family's arguments too (by demand: family, instance), so
    /// a merged relation is computed from a start only for the instances asked there
    /// (merged without them, chess's diagonal rays were walked in all four directions from
    /// every square one of them was asked from).
    pub(super) demand_of: HashMap<String, (usize, usize)>,
}

impl Plan {
    /// The plan for `class`, or the relations to keep apart when a family's instances do
    /// not line up.
    pub(super) fn new(
        order: &[String],
        shapes: &HashMap<&str, Shape>,
        class: &HashMap<String, usize>,
    ) -> Result<Plan, Vec<String>> {
        let mut members: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for rel in order {
            members.entry(class[rel]).or_default().push(rel.clone());
        }
        members.retain(|_, m| m.len() > 1);
        let graph: BTreeMap<usize, Vec<usize>> = members
            .iter()
            .map(|(&c, m)| {
                let reads = m
                    .iter()
                    .flat_map(|rel| &shapes[rel.as_str()].refs)
                    .map(|r| class[r])
                    .filter(|d| members.contains_key(d))
                    .collect();
                (c, reads)
            })
            .collect();
        let mut plan = Plan {
            member_of: HashMap::new(),
            families: Vec::new(),
            tables: Vec::new(),
            rename: HashMap::new(),
            demand_of: HashMap::new(),
        };
        let mut tables: HashMap<Vec<Vec<String>>, String> = HashMap::new();
        // Components come out with those read first.
        for family in components(&graph) {
            let instances = plan.line_up(&family, &members, shapes, class)?;
            plan.add_family(&family, &members, &instances, shapes, class, &mut tables);
        }
        // The demands read at the same places by merged relations become one.
        let mut parent: HashMap<String, String> = HashMap::new();
        fn root<'a>(parent: &'a HashMap<String, String>, mut d: &'a str) -> String {
            while let Some(p) = parent.get(d) {
                d = p;
            }
            d.to_string()
        }
        for m in members.values() {
            let first = &shapes[m[0].as_str()].demands;
            for other in &m[1..] {
                for (a, b) in first.iter().zip(&shapes[other.as_str()].demands) {
                    let (ra, rb) = (root(&parent, a), root(&parent, b));
                    if ra != rb {
                        parent.insert(rb, ra);
                    }
                }
            }
        }
        plan.rename = parent
            .keys()
            .map(|d| (d.clone(), root(&parent, d)))
            .collect();
        plan.demand_of = plan.typed_demands(&members, shapes);
        Ok(plan)
    }

    /// The demands read by merged relations of a family with arguments, each with the
    /// instance of the relation reading it; a merged demand whose demands are not all read
    /// by one family's members, one instance each, asks for no arguments.
    fn typed_demands(
        &self,
        members: &BTreeMap<usize, Vec<String>>,
        shapes: &HashMap<&str, Shape>,
    ) -> HashMap<String, (usize, usize)> {
        let mut of: HashMap<String, Option<(usize, usize)>> = HashMap::new();
        for rel in members.values().flatten() {
            let m = &self.member_of[rel];
            for d in &shapes[rel.as_str()].demands {
                let seen = of.entry(d.clone()).or_insert(Some((m.family, m.instance)));
                if *seen != Some((m.family, m.instance)) {
                    *seen = None;
                }
            }
        }
        let mut all: Vec<&str> = of.keys().map(String::as_str).collect();
        all.extend(self.rename.keys().map(String::as_str));
        all.extend(self.rename.values().map(String::as_str));
        all.sort_unstable();
        all.dedup();
        let family = |d: &str| -> Option<usize> {
            let (f, _) = (*of.get(d)?)?;
            (self.families[f].params > 0).then_some(f)
        };
        // Whether every demand merged into a root is typed, by one family.
        let mut by_root: HashMap<&str, Option<usize>> = HashMap::new();
        for d in &all {
            let root = self.rename.get(*d).map_or(*d, String::as_str);
            let typed = family(d);
            let r = by_root.entry(root).or_insert(typed);
            if *r != typed {
                *r = None;
            }
        }
        all.into_iter()
            .filter(|d| by_root[self.rename.get(*d).map_or(*d, String::as_str)].is_some())
            .filter_map(|d| Some((d.to_string(), (*of.get(d)?)?)))
            .collect()
    }

    /// Each member's instance: the first class's members in order, and every member read
    /// by an instance of the family belongs to it.
    pub(super) fn line_up(
        &self,
        family: &[usize],
        members: &BTreeMap<usize, Vec<String>>,
        shapes: &HashMap<&str, Shape>,
        class: &HashMap<String, usize>,
    ) -> Result<HashMap<String, usize>, Vec<String>> {
        let all = || {
            family
                .iter()
                .flat_map(|c| members[c].iter().cloned())
                .collect::<Vec<_>>()
        };
        let count = members[&family[0]].len();
        let mut instance: HashMap<String, usize> = HashMap::new();
        let mut stack: Vec<String> = Vec::new();
        for (i, rel) in members[&family[0]].iter().enumerate() {
            instance.insert(rel.clone(), i);
            stack.push(rel.clone());
        }
        while let Some(rel) = stack.pop() {
            let i = instance[&rel];
            for r in &shapes[rel.as_str()].refs {
                if !family.contains(&class[r]) {
                    continue;
                }
                match instance.get(r) {
                    Some(&j) if j != i => return Err(all()),
                    Some(_) => {}
                    None => {
                        instance.insert(r.clone(), i);
                        stack.push(r.clone());
                    }
                }
            }
        }
        for c in family {
            let mut seen: Vec<usize> = members[c]
                .iter()
                .filter_map(|m| instance.get(m).copied())
                .collect();
            seen.sort_unstable();
            seen.dedup();
            if members[c].len() != count || seen.len() != count {
                return Err(all());
            }
        }
        Ok(instance)
    }

    pub(super) fn add_family(
        &mut self,
        family: &[usize],
        members: &BTreeMap<usize, Vec<String>>,
        instance: &HashMap<String, usize>,
        shapes: &HashMap<&str, Shape>,
        class: &HashMap<String, usize>,
        tables: &mut HashMap<Vec<Vec<String>>, String>,
    ) {
        let id = self.families.len();
        let count = members[&family[0]].len();
        let mut columns: Vec<Vec<String>> = vec![Vec::new(); count];
        for c in family {
            let rep = members[c][0].clone();
            let offset = columns[0].len();
            for rel in &members[c] {
                let i = instance[rel];
                let s = &shapes[rel.as_str()];
                let mut col = s.consts.clone();
                for r in &s.refs {
                    if family.contains(&class[r]) {
                        continue;
                    }
                    if let Some(m) = self.member_of.get(r) {
                        col.extend(self.families[m.family].tuple(m.instance));
                    }
                }
                columns[i].extend(col);
                self.member_of.insert(
                    rel.clone(),
                    Member {
                        rep: rep.clone(),
                        family: id,
                        instance: i,
                        offset,
                        own: s.consts.len(),
                    },
                );
            }
        }
        let mut param: Vec<Option<usize>> = Vec::new();
        let mut seen: Vec<Vec<String>> = Vec::new();
        for col in 0..columns[0].len() {
            let values: Vec<String> = columns.iter().map(|c| c[col].clone()).collect();
            if values.iter().all(|v| *v == values[0]) {
                param.push(None);
                continue;
            }
            let p = seen.iter().position(|s| *s == values).unwrap_or_else(|| {
                seen.push(values);
                seen.len() - 1
            });
            param.push(Some(p));
        }
        let mut fam = Family {
            columns,
            param,
            params: seen.len(),
            table: String::new(),
        };
        if fam.params > 0 {
            // Members alike to the constant are one relation: their tuple is listed once.
            let mut rows: Vec<Vec<String>> = Vec::new();
            for row in (0..count).map(|i| fam.tuple(i)) {
                if !rows.contains(&row) {
                    rows.push(row);
                }
            }
            let n = tables.len() + 1;
            fam.table = tables
                .entry(rows.clone())
                .or_insert_with(|| {
                    let name = format!("args{n}");
                    for row in &rows {
                        self.tables.push(format!("({name} {})", row.join(" ")));
                    }
                    name
                })
                .clone();
        }
        self.families.push(fam);
    }

    /// What a relation becomes: its representative, or the demand it is merged into.
    pub(super) fn image<'a>(&'a self, rel: &'a str) -> &'a str {
        match self.member_of.get(rel) {
            Some(m) => &m.rep,
            None => self.rename.get(rel).map_or(rel, String::as_str),
        }
    }

    /// The merged relations to keep apart because merging ties relations into a recursion
    /// they were not in (merged demands read the contexts of every relation merged): a
    /// recursive relation after the merge must be the image of recursions only, each whole.
    pub(super) fn new_cycles(
        &self,
        uses: &BTreeMap<String, BTreeSet<String>>,
        shapes: &HashMap<&str, Shape>,
    ) -> Vec<String> {
        let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
        for (rel, read) in uses {
            for r in std::iter::once(rel).chain(read) {
                for name in [r.as_str(), self.image(r)] {
                    let n = ids.len();
                    ids.entry(name).or_insert(n);
                }
            }
        }
        let graph = |map: &dyn Fn(&str) -> usize| -> BTreeMap<usize, Vec<usize>> {
            let mut g: BTreeMap<usize, Vec<usize>> =
                ids.values().map(|&i| (i, Vec::new())).collect();
            for (rel, read) in uses {
                let from = map(rel);
                g.entry(from)
                    .or_default()
                    .extend(read.iter().map(|r| map(r)));
            }
            g
        };
        let before = graph(&|r| ids[r]);
        let after = graph(&|r| ids[self.image(r)]);
        let (_, comps_before) = Recursions::of(&before);
        let (of_after, comps_after) = Recursions::of(&after);
        let mut names: Vec<&str> = vec![""; ids.len()];
        for (name, &i) in &ids {
            names[i] = name;
        }
        let mut bad: HashSet<usize> = HashSet::new();
        for (was, was_rec) in &comps_before.0 {
            let image: BTreeSet<usize> = was.iter().map(|&v| ids[self.image(names[v])]).collect();
            for n in image
                .iter()
                .map(|i| of_after[i])
                .collect::<BTreeSet<usize>>()
            {
                let (members, rec) = &comps_after.0[n];
                if *rec && (!was_rec || image != members.iter().copied().collect()) {
                    bad.insert(n);
                }
            }
        }
        if bad.is_empty() {
            return Vec::new();
        }
        let in_bad = |r: &str| bad.contains(&of_after[&ids[self.image(r)]]);
        self.member_of
            .keys()
            .filter(|m| in_bad(m) || shapes[m.as_str()].demands.iter().any(|d| in_bad(d)))
            .cloned()
            .collect()
    }
}

/// The strongly connected components of a graph, each with whether it is recursive.
pub(super) struct Recursions(Vec<(Vec<usize>, bool)>);

impl Recursions {
    /// The components and each vertex's component.
    pub(super) fn of(g: &BTreeMap<usize, Vec<usize>>) -> (HashMap<usize, usize>, Recursions) {
        let mut of = HashMap::new();
        let comps = components(g)
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                for &v in &c {
                    of.insert(v, i);
                }
                let rec = c.len() > 1 || g[&c[0]].contains(&c[0]);
                (c, rec)
            })
            .collect();
        (of, Recursions(comps))
    }
}

/// Strongly connected components of `graph` (its edges lead to its keys), each after the
/// components it reaches.
pub(super) fn components(graph: &BTreeMap<usize, Vec<usize>>) -> Vec<Vec<usize>> {
    let keys: Vec<usize> = graph.keys().copied().collect();
    let index: HashMap<usize, usize> = keys.iter().enumerate().map(|(i, &k)| (k, i)).collect();
    let edges: Vec<Vec<usize>> = graph
        .values()
        .map(|out| out.iter().map(|w| index[w]).collect())
        .collect();
    // `sccs` numbers a component after those it reaches.
    let comp = ir::graph::sccs(&edges);
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); comp.iter().max().map_or(0, |&c| c + 1)];
    for (i, &c) in comp.iter().enumerate() {
        out[c].push(keys[i]);
    }
    out
}
