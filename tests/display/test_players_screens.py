"""The players on screen (issue 15, part 1): a seat's player picked from the profiles (most
recent first) or by their own NFC token, a new name typed once; Home → Players: rename,
colour, token, merge and delete, each refusal one line. Every screen drawn in the four
languages with readable text (:func:`readable`)."""

from __future__ import annotations

import pygame
import pytest

from display import text, theme
from display.controller import Controller
from display.script import run_line, run_lines
from firmware_host import i18n
from firmware_host.inputs import TagRead, TextEntered
from firmware_host.journal import Journal
from firmware_host.tags import TagRegistry, TagThing

TOKEN = "04a1b2c3d4e5f6"


def readable(ctl, surface, lang: str = "en") -> list[str]:
    """Draw what ``ctl`` shows in ``lang`` and list what is wrong with its texts: below
    :data:`theme.FLOOR`, below :data:`theme.PLAY_FLOOR` unless in a small role, contrast
    under :data:`theme.MIN_CONTRAST`, cut with an ellipsis, or off the screen."""
    i18n.set_language(lang)
    text.clear_cache()
    ctl.set_language(lang)
    try:
        with text.recording() as drawn:
            ctl.draw(surface)
    finally:
        i18n.set_language("en")
        text.clear_cache()
    out = []
    for d in drawn:
        if not d.text.strip():
            continue
        if d.shown_size < theme.FLOOR:
            out.append(f"{d.text!r}: {d.shown_size} px")
        elif d.role not in theme.SMALL_ROLES and d.shown_size < theme.PLAY_FLOOR:
            out.append(f"{d.text!r}: {d.shown_size} px ({d.role})")
        if d.contrast is not None and d.contrast < theme.MIN_CONTRAST:
            out.append(f"{d.text!r}: contrast {d.contrast:.2f}")
        if d.shown != d.text:
            out.append(f"{d.text!r}: cut")
        if d.rect.left < 0 or d.rect.right > theme.WIDTH:
            out.append(f"{d.text!r}: off screen")
    return out


def typed(ctl, name: str) -> None:
    """Type ``name`` on the open keyboard (as the simulator's keys do) and tap OK."""
    ctl.handle(TextEntered(name))
    run_line(ctl, "tap ok")


def save(ctl, surface, path) -> None:
    ctl.draw(surface)
    pygame.image.save(surface, str(path))


@pytest.fixture
def ctl(tmp_path):
    c = Controller(Journal(tmp_path / "j.db"), tags=TagRegistry(tmp_path / "tags.db"))
    yield c
    c.journal.close()


def names(c) -> list[str]:
    return [p.name for p in c.players.list()]


def test_a_seat_with_no_profiles_yet_goes_straight_to_the_keyboard_and_the_name_is_kept_once(ctl):
    run_lines(ctl, ["tap new:trajan", "tap name:0"])
    assert type(ctl.active).__name__ == "KeyboardScreen"          # nothing to pick from
    ctl.active.value = ""
    typed(ctl, "Anna")
    assert ctl.active.names[0] == "Anna" and names(ctl) == ["Anna"]
    run_lines(ctl, ["tap name:1"])                                  # now there is someone to pick
    assert type(ctl.active).__name__ == "PickPlayerScreen"
    anna = ctl.players.by_name("Anna")
    assert not ctl.active.find(f"player:{anna.id}").enabled        # already at seat 1
    run_line(ctl, "tap new")
    typed(ctl, "Anna")
    assert "already has a seat" in ctl.message and ctl.active.names[1] != "Anna"
    assert names(ctl) == ["Anna"]                                    # not added twice


def test_a_default_seat_name_left_as_it_is_becomes_no_profile(ctl):
    """OK on the seat's own name ("Red", as the form named it) keeps it and adds nobody: the
    end of a game links seats to profiles by name only, so "Red" would be every game's."""
    run_lines(ctl, ["tap new:trajan", "tap name:0"])
    default = ctl.active.value
    assert type(ctl.active).__name__ == "KeyboardScreen" and default
    run_line(ctl, "tap ok")
    assert ctl.active.names[0] == default and names(ctl) == []
    run_line(ctl, "tap name:1")                                     # still nobody to pick from
    assert type(ctl.active).__name__ == "KeyboardScreen"
    ctl.active.value = ""
    typed(ctl, "Bela")                                             # typed: a profile
    assert ctl.active.names[1] == "Bela" and names(ctl) == ["Bela"]


