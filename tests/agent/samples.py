"""Code changes the agent-hook tests reuse: a failed change, the same with renamed names, and
unrelated edits."""

MEMOIZE = "cache = {}\nfor key in items:\n    cache[key] = compute_value(key)\nreturn cache\n"
RENAMED = "memo = {}\nfor k in entries:\n    memo[k] = compute_value(k)\nreturn memo\n"
UNRELATED = "import logging\nlog = logging.getLogger(__name__)\n"
STORE = "class Store:\n    def save(self, record):\n        self.rows.append(record)\n        return record\n"
LOCKED = ("class Store:\n    def save(self, record):\n        with self.lock:\n            self.rows.append(record)\n"
          "            self.flush_now(record, sync=True)\n        return record\n")
LOCK_LINES = "with self.lock:\n    self.rows.append(record)\n    self.flush_now(record, sync=True)\n"
