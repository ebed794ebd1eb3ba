"""Secrets planted in every field of every event type, and the places they must never reach.

The fields are read from the JSON Schema that ships in the package
(``src/kenning/schema/event.schema.json``), so a field added to the format is planted by every
test that uses this module without anyone listing it. The secrets are fake (``FakeSecrets``),
token-shaped values that the built-in rules recognise wherever they stand alone.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from core.fake_secrets import FakeSecrets
from kenning.core.events import ONLY_ON, TYPES
from kenning.core.schema import PATH

_fake = FakeSecrets(27_06)
GITHUB = "ghp_" + _fake.alnum_mixed(36)
ANTHROPIC = "sk-ant-api03-" + _fake.urlsafe_trimmed(93) + "AA"
SECRETS = (GITHUB, ANTHROPIC)

SCHEMA: dict[str, Any] = json.loads(resources.files("kenning").joinpath("schema/event.schema.json").read_text())
FIELDS: dict[str, dict[str, Any]] = SCHEMA["properties"]
# a field kenning does not know, a secret nested in it, and one as the name of a field
UNKNOWN = "x_tool_meta"


def holds_text(name: str) -> bool:
    """True when the schema lets ``name`` carry free text (a secret can be written there and
    must come out redacted, the event kept): a string with no enum and no whole-value pattern
    (an id, a sha, a time), or a path, or a list of those."""
    prop = FIELDS[name]
    if prop["type"] == "array":
        prop = prop.get("items", {})
    pattern = prop.get("pattern", "")
    closed = "enum" in prop or (pattern.startswith("^") and pattern.endswith("$") and pattern != PATH)
    return prop.get("type") == "string" and not closed


TEXT_FIELDS = tuple(name for name in FIELDS if holds_text(name))


def event_id(n: int) -> str:
    return f"evt_{n:020x}"


def base_event(kind: str, n: int) -> dict[str, Any]:
    """A valid event of type ``kind`` with every field its type requires."""
    event: dict[str, Any] = {"v": 1, "id": event_id(n), "type": kind, "summary": f"planted {kind} {n}",
                             "timestamp": f"2026-01-01T00:00:{n % 60:02d}.{n:06d}Z", "source": "cli"}
    if kind in ("issue", "attempt", "fix"):
        event["issue_id"] = "k7q2"
    if kind == "attempt":
        event["outcome"] = "failed"
    if kind == "snooze":
        event.update(until="2026-02-01T00:00:00.000000Z", paths=["src/app.py"], reason="later")
    return event


def plant(name: str, secret: str = GITHUB) -> Any:
    """The secret in the shape of field ``name``: text, a list of text, or text where the schema
    wants something else (a boolean, a number)."""
    return [secret] if FIELDS[name]["type"] == "array" else secret


def planted_events(start: int = 1) -> list[tuple[str, str, dict[str, Any]]]:
    """(type, field, event) for every type and every field of the schema, the secret in that
    field, and one more per type with it deep inside a field kenning does not know and as the
    name of one."""
    out = []
    n = start
    for kind in TYPES:
        for name in FIELDS:
            if name in ONLY_ON and kind not in ONLY_ON[name] and holds_text(name):
                continue  # text this type may not carry at all: refused whole, secret or not
            out.append((kind, name, {**base_event(kind, n), name: plant(name)}))
            n += 1
        nested = {"tool": {"runs": [{"env": {"TOKEN": GITHUB}}, ANTHROPIC]}, GITHUB: "named by a secret"}
        out.append((kind, UNKNOWN, {**base_event(kind, n), UNKNOWN: nested, ANTHROPIC: 1}))
        n += 1
    return out


def leaks(*places: Path, text: str = "") -> list[str]:
    """Every file under ``places`` (the log, the index, summary.md, …) and ``text`` (what a
    command printed) that holds one of the secrets, named."""
    found = []
    for place in places:
        files = [place] if place.is_file() else sorted(p for p in place.rglob("*")
                                                       if p.is_file() and not p.is_symlink())
        for path in files:
            data = path.read_bytes()
            found += [f"{path} holds {s[:8]}…" for s in SECRETS if s.encode() in data]
    found += [f"the output holds {s[:8]}…" for s in SECRETS if s in text]
    return found
