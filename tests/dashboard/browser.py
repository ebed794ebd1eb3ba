"""A small Chrome DevTools Protocol client for the page tests: real headless Chromium, no new
dependency.

Chromium started with ``--remote-debugging-pipe`` reads commands from its fd 3 and writes
replies and events to its fd 4, each a JSON message ended by a NUL byte. ``Browser`` starts it
with two pipes placed there (a few lines of Python move them into 3 and 4, then ``exec`` it), opens one page
target in flattened-session mode, and offers what the tests need: navigate, evaluate,
click at an element's centre, press a key, type text, and the network requests seen.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-default-apps", "--mute-audio",
         "--window-size=1280,900"]
KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "ArrowUp": 38, "ArrowDown": 40, "Home": 36, "End": 35, "Enter": 13,
        "Tab": 9, " ": 32}


# run before Chromium, in its process: put the pipe ends at fds 3 and 4 (by way of fds above
# them, so that one end sitting at 3 or 4 is not overwritten by the other), then become Chromium
_PLACE_FDS = """
import fcntl, os, sys
ends = [fcntl.fcntl(int(fd), fcntl.F_DUPFD, 10) for fd in sys.argv[1:3]]
for fd in sys.argv[1:3]:
    os.close(int(fd))
for target, fd in zip((3, 4), ends):
    os.dup2(fd, target)
    os.close(fd)
os.execvp(sys.argv[3], sys.argv[3:])
"""


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


class CDPError(Exception):
    pass


class Browser:
    """One headless Chromium and one page in it; ``close`` ends the process."""

    def __init__(self, executable: str, profile: Path) -> None:
        to_read, to_write = os.pipe()       # our commands: Chromium reads them on its fd 3
        from_read, from_write = os.pipe()   # its replies: Chromium writes them on its fd 4
        self.process = subprocess.Popen(
            [sys.executable, "-c", _PLACE_FDS, str(to_read), str(from_write), executable, *FLAGS,
             f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            pass_fds=(to_read, from_write), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_read)
        os.close(from_write)
        self._out = to_write
        self._in = from_read
        self._pending = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.session = ""
        try:
            target = self.call("Target.createTarget", {"url": "about:blank"}, session=None)["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                     session=None)["sessionId"]
            for domain in ("Page", "Runtime", "Network"):
                self.call(f"{domain}.enable")
        except BaseException:
            self.close()
            raise

    # -- the wire -------------------------------------------------------------------------------

    def call(self, method: str, params: dict[str, Any] | None = None, session: str | None | bool = True,
             timeout: float = 30.0) -> dict[str, Any]:
        """Send one command and wait for its reply; events met meanwhile are kept in ``events``."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session is True and self.session:
            message["sessionId"] = self.session
        os.write(self._out, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            self.events.append(reply)

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._in], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise CDPError("Chromium closed the pipe (it exited)")
            self._pending += chunk
        message, _, self._pending = self._pending.partition(b"\0")
        value: dict[str, Any] = json.loads(message)
        return value

    def wait_for(self, method: str, timeout: float = 30.0) -> dict[str, Any]:
        """The first event ``method`` not yet consumed, waiting for it if need be."""
        deadline = time.monotonic() + timeout
        while True:
            for n, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(n)
            self.events.append(self._receive(deadline))

    # -- what the tests do ----------------------------------------------------------------------

    def open(self, path: Path) -> None:
        """Load a local file and wait for its load event."""
        self.events.clear()
        self.call("Page.navigate", {"url": path.resolve().as_uri()})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise CDPError(f"{expression!r} threw: {result['exceptionDetails']}")
        return result["result"].get("value")

    def click(self, selector: str) -> None:
        """A real mouse click at the centre of the first element matching ``selector``."""
        box = self.evaluate(
            f"(() => {{ const el = document.querySelector({json.dumps(selector)});"
            " if (!el) return null; el.scrollIntoView({block: 'center'});"
            " const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        assert box is not None, f"nothing matches {selector!r}"
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                   "clickCount": 1})

    def press(self, key: str) -> None:
        """One key, pressed and released, on whatever has the focus."""
        code = KEYS[key]
        params = {"key": key, "code": key if len(key) > 1 else "Space", "windowsVirtualKeyCode": code,
                  "nativeVirtualKeyCode": code}
        if key in ("Enter", " "):  # keys that type a character: a keyDown with its text activates a button
            self.call("Input.dispatchKeyEvent", {"type": "keyDown", "text": "\r" if key == "Enter" else " ", **params})
        else:
            self.call("Input.dispatchKeyEvent", {"type": "rawKeyDown", **params})
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", **params})

    def type(self, text: str) -> None:
        self.call("Input.insertText", {"text": text})

    def settle(self, seconds: float = 0.5) -> None:
        """Take in every event that arrives within ``seconds`` (a request the page makes late)."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                self.events.append(self._receive(deadline))
        except TimeoutError:
            pass

    def requests(self) -> list[str]:
        """The URL of every request the page asked for since it was opened."""
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def close(self) -> None:
        try:
            os.close(self._out)
        except OSError:
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        try:
            os.close(self._in)
        except OSError:
            pass
