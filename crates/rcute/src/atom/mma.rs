//! MMA atoms: CuTe's `MMA_Traits` of one MMA instruction, as `const` data.

use super::name::AtomName;
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use core::fmt;

/// Which operand of an MMA: A `(M,K)`, B `(N,K)` or C `(M,N)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Operand {
    /// A, the `(M,K)` operand.
    A,
    /// B, the `(N,K)` operand.
    B,
    /// C, the `(M,N)` accumulator.
    C,
}

impl Operand {
    /// The modes of MNK this operand spans.
    pub(super) const fn modes(self) -> (usize, usize) {
        match self {
            Operand::A => (0, 2),
            Operand::B => (1, 2),
            Operand::C => (0, 1),
        }
    }
}

/// An MMA atom: the traits CuTe attaches to one MMA instruction (`MMA_Traits<Op>`).
///
/// `thr_id` maps the atom's logical threads to thread indices; `layout_a_tv`,
/// `layout_b_tv` and `layout_c_tv` map a (thread, value) pair to the column-major offset
/// of its element in the atom's `(M,K)`, `(N,K)` and `(M,N)` tiles. `Display` prints what
/// CuTe's `print(MMA_Atom<Op>{})` prints.
///
/// ```
/// use rcute::atom::SM80_16x8x16_F32F16F16F32_TN as ATOM;
/// assert_eq!(ATOM.shape_mnk().to_string(), "(_16,_8,_16)");
/// assert_eq!(ATOM.layout_c_tv().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MmaAtom {
    name: AtomName,
    thr_id: Layout,
    shape_mnk: IntTuple,
    a: Layout,
    b: Layout,
    c: Layout,
    /// The value types of D, A, B and C, CuTe's spellings.
    types: [&'static str; 4],
    /// Whether A and B are read from shared memory through descriptors (SM90 GMMA).
    descriptors: (bool, bool),
    /// Whether the descriptors of A and B describe MN-major tiles (`GMMA::Major::MN`,
    /// `UMMA::Major::MN`).
    descriptor_mn: (bool, bool),
    /// Whether A and C live in tensor memory (SM100 UMMA: C always, A for `_TS`).
    tmem: (bool, bool),
}

