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
    """Time and tokens that repeated failures would have cost, from warnings the gate gave an
    agent and that were not followed by a repeat of the failed approach. A person's own checks
    (``ken precheck``, the pre-commit hook) are not counted: exploring what the gate says about
    a file avoids no agent's re-try."""
    gate = counts.get("gate") or {}
    heeded_count = heeded(gate)
    counted = counted_checks(gate)
    hours = round(heeded_count * MINUTES_PER_RETRY / 60, 1)
    return [
        {"name": "hours_saved", "value": hours, "kind": "estimate",
         "formula": f"heeded gate warnings ({heeded_count}) x {MINUTES_PER_RETRY} min / 60", "counted": counted,
         "assumption": f"each heeded warning avoided one re-try of a failed approach, {MINUTES_PER_RETRY} min each"},
        {"name": "tokens_saved", "value": heeded_count * TOKENS_PER_RETRY, "kind": "estimate",
         "formula": f"heeded gate warnings ({heeded_count}) x {TOKENS_PER_RETRY:,} tokens", "counted": counted,
         "assumption": f"each avoided re-try would have cost an agent about {TOKENS_PER_RETRY:,} tokens"},
    ]


def _by(gate: dict[str, Any], origin: str) -> dict[str, Any]:
    found = (gate.get("by_origin") or {}).get(origin)
    return found if isinstance(found, dict) else {}


def heeded(gate: dict[str, Any]) -> int:
    """An agent's gate warnings not followed by an override or a repeat of the failed approach
    (``gate``: ``app.gate.checks.stats``; checks by a person or of unknown origin never count)."""
    agent = _by(gate, "agent")
    return max(0, int(agent.get("warnings", 0)) - int(agent.get("repeats", 0)) - int(agent.get("overrides", 0)))


def counted_checks(gate: dict[str, Any]) -> str:
    """What the estimates counted, in words: the agent's checks, and the others left out."""
    agent = int(_by(gate, "agent").get("checks", 0))
    person, unknown = int(_by(gate, "person").get("checks", 0)), int(_by(gate, "unknown").get("checks", 0))
    left = [f"{person} manual check{'' if person == 1 else 's'}"] if person else []
    left += [f"{unknown} check{'' if unknown == 1 else 's'} of unknown origin"] if unknown else []
    not_counted = f"; {' and '.join(left)} not counted" if left else ""
    return f"from {agent} agent check{'' if agent == 1 else 's'}{not_counted}"


def heeded_definition() -> str:
    return ("heeded = an agent's gate warnings (its edit hook or MCP) - overrides (denied edit made anyway) "
            "- repeats (failed approach tried again); a person's own `ken precheck` runs are not counted")
