"""Events derived from git history: a deterministic projection of commits (DESIGN section 9).

A revert becomes a failed attempt naming the reverted change, a fix commit a fix, a refactor
or breaking change a decision, a feature a note; every other commit is skipped. The event id
comes from the commit sha and every field from the commit itself, so every clone derives the
same events from the same history, and a rewritten history rewrites them.
"""

from __future__ import annotations

import re

from kenning.core.events import SCHEMA_VERSION, format_timestamp
from kenning.core.gate import derived_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_PATHS = 50
PATCH_CHARS = 2000

_REVERT_SUBJECT = re.compile(r'^Revert "(?P<subject>.*)"\s*$')
_REVERTS_SHA = re.compile(r"This reverts commit (?P<sha>[0-9a-f]{7,64})")
_CONVENTIONAL = re.compile(r"^(?P<type>[a-zA-Z]+)(?:\([^)]*\))?(?P<bang>!)?:\s*(?P<rest>.+)$")
_FIX_WORD = re.compile(r"^(fix|fixes|fixed|bugfix|hotfix)\b", re.IGNORECASE)


def classify(subject: str, body: str) -> str | None:
    """The event type a commit message maps to, or None for commits that are skipped."""
    if _REVERT_SUBJECT.match(subject) or _REVERTS_SHA.search(body):
        return "attempt"
    conventional = _CONVENTIONAL.match(subject)
    kind = conventional.group("type").lower() if conventional else ""
    if (conventional and conventional.group("bang")) or "BREAKING CHANGE" in body:
        return "decision"
    if kind in ("fix", "bugfix", "hotfix") or (not conventional and _FIX_WORD.match(subject)):
        return "fix"
    if kind in ("refactor", "perf"):
        return "decision"
    if kind in ("feat", "feature"):
        return "note"
    return None


def reverted_sha(body: str) -> str | None:
    found = _REVERTS_SHA.search(body)
    return found.group("sha") if found else None


def derive(sha: str, time_s: int, email: str, subject: str, body: str, paths: list[str],
           patch: str | None = None) -> dict[str, Any] | None:
    """The event a commit derives, as a dict ready to redact and index; None when skipped."""
    kind = classify(subject, body)
    if kind is None:
        return None
    title = subject.strip() or "(no subject)"
    event: dict[str, Any] = {
        "v": SCHEMA_VERSION, "id": derived_id(sha), "type": kind, "source": "git",
        "timestamp": format_timestamp(time_s * 1_000_000), "commit": sha, "git_commit": sha,
        "actor": f"git:{email}" if email else "git",
        "commit_message": (title + ("\n\n" + body if body else ""))[:2000],
    }
    touched = sorted(dict.fromkeys(paths))[:MAX_PATHS]
    if touched:
        event["location"] = touched[0]
        event["paths"] = touched
    if kind == "attempt":
        event["outcome"] = "failed"
        original = _REVERT_SUBJECT.match(title)
        name = original.group("subject") if original else title
        target = reverted_sha(body)
        event["summary"] = f'Reverted "{name}"' + (f" ({target[:10]})" if target else "")
        event["details"] = _revert_details(name, target, patch)
    else:
        event["summary"] = title
        if body:
            event["details"] = body[:PATCH_CHARS]
    event["summary"] = event["summary"][:2000]
    return event


def _revert_details(name: str, target: str | None, patch: str | None) -> str:
    lines = [f"git revert of {target or 'an earlier commit'}: {name}"]
    if patch:
        lines += ["", "The revert's diff, which undoes the change (excerpt):", patch[:PATCH_CHARS]]
    return "\n".join(lines)
