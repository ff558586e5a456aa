//! `IntTuple`: an integer or a (nested) tuple of integers, stored inline.
//!
//! CuTe's shapes, strides and coordinates are all *IntTuples*: an integer, or a tuple of
//! IntTuples. `8`, `(8)` and `()` are three different values: a leaf, a rank-1 tuple and
//! the empty tuple.
//!
//! # Storage
//!
//! An [`IntTuple`] is a flat `Copy` value with no heap: the leaves in order (value plus a
//! static bit, see [`Int`]) and the nesting as a stream of tokens (`(`, leaf, `)`). It holds
//! at most [`CAPACITY`] leaves and [`NODE_CAPACITY`] tokens; exceeding either is an
//! [`Error::Capacity`], never a silent truncation. Unused slots are kept zeroed, so that
//! equality and hashing compare whole arrays: two tuples are equal exactly when they have
//! the same nesting, the same values and the same static bits.
//!
//! ```
//! use rcute::{IntTuple, int_tuple};
//! const T: IntTuple = int_tuple!((_2,(3,_4),_5));
//! assert_eq!(T.rank(), 3);
//! assert_eq!(T.to_string(), "(_2,(3,_4),_5)");
//! assert_eq!(T.get(1).to_string(), "(3,_4)");
//! assert_ne!(int_tuple!(8), int_tuple!((8)));
//! ```

mod compact;
mod compare;
mod coord;
mod manip;
mod ops;

pub use compact::Major;
pub(crate) use coord::{arith_add, arith_expand};
pub use coord::{
    crd2crd, crd2idx, crd2idx_arith, crd2idx_colex, idx2crd, idx2crd_strided, try_crd2crd,
    try_crd2idx, try_crd2idx_arith, try_crd2idx_colex, try_idx2crd, try_idx2crd_strided,
};

use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use core::fmt;

/// The most leaves an [`IntTuple`] holds (a [`crate::Layout`] holds this many modes).
pub const CAPACITY: usize = 32;
/// The most tokens (`(`, `)` and leaves) an [`IntTuple`] holds.
pub const NODE_CAPACITY: usize = 96;

// a flat tuple of CAPACITY leaves fits in the tokens
const _: () = assert!(CAPACITY + 2 <= NODE_CAPACITY);
// the tokens are compared in words of 8 (see `IntTuple::same_tokens`)
const _: () = assert!(NODE_CAPACITY.is_multiple_of(8));

const OPEN: u8 = 1;
const CLOSE: u8 = 2;
const LEAF: u8 = 3;

/// An integer or a nested tuple of integers: a CuTe shape, stride or coordinate.
///
/// See the [module documentation](self) for the representation.
// Aligned to 16 bytes (432 bytes, where 8-byte alignment gives 424): the stride of a
// `Layout` then starts on a 16-byte boundary as its shape does, so that the 16-byte moves
// that zero, copy and read both halves of every run-time result are aligned (measured
// faster on the wide draws, docs/PERFORMANCE.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(align(16))]
pub struct IntTuple {
    ntok: u8,
    nleaf: u8,
    tok: [u8; NODE_CAPACITY],
    val: [i64; CAPACITY],
    meta: [u16; CAPACITY],
}

/// `&a[start..start + len]` in a `const fn` (range indexing is not `const`).
const fn sub<T>(a: &[T], start: usize, len: usize) -> &[T] {
    a.split_at(start).1.split_at(len).0
}

/// `&mut a[start..start + len]` in a `const fn`.
const fn sub_mut<T>(a: &mut [T], start: usize, len: usize) -> &mut [T] {
    a.split_at_mut(start).1.split_at_mut(len).0
}

/// The window of tokens that [`IntTuple::append_small`] copies whole.
const SMALL_TOKENS: usize = 16;
/// The window of leaves that [`IntTuple::append_small`] copies whole.
const SMALL_LEAVES: usize = 8;

/// `TOKEN_MASKS[n]`: all ones in the first `n` bytes, zero after.
const TOKEN_MASKS: [[u8; SMALL_TOKENS]; SMALL_TOKENS + 1] = {
    let mut m = [[0; SMALL_TOKENS]; SMALL_TOKENS + 1];
    let mut n = 0;
    while n <= SMALL_TOKENS {
        let mut k = 0;
        while k < n {
            m[n][k] = u8::MAX;
            k += 1;
        }
        n += 1;
    }
    m
};

/// `VALUE_MASKS[n]`: all ones in the first `n` values, zero after.
const VALUE_MASKS: [[i64; SMALL_LEAVES]; SMALL_LEAVES + 1] = {
    let mut m = [[0; SMALL_LEAVES]; SMALL_LEAVES + 1];
    let mut n = 0;
    while n <= SMALL_LEAVES {
        let mut k = 0;
        while k < n {
            m[n][k] = -1;
            k += 1;
        }
        n += 1;
    }
    m
};

/// `META_MASKS[n]`: all ones in the first `n` entries, zero after.
const META_MASKS: [[u16; SMALL_LEAVES]; SMALL_LEAVES + 1] = {
    let mut m = [[0; SMALL_LEAVES]; SMALL_LEAVES + 1];
    let mut n = 0;
    while n <= SMALL_LEAVES {
        let mut k = 0;
        while k < n {
            m[n][k] = u16::MAX;
            k += 1;
        }
        n += 1;
    }
    m
};

/// A position in an [`IntTuple`]: the index of a token and the number of leaves before it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Node {
    pub(crate) t: usize,
    pub(crate) l: usize,
}

impl Node {
    pub(crate) const ROOT: Node = Node { t: 0, l: 0 };
}

