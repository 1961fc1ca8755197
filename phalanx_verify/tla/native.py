"""The evaluator's hot modules compiled to C with mypyc, and loaded only while they are current.

Most of a check's time on the specs users bring is spent in a few modules of plain, typed
Python: compare (TLC's equality, membership and set algebra), runtime (quantifiers, CHOOSE,
EXCEPT, the helpers every generated function calls), sameness (1 against TRUE, confirmed at
every find by equality), order (TLC's order of values) and orbits (SYMMETRY's canonical
states). mypyc compiles those very sources to a C extension (the same code, so the same
semantics; mypy itself is built this way), which runs them about twice as fast (a check as a whole: 5 to 20% less time, the generated code
staying Python). ``phalanx-verify build-native`` builds it; without it, or with
PHALANX_VERIFY_PURE=1, the package runs as plain Python, as before.

The extension is kept in the user cache (``$XDG_CACHE_HOME/phalanx-verify/native``), under a
fingerprint of every source of this package and of the interpreter's ABI: an edit to any of
them changes the fingerprint, so a stale build is never loaded (the package then runs as plain
Python until rebuilt). A current build is put first on this package's ``__path__``, where the
import system finds the compiled modules before their sources.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

# The modules compiled, by their name in this package. Their classes become native classes:
# none of them is pickled or subclassed outside its module.
MODULES = ("compare", "runtime", "sameness", "order", "orbits")
GROUP = "native"  # the shared library: phalanx_verify.tla.native__mypyc, next to the modules
PURE_ENV = "PHALANX_VERIFY_PURE"
DIR_ENV = "PHALANX_VERIFY_NATIVE_DIR"
STAMP = "fingerprint"
_HERE = Path(__file__).resolve().parent


def fingerprint() -> str:
    """What a build depends on: the interpreter's ABI and every source of this package (the
    compiled modules bind to the others' names and constants)."""
    h = hashlib.sha256(sys.implementation.cache_tag.encode())
    for path in sorted(_HERE.glob("*.py")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:24]


def user_cache(environ: Mapping[str, str] | None = None) -> Path:
    """The toolkit's per-user cache, $XDG_CACHE_HOME/phalanx-verify or ~/.cache/phalanx-verify:
    native builds here, the TLC jar (tlc/locate.py)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CACHE_HOME") or str(Path(env.get("HOME") or Path.home()) / ".cache")
    return Path(base) / "phalanx-verify"


def cache_root(environ: Mapping[str, str] | None = None) -> Path:
    """Where builds are kept: $PHALANX_VERIFY_NATIVE_DIR, else the user cache."""
    env = os.environ if environ is None else environ
    if env.get(DIR_ENV):
        return Path(env[DIR_ENV])
    return user_cache(env) / "native"


def build_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder of the build for the sources as they are now."""
    return cache_root(environ) / fingerprint()


def current(environ: Mapping[str, str] | None = None) -> Path | None:
    """The build for these sources, if there is a complete one and it is not turned off."""
    env = os.environ if environ is None else environ
    if env.get(PURE_ENV, "") not in ("", "0"):
        return None
    folder = build_dir(env)
    stamp = folder / STAMP
    try:
        if stamp.read_text().strip() == folder.name:
            return folder
    except OSError:
        pass
    return None


def activate(package_path: list[str]) -> bool:
    """Put the current build, if any, first on the package's ``__path__`` (called by the
    package's ``__init__`` before it imports any module of MODULES)."""
    folder = current()
    if folder is None:
        return False
    package_path.insert(0, str(folder))
    return True


def active() -> bool:
    """Are the compiled modules the ones loaded?"""
    from . import compare, runtime
    return all(Path(m.__file__ or "").suffix not in (".py", ".pyc") for m in (compare, runtime))


def build(environ: Mapping[str, str] | None = None, verbose: bool = False) -> Path:
    """Compile MODULES with mypyc into the build folder of these sources; its path. Needs mypy
    (mypyc), setuptools and a C compiler; raises RuntimeError with the reason otherwise."""
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
        from setuptools.command.build_ext import build_ext
    except ImportError as e:  # pragma: no cover - the test extras bring both
        raise RuntimeError(f"building the native modules needs mypy and setuptools: {e}") from None
    target = build_dir(environ)
    root = _HERE.parents[1]  # the folder holding the phalanx_verify package
    with tempfile.TemporaryDirectory(prefix="phalanx-native-") as tmp:
        old_cwd, old_cache = os.getcwd(), os.environ.get("MYPY_CACHE_DIR")
        os.chdir(root)  # mypy names the modules from the paths, relative to their package root
        os.environ["MYPY_CACHE_DIR"] = str(Path(tmp) / "mypy-cache")
        try:
            sources = [str(Path("phalanx_verify") / "tla" / f"{m}.py") for m in MODULES]
            extensions = mypycify(sources, opt_level="3", group_name=f"phalanx_verify.tla.{GROUP}",
                                  target_dir=str(Path(tmp) / "c"), verbose=verbose)
            dist = Distribution({"name": "phalanx-verify-native", "ext_modules": extensions})
            cmd = build_ext(dist)
            cmd.build_lib = str(Path(tmp) / "lib")
            cmd.build_temp = str(Path(tmp) / "obj")
            cmd.ensure_finalized()
            cmd.run()
        except SystemExit as e:  # mypyc reports type errors by exiting
            raise RuntimeError(f"mypyc failed ({e})") from None
        finally:
            os.chdir(old_cwd)
            if old_cache is None:
                os.environ.pop("MYPY_CACHE_DIR", None)
            else:
                os.environ["MYPY_CACHE_DIR"] = old_cache
        built = sorted((Path(tmp) / "lib").rglob("*.so"))
        if not built:
            raise RuntimeError("mypyc produced no extension module")
        # A folder of this build's own, renamed into place: two builds of the same sources at
        # once (a clean-clone CI beside a local build) never write into each other's files.
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=target.name + ".partial-", dir=target.parent))
        for so in built:
            shutil.copy2(so, partial / so.name)
        (partial / STAMP).write_text(target.name + "\n")
        old = target.with_name(f"{target.name}.old-{partial.name.rsplit('-', 1)[-1]}")
        try:
            target.rename(old)  # the last build of these sources, if any, out of the way
        except FileNotFoundError:
            pass
        try:
            partial.rename(target)
        except OSError:  # another build put its own there in between: the same sources
            shutil.rmtree(partial, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
    return target
