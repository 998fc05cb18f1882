"""``table-companion selftest`` through the real adapters, without hardware: gpiozero's
MockFactory pins under the real ``Buttons`` class (its debounce and hold), the PN532 emulator
on a pty under the real ``NfcReader``, the real ``NeoPixel`` class with only its last call
(``neopixel.neopixel_write``) replaced, and SDL events posted to the headless screen."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from firmware_host import cli
from firmware_host.config import Config, Pins
from firmware_host.inputs import BUTTONS
from firmware_host.io.buttons import button_label
from firmware_host.io.leds import NeoPixelStrip
from firmware_host.selftest import CHECK_NAMES, SIM_KEYS, SIM_TAG, _SelfTest, corners, selftest
from pn532_emulator import PN532Emulator

PINS = Pins().as_dict()
TAG = bytes.fromhex("04112233445566")
LEDS = {"led_count": 4, "led_track_count": 2, "led_seat_first": 2, "led_seat_count": 1, "led_status": 3}
KEY_CODES = {**{f"bowl{i}": getattr(pygame, f"K_{i}") for i in range(1, 7)}, "ok": pygame.K_RETURN,
             "undo": pygame.K_BACKSPACE}


class Person:
    """The person at the box: answers each prompt of the self-test. Buttons are mock pins
    (``factory``) or, in the simulator, keys posted to SDL; the tag goes on the emulated
    reader (or T in the simulator); taps are FINGERDOWN (or, in the simulator, mouse clicks).

    ``glitch``: buttons only touched for far less than the debounce; ``stuck``: pressed and
    never released; ``first``: {button: another button pressed before it}; ``short_hold``: UNDO
    released before the hold time; ``taps``: {corner: where it is tapped instead of its target}.
    """

    def __init__(self, config, factory=None, emulator=None, *, glitch=(), stuck=(), first=None,
                 short_hold=False, taps=None):
        self.config, self.factory, self.emulator = config, factory, emulator
        self.sim = config.profile == "sim"
        self.glitch, self.stuck, self.first = set(glitch), set(stuck), first or {}
        self.short_hold, self.taps = short_hold, taps or {}
        self.lines: list[str] = []
        self.threads: list[threading.Thread] = []

    def __call__(self, line):
        self.lines.append(line)
        press = self.config.debounce_ms / 1000 + 0.03              # past the debounce
        for name in BUTTONS:
            if line.startswith(f"Press {button_label(name)} "):
                if name in self.first:
                    self.press(self.first[name], press)
                self.press(name, press)
        if line.startswith("Hold UNDO"):
            short = self.config.debounce_ms / 1000 + 0.04        # past the debounce, short of the hold
            self.press("undo", short if self.short_hold else self.config.hold_ms / 1000 + 0.1)
        if line.startswith("Touch a tag"):
            if self.sim:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t"))
            else:
                self.emulator.place(TAG)
        if line.startswith("Tap the target in the "):
            size = pygame.display.get_surface().get_size()
            for corner, (x, y) in corners(size).items():
                if line.startswith(f"Tap the target in the {corner.replace('-', ' ')} corner"):
                    x, y = self.taps.get(corner, (x, y))
                    if self.sim:
                        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
                    else:              # a touch: where on the screen, as fractions of its size
                        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / size[0], y=y / size[1], dx=0.0,
                                                             dy=0.0, touch_id=1, finger_id=0, pressure=1.0))

    def press(self, name, seconds):
        if self.sim:            # the self-test reads keys between prompts: release them later
            def key():
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=KEY_CODES[name], mod=0, unicode=""))
                time.sleep(seconds)
                pygame.event.post(pygame.event.Event(pygame.KEYUP, key=KEY_CODES[name], mod=0))
            thread = threading.Thread(target=key, daemon=True)
            thread.start()
            self.threads.append(thread)
            return
        pin = self.factory.pin(PINS[name])
        pin.drive_low()
        if name in self.glitch:
            pin.drive_high()        # microseconds later: a bounce, shorter than the debounce
            return
        if name in self.stuck:
            return
        time.sleep(seconds)
        pin.drive_high()

    def ask(self, question):
        self.lines.append(question)
        return "y"

    def results(self):
        """The summary table: check name -> (PASS/FAIL/SKIPPED, detail)."""
        start = max(i for i, line in enumerate(self.lines) if line.startswith("check "))
        width = self.lines[start].index("result")
        rows = {}
        for line in self.lines[start + 1:]:
            if line.startswith("failed: ") or line.startswith("Every check"):
                break
            rows[line[:width].strip()] = (line[width:width + 9].strip(), line[width + 9:])
        return rows

    @property
    def report(self):
        return "\n".join(self.lines)


@pytest.fixture
def wire(monkeypatch):
    """Every buffer the NeoPixel class puts on the data line."""
    import neopixel

    written: list[bytes] = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: written.append(bytes(buf)))
    return written


def neopixel_opener(config, order=None):
    import board

    return lambda: NeoPixelStrip(config.led_pin, config.led_count, config.led_brightness,
                                 order or config.led_order, pin_object=board.Dx_OUTPUT)


def pi_config(tmp_path, **kw):
    base = {"profile": "pi", "serial_port": str(tmp_path / "no-reader"), "debounce_ms": 5, "hold_ms": 150,
            "led_brightness": 0.5, **LEDS}
    return Config(**{**base, **kw})


def test_the_pi_profile_checks_every_part_through_the_real_adapters(tmp_path, mock_factory, wire):
    emu = PN532Emulator(tmp_path).plug()
    config = pi_config(tmp_path, serial_port=str(emu.path))
    person = Person(config, mock_factory, emu)
    try:
        code = selftest(config, person, person.ask, pin_factory=mock_factory, strip_opener=neopixel_opener(config),
                        blink_s=0, timeout=5)
    finally:
        emu.close()
    rows = person.results()
    assert code == 0, person.report
    assert list(rows) == list(CHECK_NAMES) and {s for s, _d in rows.values()} == {"PASS"}, person.report
    assert "Adapters: buttons=Buttons on GPIO (debounce 5 ms), nfc=NfcReader on " in person.report
    assert "strip=NeoPixelStrip on GPIO10 (4 LEDs)" in person.report
    # the chase on the data line, in GRB at brightness 0.5: what the self-test read back and compared
    g, r, b = bytes([127, 0, 0]), bytes([0, 127, 0]), bytes([0, 0, 127])
    chase = [b"".join(colour if j == i else bytes(3) for j in range(4)) for colour in (r, g, b) for i in range(4)]
    assert wire[1:14] == chase + [bytes(12)]
    assert rows["leds"][1] == ("4 LEDs; all 13 frames read back from the bytes sent to the data line "
                               "(GRB, brightness 0.5)")
    assert rows["leds by eye"][1] == "confirmed by eye"
    assert "Did each LED light red, then green, then blue" in person.report
    assert rows["undo hold"][1] == "held 0.15 s (seen as a hold), then released"
    assert all(rows[f"button {b}"][1] == "pressed and released" for b in BUTTONS)
    assert rows["nfc"][1] == f"read tag {TAG.hex()}"
    # opened as run opens it: full screen at the display's own size (SDL's dummy driver: 1024x768)
    assert rows["display"][1] == ("driver dummy, 1024x768, full screen, 60 Hz, display 1024x768, "
                                  "the 800x480 picture is scaled to fit")
    assert rows["touch"][1] == "all 4 corners tapped"
    assert person.lines[-1] == "Every check passed."


def test_the_led_read_back_compares_the_bytes_sent(tmp_path, mock_factory, wire):
    """A driver set to another colour order than the config says: the bytes on the line are
    wrong although nothing raised, and the read-back says which LED and how."""
    config = pi_config(tmp_path, nfc=False)
    person = Person(config, mock_factory)
    code = selftest(config, person, person.ask, yes=True, pin_factory=mock_factory, blink_s=0, timeout=5,
                    strip_opener=neopixel_opener(config, order="RGB"))
    rows = person.results()
    assert code == 1
    assert rows["leds"] == ("FAIL", "read back wrong: LED 0: sent 7f 00 00, expected 00 7f 00 (GRB)")
    assert rows["leds by eye"] == ("SKIPPED", "the read-back failed")
    assert rows["nfc"] == ("SKIPPED", "not fitted (nfc = false)")
    assert person.lines[-1] == "failed: leds"


def test_buttons_must_pass_the_debounce_be_released_and_undo_be_held(tmp_path, mock_factory):
    """A contact shorter than the debounce is one press (the debounce acts on the first edge and
    ignores what follows: io/buttons.py) and its release is seen; a button that never comes up
    fails; a short UNDO press is not a hold; a tap far from its target does not count."""
    config = pi_config(tmp_path, debounce_ms=40, hold_ms=200, nfc=False, leds=False)
    person = Person(config, mock_factory, glitch={"bowl3"}, stuck={"bowl5"}, first={"bowl4": "bowl6"},
                    short_hold=True, taps={"bottom-right": (400, 240)})
    code = selftest(config, person, person.ask, pin_factory=mock_factory, timeout=0.4)
    rows = person.results()
    assert code == 1
    assert person.lines[-1] == "failed: button bowl5, undo hold, touch"
    assert rows["button bowl3"] == ("PASS", "pressed and released")
    assert rows["button bowl5"][1].startswith("pressed, but not released within 0.4 s")
    assert rows["button bowl4"] == ("PASS", "pressed and released (bowl 6 came first: check the wiring)")
    assert rows["undo hold"] == ("FAIL", "pressed 1 time(s), each released before 0.2 s")
    assert rows["button undo"] == ("PASS", "pressed and released")
    assert rows["touch"] == ("FAIL", "not tapped: bottom right (taps at (400, 240): too far from the target)")
    assert rows["leds"] == ("SKIPPED", "not fitted (leds = false)")


class NoGpioChip(MockFactory):
    def pin(self, spec, **kwargs):
        raise OSError("cannot open /dev/gpiochip0")


def test_missing_parts_fail_with_their_reasons_and_a_non_zero_exit(tmp_path, monkeypatch, wire):
    def no_strip():
        raise OSError("no /dev/spidev0.0")

    def no_screen(*args, **kwargs):
        raise pygame.error("kmsdrm not available")

    monkeypatch.setattr(pygame.display, "set_mode", no_screen)
    config = pi_config(tmp_path)
    person = Person(config)
    code = selftest(config, person, person.ask, pin_factory=NoGpioChip(), strip_opener=no_strip, timeout=0.3,
                    reader_timeout=0.3)
    rows = person.results()
    assert code == 1
    assert person.lines[-1] == ("failed: display, leds, " + ", ".join(f"button {b}" for b in BUTTONS)
                                + ", undo hold, nfc, touch")
    assert rows["display"] == ("FAIL", "cannot open the screen: kmsdrm not available")
    assert rows["leds"] == ("FAIL", "cannot be driven on GPIO10: OSError: no /dev/spidev0.0")
    assert "/dev/gpiochip0" in rows["button bowl1"][1] and "cannot be used" in rows["button bowl1"][1]
    assert rows["undo hold"] == ("FAIL", "as button bowl1")
    assert rows["nfc"][1].startswith(f"not answering on {config.serial_port}: NFC reader not found")
    assert "No such file" in rows["nfc"][1]
    assert rows["touch"] == ("FAIL", "no screen (see display)")
    assert "Adapters: buttons=none (failed to open), nfc=NfcReader on" in person.report
    assert "Traceback" not in person.report


def test_the_sim_profile_uses_the_simulated_adapters(tmp_path, monkeypatch, mock_factory):
    """No GPIO pin, serial port or NeoPixel is touched: the keys (through the same debounce and
    hold), the simulated reader and the on-screen strip are what is checked."""
    import firmware_host.io.buttons as buttons
    import firmware_host.io.hardware as hardware
    import firmware_host.selftest as selftest_module

    def pi_adapter(*args, **kwargs):
        raise AssertionError("a Pi adapter was opened in the sim profile")

    for module, name in ((buttons, "Buttons"), (hardware, "NfcReader"), (hardware, "NeoPixelStrip"),
                         (selftest_module, "NeoPixelStrip")):
        monkeypatch.setattr(module, name, pi_adapter)
    config = Config(profile="sim", serial_port=str(tmp_path / "no-reader"), debounce_ms=5, hold_ms=150, **LEDS)
    person = Person(config)

    def no_question(question):
        raise AssertionError("--yes asks nothing")

    code = selftest(config, person, no_question, yes=True, pin_factory=mock_factory, blink_s=0, timeout=5)
    for thread in person.threads:
        thread.join()
    rows = person.results()
    assert code == 0, person.report
    assert mock_factory.pins == {}
    assert ("Adapters: buttons=keyboard (debounce 5 ms), nfc=SimulatedNfc, strip=SimulatedStrip (4 LEDs)."
            in person.lines)
    assert "Press bowl 1 (key 1) and release it (within 5 s)." in person.lines
    assert all(rows[f"button {b}"] == ("PASS", "pressed and released") for b in BUTTONS)
    assert rows["undo hold"][0] == "PASS"
    assert rows["nfc"] == ("PASS", f"read tag {SIM_TAG}")
    assert rows["leds"] == ("PASS", "4 LEDs; all 13 frames read back from the SimulatedStrip's frame")
    assert rows["leds by eye"] == ("SKIPPED", "not looked at (--yes: unattended run)")
    assert "--yes: nobody is asked whether the LEDs lit as they should." in person.lines
    assert rows["display"][1].startswith("driver dummy, 800x480, windowed")
    assert rows["touch"] == ("PASS", "all 4 corners tapped")
    assert person.lines[-1] == "Every check passed (1 skipped)."
    assert set(SIM_KEYS) == set(BUTTONS)


@pytest.mark.parametrize(("answers", "status", "detail"), [
    (["y"], "PASS", "confirmed by eye"),
    (["maybe", "no"], "FAIL", "not as they should be: see hardware/wiring.md, if a part fails"),
    ([EOFError], "FAIL", "no answer on the terminal (--yes runs without asking)"),
])
def test_the_eye_check_asks_on_the_terminal(answers, status, detail):
    def ask(question):
        answer = answers.pop(0)
        if answer is EOFError:
            raise EOFError
        return answer

    test = _SelfTest(Config(), print, ask, yes=False, timeout=1, reader_timeout=1, blink_s=0, pin_factory=None,
                     strip_opener=None)
    test.unseen = None                 # the strip was lit
    (check,) = test._eye()
    assert (check.status, check.detail) == (status, detail)


def test_the_command_line_passes_the_profile_the_timeout_and_yes(tmp_path, monkeypatch, capsys):
    import firmware_host.selftest as selftest_module

    calls = []
    monkeypatch.setattr(selftest_module, "selftest", lambda config, **kw: calls.append((config, kw)) or 1)
    config_file = tmp_path / "config.toml"
    config_file.write_text('profile = "pi"\ndebounce_ms = 20\n', encoding="utf-8")
    assert cli.main(["selftest", "--config", str(config_file)]) == 1
    assert cli.main(["selftest", "--config", str(config_file), "--profile", "sim", "--yes", "--timeout", "2.5"]) == 1
    (first, first_kw), (second, second_kw) = calls
    assert (first.profile, first.debounce_ms, first_kw) == ("pi", 20, {"yes": False, "timeout": 15.0})
    assert (second.profile, second_kw) == ("sim", {"yes": True, "timeout": 2.5})
    config_file.write_text("debounce_ms = -1\n", encoding="utf-8")
    assert cli.main(["selftest", "--config", str(config_file)]) == 2
    assert "cannot use the config" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["selftest", "--timeout", "0"])


def test_closing_the_window_stops_the_self_test_with_what_was_not_run(tmp_path):
    config = Config(profile="sim", serial_port=str(tmp_path / "no-reader"), debounce_ms=5, **LEDS)
    lines = []

    def out(line):
        lines.append(line)
        if line.startswith("Press bowl 2 "):
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif line.startswith("Press bowl 1 "):
            Person(config).press("bowl1", 0.05)

    assert selftest(config, out, lambda q: "y", blink_s=0, timeout=5) == 1, lines
    person = Person(config)
    person.lines = lines
    rows = person.results()
    assert rows["button bowl1"] == ("PASS", "pressed and released")
    assert rows["button bowl2"] == ("FAIL", "not run: the self-test was stopped")
    assert rows["touch"] == ("FAIL", "not run: the self-test was stopped")
    assert lines[-1].startswith("failed: button bowl2, ")