def test_a_seat_compares_names_as_players_read_them(ctl):
    """ "anna" is Anna, and an "é" typed as e + combining accent is the precomposed one: the
    same player cannot take two seats by a change of case or spelling."""
    ctl.players.add("Anna")
    ctl.players.add("Zoé")
    run_lines(ctl, ["tap new:trajan", "tap name:0", f"tap player:{ctl.players.by_name('Anna').id}",
                    "tap name:1", f"tap player:{ctl.players.by_name('Zoé').id}", "tap name:2"])
    picker = ctl.active
    assert type(picker).__name__ == "PickPlayerScreen"
    for name in ("Anna", "Zoé"):
        assert not picker.find(f"player:{ctl.players.by_name(name).id}").enabled
    for spelling in ("anna", "ZOE\u0301"):
        run_line(ctl, "tap new")
        ctl.active.value = ""
        typed(ctl, spelling)
        assert "already has a seat" in ctl.message, spelling
        assert ctl.active.names[2] not in ("Anna", "Zoé") and sorted(names(ctl)) == ["Anna", "Zoé"]
        run_line(ctl, "tap name:2")


def test_the_picker_lists_the_most_recent_first_and_a_tap_names_the_seat(ctl):
    for name in ("Anna", "Bela", "Chen"):
        ctl.players.add(name)
    run_lines(ctl, ["tap new:concordia", "tap name:2"])
    picker = ctl.active
    assert type(picker).__name__ == "PickPlayerScreen"
    shown = [b.label for b in picker.widgets() if b.id.startswith("player:")]
    assert shown == names(ctl) == ["Chen", "Bela", "Anna"]        # never played: newest added first
    run_line(ctl, f"tap player:{ctl.players.by_name('Bela').id}")
    form = ctl.active
    assert type(form).__name__ == "NewGameScreen" and form.names[2] == "Bela"
    run_lines(ctl, ["tap name:2", "tap cancel"])                   # Back keeps the name
    assert form.names[2] == "Bela"


def test_a_players_own_token_picks_them_while_the_picker_is_open(ctl):
    dara = ctl.players.add("Dara")
    ctl.players.set_token(dara.id, TOKEN)
    ctl.players.add("Emil")
    run_lines(ctl, ["tap new:chariot_race", "tap name:1"])
    ctl.handle(TagRead(TOKEN.upper()))                              # any spelling of the UID
    assert ctl.active.names[1] == "Dara" and "Dara" in ctl.message
    run_lines(ctl, ["tap name:0"])
    ctl.handle(TagRead(TOKEN))                                      # Dara already sits at seat 2
    assert type(ctl.active).__name__ == "PickPlayerScreen" and "already has a seat" in ctl.message
    run_line(ctl, "tap cancel")
    ctl.handle(TagRead(TOKEN))                                      # no picker: said whose it is
    assert "Dara's tag" in ctl.message and type(ctl.active).__name__ == "NewGameScreen"


def test_home_players_rename_colour_token_forget(ctl, surface):
    anna = ctl.players.add("Anna")
    ctl.tags.enroll("04000001", TagThing("trajan", "player", "red"))
    run_lines(ctl, ["tap players", f"tap player:{anna.id}"])
    assert type(ctl.active).__name__ == "PlayerScreen"
    run_line(ctl, "tap rename")
    typed(ctl, "z")
    assert ctl.players.get(anna.id).name == "Annaz" and "is now" in ctl.message
    run_lines(ctl, ["tap colour", "tap colour"])
    assert ctl.players.get(anna.id).colour == "green"
    run_line(ctl, "tap token")
    ctl.handle(TagRead("04000001"))                                 # a game's tag: refused
    assert "already enrolled" in ctl.message and ctl.players.get(anna.id).token is None
    ctl.handle(TagRead(TOKEN))
    assert ctl.players.get(anna.id).token == TOKEN and not ctl.active.waiting_for_tag
    assert readable(ctl, surface) == []
    run_line(ctl, "tap forget")
    assert ctl.players.get(anna.id).token is None


