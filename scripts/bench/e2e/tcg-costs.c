// What single operations cost where the benchmarks run (the VM emulates with qemu TCG), to
// tell which of them could make a tool's CPU time stray from its instruction count:
// floating point, atomic read-modify-writes (retain/release), indirect calls, system calls,
// and pages touched again after a context switch. Native figures for comparison come from
// running it on the host. usage: tcg-costs   (one line a measurement, ns or µs)
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
__attribute__((noinline)) static long f1(long x) { return x + 1; }
__attribute__((noinline)) static long f2(long x) { return x + 2; }
static long (*volatile fp[2])(long) = { f1, f2 };

int main(void) {
    const long n = 10000000;
    volatile long v = 0; volatile double d = 1.5, acc = 0; long x = 0;
    double t0 = now();
    for (long i = 0; i < n; i++) v = v + 1;
    double t1 = now();
    for (long i = 0; i < n; i++) acc = acc + d * 1.0001;
    double t2 = now();
    for (long i = 0; i < n; i++) v += (long)(d * 1000.0 + 0.5);
    double t3 = now();
    for (long i = 0; i < n; i++) __atomic_fetch_add(&v, 1, __ATOMIC_RELAXED);
    double t4 = now();
    for (long i = 0; i < n; i++) { long o = v; while (!__atomic_compare_exchange_n(&v, &o, o + 1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {} }
    double t5 = now();
    for (long i = 0; i < n; i++) x = fp[i & 1](x);
    double t6 = now();
    printf("ns an iteration: integer add %.1f, double multiply+add %.1f, double to integer %.1f, "
           "lock xadd %.1f, cmpxchg loop %.1f, indirect call %.1f (%ld)\n",
           (t1 - t0) / n * 1e9, (t2 - t1) / n * 1e9, (t3 - t2) / n * 1e9, (t4 - t3) / n * 1e9,
           (t5 - t4) / n * 1e9, (t6 - t5) / n * 1e9, x);

    const int m = 20000;
    int p[2]; if (pipe2(p, O_NONBLOCK) < 0) return 71;
    char buf[64] = {0};
    int ep = epoll_create1(0); struct epoll_event e = { .events = EPOLLIN };
    epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &e);
    char path[] = "/tmp/tcg-costs-XXXXXX"; int fd = mkstemp(path); unlink(path);
    double s0 = now(); for (int i = 0; i < m; i++) syscall(SYS_getppid);
    double s1 = now(); for (int i = 0; i < m; i++) if (read(p[0], buf, sizeof buf) > 0) break;
    double s2 = now(); for (int i = 0; i < m; i++) epoll_wait(ep, &e, 1, 0);
    double s3 = now(); for (int i = 0; i < m; i++) if (write(fd, buf, 60) < 0) break;
    double s4 = now();
    printf("µs a call: getppid %.2f, read (EAGAIN) %.2f, epoll_wait (nothing ready) %.2f, write 60 B to a file %.2f\n",
           (s1 - s0) / m * 1e6, (s2 - s1) / m * 1e6, (s3 - s2) / m * 1e6, (s4 - s3) / m * 1e6);

    // A context switch each way (pipe ping-pong with a child), then N pages touched.
    int a[2], b[2]; if (pipe(a) < 0 || pipe(b) < 0) return 71;
    char *mem = malloc(4096 * 256); for (int i = 0; i < 4096 * 256; i++) mem[i] = (char)i;
    if (fork() == 0) { char c; while (read(a[0], &c, 1) == 1) if (write(b[1], &c, 1) != 1) break; _exit(0); }
    int sizes[] = { 0, 64, 256 };
    for (int s = 0; s < 3; s++) {
        const int r = 3000; char c = 0; volatile long sink = 0;
        double u0 = now();
        for (int i = 0; i < r; i++) {
            if (write(a[1], &c, 1) != 1 || read(b[0], &c, 1) != 1) return 71;
            for (int q = 0; q < sizes[s]; q++) sink += mem[q * 4096];
        }
        double u1 = now();
        for (int i = 0; i < r; i++) for (int q = 0; q < sizes[s]; q++) sink += mem[q * 4096];
        double u2 = now();
        printf("round trip to another process, then %d pages touched: %.1f µs (touching alone %.2f µs)\n",
               sizes[s], (u1 - u0) / r * 1e6, (u2 - u1) / r * 1e6);
    }
    close(a[1]);
    return 0;
}
