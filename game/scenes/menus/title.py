"""The title screen (logo, "press to start", main menu, resume; a resumed match's seats
are taken again in :mod:`.take_seats`)."""

from __future__ import annotations

import contextlib
import math
from typing import TYPE_CHECKING

import pygame

from ...core.files import remove_stale_temps
from ...input.intents import InputEvent, Intent
from ...paths import autosave_path
from ...ui.kept_texts import KeptSprites, KeptTexts
from ..base import Scene
from ..toast import ToastScene, show_toast
from .settings_ahead import build_settings_ahead, settings_screen
from .version_mark import draw_version
from .warm import menu_warm_up
from .widgets import IDLE_FRAMES, MenuScene

if TYPE_CHECKING:
    from ...context import AppContext

#: Pictograms floating around the logo: (OpenMoji code, x, y, size, phase).
LOGO_ICONS = (
    ("1F3AD", 300, -30, 150, 0.0),    # performing arts masks
    ("1F575", 1620, -40, 150, 1.3),   # detective
    ("1F92B", 1760, 150, 96, 2.1),    # shushing face
    ("1F5DD", 380, 250, 88, 0.7),     # old key
    ("1F3A9", 160, 140, 96, 2.9),     # top hat
    ("1F48C", 1540, 250, 88, 1.9),    # love letter
)
#: The floating pictograms sway by up to this many degrees, in whole degrees.
ICON_SWAY = 6
#: A menu button at least this tall (its words at the largest text scale, and air), and
#: how far the logo may move up to make that room (the wide safe area is 108 px shorter).
BUTTON_MIN, MAX_LIFT = 68, 60


def notice_text(ctx: AppContext, notice: str) -> str:
    """Notices are i18n keys (our own) or ready messages (e.g. a skipped custom deck)."""
    return ctx.t(notice) if ctx.strings.has(notice) else notice


