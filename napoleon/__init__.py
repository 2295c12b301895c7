"""Napoleon (ナポレオン), the Japanese trick-taking card game: engine and AI.

Pure Python with no runtime dependencies; the browser adapter lives in
:mod:`napoleon.ui_dom` and is the only module that touches the DOM.
"""

__version__ = "0.1.0"
