//! Hash-consed ground terms: every ground term (and every ground atom, written as a term whose
//! functor is the relation name) has one [`Id`], so equality is `==` on ids and a fact is one
//! `u32`. Terms are stored flat (functor, offset into one argument array); lookups hash the
//! functor and argument ids without allocating.

use crate::ast::Symbol;
use std::hash::{BuildHasherDefault, Hasher};

/// A ground term.
pub type Id = u32;

const NONE: u32 = u32::MAX;

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

pub fn hash_ids(functor: u32, args: &[Id]) -> u64 {
    let mut h = FxHasher::default();
    h.write_u32(functor);
    for &a in args {
        h.write_u32(a);
    }
    h.finish()
}

#[derive(Clone, Default)]
pub struct Store {
    functor: Vec<Symbol>,
    start: Vec<u32>,
    len: Vec<u32>,
    args: Vec<Id>,
    chain: Vec<u32>,
    table: FxHashMap<u64, u32>,
    /// A structural hash of each term (from symbol ids only, so it does not depend on the order
    /// terms were interned in).
    hashes: Vec<u64>,
}

impl Store {
    pub fn len(&self) -> usize {
        self.functor.len()
    }

    pub fn functor(&self, t: Id) -> Symbol {
        self.functor[t as usize]
    }

    pub fn args(&self, t: Id) -> &[Id] {
        let s = self.start[t as usize] as usize;
        &self.args[s..s + self.len[t as usize] as usize]
    }

    /// The id of `f(args)` (a constant when `args` is empty) if it exists.
    pub fn find(&self, f: Symbol, args: &[Id]) -> Option<Id> {
        let h = hash_ids(f.0, args);
        let mut t = *self.table.get(&h)?;
        while t != NONE {
            if self.functor[t as usize] == f && self.args(t) == args {
                return Some(t);
            }
            t = self.chain[t as usize];
        }
        None
    }

    /// The id of `f(args)`, created if needed.
    pub fn intern(&mut self, f: Symbol, args: &[Id]) -> Id {
        if let Some(t) = self.find(f, args) {
            return t;
        }
        let t = self.functor.len() as u32;
        self.functor.push(f);
        self.start.push(self.args.len() as u32);
        self.len.push(args.len() as u32);
        self.args.extend_from_slice(args);
        let h = hash_ids(f.0, args);
        let prev = self.table.insert(h, t).unwrap_or(NONE);
        self.chain.push(prev);
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
