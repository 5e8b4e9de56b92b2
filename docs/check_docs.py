#!/usr/bin/env python3
"""Checks the built reference against the sources it documents.

Usage: check_docs.py SOURCE_DIR DOCS_DIR (scripts/docs runs it after
building DOCS_DIR/c, DOCS_DIR/python and Doxygen's XML in DOCS_DIR/doxygen).

C: every fold_* function declared in include/foldtable.h is in the
reference with a non-empty description, in the group of the header banner
it sits under, with its own entry (signature and text) on that group's HTML
page. Python: every name
in foldtable.__all__ has its entry on the package's page.
"""

import glob
import html
import os
import re
import sys
import xml.etree.ElementTree as ET

BANNER = re.compile(r"^/\* -{10,} \*/\n/\* (\S.*?)\s*\*/\n/\* -{10,} \*/$", re.M)
FUNCTION = re.compile(r"^[A-Za-z_][\w \*]*?\b(fold_\w+)\s*\(", re.M)


def header_functions(header):
    """(name, banner title) for every function the header declares, in order."""
    banners = [(m.start(), m.group(1)) for m in BANNER.finditer(header)]
    result = []
    for m in FUNCTION.finditer(header):
        title = None
        for start, banner in banners:
            if start < m.start():
                title = banner
        result.append((m.group(1), title))
    return result


def check_c(source, docs, failures):
    with open(os.path.join(source, "include", "foldtable.h"), encoding="utf-8") as f:
        header = f.read()
    functions = header_functions(header)
    if len(functions) < 50:
        failures.append("found only %d functions in foldtable.h" % len(functions))

    # Doxygen's XML: each group's title and its functions with their text.
    groups = {}
    for path in glob.glob(os.path.join(docs, "doxygen", "xml", "group__*.xml")):
        compound = ET.parse(path).find("compounddef")
        title = compound.find("title").text
        members = {}
        for member in compound.iter("memberdef"):
            if member.get("kind") == "function":
                text = "".join(member.find("briefdescription").itertext())
                text += "".join(member.find("detaileddescription").itertext())
                members[member.find("name").text] = text.strip()
        groups[title] = (compound.get("id"), members)

    for title in sorted({t for _, t in functions if t}):
        if title not in groups:
            failures.append("C reference: no group for the header's section %r" % title)
    for name, title in functions:
        if title not in groups:
            failures.append("C reference: %s is under no section banner" % name)
            continue
        group_id, members = groups[title]
        if name not in members:
            failures.append("C reference: %s is not in the group %r" % (name, title))
        elif not members[name]:
            failures.append("C reference: %s has no description" % name)
        page = os.path.join(docs, "c", group_id + ".html")
        with open(page, encoding="utf-8") as f:
            # Its own entry: the signature heading and the text under it.
            if not re.search(r'class="memname">[^<]*\b%s\b' % name, f.read()):
                failures.append("C reference: %s has no entry on %s" % (name, page))
    if not os.path.exists(os.path.join(docs, "c", "index.html")):
        failures.append("C reference: no index.html")
    return len(functions), len(groups)


def check_python(docs, failures):
    import foldtable

    with open(os.path.join(docs, "python", "foldtable.html"), encoding="utf-8") as f:
        page = html.unescape(f.read())
    for name in foldtable.__all__:
        if 'id="%s"' % name not in page:
            failures.append("Python reference: no entry for foldtable.%s" % name)
    if not os.path.exists(os.path.join(docs, "python", "index.html")):
        failures.append("Python reference: no index.html")
    return len(foldtable.__all__)


def main():
    source, docs = sys.argv[1], sys.argv[2]
    failures = []
    functions, groups = check_c(source, docs, failures)
    names = check_python(docs, failures)
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    print(
        "docs: C reference has all %d functions of foldtable.h with their comments in %d groups;"
        " Python reference has all %d names of foldtable.__all__" % (functions, groups, names)
    )


if __name__ == "__main__":
    main()
