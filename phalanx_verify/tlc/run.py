"""Running real TLC as a subprocess and reading its ``-tool`` output into a Report.

TLC runs in its own process group, so that a timeout, Ctrl-C or SIGTERM to us ends the JVM and
anything it started: no JVM outlives the run. Its exit code is kept as TLC gives it; when the
process dies without a verdict (a crash, a kill, a timeout) the failure is one line with TLC's
code, or 255 when it had none (killed by a signal).
"""

from __future__ import annotations

import os
import queue
import resource
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..check.report import Report, Verdict
from ..tla.errors import EXIT_ASSERT, EXIT_SAFETY_EVAL, ConfigError, TLAError
from ..tla.modules import Loader
from ..tla.syntax import Pos
from .locate import locate_jar, locate_java
from .output import ToolOutput, build_report, progress_of

ProgressFn = Callable[[dict[str, Any]], None]
EXIT_SYSTEM = 255          # TLC's code for a system-level failure; ours when TLC gave none
_GRACE_SECONDS = 3.0       # between SIGTERM and SIGKILL when ending TLC


class TLCFailure(TLAError):
    """TLC ended without a verdict: crashed, killed, timed out, or disagreed with itself."""

    kind = "TLC failed"

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass
class TLCOptions:
    """TLC and JVM options, from a campaign file (``[tlc]`` table or a model's ``tlc`` table)
    or the command line. ``None`` leaves TLC's own default."""

    jar: str | None = None
    java: str | None = None
    workers: int | str | None = 1            # TLC's -workers (a number or "auto")
    check_deadlock: bool = True              # False passes -deadlock (TLC's "do not check")
    depth: int | None = None                 # -depth (simulation depth)
    seed: int | None = None                  # -seed
    fpmem: float | None = None               # -fpmem: share of memory for off-heap fingerprints
    jvm: list[str] = field(default_factory=lambda: ["-XX:+UseParallelGC"])  # e.g. -Xmx12g
    args: list[str] = field(default_factory=list)    # any further TLC options, passed as given
    main_class: str = "tlc2.TLC"            # e.g. tlc2.tool.distributed.TLCServer
    timeout: float | None = None             # seconds; None waits as long as TLC runs
    jvm_mode: str = "subprocess"             # "subprocess" or "inprocess" (JPype)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "tlc options",
                     base: TLCOptions | None = None) -> TLCOptions:
        """Options from a TOML table, on top of ``base``; unknown keys and wrong types are a
        ConfigError naming them (a typo must not silently fall back to a default)."""
        known = {f.name: f for f in fields(cls)}
        values = dict(vars(base)) if base is not None else {}
        for key, value in raw.items():
            name = key.replace("-", "_")
            if name not in known:
                raise ConfigError(f"{where}: unknown TLC option {key!r} (known: {', '.join(sorted(known))})",
                                  Pos(where, 1, 1))
            if name in ("jvm", "args") and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise ConfigError(f"{where}: {key} must be a list of strings", Pos(where, 1, 1))
            if name == "jvm_mode" and value not in ("subprocess", "inprocess"):
                raise ConfigError(f"{where}: jvm_mode must be subprocess or inprocess", Pos(where, 1, 1))
            values[name] = list(value) if isinstance(value, list) else value
        return cls(**values)

    def tlc_arguments(self, config: Path, metadir: Path) -> list[str]:
        """TLC's own arguments (after the main class), ending with the spec file name."""
        out = ["-tool", "-noGenerateSpecTE", "-config", str(config), "-metadir", str(metadir)]
        if self.workers is not None:
            out += ["-workers", str(self.workers)]
        if not self.check_deadlock:
            out.append("-deadlock")
        for flag, value in (("-depth", self.depth), ("-seed", self.seed), ("-fpmem", self.fpmem)):
            if value is not None:
                out += [flag, str(value)]
        return out + list(self.args)


def spec_variables(spec: Path, lib: Sequence[Path] = ()) -> list[str] | None:
    """The spec's variables in declaration order (parse only, no compile), so TLC's traces use
    the built-in engine's state layout; None when our parser cannot read the spec (TLC still
    runs and reports, with states in TLC's printed order)."""
    try:
        return list(Loader([spec.parent, *lib]).load_root(spec).variables)
    except TLAError:
        return None


def run_tlc(spec: str | Path, config: str | Path | None = None, options: TLCOptions | None = None,
            progress: ProgressFn | None = None, lib: Sequence[Path] = ()) -> Report:
    """Check ``spec`` with real TLC and return the same Report the built-in engine gives.
    ``lib``: module directories after the spec's own, passed as TLC's TLA-Library property.

    Parse and config errors raise ParseError/ConfigError (150/151), like ``check_files``; a
    missing jar, a jar that is not TLC or no Java raise UsageError (2); a crash, kill or timeout
    raises TLCFailure with TLC's exit code or 255.
    """
    opts = options or TLCOptions()
    spec_path = Path(spec).resolve()
    cfg_path = Path(config).resolve() if config else spec_path.with_suffix(".cfg")
    jar = locate_jar(opts.jar)
    if opts.jvm_mode == "inprocess":
        from .inprocess import run_tlc_inprocess
        return run_tlc_inprocess(spec_path, cfg_path, jar, opts, progress, lib)
    java = locate_java(opts.java)
    library = [f"-D{TLA_LIBRARY}={tla_library(lib)}"] if lib else []
    with tempfile.TemporaryDirectory(prefix="phalanx-tlc-") as metadir:
        cmd = [java, *opts.jvm, *library, "-cp", str(jar), opts.main_class,
               *opts.tlc_arguments(cfg_path, Path(metadir)), spec_path.name]
        out, rc, seconds = _drive(cmd, spec_path.parent, opts.timeout, progress, spec_path.name)
    return finish_report(out, rc, spec_path, cfg_path, seconds, lib)


