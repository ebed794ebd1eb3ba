"""Durations as people type and read them: ``30m``, ``2h``, ``7d``, ``6mo``. One parser and one
printer, so a unit means the same in every option and in every line kenning prints.

The units: ``s`` seconds, ``m`` minutes, ``h`` hours, ``d`` days, ``w`` weeks, ``mo`` months
and ``y`` years. ``m`` is minutes everywhere; months are spelled ``mo``. A month is 30 days and a
year 365: fixed lengths, not calendar ones, so the printer never uses them and says days
instead (``parse("1mo")`` prints back as ``30d``). Pure: no clock, no I/O.
"""

from __future__ import annotations

from kenning.core.text import plural

DAY = 86400
UNITS = {"s": 1, "m": 60, "h": 3600, "d": DAY, "w": 7 * DAY, "mo": 30 * DAY, "y": 365 * DAY}
# a hundred years: further back than any git history, and the latest clock kenning accepts
# (9000-01-01) plus a snooze this long still ends within the year 9999
LONGEST = 100 * 365 * DAY
ACCEPTED = "s, m (minutes), h, d, w, mo (months of 30 days) or y (years of 365 days)"
EXAMPLES = "30m, 2h, 7d or 6mo"
# the printer's units, largest first: the exact ones only (see the module's docstring)
_PRINTED = ((DAY, "d", "day"), (3600, "h", "hour"), (60, "m", "minute"), (1, "s", "second"))


def parse(text: str) -> int:
    """``30m``, ``2h``, ``7d``, ``6mo``, ``1y`` -> seconds: a whole number above zero and one
    unit (any case, spaces around it allowed), at most ``LONGEST``; ``ValueError`` otherwise,
    one line naming the units."""
    value = text.strip().lower()
    unit = "mo" if value.endswith("mo") else value[-1:]
    number = value[:-len(unit)].rstrip() if unit else ""
    # ASCII digits only: str.isdigit takes superscripts too, which int() refuses
    if unit not in UNITS or not (number.isascii() and number.isdigit()) or len(number) > 15 or int(number) == 0:
        raise ValueError(f"not a duration: {text.strip()[:40]!r}; give a whole number and a unit: {ACCEPTED}, "
                         f"such as {EXAMPLES}")
    seconds = int(number) * UNITS[unit]
    if seconds > LONGEST:
        raise ValueError(f"{text.strip()} is longer than kenning reaches; give at most 100y")
    return seconds


def spell(seconds: float, parts: int = 1, words: bool = False) -> str:
    """A duration in its ``parts`` largest units, each whole and rounded down: ``2h``,
    ``3d 4h``, ``40s``; in words with ``words`` (``2 hours``, ``1 minute 30 seconds``). The
    seconds round to the nearest whole one, a positive span to at least one; zero or less is
    ``0s``. What it prints with one part, ``parse`` reads back."""
    total = max(1, int(seconds + 0.5)) if seconds > 0 else 0
    said: list[str] = []
    for size, unit, word in _PRINTED:
        if total >= size or (size == 1 and not said):
            count, total = divmod(total, size)
            said.append(plural(count, word) if words else f"{count}{unit}")
        if len(said) == parts:
            break
    return " ".join(said)

