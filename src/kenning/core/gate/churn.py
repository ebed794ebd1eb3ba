"""Churn while editing: many saves of one file in a short span (the watcher's rule).

A file saved ``saves`` times within ``window_s`` seconds is churning: an agent or a person is
going round in circles on it. After a churn is reported, the file is quiet for one window, so
one burst gives one note. Times are passed in: this module never reads the clock.
"""

from __future__ import annotations

from collections import deque


class SaveCounter:
    def __init__(self, saves: int = 8, window_s: float = 120.0) -> None:
        if saves < 2 or window_s <= 0:
            raise ValueError("the watcher needs saves >= 2 and window_seconds > 0")
        self.saves = saves
        self.window_s = window_s
        self._times: dict[str, deque[float]] = {}
        self._quiet_until: dict[str, float] = {}

    def saved(self, path: str, at: float) -> int | None:
        """Record one save; return the number of saves in the window when it is a churn."""
        if at < self._quiet_until.get(path, float("-inf")):
            return None
        times = self._times.setdefault(path, deque())
        times.append(at)
        while times and times[0] <= at - self.window_s:
            times.popleft()
        if len(times) < self.saves:
            return None
        count = len(times)
        times.clear()
        self._quiet_until[path] = at + self.window_s
        return count
