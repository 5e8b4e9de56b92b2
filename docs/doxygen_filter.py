#!/usr/bin/env python3
"""Doxygen INPUT_FILTER for include/foldtable.h.

The header is written for people, with plain /* */ comments; this filter
hands Doxygen a marked-up copy so the header itself stays as it is. It keeps
every line where it was (Doxygen's line numbers stay the header's) and only
adds markup:

- the opening comment becomes the main page and the file's documentation;
- each banner (a /* Title */ line between two /* ---- */ lines) opens a
  group (\\defgroup) that runs to the next banner, so the reference is
  grouped as the header is;
- a comment that stands alone (a blank line below it) is its group's
  description (\\defgroup's text right below the banner, \\addtogroup's
  further down);
- a comment directly above a declaration becomes its doc comment; a comment
  after code on the same line documents that code (/**<);
- a comment above several functions with no blank line between them
  documents each of them (\\copydoc of the first), and one above a run of
  #defines heads them (\\name);
- backslashes and '@' in comment text outside "quotes" and `code` are
  escaped, so they are text, not Doxygen commands.

Usage: doxygen_filter.py FILE (Doxygen's INPUT_FILTER calling convention);
the result goes to stdout.
"""

import re
import sys

BANNER_RULE = re.compile(r"^/\* -{10,} \*/$")
BANNER_TITLE = re.compile(r"^/\* (\S.*?)\s*\*/$")


QUOTED = re.compile(r'("[^"\n]*"|`[^`\n]*`)')


def escape(text):
    """Comment text to Doxygen text: \\ and @ would start commands, except
    inside "quotes" and `code`, which Doxygen shows as they are."""
    parts = QUOTED.split(text)
    for k in range(0, len(parts), 2):
        parts[k] = parts[k].replace("\\", "\\\\").replace("@", "\\@")
    return "".join(parts)


def slug(title):
    return "group_" + re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")


def is_declaration_start(line):
    """A line at column 0 that starts a declaration (not a continuation,
    a closing brace, a comment or a conditional)."""
    if not line.strip() or line[0] in " \t}":
        return False
    if line.startswith("/*"):
        return False
    if line.startswith("#"):
        return line.startswith("#define")
    return True


def trailing_comment_start(line):
    """Index of a /* that follows code on this line, or -1."""
    at = line.find("/*")
    if at <= 0 or not line[:at].strip():
        return -1
    code = line[:at].strip()
    if code.startswith("#") and not code.startswith("#define"):
        return -1  # #endif /* FOLDTABLE_H */
    if code.startswith("}") and "extern" in line:
        return -1
    return at


