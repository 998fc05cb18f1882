"""Chinese characters from their Zhuyin (Bopomofo) spelling, by libchewing.

libchewing is the engine of the Chewing input method (新酷音), the phonetic input most
Taiwanese use on Linux (ibus-chewing, fcitx5-chewing); its dictionary is Traditional Chinese
as written in Taiwan, and it lists the characters of a syllable most frequent first. Debian
ships it as ``libchewing3`` (the library, a stable C API since 0.4) with ``libchewing3-data``
(the dictionary, ``/usr/share/libchewing``); ``./test.sh`` and ``scripts/install-pi.sh``
install both. It is read here through :mod:`ctypes` (Debian's own Python binding is Python 2).

The keys are those of the standard Dachen layout that Chewing reads by default
(``firmware_host/data/keyboards.toml``: the ``zhuyin`` layout's ``keys``): Chewing composes the
syllable from them (it orders initial, medial and final, and a second initial replaces the
first), and on the tone gives the characters of that syllable. Nothing is learned or written:
the user dictionary is SQLite's ``:memory:``.

:func:`chewing` is the one engine of the process, or ``None`` with :func:`problem` saying why.
"""

from __future__ import annotations

import ctypes
import logging
from functools import lru_cache

log = logging.getLogger(__name__)

LIBRARY = "libchewing.so.3"
PACKAGE = "libchewing3"        # Debian's package of the library (and its -data dictionary)
FIRST_TONE = " "               # the key of the first tone: the space bar


class Chewing:
    """One libchewing context. Not thread-safe: the screens use it from the UI thread only.

    Raises ``OSError`` when the library cannot be loaded and ``RuntimeError`` when it finds no
    dictionary."""

    def __init__(self, library: str = LIBRARY) -> None:
        lib = ctypes.CDLL(library)
        ptr, c_int, text = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p
        lib.chewing_new2.restype = ptr
        lib.chewing_new2.argtypes = [text, text, ptr, ptr]
        for name in ("chewing_Reset", "chewing_handle_Space", "chewing_buffer_Len", "chewing_cand_open",
                     "chewing_cand_close", "chewing_cand_hasNext", "chewing_clean_preedit_buf",
                     "chewing_clean_bopomofo_buf"):
            getattr(lib, name).argtypes = [ptr]
            getattr(lib, name).restype = c_int
        lib.chewing_delete.argtypes = [ptr]
        lib.chewing_delete.restype = None
        lib.chewing_cand_Enumerate.argtypes = [ptr]
        lib.chewing_cand_Enumerate.restype = None
        lib.chewing_handle_Default.argtypes = [ptr, c_int]
        lib.chewing_handle_Default.restype = c_int
        for name in ("chewing_bopomofo_String_static", "chewing_cand_String_static"):
            getattr(lib, name).argtypes = [ptr]
            getattr(lib, name).restype = text
        # the system dictionary where the library was built to look (Debian: /usr/share/libchewing);
        # the user's phrases in memory: nothing is written, the service's file system is read-only
        ctx = lib.chewing_new2(None, b":memory:", None, None)
        if not ctx:
            raise RuntimeError(f"{library} found no dictionary (Debian: {PACKAGE}-data)")
        self._lib, self._ctx = lib, ctx

    def close(self) -> None:
        if self._ctx:
            self._lib.chewing_delete(self._ctx)
            self._ctx = None

    def _type(self, keys: str) -> None:
        lib, ctx = self._lib, self._ctx
        lib.chewing_Reset(ctx)
        lib.chewing_clean_preedit_buf(ctx)
        lib.chewing_clean_bopomofo_buf(ctx)
        for key in keys:
            if key == FIRST_TONE:
                lib.chewing_handle_Space(ctx)
            else:
                lib.chewing_handle_Default(ctx, ord(key))

    def spelling(self, keys: str) -> str:
        """The syllable Chewing composes from ``keys`` (Dachen keys, no tone), in Zhuyin: e.g.
        ``"tp"`` -> ``"ㄔㄣ"``, ``"xu"`` -> ``"ㄌㄧ"`` (put in order), ``"1q"`` -> ``"ㄆ"``."""
        self._type(keys)
        out = (self._lib.chewing_bopomofo_String_static(self._ctx) or b"").decode("utf-8")
        self._lib.chewing_clean_bopomofo_buf(self._ctx)
        return out

    def candidates(self, keys: str) -> tuple[str, ...]:
        """The characters of the syllable ``keys`` (Dachen keys ending with a tone key, or
        :data:`FIRST_TONE`), most frequent first; ``()`` if the syllable has none."""
        lib, ctx = self._lib, self._ctx
        self._type(keys)
        out: list[str] = []
        if lib.chewing_buffer_Len(ctx) == 1 and lib.chewing_cand_open(ctx) == 0:
            lib.chewing_cand_Enumerate(ctx)
            while lib.chewing_cand_hasNext(ctx):
                out.append((lib.chewing_cand_String_static(ctx) or b"").decode("utf-8"))
            lib.chewing_cand_close(ctx)
        lib.chewing_clean_preedit_buf(ctx)
        lib.chewing_clean_bopomofo_buf(ctx)
        return tuple(c for c in out if len(c) == 1)


_problem = ""


@lru_cache(maxsize=1)
def chewing() -> Chewing | None:
    """The process's engine, made on first use; ``None`` if libchewing is not installed
    (:func:`problem` says so, and it is logged once)."""
    global _problem
    try:
        return Chewing()
    except (OSError, RuntimeError) as exc:
        _problem = str(exc)
        log.warning("Zhuyin input is not available: %s (Debian: %s %s-data)", exc, PACKAGE, PACKAGE)
        return None


def problem() -> str:
    """Why :func:`chewing` is ``None`` (``""`` while it is not, or was not asked yet)."""
    return _problem


@lru_cache(maxsize=512)
def candidates(keys: str) -> tuple[str, ...]:
    """:meth:`Chewing.candidates` of the process's engine, remembered (a page turn or a
    redraw asks again); ``()`` without libchewing."""
    engine = chewing()
    return engine.candidates(keys) if engine is not None else ()


@lru_cache(maxsize=512)
def spelling(keys: str) -> str:
    """:meth:`Chewing.spelling` of the process's engine; ``""`` without libchewing."""
    engine = chewing()
    return engine.spelling(keys) if engine is not None else ""