impl MmaAtom {
    /// An atom from its traits (layouts in CuTe notation), for the catalog.
    pub(crate) const fn from_parts(
        name: AtomName,
        thr_id: Layout,
        shape_mnk: IntTuple,
        abc: [Layout; 3],
        types: [&'static str; 4],
    ) -> MmaAtom {
        MmaAtom {
            name,
            thr_id,
            shape_mnk,
            a: abc[0],
            b: abc[1],
            c: abc[2],
            types,
            descriptors: (false, false),
            descriptor_mn: (false, false),
            tmem: (false, false),
        }
    }

    /// This atom with A and/or B read from shared memory through descriptors.
    pub(crate) const fn with_descriptors(mut self, a: bool, b: bool) -> MmaAtom {
        self.descriptors = (a, b);
        self
    }

    /// This atom with the majors its descriptors describe (MN-major or K-major).
    pub(crate) const fn with_descriptor_majors(mut self, mn_a: bool, mn_b: bool) -> MmaAtom {
        self.descriptor_mn = (mn_a, mn_b);
        self
    }

    pub(crate) const fn with_tmem(mut self, a: bool, c: bool) -> MmaAtom {
        self.tmem = (a, c);
        self
    }

    /// Whether the atom keeps operand `op` in tensor memory (SM100 UMMA's C, and A of a
    /// `_TS` atom), where CuTe's fragment is a TMEM tensor.
    pub const fn in_tmem(&self, op: super::Operand) -> bool {
        match op {
            super::Operand::A => self.tmem.0,
            super::Operand::B => false,
            super::Operand::C => self.tmem.1,
        }
    }

    /// Whether the atom reads operand `op` from shared memory through a descriptor (SM90
    /// GMMA's `_SS` A and B, `_RS` B), where CuTe's fragment is a view of the tensor.
    pub const fn reads_shared(&self, op: Operand) -> bool {
        match op {
            Operand::A => self.descriptors.0,
            Operand::B => self.descriptors.1,
            Operand::C => false,
        }
    }

    /// Whether the descriptor of operand `op` describes an MN-major tile (the atom's
    /// `GMMA::Major::MN` or `UMMA::Major::MN`); `false` for K-major and where the atom
    /// reads `op` from registers ([`MmaAtom::reads_shared`]).
    pub const fn descriptor_mn_major(&self, op: Operand) -> bool {
        match op {
            Operand::A => self.descriptors.0 && self.descriptor_mn.0,
            Operand::B => self.descriptors.1 && self.descriptor_mn.1,
            Operand::C => false,
        }
    }

    /// Its name, CuTe's type (`SM80_16x8x16_F32F16F16F32_TN`).
    pub const fn name(&self) -> &AtomName {
        &self.name
    }
    /// `ThrID`: logical thread id -> thread index.
    pub const fn thr_id(&self) -> &Layout {
        &self.thr_id
    }
    /// `Shape_MNK`: the shape of one MMA.
    pub const fn shape_mnk(&self) -> &IntTuple {
        &self.shape_mnk
    }
    /// `LayoutA_TV`: (thread, value) -> offset in the column-major `(M,K)` tile.
    pub const fn layout_a_tv(&self) -> &Layout {
        &self.a
    }
    /// `LayoutB_TV`: (thread, value) -> offset in the column-major `(N,K)` tile.
    pub const fn layout_b_tv(&self) -> &Layout {
        &self.b
    }
    /// `LayoutC_TV`: (thread, value) -> offset in the column-major `(M,N)` tile.
    pub const fn layout_c_tv(&self) -> &Layout {
        &self.c
    }
    /// The value types of D, A, B and C, as CuTe spells them (`float`, `half_t`, ...).
    pub const fn value_types(&self) -> [&'static str; 4] {
        self.types
    }
    /// `size<I>(Shape_MNK)`: the extent of mode `i` (0, 1 or 2).
    pub(crate) const fn extent(&self, i: usize) -> Result<Int, Error> {
        let m = tri!(self.shape_mnk.try_get(i));
        m.try_size()
    }
}

impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "MMA_Atom")?;
        writeln!(f, "  ThrID:      {}", self.thr_id)?;
        writeln!(f, "  Shape_MNK:  {}", self.shape_mnk)?;
        writeln!(f, "  LayoutA_TV: {}", self.a)?;
        writeln!(f, "  LayoutB_TV: {}", self.b)?;
        write!(f, "  LayoutC_TV: {}", self.c)
    }
}

