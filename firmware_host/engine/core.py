"""Game-independent pieces of the rules engines: errors, events, and the event-sourced game.

A game kept by the companion is its *setup* plus an ordered list of *events* (moves). Each
game package (``trajan``, ``concordia``, ``chariot_race``) provides a :class:`Rules` object
that builds the initial state from the setup and applies one event to a state in place.
:class:`Game` wraps that into the live, undoable object the session uses: an event is applied
to a copy of the state, so an illegal move (:class:`RuleError`) leaves the game unchanged.

Nothing here does I/O. Text meant for players is English marked with :func:`N_`; the display
translates it through gettext (see ``firmware_host.i18n``).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import types
import typing
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..schema import describe, name_problem, show


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it (the display does that)."""
    return text


def NC_(context: str, text: str) -> str:
    """Mark ``text`` for translation in ``context`` (a catalog ``msgctxt``: ``"province"``,
    ``"city"``) without translating it; the display translates it with ``pgettext``."""
    return text


class RuleError(Exception):
    """A move the rules forbid.

    ``rule`` is the rule ID from ``shared/rules/*.md`` (e.g. ``"T-SEN-2"``), ``message``
    says what is wrong and ``fix`` what to do instead. Both are English templates marked with
    :func:`N_` and formatted with ``params`` (translated by :func:`translate_params`: a word
    marked with :func:`N_`, a name of the board data marked with :func:`NC_`, a number).
    Players read :meth:`sentence` (the screens show the rule ID apart from it, small);
    :meth:`translated` and ``str()`` put the rule ID in front (logs, tests, tools).
    """

    def __init__(self, rule: str, message: str, fix: str = "", **params: Any) -> None:
        self.rule = rule
        self.message = message
        self.fix = fix
        self.params = params
        super().__init__(self.translated(lambda s: s))

    def sentence(self, gettext: Callable[[str], str], pgettext: Callable[[str, str], str] | None = None,
                 names: Mapping[str, str] | None = None, fix: bool = True) -> str:
        """``"message fix"`` (the fix left out if ``fix`` is false), both templates and the
        params translated (:func:`translate_params`): what a player reads, no rule ID."""
        params = translate_params(self.params, gettext, pgettext, names)
        text = gettext(self.message).format(**params)
        if fix and self.fix:
            text += " " + gettext(self.fix).format(**params)
        return text

    def translated(self, gettext: Callable[[str], str], pgettext: Callable[[str, str], str] | None = None,
                   names: Mapping[str, str] | None = None) -> str:
        """``"RULE-ID: message fix"`` with both templates passed through ``gettext``."""
        return f"{self.rule}: {self.sentence(gettext, pgettext, names)}"


class Amounts(str):
    """Amounts of things in a player's text ("2 food, 1 tools"; a trade, ``signed``: "-1 cloth,
    +2 food"): ``items`` are ``(word, n)`` pairs, each word marked with :func:`N_` (a good).
    The string is the English text, so a state that keeps it (a news line) reads and compares
    as before; the display translates it word by word (:meth:`text`, :func:`translate_params`)."""

    items: tuple[tuple[str, int], ...]
    signed: bool

    def __new__(cls, items: Iterable[tuple[str, int]], signed: bool = False) -> Amounts:
        items = tuple(items)
        self = super().__new__(cls, cls._join(items, signed, lambda s: s))
        self.items, self.signed = items, signed
        return self

    def __reduce__(self) -> tuple[Any, ...]:         # copies and pickles keep the amounts
        return (Amounts, (self.items, self.signed))

    def text(self, gettext: Callable[[str], str]) -> str:
        """The amounts in the language of ``gettext``."""
        return self._join(self.items, self.signed, gettext)

    @staticmethod
    def _join(items: tuple[tuple[str, int], ...], signed: bool, gettext: Callable[[str], str]) -> str:
        # TRANSLATORS: an amount of a good in a list such as "2 food, 1 tools"; with a sign in
        # a trade ("-1 cloth, +2 food")
        amount = gettext(N_("{n:+d} {good}")) if signed else gettext(N_("{n} {good}"))
        # TRANSLATORS: what separates the amounts in a list such as "2 food, 1 tools"
        return gettext(N_(", ")).join(amount.format(n=n, good=gettext(w)) for w, n in items)


