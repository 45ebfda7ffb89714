//! The functions whose writing finds what the file's other items must hold, written before
//! those items: the levels' and pushed states' code, then the set functions. `Gen::code`
//! returns their text together with the `Needs` they found, and the items are written from
//! those afterwards (`generate`).

use super::*;

/// The function of a level's entry or of a pushed state (`r{q}`, `p{q}`).
pub(super) struct Body {
    pub(super) q: u32,
    /// Its code, the variables of the sets it reads declared first.
    pub(super) code: String,
    /// Its size as inlining decisions read it (see `Gen::bodies`).
    pub(super) size: usize,
}

/// The code written before the items that depend on it, with what it needs.
pub(super) struct Code {
    pub(super) bodies: Vec<Body>,
    /// `keeper_frontier_hits` and the `fhits{q}` and `pset{r}` functions.
    pub(super) sets: String,
    /// Complete: nothing written afterwards adds to it.
    pub(super) needs: Needs,
}

impl Gen<'_, '_> {
    /// Writes the functions' code, then the set functions some of them read.
    pub(super) fn code(&self) -> Code {
        let view = self.view;
        let mut needs = Needs::new(view.nstates(), view.ndirs(), self.tables.len());
        let bodies = self.bodies(&mut needs);
        // The frontier functions read pattern sets: they come first, and `set_functions`
        // writes every pattern set read so far.
        let mut sets = String::new();
        self.frontier_set_functions(&mut sets, &mut needs);
        self.set_functions(&mut sets, &mut needs);
        Code {
            bodies,
            sets,
            needs,
        }
    }

    /// Each entry's and pushed state's code, in state order.
    fn bodies(&self, needs: &mut Needs) -> Vec<Body> {
        let n = self.view.nstates() as u32;
        let written = (0..n).filter(|&q| self.is_entry(q) || self.pushed[q as usize]);
        written
            .map(|q| {
                let mut code = String::new();
                match &self.reach[q as usize] {
                    Some(plan) => self.reach_code(&mut code, needs, q, plan),
                    None => self.body(&mut code, needs, q, Scope::of(q)),
                }
                // The size inlining decisions read: without the code only playouts' keeper
                // runs (`Gen::pattern_call`), dead in every other caller. Saturating: a
                // pattern's text built and not used would count without being in the body.
                let found = std::mem::take(&mut needs.body);
                let size = code.len().saturating_sub(found.set_alternatives);
                Body {
                    q,
                    code: found.declarations() + &code,
                    size,
                }
            })
            .collect()
    }
}
