"""``python -m napoleon``: see :mod:`napoleon.cli`."""

from napoleon.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
