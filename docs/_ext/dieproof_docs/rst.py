"""reStructuredText helpers: escaping specification text and building the few block
structures the generated pages use.

Text that comes from the specification or the code is always escaped on its way in, so
a stray ``*`` or a line starting with ``..`` in a statement can never break the ``-W``
build or turn into markup.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence

__all__ = [
    "admonition",
    "bullets",
    "code_block",
    "details",
    "esc",
    "field_list",
    "heading",
    "indent",
    "inline",
    "list_table",
    "lit",
    "prose",
    "ref",
    "seconds",
    "slug",
]

_INLINE = re.compile(r"([\\`*_|\[\]<>])")
_BLOCK_START = re.compile(r"^(?:[-+#]|\d+[.)]|\.\.)(?:\s|$)")
_ITEM = re.compile(r"^(?:[-*•]|\d+[.)])\s+")


def esc(text: str) -> str:
    """``text`` as literal reStructuredText inline content (markup characters escaped)."""
    return _INLINE.sub(r"\\\1", text)


def inline(text: str) -> str:
    """``text`` on one line (runs of whitespace, newlines included, become one space),
    escaped: for table cells, titles and other places a line break would end. A leading
    ``..``, ``-`` or ``1.`` is escaped too, so it cannot open a comment or a list."""
    text = esc(" ".join(text.split()))
    return "\\" + text if _BLOCK_START.match(text) else text


def lit(text: str) -> str:
    """An inline literal of ``text`` on one line."""
    text = " ".join(text.split())
    return f"``{text}``" if "`" not in text else esc(text)


def ref(target: str, title: str | None = None) -> str:
    """A ``:ref:`` to a label (rule, ambiguity and invariant ids are labels)."""
    return f":ref:`{esc(title or target)} <{target}>`"


def slug(text: str) -> str:
    """A lowercase file-name and anchor friendly form of ``text``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def prose(text: str) -> list[str]:
    """Specification prose as paragraphs: wrapped lines joined, list items kept apart.

    A line that starts with ``-``, ``*``, ``•`` or ``1.`` starts a bullet; a number is
    kept as text, so the rulebook's numbering survives whatever number a list starts at.
    """
    lines: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        current: list[str] = []
        items: list[tuple[str, list[str]]] = []
        for raw in paragraph.splitlines():
            line = raw.strip()
            marker = _ITEM.match(line)
            if marker is not None:
                number = marker.group(0).strip()
                # "1." inside a bullet would open a nested list: escape its dot.
                kept = number[:-1] + "\\" + number[-1] + " " if number[0].isdigit() else ""
                items.append((kept, [line[marker.end() :]]))
            elif items:
                items[-1][1].append(line)
            else:
                current.append(line)
        if current:
            joined = esc(" ".join(current))
            lines += ["\\" + joined if _BLOCK_START.match(joined) else joined, ""]
        lines += [f"- {kept}{esc(' '.join(words))}" for kept, words in items]
        if items:
            lines.append("")
    return lines


def heading(text: str, char: str) -> list[str]:
    """A section title (already escaped) with its underline."""
    return [text, char * len(text), ""]


def field_list(fields: Iterable[tuple[str, str]]) -> list[str]:
    """``:name: value`` lines; an empty value is left out."""
    return [f":{name}: {value}" for name, value in fields if value] + [""]


def list_table(
    headers: Sequence[str],
    rows: Iterable[Sequence[Sequence[str] | str]],
    *,
    widths: str = "",
    classes: str = "",
) -> list[str]:
    """A ``list-table``; a cell is one line or a list of lines of reStructuredText."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    if classes:
        lines.append(f"   :class: {classes}")
    lines.append("")
    for row in [list(headers), *rows]:
        for index, cell in enumerate(row):
            cell_lines = [cell] if isinstance(cell, str) else list(cell) or [""]
            marker = "   * - " if index == 0 else "     - "
            lines.append((marker + cell_lines[0]).rstrip())
            lines += [("       " + c).rstrip() for c in cell_lines[1:]]
    return [*lines, ""]


def code_block(text: str, language: str = "text") -> list[str]:
    """A literal block, shown as is."""
    body = textwrap.indent(text.rstrip("\n"), "   ")
    return [f".. code-block:: {language}", "", *body.splitlines(), ""]


def indent(lines: Iterable[str], by: str = "   ") -> list[str]:
    """``lines`` indented (blank lines stay blank), for a directive's body."""
    return [(by + line).rstrip() for line in lines]


def admonition(kind: str, body: Sequence[str], *, title: str = "", classes: str = "") -> list[str]:
    """An admonition such as ``.. attention::`` (content, not a Sphinx build warning);
    ``kind="admonition"`` takes a ``title``."""
    head = f".. {kind}:: {title}".rstrip()
    options = [f"   :class: {classes}"] if classes else []
    return [head, *options, "", *indent(body), ""]


def details(summary: str, body: Sequence[str]) -> list[str]:
    """``body`` folded away under a one-line ``summary`` (plain text) in HTML; other
    builders show it as is."""
    shown = summary.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return [
        ".. raw:: html",
        "",
        f'   <details class="dieproof-details"><summary>{shown}</summary>',
        "",
        *body,
        ".. raw:: html",
        "",
        "   </details>",
        "",
    ]


def bullets(items: Iterable[str]) -> list[str]:
    """A bullet list of already escaped items."""
    return [*(f"- {item}" for item in items), ""]


def seconds(value: float) -> str:
    """A duration for people: milliseconds below a second."""
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"
