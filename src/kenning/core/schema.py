"""The event format as rules: the JSON Schema of schema v1, and the same rules as a checker.

Both are built from one vocabulary, ``core.events`` (types, outcomes, sources, fields, which
type needs or may carry which field), so the schema shipped in ``docs/event.schema.json`` and
``src/kenning/schema/event.schema.json``, the checker behind ``ken validate`` and the writers
cannot drift apart: a test compares the committed files with ``schema_text()`` and runs the
checker and a JSON Schema validator over the same events.

The checker says more than the schema can: a timestamp that matches the pattern but names no
real day (``2026-02-30``), and it words each problem for a person. It never raises.
"""

from __future__ import annotations

import json
import re

from kenning.core.events import (
    COMMIT,
    EVENT_ID,
    FIELDS,
    ISSUE_ID,
    ISSUE_REQUIRED_ON,
    KINDS,
    ONLY_ON,
    REQUIRED,
    REQUIRED_ON,
    SCHEMA_VERSION,
    TIMESTAMP,
    TYPES,
    NewerSchema,
    parse_timestamp,
    upcast,
)
from kenning.core.paths import MAX_PATH, path_refusal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SCHEMA_ID = "https://kenning.invalid/schema/event-v1.json"
# inside the repository (``core.paths``): what a pattern can say of it, not absolute, no drive, not
# starting with .., no control character; the checker applies the whole rule (a .. further in
# may climb out: src/../../x), which counting segments takes and a pattern cannot
PATH = r"^(?![/\\])(?![A-Za-z]:(?:[/\\]|$))(?!\.\.(?:[/\\]|$))[^\x00-\x1f\x7f]+$"

# each field's closed format, read from ``FIELDS`` (a path field's is the path rule)
PATTERNS: dict[str, str] = {name: PATH if field.path else str(field.pattern) for name, field in FIELDS.items()
                            if field.kind == "string" and (field.path or field.pattern)}
ITEM_PATTERNS: dict[str, str] = {name: PATH if field.path else str(field.items) for name, field in FIELDS.items()
                                 if field.kind == "array" and (field.path or field.items)}
ENUMS = {name: field.choices for name, field in FIELDS.items() if field.choices}
_SAYS = {EVENT_ID: "evt_ and 20 lowercase hex digits", ISSUE_ID: "4 to 12 lowercase letters and digits",
         TIMESTAMP: "a UTC time like 2026-01-31T12:00:00.000000Z", COMMIT: "a git sha (7 to 64 lowercase hex)",
         PATH: "a path inside the repository (relative, not climbing out with ..)"}
_PATH_FIELDS = {name for name, field in FIELDS.items() if field.path}
# ken validate names a list as a list: it says which item is not text on its own
_JSON_TYPES = {kind: "a list" if kind == "array" else words for kind, (_, words) in KINDS.items()}


# the shape of a citation (``core.citations``); its fields beyond these round-trip like an event's
_LINE = {"type": "integer", "minimum": 1}
CITATION = {"properties": {"path": {"type": "string", "pattern": PATH}, "start": _LINE, "end": _LINE,
                           "commit": {"type": "string", "pattern": COMMIT}, "dirty": {"type": "boolean"},
                           "lines": {"type": "array", "items": {"type": "string", "pattern": "^[0-9a-f]{8}$"}},
                           "symbol": {"type": "string"}, "text": {"type": "string"}, "cut": {"type": "boolean"}},
            "required": ["path", "start", "end", "lines"]}


# -- the JSON Schema ---------------------------------------------------------------------------

def event_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one line of the log, schema v1."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"kenning event (schema v{SCHEMA_VERSION})",
        "description": ("One line of .kenning/events.jsonl, serialized canonically: sorted keys, no spaces, "
                        "UTF-8. Fields not named here are allowed and must be kept by readers; see "
                        "docs/format.md for the rules a schema cannot state."),
        "type": "object",
        "required": list(REQUIRED),
        "properties": {name: _property(name) for name in FIELDS},
        "allOf": _conditions(),
        "additionalProperties": True,
    }


