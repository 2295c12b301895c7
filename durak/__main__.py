"""``python -m durak``: see :mod:`durak.cli`."""

from durak.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
