"""pycute's ``Integer``: the abstract class of Python's integers (not ``bool``, not
``float``)."""

from abc import ABC

__all__ = ["Integer"]


class Integer(ABC):
    """``isinstance(x, Integer)`` holds for ``int`` and its subclasses but ``bool``."""

    @classmethod
    def __subclasshook__(cls, c):
        if c in (bool, float):
            return False
        return issubclass(c, int)
