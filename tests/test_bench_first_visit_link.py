"""The link benchmark's byte count: the bytes received before the human's
first decision, from the page's network events, by their time."""

from __future__ import annotations

from bench.first_visit_link import NetLog


def log_of(events: list[tuple[str, dict[str, object]]]) -> NetLog:
    log = NetLog()
    handlers = {"sent": log._sent, "data": log._data, "done": log._finished}
    for kind, event in events:
        handlers[kind](event)
    return log


def test_a_finished_response_counts_whole_and_a_running_one_what_had_come() -> None:
    """A response finished before the mark counts its encoded bytes (headers
    included); a download still running at the mark (the snapshot) counts its
    chunks that had come; nothing after the mark counts."""
    log = log_of([
        ("sent", {"wallTime": 1000.0, "timestamp": 10.0}),
        ("data", {"requestId": "a", "timestamp": 10.5, "encodedDataLength": 400}),
        ("done", {"requestId": "a", "timestamp": 10.6, "encodedDataLength": 450}),
        ("data", {"requestId": "b", "timestamp": 11.0, "encodedDataLength": 1000}),
        ("data", {"requestId": "b", "timestamp": 13.0, "encodedDataLength": 1000}),
        ("done", {"requestId": "b", "timestamp": 13.1, "encodedDataLength": 2050}),
        ("data", {"requestId": "c", "timestamp": 12.5, "encodedDataLength": 7}),
    ])
    # The mark at wall time 1002 s is CDP's monotonic 12 s.
    assert log.bytes_until(1002.0) == 450 + 1000
    assert log.bytes_until(1004.0) == 450 + 2050 + 7


def test_no_request_seen_means_no_bytes() -> None:
    assert NetLog().bytes_until(1e9) == 0
