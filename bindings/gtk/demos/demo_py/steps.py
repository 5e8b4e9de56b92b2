"""demo.py's self-test steps, one a call (a mixin of Demo)."""

import os

from gi.repository import Fold, Gdk, GLib, GObject, Gtk

from .data import (ACTIVATED_REFUSED, COLLAPSED, EXPANDED_HEIGHT, HEADER_HEIGHT, LEVEL, ROW_HEIGHT,
                   ROWS)
from .drive import XKeys
from .gi_helpers import last_out


class Steps:
    def self_test_step(self):
        try:
            return self._self_test_step()
        except Exception:  # a broken step fails the run instead of hanging it
            import traceback
            traceback.print_exc()
            self.failures += 1
            return GLib.SOURCE_REMOVE

    def _self_test_step(self):
        self.step += 1
        store, model, ids = self.store, self.model, self.ids
        n = model.get_n_items()
        if self.step == 1:
            self.expect(n == 31 and store.get_item_count() == 31, "31 items, got %d" % n)
            content = store.get_content_height()
            self.expect(content == 9 * HEADER_HEIGHT + 22 * ROW_HEIGHT,
                        "content height %s" % content)
            self.expect(abs(self.vadj.get_upper() - content) < 0.5,
                        "list height %s = content height %s" % (self.vadj.get_upper(), content))
            about = self.header_position("about")
            item = model.get_item(about)
            self.expect((item.props.title, item.props.detail, item.props.indicator,
                         item.props.collapsible) == ("About", "fixed section", "", False),
                        "About is fixed")
            privacy = model.get_item(self.header_position("privacy"))
            self.expect(privacy.props.collapsed and privacy.props.indicator == COLLAPSED,
                        "Privacy starts collapsed")
            # Every row is a Fold.Expander: a chevron, down while open.
            vpn = self.row_at(self.header_position("vpn"))
            self.expect(vpn is not None and vpn.expander.get_expandable()
                        and vpn.expander.get_expanded(), "VPN's chevron, down")
            print("step 1: %d items, content %.0f pt, list upper %.0f"
                  % (n, content, self.vadj.get_upper()))
        elif self.step == 2:
            p = self.header_position("vpn")
            signals = self.click(p)
            self.expect(store.get_section_collapsed(ids["vpn"]), "VPN collapsed")
            self.expect(model.get_n_items() == n - 2, "2 rows gone")
            self.expect(signals == [(p + 1, 2, 0)], "signals %r" % signals)
            self.expect(model.get_item(p).props.indicator == COLLAPSED, "indicator +")
            vpn = self.row_at(p)
            self.expect(vpn is not None and not vpn.expander.get_expanded(), "VPN's chevron, right")
            self.expect(self.status.get_text() == "will collapse VPN \u00b7 did collapse VPN",
                        "status %r" % self.status.get_text())
            print("step 2: collapsed VPN at %d, items-changed %r, status %r"
                  % (p, signals, self.status.get_text()))
        elif self.step == 3:
            self.lock.set_active(True)
            p = self.header_position("privacy")
            signals = self.click(p)
            self.expect(store.get_section_collapsed(ids["privacy"]), "Privacy still collapsed")
            self.expect(signals == [] and model.get_n_items() == n, "nothing changed")
            self.expect(self.status.get_text() == "refused: Privacy is locked",
                        "status %r" % self.status.get_text())
            self.expect(self.model.activate(p) == ACTIVATED_REFUSED, "activate: REFUSED")
            print("step 3: locked, click on Privacy refused: %r" % self.status.get_text())
        elif self.step == 4:
            self.lock.set_active(False)
            p = self.header_position("privacy")
            signals = self.click(p)
            self.expect(not store.get_section_collapsed(ids["privacy"]), "Privacy expanded")
            self.expect(signals == [(p + 1, 0, 3)], "signals %r" % signals)
            self.expect(self.status.get_text() ==
                        "will expand Privacy \u00b7 did expand Privacy",
                        "status %r" % self.status.get_text())
        elif self.step == 5:
            p = self.row_position("display", 1)
            before = store.get_content_height()
            signals = self.click(p)
            self.expect(store.get_row_expanded(ids["display"], 1), "display/1 expanded")
            self.expect(signals == [], "signals %r (a redraw is a notification)" % signals)
            self.expect(model.get_item(p).props.height == EXPANDED_HEIGHT, "height 96")
            self.expect(store.get_content_height() == before + EXPANDED_HEIGHT - ROW_HEIGHT,
                        "content grew by 56")
            self.expect(self.status.get_text() == "Night light expanded",
                        "status %r" % self.status.get_text())

        elif self.step == 6:
            # The expanded row says what the setting does, under its title.
            row = self.row_at(self.row_position("display", 1))
            self.expect(row is not None and row.body.get_visible()
                        and row.body.get_text() == ROWS["display"][1][2],
                        "Night light's body: %r" % (row.body.get_text() if row else None))
            self.switch.set_active(True)
            self.expect(store.props.accordion == Fold.AccordionPolicy.SINGLE, "accordion SINGLE")
            p1 = self.row_position("display", 1)
            p2 = self.row_position("display", 2)
            signals = self.click(p2)
            self.expect(store.get_row_expanded(ids["display"], 2)
                        and not store.get_row_expanded(ids["display"], 1),
                        "only display/2 expanded")
            self.expect(signals == [] and p2 == p1 + 1, "signals %r" % signals)
            self.expect(self.status.get_text() == "Night light collapsed \u00b7 Scale expanded",
                        "status %r" % self.status.get_text())
            print("step 6: accordion, expanded display/2, items-changed %r" % (signals,))
        elif self.step == 7:
            p = self.header_position("about")
            signals = self.click(p)
            self.expect(signals == [] and model.get_n_items() == n, "fixed: nothing changed")
            self.expect(self.status.get_text() == "About: nothing to do",
                        "status %r" % self.status.get_text())
            # Back to the first screen's state for the screenshot, with the
            # expanded row left open; the status line says what happened last.
            self.click(self.header_position("vpn"))
        elif self.step == 8:
            top = os.path.splitext(self.out_png)[0] + "-top.png"
            colours = self.save_screenshot(top)
            print("screenshot %s (unscrolled): %d distinct colours" % (top, colours))
            self.expect(colours > 1, "top screenshot not blank")
            self.vadj.set_value(40)
            self.expect(self.vadj.get_value() == 40, "scrolled to 40")
        elif self.step == 9:
            y = 70
            shown = self.picked_position(200, y)
            # The engine's item at offset 40 + 70: sum heights through the model.
            offset, expected = 0.0, -1
            for p in range(model.get_n_items()):
                height = model.get_item(p).props.height
                if offset <= 40 + y < offset + height:
                    expected = p
                    break
                offset += height
            self.expect(shown == expected, "at y=%d the list shows %d, the model's heights say %d"
                        % (y, shown, expected))
            # Network's header sticks at the top.
            self.expect(self.sticky.get_n_headers() == 1, "one sticky header, got %d"
                        % self.sticky.get_n_headers())
            print("step 9: scrolled to 40: item %d at y=%d, %d sticky header"
                  % (shown, y, self.sticky.get_n_headers()))
            # Sound's header at the top, for the keyboard.
            self.vadj.set_value(self.item_top(self.header_position("sound")))
        elif self.step == 10:
            # The keyboard: the list focuses Sound's row, which hands the focus to
            # its expander; - folds Sound, + unfolds it. With the lock, + on
            # Privacy's is refused and the status line says so.
            sound = self.row_at(self.header_position("sound"))
            self.expect(sound is not None, "Sound's row shown")
            about = self.row_at(self.header_position("about"))
            self.expect(about is not None and not about.expander.get_expandable(),
                        "About (fixed): no chevron")
            if sound is not None:
                sound.get_parent().grab_focus()
                self.expect(self.window.get_focus() is sound.expander, "focus on Sound's expander")
                self.expect(self.press_key(Gdk.KEY_minus) is sound.expander, "- taken")
                self.expect(store.get_section_collapsed(ids["sound"]), "Sound folded by -")
                self.expect(self.press_key(Gdk.KEY_plus) is sound.expander, "+ taken")
                self.expect(not store.get_section_collapsed(ids["sound"]), "Sound unfolded by +")
            self.click(self.header_position("privacy"))  # folded again
            self.lock.set_active(True)
            privacy = self.row_at(self.header_position("privacy"))
            self.expect(privacy is not None, "Privacy's row shown")
            if privacy is not None:
                privacy.get_parent().grab_focus()
                self.press_key(Gdk.KEY_plus)
                self.expect(store.get_section_collapsed(ids["privacy"]), "locked: still folded")
                self.show_events()
                self.expect(self.status.get_text() == "refused: Privacy is locked",
                            "status %r" % self.status.get_text())
            self.lock.set_active(False)
            # The focus left on Privacy's header, for the screenshot.
            print("step 10: keys on Sound's expander folded and unfolded it; + on locked "
                  "Privacy refused: %r" % self.status.get_text())
        elif self.step == 11:
            focus = self.window.get_focus()
            self.expect(isinstance(focus, Fold.Expander), "the focus on an expander")
            self.expect(focus is not None
                        and focus.get_state_flags() & Gtk.StateFlags.FOCUS_VISIBLE,
                        "the focused expander shows its focus ring")
            # Alt+Up on Privacy's header: Privacy moves above About, and its row
            # keeps its widget and the focus (the engine reported a move).
            row = self.row_at(self.header_position("privacy"))
            before = self.header_position("privacy")
            self.expect(self.press_key(Gdk.KEY_Up, Gdk.ModifierType.ALT_MASK) is self.list,
                        "Alt+Up taken by the list")
            after = self.header_position("privacy")
            self.expect(after < before and after < self.header_position("about"),
                        "Privacy moved above About: %d -> %d" % (before, after))
            self.moved = (row, before, after)
            return GLib.SOURCE_CONTINUE
        elif self.step == 12:
            row, before, after = self.moved
            self.expect(self.status.get_text() == "moved Privacy up",
                        "status %r" % self.status.get_text())
            self.expect(row is not None and self.row_at(after) is row,
                        "the moved header keeps its row widget")
            self.expect(row is not None and self.window.get_focus() is row.expander,
                        "and the focus")
            self.expect(self.press_key(Gdk.KEY_Down, Gdk.ModifierType.ALT_MASK) is self.list,
                        "Alt+Down taken by the list")
            self.expect(self.header_position("privacy") == before, "Privacy back below About")
            self.show_events()
            self.expect(self.status.get_text() == "moved Privacy down",
                        "status %r" % self.status.get_text())
            print("step 12: Alt+Up moved Privacy from %d to %d and Alt+Down back: the same row "
                  "widget, the focus kept" % (before, after))
            # The window takes the X keyboard (real key presses from the next
            # step on); Sound's header at the top again, for them.
            self.xkeys = XKeys.open(self.window)
            self.store.set_focus(self.header_position("sound"))  # GTK's focus follows
            self.vadj.set_value(self.item_top(self.header_position("sound")))
            return GLib.SOURCE_CONTINUE
        elif self.step == 13:
            # The keyboard alone, through the engine: real key presses from here.
            print("step 13: keys through %s" % ("the X server (XTest)" if self.xkeys
                                                 else "the key controllers (no XTest)"))
            sound = self.row_at(self.header_position("sound"))
            self.expect(sound is not None, "Sound's row shown")
            if sound is not None:
                sound.get_parent().grab_focus()
            self.expect(store.get_focus() == self.header_position("sound"),
                        "the engine's focus on Sound: %d" % store.get_focus())
            self.send_key(Gdk.KEY_Down)
        elif self.step == 14:
            # Down: Output focused (GTK's focus too) and selected.
            output = self.row_position("sound", 0)
            self.expect_focus(output)
            self.expect(model.get_item(output).props.selected, "Output selected")
            self.send_key(Gdk.KEY_v)  # type-ahead
        elif self.step == 15:
            # "v": Volume, the next title starting with it.
            volume = self.row_position("sound", 2)
            self.expect_focus(volume)
            path = os.path.splitext(self.out_png)[0] + "-keyboard.png"
            colours = self.save_screenshot(path)
            print("screenshot %s (Down, then \"v\": Volume): %d distinct colours" % (path, colours))
            self.expect(colours > 1, "keyboard screenshot not blank")
            # Drag Volume (the drag source's "prepare" at its row) over
            # Output's top quarter: before Output, Sound's child 0.
            x, y = self.list_point_of(volume, 0.5)
            content = self.drag_source.emit("prepare", x, y)
            self.expect(content is not None and self.dragged == [(ids["sound"], 2)],
                        "dragging Volume: %r" % self.dragged)
            output = self.row_position("sound", 0)
            self.drag_at = self.overlay_point(*self.list_point_of(output, 0.2))
            action = self.drop_target.emit("motion", *self.drag_at)
            self.expect(action == Gdk.DragAction.MOVE, "motion: MOVE")
            target = last_out(self.indicator.get_target())
            self.expect(target is not None and (target.kind, target.parent, target.index, target.depth)
                        == (Fold.DropKind.BEFORE, ids["sound"], 0, 1),
                        "before Output: %r" % ((target.kind, target.parent, target.index,
                                               target.depth),))
            self.expect(target.line_y == self.item_top(output) and target.line_x == LEVEL,
                        "the line at Output's top, one level in: %s, %s"
                        % (target.line_y, target.line_x))
            self.volume = (model.get_item(volume), self.row_at(volume))
            print("step 15: Down then \"v\" focused Volume; dragging it before Output")
        elif self.step == 16:
            path = os.path.splitext(self.out_png)[0] + "-drop-indicator.png"
            colours = self.save_screenshot(path)
            print("screenshot %s (Volume dragged before Output): %d distinct colours"
                  % (path, colours))
            self.expect(colours > 1, "drop screenshot not blank")
            value = GObject.Value(GObject.TYPE_STRING, "Volume")
            self.expect(self.drop_target.emit("drop", value, *self.drag_at), "dropped")
            titles = [model.get_item(self.row_position("sound", r)).props.title for r in range(3)]
            self.expect(titles == ["Volume", "Output", "Input"], "Sound's rows %r" % titles)
            item, row = self.volume
            first = self.row_position("sound", 0)
            self.expect(model.get_item(first) is item, "Volume is the same item")
            self.expect(row is not None and self.row_at(first) is row, "and the same row widget")
            print("step 16: dropped Volume first in Sound: %r, the same item and widget" % titles)
        else:
            colours = self.save_screenshot(self.out_png)
            print("screenshot %s: %d distinct colours" % (self.out_png, colours))
            self.expect(colours > 1, "screenshot not blank")
            print("SELF-TEST FAILED" if self.failures else "self-test passed")
            return GLib.SOURCE_REMOVE
        return GLib.SOURCE_CONTINUE
