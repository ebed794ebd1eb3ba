"""The heat rule the page paints, and the bars it is drawn with: pure values."""

from __future__ import annotations

import pytest

from kenning.core.views.heat import (
    FORMULA,
    bucket_start,
    bucket_starts,
    bucket_unit,
    days_between,
    heat,
    level,
    level_ranges,
    revert_weight,
)


def test_heat_weighs_failures_and_reverts_most_and_churn_least() -> None:
    assert heat(failed=1, reverts=0, open_issues=0, partial=0, churn=0) == 3
    assert heat(failed=0, reverts=1, open_issues=0, partial=0, churn=0) == 3
    assert heat(failed=0, reverts=0, open_issues=1, partial=0, churn=0) == 2
    assert heat(failed=0, reverts=0, open_issues=0, partial=1, churn=0) == 1
    assert heat(failed=0, reverts=0, open_issues=0, partial=0, churn=5) == 2  # commits count for half, rounded down
    assert heat(2, 1, 1, 1, 4) == 6 + 3 + 2 + 1 + 2
    assert "3 × failed attempts" in FORMULA and "÷ 2" in FORMULA


@pytest.mark.parametrize(("value", "expected"), [(0, 0), (-1, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (11, 3),
                                                 (12, 4), (23, 4), (24, 5), (10_000, 5)])
def test_levels_double(value: int, expected: int) -> None:
    assert level(value) == expected


def test_level_ranges_cover_every_positive_heat_once() -> None:
    ranges = level_ranges()
    assert ranges == [(1, 2), (3, 5), (6, 11), (12, 23), (24, None)]
    for n, (low, high) in enumerate(ranges, 1):
        assert level(low) == n and (high is None or level(high) == n)


def test_a_revert_cools_by_half_every_180_days_and_the_sum_is_rounded() -> None:
    assert revert_weight(0) == 1.0 and revert_weight(-30) == 1.0  # made now, or after --now
    assert revert_weight(180) == 0.5 and revert_weight(360) == 0.25
    assert heat(0, revert_weight(1), 0, 0, 0) == 3  # yesterday's revert: still a whole revert
    assert heat(0, revert_weight(180), 0, 0, 0) == 2  # 1.5 rounds up
    assert heat(0, revert_weight(720), 0, 0, 0) == 0  # two years on: cold
    assert heat(0, revert_weight(720) * 10, 0, 0, 0) == 2  # ten of them still say something
    assert "180 days" in FORMULA


def test_bars_are_days_then_weeks_then_months_then_years() -> None:
    assert bucket_unit(0) == "day" and bucket_unit(120) == "day"
    assert bucket_unit(121) == "week" and bucket_unit(732) == "week"
    assert bucket_unit(733) == "month" and bucket_unit(17 * 366) == "month"
    assert bucket_unit(50 * 366 + 1) == "year"
    assert bucket_start("2031-07-08", "year") == "2031-01-01"
    assert bucket_start("2031-01-08", "day") == "2031-01-08"
    assert bucket_start("2031-01-08", "week") == "2031-01-06"  # a Wednesday: its week starts on Monday
    assert bucket_start("2031-01-06", "week") == "2031-01-06"
    assert bucket_start("2031-01-08", "month") == "2031-01-01"
    assert days_between("2030-12-31T23:59:59.000000Z", "2031-01-01T00:00:00.000000Z") == 1


def test_every_bar_between_the_first_and_the_last_is_listed_empty_or_not() -> None:
    assert bucket_starts("2031-01-08", "2031-01-10", "day") == ["2031-01-08", "2031-01-09", "2031-01-10"]
    assert bucket_starts("2031-01-08", "2031-01-27", "week") == ["2031-01-06", "2031-01-13", "2031-01-20",
                                                                 "2031-01-27"]
    assert bucket_starts("2030-11-30", "2031-02-01", "month") == ["2030-11-01", "2030-12-01", "2031-01-01",
                                                                  "2031-02-01"]
    assert bucket_starts("2029-05-05", "2031-01-01", "year") == ["2029-01-01", "2030-01-01", "2031-01-01"]
    assert bucket_starts("2031-01-08", "2031-01-08", "week") == ["2031-01-06"]
    assert bucket_starts("9999-12-31", "9999-12-31", "day") == ["9999-12-31"]  # no bar past the last
    assert bucket_starts("9999-01-01", "9999-12-31", "month")[-1] == "9999-12-01"
    assert len(bucket_starts("0001-01-01", "9999-12-31", "year")) == 9999  # bounded by the calendar
