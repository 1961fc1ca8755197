"""Module loading and name scopes: EXTENDS, INSTANCE ... WITH, and the standard modules.

EXTENDS merges namespaces (the extended module's definitions see the same constants and
variables); INSTANCE creates a new scope whose constants and variables stand for expressions of
the instantiating module. A ``Scope`` answers "what does this name mean here".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import interning, subexpr
from . import syntax as ast
from .errors import SemanticError
from .formargs import specialise_form_arguments
from .instances import calls_left, hoist_calls
from .parse import display, parse_module_file, parse_module_text
from .resolve import STD_EXPORTS, check_module, std_closure

# Standard modules (described by what they export, see resolve.STD_EXPORTS).
STANDARD_MODULES = STD_EXPORTS
# Modules shipped with the package that a spec may EXTEND like its own (see Loader)
LIBRARY = Path(__file__).parent / "library"
ALWAYS_VISIBLE = {"BOOLEAN", "STRING", "TRUE", "FALSE"}


@dataclass
class Scope:
    """The names visible inside one module instance."""

    module: ast.Module
    constants: list[ast.Param] = field(default_factory=list)
    variables: list[str] = field(default_factory=list)
    defs: dict[str, tuple[ast.Definition, Scope]] = field(default_factory=dict)
    instances: dict[str, tuple[ast.InstanceDef, Scope]] = field(default_factory=dict)
    std: set[str] = field(default_factory=set)
    # For an instantiated module: its constants/variables -> expressions of the parent scope.
    subst: dict[str, ast.Expr] | None = None
    parent: Scope | None = None
    prefix: str = ""
    # An instance hoisted from ``I(s)!Op`` under a quantifier binding s: the bound names its
    # substitutions read, passed to every operator compiled in it (see bindings.threaded).
    bound: tuple[str, ...] = ()
    bound_kinds: dict[str, str] = field(default_factory=dict)  # InstanceDef.bound_kinds

    def is_variable(self, name: str) -> bool:
        return name in self.variables

    def label(self) -> str:
        return self.prefix + self.module.name

    def substituting(self) -> list[Scope]:
        """The instances whose substitutions apply in this scope: it and the scopes it was
        instantiated from, those with a WITH (implicit or written)."""
        out: list[Scope] = []
        scope: Scope | None = self
        while scope is not None:
            if scope.subst is not None:
                out.append(scope)
            scope = scope.parent
        return out

    def reachable(self) -> list[Scope]:
        """This scope and every scope its definitions and instances lead to, each once."""
        out: dict[int, Scope] = {}
        todo = [self]
        while todo:
            scope = todo.pop()
            if id(scope) not in out:
                out[id(scope)] = scope
                todo += [inner for _d, inner in scope.defs.values()] + [inner for _d, inner in scope.instances.values()]
        return list(out.values())


def _labelled_selection(sel: ast.Selection, labelled: tuple[str, ...]) -> ast.Selection:
    """``sel`` (``I!Op!lab!<<``, read as the selector ``lab!<<`` through the instances ``I!Op``)
    once the loader finds that ``labelled`` (``Op``) starts with the operator, the other names
    being its labels: the selector of the operator's labels, named as the reference reads it in
    the operator's module (``Op!lab†<<``, bindings.resolve_def)."""
    labels = tuple(subexpr.LabelStep(n, ()) for n in (*labelled[1:], sel.target))
    return ast.Selection(sel.pos, "!".join(labelled) + "!" + sel.name, (), labelled[0], labels + sel.steps)


