//! The cost functions through the language: accesses at a byte offset, named stores and
//! `cp.async` writes, explicit lane addresses, the per-instruction breakdown, and the
//! remedies printed for a conflicting access.

fn eval(src: &str) -> String {
    match rcute_lang::eval(src) {
        Ok(s) => s,
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn a_conflict_names_its_swizzle_and_padding() {
    let out = eval("bank_conflicts((_32,_32):(_32,_1), vector_access((_32,_1):(_1,_0), float))");
    assert!(
        out.starts_with("1 instruction (1 warp): 32 wavefronts"),
        "{out}"
    );
    assert!(
        out.contains("remedy: swizzle, Sw<5,0,5> o _0 o (_32,_32):(_32,_1)\n"),
        "{out}"
    );
    assert!(
        out.contains("remedy: padding, (_32,_32):(_33,_1)\n"),
        "{out}"
    );
    // the remedies are themselves conflict-free
    for fixed in [
        "composition(Swizzle<5,0,5>{}, (_32,_32):(_32,_1))",
        "(_32,_32):(_33,_1)",
    ] {
        let r = eval(&format!(
            "bank_conflicts({fixed}, vector_access((_32,_1):(_1,_0), float))"
        ));
        assert!(
            r.contains("conflict-free") && !r.contains("remedy"),
            "{fixed}: {r}"
        );
    }
}

#[test]
fn accesses_start_at_a_byte_offset() {
    // 16-byte vectors from byte 16: 4 wavefronts, every address 16 bytes on
    let out = eval(
        "bank_instructions(_1024:_1, at_byte(vector_access((_32,_4):(_4,_1), float, 128), 16))",
    );
    assert_eq!(
        out,
        "warp 0 instruction 0: 4 wavefronts (ideal 4), 4 phases\n"
    );
    // from byte 4 they are misaligned, and the error says what to change
    let out =
        eval("bank_conflicts(_1024:_1, at_byte(vector_access((_32,_4):(_4,_1), float, 128), 4))");
    assert!(
        out.contains("not aligned") && out.contains("multiple of the access size"),
        "{out}"
    );
}

#[test]
fn stores_and_cp_async_writes_are_named() {
    let a = "vector_access((_32,_4):(_4,_1), float, 128)";
    assert!(eval(&format!("as_store({a})")).contains("store"));
    assert!(eval(&format!("as_cp_async({a}, 1)")).contains("cp.async.cg"));
    assert!(eval(&format!("as_cp_async({a}, 2)")).starts_with("error"));
}

#[test]
fn explicit_addresses_are_analysed_per_instruction() {
    // a column of 32 words, then a row: 32 + 1 wavefronts, each instruction on its line
    let col: Vec<String> = (0..32).map(|l| (128 * l).to_string()).collect();
    let row: Vec<String> = (0..32).map(|l| (4 * l).to_string()).collect();
    let out = eval(&format!(
        "address_banks(32, ({}), ({}))",
        col.join(","),
        row.join(",")
    ));
    assert!(
        out.starts_with("2 instructions (1 warp): 33 wavefronts, ideal 2"),
        "{out}"
    );
    assert!(
        out.contains("warp 0 instruction 0: 32 wavefronts (ideal 1), 1 phase, 32-way conflict\n"),
        "{out}"
    );
    assert!(
        out.contains("warp 0 instruction 1: 1 wavefronts (ideal 1), 1 phase\n"),
        "{out}"
    );
    // idle lanes and misaligned addresses
    assert!(eval("address_banks(32, (0,_,8))").starts_with("1 instruction (1 warp): 1 wavefronts"));
    assert!(eval("address_banks(128, (0,4))").starts_with("error"));
}

#[test]
fn an_ldmatrix_copy_over_the_wrong_memory_says_why() {
    let out = eval(
        "bank_conflicts((_32,_8):(_8,_1), make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, (_32,_1):(_1,_0), (_1,_8)))",
    );
    assert!(out.contains("make_tiled_copy_A/B"), "{out}");
}
