"""Export everything onto a USB stick (History → Export to USB): every finished game as BG
Stats, CSV and JSON files and a backup of the journal (:func:`firmware_host.share.export_to`),
onto the stick mounted at ``Controller.usb_path`` (``Config.usb_mount``; the files' names
carry the date and time), with a progress bar. The stick is there when that path is a mount
point the companion may write; a refusal (a full or read-only stick, one pulled out) is one
line and nothing else changes.

The export runs on the UI's thread (the journal's connection belongs to it); after each file
the screen is drawn and shown at once through ``Controller.present`` (set by the app's loop),
so the bar moves while the loop is busy.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

from firmware_host.i18n import _, ngettext
from firmware_host.share import ShareError, export_to

from . import text, theme
from .players import said
from .ui import Button, Screen

BAR = pygame.Rect(24, 184, theme.WIDTH - 48, 36)


def stick_problem(path: Path | None) -> str:
    """Why nothing can be exported to ``path`` now (translated), ``""`` if a stick is there:
    a mount point (not the empty folder the automounter leaves) that this process may write."""
    if path is None:
        return _("This box is not set up to export to a USB stick.")
    if not os.path.isdir(path) or not os.path.ismount(path):
        return _("No USB stick at {path}: plug one in.").format(path=path)
    if not os.access(path, os.W_OK | os.X_OK):
        return _("The USB stick at {path} cannot be written (read-only?).").format(path=path)
    return ""


class UsbScreen(Screen):
    """Export: where to (the stick's folder), Start, then a bar filling file by file and the
    files written, or the one line saying why it stopped."""

    chrome = False

    def __init__(self, ctl: Any) -> None:
        super().__init__(ctl)
        self.done = 0
        self.total = 0
        self.state = "ready"            # ready, running, done, failed
        self.written: list[Path] = []
        self.problem = ""

    def target(self) -> Path | None:
        """The stick's folder (its mount point): each export's files carry the date and time
        in their names, so exports never overwrite each other."""
        path = self.ctl.usb_path
        return Path(path) if path is not None else None

    def build(self) -> list[Button]:
        y = theme.CONTENT_BOTTOM - 64
        out = [Button("close", pygame.Rect(24, y, 150, 56), _("Back"), enabled=self.state != "running")]
        if self.state in ("ready", "failed"):
            why = stick_problem(self.ctl.usb_path)
            out.append(Button("start", pygame.Rect(theme.WIDTH - 264, y, 240, 56),
                              _("Export") if self.state == "ready" else _("Try again"), enabled=not why, reason=why,
                              fill=theme.GO if not why else None))
        return out

    def paint(self, surface: pygame.Surface) -> None:
        text.draw(surface, _("Export to USB"), (24, 12), 24, theme.TEXT, bold=True, max_width=theme.WIDTH - 48)
        text.draw_block(surface, _("Every finished game as BG Stats, CSV and JSON files, and a backup of all games "
                                   "and players."), pygame.Rect(24, 56, theme.WIDTH - 48, 64), 18, theme.MUTED,
                        min_size=18)
        target = self.target()
        why = stick_problem(self.ctl.usb_path)
        if why and self.state != "done":
            text.draw_block(surface, why, pygame.Rect(24, 128, theme.WIDTH - 48, 64), 18, theme.BAD, min_size=18)
        elif target is not None:
            text.draw_block(surface, _("Onto the stick at {path}").format(path=target),
                            pygame.Rect(24, 128, theme.WIDTH - 48, 64), 18, theme.TEXT, min_size=18)
        pygame.draw.rect(surface, theme.PANEL, BAR, border_radius=6)
        if self.total:
            filled = BAR.inflate(-6, -6)
            filled.width = round(filled.width * self.done / self.total)
            pygame.draw.rect(surface, theme.GOOD if self.state != "failed" else theme.BAD, filled, border_radius=4)
            text.draw(surface, f"{self.done} / {self.total}", BAR.center, 18, theme.TEXT, "center", bold=True)
        if self.state == "done":
            line = ngettext("Done: {n} file written. The stick can be pulled out.",
                            "Done: {n} files written. The stick can be pulled out.", len(self.written)).format(
                n=len(self.written))
            text.draw(surface, line, (24, BAR.bottom + 20), 20, theme.GOOD, max_width=theme.WIDTH - 48)
            for k, path in enumerate(self.written[:4]):         # above the Back button
                text.draw(surface, path.name, (24, BAR.bottom + 56 + 22 * k), 16, theme.MUTED,
                          max_width=theme.WIDTH - 48, role="detail")
        elif self.state == "failed":
            text.draw_block(surface, self.problem, pygame.Rect(24, BAR.bottom + 20, theme.WIDTH - 48, 80), 18,
                            theme.BAD, min_size=18)
        elif self.state == "running":
            text.draw(surface, _("Exporting… keep the stick in."), (24, BAR.bottom + 20), 20, theme.ACCENT,
                      max_width=theme.WIDTH - 48)

    def progress(self, done: int, total: int) -> None:
        """One more file written: move the bar and show it now (the loop is waiting for us)."""
        self.done, self.total = done, total
        self.invalidate()
        present = getattr(self.ctl, "present", None)
        if present is not None:
            present()

    def press(self, wid: str) -> None:
        if wid == "close":
            self.ctl.pop()
            self.ctl.active.invalidate()
        elif wid == "start":
            self.export()

    def export(self) -> None:
        """Write everything to the stick; say how it went."""
        target = self.target()
        history = self.ctl.history
        journal = self.ctl.journal
        if target is None or history is None or journal is None or stick_problem(self.ctl.usb_path):
            return
        self.state, self.done, self.total, self.problem = "running", 0, 0, ""
        self.progress(0, 0)
        try:
            self.written = list(export_to(target, history, journal.path, self.progress))
        except (ShareError, OSError) as exc:
            self.state = "failed"
            self.problem = said(exc) if isinstance(exc, ShareError) else _(
                "The export stopped: {error}").format(error=exc.strerror or exc)
            self.ctl.say(self.problem, "bad")
        else:
            self.state = "done"
            self.ctl.say(_("Exported to the USB stick."), "good")
        self.invalidate()
