"""The one way kenning reads and prints a duration: ``m`` is minutes, months are ``mo``, and
what the printer says the parser reads back."""

from __future__ import annotations

import pytest

from kenning.core.durations import ACCEPTED, LONGEST, parse, spell

DAY = 86400


@pytest.mark.parametrize(("text", "seconds"), [
    ("45s", 45), ("30m", 30 * 60), ("2h", 2 * 3600), ("7d", 7 * DAY), ("2w", 14 * DAY), ("6mo", 180 * DAY),
    ("1y", 365 * DAY), ("100y", 100 * 365 * DAY),
])
def test_every_unit(text: str, seconds: int) -> None:
    assert parse(text) == seconds


def test_m_is_minutes_and_months_are_mo() -> None:
    assert parse("3m") == 180
    assert parse("3mo") == 90 * DAY


@pytest.mark.parametrize(("text", "seconds"), [("1D", DAY), ("6MO", 180 * DAY), ("6Mo", 180 * DAY), (" 45m ", 2700),
                                               ("2 d", 2 * DAY), ("007d", 7 * DAY)])
def test_case_and_spaces_do_not_matter(text: str, seconds: int) -> None:
    assert parse(text) == seconds


@pytest.mark.parametrize("text", ["", " ", "d", "mo", "0d", "0mo", "5x", "-1d", "+1d", "1.5h", "7", "m30", "1d2h",
                                  "1 day", "2min", "6mos", "1e3s", "\u00b2d", "\u0661d", "1d\n1d", "9" * 16 + "s"])
def test_anything_else_is_one_line_naming_the_units(text: str) -> None:
    with pytest.raises(ValueError, match="not a duration") as refused:
        parse(text)
    message = str(refused.value)
    assert ACCEPTED in message and "\n" not in message


def test_longer_than_a_hundred_years_is_refused() -> None:
    assert parse(f"{LONGEST}s") == LONGEST
    for text in (f"{LONGEST + 1}s", "101y", "5215w", "999999999999999d"):
        with pytest.raises(ValueError, match="give at most 100y"):
            parse(text)


@pytest.mark.parametrize(("seconds", "said"), [
    (0, "0s"), (-5, "0s"), (0.2, "1s"), (40, "40s"), (59.6, "1m"), (60, "1m"), (125, "2m"), (3599, "59m"),
    (5400, "1h"), (DAY - 1, "23h"), (3 * DAY + 5, "3d"), (400 * DAY, "400d"),
])
def test_the_printer_says_the_largest_whole_unit(seconds: float, said: str) -> None:
    assert spell(seconds) == said


@pytest.mark.parametrize(("seconds", "said"), [
    (0, "0s"), (40, "40s"), (60, "1m"), (125, "2m 5s"), (3600 + 300, "1h 5m"), (3 * DAY + 4 * 3600 + 59, "3d 4h"),
    (1490 * DAY + 20 * 3600, "1490d 20h"), (2 * 3600, "2h"),
])
def test_the_printer_says_two_units_when_asked(seconds: int, said: str) -> None:
    assert spell(seconds, parts=2) == said


@pytest.mark.parametrize(("seconds", "said"), [
    (0.2, "1 second"), (20, "20 seconds"), (60, "1 minute"), (90, "1 minute 30 seconds"), (120, "2 minutes"),
    (5400, "1 hour 30 minutes"), (DAY, "1 day"), (45 * DAY, "45 days"),
])
def test_the_printer_says_words_for_sentences(seconds: float, said: str) -> None:
    assert spell(seconds, parts=2, words=True) == said


@pytest.mark.parametrize("seconds", [1, 59, 60, 120, 3600, 7200, DAY, 30 * DAY, 365 * DAY, LONGEST])
def test_what_the_printer_says_the_parser_reads_back(seconds: int) -> None:
    assert parse(spell(seconds)) == seconds


@pytest.mark.parametrize("text", ["45s", "30m", "2h", "7d", "2w", "6mo", "1y"])
def test_every_unit_prints_back_in_exact_units(text: str) -> None:
    printed = spell(parse(text))
    assert parse(printed) == parse(text)
    assert printed[-2:] != "mo" and printed[-1] not in "wy"  # months and years are not calendar ones
