"""Languages can be added without touching screens: a catalog dropped into the locale folder
changes what the screens say; right-to-left text is laid out as runs."""

import struct

import pytest

from display import text
from display.controller import Controller
from firmware_host import i18n
from tests.trajan_fixtures import setup


def write_mo(path, messages: dict[str, str]) -> None:
    """A GNU .mo catalog (the format gettext reads), written without GNU gettext."""
    messages = {"": "Content-Type: text/plain; charset=UTF-8\n", **messages}
    keys = sorted(messages)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(messages[k].encode() + b"\0" for k in keys)
    n = len(keys)
    start = 7 * 4 + 16 * n
    o_ids, o_strs, pos = [], [], 0
    for k in keys:
        o_ids.append((len(k.encode()), start + pos))
        pos += len(k.encode()) + 1
    base = start + len(ids)
    pos = 0
    for k in keys:
        o_strs.append((len(messages[k].encode()), base + pos))
        pos += len(messages[k].encode()) + 1
    header = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    table = b"".join(struct.pack("<2I", *p) for p in o_ids) + b"".join(struct.pack("<2I", *p) for p in o_strs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + table + ids + strs)


@pytest.fixture
def hungarian(tmp_path, monkeypatch):
    write_mo(tmp_path / "hu" / "LC_MESSAGES" / "table_companion.mo",
             {"Undo": "Vissza", "New game: {title}": "Új játék: {title}", "Trajan": "Traianus"})
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("hu")
    text.clear_cache()
    yield
    i18n.set_language("en")
    text.clear_cache()


def test_a_catalog_changes_the_screens(hungarian):
    ctl = Controller(None)
    labels = {w.id: w.label for w in ctl.active.widgets()}
    assert labels["new:trajan"] == "Új játék: Traianus"
    assert labels["undo"] == "Vissza"
    ctl.start_game("trajan", setup(2))
    assert ctl.active.find("undo").label == "Vissza"
    assert ctl.active.find("ok").label == "Done"          # no translation yet: English


def test_unknown_language_falls_back_to_english():
    assert i18n.set_language("xx").code == "en"
    assert i18n._("Undo") == "Undo"


def test_menu_switches_language_at_once(hungarian, monkeypatch):
    ctl = Controller(None)
    ctl.set_language("en")
    assert ctl.active.find("undo").label == "Undo"
    ctl.set_language("hu")
    assert ctl.active.find("undo").label == "Vissza"


def test_persian_sentence_with_latin_name_and_number_is_split_into_runs():
    runs = text.runs("بازیکن Anna امتیاز 42")
    assert runs == [("بازیکن ", True), ("Anna", False), (" امتیاز ", True), ("42", False)]
    assert text.runs("Anna 12 VP") == [("Anna 12 VP", False)]
    assert text.runs("نوبت آنا: یک") == [("نوبت آنا: یک", True)]


def test_persian_text_renders_right_to_left(surface):
    i18n.set_language("fa")
    text.clear_cache()
    try:
        surf = text.render("بازیکن Anna امتیاز 42", 24, (255, 255, 255))
        assert surf.get_width() == text.measure("بازیکن Anna امتیاز 42", 24) > 0
    finally:
        i18n.set_language("en")
        text.clear_cache()
