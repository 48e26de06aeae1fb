#!/usr/bin/env python3
"""Records what a GUI and an engine say to each other, line by line, for test data.

stdio (Hub, Hub-1, UCI, xboard):
    peer-record.py LOG -- PROGRAM ARGS...
  runs PROGRAM with the caller's stdin/stdout relayed, and appends to LOG one line per line sent:
  '> text' from the GUI to the engine, '< text' from the engine to the GUI, after a '# session' line.

DXP (TCP, NUL-terminated messages):
    peer-record.py --dxp LOG LISTEN_PORT ENGINE_PORT -- PROGRAM ARGS...
  runs PROGRAM (a DXP follower listening on ENGINE_PORT), listens on LISTEN_PORT, and relays each
  connection there to the engine, logging each message as '> text' (to the engine) or '< text'.
  It ends when PROGRAM ends or its own stdin closes (as Arbiter closes an engine's stdin).
"""
import os
import socket
import subprocess
import sys
import threading
import time

lock = threading.Lock()


def log_line(log, direction, text):
    with lock:
        log.write(direction + " " + text + "\n")
        log.flush()


def stdio(logpath, cmd):
    with open(logpath, "a", encoding="utf-8") as log:
        log_line(log, "#", "session " + " ".join(cmd))
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)

        def to_engine():
            for raw in sys.stdin.buffer:
                log_line(log, ">", raw.decode("utf-8", "replace").rstrip("\r\n"))
                try:
                    proc.stdin.write(raw)
                    proc.stdin.flush()
                except BrokenPipeError:
                    break
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

        threading.Thread(target=to_engine, daemon=True).start()
        out = sys.stdout.buffer
        for raw in proc.stdout:
            log_line(log, "<", raw.decode("utf-8", "replace").rstrip("\r\n"))
            try:
                out.write(raw)
                out.flush()
            except BrokenPipeError:
                break
        return proc.wait()


def relay(src, dst, log, direction):
    buf = b""
    try:
        while True:
            data = src.recv(4096)
            if not data:
                break
            buf += data
            while b"\0" in buf:  # logged before it is passed on, so the log keeps the order of events
                msg, buf = buf.split(b"\0", 1)
                log_line(log, direction, msg.decode("latin-1"))
                dst.sendall(msg + b"\0")
    except OSError:
        pass
    for s in (src, dst):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def dxp(logpath, listen_port, engine_port, cmd):
    with open(logpath, "a", encoding="utf-8") as log:
        log_line(log, "#", "session " + " ".join(cmd))
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", listen_port))
        server.listen(1)

        def watch():  # Arbiter closes our stdin when it is done with the engine
            sys.stdin.buffer.read()
            proc.terminate()
            os._exit(0)

        threading.Thread(target=watch, daemon=True).start()
        while proc.poll() is None:
            gui, _ = server.accept()
            engine = None
            for _ in range(300):
                try:
                    engine = socket.create_connection(("127.0.0.1", engine_port))
                    break
                except OSError:
                    time.sleep(0.1)
            if engine is None:
                gui.close()
                continue
            log_line(log, "#", "connection")
            t = threading.Thread(target=relay, args=(engine, gui, log, "<"), daemon=True)
            t.start()
            relay(gui, engine, log, ">")
            t.join()
        return proc.wait()


def main(argv):
    if "--" not in argv:
        sys.exit(__doc__)
    i = argv.index("--")
    head, cmd = argv[:i], argv[i + 1:]
    if head and head[0] == "--dxp":
        rc = dxp(head[1], int(head[2]), int(head[3]), cmd)
    else:
        rc = stdio(head[0], cmd)
    sys.stdout.flush()
    os._exit(rc)  # not sys.exit: a daemon thread may still be blocked reading stdin


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
