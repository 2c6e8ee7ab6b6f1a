#!/usr/bin/env python3
"""An event-socket client for the benchmark: connects as soon as the socket is there (for up
to 60 s), then reads and discards until the daemon closes. usage: socket-client.py SOCKET"""
import socket, sys, time

deadline = time.monotonic() + 60
while True:
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect(sys.argv[1])
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit(69)
        time.sleep(0.005)
while s.recv(1 << 16):
    pass
