"""NFC tags: enrolment ("tap the bread demand tiles one by one"), an unknown tag, and the
simulator's stand-in for touching a tag to the reader.

What can be tagged comes from each game's plugin (the values) and display (their labels and
the kinds' titles): :func:`display.games.tag_kinds`.
"""

from __future__ import annotations

import secrets

import pygame

from firmware_host.games import GAMES
from firmware_host.i18n import _
from firmware_host.tags import TagInUse, TagStoreError, TagThing

from . import text, theme
from .games import display_for, tag_kinds, title
from .ui import Button, Screen, column, grid


def kind_title(game: str, kind: str) -> str:
    """The title of a tag kind of ``game``, translated."""
    return _(display_for(game).tag_titles.get(kind, kind))


def enrol(ctl, uid: str, thing: TagThing) -> str:
    """Enrol tag ``uid`` as ``thing`` and say how it went. Returns ``"new"``, ``"known"``
    (already this), ``"in use"`` (enrolled as something else), ``"bad"`` (not a tag UID) or
    ``"failed"`` (the registry could not be written); nothing raises."""
    try:
        new = ctl.tags.enroll(uid, thing)
    except TagInUse as exc:
        ctl.say(_("That tag is already enrolled as {kind} {value}.").format(kind=exc.thing.kind,
                                                                           value=exc.thing.value), "bad")
        return "in use"
    except TagStoreError as exc:
        ctl.say(_("The tag could not be saved ({error}).").format(error=exc), "bad")
        return "failed"
    except ValueError:
        ctl.say(_("That is not a tag the companion can use."), "bad")
        return "bad"
    ctl.say(_("Enrolled.") if new else _("That tag was already enrolled as this."), "good")
    return "new" if new else "known"


BOTTOM_Y = theme.CONTENT_BOTTOM - 60         # the row of Back / Ignore / More, above the message line


