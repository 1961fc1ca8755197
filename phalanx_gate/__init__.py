"""The Phalanx verification layer: what ties the generic TLA+ toolkit (``phalanx_verify``) to the
Phalanx implementation (``phalanx_ref``). ``phalanx_verify`` never imports this package; its
commands reach ``phalanx-verify`` through entry points (pyproject.toml)."""