class Phrase(str):
    """A text the engine builds for people outside a refusal or a news line (a warning): the
    string is its English (logs, a command line, files, comparisons; ``english``, else the
    template formatted); ``template`` (marked with :func:`N_`) and ``params`` are what a screen
    translates (:meth:`text`)."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, english: str | None = None, **params: Any) -> Phrase:
        self = super().__new__(cls, template.format(**params) if english is None else english)
        self.template, self.params = template, params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phrase, (self.template, str(self), self.params))

    def text(self, gettext: Callable[[str], str], pgettext: Callable[[str, str], str] | None = None,
             names: Mapping[str, str] | None = None) -> str:
        """The text in the language of ``gettext`` (params by :func:`translate_params`)."""
        return gettext(self.template).format(**translate_params(self.params, gettext, pgettext, names))


def _phrase(template: str, english: str, params: dict[str, Any]) -> Phrase:
    return Phrase(template, english, **params)


def translate_params(params: Mapping[str, Any], gettext: Callable[[str], str],
                     pgettext: Callable[[str, str], str] | None = None,
                     names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The fields of a player's text (a refusal's, a news line's) translated. A ``str`` is a
    name of the board data when ``names`` (English name -> its catalog context, the game's
    name table, marked with :func:`NC_`) has it: ``pgettext(context, name)``; else a word
    marked with :func:`N_` (a colour, a good), through ``gettext``; a ``str`` the catalog
    does not have (a player's name) comes back as it is. :class:`Amounts` are translated
    word by word, a :class:`Phrase` as its template. Anything else (numbers) as it is."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, Amounts):
            out[k] = v.text(gettext)
        elif isinstance(v, Phrase):
            out[k] = v.text(gettext, pgettext, names)
        elif isinstance(v, str) and names and pgettext is not None and v in names:
            out[k] = pgettext(names[v], v)
        elif isinstance(v, str):
            out[k] = gettext(v)
        else:
            out[k] = v
    return out


class ReplayError(Exception):
    """A recorded event no longer applies (a damaged or incompatible journal)."""


# --------------------------------------------------------------------------- field types

class FieldError(TypeError, ValueError):
    """A value of the wrong type for a field of an event or a setup (a bug in the code that
    made it, a damaged journal or a foreign file). Both a ``TypeError`` and a ``ValueError``,
    so callers that catch either see it; the text is one line."""


Check = Callable[[Any], bool]


def _type_check(tp: Any) -> Check:
    """A predicate for "``value`` is a ``tp``", from a type annotation: exact types (``True``
    is no ``int``, ``1.0`` no ``int``, a list no tuple), finite floats, every item of a
    tuple, list or dict, ``Literal`` values, unions. ``Any`` accepts anything."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        return _type_check(args[0])
    if tp is Any or tp is object:
        return lambda v: True
    if tp is bool:
        return lambda v: v is True or v is False
    if tp is int:
        return lambda v: type(v) is int
    if tp is float:
        return lambda v: type(v) is int or (type(v) is float and math.isfinite(v))
    if tp is str:
        return lambda v: type(v) is str
    if tp is type(None):
        return lambda v: v is None
    if origin is typing.Literal:
        allowed = [(type(a), a) for a in args]
        return lambda v: (type(v), v) in allowed
    if origin in (typing.Union, types.UnionType):
        options = [_type_check(a) for a in args]
        return lambda v: any(check(v) for check in options)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _type_check(args[0])
        return lambda v: type(v) is tuple and all(item(x) for x in v)
    if origin is tuple:
        items = [_type_check(a) for a in args]
        return lambda v: type(v) is tuple and len(v) == len(items) and all(c(x) for c, x in zip(items, v))
    if origin is list:
        item = _type_check(args[0]) if args else _type_check(Any)
        return lambda v: type(v) is list and all(item(x) for x in v)
    if origin is dict:
        key, value = (_type_check(args[0]), _type_check(args[1])) if args else (_type_check(Any), _type_check(Any))
        return lambda v: type(v) is dict and all(key(k) and value(x) for k, x in v.items())
    cls = origin or tp
    return lambda v: isinstance(v, cls)


