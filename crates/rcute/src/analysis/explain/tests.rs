//! Unit tests of the explanations.

use super::*;
use crate::{int_tuple, layout, tiler};

#[test]
fn show() {
    std::println!(
        "{}",
        explain_logical_divide(&layout!((_4,_2,_3):(_2,_1,_8)), &tiler!(_4:_2))
    );
    std::println!(
        "{}",
        explain_composition(&layout!((_8,_8):(_8,_1)), &tiler!(_4:_3))
    );
    std::println!(
        "{}",
        explain_coalesce(&layout!((_2,(_1,_6),3,_2):(_1,(_6,_2),12,_36)))
    );
    std::println!(
        "{}",
        explain_complement(&layout!((_2,_2):(_1,_6)), &int_tuple!(_24))
    );
    std::println!("{}", explain_right_inverse(&layout!((_8,_4):(_4,_1))));
    std::println!("{}", explain_left_inverse(&layout!((_4,_2):(_1,_16))));
    std::println!(
        "{}",
        explain_blocked_product(&layout!((_2,_5):(_5,_1)), &layout!((_3,_4):(_1,_3)))
    );
    std::println!(
        "{}",
        explain_tiled_divide(
            &layout!((_9,(_4,_8)):(_59,(_13,_1))),
            &tiler!((_3:_3, (_2,_4):(_1,_8)))
        )
    );
}
