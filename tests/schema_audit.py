"""Every event the test suite has ``ken`` write is checked against the committed JSON Schema
(``docs/event.schema.json``) with ``jsonschema``, an implementation kenning's own checker
shares nothing with. ``tests/audit_site/sitecustomize.py`` collects the lines; the session
hooks in ``tests/conftest.py`` call ``violations`` at the end and fail the run on any."""

from __future__ import annotations

import json
from pathlib import Path

SCHEMA = Path(__file__).resolve().parents[1] / "docs" / "event.schema.json"
SITE = Path(__file__).resolve().parent / "audit_site"


def violations(lines: list[str]) -> list[str]:
    """``line: problem`` for each line that is not a valid event under the committed schema."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    found = []
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError as err:
            found.append(f"{line[:200]}: not JSON ({err})")
            continue
        found += [f"{line[:200]}: {error.message[:200]}" for error in validator.iter_errors(event)]
    return found


def collected(folder: Path) -> list[str]:
    """The lines the ``ken`` processes appended, as the audit site copied them."""
    lines: list[str] = []
    for path in sorted(folder.glob("*.jsonl")):
        # split on newlines alone: splitlines() would also cut at a U+2028 inside an event's text
        lines += [line for line in path.read_text(encoding="utf-8").split("\n") if line]
    return lines
