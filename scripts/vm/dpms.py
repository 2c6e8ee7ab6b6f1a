#!/usr/bin/env python3
"""Turns a DRM connector's display off through its DPMS property, as a compositor or
`xset dpms` does, for the VM's tests: the kernel keeps the state (the connector's `dpms` in
sysfs) and announces nothing. It stays off while this program holds the card (as DRM
master); when it lets go, at the end of its standard input, the console takes the card back
and lights the display again, as a compositor's wake would.

usage: dpms.py CARD CONNECTOR   (e.g. dpms.py card0 Virtual-1 < fifo; prints `off` once the
                                 display is off; needs root and no other DRM master)
The ioctls and structures are include/uapi/drm/drm.h's and drm_mode.h's."""
import fcntl
import os
import struct
import sys


def iowr(nr, size):
    return (3 << 30) | (size << 16) | (ord("d") << 8) | nr


GETRESOURCES = iowr(0xA0, 64)        # struct drm_mode_card_res
GETCONNECTOR = iowr(0xA7, 80)        # struct drm_mode_get_connector
OBJ_GETPROPERTIES = iowr(0xB9, 32)   # struct drm_mode_obj_get_properties
GETPROPERTY = iowr(0xAA, 64)         # struct drm_mode_get_property
OBJ_SETPROPERTY = iowr(0xBA, 24)     # struct drm_mode_obj_set_property
CONNECTOR = 0xC0C0C0C0
# DRM_MODE_CONNECTOR_*: the kinds the names are made of
KINDS = {"VGA": 1, "DVI-I": 2, "DVI-D": 3, "LVDS": 7, "DP": 10, "HDMI-A": 11, "eDP": 14, "Virtual": 15, "DSI": 16}


def connector_id(fd, name):
    """The id of the connector named KIND-N (its type and type id), from the card's resources."""
    kind, _, number = name.rpartition("-")
    res = bytearray(64)
    fcntl.ioctl(fd, GETRESOURCES, res)
    count = struct.unpack_from("<I", res, 40)[0]
    ids = bytearray(4 * count)
    res = bytearray(64)
    struct.pack_into("<Q", res, 16, ctypes_addr(ids))
    struct.pack_into("<I", res, 40, count)
    fcntl.ioctl(fd, GETRESOURCES, res)
    for i in range(count):
        cid = struct.unpack_from("<I", ids, 4 * i)[0]
        conn = bytearray(80)
        struct.pack_into("<I", conn, 48, cid)
        fcntl.ioctl(fd, GETCONNECTOR, conn)
        ctype, ctype_id = struct.unpack_from("<II", conn, 52)
        if ctype == KINDS.get(kind) and str(ctype_id) == number:
            return cid
    sys.exit("%s: no connector %s" % (sys.argv[1], name))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    card, name = sys.argv[1:]
    fd = os.open("/dev/dri/" + card, os.O_RDWR | os.O_CLOEXEC)
    connector = connector_id(fd, name)
    head = bytearray(struct.pack("<QQIII4x", 0, 0, 0, connector, CONNECTOR))
    fcntl.ioctl(fd, OBJ_GETPROPERTIES, head)
    count = struct.unpack_from("<I", head, 16)[0]
    ids = bytearray(4 * count)
    values = bytearray(8 * count)
    ids_buf = (ctypes_addr(ids), ctypes_addr(values))
    req = bytearray(struct.pack("<QQIII4x", ids_buf[0], ids_buf[1], count, connector, CONNECTOR))
    fcntl.ioctl(fd, OBJ_GETPROPERTIES, req)
    for i in range(count):
        pid = struct.unpack_from("<I", ids, 4 * i)[0]
        prop = bytearray(struct.pack("<QQII32sII", 0, 0, pid, 0, b"", 0, 0))
        fcntl.ioctl(fd, GETPROPERTY, prop)
        if prop[24:56].split(b"\0")[0] == b"DPMS":
            fcntl.ioctl(fd, OBJ_SETPROPERTY, bytearray(struct.pack("<QIII4x", 3, pid, connector, CONNECTOR)))
            print("off", flush=True)
            sys.stdin.read()
            return
    sys.exit("%s-%s has no DPMS property" % (card, name))


def ctypes_addr(buf):
    import ctypes
    return ctypes.addressof((ctypes.c_char * len(buf)).from_buffer(buf))


if __name__ == "__main__":
    main()
