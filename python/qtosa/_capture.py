"""Keeps what a tool prints (Python's print and its C++ core's writes to the
file descriptors) out of the caller's output, for the error message."""

from __future__ import annotations

import contextlib
import ctypes
import io
import os
import sys
import tempfile
import threading
from typing import Iterator, List

_lock = threading.Lock()
# C's stdio buffers: flushed before the descriptors are restored.
_libc = ctypes.CDLL(None)


@contextlib.contextmanager
def captured_output() -> Iterator[List[str]]:
    """Within the block, file descriptors 1 and 2 and sys.stdout/stderr go
    to a temporary file; afterwards the list it yields holds the text. One
    block at a time in the process (the descriptors are shared)."""
    text: List[str] = []
    with _lock, tempfile.TemporaryFile(mode="w+b") as sink:
        sys.stdout.flush()
        sys.stderr.flush()
        saved = [os.dup(1), os.dup(2)]
        python_streams = io.StringIO()
        try:
            os.dup2(sink.fileno(), 1)
            os.dup2(sink.fileno(), 2)
            with contextlib.redirect_stdout(python_streams), \
                    contextlib.redirect_stderr(python_streams):
                yield text
        finally:
            _libc.fflush(None)
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            sink.seek(0)
            text.append(python_streams.getvalue() +
                        sink.read().decode("utf-8", "replace"))
