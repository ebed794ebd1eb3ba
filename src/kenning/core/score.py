"""The score: counts anyone can verify from the log, and estimates that say they are estimates.

Every count is a query over events (or over the gate's check records). An estimate of time or
tokens saved cannot be measured from a log: it is shown apart from the counts, labelled, with
its formula and the assumption behind each constant, so a reader can redo it or reject it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# assumptions behind the estimates (stated next to every figure that uses them)
MINUTES_PER_RETRY = 20   # one re-try of an approach that already failed: edit, run, read the failure
TOKENS_PER_RETRY = 4000  # the reading and output one such re-try costs an agent


def estimates(counts: dict[str, Any]) -> list[dict[str, Any]]:
    """Time and tokens that repeated failures would have cost, from warnings the gate gave and
    that were not followed by a repeat of the failed approach."""
    heeded_count = heeded(counts.get("gate") or {})
    hours = round(heeded_count * MINUTES_PER_RETRY / 60, 1)
    return [
        {"name": "hours_saved", "value": hours, "kind": "estimate",
         "formula": f"heeded gate warnings ({heeded_count}) x {MINUTES_PER_RETRY} min / 60",
         "assumption": f"each heeded warning avoided one re-try of a failed approach, {MINUTES_PER_RETRY} min each"},
        {"name": "tokens_saved", "value": heeded_count * TOKENS_PER_RETRY, "kind": "estimate",
         "formula": f"heeded gate warnings ({heeded_count}) x {TOKENS_PER_RETRY:,} tokens",
         "assumption": f"each avoided re-try would have cost an agent about {TOKENS_PER_RETRY:,} tokens"},
    ]


def heeded(gate: dict[str, Any]) -> int:
    """Gate warnings not followed by an override or a repeat of the failed approach."""
    return max(0, int(gate.get("warnings", 0)) - int(gate.get("repeats", 0)) - int(gate.get("overrides", 0)))


def heeded_definition() -> str:
    return "heeded = gate warnings - overrides (denied edit made anyway) - repeats (failed approach tried again)"
