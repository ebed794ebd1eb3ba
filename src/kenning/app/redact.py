"""Redaction of a whole event with the project's rules, before anything is written: the write
path (``app.record``), imports and derived git events (``app.capture.derive``) alike; and the same
redaction on any text, as a filter (``ken redact``).

Every string of the event is scrubbed, in whatever field it arrives (``core.secrets.event_scrub`` walks
the value, not a list of names): actor, location, paths, ids another tool kept, and fields
kenning does not know, nested or not."""

from __future__ import annotations

import json
from functools import lru_cache

from kenning.core.errors import InvalidInput
from kenning.core.secrets import event_scrub, redaction

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

    from kenning.app.project import Project


def redact_event(project: Project, draft: dict[str, Any]) -> tuple[str, ...]:
    """Scrub every string of ``draft`` in place, at every depth; return the kinds found."""
    scrubbed, kinds = event_scrub.scrub(draft, _scrubber(_rules(project)))
    draft.clear()
    draft.update(scrubbed)
    return kinds


_SHORT = 200  # characters: paths, actors, ids; what recurs from one event to the next


def _scrubber(rules: redaction.Rules) -> Callable[[str], redaction.Redaction]:
    """``redact`` with ``rules``, remembering short texts: a capture or an import meets the same
    files and authors in event after event (a fixed cost of ~50 µs each time otherwise)."""
    if rules not in _SCRUBBERS:
        remembered = lru_cache(maxsize=4096)(lambda text: redaction.redact(text, rules))
        _SCRUBBERS[rules] = lambda text: remembered(text) if len(text) <= _SHORT else redaction.redact(text, rules)
    return _SCRUBBERS[rules]


_SCRUBBERS: dict[redaction.Rules, Callable[[str], redaction.Redaction]] = {}


def redact_with(project: Project, text: str) -> redaction.Redaction:
    """``text`` scrubbed with the project's rules (its extra patterns and allowlist)."""
    return redaction.redact(text, _rules(project))


def redact_text(text: str, cwd: Path) -> redaction.Redaction:
    """Exactly the redaction a write applies, with the project's extra patterns when there is
    an initialized project here, and the built-in rules otherwise. A project whose config cannot
    be read or holds a bad value stops the filter with that one line (``BadConfig``): falling
    back to the built-in rules would drop the patterns its team wrote for their own secrets."""
    from kenning import git
    from kenning.app.project import find_project

    if git.find_root(cwd) is not None:
        project = find_project(cwd)
        if project.initialized:
            return redact_with(project, text)
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
