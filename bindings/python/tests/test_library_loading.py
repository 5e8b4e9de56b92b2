"""Finding and checking the library: run imports in fresh interpreters.

Each test copies the package somewhere outside the repository (so the
build-tree search finds nothing unless the test builds a fake tree) and runs
``import foldtable`` in a subprocess with a controlled environment.
"""

import ctypes.util
import os
import shutil
import subprocess
import textwrap

import pytest

import foldtable

from conftest import run_python

PACKAGE_DIR = os.path.dirname(os.path.abspath(foldtable.__file__))
LIBRARY = os.path.realpath(foldtable.library_path)


def copy_package(dest_root):
    dest = os.path.join(str(dest_root), "foldtable")
    shutil.copytree(PACKAGE_DIR, dest, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    return dest


def clean_env(pythonpath, **extra):
    env = {k: v for k, v in os.environ.items() if k not in ("FOLDTABLE_LIBRARY", "LD_LIBRARY_PATH")}
    env["PYTHONPATH"] = str(pythonpath)
    env.update({k: str(v) for k, v in extra.items()})
    return env


IMPORT_AND_REPORT = """
import foldtable
print(foldtable.library_path)
with foldtable.Table() as t:
    t.append_section("a", rows=2)
    print(len(t))
"""


@pytest.fixture
def system_has_no_foldtable():
    if ctypes.util.find_library("foldtable") is not None:
        pytest.skip("libfoldtable is installed on the system search path")


def test_not_found_lists_every_place(tmp_path, system_has_no_foldtable):
    root = tmp_path / "site"
    package = copy_package(root)
    missing = tmp_path / "nowhere" / "libfoldtable.so"
    env = clean_env(root, FOLDTABLE_LIBRARY=missing)
    result = run_python("import foldtable", env, tmp_path)
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()
    text = result.stderr
    assert "ImportError" in text
    assert "could not load libfoldtable.so" in text
    assert "$FOLDTABLE_LIBRARY = %s: no such file" % missing in text
    assert "package copy %s: no such file" % os.path.join(package, "libfoldtable.so") in text
    assert "build trees: no directory above %s contains include/foldtable.h" % package in text
    assert 'find_library("foldtable"): not found' in text
    assert "Set FOLDTABLE_LIBRARY" in text
    # One exception, not a chain.
    assert text.count("Traceback") == 1, last


def test_not_found_without_env(tmp_path, system_has_no_foldtable):
    root = tmp_path / "site"
    copy_package(root)
    result = run_python("import foldtable", clean_env(root), tmp_path)
    assert result.returncode != 0
    assert "$FOLDTABLE_LIBRARY: not set" in result.stderr


def test_env_var_wins(tmp_path):
    root = tmp_path / "site"
    copy_package(root)
    result = run_python(IMPORT_AND_REPORT, clean_env(root, FOLDTABLE_LIBRARY=LIBRARY), tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [LIBRARY, "3"]


def test_env_var_bare_name_uses_the_loader_path(tmp_path):
    root = tmp_path / "site"
    copy_package(root)
    libdir = tmp_path / "lib"
    libdir.mkdir()
    shutil.copy(LIBRARY, str(libdir / "libfoldtable.so.0"))
    env = clean_env(root, FOLDTABLE_LIBRARY="libfoldtable.so.0", LD_LIBRARY_PATH=libdir)
    result = run_python(IMPORT_AND_REPORT, env, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["libfoldtable.so.0", "3"]


def test_package_copy(tmp_path):
    root = tmp_path / "site"
    package = copy_package(root)
    shutil.copy(LIBRARY, os.path.join(package, "libfoldtable.so"))
    result = run_python(IMPORT_AND_REPORT, clean_env(root), tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [os.path.join(package, "libfoldtable.so"), "3"]


def test_bad_env_var_falls_back_with_a_warning(tmp_path):
    root = tmp_path / "site"
    package = copy_package(root)
    shutil.copy(LIBRARY, os.path.join(package, "libfoldtable.so"))
    not_a_library = tmp_path / "libfoldtable.so"
    not_a_library.write_text("this is not an ELF file\n")
    env = clean_env(root, FOLDTABLE_LIBRARY=not_a_library)
    result = run_python(IMPORT_AND_REPORT, env, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == os.path.join(package, "libfoldtable.so")
    assert "RuntimeWarning" in result.stderr
    assert "could not load $FOLDTABLE_LIBRARY" in result.stderr
    assert str(not_a_library) in result.stderr


@pytest.mark.parametrize(
    "relative",
    ["build/libfoldtable.so", ".build/release/libfoldtable.so", ".build/debug/libfoldtable.so"],
)
def test_repo_build_trees(tmp_path, relative):
    repo = tmp_path / "checkout"
    (repo / "include").mkdir(parents=True)
    (repo / "include" / "foldtable.h").write_text("/* marker */\n")
    built = repo / relative
    built.parent.mkdir(parents=True)
    shutil.copy(LIBRARY, str(built))
    copy_package(repo / "bindings" / "python")
    result = run_python(IMPORT_AND_REPORT, clean_env(repo / "bindings" / "python"), tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(built), "3"]


def test_build_tree_order(tmp_path):
    """build/ (CMake) comes before .build/release and .build/debug."""
    repo = tmp_path / "checkout"
    (repo / "include").mkdir(parents=True)
    (repo / "include" / "foldtable.h").write_text("/* marker */\n")
    for relative in ("build", ".build/debug"):
        (repo / relative).mkdir(parents=True)
        shutil.copy(LIBRARY, str(repo / relative / "libfoldtable.so"))
    copy_package(repo / "bindings" / "python")
    result = run_python(IMPORT_AND_REPORT, clean_env(repo / "bindings" / "python"), tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == str(repo / "build" / "libfoldtable.so")


def compile_fake(tmp_path, source, name):
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler to build a fake library")
    src = tmp_path / (name + ".c")
    src.write_text(textwrap.dedent(source))
    out = tmp_path / (name + ".so")
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(out), str(src)], check=True)
    return out


@pytest.mark.parametrize(
    "name, number, text, message",
    [
        # Another major version.
        ("v1", 1002003, "1.2.3", "is version 1.2.3 (1002003)"),
        # A library that lacks the other functions.
        ("partial", 1000, "0.1.0", "has no symbol fold_last_error_message"),
    ],
    ids=["major_version_mismatch", "missing_symbol"],
)
def test_a_library_of_another_version_is_refused(tmp_path, name, number, text, message):
    fake = compile_fake(
        tmp_path,
        """
        int fold_version_number(void) { return %d; }
        const char *fold_version_string(void) { return "%s"; }
        """ % (number, text),
        name,
    )
    root = tmp_path / "site"
    copy_package(root)
    result = run_python("import foldtable", clean_env(root, FOLDTABLE_LIBRARY=fake), tmp_path)
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert message in result.stderr
    assert "binding and the library versions differ" in result.stderr