def _property(name: str) -> dict[str, Any]:
    field = FIELDS[name]
    prop: dict[str, Any] = {"type": field.kind}
    if name == "v":
        prop = {"type": "integer", "const": SCHEMA_VERSION}
    if name in ENUMS:
        prop["enum"] = list(ENUMS[name])
    if name in PATTERNS:
        prop["pattern"] = PATTERNS[name]
    if name in ITEM_PATTERNS:
        prop["items"] = {"type": "string", "pattern": ITEM_PATTERNS[name]}
    if name in _PATH_FIELDS:
        prop.get("items", prop)["maxLength"] = MAX_PATH
        prop["$comment"] = ("inside the repository once . and .. are resolved (src/../../x climbs out, src/../x is x); "
                            "backslashes are separators; the pattern states what a pattern can, ken validate the rest")
    if name == "citation":
        prop.update(CITATION)
    if name == "summary":  # not blank
        prop.update(minLength=1, maxLength=field.longest, pattern=r"\S")
    elif field.longest:
        prop["maxLength"] = field.longest
    prop["description"] = field.says
    return prop


def _conditions() -> list[dict[str, Any]]:
    def when_type(*kinds: str) -> dict[str, Any]:
        return {"properties": {"type": {"enum": list(kinds)}}, "required": ["type"]}

    found = [{"if": when_type(kind), "then": {"required": list(fields)}} for kind, fields in REQUIRED_ON.items()]
    found.append({"if": {"properties": {"type": {"enum": list(ISSUE_REQUIRED_ON)},
                                        "source": {"not": {"const": "git"}}}, "required": ["type", "source"],
                         "not": {"required": ["captured"]}},
                  "then": {"required": ["issue_id"]}})
    found += [{"if": {"required": [field]}, "then": when_type(*kinds)} for field, kinds in ONLY_ON.items()]
    return found


def schema_text() -> str:
    """The schema as committed: two-space indents, one trailing newline."""
    return json.dumps(event_schema(), indent=2, ensure_ascii=False) + "\n"


# -- the same rules, checked -------------------------------------------------------------------

def problems(data: object) -> list[str]:
    """Every way ``data`` (a decoded line) breaks schema v1, in words; empty when it is a valid
    event. Older versions are upgraded first, as every reader does."""
    if not isinstance(data, dict):
        return ["not a JSON object"]
    try:
        data = upcast(data)
    except NewerSchema as err:
        return [f"written by a newer kenning (schema v{err.version}); this ken checks v{SCHEMA_VERSION}"]
    except ValueError:
        pass  # a negative version: named below as the field's problem
    found = [f"missing {name}" for name in REQUIRED if name not in data]
    for name, value in data.items():
        if name in FIELDS:
            found += _field_problems(name, value)
    return found + _type_rules(data)


def _field_problems(name: str, value: object) -> list[str]:
    kind = FIELDS[name].kind
    if value is None:
        return [f"{name} is null (leave the field out instead)"]
    if type(value) is not KINDS[kind][0]:
        return [f"{name} is not {_JSON_TYPES[kind]}"]
    if name == "v" and value != SCHEMA_VERSION:
        return [f"v is {value}, not {SCHEMA_VERSION}"]
    if name in _PATH_FIELDS:
        return _path_problems(name, value)
    if name in ENUMS and value not in ENUMS[name]:
        return [f"{name} {_shown(value)} is not one of {', '.join(ENUMS[name])}"]
    if name in PATTERNS and not re.search(PATTERNS[name], str(value)):
        return [f"{name} {_shown(value)} is not {_SAYS[PATTERNS[name]]}"]
    if FIELDS[name].pattern == TIMESTAMP:
        return _calendar(name, str(value))
    if isinstance(value, list):
        return _item_problems(name, value)
    return _text_problems(name, value)


def _item_problems(name: str, items: list[Any]) -> list[str]:
    pattern = ITEM_PATTERNS.get(name)
    for item in items:
        if not isinstance(item, str):
            return [f"{name} holds {_shown(item)}, which is not text"]
        if pattern and not re.search(pattern, item):
            return [f"{name} holds {_shown(item)}, which is not {_SAYS[pattern]}"]
    return []


