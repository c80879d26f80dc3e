"""Runs Vela for qtosa.vela, one process per caller: started by path, not
imported as part of the qtosa package, so it holds Vela and nothing of
qtosa's (no MLIR, no graphs the caller ran).

Protocol: each line on stdin is a JSON list, Vela's argv; for each, one JSON
line on stdout, [failure, printed]: failure is null when Vela compiled,
else why not; printed is what Vela wrote. Each compile runs in a child
forked from this process, so that Vela ending its process (its C++ core
segfaults on some inputs) ends the child only; the answer then says so.
"""
import json
import os
import sys

# Started by path, this file's directory is sys.path[0]: the package's
# output capture (plain Python, C stdio flushed too) loads as a module of
# its own, without the package and its MLIR.
from _capture import captured_output


def run(vela, argv):
    """vela.main(argv) with its output kept: (failure, printed)."""
    with captured_output() as printed:
        try:
            status = vela.main(argv)
            failure = None if status == 0 else "exit status %s" % status
        except SystemExit as exit_:  # argparse: a bad option value
            failure = "Vela's options were refused (exit %s)" % exit_.code
        except Exception as error:  # RuntimeError from its C++ core
            failure = str(error) or type(error).__name__
    return failure, "".join(printed)


def answer(vela, argv):
    if not hasattr(os, "fork"):
        return run(vela, argv)
    receive, send = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(receive)
        try:
            result = json.dumps(run(vela, argv)).encode()
            with os.fdopen(send, "wb") as out:
                out.write(result)
        finally:
            os._exit(0)
    os.close(send)
    with os.fdopen(receive, "rb") as inp:
        data = inp.read()
    _, status = os.waitpid(pid, 0)
    if data:
        return json.loads(data)
    how = ("signal %d" % os.WTERMSIG(status) if os.WIFSIGNALED(status)
           else "exit status %d" % os.WEXITSTATUS(status))
    return "Vela ended its process (%s) without an answer" % how, ""


def main():
    # The protocol's channel; Vela's own output goes elsewhere.
    channel = os.fdopen(os.dup(1), "w")
    try:
        from ethosu.vela import vela
    except Exception as error:
        failure = "cannot import Vela: %s" % error
        vela = None
    for line in sys.stdin:
        argv = json.loads(line)
        if vela is None:
            result = (failure, "")
        else:
            result = answer(vela, argv)
        channel.write(json.dumps(result) + "\n")
        channel.flush()


if __name__ == "__main__":
    main()
