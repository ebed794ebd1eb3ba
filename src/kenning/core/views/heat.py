"""How much a file hurts, as one number and a level: the rule the page's heat map paints.

Pure: the counts come in (from the index and git), the heat and its level go out. The weights
are stated on the page next to the map, so a reader can redo any cell by hand.
"""

from __future__ import annotations

from datetime import date, timedelta

# a failed attempt or a revert is the strongest sign that a file is hard to change; an open
# issue says it still hurts; a partial attempt is half a failure; commits alone are weak
# evidence (busy files are not broken ones), so churn counts for half
WEIGHTS = {"failed": 3, "reverts": 3, "open_issues": 2, "partial": 1}
# a revert cools: what was undone years ago says little about the file today (on a long
# history it would otherwise keep the map led by files long since rewritten). Its weight halves
# with every half-life of its age, counted back from --now
REVERT_HALF_LIFE_DAYS = 180
FORMULA = ("heat = 3 × failed attempts + 3 × reverts (each halved for every 180 days of its age, the sum"
           " rounded) + 2 × open issues + partial attempts + commits in the gate's window ÷ 2 (rounded down)")


def heat(failed: int, reverts: float, open_issues: int, partial: int, churn: int) -> int:
    """``reverts``: the reverts' weight (``revert_weight`` summed; a count when nothing cools)."""
    return (WEIGHTS["failed"] * failed + int(WEIGHTS["reverts"] * reverts + 0.5)
            + WEIGHTS["open_issues"] * open_issues + WEIGHTS["partial"] * partial + churn // 2)


def revert_weight(age_days: float) -> float:
    """1 for a revert made now (or later), ½ at one half-life, ¼ at two…"""
    return float(0.5 ** (max(age_days, 0.0) / REVERT_HALF_LIFE_DAYS))


# upper bounds of levels 1 to 4 (level 5 is anything above): doubling steps, so a level means
# the same on every project and a small project's hottest file does not look like a fire
LEVEL_TOPS = (2, 5, 11, 23)
LEVELS = 5


def level(value: int) -> int:
    """0 for no heat, then 1 (1-2) to 5 (24 or more)."""
    if value <= 0:
        return 0
    return next((n for n, top in enumerate(LEVEL_TOPS, 1) if value <= top), LEVELS)


def level_ranges() -> list[tuple[int, int | None]]:
    """(lowest, highest) heat of each level from 1; None: no upper bound."""
    lows = [1, *(top + 1 for top in LEVEL_TOPS)]
    return [(low, LEVEL_TOPS[n] if n < len(LEVEL_TOPS) else None) for n, low in enumerate(lows)]


# a chart shows at most about this many bars: days for a few months, weeks for two years,
# months for fifty; a longer span (a clock set wrong, an import from another era) in years
DAYS_AS_DAYS = 120
DAYS_AS_WEEKS = 2 * 366
DAYS_AS_MONTHS = 50 * 366


def bucket_unit(days: int) -> str:
    """The bar width of a timeline covering ``days`` days: ``day``, ``week``, ``month`` or ``year``."""
    if days <= DAYS_AS_DAYS:
        return "day"
    if days <= DAYS_AS_WEEKS:
        return "week"
    return "month" if days <= DAYS_AS_MONTHS else "year"


def bucket_start(day: str, unit: str) -> str:
    """The first day (``YYYY-MM-DD``) of the bar ``day`` falls in; weeks start on Monday."""
    if unit == "year":
        return day[:4] + "-01-01"
    if unit == "month":
        return day[:7] + "-01"
    if unit == "week":
        when = date.fromisoformat(day[:10])
        return (when - timedelta(days=when.weekday())).isoformat()
    return day[:10]


def bucket_starts(first: str, last: str, unit: str) -> list[str]:
    """Every bar from the one ``first`` falls in to the one ``last`` falls in, in order, those
    with no event included: a quiet stretch is drawn as the empty bars it is, never closed up.
    As many bars as ``bucket_unit`` allows for the span (plus the partial bars at each end)."""
    when, end = date.fromisoformat(bucket_start(first, unit)), date.fromisoformat(bucket_start(last, unit))
    starts = [when.isoformat()]
    while when < end:  # the next bar is made only when one is due: none past the last (or year 9999)
        when = _next_bar(when, unit)
        starts.append(when.isoformat())
    return starts


def _next_bar(when: date, unit: str) -> date:
    if unit in ("day", "week"):
        return when + timedelta(days=1 if unit == "day" else 7)
    if unit == "month":
        return date(when.year + 1, 1, 1) if when.month == 12 else date(when.year, when.month + 1, 1)
    return date(when.year + 1, 1, 1)


def days_between(first: str, last: str) -> int:
    return (date.fromisoformat(last[:10]) - date.fromisoformat(first[:10])).days
