"""``kenning.core.rows.Row``: a named row is a tuple with named fields, built at run time without
``typing``, that keeps the methods and properties its class statement gives it."""

from __future__ import annotations

import pytest

from kenning.core.rows import Row


class Span(Row):
    """Two ends."""

    start: int
    end: int

    @property
    def length(self) -> int:
        return self.end - self.start


def test_a_row_is_a_tuple_with_named_fields() -> None:
    span = Span(2, end=5)
    start, end = span
    assert (start, end) == (2, 5) == (span.start, span.end)
    assert span == (2, 5) and sorted([Span(3, 4), span]) == [(2, 5), (3, 4)]
    assert Span._make([1, 1]) == Span(1, 1) and span._asdict() == {"start": 2, "end": 5}
    assert repr(span) == "Span(start=2, end=5)"


def test_a_row_keeps_its_properties_and_its_docstring() -> None:
    assert Span(2, 5).length == 3
    assert Span.__doc__ == "Two ends."
    assert Span.__module__ == __name__ and Span.__qualname__ == "Span"


def test_a_row_is_immutable() -> None:
    with pytest.raises(AttributeError):
        Span(1, 2).start = 3  # type: ignore[misc]


def test_a_row_takes_no_defaults() -> None:
    with pytest.raises(TypeError, match="no defaults"):
        class Defaulted(Row):
            start: int = 0
