//! TMEM copies as CuTe builds them (`copy_traits_sm100.hpp`): `make_tmem_copy(atom,
//! tmem_tensor)`, a tiled copy of four warps, each in its own 32 data paths of TMEM, over a
//! tensor whose layout maps a coordinate to a TMEM address (data path `i` at `i *
//! TMEM::DP<T>`, column `j` at `j`).
//!
//! ```
//! use rcute::atom::{copy_atom, make_tmem_copy};
//! use rcute::layout;
//! let atom = copy_atom("Copy_Atom<SM100_TMEM_LOAD_32dp32b8x, float>").unwrap();
//! // a 128 x 256 fp32 accumulator: row i in data path i, column j in column j
//! let copy = make_tmem_copy(atom, &layout!((_128,_256):(_65536,_1))).unwrap();
//! assert_eq!(copy.to_string().lines().nth(1).unwrap(), "  Tiler_MN:       ((_4,_32):(_32,_1),_8:_1)");
//! assert_eq!(copy.layout_tv().to_string(), "((_32,_4),(_8,_32)):((_0,_1),(_128,_4))");
//! ```

use super::copy::CopyAtom;
use super::sm100_tmem::SM100_TMEM_VAL_IDS;
use super::tiled_copy::TiledCopy;
use super::tmem::tmem_dp;
use crate::error::Error;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// CuTe's `make_tmem_copy(atom, tmem)`: the tiled copy of a TMEM load or store atom over
/// the TMEM tensor whose layout is `tmem` (coordinate -> TMEM address in elements), four
/// warps each in its own 32 data paths ([`TiledCopy::try_cotiled`]).
///
/// # Errors
/// An atom that is not a TMEM load or store, an element the tensor cannot hold, and the
/// errors of `make_cotiled_copy`.
pub fn make_tmem_copy(atom: CopyAtom, tmem: &Layout) -> Result<TiledCopy, Error> {
    let name = atom.op().name();
    let Some((_, val_id)) = SM100_TMEM_VAL_IDS.iter().find(|(n, _)| *n == name.as_str()) else {
        return Err(Error::WrongKind {
            msg: "make_tmem_copy: the atom must be a TMEM load or store (SM100_TMEM_LOAD_*, SM100_TMEM_STORE_*)",
        });
    };
    let bits = atom.value_bits();
    let dp = tmem_dp(bits)?;
    let atom_t = Layout::try_new(
        IntTuple::try_from_ints(&[Int::constant(32), Int::constant(4)])?,
        IntTuple::try_from_ints(&[Int::ZERO, Int::constant(32 * dp)])?,
    )?;
    let atom_v = Layout::try_parse(val_id)?
        .try_upcast(bits)?
        .try_coalesce()?;
    let tv = Layout::try_concat(&[atom_t, atom_v])?;
    TiledCopy::try_cotiled(atom, &tv, tmem)
}
