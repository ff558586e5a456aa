use super::*;
use crate::tuple::{IntTuple, Major};
use crate::{ComposedLayout, Int, TileOrder, layout};
use alloc::string::ToString;

fn st(v: i64) -> Int {
    Int::constant(v)
}

fn shape(xs: &[i64]) -> IntTuple {
    let ints: Vec<Int> = xs.iter().map(|&x| st(x)).collect();
    IntTuple::from_ints(&ints)
}

/// `Sw<3,3,3> o (_8,_64):(_64,_1)` tiled to `(rows, cols)` in `order`.
fn sw128_k(rows: i64, cols: i64, order: TileOrder) -> MaybeSwizzled {
    let atom = ComposedLayout::new(Swizzle::new(3, 3, 3), Int::ZERO, layout!((_8,_64):(_64,_1)));
    MaybeSwizzled::Swizzled(atom.tile_to_shape(&shape(&[rows, cols]), &order))
}

/// `Sw<3,3,3> o (_64,_8):(_1,_64)` tiled to `(rows, 64)` in `order`.
fn sw128_m(rows: i64, order: TileOrder) -> MaybeSwizzled {
    let atom = ComposedLayout::new(Swizzle::new(3, 3, 3), Int::ZERO, layout!((_64,_8):(_1,_64)));
    MaybeSwizzled::Swizzled(atom.tile_to_shape(&shape(&[rows, 64]), &order))
}

const LEFT: TileOrder = TileOrder::Major(Major::Left);

#[test]
fn k_major_one_instruction() {
    let g = layout!((4096,1024):(1024,_1));
    let t = TmaCopy::try_new(&g, &sw128_k(128, 64, LEFT), 16, Some("half_t")).unwrap();
    assert_eq!(t.modes(), [1, 0]);
    assert_eq!(t.global_dim(), [1024, 4096]);
    assert_eq!(t.global_strides(), [2048]);
    assert_eq!(t.box_dim(), [64, 128]);
    assert_eq!(t.instructions().len(), 1);
    assert_eq!(t.box_bytes(), 16384);
    let text = t.to_string();
    assert!(
        text.contains("cuTensorMapEncodeTiled(&tensorMap, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,")
    );
}

#[test]
fn wider_than_the_span_is_several_instructions() {
    let g = layout!((4096,1024):(1024,_1));
    let t = TmaCopy::try_new(&g, &sw128_k(128, 128, LEFT), 16, None).unwrap();
    assert_eq!(t.box_dim(), [64, 128]);
    assert_eq!(t.instruction_counts(), [2, 1]);
    let starts: Vec<_> = t
        .instructions()
        .iter()
        .map(|i| (i.start[0], i.start[1], i.smem_offset))
        .collect();
    assert_eq!(starts, [(0, 0, 0), (64, 0, 8192)]);
}

#[test]
fn m_major_blocks_of_64_rows() {
    // the GEMM's order: the atoms along K first, then the 64-row blocks
    let g = layout!((1000,776):(_1,1000));
    let order = TileOrder::Order(shape(&[2, 1]));
    let t = TmaCopy::try_new(&g, &sw128_m(128, order), 16, None).unwrap();
    assert_eq!(t.modes(), [0, 1]);
    assert_eq!(t.box_dim(), [64, 64]);
    let starts: Vec<_> = t
        .instructions()
        .iter()
        .map(|i| (i.start[0], i.smem_offset))
        .collect();
    assert_eq!(starts, [(0, 0), (64, 4096)]);
    // CuTe's default order interleaves the 64-row blocks with the k atoms: no 64 x 64 box
    let e = TmaCopy::try_new(&g, &sw128_m(128, LEFT), 16, None).unwrap_err();
    assert!(matches!(e, TmaError::Mismatch { shared: true, .. }), "{e}");
}