_FIELD_CHECKS: dict[type, tuple[tuple[str, Any, Check], ...]] = {}


def field_checks(cls: type) -> tuple[tuple[str, Any, Check], ...]:
    """``(field, annotation, predicate)`` of a dataclass, worked out once per class."""
    checks = _FIELD_CHECKS.get(cls)
    if checks is None:
        hints = typing.get_type_hints(cls)
        checks = _FIELD_CHECKS[cls] = tuple((f.name, hints[f.name], _type_check(hints[f.name]))
                                            for f in dataclasses.fields(cls))
    return checks


def field_problem(obj: Any) -> str | None:
    """The first field of dataclass instance ``obj`` whose value is not of its declared type,
    as one line (``"SetSpeed.up = 0.5: must be an integer"``), or ``None``."""
    for name, hint, check in field_checks(type(obj)):
        value = getattr(obj, name)
        if not check(value):
            return f"{type(obj).__name__}.{name} = {show(value)}: must be {describe(hint)}"
    return None


class _CheckCompiler:
    """Writes, once per dataclass, a Python function that tells whether every field holds a
    value of its annotated type (the same rules as :func:`_type_check`, inlined), so the
    check every event and setup makes when it is made costs a fraction of a microsecond per
    field; the slow, wordy :func:`field_problem` runs only for a value that fails."""

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {"_isfinite": math.isfinite}
        self.functions: dict[type, Callable[[Any], bool]] = {}

    def const(self, value: Any) -> str:
        name = f"_c{len(self.namespace)}"
        self.namespace[name] = value
        return name

    def expr(self, tp: Any, x: str, depth: int = 0) -> str:
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        i = f"_i{depth}"
        if origin is typing.Annotated:
            return self.expr(args[0], x, depth)
        if tp is Any or tp is object:
            return "True"
        if tp is bool:
            return f"({x} is True or {x} is False)"
        if tp is int:
            return f"type({x}) is int"
        if tp is float:
            return f"(type({x}) is int or (type({x}) is float and _isfinite({x})))"
        if tp is str:
            return f"type({x}) is str"
        if tp is type(None):
            return f"{x} is None"
        if origin is typing.Literal:
            return f"(type({x}), {x}) in {self.const([(type(a), a) for a in args])}"
        if origin in (typing.Union, types.UnionType):
            return "(" + " or ".join(self.expr(a, x, depth) for a in args) + ")"
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return f"(type({x}) is tuple and all({self.expr(args[0], i, depth + 1)} for {i} in {x}))"
        if origin is tuple:
            items = " and ".join(self.expr(a, f"{x}[{k}]", depth) for k, a in enumerate(args)) or "True"
            return f"(type({x}) is tuple and len({x}) == {len(args)} and {items})"
        if origin is list:
            item = self.expr(args[0], i, depth + 1) if args else "True"
            return f"(type({x}) is list and all({item} for {i} in {x}))"
        if origin is dict:
            k, v = f"_k{depth}", f"_v{depth}"
            pair = (f"{self.expr(args[0], k, depth + 1)} and {self.expr(args[1], v, depth + 1)}" if args else "True")
            return f"(type({x}) is dict and all({pair} for {k}, {v} in {x}.items()))"
        return f"isinstance({x}, {self.const(origin or tp)})"

    def function(self, cls: type) -> Callable[[Any], bool]:
        fn = self.functions.get(cls)
        if fn is None:
            hints = typing.get_type_hints(cls)
            checks = " and ".join(f"({self.expr(hints[f.name], f'd[{f.name!r}]')})"
                                  for f in dataclasses.fields(cls)) or "True"
            name = f"_check_{len(self.functions)}"
            source = f"def {name}(v):\n    d = v.__dict__\n    return {checks}\n"
            exec(compile(source, f"<type check of {cls.__qualname__}>", "exec"), self.namespace)  # noqa: S102
            fn = self.functions[cls] = self.namespace[name]
        return fn


