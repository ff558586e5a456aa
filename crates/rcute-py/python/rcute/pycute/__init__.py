"""A drop-in for pycute (NVIDIA CUTLASS's Python layout algebra), computed by rcute.

The same modules, classes and functions as pycute (``int_tuple``, ``layout``,
``swizzle``, ``typing``), the same printed results on pycute's inputs (values are Python
ints and tuples, printed as pycute prints them: ``(4, (2, 2)):(2, (1, 8))``), and an
``rcute.Error`` (a ``ValueError``) where pycute's answer is not the function its operation
defines: a composition whose modes overlap, a complement that does not cover its
cotarget, ``logical_product(A, n)`` with an integer ``n`` (pycute computes a divide there).

    import rcute.pycute as pycute      # instead of: import pycute
"""

from .int_tuple import *  # noqa: F401,F403
from .layout import *  # noqa: F401,F403
from .swizzle import *  # noqa: F401,F403
from .typing import *  # noqa: F401,F403
