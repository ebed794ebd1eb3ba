"""``.kenning/plan.md``: the plan, read as it stands or with an idea appended to its Ideas.

The plan is intent, edited in place by people and agents; it is never an event. An idea is
redacted like every write before it is added.
"""

from __future__ import annotations

from kenning.app.redact import redact_with
from kenning.core.errors import InvalidInput
from kenning.store import files
from kenning.store.log import file_lock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kenning.app.project import Project


def read(project: Project) -> str:
    project.require_initialized()
    return files.read_text(project.plan_path) or ""


IDEAS = "## Ideas"
MAX_IDEA = 2000  # characters: an idea is one line, as long as an event's summary may be


def add_idea(project: Project, idea: str) -> tuple[str, tuple[str, ...]]:
    """Append ``idea`` as a bullet at the end of the plan's Ideas section (added when missing);
    returns the idea as written and what was redacted."""
    from kenning.core.text import one_line

    project.require_initialized()
    try:
        idea.encode("utf-8")
    except UnicodeEncodeError as err:  # undecodable argv bytes arrive as lone surrogates
        raise InvalidInput("the idea is not valid UTF-8 text; retype it, or convert it with `iconv -t UTF-8`") from err
    # one line of Markdown: control characters (an escape sequence, a bell) have no place in it
    text = " ".join("".join(c if c.isprintable() else " " for c in idea).split())
    if not text:
        raise InvalidInput("the idea is empty; say what you mean to do: ken plan \"...\"")
    if len(text) > MAX_IDEA:
        raise InvalidInput(f"the idea has {len(text):,} characters, more than {MAX_IDEA:,}; "
                           "write the gist and edit .kenning/plan.md for the rest")
    scrubbed = redact_with(project, text)
    kinds = scrubbed.kinds
    added = one_line(scrubbed.text, MAX_IDEA + 100)
    # read, changed and written back whole: under a lock, or an idea added by another process
    # between the read and the write would be lost
    with file_lock(project.local_dir / "plan.lock", project.number("lock", "timeout_seconds")):
        files.inside(project.root, project.plan_path)  # a link is refused before it is read
        current = files.read_exact(project.plan_path) or ""
        files.write_atomic(project.plan_path, _with_idea(current, "- " + added), within=project.root)
    return added, kinds


def _with_idea(text: str, line: str) -> str:
    """``text`` with ``line`` after the last non-blank line of its Ideas section, in the file's
    own line endings."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    start = next((n for n, row in enumerate(lines) if row.strip().lower() == IDEAS.lower()), None)
    if start is None:
        body = text.rstrip("\r\n")
        return f"{body}{newline}{newline if body else ''}{IDEAS}{newline}{newline}{line}{newline}"
    end = next((n for n in range(start + 1, len(lines)) if lines[n].startswith("#")), len(lines))
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    lines.insert(end, line)
    if end == start + 1:  # the first idea: a blank line after the heading, as Markdown reads best
        lines.insert(end, "")
    return newline.join(lines) + newline
