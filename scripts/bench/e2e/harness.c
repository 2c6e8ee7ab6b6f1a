// The end-to-end benchmark's driver, run inside the VM (or where /dev/uinput is writable):
// creates a protocol B touchscreen with uinput, starts one reader tool on it and measures it.
//
//   harness flood   SLOTS FINGERS FRAMES HZ OUT -- CMD...   CPU, frames, SYN_DROPPED, VmHWM
//   harness latency SLOTS FINGERS FRAMES HZ MARKER -- CMD... injection → output latency
//   harness idle    SECONDS -- CMD...                       wakeups while nobody touches
//   harness ready   -- CMD...                               exec → READY=1 (sd_notify);
//                                                           without uinput: no panel, no {}
//   harness rss     -- CMD...                               VmHWM of a program that waits
//
// "{}" in CMD is replaced by the device node. Prints one line of key=value results.
// HARNESS_START_S (default 3) and HARNESS_STOP_S (default 5) give a slow tool (one run under
// valgrind, say) more time to start and to exit after SIGINT.
// MARKER is a text the tool prints once per frame ("binary": a SYN_REPORT input_event).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static int ufd = -1;
static char node[64];

static void die(const char *what) { perror(what); exit(70); }

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_s(double s) {
    struct timespec ts = { (time_t)s, (long)((s - (time_t)s) * 1e9) };
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {}
}

static void abs_axis(int code, int max, int res) {
    struct uinput_abs_setup a = { .code = code, .absinfo = { .minimum = 0, .maximum = max, .resolution = res } };
    if (ioctl(ufd, UI_SET_ABSBIT, code) < 0 || ioctl(ufd, UI_ABS_SETUP, &a) < 0) die("UI_ABS_SETUP");
}