def declared_name(line):
    """The name a declaration line declares: a function's, or a function
    pointer type's (typedef int (*name)(...))."""
    pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)\s*\(", line)
    if pointer:
        return pointer.group(1)
    return re.search(r"(\w+)\s*\(", line).group(1)


def comment_text(lines):
    """The words of a comment spanning `lines`, on one line."""
    words = []
    for number, line in enumerate(lines):
        line = line.strip()
        if number == 0:
            line = line[2:]
        elif line.startswith("* ") or line == "*":
            line = line[1:]
        if line.endswith("*/"):
            line = line[:-2]
        words.extend(line.split())
    return " ".join(words)


def filter_header(src):
    lines = src.split("\n")
    out = list(lines)
    # Markup that goes before a line's own text (member-group ends: after a
    # #define, Doxygen would read them as part of the macro).
    before = [""] * (len(lines) + 1)
    n = len(lines)
    group_open = False

    # Comment text is escaped on every comment line; markup is added after.
    in_comment = False
    for i, line in enumerate(lines):
        if in_comment or line.lstrip().startswith("/*"):
            start = line.find("/*") if not in_comment else 0
            out[i] = line[:start] + escape(line[start:])
            in_comment = "*/" not in line[start + 2 if not in_comment else 0:]
        else:
            at = trailing_comment_start(line)
            if at >= 0:
                out[i] = line[:at] + escape(line[at:])
                in_comment = "*/" not in line[at:]

    # The closing `#ifdef __cplusplus` block: the last group ends before it.
    last_cplusplus = max(i for i, line in enumerate(lines) if line.startswith("#ifdef __cplusplus"))

    i = 0
    while i < n:
        line = lines[i]
        if i == 0 and line.startswith("/*"):
            j = i
            while "*/" not in lines[j]:
                j += 1
            out[i] = "/** \\mainpage FoldTable C API" + out[i][2:]
            # The main page ends with links to the sections, on the line
            # that closes the comment.
            titles = [
                BANNER_TITLE.match(lines[b + 1]).group(1)
                for b in range(n - 2)
                if BANNER_RULE.match(lines[b])
                and BANNER_TITLE.match(lines[b + 1])
                and BANNER_RULE.match(lines[b + 2])
            ]
            links = ", ".join('\\ref %s "%s"' % (slug(t), escape(t)) for t in titles)
            out[j] = out[j].replace("*/", "Sections of the header: %s. */" % links)
            out[j] += " /** \\file foldtable.h The C interface of FoldTable. */"
            i = j + 1
            continue
        if (
            BANNER_RULE.match(line)
            and i + 2 < n
            and BANNER_TITLE.match(lines[i + 1])
            and BANNER_RULE.match(lines[i + 2])
        ):
            title = BANNER_TITLE.match(lines[i + 1]).group(1)
            out[i] = "/** \\} */" if group_open else ""
            out[i + 1] = "/** \\defgroup %s %s */ /** \\{ */" % (slug(title), escape(title))
            out[i + 2] = ""
            group_open = True
            group = slug(title)
            group_title = title
            group_line = i + 1
            i += 3
            continue
        if i == last_cplusplus and group_open:
            out[i] = "/** \\} */ " + out[i]
            group_open = False
        if line.startswith("/*"):
            j = i
            while "*/" not in lines[j]:
                j += 1
            # The block the comment sits on: the lines up to a blank one.
            k = j + 1
            block = []
            while k < n and lines[k].strip() and not lines[k].startswith("/*"):
                block.append(k)
                k += 1
            decls = [b for b in block if is_declaration_start(lines[b])]
            if not decls:
                # Nothing declared directly below: a note on its section,
                # which goes into the group's description (the command ends
                # the comment, so the note's first line is not its title).
                if group_open and i == group_line + 2:
                    # Right below the banner: the \defgroup comment runs on
                    # through the note, and the group opens after it.
                    out[group_line] = "/** \\defgroup %s %s" % (group, escape(group_title))
                    out[group_line + 1] = " *"
                    out[i] = " *" + out[i][2:]
                    out[j] = out[j] + " /** \\{ */"
                elif group_open:
                    # Further down: the group closes for an \addtogroup
                    # with the note, which opens it again.
                    out[i] = "/** \\} */ /**" + out[i][2:]
                    at = out[j].rindex("*/")
                    out[j] = out[j][:at] + "\\addtogroup %s */ /** \\{ */" % group
                i = j + 1
                continue
            if len(decls) == 1:
                out[i] = "/**" + out[i][2:]
            elif lines[decls[0]].startswith("#define"):
                # A heading over a run of constants.
                title = escape(comment_text(lines[i : j + 1]))
                out[i] = "/** \\name %s */ /** @{ */" % title
                for m in range(i + 1, j + 1):
                    out[m] = ""
                before[block[-1] + 1] += "/** @} */ "
            else:
                # One comment for several functions: each gets it.
                out[i] = "/**" + out[i][2:]
                first = declared_name(lines[decls[0]])
                for d in decls[1:]:
                    before[d] += "/** \\copydoc %s */ " % first
            i = j + 1
            continue
        at = trailing_comment_start(line)
        if at >= 0:
            out[i] = out[i][:at] + "/**<" + out[i][at + 2 :]
        i += 1
    return "\n".join(b + line for b, line in zip(before, out))


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        sys.stdout.write(filter_header(f.read()))


if __name__ == "__main__":
    main()
