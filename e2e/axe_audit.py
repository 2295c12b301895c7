"""axe-core in the page under test, without touching the page's Content-Security-Policy.

axe-core is vendored from npm (``package.json`` devDependencies, ``npm ci``); it is
never part of the built site.  Its source is evaluated in the page through the
DevTools protocol (``page.evaluate``), which the page's CSP does not govern: the
production CSP (``script-src 'self' ...``, no inline scripts) stays as it is, and
no test-only context with ``bypass_csp`` is needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page

AXE_JS = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"

#: The impacts that fail the audit: any serious or critical violation.
FAILING = ("serious", "critical")

#: The two screens audited: a 1280×800 desktop and a 375×667 phone.
SIZES = {"desktop": (1280, 800), "phone": (375, 667)}


@dataclass(frozen=True)
class Violation:
    """One axe rule broken somewhere on one screen."""

    screen: str
    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]

    def __str__(self) -> str:
        where = ", ".join(self.targets[:4]) + (" …" if len(self.targets) > 4 else "")
        return f"[{self.impact}] {self.screen}: {self.rule} — {self.help} ({where})"


RUN_JS = """async () => {
  const result = await window.axe.run(document, {resultTypes: ['violations', 'incomplete']});
  const rows = v => ({
    rule: v.id, impact: v.impact || 'minor', help: v.help,
    targets: v.nodes.map(n => n.target.join(' ')),
  });
  return [result.violations.map(rows), result.incomplete.map(rows)];
}"""

#: Checks axe could not decide (e.g. contrast over a gradient), per screen, for the report.
undecided: list[Violation] = []


def inject_axe(page: Page) -> None:
    """Load axe-core into ``page`` (once per document)."""
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    if not AXE_JS.is_file():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `npm ci` (axe-core is a devDependency)")
    source = AXE_JS.read_text(encoding="utf-8")
    page.evaluate(source)


def audit(page: Page, screen: str) -> list[Violation]:
    """Every axe violation of the page as it is now, named ``screen``."""
    inject_axe(page)
    found, unsure = page.evaluate(RUN_JS)
    undecided.extend(
        Violation(screen, str(v["rule"]), "incomplete", str(v["help"]),
                  tuple(str(x) for x in v["targets"]))
        for v in unsure
    )
    return [
        Violation(screen, str(v["rule"]), str(v["impact"]), str(v["help"]),
                  tuple(str(x) for x in v["targets"]))
        for v in found
    ]


def failing(violations: list[Violation]) -> list[Violation]:
    return [v for v in violations if v.impact in FAILING]


def audit_at_sizes(page: Page, name: str, sizes: dict[str, tuple[int, int]],
                   shots: str | None = None) -> None:
    """The audit at each of ``sizes`` (no serious or critical violation), with a
    screenshot ``<name>-<size>.png`` there into the folder ``shots`` names, if any."""
    for screen, (w, h) in sizes.items():
        page.set_viewport_size({"width": w, "height": h})
        bad = failing(audit(page, f"{name}-{screen}"))
        assert not bad, "\n".join(map(str, bad))
        if shots:
            page.screenshot(path=str(Path(shots) / f"{name}-{screen}.png"), full_page=True)
