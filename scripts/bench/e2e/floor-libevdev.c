// The floor of any reader that goes through libevdev as touchbridge must (and libinput does):
// epoll on the event node, libevdev_next_event until -EAGAIN (a SYN_DROPPED's resync read in
// sync mode), the events written to stdout as they came, once per wake. Nothing else: no
// touch tracking, no log. usage: floor-libevdev /dev/input/eventN
#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

static struct input_event out[4096];
static size_t have;

static int flush_out(void) {
    const char *p = (const char *)out;
    size_t left = have * sizeof out[0];
    while (left > 0) {
        ssize_t w = write(1, p, left);
        if (w <= 0) return -1;
        p += w; left -= (size_t)w;
    }
    have = 0;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s /dev/input/eventN\n", argv[0]); return 64; }
    int fd = open(argv[1], O_RDONLY | O_NONBLOCK);
    if (fd < 0) { perror(argv[1]); return 66; }
    struct libevdev *dev;
    int rc = libevdev_new_from_fd(fd, &dev);
    if (rc < 0) { fprintf(stderr, "%s: libevdev: %s\n", argv[1], strerror(-rc)); return 66; }
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event ev = { .events = EPOLLIN, .data.fd = fd };
    if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) < 0) { perror("epoll"); return 71; }
    for (;;) {
        if (epoll_wait(ep, &ev, 1, -1) < 0) { if (errno == EINTR) continue; perror("epoll_wait"); return 71; }
        unsigned flags = LIBEVDEV_READ_FLAG_NORMAL;
        for (;;) {
            struct input_event e;
            rc = libevdev_next_event(dev, flags, &e);
            if (rc == -EAGAIN) {
                if (flags == LIBEVDEV_READ_FLAG_SYNC) { flags = LIBEVDEV_READ_FLAG_NORMAL; continue; }
                break;
            }
            if (rc < 0) return rc == -ENODEV ? 0 : 74;
            if (rc == LIBEVDEV_READ_STATUS_SYNC) flags = LIBEVDEV_READ_FLAG_SYNC;
            out[have++] = e;
            if (have == sizeof out / sizeof out[0] && flush_out() < 0) return 74;
        }
        if (flush_out() < 0) return 74;
    }
}