#[test]
fn refusals_name_the_reason() {
    let g = layout!((4096,1024):(1024,_1));
    let cases: [(Layout, MaybeSwizzled, i64, &str); 7] = [
        // padded rows
        (
            g,
            MaybeSwizzled::Plain(layout!((_128,_64):(_72,_1))),
            16,
            "tma: tile coordinate (1,0) is at shared offset 72 in the tile layout but the TMA box writes it at 64",
        ),
        // transposed
        (
            g,
            MaybeSwizzled::Plain(layout!((_128,_64):(_1,_128))),
            16,
            "tma: tile coordinate (1,0) is at shared offset 1 in the tile layout but the TMA box writes it at 64",
        ),
        // 100 halves = 200 bytes
        (
            layout!((128,100):(100,_1)),
            MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1))),
            16,
            "tma: a global stride in bytes must be a multiple of 16; the stride in bytes and in elements at mode 0: 200 and 100",
        ),
        // Sw<3,3,3> on 32-bit elements is Sw<3,5,3> in bytes
        (
            g,
            sw128_k(128, 64, LEFT),
            32,
            "tma: a TMA swizzle permutes 16-byte units, M = 4 in bytes (Sw<B,4,3>); M in bytes and the element bytes: 5 and 4",
        ),
        (
            g,
            MaybeSwizzled::Swizzled(ComposedLayout::new(
                Swizzle::new(2, 3, 2),
                Int::ZERO,
                layout!((_128,_64):(_64,_1)),
            )),
            16,
            "tma: a TMA swizzle has the shift S = 3",
        ),
        (
            layout!(((64,64),1024):((1,64),4096)),
            MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1))),
            16,
            "tma: each mode of the global tensor must be an integer",
        ),
        (
            layout!((64,64):(64,2)),
            MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1))),
            16,
            "tma: the global tensor needs a mode of stride 1",
        ),
    ];
    for (g, s, bits, want) in cases {
        let e = TmaCopy::try_new(&g, &s, bits, None)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(want), "{g} {s}: {e}");
    }
    let s = MaybeSwizzled::Plain(layout!((_64,_64):(_64,_1)));
    assert!(
        TmaCopy::try_new(&g, &s, 4, None)
            .unwrap_err()
            .to_string()
            .contains("8, 16, 32 or 64 bits")
    );
    assert!(
        TmaCopy::try_new(&g, &s, 16, Some("float"))
            .unwrap_err()
            .to_string()
            .contains("differ")
    );
    assert!(TmaCopy::try_new(&layout!((8,8):(8,_1)), &s, 16, None).is_ok()); // a tile larger than the tensor: out of bounds reads zeros
    let big = MaybeSwizzled::Plain(layout!((_4096,_512):(_512,_1)));
    assert!(
        TmaCopy::try_new(&g, &big, 16, None)
            .unwrap_err()
            .to_string()
            .contains("capacity")
    );
    let six = layout!((2,2,2,2,2,16):(_1,2,4,8,16,32));
    assert!(
        TmaCopy::try_new(&six, &s, 16, None)
            .unwrap_err()
            .to_string()
            .contains("1 to 5 dimensions")
    );
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> i64 {
        (self.next() % n) as i64
    }
}

/// Re-checks an answer by its own enumeration, in `S`'s index order: each tile element's
/// instruction is found by its coordinate, and its byte address is compared with `S`'s;
/// the bytes written are distinct; the requirements hold.
fn recheck(g: &Layout, s: &MaybeSwizzled, eb: i64, t: &TmaCopy) {
    let r = t.rank();
    assert!((1..=5).contains(&r));
    for &x in t.global_strides() {
        assert!(x % 16 == 0 && x < 1 << 40);
    }
    assert!(t.box_dim().iter().all(|&b| (1..=256).contains(&b)));
    assert_eq!(t.box_dim()[0] as i64 * eb % 16, 0);
    if t.swizzle().span() > 0 {
        assert!(t.box_dim()[0] as i64 * eb <= t.swizzle().span());
    }
    let sl = smem_layout(s);
    let mut ext = [0u64; CAPACITY + 1];
    sl.mode_extents(&mut ext);
    let size = sl.size().value();
    let mut seen = alloc::collections::BTreeSet::new();
    for i in 0..size {
        let mut c = [0usize; MAX_TMA_RANK];
        let mut q = i as u64;
        for m in 0..r {
            c[m] = (q % ext[m]) as usize;
            q /= ext[m];
        }
        // dimension-order coordinate, instruction index and position in the box
        let (mut idx, mut scale, mut pos, mut pscale) = (0i64, 1i64, 0i64, 1i64);
        let mut goff = 0i64;
        for d in 0..r {
            let m = t.modes()[d];
            let b = t.box_dim()[d] as i64;
            idx += (c[m] as i64 / b) * scale;
            scale *= t.instruction_counts()[d];
            pos += (c[m] as i64 % b) * pscale;
            pscale *= b;
            let stride = if d == 0 {
                eb
            } else {
                t.global_strides()[d - 1] as i64
            };
            goff += c[m] as i64 * stride;
        }
        let ins = t.instructions()[idx as usize];
        let byte = t
            .swizzle()
            .byte_swizzle()
            .apply((ins.smem_offset + pos) * eb);
        assert_eq!(byte, s.offset_of(&c[..r]) * eb, "{g} {s} at {c:?}");
        assert_eq!(goff, g.offset_of(&c[..r]) * eb);
        assert!(seen.insert(byte));
        assert_eq!(ins.smem_offset * eb % 128, 0);
    }
}

