"""Benchmark of `ken map --build`: whole processes on a generated 5,000-file tree.

    python bench/codemap.py [--files 5000] [--runs 5] [--ken PATH]

The tree (in a temporary git repository outside the project) mixes five languages the way a
polyglot product does: 40 % Python packages, 30 % TypeScript (a few JavaScript), 12 % Go, 8 %
Rust, 10 % C/C++, in folders of about 25 files. Each file is a few kilobytes of plausible code
(functions, comments, docstrings, strings) with 4 to 14 imports, a third of them local (relative
imports, sibling packages, quoted includes, `mod` and `crate::` paths, module paths), the rest
libraries, plus a commented-out import or two.

Timed, each a whole process (interpreter start included), median (min-max) over `--runs`:

- cold: `ken map --build` with `.kenning/cache/codemap.json` deleted (target: under 10 s);
- one change: after appending a line to one file, `ken map --build` (target: under 1 s);
- nothing changed: `ken map --build` again;
- floor: `python -c ...`, the interpreter's own start, to read the others against on a busy machine.

Printed, and written to `bench/results/codemap.{md,json}`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
RESULTS = HERE / "results"
TARGETS_S = {"cold": 10.0, "one change": 1.0}
SHARES = (("python", 0.40), ("typescript", 0.30), ("go", 0.12), ("rust", 0.08), ("c", 0.10))
FOLDER = 25  # files per folder
FILLER = [
    "    # keep the retry bounded: the provider rate-limits bursts\n",
    "    value = compute(value, factor=2)  # see the design note\n",
    '    message = "retrying after a transient failure"\n',
    "    if value is None:\n        return default\n",
    "    total += item.amount * item.quantity\n",
]


def _python_file(rng: random.Random, n: int, package: str, siblings: list[str], packages: list[str]) -> str:
    local = [f"from . import {rng.choice(siblings)}", f"from .{rng.choice(siblings)} import helper",
             f"from app.{rng.choice(packages)} import {rng.choice(siblings)}",
             f"from ..{rng.choice(packages)}.{rng.choice(siblings)} import Model"]
    libraries = ["import os", "import json", "from typing import Any", "import requests", "import logging",
                 "from dataclasses import field", "from collections import defaultdict", "import numpy as np"]
    imports = rng.sample(local, rng.randint(1, 4)) + rng.sample(libraries, rng.randint(3, 8))
    head = f'"""Module {n} of {package}.\n\nimport not_an_import\n"""\n' + "\n".join(imports)
    return head + "\n# import commented_out\n" + _body(rng, "def f{i}(value, default=None):\n", 6)


def _ts_file(rng: random.Random, n: int, siblings: list[str], folders: list[str]) -> str:
    local = [f"import {{ a{n} }} from './{rng.choice(siblings)}';", f"import * as m from '../{rng.choice(folders)}';",
             f"export {{ b }} from './{rng.choice(siblings)}';",
             f"import type {{ T }} from '@/{rng.choice(folders)}/index';"]
    libraries = ["import React from 'react';", "import { z } from 'zod';", "import axios from 'axios';",
                 "import { useState } from 'react';", "import lodash from 'lodash';", "const fs = require('fs');"]
    imports = rng.sample(local, rng.randint(1, 4)) + rng.sample(libraries, rng.randint(2, 6))
    body = _body(rng, "export function f{i}(value) {{\n", 6, close="}\n")
    return "\n".join(imports) + "\n// import { old } from './old';\n" + body


def _go_file(rng: random.Random, package: str, packages: list[str]) -> str:
    local = [f'\t"github.com/acme/poly/internal/{p}"' for p in rng.sample(packages, rng.randint(1, 3))]
    libraries = ['\t"fmt"', '\t"context"', '\t"net/http"', '\tjson "encoding/json"', '\t"github.com/pkg/errors"']
    imports = "\n".join(local + rng.sample(libraries, rng.randint(2, 5)))
    head = f"// Package {package} does things.\npackage {package}\n\n// import \"not/this\"\n"
    return head + f"import (\n{imports}\n)\n\n" + _body(rng, "func F{i}(value int) int {{\n", 6, close="}\n")


def _rust_file(rng: random.Random, modules: list[str]) -> str:
    imports = [f"use crate::{rng.choice(modules)}::Thing;", f"use super::{rng.choice(modules)};",
               "use std::collections::HashMap;", "use serde::{Deserialize, Serialize};", "use anyhow::Result;"]
    return "\n".join(rng.sample(imports, rng.randint(3, 5))) + "\n// use crate::old::Gone;\n" + \
        _body(rng, "pub fn f{i}(value: i64) -> i64 {{\n", 6, close="}\n")


def _c_file(rng: random.Random, headers: list[str]) -> str:
    local = [f'#include "{h}"' for h in rng.sample(headers, min(len(headers), rng.randint(1, 4)))]
    system = ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>", "#include <stdint.h>"]
    return "\n".join(local + rng.sample(system, rng.randint(1, 4))) + '\n/* #include "old.h" */\n' + \
        _body(rng, "int f{i}(int value) {{\n", 6, close="}\n")


def _body(rng: random.Random, signature: str, functions: int, close: str = "") -> str:
    parts = []
    for i in range(rng.randint(functions // 2, functions * 2)):
        parts.append(signature.format(i=i) + "".join(rng.choice(FILLER) for _ in range(rng.randint(4, 14))) + close)
    return "\n" + "\n".join(parts)


def generate(root: Path, total: int, seed: int = 14) -> dict[str, int]:
    """Write the tree under ``root`` and return how many files of each language it holds."""
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for lang, share in SHARES:
        count = int(total * share)
        counts[lang] = count
        folders = [f"m{k:03d}" for k in range(max(1, count // FOLDER))]
        for n in range(count):
            folder = folders[n % len(folders)]
            names = [f"f{k:02d}" for k in range(FOLDER)]
            stem = names[n // len(folders) % FOLDER]
            path, text = _one(rng, lang, n, folder, stem, names, folders)
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
    (root / "go.mod").write_text("module github.com/acme/poly\n\ngo 1.22\n")
    (root / "web" / "tsconfig.json").write_text('{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["./*"]}}}\n')
    (root / "engine" / "src" / "lib.rs").write_text("\n".join(f"pub mod m{k:03d};" for k in range(40)) + "\n")
    for k in range(40):
        (root / "engine" / "src" / f"m{k:03d}.rs").write_text("pub struct Thing;\n")
    return counts


def _one(rng: random.Random, lang: str, n: int, folder: str, stem: str, names: list[str],
         folders: list[str]) -> tuple[str, str]:
    if lang == "python":
        return f"app/{folder}/{stem}.py", _python_file(rng, n, folder, names, folders)
    if lang == "typescript":
        ext = ".tsx" if n % 5 == 0 else ".js" if n % 7 == 0 else ".ts"
        stem = "index" if stem == "f00" else stem  # `../m003` and `@/m003/index` name it
        return f"web/{folder}/{stem}{ext}", _ts_file(rng, n, names[1:], folders)
    if lang == "go":
        return f"internal/{folder}/{stem}.go", _go_file(rng, folder, folders)
    if lang == "rust":
        return f"engine/src/m{n % 40:03d}/{stem}_{n}.rs", _rust_file(rng, [f"m{k:03d}" for k in range(40)])
    headers = [f"{h}.h" for h in names[:8]]
    ext = ".h" if names.index(stem) < 8 else ".c" if n % 2 else ".cpp"
    return f"native/{folder}/{stem}{ext}", _c_file(rng, headers)


def _packages(root: Path) -> None:
    for folder in (root / "app").iterdir():
        (folder / "__init__.py").write_text("")


def timed(cmd: list[str], cwd: Path, env: dict[str, str], reports: list[dict[str, object]],
          before: object = None) -> float:
    """One whole process's wall time (``before`` runs first, untimed); its JSON report kept."""
    if callable(before):
        before()
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {result.stderr.decode()[-400:]}")
    reports.append(json.loads(result.stdout))
    return elapsed


