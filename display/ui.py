"""The building blocks of every screen: buttons (touch targets) and the Screen base class.

A screen is rebuilt from the game state whenever a move is accepted or undone; between
moves it keeps only the *draft* of the decision being entered (a chosen bowl, a sowing
order, selected cards). Its widgets are plain rectangles with ids; a touch, a key or a
scripted ``tap <id>`` all end in :meth:`Screen.press`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from firmware_host import i18n
from firmware_host.engine.core import RuleError
from firmware_host.games import plugin
from firmware_host.i18n import _

from . import icons, text, theme
from .offers import Offers, OffersCache

if TYPE_CHECKING:
    from firmware_host.session import Session

    from .controller import Controller


class Refusal(str):
    """What the rules say against a move, as players read it: the sentence (translated, no
    rule ID in front) is the string; ``rule`` is the rule ID (``"T-SEN-2"``), which the message
    line draws apart from it, small and muted (``Controller.say``). Any place that takes a
    ``str`` takes it."""

    rule: str

    def __new__(cls, sentence: str, rule: str = "") -> Refusal:
        self = super().__new__(cls, sentence)
        self.rule = rule
        return self


def refusal(exc: RuleError, game: str | None = None, fix: bool = True) -> Refusal:
    """``exc`` as players read it: its message and (if ``fix``) what to do instead, each param
    translated (words through the catalog, the names of ``game``'s board data in their
    context: ``GameDisplay.names``), and its rule ID kept apart."""
    from .games import names_of  # the games' displays import this module
    return Refusal(exc.sentence(_, i18n.pgettext, names_of(game), fix=fix), exc.rule)


@dataclass
class Button:
    """A touch target: ``id`` is what a press reports; ``label``/``sub`` are already translated."""

    id: str
    rect: pygame.Rect
    label: str = ""
    sub: str = ""
    enabled: bool = True
    selected: bool = False
    fill: tuple[int, int, int] | None = None
    icon: Callable[[pygame.Surface, pygame.Rect], None] | None = None
    size: int = 18
    frame: bool = True
    lang: str = ""          # draw the label in this language (a language's own name)
    #: why the button is disabled (translated; said on the message line when it is tapped)
    reason: str = ""
    #: where the button is laid out, when that is not where it is on screen (a mirrored
    #: screen: ``rect`` is where a finger finds it, ``layout`` where the screen's code put it)
    layout: pygame.Rect | None = None
    #: ``False``: the picture alone is drawn, the label only names the button (a button too
    #: small for its word at a size read across the table: the top bar's Menu and Undo)
    label_shown: bool = True

    def draw(self, surface: pygame.Surface) -> None:
        r = self.layout or self.rect
        if self.frame:
            colour = self.fill or (theme.BUTTON if self.enabled else theme.BUTTON_OFF)
            pygame.draw.rect(surface, colour, r, border_radius=8)
            if self.selected:
                pygame.draw.rect(surface, theme.SELECTED, r, width=3, border_radius=8)
        fg = theme.TEXT if self.enabled else theme.DIM
        if self.fill:           # the label in light or dark, whichever reads better on the fill
            fg = max((fg, theme.INK), key=lambda c: theme.contrast(c, self.fill or theme.BUTTON))
        if self.icon is not None:
            icon_rect = r.inflate(-8, -8)
            if self.label and self.label_shown:     # a caption under the picture: the picture says it
                icon_rect.height -= text.line_height(theme.TYPE["detail"])
            self.icon(surface, icon_rect)
            if self.label and self.label_shown:
                text.draw(surface, self.label, (r.centerx, r.bottom - 3), "detail", fg, "midbottom",
                          max_width=r.width - 6, min_size=theme.FLOOR)
            return
        if self.sub:            # the sub-line (a greyed option's reason): a tap says it in full too
            text.draw(surface, self.label, (r.centerx, r.centery), self.size, fg, "midbottom",
                      bold=True, max_width=r.width - 10, min_size=theme.FLOOR)
            text.draw(surface, self.sub, (r.centerx, r.centery + 1), "detail", theme.MUTED if self.enabled
                      else theme.DIM, "midtop", max_width=r.width - 10, min_size=theme.FLOOR)
        elif self.label:
            draw_label(surface, self.label, r, self.size, fg, lang=self.lang)


LEADING = 1.15          # a two-line label's lines apart, in em


def draw_label(surface: pygame.Surface, label: str, r: pygame.Rect, size: int, colour: tuple[int, int, int],
               bold: bool = True, lang: str = "", min_size: int = theme.PLAY_FLOOR) -> None:
    """``label`` centred in ``r``, the first of these that fits: one line (shrunk down to
    ``min_size``, by default the size read during play, if need be); two lines broken between
    words (or Chinese characters), when ``r`` is tall enough; two lines with a long word
    hyphenated; one line shrunk down to :data:`theme.FLOOR` (which the type-scale test
    reports: the button is too small for its label); one line cut with an ellipsis."""
    width = r.width - 10
    floor = min(min_size, theme.FLOOR)
    if text.measure(label, text.fit(label, size, width, bold, min_size, lang), bold, lang) <= width:
        text.draw(surface, label, r.center, size, colour, "center", bold=bold, max_width=width, lang=lang,
                  min_size=min_size)
        return
    for hyphenate in (False, True):
        # lines of a label sit closer than a paragraph's (text.line_height makes room for the
        # tallest font's accents): 1.15 em apart, so two 18-px lines fit a 52-px button
        lines, two = text.fit_wrapped(label, size, width, r.height - 4, bold, min_size, hyphenate, LEADING, lang)
        step = round(two * LEADING)
        if (len(lines) <= 2 and len(lines) * step + 4 <= r.height
                and all(text.measure(ln, two, bold, lang) <= width for ln in lines)):
            top = r.centery - step * (len(lines) - 1) / 2
            for k, line in enumerate(lines):
                text.draw(surface, line, (r.centerx, top + step * k), two, colour, "center", bold=bold,
                          max_width=width, lang=lang, min_size=floor)
            return
    text.draw(surface, label, r.center, size, colour, "center", bold=bold, max_width=width, lang=lang,
              min_size=floor)


def _chrome_icon(picture: Callable[[pygame.Surface, pygame.Rect, tuple[int, int, int]], None],
                 enabled: bool) -> Callable[[pygame.Surface, pygame.Rect], None]:
    """A top-bar button's picture, in the colour of an enabled or a greyed label."""
    colour = theme.TEXT if enabled else theme.DIM
    return lambda surface, rect: picture(surface, rect, colour)


