"""diagnostics.memory_breakdown's reading of ``/proc/PID/smaps`` (where the
renderer's memory goes): each interpreter's WebAssembly memory, compiled code, and
the rest, by the mappings' private (``Anonymous``) sizes."""

from __future__ import annotations

from diagnostics.memory_breakdown import breakdown, parse_smaps

KB = 1024
# Four mappings: a WebAssembly memory (37.7 MB, at a 4 GiB boundary, 22 MB of it
# private), compiled code (executable), a JavaScript heap page, and a large
# read-write mapping that does not start on a 4 GiB boundary (not a memory).
SMAPS = """\
149a00000000-149a023f0000 rw-p 00000000 00:00 0
Size:              36800 kB
Rss:               22528 kB
Anonymous:         22528 kB
2db58f741000-2db590281000 rwxp 00000000 00:00 0
Size:              11520 kB
Anonymous:          1600 kB
39640f804000-396410484000 rw-p 00000000 00:00 0
Anonymous:         12800 kB
555885028000-555885c0a000 r--p 0af2d000 08:01 123 /usr/lib/chromium/chromium
Anonymous:         11900 kB
VmFlags: rd mr mw me ac sd
"""


def test_smaps_headers_and_private_sizes_are_read() -> None:
    maps = parse_smaps(SMAPS)
    assert [(m.start, m.perms, m.anonymous) for m in maps] == [
        (0x149A00000000, "rw-p", 22528 * KB),
        (0x2DB58F741000, "rwxp", 1600 * KB),
        (0x39640F804000, "rw-p", 12800 * KB),
        (0x555885028000, "r--p", 11900 * KB),
    ]
    assert maps[3].path == "/usr/lib/chromium/chromium"
    assert maps[0].size == 0x23F0000


def test_a_webassembly_memory_is_a_large_read_write_mapping_at_a_4_gib_boundary() -> None:
    """Only the first mapping is a memory: the 12.8 MB one is large and read-write
    too, but starts elsewhere; everything private is counted once."""
    got = breakdown(parse_smaps(SMAPS))
    assert got.wasm == [22528 * KB]
    assert got.executable == 1600 * KB
    assert got.other == (12800 + 11900) * KB
    assert got.private == (22528 + 1600 + 12800 + 11900) * KB
    assert got.largest == [12800 * KB, 11900 * KB]


def test_no_text_no_mappings() -> None:
    assert parse_smaps("") == []
    assert breakdown([]).private == 0
