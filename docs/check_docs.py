#!/usr/bin/env python3
"""Checks the built reference against the sources it documents.

Usage: check_docs.py SOURCE_DIR DOCS_DIR [GIR] (scripts/docs runs it after
building DOCS_DIR/c, DOCS_DIR/python and Doxygen's XML in DOCS_DIR/doxygen,
and with GIR, the adapter's Fold-0.2.gir, after building DOCS_DIR/gtk).

C: every fold_* function declared in include/foldtable.h is in the
reference with a non-empty description, in the group of the header banner
it sits under, with its own entry (signature and text) on that group's HTML
page. Python: every name
in foldtable.__all__ has its entry on the package's page. GTK (with GIR):
every introspectable class, record, enumeration, callback, function,
method, constructor, property and signal of the GIR has a comment (for a
function, a description or a return value's) and its page in DOCS_DIR/gtk
that names it; every fold_*() a comment names exists (in the GIR or in
include/foldtable.h), so a renamed function cannot stay in the docs.
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


GIR_CORE = "{http://www.gtk.org/introspection/core/1.0}"
GIR_C = "{http://www.gtk.org/introspection/c/1.0}"
GIR_GLIB = "{http://www.gtk.org/introspection/glib/1.0}"
# gi-docgen's page for each kind of symbol, by the GIR element's tag.
GTK_TYPE_PAGES = {"class": "class", "interface": "iface", "record": "struct",
                  "enumeration": "enum", "bitfield": "flags", "callback": "callback"}
GTK_MEMBER_PAGES = {"method": "method", "constructor": "ctor", "function": "type_func",
                    "property": "property", GIR_GLIB + "signal": "signal"}
DOC_FUNCTION = re.compile(r"\b(fold_[a-z0-9_]+)\(\)")


def doc_text(element):
    doc = element.find(GIR_CORE + "doc")
    text = doc.text.strip() if doc is not None and doc.text else ""
    if not text:
        value = element.find(GIR_CORE + "return-value")
        doc = value.find(GIR_CORE + "doc") if value is not None else None
        text = doc.text.strip() if doc is not None and doc.text else ""
    return text


def check_gtk(source, docs, gir, failures):
    """The GTK reference against the GIR it was made from. Returns the
    number of functions (methods, constructors, functions) and of symbols
    checked."""
    root = ET.parse(gir).getroot()
    namespace = root.find(GIR_CORE + "namespace")
    out = os.path.join(docs, "gtk")
    known = set()
    for element in root.iter():
        if element.get(GIR_C + "identifier"):
            known.add(element.get(GIR_C + "identifier"))
    with open(os.path.join(source, "include", "foldtable.h"), encoding="utf-8") as f:
        known.update(name for name, _ in header_functions(f.read()))

    def page(name, what, element, file_name):
        if element.get("introspectable") == "0":
            return 0
        if not doc_text(element):
            failures.append("GTK reference: %s has no comment" % what)
        path = os.path.join(out, file_name)
        if not os.path.exists(path):
            failures.append("GTK reference: %s has no page %s" % (what, file_name))
        else:
            with open(path, encoding="utf-8") as f:
                if name not in html.unescape(f.read()):
                    failures.append("GTK reference: %s is not named on %s" % (what, file_name))
        return 1

    # A namespace function that is also a type's function (an error
    # domain's quark) has its page there only.
    type_functions = {f.get(GIR_C + "identifier") for t in namespace
                      for f in t.findall(GIR_CORE + "function")}
    functions = symbols = 0
    for element in namespace:
        tag = element.tag[len(GIR_CORE):]
        name = element.get("name")
        if tag == "function":
            ident = element.get(GIR_C + "identifier")
            if ident in type_functions:
                continue
            n = page(ident, ident, element, "func.%s.html" % name)
            functions += n
            symbols += n
            continue
        if tag not in GTK_TYPE_PAGES or element.get(GIR_GLIB + "is-gtype-struct-for"):
            continue
        kind = GTK_TYPE_PAGES[tag]
        if tag == "enumeration" and element.get(GIR_GLIB + "error-domain"):
            kind = "error"
        symbols += page("Fold." + name, "Fold." + name, element,
                        "%s.%s.html" % (kind, name))
        for member in element:
            member_tag = member.tag.replace(GIR_CORE, "")
            if member_tag not in GTK_MEMBER_PAGES:
                continue
            member_name = member.get("name")
            ident = member.get(GIR_C + "identifier")
            if ident:
                what, named = ident, ident
            else:
                separator = "::" if member_tag.endswith("signal") else ":"
                what = "Fold.%s%s%s" % (name, separator, member_name)
                named = member_name
            n = page(named, what, member, "%s.%s.%s.html" % (GTK_MEMBER_PAGES[member_tag], name,
                                                            member_name))
            symbols += n
            if ident:
                functions += n
    for element in root.iter(GIR_CORE + "doc"):
        for match in DOC_FUNCTION.finditer(element.text or ""):
            if match.group(1) not in known:
                failures.append("GTK reference: a comment names %s(), which does not exist"
                                " (line %s of %s)" % (match.group(1), element.get("line"),
                                                      element.get("filename")))
    if not os.path.exists(os.path.join(out, "index.html")):
        failures.append("GTK reference: no index.html")
    if functions < 100:
        failures.append("GTK reference: found only %d functions in %s" % (functions, gir))
    return functions, symbols


def main():
    source, docs = sys.argv[1], sys.argv[2]
    gir = sys.argv[3] if len(sys.argv) > 3 else None
    failures = []
    functions, groups = check_c(source, docs, failures)
    names = check_python(docs, failures)
    if gir:
        gtk_functions, gtk_symbols = check_gtk(source, docs, gir, failures)
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    print(
        "docs: C reference has all %d functions of foldtable.h with their comments in %d groups;"
        " Python reference has all %d names of foldtable.__all__" % (functions, groups, names)
    )
    if gir:
        print("docs: GTK reference has all %d functions and %d symbols in all of %s with their"
              " comments" % (gtk_functions, gtk_symbols, os.path.basename(gir)))


if __name__ == "__main__":
    main()
