"""pycute's IntTuple helpers on Python ints and tuples: the same names and results,
``rcute.Error`` where pycute asserts."""

from functools import reduce
from itertools import chain

from .. import _rcute
from .typing import Integer

__all__ = [
    "is_int", "is_tuple", "flatten", "signum", "product", "inner_product", "tuple_max",
    "elem_scale", "shape_div", "prefix_product", "idx2crd", "crd2idx", "crd2crd",
    "slice_", "has_none",
]


def _fail(message):
    return _rcute.Error(f"error: {message}")


def _same_rank(op, *xs):
    if len({len(x) for x in xs}) != 1:
        raise _fail(f"{op}: the tuples {', '.join(map(str, xs))} differ in rank")


def is_int(x):
    """Whether ``x`` is an integer (``bool`` is not)."""
    return isinstance(x, Integer)


def is_tuple(x):
    """Whether ``x`` is a tuple."""
    return isinstance(x, tuple)


def flatten(t):
    """The leaves of ``t``, in order, as a flat tuple (``(t,)`` for an integer)."""
    if not is_tuple(t):
        return (t,)
    return tuple(chain.from_iterable(flatten(x) for x in t))


def signum(a):
    """-1, 0 or 1."""
    return (a > 0) - (a < 0)


def product(a):
    """The product of the leaves."""
    if is_tuple(a):
        return reduce(lambda acc, x: acc * product(x), a, 1)
    return a


def inner_product(a, b):
    """The sum of the products of corresponding leaves of congruent ``a`` and ``b``."""
    if is_tuple(a):
        if not is_tuple(b):
            raise _fail(f"inner_product: {a} and {b} are not congruent")
        _same_rank("inner_product", a, b)
        return sum(inner_product(x, y) for x, y in zip(a, b))
    if is_tuple(b):
        raise _fail(f"inner_product: {a} and {b} are not congruent")
    return a * b


def tuple_max(a):
    """The largest leaf."""
    if is_tuple(a):
        return max(tuple_max(x) for x in a)
    return a


def elem_scale(a, b):
    """``a`` scaled by ``b`` leaf by leaf (an integer of ``a`` by the product of a mode of
    ``b``)."""
    if is_tuple(a):
        if not is_tuple(b):
            raise _fail(f"elem_scale: a tuple {a} scaled by an integer {b}")
        _same_rank("elem_scale", a, b)
        return tuple(elem_scale(x, y) for x, y in zip(a, b))
    if is_tuple(b):
        return elem_scale(a, product(b))
    return a * b


def shape_div(a, b):
    """CuTe's shape division: ``a / b`` where one divides the other (rounded up), mode by
    mode, an integer ``b`` consumed by the modes of ``a`` in order."""
    if is_tuple(a):
        if is_tuple(b):
            _same_rank("shape_div", a, b)
            return tuple(shape_div(x, y) for x, y in zip(a, b))
        out = []
        for x in a:
            out.append(shape_div(x, b))
            b = shape_div(b, product(x))
        return tuple(out)
    if is_tuple(b):
        return shape_div(a, product(b))
    if b == 0 or not (a % b == 0 or (a != 0 and b % a == 0)):
        raise _fail(f"shape_div: neither of {a} and {b} divides the other")
    return (a + b - 1) // b


def prefix_product(a, init=1):
    """The exclusive prefix products of the leaves of ``a`` (column-major strides)."""
    if is_tuple(a):
        if is_tuple(init):
            _same_rank("prefix_product", a, init)
            return tuple(prefix_product(x, i) for x, i in zip(a, init))
        out = []
        for x in a:
            out.append(prefix_product(x, init))
            init = init * product(x)
        return tuple(out)
    if is_tuple(init):
        raise _fail(f"prefix_product: an integer {a} with a tuple {init}")
    return init


def idx2crd(idx, shape, stride=None):
    """The coordinate of index ``idx`` in ``shape`` (with ``stride``: ``(idx // d) % s``
    at each leaf)."""
    if stride is None:
        stride = prefix_product(shape)
    if is_tuple(idx):
        if not is_tuple(shape):
            raise _fail(f"idx2crd: a tuple index {idx} in an integer shape {shape}")
        _same_rank("idx2crd", idx, shape, stride)
        return tuple(idx2crd(i, s, d) for i, s, d in zip(idx, shape, stride))
    if is_tuple(shape):
        _same_rank("idx2crd", shape, stride)
        return tuple(idx2crd(idx, s, d) for s, d in zip(shape, stride))
    return (idx // stride) % shape


def crd2idx(crd, shape, stride=None):
    """The index of coordinate ``crd`` (an integer coordinate walks the modes
    column-major; the last mode takes what is left)."""
    if stride is None:
        stride = prefix_product(shape)
    if is_tuple(crd):
        if not is_tuple(shape):
            raise _fail(f"crd2idx: a tuple coordinate {crd} in an integer shape {shape}")
        _same_rank("crd2idx", crd, shape, stride)
        return sum(crd2idx(c, s, d) for c, s, d in zip(crd, shape, stride))
    if crd is None:
        crd = 0
    if is_tuple(shape):
        _same_rank("crd2idx", shape, stride)
        result = 0
        for s, d in zip(shape[:-1], stride[:-1]):
            n = product(s)
            result += crd2idx(crd % n, s, d)
            crd //= n
        return result + crd2idx(crd, shape[-1], stride[-1])
    return crd * stride


def crd2crd(crd, dst_shape, src_shape=None):
    """A coordinate of one shape as a coordinate of another of the same size."""
    if is_tuple(crd):
        if is_tuple(dst_shape):
            _same_rank("crd2crd", crd, dst_shape)
            return tuple(crd2crd(x, y) for x, y in zip(crd, dst_shape))
        if src_shape is None:
            raise _fail(f"crd2crd: a tuple coordinate {crd} to an integer needs its shape")
        return crd2idx(crd, src_shape)
    if is_tuple(dst_shape):
        return idx2crd(crd, dst_shape)
    if not crd < dst_shape:
        raise _fail(f"crd2crd: {crd} is outside {dst_shape}")
    return crd


def slice_(crd, trg):
    """The modes of ``trg`` where ``crd`` is ``None``, as one flat tuple of modes."""
    if is_tuple(crd):
        if not is_tuple(trg):
            raise _fail(f"slice_: a tuple coordinate {crd} of an integer {trg}")
        _same_rank("slice_", crd, trg)
        kept = (slice_(c, t) for c, t in zip(crd, trg))
        return tuple(chain.from_iterable(k for k in kept if k != ()))
    if crd is None:
        return (trg,)
    return ()


def has_none(a):
    """Whether ``a`` has ``None`` (CuTe's ``_``) anywhere."""
    if is_tuple(a):
        return any(has_none(x) for x in a)
    return a is None
