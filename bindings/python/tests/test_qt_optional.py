"""foldtable.qt is optional: ``import foldtable`` never imports PySide6, and
``import foldtable.qt`` without PySide6 says how to install it. Runs with or
without PySide6 (its absence is simulated in a fresh interpreter)."""

from __future__ import annotations

from conftest import run_python


def test_import_foldtable_does_not_import_pyside6() -> None:
    done = run_python(
        """
        import sys
        import foldtable
        t = foldtable.Table()
        t.append_section("a", rows=1)
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6")))
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


def test_import_foldtable_qt_without_pyside6_says_how_to_install_it() -> None:
    done = run_python(
        """
        import sys
        sys.modules["PySide6"] = sys.modules["shiboken6"] = None  # as if not installed
        try:
            import foldtable.qt
        except ImportError as exc:
            print(exc)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("foldtable.qt needs PySide6 (")
    assert done.stdout.endswith("); install it with: pip install 'foldtable[qt]'\n")