class TagsScreen(Screen):
    """Menu > Tags: what can be tagged for a game, with how many tags each has."""

    chrome = False

    def __init__(self, ctl, game: str | None = None) -> None:
        super().__init__(ctl)
        self.game = game or (ctl.session.name if ctl.session else next(iter(GAMES)))

    def build(self) -> list[Button]:
        out = []
        kinds = tag_kinds(self.game)
        enrolled = self.ctl.tags.enrolled(self.game) if self.ctl.tags else []
        for kind, rect in zip(kinds, column(pygame.Rect(24, 70, 420, 0), len(kinds), 56)):
            n = sum(1 for _uid, t in enrolled if t.kind == kind)
            out.append(Button(f"kind:{kind}", rect, kind_title(self.game, kind),
                              _("{n} tags enrolled").format(n=n)))
        out.append(Button("close", pygame.Rect(theme.WIDTH - 184, BOTTOM_Y, 160, 56), _("Back")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Tags: {game}").format(game=_(title(self.game))), (24, 16), 24, theme.TEXT,
                  bold=True)
        for k, line in enumerate(text.wrap(_("Stick an NFC tag under a component, then enrol it here: the "
                                             "companion then records that component when its tag touches the "
                                             "reader."), theme.PLAY_FLOOR, theme.WIDTH - 470 - 16)):
            text.draw(surface, line, (470, 76 + 23 * k), theme.PLAY_FLOOR, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid.startswith("kind:"):
            self.ctl.push(EnrolScreen(self.ctl, self.game, wid[5:]))
        elif wid == "close":
            self.ctl.pop()
            self.ctl.active.invalidate()


class EnrolScreen(Screen):
    """Enrol the tags of one kind, one value at a time: every tag read is that value."""

    chrome = False

    def __init__(self, ctl, game: str, kind: str, value_index: int = 0) -> None:
        super().__init__(ctl)
        self.game, self.kind = game, kind
        self.values = tag_kinds(game)[kind]
        self.index = value_index
        self.conflict: str | None = None        # uid enrolled as something else

    @property
    def value(self) -> tuple[str, str]:
        return self.values[self.index]

    def count(self) -> int:
        value = self.value[0]
        return sum(1 for _uid, t in self.ctl.tags.enrolled(self.game, self.kind) if t.value == value)

    def build(self) -> list[Button]:
        out = [
            Button("prev", pygame.Rect(24, 300, 200, 60), _("Previous"), enabled=self.index > 0),
            Button("next", pygame.Rect(236, 300, 300, 60),
                   _("Next: {what}").format(what=self.values[self.index + 1][1]) if self.index + 1 < len(self.values)
                   else _("Next"), enabled=self.index + 1 < len(self.values)),
            Button("done", pygame.Rect(theme.WIDTH - 184, 300, 160, 60), _("Done"), fill=theme.GO),
        ]
        if self.conflict:
            out.append(Button("forget", pygame.Rect(24, 220, 360, 56), _("Forget it and enrol it here")))
        nfc = getattr(self.ctl.hardware, "nfc", None)
        if nfc is not None and hasattr(nfc, "tap"):
            out.append(Button("simulate", pygame.Rect(24, BOTTOM_Y, 360, 56), _("Simulate a new tag")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, kind_title(self.game, self.kind), (24, 16), 24, theme.TEXT, bold=True)
        label = self.value[1]
        text.draw(surface, _("Tap the {what} tags one by one.").format(what=label), (24, 80), 26, theme.ACCENT,
                  bold=True, max_width=theme.WIDTH - 48)
        text.draw(surface, _("{n} enrolled as {what}").format(n=self.count(), what=label), (24, 130), 20,
                  theme.TEXT)
        text.draw(surface, f"{self.index + 1} / {len(self.values)}", (theme.WIDTH - 24, 24), 18, theme.MUTED,
                  "topright")

    def tag_uid(self, uid: str) -> bool:
        result = enrol(self.ctl, uid, TagThing(self.game, self.kind, self.value[0]))
        self.conflict = uid if result == "in use" else None
        self.invalidate()
        return True

    def press(self, wid: str) -> None:
        if wid in ("prev", "next"):
            self.index += 1 if wid == "next" else -1
            self.conflict = None
        elif wid == "forget" and self.conflict:
            uid, self.conflict = self.conflict, None
            try:
                self.ctl.tags.forget(uid)
            except TagStoreError as exc:
                self.ctl.say(_("The tag could not be saved ({error}).").format(error=exc), "bad")
            else:
                self.tag_uid(uid)
        elif wid == "simulate":
            self.ctl.hardware.nfc.tap(secrets.token_hex(7))
        elif wid == "done":
            self.ctl.pop()
            self.ctl.active.invalidate()
            return
        self.invalidate()


class UnknownTagScreen(Screen):
    """An unknown tag was read during play: say so and offer to enrol it; nothing else changes."""

    chrome = False

    PAGE = 16           # values per page: 4 x 4 targets of at least 48 px

    def __init__(self, ctl, uid: str) -> None:
        super().__init__(ctl)
        self.uid = uid
        self.game = ctl.session.name if ctl.session else next(iter(GAMES))
        self.kind: str | None = None
        self.page = 0

    def build(self) -> list[Button]:
        out = [Button("ignore", pygame.Rect(theme.WIDTH - 184, BOTTOM_Y, 160, 56), _("Ignore"))]
        kinds = tag_kinds(self.game)
        if self.kind is None:
            rects = column(pygame.Rect(24, 110, 420, 0), len(kinds), 54)
            out += [Button(f"kind:{k}", r, kind_title(self.game, k)) for k, r in zip(kinds, rects)]
        else:
            values = kinds[self.kind]
            shown = values[self.page * self.PAGE:(self.page + 1) * self.PAGE]
            rects = grid(pygame.Rect(24, 100, theme.WIDTH - 48, 4 * 56 + 3 * 8), self.PAGE, 4, gap=8)
            out += [Button(f"value:{v}", r, label) for (v, label), r in zip(shown, rects)]
            if len(values) > self.PAGE:
                out.append(Button("more", pygame.Rect(24, BOTTOM_Y, 200, 56), _("More")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Unknown tag {uid}").format(uid=self.uid), (24, 16), 24, theme.TEXT, bold=True)
        ask = _("What is it? Choose, and it is enrolled.") if self.kind is None else _("Which one?")
        text.draw(surface, ask, (24, 62), 18, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid.startswith("kind:"):
            self.kind, self.page = wid[5:], 0
            self.invalidate()
        elif wid == "more" and self.kind:
            pages = -(-len(tag_kinds(self.game)[self.kind]) // self.PAGE)
            self.page = (self.page + 1) % pages
            self.invalidate()
        elif wid.startswith("value:") and self.kind:
            if enrol(self.ctl, self.uid, TagThing(self.game, self.kind, wid[6:])) in ("new", "known"):
                self.ctl.say(_("Tag enrolled; tap it again to use it."), "good")
            self.ctl.pop()
            self.ctl.active.invalidate()
        elif wid == "ignore":
            self.ctl.pop()
            self.ctl.active.invalidate()

    def tag_uid(self, uid: str) -> bool:
        """The same tag again: it is this screen's question, not a second one."""
        return uid == self.uid

    def back(self) -> bool:
        if self.kind is None:
            return False
        self.kind = None
        return True


class TapTagScreen(Screen):
    """Simulator only: touch an enrolled tag to the (simulated) reader."""

    chrome = False
    PAGE = 16

    def __init__(self, ctl) -> None:
        super().__init__(ctl)
        self.page = 0
        self.tags = ctl.tags.enrolled() if ctl.tags else []

    def build(self) -> list[Button]:
        shown = self.tags[self.page * self.PAGE:(self.page + 1) * self.PAGE]
        rects = grid(pygame.Rect(24, 70, theme.WIDTH - 48, 300), self.PAGE, 4, gap=8)
        out = [Button(f"tap:{uid}", r, f"{t.kind}: {t.value}", uid) for (uid, t), r in zip(shown, rects)]
        out.append(Button("new", pygame.Rect(24, BOTTOM_Y, 240, 56), _("An unknown tag")))
        out.append(Button("more", pygame.Rect(276, BOTTOM_Y, 160, 56), _("More"),
                          enabled=(self.page + 1) * self.PAGE < len(self.tags)))
        out.append(Button("close", pygame.Rect(theme.WIDTH - 184, BOTTOM_Y, 160, 56), _("Back")))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Touch a tag to the reader"), (24, 16), 24, theme.TEXT, bold=True)
        if not self.tags:
            text.draw(surface, _("No tags enrolled yet (Menu > Tags)."), (24, 80), 18, theme.MUTED)

    def press(self, wid: str) -> None:
        if wid == "more":
            self.page = (self.page + 1) % max(1, -(-len(self.tags) // self.PAGE))
            self.invalidate()
            return
        self.ctl.pop()
        if wid.startswith("tap:"):
            self.ctl.hardware.nfc.tap(wid[4:])
        elif wid == "new":
            self.ctl.hardware.nfc.tap(secrets.token_hex(7))
