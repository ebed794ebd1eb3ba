"""Where a rebuild of the index spends its time: `python bench/rebuild.py [--sizes 10000,100000]`.

A rebuild (a fresh clone, a lost cache) reads the whole log and folds it from scratch. This
runs each stage the way `Memory` and `Cache.insert_many` run them, on the log `bench/generate.py`
writes, and prints CPU seconds per stage, next to two floors that no change to kenning's own
code can go under: `json.loads` of every line (the standard library's C decoder) and SQLite
taking the same rows through `executemany` with no index. The whole-process figure (`rm -rf
.kenning/cache && ken summary`) is in bench/run.py's results.

Prints a Markdown table; `--out FILE` also writes it there.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate  # noqa: E402

from kenning.app.memory import whole_log_decoder  # noqa: E402
from kenning.core.events import parse_line  # noqa: E402
from kenning.core.fold import TABLES, State, unique  # noqa: E402
from kenning.store import cache as index  # noqa: E402
from kenning.store.bulk import load  # noqa: E402
from kenning.store.event_rows import bulk_path_rows, event_row, retirement  # noqa: E402

STAGES = ("read and decode", "json.loads alone (floor)", "parse and check every line", "keep each id once",
          "fold", "build rows", "SQLite: insert rows, no index (floor)", "SQLite: retirements, then the path rows",
          "SQLite: build the indexes", "SQLite: save the fold's state", "total (stages of the rebuild)")


def _cpu() -> float:
    return time.process_time()


def measure(n: int, folder: Path) -> dict[str, float]:
    log = folder / f"events-{n}.jsonl"
    log.write_text("\n".join(generate(n)) + "\n", encoding="utf-8")
    found: dict[str, float] = {}
    gc.disable()  # as the rebuild runs (app.memory._no_collection)

    start = _cpu()
    texts = [raw.decode("utf-8") for raw in log.read_bytes().splitlines()]
    found["read and decode"] = _cpu() - start

    start = _cpu()
    for text in texts:
        json.loads(text)
    found["json.loads alone (floor)"] = _cpu() - start

    start = _cpu()
    decode = whole_log_decoder()  # as the rebuild decodes (msgspec's compiled decoder)
    events = [parse_line(text, decode) for text in texts]
    found["parse and check every line"] = _cpu() - start

    start = _cpu()
    ordered = unique(events)
    found["keep each id once"] = _cpu() - start

    start = _cpu()
    state = State()
    for event in ordered:
        state.apply(event)
    found["fold"] = _cpu() - start

    start = _cpu()
    rows = sorted(event_row(e, "log", i + 1, t)
                  for i, (e, t) in enumerate(zip(events, texts, strict=True)))
    retirements = sorted(filter(None, map(retirement, ordered)))
    path_rows = bulk_path_rows([(e, "log", None, None) for e in ordered], None, retirements)
    found["build rows"] = _cpu() - start

    db_path = folder / f"index-{n}.sqlite"
    db = sqlite3.connect(db_path, isolation_level=None)
    db.execute("PRAGMA synchronous=OFF")
    db.executescript(index._SCHEMA)
    for name in index._DEFERRED:
        db.execute(f"DROP INDEX {name}")
    db.execute("PRAGMA cache_size=-65536")
    db.execute("BEGIN")
    start = _cpu()
    load(db, index._INTO_EVENTS, rows)
    found["SQLite: insert rows, no index (floor)"] = _cpu() - start
    start = _cpu()
    db.executemany(index._INSERT_RETIREMENT, retirements)
    load(db, index._LOAD_PATH, path_rows)
    found["SQLite: retirements, then the path rows"] = _cpu() - start
    start = _cpu()
    for statement in index._SCHEMA.split(";"):
        if "CREATE INDEX" in statement:
            db.execute(statement)
    found["SQLite: build the indexes"] = _cpu() - start
    start = _cpu()
    for name in TABLES:
        table = getattr(state, name)
        db.execute("DELETE FROM state WHERE name=?", (name,))
        db.executemany("INSERT INTO state(name, k, rank, v) VALUES(?,?,?,?)",
                       ((name, k, r, json.dumps(v, separators=(",", ":"))) for k, (r, v) in table.rows.items()))
    found["SQLite: save the fold's state"] = _cpu() - start
    db.execute("COMMIT")
    db.close()
    os.unlink(db_path)
    gc.enable()
    found["total (stages of the rebuild)"] = sum(v for k, v in found.items() if "floor" not in k or "SQLite" in k)
    return found


def table(results: dict[int, dict[str, float]]) -> str:
    sizes = sorted(results)
    lines = ["| stage | " + " | ".join(f"{n:,} events: CPU s" for n in sizes) + " |",
             "|---|" + "---:|" * len(sizes)]
    for stage in STAGES:
        lines.append(f"| {stage} | " + " | ".join(f"{results[n][stage]:.2f}" for n in sizes) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        results = {n: measure(n, Path(folder)) for n in sizes}
    head = (f"Rebuild stages, CPU seconds (one run each; x86_64, {os.cpu_count()} cores, Python "
            f"{sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}; load average "
            f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} at the end). The insert row is the events "
            "table's executemany with no secondary index; the path rows, made in Python in key order, are then "
            "bound the same way. "
            "The total counts the insert, not json.loads. The garbage collector is paused throughout, as in a rebuild.")
    text = f"{head}\n\n{table(results)}\n"
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
