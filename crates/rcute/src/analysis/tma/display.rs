//! [`TmaCopy`]'s report: the tensor map's arguments, the instructions, the alignments and
//! the C call that encodes it.

use super::TmaCopy;
use core::fmt;

/// The most instructions the report lists one by one.
const LISTED: usize = 8;

fn list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, xs: &[T]) -> fmt::Result {
    f.write_str("{")?;
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{x}")?;
    }
    f.write_str("}")
}

impl fmt::Display for TmaCopy {
    /// The report, for example (a K-major `half_t` tile of 128 x 64 with the 128-byte
    /// swizzle):
    ///
    /// ```text
    /// TMA copy: 1 instruction of 16384 bytes (box 64 x 128)
    ///   tensorDataType  CU_TENSOR_MAP_DATA_TYPE_FLOAT16 (2 bytes)
    ///   tensorRank      2 (dimension 0 is mode 1, dimension 1 is mode 0 of the tensor)
    ///   globalDim       {1024, 4096}
    ///   globalStrides   {2048} bytes
    ///   boxDim          {64, 128}
    ///   ...
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.instructions.len();
        write!(
            f,
            "TMA copy: {n} instruction{} of {} bytes (box ",
            if n == 1 { "" } else { "s" },
            self.box_bytes()
        )?;
        for (i, b) in self.box_dim().iter().enumerate() {
            if i > 0 {
                f.write_str(" x ")?;
            }
            write!(f, "{b}")?;
        }
        f.write_str(")\n")?;
        writeln!(
            f,
            "  tensorDataType  {} ({} bytes)",
            self.data_type, self.element_bytes
        )?;
        write!(f, "  tensorRank      {} (", self.rank)?;
        for (d, m) in self.modes().iter().enumerate() {
            if d > 0 {
                f.write_str(", ")?;
            }
            write!(f, "dimension {d} is mode {m}")?;
        }
        f.write_str(" of the tensor)\n")?;
        f.write_str("  globalDim       ")?;
        list(f, self.global_dim())?;
        f.write_str("\n  globalStrides   ")?;
        list(f, self.global_strides())?;
        f.write_str(" bytes\n  boxDim          ")?;
        list(f, self.box_dim())?;
        f.write_str("\n  elementStrides  ")?;
        list(f, self.element_strides())?;
        writeln!(f, "\n  interleave      {}", self.interleave())?;
        write!(f, "  swizzle         {}", self.swizzle.name())?;
        if self.swizzle.span() > 0 {
            write!(f, " ({} on byte addresses)", self.swizzle.byte_swizzle())?;
        }
        f.write_str("\n  instructions    ")?;
        list(f, self.instruction_counts())?;
        f.write_str(" per dimension, box starts (dimension order) -> shared offset (elements):\n")?;
        for ins in self.instructions.iter().take(LISTED) {
            f.write_str("    (")?;
            for (d, s) in ins.start[..self.rank].iter().enumerate() {
                if d > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{s}")?;
            }
            writeln!(f, ") -> {}", ins.smem_offset)?;
        }
        if n > LISTED {
            writeln!(f, "    ... {} more", n - LISTED)?;
        }
        writeln!(
            f,
            "  alignment       global address {} bytes, shared memory {} bytes",
            self.global_alignment(),
            self.smem_alignment()
        )?;
        // the C call
        let r = self.rank;
        f.write_str("cuuint64_t globalDim[")?;
        write!(f, "{r}] = ")?;
        list(f, self.global_dim())?;
        f.write_str(";\n")?;
        if r > 1 {
            write!(f, "cuuint64_t globalStrides[{}] = ", r - 1)?;
            list(f, self.global_strides())?;
            f.write_str(";\n")?;
        } else {
            f.write_str("cuuint64_t globalStrides[1] = {0}; /* none at rank 1 */\n")?;
        }
        write!(f, "cuuint32_t boxDim[{r}] = ")?;
        list(f, self.box_dim())?;
        write!(f, ";\ncuuint32_t elementStrides[{r}] = ")?;
        list(f, self.element_strides())?;
        f.write_str(";\n")?;
        writeln!(
            f,
            "cuTensorMapEncodeTiled(&tensorMap, {}, {r}, globalAddress, globalDim, globalStrides, boxDim, elementStrides,\n    {}, {}, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);",
            self.data_type,
            self.interleave(),
            self.swizzle.name()
        )
    }
}