// A direct-touch panel, 4096×2304 units at 16 units/mm, SLOTS slots.
static void create_panel(int slots) {
    ufd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
    if (ufd < 0) die("/dev/uinput");
    ioctl(ufd, UI_SET_EVBIT, EV_SYN);
    ioctl(ufd, UI_SET_EVBIT, EV_KEY);
    ioctl(ufd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(ufd, UI_SET_EVBIT, EV_ABS);
    ioctl(ufd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    abs_axis(ABS_X, 4095, 16);
    abs_axis(ABS_Y, 2303, 16);
    abs_axis(ABS_MT_SLOT, slots - 1, 0);
    abs_axis(ABS_MT_POSITION_X, 4095, 16);
    abs_axis(ABS_MT_POSITION_Y, 2303, 16);
    abs_axis(ABS_MT_TRACKING_ID, 65535, 0);
    struct uinput_setup s = { .id = { .bustype = BUS_VIRTUAL, .vendor = 0x1234, .product = 0x5e2e, .version = 1 } };
    snprintf(s.name, sizeof s.name, "touchbridge e2e panel");
    if (ioctl(ufd, UI_DEV_SETUP, &s) < 0 || ioctl(ufd, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
    char sys[64], dir[160];
    if (ioctl(ufd, UI_GET_SYSNAME(sizeof sys), sys) < 0) die("UI_GET_SYSNAME");
    for (int tries = 0; tries < 500 && !node[0]; tries++) {
        for (int n = 0; n < 64 && !node[0]; n++) {
            snprintf(dir, sizeof dir, "/sys/devices/virtual/input/%s/event%d", sys, n);
            struct stat st;
            if (stat(dir, &st) == 0) snprintf(node, sizeof node, "/dev/input/event%d", n);
        }
        if (!node[0]) sleep_s(0.01);
    }
    for (int tries = 0; tries < 500 && access(node, R_OK) != 0; tries++) sleep_s(0.01);
    if (!node[0] || access(node, R_OK) != 0) { fprintf(stderr, "harness: no event node for %s\n", sys); exit(70); }
    sleep_s(0.5);   // let udev tag it (ID_INPUT_TOUCHSCREEN) before a tool asks
}

static struct input_event evs[64];
static int nev;

static void put(int type, int code, int value) {
    evs[nev++] = (struct input_event){ .type = type, .code = code, .value = value };
}

// Frame f: every finger moves in x and y (so the kernel drops none as unchanged):
// ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y per finger, then SYN_REPORT.
// Frame 0 also puts the fingers down (tracking ids, BTN_TOUCH).
static void build_frame(int fingers, long f) {
    nev = 0;
    for (int s = 0; s < fingers; s++) {
        put(EV_ABS, ABS_MT_SLOT, s);
        if (f == 0) put(EV_ABS, ABS_MT_TRACKING_ID, 100 + s);
        put(EV_ABS, ABS_MT_POSITION_X, 200 + s * 360 + (int)((f * 3) % 300));
        put(EV_ABS, ABS_MT_POSITION_Y, 300 + s * 150 + (int)((f * 2) % 400));
    }
    if (f == 0) put(EV_KEY, BTN_TOUCH, 1);
    put(EV_SYN, SYN_REPORT, 0);
}

static void lift(int fingers) {
    nev = 0;
    for (int s = 0; s < fingers; s++) { put(EV_ABS, ABS_MT_SLOT, s); put(EV_ABS, ABS_MT_TRACKING_ID, -1); }
    put(EV_KEY, BTN_TOUCH, 0);
    put(EV_SYN, SYN_REPORT, 0);
    if (write(ufd, evs, nev * sizeof evs[0]) < 0) die("write");
}

static void send_frame(void) {
    if (write(ufd, evs, nev * sizeof evs[0]) != (ssize_t)(nev * sizeof evs[0])) die("write uinput");
}

// Starts CMD ("{}" → the node); stdout to `out` (a file) or to a pty when `pty_master`.
static pid_t spawn(char **cmd, const char *out, int *pty_master, char *const *extra_env) {
    int n = 0;
    while (cmd[n]) n++;
    char **argv = calloc(n + 1, sizeof *argv);
    for (int i = 0; i < n; i++) argv[i] = strcmp(cmd[i], "{}") == 0 ? node : cmd[i];
    pid_t pid;
    if (pty_master) {
        struct termios raw;
        cfmakeraw(&raw);
        pid = forkpty(pty_master, NULL, &raw, NULL);
    } else {
        pid = fork();
    }
    if (pid < 0) die("fork");
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDONLY);
        dup2(devnull, 0);
        if (out) {
            int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0) die(out);
            dup2(fd, 1);
            char err[256];
            snprintf(err, sizeof err, "%s.err", out);
            fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(fd, 2);
        } else if (!pty_master) {
            int fd = open("/dev/null", O_WRONLY);
            dup2(fd, 1);
            dup2(fd, 2);
        } else {
            int fd = open("/tmp/harness-tool.err", O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(fd, 2);
        }
        for (int i = 0; extra_env && extra_env[i]; i++) putenv(extra_env[i]);
        execvp(argv[0], argv);
        perror(argv[0]);
        _exit(127);
    }
    return pid;
}

// utime+stime (clock ticks) and the scheduler's run time (ns) of a process.
// CPU of PID: user+system ticks, the system part alone (sys may be NULL), scheduler ns.
static void cpu_split(pid_t pid, long *ticks, long *sys, long long *ns) {
    char path[64], buf[2048];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    *ticks = 0; *ns = 0;
    if (sys) *sys = 0;
    if (!f) return;
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = 0;
    char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    if (p) sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st);
    *ticks = (long)(ut + st);
    if (sys) *sys = (long)st;
    snprintf(path, sizeof path, "/proc/%d/schedstat", pid);
    f = fopen(path, "r");
    if (f) { if (fscanf(f, "%lld", ns) != 1) *ns = 0; fclose(f); }
}

static void cpu_of(pid_t pid, long *ticks, long long *ns) { cpu_split(pid, ticks, NULL, ns); }

static long status_field(pid_t pid, const char *key) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    long v = -1;
    if (!f) return v;
    size_t k = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, k) == 0 && line[k] == ':') { v = atol(line + k + 1); break; }
    fclose(f);
    return v;
}

// SIGINT, which every tool here handles by flushing and exiting (libinput ignores SIGTERM's
// chance to flush).
static double env_seconds(const char *name, double fallback) {
    const char *v = getenv(name);
    return v && *v ? atof(v) : fallback;
}

