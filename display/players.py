"""The players' profiles on screen: pick a seat's player at a new game (most recent first, or
by touching their own NFC token), and Home → Players: rename, colour, token, merge, delete.

The profiles live in the journal (:class:`firmware_host.players.Players`, reached through
``Controller.players``); a player picked for a seat is a profile, and a new name typed on the
keyboard becomes one once (``Players.ensure``); a seat's default name ("Red", "Player 1")
left as it is becomes none: the end of a game links seats to profiles by name only. Every
refusal of the store (:class:`~firmware_host.players.PlayerError`, a
:class:`~firmware_host.journal.JournalError`) is said on the message line in one line and
changes nothing on screen. Names are compared as players read them
(:func:`~firmware_host.players.name_key`: "anna" is "Anna"). Names no game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from firmware_host.engine.core import N_
from firmware_host.i18n import _, ngettext
from firmware_host.journal import JournalError, Notice
from firmware_host.players import Player, PlayerError, name_key
from firmware_host.tags import TagStoreError

from . import text, theme
from .controller import told
from .keyboard import KeyboardScreen
from .ui import Button, ConfirmScreen, Screen, grid

#: a profile's colour (``Player.colour``) as drawn: the colours of the games' pieces, so a
#: player keeps "their" colour from game to game
PROFILE_RGB: dict[str, tuple[int, int, int]] = {
    "red": (206, 58, 50), "green": (58, 154, 76), "blue": (52, 86, 176), "yellow": (236, 196, 40),
    "purple": (128, 76, 170), "orange": (232, 128, 36), "brown": (146, 100, 58), "white": (236, 236, 236),
    "black": (16, 16, 16), "grey": (128, 132, 140),
}
#: the order Colour steps through (then back to none)
PROFILE_COLOURS = tuple(PROFILE_RGB)
COLOUR_NAMES = {"red": N_("red"), "green": N_("green"), "blue": N_("blue"), "yellow": N_("yellow"),
                "purple": N_("purple"), "orange": N_("orange"), "brown": N_("brown"), "white": N_("white"),
                "black": N_("black"), "grey": N_("grey")}


def profile_rgb(colour: str | None) -> tuple[int, int, int] | None:
    """A profile's colour as drawn: a name of :data:`PROFILE_RGB` or ``#rrggbb``; ``None``
    for none (or one this screen cannot draw)."""
    if not colour:
        return None
    if colour in PROFILE_RGB:
        return PROFILE_RGB[colour]
    if len(colour) == 7 and colour.startswith("#"):
        try:
            return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
        except ValueError:
            return None
    return None


def colour_name(colour: str | None) -> str:
    """A profile's colour in words (translated); ``#rrggbb`` as it is; "none"."""
    if not colour:
        return _("none")
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour

GRID = pygame.Rect(24, 92, theme.WIDTH - 48, 4 * 60 + 3 * 8)   # 3 x 4 names of at least 48 px
PAGE = 12
BOTTOM_Y = theme.CONTENT_BOTTOM - 62


def said(exc: Exception) -> str:
    """A refusal of the profiles' store as the message line says it, translated: a
    :class:`PlayerError` or :class:`JournalError` carries a ``notice`` (an ``N_`` template
    with its parameters); anything else its own text."""
    if isinstance(exc, KeyError):            # a profile deleted meanwhile (on another screen)
        return _("That player is no longer on the box.")
    notice = getattr(exc, "notice", None)
    return told(notice) if isinstance(notice, Notice) else str(exc)


def profiles(ctl: Any) -> Any:
    """The open journal's profiles (``Controller.players``), ``None`` without a journal."""
    return getattr(ctl, "players", None)


def listed(ctl: Any) -> list[Player]:
    """Every profile, most recent first; ``[]`` without a journal or if the journal cannot be
    read now (said on the message line)."""
    store = profiles(ctl)
    if store is None:
        return []
    try:
        return list(store.list())
    except (PlayerError, JournalError) as exc:
        ctl.say(said(exc), "bad")
        return []


def ago(when: float | None, now: float | None = None) -> str:
    """How long ago ``when`` (a Unix time, s) was, in words (translated): "today",
    "yesterday", "3 days ago", else the date; ``""`` for never."""
    if when is None:
        return ""
    now = time.time() if now is None else now
    days = (time.localtime(now).tm_yday - time.localtime(when).tm_yday
            if time.localtime(now).tm_year == time.localtime(when).tm_year else None)
    if days == 0:
        return _("today")
    if days == 1:
        return _("yesterday")
    if days is not None and 1 < days < 7:
        return ngettext("{n} day ago", "{n} days ago", days).format(n=days)
    return time.strftime("%Y-%m-%d", time.localtime(when))


