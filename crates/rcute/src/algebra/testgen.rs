//! Random layouts for the unit tests that compare a fast path with its definition.

use crate::layout::Layout;

/// A small deterministic generator of layouts (an LCG, seeded): ranks 1 to
/// 3, depth up to 2, static and dynamic values, `_1`s, zero and negative strides.
pub(crate) struct Gen(pub(crate) u64);

impl Gen {
    pub(crate) fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    fn int(&mut self, stride: bool) -> std::string::String {
        let v: i64 = if stride {
            [0, 1, 2, 3, 4, 6, 8, 12, 16, 32, 64, -1, -2, 5, 24][self.next(15) as usize]
        } else {
            [1, 2, 3, 4, 5, 6, 8, 12, 16][self.next(9) as usize]
        };
        let st = if self.next(2) == 0 { "_" } else { "" };
        std::format!("{st}{v}")
    }

    fn tree(&mut self, depth: u32) -> (std::string::String, std::string::String) {
        if depth == 0 || self.next(3) == 0 {
            return (self.int(false), self.int(true));
        }
        let r = 1 + self.next(3);
        let (mut s, mut d) = (std::vec::Vec::new(), std::vec::Vec::new());
        for _ in 0..r {
            let (a, b) = self.tree(depth - 1);
            s.push(a);
            d.push(b);
        }
        (
            std::format!("({})", s.join(",")),
            std::format!("({})", d.join(",")),
        )
    }

    pub(crate) fn layout(&mut self, depth: u32) -> Layout {
        let (s, d) = self.tree(depth);
        Layout::try_parse(&std::format!("{s}:{d}")).unwrap()
    }
}

/// A xorshift generator of 64-bit words (seeded, nonzero), for the unit tests that draw
/// their own operands bit by bit.
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    /// The next word.
    pub(crate) fn bits(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
