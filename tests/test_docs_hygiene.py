"""The repository's text says what *is*: citations resolve inside it, and no journal.

Two promises a newcomer who clones the repository relies on:

- every rule-book citation in the code (``docs/rules/durak.md §3.6``,
  ``docs/rules/napoleon.md §4``, ``docs/rules/durak.md §9 case 32``,
  ``docs/rules/durak.md#heap``) names a section the rule books in ``docs/rules/``
  have, and nothing cites the working copies outside the repository;
- the history of the work stays in the commit messages: code, tests, scripts and
  docs name no issue or stop numbers, and the docs hold no dated narrative
  (``docs/benchmarks.md``'s dated table is the one place for dates).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
#: The folders whose files may cite the rule books or carry history.
CODE_DIRS = (
    "napoleon", "durak", "cardkit", "lab", "web", "scripts", "bench", "tests", "e2e", "diagnostics",
)
CODE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".toml", ".css"}
#: Docs read by people: every Markdown file of the repository but the figures' table.
DATED_TABLE = ROOT / "docs" / "benchmarks.md"

CITATION = re.compile(
    r"docs/rules/(?P<book>napoleon|durak)\.md"
    r"(?:\s*§\s*(?P<section>\d+(?:\.\d+)*)(?:\s*,?\s*case\s+(?P<case>\d+))?|#(?P<anchor>[a-z0-9_-]+))?"
)
#: A citation of a rule book or a source document outside the repository.
OUTSIDE = re.compile(
    r"(?<!docs/rules/)\b(?:RULES|DURAK)\.md\b|shared/(?:spec|seeds)"
    r"|\bseeds?/\d{3}\b|\bseed 00[0-4]\b"
)
ISSUE_NUMBER = re.compile(r"\b(?:issue|stop)s? #?[0-9]+\b", re.IGNORECASE)
#: What makes a paragraph of the docs a journal entry.
JOURNAL = re.compile(
    r"\b20[2-9]\d-\d\d-\d\d\b"  # a date of the work (a source's own date, 2013, is a title)
    r"|\b(?:issue|stop)s? #?\d+\b"  # the tracker's numbers
    r"|\bload (?:about )?\d"  # the machine's load during a measurement
    r"|\bsessions?\b"  # whose work it was
    r"|\bhelper (?:session|h\d+)|\bthe lead\b"
    r"|\b(?:at|main at|commit) [0-9a-f]{7,40}\b",  # a commit
    re.IGNORECASE,
)
HEADING = re.compile(r"^(#+)\s+(.*?)\s*$")
NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.?(?:\s|$)")


def _code_files() -> Iterator[Path]:
    for folder in CODE_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in CODE_SUFFIXES and path.is_file() and "node_modules" not in path.parts:
                yield path


def _doc_files() -> Iterator[Path]:
    for path in sorted(ROOT.rglob("*.md")):
        parts = set(path.relative_to(ROOT).parts)
        if parts & {"node_modules", "site", "build", ".git", ".pytest_cache"}:
            continue
        yield path


def _slug(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return text.replace(" ", "-")


def _book(book: str) -> tuple[set[str], set[str], set[str]]:
    """A rule book's section numbers, heading anchors and the case numbers of its §9."""
    sections: set[str] = set()
    anchors: set[str] = set()
    cases: set[str] = set()
    in_cases = False
    for line in (RULES / f"{book}.md").read_text("utf-8").splitlines():
        anchors.update(re.findall(r'<a id="([a-z0-9_-]+)"></a>', line))
        heading = HEADING.match(line)
        if heading:
            title = re.sub(r"<a id=[^>]*></a>", "", heading.group(2)).strip()
            anchors.add(_slug(title))
            number = NUMBERED.match(title)
            if number:
                sections.add(number.group(1))
                in_cases = number.group(1) == "9" or number.group(1).startswith("9.")
            elif len(heading.group(1)) <= 2:
                in_cases = False
        if in_cases:
            cases.update(re.findall(r"\b[Cc]ase (\d+)\b", line))
    return sections, anchors, cases


def test_both_rule_books_are_in_the_repository() -> None:
    for book in ("napoleon", "durak"):
        sections, _, _ = _book(book)
        assert {"1", "2", "3", "4", "5", "6", "7"} <= sections, f"docs/rules/{book}.md: sections?"


