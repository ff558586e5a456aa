//! TMA: whether one tensor map can move a tile, and its `cuTensorMapEncodeTiled` arguments.
