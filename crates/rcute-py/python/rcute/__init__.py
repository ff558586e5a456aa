"""rcute: CuTe's layout algebra (the core of NVIDIA CUTLASS), computed in Rust.

Every value prints exactly as CuTe's ``print`` (and the ``cute`` calculator) prints it,
static integers included (``_8`` is static, ``8`` dynamic); every answer is the function
its operation defines, or an ``rcute.Error``.

>>> import rcute
>>> A = rcute.Layout("(4,(2,2)):(2,(1,8))")
>>> A(2, (1, 0))
5
>>> print(rcute.composition("(12,(4,8)):(59,(13,1))", ("_3:_4", "_8:_2")))
(_3,(2,4)):(236,(26,1))
>>> print(rcute.size[1](A))
4
>>> print(rcute.eval("A = (4,(2,2)):(2,(1,8)); A(2,(1,0))"), end="")
5

Values: a Python ``int`` is a dynamic integer (``8``), ``rcute.static(8)`` the static
``_8``; tuples and lists of integers are IntTuples; ``None`` is CuTe's underscore ``_``;
a ``str`` is a program of the language whose last expression is the value
(``"(_4,_8):(_8,_1)"``, ``"SM80_16x8x16_F32F16F16F32_TN"``, ``"Swizzle<3,4,3>"``).

Functions: every function of the language, under its CuTe name (``rcute.functions()``
lists them; each one's ``__doc__`` is its line of the language's table). CuTe's template
arguments are an index: ``rcute.size[1](L)`` is ``size<1>(L)``, ``rcute.take[1, 3](L)`` is
``take<1,3>(L)``.

``rcute.pycute`` is a drop-in for pycute (NVIDIA's Python reference) on rcute's algebra.
"""

from . import _rcute
from ._rcute import (  # noqa: F401
    Access,
    ComposedLayout,
    CoordTensor,
    CopyAtom,
    Error,
    Function,
    IntTuple,
    Layout,
    MmaAtom,
    Report,
    Swizzle,
    Tag,
    Tensor,
    TiledCopy,
    TiledMMA,
    TVLayout,
    check_law,
    eval,
    functions,
    layout_of,
    value,
)
from ._rcute import make_tensor as _make_array_tensor

# Every function of the language's table, under its CuTe name: a function added to the
# table appears here, its doc from the table.
for _f in _rcute.functions():
    _f.__doc__ = _f.doc
    globals()[_f.__name__] = _f
del _f

# `make_tensor` of the table builds a tensor over a pointer of the language
# (`make_gmem_ptr<T>(nullptr)`); over a numpy array (anything with the array interface)
# it is the view `make_tensor(array, layout=None)`.
_make_table_tensor = globals().get("make_tensor")


def make_tensor(*args, **kwargs):
    """``make_tensor(array, layout=None)``: the numpy array behind a layout, without a copy
    (without a layout, the array's own shape and strides in elements); any other first
    argument is the language's ``make_tensor`` (a tensor over ``make_gmem_ptr<T>(nullptr)``
    and the like)."""
    if _make_table_tensor is None or kwargs or (
        args and (hasattr(args[0], "__array_interface__") or hasattr(args[0], "__array__"))
    ):
        return _make_array_tensor(*args, **kwargs)
    return _make_table_tensor(*args)

LayoutLeft = value("LayoutLeft")
LayoutRight = value("LayoutRight")


def static(x):
    """The static integer ``_x`` (``static(8)`` prints ``_8``), or a tuple of them."""
    return IntTuple.static(x)


def atom(name):
    """An MMA or copy atom by CuTe's name: ``atom("SM80_16x8x16_F32F16F16F32_TN")``,
    ``atom("Copy_Atom<SM75_U32x4_LDSM_N, half_t>")``."""
    a = value(name)
    if not isinstance(a, (MmaAtom, CopyAtom)):
        raise Error(f"error: {name} is not an atom")
    return a


def E(*path):
    """CuTe's basis element ``E<i...>``: ``E(1)`` is ``_1@1``, a stride that sends a
    coordinate to mode 1 of a coordinate."""
    return value("E<" + ",".join(str(int(i)) for i in path) + ">")


def _notation(x):
    """A value written in the language's notation."""
    if isinstance(x, (list, tuple)):
        try:
            return str(IntTuple(x))
        except (Error, TypeError):
            return "(" + ", ".join(_notation(e) for e in x) + ")"
    if x is None:
        return "_"
    return str(x)


def explain(program, *args):
    """The steps of one call of the algebra, as ``cute explain`` prints them: each
    intermediate layout in CuTe's notation and, where a pre-condition fails, the failing
    step and its values; the last line is the answer.

    ``explain("A = (_6,_2):(_8,_2); composition(A, (_4,_3):(_3,_1))")`` explains the
    program's last call; ``explain(rcute.composition, A, B)`` explains that call."""
    if isinstance(program, Function):
        program = f"{program.__name__}({', '.join(_notation(a) for a in args)})"
    elif args:
        raise TypeError("explain(program) or explain(function, *args)")
    return _rcute.explain(program)


def svg(x, shape=None):
    """The SVG picture the ``cute svg`` command draws of ``x``: a layout (with ``shape``,
    the data shape of a thread-value layout: ``cute svg --tv``), a swizzled layout, a
    tiled MMA or MMA atom (``--mma``), a tiled copy (``--copy``), a bank-conflict report
    (``cute banks --svg``)."""
    if isinstance(x, (Layout, str)) or shape is not None:
        x = value(x) if isinstance(x, str) else x
        return x.svg(shape) if isinstance(x, Layout) else x.svg()
    return x.svg()


__version__ = _rcute.__version__ if hasattr(_rcute, "__version__") else "0.1.0"
