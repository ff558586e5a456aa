"""pycute's layouts and their algebra, computed by rcute: the same names, the same
printed results, and ``rcute.Error`` where pycute's answer is not the operation's
function."""

from abc import ABC

from .. import _rcute
from .int_tuple import crd2idx, is_tuple, product, slice_

_native = _rcute.pycute

__all__ = [
    "LayoutBase", "is_layout", "Layout", "make_layout", "size", "cosize", "coalesce",
    "filter", "composition", "complement", "right_inverse", "left_inverse",
    "logical_divide", "logical_product", "hier_unzip", "zipped_divide", "tiled_divide",
    "zipped_product", "tiled_product", "slice_and_offset", "to_rcute", "from_rcute",
]

#: ``to_rcute(L)``: the layout as an ``rcute.Layout`` (its values static, as pycute
#: simplifies by value); ``from_rcute(L)``: an ``rcute.Layout`` as pycute's.
to_rcute = _native.to_rcute
from_rcute = _native.from_rcute


class LayoutBase(ABC):
    """The base of pycute's layouts (``Layout``, ``ComposedLayout``)."""


#: pycute's ``Layout(shape, stride=None)``: ``shape`` and ``stride`` are Python ints and
#: tuples; without a stride, the column-major one. ``L(c)`` is the index of a coordinate
#: (with ``None`` in ``c``: the sliced layout), ``L[i]`` mode ``i``, ``len(L)`` the rank.
Layout = _native.Layout
LayoutBase.register(Layout)


def is_layout(x):
    """Whether ``x`` is a layout (``Layout`` or ``ComposedLayout``)."""
    return isinstance(x, LayoutBase)


def make_layout(*layouts):
    """The layouts as the modes of one layout (one iterable argument: its layouts)."""
    return _native.make_layout(*layouts)


def size(layout):
    """The size of a layout's domain, or the product of an IntTuple."""
    if is_layout(layout):
        return layout.size()
    return product(layout)


def cosize(layout):
    """The size of a layout's codomain."""
    return layout.cosize()


coalesce = _native.coalesce
filter = _native.filter  # noqa: A001
composition = _native.composition
complement = _native.complement
right_inverse = _native.right_inverse
left_inverse = _native.left_inverse
logical_divide = _native.logical_divide
logical_product = _native.logical_product


def hier_unzip(splitter, layoutA, layoutB):
    """``splitter`` (a divide or a product) mode by mode, gathered as
    ``((tiles...), (rests...))``."""
    if layoutB is None:
        return make_layout(Layout(1, 0), layoutA)
    if is_tuple(layoutB):
        if len(layoutA) < len(layoutB):
            raise _rcute.Error(
                f"error: a tiler of rank {len(layoutB)} for the layout {layoutA} of rank {len(layoutA)}"
            )
        split = [hier_unzip(splitter, layoutA[i], b) for i, b in enumerate(layoutB)]
        rest = [layoutA[i] for i in range(len(layoutB), len(layoutA))]
        return make_layout(
            make_layout(s[0] for s in split),
            make_layout([s[1] for s in split] + rest),
        )
    return splitter(layoutA, layoutB)


def zipped_divide(layoutA, layoutB):
    """``((tile...), (rest...))``."""
    return hier_unzip(logical_divide, layoutA, layoutB)


def tiled_divide(layoutA, layoutB):
    """``((tile...), rest...)``."""
    r = zipped_divide(layoutA, layoutB)
    return make_layout([r[0]] + [r[1][i] for i in range(len(r[1]))])


def zipped_product(layoutA, layoutB):
    """``((block...), (repeat...))``."""
    return hier_unzip(logical_product, layoutA, layoutB)


def tiled_product(layoutA, layoutB):
    """``((block...), repeat...)``."""
    r = zipped_product(layoutA, layoutB)
    return make_layout([r[0]] + [r[1][i] for i in range(len(r[1]))])


def slice_and_offset(crd, layout):
    """``(the layout sliced at crd, the index of crd with None as 0)``."""
    return (
        Layout(slice_(crd, layout.shape), slice_(crd, layout.stride)),
        crd2idx(crd, layout.shape, layout.stride),
    )