/// An atom whose traits are written in CuTe notation.
const fn atom(
    name: &str,
    thr: &str,
    mnk: &str,
    a: &str,
    b: &str,
    c: &str,
    types: [&'static str; 4],
) -> MmaAtom {
    MmaAtom::from_parts(
        AtomName::new(name),
        Layout::parse(thr),
        IntTuple::parse(mnk),
        [Layout::parse(a), Layout::parse(b), Layout::parse(c)],
        types,
    )
}

// CuTe's shared SM80 layouts (mma_traits_sm80.hpp)
const SM80_8X4: &str = "((_4,_8),_1):((_8,_1),_0)";
const SM80_8X8_ROW: &str = "((_4,_8),_2):((_16,_1),_8)";
const SM80_8X16_ROW: &str = "((_4,_8),_4):((_32,_1),_8)";
const SM80_16X8_ROW: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
const W32: &str = "_32:_1";

const F16: [&str; 4] = ["half_t", "half_t", "half_t", "half_t"];
const F32F16: [&str; 4] = ["float", "half_t", "half_t", "float"];
const F32BF16: [&str; 4] = ["float", "bfloat16_t", "bfloat16_t", "float"];
const TF32: [&str; 4] = ["float", "tfloat32_t", "tfloat32_t", "float"];
const F64: [&str; 4] = ["double", "double", "double", "double"];

macro_rules! sm80 {
    ($($(#[$doc:meta])* $name:ident = $mnk:literal, $a:expr, $b:expr, $c:expr, $t:expr;)*) => {
        $(
            $(#[$doc])*
            #[allow(non_upper_case_globals)]
            pub const $name: MmaAtom = atom(stringify!($name), W32, $mnk, $a, $b, $c, $t);
        )*
        /// Every SM80 `mma.sync` atom of the catalog.
        pub(crate) const SM80_ATOMS: &[MmaAtom] = &[$($name),*];
    };
}

const A_16X8X16: &str = "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))";
const B_16X8X16: &str = "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))";
const A_S8_16X8X16: &str = "((_4,_8),(_4,_2)):((_64,_1),(_16,_8))";
const A_S8_16X8X32: &str = "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))";
const B_S8_16X8X32: &str = "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))";
const S8: [&str; 4] = ["int32_t", "int8_t", "int8_t", "int32_t"];
const S8U8: [&str; 4] = ["int32_t", "int8_t", "uint8_t", "int32_t"];
const U8S8: [&str; 4] = ["int32_t", "uint8_t", "int8_t", "int32_t"];
const U8: [&str; 4] = ["int32_t", "uint8_t", "uint8_t", "int32_t"];
const C64: [&str; 4] = [
    "complex<double>",
    "complex<double>",
    "complex<double>",
    "complex<double>",
];
const B1: [&str; 4] = ["int32_t", "uint1b_t", "uint1b_t", "int32_t"];
const A_S4_8X8X32: &str = "((_4,_8),(_8)):((_64,_1),(_8))";
const A_S4_16X8X32: &str = "((_4,_8),(_8,_2)):((_128,_1),(_16,_8))";
const B_S4_16X8X32: &str = "((_4,_8),(_8)):((_32,_1),(_8))";
const A_S4_16X8X64: &str = "((_4,_8),(_8,_2,_2)):((_128,_1),(_16,_8,_512))";
const B_S4_16X8X64: &str = "((_4,_8),(_8,_2)):((_64,_1),(_8,_256))";
const A_B1_8X8X128: &str = "((_4,_8),_32):((_256,_1),_8)";
const A_B1_16X8X256: &str = "((_4,_8),(_32,_2,_2)):((_512,_1),(_16,_8,_2048))";
const B_B1_16X8X256: &str = "((_4,_8),(_32,_2)):((_256,_1),(_8,_1024))";

sm80! {
    /// `mma.sync.m16n8k8` f16 x f16 + f16.
    SM80_16x8x8_F16F16F16F16_TN = "(_16,_8,_8)", SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW, F16;
    /// `mma.sync.m16n8k16` f16 x f16 + f16.
    SM80_16x8x16_F16F16F16F16_TN = "(_16,_8,_16)", A_16X8X16, B_16X8X16, SM80_16X8_ROW, F16;
    /// `mma.sync.m16n8k8` f16 x f16 + f32.
    SM80_16x8x8_F32F16F16F32_TN = "(_16,_8,_8)", SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW, F32F16;
    /// `mma.sync.m16n8k16` f16 x f16 + f32.
    SM80_16x8x16_F32F16F16F32_TN = "(_16,_8,_16)", A_16X8X16, B_16X8X16, SM80_16X8_ROW, F32F16;
    /// `mma.sync.m16n8k8` bf16 x bf16 + f32.
    SM80_16x8x8_F32BF16BF16F32_TN = "(_16,_8,_8)", SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW, F32BF16;
    /// `mma.sync.m16n8k16` bf16 x bf16 + f32.
    SM80_16x8x16_F32BF16BF16F32_TN = "(_16,_8,_16)", A_16X8X16, B_16X8X16, SM80_16X8_ROW, F32BF16;
    /// `mma.sync.m16n8k4` tf32 x tf32 + f32.
    SM80_16x8x4_F32TF32TF32F32_TN = "(_16,_8,_4)", "((_4,_8),_2):((_16,_1),_8)", SM80_8X4, SM80_16X8_ROW, TF32;
    /// `mma.sync.m16n8k8` tf32 x tf32 + f32.
    SM80_16x8x8_F32TF32TF32F32_TN = "(_16,_8,_8)", "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))", "((_4,_8),_2):((_8,_1),_32)", SM80_16X8_ROW, TF32;
    /// `mma.sync.m8n8k4` f64 x f64 + f64.
    SM80_8x8x4_F64F64F64F64_TN = "(_8,_8,_4)", SM80_8X4, SM80_8X4, SM80_8X8_ROW, F64;
    /// `mma.sync.m8n8k16` s8 x s8 + s32.
    SM80_8x8x16_S32S8S8S32_TN = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, S8;
    /// `mma.sync.m8n8k16` s8 x s8 + s32, saturating.
    SM80_8x8x16_S32S8S8S32_TN_SATURATE = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, S8;
    /// `mma.sync.m16n8k16` s8 x s8 + s32.
    SM80_16x8x16_S32S8S8S32_TN = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, S8;
    /// `mma.sync.m16n8k16` s8 x s8 + s32, saturating.
    SM80_16x8x16_S32S8S8S32_TN_SATURATE = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, S8;
    /// `mma.sync.m16n8k32` s8 x s8 + s32.
    SM80_16x8x32_S32S8S8S32_TN = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, S8;
    /// `mma.sync.m16n8k32` s8 x s8 + s32, saturating.
    SM80_16x8x32_S32S8S8S32_TN_SATURATE = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, S8;
    /// `mma.sync.m8n8k16` s8 x u8 + s32.
    SM80_8x8x16_S32S8U8S32_TN = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, S8U8;
    /// `mma.sync.m16n8k16` s8 x u8 + s32.
    SM80_16x8x16_S32S8U8S32_TN = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, S8U8;
    /// `mma.sync.m16n8k32` s8 x u8 + s32.
    SM80_16x8x32_S32S8U8S32_TN = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, S8U8;
    /// `mma.sync.m8n8k16` u8 x s8 + s32.
    SM80_8x8x16_S32U8S8S32_TN = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, U8S8;
    /// `mma.sync.m16n8k16` u8 x s8 + s32.
    SM80_16x8x16_S32U8S8S32_TN = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, U8S8;
    /// `mma.sync.m16n8k32` u8 x s8 + s32.
    SM80_16x8x32_S32U8S8S32_TN = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, U8S8;
    /// `mma.sync.m8n8k16` u8 x u8 + s32.
    SM80_8x8x16_S32U8U8S32_TN = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, U8;
    /// `mma.sync.m16n8k16` u8 x u8 + s32.
    SM80_16x8x16_S32U8U8S32_TN = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, U8;
    /// `mma.sync.m16n8k32` u8 x u8 + s32.
    SM80_16x8x32_S32U8U8S32_TN = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, U8;
    /// `mma.sync.m8n8k4` complex f64.
    SM80_8x8x4_C64C64C64C64_TN = "(_8,_8,_4)", SM80_8X4, SM80_8X4, SM80_8X8_ROW, C64;
    /// `mma.sync.m8n8k4` complex f64, Gaussian.
    SM80_8x8x4_GC64C64C64GC64_TN = "(_8,_8,_4)", SM80_8X4, SM80_8X4, SM80_8X8_ROW, C64;
    /// `mma.sync.m8n8k16` s8 x u8 + s32, saturating.
    SM80_8x8x16_S32S8U8S32_TN_SATURATE = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, S8U8;
    /// `mma.sync.m8n8k16` u8 x s8 + s32, saturating.
    SM80_8x8x16_S32U8S8S32_TN_SATURATE = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, U8S8;
    /// `mma.sync.m8n8k16` u8 x u8 + s32, saturating.
    SM80_8x8x16_S32U8U8S32_TN_SATURATE = "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, U8;
    /// `mma.sync.m16n8k16` s8 x u8 + s32, saturating.
    SM80_16x8x16_S32S8U8S32_TN_SATURATE = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, S8U8;
    /// `mma.sync.m16n8k16` u8 x s8 + s32, saturating.
    SM80_16x8x16_S32U8S8S32_TN_SATURATE = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, U8S8;
    /// `mma.sync.m16n8k16` u8 x u8 + s32, saturating.
    SM80_16x8x16_S32U8U8S32_TN_SATURATE = "(_16,_8,_16)", A_S8_16X8X16, SM80_8X16_ROW, SM80_16X8_ROW, U8;
    /// `mma.sync.m16n8k32` s8 x u8 + s32, saturating.
    SM80_16x8x32_S32S8U8S32_TN_SATURATE = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, S8U8;
    /// `mma.sync.m16n8k32` u8 x s8 + s32, saturating.
    SM80_16x8x32_S32U8S8S32_TN_SATURATE = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, U8S8;
    /// `mma.sync.m16n8k32` u8 x u8 + s32, saturating.
    SM80_16x8x32_S32U8U8S32_TN_SATURATE = "(_16,_8,_32)", A_S8_16X8X32, B_S8_16X8X32, SM80_16X8_ROW, U8;
    /// `mma.sync.m8n8k32` s4 x s4 + s32.
    SM80_8x8x32_S32S4S4S32_TN = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "int4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` s4 x s4 + s32.
    SM80_16x8x32_S32S4S4S32_TN = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "int4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` s4 x s4 + s32.
    SM80_16x8x64_S32S4S4S32_TN = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "int4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m8n8k32` s4 x s4 + s32, saturating.
    SM80_8x8x32_S32S4S4S32_TN_SATURATE = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "int4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` s4 x s4 + s32, saturating.
    SM80_16x8x32_S32S4S4S32_TN_SATURATE = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "int4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` s4 x s4 + s32, saturating.
    SM80_16x8x64_S32S4S4S32_TN_SATURATE = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "int4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m8n8k32` s4 x u4 + s32.
    SM80_8x8x32_S32S4U4S32_TN = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "int4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` s4 x u4 + s32.
    SM80_16x8x32_S32S4U4S32_TN = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "int4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` s4 x u4 + s32.
    SM80_16x8x64_S32S4U4S32_TN = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "int4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m8n8k32` s4 x u4 + s32, saturating.
    SM80_8x8x32_S32S4U4S32_TN_SATURATE = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "int4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` s4 x u4 + s32, saturating.
    SM80_16x8x32_S32S4U4S32_TN_SATURATE = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "int4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` s4 x u4 + s32, saturating.
    SM80_16x8x64_S32S4U4S32_TN_SATURATE = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "int4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m8n8k32` u4 x s4 + s32.
    SM80_8x8x32_S32U4S4S32_TN = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "uint4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` u4 x s4 + s32.
    SM80_16x8x32_S32U4S4S32_TN = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "uint4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` u4 x s4 + s32.
    SM80_16x8x64_S32U4S4S32_TN = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "uint4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m8n8k32` u4 x s4 + s32, saturating.
    SM80_8x8x32_S32U4S4S32_TN_SATURATE = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "uint4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` u4 x s4 + s32, saturating.
    SM80_16x8x32_S32U4S4S32_TN_SATURATE = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "uint4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` u4 x s4 + s32, saturating.
    SM80_16x8x64_S32U4S4S32_TN_SATURATE = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "uint4b_t", "int4b_t", "int32_t"];
    /// `mma.sync.m8n8k32` u4 x u4 + s32.
    SM80_8x8x32_S32U4U4S32_TN = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "uint4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` u4 x u4 + s32.
    SM80_16x8x32_S32U4U4S32_TN = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "uint4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` u4 x u4 + s32.
    SM80_16x8x64_S32U4U4S32_TN = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "uint4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m8n8k32` u4 x u4 + s32, saturating.
    SM80_8x8x32_S32U4U4S32_TN_SATURATE = "(_8,_8,_32)", A_S4_8X8X32, A_S4_8X8X32, SM80_8X8_ROW, ["int32_t", "uint4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k32` u4 x u4 + s32, saturating.
    SM80_16x8x32_S32U4U4S32_TN_SATURATE = "(_16,_8,_32)", A_S4_16X8X32, B_S4_16X8X32, SM80_16X8_ROW, ["int32_t", "uint4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m16n8k64` u4 x u4 + s32, saturating.
    SM80_16x8x64_S32U4U4S32_TN_SATURATE = "(_16,_8,_64)", A_S4_16X8X64, B_S4_16X8X64, SM80_16X8_ROW, ["int32_t", "uint4b_t", "uint4b_t", "int32_t"];
    /// `mma.sync.m8n8k128` b1 x b1 + s32 (xorpopc).
    SM80_8x8x128_S32U1U1S32_TN_XORPOPC = "(_8,_8,_128)", A_B1_8X8X128, A_B1_8X8X128, SM80_8X8_ROW, B1;
    /// `mma.sync.m16n8k256` b1 x b1 + s32 (xorpopc).
    SM80_16x8x256_S32U1U1S32_TN_XORPOPC = "(_16,_8,_256)", A_B1_16X8X256, B_B1_16X8X256, SM80_16X8_ROW, B1;
    /// `mma.sync.m8n8k128` b1 x b1 + s32 (andpopc).
    SM80_8x8x128_S32U1U1S32_TN_ANDPOPC = "(_8,_8,_128)", A_B1_8X8X128, A_B1_8X8X128, SM80_8X8_ROW, B1;
    /// `mma.sync.m16n8k256` b1 x b1 + s32 (andpopc).
    SM80_16x8x256_S32U1U1S32_TN_ANDPOPC = "(_16,_8,_256)", A_B1_16X8X256, B_B1_16X8X256, SM80_16X8_ROW, B1;
}

/// CuTe's `UniversalFMA<D,A,B,C>`: one thread, one multiply-add (`(_1,_1,_1)`), for the
/// value types given (B defaults to A, A and C to D, as in CuTe).
pub const fn universal_fma(types: [&'static str; 4]) -> MmaAtom {
    let name = AtomName::new("UniversalFMA<")
        .push(types[0])
        .push(",")
        .push(types[1])
        .push(",")
        .push(types[2])
        .push(",")
        .push(types[3])
        .push(">");
    MmaAtom::from_parts(
        name,
        Layout::parse("_1:_0"),
        IntTuple::parse("(_1,_1,_1)"),
        [
            Layout::parse("(_1,_1):(_0,_0)"),
            Layout::parse("(_1,_1):(_0,_0)"),
            Layout::parse("(_1,_1):(_0,_0)"),
        ],
        types,
    )
}

macro_rules! others {
    ($($(#[$doc:meta])* $name:ident = $thr:expr, $mnk:literal, $a:expr, $b:expr, $c:expr, $t:expr;)*) => {
        $(
            $(#[$doc])*
            #[allow(non_upper_case_globals)]
            pub const $name: MmaAtom = atom(stringify!($name), $thr, $mnk, $a, $b, $c, $t);
        )*
        /// The catalog's atoms of other architectures than SM80 and SM90 GMMA.
        pub(crate) const OTHER_ATOMS: &[MmaAtom] = &[$($name),*];
    };
}

// CuTe's mma_traits_sm61.hpp, sm70, sm75, sm89, sm90 (f64)
const SM90_A_F64_16X8X8: &str = "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))";
const SM90_B_F64_16X8X8: &str = "((_4,_8),_2):((_8,_1),_32)";
const SM90_A_F64_16X8X16: &str = "((_4,_8),(_2,_4)):((_16,_1),(_8,_64))";
const SM90_B_F64_16X8X16: &str = "((_4,_8),_4):((_8,_1),_32)";
const SM70_THR: &str = "(_4,_2):(_1,_16)";
const SM70_8X4_ROW: &str = "(_8,_4):(_1,_8)";
const SM70_8X4_COL: &str = "((_4,_2),_4):((_8,_4),_1)";
const SM70_8X8_16B: &str = "(_8,_8):(_1,_8)";
const SM70_8X8_32B: &str = "((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))";
const S32S8: [&str; 4] = ["int32_t", "int8_t", "int8_t", "int32_t"];
const E4: &str = "float_e4m3_t";
const E5: &str = "float_e5m2_t";
const A_SM89: &str = "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))";
const B_SM89: &str = "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))";

others! {
    /// Hopper `mma.sync.m16n8k4` f64 x f64 + f64 (`mma_traits_sm90.hpp`).
    SM90_16x8x4_F64F64F64F64_TN = W32, "(_16,_8,_4)", "((_4,_8),_2):((_16,_1),_8)", SM80_8X4, SM80_16X8_ROW, F64;
    /// Hopper `mma.sync.m16n8k8` f64 x f64 + f64.
    SM90_16x8x8_F64F64F64F64_TN = W32, "(_16,_8,_8)", SM90_A_F64_16X8X8, SM90_B_F64_16X8X8, SM80_16X8_ROW, F64;
    /// Hopper `mma.sync.m16n8k16` f64 x f64 + f64.
    SM90_16x8x16_F64F64F64F64_TN = W32, "(_16,_8,_16)", SM90_A_F64_16X8X16, SM90_B_F64_16X8X16, SM80_16X8_ROW, F64;
    /// Hopper complex f64 `16x8x4`: four f64 MMAs, the layouts of the f64 atom.
    SM90_16x8x4_C64C64C64C64_TN = W32, "(_16,_8,_4)", "((_4,_8),_2):((_16,_1),_8)", SM80_8X4, SM80_16X8_ROW, C64;
    /// Hopper complex f64 `16x8x8`.
    SM90_16x8x8_C64C64C64C64_TN = W32, "(_16,_8,_8)", SM90_A_F64_16X8X8, SM90_B_F64_16X8X8, SM80_16X8_ROW, C64;
    /// Hopper complex f64 `16x8x16`.
    SM90_16x8x16_C64C64C64C64_TN = W32, "(_16,_8,_16)", SM90_A_F64_16X8X16, SM90_B_F64_16X8X16, SM80_16X8_ROW, C64;
    /// `dp4a`: a 4-element dot product, one thread.
    SM61_DP4A = "_1:_0", "(_1,_1,_4)", "(_1,_4):(_0,_1)", "(_1,_4):(_0,_1)", "(_1,_1):(_0,_0)", S32S8;
    /// `dp2a`: a 2-element dot product, one thread.
    SM61_DP2A = "_1:_0", "(_1,_1,_2)", "(_1,_2):(_0,_1)", "(_1,_2):(_0,_1)", "(_1,_1):(_0,_0)", ["int32_t", "int16_t", "int16_t", "int32_t"];
    /// Volta `mma.sync.m8n8k4` f16 + f16, A and B row-major (T).
    SM70_8x8x4_F16F16F16F16_TN = SM70_THR, "(_8,_8,_4)", SM70_8X4_ROW, SM70_8X4_ROW, SM70_8X8_16B, F16;
    /// Volta `mma.sync.m8n8k4` f16 + f16, A column-major.
    SM70_8x8x4_F16F16F16F16_NT = SM70_THR, "(_8,_8,_4)", SM70_8X4_COL, SM70_8X4_COL, SM70_8X8_16B, F16;
    /// Volta `mma.sync.m8n8k4` f16 + f16.
    SM70_8x8x4_F16F16F16F16_NN = SM70_THR, "(_8,_8,_4)", SM70_8X4_COL, SM70_8X4_ROW, SM70_8X8_16B, F16;
    /// Volta `mma.sync.m8n8k4` f16 + f16.
    SM70_8x8x4_F16F16F16F16_TT = SM70_THR, "(_8,_8,_4)", SM70_8X4_ROW, SM70_8X4_COL, SM70_8X8_16B, F16;
    /// Volta `mma.sync.m8n8k4` f16 + f32.
    SM70_8x8x4_F32F16F16F32_TN = SM70_THR, "(_8,_8,_4)", SM70_8X4_ROW, SM70_8X4_ROW, SM70_8X8_32B, F32F16;
    /// Volta `mma.sync.m8n8k4` f16 + f32.
    SM70_8x8x4_F32F16F16F32_NT = SM70_THR, "(_8,_8,_4)", SM70_8X4_COL, SM70_8X4_COL, SM70_8X8_32B, F32F16;
    /// Blackwell vectorized FMA (`fma.rn.f32x2`, `mma_traits_sm100.hpp`): one thread, two
    /// rows of C.
    SM100_2x1x1_F32F32F32F32 = "_1:_0", "(_2,_1,_1)", "(_1,_2):(_0,_1)", "(_1,_1):(_0,_0)", "(_1,_2):(_0,_1)", ["float", "float", "float", "float"];
    /// Blackwell vectorized FMA: one thread, two columns of C.
    SM100_1x2x1_F32F32F32F32 = "_1:_0", "(_1,_2,_1)", "(_1,_1):(_0,_0)", "(_1,_2):(_0,_1)", "(_1,_2):(_0,_1)", ["float", "float", "float", "float"];
    /// Volta `mma.sync.m8n8k4` f16 + f32.
    SM70_8x8x4_F32F16F16F32_NN = SM70_THR, "(_8,_8,_4)", SM70_8X4_COL, SM70_8X4_ROW, SM70_8X8_32B, F32F16;
    /// Volta `mma.sync.m8n8k4` f16 + f32.
    SM70_8x8x4_F32F16F16F32_TT = SM70_THR, "(_8,_8,_4)", SM70_8X4_ROW, SM70_8X4_COL, SM70_8X8_32B, F32F16;
    /// Turing `mma.sync.m16n8k8` f16 + f32.
    SM75_16x8x8_F32F16F16F32_TN = W32, "(_16,_8,_8)", SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW, F32F16;
    /// Turing `mma.sync.m8n8k16` s8 + s32.
    SM75_8x8x16_S32S8S8S32_TN = W32, "(_8,_8,_16)", SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW, S32S8;
    /// Ada `mma.sync.m16n8k32` e4m3 x e4m3 + f32.
    SM89_16x8x32_F32E4M3E4M3F32_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["float", E4, E4, "float"];
    /// Ada `mma.sync.m16n8k32` e4m3 x e5m2 + f32.
    SM89_16x8x32_F32E4M3E5M2F32_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["float", E4, E5, "float"];
    /// Ada `mma.sync.m16n8k32` e5m2 x e4m3 + f32.
    SM89_16x8x32_F32E5M2E4M3F32_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["float", E5, E4, "float"];
    /// Ada `mma.sync.m16n8k32` e5m2 x e5m2 + f32.
    SM89_16x8x32_F32E5M2E5M2F32_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["float", E5, E5, "float"];
    /// Ada `mma.sync.m16n8k32` e4m3 x e4m3 + f16.
    SM89_16x8x32_F16E4M3E4M3F16_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["half_t", E4, E4, "half_t"];
    /// Ada `mma.sync.m16n8k32` e4m3 x e5m2 + f16.
    SM89_16x8x32_F16E4M3E5M2F16_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["half_t", E4, E5, "half_t"];
    /// Ada `mma.sync.m16n8k32` e5m2 x e4m3 + f16.
    SM89_16x8x32_F16E5M2E4M3F16_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["half_t", E5, E4, "half_t"];
    /// Ada `mma.sync.m16n8k32` e5m2 x e5m2 + f16.
    SM89_16x8x32_F16E5M2E5M2F16_TN = W32, "(_16,_8,_32)", A_SM89, B_SM89, SM80_16X8_ROW, ["half_t", E5, E5, "half_t"];
}
