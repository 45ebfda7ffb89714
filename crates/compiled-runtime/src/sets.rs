//! Sets of vertices as words of bits (bit `v % 64` of word `v / 64`), as the generated code
//! and the move buffers read them.

/// The lowest vertex of a set of vertices (bit `v % 64` of word `v / 64`).
#[inline(always)]
pub fn set_first(bits: &[u64]) -> Option<u32> {
    let i = bits.iter().position(|&b| b != 0)?;
    Some((i * 64) as u32 + bits[i].trailing_zeros())
}

/// `s` moved by `off` vertices: bit `v` of the result is bit `v + off` of `s` (`bitsets`).
#[inline(always)]
pub fn set_shift<const WORDS: usize>(s: &[u64; WORDS], off: i64) -> [u64; WORDS] {
    let mut out = [0u64; WORDS];
    let n = (WORDS * 64) as i64;
    if off >= n || off <= -n {
        return out;
    }
    let word = |i: i64| {
        if (0..WORDS as i64).contains(&i) {
            s[i as usize]
        } else {
            0
        }
    };
    let (q, r) = (off.div_euclid(64), off.rem_euclid(64) as u32);
    for (i, o) in out.iter_mut().enumerate() {
        let i = i as i64;
        *o = if r == 0 {
            word(i + q)
        } else {
            (word(i + q) >> r) | (word(i + q + 1) << (64 - r))
        };
    }
    out
}

#[inline(always)]
pub fn set_and<const WORDS: usize>(a: &[u64; WORDS], b: &[u64; WORDS]) -> [u64; WORDS] {
    std::array::from_fn(|i| a[i] & b[i])
}

/// The vertices of `a` not in `b` (a negated pattern's set: `codegen::frontier_sets`).
#[inline(always)]
pub fn set_andnot<const WORDS: usize>(a: &[u64; WORDS], b: &[u64; WORDS]) -> [u64; WORDS] {
    std::array::from_fn(|i| a[i] & !b[i])
}

/// How many vertices `s` holds.
#[inline(always)]
pub fn set_len<const WORDS: usize>(s: &[u64; WORDS]) -> u32 {
    s.iter().map(|w| w.count_ones()).sum()
}

#[inline(always)]
pub fn set_or<const WORDS: usize>(a: &mut [u64; WORDS], b: &[u64; WORDS]) {
    for i in 0..WORDS {
        a[i] |= b[i];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn andnot_keeps_what_the_second_set_lacks_and_len_counts_every_word() {
        let (a, b) = ([0b1011u64, 1 << 63], [0b0010u64, 0]);
        assert_eq!(set_andnot(&a, &b), [0b1001, 1 << 63]);
        assert_eq!(set_len(&a), 4);
        assert_eq!(set_len(&[0u64; 3]), 0);
    }

    #[test]
    fn shifting_a_set_moves_each_vertex_by_the_offset_across_words() {
        // Vertices 63 and 65; bit v of the result is bit v + off of s.
        let s = [1u64 << 63, 1 << 1];
        assert_eq!(set_shift(&s, 1), [1 << 62, 1 << 0], "62 and 64");
        assert_eq!(set_shift(&s, -1), [0, 1 << 0 | 1 << 2], "64 and 66");
        assert_eq!(set_shift(&s, 64), [1 << 1, 0]);
        assert_eq!(set_shift(&s, 128), [0, 0]);
        assert_eq!(set_shift(&s, -128), [0, 0]);
        assert_eq!(set_shift(&s, 0), s);
    }

    #[test]
    fn set_operations_and_the_first_vertex() {
        let (a, b) = ([0b1100u64, 1], [0b0110u64, 3]);
        assert_eq!(set_and(&a, &b), [0b0100, 1]);
        let mut c = a;
        set_or(&mut c, &b);
        assert_eq!(c, [0b1110, 3]);
        assert_eq!(set_first(&[0, 0b1000]), Some(67));
        assert_eq!(set_first(&[0, 0]), None);
    }
}
