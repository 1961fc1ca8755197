"""A stand-in for ``java -cp tla2tools.jar tlc2.TLC ...``: replays a recorded TLC run.

The driver under test runs it as a real subprocess (through a wrapper script given as the java
executable), so process groups, exit codes, signals and timeouts are exercised for real. What it
does is chosen by environment variables:

FAKE_TLC_DIR     a recording folder (tool.out, exit-code) to replay
FAKE_TLC_MODE    play (default) | crash | kill | hang
FAKE_TLC_EXIT    overrides the recorded exit code
FAKE_TLC_ARGV    file to write the command-line arguments to (one per line)
FAKE_TLC_PIDS    file to write the pids of this process and of a child it starts (hang mode)
"""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path


def main() -> int:
    if os.environ.get("FAKE_TLC_ARGV"):
        Path(os.environ["FAKE_TLC_ARGV"]).write_text("\n".join(sys.argv[1:]) + "\n")
    folder = Path(os.environ["FAKE_TLC_DIR"])
    lines = (folder / "tool.out").read_text().splitlines(keepends=True)
    code = int(os.environ.get("FAKE_TLC_EXIT") or re.search(r"\d+", (folder / "exit-code").read_text()).group())
    mode = os.environ.get("FAKE_TLC_MODE", "play")
    if mode == "play":
        sys.stdout.writelines(lines)
        return code
    # The other modes stop after the first progress message (TLC is mid-run).
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("@!@!@ENDMSG 2200")) + 1
    sys.stdout.writelines(lines[:cut])
    sys.stdout.flush()
    if mode == "crash":
        print('Exception in thread "main" java.lang.OutOfMemoryError: Java heap space', flush=True)
        return 1
    if mode == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if mode == "hang":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        Path(os.environ["FAKE_TLC_PIDS"]).write_text(f"{os.getpid()} {child.pid}\n")
        time.sleep(600)
    return 3


if __name__ == "__main__":
    sys.exit(main())
