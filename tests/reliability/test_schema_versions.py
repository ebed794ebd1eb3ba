"""Schema versions: every reader upcasts an older line through the same named steps, and none
reads a newer one as if it were current.

A version 2 is planted (``planted_v2``: ``SCHEMA_VERSION`` raised, one step ``upcast_v1_v2``
added, whose work can be seen on the event): a v1 line then reaches every reader path (the log
read, with either decoder; the index's read, which the gate uses; ``ken validate``'s checker;
``ken import`` of kenning's own format) as a v2 event. Before, the index's read skipped the
upgrade of any line carrying ``v``: a v1 line would have been read, silently, as a v2 one.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from kenning.app.memory import whole_log_decoder
from kenning.app.project import Project
from kenning.app.recall import open_memory
from kenning.core import events, schema
from kenning.core.events import NewerSchema, canonical_json, parse_indexed, parse_line, upcast
from kenning.core.importers import from_jsonl
from kenning.core.schema import check_log, problems
from kenning.store.cache_views import event_of
from machine import KEN, isolate_this_process, run_git, write_file

T = "2026-01-01T00:00:00.000000Z"
V1 = {"v": 1, "id": "evt_00000000000000000001", "type": "note", "summary": "written by ken with schema v1",
      "timestamp": T, "source": "cli"}
V0 = {"id": "evt_00000000000000000002", "kind": "decision", "summary": "written before schema v1",
      "timestamp": T, "source": "cli"}


def upcast_v1_v2(data: dict[str, Any]) -> None:
    """The planted version 2's one change: it marks what brought the event up."""
    data["planted"] = data.get("planted", "") + "v1->v2"


@pytest.fixture
def planted_v2(monkeypatch: pytest.MonkeyPatch) -> None:
    """This kenning as it would be with a schema v2: the version raised wherever it is read, and
    the step from v1 added to the others."""
    for module in (events, schema):
        monkeypatch.setattr(module, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(events, "UPCASTS", {**events.UPCASTS, 1: upcast_v1_v2})


def readers() -> dict[str, Any]:
    """Every way a line of the log becomes an event's data."""
    fast = whole_log_decoder()
    return {
        "the log, json.loads": lambda line: parse_line(line).as_dict(),
        "the log, msgspec": lambda line: parse_line(line, fast).as_dict(),
        "the index (the gate, every view)": lambda line: parse_indexed(line).as_dict(),
        "the index's pages": lambda line: event_of(line).as_dict(),
        "ken import --from jsonl": lambda line: from_jsonl(json.loads(line)),
    }


def test_there_is_one_named_step_for_each_version_below_the_current_one() -> None:
    assert sorted(events.UPCASTS) == list(range(events.SCHEMA_VERSION))
    assert all(step.__name__ == f"upcast_v{n}_v{n + 1}" for n, step in events.UPCASTS.items())


@pytest.mark.usefixtures("planted_v2")
@pytest.mark.parametrize("reader", readers())
def test_with_a_v2_every_reader_upcasts_a_v1_line(reader: str) -> None:
    read = readers()[reader](canonical_json(V1))
    assert read["v"] == 2 and read["planted"] == "v1->v2", f"{reader} read a v1 line as v2 without upcasting it"
    assert {k: read[k] for k in V1 if k != "v"} == {k: v for k, v in V1.items() if k != "v"}


@pytest.mark.usefixtures("planted_v2")
@pytest.mark.parametrize("reader", readers())
def test_with_a_v2_every_reader_takes_a_v0_line_through_each_step_in_turn(reader: str) -> None:
    read = readers()[reader](canonical_json(V0))
    assert read["v"] == 2 and read["type"] == "decision" and "kind" not in read and read["planted"] == "v1->v2"


@pytest.mark.usefixtures("planted_v2")
def test_with_a_v2_ken_validate_finds_nothing_wrong_with_older_lines() -> None:
    lines = [canonical_json(V1).encode(), canonical_json(V0).encode()]
    assert problems(V1) == [] and problems(V0) == []
    assert check_log(lines, unterminated=False) == (2, [])


@pytest.mark.usefixtures("planted_v2")
def test_with_a_v2_an_index_built_from_v1_lines_reads_them_upcast(index_of_v1_lines: Project) -> None:
    """The index keeps each line as the log holds it: a v1 line stays a v1 line in an index that a
    v2 kenning reads (or builds), and the gate's read of it must upcast it."""
    with open_memory(index_of_v1_lines, capture=False) as memory:
        ids = [json.loads(raw)["id"] for raw in memory.cache.all_events()]
        read = memory.events(memory.cache.events_by_id(ids))
    assert len(read) == 2
    assert all(e.get("v") == 2 and e.get("planted") == "v1->v2" for e in read), [e.as_dict() for e in read]


@pytest.mark.parametrize("reader", readers())
def test_a_line_of_a_newer_version_is_refused_by_every_reader(reader: str) -> None:
    newer = {**V1, "v": events.SCHEMA_VERSION + 1}
    with pytest.raises(ValueError, match=r"^written by a newer kenning \(schema v2\)"):
        readers()[reader](canonical_json(newer))


def test_a_newer_line_is_named_newer_whatever_else_it_lacks() -> None:
    """Version 2 may name its fields otherwise: its line is not judged by the v1 rules."""
    newer = {"v": 2, "type": "note", "when": T}
    with pytest.raises(NewerSchema, match=r"^written by a newer kenning \(schema v2\); upgrade ken to read it$"):
        parse_line(json.dumps(newer))
    assert problems(newer) == ["written by a newer kenning (schema v2); this ken checks v1"]


def test_a_negative_version_is_refused_not_read_as_current() -> None:
    line = canonical_json({**V1, "v": -1})
    with pytest.raises(ValueError, match=r"^v -1 is no schema version$"):
        parse_line(line)
    with pytest.raises(ValueError, match=r"^v -1 is no schema version$"):
        parse_indexed(line)
    assert problems({**V1, "v": -1}) == ["v is -1, not 1"]


def test_upcast_changes_a_copy_and_leaves_a_current_event_as_it_is() -> None:
    old = dict(V0)
    assert upcast(old) == {**{k: v for k, v in V0.items() if k != "kind"}, "type": "decision", "v": 1}
    assert old == V0
    assert upcast(V1) is V1


@pytest.fixture
def index_of_v1_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    """A project whose index a v1 kenning built: a note written by ``ken``, a v0 line after it."""
    env = isolate_this_process(monkeypatch, tmp_path)
    root = tmp_path / "repo"
    write_file(root, "src/app.py", "print('hello')\n")
    run_git(["init", "-q"], root, env)
    run_git(["add", "-A"], root, env)
    run_git(["commit", "-q", "-m", "initial"], root, env)
    assert KEN
    for args in (["init", "--no-hooks", "--no-register"], ["note", "written by ken with schema v1"]):
        done = subprocess.run([KEN, *args], cwd=root, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    project = Project(root)
    with project.log_path.open("a", encoding="utf-8") as log:
        log.write(canonical_json(V0) + "\n")
    done = subprocess.run([KEN, "search", "schema", "--json"], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "written before schema v1" in done.stdout, done.stderr
    return project
