"""Code that tests of the process bound run in a kernel or a sandboxed process."""

#: Start threads until Linux refuses one (or 4000), hold them, print how many.
HOLD_EVERY_THREAD = """
import threading
stop = threading.Event()
held = 0
try:
    while held < 4000:
        threading.Thread(target=stop.wait, daemon=True).start()
        held += 1
except RuntimeError:
    pass
print(held, flush=True)
"""
#: Start fifty threads, then print "fifty".
FIFTY_THREADS = """
import threading
stop = threading.Event()
threads = [threading.Thread(target=stop.wait, daemon=True) for _ in range(50)]
[t.start() for t in threads]
stop.set()
print("fifty", flush=True)
"""
