"""Sections under a character budget: the cutting rule every bounded projection shares.

Sections come in priority order. Each gets a share of what is left when its turn comes, so a
share a section does not use flows on to the sections after it. With ``refill`` (the summary),
what is still unused once every section has had its turn goes back to the sections that had to
stop early, in priority order: a section is cut only when the budget is spent, never while part
of it lies unused. A section that had to stop early ends with a count and the command that
shows the rest; one where not even its heading and count fit is left out whole (the caller
says so if it matters).
"""

from __future__ import annotations

from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator


class Section:
    """A titled list of entries (each entry is its lines), ``total`` long, in priority order."""

    def __init__(self, title: str, share: float, entries: Iterable[list[str]], total: int, more: str,
                 heading: str = "##", counted: bool = True) -> None:
        self.title, self.share, self.total, self.more = title, share, total, more
        self._source = iter(entries)
        self._taken: list[list[str]] = []  # entries built so far: a refill renders the section again
        self.heading = heading
        self.counted = counted  # False: the entries are lines of one text, not things to count
        self.shown = 0
        self.rendered = False

    def title_line(self) -> str:
        count = f" ({self.total})" if self.counted else ""
        return f"{self.heading} {self.title}{count}\n"

    def entries(self) -> Iterator[list[str]]:
        """The entries in order, each built once however often the section is rendered; built
        lazily, so a long list costs only what is shown."""
        yield from self._taken
        for entry in self._source:
            self._taken.append(entry)
            yield entry

    def smallest(self) -> int:
        """Room for the heading and its "more" line: what a section needs to say it exists."""
        return len(self.title_line()) + len(more_line(self.total, self.more)) + 1 if self.total else 0


def fit(make: Callable[[], list[Section]], room: int) -> tuple[list[Section], str]:
    """The sections ``make`` builds, within ``room`` characters. When some had to be left out
    whole, they are cut again with room kept for a last line that names them."""
    kept = 0
    for _ in range(4):  # the named set can only grow as the room shrinks: this settles fast
        sections = make()
        body = render_sections(sections, max(0, room - kept))
        line = left_out_line(left_out(sections))
        if len(line) <= kept:
            return sections, body + line
        kept = len(line)
    return sections, body + one_line(line.rstrip("\n"), max(1, room - len(body) - 1)) + "\n"


def left_out(sections: list[Section]) -> list[Section]:
    """Sections with something to show that the budget left out whole."""
    return [s for s in sections if s.total and not s.rendered]


def left_out_line(sections: list[Section]) -> str:
    if not sections:
        return ""
    return "Left out for the budget: " + ", ".join(f"{s.title} ({s.total})" for s in sections) + ".\n"


def render_sections(sections: list[Section], budget: int | None, refill: bool = False) -> str:
    """The sections' Markdown within ``budget`` characters (None: everything). ``refill``: room
    left over at the end goes back to the sections cut short, the first first."""
    if budget is None:
        return "".join(render_section(section, None) for section in sections)
    texts: list[str] = []
    remaining = budget
    for index, section in enumerate(sections):
        shares = sum(s.share for s in sections[index:])
        allowance = int(remaining * section.share / shares) if shares else remaining
        # a section's heading and count come before anything of the sections after it
        allowance = max(allowance, min(remaining, section.smallest()))
        text = render_section(section, allowance)
        if section.total and not section.rendered:
            break  # no room for even its heading: every section after it is left out too
        texts.append(text)
        remaining -= len(text)
    if refill:
        for index, section in enumerate(sections[:len(texts)]):
            spare = budget - sum(len(text) for text in texts)
            if spare <= 0:
                break
            if section.shown < section.total:
                texts[index] = render_section(section, len(texts[index]) + spare)
    return "".join(texts)


def render_section(section: Section, allowance: int | None) -> str:
    if section.total == 0:
        return ""
    title = section.title_line()
    text = title
    shown = 0
    for entry in section.entries():
        block = "".join(line + "\n" for line in entry)
        left = section.total - shown - 1
        reserve = len(more_line(left, section.more)) if left > 0 else 0
        if allowance is not None and len(text) + len(block) + reserve + 1 > allowance:
            break
        text += block
        shown += 1
    section.shown = shown
    if shown == 0 and allowance is not None and (
            len(title) + len(more_line(section.total, section.more)) + 1 > allowance):
        return ""  # not even the heading and its count fit: the section is left out
    section.rendered = True
    if shown < section.total:
        text += more_line(section.total - shown, section.more)
    return text + "\n"


def more_line(count: int, command: str) -> str:
    return f"- … {count} more: `{command}`\n"