def _path_problems(name: str, value: object) -> list[str]:
    """The whole rule of ``core.paths``, which the pattern only begins to state."""
    for item in value if isinstance(value, list) else [value]:
        if not isinstance(item, str):
            return [f"{name} holds {_shown(item)}, which is not text"]
        why = path_refusal(item)
        if why is not None:
            return [f"{name}: {why}"]
    return []


def _text_problems(name: str, value: object) -> list[str]:
    if not isinstance(value, str):
        return []
    if name == "summary" and not value.strip():
        return ["summary is empty"]
    longest = FIELDS[name].longest
    if longest is not None and len(value) > longest:
        return [f"{name} is {len(value):,} characters (at most {longest:,})"]
    return []


def _calendar(name: str, text: str) -> list[str]:
    """A time the pattern accepts may still name no real moment (a 30th of February)."""
    try:
        parse_timestamp(text)
    except ValueError:
        return [f"{name} {_shown(text)} is not a real date and time"]
    return []


def _type_rules(data: dict[str, Any]) -> list[str]:
    kind = data.get("type")
    found = [f"{_a(kind)} needs {field}" for field in REQUIRED_ON.get(str(kind), ()) if field not in data]
    if kind in ISSUE_REQUIRED_ON and data.get("source") != "git" and "issue_id" not in data and "captured" not in data:
        found.append(f"{_a(kind)} needs issue_id (only one derived from git or captured from a session may name "
                     "no issue)")
    for field, kinds in ONLY_ON.items():
        if field in data and kind in TYPES and kind not in kinds:
            found.append(f"only {' or '.join(_a(k) for k in kinds)} may carry {field}, not {_a(kind)}")
    return found


def _a(kind: object) -> str:
    word = str(kind)
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"


# -- a whole log -------------------------------------------------------------------------------

def check_log(lines: list[bytes], unterminated: bool) -> tuple[int, list[tuple[int, str]]]:
    """(events without a problem, problems as (line number, words), by line) for the lines of a log, without
    their newlines; ``unterminated``: the last one had none. Beyond each line's own problems: an
    id on two lines (what a bad merge leaves), a supersession of something that is no decision,
    and a last line cut off. Blank lines are no events and no damage (a hand edit, a merge)."""
    found: list[tuple[int, str]] = []
    first_line: dict[str, int] = {}
    kinds: dict[str, object] = {}
    retiring: list[tuple[int, str]] = []
    filled = 0
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        filled += 1
        data, why = decode_line(raw, number == 1)
        if not isinstance(data, dict):
            why = why or "not a JSON object"
            cut = unterminated and number == len(lines)
            found.append((number, f"an incomplete last line, cut off mid-write ({why})" if cut else why))
            continue
        found += [(number, problem) for problem in problems(data)]
        eid = data.get("id")
        if isinstance(eid, str) and eid in first_line:
            found.append((number, f"duplicate id {eid} (first on line {first_line[eid]})"))
        elif isinstance(eid, str):
            first_line[eid], kinds[eid] = number, data.get("type")
        if isinstance(data.get("supersedes"), str):
            retiring.append((number, data["supersedes"]))
    if unterminated and lines and not any(n == len(lines) for n, _ in found):
        found.append((len(lines), "no newline at the end of the last line (the next write adds it)"))
    for number, target in retiring:
        if target in kinds and kinds[target] != "decision":
            found.append((number, f"supersedes {target}, which is {_a(kinds[target])}, not a decision"))
    found.sort(key=lambda problem: problem[0])
    return filled - len({number for number, _ in found}), found


def decode_line(raw: bytes, first: bool) -> tuple[Any, str | None]:
    """(the JSON value, None), or (None, why it is none) for one line's bytes; the first line of
    a file may start with a byte-order mark some editors add."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return None, f"not UTF-8 text (byte 0x{raw[err.start]:02x} at column {err.start + 1})"
    try:
        return json.loads(text.lstrip("\ufeff") if first else text), None
    except RecursionError:
        return None, "nested too deeply to be an event"
    except ValueError as err:
        return None, f"not JSON ({str(err).split(':')[0]})"
