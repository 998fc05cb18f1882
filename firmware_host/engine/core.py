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
import types
import typing
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, Protocol, TypeVar


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it (the display does that)."""
    return text


class RuleError(Exception):
    """A move the rules forbid.

    ``rule`` is the rule ID from ``shared/rules/*.md`` (e.g. ``"T-SEN-2"``), ``message``
    says what is wrong and ``fix`` what to do instead. Both are English templates marked with
    :func:`N_` and formatted with ``params``; :meth:`translated` renders them through a
    gettext function.
    """

    def __init__(self, rule: str, message: str, fix: str = "", **params: Any) -> None:
        self.rule = rule
        self.message = message
        self.fix = fix
        self.params = params
        super().__init__(self.translated(lambda s: s))

    def translated(self, gettext) -> str:
        """``"RULE-ID: message. fix"`` with both templates passed through ``gettext``."""
        params = {k: gettext(v) if isinstance(v, str) else v for k, v in self.params.items()}
        text = f"{self.rule}: {gettext(self.message).format(**params)}"
        if self.fix:
            text += " " + gettext(self.fix).format(**params)
        return text


class ReplayError(Exception):
    """A recorded event no longer applies (a damaged or incompatible journal)."""


# --------------------------------------------------------------------------- events

class Event:
    """Base of all events (moves). Subclasses are frozen dataclasses with a unique ``kind``.

    Fields hold JSON-native values only (str, int, bool, None and tuples of them), so an
    event round-trips through :func:`event_to_json` / :meth:`EventCodec.decode`.
    """

    kind: ClassVar[str] = ""
    # Set by ``@dataclass`` on each subclass; declared so that type checkers know every
    # event is a dataclass instance (``dataclasses.fields(event)``).
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]


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


class EventCodec:
    """Decodes events of one game from their JSON form; raises ``ValueError`` on unknown kinds."""

    def __init__(self, classes: Iterable[type[Event]]) -> None:
        self.by_kind: dict[str, type[Event]] = {}
        for cls in classes:
            if cls.kind in self.by_kind:
                raise ValueError(f"duplicate event kind {cls.kind!r}")
            self.by_kind[cls.kind] = cls

    def decode(self, data: dict[str, Any]) -> Event:
        if not isinstance(data, dict):
            raise ValueError(f"an event is a JSON object, not {type(data).__name__}")
        data = dict(data)
        kind = data.pop("kind", None)
        cls = self.by_kind.get(kind)
        if cls is None:
            raise ValueError(f"unknown event kind {kind!r}")
        try:
            return cls(**{k: _freeze(v) for k, v in data.items()})
        except TypeError as exc:
            raise ValueError(f"bad fields for {kind!r}: {exc}") from None


# --------------------------------------------------------------------------- setups

class JsonSetup:
    """Base of a game's setup (a frozen dataclass): its JSON form, as journaled.

    Every field is written; a field missing from the JSON takes its default (a game started
    before the field existed), an unknown one is refused. Lists come back as tuples, except
    in the board-data dict, which stays as parsed.
    """

    # Set by ``@dataclass`` on each subclass (see :class:`Event`).
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def to_json(self) -> dict[str, Any]:
        return to_jsonable(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Any:
        """Raises ``ValueError`` for a malformed setup."""
        if not isinstance(data, dict):
            raise ValueError(f"a setup is a JSON object, not {type(data).__name__}")
        unknown = set(data) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise ValueError(f"unknown setup fields: {', '.join(sorted(unknown))}")
        try:
            return cls(**{k: v if k == "board" else _freeze(v) for k, v in data.items()})
        except TypeError as exc:
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
    """

    def __init__(self, rules: Rules[S], events: Iterable[Event] = ()) -> None:
        self.rules = rules
        self.events: list[Event] = []
        self.state: S = rules.initial_state()
        for event in events:
            self._replay_one(event)

    def _replay_one(self, event: Event) -> None:
        try:
            self.rules.apply(self.state, event)
        except RuleError as exc:
            raise ReplayError(f"event {len(self.events) + 1} ({event.kind}) no longer applies: {exc}") from exc
        self.events.append(event)

    def check(self, event: Event) -> S:
        """The state after ``event``, without accepting it. Raises :class:`RuleError`."""
        new_state = copy_state(self.state)
        self.rules.apply(new_state, event)
        return new_state

    def accept(self, event: Event, new_state: S) -> None:
        """Make ``new_state`` (from :meth:`check` of ``event``) current."""
        self.state = new_state
        self.events.append(event)

    def apply(self, event: Event) -> S:
        """Accept ``event`` and return the new state. Raises :class:`RuleError` (game unchanged)."""
        self.accept(event, self.check(event))
        return self.state

    def undo(self, n: int = 1) -> S:
        """Remove the last ``n`` events (fewer if there are fewer) and rebuild the state by replay."""
        keep = self.events[: max(0, len(self.events) - n)]
        self.events = []
        self.state = self.rules.initial_state()
        for event in keep:
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
