"""Redaction of an event's text fields with the project's rules, before anything is written:
the write path (``app.record``), imports and derived git events (``app.capture``) alike; and the
same redaction on any text, as a filter (``ken redact``)."""

from __future__ import annotations

import json

from kenning.core import redaction
from kenning.core.errors import InvalidInput
from kenning.core.events import TEXT_FIELDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from kenning.app.project import Project


def redact_fields(project: Project, draft: dict[str, Any]) -> tuple[str, ...]:
    """Scrub every text field in place (before the lock); return the kinds that were found."""
    rules = _rules(project)
    kinds: set[str] = set()
    for name in TEXT_FIELDS:
        value = draft.get(name)
        if isinstance(value, str) and value:
            result = redaction.redact(value, rules)
            draft[name] = result.text
            kinds.update(result.kinds)
    return tuple(sorted(kinds))


def redact_text(text: str, cwd: Path) -> redaction.Redaction:
    """Exactly the redaction a write applies, with the project's extra patterns when there is
    an initialized project here, and the built-in rules otherwise."""
    from kenning import git
    from kenning.app.project import find_project
    from kenning.core.errors import KenError

    if git.find_root(cwd) is not None:
        try:
            project = find_project(cwd)
            if project.initialized:
                draft = {"summary": text}
                kinds = redact_fields(project, draft)
                return redaction.Redaction(draft["summary"], kinds)
        except KenError:
            pass  # a broken project config must not stop the filter: fall back to the defaults
    return redaction.redact(text)


_RULES_CACHE: dict[str, redaction.Rules] = {}


def _rules(project: Project) -> redaction.Rules:
    patterns = project.setting("redaction", "patterns") or {}
    allowlist = project.setting("redaction", "allowlist") or []
    if not isinstance(patterns, dict) or not isinstance(allowlist, list):
        raise InvalidInput("[redaction] in config.toml: patterns must be a table, allowlist a list")
    cache_key = json.dumps([patterns, allowlist], sort_keys=True)
    if cache_key not in _RULES_CACHE:
        try:
            _RULES_CACHE[cache_key] = redaction.compile_rules(
                {str(k): str(v) for k, v in patterns.items()}, [str(a) for a in allowlist])
        except ValueError as err:
            raise InvalidInput(f"[redaction] in config.toml: {err}") from err
    return _RULES_CACHE[cache_key]
