//! What the two CPU emulations of the GEMM's layouts share (`gemm_layouts.rs` for
//! `mma.sync`, `gemm_wgmma_layouts.rs` for `wgmma`): the problem, its operands, and the
//! tally of compared elements.

use rcute::Layout;
use rcute_cuda::gemm::{Gemm, GemmPlan, Instr, MmaType, Tiling};
use rcute_cuda::kernel::matrix;

/// The product's extents: multiples of 8 (16-byte copies, TMA), distinct so that no two are
/// confused.
pub const M: i64 = 1024;
pub const N: i64 = 768;
pub const K: i64 = 512;

/// `K` per stage, the only one [`Gemm::plan`] accepts.
pub const BK: usize = 64;

/// `(A K-major, B K-major)`: the four combinations.
pub const MAJORS: [(bool, bool); 4] = [(true, true), (true, false), (false, true), (false, false)];

/// The GEMM of `A` (M,K) and `B` (N,K), each K-major (row-major) or M/N-major, `C`
/// row-major, on `instr` with `tiling`.
pub fn gemm(ty: MmaType, instr: Instr, a_k_major: bool, b_k_major: bool, tiling: Tiling) -> Gemm {
    let operand = |rows: i64, k_major: bool| {
        if k_major {
            matrix(rows, K, K, true)
        } else {
            matrix(rows, K, rows, false)
        }
    };
    let mut g = Gemm::new(
        ty,
        operand(M, a_k_major),
        operand(N, b_k_major),
        matrix(M, N, N, true),
    );
    g.instr = instr;
    g.tiling = tiling;
    g
}

/// The sizes of a layout's top-level modes.
pub fn mode_sizes(l: &Layout) -> Vec<usize> {
    (0..l.rank())
        .map(|i| l.mode(i).size().value() as usize)
        .collect()
}

/// The number of tile elements of both operands of every plan, `(BM + BN) x BK` per plan:
/// what one full check of the operands covers.
pub fn operand_elements(plans: &[(String, GemmPlan)]) -> usize {
    plans
        .iter()
        .map(|(_, p)| (p.tiling.bm + p.tiling.bn) as usize * BK)
        .sum()
}

/// Values compared and those that differ (with the first few described).
#[derive(Default)]
pub struct Tally {
    pub checked: usize,
    pub wrong: usize,
    pub first_wrong: Vec<String>,
}

impl Tally {
    /// Counts one comparison of what the layouts give with what the PTX ISA wants.
    pub fn check<T: PartialEq + std::fmt::Debug>(
        &mut self,
        got: T,
        want: T,
        what: impl FnOnce() -> String,
    ) {
        self.checked += 1;
        if got != want {
            self.wrong += 1;
            if self.first_wrong.len() < 8 {
                self.first_wrong.push(format!(
                    "{}: layouts give {got:?}, PTX wants {want:?}",
                    what()
                ));
            }
        }
    }

    pub fn add(&mut self, other: Tally) {
        self.checked += other.checked;
        self.wrong += other.wrong;
        let room = 8usize.saturating_sub(self.first_wrong.len());
        self.first_wrong
            .extend(other.first_wrong.into_iter().take(room));
    }

    /// No value differs, and `expected_checked` were compared.
    pub fn assert_clean(&self, expected_checked: usize) {
        assert_eq!(
            self.wrong,
            0,
            "{} of {} values differ from the PTX ISA, first:\n{}",
            self.wrong,
            self.checked,
            self.first_wrong.join("\n")
        );
        assert_eq!(self.checked, expected_checked, "values checked");
    }
}
