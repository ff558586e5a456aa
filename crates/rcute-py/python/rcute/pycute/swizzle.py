"""pycute's swizzles and composed layouts."""

from .. import _rcute
from .layout import LayoutBase, cosize, size

__all__ = ["shiftr", "shiftl", "Swizzle", "ComposedLayout"]


def shiftr(a, s):
    """``a >> s``, a left shift for negative ``s``."""
    return a >> s if s > 0 else shiftl(a, -s)


def shiftl(a, s):
    """``a << s``, a right shift for negative ``s``."""
    return a << s if s > 0 else shiftr(a, -s)


class Swizzle:
    """``Swizzle(bits, base, shift)``: XORs the ``bits`` bits at ``base + shift`` into
    those at ``base`` (CuTe's ``Swizzle<B,M,S>``); prints ``SW_B_M_S``."""

    def __init__(self, bits, base, shift):
        # rcute checks the parameters (bits, base >= 0, |shift| >= bits)
        self._sw = _rcute.Swizzle(bits, base, shift)
        self.bits = bits
        self.base = base
        self.shift = shift
        mask = (1 << bits) - 1
        self.yyy_msk = mask << (base + max(0, shift))
        self.zzz_msk = mask << (base - min(0, shift))

    def __call__(self, offset):
        return int(self._sw(offset))

    def size(self):
        return 1 << (self.bits + self.base + abs(self.shift))

    def cosize(self):
        return self.size()

    def __str__(self):
        return f"SW_{self.bits}_{self.base}_{self.shift}"

    def __repr__(self):
        return f"Swizzle({self.bits},{self.base},{self.shift})"


class ComposedLayout(LayoutBase):
    """``ComposedLayout(layoutB, offset, layoutA)``: ``layoutB(offset + layoutA(c))``."""

    def __init__(self, layoutB, offset, layoutA):
        self.layoutB = layoutB
        self.offset = offset
        self.layoutA = layoutA

    def __eq__(self, other):
        return (
            self.layoutB == other.layoutB
            and self.offset == other.offset
            and self.layoutA == other.layoutA
        )

    def __len__(self):
        return len(self.layoutA)

    def __call__(self, *args):
        return self.layoutB(self.offset + self.layoutA(*args))

    def __getitem__(self, i):
        return ComposedLayout(self.layoutB, self.offset, self.layoutA[i])

    def size(self):
        return size(self.layoutA)

    def cosize(self):
        return cosize(self.layoutB)

    def __str__(self):
        return f"{self.layoutB} o {self.offset} o {self.layoutA}"

    def __repr__(self):
        return f"ComposedLayout({self.layoutB!r},{self.offset!r},{self.layoutA!r})"