class TitleScene(MenuScene):
    home = True

    def __init__(self, ctx: AppContext, attract: bool = True) -> None:
        super().__init__(ctx)
        self.attract = attract
        self.opened_at = 0
        self._has_save = False
        #: (mtime, size) of an autosave that could not be resumed nor moved aside (a
        #: read-only folder): it is not offered again.
        self._refused: tuple[int, int] | None = None
        self._turned: dict[tuple[str, int, int], pygame.Surface] = {}
        self._kept: tuple[KeptTexts, ...] = ()
        self._drawn = False
        #: The language the how-to pictures were last asked for (picture_maker.py).
        self._pictures_asked: str | None = None
        #: ``ticks`` when the title was last shown (entered, or back on top).
        self._shown_at = 0

    # --- building ----------------------------------------------------------------------
    def enter(self, previous: Scene | None) -> None:
        self.ctx.flush_autosaves()
        remove_stale_temps(autosave_path())  # a kill mid-save leaves one; nothing is saving now (flushed)
        self.kit.icons.keep("title-icons", [(code, size) for code, _, _, size, _ in LOGO_ICONS])
        self._kept = (KeptTexts(self.kit, "title-texts"), KeptSprites(self.kit, "title-sprites"))
        for kept in self._kept:
            kept.read()
        super().enter(previous)
        self.music("title")
        if self.ctx.notices:
            messages = [notice_text(self.ctx, n) for n in self.ctx.notices]
            self.ctx.notices.clear()
            self.ctx.stack.push(ToastScene(self.ctx, messages))

    #: How far the logo moved up to leave the buttons room (``build``).
    lift = 0

    def logo_y(self) -> int:
        return self.safe.y + (230 if self.attract else 150 - self.lift)

    def save_offered(self) -> bool:
        """Whether Resume is offered: an autosave that was not refused already (the last
        match's saves flushed first: back from a match, its file is the one judged)."""
        self.ctx.flush_autosaves()
        try:
            stat = autosave_path().stat()
        except OSError:
            return False
        return (stat.st_mtime_ns, stat.st_size) != self._refused

    def build(self) -> None:
        self._has_save = self.save_offered()
        if self.attract:
            return
        entries = [("play", "title.play", self.play)]
        if self._has_save:
            entries.append(("resume", "title.resume", self.resume_saved))
        entries += [("settings", "title.settings", self.settings),
                    ("credits", "title.credits", self.credits),
                    ("quit", "title.quit", self.quit)]
        bottom = self.safe.bottom - 80
        gap = 16
        need = BUTTON_MIN * len(entries) + gap * (len(entries) - 1)
        self.lift = 0
        self.lift = max(0, min(MAX_LIFT, need - (bottom - self.logo_y() - 290)))
        top = self.logo_y() + 290
        height = min(92, (bottom - top - gap * (len(entries) - 1)) // len(entries))
        width = 760
        for i, (key, text, action) in enumerate(entries):
            rect = pygame.Rect(0, top + i * (height + gap), width, height)
            rect.centerx = 960
            self.button(key, self.t(text), rect, action)

    def resume(self) -> None:
        super().resume()
        self._shown_at = self.ticks
        self.music("title")

    def refresh(self) -> None:
        if self.save_offered() != self._has_save:
            self.rebuild()

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        if self._kept and self._drawn:  # the first frame is shown: its texts and sprites, for the next start
            for kept in self._kept:
                kept.keep()
            self._kept = ()

    def update(self, frame_dt: float) -> None:
        super().update(frame_dt)
        if self.ticks - self._shown_at >= IDLE_FRAMES and self.ctx.prepares_ahead():
            # idle, and nothing imported behind the title any more: prepare the menus (warm.py)
            # and build the settings screen ahead (ahead.py), then have the how-to pictures
            # of the language made if some are missing
            warm_up = menu_warm_up(self.ctx)
            if not warm_up.done:
                warm_up.step()
            elif (not build_settings_ahead(self.ctx) and self.ctx.strings.lang != self._pictures_asked
                    and self.ctx.pictures is not None and not self.ctx.pictures.running()):
                self._pictures_asked = self.ctx.strings.lang
                from .howto import howto_box, picture_rect
                from .picture_maker import ask_for_pictures

                ask_for_pictures(self.ctx, picture_rect(howto_box(self.safe)).size)

    # --- actions -------------------------------------------------------------------------
    def open_menu(self) -> None:
        self.attract = False
        self.opened_at = self.ticks
        self.rebuild()

    def play(self) -> None:
        from .games import GameChoiceScene

        self.on_stack.push(GameChoiceScene(self.ctx))

    def resume_saved(self) -> None:
        # The saves' modules (the engine) are imported on first use, not before the
        # title's first frame (start-up, issue 18).
        from ...core.session import SaveError
        from .matches import load_saved

        try:
            entry, session = load_saved(self.ctx)
        except SaveError as exc:
            with contextlib.suppress(OSError):  # still there: it could not be moved aside
                stat = autosave_path().stat()
                self._refused = (stat.st_mtime_ns, stat.st_size)
            self.rebuild()  # the save is now a .bak (or refused): no more "resume"
            show_toast(self.ctx, self.t(f"resume.{exc.reason}"))
            return
        from .take_seats import TakeSeatScene  # only on a resume: not on the first frame's path

        self.on_stack.push(TakeSeatScene(self.ctx, entry, session))

    def settings(self) -> None:
        self.on_stack.push(settings_screen(self.ctx))

    def credits(self) -> None:
        from .credits import CreditsScene

        self.on_stack.push(CreditsScene(self.ctx))

    def quit(self) -> None:
        stack = self.on_stack
        stack.clear()
        if stack.on_empty is not None:
            stack.on_empty()

    def back(self) -> None:
        if not self.attract:
            self.attract = True
            self.rebuild()

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if self.attract:
            if event.intent in (Intent.CONFIRM, Intent.MENU) and event.pressed:
                self.sound("confirm")
                self.open_menu()
            return True
        return super().handle(seat, event)

    def process_raw(self, event: pygame.event.Event) -> bool:
        if self.attract and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.open_menu()
            return True
        return super().process_raw(event)

    # --- drawing -------------------------------------------------------------------------
    def turned_icon(self, code: str, size: int, angle: int) -> pygame.Surface:
        """A floating pictogram turned by a whole number of degrees, rendered once: a
        rotozoom per icon per frame cost several ms a frame."""
        key = (code, size, angle)
        image = self._turned.get(key)
        if image is None:
            image = pygame.transform.rotozoom(self.kit.icon(code, size), angle, 1.0).convert_alpha()
            self._turned[key] = image
        return image

    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        kit.background(surface)
        t = self.ticks + alpha
        y = self.logo_y()
        for code, x, dy, size, phase in LOGO_ICONS:
            bob = kit.motion(math.sin(t * 0.035 + phase) * 10)  # still with reduced motion
            turned = self.turned_icon(code, size, round(kit.motion(math.sin(t * 0.02 + phase) * ICON_SWAY)))
            half = turned.get_width() // 2 + 4  # kept in the safe area (the wide setting moves them in)
            x = max(self.safe.x + half, min(self.safe.right - half, x))
            top = self.safe.y + turned.get_height() // 2 + 4  # the logo moves up in the wide safe area, they stay in
            surface.blit(turned, turned.get_rect(center=(x, max(top, y + dy + bob))))
        logo_bob = kit.motion(math.sin(t * 0.04) * 6)
        # The logo is art, not reading text: it keeps its size whatever the text scale.
        logo_size = int(190 / max(0.5, float(self.ctx.settings.text_scale)))
        kit.blit_text(surface, self.t("common.app_name"), logo_size, (960, y + logo_bob), "center", kit.colours.gold,
                      shadow=True)
        kit.blit_text(surface, self.t("title.tagline"), 44, (960, y + 130), "center", kit.colours.muted)
        for i in range(8):
            cx = 960 + (i - 3.5) * 84
            wave = kit.motion(math.sin(t * 0.08 - i * 0.7) * 8)
            kit.seat_token(surface, i, (int(cx), int(y + 210 + wave)), 26)

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        if self.attract:
            # By fixed step, not frame: the first frame's colour is the same at every start,
            # so its text is read back from the last one's (ui/kept_texts.py), not rendered.
            pulse = 0.5 + kit.motion(0.5 * math.sin(self.ticks * 0.08))
            red, green, blue = (int(a + (b - a) * pulse) for a, b in zip(kit.colours.muted, kit.colours.text))
            colour = (red, green, blue)
            label = kit.text(self.t("title.press_start"), 56, colour)
            glyph = kit.button_hint(Intent.CONFIRM, 72)
            width = glyph.get_width() + 24 + label.get_width()
            cy = self.safe.bottom - 230
            x = 960 - width // 2
            surface.blit(glyph, glyph.get_rect(midleft=(x, cy)))
            surface.blit(label, label.get_rect(midleft=(x + glyph.get_width() + 24, cy)))
            kit.blit_text(surface, self.t("title.press_start_keys"), 34, (960, cy + 80), "center", kit.colours.muted)
        else:
            kit.hint_bar(surface, [(Intent.CONFIRM, self.t("common.select")), (Intent.BACK, self.t("common.back"))])
        draw_version(kit, surface)
        if not self._drawn:
            for kept in self._kept:
                kept.frame_drawn()
        self._drawn = True
