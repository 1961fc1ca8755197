"""TLC's standard module Json: values to JSON text and back, and JSON files.

TLC ships ``Json.tla`` in its jar and overrides every operator with Java (tlc2.module.Json, on
Gson). What it writes depends on the kind of value, and the answers below were read from real
TLC (tests/checker/test_json_module.py):

- a record is an object whose fields come in the order they were written (also inside a set);
  a function whose domain is not 1..n is an object keyed by its arguments as TLC prints them
  (``{"0":0,"1":1}``, ``{"<<1, 2>>":3}``);
- a tuple, a function on 1..n, and the empty function are arrays; a set is an array of its
  members in TLC's order; a model value is its name as a string;
- ``ToJsonObject`` of a tuple keys it from 0 (``{"0":7,"1":8}``), but of a function built as
  ``[i \\in 1..n |-> ...]`` gives an array. This checker holds both as one value, so that case
  stops as unsupported rather than guess;
  ``ToJsonArray`` of a function of strings stops the same way (TLC fails on a record, writes a
  function built over a set of strings as an object);
- reading: an object becomes a record with its fields in file order, an array a tuple, a number
  a 32-bit integer as Java's ``intValue`` makes it (2.7 is 2, 2^32 + 1 is 1), ``null`` an error.
  The empty object is the empty function, which this checker prints ``<<>>`` (TLC: ``[]``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from .errors import EvalError, ModuleEvalError, SemanticError
from .order import sorted_tlc
from .values import Fcn, LazySet, ModelValue, TypedModelValue, as_set, format_value

# Gson (what TLC writes with) escapes these two; Python's json leaves them as they are.
_GSON_ESCAPES = {"\u2028": "\\u2028", "\u2029": "\\u2029"}


def _override_failed(operator: str, message: str) -> ModuleEvalError:
    """An exception in the Java method behind a Json operator, as TLC words it."""
    return ModuleEvalError(f"Attempted to apply the operator overridden by the Java method tlc2.module.Json.{operator}, "
                           f"but it produced the following error: {message}")


class _Unconvertible(Exception):
    """A value Gson's tree cannot hold (TLC: "Cannot convert value: unsupported value type")."""


def _unconvertible(v: Any) -> _Unconvertible:
    return _Unconvertible(f"Cannot convert value: unsupported value type {format_value(v)}")


def _record(v: Any) -> bool:
    """A function of strings: what TLC may hold as a record (toRcd)."""
    return type(v) is Fcn and all(type(k) is str for k in v)


def _node(v: Any) -> Any:
    """Json.getNode: the JSON tree of any value."""
    t = type(v)
    if t is bool or t is int or t is str:
        return v
    if t is ModelValue or t is TypedModelValue:
        return v.name
    if t is tuple:
        return [_node(x) for x in v]
    if t is Fcn:
        return _object(v)
    if isinstance(v, frozenset | LazySet):
        return _array_of_set(v)
    raise _unconvertible(v)


def _object(f: Fcn) -> dict[str, Any]:
    """The object of a function, keyed in its domain's order, sorted where every key is an
    integer (Json.isValidSequence normalizes such a function before getObjectNode reads it:
    ``1 :> "b" @@ 0 :> "c"`` is {"0":"c","1":"b"})."""
    items = list(f.items())
    if all(type(k) is int for k, _ in items):
        items.sort(key=lambda kx: kx[0])
    return {k if type(k) is str else format_value(k): _node(x) for k, x in items}


def _array_of_set(s: Any) -> list[Any]:
    try:
        members = as_set(s)
    except EvalError as e:
        raise _Unconvertible(e.message) from None
    return [_node(x) for x in sorted_tlc(members)]


