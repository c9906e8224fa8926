#!/usr/bin/env python3
"""Checks that what the code cites is in the repository.

Scans Sources/, Tests/, Conformance/, Scripts/, docs/, README.md, BENCHMARKS.md, Package.swift
and .ci/run. Fails (exit 1, one `file:line:column: problem` per line) on:
- a citation `docs/PAGE.md#anchor` (or README.md, BENCHMARKS.md, Conformance/README.md) whose
  page is missing or has no heading with that anchor (GitHub's slugs);
- a relative Markdown link in a .md file to a missing file or anchor;
- a citation of material a clone does not have: a path into ../shared or /work, a reference
  file (`uikit-motion.md`, `svg-smil.md`, `catalog.md`, …) that is not the docs/ page of that
  name, or a bare `§N` in a code comment or in a README (which page would it be?).
Run from anywhere: python3 Scripts/check_doc_references.py [--selftest]
(--selftest: run the checks on a small made-up tree and compare with the expected findings.)
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED_DIRS = ["Sources", "Tests", "Conformance", "Scripts", "docs"]
SCANNED_FILES = ["README.md", "BENCHMARKS.md", "Package.swift", ".ci/run"]
TEXT_SUFFIXES = {".swift", ".py", ".sh", ".md", ".toml"}
SKIPPED_PARTS = {".build", "__pycache__", "output", ".venv"}

# A root-relative citation: docs/PAGE.md, README.md, BENCHMARKS.md or Conformance/README.md, an
# optional #anchor, and optionally more anchors of the same page: "docs/a.md#x, #y".
CITATION = re.compile(
    r"(?<![\w/.-])((?:docs|Conformance)/[\w.-]+\.md|README\.md|BENCHMARKS\.md)(?:#([\w-]+))?"
    r"((?:,? (?:and )?#[\w-]+)*)"
)
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]*)\)")
NOT_IN_A_CLONE = [
    (re.compile(r"\.\./shared|/work/|shared/reference|(?<![\w-])reference/[\w-]+\.md"),
     "cites a file outside the repository; cite docs/PAGE.md#anchor"),
    (re.compile(r"(?<![\w/-])seeds/"), "cites the seed articles, which a clone lacks"),
]
REFERENCE_NAME = re.compile(
    r"(?<![\w/.-])(uikit-motion|svg-smil|lottie|artwork-and-raster|anchors|catalog)\.md"
)
SECTION_SIGN = re.compile(r"§\s*\d")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: link text kept, lower case, punctuation dropped, spaces to -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip())
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


_anchor_cache: dict[Path, set[str]] = {}


def anchors(page: Path) -> set[str]:
    if page not in _anchor_cache:
        found: set[str] = set()
        seen: dict[str, int] = {}
        in_fence = False
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            heading = re.match(r"#{1,6}\s+(.*)", line)
            if heading and not in_fence:
                base = slug(heading.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
            found.update(re.findall(r"<a (?:id|name)=\"([^\"]+)\"", line))
        _anchor_cache[page] = found
    return _anchor_cache[page]


def target_problem(page: Path, anchor: str | None, shown: str) -> str | None:
    if not page.exists():
        return f"{shown}: no such file"
    if anchor and page.suffix == ".md" and anchor not in anchors(page):
        return f"{shown}: {page.relative_to(ROOT)} has no heading with anchor #{anchor}"
    return None


def comment_part(path: Path, line: str) -> str:
    """The text a code line's comment holds (naively: after // or #); all of a Markdown line."""
    if path.suffix == ".md":
        return line
    marker = "//" if path.suffix == ".swift" else "#"
    at = line.find(marker)
    return line[at:] if at >= 0 else ""


def check_file(path: Path) -> list[str]:
    problems: list[str] = []
    rel = path.relative_to(ROOT)
    own_sections = rel.parts[0] == "docs" or rel.name == "BENCHMARKS.md"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        def report(column: int, what: str, number: int = number) -> None:
            problems.append(f"{rel}:{number}:{column + 1}: {what}")

        for m in CITATION.finditer(line):
            for anchor in [m.group(2), *re.findall(r"#([\w-]+)", m.group(3))]:
                problem = target_problem(ROOT / m.group(1), anchor, f"{m.group(1)}#{anchor}" if anchor else m.group(1))
                if problem:
                    report(m.start(), problem)
        if path.suffix == ".md":
            for m in MARKDOWN_LINK.finditer(line):
                target = m.group(1)
                if not target or re.match(r"[a-z]+:", target):
                    continue
                file_part, _, anchor = target.partition("#")
                page = (path.parent / file_part) if file_part else path
                problem = target_problem(page.resolve(), anchor or None, target)
                if problem:
                    report(m.start(1), problem)
        for pattern, what in NOT_IN_A_CLONE:
            for m in pattern.finditer(line):
                report(m.start(), f"{m.group(0)}: {what}")
        for m in REFERENCE_NAME.finditer(line):
            is_link_text = line.startswith("](", m.end())  # the link's target is checked above
            if not is_link_text and not (path.parent / m.group(0)).exists():
                report(m.start(), f"{m.group(0)}: not in the repository; cite docs/PAGE.md#anchor")
        comment = comment_part(path, line)
        if not own_sections and SECTION_SIGN.search(comment):
            column = len(line) - len(comment) + SECTION_SIGN.search(comment).start()
            report(column, "a bare § section: cite docs/PAGE.md#anchor")
    return problems


