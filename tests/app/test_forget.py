"""``ken forget`` in-process (``app.forget``): a forgetting note leaves the event out of every view
and the gate, ``show`` says by which note and why, and refused forgettings write nothing."""

from __future__ import annotations

import json

import pytest

from kenning.app.forget import forget
from kenning.app.gate.precheck import precheck
from kenning.app.project import Project
from kenning.app.record import record
from kenning.app.team.log_export import export_log
from kenning.app.views import context as context_app
from kenning.app.views import read
from kenning.app.views import summary as summary_app
from kenning.app.views.visualize import page_data
from kenning.core.errors import InvalidInput

NOW = "2030-06-30T12:00:00Z"
LATER = "2030-06-30T13:00:00Z"
WRONG = "Retried the charge with a fresh key"


def failed_three_times(project: Project) -> list[str]:
    """An issue on src/app.py with three failed attempts there: the gate blocks the file."""
    record(project, {"type": "issue", "summary": "Charges are duplicated", "location": "src/app.py"},
           cwd=project.root, now=NOW)
    return [record(project, {"type": "attempt", "outcome": "failed", "summary": f"{WRONG} {n}",
                             "location": "src/app.py"}, cwd=project.root, now=NOW).event.id for n in range(3)]


def everything_shown(project: Project) -> str:
    """What a user can read of memory: summary (full and budgeted), brief, context, search,
    export (both forms) and the page's data."""
    return "\n\n=====\n".join([
        summary_app.summary(project), summary_app.summary(project, full=True),
        json.dumps(context_app.brief(project, now=LATER).__dict__, default=str),
        context_app.context(project, paths=["src/app.py"], cwd=project.root, now=LATER).text,
        json.dumps(read.search(project, "retried")), json.dumps(read.search(project, "")),
        export_log(project, "jsonl").text, export_log(project, "markdown").text,
        json.dumps(page_data(project, now=LATER), default=str)])


def test_a_forgotten_attempt_leaves_every_view_and_the_gate(project: Project) -> None:
    ids = failed_three_times(project)
    judged = precheck(project, ["src/app.py"], cwd=project.root, now=LATER, surface=None)
    assert judged.report.files[0].severity == "block"
    assert ids[0] in everything_shown(project)

    done = forget(project, ids[0][:10], "the test failed for an unrelated reason", now=LATER)

    assert done["forgotten"] == {"id": ids[0], "type": "attempt", "summary": f"{WRONG} 0"}
    assert done["event"]["forgets"] == ids[0] and done["event"]["type"] == "note"
    shown = everything_shown(project)
    for part in shown.split("\n\n=====\n"):  # only the forgetting note names it
        rest = part.replace(f"forgot attempt {ids[0]}", "").replace(f'"forgets": "{ids[0]}"', "")
        rest = rest.replace(f'"forgets":"{ids[0]}"', "")
        assert ids[0] not in rest, rest[max(0, rest.find(ids[0]) - 300):rest.find(ids[0]) + 60]
    assert f"{WRONG} 0" not in shown and f"{WRONG} 1" in shown
    verdict = precheck(project, ["src/app.py"], cwd=project.root, now=LATER, surface=None).report.files[0]
    assert verdict.severity != "block"  # two failed attempts left: a warning, no longer a block
    assert ids[0] in project.log_path.read_text(encoding="utf-8")  # the log keeps the line


def test_show_says_which_note_forgot_it_and_why(project: Project) -> None:
    ids = failed_three_times(project)
    note = forget(project, ids[1], "wrong file", now=LATER)["event"]["id"]
    with pytest.raises(InvalidInput) as err:
        read.show(project, ids[1])
    assert str(err.value) == (f"{ids[1]} was forgotten by {note} on 2030-06-30 (forgot attempt {ids[1]}: wrong file);"
                              " the log keeps its line, memory leaves it out")
    assert read.show(project, note)["event"]["forgets"] == ids[1]


@pytest.mark.parametrize("case", ["unknown", "no id", "again", "the note", "empty reason"])
def test_a_refused_forgetting_writes_nothing(project: Project, case: str) -> None:
    ids = failed_three_times(project)
    note = forget(project, ids[0], now=LATER)["event"]["id"]
    before = project.log_path.read_bytes()
    ref, reason, said = {
        "unknown": ("evt_ffffffffffffffffffff", None, "no event matches"),
        "no id": ("evt_", None, "no event matches"),
        "again": (ids[0], "twice", f"{ids[0]} was forgotten by {note}"),
        "the note": (note, None, "is a forgetting note"),
        "empty reason": (ids[1], "  ", "--reason is empty"),
    }[case]
    with pytest.raises(InvalidInput) as err:
        forget(project, ref, reason, now=LATER)
    assert said in str(err.value)
    assert "\n" not in str(err.value)
    assert project.log_path.read_bytes() == before


def test_a_prefix_shared_by_two_events_is_ambiguous(project: Project) -> None:
    with project.log_path.open("a", encoding="utf-8") as log:
        for n in (1, 2):
            log.write(json.dumps({"v": 1, "id": f"evt_abc{n:017x}", "type": "note", "source": "cli",
                                  "summary": f"note {n}", "timestamp": f"2030-06-29T00:00:0{n}.000000Z"}) + "\n")
    before = project.log_path.read_bytes()
    with pytest.raises(InvalidInput, match="matches several events"):
        forget(project, "evt_abc", now=LATER)
    assert project.log_path.read_bytes() == before


def test_the_same_captured_attempt_met_again_stays_forgotten(project: Project) -> None:
    captured = "evt_" + "c" * 20
    fields = {"type": "attempt", "outcome": "failed", "summary": "captured from an agent session: x",
              "location": "src/app.py", "source": "agent-hook", "captured": "claude:s1"}
    record(project, fields, cwd=project.root, now=NOW, event_id=captured)
    forget(project, captured, now=LATER)
    from kenning.app.record import AlreadyRecorded

    with pytest.raises(AlreadyRecorded, match="forgotten"):
        record(project, {**fields, "captured": "claude:s2"}, cwd=project.root, now=LATER, event_id=captured)
    # a teammate's copy of the line, merged in after the note: still forgotten
    line = next(raw for raw in project.log_path.read_text(encoding="utf-8").splitlines() if captured in raw
                and '"forgets"' not in raw)
    with project.log_path.open("a", encoding="utf-8") as log:
        log.write(line + "\n")
    assert "captured from an agent session" not in summary_app.summary(project)
    assert precheck(project, ["src/app.py"], cwd=project.root, now=LATER, surface=None).report.files[0].warnings == []
