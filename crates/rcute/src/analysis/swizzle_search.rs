//! Swizzle search: the cheapest `Swizzle<B,M,S>` that makes every access of a shared tile
//! conflict-free while keeping each access a vector.
//!
//! Every candidate `Sw<B,M,S> ∘ L` (in element units, every `B >= 1` whose fields lie
//! inside the tile's offsets) is evaluated with the bank model of
//! [`bank_conflicts`](super::bank_conflicts) on every access; a candidate that splits an
//! access's vector (its values no longer at consecutive offsets) is refused. The best has
//! the fewest wavefronts over all accesses, then the fewest bits `B`, then the smallest
//! shift `S`, then the smallest base `M`.

use super::access::{Access, Memory};
use super::banks::bank_conflicts_in;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, MaybeSwizzled, Swizzle};
use alloc::vec::Vec;
use core::fmt;

/// One candidate's cost: wavefronts and ideal, in total and per access.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SwizzleCost {
    /// The swizzle (`Sw<0,0,0>`: none).
    pub swizzle: Swizzle,
    /// Wavefronts of each access, in the order given.
    pub wavefronts: Vec<usize>,
    /// The conflict-free wavefronts of each access.
    pub ideal: Vec<usize>,
}

impl SwizzleCost {
    /// Wavefronts over all accesses.
    pub fn total(&self) -> usize {
        self.wavefronts.iter().sum()
    }

    /// Every access is conflict-free.
    pub fn conflict_free(&self) -> bool {
        self.wavefronts == self.ideal
    }
}

/// The result of [`swizzle_for`]: the best swizzle, the unswizzled cost, the candidates
/// equally good, and how many were tried and refused.
///
/// ```
/// use rcute::analysis::{Access, swizzle_for};
/// use rcute::layout;
/// // a 32x32 float tile written by rows and read by columns, 32-bit accesses
/// let rows = Access::try_vector(layout!((_32,_32):(_32,_1)), 32, 32).unwrap();
/// let cols = Access::try_vector(layout!((_32,_32):(_1,_32)), 32, 32).unwrap();
/// let s = swizzle_for(&layout!((_32,_32):(_32,_1)), &[rows, cols]).unwrap();
/// assert_eq!(s.baseline.total(), 32 + 32 * 32);
/// assert!(s.best.conflict_free());
/// assert_eq!(s.best.swizzle.to_string(), "Sw<5,0,5>");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SwizzleSearch {
    /// The layout searched over.
    pub layout: Layout,
    /// The best candidate.
    pub best: SwizzleCost,
    /// No swizzle.
    pub baseline: SwizzleCost,
    /// Other candidates with the best's wavefronts and bits.
    pub ties: Vec<Swizzle>,
    /// Candidates evaluated.
    pub tried: usize,
    /// Candidates refused because they split an access's vector.
    pub refused: usize,
}

impl SwizzleSearch {
    /// The best swizzled layout, `Sw<B,M,S> o _0 o L`.
    pub fn swizzled(&self) -> ComposedLayout {
        ComposedLayout::new(self.best.swizzle, Int::constant(0), self.layout)
    }
}

fn cost(layout: &Layout, sw: Swizzle, accesses: &[Access]) -> Result<SwizzleCost, Error> {
    let m = if sw.bits() == 0 {
        MaybeSwizzled::Plain(*layout)
    } else {
        MaybeSwizzled::Swizzled(ComposedLayout::new(sw, Int::constant(0), *layout))
    };
    let memory = Memory::try_new(&m)?;
    let mut c = SwizzleCost {
        swizzle: sw,
        wavefronts: Vec::new(),
        ideal: Vec::new(),
    };
    for a in accesses {
        let r = bank_conflicts_in(&memory, a)?;
        c.wavefronts.push(r.wavefronts());
        c.ideal.push(r.ideal());
    }
    Ok(c)
}

/// The cheapest swizzle of `layout` (a shared-memory tile, offsets in elements) for the
/// accesses `accesses` (for example the `cp.async` writes of a tile and the `ldmatrix`
/// reads of an MMA operand). Each access is costed by its own kind's model
/// ([`Access::kind`]: a load's phases may be served together, a store's never, a
/// `cp.async`'s writes never share a word); the cost weighed is the wavefronts of data
/// through the banks, not the 3 that every `cp.async` instruction adds.
///
/// # Errors
/// No access; an access that the unswizzled layout already cannot serve (not contiguous,
/// outside the tile); the errors of [`Memory::try_new`].
pub fn swizzle_for(layout: &Layout, accesses: &[Access]) -> Result<SwizzleSearch, Error> {
    if accesses.is_empty() {
        return Err(Error::WrongKind {
            msg: "swizzle search: give at least one access",
        });
    }
    let baseline = cost(layout, Swizzle::new(0, 0, 0), accesses)?;
    // the bits of the tile's offsets: a swizzle reading above them does nothing
    let cosize = layout.try_cosize()?.value().max(1);
    let bits = 64 - (cosize - 1).leading_zeros() as i64;
    let mut found: Vec<((usize, i64, i64, i64), SwizzleCost)> =
        alloc::vec![((baseline.total(), 0, 0, 0), baseline.clone())];
    let (mut tried, mut refused) = (0, 0);
    for b in 1..=bits / 2 {
        for s in b..=bits {
            for m in 0..=bits - b - s {
                let sw = Swizzle::new(b, m, s);
                tried += 1;
                match cost(layout, sw, accesses) {
                    Ok(c) => found.push(((c.total(), b, s, m), c)),
                    Err(Error::Access { .. }) => refused += 1,
                    Err(e) => return Err(e),
                }
            }
        }
    }
    found.sort_by_key(|(k, _)| *k);
    let (key, best) = found[0].clone();
    let ties = found[1..]
        .iter()
        .filter(|(k, _)| (k.0, k.1) == (key.0, key.1))
        .map(|(_, c)| c.swizzle)
        .collect();
    Ok(SwizzleSearch {
        layout: *layout,
        best,
        baseline,
        ties,
        tried,
        refused,
    })
}