const CAP_LEAVES: Error = Error::Capacity {
    msg: "too many leaves for one tuple",
    capacity: CAPACITY,
};
const CAP_NODES: Error = Error::Capacity {
    msg: "too many nodes (leaves and parentheses) for one tuple",
    capacity: NODE_CAPACITY,
};

impl IntTuple {
    /// The empty tuple `()`.
    pub const EMPTY: IntTuple = {
        let mut t = IntTuple::stream();
        t.tok[0] = OPEN;
        t.tok[1] = CLOSE;
        t.ntok = 2;
        t
    };

    /// An empty token stream, to be filled by the `push_*` builders.
    pub(crate) const fn stream() -> IntTuple {
        IntTuple {
            ntok: 0,
            nleaf: 0,
            tok: [0; NODE_CAPACITY],
            val: [0; CAPACITY],
            meta: [0; CAPACITY],
        }
    }

    /// A leaf: a single integer.
    pub const fn from_int(i: Int) -> IntTuple {
        let mut t = IntTuple::stream();
        t.tok[0] = LEAF;
        t.ntok = 1;
        t.nleaf = 1;
        t.val[0] = i.value();
        t.meta[0] = i.meta();
        t
    }

    /// A static integer leaf, `_v`.
    pub const fn constant(v: i64) -> IntTuple {
        IntTuple::from_int(Int::constant(v))
    }

    /// A dynamic integer leaf, `v`.
    pub const fn dynamic(v: i64) -> IntTuple {
        IntTuple::from_int(Int::dynamic(v))
    }

    /// A flat tuple of integers, `(a,b,c)`.
    pub const fn try_from_ints(ints: &[Int]) -> Result<IntTuple, Error> {
        let mut t = IntTuple::stream();
        tri!(t.push_open());
        let mut i = 0;
        while i < ints.len() {
            tri!(t.push_leaf(ints[i]));
            i += 1;
        }
        tri!(t.push_close());
        Ok(t)
    }

    /// [`IntTuple::try_from_ints`], panicking with the error's message.
    #[track_caller]
    pub const fn from_ints(ints: &[Int]) -> IntTuple {
        unwrap_or_panic!(IntTuple::try_from_ints(ints))
    }

    /// A tuple of the given elements: CuTe's `make_tuple(a, b, ...)`.
    pub const fn try_tuple(elems: &[IntTuple]) -> Result<IntTuple, Error> {
        let mut t = IntTuple::stream();
        tri!(t.push_open());
        let mut i = 0;
        while i < elems.len() {
            tri!(t.push_node(&elems[i], Node::ROOT));
            i += 1;
        }
        tri!(t.push_close());
        Ok(t)
    }

    /// [`IntTuple::try_tuple`], panicking with the error's message.
    #[track_caller]
    pub const fn tuple(elems: &[IntTuple]) -> IntTuple {
        unwrap_or_panic!(IntTuple::try_tuple(elems))
    }

    // ------------------------------------------------------------------ builders

    pub(crate) const fn push_open(&mut self) -> Result<(), Error> {
        if self.ntok as usize >= NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        self.tok[self.ntok as usize] = OPEN;
        self.ntok += 1;
        Ok(())
    }

    pub(crate) const fn push_close(&mut self) -> Result<(), Error> {
        if self.ntok as usize >= NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        self.tok[self.ntok as usize] = CLOSE;
        self.ntok += 1;
        Ok(())
    }

    pub(crate) const fn push_leaf(&mut self, i: Int) -> Result<(), Error> {
        if self.ntok as usize >= NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        if self.nleaf as usize >= CAPACITY {
            return Err(CAP_LEAVES);
        }
        self.tok[self.ntok as usize] = LEAF;
        self.ntok += 1;
        self.val[self.nleaf as usize] = i.value();
        self.meta[self.nleaf as usize] = i.meta();
        self.nleaf += 1;
        Ok(())
    }

    /// Appends a copy of the subtree of `src` at `n`.
    pub(crate) const fn push_node(&mut self, src: &IntTuple, n: Node) -> Result<(), Error> {
        if src.tok[n.t] == LEAF {
            return self.push_leaf(Int::from_raw(src.val[n.l], src.meta[n.l]));
        }
        let end = src.node_end(n);
        let ntok = end.t - n.t;
        let nleaf = end.l - n.l;
        if self.ntok as usize + ntok > NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        if self.nleaf as usize + nleaf > CAPACITY {
            return Err(CAP_LEAVES);
        }
        // a few tokens and leaves in whole windows, more one by one (not a `memcpy` call
        // per array)
        if !self.append_small(src, src, n, ntok, nleaf) {
            self.append_range(src, src, n, ntok, nleaf);
        }
        Ok(())
    }

