"""Languages (issue 12): a catalog dropped into the locale folder changes what the screens say;
the language is chosen on the home screen and remembered; Persian is drawn right to left, its
screens mirrored; the fonts each language needs are named when missing."""

from __future__ import annotations

import polib
import pygame
import pytest

from display import text, theme
from display.controller import Controller
from display.home import HomeScreen, choose_language
from display.keyboard import KeyboardScreen
from display.menu import MenuScreen
from display.ui import Button, Mirror, Screen
from firmware_host import i18n
from tests.trajan_fixtures import setup


def write_mo(path, messages: dict[str, str]) -> None:
    """A compiled catalog, by polib (as tools/catalogs.py compiles the real ones)."""
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    for msgid, msgstr in messages.items():
        po.append(polib.POEntry(msgid=msgid, msgstr=msgstr))
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save_as_mofile(str(path))


@pytest.fixture
def english(surface):
    yield
    i18n.start()
    i18n.set_language("en")
    text.clear_cache()


@pytest.fixture
def hungarian(tmp_path, monkeypatch, english):
    write_mo(tmp_path / "hu" / "LC_MESSAGES" / "table_companion.mo",
             {"Undo": "Vissza", "New game: {title}": "Új játék: {title}", "Trajan": "Traianus"})
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("hu")
    text.clear_cache()


def test_a_catalog_changes_the_screens(hungarian):
    ctl = Controller(None)
    labels = {w.id: w.label for w in ctl.active.widgets()}
    assert labels["new:trajan"] == "Új játék: Traianus"
    assert labels["undo"] == "Vissza"
    ctl.start_game("trajan", setup(2))
    assert ctl.active.find("undo").label == "Vissza"
    assert ctl.active.find("ok").label == "Done"          # no translation yet: English


def test_the_real_catalogs_are_read(english):
    for code, undo in (("hu", "Visszavonás"), ("fa", None), ("zh_TW", None)):
        i18n.set_language(code)
        assert i18n._("Undo") != "Undo" if undo is None else i18n._("Undo") == undo
        assert i18n.ngettext("{n} sestertius", "{n} sestertii", 2) != "{n} sestertii"


def test_unknown_language_falls_back_to_english(english):
    assert i18n.set_language("xx").code == "en"
    assert i18n._("Undo") == "Undo"


def test_the_languages_are_one_list_and_zh_is_an_alias(english):
    assert list(i18n.LANGUAGES) == ["en", "fa", "hu", "zh_TW"]
    assert i18n.canonical("zh") == "zh_TW" and i18n.canonical("zh_TW") == "zh_TW"
    assert i18n.canonical("de") is None
    assert i18n.set_language("zh").code == "zh_TW"
    assert {lang.name for lang in i18n.LANGUAGES.values()} == {"English", "Magyar", "فارسی", "繁體中文"}


@pytest.mark.parametrize("env, code", [("zh_TW.UTF-8", "zh_TW"), ("hu_HU.UTF-8", "hu"), ("fa_IR", "fa"),
                                       ("de_DE.UTF-8", "en"), ("", "en"), ("zh", "zh_TW")])
def test_the_environment_language(monkeypatch, env, code):
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", env)
    assert i18n.from_environment() == code


def test_the_language_is_chosen_on_the_home_screen_and_remembered(tmp_path, english):
    i18n.start("hu", tmp_path)                  # the config file says Hungarian
    assert i18n.language().code == "hu"
    ctl = Controller(None)
    home = ctl.active
    assert isinstance(home, HomeScreen)
    buttons = {w.id: w for w in home.widgets() if w.id.startswith("lang:")}
    assert {b.label for b in buttons.values()} == {"English", "Magyar", "فارسی", "繁體中文"}
    assert [b.id for b in buttons.values() if b.selected] == ["lang:hu"]
    assert all(b.rect.height >= theme.MIN_TARGET for b in buttons.values())
    ctl.tap("lang:zh_TW")
    assert i18n.language().code == "zh_TW"
    assert ctl.active.find("undo").label == "復原"
    assert (tmp_path / i18n.STATE_FILE).read_text().strip() == "zh_TW"
    # the next start: the players' choice beats the config file, the command line beats both
    assert i18n.start("hu", tmp_path).code == "zh_TW"
    assert i18n.start("hu", tmp_path, override="fa").code == "fa"
    # a file that says something unknown is ignored
    (tmp_path / i18n.STATE_FILE).write_text("xx\n")
    assert i18n.start("hu", tmp_path).code == "hu"