def figures(samples: list[float]) -> dict[str, float]:
    return {"median_s": round(statistics.median(samples), 3), "min_s": round(min(samples), 3),
            "max_s": round(max(samples), 3)}


def run(ken: str, total: int, runs: int) -> dict[str, object]:
    base = Path(tempfile.mkdtemp(prefix="ken-codemap-bench-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KEN_", "GIT_"))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a real install has its bytecode compiled
    env.update(KEN_HOME=str(base / "home"), GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.invalid",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.invalid")
    repo = base / "poly"
    repo.mkdir()
    import kenning  # the package under test: its bytecode compiled, as an install has it

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(kenning.__file__).parent)],
                   capture_output=True, env=env)
    try:
        counts = generate(repo, total)
        _packages(repo)
        for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "tree"]):
            subprocess.run(["git", *args], cwd=repo, env=env, check=True)
        subprocess.run([ken, "init", "--no-hooks", "--no-register", "--no-backfill"], cwd=repo, env=env, check=True,
                       capture_output=True)
        files = int(subprocess.run(["git", "ls-files"], cwd=repo, env=env, capture_output=True,
                                   text=True).stdout.count("\n"))
        cache = repo / ".kenning" / "cache" / "codemap.json"
        cmd = [ken, "map", "--build", "--json"]
        reports: dict[str, list[dict[str, object]]] = {"cold": [], "one change": [], "nothing changed": []}
        cold = [timed(cmd, repo, env, reports["cold"], lambda: cache.unlink(missing_ok=True)) for _ in range(runs)]
        changed = sorted(repo.glob("app/*/*.py"))
        one = []
        for k in range(runs):
            target = changed[k * 37 % len(changed)]
            one.append(timed(cmd, repo, env, reports["one change"],
                             lambda t=target: t.write_text(t.read_text() + "import os\n")))
        unchanged = [timed(cmd, repo, env, reports["nothing changed"]) for _ in range(runs)]
        floor = [timed([sys.executable, "-c", "print('{}')"], repo, env, []) for _ in range(runs)]
        return {"files": files, "generated": counts, "runs": runs, "cold": figures(cold),
                "one change": figures(one), "nothing changed": figures(unchanged), "floor": figures(floor),
                "report": reports["cold"][-1],
                "parsed": {name: sorted({int(r["parsed"]) for r in found}) for name, found in reports.items()},  # type: ignore[call-overload]
                "cache_bytes": cache.stat().st_size, "load_average": [round(x, 2) for x in os.getloadavg()]}
    finally:
        shutil.rmtree(base, ignore_errors=True)


