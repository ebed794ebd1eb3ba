"""``ken export``: compile standing decisions, failed approaches and lessons into a marked block
in ``CLAUDE.md`` (and ``AGENTS.md``), for agents that read instructions but call no tools.

Only the text between the export markers is ever replaced; an unchanged block leaves the file
untouched; damaged markers are an error before anything is written.
"""

from __future__ import annotations

from kenning.app import lessons as lessons_app
from kenning.app.context import SHOWN, check_tokens
from kenning.app.memory import open_memory
from kenning.app.project import Project
from kenning.core import export as export_core
from kenning.core.errors import InvalidInput
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TARGETS = {"claude": "CLAUDE.md", "agents": "AGENTS.md"}


def export(project: Project, targets: list[str], tokens: int = export_core.DEFAULT_TOKENS) -> list[dict[str, Any]]:
    """Write the block into each target file; report per file whether it changed."""
    if not targets:
        raise InvalidInput("choose where to export: --claude-md and/or --agents-md")
    check_tokens(tokens)
    block = export_core.render(compile_memory(project), tokens * 4)
    planned = []
    for target in targets:  # every file is checked before any is written
        path = project.root / TARGETS[target]
        current = files.read_text(path)
        try:
            planned.append((path, current, export_core.splice(current, block)))
        except ValueError as err:
            raise InvalidInput(f"{path.name}: {err}; fix or remove them, then export again") from err
    report = []
    for path, current, wanted in planned:
        changed = wanted != current and files.write_atomic(path, wanted)
        report.append({"file": path.name, "changed": bool(changed), "block_chars": len(block)})
    return report


def compile_memory(project: Project) -> export_core.Compiled:
    memory = open_memory(project)
    try:
        state = memory.state
        compiled = export_core.Compiled(lessons_app.project_name(project))
        for item in state.standing_decisions():
            if len(compiled.decisions) >= SHOWN:
                break
            compiled.decisions.append(item)
        compiled.decision_total = state.decisions.size()
        total, rows = memory.cache.recent_failures(SHOWN)
        compiled.failures = [state.item(e) for e in memory.events(rows)]
        compiled.failure_total = total
        compiled.lessons = lessons_app.stack_lessons(project, limit=SHOWN)
        compiled.lessons += lessons_app.own_lessons(memory, {x["id"] for x in compiled.lessons}, SHOWN)
        memory.flush_warnings()
        return compiled
    finally:
        memory.close()
