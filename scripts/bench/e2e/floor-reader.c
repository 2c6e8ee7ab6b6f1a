// The latency and CPU floor: read(2) from the event node, write(2) the bytes to stdout,
// nothing else. usage: floor-reader /dev/input/eventN
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s /dev/input/eventN\n", argv[0]); return 64; }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 66; }
    char buf[4096];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) return n < 0;
        for (ssize_t off = 0; off < n;) {
            ssize_t w = write(1, buf + off, n - off);
            if (w <= 0) return 1;
            off += w;
        }
    }
}