def render(results: dict[str, object]) -> str:
    report: dict[str, object] = results["report"]  # type: ignore[assignment]
    lines = [f"`ken map --build` on a generated tree of {results['files']:,} tracked files "
             f"({report['files']:,} source files; {', '.join(f'{k} {v:,}' for k, v in report['languages'].items())}; "  # type: ignore[attr-defined]
             f"{report['edges']:,} import edges). Whole process, median (min-max) over {results['runs']} runs. "
             f"{results['machine']}, Python {results['python']}; cache file {results['cache_bytes']:,} bytes.", "",
             "| build | seconds | target |", "|---|---:|---|"]
    for name in ("cold", "one change", "nothing changed", "floor"):
        row: dict[str, float] = results[name]  # type: ignore[assignment]
        target = TARGETS_S.get(name)
        verdict = "" if target is None else f"< {target:g} s {'✓' if row['median_s'] < target else '✗'}"
        lines.append(f"| {name} | {row['median_s']} ({row['min_s']}-{row['max_s']}) | {verdict} |")
    parsed: dict[str, list[int]] = results["parsed"]  # type: ignore[assignment]
    lines += ["", f"Files read per build: cold {parsed['cold']}, one change {parsed['one change']}, nothing changed "
              f"{parsed['nothing changed']}. Load average at the end: {results['load_average']}."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ken", default=shutil.which("ken") or str(Path(sys.executable).with_name("ken")))
    args = parser.parse_args()
    results = run(args.ken, args.files, args.runs)
    results.update(machine=f"{platform.machine()}, {os.cpu_count()} cores", python=platform.python_version())
    text = "# `ken map --build` (bench/codemap.py)\n\n" + render(results)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "codemap.md").write_text(text)
    (RESULTS / "codemap.json").write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