def played_line(p: Player) -> str:
    """"12 games · yesterday" (translated)."""
    games = ngettext("{n} game", "{n} games", p.games).format(n=p.games)
    last = ago(p.last_played)
    return text.joined((games, last))


class PlayerButton(Button):
    """A profile's button: its name, how often and when it last played, and a band of its
    colour along the edge where the line starts."""

    colour: tuple[int, int, int] | None = None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.colour is not None:
            r = self.layout or self.rect
            pygame.draw.rect(surface, self.colour, (r.x, r.y, 10, r.height), border_top_left_radius=8,
                             border_bottom_left_radius=8)


def swatch(b: Button, colour: str | None) -> Button:
    """``b`` with a band of the profile colour ``colour`` along its edge."""
    out = PlayerButton(**{f: getattr(b, f) for f in b.__dataclass_fields__})
    out.colour = profile_rgb(colour)
    return out


def player_button(wid: str, rect: pygame.Rect, p: Player, enabled: bool = True, reason: str = "") -> Button:
    return swatch(Button(wid, rect, p.name, played_line(p), enabled=enabled, reason=reason, size=20), p.colour)


class PlayerGrid(Screen):
    """A page of profiles (3 x 4, most recent first) with Back and More; the subclasses say
    what a tap on one does (:meth:`picked`) and what else is on the screen."""

    chrome = False
    title = ""

    def __init__(self, ctl: Any) -> None:
        super().__init__(ctl)
        self.page = 0
        self.reload()

    def reload(self) -> None:
        self.players = listed(self.ctl)
        self.page = min(self.page, max(0, (len(self.players) - 1) // PAGE))

    def shown(self) -> list[Player]:
        return self.players[self.page * PAGE:(self.page + 1) * PAGE]

    def refusal(self, p: Player) -> str:
        """Why ``p`` cannot be tapped here (translated), ``""`` if it can."""
        return ""

    def build(self) -> list[Button]:
        out = []
        for p, rect in zip(self.shown(), grid(GRID, PAGE, 3, gap=8, height=60)):
            why = self.refusal(p)
            out.append(player_button(f"player:{p.id}", rect, p, enabled=not why, reason=why))
        out.append(Button("cancel", pygame.Rect(24, BOTTOM_Y, 150, 56), _("Back")))
        pages = max(1, -(-len(self.players) // PAGE))
        out.append(Button("more", pygame.Rect(186, BOTTOM_Y, 190, 56),
                          _("More ({page}/{pages})").format(page=self.page + 1, pages=pages), enabled=pages > 1,
                          reason=_("Every player is on this page.")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, self.title, (24, 14), 24, theme.TEXT, bold=True, max_width=theme.WIDTH - 48)
        if not self.players:
            text.draw_block(surface, self.empty_text(), pygame.Rect(24, GRID.y + 8, GRID.width, 80), 18,
                            theme.MUTED, min_size=18)

    def empty_text(self) -> str:
        return _("No players yet.")

    def press(self, wid: str) -> None:
        if wid == "cancel":
            self.ctl.pop()
            self.ctl.active.invalidate()
        elif wid == "more":
            self.page = (self.page + 1) % max(1, -(-len(self.players) // PAGE))
            self.invalidate()
        elif wid.startswith("player:"):
            p = next((p for p in self.players if p.id == int(wid[7:])), None)
            if p is not None:
                self.picked(p)

    def picked(self, p: Player) -> None:
        """A profile was tapped."""


class PickPlayerScreen(PlayerGrid):
    """Who sits at a seat of a new game: tap a profile (most recent first), touch your own
    NFC token to the reader, or "New player" (the keyboard; the name becomes a profile).
    ``done(name)`` gets the name for the seat; ``taken``: the names at the other seats
    (their profiles cannot be picked twice)."""

    def __init__(self, ctl: Any, title: str, current: str, done: Callable[[str], None],
                 taken: Sequence[str] = ()) -> None:
        self.title = title
        self.current = current
        self.done = done
        self.taken = others(taken, current)
        super().__init__(ctl)

    def refusal(self, p: Player) -> str:
        if seated(p.name, self.taken):
            return _("{name} already has a seat in this game.").format(name=p.name)
        return ""

    def build(self) -> list[Button]:
        return super().build() + [Button("new", pygame.Rect(theme.WIDTH - 264, BOTTOM_Y, 240, 56), _("New player"),
                                         fill=theme.GO)]

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        hint = (_("Tap a name, or touch your tag to the reader.") if self.players
                else _("Tap New player to type a name."))
        text.draw(surface, hint, (24, 52), 18, theme.MUTED, max_width=theme.WIDTH - 48)

    def empty_text(self) -> str:
        return _("Nobody has played on this box yet.")

    def picked(self, p: Player) -> None:
        self.ctl.pop()
        self.done(p.name)
        self.ctl.active.invalidate()

    def press(self, wid: str) -> None:
        if wid == "new":
            self.ctl.pop()
            self.ctl.push(new_player_keyboard(self.ctl, self.title, self.done, self.taken))
            return
        super().press(wid)

    def tag_uid(self, uid: str) -> bool:
        """A player's own token picks them (``Players.by_token``); any other tag is left to
        the controller (a game's tag, or an unknown one)."""
        store = profiles(self.ctl)
        if store is None:
            return False
        try:
            p = store.by_token(uid)
        except (PlayerError, JournalError) as exc:
            self.ctl.say(said(exc), "bad")
            return True
        if p is None:
            return False
        why = self.refusal(p)
        if why:
            self.ctl.say(why, "bad")
            return True
        self.ctl.say(_("{name} sits here (their tag).").format(name=p.name), "good")
        self.picked(p)
        return True


def seated(name: str, taken: Sequence[str]) -> bool:
    """Whether ``name`` is one of ``taken`` as players read names (:func:`name_key`: "anna"
    is "Anna", a decomposed "é" the precomposed one)."""
    key = name_key(name)
    return any(name_key(n) == key for n in taken)


def others(taken: Sequence[str], current: str) -> list[str]:
    """``taken`` (the names of a game's seats) without the seat's own ``current`` name."""
    key = name_key(current)
    return [n for n in taken if name_key(n) != key]


def new_player_keyboard(ctl: Any, title: str, done: Callable[[str], None], taken: Sequence[str] = (),
                        value: str = "") -> Screen:
    """The keyboard for a new name (starting from ``value``): OK makes a typed name a profile
    (once: ``Players.ensure``, an existing name is that player) and hands it to ``done``. OK
    on ``value`` unchanged (the seat's name as it was, "Red" or "Player 1") keeps it for the
    seat and adds no profile (the end of a game links seats to profiles by name only: a
    default name is nobody's). A name the store refuses, or one already at another seat
    (``taken``), is said and the seat keeps its name."""

    def typed(name: str) -> None:
        name = name.strip()
        if not name:
            return
        if seated(name, taken):
            ctl.say(_("{name} already has a seat in this game.").format(name=name), "bad")
            return
        store = profiles(ctl)
        if store is not None:
            try:
                if name_key(name) != name_key(value):
                    name = store.ensure(name).name
                else:                               # not typed: a profile's name is that player's
                    known = store.by_name(name)
                    name = known.name if known is not None else name
            except (PlayerError, JournalError) as exc:
                ctl.say(said(exc), "bad")
                return
        done(name)
        ctl.active.invalidate()

    return KeyboardScreen(ctl, title, value, typed)


def pick_player(ctl: Any, title: str, current: str, done: Callable[[str], None],
                taken: Sequence[str] = ()) -> Screen:
    """The screen that names a seat of a new game (``title``: "Name of seat 2"; ``current``:
    its name now; ``taken``: the names of the seats, its own among them): the picker when
    profiles exist, straight to the keyboard when there is nothing to pick from (no journal,
    or nobody has played yet), editing the seat's name as it is."""
    if not listed(ctl):
        return new_player_keyboard(ctl, title, done, others(taken, current), current)
    return PickPlayerScreen(ctl, title, current, done, taken)


# ---------------------------------------------------------------------- Home → Players

class PlayersScreen(PlayerGrid):
    """Home → Players: every profile, most recent first; tap one to rename it, give it a
    colour or a token, merge it into another or delete it; New player adds one."""

    def __init__(self, ctl: Any) -> None:
        self.title = _("Players")
        super().__init__(ctl)

    def build(self) -> list[Button]:
        return super().build() + [Button("new", pygame.Rect(theme.WIDTH - 264, BOTTOM_Y, 240, 56), _("New player"),
                                         fill=theme.GO)]

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        text.draw(surface, _("Tap a player to rename, colour, tag, merge or delete."), (24, 52), 18, theme.MUTED,
                  max_width=theme.WIDTH - 48)

    def picked(self, p: Player) -> None:
        self.ctl.push(PlayerScreen(self.ctl, p.id))

    def press(self, wid: str) -> None:
        if wid == "new":
            self.ctl.push(KeyboardScreen(self.ctl, _("New player"), "", self._add))
            return
        super().press(wid)

    def _add(self, name: str) -> None:
        store = profiles(self.ctl)
        if store is None or not name.strip():
            return
        try:
            p = store.add(name.strip())
        except (PlayerError, JournalError) as exc:
            self.ctl.say(said(exc), "bad")
            return
        self.ctl.say(_("{name} added.").format(name=p.name), "good")
        self.reload()
        self.invalidate()

    def invalidate(self) -> None:
        self.reload()
        super().invalidate()


class PlayerScreen(Screen):
    """One profile: how much it played, its colour and token; Rename, Colour, Tag (touch
    the token to the reader), Forget tag, Statistics, Merge into another, Delete."""

    chrome = False

    def __init__(self, ctl: Any, player_id: int) -> None:
        super().__init__(ctl)
        self.player_id = player_id
        self.waiting_for_tag = False
        self.player: Player | None = None
        self.reload()

    def reload(self) -> None:
        store = profiles(self.ctl)
        try:
            self.player = store.get(self.player_id) if store is not None else None
        except (PlayerError, JournalError, KeyError) as exc:
            self.ctl.say(said(exc), "bad")
            self.player = None

    def build(self) -> list[Button]:
        p = self.player
        out = [Button("back", pygame.Rect(24, BOTTOM_Y, 150, 56), _("Back"))]
        if p is None:
            return out
        left = pygame.Rect(24, 184, 240, 56)
        right = pygame.Rect(280, 184, 240, 56)
        out += [
            Button("rename", left, _("Rename")),
            swatch(Button("colour", right, _("Colour"), colour_name(p.colour)), p.colour),
            Button("token", left.move(0, 68), _("Touch the tag now") if self.waiting_for_tag else _("Give a tag"),
                   selected=self.waiting_for_tag),
            Button("forget", right.move(0, 68), _("Forget the tag"), enabled=p.token is not None,
                   reason=_("{name} has no tag.").format(name=p.name)),
            Button("stats", pygame.Rect(536, 184, 240, 56), _("Statistics")),
            Button("merge", pygame.Rect(536, 252, 240, 56), _("Merge into…"), enabled=len(listed(self.ctl)) > 1,
                   reason=_("There is no other player to merge into.")),
            Button("delete", pygame.Rect(theme.WIDTH - 264, BOTTOM_Y, 240, 56), _("Delete"), fill=theme.DANGER),
        ]
        nfc = getattr(self.ctl.hardware, "nfc", None)
        if self.waiting_for_tag and nfc is not None and hasattr(nfc, "tap"):
            out.append(Button("simulate", pygame.Rect(186, BOTTOM_Y, 260, 56), _("Simulate a new tag")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        p = self.player
        if p is None:
            text.draw(surface, _("This player is no longer on the box."), (24, 20), 22, theme.BAD,
                      max_width=theme.WIDTH - 48)
            return
        colour = profile_rgb(p.colour)
        if colour is not None:
            pygame.draw.rect(surface, colour, (24, 18, 12, 36), border_radius=3)
        text.draw(surface, p.name, (44, 14), 30, theme.TEXT, bold=True, max_width=theme.WIDTH - 68)
        text.draw(surface, played_line(p), (24, 66), 20, theme.MUTED, max_width=theme.WIDTH - 48)
        if self.waiting_for_tag:
            line, tone = _("Touch {name}'s own tag to the reader.").format(name=p.name), theme.ACCENT
        elif p.token:
            line, tone = _("Has a tag ({uid}): touching it picks {name} for a seat.").format(uid=p.token,
                                                                                          name=p.name), theme.TEXT
        else:
            line, tone = _("No tag: {name} is picked from the list.").format(name=p.name), theme.MUTED
        text.draw_block(surface, line, pygame.Rect(24, 100, theme.WIDTH - 48, 72), 18, tone, min_size=18)

    def _change(self, what: Callable[[Any], Any], done: str = "") -> bool:
        """Run a change of the store; say a refusal (nothing changed) or ``done``."""
        store = profiles(self.ctl)
        if store is None:
            return False
        try:
            what(store)
        except (PlayerError, JournalError, KeyError) as exc:
            self.ctl.say(said(exc), "bad")
            return False
        if done:
            self.ctl.say(done, "good")
        self.reload()
        self.invalidate()
        return True

    def press(self, wid: str) -> None:
        p = self.player
        if wid == "back" or p is None:
            self.ctl.pop()
            self.ctl.active.invalidate()
        elif wid == "rename":
            self.ctl.push(KeyboardScreen(self.ctl, _("Rename {name}").format(name=p.name), p.name, self._rename))
        elif wid == "colour":
            order = (None,) + PROFILE_COLOURS
            now = order.index(p.colour) if p.colour in order else 0
            self._change(lambda s: s.set_colour(p.id, order[(now + 1) % len(order)]))
        elif wid == "token":
            self.waiting_for_tag = not self.waiting_for_tag
            self.invalidate()
        elif wid == "simulate":
            import secrets
            self.ctl.hardware.nfc.tap(secrets.token_hex(7))
        elif wid == "forget":
            self._change(lambda s: s.set_token(p.id, None), _("{name}'s tag is forgotten.").format(name=p.name))
        elif wid == "stats":
            from .stats import StatsScreen
            self.ctl.push(StatsScreen(self.ctl, player_id=p.id))
        elif wid == "merge":
            self.ctl.push(MergeScreen(self.ctl, p))
        elif wid == "delete":
            self.ctl.push(ConfirmScreen(self.ctl, _("Delete {name}?").format(name=p.name), self._delete))

    def _rename(self, name: str) -> None:
        p = self.player
        if p is not None and name.strip() and name.strip() != p.name:
            self._change(lambda s: s.rename(p.id, name.strip()),
                         _("{old} is now {new}.").format(old=p.name, new=name.strip()))

    def _delete(self) -> None:
        p = self.player
        if p is not None and self._change(lambda s: s.delete(p.id), _("{name} deleted.").format(name=p.name)):
            self.ctl.pop()
            self.ctl.active.invalidate()

    def tag_uid(self, uid: str) -> bool:
        """Waiting for the player's token: the tag read becomes theirs, unless a game's tag
        (the registry's) or another player's token already is that tag."""
        p = self.player
        if not self.waiting_for_tag or p is None:
            return False
        try:
            thing = self.ctl.tags.lookup(uid) if self.ctl.tags is not None else None
        except TagStoreError:
            thing = None
        if thing is not None:
            self.ctl.say(_("That tag is already enrolled as {kind} {value}.").format(kind=thing.kind,
                                                                                   value=thing.value), "bad")
            return True
        store = profiles(self.ctl)
        other = store.by_token(uid) if store is not None else None
        if other is not None and other.id != p.id:
            self.ctl.say(_("That tag is {name}'s.").format(name=other.name), "bad")
            return True
        self.waiting_for_tag = False
        self._change(lambda s: s.set_token(p.id, uid), _("That tag now picks {name}.").format(name=p.name))
        return True

    def back(self) -> bool:
        if self.waiting_for_tag:
            self.waiting_for_tag = False
            return True
        return False


class MergeScreen(PlayerGrid):
    """Merge ``gone`` into another profile: tap the one to keep, confirm; ``gone``'s games
    count as the kept player's and ``gone`` is no longer listed."""

    def __init__(self, ctl: Any, gone: Player) -> None:
        self.gone = gone
        self.title = _("Merge {name} into…").format(name=gone.name)
        super().__init__(ctl)

    def reload(self) -> None:
        super().reload()
        self.players = [p for p in self.players if p.id != self.gone.id]

    def paint(self, surface: pygame.Surface) -> None:
        super().paint(surface)
        text.draw(surface, _("Tap the player {name} really is.").format(name=self.gone.name), (24, 52), 18,
                  theme.MUTED, max_width=theme.WIDTH - 48)

    def picked(self, p: Player) -> None:
        question = _("Merge {gone} into {keep}?").format(gone=self.gone.name, keep=p.name)
        self.ctl.push(ConfirmScreen(self.ctl, question, lambda: self._merge(p)))

    def _merge(self, keep: Player) -> None:
        store = profiles(self.ctl)
        try:
            store.merge(keep.id, self.gone.id)
        except (PlayerError, JournalError, KeyError) as exc:
            self.ctl.say(said(exc), "bad")
            return
        self.ctl.say(_("{gone} merged into {keep}.").format(gone=self.gone.name, keep=keep.name), "good")
        self.ctl.pop()                        # this screen
        if isinstance(self.ctl.active, PlayerScreen):
            self.ctl.pop()                    # the merged player's page: that profile is gone
        self.ctl.active.invalidate()