#[test]
fn generated_cases_are_proved() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut ok, mut refused, mut swizzled_ok, mut several) = (0, 0, 0, 0);
    for _ in 0..2500 {
        let eb = 1i64 << rng.below(4);
        let r = 1 + rng.below(3) as usize;
        // tile extents: powers of two; the global tensor a multiple, sometimes padded
        let mut budget = 14; // at most 2^14 elements per tile
        let tile: Vec<i64> = (0..r)
            .map(|_| {
                let e = rng.below(9).min(budget);
                budget -= e;
                1i64 << e
            })
            .collect();
        let gdim: Vec<i64> = tile.iter().map(|&t| t * (1 + rng.below(3))).collect();
        let mut order: Vec<usize> = (0..r).collect();
        for i in (1..r).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut gstride = alloc::vec![0i64; r];
        let mut acc = 1;
        for (k, &m) in order.iter().enumerate() {
            gstride[m] = acc;
            let pad = if k == 0 && rng.below(3) == 0 {
                rng.below(24)
            } else {
                0
            };
            acc *= gdim[m] + pad;
        }
        let g = Layout::new(shape(&gdim), shape(&gstride));
        // the tile: compact in G's order, in another order, or swizzled
        let mut sorder: Vec<i64> = alloc::vec![0; r];
        let kind = rng.below(4);
        for (k, &m) in order.iter().enumerate() {
            sorder[m] = k as i64;
        }
        if kind == 1 {
            sorder.reverse();
        }
        let plain = Layout::ordered(shape(&tile), shape(&sorder));
        let s = if kind >= 2 && r >= 2 {
            let b = 1 + rng.below(3);
            let m_bits = 4 - eb.trailing_zeros() as i64 - rng.below(2);
            let Ok(sw) = Swizzle::try_new(b, m_bits.max(0), 3) else {
                continue;
            };
            let span = (16 << b) / eb;
            let mut atom = alloc::vec![1i64; r];
            atom[order[0]] = span;
            atom[order[1]] = 8;
            let mut aorder = alloc::vec![0i64; r];
            for (k, &m) in order.iter().enumerate() {
                aorder[m] = k as i64;
            }
            let a = Layout::ordered(shape(&atom), shape(&aorder));
            let orders = [
                TileOrder::Major(Major::Left),
                TileOrder::Major(Major::Right),
            ];
            let o = &orders[rng.below(2) as usize];
            match ComposedLayout::new(sw, Int::ZERO, a).try_tile_to_shape(&shape(&tile), o) {
                Ok(c) => MaybeSwizzled::Swizzled(c),
                Err(_) => continue,
            }
        } else {
            MaybeSwizzled::Plain(plain)
        };
        match TmaCopy::try_new(&g, &s, eb * 8, None) {
            Ok(t) => {
                recheck(&g, &s, eb, &t);
                ok += 1;
                if t.swizzle() != TmaSwizzle::None {
                    swizzled_ok += 1;
                }
                if t.instructions().len() > 1 {
                    several += 1;
                }
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                refused += 1;
            }
        }
    }
    std::println!(
        "ok {ok}, refused {refused}, swizzled {swizzled_ok}, several instructions {several}"
    );
    assert!(
        ok >= 300 && refused >= 300 && swizzled_ok >= 50 && several >= 30,
        "{ok} {refused} {swizzled_ok} {several}"
    );
}