    /// Appends tokens `n.t..n.t + nt` of `ts` and leaves `n.l..n.l + nl` of `ls` where a
    /// window of [`SMALL_TOKENS`] tokens and [`SMALL_LEAVES`] leaves from each of these
    /// positions, and from this tuple's counts, lies inside the arrays, `nt` and `nl` being
    /// at most those sizes: whole windows copied, what lies past the range masked to the
    /// zeros that this tuple holds there (crate-internal; `false`, nothing written,
    /// elsewhere). The caller checked the capacity.
    #[inline(always)]
    const fn append_small(
        &mut self,
        ts: &IntTuple,
        ls: &IntTuple,
        n: Node,
        nt: usize,
        nl: usize,
    ) -> bool {
        let (t0, l0) = (self.ntok as usize, self.nleaf as usize);
        if nt > SMALL_TOKENS
            || nl > SMALL_LEAVES
            || n.t + SMALL_TOKENS > NODE_CAPACITY
            || t0 + SMALL_TOKENS > NODE_CAPACITY
            || n.l + SMALL_LEAVES > CAPACITY
            || l0 + SMALL_LEAVES > CAPACITY
        {
            return false;
        }
        let (Some(dt), Some(st)) = (
            sub_mut(&mut self.tok, t0, SMALL_TOKENS).first_chunk_mut::<SMALL_TOKENS>(),
            sub(&ts.tok, n.t, SMALL_TOKENS).first_chunk::<SMALL_TOKENS>(),
        ) else {
            return false;
        };
        let tm = &TOKEN_MASKS[nt];
        let mut k = 0;
        while k < SMALL_TOKENS {
            dt[k] = st[k] & tm[k];
            k += 1;
        }
        let (Some(dv), Some(sv), Some(dm), Some(sm)) = (
            sub_mut(&mut self.val, l0, SMALL_LEAVES).first_chunk_mut::<SMALL_LEAVES>(),
            sub(&ls.val, n.l, SMALL_LEAVES).first_chunk::<SMALL_LEAVES>(),
            sub_mut(&mut self.meta, l0, SMALL_LEAVES).first_chunk_mut::<SMALL_LEAVES>(),
            sub(&ls.meta, n.l, SMALL_LEAVES).first_chunk::<SMALL_LEAVES>(),
        ) else {
            return false;
        };
        let (vm, mm) = (&VALUE_MASKS[nl], &META_MASKS[nl]);
        let mut j = 0;
        while j < SMALL_LEAVES {
            dv[j] = sv[j] & vm[j];
            j += 1;
        }
        let mut j = 0;
        while j < SMALL_LEAVES {
            dm[j] = sm[j] & mm[j];
            j += 1;
        }
        self.ntok += nt as u8;
        self.nleaf += nl as u8;
        true
    }

    /// Appends tokens `n.t..end.t` of `s` to both `x` and `y`, leaves `n.l..end.l` of `s`
    /// to `x` and those of `d` to `y` (crate-internal: a subtree of a layout `s:d` copied
    /// into the shape and stride of a layout being built, which have the same counts),
    /// with the capacity errors of [`IntTuple::push_node`] checked once, on `x` then `y`.
    /// A few tokens and leaves are copied in whole windows, masked; more, one by one.
    #[inline(never)]
    pub(crate) const fn push_range_pair(
        x: &mut IntTuple,
        y: &mut IntTuple,
        s: &IntTuple,
        d: &IntTuple,
        n: Node,
        end: Node,
    ) -> Result<(), Error> {
        let (nt, nl) = (end.t - n.t, end.l - n.l);
        tri!(x.reserve(nt, nl));
        tri!(y.reserve(nt, nl));
        if x.append_small(s, s, n, nt, nl) && y.append_small(s, d, n, nt, nl) {
            return Ok(());
        }
        // (where the windows do not fit, neither was written: the counts are the same)
        x.append_range(s, s, n, nt, nl);
        y.append_range(s, d, n, nt, nl);
        Ok(())
    }

    /// [`IntTuple::append_small`] of any range that fits, one token and leaf at a time.
    const fn append_range(&mut self, ts: &IntTuple, ls: &IntTuple, n: Node, nt: usize, nl: usize) {
        let (t0, l0) = (self.ntok as usize, self.nleaf as usize);
        let mut k = 0;
        while k < nt {
            self.tok[t0 + k] = ts.tok[n.t + k];
            k += 1;
        }
        let mut j = 0;
        while j < nl {
            self.val[l0 + j] = ls.val[n.l + j];
            self.meta[l0 + j] = ls.meta[n.l + j];
            j += 1;
        }
        self.ntok += nt as u8;
        self.nleaf += nl as u8;
    }

    /// Whether `ntok` more tokens holding `nleaf` more leaves fit, with the error that
    /// [`IntTuple::push_node`] answers when they do not (crate-internal).
    pub(crate) const fn reserve(&self, ntok: usize, nleaf: usize) -> Result<(), Error> {
        if self.ntok as usize + ntok > NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        if self.nleaf as usize + nleaf > CAPACITY {
            return Err(CAP_LEAVES);
        }
        Ok(())
    }

    /// Appends the children of the tuple at `n` (or the leaf itself, if `n` is a leaf).
    pub(crate) const fn push_children(&mut self, src: &IntTuple, n: Node) -> Result<(), Error> {
        if src.is_leaf_node(n) {
            return self.push_node(src, n);
        }
        let mut c = Node { t: n.t + 1, l: n.l };
        while !src.is_close(c) {
            tri!(self.push_node(src, c));
            c = src.node_end(c);
        }
        Ok(())
    }

    /// Pushes leaf `a` onto `x` and leaf `b` onto `y` (the shape and stride of a layout
    /// being built), with the capacity checks of both done first (crate-internal; the
    /// builders push in step, see [`IntTuple::push_leaf_pair_in_step`]; the tests'
    /// reference for it).
    #[cfg(test)]
    pub(crate) const fn push_leaf_pair(
        x: &mut IntTuple,
        y: &mut IntTuple,
        a: Int,
        b: Int,
    ) -> Result<(), Error> {
        let (xt, xl) = (x.ntok as usize, x.nleaf as usize);
        let (yt, yl) = (y.ntok as usize, y.nleaf as usize);
        if xl >= CAPACITY || yl >= CAPACITY {
            return Err(CAP_LEAVES);
        }
        if xt >= NODE_CAPACITY || yt >= NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        x.tok[xt] = LEAF;
        x.val[xl] = a.value();
        x.meta[xl] = a.meta();
        x.ntok += 1;
        x.nleaf += 1;
        y.tok[yt] = LEAF;
        y.val[yl] = b.value();
        y.meta[yl] = b.meta();
        y.ntok += 1;
        y.nleaf += 1;
        Ok(())
    }

