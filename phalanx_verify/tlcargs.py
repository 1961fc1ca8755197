"""TLC's single-dash spelling for ``phalanx-verify check``, so that a script written for
``java tlc2.TLC -workers 2 -config M.cfg -deadlock M.tla`` runs unchanged.

click does not accept single-dash long options, so the check command translates its argument
list first (TLCStyleCommand): each TLC flag becomes the long option of the same meaning, with
TLC's arguments (``-simulate num=10``, ``-dump FILE``, ``-dump dot,actionlabels FILE``,
``-coverage 1``). Flags
that only tune TLC's own machinery (``-cleanup``, ``-metadir DIR``, ``-fpmem X``, ...) are
accepted and dropped; a TLC flag the built-in engine cannot honour is a usage error (exit 2)
naming it, never silently ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import click

# TLC flag -> (long option, number of arguments it takes).
RENAMED: dict[str, tuple[str, int]] = {
    "-config": ("--config", 1),
    "-deadlock": ("--no-deadlock", 0),   # TLC's -deadlock switches deadlock checking OFF
    "-continue": ("--continue", 0),
    "-depth": ("--depth", 1),
    "-seed": ("--seed", 1),
    "-maxSetSize": ("--max-set-size", 1),
    "-fp": ("--fp", 1),
    "-workers": ("--workers", 1),
    "-lncheck": ("--lncheck", 1),
    "-inv": ("--inv", 1),
    "-invlevel": ("--invlevel", 1),
    "-view": ("--view", 0),
    "-nowarning": ("--nowarning", 0),  # (it changes TLC's generated counts: tla/actions.py)
}
# Not mapped: TLC's -checkpoint takes minutes and -recover one of TLC's own checkpoint folders, so
# they are usage errors rather than guesses at the built-in's --checkpoint/--recover.
# Flags about TLC's own files and memory, with no effect on what is checked or printed here.
IGNORED: dict[str, int] = {
    "-cleanup": 0, "-modelcheck": 0, "-gzip": 0, "-noGenerateSpecTE": 0, "-noTE": 0,
    "-noGenerateSpecTEBin": 0, "-noTEBin": 0, "-metadir": 1, "-fpmem": 1, "-fpbits": 1, "-teSpecOutDir": 1,
}
_TLC_FLAG = re.compile(r"^-[A-Za-z][A-Za-z]+$")  # -config, -deadlock (not -c, -q, or a number)


def translate(args: Sequence[str], known: set[str]) -> list[str]:
    """The argument list with TLC's flags replaced by their long options. ``known``: the long
    options the command has."""
    out: list[str] = []
    i = 0
    n = len(args)

    def value(flag: str) -> str:
        if i + 1 >= n:
            raise click.UsageError(f"TLC's {flag} needs a value")
        return args[i + 1]

    while i < n:
        a = args[i]
        if a == "--":
            out.extend(args[i:])
            break
        if not _TLC_FLAG.match(a):
            out.append(a)
            i += 1
            continue
        if a in RENAMED:
            long, nargs = RENAMED[a]
            vals = [value(a)] if nargs else []
            if long not in known:
                raise click.UsageError(f"TLC's {a} is not supported by the built-in engine")
            out += [long, *vals]
            i += 1 + nargs
        elif a == "-help":
            out.append("--help")
            i += 1
        elif a in IGNORED:
            i += 1 + IGNORED[a]
        elif a == "-simulate":
            out.append("--simulate")
            i += 1
            if i < n and re.search(r"(num|file|stats|sched)=", args[i]):
                out += _simulate_args(args[i])
                i += 1
        elif a == "-coverage":
            minutes = value(a)
            if not minutes.isdigit():
                raise click.UsageError(f"TLC's -coverage needs an integer (the report interval in minutes), "
                                    f"found {minutes!r}")
            out.append("--coverage")  # reported once, at the end of the run
            i += 2
        elif a == "-dump":
            what = value(a)
            if not what.lower().startswith("dot") or i + 2 >= n:  # TLC: "dot..." only with a file after it
                out += ["--dump", what]
                i += 2
                continue
            opts = what.lower().split(",")[1:]
            unknown = [o for o in opts if o not in ("actionlabels", "colorize")]
            if unknown:
                raise click.UsageError(f"-dump dot option {unknown[0]!r} is not supported (actionlabels, colorize are)")
            out += ["--dump-dot", args[i + 2]]
            out += [f"--dot-{o}" for o in opts]
            i += 3
        else:
            raise click.UsageError(f"TLC's {a} is not supported by the built-in engine")
    return out


def _simulate_args(text: str) -> list[str]:
    """``-simulate num=N``: the number of behaviours."""
    out: list[str] = []
    for part in text.split(","):
        key, _, val = part.partition("=")
        if key == "num" and val.isdigit():
            out += ["--traces", val]
        else:
            raise click.UsageError(f"-simulate {part!r} is not supported (num=N is)")
    return out


class TLCStyleCommand(click.Command):
    """A click command that also accepts TLC's single-dash flags (see ``translate``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        known = {opt for p in self.params for opt in getattr(p, "opts", []) if opt.startswith("--")}
        return super().parse_args(ctx, translate(args, known))
