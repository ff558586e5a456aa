//! The access patterns of the device test (`patterns_device.rs`), checked where no device
//! is needed: they cover what the bank model must be checked on, and each kernel performs
//! the instruction its pattern names.

use rcute_cuda::patterns::{self, Op};

#[test]
fn the_patterns_cover_the_model() {
    let all = patterns::patterns().unwrap();
    let shared: Vec<_> = all
        .iter()
        .filter(|p| !matches!(p.op, Op::LdGlobal(_)))
        .collect();
    assert!(shared.len() >= 16, "{}", shared.len());
    assert!(all.len() - shared.len() >= 8);
    for bytes in [4, 8, 16] {
        assert!(
            shared.iter().any(|p| p.op == Op::LdShared(bytes)),
            "{bytes}-byte loads"
        );
        assert!(
            shared.iter().any(|p| p.op == Op::StShared(bytes)),
            "{bytes}-byte stores"
        );
    }
    for word in ["padded", "swizzled"] {
        assert!(shared.iter().any(|p| p.name.contains(word)), "{word}");
    }
    assert!(shared.iter().any(|p| matches!(p.op, Op::Ldsm(4, true))));
    assert!(shared.iter().any(|p| matches!(p.op, Op::Stsm(..))));
    // both conflict-free and conflicting patterns
    assert!(shared.iter().any(|p| p.predicted == p.instructions.len()));
    assert!(
        shared
            .iter()
            .any(|p| p.predicted >= 8 * p.instructions.len())
    );
}

#[test]
fn each_kernel_performs_its_instruction() {
    for (i, p) in patterns::patterns().unwrap().iter().enumerate() {
        let src = patterns::source(p, i);
        let mnemonic = match p.op {
            Op::LdShared(_) => "ld.shared",
            Op::StShared(_) => "st.shared",
            Op::Ldsm(_, t) => {
                if t {
                    ".trans.shared.b16"
                } else {
                    "ldmatrix.sync"
                }
            }
            Op::Stsm(..) => "stmatrix.sync",
            Op::LdGlobal(_) => "ld.global",
            Op::CpAsync { cg: false, .. } => "cp.async.ca.shared.global",
            Op::CpAsync { cg: true, .. } => "cp.async.cg.shared.global",
        };
        assert!(src.contains(mnemonic), "{}: {src}", p.name);
        assert!(src.contains(&format!("void rcute_pattern_{i}(")));
        // one address per lane per instruction
        let table = src.split('{').nth(1).unwrap().split('}').next().unwrap();
        assert_eq!(
            table.matches(',').count(),
            32 * p.instructions.len(),
            "{}",
            p.name
        );
    }
}