    /// Pushes leaf `a` onto `x` and leaf `b` onto `y`, which have the same counts (the
    /// shape and stride of a layout being built, pushed to in step; crate-internal): the
    /// capacity checked once, with the errors of checking each.
    #[inline(always)]
    pub(crate) const fn push_leaf_pair_in_step(
        x: &mut IntTuple,
        y: &mut IntTuple,
        a: Int,
        b: Int,
    ) -> Result<(), Error> {
        debug_assert!(x.ntok == y.ntok && x.nleaf == y.nleaf);
        let (t, l) = (x.ntok as usize, x.nleaf as usize);
        if l >= CAPACITY {
            return Err(CAP_LEAVES);
        }
        if t >= NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        x.tok[t] = LEAF;
        x.val[l] = a.value();
        x.meta[l] = a.meta();
        y.tok[t] = LEAF;
        y.val[l] = b.value();
        y.meta[l] = b.meta();
        x.ntok = t as u8 + 1;
        x.nleaf = l as u8 + 1;
        y.ntok = t as u8 + 1;
        y.nleaf = l as u8 + 1;
        Ok(())
    }

    /// Pushes token `k` (`(` or `)`) onto `x` and `y`, which have the same counts (see
    /// [`IntTuple::push_leaf_pair_in_step`]; crate-internal): the errors of
    /// [`IntTuple::push_open`] on each.
    #[inline(always)]
    const fn push_token_pair(x: &mut IntTuple, y: &mut IntTuple, k: u8) -> Result<(), Error> {
        debug_assert!(x.ntok == y.ntok);
        let t = x.ntok as usize;
        if t >= NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        x.tok[t] = k;
        y.tok[t] = k;
        x.ntok = t as u8 + 1;
        y.ntok = t as u8 + 1;
        Ok(())
    }

    /// [`IntTuple::push_token_pair`] of `(`.
    #[inline(always)]
    pub(crate) const fn push_open_pair(x: &mut IntTuple, y: &mut IntTuple) -> Result<(), Error> {
        IntTuple::push_token_pair(x, y, OPEN)
    }

    /// [`IntTuple::push_leaf_pair_in_step`] with the errors of pushing `a` with
    /// [`IntTuple::push_node`] first: the tokens checked before the leaves
    /// (crate-internal).
    #[inline(always)]
    pub(crate) const fn push_leaf_pair_nodes_first(
        x: &mut IntTuple,
        y: &mut IntTuple,
        a: Int,
        b: Int,
    ) -> Result<(), Error> {
        if x.ntok as usize >= NODE_CAPACITY {
            return Err(CAP_NODES);
        }
        IntTuple::push_leaf_pair_in_step(x, y, a, b)
    }

    /// The values and metadata of leaves `from..from + n` (crate-internal).
    #[inline]
    pub(crate) const fn leaf_parts(&self, from: usize, n: usize) -> (&[i64], &[u16]) {
        (sub(&self.val, from, n), sub(&self.meta, from, n))
    }

    /// Whether this tuple has at most [`SMALL_TOKENS`] tokens and [`SMALL_LEAVES`] leaves,
    /// the tuples that [`IntTuple::copy_small`] copies (crate-internal).
    #[inline(always)]
    pub(crate) const fn is_small(&self) -> bool {
        self.ntok as usize <= SMALL_TOKENS && self.nleaf as usize <= SMALL_LEAVES
    }

    /// A copy of this tuple, where [`IntTuple::is_small`]: the first [`SMALL_TOKENS`]
    /// tokens and [`SMALL_LEAVES`] leaves copied, the rest written zero (as they are in any
    /// tuple), so that a copy into an uninitialized place writes whole arrays and reads
    /// only these windows (crate-internal; see [`crate::Layout::copy_small`]).
    #[inline(never)]
    pub(crate) const fn copy_small(&self) -> IntTuple {
        let mut t = IntTuple::stream();
        let s = self;
        let mut k = 0;
        while k < SMALL_TOKENS {
            t.tok[k] = s.tok[k];
            k += 1;
        }
        let mut i = 0;
        while i < SMALL_LEAVES {
            t.val[i] = s.val[i];
            t.meta[i] = s.meta[i];
            i += 1;
        }
        t.ntok = s.ntok;
        t.nleaf = s.nleaf;
        t
    }

    /// Makes this empty stream the flat tuple of the given leaves, or the single leaf when
    /// there is one (crate-internal).
    pub(crate) const fn set_flat(&mut self, val: &[i64], meta: &[u16]) -> Result<(), Error> {
        let n = val.len();
        if n > CAPACITY {
            return Err(CAP_LEAVES);
        }
        // element by element: a few leaves, where a `memcpy` call costs more
        let mut i = 0;
        while i < n {
            self.val[i] = val[i];
            self.meta[i] = meta[i];
            i += 1;
        }
        self.nleaf = n as u8;
        self.ntok = self.write_flat_tokens(n) as u8;
        Ok(())
    }

    /// The flat tuple of the first `n` (at most 8) leaves of `val` (values) and `meta`
    /// (their [`Int::meta`]), or the single leaf when `n` is 1; the entries past `n` must be
    /// zero (crate-internal). Built field by field, whole arrays at a time, and laid out of
    /// line, so that it is built where its caller puts it: a layout built of two of them is
    /// written in place, with no copy.
    #[inline(never)]
    pub(crate) const fn flat_of(val: &[i64; 8], meta: &[u16; 8], n: usize) -> IntTuple {
        // the tokens of a flat tuple of n leaves (a leaf when n is 1)
        const TOKENS: [[u8; 16]; 9] = {
            let mut t = [[0; 16]; 9];
            let mut n = 0;
            while n < 9 {
                t[n][0] = OPEN;
                let mut k = 1;
                while k <= n {
                    t[n][k] = LEAF;
                    k += 1;
                }
                t[n][k] = CLOSE;
                n += 1;
            }
            t[1] = [0; 16];
            t[1][0] = LEAF;
            t
        };
        // their counts
        const NTOK: [u8; 9] = [2, 1, 4, 5, 6, 7, 8, 9, 10];
        let n = if n > 8 { 8 } else { n };
        let mut t = IntTuple::stream();
        let mut i = 0;
        while i < 8 {
            t.val[i] = val[i];
            t.meta[i] = meta[i];
            i += 1;
        }
        let mut k = 0;
        while k < 16 {
            t.tok[k] = TOKENS[n][k];
            k += 1;
        }
        t.nleaf = n as u8;
        t.ntok = NTOK[n];
        t
    }

