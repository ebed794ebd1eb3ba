"""A memory's cited code in the views that show memory: a few words after its place, and the
order within a list (``ken verify`` and ``app.citations`` work the status out; this only says it).

Each view is given the statuses as data (``{event id: status}``, as ``ken verify --json`` gives
one) and the clock it renders at, so the same events, git state and clock give the same bytes.
A memory whose code is verified says nothing more (its place is right); one whose code moved says
where it is now; one whose code changed says in which commit and how long ago, and that it must
be checked; one whose code is gone is marked as not current. Within a list, verified memories
come first and gone ones last, in the list's own order otherwise: a memory that cites nothing
keeps its place between them. Imported only by a view that has a status to show.
"""

from __future__ import annotations

from kenning.core.events import parse_timestamp

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

NOTE = "code_note"  # the key an annotated item carries its words under (``where`` shows them)
DAY_US = 86_400 * 1_000_000
# where a memory goes in its list: sure first, then the ones that cite nothing, then doubtful
_RANK = {"verified": 0, "moved": 0, "changed": 2, "gone": 3}
UNCITED = 1


def rank(status: Mapping[str, Any] | None) -> int:
    return UNCITED if status is None else _RANK.get(str(status.get("status")), UNCITED)


def ago(at: object, now: int) -> str:
    """``today``, ``1 day ago``, ``3 days ago``, ``4 months ago``, ``2 years ago``, counted back
    from ``now`` (microseconds: the clock the view renders at, never the wall clock here)."""
    try:
        days = (now - parse_timestamp(str(at))) // DAY_US
    except ValueError:
        return ""
    if days <= 0:
        return "today"
    if days < 60:
        return "1 day ago" if days == 1 else f"{days} days ago"
    if days < 730:
        return f"{days // 30} months ago"
    return f"{days // 365} years ago"


def since(status: Mapping[str, Any], now: int) -> str:
    """`` in 1a2b3c4, 3 days ago`` for a change git can name, `` (uncommitted)`` for one in the
    work tree, nothing when it cannot be said."""
    when = status.get("changed_in")
    if isinstance(when, dict) and when.get("commit"):
        told = ago(when.get("at", ""), now)
        return f" in {str(when['commit'])[:7]}" + (f", {told}" if told else "")
    if isinstance(when, dict) and when.get("uncommitted"):
        return " (uncommitted)"
    return ""


def note(status: Mapping[str, Any] | None, now: int) -> str:
    """The few words a memory's place is followed by; empty when its code is where it says."""
    if status is None:
        return ""
    kind = status.get("status")
    if kind == "moved":
        start, end = status.get("start"), status.get("end")
        return f"code moved to {status.get('path')}:{start}" + (f"-{end}" if end != start else "")
    if kind == "changed":
        return f"code changed{since(status, now)}: check before relying on it"
    if kind == "gone":
        return f"code gone{since(status, now)}: not current, do not rely on it"
    return ""


def annotated(items: Iterable[dict[str, Any]], codes: Mapping[str, Mapping[str, Any]], now: int,
              order: bool = True) -> list[dict[str, Any]]:
    """``items`` with their code's words (copies: the caller's items stay as they are); with
    ``order``, verified first and gone last, each group in the order given."""
    out = []
    for item in items:
        status = codes.get(str(item.get("id", "")))
        words = note(status, now)
        out.append({**item, NOTE: words} if words else item)
    if order:
        out.sort(key=lambda item: rank(codes.get(str(item.get("id", "")))))
    return out


def wanted(items: Iterable[Mapping[str, Any]]) -> list[str]:
    """The ids among ``items`` that cite code (``core.fold`` marks them ``cited``)."""
    return [str(item["id"]) for item in items if item.get("cited") and item.get("id")]