def grid(area: pygame.Rect, count: int, columns: int, gap: int = 8, height: int | None = None) -> list[pygame.Rect]:
    """``count`` cells laid out left to right in ``columns`` inside ``area``."""
    rows = max(1, (count + columns - 1) // columns)
    w = (area.width - gap * (columns - 1)) // columns
    h = height or (area.height - gap * (rows - 1)) // rows
    return [pygame.Rect(area.x + (i % columns) * (w + gap), area.y + (i // columns) * (h + gap), w, h)
            for i in range(count)]


def shared_widths(want: list[int], room: int, least: int = theme.MIN_TARGET) -> list[int]:
    """Widths (px) for a row of buttons that would each like ``want[i]`` (their label's width
    and margins) in ``room`` px (the gaps already taken out): each its want when all fit, the
    room to spare shared alike; else the narrow ones keep theirs and the wide ones share what
    is left (water-filling), none below ``least``."""
    widths = [0] * len(want)
    rest = room
    for k, i in enumerate(sorted(range(len(want)), key=lambda j: want[j])):
        widths[i] = max(least, min(want[i], rest // (len(want) - k)))
        rest -= widths[i]
    if rest > 0 and want:
        widths = [w + rest // len(want) for w in widths]
    return widths


def column(area: pygame.Rect, count: int, height: int = 52, gap: int = 8) -> list[pygame.Rect]:
    return [pygame.Rect(area.x, area.y + i * (height + gap), area.width, height) for i in range(count)]


class Screen:
    """Base of all screens. Subclasses implement :meth:`build` (widgets), :meth:`paint`
    (everything that is not a widget) and :meth:`press`.

    In a right-to-left language a screen is drawn mirrored (:attr:`mirror`): panels, lists and
    rows of buttons read from the right, a text laid out from the left edge of its place starts
    at the right edge. The screen's code lays out for left to right as ever; :meth:`draw` flips
    the picture and puts each text, unmirrored, where its mirrored place is, and the widgets'
    ``rect`` are where they are on screen. :meth:`physical_areas` are pictures of the board
    (the action circle, a time track): moved with the layout, but drawn as the board is."""

    #: shows the global undo / menu buttons in the top bar
    chrome = True
    #: drawn mirrored in a right-to-left language (a screen whose layout has no reading order
    #: can say ``False``)
    mirror = True

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self._widgets: list[Button] | None = None
        self._mirrored_as = False

    # ---------------------------------------------------------------- mirroring

    def mirrored(self) -> bool:
        """Whether the screen is drawn mirrored now (a right-to-left language)."""
        return self.mirror and i18n.language().rtl

    def physical_areas(self) -> list[pygame.Rect]:
        """Pictures of the physical board in the layout (e.g. the action circle): on a mirrored
        screen each goes to its mirrored place but is drawn as the board is, not mirrored."""
        return []

    # ---------------------------------------------------------------- widgets

    def widgets(self) -> list[Button]:
        if self._widgets is None:
            widgets = self.build()
            if self.chrome:
                widgets += self.chrome_buttons()
            self._mirrored_as = self.mirrored()
            mirror = Mirror(theme.WIDTH, self.physical_areas()) if self._mirrored_as else None
            for b in widgets:                   # (a screen may hand out the same buttons again)
                layout = b.layout or b.rect
                b.rect, b.layout = (mirror.rect(layout), layout) if mirror else (layout, None)
            self._widgets = widgets
        return self._widgets

    def invalidate(self) -> None:
        """The draft changed: rebuild the widgets and redraw."""
        self._widgets = None
        self.ctl.dirty = True

    def chrome_buttons(self) -> list[Button]:
        w = theme.WIDTH
        return [
            # pictures, not words: "Visszavonás" does not fit 54 px at a size read across the table
            Button("menu", pygame.Rect(w - 112, 2, 54, theme.TOP_BAR - 4), _("Menu"),
                   icon=_chrome_icon(icons.menu_bars, True), label_shown=False),
            Button("undo", pygame.Rect(w - 56, 2, 54, theme.TOP_BAR - 4), _("Undo"),
                   icon=_chrome_icon(icons.undo_arrow, self.ctl.can_undo()), label_shown=False,
                   enabled=self.ctl.can_undo(), reason=self.ctl.undo_refused()),
        ]

    def hit(self, x: int, y: int) -> Button | None:
        for b in reversed(self.widgets()):
            if b.enabled and b.rect.collidepoint(x, y):
                return b
        return None

    def hit_disabled(self, x: int, y: int) -> Button | None:
        """The disabled widget at ``(x, y)``, if no enabled one is there (to say why)."""
        if self.hit(x, y) is not None:
            return None
        return next((b for b in reversed(self.widgets()) if not b.enabled and b.rect.collidepoint(x, y)), None)

    def find(self, wid: str) -> Button | None:
        return next((b for b in self.widgets() if b.id == wid), None)

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the screen (:meth:`compose`), mirrored in a right-to-left language."""
        if self._widgets is not None and self._mirrored_as != self.mirrored():
            self._widgets = None                # built before the language changed direction
        self.widgets()
        if not self.mirrored():
            self.compose(surface)
            return
        with Mirror(theme.WIDTH, self.physical_areas()).drawing(surface):
            self.compose(surface)

    def compose(self, surface: pygame.Surface) -> None:
        """Everything on the screen, laid out left to right."""
        surface.fill(theme.BG)
        self.paint(surface)
        for b in self.widgets():
            b.draw(surface)

    def build(self) -> list[Button]:
        return []

    def paint(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget (boards, tracks, texts)."""

    # ---------------------------------------------------------------- input

    def press(self, wid: str) -> None:
        """A widget was tapped (or its key pressed)."""

    def button(self, name: str) -> bool:
        """A hardware button (``bowl1``..``bowl6``, ``ok``). Default: OK taps the ``ok`` widget."""
        if name == "ok":
            ok = self.find("ok")
            if ok is not None and ok.enabled:
                self.press("ok")
                return True
        return False

    def back(self) -> bool:
        """UNDO with a draft open: step back inside the draft. ``False`` if there is none."""
        return False

    def keep_entries(self, *ignore: str) -> None:
        """Remember what the screen's entries are now (:meth:`entries_changed`); the
        attributes ``ignore`` are where the screen is, not what was entered."""
        self._ignored = ignore
        self._entries = form_entries(self, ignore)

    def entries_changed(self) -> bool:
        """Whether the entries differ from those :meth:`keep_entries` remembered."""
        kept = getattr(self, "_entries", None)
        return kept is not None and kept != form_entries(self, getattr(self, "_ignored", ()))

    def discard_question(self) -> str:
        """Closing this screen would throw away what was entered: the question to ask first
        (translated, e.g. "Discard this tally?"); ``""`` if nothing would be lost."""
        return ""

    def tag(self, thing: Any) -> bool:
        """An enrolled NFC tag was read (``thing``: game, kind, value); ``True`` if used."""
        return False

    def tag_uid(self, uid: str) -> bool:
        """A tag was read, before it is looked up (the enrolment screens take any tag)."""
        return False


def form_entries(screen: Screen, ignore: tuple[str, ...] = ()) -> str:
    """What a form holds now, for telling whether its entries changed: the plain values
    (numbers, texts, flags and lists or maps of them) among its attributes."""
    plain = (int, float, str, bool, type(None))

    def is_plain(v: Any) -> bool:
        if isinstance(v, plain):
            return True
        if isinstance(v, (list, tuple)):
            return all(is_plain(x) for x in v)
        if isinstance(v, dict):
            return all(isinstance(k, str) and is_plain(x) for k, x in v.items())
        return False

    return repr(sorted((k, v) for k, v in vars(screen).items()
                       if not k.startswith("_") and k not in ignore and is_plain(v)))


class ConfirmScreen(Screen):
    """Asks once before something is thrown away: ``question`` (translated), Yes runs
    ``yes``, No (or UNDO) closes the question and nothing changes."""

    chrome = False

    def __init__(self, ctl: Controller, question: str, yes: Callable[[], None]) -> None:
        super().__init__(ctl)
        self.question = question
        self.yes = yes

    def build(self) -> list[Button]:
        y = theme.CONTENT_BOTTOM // 2 + 10
        return [Button("no", pygame.Rect(theme.WIDTH // 2 - 208, y, 200, 56), _("No")),
                Button("yes", pygame.Rect(theme.WIDTH // 2 + 8, y, 200, 56), _("Yes"), fill=theme.DANGER)]

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, self.question, (theme.WIDTH // 2, theme.CONTENT_BOTTOM // 2 - 40), 24, theme.TEXT,
                  "center", bold=True, max_width=theme.WIDTH - 40)

    def press(self, wid: str) -> None:
        self.ctl.pop()
        if wid == "yes":
            self.yes()
        self.ctl.active.invalidate()


class GameScreen(Screen):
    """Base of a game's screens: the open session's ``rules``, ``board`` and state ``s``;
    :meth:`legal` and :meth:`preview` ask the engine about a move without making it, so no
    screen repeats a rule."""

    def __init__(self, ctl: Controller) -> None:
        super().__init__(ctl)
        assert ctl.session is not None
        self.rules: Any = ctl.session.rules
        self.board: Any = self.rules.board

    @property
    def session(self) -> Session:
        """The open game's session (a game screen exists only while a game is open)."""
        session = self.ctl.session
        assert session is not None
        return session

    @property
    def s(self) -> Any:
        return self.session.state

    _offers_cache: OffersCache | None = None

    @property
    def offered(self) -> Offers:
        """The engine's legal moves now (the game plugin's ``legal_moves``): an option is
        enabled when its move's choice (``choice_key``) is listed."""
        if self._offers_cache is None:
            game = plugin(self.session.name)
            self._offers_cache = OffersCache(game.legal_moves, game.choice_key)
        return self._offers_cache.get(self.rules, self.s)

    def compose(self, surface: pygame.Surface) -> None:
        super().compose(surface)
        self.top_bar(surface)
        for b in self.widgets():                 # the menu and undo buttons sit on the bar
            if b.id in ("menu", "undo"):
                b.draw(surface)

    def top_bar(self, surface: pygame.Surface) -> None:
        """The game's bar across the top of the screen (where it stands, whose turn)."""

    def legal(self, event: Any) -> str:
        """Why ``event`` is illegal now (``""`` if legal), translated: a :class:`Refusal`,
        whose rule ID the message line shows apart."""
        try:
            self.session.game.check(event)
        except RuleError as exc:
            return refusal(exc, self.session.name)
        return ""

    def preview(self, event: Any) -> Any:
        """The state after ``event``, or ``None`` if the rules refuse it."""
        try:
            return self.session.game.check(event)
        except RuleError:
            return None


class CorrectionScreen(GameScreen):
    """Base of a game's "correct the books" screen (a correction move, docs/corrections.md):
    the game's screen chooses what is corrected (its buttons from :meth:`choices`) and says
    what the books hold (:meth:`books`), the move (:meth:`event`), why a draft is refused
    (:meth:`correction_refused`) and the line describing the draft (:meth:`draft_line`); this
    base draws the value stepper, Back and Correct, and the one line under them: the draft,
    or why the rules refuse it. ``rect`` is the screen's area; ``lowest`` the smallest value."""

    chrome = False
    rect = pygame.Rect(12, 52, theme.WIDTH - 24, theme.CONTENT_BOTTOM - 52)
    lowest: int | None = None
    value = 0

    def books(self) -> int:
        raise NotImplementedError

    def event(self) -> Any:
        raise NotImplementedError

    def correction_refused(self) -> str:
        raise NotImplementedError

    def draft_line(self) -> str:
        raise NotImplementedError

    def choices(self) -> list[Button]:
        raise NotImplementedError

    @property
    def bottom(self) -> int:
        return theme.CONTENT_BOTTOM - 54

    def build(self) -> list[Button]:
        r, y = self.rect, self.bottom
        why = self.correction_refused()
        return self.choices() + [
            Button("minus", pygame.Rect(r.x + 250, y, 60, 52), "−",
                   enabled=self.lowest is None or self.value > self.lowest),
            Button("plus", pygame.Rect(r.x + 400, y, 60, 52), "+"),
            Button("back", pygame.Rect(r.x, y, 130, 52), _("Back")),
            Button("ok", pygame.Rect(r.right - 200, y, 200, 52), _("Correct"), enabled=not why,
                   fill=theme.GO if not why else None)]

    def paint_draft(self, surface: pygame.Surface) -> None:
        """The value being set, and one line: the draft, or why it is refused."""
        r, y = self.rect, self.bottom
        text.draw(surface, str(self.value), (r.x + 355, y + 26), 26, theme.TEXT, "center", bold=True)
        why = self.correction_refused()
        if why and self.value != self.books():
            line, colour = why, theme.BAD
        else:
            line, colour = self.draft_line(), theme.ACCENT
        # up to three lines (a refusal in Persian takes them), ending just above the buttons
        lines = text.wrap(line, theme.PLAY_FLOOR, r.width)[:3]
        for k, part in enumerate(lines):
            text.draw(surface, part, (r.x, y - 6 - 22 * (len(lines) - k)), theme.PLAY_FLOOR, colour, max_width=r.width,
                      min_size=theme.PLAY_FLOOR)

    def press(self, wid: str) -> None:
        if wid in ("plus", "minus"):
            self.value += 1 if wid == "plus" else -1
            if self.lowest is not None:
                self.value = max(self.lowest, self.value)
        elif wid == "back":
            self.ctl.pop()
        elif wid == "ok":
            if self.ctl.submit(self.event()):
                while self.ctl.overlays:      # back to the game: its news says what was corrected
                    self.ctl.pop()
            return
        else:
            self.choose(wid)
        self.invalidate()

    def choose(self, wid: str) -> None:
        """A tap on one of :meth:`choices` (what is corrected)."""

    def back(self) -> bool:
        """UNDO first puts a changed value back to what the books say."""
        if self.value != self.books():
            self.value = self.books()
            return True
        return False


class Mirror:
    """The mirror image of a ``width``-px wide layout, with ``keep``: areas that move to their
    mirrored place but keep their picture (the board's)."""

    def __init__(self, width: int, keep: list[pygame.Rect] | tuple[pygame.Rect, ...] = ()) -> None:
        self.width = width
        self.keep = list(keep)

    def _moved(self, area: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(self.width - area.right, area.y, area.width, area.height)

    def rect(self, r: pygame.Rect) -> pygame.Rect:
        """Where ``r`` of the layout is on screen: mirrored, or moved with the kept area that
        holds its centre."""
        for area in self.keep:
            if area.collidepoint(r.center):
                return r.move(self._moved(area).x - area.x, 0)
        return pygame.Rect(self.width - r.right, r.y, r.width, r.height)

    @contextmanager
    def drawing(self, surface: pygame.Surface) -> Iterator[None]:
        """Draw the layout onto ``surface`` inside the block; at its end the picture is
        mirrored, the kept areas flipped back, and the texts (held back meanwhile) drawn
        unmirrored at their mirrored places."""
        held: list[tuple[pygame.Surface, pygame.Rect]] = []

        def hold(target: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect) -> bool:
            if target is not surface:
                return False
            held.append((surf, self.rect(rect)))
            return True

        previous = text.defer
        text.defer = hold
        try:
            yield
        finally:
            text.defer = previous
        layout = surface.subsurface(surface.get_rect().clip(0, 0, self.width, surface.get_height()))
        surface.blit(pygame.transform.flip(layout, True, False), (0, 0))
        for area in self.keep:
            moved = self._moved(area).clip(surface.get_rect())
            if moved.width and moved.height:
                surface.blit(pygame.transform.flip(surface.subsurface(moved), True, False), moved)
        for surf, rect in held:
            surface.blit(surf, rect)