static void stop(pid_t pid) {
    kill(pid, SIGINT);
    int tries = (int)(env_seconds("HARNESS_STOP_S", 5) * 100);
    for (int i = 0; i < tries; i++) {
        if (waitpid(pid, NULL, WNOHANG) == pid) return;
        sleep_s(0.01);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

// Waits until the tool has used no CPU for 0.3 s: it has read and written all it will.
static void settle(pid_t pid) {
    long t, last = -1; long long ns, last_ns = -1;
    for (int i = 0; i < 150; i++) {
        cpu_of(pid, &t, &ns);
        if (ns == last_ns && t == last) return;
        last = t; last_ns = ns;
        sleep_s(0.3);
    }
}

static int is_touchbridge_run(char **cmd) {
    const char *base = strrchr(cmd[0], '/');
    if (strcmp(base ? base + 1 : cmd[0], "touchbridge") != 0) return 0;
    for (int i = 1; cmd[i]; i++) if (strcmp(cmd[i], "run") == 0) return 1;
    return 0;
}

static int flood(int slots, int fingers, long frames, int hz, const char *out, char **cmd) {
    create_panel(slots);
    pid_t pid = spawn(cmd, out, NULL, NULL);
    sleep_s(env_seconds("HARNESS_START_S", 3));   // start-up, under emulation
    settle(pid);
    long t0, s0; long long ns0;
    cpu_split(pid, &t0, &s0, &ns0);
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    double start = now();
    long long period = 1000000000LL / hz;
    for (long f = 0; f < frames; f++) {
        build_frame(fingers, f);
        send_frame();
        next.tv_nsec += period;
        while (next.tv_nsec >= 1000000000L) { next.tv_nsec -= 1000000000L; next.tv_sec++; }
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR) {}
    }
    double took = now() - start;
    lift(fingers);
    settle(pid);
    long t1, s1; long long ns1;
    cpu_split(pid, &t1, &s1, &ns1);
    long hwm = status_field(pid, "VmHWM");
    if (is_touchbridge_run(cmd)) {
        kill(pid, SIGUSR1);   // its state report (frames, SYN_DROPPED) on stderr
        sleep_s(0.5);
    }
    stop(pid);
    long events = frames * (3L * fingers + 1) + fingers + 1;
    double tck = (double)sysconf(_SC_CLK_TCK);
    printf("frames_injected=%ld events_injected=%ld inject_s=%.3f cpu_s=%.3f sys_s=%.3f sched_s=%.4f hwm_kb=%ld\n",
           frames, events, took, (t1 - t0) / tck, (s1 - s0) / tck, (ns1 - ns0) / 1e9, hwm);
    return 0;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

// Reads the pty until MARKER (or a SYN_REPORT event when "binary") is seen; 1 on success.
static int await_marker(int fd, const char *marker, double deadline) {
    static char buf[1 << 16];
    static size_t have;
    static unsigned long long offset;   // bytes of binary stream seen, for event alignment
    int binary = strcmp(marker, "binary") == 0;
    size_t mlen = strlen(marker);
    for (;;) {
        if (!binary) {
            char *hit = memmem(buf, have, marker, mlen);
            if (hit) {
                size_t used = hit - buf + mlen;
                memmove(buf, buf + used, have - used);
                have -= used;
                return 1;
            }
            if (have > mlen) { memmove(buf, buf + have - mlen, mlen); have = mlen; }
        } else {
            size_t sz = sizeof(struct input_event);
            size_t start = (sz - offset % sz) % sz;
            for (size_t i = start; i + sz <= have; i += sz) {
                struct input_event e;
                memcpy(&e, buf + i, sz);
                if (e.type == EV_SYN && e.code == SYN_REPORT) {
                    size_t used = i + sz;
                    offset += used;
                    memmove(buf, buf + used, have - used);
                    have -= used;
                    return 1;
                }
            }
            size_t keep = have >= sz ? (have - start) % sz : have;
            offset += have - keep;
            memmove(buf, buf + have - keep, keep);
            have = keep;
        }
        double left = deadline - now();
        if (left <= 0) return 0;
        struct pollfd p = { .fd = fd, .events = POLLIN };
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0) return 0;
        ssize_t n = read(fd, buf + have, sizeof buf - have);
        if (n <= 0) return 0;
        have += n;
    }
}

static void drain(int fd, double seconds) {
    char buf[4096];
    double end = now() + seconds;
    for (;;) {
        double left = end - now();
        if (left <= 0) return;
        struct pollfd p = { .fd = fd, .events = POLLIN };
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0) return;
        if (read(fd, buf, sizeof buf) <= 0) return;
    }
}

static int latency(int slots, int fingers, long frames, int hz, const char *marker, char **cmd) {
    create_panel(slots);
    int master;
    pid_t pid = spawn(cmd, NULL, &master, NULL);
    const char *startup = getenv("E2E_STARTUP_S");  // start-up and header (longer for a pipeline)
    drain(master, startup ? atof(startup) : 3);
    build_frame(fingers, 0);                  // fingers down (not measured)
    send_frame();
    drain(master, 0.5);
    double *lat = calloc(frames, sizeof *lat);
    long got = 0, missed = 0;
    double period = 1.0 / hz;
    double next = now();
    for (long f = 1; f <= frames; f++) {
        next += period;
        double wait = next - now();
        if (wait > 0) sleep_s(wait);
        build_frame(fingers, f);
        double t0 = now();
        send_frame();
        if (await_marker(master, marker, t0 + 0.5)) lat[got++] = (now() - t0) * 1e6;
        else missed++;
    }
    lift(fingers);
    drain(master, 0.3);
    long hwm = status_field(pid, "VmHWM");
    stop(pid);
    close(master);
    qsort(lat, got, sizeof *lat, cmp_double);
#define PCT(p) (got ? lat[(long)((got - 1) * (p))] : -1)
    printf("frames=%ld measured=%ld missed=%ld p50_us=%.0f p90_us=%.0f p99_us=%.0f max_us=%.0f hwm_kb=%ld\n",
           frames, got, missed, PCT(0.5), PCT(0.9), PCT(0.99), got ? lat[got - 1] : -1, hwm);
    return 0;
}

