#!/usr/bin/env python3
"""Prepare the test VM's boot files: an ELF vmlinux cut out of the Debian bzImage
(for qemu's PVH entry) and a busybox initramfs that loads the modules the tests need.
With --kernel-root and --busybox (the arm64 VM, scripts/cross/prepare-vm): that unpacked
kernel package's modules and that busybox; its image is booted as it is.

usage: prepare.py OUTDIR [--kernel-root DIR --busybox FILE]
       (prints KERNEL_VERSION; files are reused when up to date)
"""
import glob, io, lzma, os, shutil, stat, subprocess, sys

MODULES = ["virtio_ring", "virtio", "virtio_mmio", "netfs", "fscache", "9pnet",
           "9pnet_virtio", "9p", "overlay", "evdev", "uinput",
           # DRM displays from QEMU's virtio GPU (scripts/vm/run --displays), with their EDIDs
           "drm", "drm_kms_helper", "drm_shmem_helper", "virtio_dma_buf", "virtio_gpu",
           # real touchscreens from their HID descriptors (scripts/uhid)
           "hid", "uhid", "hid-generic", "hid-multitouch"]
HERE = os.path.dirname(os.path.abspath(__file__))


def newest_kernel(root="/"):
    images = sorted(glob.glob(os.path.join(root, "boot/vmlinuz-*")))
    if not images:
        sys.exit("vm: no /boot/vmlinuz-* (apt-get install linux-image-amd64)")
    return images[-1], images[-1].split("vmlinuz-", 1)[1]


def extract_vmlinux(bzimage, out):
    data = open(bzimage, "rb").read()
    start = data.find(b"\xfd7zXZ\x00")
    if start < 0:
        sys.exit("vm: no xz payload in " + bzimage)
    elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:])
    if elf[:4] != b"\x7fELF":
        sys.exit("vm: the payload of %s is not an ELF image" % bzimage)
    with open(out + ".tmp", "wb") as f:
        f.write(elf)
    os.replace(out + ".tmp", out)


def module_path(kver, name, root):
    """The module's file, or None when the kernel has it built in (arm64's virtio transports)."""
    path = subprocess.run(["modinfo", "-b", root, "-k", kver, "-n", name], check=True,
                          capture_output=True, text=True).stdout.strip()
    if path == "(builtin)" and root != "/":
        return None
    if not path.startswith("/"):
        sys.exit("vm: module %s is built in or missing (%s)" % (name, path))
    return path


def with_dependencies(kver, names, root):
    """The modules and what each needs (modinfo's depends), each after what it needs."""
    ordered = []

    def add(name):
        name = name.replace("-", "_")
        if name in ordered:
            return
        depends = subprocess.run(["modinfo", "-b", root, "-k", kver, "-F", "depends", name],
                                 check=True, capture_output=True, text=True).stdout.strip()
        for d in filter(None, depends.split(",")):
            add(d)
        ordered.append(name)

    for n in names:
        add(n)
    return ordered


def module_bytes(path):
    raw = open(path, "rb").read()
    if path.endswith(".xz"):
        return lzma.decompress(raw)
    if path.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", path], check=True, capture_output=True).stdout
    return raw


class Cpio:
    """Writes a newc cpio archive, the format the kernel unpacks as initramfs."""

    def __init__(self):
        self.buf = io.BytesIO()
        self.ino = 1

    def _entry(self, name, mode, data=b""):
        name_b = name.encode() + b"\0"
        hdr = "070701" + "".join("%08x" % v for v in (
            self.ino, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(name_b), 0))
        self.ino += 1
        self.buf.write(hdr.encode() + name_b)
        self.buf.write(b"\0" * ((4 - (110 + len(name_b)) % 4) % 4))
        self.buf.write(data)
        self.buf.write(b"\0" * ((4 - len(data) % 4) % 4))

    def dir(self, name):
        self._entry(name, stat.S_IFDIR | 0o755)

    def file(self, name, data, mode=0o644):
        self._entry(name, stat.S_IFREG | mode, data)

    def link(self, name, target):
        self._entry(name, stat.S_IFLNK | 0o777, target.encode())

    def finish(self):
        self._entry("TRAILER!!!", 0)
        return self.buf.getvalue()


def build_initramfs(kver, out, root="/", busybox=None):
    busybox = busybox or shutil.which("busybox") or "/bin/busybox"
    cpio = Cpio()
    for d in ("bin", "dev", "proc", "sys", "lower", "rw", "newroot", "modules"):
        cpio.dir(d)
    cpio.file("bin/busybox", open(busybox, "rb").read(), 0o755)
    cpio.link("bin/sh", "busybox")
    names = MODULES if root == "/" else with_dependencies(kver, MODULES, root)
    for i, name in enumerate(names):
        path = module_path(kver, name, root)
        if path:
            cpio.file("modules/%02d-%s.ko" % (i, name), module_bytes(path))
    cpio.file("init", open(os.path.join(HERE, "init"), "rb").read(), 0o755)
    with open(out + ".tmp", "wb") as f:
        f.write(cpio.finish())
    os.replace(out + ".tmp", out)


def main():
    outdir = sys.argv[1]
    options = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    root = options.get("--kernel-root", "/")
    os.makedirs(outdir, exist_ok=True)
    bzimage, kver = newest_kernel(root)
    vmlinux = os.path.join(outdir, "vmlinux-" + kver)
    initrd = os.path.join(outdir, "initramfs-" + kver + ".cpio")
    if root != "/":
        if not os.path.exists(vmlinux):
            shutil.copyfile(bzimage, vmlinux)
    elif not os.path.exists(vmlinux) or os.path.getmtime(vmlinux) < os.path.getmtime(bzimage):
        extract_vmlinux(bzimage, vmlinux)
    init = os.path.join(HERE, "init")
    # Rebuilt when the init script or this file (its module list) changed.
    newest_input = max(os.path.getmtime(init), os.path.getmtime(os.path.abspath(__file__)))
    if not os.path.exists(initrd) or os.path.getmtime(initrd) < newest_input:
        build_initramfs(kver, initrd, root, options.get("--busybox"))
    print(kver)


if __name__ == "__main__":
    main()
