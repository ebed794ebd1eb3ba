"""Hypothesis pieces shared by the property tests that draw whole logs (the fold's tables,
the gate's two selections): the fields every type carries, and supersession and forgetting
drawn after the log, so a decision can name an earlier, a later, an unknown or its own id, and a
note can forget any event of the log (``ken forget``), an unknown id or itself."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

OUTCOMES = st.sampled_from(("failed", "failed", "partial", "worked"))


def type_fields(draw: st.DrawFn, data: dict[str, Any], supersede: list[tuple[dict[str, Any], int]]) -> None:
    """An attempt's outcome, a lesson mark now and then, and a decision queued for
    ``link_supersedes``."""
    kind = data["type"]
    if kind == "attempt":
        data["outcome"] = draw(OUTCOMES)
    if kind in ("decision", "note") and draw(st.integers(0, 4)) == 0:
        data["lesson"] = True
    if kind == "decision":
        supersede.append((data, draw(st.integers(0, 5))))


def link_supersedes(draw: st.DrawFn, found: list[dict[str, Any]], supersede: list[tuple[dict[str, Any], int]],
                    ids: st.SearchStrategy[str]) -> None:
    """Each queued decision supersedes nothing, an id memory does not hold, itself, or another
    decision of the log (earlier or later, in the log and in time)."""
    decisions = [d["id"] for d in found if d["type"] == "decision"]
    for data, choice in supersede:
        if choice == 1:
            data["supersedes"] = draw(ids)
        elif choice == 2:
            data["supersedes"] = data["id"]
        elif choice > 2:
            data["supersedes"] = draw(st.sampled_from(decisions))


def add_forgetting(draw: st.DrawFn, found: list[dict[str, Any]], ids: st.SearchStrategy[str],
                   times: st.SearchStrategy[str]) -> None:
    """Up to two notes (``ken forget``) appended to the log, each forgetting an event of it (any
    type, a forgetting note too), an id memory does not hold, or itself. Drawn last, so the
    events before them are drawn as they were before forgetting existed."""
    for n in range(draw(st.integers(0, 2))):
        note: dict[str, Any] = {"v": 1, "id": draw(ids), "type": "note", "source": "cli",
                                "summary": f"forgot {n}", "timestamp": draw(times)}
        choice = draw(st.integers(0, 5))
        note["forgets"] = (draw(ids) if choice == 0 or not found else note["id"] if choice == 1
                           else draw(st.sampled_from([d["id"] for d in found])))
        found.append(note)