def test_a_name_the_store_refuses_is_one_line_and_changes_nothing(ctl):
    anna = ctl.players.add("Anna")
    ctl.players.add("Bela")
    run_lines(ctl, ["tap players", f"tap player:{anna.id}", "tap rename"])
    ctl.active.value = "BELA"
    run_line(ctl, "tap ok")
    assert ctl.message == "There is already a player called Bela." and ctl.message_level == "bad"
    assert ctl.players.get(anna.id).name == "Anna"


def test_merge_and_delete_ask_first(ctl):
    anna, annie, bela = (ctl.players.add(n) for n in ("Anna", "Annie", "Bela"))
    run_lines(ctl, ["tap players", f"tap player:{annie.id}", "tap merge", f"tap player:{anna.id}"])
    assert type(ctl.active).__name__ == "ConfirmScreen" and "Merge Annie into Anna?" == ctl.active.question
    run_line(ctl, "tap no")
    assert sorted(names(ctl)) == ["Anna", "Annie", "Bela"]
    run_lines(ctl, [f"tap player:{anna.id}", "tap yes"])
    assert sorted(names(ctl)) == ["Anna", "Bela"] and type(ctl.active).__name__ == "PlayersScreen"
    run_lines(ctl, [f"tap player:{bela.id}", "tap delete", "tap no"])
    assert "Bela" in names(ctl)
    run_lines(ctl, ["tap delete", "tap yes"])
    assert names(ctl) == ["Anna"] and type(ctl.active).__name__ == "PlayersScreen"


def test_new_player_from_the_players_screen(ctl):
    run_lines(ctl, ["tap players", "tap new"])
    typed(ctl, "Émil")
    assert names(ctl) == ["Émil"] and "added" in ctl.message


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_players_screens_in_every_language(ctl, surface, tmp_path, lang):
    """Each screen drawn in ``lang`` (PNGs kept under the test's folder to look at): text big
    enough, standing out, not cut; Persian mirrored (the Back button on the right)."""
    for name in ("Anna", "Bela", "Chen", "Dara", "Emil", "فرهاد", "陳美玲"):
        ctl.players.add(name)
    ctl.players.set_colour(ctl.players.by_name("Anna").id, "red")
    ctl.players.set_token(ctl.players.by_name("Dara").id, TOKEN)
    bad = []
    run_lines(ctl, ["tap new:trajan", "tap name:0"])
    for key, lines in (("picker", []), ("players", ["tap cancel", "tap cancel", "tap players"]),
                       ("player", [f"tap player:{ctl.players.by_name('Anna').id}", "tap token"]),
                       ("merge", ["tap token", "tap merge"])):
        run_lines(ctl, lines)
        bad += [f"{key}: {p}" for p in readable(ctl, surface, lang)]
        i18n.set_language(lang)
        try:
            save(ctl, surface, tmp_path / f"{lang}-{key}.png")
            back = ctl.active.find("cancel") or ctl.active.find("back")
            if lang == "fa":
                assert back.rect.centerx > theme.WIDTH // 2, key
            else:
                assert back.rect.centerx < theme.WIDTH // 2, key
        finally:
            i18n.set_language("en")
            ctl.set_language("en")
    assert bad == []


@pytest.mark.parametrize("persian", [False, True])
def test_the_persian_keyboard_types_the_digits_the_screens_show(ctl, persian):
    """ISIRI 9147's digit row types ۱۲۳ only where Persian digits are chosen; else 123, as the
    scores, dates and number pads show them."""
    i18n.set_persian_digits(persian)
    try:
        run_lines(ctl, ["tap players", "tap new", "tap layout:fa"])
        digit = "۱" if persian else "1"
        assert ctl.active.find(f"key:{digit}") is not None
        run_lines(ctl, ["tap key:ب", f"tap key:{digit}", "tap ok"])
        assert names(ctl) == [f"ب{digit}"]
    finally:
        i18n.set_persian_digits(False)
