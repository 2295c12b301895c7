"""A small internet in Linux network namespaces, for the browser test of friends whose
devices can only meet through a TURN server (``e2e/test_friends_netns.py``).

Five namespaces, named from the test process's id (two checkouts' runs never share
one), each with its own addresses; every server listens on a port chosen at run time
(the system's choice inside the public namespace)::

    home-a (Chromium)                                   home-b (Chromium)
      192.168.1.2 -- router-a 203.0.113.2 ==\\   //== 203.0.113.6 router-b -- 192.168.2.2
                     192.168.1.1            public           192.168.2.1
                                     198.51.100.10: the site (http), the Nostr
                                     relay (ws), coturn (TURN), coturn (STUN),
                                     DNS for the STUN names

* each router NATs every flow from its home to a port of its own choosing
  (nftables ``masquerade random``: a new port for each destination, as mobile
  networks do, so a STUN server's answer is no address a friend can reach) and drops
  what comes from outside unasked, as home routers do;
* ``public`` forwards between the routers (the internet) and runs the servers; what
  it would send anywhere else (a friend's private address, from a candidate) leaves
  by a link where nothing answers and vanishes, as on the internet (with no route at
  all, coturn's send to it failed at once and coturn ended that allocation);
* a home's Chromium is started through a wrapper, ``ip netns exec <home>
  /usr/bin/chromium``; Playwright speaks to it over a pipe, which crosses namespaces;
* the public STUN servers' names Trystero asks (Google's and Cloudflare's) are
  answered with the public namespace's address by a small DNS server there
  (``e2e/stun_dns.py``; each home's ``/etc/netns/<home>/resolv.conf`` names it), and a
  coturn, STUN only, answers on the ports those servers answer on: the ports the pages
  ask are fixed by the resolver (53) and by Trystero's list of STUN servers (19302,
  3478), so the public namespace's nftables rewrites them to the ports its servers
  took (``dnat``, :data:`PUBLIC_RULES`): the pages gather the same kinds of candidates
  as on the internet (host, server-reflexive, and relayed with a TURN server set) and
  nothing leaves the machine. (Chromium resolves STUN names by DNS, not from
  ``/etc/hosts``; a ``--host-resolver-rules`` mapping of them to an address did not
  reach its STUN lookups either, while its ``~NOTFOUND`` did. Leaving them unresolved
  would leave the pages with host candidates only, and any NAT at all would stop them:
  the test would not be of a symmetric one.)
* the site is plain http from a namespace address, which is no secure context (the
  room's encryption needs ``crypto.subtle``): the browsers are told to treat that
  one origin as secure.

Everything is torn down when the block ends, the test failed or not.  It needs root
(``ip netns``), nftables (``nft``) and coturn (``turnserver``; ``make deps`` installs
both); :func:`unavailable` says what is missing, for the test's skip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from e2e.relay import RELAY_SCRIPT
from e2e.turn_server import CREDENTIAL, USER, turnserver
from scripts.build_site import copy_with_relays
from scripts.chromium import CHROMIUM
from scripts.friends_net import relays
from scripts.offline import write_service_worker

#: The public namespace's server address.
SERVER = "198.51.100.10"
#: The ports the pages ask that no server here takes: DNS's, and those of the public
#: STUN servers Trystero asks (Google's, Cloudflare's); rewritten to the servers' own.
DNS_ASKED, STUN_ASKED = 53, (19302, 3478)
#: The names Trystero's default STUN servers go by, answered with :data:`SERVER`.
STUN_NAMES = ("stun.l.google.com", "stun1.l.google.com", "stun2.l.google.com",
              "stun.cloudflare.com")
#: Where ``ip netns exec`` finds a namespace's own files for /etc.
NETNS_ETC = Path("/etc/netns")
#: How many relayed ports the TURN server has: Trystero opens about twenty connections
#: a page.
RELAY_RANGE_SIZE = 1000
#: The public namespace's way to the rest of the internet (a /30 of it).
WORLD = "100.64.0"
#: A router's outside address and its home's subnet, for each home.
HOMES = {"a": ("203.0.113.2", "203.0.113.1", "192.168.1"),
         "b": ("203.0.113.6", "203.0.113.5", "192.168.2")}

#: A router: masquerade with a new port for each flow, nothing unasked let in.
ROUTER_RULES = """
table ip nat {
  chain post { type nat hook postrouting priority srcnat; oifname "out" masquerade random; }
}
table ip filter {
  chain forward {
    type filter hook forward priority filter; policy drop;
    ct state established,related accept
    iifname "in" oifname "out" accept
  }
  chain input {
    type filter hook input priority filter; policy accept;
    iifname "out" ct state != established,related drop
  }
}
"""

#: The public namespace: what the pages send to a port asked of the STUN names or to
#: DNS goes to the port its server took.
PUBLIC_RULES = """
table ip nat {{
  chain pre {{
    type nat hook prerouting priority dstnat;
    ip daddr {server} udp dport {{ {stun_asked} }} dnat to {server}:{stun}
    ip daddr {server} udp dport {dns_asked} dnat to {server}:{dns}
  }}
}}
"""


class NetnsError(RuntimeError):
    """A command setting up the namespaces failed (its words in the message)."""


def run(*args: str) -> None:
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise NetnsError(f"{' '.join(args)}: {done.stderr.strip()}")


def unavailable() -> str | None:
    """Why this machine cannot build the namespaces (the test skips with it), or None."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    for program, package in (("ip", "iproute2"), ("nft", "nftables"),
                             ("turnserver", "coturn")):
        if shutil.which(program) is None:
            return f"no {program}: `make deps` installs {package}"
    name = f"cards-probe-{os.getpid()}"
    try:
        run("ip", "netns", "add", name)
        run("ip", "netns", "exec", name, "nft", "add", "table", "ip", "probe")
    except NetnsError as err:
        return f"network namespaces or nftables refused here ({err})"
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True, check=False)
    return None


