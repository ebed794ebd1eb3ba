"""Sections under a character budget: the cutting rule every bounded projection shares.

Sections come in priority order. Each gets a share of what is left when its turn comes, so a
share a section does not use flows on to the sections after it. A section that had to stop
early ends with a count and the command that shows the rest; one where not even its heading
and count fit is left out whole (the caller says so if it matters).
"""

from __future__ import annotations

from kenning.core.text import one_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable


class Section:
    """A titled list of entries (each entry is its lines), ``total`` long, in priority order."""

    def __init__(self, title: str, share: float, entries: Iterable[list[str]], total: int, more: str,
                 heading: str = "##", counted: bool = True) -> None:
        self.title, self.share, self.entries, self.total, self.more = title, share, entries, total, more
        self.heading = heading
        self.counted = counted  # False: the entries are lines of one text, not things to count
        self.shown = 0


def fit(make: Callable[[], list[Section]], room: int, trailer_room: int) -> tuple[list[Section], str]:
    """The sections ``make`` builds, within ``room`` characters; when some had to be left out
    whole, cut again leaving ``trailer_room`` for a last line that names them."""
    sections = make()
    body = render_sections(sections, max(0, room))
    if not left_out(sections, body):
        return sections, body
    sections = make()
    body = render_sections(sections, max(0, room - trailer_room))
    dropped = left_out(sections, body)
    if dropped:
        names = "; ".join(f"{s.title} ({s.total}): `{s.more}`" for s in dropped)
        body += one_line("Left out for the budget: " + names, max(1, room - len(body) - 1)) + "\n"
    return sections, body


def left_out(sections: list[Section], body: str) -> list[Section]:
    """Sections with something to show that the budget left out whole."""
    return [s for s in sections if s.total and not s.shown and f"{s.heading} {s.title}" not in body]


def render_sections(sections: list[Section], budget: int | None) -> str:
    """The sections' Markdown within ``budget`` characters (None: everything)."""
    out = ""
    remaining = budget
    for index, section in enumerate(sections):
        if remaining is None:
            out += render_section(section, None)
            continue
        shares = sum(s.share for s in sections[index:])
        allowance = int(remaining * section.share / shares) if shares else remaining
        text = render_section(section, allowance)
        out += text
        remaining -= len(text)
    return out


def render_section(section: Section, allowance: int | None) -> str:
    if section.total == 0:
        return ""
    count = f" ({section.total})" if section.counted else ""
    title = f"{section.heading} {section.title}{count}\n"
    text = title
    shown = 0
    for entry in section.entries:
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
    if shown < section.total:
        text += more_line(section.total - shown, section.more)
    return text + "\n"


def more_line(count: int, command: str) -> str:
    return f"- … {count} more: `{command}`\n"