    /// The tuple of the first `ntok` tokens of `tok` (written with [`IntTuple::TOKEN_OPEN`],
    /// [`IntTuple::TOKEN_CLOSE`] and [`IntTuple::TOKEN_LEAF`]) and the first `nleaf` leaves
    /// of `val` (values) and `meta` (their [`Int::meta`]); the entries past those must be
    /// zero, the tokens a well-formed tuple of `nleaf` leaves (crate-internal: a result
    /// built on the stack, see `algebra::composition`). Built field by field, whole arrays
    /// at a time, and laid out of line, as [`IntTuple::flat_of`]: written where its caller
    /// puts it.
    #[inline(never)]
    pub(crate) const fn from_parts<const T: usize, const L: usize>(
        tok: &[u8; T],
        ntok: usize,
        val: &[i64; L],
        meta: &[u16; L],
        nleaf: usize,
    ) -> IntTuple {
        let mut t = IntTuple::stream();
        let mut k = 0;
        while k < T && k < NODE_CAPACITY {
            t.tok[k] = tok[k];
            k += 1;
        }
        let mut i = 0;
        while i < L && i < CAPACITY {
            t.val[i] = val[i];
            t.meta[i] = meta[i];
            i += 1;
        }
        t.ntok = ntok as u8;
        t.nleaf = nleaf as u8;
        t
    }

    /// The token of `(` in [`IntTuple::from_parts`]'s tokens.
    pub(crate) const TOKEN_OPEN: u8 = OPEN;
    /// The token of `)` in [`IntTuple::from_parts`]'s tokens.
    pub(crate) const TOKEN_CLOSE: u8 = CLOSE;
    /// The token of a leaf in [`IntTuple::from_parts`]'s tokens.
    pub(crate) const TOKEN_LEAF: u8 = LEAF;

    /// The leaf arrays, to be written directly (crate-internal: for a stream being built,
    /// whose leaf count is then set with [`IntTuple::set_leaf_count`]).
    #[inline]
    pub(crate) const fn leaves_mut(&mut self) -> (&mut [i64; CAPACITY], &mut [u16; CAPACITY]) {
        (&mut self.val, &mut self.meta)
    }

    /// The token array, to be written directly (crate-internal: for a stream being built,
    /// whose token count is then set with [`IntTuple::set_token_count`]; the tokens are
    /// [`IntTuple::TOKEN_OPEN`], [`IntTuple::TOKEN_CLOSE`] and [`IntTuple::TOKEN_LEAF`]).
    #[inline(always)]
    pub(crate) const fn tokens_mut(&mut self) -> &mut [u8; NODE_CAPACITY] {
        &mut self.tok
    }

    /// [`IntTuple::leaf`] for the crate, without `#[track_caller]` (which keeps a tuple
    /// written in place, such as a result built where it is returned, from being built
    /// there); `i` must be in range.
    #[inline(always)]
    pub(crate) const fn leaf_at(&self, i: usize) -> Int {
        Int::from_raw(self.val[i], self.meta[i])
    }

    /// [`IntTuple::set_leaf`] for the crate, without `#[track_caller]` (see
    /// [`IntTuple::leaf_at`]); `i` must be in range.
    #[inline(always)]
    pub(crate) const fn put_leaf(&mut self, i: usize, x: Int) {
        self.val[i] = x.value();
        self.meta[i] = x.meta();
    }

    /// Sets the token count of a stream whose tokens were written through
    /// [`IntTuple::tokens_mut`] (crate-internal).
    #[inline(always)]
    pub(crate) const fn set_token_count(&mut self, n: usize) {
        self.ntok = n as u8;
    }

    /// Sets the leaf count of a stream whose leaves were written through
    /// [`IntTuple::leaves_mut`] (crate-internal; [`IntTuple::make_flat`] then gives it
    /// its nesting).
    #[inline]
    pub(crate) const fn set_leaf_count(&mut self, n: usize) {
        self.nleaf = n as u8;
    }

    /// Makes the tuple flat, its leaves unchanged: `(l0,l1,...)`, or the single leaf when
    /// there is one (crate-internal; the tokens no longer used are zeroed).
    /// Whether [`IntTuple::make_flat`] leaves this tuple as it is: a single leaf, or one
    /// tuple of leaves that is not `(x)` (crate-internal).
    #[inline]
    pub(crate) const fn is_flat_form(&self) -> bool {
        if self.nleaf == 1 {
            return self.ntok == 1;
        }
        self.ntok == self.nleaf + 2
    }

    /// Writes the leaves of `src` into this empty stream as a flat tuple (what
    /// [`IntTuple::make_flat`] makes of a copy of `src`), copying only the leaves in use
    /// (crate-internal).
    pub(crate) const fn set_flat_of(&mut self, src: &IntTuple) {
        let n = src.nleaf as usize;
        sub_mut(&mut self.val, 0, n).copy_from_slice(sub(&src.val, 0, n));
        sub_mut(&mut self.meta, 0, n).copy_from_slice(sub(&src.meta, 0, n));
        self.nleaf = n as u8;
        self.ntok = self.write_flat_tokens(n) as u8;
    }

