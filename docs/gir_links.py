#!/usr/bin/env python3
"""Turns the gtk-doc references in a GIR's doc comments into gi-docgen links.

Usage: gir_links.py IN.gir OUT.gir [GIR_DIR...]

The adapter's sources keep gtk-doc syntax (what g-ir-scanner, Vala and
PyGObject's docs read): `fold_store_collapse()`, `#FoldStore`,
`#FoldStore:row-height`, `#FoldStore::load-start`, `%FOLD_SECTION_FLAGS_FIXED`,
`#GtkListView`. gi-docgen shows those as code; scripts/docs hands it a copy
of the GIR in which each one that names something documented becomes a link
(`[method@Fold.Store.collapse]`, `[class@Fold.Store]`,
`[property@Fold.Store:row-height]`, `[signal@Fold.Store::load-start]`,
`[flags@Fold.SectionFlags.FIXED]`, `[class@Gtk.ListView]`), so the
reference is navigable like GTK's. gi-docgen checks every link
(--fatal-warnings), so a comment that names a function or property that
does not exist fails the docs build.

Types of other namespaces are looked up in the GIRs the input includes,
found in GIR_DIR... (default: $XDG_DATA_DIRS/gir-1.0, /usr/share/gir-1.0).
Text inside `backticks` and ``` blocks is left as it is; so are names that
are not in the GIR (the engine's fold_table_* functions) or not
introspectable (they have no page).
"""

import os
import re
import sys
import xml.etree.ElementTree as ET

CORE = "http://www.gtk.org/introspection/core/1.0"
C_NS = "http://www.gtk.org/introspection/c/1.0"
GLIB_NS = "http://www.gtk.org/introspection/glib/1.0"
NAMESPACES = {"": CORE, "c": C_NS, "glib": GLIB_NS}
for _prefix, _uri in NAMESPACES.items():
    ET.register_namespace(_prefix, _uri)


def q(tag, ns=CORE):
    return "{%s}%s" % (ns, tag)


TYPE_FRAGMENTS = {"class": "class", "interface": "iface", "record": "struct", "union": "struct",
                  "callback": "callback", "alias": "alias"}


def introspectable(el):
    return el.get("introspectable", "1") != "0"


def collect(namespace, names, types, enums, classes):
    """Adds a namespace's symbols: C function names, C type names, enum
    member C names and (for properties and signals) C type -> GI name."""
    ns = namespace.get("name")
    for el in namespace:
        tag = el.tag.split("}")[1]
        ctype = el.get(q("type", C_NS))
        name = el.get("name")
        if tag in TYPE_FRAGMENTS and ctype and introspectable(el):
            if tag == "record" and el.get(q("is-gtype-struct-for", GLIB_NS)):
                continue
            types[ctype] = "[%s@%s.%s]" % (TYPE_FRAGMENTS[tag], ns, name)
            if tag in ("class", "interface"):
                classes[ctype] = "%s.%s" % (ns, name)
        elif tag in ("enumeration", "bitfield") and ctype:
            fragment = "flags" if tag == "bitfield" else (
                "error" if el.get(q("error-domain", GLIB_NS)) else "enum")
            types[ctype] = "[%s@%s.%s]" % (fragment, ns, name)
            for member in el.findall(q("member")):
                cname = member.get(q("identifier", C_NS))
                if cname:
                    enums[cname] = "[%s@%s.%s.%s]" % (fragment, ns, name, member.get("name").upper())
        if tag == "function" and introspectable(el):
            names[el.get(q("identifier", C_NS))] = "[func@%s.%s]" % (ns, name)
        for fn in el.iter():
            kind = fn.tag.split("}")[1]
            if kind not in ("method", "constructor", "function") or fn is el:
                continue
            if not introspectable(fn):
                continue
            fragment = {"method": "method", "constructor": "ctor", "function": "type_func"}[kind]
            names[fn.get(q("identifier", C_NS))] = "[%s@%s.%s.%s]" % (fragment, ns, name,
                                                                     fn.get("name"))


def load(path):
    return ET.parse(path)


def find_gir(name, dirs):
    for d in dirs:
        path = os.path.join(d, name + ".gir")
        if os.path.exists(path):
            return path
    return None


def symbol_tables(tree, dirs):
    names, types, enums, classes = {}, {}, {}, {}
    seen = set()
    todo = [tree]
    while todo:
        t = todo.pop()
        root = t.getroot()
        for ns in root.findall(q("namespace")):
            collect(ns, names, types, enums, classes)
        for inc in root.findall(q("include")):
            key = "%s-%s" % (inc.get("name"), inc.get("version"))
            if key in seen:
                continue
            seen.add(key)
            path = find_gir(key, dirs)
            if path:
                todo.append(load(path))
    return names, types, enums, classes


REFERENCE = re.compile(
    r"(?P<func>\b[a-z][a-z0-9]*_[a-z0-9_]+\(\))"
    r"|#(?P<type>[A-Z][A-Za-z0-9]+)(?:(?P<sep>::?)(?P<member>[a-z][a-z0-9-]*))?"
    r"|%(?P<const>[A-Z][A-Z0-9_]+)\b")


def link_text(text, tables, own_ns):
    names, types, enums, classes = tables

    def replace(m):
        if m.group("func"):
            target = names.get(m.group("func")[:-2])
            return target or m.group(0)
        if m.group("type"):
            ctype = m.group("type")
            if m.group("member"):
                owner = classes.get(ctype)
                if not owner:
                    return m.group(0)
                fragment = "signal" if m.group("sep") == "::" else "property"
                return "[%s@%s%s%s]" % (fragment, owner, m.group("sep"), m.group("member"))
            return types.get(ctype, m.group(0))
        target = enums.get(m.group("const"))
        return target or m.group(0)

    # Leave ``` blocks and `code` alone.
    out = []
    for i, block in enumerate(re.split(r"(```.*?```)", text, flags=re.S)):
        if i % 2:
            out.append(block)
            continue
        for j, part in enumerate(re.split(r"(`[^`]*`)", block)):
            out.append(part if j % 2 else REFERENCE.sub(replace, part))
    return "".join(out)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    dirs = argv[3:]
    if not dirs:
        data = os.environ.get("XDG_DATA_DIRS", "/usr/local/share:/usr/share").split(":")
        dirs = [os.path.join(d, "gir-1.0") for d in data if d] + ["/usr/share/gir-1.0"]
    tree = load(argv[1])
    own_ns = tree.getroot().find(q("namespace")).get("name")
    tables = symbol_tables(tree, [os.path.dirname(os.path.abspath(argv[1]))] + dirs)
    count = 0
    for doc in tree.getroot().iter(q("doc")):
        if doc.text:
            new = link_text(doc.text, tables, own_ns)
            count += new != doc.text
            doc.text = new
    tree.write(argv[2], encoding="UTF-8", xml_declaration=True)
    print("gir_links: %d doc comments linked" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
