"""``ken doctor`` counts the standing memories, the copies among them and the decisions that
stand on the same code, and names each group of contradicting decisions as a problem."""

from __future__ import annotations

from typing import Any

from kenning.app.project import Project
from kenning.app.record import record
from kenning.app.team.doctor import doctor

NOW = "2030-06-30T12:00:00Z"


def write(project: Project, kind: str, summary: str, force: bool = False, **more: Any) -> Any:
    return record(project, {"type": kind, "summary": summary, "source": "cli", **more}, cwd=project.root,
                  now=NOW, force=force).event


def test_two_standing_decisions_on_the_same_lines_are_a_problem_to_mend(project: Project) -> None:
    a = write(project, "decision", "Keep sessions in Postgres", location="src/app.py:2")
    b = write(project, "decision", "Keep sessions in Redis", location="src/app.py:2")
    write(project, "decision", "Name handlers after routes", location="src/app.py")  # the whole file: no clash
    report = doctor(project, now=NOW)
    found = [p for p in report["problems"] if p["kind"] == "contradicting_decisions"]
    assert [p["message"] for p in found] == [f"{a.id} and {b.id} both stand on src/app.py:2; supersede one"]
    assert report["memories"] == {"standing": 3, "duplicated": 0, "contradicting": 2}
    # mended as the message says: the one that no longer holds is superseded, by a decision
    # that does not stand on that code in turn
    write(project, "decision", "Sessions leave Postgres", supersedes=a.id)
    assert doctor(project, now=NOW)["problems"] == []


def test_a_copy_kept_with_force_is_counted_and_named_for_information(project: Project) -> None:
    first = write(project, "note", "The staging secret rotates weekly", location="src/app.py")
    copy = write(project, "note", "the staging secret rotates weekly", location="src/app.py", force=True)
    report = doctor(project, now=NOW)
    assert report["memories"] == {"standing": 2, "duplicated": 1, "contradicting": 0}
    assert report["problems"] == []
    info = [i for i in report["information"] if i["kind"] == "duplicated_memories"]
    assert info and f"{copy.id} repeats {first.id}" in info[0]["message"]