    pub(crate) const fn make_flat(&mut self) {
        let old = self.ntok as usize;
        let new = self.write_flat_tokens(self.nleaf as usize);
        let mut t = new;
        while t < old {
            self.tok[t] = 0;
            t += 1;
        }
        self.ntok = new as u8;
    }

    /// Writes the tokens of a flat tuple of `n` leaves (a single leaf when `n` is 1) from
    /// the start, and returns how many there are.
    #[inline]
    const fn write_flat_tokens(&mut self, n: usize) -> usize {
        if n == 1 {
            self.tok[0] = LEAF;
            return 1;
        }
        // n + 2 <= CAPACITY + 2 <= NODE_CAPACITY tokens
        self.tok[0] = OPEN;
        let mut t = 1;
        while t <= n {
            self.tok[t] = LEAF;
            t += 1;
        }
        self.tok[t] = CLOSE;
        n + 2
    }

    /// Completes a flat tuple whose leaves were pushed last first after its `(`: closes it,
    /// or turns it into its single leaf, and reverses the leaves (crate-internal).
    pub(crate) const fn finish_flat_reversed(&mut self) -> Result<(), Error> {
        let n = self.nleaf as usize;
        if n == 1 {
            self.tok[0] = LEAF;
            self.tok[1] = 0; // unused tokens stay zeroed
            self.ntok = 1;
            return Ok(());
        }
        let mut i = 0;
        while i < n / 2 {
            let j = n - 1 - i;
            (self.val[i], self.val[j]) = (self.val[j], self.val[i]);
            (self.meta[i], self.meta[j]) = (self.meta[j], self.meta[i]);
            i += 1;
        }
        self.push_close()
    }

    // ---------------------------------------------------------------- navigation

    pub(crate) const fn is_leaf_node(&self, n: Node) -> bool {
        self.tok[n.t] == LEAF
    }

    pub(crate) const fn is_close(&self, n: Node) -> bool {
        self.tok[n.t] == CLOSE
    }

    /// Whether `self` and `other` have the same nesting (the same token stream), compared
    /// eight tokens at a time (crate-internal). Unused token slots are zero in every tuple,
    /// so whole words past the last token compare equal.
    pub(crate) const fn same_tokens(&self, other: &IntTuple) -> bool {
        if self.ntok != other.ntok {
            return false;
        }
        let n = self.ntok as usize;
        let mut k = 0;
        while k < n {
            // NODE_CAPACITY is a multiple of 8: every word is whole
            let (Some(a), Some(b)) = (
                sub(&self.tok, k, 8).first_chunk::<8>(),
                sub(&other.tok, k, 8).first_chunk::<8>(),
            ) else {
                return false;
            };
            if u64::from_ne_bytes(*a) != u64::from_ne_bytes(*b) {
                return false;
            }
            k += 8;
        }
        true
    }

    /// The position just past the subtree at `n`.
    #[inline]
    pub(crate) const fn node_end(&self, n: Node) -> Node {
        if n.t == 0 {
            // the root's subtree is the whole stream
            return Node {
                t: self.ntok as usize,
                l: self.nleaf as usize,
            };
        }
        if self.tok[n.t] == LEAF {
            return Node {
                t: n.t + 1,
                l: n.l + 1,
            };
        }
        self.tree_end(n)
    }

    /// [`IntTuple::node_end`] of a tuple node other than the root.
    const fn tree_end(&self, n: Node) -> Node {
        let mut t = n.t;
        let mut l = n.l;
        let mut depth = 0usize;
        loop {
            let k = self.tok[t];
            t += 1;
            if k == LEAF {
                l += 1;
            } else if k == OPEN {
                depth += 1;
            } else {
                depth -= 1;
            }
            if depth == 0 {
                return Node { t, l };
            }
        }
    }

    /// The number of children of the tuple at `n`; 1 for a leaf (CuTe's `rank`).
    pub(crate) const fn rank_at(&self, n: Node) -> usize {
        if self.is_leaf_node(n) {
            return 1;
        }
        let mut c = Node { t: n.t + 1, l: n.l };
        let mut r = 0;
        while !self.is_close(c) {
            r += 1;
            c = self.node_end(c);
        }
        r
    }

    /// The first child of the tuple at `n` (or the close token of an empty tuple).
    pub(crate) const fn first_child(&self, n: Node) -> Node {
        Node { t: n.t + 1, l: n.l }
    }

    /// The `i`-th child of the tuple at `n`; `i` must be below `rank_at(n)`.
    pub(crate) const fn child(&self, n: Node, i: usize) -> Node {
        let mut c = Node { t: n.t + 1, l: n.l };
        let mut k = 0;
        while k < i {
            c = self.node_end(c);
            k += 1;
        }
        c
    }

    pub(crate) const fn int_at(&self, n: Node) -> Int {
        Int::from_raw(self.val[n.l], self.meta[n.l])
    }

    /// A copy of the subtree at `n`.
    pub(crate) const fn subtree(&self, n: Node) -> IntTuple {
        if n.t == 0 {
            return *self;
        }
        let mut t = IntTuple::stream();
        // A subtree is never larger than the tuple it comes from.
        match t.push_node(self, n) {
            Ok(()) => t,
            Err(e) => e.panic(),
        }
    }

    /// The depth of the subtree at `n`: 0 for a leaf, 1 + max over children for a tuple
    /// (the empty tuple has depth 1 here; CuTe does not define it).
    pub(crate) const fn depth_at(&self, n: Node) -> usize {
        let end = self.node_end(n);
        let mut t = n.t;
        let mut d = 0usize;
        let mut max = 0usize;
        while t < end.t {
            let k = self.tok[t];
            if k == OPEN {
                d += 1;
                if d > max {
                    max = d;
                }
            } else if k == CLOSE {
                d -= 1;
            }
            t += 1;
        }
        max
    }

