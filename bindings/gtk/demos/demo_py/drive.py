"""What drives demo.py's self-test: StepPacer (a step once the window shows
the last one's changes) and XKeys (real key presses through XTest)."""

import gi

from gi.repository import Gdk, GLib


class StepPacer:
    """Runs step() (until it returns SOURCE_REMOVE, then closes the window:
    its frame clock's handler is disconnected first) once the window shows the
    last step's changes, not after a fixed time (a loaded machine may take
    longer than any fixed interval): at least `step_ms` after the last step,
    a frame painted since it (each step queues one), no frame for QUIET_MS
    with the X server caught up (Gdk.Display.sync: a configure event is in).
    Polled at PRIORITY_LOW, below the frame clock and the events. After
    LIMIT_S the step runs anyway and failed(LIMIT_S) is called: as demo_run
    in demo-app.c."""
    POLL_MS, QUIET_MS, LIMIT_S = 20, 50, 10

    def __init__(self, window, step_ms, step, failed):
        self.window, self.step_ms, self.step, self.failed = window, step_ms, step, failed
        self.paints = self.paints_at_step = self.paints_synced = 0
        self.last_paint = 0
        self.clock = window.get_frame_clock()  # realized by present()
        self.handler = self.clock.connect("after-paint", self.on_after_paint)
        self.step_end = GLib.get_monotonic_time()
        self.schedule(step_ms)

    def on_after_paint(self, _clock):
        self.paints += 1
        self.last_paint = GLib.get_monotonic_time()

    def schedule(self, ms):
        GLib.timeout_add(ms, self.poll, priority=GLib.PRIORITY_LOW)

    def settled(self):
        if (self.paints == self.paints_at_step
                or GLib.get_monotonic_time() - self.last_paint < self.QUIET_MS * 1000):
            return False
        if self.paints_synced != self.paints:
            self.window.get_display().sync()  # quiet here; the X server may have more
            self.paints_synced = self.paints
            return False
        return True

    def poll(self):
        if not self.settled():
            if GLib.get_monotonic_time() - self.step_end < self.LIMIT_S * 1000000:
                self.schedule(self.POLL_MS)
                return GLib.SOURCE_REMOVE
            self.failed(self.LIMIT_S)
        self.paints_at_step = self.paints
        self.step_end = GLib.get_monotonic_time()
        if self.step() == GLib.SOURCE_REMOVE:
            self.clock.disconnect(self.handler)
            self.window.destroy()
            return GLib.SOURCE_REMOVE
        self.window.queue_draw()  # a frame after this step's changes, even if they queued none
        self.schedule(self.step_ms)
        return GLib.SOURCE_REMOVE


class XKeys:
    """Real key presses for the self-test: sent to the X server with XTest
    (as xdotool does; libXtst through ctypes), so they reach the window as
    a user's do. The window takes the X keyboard (no window manager under
    Xvfb). None when there is no X display or no libXtst."""

    @classmethod
    def open(cls, window):
        import ctypes
        try:
            gi.require_version("GdkX11", "4.0")
            from gi.repository import GdkX11
            x11 = ctypes.CDLL("libX11.so.6")
            xtst = ctypes.CDLL("libXtst.so.6")
        except (ValueError, ImportError, OSError):
            return None
        surface = window.get_surface()
        if not isinstance(surface, GdkX11.X11Surface):
            return None
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        display = x11.XOpenDisplay(None)
        if not display:
            return None
        self = cls()
        self.x11, self.xtst, self.display = x11, xtst, display
        x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                           ctypes.c_ulong]
        x11.XSetInputFocus(display, surface.get_xid(), 2, 0)  # RevertToParent, CurrentTime
        x11.XFlush(display)
        end = GLib.get_monotonic_time() + 2 * 1000000
        while not window.is_active() and GLib.get_monotonic_time() < end:
            GLib.MainContext.default().iteration(False)
        return self

    def send(self, keyval, modifiers=0):
        code = self.x11.XKeysymToKeycode(self.display, keyval)  # GDK keyvals are X keysyms
        held = [self.x11.XKeysymToKeycode(self.display, Gdk.KEY_Shift_L)] \
            if modifiers & Gdk.ModifierType.SHIFT_MASK else []
        for k in held:
            self.xtst.XTestFakeKeyEvent(self.display, k, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        for k in held:
            self.xtst.XTestFakeKeyEvent(self.display, k, 0, 0)
        self.x11.XFlush(self.display)

