"""One rule for "a path inside the repository", and every place that meets a path held to it.

The reader, the writer's check, ``ken validate``'s checker, the JSON Schema's pattern, the
importers, the code map's resolver and the write path's ``canonical_path`` each judged paths
their own way (``src/../../x`` read but refused when typed, ``C:/x`` refused by one importer
alone). Hostile paths, generated, now get one verdict and one normal form from all of them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kenning.app.paths import canonical_path
from kenning.core.codemap.resolve import _normal
from kenning.core.errors import InvalidInput
from kenning.core.events import Event, parse_line, serialize, validate_draft
from kenning.core.importers import clean_path, from_jsonl
from kenning.core.paths import MAX_PATH, is_normal, path_refusal, plain, repo_path
from kenning.core.schema import PATH, event_schema, problems

T = "2026-01-01T00:00:00.000000Z"
SEGMENTS = ["a", "src", "b.py", "..", ".", "", "...", "C:", "c:", "x:y", "é", "日本", "\u202e", "a b", "a\tb",
            "a\x00", "\x7f", "a\x1b[31m", "\ud800", "~", ".gitignore", "-rf", "$HOME", "*", "\u2028", "a:12"]
PREFIXES = ["", "/", "//", "./", "../", "C:/", "c:\\", "C:", "\\\\server\\share\\", "\\", "~/"]


def examples(*paths: str) -> Any:
    """Hypothesis's ``example`` for each of ``paths``: the cases the issue named, always run."""
    def decorate(test: Any) -> Any:
        for path in reversed(paths):
            test = example(path)(test)
        return test
    return decorate


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A path as a hand edit, another tool or an attacker could give it: climbing, absolute,
    on a drive, with backslashes, control characters, any Unicode, or very long."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        parts = draw(st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=7))
        seps = draw(st.lists(st.sampled_from(["/", "\\"]), min_size=len(parts), max_size=len(parts)))
        return draw(st.sampled_from(PREFIXES)) + "".join(p + s for p, s in zip(parts, seps, strict=True))[:-1]
    if kind == 1:
        return draw(st.text(st.sampled_from("ab./\\:C\x00\n\t é"), min_size=0, max_size=12))
    if kind == 2:
        return draw(st.text(max_size=20))
    depth = draw(st.integers(MAX_PATH // 2 - 3, MAX_PATH // 2 + 3))
    return "a/" * depth + draw(st.sampled_from(["x", "../..", "..", "../x"]))


def _reads(**fields: Any) -> bool:
    line = serialize(Event({"v": 1, "id": "evt_" + "0" * 20, "type": "note", "summary": "s", "timestamp": T,
                            "source": "cli", **fields}))
    try:
        parse_line(line)
    except ValueError:
        return False
    return True


def _writes(**fields: Any) -> bool:
    try:
        validate_draft({"type": "note", "summary": "s", "source": "cli", **fields})
    except InvalidInput:
        return False
    return True


def _valid(**fields: Any) -> bool:
    return problems({"v": 1, "id": "evt_" + "0" * 20, "type": "note", "summary": "s", "timestamp": T,
                     "source": "cli", **fields}) == []


@settings(max_examples=600, deadline=None, derandomize=True)
@given(hostile())
@examples("src/../../x", "C:/x", "C:\\x", "src/../x", "a\\..\\..\\x")
def test_the_reader_the_writer_and_ken_validate_give_one_verdict(path: str) -> None:
    kept = repo_path(path) is not None
    assert (path_refusal(path) is None) == kept
    for key, value in (("location", path), ("paths", [path]), ("touched", ["ok.py", path])):
        assert _reads(**{key: value}) == kept, (key, path)
        assert _writes(**{key: value}) == kept, (key, path)
        assert _valid(**{key: value}) == kept, (key, path)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(hostile())
@examples("src/../../x", "C:/x", "./src//a.py", "src\\win\\a.py")
def test_the_importers_and_the_resolver_keep_the_same_normal_form(path: str) -> None:
    normal = repo_path(path)
    if path == path.strip().strip("\"'"):  # an importer first drops the quotes a tool left around it
        assert clean_path(path) == normal
    resolved = _normal(path)  # what an import statement naming ``path`` from the root resolves to
    if normal is not None:
        assert resolved == normal
    else:  # refused, but for the root itself, which is a folder names are joined to there
        assert resolved is None or (resolved == "" and re.search("empty|root itself", str(path_refusal(path))))
    event = {"v": 1, "id": "evt_" + "0" * 20, "type": "note", "summary": "s", "timestamp": T, "source": "cli",
             "location": path}
    if normal is None:
        with pytest.raises(ValueError, match="is not a path inside the repository"):
            from_jsonl(event)
    else:
        assert from_jsonl(event)["location"] == normal


@settings(max_examples=300, deadline=None, derandomize=True)
@given(hostile())
@examples("src/../../x", "C:/x", "C:\\x", "src/../x", "a\tb", "x" * 1025)
def test_a_typed_path_gets_the_verdict_and_the_form_a_logged_one_gets(tmp_path_factory: pytest.TempPathFactory,
                                                                      path: str) -> None:
    if path != path.strip() or path.startswith("~") or re.match(r"\.git(?:[/\\]|$)", repo_path(path) or ""):
        return  # trimmed, a home folder, git's own folder: the typed form's own matters
    root = _repository(tmp_path_factory)
    try:
        typed: str | None = canonical_path(root, path, root)
    except InvalidInput as err:
        assert "\n" not in str(err)
        typed = None
    assert typed == repo_path(path)


_ROOT: list[Path] = []


def _repository(factory: pytest.TempPathFactory) -> Path:
    if not _ROOT:
        _ROOT.append(factory.mktemp("repo").resolve())
        (_ROOT[0] / "src").mkdir()
    return _ROOT[0]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(hostile())
def test_the_schema_pattern_refuses_nothing_the_rule_keeps(path: str) -> None:
    """A pattern cannot count ``..`` against the segments before it: it states part of the rule
    (and every path it refuses the rule refuses), the checker the rest."""
    validator = jsonschema.Draft202012Validator(event_schema())
    event = {"v": 1, "id": "evt_" + "0" * 20, "type": "note", "summary": "s", "timestamp": T, "source": "cli"}
    schema_keeps = not list(validator.iter_errors({**event, "location": path}))
    if repo_path(path) is not None:
        assert schema_keeps, path
    if not schema_keeps:
        assert repo_path(path) is None


@pytest.mark.parametrize("path", ["/etc/passwd", "C:/x", "C:\\x", "c:", "\\\\srv\\share\\x", "..", "../a",
                                  "a\x00b", "a\tb", "x" * (MAX_PATH + 1)])
def test_the_schema_pattern_refuses_what_a_pattern_can_say(path: str) -> None:
    assert repo_path(path) is None
    assert re.search(PATH, path) is None or len(path) > MAX_PATH


@pytest.mark.parametrize(("path", "normal"), [
    ("src/a.py", "src/a.py"), ("./src//a.py", "src/a.py"), ("src/../lib/a.py", "lib/a.py"), ("src/", "src"),
    ("src\\win\\a.py", "src/win/a.py"), ("src/a.py:12", "src/a.py:12"), ("C:12", "C:12"), ("...", "..."),
    ("日本/é.py", "日本/é.py"), ("x" * MAX_PATH, "x" * MAX_PATH),
])
def test_the_normal_form(path: str, normal: str) -> None:
    assert repo_path(path) == normal


@pytest.mark.parametrize(("path", "why"), [
    ("src/../../x", "it climbs above the repository root with .."),
    ("..", "it climbs above the repository root with .."),
    ("/etc/passwd", "it is absolute; give it relative to the repository root"),
    ("\\\\srv\\x", "it is absolute; give it relative to the repository root"),
    ("C:/x", "it names a Windows drive; give it relative to the repository root"),
    ("C:\\x", "it names a Windows drive; give it relative to the repository root"),
    ("src/..", "it names the repository root itself, not a file in it"),
    ("", "it is empty"),
    ("a\x1bb", "it holds a control character or invalid UTF-8, which no file name has"),
    ("x" * (MAX_PATH + 1), f"it is {MAX_PATH + 1:,} characters long (at most {MAX_PATH:,})"),
])
def test_a_refusal_says_why_in_one_line(path: str, why: str) -> None:
    assert repo_path(path) is None
    shown = repr(path if len(path) <= 80 else path[:79] + "…")
    assert path_refusal(path) == f"{shown} is not a path inside the repository: {why}"


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.lists(hostile() | st.sampled_from(["src/a.py", "b", "a/b/c.py"]), max_size=6))
def test_many_paths_pass_at_once_only_when_each_is_already_in_its_normal_form(paths: list[str]) -> None:
    """The reader checks an event's hundreds of paths joined; that shortcut passes exactly the
    lists whose every path is kept as it is, and sends the rest to the rule one by one."""
    assert plain(paths) == all(repo_path(path) == path for path in paths)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(hostile() | st.sampled_from(["src/a.py", ".github/ci.yml", "a/.b", "C:12", "...", "a..b/c"]))
def test_a_path_in_its_normal_form_is_known_in_one_match(path: str) -> None:
    assert is_normal(path) == (repo_path(path) == path)
