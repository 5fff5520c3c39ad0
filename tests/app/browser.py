"""A real browser for the phone pages: Debian's chromium, headless, at a phone's size, driven through its DevTools
protocol (a WebSocket, spoken here with the ``websockets`` library the app already has).  Every wait is bounded.

``.ci/run`` installs chromium where it is missing; on a machine without it the tests that need it are skipped
with a line that says how to install it (:data:`MISSING`)."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

__all__ = ["chromium", "MISSING", "Browser", "Tab"]

MISSING = "chromium is not installed: apt-get install chromium (Debian's package; .ci/run installs it)"


def chromium() -> str | None:
    """The chromium program, if this machine has one."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Browser:
    """One headless chromium; :meth:`open` gives a tab at a phone's size (390 x 844 CSS pixels)."""

    def __init__(self, width: int = 390, height: int = 844) -> None:
        program = chromium()
        if program is None:
            raise RuntimeError(MISSING)
        self.size = (width, height)
        self.folder = tempfile.mkdtemp(prefix="tabletop-chromium-")
        self.port = _free_port()
        self.process = subprocess.Popen(
            [program, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-extensions", "--disable-default-apps", "--mute-audio",
             f"--user-data-dir={self.folder}", f"--remote-debugging-port={self.port}",
             "--remote-debugging-address=127.0.0.1", f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline:
            try:
                self._json("/json/version")
                return
            except OSError:
                time.sleep(0.1)
        self.close()
        raise RuntimeError("chromium did not start within 30 s")

    def _json(self, path: str, method: str = "GET") -> Any:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def open(self, url: str) -> "Tab":
        """A new tab showing ``url``, at a phone's size."""
        target = self._json("/json/new?about:blank", method="PUT")
        tab = Tab(target["webSocketDebuggerUrl"])
        width, height = self.size
        tab.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 2,
                                                          "mobile": True})
        tab.call("Page.enable")
        tab.call("Page.navigate", {"url": url})
        return tab

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


class Tab:
    """One page, through the DevTools protocol."""

    def __init__(self, address: str) -> None:
        self.socket = connect(address, max_size=64 * 1024 * 1024, open_timeout=10)
        self.next_id = 1

    def call(self, method: str, params: dict | None = None, timeout: float = 15.0) -> dict:
        """Send one command and wait for its answer (events in between are passed over)."""
        ident = self.next_id
        self.next_id += 1
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            message = json.loads(self.socket.recv(timeout=max(0.01, deadline - time.perf_counter())))
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
        raise TimeoutError(method)

    def eval(self, expression: str) -> Any:
        """The value of a JavaScript expression on the page."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result.get("result", {}).get("value")

    def screenshot(self, path: Path) -> None:
        """The page as a PNG."""
        import base64

        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def close(self) -> None:
        self.socket.close()