static int idle(double seconds, char **cmd) {
    create_panel(5);
    pid_t pid = spawn(cmd, NULL, NULL, NULL);
    sleep_s(3);
    settle(pid);
    long a = status_field(pid, "voluntary_ctxt_switches") + status_field(pid, "nonvoluntary_ctxt_switches");
    sleep_s(seconds);
    long b = status_field(pid, "voluntary_ctxt_switches") + status_field(pid, "nonvoluntary_ctxt_switches");
    long hwm = status_field(pid, "VmHWM");
    stop(pid);
    printf("seconds=%.0f wakeups=%ld wakeups_per_s=%.2f hwm_kb=%ld\n", seconds, b - a, (b - a) / seconds, hwm);
    return 0;
}

// Time from fork+exec to the READY=1 datagram, best and median of 5 (with a panel to open
// where /dev/uinput is writable; else the daemon starts with none, waiting for one).
static int ready(char **cmd) {
    if (access("/dev/uinput", W_OK) == 0) create_panel(5);
    double t[5];
    for (int i = 0; i < 5; i++) {
        char path[108];
        snprintf(path, sizeof path, "/tmp/harness-notify-%d", getpid());
        unlink(path);
        int s = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        struct sockaddr_un a = { .sun_family = AF_UNIX };
        snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
        if (bind(s, (struct sockaddr *)&a, sizeof a) < 0) die("bind");
        char env[160];
        snprintf(env, sizeof env, "NOTIFY_SOCKET=%s", path);
        char *extra[] = { env, NULL };
        double t0 = now();
        pid_t pid = spawn(cmd, NULL, NULL, extra);
        t[i] = -1;
        for (;;) {
            struct pollfd p = { .fd = s, .events = POLLIN };
            if (poll(&p, 1, 20000) <= 0) break;
            char msg[512];
            ssize_t n = recv(s, msg, sizeof msg - 1, 0);
            if (n <= 0) break;
            msg[n] = 0;
            if (strstr(msg, "READY=1")) { t[i] = (now() - t0) * 1e3; break; }
        }
        stop(pid);
        close(s);
        unlink(path);
    }
    qsort(t, 5, sizeof t[0], cmp_double);
    printf("ready_ms_best=%.1f ready_ms_median=%.1f\n", t[0], t[2]);
    return 0;
}

static int rss(char **cmd) {
    create_panel(5);
    pid_t pid = spawn(cmd, NULL, NULL, NULL);
    sleep_s(3);
    settle(pid);
    long hwm = status_field(pid, "VmHWM");
    stop(pid);
    printf("hwm_kb=%ld\n", hwm);
    return 0;
}

static char **after_dashes(int argc, char **argv, int from) {
    for (int i = from; i < argc; i++) if (strcmp(argv[i], "--") == 0 && i + 1 < argc) return argv + i + 1;
    fprintf(stderr, "harness: missing -- CMD\n");
    exit(64);
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGPIPE, SIG_IGN);
    if (argc < 3) { fprintf(stderr, "usage: see the comment at the top of harness.c\n"); return 64; }
    const char *mode = argv[1];
    if (strcmp(mode, "flood") == 0 && argc > 7)
        return flood(atoi(argv[2]), atoi(argv[3]), atol(argv[4]), atoi(argv[5]), argv[6], after_dashes(argc, argv, 7));
    if (strcmp(mode, "latency") == 0 && argc > 7)
        return latency(atoi(argv[2]), atoi(argv[3]), atol(argv[4]), atoi(argv[5]), argv[6], after_dashes(argc, argv, 7));
    if (strcmp(mode, "idle") == 0) return idle(atof(argv[2]), after_dashes(argc, argv, 3));
    if (strcmp(mode, "ready") == 0) return ready(after_dashes(argc, argv, 2));
    if (strcmp(mode, "rss") == 0) return rss(after_dashes(argc, argv, 2));
    fprintf(stderr, "harness: unknown mode or missing arguments\n");
    return 64;
}