def test_every_rule_book_citation_names_a_section_the_book_has() -> None:
    books = {book: _book(book) for book in ("napoleon", "durak")}
    missing: list[str] = []
    files = [*_code_files(), *_doc_files()]
    for path in files:
        for match in CITATION.finditer(path.read_text("utf-8", errors="replace")):
            sections, anchors, cases = books[match["book"]]
            where = f"{path.relative_to(ROOT)}: {match.group(0)}"
            known = (
                (not match["section"] or match["section"] in sections)
                and (not match["case"] or match["case"] in cases)
                and (not match["anchor"] or match["anchor"] in anchors)
            )
            if not known:
                missing.append(where)
    assert not missing, "citations of sections the rule books lack:\n" + "\n".join(missing)


def test_nothing_cites_the_working_copies_outside_the_repository() -> None:
    outside = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in [*_code_files(), *_doc_files()]
        if path != Path(__file__).resolve()
        for n, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not outside, "cite docs/rules/ instead:\n" + "\n".join(outside[:40])


def test_code_and_tests_name_no_issue_or_stop_numbers() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _code_files()
        if path != Path(__file__).resolve()
        for n, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1)
        if ISSUE_NUMBER.search(line)
    ]
    assert not hits, "say why the code is so, not which issue asked:\n" + "\n".join(hits[:40])


@pytest.mark.parametrize("doc", [p.relative_to(ROOT).as_posix() for p in _doc_files()])
def test_docs_hold_no_journal(doc: str) -> None:
    path = ROOT / doc
    if path == DATED_TABLE:
        pytest.skip("the figures' table is the one dated place")
    paragraphs = re.split(r"\n\s*\n", path.read_text("utf-8"))
    journal = [p.strip()[:160] for p in paragraphs if JOURNAL.search(p)]
    assert not journal, f"{doc}: paragraphs of the work's history:\n" + "\n---\n".join(journal)


@pytest.mark.parametrize(
    ("doc", "most"),
    [("README.md", 250), ("napoleon/README.md", 300), ("durak/README.md", 300),
     ("durak/pile/README.md", 300), ("durak/suit_deal/README.md", 300),
     ("ARCHITECTURE.md", 300), ("cardkit/README.md", 300), ("cardkit/table_net/README.md", 300),
     ("durak/family/README.md", 300), ("web/README.md", 300)],
)
def test_the_readmes_stay_short_enough_to_read(doc: str, most: int) -> None:
    """The README is for a player and a newcomer; the package READMEs are API guides;
    ARCHITECTURE.md is the map. Figures go to docs/benchmarks.md, rules to docs/rules/,
    a part's detail to the README of the package it describes."""
    lines = len((ROOT / doc).read_text("utf-8").splitlines())
    assert lines <= most, f"{doc}: {lines} lines, at most {most}"


def test_the_readme_says_what_its_shorthand_means() -> None:
    """A newcomer reads the README once, top to bottom: "SdC" is said to be the
    JavaScript Napoleon page this project is modelled on where it first appears, and
    Play with friends' cost to a visit that never opens it is said in words, not as
    "Unopened: 0 bytes"."""
    text = (ROOT / "README.md").read_text("utf-8")
    first = next(p for p in re.split(r"\n\s*\n", text) if "SdC" in p)
    assert "JavaScript" in first and "modelled on" in first, first
    friends = next(p for p in re.split(r"\n\s*\n", text) if "**Play with friends**" in p)
    assert "Unopened" not in friends and "downloads nothing" in friends, friends


def test_the_readme_says_how_a_pass_and_play_table_is_set_up() -> None:
    """A newcomer learns from the README that pass-and-play's setup chooses the number
    of players and which seats are computers, and that a privacy screen stands between
    two people's turns."""
    text = (ROOT / "README.md").read_text("utf-8")
    para = next(" ".join(p.split()) for p in re.split(r"\n\s*\n", text)
                if "**Pass and play**" in " ".join(p.split()))
    assert "number of players" in para and "computers" in para, para
    assert "privacy screen" in para, para


#: A repository path in a doc: a folder, a name, one of the sources' suffixes.
REPO_PATH = re.compile(r"`((?:[a-z_]+/)+[a-z_]+\.(?:py|md|mjs|js|toml|css|html))`")


@pytest.mark.parametrize(
    "doc", ["ARCHITECTURE.md", "cardkit/README.md", "cardkit/table_net/README.md",
            "durak/family/README.md", "web/README.md"],
)
def test_the_maps_name_files_that_exist(doc: str) -> None:
    """A newcomer follows the map's paths: each names a file of the repository
    (``mygame/`` is the example game of "How to add a game"; ``pyscript/`` a file of
    the built site)."""
    text = (ROOT / doc).read_text("utf-8")
    missing = sorted({m for m in REPO_PATH.findall(text)
                      if not m.startswith(("mygame/", "pyscript/")) and not (ROOT / m).exists()})
    assert not missing, f"{doc} names files that are not there: {missing}"
