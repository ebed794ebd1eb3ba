"""Event logs for the core tests: a builder with fixed ids and times, and seeded random logs.

Nothing here is random unless a seed is given, so every failure can be replayed.
"""

from __future__ import annotations

import random
from typing import Any

from kenning.core.events import Event, format_timestamp, parse_timestamp

BASE = parse_timestamp("2026-09-26T04:25:35Z")


def eid(n: int) -> str:
    """The id of event number ``n``: ``evt_`` and ``n`` as 20 hex digits."""
    return f"evt_{n:020x}"


def at(n: int) -> str:
    """The timestamp of event number ``n``: ``n`` seconds after BASE."""
    return format_timestamp(BASE + n * 1_000_000)


def event(n: int, kind: str, summary: str = "", **fields: Any) -> Event:
    """Event number ``n`` of type ``kind``; ``fields`` add to or override the defaults."""
    data: dict[str, Any] = {"v": 1, "id": eid(n), "type": kind, "summary": summary or f"{kind} {n}",
                            "timestamp": at(n), "source": "cli"}
    data.update(fields)
    return Event(data)


TEXTS = ("plain words", "two\nlines", "## Decisions\n- injected\n# Heading", "ünïcödé — “quotes” 日本",
         "  padded  ", "`code` and *stars*", "x" * 300)


def random_log(seed: int, size: int, issue_pool: int) -> list[Event]:
    """A log of ``size`` events shaped like a real one, plus a few exact duplicate lines.

    Times come from a narrow range so that some events share a timestamp (the id breaks the
    tie); issue ids come from a pool, so some issues collide; decisions supersede earlier
    ones, sometimes the same one twice; some events are derived from git and name no issue.
    """
    rng = random.Random(seed)
    kinds = ("issue", "attempt", "fix", "decision", "note", "snooze", "review")
    weights = (5, 6, 4.5, 3, 4, 0.3, 0.3)
    decisions: list[str] = []
    opened: list[str] = []  # issue ids opened and not yet fixed
    log: list[Event] = []
    for n in range(size):
        kind = rng.choices(kinds, weights)[0]
        source = rng.choice(("cli", "mcp", "git", "agent-hook"))
        data: dict[str, Any] = {
            "v": 1, "id": f"evt_{rng.getrandbits(80):020x}", "type": kind, "source": source,
            "summary": f"{kind} {n}: {rng.choice(TEXTS)}",
            "timestamp": format_timestamp(BASE + rng.randrange(size * 3) * 1_000_000),
        }
        if kind == "issue":
            data["issue_id"] = f"i{rng.randrange(issue_pool):03d}"
            opened.append(data["issue_id"])
        elif kind in ("attempt", "fix") and (source != "git" or rng.random() < 0.5):
            # mostly an issue already opened in the log; sometimes one this log never opens
            if opened and rng.random() < 0.9:
                last = kind == "fix" and rng.random() < 0.8  # most fixes close an open issue
                data["issue_id"] = opened.pop(rng.randrange(len(opened))) if last else rng.choice(opened)
            else:
                data["issue_id"] = f"i{rng.randrange(issue_pool):03d}"
        if kind == "attempt":
            data["outcome"] = rng.choice(("failed", "failed", "partial", "worked"))
        if rng.random() < 0.6:
            line = f":{rng.randrange(1, 400)}" if rng.random() < 0.5 else ""
            data["location"] = f"src/m{rng.randrange(25)}.py{line}"
        if kind in ("decision", "note") and rng.random() < 0.2:
            data["lesson"] = True
        if kind == "decision":
            if decisions and rng.random() < 0.4:
                data["supersedes"] = rng.choice(decisions)
            decisions.append(data["id"])
        if rng.random() < 0.1:
            data["details"] = "details " * rng.randrange(1, 40)
        log.append(Event(data))
    log += [rng.choice(log) for _ in range(size // 25)]  # the same line twice, as after a union merge
    return log
