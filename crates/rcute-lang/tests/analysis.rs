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

/// An access given in the tile's own (m, n) coordinates (strides `_1@0`, `_1@1`) costs what
/// the same access with hand-computed column-major indices costs, and leaving the tile is
/// refused with what to change.
#[test]
fn accesses_in_the_tiles_own_coordinates() {
    for (smem, coords, indices) in [
        // thread t: row t, 4 floats of columns 0..4 of a row-major tile
        (
            "(_32,_32):(_32,_1)",
            "(_32,_4):(_1@0,_1@1)",
            "(_32,_4):(_1,_32)",
        ),
        // thread t: row t / 8, floats 4 (t % 8) .. of a row-major 4x32 tile
        (
            "(_4,_32):(_32,_1)",
            "((_8,_4),_4):((_4@1,_1@0),_1@1)",
            "((_8,_4),_4):((_16,_1),_4)",
        ),
        // a swizzled tile
        (
            "composition(Swizzle<3,2,3>{}, (_32,_32):(_32,_1))",
            "(_32,_4):(_1@0,_1@1)",
            "(_32,_4):(_1,_32)",
        ),
    ] {
        let a = eval(&format!(
            "bank_instructions({smem}, vector_access({coords}, float, 128))"
        ));
        let b = eval(&format!(
            "bank_instructions({smem}, vector_access({indices}, float, 128))"
        ));
        assert!(!a.starts_with("error"), "{a}");
        assert_eq!(a, b, "{smem} {coords}");
    }
    let out =
        eval("bank_conflicts((_32,_32):(_32,_1), vector_access((_32,_4):(_2@0,_1@1), float, 128))");
    assert!(
        out.contains("leaves the tile") && out.contains("62 and 32"),
        "{out}"
    );
    let out =
        eval("bank_conflicts((_32,_32):(_32,_1), vector_access((_32,_4):(_1@0,_1@2), float, 128))");
    assert!(out.contains("a mode the tile does not have"), "{out}");
}

/// `domain_offset(coord, L)` as the memory: the access starts at that coordinate, for a
/// plain layout (its offset added) and a swizzled one (the offset inside the swizzle).
#[test]
fn accesses_at_a_domain_offset() {
    // a column of a 32x33 row-major float tile from column 1: still conflict-free
    let out = eval(
        "bank_instructions(domain_offset(make_coord(0,1), (_32,_33):(_33,_1)), vector_access((_32,_1):(_1@0,_0), float))",
    );
    assert_eq!(
        out,
        "warp 0 instruction 0: 1 wavefronts (ideal 1), 1 phase\n"
    );
    // rows of 16 bytes from column 8 of a swizzled tile equal the tile read at byte 32
    let sw = "composition(Swizzle<3,2,3>{}, (_32,_32):(_32,_1))";
    let a = eval(&format!(
        "bank_instructions(domain_offset(make_coord(0,8), {sw}), vector_access((_32,_4):(_1@0,_1@1), float, 128))"
    ));
    let b = eval(&format!(
        "bank_instructions(get<0>(domain_offset(make_coord(0,8), {sw})), vector_access((_32,_4):(_1@0,_1@1), float, 128))"
    ));
    assert!(a.contains("4 wavefronts (ideal 4)"), "{a}");
    assert_eq!(a, b);
    // a plain tile at an offset that misaligns 16-byte vectors says what to change
    let out = eval(
        "bank_conflicts(domain_offset(make_coord(0,1), (_32,_32):(_32,_1)), vector_access((_32,_4):(_1@0,_1@1), float, 128))",
    );
    assert!(out.contains("multiple of the access size"), "{out}");
}