def scanned_files() -> list[Path]:
    files = [ROOT / name for name in SCANNED_FILES if (ROOT / name).exists()]
    for directory in SCANNED_DIRS:
        for path in sorted((ROOT / directory).rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and not SKIPPED_PARTS & set(path.parts) \
                    and path != Path(__file__).resolve():  # this file names the patterns it rejects
                files.append(path)
    return files


def problems_in_tree() -> tuple[list[Path], list[str]]:
    files = scanned_files()
    return files, [p for path in files for p in check_file(path)]


SELFTEST_TREE = {
    "docs/page.md": "# Page\n## Spring closed forms\n```\n## not a heading\n```\n## Twice\n## Twice\n"
                    "[ok](page.md#twice-1) [bad](page.md#nope) [gone](other.md)\n",
    "README.md": "See [docs](docs/page.md#spring-closed-forms) and [page.md](docs/page.md).\n",
    "BENCHMARKS.md": "Our own §2 is fine here.\n",
    "Sources/A/A.swift": "// docs/page.md#spring-closed-forms, #twice and #nope\n"
                         "let s = \"§5\" // fine: § in a string\n"
                         "/// (§1.3) uikit-motion.md ../shared/x\n"
                         "// docs/missing.md\n",
    "Conformance/x.py": "# /work/shared/reference/lottie.md\nx = 1  # seeds/000.txt\n",
}
SELFTEST_EXPECTED = [
    "Conformance/x.py:1:3: /work/: cites a file outside the repository; cite docs/PAGE.md#anchor",
    "Conformance/x.py:1:9: shared/reference: cites a file outside the repository; cite docs/PAGE.md#anchor",
    "Conformance/x.py:2:10: seeds/: cites the seed articles, which a clone lacks",
    "Sources/A/A.swift:1:4: docs/page.md#nope: docs/page.md has no heading with anchor #nope",
    "Sources/A/A.swift:3:28: ../shared: cites a file outside the repository; cite docs/PAGE.md#anchor",
    "Sources/A/A.swift:3:12: uikit-motion.md: not in the repository; cite docs/PAGE.md#anchor",
    "Sources/A/A.swift:3:6: a bare § section: cite docs/PAGE.md#anchor",
    "Sources/A/A.swift:4:4: docs/missing.md: no such file",
    "docs/page.md:8:29: page.md#nope: docs/page.md has no heading with anchor #nope",
    "docs/page.md:8:50: other.md: no such file",
]


def selftest() -> int:
    global ROOT
    saved = ROOT
    with tempfile.TemporaryDirectory() as tmp:
        ROOT = Path(tmp).resolve()
        for name, text in SELFTEST_TREE.items():
            (ROOT / name).parent.mkdir(parents=True, exist_ok=True)
            (ROOT / name).write_text(text, encoding="utf-8")
        try:
            _, found = problems_in_tree()
        finally:
            ROOT = saved
    if sorted(found) != sorted(SELFTEST_EXPECTED):
        print("check_doc_references selftest FAILED", file=sys.stderr)
        for line in sorted(set(found) ^ set(SELFTEST_EXPECTED)):
            print(("unexpected: " if line in found else "missing:    ") + line, file=sys.stderr)
        return 1
    print(f"check_doc_references selftest: {len(found)} expected findings, nothing else")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    files, problems = problems_in_tree()
    for problem in problems:
        print(problem)
    cited = sum(len(CITATION.findall(path.read_text(encoding="utf-8"))) for path in files)
    if problems:
        print(f"check_doc_references: {len(problems)} problem(s) in {len(files)} files", file=sys.stderr)
        return 1
    print(f"check_doc_references: {cited} citations in {len(files)} files, all resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