class Loader:
    """Finds modules next to the root spec (and in extra directories), parses each once."""

    def __init__(self, search_dirs: list[Path]) -> None:
        self.search_dirs = search_dirs
        # then the modules this package ships (library/: TLAPS, whose proof pragmas TLC users
        # have on their path), after the user's directories, so that their own copy wins
        self._dirs = [*search_dirs, LIBRARY]
        self._parsed: dict[str, ast.Module] = {}
        self._checked = False

    def parse(self, name: str, pos: ast.Pos) -> ast.Module:
        if name in self._parsed:
            return self._parsed[name]
        for d in self._dirs:
            p = d / f"{name}.tla"
            if p.exists():
                mod = parse_module_file(p, self._kind)
                self._register(mod)
                self.hoist_inherited(mod)
                self.define_selections(mod)
                if self._checked:  # (those SANY checks with the root are rewritten after it)
                    specialise_form_arguments(mod)
                return mod
        where = ", ".join(str(d) for d in self.search_dirs) or "nowhere"
        raise SemanticError(f"cannot find module {name} (searched {where}; --lib DIR adds a directory)", pos)

    def hoist_inherited(self, mod: ast.Module) -> None:
        """``P(2)!Spec`` in ``mod`` with ``P(n) == INSTANCE ...`` written in a module it EXTENDS
        (directly or not): hoisted as the module's own calls are (instances.hoist_calls)."""
        if calls_left(mod):
            hoist_calls(mod, {**self._instantiated_instances(mod), **self._instances_through(mod),
                              **self._inherited_instances(mod)})

    def _instances_through(self, mod: ast.Module) -> dict[str, ast.InstanceDef]:
        """``L!I2(x)!Op``: the instances with parameters (I2) of the modules ``mod``'s named
        instances (L) instantiate, keyed ``L!I2``, whose substitutions read nothing but their
        parameters, so that hoisted into ``mod`` they mean what they mean there (TLC's
        suite/test219)."""
        out: dict[str, ast.InstanceDef] = {}
        for via in mod.defs:
            if isinstance(via, ast.InstanceDef) and via.name and via.module not in STANDARD_MODULES:
                for inst in self.parse(via.module, via.pos).defs:
                    if isinstance(inst, ast.InstanceDef) and inst.params and inst.name and not inst.local \
                            and inst.module not in STANDARD_MODULES and not self._reads(inst):
                        out[f"{via.name}!{inst.name}"] = inst
        return out

    def _reads(self, inst: ast.InstanceDef) -> set[str]:
        """The names the substitutions of ``inst`` (``WITH`` and implicit) read besides its
        parameters, in the module that defines it."""
        m = self.parse(inst.module, inst.pos)
        implicit = {c.name for c in m.constants}.union(m.variables) - {n for n, _ in inst.subs}
        return set().union(implicit, *(ast.names_in(e) for _, e in inst.subs)) - {p.name for p in inst.params}

    def _instantiated_instances(self, mod: ast.Module) -> dict[str, ast.InstanceDef]:
        """The instances with parameters of the modules ``mod`` instantiates without a name
        (``INSTANCE D WITH C <- 4``; D defines ``I2(A(_)) == INSTANCE M``) whose substitutions,
        hoisted into ``mod``, mean what they mean in D: every name they read (those WITH names
        and M's constants and variables left to the implicit substitution) is one D shares
        with ``mod``, neither LOCAL in D nor substituted by the INSTANCE (TLC's suite/test219)."""
        out: dict[str, ast.InstanceDef] = {}
        for u in mod.defs:
            if not isinstance(u, ast.InstanceDef) or u.name is not None or u.module in STANDARD_MODULES:
                continue
            d = self.parse(u.module, u.pos)
            differ = {n for n, _ in u.subs} | {x.name for x in d.defs if x.local and x.name}
            for inst in d.defs:
                if isinstance(inst, ast.InstanceDef) and inst.params and inst.name and not inst.local \
                        and inst.module not in STANDARD_MODULES:
                    if not self._reads(inst) & differ:
                        out.setdefault(inst.name, inst)
        return out

    def _kind(self, mod: ast.Module, path: tuple[str, ...]) -> str | None:
        """What the names ``path`` (``I``, ``Op``: ``I!Op``) mean as ``mod`` sees them, which the
        parser asks to tell instances from operators in a selector (parse.Kind): "instance",
        "operator", or None when they name nothing known."""
        try:
            return self._path_kind(mod, path)
        except SemanticError:  # (a module not found: reported where the module is loaded)
            return None

    def _path_kind(self, mod: ast.Module, path: tuple[str, ...]) -> str | None:
        m = mod
        for i, name in enumerate(path):
            d = self._visible(mod, m, name)
            if d is None or i < len(path) - 1 and not isinstance(d, ast.InstanceDef):
                return None
            if i == len(path) - 1:
                return "instance" if isinstance(d, ast.InstanceDef) else "operator"
            assert isinstance(d, ast.InstanceDef)
            if d.module in STANDARD_MODULES:
                return None
            m = self._module_of(mod, d.module, d.pos)
        return None

    def _visible(self, reading: ast.Module, mod: ast.Module, name: str) -> ast.Definition | None:
        """The definition ``name`` names in ``mod``: its own, or one of a module it extends or
        instantiates without a name (and so on) that is not LOCAL there (``reading``: the
        module being read, _module_of)."""
        return next((d for m in self._sharing(mod, reading) for d in m.defs
                     if d.name == name and (m is mod or not d.local)), None)

    def _sharing(self, mod: ast.Module, reading: ast.Module | None = None) -> Iterator[ast.Module]:
        """``mod``, then the modules whose definitions it has: those it extends or instantiates
        without a name, and so on, each once, read only as the walk gets to them."""
        seen: set[str] = set()
        todo = [mod]
        while todo:
            m = todo.pop(0)
            if m.name in seen:
                continue
            seen.add(m.name)
            yield m
            todo += [self._module_of(reading or mod, e, m.extends_pos.get(e, m.pos))
                     for e in m.extends if e not in STANDARD_MODULES]
            todo += [self._module_of(reading or mod, d.module, d.pos) for d in m.defs  # INSTANCE M: M's definitions
                     if isinstance(d, ast.InstanceDef) and d.name is None and d.module not in STANDARD_MODULES]

    def _module_of(self, reading: ast.Module, name: str, pos: ast.Pos) -> ast.Module:
        """The module ``name``: one written inside ``reading``, the module being read (not
        registered yet), or the one the loader finds."""
        return next((x for x in reading.inner if x.name == name), None) or self.parse(name, pos)

    def _inherited_instances(self, mod: ast.Module) -> dict[str, ast.InstanceDef]:
        """The instances with parameters (``P(n) == INSTANCE ...``) that the modules ``mod``
        extends define, directly or through the modules they extend."""
        inherited: dict[str, ast.InstanceDef] = {}
        seen: set[str] = set()
        todo = list(mod.extends)
        while todo:
            name = todo.pop(0)
            if name in seen or name in STANDARD_MODULES:
                continue
            seen.add(name)
            ext = self.parse(name, mod.extends_pos.get(name, mod.pos))
            for d in ext.defs:
                if isinstance(d, ast.InstanceDef) and d.params and not d.local and d.name:
                    inherited.setdefault(d.name, d)
            todo.extend(ext.extends)
        return inherited

    def define_selections(self, mod: ast.Module) -> None:
        """``Init!1`` or ``I!Op!2`` in ``mod`` with Init (Op) defined in a module it EXTENDS (that
        I instantiates): the selected subexpression becomes a definition of that module, which
        the reference names (subexpr.define), so it reads that module's names as Op does."""
        for sel in mod.selections:
            def refused(sel: ast.Selection = sel) -> SemanticError:
                return SemanticError("unsupported construct: the subexpression selector "
                                     f"{display(sel.name.replace(subexpr.MARK, '!'))}", sel.pos)
            found = self._owner(mod, sel.via, sel.target, sel.pos)
            if sel.optional and (found is None or not found[1]):
                continue  # an operator of an instance after all: resolved as such
            if found is None:
                raise refused()
            owner, labelled = found
            if labelled:
                sel = _labelled_selection(sel, labelled)
            if not any(d.name == sel.name for d in owner.defs):
                subexpr.insert(owner, *subexpr.define(owner, sel, refused))

    def _owner(self, mod: ast.Module, via: tuple[str, ...], target: str, pos: ast.Pos) \
            -> tuple[ast.Module, tuple[str, ...]] | None:
        """The module defining ``target``: ``mod`` or one it EXTENDS or instantiates without a
        name, or, through the instances named ``via``, the module they instantiate (and so on).
        Where a name of ``via`` is that module's operator, not an instance (``I!Op!lab!<<``, the
        parser could not tell), the names from it on come with the module."""
        for m in self._sharing(mod):
            if via:
                inst = next((d for d in m.defs if isinstance(d, ast.InstanceDef) and d.name == via[0]), None)
                if inst is not None:
                    if inst.module in STANDARD_MODULES:
                        return None
                    return self._owner(self.parse(inst.module, inst.pos), via[1:], target, pos)
                if any(isinstance(d, ast.OpDef) and d.name == via[0] for d in m.defs):
                    return m, via
            elif any(isinstance(d, ast.OpDef) and d.name == target for d in m.defs):
                return m, ()
        return None

    def _register(self, mod: ast.Module) -> None:
        """A parsed module and the modules written inside it (found by name before any file)."""
        java = Path(mod.pos.file).with_name(f"{mod.name}.class")
        if java.exists():  # TLC loads it from the spec's directory and runs its methods instead
            raise SemanticError(f"unsupported construct: the Java module override {java.name} beside module "
                                f"{mod.name}", mod.pos)
        self._parsed[mod.name] = mod
        for inner in mod.inner:
            self._register(inner)

    def load_root(self, path: Path, extra: Sequence[str] = ()) -> Scope:
        """The root module at ``path``; ``extra``: definitions (``Name == expr`` texts) added at
        its end, with TLC and Naturals extended, as TLC adds the invariants of -inv/-invlevel."""
        mod = parse_module_file(path, self._kind)
        if extra:
            more = parse_module_text(f"---- MODULE {mod.name} ----\n" + "\n".join(extra) + "\n====\n",
                                     "<command line>", self._kind)
            mod.extends = (*mod.extends, *(m for m in ("TLC", "Naturals") if m not in mod.extends))
            mod.defs.extend(more.defs)
            mod.units.extend(more.units)
        self._register(mod)
        self.hoist_inherited(mod)
        self.define_selections(mod)
        check_module(mod, self.parse)
        self._checked = True
        for m in self._parsed.values():
            specialise_form_arguments(m)
        scope = self.build_scope(mod, subst=None, parent=None, prefix="")
        interning.read_modules(interning.module_names(mod.name, self._tokens()))
        return scope

    def _tokens(self) -> dict[str, interning.ModuleTokens]:
        """What parsing each module read interns (TLC's order of strings follows it)."""
        tokens: dict[str, interning.ModuleTokens] = {}
        by_file: dict[str, interning.ModuleTokens] = {}
        for name, m in self._parsed.items():
            if m.file not in by_file:  # a module written inside another is read with that file
                try:
                    by_file[m.file] = interning.module_tokens(Path(m.file).read_text(encoding="utf-8",
                                                                                     errors="replace"))
                except OSError:
                    continue
            tokens[name] = by_file[m.file]
        return tokens

    def build_scope(self, mod: ast.Module, subst: dict[str, ast.Expr] | None, parent: Scope | None,
                    prefix: str) -> Scope:
        scope = Scope(module=mod, subst=subst, parent=parent, prefix=prefix)
        self._extend(scope, mod, seen=set())
        return scope

    def _extend(self, scope: Scope, mod: ast.Module, seen: set[str]) -> None:
        if mod.name in seen:
            return
        seen.add(mod.name)
        for ext in mod.extends:
            if ext in STANDARD_MODULES:
                scope.std.update(std_closure([ext]))
                continue
            self._extend(scope, self.parse(ext, mod.extends_pos.get(ext, mod.pos)), seen)
        scope.constants.extend(mod.constants)
        # TLC accepts a variable declared twice; it is one variable.
        scope.variables.extend(v for v in dict.fromkeys(mod.variables) if v not in scope.variables)
        own = mod is scope.module
        local_names = {} if own else {d.name: f"{d.name}%{mod.name}" for d in mod.defs
                                      if d.local and d.name is not None and not isinstance(d, ast.InstanceDef)}
        # T == INSTANCE TLC (or LET T == INSTANCE TLC IN ...): T!TLCGet is TLC's TLCGet, which the
        # instantiating scope sees once instantiate() has added the module to it.
        std_names = {f"{d.name}!{op}": op for d in mod.defs
                     if isinstance(d, ast.InstanceDef) and d.name and not d.params and d.module in STANDARD_MODULES
                     for m in std_closure([d.module]) for op in STANDARD_MODULES[m]}
        local_names.update(std_names)
        for old, new in std_names.items():  # ASSUME G!-(4, 6) = -2 with G == INSTANCE Integers
            mod.assumes[:] = [ast.renamed(a, old, new) for a in mod.assumes]
        for d in mod.defs:
            if isinstance(d, ast.InstanceDef) and d.local and not own:
                if d.module in STANDARD_MODULES:  # LOCAL INSTANCE FiniteSets: for mod's own definitions
                    scope.std.update(std_closure([d.module]))
                    continue
                if d.name is not None:
                    raise SemanticError("unsupported construct: a named LOCAL INSTANCE of a user module in an "
                                        "EXTENDed module", d.pos)
                # LOCAL INSTANCE FiniteSetsExt (the community modules' way): its definitions are
                # mod's own LOCAL ones, for mod's later definitions and invisible to the extender
                inst_scope = self.instantiate(scope, d)
                scope.std.update(inst_scope.std)
                for name, entry in inst_scope.defs.items():
                    if not entry[0].local:
                        local_names[name] = f"{name}%{mod.name}"
                        scope.defs[local_names[name]] = entry
                continue
            for old, new in local_names.items():  # mod's LOCAL definitions, invisible to the extender
                d = ast.renamed(d, old, new)
            if d.local and not own:
                assert d.name is not None, "named: a bare LOCAL INSTANCE is handled above"
                scope.defs[local_names[d.name]] = (dataclasses.replace(d, name=local_names[d.name]), scope)
                continue
            if isinstance(d, ast.InstanceDef):
                if d.params:  # used only through the copies instances.py made at each call
                    continue
                inst_scope = self.instantiate(scope, d)
                if d.name is None:
                    for name, entry in inst_scope.defs.items():
                        if not entry[0].local:
                            scope.defs[name] = entry
                    # and its named instances: I!Op with I == INSTANCE M written in Inner (SANY;
                    # TLC's suite/test216), read with Inner's substitutions
                    for name, ientry in inst_scope.instances.items():
                        if not ientry[0].local:
                            scope.instances.setdefault(name, ientry)
                    # INSTANCE Inner imports what Inner EXTENDS too: Inner's Seq is the spec's
                    scope.std.update(inst_scope.std)
                else:
                    scope.instances[d.name] = (d, inst_scope)
            else:
                scope.defs[d.name] = (d, scope)

    def instantiate(self, scope: Scope, inst: ast.InstanceDef) -> Scope:
        if inst.module in STANDARD_MODULES:
            scope.std.update(std_closure([inst.module]))
            # T == INSTANCE TLC: T!TLCGet is the built-in, seen from a scope that has the module
            return Scope(module=ast.Module(inst.module, "", inst.pos), std=std_closure([inst.module]))
        mod = self.parse(inst.module, inst.pos)
        sub_scope = self.build_scope(mod, subst={}, parent=scope,
                                     prefix=f"{scope.prefix}{inst.name or mod.name}!")
        sub_scope.bound = inst.bound
        sub_scope.bound_kinds = dict(inst.bound_kinds)
        explicit = dict(inst.subs)
        defaults = dict(inst.defaults)
        for name in [c.name for c in sub_scope.constants] + sub_scope.variables:
            if name in explicit:
                sub_scope.subst[name] = explicit.pop(name)  # type: ignore[index]
            elif name in defaults:  # the argument of an instance with parameters (instances.py)
                sub_scope.subst[name] = defaults[name]  # type: ignore[index]
            elif name in inst.shadowed:
                raise SemanticError(f"unsupported construct: an INSTANCE inside LET whose implicit substitution "
                                    f"{name} <- {name} means a bound name", inst.pos)
            else:
                # Implicit substitution: the same name must mean something in the parent.
                sub_scope.subst[name] = ast.Name(inst.pos, name)  # type: ignore[index]
        if explicit:
            bad = next(iter(explicit))
            raise SemanticError(f"INSTANCE {inst.module} has no constant or variable {bad}", inst.pos)
        return sub_scope
