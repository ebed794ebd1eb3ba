"""Every argument of every tool is held to the JSON type its input schema declares, the same way
for each kind (boolean, integer, string, array, enum): a value of another type is refused in one
line naming the argument, the type it takes and what was sent, and nothing is coerced
(``"yes"`` is not true, ``"5"`` is not 5). Unit tests at ``kenning.mcp.arguments``, then the
same through the real SDK client over stdio.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp_harness import World, connect

from kenning.mcp.arguments import argument_problem, lists_sent_as_text, type_problem
from kenning.mcp.server import build_server

STRING = {"type": "string", "maxLength": 10}
OPTIONAL = {"anyOf": [STRING, {"type": "null"}], "default": None}
INTEGER = {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
BOOLEAN = {"type": "boolean", "default": False}
ENUM = {"anyOf": [{"enum": ["worked", "failed"], "type": "string"}, {"type": "null"}], "default": None}
PATHS = {"anyOf": [STRING, {"type": "array", "items": STRING}]}


@pytest.mark.parametrize(("schema", "value", "said"), [
    (BOOLEAN, "yes", 'lesson must be a boolean (true or false), not the string "yes"'),
    (BOOLEAN, "true", 'lesson must be a boolean (true or false), not the string "true"'),
    (BOOLEAN, 1, "lesson must be a boolean (true or false), not the integer 1"),
    (BOOLEAN, None, "lesson must be a boolean (true or false), not null"),
    (INTEGER, "5", 'lesson must be an integer, not the string "5"'),
    (INTEGER, True, "lesson must be an integer, not the boolean true"),
    (INTEGER, 5.0, "lesson must be an integer, not the number 5.0"),
    (INTEGER, [5], "lesson must be an integer, not an array"),
    (STRING, 5, "lesson must be a string, not the integer 5"),
    (STRING, False, "lesson must be a string, not the boolean false"),
    (STRING, {"a": 1}, "lesson must be a string, not an object"),
    (OPTIONAL, 5, "lesson must be a string, not the integer 5"),
    (ENUM, "Failed", 'lesson must be one of worked, failed, not the string "Failed"'),
    (ENUM, 1, "lesson must be one of worked, failed, not the integer 1"),
    (PATHS, 5, "lesson must be a string or an array of strings, not the integer 5"),
    (PATHS, ["a.py", 5], "lesson[1] must be a string, not the integer 5"),
])
def test_a_value_of_another_type_is_refused_naming_argument_type_and_value(schema: dict[str, Any], value: Any,
                                                                          said: str) -> None:
    assert type_problem("lesson", value, schema) == said


@pytest.mark.parametrize(("schema", "value"), [
    (BOOLEAN, True), (BOOLEAN, False), (INTEGER, 5), (INTEGER, 10**12), (STRING, "x"), (STRING, ""),
    (OPTIONAL, None), (OPTIONAL, "x"), (ENUM, "failed"), (ENUM, None), (PATHS, "a.py"), (PATHS, ["a.py"]),
    (PATHS, []),
])
def test_a_value_of_the_declared_type_passes_bounds_are_left_to_pydantic(schema: dict[str, Any], value: Any) -> None:
    assert type_problem("x", value, schema) is None


def test_what_is_shown_of_a_refused_string_is_short_and_one_line() -> None:
    said = type_problem("limit", "5\n" + "x" * 10_000 + "\ud800", INTEGER)
    assert said is not None and said.startswith('limit must be an integer, not the string "5\\nxxx')
    assert said.endswith("…")
    assert len(said) < 100 and "\n" not in said


def declared() -> dict[str, dict[str, Any]]:
    """Each tool's input schema as the server checks arguments against it."""
    return build_server(Path("/nonexistent"))._schemas  # type: ignore[attr-defined,no-any-return]


def wrong_kind(schema: dict[str, Any]) -> list[Any]:
    """Values that JSON types otherwise than ``schema`` declares, ones lax parsing would coerce first."""
    kinds = {option.get("type") for option in schema.get("anyOf") or [schema]}
    values: list[Any] = []
    if "string" not in kinds:
        values += ["5", "true", "yes"]
    if "integer" not in kinds:
        values += [5, 1]
    if "boolean" not in kinds:
        values += [True]
    if "array" not in kinds:
        values += [["x"]]
    values += [1.5, {"a": 1}]
    return values


