"""Where pycute is: ``$PYCUTE_SITE``, else the nvidia-cutlass 4.2.0.0 wheel from PyPI
installed (without its dependencies) into ``~/.cache/rcute-peers/site``, the folder
scripts/compare-peers.sh uses."""
import os
import subprocess
import sys

PACKAGE = "nvidia-cutlass==4.2.0.0"


def pycute_site():
    site = os.environ.get("PYCUTE_SITE")
    if site:
        return site
    cache = os.environ.get("RCUTE_PEERS_CACHE", os.path.expanduser("~/.cache/rcute-peers"))
    site = os.path.join(cache, "site")
    if not os.path.isdir(os.path.join(site, "pycute")):
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", site, PACKAGE],
            check=True,
        )
    return site


def import_pycute():
    """pycute itself, imported from its site."""
    site = pycute_site()
    if site not in sys.path:
        sys.path.insert(0, site)
    import pycute

    return pycute