def test_a_language_chosen_in_the_menu_is_remembered_too(tmp_path, english):
    i18n.start("", tmp_path)
    ctl = Controller(None)
    ctl.push(MenuScreen(ctl))
    ctl.tap("lang:fa")
    assert i18n.language().code == "fa"
    assert i18n.remembered(tmp_path) == "fa"


def test_a_state_folder_that_cannot_be_written_still_switches(tmp_path, english, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("")
    i18n.start("", blocker / "state")           # a folder below a file: cannot be made
    assert i18n.choose("hu").code == "hu"
    assert "not remembered" in caplog.text


def test_a_language_whose_font_is_missing_is_named_not_drawn_as_boxes(english, monkeypatch):
    monkeypatch.setattr(text, "chain", lambda script, bold=False: () if script == "Hani" else REAL_CHAIN(script, bold))
    assert text.missing_fonts("zh_TW") == [
        "Chinese (Taiwan) text needs the font Noto Sans CJK TC or WenQuanYi Zen Hei "
        "(Debian: fonts-noto-cjk or fonts-wqy-zenhei), which is not installed"]
    assert text.missing_fonts("fa") == []
    ctl = Controller(None)
    button = ctl.active.find("lang:zh_TW")
    assert button.label == "Chinese (Taiwan)"     # its own name would be boxes
    ctl.tap("lang:zh_TW")
    assert i18n.language().code == "en"
    assert "Noto Sans CJK TC" in ctl.message and "fonts-noto-cjk" in ctl.message
    # at start (a config file that says zh_TW): English, and the home screen says why
    i18n.set_language("zh_TW")
    with text.recording() as drawn:
        ctl = Controller(None)
        ctl.draw(pygame.display.get_surface())
    assert i18n.language().code == "en"
    assert any("fonts-noto-cjk" in d.text for d in drawn)


REAL_CHAIN = text.chain


def test_the_fonts_of_every_language_are_installed():
    """test.sh installs them (Debian: fonts-dejavu-core fonts-noto-ui-core fonts-noto-cjk)."""
    for code in i18n.LANGUAGES:
        assert text.missing_fonts(code) == [], code


def test_persian_sentence_with_latin_name_and_number_is_split_into_runs():
    runs = text.runs("بازیکن Anna امتیاز 42")
    assert runs == [("بازیکن ", True), ("Anna", False), (" امتیاز ", True), ("42", False)]
    assert text.runs("Anna 12 VP") == [("Anna 12 VP", False)]
    assert text.runs("نوبت آنا: یک") == [("نوبت آنا: یک", True)]


def test_persian_text_renders_right_to_left(surface, english):
    i18n.set_language("fa")
    text.clear_cache()
    s = "بازیکن Anna امتیاز 42"
    surf = text.render(s, 24, (255, 255, 255))
    assert surf.get_width() == text.measure(s, 24) > 0
    # the number is at the left end, the name between the two Persian words
    x = 0
    where = {}
    for p in text.pieces(s):
        where[p.text.strip()] = x
        x += text.run_font(p.face, 24, False, p.rtl, p.script).size(p.text)[0]
    assert where["42"] < where["امتیاز"] < where["Anna"] < where["بازیکن"]


def test_persian_digits_are_a_choice(english):
    i18n.set_language("fa")
    assert text.localize_digits("امتیاز 42") == "امتیاز 42"
    i18n.set_persian_digits(True)
    try:
        assert text.localize_digits("امتیاز 42 از 10+12") == "امتیاز ۴۲ از ۱۰+۱۲"
        assert text.localize_digits("برچسب 04A2FF و T-ROUND-2") == "برچسب 04A2FF و T-ROUND-2"
        assert text.localize_digits("Anna 42", "en") == "Anna 42"
        assert text.measure("امتیاز 42", 20) == text.measure("امتیاز ۴۲", 20)
    finally:
        i18n.set_persian_digits(False)


# ---------------------------------------------------------------------------- mirroring

class Panels(Screen):
    chrome = False

    def build(self):
        return [Button("first", pygame.Rect(10, 100, 200, 60), "first"),
                Button("board", pygame.Rect(400, 100, 100, 100), "board")]

    def physical_areas(self):
        return [pygame.Rect(380, 80, 200, 200)]

    def paint(self, surface):
        text.draw(surface, "title", (10, 10), 20)
        pygame.draw.rect(surface, (255, 0, 0), (10, 40, 20, 20))          # a square at the left
        pygame.draw.rect(surface, (0, 255, 0), (390, 90, 10, 10))         # the board's top-left corner


def test_a_right_to_left_screen_is_mirrored_but_its_board_is_not(surface, english):
    ctl = Controller(None)
    screen = Panels(ctl)
    screen.draw(surface)
    assert screen.find("first").rect == pygame.Rect(10, 100, 200, 60)
    i18n.set_language("fa")
    screen.invalidate()
    surface.fill((0, 0, 0))
    with text.recording() as drawn:
        screen.draw(surface)
    w = theme.WIDTH
    # the widgets are where they are seen: the first panel at the right, the board moved whole
    assert screen.find("first").rect == pygame.Rect(w - 210, 100, 200, 60)
    board = Mirror(w).rect(pygame.Rect(380, 80, 200, 200))
    assert screen.find("board").rect == pygame.Rect(board.x + 20, 100, 100, 100)
    assert screen.hit(w - 100, 130).id == "first"
    # the picture: the square at the right, the board's corner still at the board's top-left
    assert surface.get_at((w - 20, 50))[:3] == (255, 0, 0)
    assert surface.get_at((board.x + 12, 92))[:3] == (0, 255, 0)
    # the text is not mirrored, its place is: drawn from the right edge
    title = text.render("title", 20, (236, 236, 236))
    assert surface.get_at((w - 10 - title.get_width() // 2, 10 + title.get_height() // 2)) != (0, 0, 0)
    assert [d.text for d in drawn][0] == "title"


def test_the_keyboard_keeps_its_keys_and_mirrors_its_buttons(surface, english):
    i18n.set_language("fa")
    ctl = Controller(None)
    kb = KeyboardScreen(ctl, "name", "", lambda v: None)
    left = {b.id: b.rect for b in kb.widgets()}
    assert left["key:ض"].x < left["key:ص"].x                        # ISIRI 9147 as printed
    assert left["ok"].x < left["cancel"].x                          # the row reads from the right
    kb.press("layout:latin")
    left = {b.id: b.rect for b in kb.widgets()}
    assert left["key:Q"].x < left["key:W"].x                        # QWERTY as printed


def test_every_generic_screen_mirrors_in_persian(surface, english):
    i18n.set_language("fa")
    ctl = Controller(None)
    home = ctl.active
    english_x = {}
    i18n.set_language("en")
    home.invalidate()
    english_x = {b.id: b.rect.centerx for b in home.widgets()}
    choose_language(ctl, "fa")
    home = ctl.active
    for b in home.widgets():
        assert b.rect.centerx == theme.WIDTH - english_x[b.id], b.id


def test_trajans_action_circle_keeps_its_bowls_where_the_board_has_them(surface, english):
    """Trajan's screens declare the action circle and the time track as pictures of the board:
    mirrored in Persian, the circle moves to the left but bowl 1 stays top-left of it, bowl 2
    top-right, as on the player board."""
    import random

    from firmware_host.engine.trajan.play import random_event

    ctl = Controller(None)
    ctl.start_game("trajan", setup(2))
    rng = random.Random(1)
    while ctl.session.state.pending.kind != "bowl":
        ctl.session.game.apply(random_event(ctl.session.game, rng))
    ctl.refresh()
    english_bowls = {b.id: b.rect.center for b in ctl.active.widgets() if b.id.startswith("bowl:")}
    choose_language(ctl, "fa")
    bowls = {b.id: b.rect.center for b in ctl.active.widgets() if b.id.startswith("bowl:")}
    assert bowls["bowl:0"][0] < bowls["bowl:1"][0]                  # as on the board
    assert bowls["bowl:0"][0] < theme.WIDTH // 2                     # the circle is on the left now
    dx = bowls["bowl:0"][0] - english_bowls["bowl:0"][0]
    assert all(bowls[b] == (x + dx, y) for b, (x, y) in english_bowls.items())
    ctl.draw(surface)