@dataclass(frozen=True)
class Internet:
    """The running namespaces: the served site, its relay, the TURN server, and the
    Chromium wrapper of each home."""

    site: str
    relay: str
    turn: str
    chromium: dict[str, Path]

    user: str = USER
    credential: str = CREDENTIAL

    @property
    def origin(self) -> str:
        return self.site.split("/napoleon/", 1)[0]

    def chromium_args(self) -> list[str]:
        """The home Chromium's own switch: the plain-http site is a secure context.
        (No resolver rules: they would hold the STUN names too. A home reaches
        nothing but the namespaces, and its DNS knows the STUN names only.)"""
        return [f"--unsafely-treat-insecure-origin-as-secure={self.origin}"]


def site_with_relay(site: Path, dest: Path, relay: str) -> Path:
    """A copy of the built ``site`` in ``dest`` whose policy allows ``relay`` and none
    of the public relays (unreachable here: the pages would only retry them)."""
    copy_with_relays(site, dest, (relay,))
    index = dest / "index.html"  # (a file of its own in the copy, not a link)
    html = index.read_text("utf-8")
    for public in relays():
        html = html.replace(f" {public}", "")
    index.write_text(html, "utf-8")
    write_service_worker(dest)
    return dest


def _nft(namespace: str, rules: str) -> None:
    done = subprocess.run(["ip", "netns", "exec", namespace, "nft", "-f", "-"],
                          input=rules, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise NetnsError(f"nft in {namespace}: {done.stderr.strip()}")


def _namespaces(tag: str) -> dict[str, str]:
    return {role: f"cards{tag}-{role}"
            for role in ("public", "router-a", "router-b", "home-a", "home-b")}


def _link(ns: dict[str, str]) -> None:
    """The links, addresses, routes and routers' rules."""
    public = ns["public"]
    run("ip", "-n", public, "link", "set", "lo", "up")
    run("ip", "-n", public, "addr", "add", f"{SERVER}/32", "dev", "lo")
    # The rest of the internet: what goes anywhere else (a friend's private address
    # in a candidate) leaves by a link where nothing answers and vanishes, as on the
    # internet. With no route at all, the TURN server's send to it would fail at once,
    # and coturn ends the allocation it came from.
    run("ip", "-n", public, "link", "add", "world", "type", "veth", "peer", "name", "void")
    run("ip", "-n", public, "addr", "add", f"{WORLD}.1/30", "dev", "world")
    for dev in ("world", "void"):
        run("ip", "-n", public, "link", "set", dev, "up")
    run("ip", "-n", public, "neigh", "add", f"{WORLD}.2", "lladdr", "02:00:00:00:00:01",
        "dev", "world", "nud", "permanent")
    run("ip", "-n", public, "route", "add", "default", "via", f"{WORLD}.2")
    run("ip", "netns", "exec", public, "sysctl", "-qw", "net.ipv4.ip_forward=1")
    for home, (outside, gateway, subnet) in HOMES.items():
        router, inside = ns[f"router-{home}"], ns[f"home-{home}"]
        run("ip", "-n", router, "link", "add", "out", "type", "veth", "peer", "name",
            f"to-{home}", "netns", public)
        run("ip", "-n", router, "link", "add", "in", "type", "veth", "peer", "name", "eth0",
            "netns", inside)
        run("ip", "-n", public, "addr", "add", f"{gateway}/30", "dev", f"to-{home}")
        run("ip", "-n", public, "link", "set", f"to-{home}", "up")
        run("ip", "-n", router, "addr", "add", f"{outside}/30", "dev", "out")
        run("ip", "-n", router, "addr", "add", f"{subnet}.1/24", "dev", "in")
        for dev in ("lo", "out", "in"):
            run("ip", "-n", router, "link", "set", dev, "up")
        run("ip", "-n", router, "route", "add", "default", "via", gateway)
        run("ip", "netns", "exec", router, "sysctl", "-qw", "net.ipv4.ip_forward=1")
        _nft(router, ROUTER_RULES)
        run("ip", "-n", inside, "addr", "add", f"{subnet}.2/24", "dev", "eth0")
        for dev in ("lo", "eth0"):
            run("ip", "-n", inside, "link", "set", dev, "up")
        run("ip", "-n", inside, "route", "add", "default", "via", f"{subnet}.1")


def _until_listening(proc: subprocess.Popen[str], public: str, port: int, what: str) -> None:
    """Wait (polling, at most 20 s) until ``port`` of the server accepts TCP in
    ``public``; the server's death or the limit fails with its name."""
    probe = ("import socket,sys; s=socket.socket(); s.settimeout(1);"
             f"sys.exit(s.connect_ex(({SERVER!r}, {port})))")
    deadline = time.monotonic() + 20
    while subprocess.run(["ip", "netns", "exec", public, "python3", "-c", probe],
                         capture_output=True, check=False).returncode != 0:
        if proc.poll() is not None or time.monotonic() > deadline:
            raise NetnsError(f"{what} did not start in {public}")
        time.sleep(0.1)


def _serve(stack: ExitStack, public: str, args: list[str], port: int | None, what: str,
           env: dict[str, str] | None = None) -> str:
    """Start a server in ``public``, stopped when ``stack`` closes; wait until its TCP
    ``port`` accepts (its line: ``""``), or (``None``) until it prints a line, which is
    returned (a server told port 0 names the one it took there)."""
    proc = subprocess.Popen(["ip", "netns", "exec", public, *args], text=True,
                            stdout=subprocess.PIPE if port is None else subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env={**os.environ, **(env or {})})

    def stop() -> None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    stack.callback(stop)
    if port is not None:
        _until_listening(proc, public, port, what)
        return ""
    line = proc.stdout.readline() if proc.stdout is not None else ""
    if not line.strip():
        raise NetnsError(f"{what} did not start in {public}")
    return line.strip()


def _last_port(line: str, what: str) -> int:
    """The port a server's first line names (``listening`` and the number, or its URL's)."""
    found = re.search(r":(\d+)/|\s(\d+)$", line)
    if found is None:
        raise NetnsError(f"{what} named no port: {line!r}")
    return int(found.group(1) or found.group(2))


@contextmanager
def internet(built: Path, dest: Path) -> Iterator[Internet]:
    """The namespaces, links, NAT rules and servers, serving a copy in ``dest`` of the
    built site at ``built`` whose policy allows the namespace's relay
    (:func:`site_with_relay`); torn down when the block ends."""
    ns = _namespaces(str(os.getpid()))
    program = turnserver()
    assert program is not None
    # The folder of the servers' logs outlives the servers: coturn writes its log
    # again as it stops, so a folder removed before the stack stops it may not be empty.
    with tempfile.TemporaryDirectory(prefix="cards-netns-") as tmp, ExitStack() as stack:
        for name in ns.values():
            run("ip", "netns", "add", name)
            stack.callback(subprocess.run, ["ip", "netns", "del", name], capture_output=True,
                           check=False)
        _link(ns)
        public, repo = ns["public"], Path(__file__).resolve().parent.parent
        pythonpath = {"PYTHONPATH": str(repo)}
        for home in HOMES:  # (ip netns exec mounts these over /etc/resolv.conf)
            etc = NETNS_ETC / ns[f"home-{home}"]
            etc.mkdir(parents=True, exist_ok=True)
            stack.callback(shutil.rmtree, etc, ignore_errors=True)
            (etc / "resolv.conf").write_text(f"nameserver {SERVER}\n")
        probe = subprocess.run(["ip", "netns", "exec", public, "python3", "-m",
                                "e2e.turn_server", SERVER, "2", str(RELAY_RANGE_SIZE)],
                               capture_output=True, text=True, check=False,
                               env={**os.environ, **pythonpath})
        if probe.returncode != 0:
            raise NetnsError(f"no free ports in {public}: {probe.stderr.strip()}")
        turn_port, stun_port, low = (int(p) for p in probe.stdout.split())
        dns = _serve(stack, public, ["python3", "-m", "e2e.stun_dns", SERVER, "0",
                                     *STUN_NAMES], None, "the DNS server", env=pythonpath)
        _nft(public, PUBLIC_RULES.format(
            server=SERVER, stun=stun_port, dns=_last_port(dns, "the DNS server"),
            stun_asked=", ".join(map(str, STUN_ASKED)), dns_asked=DNS_ASKED))
        said = _serve(stack, public, ["node", str(RELAY_SCRIPT), "0"], None,
                      "the Nostr relay", env={"RELAY_HOST": SERVER})
        relay = f"ws://{SERVER}:{_last_port(said, 'the Nostr relay')}"
        site_with_relay(built, dest, relay)
        said = _serve(stack, public, ["python3", "-m", "scripts.serve", "--host", SERVER,
                                      "--port", "0", "--site", str(dest)],
                      None, "the site's server", env=pythonpath)
        site = f"http://{SERVER}:{_last_port(said, 'the site server')}/napoleon/"
        quiet = ["-n", f"--listening-ip={SERVER}", "--no-tls", "--no-dtls", "--no-cli",
                 "--no-stdout-log"]
        _serve(stack, public,
               [program, *quiet, f"--relay-ip={SERVER}", f"--listening-port={turn_port}",
                f"--min-port={low}", f"--max-port={low + RELAY_RANGE_SIZE - 1}", "--lt-cred-mech",
                "--realm=cards.test", f"--user={USER}:{CREDENTIAL}",
                f"--log-file={Path(tmp) / 'turn.log'}", f"--pidfile={Path(tmp) / 'turn.pid'}",
                f"--userdb={Path(tmp) / 'turndb'}"],
               turn_port, "coturn")
        _serve(stack, public,  # (STUN only, where the pages' STUN requests are sent)
               [program, *quiet, "--stun-only", f"--listening-port={stun_port}",
                f"--log-file={Path(tmp) / 'stun.log'}", f"--pidfile={Path(tmp) / 'stun.pid'}",
                f"--userdb={Path(tmp) / 'stundb'}"],
               stun_port, "coturn (STUN)")
        wrappers = {}
        for home in HOMES:
            wrapper = Path(tmp) / f"chromium-{home}"
            wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {ns[f"home-{home}"]} '
                               f'{CHROMIUM} "$@"\n')
            wrapper.chmod(0o755)
            wrappers[home] = wrapper
        yield Internet(site=site, relay=relay, turn=f"turn:{SERVER}:{turn_port}",
                       chromium=wrappers)
