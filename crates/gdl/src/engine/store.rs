//! Hash-consed ground terms: every ground term (and every ground atom, written as a term whose
//! functor is the relation name) has one [`Id`], so equality is `==` on ids and a fact is one
//! `u32`. Terms are stored flat (functor, offset into one argument array); lookups hash the
//! functor and argument ids without allocating.

use crate::ast::Symbol;
use std::hash::{BuildHasherDefault, Hasher};

/// A ground term.
pub type Id = u32;

/// A small fast non-cryptographic hasher (multiply–rotate over words).
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;
pub type FxHashMap<K, V> = std::collections::HashMap<K, V, FxBuild>;

#[inline]
fn same(a: &[Id], b: &[Id]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// A well-mixed hash of a functor and argument ids (all 64 bits usable).
#[inline]
pub fn hash_ids(functor: u32, args: &[Id]) -> u64 {
    let mut h = FxHasher::default();
    h.write_u32(functor);
    for &a in args {
        h.write_u32(a);
    }
    // A full avalanche (MurmurHash3's finaliser): the table takes its slot from the low bits
    // and its fingerprint from the high ones, and Fx's low bits barely depend on the earlier
    // arguments, so terms differing there (a 5-ary fact over 50 constants) piled up in long
    // probe runs.
    let mut x = h.finish();
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

#[derive(Clone, Copy)]
struct Rec {
    functor: Symbol,
    start: u32,
    len: u32,
}

#[derive(Clone, Default)]
pub struct Store {
    terms: Vec<Rec>,
    args: Vec<Id>,
    /// Open addressing: 0 (empty) or `hash_high_bits << 32 | (id + 1)`; a power-of-two length.
    table: Vec<u64>,
    /// A structural hash of each term (from symbol ids only, so it does not depend on the order
    /// terms were interned in).
    hashes: Vec<u64>,
}

impl Store {
    pub fn len(&self) -> usize {
        self.terms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    #[inline]
    pub fn functor(&self, t: Id) -> Symbol {
        self.terms[t as usize].functor
    }

    #[inline]
    pub fn args(&self, t: Id) -> &[Id] {
        let r = self.terms[t as usize];
        &self.args[r.start as usize..(r.start + r.len) as usize]
    }

    /// The id of `f(args)` (a constant when `args` is empty) if it exists.
    #[inline]
    pub fn find(&self, f: Symbol, args: &[Id]) -> Option<Id> {
        self.slot(f, args, hash_ids(f.0, args)).1
    }

    /// The slot where `f(args)` is or would go, and the term if present.
    #[inline]
    fn slot(&self, f: Symbol, args: &[Id], h: u64) -> (usize, Option<Id>) {
        if self.table.is_empty() {
            return (0, None);
        }
        let mask = self.table.len() - 1;
        let fp = h >> 32;
        let mut i = h as usize & mask;
        loop {
            let e = self.table[i];
            if e == 0 {
                return (i, None);
            }
            if e >> 32 == fp {
                let t = (e as u32) - 1;
                if self.functor(t) == f && same(self.args(t), args) {
                    return (i, Some(t));
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let n = (self.table.len() * 2).max(1024);
        self.table = vec![0; n];
        let mask = n - 1;
        for t in 0..self.terms.len() as u32 {
            let h = hash_ids(self.functor(t).0, self.args(t));
            let mut i = h as usize & mask;
            while self.table[i] != 0 {
                i = (i + 1) & mask;
            }
            self.table[i] = (h >> 32) << 32 | (t as u64 + 1);
        }
    }

    /// The id of `f(args)`, created if needed.
    pub fn intern(&mut self, f: Symbol, args: &[Id]) -> Id {
        if (self.terms.len() + 1) * 2 > self.table.len() {
            self.grow();
        }
        let h = hash_ids(f.0, args);
        let (slot, found) = self.slot(f, args, h);
        if let Some(t) = found {
            return t;
        }
        let t = self.terms.len() as u32;
        self.table[slot] = (h >> 32) << 32 | (t as u64 + 1);
        self.terms.push(Rec {
            functor: f,
            start: self.args.len() as u32,
            len: args.len() as u32,
        });
        self.args.extend_from_slice(args);
        let mut sh = FxHasher::default();
        sh.write_u32(f.0);
        for &a in args {
            sh.write_u64(self.hashes[a as usize]);
        }
        self.hashes.push(sh.finish());
        t
    }

    /// The structural hash of `t`.
    pub fn structural_hash(&self, t: Id) -> u64 {
        self.hashes[t as usize]
    }
}