_checks = _CheckCompiler()


def check_fields(obj: Any) -> None:
    """Raise :class:`FieldError` if a field of ``obj`` is not of its declared type."""
    if _checks.function(type(obj))(obj):
        return
    problem = field_problem(obj)
    raise FieldError(problem or f"{type(obj).__name__}: a field of the wrong type")


# --------------------------------------------------------------------------- events

class Event:
    """Base of all events (moves). Subclasses are frozen dataclasses with a unique ``kind``.

    Fields hold JSON-native values only (str, int, bool, None and tuples of them), so an
    event round-trips through :func:`event_to_json` / :meth:`EventCodec.decode`. Every field
    is checked against its annotation when the event is made (:class:`FieldError`): a move
    with ``up=0.5`` or a list where a tuple is declared cannot exist, whether a screen, a
    random player or a journal line made it.
    """

    kind: ClassVar[str] = ""
    # Set by ``@dataclass`` on each subclass; declared so that type checkers know every
    # event is a dataclass instance (``dataclasses.fields(event)``).
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __post_init__(self) -> None:
        check_fields(self)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def event_to_json(event: Event) -> dict[str, Any]:
    """``{"kind": ..., field: value, ...}``, with tuples as lists."""
    data = {f.name: _thaw(getattr(event, f.name)) for f in dataclasses.fields(event)}
    return {"kind": event.kind, **data}


def _fields_of(cls: type, data: dict[str, Any], what: str) -> None:
    """Refuse keys ``cls`` has no field for, and missing fields without a default."""
    known = [f.name for f in dataclasses.fields(cls)]
    unknown = [k for k in data if k not in known]
    if unknown:
        raise ValueError(f"{what}: unknown field {show(unknown[0])}; the fields are {', '.join(known) or 'none'}")
    missing = [f.name for f in dataclasses.fields(cls) if f.name not in data
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise ValueError(f"{what}: the field {missing[0]} is missing")


class EventCodec:
    """Decodes events of one game from their JSON form. Raises ``ValueError`` (one line) for
    anything but a JSON object of a known ``kind`` with exactly its fields, each of its type."""

    def __init__(self, classes: Iterable[type[Event]]) -> None:
        self.by_kind: dict[str, type[Event]] = {}
        for cls in classes:
            if cls.kind in self.by_kind:
                raise ValueError(f"duplicate event kind {cls.kind!r}")
            self.by_kind[cls.kind] = cls
            _checks.function(cls)           # compiled now, not during the first move

    def decode(self, data: dict[str, Any]) -> Event:
        if not isinstance(data, dict):
            raise ValueError(f"an event is a JSON object, not {show(data)}")
        data = dict(data)
        kind = data.pop("kind", None)
        cls = self.by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"unknown event kind {show(kind)}")
        _fields_of(cls, data, kind)
        try:
            return cls(**{k: _freeze(v) for k, v in data.items()})
        except FieldError as exc:
            raise ValueError(str(exc)) from None


# --------------------------------------------------------------------------- setups