    // ------------------------------------------------------------------- queries

    /// Whether this is a single integer (not a tuple).
    pub const fn is_leaf(&self) -> bool {
        self.tok[0] == LEAF
    }

    /// Whether this is a tuple (possibly empty or rank-1).
    pub const fn is_tuple(&self) -> bool {
        self.tok[0] == OPEN
    }

    /// The integer, if this is a leaf.
    pub const fn as_int(&self) -> Option<Int> {
        if self.is_leaf() {
            Some(self.int_at(Node::ROOT))
        } else {
            None
        }
    }

    /// The number of top-level modes; 1 for a leaf, as in CuTe (`rank(8) == _1`).
    pub const fn rank(&self) -> usize {
        self.rank_at(Node::ROOT)
    }

    /// The nesting depth: 0 for a leaf, `1 + max(depth of modes)` for a tuple.
    ///
    /// CuTe's `depth(())` does not compile; here it is 1.
    pub const fn depth(&self) -> usize {
        self.depth_at(Node::ROOT)
    }

    /// The number of leaves (integers) in the whole tree.
    pub const fn leaf_count(&self) -> usize {
        self.nleaf as usize
    }

    /// The `i`-th leaf in depth-first order.
    ///
    /// # Panics
    /// If `i >= self.leaf_count()`.
    #[track_caller]
    pub const fn leaf(&self, i: usize) -> Int {
        assert!(i < self.nleaf as usize, "leaf index out of range");
        Int::from_raw(self.val[i], self.meta[i])
    }

    /// Mode `i` (CuTe's `get<i>`); on a leaf, `get<0>` is the leaf itself.
    pub const fn try_get(&self, i: usize) -> Result<IntTuple, Error> {
        let r = self.rank();
        if i >= r {
            return Err(Error::IndexOutOfRange {
                msg: "get: mode index out of range",
                index: i as i64,
                rank: r,
            });
        }
        if self.is_leaf() {
            return Ok(*self);
        }
        Ok(self.subtree(self.child(Node::ROOT, i)))
    }

    /// [`IntTuple::try_get`], panicking with the error's message.
    #[track_caller]
    pub const fn get(&self, i: usize) -> IntTuple {
        unwrap_or_panic!(self.try_get(i))
    }

    /// The mode at a hierarchical index (CuTe's `get<I0, I1, ...>`); an empty path is the
    /// whole tuple.
    pub const fn try_get_path(&self, path: &[usize]) -> Result<IntTuple, Error> {
        let mut t = *self;
        let mut k = 0;
        while k < path.len() {
            t = tri!(t.try_get(path[k]));
            k += 1;
        }
        Ok(t)
    }

