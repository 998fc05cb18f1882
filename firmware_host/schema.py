"""Checking what comes from outside (files people write, exported games) against a schema,
with msgspec, and saying in one line what is wrong.

A schema is a type: a dataclass or msgspec ``Struct`` whose fields carry the values they
accept (``Annotated[int, Meta(ge=0, le=60)]``, ``Literal["en", "fa"]``, ``bool``, nested
schemas, lists and dicts of them). :func:`convert` checks data against it with
``msgspec.convert`` (strict: no ``true`` for 1, no ``1.5`` or ``"3"`` for an integer; a
number's bounds also refuse NaN and infinities), refuses unknown keys with the list of the
known ones, and turns msgspec's error into an :class:`InputError` whose text is one line::

    config.toml: led_count = 100000000: must be an integer from 1 to 1000

The accepted values are worded from the schema itself (:func:`describe`), or by a field's
``Meta(description=...)``.

Pure (no I/O) and importing nothing of the companion: the engine (event and setup types,
holdings files), the config (which the hardware adapters read) and the replay all use it.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import types
import typing
from collections.abc import Callable
from functools import cache
from pathlib import PurePath
from typing import Any, Literal, TypeVar

import msgspec

T = TypeVar("T")
Style = Literal["json", "toml"]

NAME_MAX = 24
"""The longest player name (characters); the screens' forms keep names shorter still."""


class InputError(ValueError):
    """Input that is refused. ``str(error)`` is one line naming where, the field, the value
    and what is accepted."""


def _at(where: str) -> str:
    return f"{where}: " if where else ""


# --------------------------------------------------------------------------- player names

def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name (``None`` if it can): text of 1 to
    :data:`NAME_MAX` printable characters, not only spaces (no control characters, no NUL,
    no lone surrogates)."""
    if not isinstance(name, str):
        return f"must be text of 1 to {NAME_MAX} printable characters"
    # the zero-width (non-)joiner is part of Persian spelling (the half-space of نیم‌فاصله)
    # though Python counts it unprintable; a name must still show something besides them
    shown = name.replace("\u200c", "").replace("\u200d", "")
    if not shown.strip():
        return "must not be empty"
    if len(name) > NAME_MAX:
        return f"must be at most {NAME_MAX} characters long"
    if not shown.isprintable() or any("\ud800" <= ch <= "\udfff" for ch in name):
        return "must be printable text (no control characters)"
    return None


PlayerName = typing.Annotated[str, msgspec.Meta(
    min_length=1, max_length=NAME_MAX, description=f"text of 1 to {NAME_MAX} printable characters")]
"""A player's name in a schema; :func:`convert` also applies :func:`name_problem` to it."""


def player_labels(data: Any) -> Callable[[str], str]:
    """A rewriter for messages about ``data["players"]``: ``players[1].hand`` becomes
    ``player 2 (Bela): hand`` (the name when the file gives a usable one)."""
    names: dict[int, str] = {}
    rows = data.get("players") if isinstance(data, dict) else None
    if isinstance(rows, list):
        for i, row in enumerate(rows):
            name = row.get("name") if isinstance(row, dict) else None
            if isinstance(name, str) and name_problem(name) is None:
                names[i] = name

    def who(index: str) -> str:
        i = int(index)
        return f"player {i + 1}" + (f" ({names[i]})" if i in names else "")

    def label(text: str) -> str:
        text = re.sub(r"unknown key players\[(\d+)\]\.(\S+);",
                      lambda m: f"{who(m.group(1))}: unknown key {m.group(2)};", text)
        return re.sub(r"players\[(\d+)\](\.?)", lambda m: who(m.group(1)) + (": " if m.group(2) else ""), text)
    return label


# --------------------------------------------------------------------------- showing values