TLA_LIBRARY = "TLA-Library"
"""The Java system property TLC's module resolver (util.SimpleFilenameToStream) reads for
directories searched after the spec's own."""


def tla_library(lib: Sequence[Path]) -> str:
    return os.pathsep.join(str(Path(d).resolve()) for d in lib)


def finish_report(out: ToolOutput, rc: int, spec: Path, cfg: Path, seconds: float,
                  lib: Sequence[Path] = ()) -> Report:
    """The Report for TLC's output and exit code, shared by the subprocess and in-process
    drivers. Output that ends early, or whose verdict does not match TLC's exit code, is a
    TLCFailure: a verdict is only trusted when TLC finished and agrees with itself."""
    failed_code = rc if rc > 0 else EXIT_SYSTEM
    try:
        report = build_report(out, f"{spec.name}:{cfg.name}", spec_variables(spec, lib), str(spec), str(cfg), lib)
    except TLAError as err:
        if rc == err.exit_code and not out.truncated:
            raise
        raise TLCFailure(_death(out, rc, err.line()), failed_code) from None
    if report.verdict is Verdict.ERROR and rc in (EXIT_ASSERT, EXIT_SAFETY_EVAL):
        report.error_exit = rc  # TLC's own verdict for its error message (a failed Assert, an invariant's level)
    if rc < 0 or out.truncated or rc != report.exit_code:
        said = report.message if report.verdict is Verdict.ERROR else f"its output says {report.verdict}"
        raise TLCFailure(_death(out, rc, said or report.verdict), failed_code)
    report.seconds = report.seconds or seconds
    # Peak RSS of the largest child process so far (the JVM, as the OS measured it).
    report.peak_rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    return report


def _death(out: ToolOutput, rc: int, said: str) -> str:
    """One line on how TLC ended without a verdict: the signal or exit code, how far it got,
    what its output said, and the last plain line (a Java exception, usually)."""
    if rc < 0:
        try:
            how = f"was killed by {signal.Signals(-rc).name}"
        except ValueError:
            how = f"was killed by signal {-rc}"
    else:
        how = f"exited with code {rc}"
    progress = [p for p in (progress_of(m) for m in out.messages) if p]
    where = f" after {progress[-1]['generated']:,} states generated" if progress else ""
    last = next((ln.strip() for ln in reversed(out.plain) if ln.strip()), None)
    detail = f"; last output: {last}" if last else ""
    return f"TLC {how}{where} ({said}){detail}"


def _drive(cmd: list[str], cwd: Path, timeout: float | None, progress: ProgressFn | None,
           source: str) -> tuple[ToolOutput, int, float]:
    """Run TLC, feeding its output to the reader as it comes; end its process group on a
    timeout or when we are interrupted."""
    out = ToolOutput(source)
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, errors="replace",
                                start_new_session=True)
    except OSError as exc:
        raise TLCFailure(f"cannot start {cmd[0]}: {exc.strerror}", 2) from None
    lines: queue.Queue[str | None] = queue.Queue()
    reader = threading.Thread(target=_pump, args=(proc, lines), daemon=True)
    reader.start()
    try:
        with _forward_sigterm():
            while True:
                wait = None if timeout is None else timeout - (time.monotonic() - start)
                if wait is not None and wait <= 0:
                    _end_group(proc)
                    raise TLCFailure(f"TLC did not finish within {timeout:g} s and was stopped", EXIT_SYSTEM)
                try:
                    line = lines.get(timeout=wait)
                except queue.Empty:
                    continue
                if line is None:
                    break
                msg = out.feed(line)
                if msg is not None and progress is not None:
                    p = progress_of(msg)
                    if p is not None:
                        progress({**p, "seconds": time.monotonic() - start})
        rc = proc.wait()
    except BaseException:
        _end_group(proc)
        raise
    finally:
        reader.join(timeout=_GRACE_SECONDS)
        _reap_group(proc)
    return out, rc, time.monotonic() - start


def _pump(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.put(line)
    lines.put(None)


def _end_group(proc: subprocess.Popen[str]) -> None:
    """SIGTERM to TLC's process group (the JVM shuts down cleanly), SIGKILL if it lingers."""
    for sig, grace in ((signal.SIGTERM, _GRACE_SECONDS), (signal.SIGKILL, _GRACE_SECONDS)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue


def _reap_group(proc: subprocess.Popen[str]) -> None:
    """TLC has exited; anything it started in its group and left behind is killed too."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if proc.poll() is None:
        proc.wait()


class _Terminated(BaseException):
    """SIGTERM arrived while TLC ran: unwind (ending TLC's group) and exit as TLC would."""


@contextmanager
def _forward_sigterm() -> Iterator[None]:
    """Turn SIGTERM into an exception while TLC runs, so the JVM is ended before we exit.
    Only the main thread can install signal handlers; elsewhere the default stays."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: object) -> None:
        raise _Terminated()

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    except _Terminated:
        raise TLCFailure("stopped by SIGTERM; TLC was ended", 128 + signal.SIGTERM) from None
    finally:
        signal.signal(signal.SIGTERM, old)
