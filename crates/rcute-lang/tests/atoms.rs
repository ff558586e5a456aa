//! The atom layer through the language: programs of tiled MMAs and copies built from odd
//! pieces answer or refuse, never panic.

/// Programs of the atom layer built from odd pieces (dynamic, negative, zero and huge
/// values, ranks that do not fit, threads outside the tiling, unknown names) answer a
/// value or an error, never a panic.
#[test]
fn odd_atom_programs_answer_or_refuse() {
    let atoms = [
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM90_64x256x16_F16F16F16_SS<K,MN>",
        "SM90_64x8x32_F32E4M3E5M2_RS_TN",
        "SM70_8x8x4_F32F16F16F32_NT",
        "UniversalFMA<double>",
        "SM90_64x9999999999999999x16_F16F16F16_SS<K,K>",
        "SM90_64x8x16_F16F16F16_SS<K>",
        "MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>",
    ];
    let layouts = [
        "(_2,_2,_1)",
        "(2,2,1)",
        "(_2,_2,_1):(_2,_1,_0)",
        "(_4,_1,_2,_2)",
        "(_2,_2):(-1,_2)",
        "(_0,_2,_1)",
        "_1:_0",
        "(_4611686018427387904,_2,_1)",
    ];
    let perms = [
        "",
        ", (_,_,_)",
        ", (_32,_)",
        ", ((_8,_4):(_4,_1),_16,_)",
        ", (3,_,_)",
        ", (_,_,_,_)",
    ];
    let uses = [
        "M",
        "get_layoutA_TV(M)",
        "get_layoutB_TV(M)",
        "get_layoutC_TV(M)",
        "tile_shape(M)",
        "size(M)",
        "partition_C(M, 0, make_identity_tensor((_64,_64)))",
        "partition_A(M, -1, make_identity_tensor((_64,_32)))",
        "partition_B(M, 4000000000, make_identity_tensor((_64,_32)))",
        "partition_fragment_A(M, 1, make_identity_tensor((64,32)))",
        "partition_fragment_C(M, 1, make_identity_tensor((_128,_256,_2)))",
        "partition_shape_B(M, (_7,_9))",
        "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, M)",
        "partition_S(make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, float>, M), 3, make_identity_tensor((_64,_64)))",
        "retile_D(make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>, M), make_identity_tensor((_8,_2,(3,5))))",
        "print_latex(M)",
        "print_svg(M)",
    ];
    let mut ok = 0;
    let mut refused = 0;
    let mut k = 0;
    for a in atoms {
        for l in layouts {
            for p in perms {
                // four uses of each tiling, in turn
                for _ in 0..4 {
                    let u = uses[k % uses.len()];
                    k += 1;
                    let program = format!("M = make_tiled_mma({a}, {l}{p}); {u}");
                    match rcute_lang::eval(&program) {
                        Ok(_) => ok += 1,
                        Err(_) => refused += 1,
                    }
                }
            }
        }
    }
    let total = atoms.len() * layouts.len() * perms.len() * 4;
    assert_eq!(ok + refused, total);
    println!("{ok} answered, {refused} refused");
    assert!(
        ok > 200 && refused > 300,
        "{ok} answered, {refused} refused"
    );
}

/// A host program's `thr_mma.partition_fragment_C(T)`, `make_fragment_C` and
/// `tiler.get_slice(w).partition(T)` answer what the function forms do (whose answers
/// the golden files check against CuTe): a UMMA's TMEM fragment, a warp's part of TMEM.
#[test]
fn host_member_forms_of_tmem_fragments_and_warp_partitions() {
    let mma = "auto M = make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>{});";
    let t = "auto T = make_identity_tensor(make_shape(_256{},_256{}));";
    let by_member = rcute_lang::eval(&format!(
        "{mma} {t} auto f = M.get_slice(0).partition_fragment_C(T); print(f);"
    ))
    .unwrap();
    let by_fragment = rcute_lang::eval(&format!(
        "{mma} {t} auto thr = M.get_slice(0); auto f = thr.make_fragment_C(thr.partition_C(T)); print(f);"
    ))
    .unwrap();
    let free = rcute_lang::eval(&format!(
        "{mma} print(partition_fragment_C(M, make_shape(_256{{}},_256{{}})));"
    ))
    .unwrap();
    assert_eq!(
        free.trim(),
        "tmem_[32b](0x0000.0000) o ((_128,_256),_2,_1):((_65536,_1),_256,_0)"
    );
    assert_eq!(by_member.trim(), free.trim());
    assert_eq!(by_fragment.trim(), free.trim());
    let tmem = "auto T = make_tensor(make_tmem_ptr<float>(0), make_layout(make_shape(_128{},_64{}), make_stride(_65536{},_1{})));";
    for w in 0..4 {
        let member = rcute_lang::eval(&format!(
            "{tmem} auto P = make_tmem_warp_partitioner(T); print(P.get_slice({w}).partition(T));"
        ))
        .unwrap();
        let function = rcute_lang::eval(&format!(
            "{tmem} auto P = make_tmem_warp_partitioner(T); partition(P, {w}, T)"
        ))
        .unwrap();
        assert_eq!(member.trim(), function.trim());
        assert!(
            member.contains(&format!("0x{:04x}.0000", 32 * w)),
            "{member}"
        );
    }
    // CuTe cannot print the TV_Tiler itself
    let e = rcute_lang::eval(&format!("{tmem} print(make_tmem_warp_partitioner(T));")).unwrap_err();
    assert!(e.message.contains("TV_Tiler"), "{}", e.message);
}
