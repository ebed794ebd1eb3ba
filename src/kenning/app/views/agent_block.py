"""``ken export``: compile standing decisions, failed approaches and lessons into a marked block
in ``CLAUDE.md`` (and ``AGENTS.md``, and Cursor's ``.cursor/rules/kenning.mdc``), for agents
that read instructions but call no tools.

Only the text between the export markers is ever replaced (a new Cursor rule also gets its front
matter); an unchanged block leaves the file untouched; damaged markers are an error before
anything is written.
"""

from __future__ import annotations

from itertools import islice
from pathlib import Path

from kenning.app.project import Project, now_micros
from kenning.app.recall import open_memory
from kenning.app.views.context import SHOWN, check_tokens, code_words
from kenning.core.errors import InvalidInput
from kenning.core.views import agent_block as block_rules
from kenning.store import files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TARGETS = {"claude": "CLAUDE.md", "agents": "AGENTS.md", "cursor": ".cursor/rules/kenning.mdc"}


def export(project: Project, targets: list[str], tokens: int = block_rules.DEFAULT_TOKENS,
           write: bool = True) -> list[dict[str, Any]]:
    """Write the block into each target file; report per file whether it changed (``write``
    False: nothing is written, and ``changed`` says whether it would be). Each entry's ``text``
    is the file's whole text after the export."""
    if not targets:
        raise InvalidInput("choose where to export: --claude-md, --agents-md and/or --cursor (or --stdout)")
    check_tokens(tokens)
    block = block_rules.render(compile_memory(project), tokens * 4)
    planned: dict[Path, tuple[str, str | None, str]] = {}
    for target in targets:  # every file is checked before any is written
        name = TARGETS[target]
        path = Path(files.inside(project.root, project.root / name))  # AGENTS.md is often a link to CLAUDE.md
        if path in planned:
            continue
        current = _read(path, name)
        if current is None and target == "cursor":
            current = block_rules.CURSOR_FRONT_MATTER
        try:
            planned[path] = (name, current, block_rules.splice(current, _newlines(block, current)))
        except ValueError as err:
            raise InvalidInput(f"{name}: {err}; fix or remove them, then export again") from err
    report = []
    for path, (name, current, wanted) in planned.items():
        changed = wanted != current and (not write or files.write_atomic(path, wanted, within=project.root))
        report.append({"file": name, "changed": bool(changed), "block_chars": len(block), "text": wanted})
    return report


def block(project: Project, tokens: int = block_rules.DEFAULT_TOKENS) -> str:
    """The block alone, as ``export`` would write it (``ken export --stdout``)."""
    check_tokens(tokens)
    return block_rules.render(compile_memory(project), tokens * 4)


def _read(path: Path, name: str) -> str | None:
    try:
        return files.read_exact(path)
    except UnicodeDecodeError as err:
        raise InvalidInput(f"{name} is not UTF-8 text (byte {err.start}); kenning will not rewrite it") from err
    except IsADirectoryError as err:
        raise InvalidInput(f"{name} is a directory; remove it or export to the other file") from err


def _newlines(block: str, current: str | None) -> str:
    """The block in the file's own line endings (a CRLF file stays CRLF)."""
    return block.replace("\n", "\r\n") if current and "\r\n" in current else block


def compile_memory(project: Project) -> block_rules.Compiled:
    with open_memory(project) as memory:
        state = memory.state
        compiled = block_rules.Compiled()
        compiled.decisions = list(islice(state.standing_decisions(), SHOWN))
        compiled.decision_total = state.decisions.size()
        total, rows = memory.cache.recent_failures(SHOWN)
        compiled.failures = [state.item(e) for e in memory.events(rows)]
        compiled.failure_total = total
        compiled.lessons = list(islice(state.lesson_items(), SHOWN))
        # what cites code says where it stands; within the budget, verified first, gone last
        said = code_words(memory, now_micros(), [*compiled.decisions, *compiled.failures, *compiled.lessons],
                          order=True)
        if said is not None:
            compiled.decisions, compiled.failures = said(compiled.decisions), said(compiled.failures)
            compiled.lessons = said(compiled.lessons)
        return compiled
