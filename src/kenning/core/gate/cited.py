"""The gate's eighth signal, ``code_changed``: the memories about a file (among those the
precheck shows) whose cited code changed or is gone since they were written. Pure: the statuses
come in as data (``app.citations``); imported only when a memory shown cites code, so a precheck of
files whose memories cite nothing loads nothing more."""

from __future__ import annotations

from kenning.core.events import parse_timestamp
from kenning.core.gate.rules import KINDS, SEVERITIES, Evidence, GateWarning
from kenning.core.text import plural
from kenning.core.views.coded import since

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from kenning.core.events import Event
    from kenning.core.gate.rules import FileVerdict

KIND = "code_changed"
ORDER = (*KINDS, KIND)


def code_changed(events: Sequence[Event], codes: Mapping[str, Mapping[str, Any]], now_us: int
                 ) -> GateWarning | None:
    """An ``info`` warning naming the memories among ``events`` whose cited code changed or is
    gone, newest first, each with the commit that changed it and when; None when there is none."""
    seen: set[str] = set()
    hit = []
    for event in sorted(events, key=lambda e: e.sort_key, reverse=True):
        status = codes.get(event.id)
        if event.id in seen or status is None or status.get("status") not in ("changed", "gone"):
            continue
        seen.add(event.id)
        hit.append((event, status))
    if not hit:
        return None
    message = (f"the code cited by {plural(len(hit), 'memory')} about this file changed since written: "
               f"check it before relying on {'it' if len(hit) == 1 else 'them'} (`ken verify`)")
    evidence = [Evidence(str(status["status"]), _time(event), f"code {status['status']}{since(status, now_us)}: "
                         f"{event.summary}", event.id) for event, status in hit]
    return GateWarning(KIND, "info", message, [event.id for event, _ in hit], evidence)


def add(verdict: FileVerdict, warning: GateWarning) -> None:
    """``warning`` among the verdict's, worst first as ``rules.evaluate`` orders them."""
    verdict.warnings.append(warning)
    verdict.warnings.sort(key=lambda w: (-SEVERITIES.index(w.severity), ORDER.index(w.kind)))


def _time(event: Event) -> int:
    try:
        return parse_timestamp(event.timestamp)
    except ValueError:
        return 0
