//! GMMA's and UMMA's shared-memory layout atoms (`GMMA::Layout_K_SW128_Atom<T>`, ...).

use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{ComposedLayout, MaybeSwizzled, Swizzle};
use crate::tuple::IntTuple;

/// CuTe's shared-memory layout atoms of GMMA (`cute/atom/mma_traits_sm90_gmma.hpp`) and
/// UMMA (`mma_traits_sm100.hpp`, which takes GMMA's and adds `Layout_MN_SW128_32B_Atom`),
/// by name: `Layout_K_SW128_Atom` for `GMMA::Layout_K_SW128_Atom<T>` with `bits` the
/// bits of `T`, `Layout_K_SW128_Atom_Bits` (then `bits` is ignored), and the forms with a
/// major, `Layout_SW128_Atom` with `k_major` (`GMMA::Layout_SW128_Atom<T, GMMA::Major::K>`).
/// `None` for another name.
///
/// Each is `upcast<bits>` of the atom in bits, a swizzle on byte addresses over an
/// `smem_ptr_flag` ([`ComposedLayout::try_smem_flagged`]):
///
/// | atom | in bits |
/// |---|---|
/// | `Layout_MN_INTER_Atom` | `Sw<0,4,3> o smem_ptr[1b](unset) o (_128,_8):(_1,_128)` |
/// | `Layout_MN_SW32_Atom`, `_SW64_`, `_SW128_` | `Sw<1,4,3>`, `Sw<2,4,3>`, `Sw<3,4,3>` over `(_256,_8)`, `(_512,_8)`, `(_1024,_8)`, column-major |
/// | `Layout_K_INTER_Atom` | `Sw<0,4,3> o smem_ptr[1b](unset) o (_8,_128):(_128,_1)` |
/// | `Layout_K_SW32_Atom`, `_SW64_`, `_SW128_` | the same swizzles over `(_8,_256)`, `(_8,_512)`, `(_8,_1024)`, row-major |
/// | `Layout_MN_SW128_32B_Atom` (UMMA) | `Sw<2,5,2> o smem_ptr[1b](unset) o (_1024,_4):(_1,_1024)` |
///
/// ```
/// use rcute::atom::smem_layout_atom;
/// let a = smem_layout_atom("Layout_K_SW128_Atom", 16, true).unwrap().unwrap();
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
/// let b = smem_layout_atom("Layout_SW32_Atom", 64, false).unwrap().unwrap();
/// assert_eq!(b.to_string(), "Sw<1,4,3> o smem_ptr[64b](unset) o (_4,_8):(_1,_4)");
/// assert!(smem_layout_atom("Layout_K_SW256_Atom", 16, true).is_none());
/// ```
pub fn smem_layout_atom(
    name: &str,
    bits: i64,
    k_major: bool,
) -> Option<Result<ComposedLayout, Error>> {
    let (name, in_bits) = match name.strip_suffix("_Bits") {
        Some(n) => (n, true),
        None => (name, false),
    };
    let rest = name.strip_prefix("Layout_")?.strip_suffix("_Atom")?;
    // MN_SW128, K_INTER, SW64 (with a major), MN_SW128_32B
    let (mn, kind) = if let Some(k) = rest.strip_prefix("MN_") {
        (true, k)
    } else if let Some(k) = rest.strip_prefix("K_") {
        (false, k)
    } else if in_bits {
        return None;
    } else {
        (!k_major, rest)
    };
    // (swizzle bits, base, shift, the atom's extent along the contiguous mode, the other)
    let (b, m, s, wide, narrow) = match (kind, mn) {
        ("INTER", _) => (0, 4, 3, 128, 8),
        ("SW32", _) => (1, 4, 3, 256, 8),
        ("SW64", _) => (2, 4, 3, 512, 8),
        ("SW128", _) => (3, 4, 3, 1024, 8),
        ("SW128_32B", true) => (2, 5, 2, 1024, 4),
        _ => return None,
    };
    Some(build(
        Swizzle::new(b, m, s),
        mn,
        wide,
        narrow,
        if in_bits { 1 } else { bits },
    ))
}

fn build(
    sw: Swizzle,
    mn: bool,
    wide: i64,
    narrow: i64,
    bits: i64,
) -> Result<ComposedLayout, Error> {
    let (shape, stride) = if mn {
        ((wide, narrow), (1, wide))
    } else {
        ((narrow, wide), (wide, 1))
    };
    let c = |v: i64| IntTuple::from_int(Int::constant(v));
    let l = tri!(Layout::try_new(
        IntTuple::tuple(&[c(shape.0), c(shape.1)]),
        IntTuple::tuple(&[c(stride.0), c(stride.1)]),
    ));
    let atom = tri!(ComposedLayout::try_smem_flagged(sw, 1, l));
    if bits == 1 {
        return Ok(atom);
    }
    match tri!(atom.try_upcast(bits)) {
        MaybeSwizzled::Swizzled(c) => Ok(c),
        // the flag keeps the swizzle: an upcast of a flagged layout stays swizzled
        MaybeSwizzled::Plain(_) => Err(Error::WrongKind {
            msg: "smem_layout_atom: the upcast lost its swizzle",
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::smem_layout_atom;

    #[test]
    fn atoms_hold_the_same_bits_over_every_type() {
        let mut checked = 0;
        for major in ["MN_", "K_"] {
            for kind in ["INTER", "SW32", "SW64", "SW128", "SW128_32B"] {
                let name = alloc::format!("Layout_{major}{kind}_Atom");
                if major == "K_" && kind == "SW128_32B" {
                    assert!(smem_layout_atom(&name, 16, true).is_none(), "{name}");
                    continue;
                }
                let bits_name = alloc::format!("{name}_Bits");
                let in_bits = smem_layout_atom(&bits_name, 0, true).unwrap().unwrap();
                let total = in_bits.size().value();
                for b in [1, 2, 4, 8, 16, 32, 64] {
                    let a = smem_layout_atom(&name, b, true).unwrap().unwrap();
                    // the same swizzle (on bytes) and rows of bytes, in elements of b bits
                    assert_eq!(a.swizzle(), in_bits.swizzle(), "{name} {b}");
                    assert_eq!(a.smem_ptr_bits(), Some(b), "{name} {b}");
                    assert_eq!(a.size().value() * b, total, "{name} {b}");
                    checked += 1;
                }
                // an element width that does not divide the rows is refused
                assert!(smem_layout_atom(&name, 6, true).unwrap().is_err(), "{name}");
            }
        }
        assert_eq!(checked, 9 * 7);
    }
}