def test_every_argument_of_every_tool_refuses_every_other_type_by_name() -> None:
    schemas = declared()
    assert len(schemas) >= 19
    checked = 0
    for tool, schema in schemas.items():
        assert schema["type"] == "object"
        for name, parameter in schema["properties"].items():
            for value in wrong_kind(parameter):
                said = argument_problem(tool, {name: value}, schema)
                assert said is not None and said.startswith(f"{name} must be "), (tool, name, value, said)
                assert ", not " in said and "\n" not in said, said
                checked += 1
    assert checked > 100


def test_the_lists_sent_as_text_courtesy_follows_the_schema() -> None:
    schemas = declared()
    sent = {"paths": '["a.py"]', "project": '["alpha"]'}
    assert lists_sent_as_text(sent, schemas["get_context"]) == {"paths": ["a.py"], "project": '["alpha"]'}
    assert lists_sent_as_text({"file_path": '["a.py"]'}, schemas["precheck_file"]) == {"file_path": ["a.py"]}
    assert lists_sent_as_text({"summary": '["a"]'}, schemas["add_note"]) == {"summary": '["a"]'}


# -- through the real SDK client over stdio ---------------------------------------------------

pytestmark = pytest.mark.anyio


def log(repo: Path) -> bytes:
    return (repo / ".kenning" / "events.jsonl").read_bytes()


async def test_each_kind_of_argument_is_held_to_its_type_through_the_client(world: World, alpha: Path) -> None:
    iid = world.ok(alpha, "issue", "Login fails", "--at", "src/app.py").stdout.split()[0].lstrip("#")
    before = log(alpha)
    refusals = [  # (tool, arguments, the line)
        ("add_note", {"summary": "x", "lesson": "yes"},
         'lesson must be a boolean (true or false), not the string "yes"'),
        ("add_decision", {"summary": "x", "lesson": 1}, "lesson must be a boolean (true or false), not the integer 1"),
        ("search_events", {"query": "login", "limit": "5"}, 'limit must be an integer, not the string "5"'),
        ("get_context", {"tokens": 2000.0}, "tokens must be an integer, not the number 2000.0"),
        ("get_summary", {"project": 5}, "project must be a string, not the integer 5"),
        ("log_issue", {"summary": True}, "summary must be a string, not the boolean true"),
        ("get_context", {"paths": "src/app.py"}, 'paths must be an array of strings, not the string "src/app.py"'),
        ("get_context", {"paths": ["src/app.py", 7]}, "paths[1] must be a string, not the integer 7"),
        ("precheck_file", {"file_path": 5}, "file_path must be a string or an array of strings, not the integer 5"),
        ("record_attempt", {"summary": "x", "outcome": "Failed", "issue_id": iid},
         'outcome must be one of worked, failed, partial, not the string "Failed"'),
        ("search_events", {"type": "issues"},
         'type must be one of issue, attempt, fix, decision, note, snooze, not the string "issues"'),
    ]
    async with connect(world, alpha) as mcp:
        for tool, arguments, line in refusals:
            said = await mcp.refused(tool, **arguments)
            assert said == f"invalid arguments for {tool}: {line}; nothing was done", said
        assert log(alpha) == before
        # the same arguments typed as declared are served
        assert json.loads((await mcp.ok("add_note", summary="x", lesson=True)).blocks[2])["lesson"] is True
        assert len((await mcp.ok("search_events", query="login", limit=5)).json_lines()) == 1
        assert (await mcp.ok("get_summary", project="alpha")).head.startswith("project: alpha")
        assert (await mcp.ok("get_context", paths=["src/app.py"])).body
        assert (await mcp.ok("record_attempt", summary="y", outcome="failed", issue_id=iid)).body
        # an optional argument sent as null is left out, as the full schema allows
        assert (await mcp.ok("get_summary", project=None)).head.startswith("project: alpha")
