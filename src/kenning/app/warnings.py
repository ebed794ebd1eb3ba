"""Where reader warnings go: values handed to the surface running a use case.

A memory's warnings (damaged log lines, an index that had to be rebuilt, a lessons store that
cannot be read) are collected on the ``Memory`` and, when it closes after a use case that
succeeded, handed to the sink the surface set with ``warnings_to``: the CLI prints them to
stderr, the MCP server adds them to the tool's result, a hook keeps stderr. App code never
prints them; with no sink set they are dropped.
"""

from __future__ import annotations

from contextvars import ContextVar

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from contextvars import Token

    Sink = Callable[[str], None]

_SINK: ContextVar[Sink | None] = ContextVar("kenning_warnings", default=None)


class warnings_to:  # noqa: N801 - used as a statement, like contextlib's: `with warnings_to(sink):`
    """``with warnings_to(sink):`` the warnings of every use case run inside go to ``sink``, one
    message at a time (without the ``ken: warning:`` prefix: that is the CLI's rendering)."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self._token: Token[Sink | None] | None = None

    def __enter__(self) -> Sink:
        self._token = _SINK.set(self.sink)
        return self.sink

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _SINK.reset(self._token)


def hand_over(messages: Iterable[str]) -> None:
    """Hand ``messages`` to the current surface's sink (none set: dropped)."""
    sink = _SINK.get()
    if sink is not None:
        for message in messages:
            sink(message)
