"""What a tool of ``ken mcp`` is sent, checked before the tool sees it: every argument against
the type its input schema declares, then the text the log may keep.

Part of the ``ken mcp`` surface. The schema is the one pydantic derives from the tool's
signature (``kenning.mcp.tools``), so the type a client is shown and the type it is held to are
one declaration. A value is taken as JSON typed it or refused: ``"yes"`` is not a boolean and
``"5"`` not an integer (pydantic's lax mode would take both), and the refusal names the
argument, the type it takes and what was sent. Bounds (lengths, ranges, item counts) are still
pydantic's, checked after these.
"""

from __future__ import annotations

import json
import re
from typing import Any

from kenning.mcp.tools import CONTROL
from kenning.mcp.wire import SURROGATE

_LINE_BREAK = re.compile("[\n\r\u2028\u2029]")
_MULTILINE = frozenset({"details"})  # error output and evidence span lines; everything else is one line
_MAY_BE_EMPTY = frozenset({"query"})  # an empty query lists the newest events
SHOWN = 40  # characters of a refused string shown back: enough to recognise it, never a flood


def argument_problem(tool: str, arguments: dict[str, Any], schema: dict[str, Any]) -> str | None:
    """Why these arguments must be refused before any is used, or None.

    An unknown name (a misspelt optional argument would otherwise vanish), a value of another
    JSON type than its schema declares (``type_problem``), and text the log must not keep: a
    lone surrogate (not Unicode, it cannot be written as UTF-8), a control character (it can
    steer a terminal or hide part of a line), a line break outside ``details`` (a summary is one
    line, and ``"\\n# heading"`` would forge structure in Markdown), an empty value (is
    ``issue_id=""`` the open issue or a typo?).
    """
    known: dict[str, Any] = schema.get("properties", {})
    for name, value in arguments.items():
        if name not in known:
            takes = ", ".join(known) or "no arguments"
            return f"unknown argument {name!r} ({tool} takes {takes})"
        mistyped = type_problem(name, value, known[name])
        if mistyped:
            return mistyped
        items = [(f"{name}[{i}]", v) for i, v in enumerate(value)] if isinstance(value, list) else [(name, value)]
        for label, item in items:
            problem = _text_problem(name, item, name in schema.get("required", ())) if isinstance(item, str) else None
            if problem:
                return f"{label} {problem}"
    return None


def type_problem(label: str, value: Any, schema: dict[str, Any]) -> str | None:
    """Why ``value`` is not of the JSON type ``schema`` declares, naming ``label``, or None.

    The schema's kinds: ``type`` (one of JSON's), ``enum``, ``anyOf`` (a union, such as a path or
    a list of paths, or a value or null for an argument that may be left out) and an array's
    ``items``. An integer is never a boolean, and a number with a fraction never an integer."""
    options = schema.get("anyOf") or [schema]
    for option in options:
        if _json_type(value) in _types(option):
            if "enum" in option and value not in option["enum"]:
                return f"{label} must be one of {', '.join(map(str, option['enum']))}, not {_given(value)}"
            if isinstance(value, list) and "items" in option:
                return next(filter(None, (type_problem(f"{label}[{i}]", item, option["items"])
                                          for i, item in enumerate(value))), None)
            return None
    return f"{label} must be {' or '.join(filter(None, map(_expected, options)))}, not {_given(value)}"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):  # before int: Python's True is an int, JSON's true is not
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _types(option: dict[str, Any]) -> set[str]:
    declared = option.get("type")
    types = {declared} if isinstance(declared, str) else set(declared or ())
    if not types and "enum" in option:
        types = {_json_type(choice) for choice in option["enum"]}
    return types | ({"integer"} if "number" in types else set())


def _expected(option: dict[str, Any]) -> str:
    """How a type reads in a refusal; null is how a client leaves an argument out, not named."""
    if "enum" in option:
        return f"one of {', '.join(map(str, option['enum']))}"
    words = {"string": "a string", "integer": "an integer", "number": "a number", "boolean":
             "a boolean (true or false)", "object": "an object", "null": ""}
    kinds = sorted(_types(option))
    if kinds == ["array"]:
        inner = _types(option.get("items", {}))
        return f"an array of {next(iter(inner))}s" if len(inner) == 1 else "an array"
    return " or ".join(filter(None, (words.get(kind, kind) for kind in kinds)))


def _given(value: Any) -> str:
    """What was sent, in a few characters (escaped: a refusal is one line of plain text)."""
    kind = _json_type(value)
    if kind == "string":
        shown = json.dumps(value[:SHOWN]) + ("…" if len(value) > SHOWN else "")
        return f"the string {shown}"
    if kind in ("integer", "number", "boolean"):
        return f"the {kind} {json.dumps(value)[:SHOWN]}"
    return "null" if kind == "null" else f"an {kind}"


def _text_problem(name: str, text: str, required: bool) -> str | None:
    if SURROGATE.search(text):
        return "is not valid Unicode (it holds a lone surrogate such as \\ud800); send UTF-8 text"
    control = CONTROL.search(text)
    if control:
        return f"holds the control character {ascii(control.group())[1:-1]}; send plain text"
    if name not in _MULTILINE and _LINE_BREAK.search(text):
        return "holds a line break; it is one line" + (" (put the rest in details)" if name == "summary" else "")
    if not text.strip() and name not in _MAY_BE_EMPTY:
        return "is empty; give a value" + ("" if required else " or leave it out")
    return None


def lists_sent_as_text(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """``paths='["a.py", "b.py"]'`` as the list it spells, for an argument whose schema takes an
    array (Claude Desktop sends lists so). The one courtesy of its kind: nothing else is decoded."""
    decoded = dict(arguments)
    known: dict[str, Any] = schema.get("properties", {})
    for name, value in arguments.items():
        declared = known.get(name, {})
        takes_list = any("array" in _types(option) for option in declared.get("anyOf") or [declared])
        if takes_list and isinstance(value, str) and value.lstrip().startswith("["):
            try:
                listed = json.loads(value)
            except (ValueError, RecursionError):  # not a list after all: the text is the value
                continue
            if isinstance(listed, list):
                decoded[name] = listed
    return decoded