impl fmt::Display for SwizzleSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = |f: &mut fmt::Formatter<'_>, what: &str, c: &SwizzleCost| {
            write!(
                f,
                "{what}: {} wavefronts (ideal {})",
                c.total(),
                c.ideal.iter().sum::<usize>()
            )?;
            if c.wavefronts.len() > 1 {
                write!(f, ", per access")?;
                for (w, i) in c.wavefronts.iter().zip(&c.ideal) {
                    write!(f, " {w}/{i}")?;
                }
            }
            writeln!(f)
        };
        writeln!(f, "best: {}", self.swizzled())?;
        line(f, "  swizzled", &self.best)?;
        line(f, "  unswizzled", &self.baseline)?;
        if self.best.conflict_free() {
            writeln!(f, "  conflict-free for every access")?;
        } else {
            writeln!(
                f,
                "  no candidate is conflict-free; this one costs the least"
            )?;
        }
        if !self.ties.is_empty() {
            write!(f, "  equally good:")?;
            for t in &self.ties {
                write!(f, " {t}")?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "  {} candidates tried, {} refused (they split a vector)",
            self.tried, self.refused
        )
    }
}

/// The smallest padding of one stride of `layout` that makes every access conflict-free:
/// `(mode, padded layout)`, trying for each top-level mode whose stride is not 1 (and not
/// 0) every stride grown by 1 to 32 elements that keeps each access's vectors aligned
/// (the tile then takes more memory; a swizzle does not). `None` if no such padding is
/// conflict-free, or the layout has fewer than two modes.
///
/// ```
/// use rcute::analysis::{Access, padding_for};
/// use rcute::layout;
/// // a column of a 32x32 row-major float tile: pad the rows to 33 floats
/// let col = Access::try_vector(layout!((_32,_1):(_1,_0)), 32, 32).unwrap();
/// let (mode, padded) = padding_for(&layout!((_32,_32):(_32,_1)), &[col]).unwrap();
/// assert_eq!((mode, padded.to_string()), (0, "(_32,_32):(_33,_1)".to_string()));
/// ```
pub fn padding_for(layout: &Layout, accesses: &[Access]) -> Option<(usize, Layout)> {
    use crate::tuple::IntTuple;
    if layout.rank() < 2 || accesses.is_empty() {
        return None;
    }
    let mut best: Option<(i64, usize, Layout)> = None;
    for mode in 0..layout.rank() {
        let m = layout.try_mode(mode).ok()?;
        let stride = m.stride();
        if !stride.is_leaf() {
            continue;
        }
        let s = stride.leaf(0);
        if s.is_basis() || s.value() == 0 || s.value() == 1 {
            continue;
        }
        for pad in 1..=32i64 {
            if best.as_ref().is_some_and(|(p, _, _)| *p <= pad) {
                break;
            }
            let grown = Layout::new(m.shape(), IntTuple::constant(s.value() + pad));
            let Ok(padded) = layout.try_replace(mode, &grown) else {
                break;
            };
            let Ok(c) = cost(&padded, Swizzle::new(0, 0, 0), accesses) else {
                continue;
            };
            if c.conflict_free() {
                best = Some((pad, mode, padded));
                break;
            }
        }
    }
    best.map(|(_, m, l)| (m, l))
}

/// What removes the bank conflicts of `access` to `smem`, one line each: the cheapest
/// swizzle of the tile's layout that is conflict-free (for a swizzled tile, one replacing
/// its swizzle), and the smallest padding ([`padding_for`]); nothing if `access` is
/// already conflict-free, or a line saying that neither removes them.
///
/// ```
/// use rcute::analysis::{Access, remedies};
/// use rcute::layout;
/// let col = Access::try_vector(layout!((_32,_1):(_1,_0)), 32, 32).unwrap();
/// let r = remedies(&layout!((_32,_32):(_32,_1)).into(), &col).unwrap();
/// assert_eq!(r, ["remedy: swizzle, Sw<5,0,5> o _0 o (_32,_32):(_32,_1)", "remedy: padding, (_32,_32):(_33,_1)"]);
/// ```
///
/// # Errors
/// Those of [`bank_conflicts`](super::bank_conflicts) on `smem`.
pub fn remedies(
    smem: &MaybeSwizzled,
    access: &Access,
) -> Result<Vec<alloc::string::String>, Error> {
    use alloc::format;
    let r = super::bank_conflicts(smem, access)?;
    if r.conflicting().next().is_none() {
        return Ok(Vec::new());
    }
    let layout = match smem {
        MaybeSwizzled::Plain(l) => *l,
        MaybeSwizzled::Swizzled(c) => c.layout(),
    };
    let mut out = Vec::new();
    if let Ok(s) = swizzle_for(&layout, &[*access])
        && s.best.conflict_free()
        && s.best.swizzle.bits() > 0
    {
        out.push(format!("remedy: swizzle, {}", s.swizzled()));
    }
    if let Some((_, padded)) = padding_for(&layout, &[*access]) {
        out.push(format!("remedy: padding, {padded}"));
    }
    if out.is_empty() {
        out.push(
            "remedy: no swizzle of this layout nor padding of one stride (up to 32 elements) removes the conflicts"
                .into(),
        );
    }
    Ok(out)
}