    /// Whether any leaf is the underscore `_`.
    pub const fn has_underscore(&self) -> bool {
        let mut i = 0;
        while i < self.nleaf as usize {
            if self.leaf(i).is_underscore() {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Whether any leaf is a scaled basis element.
    pub const fn has_basis(&self) -> bool {
        let meta = sub(&self.meta, 0, self.nleaf as usize);
        let mut i = 0;
        while i < meta.len() {
            if Int::from_raw(0, meta[i]).is_basis() {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Whether every leaf is static (CuTe's `is_static`); the empty tuple is static.
    pub const fn is_static(&self) -> bool {
        let meta = sub(&self.meta, 0, self.nleaf as usize);
        let mut i = 0;
        while i < meta.len() {
            if !Int::from_raw(0, meta[i]).is_static() {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The same tuple with every leaf static (`_` and scaled-basis paths are kept).
    pub const fn to_static(&self) -> IntTuple {
        let mut t = *self;
        let mut i = 0;
        while i < self.nleaf as usize {
            t.meta[i] |= 1;
            i += 1;
        }
        t
    }

    /// The same tuple with every leaf dynamic (`_` is kept).
    pub const fn to_dynamic(&self) -> IntTuple {
        let mut t = *self;
        let mut i = 0;
        while i < self.nleaf as usize {
            if !self.leaf(i).is_underscore() {
                t.meta[i] &= !1;
            }
            i += 1;
        }
        t
    }

    /// The leaf index where each top-level mode starts, and one past the last leaf: mode
    /// `m` holds leaves `starts[m]..starts[m + 1]`. Returns the number of modes. A leaf is
    /// one mode.
    pub(crate) const fn mode_starts(&self, starts: &mut [usize; CAPACITY + 1]) -> usize {
        if self.is_leaf() {
            starts[0] = 0;
            starts[1] = 1;
            return 1;
        }
        let mut depth = 0usize;
        let mut modes = 0usize;
        let mut l = 0usize;
        let mut t = 0usize;
        while t < self.ntok as usize {
            let k = self.tok[t];
            if depth == 1 && (k == OPEN || k == LEAF) {
                starts[modes] = l;
                modes += 1;
            }
            if k == OPEN {
                depth += 1;
            } else if k == CLOSE {
                depth -= 1;
            } else {
                l += 1;
            }
            t += 1;
        }
        starts[modes] = l;
        modes
    }

    /// An iterator over the top-level modes (one item, the leaf itself, for a leaf).
    pub fn modes(&self) -> Modes<'_> {
        Modes {
            t: self,
            pos: if self.is_leaf() {
                Node::ROOT
            } else {
                self.first_child(Node::ROOT)
            },
            done: false,
        }
    }

    /// An iterator over the leaves in depth-first order.
    ///
    /// ```
    /// use rcute::int_tuple;
    /// let t = int_tuple!((_2,(3,_4)));
    /// let v: Vec<i64> = t.leaves().map(|i| i.value()).collect();
    /// assert_eq!(v, [2, 3, 4]);
    /// assert!(t.leaves().nth(1).is_some_and(|i| !i.is_static()));
    /// ```
    #[inline]
    pub fn leaves(&self) -> impl ExactSizeIterator<Item = Int> + '_ {
        let (val, meta) = self.leaf_parts(0, self.leaf_count());
        val.iter().zip(meta).map(|(&v, &m)| Int::from_raw(v, m))
    }

    /// Replaces leaf `i` (in depth-first order), keeping the nesting.
    ///
    /// # Panics
    /// If `i >= self.leaf_count()`.
    ///
    /// ```
    /// use rcute::{Int, int_tuple};
    /// let mut t = int_tuple!((_2,(3,_4)));
    /// t.set_leaf(1, Int::constant(5));
    /// assert_eq!(t.to_string(), "(_2,(_5,_4))");
    /// ```
    #[track_caller]
    pub const fn set_leaf(&mut self, i: usize, v: Int) {
        assert!(i < self.nleaf as usize, "leaf index out of range");
        self.val[i] = v.value();
        self.meta[i] = v.meta();
    }

    /// The number of tokens so far (crate-internal: a mark for [`IntTuple::unwrap_single`]).
    pub(crate) const fn token_count(&self) -> usize {
        self.ntok as usize
    }

    /// Turns `(x` (an open token at `at`, then exactly one leaf, as the last tokens) into
    /// `x` (crate-internal: a tuple being built that turned out to hold one leaf).
    pub(crate) const fn unwrap_single(&mut self, at: usize) {
        assert!(self.ntok as usize == at + 2 && self.tok[at] == OPEN && self.tok[at + 1] == LEAF);
        self.tok[at] = LEAF;
        self.tok[at + 1] = 0;
        self.ntok -= 1;
    }

    /// Removes the parentheses of the tuple nodes `a` and, when given, `b` (neither the
    /// root, `a` before `b` and not inside it), splicing their children into their parents
    /// in one pass over the tokens (crate-internal). Unused token slots stay zero.
    pub(crate) const fn splice_nodes(&mut self, a: Node, b: Option<Node>) {
        let ntok = self.ntok as usize;
        let a_close = self.tree_end(a).t - 1;
        let (b_open, b_close) = match b {
            Some(b) => (b.t, self.tree_end(b).t - 1),
            None => (usize::MAX, usize::MAX),
        };
        let mut k = a.t;
        let mut j = a.t + 1;
        while j < ntok {
            if j != a_close && j != b_open && j != b_close {
                self.tok[k] = self.tok[j];
                k += 1;
            }
            j += 1;
        }
        while k < ntok {
            self.tok[k] = 0;
            k += 1;
        }
        self.ntok -= if b.is_some() { 4 } else { 2 };
    }

    /// Copies the nesting of `other`, a tuple with the same leaf count (crate-internal:
    /// the stride of a layout whose shape was re-nested).
    pub(crate) const fn copy_tokens(&mut self, other: &IntTuple) {
        self.tok = other.tok;
        self.ntok = other.ntok;
    }

    /// Multiplies leaves `start..` by `d` (CuTe's `e * d`), leaving static `_0`s alone
    /// (crate-internal: the stride of a mode just pushed, composed after `s:d`).
    pub(crate) const fn scale_leaves_from(&mut self, start: usize, d: Int) -> Result<(), Error> {
        let mut i = start;
        while i < self.nleaf as usize {
            let e = Int::from_raw(self.val[i], self.meta[i]);
            if !e.is_constant(0) {
                let m = tri!(e.try_mul(d));
                self.val[i] = m.value();
                self.meta[i] = m.meta();
            }
            i += 1;
        }
        Ok(())
    }

    /// Raw leaf values (only the first `leaf_count()` are meaningful).
    pub(crate) const fn values(&self) -> &[i64; CAPACITY] {
        &self.val
    }
}

/// Iterator over the top-level modes of an [`IntTuple`]; see [`IntTuple::modes`].
pub struct Modes<'a> {
    t: &'a IntTuple,
    pos: Node,
    done: bool,
}

impl Iterator for Modes<'_> {
    type Item = IntTuple;
    fn next(&mut self) -> Option<IntTuple> {
        if self.done {
            return None;
        }
        if self.t.is_leaf() {
            self.done = true;
            return Some(*self.t);
        }
        if self.t.is_close(self.pos) {
            self.done = true;
            return None;
        }
        let m = self.t.subtree(self.pos);
        self.pos = self.t.node_end(self.pos);
        Some(m)
    }
}

impl From<Int> for IntTuple {
    fn from(i: Int) -> IntTuple {
        IntTuple::from_int(i)
    }
}

impl fmt::Display for IntTuple {
    /// CuTe's `print`: `(_2,(3,_4),_5)`, no spaces; `()` for the empty tuple.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut prev = 0u8;
        let mut l = 0;
        for t in 0..self.ntok as usize {
            let k = self.tok[t];
            if (k == OPEN || k == LEAF) && (prev == LEAF || prev == CLOSE) {
                f.write_str(",")?;
            }
            match k {
                OPEN => f.write_str("(")?,
                CLOSE => f.write_str(")")?,
                _ => {
                    fmt::Display::fmt(&self.leaf(l), f)?;
                    l += 1;
                }
            }
            prev = k;
        }
        Ok(())
    }
}

impl fmt::Debug for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IntTuple({self})")
    }
}

// The inline storage must stay small enough to copy freely; this pins its size (the
// values, their metadata, the tokens and the two counts, rounded up to the alignment).
const _: () = assert!(
    core::mem::size_of::<IntTuple>()
        == (8 * CAPACITY + 2 * CAPACITY + NODE_CAPACITY + 2).next_multiple_of(16)
);
