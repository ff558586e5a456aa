"""Tensors over numpy arrays: views without copying, checked bounds, numpy scalars."""
import numpy as np
import pytest

import rcute


def test_a_tensor_views_the_array():
    a = np.arange(32, dtype=np.float32)
    T = rcute.make_tensor(a, rcute.Layout((4, 8), (8, 1)))
    assert T(1, 2) == 10 and isinstance(T(1, 2), np.float32) and T[(1, 2)] == 10
    v = np.asarray(T)
    assert v.shape == (4, 8) and np.shares_memory(v, a) and v[1, 2] == 10
    T[(0, 0)] = 7
    assert a[0] == 7


def test_tiles_and_partitions_are_views():
    a = np.arange(64 * 32, dtype=np.int32).reshape(64, 32)  # C order: (64,32):(32,1)
    T = rcute.make_tensor(a)
    assert str(T.layout) == "(64,32):(32,1)"
    t = rcute.local_tile(T, (16, 8), (1, 2))
    v = np.asarray(t)
    assert np.shares_memory(v, a) and (v == a[16:32, 16:24]).all()
    p = rcute.local_partition(t, rcute.Layout((4, 2)), 3)
    assert np.shares_memory(np.asarray(p), a)
    for i in range(rcute.size(p)):
        m, n = rcute.idx2crd(i, p.shape)  # noqa: F841
    s = T(None, 5)
    assert (np.asarray(s) == a[:, 5]).all()


def test_bounds_and_strides_are_checked():
    a = np.zeros(16)
    with pytest.raises(rcute.Error, match="offsets 0 to 31"):
        rcute.make_tensor(a, rcute.Layout((4, 8), (8, 1)))
    b = np.zeros((8, 8))[::2, ::2]  # neither 1-D nor contiguous
    with pytest.raises(rcute.Error, match="neither 1-D nor contiguous"):
        rcute.make_tensor(b, rcute.Layout((4, 4)))
    assert str(rcute.layout_of(b)) == "(4,4):(16,2)"
    T = rcute.make_tensor(b)
    assert T(1, 1) == 0 and np.shares_memory(np.asarray(T), b)


def test_a_1d_strided_array_is_storage():
    a = np.arange(40)[::2]
    T = rcute.make_tensor(a, rcute.Layout((4, 5), (5, 1)))
    assert T(1, 1) == a[6] and (np.asarray(T) == a.reshape(4, 5)).all()


def test_make_tensor_of_the_language_is_still_there():
    # a first argument that is not an array goes to the language's make_tensor
    p = rcute.eval("print(make_tensor(make_gmem_ptr<half_t>(nullptr), (4,8):(8,_1)))")
    assert p.startswith("gmem_ptr[16b]((nil)) o (4,8):(8,_1)")
    T = rcute.make_tensor(np.arange(4.0), rcute.Layout((2, 2), (2, 1)))
    assert float(T(1, 0)) == 2.0
