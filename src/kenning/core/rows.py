"""Named rows: tuples whose fields have names and types, for data that crosses layers (the
index's answers to the gate and the pages), so no reader picks a field by its position.

``class FileHeat(Row): path: str; failed: int`` reads as ``typing.NamedTuple`` and is one to the
type checker; at run time the class is built by ``collections.namedtuple``, which every ``ken``
process has loaded already, where importing ``typing`` would cost each about 8 ms. A row stays a
tuple: it unpacks, sorts, compares and binds to SQL as one, and is as cheap to build. Fields
take no defaults; methods and properties are kept.
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple as Row
else:
    # what the class statement itself puts in a namespace: the namedtuple brings its own
    _BUILT = {"__module__", "__qualname__", "__annotations__", "__dict__", "__weakref__"}

    class _RowType(type):
        def __new__(mcs, name, bases, namespace):
            if not bases:  # Row itself
                return super().__new__(mcs, name, bases, namespace)
            fields = tuple(namespace.get("__annotations__", ()))
            if not fields or any(field in namespace for field in fields):
                raise TypeError(f"{name}: a row names its fields with annotations, and takes no defaults")
            row = namedtuple(name, fields, module=namespace["__module__"])
            row.__qualname__ = namespace["__qualname__"]
            for key, value in namespace.items():
                if key not in _BUILT:
                    setattr(row, key, value)
            return row

    class Row(metaclass=_RowType):
        """The base of a named row (see the module's docstring)."""

__all__ = ["Row"]
