"""The page's entry point: PyScript runs this file once Python is ready."""

from napoleon.ui_dom.app import main

main()