def show(value: Any, style: Style = "json", limit: int = 60) -> str:
    """``value`` as it would be written in a ``style`` file, on one line, at most ``limit``
    characters (longer: cut with ``...``)."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float) and not math.isfinite(value):
        text = ("nan" if math.isnan(value) else "inf" if value > 0 else "-inf") if style == "toml" else \
            ("NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity")
    elif isinstance(value, int) and abs(value) > 10**30:
        text = f"{'-' if value < 0 else ''}<an integer of {len(str(abs(value)))} digits>"
    elif hasattr(value, "isoformat") and not isinstance(value, (str, int, float)):   # TOML dates and times
        text = value.isoformat()
    elif isinstance(value, (str, int, float)) or value is None:
        text = "null" if value is None else json.dumps(value, ensure_ascii=False)
    elif isinstance(value, (list, tuple)):
        text = "[" + ", ".join(show(v, style, limit) for v in value[:8]) + (", ...]" if len(value) > 8 else "]")
    elif isinstance(value, dict):
        sep = " = " if style == "toml" else ": "
        items = [f"{show(str(k), style, limit)}{sep}{show(v, style, limit)}" for k, v in list(value.items())[:8]]
        text = "{" + ", ".join(items) + (", ...}" if len(value) > 8 else "}")
    else:
        text = repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- describing types

def _unwrap(tp: Any) -> tuple[Any, list[msgspec.Meta]]:
    metas: list[msgspec.Meta] = []
    while typing.get_origin(tp) is typing.Annotated:
        tp, *extra = typing.get_args(tp)
        metas += [m for m in extra if isinstance(m, msgspec.Meta)]
    return tp, metas


def _range(metas: list[msgspec.Meta]) -> str:
    lo = next((m.ge for m in metas if m.ge is not None), None)
    hi = next((m.le for m in metas if m.le is not None), None)
    if lo is not None and hi is not None:
        return f" from {lo:g} to {hi:g}"
    if lo is not None:
        return f" of {lo:g} or more"
    if hi is not None:
        return f" of {hi:g} or less"
    return ""


def _fields(tp: Any) -> dict[str, Any]:
    """Field name -> annotation (with its ``Annotated`` extras) of a dataclass or Struct."""
    return typing.get_type_hints(tp, include_extras=True)


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or issubclass(tp, msgspec.Struct))


def _field_names(tp: Any) -> list[str]:
    if dataclasses.is_dataclass(tp):
        return [f.name for f in dataclasses.fields(tp)]
    return list(tp.__struct_fields__)


def describe(tp: Any, style: Style = "json") -> str:
    """What a value of type ``tp`` may be, in words ("an integer from 1 to 1000")."""
    tp, metas = _unwrap(tp)
    for m in metas:
        if m.description:
            return m.description
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is bool:
        return "true or false"
    if tp is int:
        return "an integer" + _range(metas)
    if tp is float:
        return "a number" + _range(metas)
    if tp is str:
        lo = next((m.min_length for m in metas if m.min_length is not None), None)
        hi = next((m.max_length for m in metas if m.max_length is not None), None)
        if lo and hi:
            return f"text of {lo} to {hi} characters"
        return "non-empty text" if lo else "text"
    if isinstance(tp, type) and issubclass(tp, PurePath):
        return "a path"
    if tp is type(None):
        return "null"
    if origin is Literal:
        return "one of " + ", ".join(show(a, style) for a in args)
    if origin in (typing.Union, types.UnionType):        # TOML has no null: the key is left out
        return " or ".join(describe(a, style) for a in args if style == "json" or a is not type(None))
    if origin in (list, tuple) and (origin is list or (len(args) == 2 and args[1] is Ellipsis)):
        return f"a list, each item {describe(args[0], style)}"
    if origin is tuple:
        return f"a list of {len(args)}: " + ", ".join(describe(a, style) for a in args)
    if origin is dict:
        what = "a table" if style == "toml" else "an object"
        return what if args[1] is Any else f"{what} whose values are each {describe(args[1], style)}"
    if tp is Any:
        return "any value"
    if _is_record(tp):
        what = "a table" if style == "toml" else "an object"
        return f"{what} with the keys " + ", ".join(_field_names(tp))
    return getattr(tp, "__name__", str(tp))


# --------------------------------------------------------------------------- converting

_PATH_PART = re.compile(r"\.([^.\[\]`]+)|\[(\d+|\.\.\.)\]")
_LOCATION = re.compile(r"^(?P<msg>.*?)(?: - at `(?P<path>[^`]*)`(?: in `(?P<outer>[^`]*)`)?)?$", re.S)


def _step(tp: Any, part: str | int) -> Any:
    """The type of the item ``part`` (a field name, an index) of a value of type ``tp``."""
    tp, _metas = _unwrap(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        for a in args:
            inner = _unwrap(a)[0]
            if a is not type(None) and (_is_record(inner) or typing.get_origin(inner) in (list, tuple, dict)):
                return _step(a, part)
        return Any
    if _is_record(tp) and isinstance(part, str):
        return _fields(tp).get(part, Any)
    if origin is dict:
        return args[1]
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return args[0]
    if origin is tuple and isinstance(part, int) and part < len(args):
        return args[part]
    return Any


def _first_bad_key(value: dict[Any, Any], item_type: Any) -> Any:
    for key, item in value.items():
        try:
            msgspec.convert(item, item_type)
        except msgspec.ValidationError:
            return key
    return next(iter(value), None)


class _Where:
    """A place in the data: the dotted path for people, the value there and its type."""

    def __init__(self, data: Any, schema: Any) -> None:
        self.parts: list[str] = []
        self.value = data
        self.type = schema
        self.found = True

    def go(self, part: str | int) -> None:
        if part == "...":                    # msgspec does not say which key of a dict
            part = _first_bad_key(self.value, _step(self.type, part)) if isinstance(self.value, dict) else "?"
        child = _step(self.type, part)
        if isinstance(self.value, dict) and part in self.value:
            self.value = self.value[part]
        elif isinstance(self.value, (list, tuple)) and isinstance(part, int) and part < len(self.value):
            self.value = self.value[part]
        else:
            self.found = False
        if isinstance(part, int):
            self.parts.append(f"[{part}]")
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", str(part)):
            self.parts.append(f".{part}")
        else:
            self.parts.append(f"[{show(part)}]")
        self.type = child

    def walk(self, path: str) -> None:
        for m in _PATH_PART.finditer(path.removeprefix("$")):
            self.go(m.group(1) if m.group(1) is not None else
                    (m.group(2) if m.group(2) == "..." else int(m.group(2))))

    @property
    def name(self) -> str:
        return "".join(self.parts).lstrip(".")


def _explain(exc: msgspec.ValidationError, data: Any, schema: Any, where: str, style: Style) -> str:
    m = _LOCATION.match(str(exc))
    assert m is not None                     # the pattern matches any text
    msg, path, outer = m.group("msg"), m.group("path") or "$", m.group("outer")
    spot = _Where(data, schema)
    if outer is not None:                    # a dict's key has the wrong type
        spot.walk(outer)
        return f"{_at(where)}{spot.name or 'the file'}: every key must be text"
    spot.walk(path)
    name = spot.name
    missing = re.match(r"Object missing required field `([^`]*)`", msg)
    if missing:
        field = missing.group(1)
        full = f"{name}.{field}" if name else field
        return f"{_at(where)}{full} is missing: it must be {describe(_step(spot.type, field), style)}"
    if not name:
        return f"{_at(where)}the file must be {describe(schema, style)}, not {show(data, style)}"
    accepted = describe(spot.type, style)
    if msg.startswith(("Expected", "Invalid enum value")) or not spot.found:
        return f"{_at(where)}{name} = {show(spot.value, style)}: must be {accepted}"
    return f"{_at(where)}{name} = {show(spot.value, style)}: {msg.rstrip('.')} (must be {accepted})"


def _key_text(path: str, key: Any) -> str:
    if isinstance(key, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return f"{path}.{key}" if path else key
    return f"{path}[{show(key)}]" if path else show(key)


def _unknown_keys(data: Any, tp: Any, path: str) -> tuple[str, list[str]] | None:
    """The first unknown key of a record in ``data`` and the keys that record knows."""
    tp, _metas = _unwrap(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if _is_record(tp) and isinstance(data, dict):
        names = _field_names(tp)
        fields = _fields(tp)
        for key, value in data.items():
            full = _key_text(path, key)
            if key not in names:
                return full, names
            problem = _unknown_keys(value, fields[key], full)
            if problem:
                return problem
    elif origin in (typing.Union, types.UnionType):
        for a in args:
            problem = _unknown_keys(data, a, path)
            if problem:
                return problem
    elif isinstance(data, (list, tuple)) and origin in (list, tuple):
        fixed = origin is tuple and not (len(args) == 2 and args[1] is Ellipsis)
        for i, item in enumerate(data):
            item_type = (args[i] if i < len(args) else Any) if fixed else (args[0] if args else Any)
            problem = _unknown_keys(item, item_type, f"{path}[{i}]")
            if problem:
                return problem
    elif isinstance(data, dict) and origin is dict:
        for key, value in data.items():
            problem = _unknown_keys(value, args[1], _key_text(path, key))
            if problem:
                return problem
    return None


@cache
def _name_paths(tp: Any) -> tuple[tuple[str, ...], ...]:
    """Paths (field names, ``"*"`` for any item) to the :data:`PlayerName` fields of ``tp``."""
    out: list[tuple[str, ...]] = []
    plain, _metas = _unwrap(tp)
    if tp is PlayerName:
        return ((),)
    origin, args = typing.get_origin(plain), typing.get_args(plain)
    if _is_record(plain):
        for name, sub in _fields(plain).items():
            out += [(name, *rest) for rest in _name_paths(sub)]
    elif origin in (list, dict) or (origin is tuple and args and args[-1] is Ellipsis):
        out += [("*", *rest) for rest in _name_paths(args[-1] if origin is dict else args[0])]
    return tuple(out)


def _names_at(value: Any, path: tuple[str, ...], label: str) -> list[tuple[str, Any]]:
    if not path:
        return [(label, value)]
    head, rest = path[0], path[1:]
    if head == "*":
        items = value.items() if isinstance(value, dict) else enumerate(value)
        return [n for k, v in items for n in _names_at(v, rest, f"{label}[{k}]")]
    return _names_at(getattr(value, head), rest, f"{label}.{head}" if label else head)


def _dec_hook(tp: Any, value: Any) -> Any:
    """Types msgspec does not build itself: paths, from text."""
    if isinstance(tp, type) and issubclass(tp, PurePath) and isinstance(value, str):
        return tp(value)
    raise TypeError(f"Expected `{getattr(tp, '__name__', tp)}`, got `{type(value).__name__}`")


def convert(data: Any, schema: type[T], where: str, *, style: Style = "json",
            explain: Callable[[str], str] | None = None) -> T:
    """``data`` checked against ``schema`` and built as it (lists become tuples where the
    schema says tuple). Raises :class:`InputError` (one line, starting with ``where``) for
    an unknown key, a missing one, a value of the wrong type or out of its range, or a
    player name :func:`name_problem` refuses. ``explain`` may reword the location (e.g.
    ``players[1]`` as ``player 2``)."""
    fix = explain or (lambda s: s)
    unknown = _unknown_keys(data, schema, "")
    if unknown:
        key, known = unknown
        raise InputError(fix(f"{_at(where)}unknown key {key}; the known keys are {', '.join(known)}"))
    try:
        value = msgspec.convert(data, schema, dec_hook=_dec_hook)
    except msgspec.ValidationError as exc:
        raise InputError(fix(_explain(exc, data, schema, where, style))) from None
    for path in _name_paths(typing.cast(Any, schema)):
        for label, name in _names_at(value, path, ""):
            problem = name_problem(name)
            if problem:
                raise InputError(fix(f"{_at(where)}{label} = {show(name, style)}: {problem}"))
    return value


def refuse(where: str, name: str, value: Any, problem: str, *, style: Style = "json") -> InputError:
    """An :class:`InputError` for a value the schema accepts but the rest of the file does not
    (``"where: name = value: problem"``), for checks across fields."""
    return InputError(f"{_at(where)}{name} = {show(value, style)}: {problem}")
