"""Citations written: what a memory keeps of the lines it cites (``--at PATH:LINE`` or
``PATH:START-END``), read from the work tree as the write sees it. Reading them back, later, is
``app.citations``'."""

from __future__ import annotations

from kenning import git
from kenning.core import citations as rules
from kenning.core.errors import InvalidInput
from kenning.git import objects as git_objects
from kenning.store import codemap as sources

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from kenning.app.project import Project


def cite(project: Project, path: str, start: int, end: int) -> tuple[dict[str, Any] | None, str | None]:
    """(the citation of lines ``start``-``end`` of ``path`` as the work tree has them, or None,
    with a notice saying why none was kept: the file is missing, binary or shorter)."""
    if end - start + 1 > rules.MAX_CITED_LINES:
        raise InvalidInput(f"{path}:{start}-{end} cites {end - start + 1:,} lines (at most "
                           f"{rules.MAX_CITED_LINES}); cite the lines the memory is about")
    text = sources.read_source(project.root, path)
    if text is None:
        return None, None  # a file not written yet, or not text: the location alone is kept, as before
    lines = text.splitlines()
    if end > len(lines):
        return None, f"{path} has {len(lines)} lines: kept the location, but no citation of lines {start}-{end}"
    cited = lines[start - 1:end]
    kept, cut = rules.bounded_text(cited)
    citation: dict[str, Any] = {"path": path, "start": start, "end": end, "lines": rules.fingerprint(cited),
                                "text": kept}
    if cut:
        citation["cut"] = True
    commit = project.head_commit()
    if commit:
        citation["commit"] = commit
    if not commit or _dirty(project, commit, path, text):
        citation["dirty"] = True
    from kenning.core.codemap.symbols import enclosing_symbol

    symbol = enclosing_symbol(path, lines, start, end)
    if symbol:
        citation["symbol"] = symbol
    return citation, None


def _dirty(project: Project, commit: str, path: str, text: str) -> bool:
    try:
        committed = git_objects.object_ids(project.root, [f"{commit}:{path}"]).get(f"{commit}:{path}")
    except git.GitError:
        return True
    return committed != rules.blob_id(text.encode("utf-8"), committed)
