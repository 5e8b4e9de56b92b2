"""demo.py's data: the heights, the sections and rows (the app's data), the
style, and the store built from them."""

from gi.repository import Fold

HEADER, ROW, FOOTER = 0, 1, 2  # FoldListItem:kind
ACTIVATED_NOTHING, ACTIVATED_REFUSED = 0, 5  # FOLD_ACTIVATED_*
HEADER_HEIGHT = 28.0
ROW_HEIGHT = 40.0
EXPANDED_HEIGHT = 96.0
LEVEL = 20  # Fold.Expander's indentation: its child starts 20 px a level further
COLLAPSED = "+"  # the engine's default indicator (what the model's items say)

F = Fold.SectionFlags
# The app's data: (key, parent, header "Title|Detail", flags, rows as
# (title, value, what an expanded row says)). The store gets the structure
# and the header texts; the rows' texts stay here and reach the model
# through its text function.
GROUPS = [
    ("network", None, "Network|Wi-Fi, Bluetooth", F.NONE,
     [("Wi-Fi", "Home-5G", "Connected to Home-5G on 5 GHz; the signal is strong."),
      ("Bluetooth", "On", "Visible to nearby devices while this window is open."),
      ("Airplane mode", "Off", "Turns off Wi-Fi, Bluetooth and mobile broadband.")]),
    ("vpn", "network", "VPN|2 connections", F.NONE,
     [("Office", "Connected", "All traffic goes through the office network."),
      ("Home lab", "Off", "Connects on demand to the machines at home.")]),
    ("display", None, "Display|1920 \u00d7 1080", F.NONE,
     [("Brightness", "70 %", "Adjusts to the light around you when it changes a lot."),
      ("Night light", "Sunset", "Warmer colours from sunset to sunrise, easier on the eyes."),
      ("Scale", "100 %", "Makes text and windows larger without a lower resolution."),
      ("Refresh rate", "60 Hz", "How many times a second the picture is drawn.")]),
    ("color", "display", "Color|profiles", F.NONE,
     [("sRGB", "Default", "The profile most pictures and web pages are made for."),
      ("Display P3", "", "A wider range of colours, as on recent phones."),
      ("Adobe RGB", "", "A wide range of colours for printing photographs.")]),
    ("sound", None, "Sound|output and input", F.NONE,
     [("Output", "Speakers", "Plays through the built-in speakers."),
      ("Input", "Microphone", "Records from the built-in microphone."),
      ("Volume", "45 %", "Alerts and music play at this volume.")]),
    ("about", None, "About|fixed section", F.FIXED,
     [("Device name", "foldtable", "How this computer appears to others on the network."),
      ("System", "Debian 12", "The operating system and its version."),
      ("Memory", "16 GB", "Room for the programs that run at the same time."),
      ("Disk", "512 GB", "Room for your files and programs.")]),
    ("privacy", None, "Privacy|starts collapsed", F.COLLAPSED,
     [("Location", "Off", "Apps cannot find out where you are."),
      ("Camera", "Ask", "An app asks before it uses the camera."),
      ("Microphone", "Ask", "An app asks before it uses the microphone.")]),
    ("power", None, "Power|balanced", F.NONE,
     [("Power mode", "Balanced", "Standard performance and power use."),
      ("Battery", "82 %", "About four hours left at the current use."),
      ("Suspend", "15 min", "Suspends after 15 minutes without use.")]),
    ("empty", None, "Nothing here|empty section", F.NONE, []),
]
ROWS = {key: rows for key, _parent, _header, _flags, rows in GROUPS}
TITLES = {key: header.split("|")[0] for key, _parent, header, _flags, _rows in GROUPS}

# Adwaita's light palette, as the C list demos: headers on the window's grey,
# rows on white, an expanded row marked by the accent blue.
CSS = b"""
listview.fold > row { padding: 0; margin: 0; min-height: 0; border: none; }
.fold-header { background: #f6f5f4; box-shadow: inset 0 -1px #deddda; font-weight: bold; }
.fold-header .dim-label { font-weight: normal; }
.fold-header.depth-1 { background: #faf9f8; }
listview.fold image.expander { color: #5e5c64; }
.fold-row { background: #ffffff; box-shadow: inset 0 -1px #ebe9e6; }
.fold-row.expanded { background: #fafcff; box-shadow: inset 4px 0 #1c71d8, inset 0 -1px #ebe9e6; }
.fold-row .body { color: alpha(currentColor, 0.7); }
listview.fold > row:hover .fold-header { background: #edebe9; }
listview.fold > row:hover .fold-row { background: #f3f6fb; }
.fold-status { padding: 6px 12px; box-shadow: inset 0 1px #deddda; background: #ffffff; }
.fold-row.selected, .fold-header.selected { background: #dde8f8; }
"""


def build_store():
    store = Fold.Store(row_height=ROW_HEIGHT, header_height=HEADER_HEIGHT)
    ids = {}
    for key, parent, header, flags, rows in GROUPS:
        ids[key] = store.insert_section(ids[parent] if parent else 0, -1, key, header,
                                        len(rows), flags)
        for row in range(len(rows)):
            store.set_row_expanded_height(ids[key], row, EXPANDED_HEIGHT)
    return store, ids


def row_text(_section, key, row):
    return ROWS[key][row][0]

