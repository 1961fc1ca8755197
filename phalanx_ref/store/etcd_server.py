"""Run a throw-away single-member etcd on 127.0.0.1 (tests, the drift gate, benchmarks).

Free ports, a temporary data directory, and stop/restart that keep the data directory, so a
test can kill etcd in the middle of a run and bring the same cluster back.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import httpx


def etcd_binary() -> str | None:
    """Path of the etcd server binary (Debian package etcd-server), or None."""
    return shutil.which("etcd")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EtcdServer:
    """``with EtcdServer() as srv: EtcdStore(srv.endpoint)``."""

    def __init__(self, binary: str | None = None) -> None:
        found = binary or etcd_binary()
        if found is None:
            raise FileNotFoundError("etcd binary not found (apt-get install etcd-server)")
        self.binary = found
        self.data_dir = Path(tempfile.mkdtemp(prefix="phalanx-etcd-"))
        self.client_port = _free_port()
        self.peer_port = _free_port()
        self.endpoint = f"http://127.0.0.1:{self.client_port}"
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 20.0) -> None:
        peer = f"http://127.0.0.1:{self.peer_port}"
        self._proc = subprocess.Popen(
            [self.binary, "--name", "phalanx", "--data-dir", str(self.data_dir / "data"),
             "--listen-client-urls", self.endpoint, "--advertise-client-urls", self.endpoint,
             "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
             "--initial-cluster", f"phalanx={peer}", "--log-level", "error"],
            stdout=subprocess.DEVNULL, stderr=open(self.data_dir / "etcd.log", "ab"))  # noqa: SIM115
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"etcd exited with {self._proc.returncode}; see {self.data_dir / 'etcd.log'}")
            try:
                if httpx.get(f"{self.endpoint}/health", timeout=1.0).json().get("health") == "true":
                    return
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"etcd did not become healthy within {timeout}s")

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.terminate()
            try:
                self._proc.wait(10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
            self._proc = None

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> EtcdServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cleanup()
