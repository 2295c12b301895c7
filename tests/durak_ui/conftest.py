"""Fixtures the Durak page's tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from durak.ui_dom import i18n


@pytest.fixture(params=i18n.LANGUAGES)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The page's language for the test (each of the page's languages in turn), then
    the default again."""
    i18n.set_language(request.param)
    yield str(request.param)
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