class JsonSetup:
    """Base of a game's setup (a frozen dataclass): its JSON form, as journaled.

    Every field is written; a field missing from the JSON takes its default (a game started
    before the field existed), an unknown one is refused. Lists come back as tuples, except
    in the board-data dict, which stays as parsed. Each field is checked against its
    annotation when the setup is made (:class:`FieldError`), and so are the players' names
    (``players`` holds names, or ``(colour, name)`` pairs): 1 to ``NAME_MAX`` printable
    characters (:func:`~firmware_host.schema.name_problem`).
    """

    # Set by ``@dataclass`` on each subclass (see :class:`Event`).
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __post_init__(self) -> None:
        check_fields(self)
        for i, entry in enumerate(getattr(self, "players", ())):
            name = entry[-1] if isinstance(entry, tuple) and entry else entry
            problem = name_problem(name)
            if problem is not None:
                raise FieldError(f"{type(self).__name__}.players[{i}] = {show(name)}: the name {problem}")

    def to_json(self) -> dict[str, Any]:
        return to_jsonable(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Any:
        """Raises ``ValueError`` (one line) for a malformed setup."""
        if not isinstance(data, dict):
            raise ValueError(f"a setup is a JSON object, not {show(data)}")
        _fields_of(cls, data, "setup")
        try:
            return cls(**{k: v if k == "board" else _freeze(v) for k, v in data.items()})
        except FieldError as exc:
            raise ValueError(f"setup: {exc}") from None


# --------------------------------------------------------------------------- boards

class ParsedBoard(Protocol):
    """A game's parsed board data: it keeps the dict it was parsed from."""

    @property
    def data(self) -> dict[str, Any]: ...


B = TypeVar("B", bound=ParsedBoard)
_parsed: OrderedDict[tuple[Callable[[dict[str, Any]], Any], int], Any] = OrderedDict()
_PARSED_KEEP = 8


def parsed_board(cls: Callable[[dict[str, Any]], B], data: dict[str, Any]) -> B:
    """``cls(data)``, parsed once per data dict: a game's rules, its screens and its tally
    all ask for the board of the same setup. Only the last few are kept, so a box that opens
    games for months does not keep every board it ever parsed."""
    key = (cls, id(data))
    board = _parsed.get(key)
    if board is None or board.data is not data:
        board = _parsed[key] = cls(data)
        if len(_parsed) > _PARSED_KEEP:
            _parsed.popitem(last=False)
    else:
        _parsed.move_to_end(key)
    return board


# --------------------------------------------------------------------------- rules & game

S = TypeVar("S")


class Rules(Protocol[S]):
    """What a game package provides to :class:`Game`.

    ``apply`` mutates ``state`` and may raise :class:`RuleError` part-way: :class:`Game`
    always hands it a private copy unless it replays events already accepted once.
    """

    name: str
    codec: EventCodec

    def initial_state(self) -> S: ...

    def apply(self, state: S, event: Event) -> None: ...

    def scores(self, state: S) -> list[dict[str, Any]]:
        """Per player in seat order: ``{"name", "vp", ...}`` (final totals once the game is over)."""
        ...

    def state_to_json(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-ready data (``table-companion replay --json``)."""
        ...


def to_jsonable(value: Any) -> Any:
    """Dataclasses, tuples, Counters and dicts as plain JSON-ready values (keys as str)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    return value


_IMMUTABLE = (int, float, str, bool, bytes, type(None))


def _frozen_dataclass(tp: Any) -> bool:
    """Whether dataclass ``tp`` was declared ``frozen=True`` (the parameters ``@dataclass``
    records; typeshed does not declare ``__dataclass_params__``)."""
    return bool(tp.__dataclass_params__.frozen)


def _counter_copy(c: Counter) -> Counter:
    new: Counter = Counter()
    dict.update(new, c)
    return new


class _CopyCompiler:
    """Writes, once per state class, a Python function that copies a value of that class
    deeply enough that the copy shares nothing mutable with the original.

    The code is generated from the type annotations, so a new state field is copied
    correctly without anyone writing a copy method; tuples and frozen dataclasses are
    immutable and shared. Generated code is several times faster than ``copy.deepcopy``
    or a pickle round trip, which matters because every move is checked on a copy.
    """

    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {"_deepcopy": copy.deepcopy, "_counter_copy": _counter_copy,
                                          "_new": object.__new__}
        self.functions: dict[Any, str] = {}

    def immutable(self, tp: Any) -> bool:
        origin = typing.get_origin(tp)
        if tp in _IMMUTABLE or origin is tuple or tp is tuple or origin is typing.Literal:
            return True
        if origin in (typing.Union, types.UnionType):
            return all(self.immutable(a) for a in typing.get_args(tp))
        if dataclasses.is_dataclass(tp) and _frozen_dataclass(tp):
            hints = typing.get_type_hints(tp)
            return all(self.immutable(hints[f.name]) for f in dataclasses.fields(tp))
        return False

    def expr(self, tp: Any, value: str, depth: int = 0) -> str:
        """A Python expression copying ``value`` (an expression) of type ``tp``."""
        if self.immutable(tp):
            return value
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        x = f"_x{depth}"
        if origin in (typing.Union, types.UnionType):
            inner = [a for a in args if a is not type(None)]
            if len(inner) == 1:
                return f"(None if {value} is None else {self.expr(inner[0], value, depth)})"
        elif tp is Counter or origin is Counter:
            return f"_counter_copy({value})"
        elif (origin is list or tp is list) and args:
            return f"{value}[:]" if self.immutable(args[0]) else \
                f"[{self.expr(args[0], x, depth + 1)} for {x} in {value}]"
        elif (origin is dict or tp is dict) and args:
            k = f"_k{depth}"
            return f"{value}.copy()" if self.immutable(args[1]) else \
                f"{{{k}: {self.expr(args[1], x, depth + 1)} for {k}, {x} in {value}.items()}}"
        elif dataclasses.is_dataclass(tp):
            return f"{self.function(tp)}({value})"
        return f"_deepcopy({value})"

    def function(self, tp: Any) -> str:
        """The name of the generated copy function for dataclass ``tp``."""
        name = self.functions.get(tp)
        if name is None:
            name = self.functions[tp] = f"_copy_{len(self.functions)}"
            self.namespace[f"_cls_{name}"] = tp
            hints = typing.get_type_hints(tp)
            items = ", ".join(f"{f.name!r}: {self.expr(hints[f.name], f'd[{f.name!r}]')}"
                              for f in dataclasses.fields(tp))
            source = (f"def {name}(v):\n    d = v.__dict__\n    new = _new(_cls_{name})\n"
                      f"    new.__dict__.update({{{items}}})\n    return new\n")
            exec(compile(source, f"<copy of {tp.__qualname__}>", "exec"), self.namespace)  # noqa: S102
        return name

    def copier(self, tp: Any) -> Callable[[Any], Any]:
        if self.immutable(tp):
            return lambda v: v
        return self.namespace[self.function(tp)]


_compiler = _CopyCompiler()


def copy_state(state: S) -> S:
    """A copy of a state (dataclasses of lists, dicts and Counters) sharing nothing mutable
    with ``state`` (see :class:`_CopyCompiler`)."""
    return _compiler.copier(type(state))(state)


class Game(Generic[S]):
    """A live game: rules, the accepted events and the current state.

    >>> game = Game(rules)          # doctest: +SKIP
    >>> game.apply(event)           # raises RuleError, game unchanged, if illegal
    >>> game.undo()                 # removes the last event and replays the rest

    Every :data:`SNAPSHOT_EVERY` events a copy of the state is kept, so an undo replays from
    the nearest kept state instead of the whole game (an UNDO late in a game stays fast); the
    state before the last accepted move is kept too, so the usual UNDO (one move, right after
    it) replays nothing.
    """

    SNAPSHOT_EVERY = 32

    def __init__(self, rules: Rules[S], events: Iterable[Event] = ()) -> None:
        self.rules = rules
        self.events: list[Event] = []
        self.state: S = rules.initial_state()
        self._snapshots: dict[int, S] = {0: copy_state(self.state)}     # events applied -> state then
        # (events applied, state then) before the last accepted move: accept() never changes
        # a state in place (check() applies to a copy), so the old one is kept as it was
        self._previous: tuple[int, S] | None = None
        for event in events:
            self._replay_one(event)

    def copy(self) -> Game[S]:
        """An independent copy of the live game: the same rules and events, its own state
        (kept states are never changed, so the copies share them)."""
        new: Game[S] = Game.__new__(Game)
        new.rules, new.events, new.state = self.rules, list(self.events), copy_state(self.state)
        new._snapshots = dict(self._snapshots)
        new._previous = None
        return new

    def _keep_snapshot(self) -> None:
        if len(self.events) % self.SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.events)] = copy_state(self.state)

    def _replay_one(self, event: Event) -> None:
        try:
            self.rules.apply(self.state, event)
        except RuleError as exc:
            raise ReplayError(f"event {len(self.events) + 1} ({event.kind}) no longer applies: {exc}") from exc
        self.events.append(event)
        self._keep_snapshot()

    def check(self, event: Event) -> S:
        """The state after ``event``, without accepting it. Raises :class:`RuleError`."""
        new_state = copy_state(self.state)
        self.rules.apply(new_state, event)
        return new_state

    def accept(self, event: Event, new_state: S) -> None:
        """Make ``new_state`` (from :meth:`check` of ``event``) current."""
        self._previous = (len(self.events), self.state)
        self.state = new_state
        self.events.append(event)
        self._keep_snapshot()

    def apply(self, event: Event) -> S:
        """Accept ``event`` and return the new state. Raises :class:`RuleError` (game unchanged)."""
        self.accept(event, self.check(event))
        return self.state

    def undo(self, n: int = 1) -> S:
        """Remove the last ``n`` events (fewer if there are fewer) and rebuild the state by
        replaying the rest from the nearest kept state."""
        keep = max(0, len(self.events) - n)
        previous, self._previous = self._previous, None
        if previous is not None and previous[0] == keep:     # the last move only: nothing to replay
            self._snapshots = {k: v for k, v in self._snapshots.items() if k <= keep}
            self.events, self.state = self.events[:keep], previous[1]
            return self.state
        base = max(k for k in self._snapshots if k <= keep)
        self._snapshots = {k: v for k, v in self._snapshots.items() if k <= base}
        replay, self.events = self.events[base:keep], self.events[:base]
        self.state = copy_state(self._snapshots[base])
        for event in replay:
            self._replay_one(event)
        return self.state


# --------------------------------------------------------------------------- random play

def first_legal(game: Game, moves: Iterable[Event]) -> Event:
    """The first of ``moves`` the rules accept for ``game``'s pending decision.

    Used by each game's random player (``play.py``) with its candidate moves. Raises
    ``RuntimeError`` if none is legal (a bug in the candidates or the rules).
    """
    errors = []
    for event in moves:
        try:
            game.check(event)
        except RuleError as exc:
            errors.append(str(exc))
            continue
        return event
    raise RuntimeError(f"no legal move for {getattr(game.state, 'pending', '?')}: {errors[:5]}")


def play_out(rules: Rules[S], choose: Callable[[Game[S]], Event], max_events: int = 5000) -> Game[S]:
    """Play a whole game, ``choose`` picking each move. Raises ``RuntimeError`` if it has not
    ended after ``max_events`` moves."""
    game = Game(rules)
    while not getattr(game.state, "over", False):
        if len(game.events) >= max_events:
            raise RuntimeError(f"random {rules.name} game did not end after {max_events} moves")
        game.apply(choose(game))
    return game