def _text(tree: Any) -> str:
    """Gson's compact text: no spaces, non-ASCII as it is."""
    out = json.dumps(tree, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in _GSON_ESCAPES.items():
        out = out.replace(raw, escaped)
    return out


def _converted(operator: str, convert: Callable[[Any], Any], v: Any) -> str:
    try:
        return _text(convert(v))
    except _Unconvertible as e:
        raise _override_failed(operator, str(e)) from None


def to_json(v: Any) -> str:
    """ToJson(value)."""
    return _converted("toJson", _node, v)


def _as_array(v: Any) -> Any:
    """Json.getArrayNode: as getNode for a tuple, a set, or a function that is not a sequence
    (an object); anything else cannot be converted."""
    if type(v) is tuple or type(v) is Fcn or isinstance(v, frozenset | LazySet):
        return _node(v)
    raise _unconvertible(v)


def to_json_array(v: Any) -> str:
    """ToJsonArray(value)."""
    if _record(v):
        raise SemanticError("unsupported construct: ToJsonArray (module Json) of a function of strings: TLC "
                            "stops on a record but writes a function built as [s \\in S |-> ...] as an object, "
                            f"and this checker holds both as one value ({format_value(v)})")
    return _converted("toJsonArray", _as_array, v)


def _as_object(v: Any) -> dict[str, Any]:
    if type(v) is Fcn:
        return _object(v)
    if v == ():
        return {}
    raise _unconvertible(v)


def to_json_object(v: Any) -> str:
    """ToJsonObject(value)."""
    if type(v) is tuple and v:
        raise SemanticError("unsupported construct: ToJsonObject (module Json) of a sequence: TLC keys a tuple "
                            "from 0 but turns a function on 1..n into an array, and this checker holds both as "
                            f"one value ({format_value(v)})")
    return _converted("toJsonObject", _as_object, v)


def _path(operator: str, path: Any) -> str:
    if type(path) is not str:
        raise _override_failed(operator, f"Cannot cast {format_value(path)} to a string")
    return path


def _write(path: str, text: str) -> None:
    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def json_serialize(path: Any, v: Any) -> bool:
    """JsonSerialize(file, value): a sequence or record written as one JSON text."""
    name = _path("serialize", path)
    if type(v) is not tuple and not _record(v):
        raise ModuleEvalError("The second argument of JsonSerialize should be a sequence or record, but instead "
                              f"it is: {format_value(v)}")
    _write(name, _converted("serialize", _node, v))
    return True


def nd_json_serialize(path: Any, v: Any) -> bool:
    """ndJsonSerialize(file, sequence): one JSON text per element, each on its own line."""
    name = _path("ndSerialize", path)
    if type(v) is not tuple:
        raise ModuleEvalError(f"The second argument of ndJsonSerialize should be a sequence, but instead it is: "
                              f"{format_value(v)}")
    _write(name, "".join(_converted("ndSerialize", _node, x) + "\n" for x in v))
    return True


def _java_int(number: int | Decimal) -> int:
    """Gson's getAsInt: Java's intValue of the number as written, which truncates a fraction and
    keeps the low 32 bits."""
    return (int(number) + 2 ** 31) % 2 ** 32 - 2 ** 31


def _value(j: Any) -> Any:
    """Json.getValue: the TLA+ value of a parsed JSON text."""
    if isinstance(j, bool | str):
        return j
    if isinstance(j, int | Decimal):  # (a Boolean is taken above)
        return _java_int(j)
    if isinstance(j, list):
        return tuple(_value(x) for x in j)
    if isinstance(j, dict):
        return Fcn({k: _value(x) for k, x in j.items()}) if j else ()
    raise ValueError("null")


def _parsed(operator: str, text: str) -> Any:
    try:
        tree = json.loads(text, parse_float=Decimal)
    except json.JSONDecodeError as e:
        raise _override_failed(operator, f"malformed JSON: {e}") from None
    try:
        return _value(tree)
    except ValueError:
        raise _override_failed(operator, f"Cannot convert value: unsupported JSON value {_text(tree)}") from None


def _read(operator: str, path: Any) -> str:
    name = _path(operator, path)
    try:
        with open(name, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise _override_failed(operator, f"{name} ({e.strerror})") from None


def json_deserialize(path: Any) -> Any:
    """JsonDeserialize(file): the value of the file's one JSON text."""
    return _parsed("deserialize", _read("deserialize", path))


def nd_json_deserialize(path: Any) -> tuple:
    """ndJsonDeserialize(file): the tuple of the values of the file's lines, blank lines skipped."""
    text = _read("ndDeserialize", path)
    return tuple(_parsed("ndDeserialize", line) for line in map(str.strip, text.splitlines()) if line)
