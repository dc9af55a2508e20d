"""Clients that send a request and never read its answer, with a receive window of a few bytes.

Node cannot set a TCP socket's receive buffer; the kernel's SO_RCVBUF, set before connecting,
keeps the window the client advertises at its minimum (about 2 KB on Linux), and segments of 536
bytes keep the server's send buffer small, so an answer of a page's size never drains. Usage: never_reading_clients.py HOST PORT COUNT, then one request per
line on stdin as JSON strings (the raw bytes of a request, latin-1). Prints one JSON line per
client when its request is sent, and one when the server has closed (or reset) its connection,
seen through TCP_INFO's state without reading a byte. Ends when every connection is closed.
"""

import json
import socket
import struct
import sys
import time

TCP_CLOSE, TCP_CLOSE_WAIT = 7, 8


def state(sock):
    return struct.unpack("B", sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1))[0]


def main():
    host, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    requests = [json.loads(sys.stdin.readline()).encode("latin-1") for _ in range(count)]
    clients = []
    for index, request in enumerate(requests):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        # Small segments, as over the internet: on loopback's 64 KB segments the server's kernel
        # would take a whole page into its send buffer at once.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
        sock.connect((host, port))
        sock.sendall(request)
        clients.append({"index": index, "sock": sock, "sent": time.monotonic()})
        print(json.dumps({"event": "sent", "index": index}), flush=True)
    open_clients = list(clients)
    while open_clients:
        time.sleep(0.05)
        for client in list(open_clients):
            if state(client["sock"]) in (TCP_CLOSE, TCP_CLOSE_WAIT):
                after = round((time.monotonic() - client["sent"]) * 1000)
                print(json.dumps({"event": "closed", "index": client["index"], "afterMs": after}), flush=True)
                open_clients.remove(client)


main()
