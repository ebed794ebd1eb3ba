"""A hook payload is read within limits and its fields checked: one whose fields have other types
than the agents send (``"cwd": 123``), nested or huge, is unreadable, said in one line on stderr,
never judged as something it is not (the folder "123", an empty edit), and the edit it carries is
refused: the gate fails closed for an edit it could not read."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kenning.app.gate import codex_protocol, tool_calls
from kenning.core import foreign

from .conftest import Repo, codex_patch, edit, multi_edit, notebook_edit, patch, session_start, write


@pytest.mark.parametrize(("change", "why"), [
    ({"cwd": 123}, "the payload's cwd is not text"),
    ({"cwd": "src"}, "cwd 'src' is not an absolute path"),
    ({"tool_input": "src/a.py"}, "the payload's tool_input is not an object"),
    ({"tool_input": {"file_path": ["src/a.py"]}}, "the payload's tool_input.file_path is not text"),
    ({"tool_input": {"file_path": "src/a.py", "edits": {"new_string": "x"}}},
     "the payload's tool_input.edits is not a list"),
    ({"tool_input": {"file_path": "src/a.py", "edits": ["x"]}}, "tool_input.edits[0] is not an object"),
    ({"session_id": {"id": 1}}, "the payload's session_id is not text"),
])
def test_a_payload_with_a_field_of_the_wrong_type_is_unreadable_and_said(repo: Repo, change: dict, why: str):
    r = repo.hook("pre-tool-use", {**edit(repo, "src/quiet.py"), **change})  # a file memory says nothing of
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [f"kenning: pre-tool-use hook refused the edit: its payload is unreadable: {why}"]
    answer = json.loads(r.stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny" and why in answer["permissionDecisionReason"]
    assert repo.checks() == []  # nothing was judged, so nothing is recorded as judged (no "123/a.py")


def test_an_unreadable_edit_is_only_told_when_the_project_chose_advise(repo: Repo):
    repo.set_gate("agent", '"advise"')
    r = repo.hook("pre-tool-use", {**edit(repo, "src/a.py"), "cwd": 123})
    answer = json.loads(r.stdout)["hookSpecificOutput"]
    assert r.returncode == 0 and "permissionDecision" not in answer
    assert "the payload's cwd is not text" in answer["additionalContext"]


def test_a_payload_nested_deeply_or_not_utf8_is_unreadable(repo: Repo):
    deep = json.dumps(edit(repo, "src/a.py"))[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"
    r = repo.hook("pre-tool-use", deep)
    assert r.returncode == 0 and json.loads(r.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert r.stderr.splitlines() == ["kenning: pre-tool-use hook refused the edit: its payload is unreadable: "
                                     "nested more than 64 levels deep"]
    r = repo.ken("hook", "session-start", input=None)  # no payload at all is an empty one: still answered
    assert r.returncode == 0 and "Traceback" not in r.stderr


def test_the_real_shapes_are_read_as_they_are(repo: Repo):
    for payload in (edit(repo, "src/a.py"), write(repo, "src/a.py", "a = 3\n"), multi_edit(repo, "src/a.py", ["x"]),
                    notebook_edit(repo, "n.ipynb", "x"), session_start(repo),
                    codex_patch(repo, patch("*** Update File: src/a.py\n@@\n-a = 1\n+a = 2\n"))):
        assert tool_calls.read_payload(json.dumps(payload).encode()) == payload


# -- every payload: read and judged, or unreadable -------------------------------------------------

def _json() -> st.SearchStrategy[object]:
    return st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                     max_size=3), max_leaves=10)


FIELDS = ["cwd", "session_id", "tool_name", "turn_id", "tool_input", "hook_event_name"]
INPUT_FIELDS = ["file_path", "notebook_path", "path", "new_string", "content", "new_source", "command", "edits"]


@st.composite
def payload_bytes(draw: st.DrawFn) -> bytes:
    base = {"session_id": "s1", "cwd": "/work/repo", "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": "/work/repo/src/a.py", "old_string": "a", "new_string": "b",
                           "edits": [{"old_string": "a", "new_string": "b"}]}}
    kind = draw(st.sampled_from(["typed", "input", "nest", "cut", "bytes", "huge"]))
    if kind == "typed":
        base[draw(st.sampled_from(FIELDS))] = draw(_json())
    elif kind == "input":
        base["tool_input"][draw(st.sampled_from(INPUT_FIELDS))] = draw(_json())  # type: ignore[index]
    text = json.dumps(base).encode()
    if kind == "nest":
        n = draw(st.integers(60, 50_000))
        return text[:-1] + b', "x": ' + b"{\"a\":" * n + b"1" + b"}" * draw(st.sampled_from([0, n])) + b"}"
    at = draw(st.integers(0, len(text)))
    if kind == "cut":
        return text[:at]
    if kind == "bytes":
        return text[:at] + draw(st.binary(min_size=1, max_size=4)) + text[at:]
    if kind == "huge":
        return text[:-1] + b', "pad": "' + b"x" * draw(st.integers(100_000, 1_000_000)) + b'"}'
    return text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload_bytes())
def test_any_payload_is_read_with_its_types_or_unreadable(data: bytes):
    try:
        payload = tool_calls.read_payload(data)
    except foreign.Unreadable as err:
        assert str(err) and "\n" not in str(err)
        return
    cwd = payload.get("cwd")
    assert cwd is None or isinstance(cwd, str)
    for path, text in tool_calls.edits(payload).items():  # what the gate judges: names and texts
        assert isinstance(path, str) and isinstance(text, str)
    codex_protocol.sent_by_codex(payload)


def test_a_payload_past_its_limit_is_unreadable(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(foreign, "PAYLOAD_LIMIT", 1000)
    with pytest.raises(foreign.Unreadable, match="larger than 1000 bytes"):
        tool_calls.read_payload(b'{"pad": "' + b"x" * 1000 + b'"}')
