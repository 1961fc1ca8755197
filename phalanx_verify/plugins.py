"""Commands other packages add to a click group through an entry-point group (the Phalanx layer's
``drift`` and ``prove hdfb``), so the toolkit imports none of them.

A group loads its plugins only when asked for a name it does not know, or for its command list
(``--help``): ``check`` or ``prove inductive`` never import a plugin's package, and a plugin
that fails to import says so only when it is the command asked for, not on every run.
"""

from __future__ import annotations

from importlib.metadata import entry_points

import click


def load_plugins(group: click.Group, entry_group: str, wanted: str | None = None) -> None:
    """Add the click commands registered under ``entry_group`` that ``group`` lacks. A plugin
    that fails to import is skipped, so a broken layer cannot take the generic commands down;
    when it is the ``wanted`` command, one line on stderr says why it is missing."""
    for ep in entry_points(group=entry_group):
        if ep.name in group.commands:
            continue
        try:
            cmd = ep.load()
        except ImportError as err:
            if ep.name == wanted:
                click.echo(f"phalanx-verify: command {ep.name} ({ep.value}) not loaded: {err}", err=True)
            continue
        group.add_command(cmd, ep.name)


class PluginGroup(click.Group):
    """A click group whose missing commands come from the entry-point group ``entry_group``,
    loaded on first need (not at import: a plugin may itself import the group's module)."""

    entry_group = ""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands:
            load_plugins(self, self.entry_group, wanted=name)
        return super().get_command(ctx, name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        load_plugins(self, self.entry_group)
        return super().list_commands(ctx)


__all__ = ["PluginGroup", "load_plugins"]
